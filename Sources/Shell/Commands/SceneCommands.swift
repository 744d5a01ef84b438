import Core

/// Building a scene: scene, layer, emitter, cell, copy, remove, clear, set, unset, get, reset.
enum SceneCommands {
  static let all: [Command] = [
    scene, layer, emitter, shape, gradient, replicator, text, cell, copy, remove, clear, set, unset,
    get,
    reset,
  ]

  static let scene = Command(
    name: "scene", usage: "scene SIZE [COLOR]",
    abstract: "set the canvas size (points) and optionally its background colour",
    examples: ["scene 320x240", "scene 200,200 #101018"], hints: [.none, .none]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    let sizeToken = try inv.argument(1, "SIZE")
    let size = try inv.lift(sizeToken) { () throws(ValueError) in
      guard case .size(let v) = try PropertyKind.size.parse(sizeToken.text) else {
        throw ValueError("expected a size")
      }
      return v
    }
    let side = 1...Limits.maxSceneSide
    guard side.contains(size.width), side.contains(size.height) else {
      throw inv.error(
        "a scene must be 1 to \(Limits.quoted(side.upperBound)) points each way",
        hint: "for example 320x240", at: sizeToken)
    }
    var color: Color? = nil
    if inv.args.count > 1 {
      let t = inv.text.tokens[2]
      color = try inv.lift(t) { () throws(ValueError) in
        guard case .color(let c) = try PropertyKind.color.parse(t.text) else {
          throw ValueError("expected a colour")
        }
        return c
      }
      if let color { s.warnExtendedRange(.color(color), at: inv.text) }
    }
    let root = PropertyRef(object: .layer(SceneModel.rootID), name: "bounds", field: nil)
    s.scene.model.apply(.rect(Rect(0, 0, size.width, size.height)), to: root)
    let pos = PropertyRef(object: .layer(SceneModel.rootID), name: "position", field: nil)
    s.scene.model.apply(.point(Point(size.width / 2, size.height / 2)), to: pos)
    if let color {
      let bg = PropertyRef(object: .layer(SceneModel.rootID), name: "backgroundColor", field: nil)
      s.scene.model.apply(.color(color), to: bg)
    }
  }

  static let layer = Command(
    name: "layer", usage: "layer NAME [in PARENT]", abstract: "add a CALayer",
    examples: ["layer button", "layer badge in button"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .layer) }

  static let emitter = Command(
    name: "emitter", usage: "emitter NAME [in PARENT]", abstract: "add a CAEmitterLayer",
    examples: ["emitter like", "emitter sparks in button"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .emitter) }

  static let shape = Command(
    name: "shape", usage: "shape NAME [in PARENT]", abstract: "add a CAShapeLayer",
    examples: ["shape ring", "shape check in button"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .shape) }

  static let gradient = Command(
    name: "gradient", usage: "gradient NAME [in PARENT]", abstract: "add a CAGradientLayer",
    examples: ["gradient sky", "gradient shine in button"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .gradient) }

  static let replicator = Command(
    name: "replicator", usage: "replicator NAME [in PARENT]",
    abstract: "add a CAReplicatorLayer (its sublayers drawn instanceCount times)",
    examples: ["replicator spinner", "replicator dots in button"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .replicator) }

  static let text = Command(
    name: "text", usage: "text NAME [in PARENT]",
    abstract: "add a CATextLayer (string=\"…\" in double quotes, font, fontSize, alignmentMode)",
    examples: ["text label", "text score in card"],
    hints: [.newLayer, .keywords(["in"]), .layer]
  ) { s, inv throws(Diagnostic) in try add(s, inv, kind: .text) }

  private static func add(_ s: Session, _ inv: Invocation, kind: LayerKind) throws(Diagnostic) {
    try inv.expectAtMost(3)
    let nameToken = try inv.argument(1, "NAME")
    var parent = SceneModel.rootID
    if inv.args.count >= 2 {
      let kw = inv.text.tokens[2]
      guard kw.text == "in" else {
        throw inv.error(
          "expected 'in PARENT'",
          suggestion: KeywordSuggestion.suggestion(for: kw.text, among: ["in"]) ?? inv.usage,
          at: kw)
      }
      parent = try inv.layer(try inv.argument(3, "PARENT"), in: s.scene.model)
    }
    try refuseCommandName(nameToken, s, inv)
    try inv.lift(nameToken) { () throws(ValueError) in
      try s.scene.model.addLayer(named: nameToken.text, kind: kind, parent: parent)
    }
  }

  /// Command words cannot name layers (Core refuses its own keywords; the commands are the
  /// Shell's).
  static func refuseCommandName(_ t: Token, _ s: Session, _ inv: Invocation) throws(Diagnostic) {
    if s.commands.lookup(t.text) != nil {
      let e = commandWordError(t.text, naming: "layer")
      throw inv.error(e.message, suggestion: e.suggestion, at: t)
    }
  }

  /// The error for a command word used as the name of a layer or an action, with another name
  /// to use (`clearLayer`, `clearAction`).
  static func commandWordError(_ name: String, naming what: String) -> ValueError {
    let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    let suffix = what.prefix(1).uppercased() + what.dropFirst()
    return ValueError(
      "'\(name)' is a command and cannot name \(article) \(what)",
      hint: "choose another name, e.g. \(name)\(suffix)")
  }

  static let cell = Command(
    name: "cell", usage: "cell PATH NAME [ifPresent]",
    abstract: "append a CAEmitterCell to an emitter layer or (as a sub-cell) to a cell",
    discussion:
      "With ifPresent, nothing is made, and no error, when PATH is not in the scene (a cell"
      + " an action gives a layer another action may have removed).",
    examples: [
      "cell like sparkle", "cell rocket.emitterCells.burst spark", "cell like dust ifPresent",
    ],
    hints: [.object, .none, .clauses], clauses: [AnimationCommands.ifPresent.spec]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(3)
    let nameToken = try inv.argument(2, "NAME")
    guard let owner = try objectIfPresent(inv, clausesFrom: 3, in: s.scene.model) else { return }
    try inv.lift(nameToken) { () throws(ValueError) in
      try s.scene.model.addCell(named: nameToken.text, to: owner)
    }
  }

  static let remove = Command(
    name: "remove", usage: "remove PATH [ifPresent]",
    abstract: "remove a layer or a cell, with its particles",
    examples: ["remove like", "remove like.emitterCells.sparkle", "remove like ifPresent"],
    hints: [.object, .clauses], clauses: [AnimationCommands.ifPresent.spec]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    let token = try inv.argument(1, "PATH")
    guard let ref = try objectIfPresent(inv, clausesFrom: 2, in: s.scene.model) else { return }
    try inv.lift(token) { () throws(ValueError) in try s.scene.model.remove(ref) }
    s.scene.pruneRuntimes()
  }

  /// The layer or cell the command's PATH (its first argument) names; nil when there is none
  /// and the clauses from argument `first` on say `ifPresent` (nothing to do, and no error).
  static func objectIfPresent(
    _ inv: Invocation, clausesFrom first: Int, in model: SceneModel
  ) throws(Diagnostic) -> ObjectRef? {
    let token = try inv.argument(1, "PATH")
    let quiet =
      inv.args.count >= first
      ? try inv.clauses(from: first).has(AnimationCommands.ifPresent) : false
    do throws(Diagnostic) {
      return try inv.object(token, in: model)
    } catch {
      if quiet { return nil }
      throw error
    }
  }

  /// What `clear` clears; the only word it takes first.
  static let particlesWord = "particles"

  static let clear = Command(
    name: "clear", usage: "clear \(particlesWord) [PATH]",
    abstract: "remove the live particles of the scene, of a layer (its subtree) or of one cell",
    discussion:
      "PATH names a layer (its emitters and theirs below it, every cell and sub-cell) or a cell"
      + " (its own particles, as count PATH counts them: sub-particles it already emitted stay)."
      + " The model, the clock, the schedule and the counts of stats stay. Each cell goes on"
      + " with the births it would have had anyway: its random stream is not restarted, so"
      + " the particles born after the clear are, bit for bit, those born then without it."
      + " save keeps the command, so the saved script clears at the same time. At the prompt,"
      + " Ctrl-L clears the screen.",
    examples: [
      "clear \(particlesWord)", "clear \(particlesWord) like",
      "clear \(particlesWord) like.emitterCells.sparkle",
    ],
    hints: [.keywords([particlesWord]), .object]
  ) { s, inv throws(Diagnostic) in
    guard let word = inv.args.first else {
      throw inv.error(
        "missing what to clear",
        hint: "clear \(particlesWord) [PATH] removes the live particles (of a layer or a cell);"
          + " Ctrl-L clears the screen at the prompt", at: inv.nameToken)
    }
    guard !word.quoted, word.text == particlesWord else {
      throw inv.unexpected(word, expected: [particlesWord])
    }
    try inv.expectAtMost(2)
    var ref: ObjectRef? = nil
    if inv.args.count == 2 {
      ref = try inv.object(try inv.argument(2, "PATH"), in: s.scene.model)
    }
    s.scene.clearParticles(of: ref)
  }

  static let set = Command(
    name: "set",
    usage:
      "set PATH [=] VALUE [ifPresent] | set PATH += VALUE | set OBJECTPATH KEY=VALUE ..."
      + " [ifPresent]",
    abstract: "set one property, or several properties of one layer or cell",
    discussion:
      "PATH may also name an option of an animation on a layer, LAYER.animations.KEY.OPTION"
      + " (KEY as cancel names it: an animation added without key is keyed by its key path):"
      + " \(AnimationOption.table.map(\.name).joined(separator: ", ")). The animation keeps its"
      + " key, place and begin time and runs on with the new option; get reads it. A VALUE may"
      + " also be written as Swift or Objective-C write it (UIColor.red, .systemPink,"
      + " CGPoint(x: 10, y: 20), #colorLiteral(…)): import's reader reads it. In set PATH VALUE,"
      + " a word that is only + - * / joins its neighbours (.pi / 4), as in Swift. Colour"
      + " names: \(Color.named.map(\.name).joined(separator: ", ")). With ifPresent, a path"
      + " whose layer or cell is not in the scene sets nothing, without an error (an optional's"
      + " emitter?.birthRate = 0 before anything made it; a key path naming a cell that was"
      + " removed). set PATH += VALUE (also -=, *=, /=)"
      + " changes the model value as Swift's compound assignment does: numbers by a number,"
      + " points and sizes by a point or size (+= -=) or a number (*= /=); in an action or an"
      + " every block each run changes it again.",
    examples: [
      "set like.emitterCells.sparkle.birthRate 1000",
      "set like emitterShape=circle emitterMode=outline emitterSize=25,0",
      "set like.emitterPosition.x 100",
      "set like.backgroundColor = UIColor.systemPink.cgColor",
      "set like.emitterCells.sparkle.emissionLongitude .pi / 4",
      "set burst.birthRate 0 ifPresent",
      "set like.emitterCells.sparkle.birthRate -= 50",
    ], hints: [.property, .property], clauses: [AnimationCommands.ifPresent.spec]
  ) { s, inv throws(Diagnostic) in
    let pathToken = try inv.argument(1, "PATH")
    if inv.args.count > 2, endsIfPresent(inv) {
      if isAbsent(pathToken.keyPath, s.scene.model) { return }
      var rest = inv.text
      rest.tokens.removeLast()
      try inv.command.run(s, Invocation(command: inv.command, text: rest))
      return
    }
    if try BehaviorCommands.set(s, inv, pathToken) { return }
    var valueToken = try inv.argument(2, "VALUE")
    let model = s.scene.model
    if let op = compoundOperator(valueToken) {
      try compoundSet(s, inv, pathToken, op: op)
      return
    }
    // `set PATH = VALUE`, as Swift assigns: the '=' word is left out.
    let assigns = !valueToken.quoted && valueToken.text == assignWord
    if assigns { valueToken = try inv.argument(3, "VALUE") }
    let values = joiningOperators(Array(inv.args.dropFirst(assigns ? 2 : 1)))
    // KEY=VALUE form: the first value word has an unquoted '='.
    if !assigns, valueToken.keyValue != nil {
      let object = try inv.object(pathToken, in: model)
      var updates: [(ref: PropertyRef, value: PropertyValue, clamped: Clamp?)] = []
      for t in inv.args.dropFirst() {
        guard let (key, value) = t.keyValue else {
          throw inv.error(
            "expected KEY=VALUE", hint: "write each property as name=value", at: t)
        }
        let keyToken = Token(text: key, column: t.column, length: key.count)
        let valueToken = Token(
          text: value, column: t.column + key.count + 1, length: max(1, value.count))
        let path = model.describe(path: object) + "." + key
        let ref = try inv.lift(keyToken, wholeToken: true) { () throws(ValueError) in
          try model.resolveProperty(path)
        }
        let (v, clamped) = try inv.lift(valueToken) { () throws(ValueError) in
          try parseForSet(value, ref: ref, model: model, session: s, at: inv)
        }
        updates.append((ref, s.scriptRelative(v, in: inv.line), clamped))
        try s.loadImageIfNeeded(updates[updates.count - 1].value, token: valueToken, in: inv.line)
      }
      for u in updates { s.scene.model.apply(u.value, to: u.ref, clamped: u.clamped) }
      return
    }
    if let option = try inv.animationOption(pathToken, in: model) {
      if values.count > 1 {
        throw inv.error(
          "unexpected '\(Diagnostic.window(values[1].text, column: 1).0)'",
          hint: "usage: \(inv.command.usage)", at: values[1])
      }
      let value = try inv.lift(values[0]) { () throws(ValueError) in
        try model.parseValue(values[0].text, for: option)
      }
      s.scene.model.apply(value, to: option)
      return
    }
    if (try? model.resolveObject(pathToken.keyPath)) != nil {
      throw inv.error(
        "expected KEY=VALUE after '\(pathToken.text)'",
        hint: "set several properties as name=value, e.g. \(pathToken.text) "
          + "\(valueToken.text)=…", at: valueToken)
    }
    let ref = try inv.property(pathToken, in: model)
    let valueTokens = Array(inv.args.dropFirst(assigns ? 2 : 1))
    if model.info(ref)?.renames == true, valueTokens.count > 1 {
      let joined = valueTokens.map(\.text).joined(separator: " ")
      throw inv.error(
        "a name is one word", hint: "quote a name with spaces: set \(pathToken.text) \"\(joined)\"",
        at: valueTokens[1])
    }
    let joined = values.map(\.text).joined(separator: " ")
    let span = Token(
      text: joined, column: valueToken.column,
      length: (values.last.map { $0.column + $0.length } ?? valueToken.column)
        - valueToken.column)
    let (value, clamped) = try inv.lift(span) { () throws(ValueError) in
      let (v, clamped) = try parseForSet(joined, ref: ref, model: model, session: s, at: inv)
      return (s.scriptRelative(v, in: inv.line), clamped)
    }
    try s.loadImageIfNeeded(value, token: span, in: inv.line)
    s.scene.model.apply(value, to: ref, clamped: clamped)
  }

  static let unset = Command(
    name: "unset", usage: "unset PATH ...",
    abstract: "put properties (or fields) back to their defaults, the values keys lists",
    examples: [
      "unset like.emitterCells.sparkle.velocityRange",
      "unset like.transform.scale like.opacity", "unset like.emitterPosition.x",
    ], hints: [.property]
  ) { s, inv throws(Diagnostic) in
    _ = try inv.argument(1, "PATH")
    let model = s.scene.model
    // Every path is checked before any property changes, so a bad one changes nothing.
    var updates: [(PropertyRef, PropertyValue)] = []
    for token in inv.args {
      let ref = try inv.property(token, in: model)
      guard let info = model.info(ref), info.writable else {
        if model.info(ref)?.renames == true {
          throw inv.error(
            "'\(ref.name)' has no default to go back to",
            hint: "rename with: set \(token.text) NEWNAME", at: token)
        }
        throw inv.error("'\(ref.name)' is read-only, so it has no default to go back to", at: token)
      }
      var value = info.defaultValue
      if let field = ref.field,
        let current = model.value(PropertyRef(object: ref.object, name: ref.name)),
        let d = info.defaultValue.field(field), let merged = current.setting(field: field, to: d)
      {
        value = merged
      }
      updates.append((PropertyRef(object: ref.object, name: ref.name), value))
    }
    for (ref, value) in updates { s.scene.model.apply(value, to: ref) }
  }

  /// The word between PATH and VALUE in `set PATH = VALUE`.
  static let assignWord = "="

  /// The words between PATH and VALUE in `set PATH += VALUE`, each with its operator: Swift's
  /// compound assignments.
  static let compoundWords: [(word: String, op: Character)] = [
    ("+=", "+"), ("-=", "-"), ("*=", "*"), ("/=", "/"),
  ]

  /// Whether a command's last word is the `ifPresent` flag (unquoted).
  static func endsIfPresent(_ inv: Invocation) -> Bool {
    inv.args.last.map(isIfPresent) ?? false
  }

  /// Whether a word is the `ifPresent` flag (unquoted: a name spelled so is written quoted).
  static func isIfPresent(_ token: Token) -> Bool {
    !token.quoted && token.text == AnimationCommands.ifPresent.name
  }

  /// Whether what `keyPath` names is not in the scene, for `ifPresent`: the layer it starts
  /// with (a nil optional), or a cell it names (`….emitterCells.spark.birthRate` once the cell
  /// is removed, as Core Animation's key-value coding then finds no such cell).
  static func isAbsent(_ keyPath: String, _ model: SceneModel) -> Bool {
    let layer = String(keyPath.prefix { $0 != "." })
    guard model.layerID(named: layer) != nil else { return true }
    if let cell = cellPrefix(keyPath), (try? model.resolveObject(cell)) == nil { return true }
    return false
  }

  /// The path of the innermost cell a key path names (`like.emitterCells.spark` of
  /// `like.emitterCells.spark.birthRate`), nil when it names none.
  static func cellPrefix(_ keyPath: String) -> String? {
    let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
    guard let i = parts.dropLast().lastIndex(of: "emitterCells") else { return nil }
    return parts[...(i + 1)].joined(separator: ".")
  }

  /// The operator of a compound word (`+=`) that `token` is or starts with (`+=5`).
  static func compoundOperator(_ token: Token) -> (word: String, op: Character)? {
    guard !token.quoted else { return nil }
    return compoundWords.first { token.text.hasPrefix($0.word) }
  }

  /// `set PATH += VALUE` (`-=`, `*=`, `/=`): the property's model value (not an animation's
  /// presentation) combined with VALUE, then set as `set PATH RESULT` would, with its range
  /// and its warning. Numbers take all four; points and sizes add and subtract a point or size
  /// and are multiplied or divided by a number, field by field. In an action or an `every`
  /// block each run changes the value again, as Swift's `emitter.birthRate -= 0.5` in a timer.
  static func compoundSet(
    _ s: Session, _ inv: Invocation, _ pathToken: Token, op: (word: String, op: Character)
  ) throws(Diagnostic) {
    let model = s.scene.model
    let ref = try inv.property(pathToken, in: model)
    guard let info = model.info(ref), info.writable, !info.renames, !info.namesLayer,
      let current = model.value(ref)
    else {
      throw inv.error(
        "'\(pathToken.keyPath)' cannot be changed with \(op.word)",
        hint: "\(op.word) changes a number, point or size property", at: pathToken)
    }
    // The operand: the rest of the compound word (`+=5`) and the words after it.
    var words = Array(inv.args.dropFirst(2))
    let glued = inv.args[inv.args.startIndex + 1]
    if glued.text.count > op.word.count {
      let rest = String(glued.text.dropFirst(op.word.count))
      words.insert(
        Token(text: rest, column: glued.column + op.word.count, length: rest.count), at: 0)
    }
    guard let first = words.first else {
      throw inv.error(
        "missing VALUE after \(op.word)", hint: "e.g. set \(pathToken.text) \(op.word) 1",
        at: glued)
    }
    let joined = joiningOperators(words)
    let text = joined.map(\.text).joined(separator: " ")
    let span = Token(
      text: text, column: first.column,
      length: (joined.last.map { $0.column + $0.length } ?? first.column) - first.column)
    let scene = model.root.properties.bounds.size
    let angles: Bool
    if ref.field == nil, case .angle = info.kind { angles = true } else { angles = false }
    let sane = -Limits.maxMagnitude...Limits.maxMagnitude
    let numberKind: PropertyKind = angles ? .angle(sane) : .number(sane)
    let result = try inv.lift(span) { () throws(ValueError) -> PropertyValue in
      func combine(_ a: Double, _ b: Double) throws(ValueError) -> Double {
        if op.op == "/", b == 0 { throw ValueError("division by zero") }
        let r: Double
        switch op.op {
        case "+": r = a + b
        case "-": r = a - b
        case "*": r = a * b
        default: r = a / b
        }
        guard r.isFinite else { throw ValueError("the result is not a finite number") }
        return r
      }
      func number() throws(ValueError) -> Double {
        try numberKind.parse(text, scene: scene).number ?? 0
      }
      // A pair's fields with another pair of its kind (+ -) or with a number (* /).
      func pair(_ a: (Double, Double), _ kind: PropertyKind) throws(ValueError) -> (Double, Double)
      {
        guard op.op == "+" || op.op == "-" else {
          let k = try number()
          return (try combine(a.0, k), try combine(a.1, k))
        }
        switch try kind.parse(text, scene: scene) {
        case .point(let q): return (try combine(a.0, q.x), try combine(a.1, q.y))
        case .size(let q): return (try combine(a.0, q.width), try combine(a.1, q.height))
        default: throw ValueError("expected a \(kind == .point ? "point" : "size")")
        }
      }
      switch current {
      case .number(let a):
        return .number(try combine(a, try number()))
      case .point(let p):
        let (x, y) = try pair((p.x, p.y), .point)
        return .point(Point(x, y))
      case .size(let z):
        let (w, h) = try pair((z.width, z.height), .size)
        return .size(Size(w, h))
      default:
        throw ValueError(
          "\(op.word) changes a number, point or size, and \(ref.name) is not one",
          hint: "set it with: set \(pathToken.text) VALUE")
      }
    }
    let (value, clamped) = try inv.lift(span) { () throws(ValueError) in
      try parseForSet(ValueFormatting.value(result), ref: ref, model: model, session: s, at: inv)
    }
    s.scene.model.apply(value, to: ref, clamped: clamped)
  }

  /// The words that are only an arithmetic operator in `set PATH VALUE`.
  static let operatorWords: Set<String> = ["+", "-", "*", "/"]

  /// The value words of `set PATH VALUE` with Swift's whitespace rule for operators: a word
  /// that is only `+ - * /` joins the words on either side of it into one (`.pi / 4` reads as
  /// `.pi/4`), while a sign glued to a number keeps its word apart (`30 -10` is a point).
  static func joiningOperators(_ words: [Token]) -> [Token] {
    var out: [Token] = []
    var glue = false
    for w in words {
      let isOperator = !w.quoted && operatorWords.contains(w.text)
      if let last = out.last, isOperator || glue {
        out[out.count - 1] = Token(
          text: last.text + w.text, column: last.column,
          length: w.column + w.length - last.column)
      } else {
        out.append(w)
      }
      glue = isOperator
    }
    return out
  }

  /// A number given beyond a property's range and the bound it was clamped to.
  typealias Clamp = (given: Double, used: Double)

  /// Parses a value for `set`, with the kind's message prefixed by the property name.
  ///
  /// A number beyond the property's range is clamped to it with a warning that names the
  /// bound: real code may set any value its type holds (Core Animation clamps `opacity` itself).
  /// `clamped` says what was given, for the model to keep beside it (`lint` quotes it).
  static func parseForSet(
    _ text: String, ref: PropertyRef, model: SceneModel, session s: Session, at inv: Invocation
  ) throws(ValueError) -> (value: PropertyValue, clamped: Clamp?) {
    do throws(ValueError) {
      // Command words cannot name layers, as when a layer is created.
      if case .layer = ref.object, model.info(ref)?.renames == true,
        s.commands.lookup(text) != nil
      {
        throw commandWordError(text, naming: "layer")
      }
      let (value, clamped) = try readForSet(text, ref: ref, model: model, session: s, at: inv)
      if let clamped {
        var name = ref.field.map { "\(ref.name).\($0)" } ?? ref.name
        // A path's only clamped number is a rounded rect's radius.
        if ref.field == nil, case .path? = model.info(ref)?.kind { name += ".radius" }
        let bound = Limits.meaning(of: clamped.used).map { ", \($0)" } ?? ""
        s.warn(
          "\(name) \(ValueFormatting.number(clamped.given)) is out of range; set to"
            + " \(Limits.quoted(clamped.used))\(bound)",
          at: inv.text)
      }
      s.warnExtendedRange(value, at: inv.text)
      return (value, clamped)
    } catch {
      var e = error
      let name = ref.field.map { "\(ref.name).\($0)" } ?? ref.name
      e.message = "bad value for \(name): " + e.message
      e.offset = nil
      throw e
    }
  }

  /// Reads a value for `set` in Burst's own syntax or, when that does not read it and it is
  /// written as code (`ImportInterpreter.looksLikeCode`), as Swift or Objective-C write it,
  /// through the importer's reader (`ImportInterpreter.setText`): `UIColor.red`,
  /// `CGPoint(x: 10, y: 20)`. A value read from code is then read as its `set` text, so ranges,
  /// clamping and warnings are the same. When neither reads it, the error is Burst's with the
  /// colour name the code misspells (`UIColor.rde`: did you mean `UIColor.red`), or Burst's
  /// when it has a "did you mean" or the property is an enumeration (whose every spelling
  /// Burst reads), else the importer's reason with Burst's hint.
  static func readForSet(
    _ text: String, ref: PropertyRef, model: SceneModel, session s: Session, at inv: Invocation
  ) throws(ValueError) -> (value: PropertyValue, clamped: (given: Double, used: Double)?) {
    do throws(ValueError) {
      return try model.parseValueClamping(
        try nowValue(text, ref: ref, model: model, session: s) ?? text, for: ref)
    } catch {
      guard let info = model.info(ref), !info.renames, ImportInterpreter.looksLikeCode(text)
      else { throw error }
      let kind = ref.field == nil ? info.kind : .number(-Limits.maxMagnitude...Limits.maxMagnitude)
      let code: ImportInterpreter.CodeValue
      do throws(ImportSkip) {
        code = try ImportInterpreter.setText(
          ofCode: text, kind: kind, viewSize: model.root.properties.bounds.size, now: s.scene.now)
      } catch let skip {
        if kind == .color, let near = ImportInterpreter.nearestColor(in: text) {
          throw ValueError(error.message, suggestion: .didYouMean(near))
        }
        if case .enumeration = kind { throw error }
        if case .didYouMean = error.suggestion { throw error }
        throw ValueError(skip.message, suggestion: error.suggestion)
      }
      for w in code.warnings { s.warn(w.message, hint: w.hint, at: inv.text) }
      return try model.parseValueClamping(code.text, for: ref)
    }
  }

  /// The word for the scene's clock in a `set` value: `set burst.beginTime now`.
  static let nowWord = "now"

  /// `now`, `now+SECONDS` or `now-SECONDS` for a number property: the time when the command
  /// runs, as the object's parent layer counts it (what `fire` sets beginTime to; for a cell,
  /// its emitter's time), written as a number; nil for any other text.
  static func nowValue(
    _ text: String, ref: PropertyRef, model: SceneModel, session s: Session
  ) throws(ValueError) -> String? {
    guard isNow(text) else { return nil }
    guard case .number? = model.info(ref)?.kind else {
      throw ValueError("'\(nowWord)' is a time in seconds: only number properties take it")
    }
    let clock: LayerID
    switch ref.object {
    case .layer(let id): clock = model.layer(id)?.parent ?? SceneModel.rootID
    case .cell(let id, _): clock = id
    }
    return try now(text, at: s.scene.localTime(of: clock, at: s.scene.now))
  }

  /// Whether `text` is written as a time from now (`now`, `now+…`, `now-…`).
  static func isNow(_ text: String) -> Bool {
    let w = nowWord
    return text == w || text.hasPrefix(w + "+") || text.hasPrefix(w + "-")
  }

  /// The one reader of `now`: `now`, `now+SECONDS` or `now-SECONDS` as the time `clock` gives
  /// plus the offset, written as a number for the reader of numbers that follows (`set`, and
  /// `plot`'s times, which count on the scene's clock); nil for any other text.
  static func now(_ text: String, at clock: Double) throws(ValueError) -> String? {
    guard isNow(text) else { return nil }
    var t = clock
    if text.count > nowWord.count {
      guard
        let offset = try PropertyKind.number(-1e9...1e9).parse(
          "0" + String(text.dropFirst(nowWord.count))
        ).number
      else { throw ValueError("expected \(nowWord)+SECONDS") }
      t += offset
    }
    return ValueFormatting.number(t)
  }

  static let get = Command(
    name: "get", usage: "get PATH | get presentation PATH",
    abstract: "print a property's model value (or its presentation value)",
    examples: ["get like.emitterCells.sparkle.lifetime", "get presentation button.opacity"],
    hints: [.property, .property], effect: .display
  ) { s, inv throws(Diagnostic) in
    var i = 1
    let keyword = AnimateClause.presentationWord
    if inv.args.first?.text == keyword, inv.args.count > 1 { i = 2 }
    if i == 1, inv.args.count == 2, let first = inv.args.first, !first.quoted,
      KeywordSuggestion.keyword(for: first.text, among: [keyword]) != nil
    {
      throw inv.unexpected(first, expected: [keyword])
    }
    try inv.expectAtMost(i)
    let pathToken = try inv.argument(i, "PATH")
    // An animation's option has one value: the model's and the presentation's.
    if let option = try inv.animationOption(pathToken, in: s.scene.model) {
      if let text = s.scene.model.text(option) { s.sink.out(text + "\n") }
      return
    }
    // Behaviours are not animatable: one value, the model's.
    if let text = try BehaviorCommands.get(s, inv, pathToken) {
      s.sink.out(text + "\n")
      return
    }
    let ref = try inv.property(pathToken, in: s.scene.model)
    let presentation = i == 2
    guard let v = presentation ? s.scene.presentationValue(ref) : s.scene.model.value(ref)
    else { return }
    // The model value exactly as `set` reads it back; the presentation, a computed value,
    // to 12 significant digits.
    s.sink.out((presentation ? ValueFormatting.display(v) : ValueFormatting.value(v)) + "\n")
  }

  static let reset = Command(
    name: "reset", usage: "reset",
    abstract: "an empty scene at time 0, with nothing scheduled and no actions",
    discussion:
      "At the prompt, a scene with changes that no save FILE wrote is not reset at once: reset"
      + " says so, and a second reset goes ahead. Scripts never ask.",
    examples: ["reset"]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    guard s.mayDiscard() else {
      throw inv.error(
        Session.unsavedChanges, hint: Session.discardHint("reset"), at: inv.nameToken)
    }
    s.scene.reset()
    s.events = []
    s.actions = []
    s.nextTimerID = 1
    s.undoable.latestBindings = [:]
  }
}

extension SceneCommands {
  static let copy = Command(
    name: "copy", usage: "copy PATH as NAME",
    abstract: "deep-copy a layer's model (cells and sublayers, not particles) beside it",
    examples: ["copy progress as wave"], hints: [.layer, .keywords(["as"]), .newLayer]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(3)
    let id = try inv.layer(try inv.argument(1, "PATH"), in: s.scene.model)
    let kw = try inv.argument(2, "'as'")
    guard kw.text == "as" else {
      throw inv.error(
        "expected 'as NAME'",
        suggestion: KeywordSuggestion.suggestion(for: kw.text, among: ["as"]) ?? inv.usage, at: kw)
    }
    let nameToken = try inv.argument(3, "NAME")
    try refuseCommandName(nameToken, s, inv)
    try inv.lift(nameToken) { () throws(ValueError) in
      try s.scene.model.copyLayer(id, as: nameToken.text)
    }
  }
}
