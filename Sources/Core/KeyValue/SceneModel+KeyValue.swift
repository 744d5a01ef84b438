/// A property of one layer or cell, with an optional numeric field (`emitterPosition.x`).
package struct PropertyRef: Sendable, Equatable, Hashable {
  package var object: ObjectRef
  package var name: String
  package var field: String?

  package init(object: ObjectRef, name: String, field: String? = nil) {
    self.object = object
    self.name = name
    self.field = field
  }
}

/// A number written beyond its property's range and the number the model keeps instead.
package struct ClampedNumber: Sendable, Equatable {
  package var given: Double
  package var kept: Double
}

// MARK: - Resolving key paths

extension SceneModel {
  /// What to call an object in messages: `layer 'like'`, `emitter cell 'sparkle'`.
  package func describe(_ ref: ObjectRef) -> String {
    switch ref {
    case .layer(let id):
      guard let l = layer(id) else { return "a removed layer" }
      switch l.kind {
      case .scene: return "the scene"
      case .layer: return "layer '\(l.name)'"
      case .emitter: return "emitter layer '\(l.name)'"
      case .shape: return "shape layer '\(l.name)'"
      case .gradient: return "gradient layer '\(l.name)'"
      case .replicator: return "replicator layer '\(l.name)'"
      case .text: return "text layer '\(l.name)'"
      }
    case .cell:
      return "emitter cell '\(cell(ref)?.name ?? "?")'"
    }
  }

  /// Resolves `LAYER(.sublayers.NAME)*(.emitterCells.NAME)*` to a layer or cell, consuming as
  /// many components as name objects; returns the object and the index of the first unused one.
  /// Names may be quoted (`"3F2A-9"`); a quoted component is never the keyword `sublayers` or
  /// `emitterCells`.
  ///
  /// Cost: the first name is a dictionary lookup (`layerID(named:)`); each further component
  /// searches its parent's sublayers or cells linearly by name, O(s) for s siblings, so a path
  /// of p components costs O(p·s). Paths are short and typed once per command.
  func walk(_ parts: [KeyPathSyntax.Component]) throws(ValueError) -> (ObjectRef, Int) {
    guard let first = parts.first, !first.text.isEmpty else {
      throw ValueError(
        "expected a layer name", hint: "layers: \(spelledLayerNames.joined(separator: ", "))")
    }
    guard let id = layerID(named: first.text) else {
      throw ValueError(
        "unknown layer '\(first.text)'",
        suggestion: .nearest(
          to: first.text, in: layerNames,
          otherwise: .text("layers: \(spelledLayerNames.joined(separator: ", "))")),
        offset: 0, length: first.length)
    }
    var ref = ObjectRef.layer(id)
    var i = 1
    while i < parts.count {
      let word = parts[i]
      if !word.quoted, word.text == "sublayers", case .layer(let lid) = ref {
        guard i + 1 < parts.count, let l = layer(lid) else {
          throw ValueError("expected a sublayer name after 'sublayers'", offset: word.offset)
        }
        let name = parts[i + 1].text
        let children = l.sublayers.compactMap { layer($0) }
        guard let child = children.first(where: { $0.name == name }) else {
          throw ValueError(
            "\(describe(ref)) has no sublayer '\(name)'",
            suggestion: .nearest(to: name, in: children.map(\.name)), offset: parts[i + 1].offset,
            length: parts[i + 1].length)
        }
        ref = .layer(child.id)
        i += 2
      } else if !word.quoted, word.text == "emitterCells" {
        let cells: [EmitterCell]
        switch ref {
        case .layer(let lid):
          guard let l = layer(lid), l.kind == .emitter else {
            throw ValueError(
              "\(describe(ref)) is not an emitter layer, so it has no emitterCells",
              offset: word.offset, length: word.length)
          }
          cells = l.cells
        case .cell:
          cells = cell(ref)?.cells ?? []
        }
        let spelledCells = cells.map { KeyPathSyntax.spelled($0.name) }
        guard i + 1 < parts.count, !parts[i + 1].text.isEmpty else {
          throw ValueError(
            "expected a cell name after 'emitterCells'",
            hint: cells.isEmpty
              ? "\(describe(ref)) has no cells yet"
              : "cells: "
                + spelledCells.joined(separator: ", "), offset: word.offset)
        }
        let name = parts[i + 1].text
        guard let c = cells.first(where: { $0.name == name }) else {
          throw ValueError(
            "\(describe(ref)) has no cell '\(name)'",
            suggestion: .nearest(
              to: name, in: cells.map(\.name),
              otherwise: .text(
                cells.isEmpty
                  ? "add one with: cell PATH NAME"
                  : "cells: " + spelledCells.joined(separator: ", "))),
            offset: parts[i + 1].offset, length: parts[i + 1].length)
        }
        switch ref {
        case .layer(let lid): ref = .cell(lid, [c.id])
        case .cell(let lid, let path): ref = .cell(lid, path + [c.id])
        }
        i += 2
      } else {
        break
      }
    }
    return (ref, i)
  }

  /// Layer names as a key path writes them.
  private var spelledLayerNames: [String] { layerNames.map(KeyPathSyntax.spelled) }

  /// Resolves a path that names a layer or a cell (no property).
  package func resolveObject(_ path: String) throws(ValueError) -> ObjectRef {
    let parts = try KeyPathSyntax.components(path)
    let (ref, used) = try walk(parts)
    if used < parts.count {
      if let fixed = cellPath(path, parts, at: used, under: ref) {
        throw misplacedCell(parts[used], under: ref, fixed: fixed)
      }
      throw ValueError(
        "'\(path)' names a property, not a layer or cell",
        hint: "drop '.\(path.dropFirst(parts[used].offset))'", offset: parts[used].offset)
    }
    return ref
  }

  /// `path` with `emitterCells.` put before its component at `index`, a cell of `ref` written
  /// directly under it (`snow.flake.birthRate`), and before each following component that
  /// names a sub-cell of the one before (`snow.flake.spark`); nil when that component names no
  /// cell of `ref`.
  func cellPath(
    _ path: String, _ parts: [KeyPathSyntax.Component], at index: Int, under ref: ObjectRef
  ) -> String? {
    func cells(of ref: ObjectRef) -> [EmitterCell] {
      switch ref {
      case .layer(let id): return layer(id).map { $0.kind == .emitter ? $0.cells : [] } ?? []
      case .cell: return cell(ref)?.cells ?? []
      }
    }
    var at: [Int] = []
    var owner = ref
    var i = index
    while i < parts.count, let c = cells(of: owner).first(where: { $0.name == parts[i].text }) {
      at.append(parts[i].offset)
      switch owner {
      case .layer(let id): owner = .cell(id, [c.id])
      case .cell(let id, let ids): owner = .cell(id, ids + [c.id])
      }
      i += 1
    }
    guard !at.isEmpty else { return nil }
    var chars = Array(path)
    for offset in at.reversed() where offset <= chars.count {
      chars.insert(contentsOf: "emitterCells.", at: offset)
    }
    return String(chars)
  }

  /// The error for a cell written directly under its layer or parent cell, with the path that
  /// reaches it through `emitterCells`.
  func misplacedCell(
    _ word: KeyPathSyntax.Component, under ref: ObjectRef, fixed: String
  ) -> ValueError {
    ValueError(
      "'\(word.text)' is a cell of \(describe(ref)): cells are reached through emitterCells",
      suggestion: .didYouMean(fixed), offset: word.offset, length: word.length)
  }

  /// Resolves a full key path to a property (and field) of a layer or cell.
  ///
  /// Cost: `walk`'s, then for the r components left, each of the r candidate names (longest
  /// first) is searched linearly in the object's descriptor table, O(r·d) string comparisons
  /// for d descriptors; once per command, as `info(_:)` says.
  package func resolveProperty(_ path: String) throws(ValueError) -> PropertyRef {
    let parts = try KeyPathSyntax.components(path)
    let (ref, used) = try walk(parts)
    guard used < parts.count else {
      throw ValueError(
        "'\(path)' names \(describe(ref)), not a property",
        hint: "add a property, e.g. \(path).\(infos(of: ref).dropFirst().first?.name ?? "")")
    }
    let rest = parts[used...]
    let table = infos(of: ref)
    let names = table.map(\.name)
    // The longest property name (or Swift spelling: `isHidden`) matching the leading
    // components wins. Quoted components are names, never properties or fields.
    for k in stride(from: rest.count, through: 1, by: -1) {
      guard !rest.prefix(k).contains(where: \.quoted) else { continue }
      let spelled = rest.prefix(k).map(\.text).joined(separator: ".")
      guard let name = table.first(where: { $0.name == spelled || $0.swiftName == spelled })?.name
      else { continue }
      if k == rest.count { return PropertyRef(object: ref, name: name, field: nil) }
      let fieldParts = rest.dropFirst(k)
      let field = fieldParts.map(\.text).joined(separator: ".")
      let value = self.value(PropertyRef(object: ref, name: name, field: nil))
      guard !fieldParts.contains(where: \.quoted), let value, value.field(field) != nil else {
        let fields = value?.fieldNames ?? []
        throw ValueError(
          "'\(name)' has no field '\(field)'",
          suggestion: .nearest(
            to: field, in: fields,
            otherwise: .text(
              fields.isEmpty ? "it is a single value" : "fields: " + fields.joined(separator: ", "))
          ),
          offset: parts[used + k].offset, length: field.count)
      }
      return PropertyRef(object: ref, name: name, field: field)
    }
    let word = rest[rest.startIndex]
    if !word.quoted, Layer.sceneDescriptors.contains(where: { $0.name == word.text }) {
      // A scene setting (`maxParticles`, `futureParticles`) lives on the root layer only.
      throw ValueError(
        "'\(word.text)' is a setting of the whole scene, not of \(describe(ref))",
        hint: "set it on the scene: set scene.\(word.text) VALUE", offset: word.offset,
        length: word.length)
    }
    if let fixed = cellPath(path, parts, at: used, under: ref) {
      throw misplacedCell(word, under: ref, fixed: fixed)
    }
    throw ValueError(
      "unknown property '\(word.text)' on \(describe(ref))",
      suggestion: .nearest(
        to: word.text, in: names, otherwise: .text("see: keys \(describe(path: ref))")),
      offset: word.offset, length: word.length)
  }

  /// The shortest key path that names an object (`like`, `like.emitterCells.sparkle`), names
  /// quoted where they must be (`like.emitterCells."3F2A-9"`).
  package func describe(path ref: ObjectRef) -> String {
    switch ref {
    case .layer(let id): return layer(id).map { KeyPathSyntax.spelled($0.name) } ?? "?"
    case .cell(let id, let ids):
      var s = layer(id).map { KeyPathSyntax.spelled($0.name) } ?? "?"
      var list = layer(id)?.cells ?? []
      for cid in ids {
        guard let c = list.first(where: { $0.id == cid }) else { break }
        s += ".emitterCells." + KeyPathSyntax.spelled(c.name)
        list = c.cells
      }
      return s
    }
  }
}

// MARK: - Reading and writing

extension SceneModel {
  /// Every property of an object, in table order.
  package func infos(of ref: ObjectRef) -> [PropertyInfo] {
    switch ref {
    case .layer(let id): return layer(id)?.descriptors.map(\.info) ?? []
    case .cell: return EmitterCell.descriptors.map(\.info)
    }
  }

  /// The facts of one property, or nil when the object has no such property.
  ///
  /// Cost: a linear search of the object's descriptor table, O(d) string comparisons for its
  /// d descriptors (a few dozen per layer or cell kind); `value` and `setValue` search the same
  /// way. That is cheap beside parsing the value and runs once per command, not per particle or
  /// frame, so the tables stay plain arrays in their declared order (the order `keys` lists).
  package func info(_ ref: PropertyRef) -> PropertyInfo? {
    infos(of: ref.object).first { $0.name == ref.name }
  }

  /// The model value of a property (or field), or nil when the reference is stale.
  package func value(_ ref: PropertyRef) -> PropertyValue? {
    let whole: PropertyValue?
    switch ref.object {
    case .layer(let id):
      guard let l = layer(id) else { return nil }
      whole = l.descriptors.first { $0.name == ref.name }?.get(l)
    case .cell:
      guard let c = cell(ref.object) else { return nil }
      whole = EmitterCell.descriptors.first { $0.name == ref.name }?.get(c)
    }
    guard let whole else { return nil }
    guard let field = ref.field else { return whole }
    return whole.field(field).map(PropertyValue.number)
  }

  /// Reads `text` as a new value for the property, checked against its kind and range, and
  /// returns the whole property value that would result (fields merged in).
  package func parseValue(_ text: String, for ref: PropertyRef) throws(ValueError) -> PropertyValue
  {
    try parseValueClamping(text, for: ref, clamp: false).value
  }

  /// Like `parseValue`, but a finite number outside the property's range (or a field outside
  /// `Limits.maxMagnitude`) is clamped into it; `clamped` then says what was given and the
  /// bound used, for `set`'s warning.
  package func parseValueClamping(
    _ text: String, for ref: PropertyRef, clamp: Bool = true
  ) throws(ValueError) -> (
    value: PropertyValue, clamped: (given: Double, used: Double)?
  ) {
    guard let info = info(ref),
      let current = value(PropertyRef(object: ref.object, name: ref.name, field: nil))
    else {
      throw ValueError("no such property")
    }
    guard info.writable || info.renames else {
      throw ValueError("'\(ref.name)' is read-only")
    }
    if info.renames {
      guard ref.field == nil else { throw ValueError("'\(ref.name)' has no fields") }
      let v = try info.kind.parse(text)
      if case .text(let name) = v { try checkRename(ref.object, to: name) }
      return (v, nil)
    }
    if info.namesLayer {
      guard ref.field == nil else { throw ValueError("'\(ref.name)' has no fields") }
      guard case .text(let given) = try info.kind.parse(text) else { throw ValueError("no name") }
      let name = given == ImageRef.noneWord || given == "nil" ? "" : given
      try checkMask(ref.object, name)
      return (.text(name), nil)
    }
    // Numbers may name the scene's size (`scene.width`).
    let scene = root.properties.bounds.size
    guard let field = ref.field else {
      guard clamp else { return (try info.kind.parse(text, scene: scene), nil) }
      return try info.kind.parseClamping(text, scene: scene)
    }
    let fieldKind = PropertyKind.number(ValueParsing.sane)
    let (parsed, clamped) =
      clamp
      ? try fieldKind.parseClamping(text, scene: scene)
      : (try fieldKind.parse(text, scene: scene), nil)
    let n = parsed.number ?? 0
    guard let merged = current.setting(field: field, to: n) else {
      throw ValueError("'\(ref.name)' has no field '\(field)'")
    }
    return (merged, clamped)
  }

  /// Stores a whole property value that `parseValue` produced. `clamped` is what
  /// `parseValueClamping` said it clamped, kept in `clampedWrites` so that `lint` can quote
  /// the number written; any other write forgets what was kept for that property (or field).
  package mutating func apply(
    _ value: PropertyValue, to ref: PropertyRef, clamped: (given: Double, used: Double)? = nil
  ) {
    // A whole value replaces its fields; a field replaces what the whole was written as. (Most
    // models have no entry: nothing is copied then.)
    for key in clampedWrites.keys
    where key.object == ref.object && key.name == ref.name
      && (ref.field == nil || key.field == nil || key.field == ref.field)
    {
      clampedWrites[key] = nil
    }
    if let clamped {
      clampedWrites[ref] = ClampedNumber(given: clamped.given, kept: clamped.used)
    }
    if info(ref)?.renames == true {
      if case .text(let name) = value { try? rename(ref.object, to: name) }
      return
    }
    switch ref.object {
    case .layer(let id):
      update(id) { l in l.descriptors.first { $0.name == ref.name }?.set(&l, value) }
    case .cell:
      updateCell(ref.object) { c in
        EmitterCell.descriptors.first { $0.name == ref.name }?.set(&c, value)
      }
    }
  }

  /// The number `set` wrote to a property (or field) that the model holds clamped, while it
  /// still holds that clamped number; nil when the model holds what was written.
  package func writtenNumber(_ ref: PropertyRef) -> Double? {
    guard let w = clampedWrites[ref], value(ref)?.number == w.kept else { return nil }
    return w.given
  }

  /// Forgets the clamped numbers written to objects that are gone.
  mutating func forgetStaleClampedWrites() {
    clampedWrites = clampedWrites.filter { key, _ in value(key) != nil }
  }

  /// Parses and stores in one go.
  package mutating func set(_ ref: PropertyRef, text: String) throws(ValueError) {
    let v = try parseValue(text, for: ref)
    apply(v, to: ref)
  }
}
