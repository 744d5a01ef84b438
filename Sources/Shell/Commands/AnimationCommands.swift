import Core

/// Animations: animate, uiview, animations, cancel, plot.
enum AnimationCommands {
  static let all: [Command] = [animate, uiview, animations, cancel, plot]

  /// The property an animation targets, with what is needed to read its values.
  struct Target {
    let ref: PropertyRef
    let layer: LayerID
    let cellPath: [CellID]
    let kind: PropertyKind
    let keyPath: String

    /// An animation of this property (the key and options are set later).
    func animation(_ spec: LayerAnimation.Spec, timing: MediaTiming = MediaTiming())
      -> LayerAnimation
    {
      LayerAnimation(
        keyPath: keyPath, cellPath: cellPath, property: ref.name, field: ref.field, spec: spec,
        timing: timing)
    }
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

  /// Warns once when a colour value among the command's words is extended-range (a
  /// component outside 0…1): it is animated as given and clamped when drawn.
  static func warnExtendedRange(_ target: Target, _ s: Session, _ inv: Invocation) {
    guard case .color = target.kind else { return }
    for t in inv.args {
      if let v = try? PropertyKind.color.parse(t.text), PropertyKind.isExtendedRange(v) {
        s.warnExtendedRange(v, at: inv.text)
        return
      }
    }
  }

  /// Reads a value of the target's kind as components.
  static func components(_ t: Token, _ target: Target, _ inv: Invocation) throws(Diagnostic)
    -> [Double]
  {
    try inv.lift(t, prefix: "bad value for \(target.ref.name)") { () throws(ValueError) in
      guard let c = try target.kind.parse(t.text).components else {
        throw ValueError("this value cannot be animated")
      }
      return c
    }
  }

  /// A clause's value of the target's kind, or nil when the clause is not given; a misspelt
  /// keyword in its place is named as such (`to duraton`).
  static func value(
    _ clause: Clause<Token>, _ target: Target, _ c: ParsedClauses
  ) throws(Diagnostic) -> [Double]? {
    guard let t = try c.value(clause) else { return nil }
    return try c.word(t) { t throws(Diagnostic) in try components(t, target, c.invocation) }
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
    ], hints: [.property, .clauses], clauses: AnimateClause.all
  ) { s, inv throws(Diagnostic) in
    typealias A = AnimateClause
    let target = try target(try inv.argument(1, "PATH"), s, inv)
    let c = try inv.clauses(from: 2)
    guard let first = c.given.first?.keyword else {
      throw inv.usageError("missing SPEC: from/to/by, values …, or spring …")
    }
    let kind: AnimationKind
    if let p = c.keyword(A.path) {
      guard !c.has(A.spring) else {
        throw inv.error("a path animation cannot be a spring", at: p)
      }
      kind = .path
    } else if let v = c.keyword(A.values) {
      guard !c.has(A.spring) else {
        throw inv.error("a keyframe animation cannot be a spring", at: v)
      }
      kind = .keyframe
    } else {
      kind = c.has(A.spring) ? .spring : .basic
    }
    for (specs, kinds, message) in A.restricted where !kinds.contains(kind) {
      for g in c.given where specs.contains(where: { $0.name == g.keyword.text }) {
        throw inv.error("'\(g.keyword.text)' \(message)", at: g.keyword)
      }
    }
    var warnings: [(String, Token)] = []
    var animation: LayerAnimation
    switch kind {
    case .keyframe: (animation, warnings) = try keyframeAnimation(target, c)
    case .path: (animation, warnings) = try pathAnimation(target, c)
    case .spring: animation = try springAnimation(target, c)
    case .basic: animation = try basicAnimation(target, c, first: first)
    }
    let delay = try applyOptions(to: &animation, c)
    if let key = try c.value(A.key) {
      animation.key = key.text
    } else {
      animation.key = freeKey(for: target.keyPath, on: target.layer, in: s.scene.model)
    }
    warnExtendedRange(target, s, inv)
    for (w, t) in warnings {
      s.sink.err(
        Diagnostic(w, at: inv.line, column: t.column, length: t.length, severity: .warning)
          .rendered())
    }
    animation.timing.beginTime = s.scene.localTime(of: target.layer, at: s.scene.now) + delay
    s.scene.model.addAnimation(animation, to: target.layer)
  }

  /// `from A`, `to B`, `by C`: a CABasicAnimation.
  static func basicAnimation(_ target: Target, _ c: ParsedClauses, first: Token)
    throws(Diagnostic) -> LayerAnimation
  {
    typealias A = AnimateClause
    let from = try value(A.from, target, c)
    let to = try value(A.to, target, c)
    let by = try value(A.by, target, c)
    guard from != nil || to != nil || by != nil else {
      throw c.invocation.error(
        "expected from, to, by, values or spring", suggestion: c.invocation.usage, at: first)
    }
    return target.animation(.basic(from: from, to: to, by: by))
  }

  /// `values …` with `keyTimes`, `mode`, `timings`, `tension`, `continuity` and `bias`: a
  /// CAKeyframeAnimation, and the warnings its key times give.
  static func keyframeAnimation(_ target: Target, _ c: ParsedClauses)
    throws(Diagnostic) -> (LayerAnimation, [(String, Token)])
  {
    typealias A = AnimateClause
    var values: [[Double]] = []
    for t in try c.value(A.values) ?? [] {
      values.append(
        try c.word(t) { t throws(Diagnostic) in try components(t, target, c.invocation) })
    }
    let mode = try c.value(A.mode, default: .linear)
    let functions = try c.value(A.timings)
    let curve = KeyframeCurve(
      values: values, keyTimes: try c.value(A.keyTimes), mode: mode,
      timingFunctions: functions, tension: try c.value(A.tension),
      continuity: try c.value(A.continuity), bias: try c.value(A.bias))
    let at = c.keyword(A.keyTimes) ?? c.keyword(A.values) ?? c.invocation.nameToken
    return (target.animation(.keyframe(curve)), curve.warnings.map { ($0, at) })
  }

  /// `path ELEMENT …` with `rotate`, `keyTimes`, `mode` and `timings`: a CAKeyframeAnimation
  /// moving a layer's position along a path, and the warnings its key times give.
  static func pathAnimation(_ target: Target, _ c: ParsedClauses)
    throws(Diagnostic) -> (LayerAnimation, [(String, Token)])
  {
    typealias A = AnimateClause
    let keyword = c.keyword(A.path) ?? c.invocation.nameToken
    guard target.ref.name == "position", target.ref.field == nil, target.cellPath.isEmpty else {
      throw c.invocation.error(
        "'path' moves a layer's position, not \(target.keyPath)",
        hint: "animate LAYER.position path …", at: keyword)
    }
    let path = try c.value(A.path)
    let curve = KeyframeCurve(
      values: [], keyTimes: try c.value(A.keyTimes), mode: try c.value(A.mode, default: .linear),
      timingFunctions: try c.value(A.timings), path: path, rotationMode: try c.value(A.rotate))
    let at = c.keyword(A.keyTimes) ?? keyword
    return (target.animation(.keyframe(curve)), curve.warnings.map { ($0, at) })
  }

  /// `spring to B` with `from`, `mass`, `stiffness`, `damping` and `velocity`: a
  /// CASpringAnimation lasting its settling time.
  static func springAnimation(_ target: Target, _ c: ParsedClauses)
    throws(Diagnostic) -> LayerAnimation
  {
    typealias A = AnimateClause
    guard let to = try value(A.to, target, c) else {
      throw c.invocation.error(
        "a spring needs 'to VALUE'", at: c.keyword(A.spring) ?? c.invocation.nameToken)
    }
    let curve = SpringCurve(
      mass: try c.value(A.mass, default: 1), stiffness: try c.value(A.stiffness, default: 100),
      damping: try c.value(A.damping, default: 10),
      initialVelocity: try c.value(A.velocity, default: 0))
    var timing = MediaTiming()
    timing.duration = curve.settlingDuration
    return target.animation(
      .spring(from: try value(A.from, target, c), to: to, curve), timing: timing)
  }

  /// The options every kind of animation takes (but `key`); returns the delay, which counts
  /// from now in the layer's time.
  static func applyOptions(to animation: inout LayerAnimation, _ c: ParsedClauses)
    throws(Diagnostic) -> Double
  {
    typealias A = AnimateClause
    if animation.timing.duration == 0 { animation.timing.duration = 0.25 }
    if let d = try c.value(A.duration) { animation.timing.duration = d }
    let delay = try c.value(A.delay, default: 0)
    if let f = try c.value(A.timing) { animation.timingFunction = f }
    if let n = try c.value(A.repeatCount) { animation.timing.repeatCount = n }
    if let d = try c.value(A.repeatDuration) { animation.timing.repeatDuration = d }
    if let v = try c.value(A.speed) { animation.timing.speed = v }
    if let f = try c.value(A.fill) { animation.timing.fillMode = f }
    animation.timing.autoreverses = c.has(A.autoreverses)
    animation.removedOnCompletion = !c.has(A.keep)
    animation.additive = c.has(A.additive)
    animation.cumulative = c.has(A.cumulative)
    return delay
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

  /// A timing function by name (also Core Animation's constant) or `bezier(x1,y1,x2,y2)`.
  static func timingFunction(_ t: Token, _ inv: Invocation) throws(Diagnostic) -> TimingFunction {
    if let f = TimingFunction(name: t.text) { return f }
    if t.text.hasPrefix("bezier") {
      do throws(TimingFunction.ParseError) {
        return try TimingFunction(parsing: t.text)
      } catch {
        throw inv.error(error.description, at: t)
      }
    }
    let names = AnimateClause.timingNames
    let all = names + [AnimateClause.bezierForm]
    // Apple's spellings (`kCAMediaTimingFunctionEaseIm`) suggest by their short name.
    let word = TimingFunction.constantNames.plainName(t.text)
    let near = KeywordSuggestion.keyword(for: word, among: names)
    throw inv.error(
      "unknown timing function '\(t.text)'",
      suggestion: near.map { .didYouMean($0, among: all) } ?? .oneOf(all), at: t)
  }

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
    ], hints: [.property, .clauses], clauses: UIViewClause.all
  ) { s, inv throws(Diagnostic) in
    typealias U = UIViewClause
    let pathToken = try inv.argument(1, "PATH")
    let target = try target(pathToken, s, inv)
    let c = try inv.clauses(from: 2)
    guard let toToken = try c.value(U.to) else { throw inv.usageError("missing 'to VALUE'") }
    let value = try components(toToken, target, inv)
    guard let duration = try c.value(U.duration) else {
      throw inv.usageError("missing 'duration D'")
    }
    warnExtendedRange(target, s, inv)
    let delay = try c.value(U.delay, default: 0)
    // The old presentation value is where the animation starts.
    guard let old = s.scene.presentationValue(target.ref)?.components else {
      throw inv.error("cannot read the current value", at: pathToken)
    }
    var timing = MediaTiming()
    timing.duration = duration
    timing.beginTime = s.scene.localTime(of: target.layer, at: s.scene.now) + delay
    if delay > 0 { timing.fillMode = .backwards }
    var animation: LayerAnimation
    if let ratio = try springRatio(c) {
      let velocity = try c.value(U.velocity, default: 0)
      let curve = UIViewSpring.spring(duration: duration, dampingRatio: ratio, velocity: velocity)
      animation = target.animation(.spring(from: old, to: value, curve), timing: timing)
    } else {
      if let v = c.keyword(U.velocity) {
        throw inv.error("velocity applies to the spring form (with damping)", at: v)
      }
      let curve = try c.value(U.curve, default: .easeInOut)
      animation = target.animation(.basic(from: old, to: value, by: nil), timing: timing)
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

  /// The damping ratio of `uiview`'s spring form, or nil for the curve form.
  private static func springRatio(_ c: ParsedClauses) throws(Diagnostic) -> Double? {
    guard c.has(UIViewClause.damping) else { return nil }
    if let k = c.keyword(UIViewClause.curve) {
      throw c.invocation.error("a spring animation has no curve (UIKit forces linear)", at: k)
    }
    return try c.value(UIViewClause.damping)
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
      var kind: String
      switch a.spec {
      case .basic: kind = "basic"
      case .keyframe(let c) where c.path != nil:
        kind = "path \(c.mode.rawValue)"
        switch c.rotationMode {
        case .rotateAuto: kind += " rotate auto"
        case .rotateAutoReverse: kind += " rotate autoReverse"
        case nil: break
        }
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
    let scene = s.scene
    for i in 0..<width {
      let t = t0 + (t1 - t0) * Double(i) / Double(width - 1)
      guard let v = scene.presentedModel(at: t).value(ref)?.components else {
        throw inv.error("'\(ref.name)' is not a numeric property", at: pathToken)
      }
      samples.append(v)
    }
    let names = s.scene.model.value(ref).map(\.fieldNames) ?? []
    s.sink.out(
      Chart.render(
        samples: samples, from: t0, to: t1, height: height, title: pathToken.text,
        seriesNames: samples.first.map { $0.count > 1 ? Array(names.prefix($0.count)) : [] } ?? []))
  }
}
