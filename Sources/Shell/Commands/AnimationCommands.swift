import Core

/// Animations: animate, uiview, animations, cancel, plot.
enum AnimationCommands {
  static let all: [Command] = [animate, uiview, animations, cancel, plot]

  /// Words that start a clause of `animate`.
  static let keywords: Set<String> = [
    "from", "to", "by", "values", "keyTimes", "mode", "timings", "tension", "continuity", "bias",
    "spring", "mass", "stiffness", "damping", "velocity", "duration", "delay", "timing",
    "repeat", "repeatDuration", "autoreverses", "fill", "keep", "additive", "cumulative",
    "speed", "key",
  ]

  /// The property an animation targets, with what is needed to read its values.
  struct Target {
    let ref: PropertyRef
    let layer: LayerID
    let cellPath: [CellID]
    let kind: PropertyKind
    let keyPath: String
  }

  /// Resolves and checks an animatable key path.
  static func target(_ token: Token, _ s: Session, _ inv: Invocation) throws(Diagnostic) -> Target {
    let ref = try inv.property(token, in: s.scene.model)
    guard let info = s.scene.model.info(ref) else {
      throw inv.error("unknown property", at: token)
    }
    let whole = s.scene.model.value(PropertyRef(object: ref.object, name: ref.name))
    guard info.animatable, whole?.components != nil else {
      throw inv.error(
        "'\(ref.name)' is not animatable", hint: "set it instead: set \(token.text) VALUE",
        at: token)
    }
    var cellPath: [CellID] = []
    if case .cell(_, let p) = ref.object { cellPath = p }
    let kind: PropertyKind = ref.field == nil ? info.kind : .number(-1e9...1e9)
    // The key path relative to the layer, as Core Animation spells it.
    let layerName = s.scene.model.layer(ref.object.layerID)?.name ?? ""
    var keyPath = token.text
    if keyPath.hasPrefix(layerName + ".") { keyPath.removeFirst(layerName.count + 1) }
    return Target(
      ref: ref, layer: ref.object.layerID, cellPath: cellPath, kind: kind, keyPath: keyPath)
  }

  /// Reads a value of the target's kind as components.
  static func components(_ t: Token, _ target: Target, _ inv: Invocation) throws(Diagnostic)
    -> [Double]
  {
    do throws(ValueError) {
      let v = try target.kind.parse(t.text)
      guard let c = v.components else { throw ValueError("this value cannot be animated") }
      return c
    } catch {
      var e = error
      e.message = "bad value for \(target.ref.name): " + e.message
      e.offset = nil
      throw Diagnostic(e, token: t, in: inv.line)
    }
  }

  /// The words of `animate` grouped by keyword: each clause is its keyword and the words up to
  /// the next keyword.
  static func clauses(
    _ tokens: ArraySlice<Token>, _ inv: Invocation, keywords: Set<String> = keywords
  ) throws(Diagnostic) -> [(Token, [Token])] {
    var out: [(Token, [Token])] = []
    for t in tokens {
      if !t.quoted, keywords.contains(t.text) {
        if out.contains(where: { $0.0.text == t.text }) {
          throw inv.error("'\(t.text)' is given twice", at: t)
        }
        out.append((t, []))
      } else {
        guard !out.isEmpty else { throw inv.unexpected(t, expected: keywords.sorted()) }
        out[out.count - 1].1.append(t)
      }
    }
    return out
  }

  static func number(
    _ clause: (Token, [Token]), _ inv: Invocation, range: ClosedRange<Double>, what: String,
    keywords: Set<String> = keywords
  ) throws(Diagnostic) -> Double {
    guard clause.1.count == 1 else {
      try extraWords(clause, from: 1, inv, keywords: keywords)
      throw inv.error("'\(clause.0.text)' takes one number", at: clause.0)
    }
    return try inv.number(clause.1[0], range: range, what: what)
  }

  /// Fails when a word of the clause from index `start` on misspells a keyword (`to 1
  /// duraton 2`): that, not the clause's length, is what the user needs to hear.
  static func extraWords(
    _ clause: (Token, [Token]), from start: Int, _ inv: Invocation,
    keywords: Set<String> = keywords
  ) throws(Diagnostic) {
    if let e = inv.misspeltKeyword(in: clause.1.dropFirst(start), keywords: keywords.sorted()) {
      throw e
    }
  }

  /// Runs `parse` on a word of a clause; when it fails and the word misspells a keyword, that
  /// is the error instead (`values 1 2 duraton 2`).
  static func word<T>(
    _ t: Token, _ inv: Invocation, keywords: Set<String> = keywords,
    _ parse: (Token) throws(Diagnostic) -> T
  ) throws(Diagnostic) -> T {
    do throws(Diagnostic) {
      return try parse(t)
    } catch {
      if let e = inv.misspeltKeyword(in: [t], keywords: keywords.sorted()) { throw e }
      throw error
    }
  }

  static let animate = Command(
    name: "animate", usage: "animate PATH SPEC [OPTIONS]",
    abstract:
      "add a Core Animation animation (basic from/to/by, keyframe values, or spring); the model"
      + " value does not change",
    examples: [
      "animate button.transform.scale values 1.5 0.8 1.0 1.2 1.0 mode cubic duration 0.5",
      "animate button.opacity from 1 to 0 duration 2 timing easeIn keep fill forwards",
      "animate like.emitterCells.sparkle.birthRate values 1 0 0 duration 1 repeat forever",
      "animate badge.position.y spring to 40 damping 5",
    ], hints: [.property, .keywords(keywords.sorted())]
  ) { s, inv throws(Diagnostic) in
    let target = try target(try inv.argument(1, "PATH"), s, inv)
    let groups = try clauses(inv.args.dropFirst(), inv)
    guard !groups.isEmpty else {
      throw inv.usageError("missing SPEC: from/to/by, values …, or spring …")
    }
    func clause(_ k: String) -> (Token, [Token])? { groups.first { $0.0.text == k } }
    func single(_ k: String) throws(Diagnostic) -> [Double]? {
      guard let c = clause(k) else { return nil }
      guard c.1.count == 1 else {
        try extraWords(c, from: 1, inv)
        throw inv.error("'\(k)' takes one value", hint: "write it as one word, e.g. 30,30", at: c.0)
      }
      return try word(c.1[0], inv) { t throws(Diagnostic) in try components(t, target, inv) }
    }
    func list(_ k: String, range: ClosedRange<Double>) throws(Diagnostic) -> [Double]? {
      guard let c = clause(k) else { return nil }
      guard !c.1.isEmpty else { throw inv.error("'\(k)' needs numbers", at: c.0) }
      var out: [Double] = []
      for t in c.1 {
        out.append(
          try word(t, inv) { t throws(Diagnostic) in try inv.number(t, range: range, what: k) })
      }
      return out
    }
    var timing = MediaTiming()
    var animation: LayerAnimation
    var warnings: [(String, Token)] = []
    let isSpring = clause("spring") != nil
    if let v = clause("values") {
      guard !isSpring else { throw inv.error("a keyframe animation cannot be a spring", at: v.0) }
      guard !v.1.isEmpty else { throw inv.error("'values' needs at least one value", at: v.0) }
      var values: [[Double]] = []
      for t in v.1 {
        values.append(try word(t, inv) { t throws(Diagnostic) in try components(t, target, inv) })
      }
      var mode = KeyframeCurve.CalculationMode.linear
      if let m = clause("mode") {
        try extraWords(m, from: 1, inv)
        guard m.1.count == 1, let parsed = KeyframeCurve.CalculationMode(rawValue: m.1[0].text)
        else {
          let word = m.1.first?.text ?? ""
          let near = KeywordSuggestion.keyword(
            for: word, among: KeyframeCurve.CalculationMode.allCases.map(\.rawValue))
          throw inv.error(
            "mode is one of linear, discrete, paced, cubic, cubicPaced",
            hint: near.map { "did you mean '\($0)'?" }, at: m.1.first ?? m.0)
        }
        mode = parsed
      }
      var functions: [TimingFunction]? = nil
      if let c = clause("timings") {
        var fs: [TimingFunction] = []
        for t in c.1 {
          fs.append(try word(t, inv) { t throws(Diagnostic) in try timingFunction(t, inv) })
        }
        functions = fs
      }
      let curve = KeyframeCurve(
        values: values, keyTimes: try list("keyTimes", range: -1e9...1e9), mode: mode,
        timingFunctions: functions, tension: try list("tension", range: -1...1),
        continuity: try list("continuity", range: -1...1), bias: try list("bias", range: -1...1))
      for w in curve.warnings { warnings.append((w, clause("keyTimes")?.0 ?? v.0)) }
      animation = LayerAnimation(
        keyPath: target.keyPath, cellPath: target.cellPath, property: target.ref.name,
        field: target.ref.field, spec: .keyframe(curve), timing: timing)
    } else if isSpring {
      guard let to = try single("to") else {
        throw inv.error("a spring needs 'to VALUE'", at: clause("spring")?.0 ?? inv.nameToken)
      }
      var mass = 1.0
      var stiffness = 100.0
      var damping = 10.0
      var velocity = 0.0
      if let c = clause("mass") {
        mass = try number(c, inv, range: -1e9...1e9, what: "mass")
        guard mass > 0 else { throw inv.error("mass must be greater than 0", at: c.1[0]) }
      }
      if let c = clause("stiffness") {
        stiffness = try number(c, inv, range: -1e9...1e9, what: "stiffness")
        guard stiffness > 0 else {
          throw inv.error("stiffness must be greater than 0", at: c.1[0])
        }
      }
      if let c = clause("damping") {
        damping = try number(c, inv, range: -1e9...1e9, what: "damping")
        guard damping >= 0 else {
          throw inv.error("damping must be 0 or more", hint: "Apple: \"must be >= 0\"", at: c.1[0])
        }
      }
      if let c = clause("velocity") {
        velocity = try number(c, inv, range: -1e6...1e6, what: "velocity")
      }
      let curve = SpringCurve(
        mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      timing.duration = curve.settlingDuration
      animation = LayerAnimation(
        keyPath: target.keyPath, cellPath: target.cellPath, property: target.ref.name,
        field: target.ref.field, spec: .spring(from: try single("from"), to: to, curve),
        timing: timing)
    } else {
      let from = try single("from")
      let to = try single("to")
      let by = try single("by")
      guard from != nil || to != nil || by != nil else {
        throw inv.error(
          "expected from, to, by, values or spring", hint: "usage: \(inv.command.usage)",
          at: groups[0].0)
      }
      animation = LayerAnimation(
        keyPath: target.keyPath, cellPath: target.cellPath, property: target.ref.name,
        field: target.ref.field, spec: .basic(from: from, to: to, by: by), timing: timing)
    }
    // Options.
    for k in ["mass", "stiffness", "damping", "velocity"] where !isSpring {
      if let c = clause(k) { throw inv.error("'\(k)' applies to springs only", at: c.0) }
    }
    if animation.timing.duration == 0 { animation.timing.duration = 0.25 }
    if let c = clause("duration") {
      let d = try number(c, inv, range: -1e9...1e9, what: "duration")
      guard d > 0 else {
        throw inv.error("duration must be greater than 0", at: c.1[0])
      }
      animation.timing.duration = d
    }
    var delay = 0.0
    if let c = clause("delay") { delay = try number(c, inv, range: 0...1e9, what: "delay") }
    if let c = clause("timing") {
      guard c.1.count == 1 else {
        try extraWords(c, from: 1, inv)
        throw inv.error("'timing' takes one name", at: c.0)
      }
      animation.timingFunction = try timingFunction(c.1[0], inv)
    }
    if let c = clause("repeat") {
      guard c.1.count == 1 else {
        try extraWords(c, from: 1, inv)
        throw inv.error("'repeat' takes a count or forever", at: c.0)
      }
      if c.1[0].text == "forever" {
        animation.timing.repeatCount = .infinity
      } else {
        let count = c.1[0]
        animation.timing.repeatCount = try word(count, inv, keywords: keywords.union(["forever"])) {
          t throws(Diagnostic) in try inv.number(t, range: 0...1e9, what: "repeat")
        }
      }
    }
    if let c = clause("repeatDuration") {
      animation.timing.repeatDuration = try number(c, inv, range: 0...1e9, what: "repeatDuration")
    }
    if let c = clause("speed") {
      let v = try number(c, inv, range: -1000...1000, what: "speed")
      guard v > 0 else { throw inv.error("speed must be greater than 0", at: c.1[0]) }
      animation.timing.speed = v
    }
    if let c = clause("fill") {
      try extraWords(c, from: 1, inv)
      guard c.1.count == 1, let f = FillMode(rawValue: c.1[0].text) else {
        let modes = FillMode.allCases.map(\.rawValue)
        throw inv.error(
          "fill is one of \(modes.joined(separator: ", "))",
          hint: c.1.first.flatMap { KeywordSuggestion.hint(for: $0.text, among: modes) },
          at: c.1.first ?? c.0)
      }
      animation.timing.fillMode = f
    }
    for flag in ["autoreverses", "keep", "additive", "cumulative"] {
      guard let c = clause(flag) else { continue }
      guard c.1.isEmpty else {
        try extraWords(c, from: 0, inv)
        throw inv.error("'\(flag)' takes no value", at: c.1[0])
      }
    }
    animation.timing.autoreverses = clause("autoreverses") != nil
    animation.removedOnCompletion = clause("keep") == nil
    animation.additive = clause("additive") != nil
    animation.cumulative = clause("cumulative") != nil
    if let c = clause("key") {
      guard c.1.count == 1 else {
        try extraWords(c, from: 1, inv)
        throw inv.error("'key' takes one name", at: c.0)
      }
      animation.key = c.1[0].text
    } else {
      animation.key = freeKey(for: target.keyPath, on: target.layer, in: s.scene.model)
    }
    for (w, t) in warnings {
      s.sink.err(
        Diagnostic(w, at: inv.line, column: t.column, length: t.length, severity: .warning)
          .rendered())
    }
    animation.timing.beginTime = s.scene.localTime(of: target.layer, at: s.scene.now) + delay
    s.scene.model.addAnimation(animation, to: target.layer)
  }

  /// The key of an animation added without `key`: its key path, or the key path with the first
  /// free suffix `-2`, `-3`, … when that key is taken on the layer, so `cancel` can name it and,
  /// as in Core Animation, it never replaces an earlier animation.
  static func freeKey(for keyPath: String, on id: LayerID, in model: SceneModel) -> String {
    let taken = Set((model.layer(id)?.animations ?? []).compactMap(\.key))
    guard taken.contains(keyPath) else { return keyPath }
    var n = 2
    while taken.contains("\(keyPath)-\(n)") { n += 1 }
    return "\(keyPath)-\(n)"
  }

  static func timingFunction(_ t: Token, _ inv: Invocation) throws(Diagnostic) -> TimingFunction {
    if let f = TimingFunction(name: t.text) { return f }
    if t.text.hasPrefix("bezier") {
      do throws(TimingFunction.ParseError) {
        return try TimingFunction(parsing: t.text)
      } catch {
        throw inv.error(error.description, at: t)
      }
    }
    let names = TimingFunction.named.map(\.name)
    // Core Animation's constant names suggest by their short name.
    var word = Substring(t.text)
    let prefix = "kCAMediaTimingFunction"
    if word.lowercased().hasPrefix(prefix.lowercased()) { word = word.dropFirst(prefix.count) }
    let near = KeywordSuggestion.keyword(for: String(word), among: names)
    throw inv.error(
      "unknown timing function '\(t.text)'",
      hint: near.map { "did you mean '\($0)'?" }
        ?? "use \(names.joined(separator: ", ")) or bezier(x1,y1,x2,y2)", at: t)
  }

  static let uiviewKeywords: Set<String> = [
    "to", "duration", "delay", "curve", "damping", "velocity",
  ]

  static let uiview = Command(
    name: "uiview",
    usage:
      "uiview PATH to VALUE duration D [delay S] [curve easeInOut|easeIn|easeOut|linear]"
      + " | … damping RATIO [velocity V]",
    abstract:
      "UIView.animate: the model becomes VALUE at once and the presentation animates to it"
      + " (a spring with damping)",
    examples: [
      "uiview check.opacity to 1 duration 0.3",
      "uiview wave.transform.scale to 1 duration 1 delay 0.2 damping 0.4",
    ], hints: [.property, .keywords(["to", "duration", "delay", "curve", "damping", "velocity"])]
  ) { s, inv throws(Diagnostic) in
    let pathToken = try inv.argument(1, "PATH")
    let target = try target(pathToken, s, inv)
    let groups = try clauses(inv.args.dropFirst(), inv, keywords: uiviewKeywords)
    func clause(_ k: String) -> (Token, [Token])? { groups.first { $0.0.text == k } }
    guard let to = clause("to"), to.1.count == 1 else {
      if let to = clause("to") { try extraWords(to, from: 1, inv, keywords: uiviewKeywords) }
      throw inv.usageError("missing 'to VALUE'")
    }
    let value = try components(to.1[0], target, inv)
    guard let d = clause("duration") else { throw inv.usageError("missing 'duration D'") }
    let duration = try number(
      d, inv, range: -1e9...1e9, what: "duration", keywords: uiviewKeywords)
    guard duration > 0 else { throw inv.error("duration must be greater than 0", at: d.1[0]) }
    var delay = 0.0
    if let c = clause("delay") {
      delay = try number(c, inv, range: 0...1e9, what: "delay", keywords: uiviewKeywords)
    }
    // The old presentation value is where the animation starts.
    guard let old = s.scene.presentationValue(target.ref)?.components else {
      throw inv.error("cannot read the current value", at: pathToken)
    }
    var timing = MediaTiming()
    timing.duration = duration
    timing.beginTime = s.scene.localTime(of: target.layer, at: s.scene.now) + delay
    if delay > 0 { timing.fillMode = .backwards }
    var animation: LayerAnimation
    if let damp = clause("damping") {
      if let c = clause("curve") {
        throw inv.error("a spring animation has no curve (UIKit forces linear)", at: c.0)
      }
      let ratio = try number(
        damp, inv, range: -1e9...1e9, what: "damping ratio", keywords: uiviewKeywords)
      guard ratio > 0 else {
        throw inv.error("damping ratio must be greater than 0", at: damp.1[0])
      }
      var velocity = 0.0
      if let c = clause("velocity") {
        velocity = try number(
          c, inv, range: -1e6...1e6, what: "velocity", keywords: uiviewKeywords)
      }
      let curve = UIViewSpring.spring(duration: duration, dampingRatio: ratio, velocity: velocity)
      animation = LayerAnimation(
        keyPath: target.keyPath, cellPath: target.cellPath, property: target.ref.name,
        field: target.ref.field, spec: .spring(from: old, to: value, curve), timing: timing)
    } else {
      if let c = clause("velocity") {
        throw inv.error("velocity applies to the spring form (with damping)", at: c.0)
      }
      var curve = UIViewSpring.Curve.easeInOut
      if let c = clause("curve") {
        try extraWords(c, from: 1, inv, keywords: uiviewKeywords)
        guard c.1.count == 1, let parsed = UIViewSpring.Curve(rawValue: c.1[0].text) else {
          let curves = UIViewSpring.Curve.allCases.map(\.rawValue)
          throw inv.error(
            "curve is one of \(curves.joined(separator: ", "))",
            hint: c.1.first.flatMap { KeywordSuggestion.hint(for: $0.text, among: curves) },
            at: c.1.first ?? c.0)
        }
        curve = parsed
      }
      animation = LayerAnimation(
        keyPath: target.keyPath, cellPath: target.cellPath, property: target.ref.name,
        field: target.ref.field, spec: .basic(from: old, to: value, by: nil), timing: timing)
      animation.timingFunction = curve.timingFunction
    }
    animation.key = target.keyPath
    // The model value changes at once.
    let wholeRef = PropertyRef(object: target.ref.object, name: target.ref.name)
    guard let whole = s.scene.model.value(wholeRef) else {
      throw inv.error("cannot read the current value", at: pathToken)
    }
    let updated: PropertyValue?
    if let field = target.ref.field {
      updated = whole.setting(field: field, to: value[0])
    } else {
      updated = whole.withComponents(value)
    }
    guard let updated else { throw inv.error("cannot set the value", at: pathToken) }
    s.scene.model.apply(updated, to: wholeRef)
    s.scene.model.addAnimation(animation, to: target.layer)
  }

  static let animations = Command(
    name: "animations", usage: "animations PATH",
    abstract: "list a layer's animations with their progress", examples: ["animations button"],
    hints: [.layer], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let id = try inv.layer(try inv.argument(1, "PATH"), in: s.scene.model)
    let list = s.scene.model.layer(id)?.animations ?? []
    guard !list.isEmpty else {
      s.sink.out("no animations\n")
      return
    }
    let t = s.scene.localTime(of: id, at: s.scene.now)
    var rows = [["key", "keyPath", "kind", "begin", "duration", "progress"]]
    for a in list {
      let kind: String
      switch a.spec {
      case .basic: kind = "basic"
      case .keyframe(let c): kind = "keyframe \(c.mode.rawValue)"
      case .spring: kind = "spring"
      }
      let progress = a.progress(atLayerTime: t).map { "\(Int(($0 * 100).rounded()))%" } ?? "running"
      rows.append([
        a.key ?? "-", a.keyPath, kind, ValueFormatting.number(a.timing.beginTime),
        ValueFormatting.number(a.timing.duration), progress,
      ])
    }
    s.sink.out(TreePrinter.table(rows))
  }

  static let cancel = Command(
    name: "cancel", usage: "cancel PATH [KEY]",
    abstract: "remove a layer's animations (all, or those with KEY)",
    examples: ["cancel button", "cancel button bounce"], hints: [.layer, .none]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    let id = try inv.layer(try inv.argument(1, "PATH"), in: s.scene.model)
    let key = inv.args.count > 1 ? inv.text.tokens[2].text : nil
    let n = s.scene.model.cancelAnimations(on: id, key: key)
    if n == 0, let key {
      throw inv.error("no animation with key '\(key)'", at: inv.text.tokens[2])
    }
  }

  static let plot = Command(
    name: "plot", usage: "plot PATH FROM TO [SIZE]",
    abstract: "chart a presentation value over a span of scene time (e.g. a keyframe or spring)",
    examples: ["plot button.transform.scale 0 0.5", "plot badge.position.y 0 2 72x20"],
    hints: [.property, .none, .none, .none], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(4)
    let pathToken = try inv.argument(1, "PATH")
    let ref = try inv.property(pathToken, in: s.scene.model)
    let t0 = try inv.number(try inv.argument(2, "FROM"), range: 0...1e9, what: "FROM")
    let t1Token = try inv.argument(3, "TO")
    let t1 = try inv.number(t1Token, range: 0...1e9, what: "TO")
    guard t1 > t0 else { throw inv.error("TO must be later than FROM", at: t1Token) }
    var width = 60
    var height = 15
    if inv.args.count > 3 {
      let t = inv.text.tokens[4]
      let parts = t.text.split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count <= 2, let w = Int(parts[0]), (10...400).contains(w) else {
        throw inv.error("bad size '\(t.text)'", hint: "e.g. 60 or 60x15 (10…400 × 4…100)", at: t)
      }
      width = w
      if parts.count == 2 {
        guard let h = Int(parts[1]), (4...100).contains(h) else {
          throw inv.error("bad size '\(t.text)'", hint: "rows from 4 to 100", at: t)
        }
        height = h
      }
    }
    var samples: [[Double]] = []
    var scene = s.scene
    for i in 0..<width {
      let t = t0 + (t1 - t0) * Double(i) / Double(width - 1)
      guard let v = scene.presentedModel(at: t).value(ref)?.components else {
        throw inv.error("'\(ref.name)' is not a numeric property", at: pathToken)
      }
      samples.append(v)
    }
    scene.model = s.scene.model
    let names = s.scene.model.value(ref).map(\.fieldNames) ?? []
    s.sink.out(
      Chart.render(
        samples: samples, from: t0, to: t1, height: height, title: pathToken.text,
        seriesNames: samples.first.map { $0.count > 1 ? Array(names.prefix($0.count)) : [] } ?? []))
  }
}
