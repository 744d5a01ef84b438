/// The model of a scene: the layer tree with its cells, as `get` prints it. No particles, no
/// clock. A value type, so a command can work on a copy and commit only when it succeeds.
package struct SceneModel: Sendable, Equatable {
  /// Layers by id; removed layers leave `nil`.
  package private(set) var layers: [Layer?]
  private var nameIndex: [String: LayerID] = [:]
  private var nextCellID: CellID = 1
  /// The numbers `set` wrote beyond their property's range, which the model holds clamped
  /// (`opacity -1` is kept as 0), by the property or field written: what `lint` quotes as
  /// written. `apply` forgets a property's entries whenever it stores a value there without
  /// a clamp, and `remove` those of what it removes; being part of the model, the map is
  /// undone, kept aside and reset with it (docs/semantics.md, "Values as written").
  package internal(set) var clampedWrites: [PropertyRef: ClampedNumber] = [:]

  /// The root layer's id.
  package static let rootID: LayerID = 0

  /// The word that asks for presentation values (`get presentation PATH`, `from
  /// presentation`): declared here because no layer may be called it.
  package static let presentationWord = "presentation"

  /// Words that can never name a layer, because key paths and commands use them.
  package static let reservedNames: Set<String> = [
    "scene", presentationWord, "sublayers", "emitterCells", "in", "as", "to", "from", "by",
  ]

  /// A new scene: 320×240 points on black.
  package init() {
    var root = Layer(id: SceneModel.rootID, name: "scene", kind: .scene, parent: nil)
    root.properties.bounds = Rect(0, 0, 320, 240)
    root.properties.position = Point(160, 120)
    root.properties.backgroundColor = .black
    layers = [root]
    nameIndex["scene"] = SceneModel.rootID
  }

  package var root: Layer {
    layers[SceneModel.rootID] ?? Layer(id: 0, name: "scene", kind: .scene, parent: nil)
  }

  package func layer(_ id: LayerID) -> Layer? {
    guard id >= 0, id < layers.count else { return nil }
    return layers[id]
  }

  package func layerID(named name: String) -> LayerID? { nameIndex[name] }

  /// All layer names, sorted (for completion and suggestions).
  package var layerNames: [String] { nameIndex.keys.sorted() }

  /// Every layer in drawing-independent tree order: parents before children, siblings in
  /// insertion order.
  package var treeOrder: [LayerID] {
    var out: [LayerID] = []
    var stack = [SceneModel.rootID]
    while let id = stack.popLast() {
      out.append(id)
      if let l = layer(id) { stack.append(contentsOf: l.sublayers.reversed()) }
    }
    return out
  }

  mutating func update(_ id: LayerID, _ body: (inout Layer) -> Void) {
    guard id >= 0, id < layers.count, var l = layers[id] else { return }
    body(&l)
    layers[id] = l
  }

  // MARK: - Names

  /// Checks that `name` can name a new layer.
  func validateNewLayerName(_ name: String) throws(ValueError) {
    try SceneModel.validateName(name, what: "layer")
    if SceneModel.reservedNames.contains(name) {
      throw ValueError(
        "'\(name)' is a reserved word and cannot name a layer",
        hint: "reserved: \(SceneModel.reservedNames.sorted().joined(separator: ", "))")
    }
    if nameIndex[name] != nil {
      throw ValueError(
        "a layer named '\(name)' already exists", hint: "layer names are unique in a scene")
    }
  }

  /// Names: anything real code uses as a `name` (`sparkle`, `b-kid`, a UUID such as
  /// `3F2A-9C01-…`, `my layer`, even `a.b`), as long as it is not empty, holds no newline or
  /// other control character, and is at most 64 characters. A name that is not a plain
  /// identifier is written in double quotes in key paths and scripts (`KeyPathSyntax.spelled`).
  package static func validateName(_ name: String, what: String) throws(ValueError) {
    guard !name.isEmpty else {
      let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      throw ValueError(
        "\(article) \(what) name cannot be empty",
        hint: "for example sparkle, or \"3F2A-9\" in quotes")
    }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw ValueError(
        "a \(what) name cannot hold a newline or other control character",
        hint: "names are written on one line")
    }
    guard name.count <= 64 else {
      throw ValueError("\(what) names are at most 64 characters")
    }
  }

  /// Checks that the layer or cell `ref` may be renamed `name`: the rules for a new layer or
  /// cell, among the others (its own name is allowed: renaming to it changes nothing).
  func checkRename(_ ref: ObjectRef, to name: String) throws(ValueError) {
    switch ref {
    case .layer(let id):
      guard let l = layer(id) else { throw ValueError("no such layer") }
      guard id != SceneModel.rootID else {
        throw ValueError(
          "the scene's root layer is always called 'scene'",
          hint: "rename a layer you added instead")
      }
      if l.name != name { try validateNewLayerName(name) }
    case .cell(let id, let path):
      guard let c = cell(ref) else { throw ValueError("no such cell") }
      try SceneModel.validateName(name, what: "cell")
      let parent = path.count > 1 ? cell(.cell(id, Array(path.dropLast()))) : nil
      let siblings = parent?.cells ?? layer(id)?.cells ?? []
      if name != c.name, siblings.contains(where: { $0.name == name }) {
        throw ValueError(
          "a cell named '\(name)' already exists here",
          hint: "cell names are unique among siblings")
      }
    }
  }

  /// Renames a layer or cell (checked as `checkRename` does); the name index follows.
  /// Animations and fire's stop refer to layers and cells by id, so they follow the object.
  package mutating func rename(_ ref: ObjectRef, to name: String) throws(ValueError) {
    try checkRename(ref, to: name)
    switch ref {
    case .layer(let id):
      guard let old = layer(id)?.name, old != name else { return }
      nameIndex[old] = nil
      nameIndex[name] = id
      update(id) { $0.name = name }
      renameMasks(from: old, to: name)
    case .cell(let id, let path):
      guard let cid = path.last else { return }
      updateCell(ref) { $0.name = name }
      // The key paths animations were written with, as `animations` lists them, name the
      // cell by its new name (they already follow it by id).
      update(id) { l in
        for i in l.animations.indices {
          guard let k = l.animations[i].cellPath.firstIndex(of: cid),
            var parts = try? KeyPathSyntax.components(l.animations[i].keyPath),
            parts.count > 2 * k + 1
          else { continue }
          parts[2 * k + 1].text = name
          l.animations[i].keyPath = parts.map { KeyPathSyntax.spelled($0.text) }
            .joined(separator: ".")
        }
      }
    }
  }

  // MARK: - Building

  /// Adds a layer (plain or emitter) as the last sublayer of `parent`.
  @discardableResult
  package mutating func addLayer(named name: String, kind: LayerKind, parent: LayerID)
    throws(ValueError) -> LayerID
  {
    try validateNewLayerName(name)
    guard layer(parent) != nil else { throw ValueError("no such parent layer") }
    let id = layers.count
    layers.append(Layer(id: id, name: name, kind: kind, parent: parent))
    nameIndex[name] = id
    update(parent) { $0.sublayers.append(id) }
    return id
  }

  /// Appends a new cell named `name` to the emitter layer or cell at `owner`.
  @discardableResult
  package mutating func addCell(named name: String, to owner: ObjectRef) throws(ValueError)
    -> ObjectRef
  {
    try SceneModel.validateName(name, what: "cell")
    let siblings: [EmitterCell]
    switch owner {
    case .layer(let id):
      guard let l = layer(id) else { throw ValueError("no such layer") }
      guard l.kind == .emitter else {
        throw ValueError(
          "'\(l.name)' is not an emitter layer, so it cannot hold cells",
          hint: "create one with: emitter NAME")
      }
      siblings = l.cells
    case .cell:
      guard let c = cell(owner) else { throw ValueError("no such cell") }
      siblings = c.cells
    }
    if siblings.contains(where: { $0.name == name }) {
      throw ValueError(
        "a cell named '\(name)' already exists here", hint: "cell names are unique among siblings")
    }
    let newCell = EmitterCell(id: nextCellID, name: name)
    nextCellID += 1
    switch owner {
    case .layer(let id):
      update(id) { $0.cells.append(newCell) }
      return .cell(id, [newCell.id])
    case .cell(let id, let path):
      update(id) { l in
        SceneModel.modifyCell(in: &l.cells, path: path[...]) { $0.cells.append(newCell) }
      }
      return .cell(id, path + [newCell.id])
    }
  }

  /// Removes a layer (with its sublayers) or a cell (with its sub-cells). The root stays.
  package mutating func remove(_ ref: ObjectRef) throws(ValueError) {
    switch ref {
    case .layer(let id):
      guard id != SceneModel.rootID else {
        throw ValueError("the scene itself cannot be removed", hint: "use reset for a new scene")
      }
      guard let l = layer(id) else { throw ValueError("no such layer") }
      if let p = l.parent { update(p) { $0.sublayers.removeAll { $0 == id } } }
      var stack = [id]
      var gone: Set<String> = []
      while let x = stack.popLast() {
        if let xl = layer(x) {
          stack.append(contentsOf: xl.sublayers)
          nameIndex[xl.name] = nil
          gone.insert(xl.name)
        }
        layers[x] = nil
      }
      // A removed mask no longer masks (Burst keeps masks by name).
      for l in layers.compactMap({ $0 }) where gone.contains(l.properties.mask) {
        update(l.id) { $0.properties.mask = "" }
      }
      forgetStaleClampedWrites()
    case .cell(let id, let path):
      guard let last = path.last, cell(ref) != nil else { throw ValueError("no such cell") }
      let parentPath = path.dropLast()
      update(id) { l in
        if parentPath.isEmpty {
          l.cells.removeAll { $0.id == last }
        } else {
          SceneModel.modifyCell(in: &l.cells, path: parentPath) {
            $0.cells.removeAll { $0.id == last }
          }
        }
      }
      forgetStaleClampedWrites()
    }
  }

  /// Deep-copies a layer's model (its properties, cells and sublayers; not particles or
  /// animations) under a new name, inserted just after the original among its siblings.
  /// Copied sublayers are named `NAME-ORIGINAL` so names stay unique.
  @discardableResult
  package mutating func copyLayer(_ id: LayerID, as name: String) throws(ValueError) -> LayerID {
    guard id != SceneModel.rootID else { throw ValueError("the scene itself cannot be copied") }
    guard let original = layer(id), let parent = original.parent else {
      throw ValueError("no such layer")
    }
    // Every name the copy needs, checked before anything changes.
    var plan: [(LayerID, String)] = []
    var stack = [(id, name)]
    while let (x, newName) = stack.popLast() {
      try validateNewLayerName(newName)
      if plan.contains(where: { $0.1 == newName }) {
        throw ValueError("the copy would need the name '\(newName)' twice")
      }
      plan.append((x, newName))
      for sub in layer(x)?.sublayers ?? [] {
        if let s = layer(sub) { stack.append((sub, name + "-" + s.name)) }
      }
    }
    var newIDs: [LayerID: LayerID] = [:]
    for (x, _) in plan { newIDs[x] = layers.count + newIDs.count }
    for (x, newName) in plan {
      guard let src = layer(x), let nid = newIDs[x] else { continue }
      var copy = Layer(
        id: nid, name: newName, kind: src.kind,
        parent: x == id ? parent : src.parent.flatMap { newIDs[$0] })
      copy.properties = src.properties
      copy.emitter = src.emitter
      copy.shape = src.shape
      copy.gradient = src.gradient
      copy.replicator = src.replicator
      copy.text = src.text
      // A mask inside the copied subtree becomes its copy; one outside already masks the
      // original (a layer masks one layer), so the copy has none.
      if !src.properties.mask.isEmpty {
        let inside = plan.first { layer($0.0)?.name == src.properties.mask }
        copy.properties.mask = inside?.1 ?? ""
      }
      copy.cells = src.cells.map { renumbered($0) }
      copy.sublayers = src.sublayers.compactMap { newIDs[$0] }
      while layers.count <= nid { layers.append(nil) }
      layers[nid] = copy
      nameIndex[newName] = nid
    }
    guard let newID = newIDs[id] else { throw ValueError("no such layer") }
    update(parent) { p in
      let i = p.sublayers.firstIndex(of: id).map { $0 + 1 } ?? p.sublayers.count
      p.sublayers.insert(newID, at: i)
    }
    return newID
  }

  /// Adds a copy of `source`, a layer of another model built alone (`preset` builds it in a
  /// scene of its own), as the last sublayer of `parent`, named `name`: its properties, emitter
  /// properties and cells (with fresh ids). It must have no sublayers and no animations, which
  /// would name layers and cells of the other model.
  @discardableResult
  package mutating func addCopy(of source: Layer, named name: String, parent: LayerID)
    throws(ValueError) -> LayerID
  {
    guard source.sublayers.isEmpty, source.animations.isEmpty, source.kind != .scene else {
      throw ValueError("only a layer without sublayers or animations can be copied in")
    }
    let id = try addLayer(named: name, kind: source.kind, parent: parent)
    let cells = source.cells.map { renumbered($0) }
    update(id) { l in
      l.properties = source.properties
      l.emitter = source.emitter
      l.cells = cells
    }
    return id
  }

  /// A cell tree with fresh ids.
  private mutating func renumbered(_ c: EmitterCell) -> EmitterCell {
    var n = c
    n.id = nextCellID
    nextCellID += 1
    n.cells = c.cells.map { renumbered($0) }
    return n
  }

  // MARK: - Cells

  /// The cell a reference names.
  package func cell(_ ref: ObjectRef) -> EmitterCell? {
    guard case .cell(let id, let path) = ref, let l = layer(id) else { return nil }
    var list = l.cells
    var found: EmitterCell? = nil
    for cid in path {
      guard let c = list.first(where: { $0.id == cid }) else { return nil }
      found = c
      list = c.cells
    }
    return found
  }

  mutating func updateCell(_ ref: ObjectRef, _ body: (inout EmitterCell) -> Void) {
    guard case .cell(let id, let path) = ref else { return }
    update(id) { l in SceneModel.modifyCell(in: &l.cells, path: path[...], body) }
  }

  static func modifyCell(
    in cells: inout [EmitterCell], path: ArraySlice<CellID>, _ body: (inout EmitterCell) -> Void
  ) {
    guard let first = path.first, let i = cells.firstIndex(where: { $0.id == first }) else {
      return
    }
    if path.count == 1 {
      body(&cells[i])
    } else {
      modifyCell(in: &cells[i].cells, path: path.dropFirst(), body)
    }
  }
}

/// A layer or a cell of the scene.
package enum ObjectRef: Sendable, Equatable, Hashable {
  case layer(LayerID)
  /// A cell: its emitter layer and the ids from the top-level cell down.
  case cell(LayerID, [CellID])

  package var layerID: LayerID {
    switch self {
    case .layer(let id), .cell(let id, _): return id
    }
  }
}
