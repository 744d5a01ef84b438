import Core

// Chained setters of another file of the app: builder libraries give layers and cells methods
// named after their properties that set one and return the object (`cell.birthRate(10)
// .lifetime(5)`, `layer._setting(position: p, size: s)`, `layer.chain.emitterCells([c])`).
// The extension is not in the file, so each is read as what its name says, with a warning.

extension ImportInterpreter {
  /// Reads `.NAME(…)` (or a wrapper `.NAME.` before more of the chain) on object `o` as a
  /// chained setter when the file has no such member: true when it did, `c` past it.
  func chainedSetter(_ o: Int, _ name: SourceToken, _ c: inout Int, _ end: Int)
    throws(ImportSkip) -> Bool
  {
    // An object a failed statement made and took back with it, still named by a value (found
    // by the import fuzz target): nothing to set.
    guard objects.indices.contains(o) else {
      throw skip("this object was made by a statement that was skipped", name)
    }
    let kind = objects[o].kind
    let word = name.text
    guard !program.functions.contains(where: { $0.name == word }),
      !Self.knownObjectMembers.contains(word)
    else { return false }
    if c < end, tokens[c].isPunctuation("("), !tokens[c].startsLine {
      let close = program.closing(c, in: c..<end)
      guard close < end else { return false }
      let property = Self.setterProperty(word, of: kind)
      // The labels, read before any argument is worked out: a call that is no setter (a
      // UIKit method, `addTarget(_:action:for:)`) is left to the usual reading.
      let items = arguments((c + 1)..<close)
      let labels = items.map(\.label)
      let base = Self.setterBase(word)
      /// The property argument `k` sets: one argument, the name's property whatever its label
      /// (`_timeOffset(offset: 10)`); a first one without a label, the name's; the others by
      /// their labels (`_scale(1, range: 0.3)` sets scaleRange).
      func key(_ k: Int) -> String? {
        if labels.count == 1, let property { return property }
        if k == 0, labels[0] == nil { return property }
        return labels[k].flatMap { Self.labelProperty($0, base: base, of: kind) }
      }
      guard !labels.isEmpty, labels.indices.allSatisfy({ key($0) != nil }) else { return false }
      // An argument not known here leaves its property alone, not the rest of the chain.
      let args = try values(of: items, lenient: true)
      var keys: [(String, ImportValue)] = []
      for (k, (_, value)) in args.enumerated() {
        guard let key = key(k) else { return false }
        // nil given to an optional setting (`_renderMode(nil)`) leaves the property as it is.
        if value == .null { continue }
        if case .unknown = value { continue }
        keys.append((key, value))
      }
      c = close + 1
      warn(
        name,
        "\(word)(…) is not in the file: read as "
          + (keys.isEmpty
            ? "leaving the properties as they are (given nil)"
            : "setting \(keys.map(\.0).joined(separator: ", "))"),
        hint: "a chained setter of another file of the app (a builder extension)")
      for (key, value) in keys { try setProperty(.object(o), key, value, at: name) }
      return true
    }
    // `layer.chain.birthRate(1)`: a wrapper the extension adds, read as the object itself.
    guard c + 2 < end, tokens[c].isPunctuation("."), tokens[c + 2].isPunctuation("("),
      Self.info(word, of: kind) == nil, (try? member(.object(o), word, at: name)) == nil
    else { return false }
    warn(
      name, "\(word) is not in the file: read as the \(kind.word) itself",
      hint: "a wrapper of another file of the app that chains setters")
    return true
  }

  /// The property a setter's name names: the name itself, or without a prefix ending in `_`,
  /// `set` or `with` (`_scale`, `kj_birthRate`, `setBirthRate`, `withLifetime`).
  static func setterProperty(_ name: String, of kind: ImportedObject.Kind) -> String? {
    let base = setterBase(name)
    if base == "emitterCells", kind != .layer { return base }  // not a table property
    if base == "image", kind != .layer { return "contents" }  // `_setting(image:)`
    return info(base, of: kind)?.name
  }

  /// A setter's name without its prefix: `_scale` → `scale`, `kj_birthRate` → `birthRate`,
  /// `setVelocity` → `velocity`.
  static func setterBase(_ name: String) -> String {
    var base = name.split(separator: "_").last.map(String.init) ?? name
    for prefix in ["set", "with"] where base.hasPrefix(prefix) && base.count > prefix.count {
      let rest = base.dropFirst(prefix.count)
      if rest.first?.isUppercase == true { base = rest.prefix(1).lowercased() + rest.dropFirst() }
    }
    return base
  }

  /// The property a setter's label names, with the setter's own name `base`: the label itself
  /// (`birthRate:`, `image:` for contents), the name and the label (`_scale(…, range:)` is
  /// scaleRange), the label and the name (`_acceleration(x:)` is xAcceleration), or an
  /// emitter's property it shortens (`size:` is emitterSize on an emitter).
  static func labelProperty(_ label: String, base: String, of kind: ImportedObject.Kind)
    -> String?
  {
    func cap(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
    if label == "image", kind != .layer { return "contents" }
    var candidates = [base + cap(label), label, label + cap(base)]
    // An emitter's builder names its emitter's geometry (`_setting(position:size:shape:)`):
    // `position` is `emitterPosition` there, as `size` and `shape` can only be.
    if kind == .emitter { candidates.insert("emitter" + cap(label), at: 1) }
    for c in candidates {
      if let info = info(c, of: kind), info.name == c { return c }
    }
    return nil
  }

  /// Members of layers and cells the importer reads as Core Animation's own, never as a chained
  /// setter of another file.
  static let knownObjectMembers: Set<String> = [
    "addSublayer", "insertSublayer", "setValue", "setValuesForKeys", "add", "removeFromSuperlayer",
    "removeAllAnimations", "addAnimation", "removeAnimation", "removeAnimationForKey",
    "presentation", "convertTime", "addSubview", "insertSubview", "bringSubviewToFront",
    "sendSubviewToBack", "setImage", "copy", "mutableCopy", "then", "do", "value", "animation",
    "layoutIfNeeded", "setNeedsDisplay", "setNeedsLayout", "render", "contains", "hitTest",
  ]
}
