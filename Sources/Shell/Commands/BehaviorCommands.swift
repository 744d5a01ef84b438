import Core

/// Emitter behaviours (`CAEmitterBehavior`, a private API): `behavior` adds, sets and removes
/// them, `behaviors` lists them, and `set LAYER.emitterBehaviors …` is Core Animation's key
/// path to them (docs/semantics.md, "Emitter behaviours").
enum BehaviorCommands {
  static let all: [Command] = [behavior, behaviors]

  /// The words after LAYER, in the order `help` lists them.
  static let actions = ["add", "set", "remove"]

  static let behavior = Command(
    name: "behavior",
    usage: "behavior LAYER add TYPE [NAME] [KEY=VALUE ...] | behavior LAYER set NAME KEY=VALUE"
      + " ... | behavior LAYER remove NAME",
    abstract: "add, change or remove an emitter behaviour (CAEmitterBehavior, a private API)",
    discussion:
      "TYPE is one of \(BehaviorType.allCases.map(\.rawValue).joined(separator: ", ")). NAME is"
      + " unique on the layer (default: the type, numbered when taken). keys TYPE lists each"
      + " type's fields and explain TYPE what Burst makes of it: every behaviour is \(BehaviorType.provenance)."
      + " Lists are written with commas and no spaces (values=0,1 colors=#ff0000,#00ff00). The"
      + " behaviours act in array order on every particle of the layer; set"
      + " LAYER.emitterBehaviors.NAME.KEY VALUE sets one field, and set LAYER.emitterBehaviors"
      + " NAME,NAME (or none) keeps those named, in that order.",
    examples: [
      "behavior confetti add wave flutter force=0,40,0 frequency=0.5",
      "behavior confetti add drag drag=1.5",
      "behavior confetti set flutter frequency=1",
      "behavior confetti remove flutter",
    ],
    hints: [
      .layer, .keywords(actions), .keywords(BehaviorType.allCases.map(\.rawValue)), .none,
    ]
  ) { s, inv throws(Diagnostic) in
    let layerToken = try inv.argument(1, "LAYER")
    let id = try inv.layer(layerToken, in: s.scene.model)
    let actionToken = try inv.argument(2, "add, set or remove")
    switch actionToken.text {
    case "add":
      let typeToken = try inv.argument(3, "TYPE")
      guard let type = BehaviorType(rawValue: typeToken.text) else {
        throw inv.error(
          "unknown behaviour type '\(typeToken.text)'",
          suggestion: .nearest(
            to: typeToken.text, in: BehaviorType.allCases.map(\.rawValue),
            otherwise: .oneOf(BehaviorType.allCases.map(\.rawValue))), at: typeToken)
      }
      var rest = Array(inv.args.dropFirst(3))
      var name: String? = nil
      if let first = rest.first, first.quoted || first.text.keyValueEquals == nil {
        name = first.text
        rest.removeFirst()
      }
      let pairs = try assignments(rest, inv)
      try inv.lift(typeToken) { () throws(ValueError) in
        try s.scene.model.addBehavior(type, named: name, to: id, assignments: pairs)
      }
    case "set":
      let nameToken = try inv.argument(3, "NAME")
      let rest = Array(inv.args.dropFirst(3))
      guard !rest.isEmpty else {
        throw inv.error("missing KEY=VALUE", hint: "usage: \(inv.command.usage)", at: nameToken)
      }
      let pairs = try assignments(rest, inv)
      try inv.lift(nameToken) { () throws(ValueError) in
        try s.scene.model.setBehavior(nameToken.text, on: id, pairs)
      }
    case "remove":
      try inv.expectAtMost(3)
      let nameToken = try inv.argument(3, "NAME")
      try inv.lift(nameToken) { () throws(ValueError) in
        try s.scene.model.removeBehavior(nameToken.text, from: id)
      }
    default:
      throw inv.unexpected(actionToken, expected: actions)
    }
  }

  static let behaviors = Command(
    name: "behaviors", usage: "behaviors [LAYER]",
    abstract: "list emitter behaviours as the behavior commands that make them",
    examples: ["behaviors", "behaviors confetti"], hints: [.layer], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let m = s.scene.model
    var ids = m.treeOrder
    if inv.args.count == 1 { ids = [try inv.layer(inv.text.tokens[1], in: m)] }
    var out = ""
    for id in ids { out += lines(m, id) }
    s.sink.out(out.isEmpty ? "no behaviours\n" : out)
  }

  /// The `behavior … add` commands that rebuild layer `id`'s behaviours (what `behaviors`
  /// prints and `save model` writes).
  static func lines(_ m: SceneModel, _ id: LayerID) -> String {
    guard let l = m.layer(id) else { return "" }
    var out = ""
    for b in l.emitter.behaviors {
      let words =
        ["behavior", KeyPathSyntax.spelled(l.name), "add", b.type.rawValue, b.name]
        + b.assignments
      out += words.joined(separator: " ") + "\n"
    }
    return out
  }

  /// KEY=VALUE words as pairs.
  static func assignments(_ tokens: [Token], _ inv: Invocation) throws(Diagnostic) -> [(
    key: String, value: String
  )] {
    var out: [(key: String, value: String)] = []
    for t in tokens {
      guard !t.quoted, let eq = t.text.keyValueEquals else {
        throw inv.error("expected KEY=VALUE", hint: "write each field as name=value", at: t)
      }
      out.append((String(t.text[..<eq]), String(t.text[t.text.index(after: eq)...])))
    }
    return out
  }

  /// The word of Core Animation's key path to a layer's behaviours.
  static let keyPathWord = "emitterBehaviors"

  /// The layer and the components after `emitterBehaviors` of a path that names behaviours,
  /// or nil.
  static func split(_ s: Session, _ inv: Invocation, _ pathToken: Token) throws(Diagnostic) -> (
    LayerID, [String]
  )? {
    let path = pathToken.keyPath
    guard let r = path.range(of: "." + keyPathWord),
      r.upperBound == path.endIndex || path[r.upperBound] == "."
    else { return nil }
    let layerPath = String(path[..<r.lowerBound])
    let id = try inv.lift(pathToken) { () throws(ValueError) -> LayerID in
      guard case .layer(let id) = try s.scene.model.resolveObject(layerPath) else {
        throw ValueError("'\(layerPath)' is a cell, not an emitter layer")
      }
      return id
    }
    return (id, path[r.upperBound...].split(separator: ".").map(String.init))
  }

  /// `get LAYER.emitterBehaviors` (the names, as `set` reads them back), `….NAME` (its
  /// `KEY=VALUE` words) or `….NAME.KEY`; nil when PATH does not name behaviours.
  static func get(_ s: Session, _ inv: Invocation, _ pathToken: Token) throws(Diagnostic)
    -> String?
  {
    guard let (id, tail) = try split(s, inv, pathToken) else { return nil }
    let list = s.scene.model.behaviors(of: id)
    guard let name = tail.first else {
      return list.isEmpty ? "none" : list.map(\.name).joined(separator: ",")
    }
    guard let b = list.first(where: { $0.name == name }) else {
      throw inv.error(
        "no behaviour '\(name)' on this layer",
        suggestion: .nearest(to: name, in: list.map(\.name)), at: pathToken)
    }
    guard tail.count > 1 else {
      return ([b.type.rawValue] + b.assignments).joined(separator: " ")
    }
    if tail[1] == "enabled" { return PropertyKind.boolWord(b.enabled) }
    guard tail.count == 2, let v = b.value(tail[1]) else {
      throw inv.error(
        "a \(b.type.rawValue) behaviour has no field '\(tail.dropFirst().joined(separator: "."))'",
        suggestion: .nearest(to: tail[1], in: b.type.fields.map(\.name)), at: pathToken)
    }
    return v.text
  }

  /// `set LAYER.emitterBehaviors VALUE`, `set LAYER.emitterBehaviors.NAME.KEY [=] VALUE` and
  /// `set LAYER.emitterBehaviors.NAME KEY=VALUE ...`; false when PATH does not name
  /// behaviours (then `set` goes on as usual).
  static func set(_ s: Session, _ inv: Invocation, _ pathToken: Token) throws(Diagnostic) -> Bool {
    guard let (id, tail) = try split(s, inv, pathToken) else { return false }
    var values = Array(inv.args.dropFirst())
    if let first = values.first, !first.quoted, first.text == "=" { values.removeFirst() }
    guard let valueToken = values.first else {
      throw inv.error("missing VALUE", hint: "usage: \(inv.command.usage)", at: pathToken)
    }
    switch tail.count {
    case 0:
      // The array: behaviours the layer has, by name, in order (`a,b`, `[a, b]`, `none`).
      var text = values.map(\.text).joined(separator: " ")
      if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
      let names =
        text == "none" || text.allSatisfy({ $0 == " " })
        ? [] : text.split(separator: ",").map { $0.trimmingSpaces }
      try inv.lift(valueToken) { () throws(ValueError) in
        try s.scene.model.keepBehaviors(names, on: id)
      }
    case 1:
      let pairs = try assignments(values, inv)
      try inv.lift(valueToken) { () throws(ValueError) in
        try s.scene.model.setBehavior(tail[0], on: id, pairs)
      }
    case 2:
      guard values.count == 1 else {
        throw inv.error("expected one VALUE", hint: "lists take commas, no spaces", at: values[1])
      }
      try inv.lift(valueToken) { () throws(ValueError) in
        try s.scene.model.setBehavior(tail[0], on: id, [(tail[1], valueToken.text)])
      }
    default:
      throw inv.error(
        "expected LAYER.\(keyPathWord).NAME.KEY", hint: "a field has no parts", at: pathToken)
    }
    return true
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
