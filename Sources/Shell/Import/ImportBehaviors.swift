import Core

/// Emitter behaviours (`CAEmitterBehavior`, a private class) as code reaches them: through
/// `NSClassFromString("CAEmitterBehavior")` and `perform(NSSelectorFromString(
/// "behaviorWithType:"), with: TYPE)` (then `takeUnretainedValue()`) or its implementation
/// (`method(for:)`, `unsafeBitCast` to a C function, called), `CAEmitterBehavior(type:)`
/// or `[CAEmitterBehavior behaviorWithType:@"…"]`; their fields through `setValue(_:forKey:)`;
/// and the layer's `setValue([…], forKey: "emitterBehaviors")`, which becomes `behavior LAYER
/// add …` commands (docs/import.md).
extension ImportInterpreter {
  static let behaviorClass = "CAEmitterBehavior"
  /// The prefix of the type constants (`kCAEmitterBehaviorWave`) apps declare for it.
  static let behaviorConstantPrefix = "kCAEmitterBehavior"
  /// The selector of the class method that makes a behaviour.
  static let behaviorFactory = "behaviorWithType:"

  /// The methods of a behaviour the importer reads.
  static let behaviorMethods: Set<String> = [
    "takeUnretainedValue", "takeRetainedValue", "setValue", "setValuesForKeys",
  ]

  /// A new behaviour of the type the value names.
  func newBehavior(_ type: ImportValue, at: SourceToken) throws(ImportSkip) -> ImportValue {
    var type = type
    if case .constant(let c) = type, c.hasPrefix(Self.behaviorConstantPrefix),
      c.count > Self.behaviorConstantPrefix.count
    {
      // `kCAEmitterBehaviorWave`, the constant a bridging header declares: `"wave"`.
      type = .string(ImportNames.unprefixed(c, Self.behaviorConstantPrefix))
    }
    guard case .string(let word) = type else {
      throw skip("behaviorWithType: takes the type as a string", at)
    }
    guard let t = BehaviorType(rawValue: word) else {
      throw skip(
        "'\(word)' is not a behaviour type Burst knows ("
          + BehaviorType.allCases.map(\.rawValue).joined(separator: ", ") + ")", at)
    }
    guard behaviors.count < Self.maxObjects else {
      throw skip("the import creates at most \(Self.maxObjects) behaviours", at)
    }
    behaviors.append(EmitterBehavior(type: t, name: ""))
    return .behavior(behaviors.count - 1)
  }

  /// A method of the behaviour class or of a behaviour; nil when it is none of those.
  func behaviorMethod(
    _ receiver: ImportValue, _ name: String, labels: [String], values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue? {
    switch (receiver, name, labels) {
    case (.type(Self.behaviorClass), "perform", ["_", "with"]):
      guard values[0] == .string(Self.behaviorFactory) else {
        throw skip("only behaviorWithType: is performed on CAEmitterBehavior", at)
      }
      return try newBehavior(values[1], at: at)
    case (.type(Self.behaviorClass), "behaviorWithType", ["_"]):
      return try newBehavior(values[0], at: at)
    case (.type(Self.behaviorClass), "method", ["for"]):
      // `method(for: NSSelectorFromString("behaviorWithType:"))`: the implementation, called
      // as a C function (after `unsafeBitCast`) with the class and the selector first.
      guard values[0] == .string(Self.behaviorFactory) else {
        throw skip("only behaviorWithType:'s implementation is read on CAEmitterBehavior", at)
      }
      return .method(receiver, Self.behaviorFactory)
    case (.type(Self.behaviorClass), Self.behaviorFactory, ["_", "_", "_"]):
      return try newBehavior(values[2], at: at)  // `make(cls, sel, "wave")`
    case (.behavior, "takeUnretainedValue", []), (.behavior, "takeRetainedValue", []):
      return receiver
    case (.behavior(let b), "setValue", ["_", "forKey"]),
      (.behavior(let b), "setValue", ["_", "forKeyPath"]):
      guard case .string(let key) = values[1] else { throw skip("a key is a string", at) }
      try setBehaviorField(b, key, values[0], at: at)
      return .void
    default:
      return nil
    }
  }

  /// Sets a field (or `name`, `enabled`) of behaviour `b`, checked as `behavior … set` checks it.
  func setBehaviorField(_ b: Int, _ key: String, _ value: ImportValue, at: SourceToken)
    throws(ImportSkip)
  {
    if key == "name" {
      guard case .string(let name) = value else { throw skip("a name is a string", at) }
      do throws(ValueError) {
        try SceneModel.validateName(name, what: "behaviour")
      } catch {
        throw skip(error.message, at)
      }
      behaviors[b].name = name
      return
    }
    let text = try behaviorText(value, at: at)
    do throws(ValueError) {
      try behaviors[b].set(key, text: text)
    } catch {
      throw skip(error.message, at)
    }
  }

  /// A value as a behaviour field's text: numbers, points, vectors and lists with commas.
  func behaviorText(_ value: ImportValue, at: SourceToken) throws(ImportSkip) -> String {
    switch value {
    case .number(let n): return ValueFormatting.number(n)
    case .bool(let b): return PropertyKind.boolWord(b)
    case .string(let s): return s
    case .point(let p): return ValueFormatting.number(p.x) + "," + ValueFormatting.number(p.y)
    case .color(let c): return ValueFormatting.color(c)
    case .constant(".zero"): return "0,0"
    case .constant(let c):
      if let color = ImportNames.color(c) { return ValueFormatting.color(color) }
    case .array(let items):
      var words: [String] = []
      for item in items { words.append(try behaviorText(item, at: at)) }
      return words.joined(separator: ",")
    default: break
    }
    throw skip("\(value.kindName) is not a value of a behaviour field", at)
  }

  /// `layer.setValue([b1, b2], forKey: "emitterBehaviors")`: the layer's behaviours become
  /// these (as they are now); `layer.setValue(4, forKeyPath: "emitterBehaviors.NAME.KEY")`
  /// sets a field of one. False when `path` is not about behaviours.
  func setBehaviors(_ o: Int, _ path: String, _ value: ImportValue, at: SourceToken)
    throws(ImportSkip) -> Bool
  {
    let word = BehaviorCommands.keyPathWord
    guard path == word || path.hasPrefix(word + ".") else { return false }
    guard objects[o].kind == .emitter else {
      throw skip("only a CAEmitterLayer has emitterBehaviors", at)
    }
    let statement = program.snippet(current)
    let start = tokens[current.lowerBound]
    // The layer's behaviours are known here when the setup, or the action that made the layer,
    // gave them; an action changing a layer made elsewhere leaves `set` to check the name when
    // it runs.
    let known = recording.isEmpty || gathering(o)
    if path != word {
      // A field: `set LAYER.emitterBehaviors.NAME.KEY VALUE`. Key-value coding finds no
      // behaviour of another name and sets nothing, so neither does the import.
      let name = path.dropFirst(word.count + 1).prefix { $0 != "." }
      if known, !(objects[o].behaviorNames ?? []).contains(String(name)) {
        throw skip(
          objects[o].behaviorNames == nil
            ? "the layer's emitterBehaviors were not imported (the code that makes them is not read)"
            : "the layer has no behaviour named '\(name)'", at)
      }
      try record(
        o,
        ImportAssignment(
          key: path, text: try behaviorText(value, at: at), value: value, at: start,
          statement: statement))
      return true
    }
    var list: [EmitterBehavior] = []
    switch value {
    case .array(let items):
      for item in items {
        guard case .behavior(let b) = item else {
          throw skip("emitterBehaviors holds CAEmitterBehavior objects, not \(item.kindName)", at)
        }
        list.append(behaviors[b])
      }
    case .null: break
    default: throw skip("emitterBehaviors is an array of behaviours", at)
    }
    if known { objects[o].behaviorNames = list.map(\.name) }
    try record(
      o,
      ImportAssignment(
        key: word, text: "none", value: value, at: start, statement: statement))
    for b in list {
      let words = [b.type.rawValue] + (b.name.isEmpty ? [] : [b.name]) + b.assignments
      try record(
        o,
        ImportAssignment(
          key: word, text: "", value: value, at: start, statement: statement,
          behaviorWords: "add " + words.joined(separator: " ")))
    }
    return true
  }
}
