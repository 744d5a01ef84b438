import Core

/// Animations: animate, group, uiview, transition, animations, cancel, plot.
enum AnimationCommands {
  static let all: [Command] = [animate, group, uiview, transition, animations, cancel, plot]

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
    name: "animate", usage: "animate PATH SPEC [OPTIONS] [ifPresent]",
    abstract:
      "add a Core Animation animation (basic from/to/by, keyframe values, or spring); the model"
      + " value does not change",
    examples: [
      "animate button.transform.scale values 1.5 0.8 1.0 1.2 1.0 mode cubic duration 0.5",
      "animate button.opacity from 1 to 0 duration 2 timing easeIn keep fill forwards",
      "animate like.emitterCells.sparkle.birthRate values 1 0 0 duration 1 repeat forever",
      "animate badge.position.y spring to 40 damping 5",
      "animate button.opacity from 1 to 0 duration 0.4 delay 0.2 in pop",
      "animate burst.opacity from 1 to 0 duration 1 ifPresent",
    ], hints: [.property, .clauses], clauses: AnimateClause.all + [ifPresent.spec]
  ) { s, inv throws(Diagnostic) in
    typealias A = AnimateClause
    let pathToken = try inv.argument(1, "PATH")
    // `… ifPresent`: nothing to animate, and no error, when the layer or cell is not there
    // (an animation added through a nil optional).
    if inv.args.count > 2, SceneCommands.endsIfPresent(inv),
      SceneCommands.isAbsent(pathToken.keyPath, s.scene.model)
    {
      return
    }
    let target = try target(pathToken, s, inv)
    let c = try inv.clauses(from: 2)
    guard let first = c.given.first?.keyword else {
      throw inv.usageError("missing SPEC: from/to/by, values …, or spring …")
    }
    let group = try c.value(A.inGroup)
    if let group { try checkChild(of: group, target, c, s.scene.model) }
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
    case .spring: animation = try springAnimation(target, c, from: try start(target, c, s))
    case .basic:
      animation = try basicAnimation(target, c, first: first, from: try start(target, c, s))
    }
    let delay = try applyOptions(to: &animation, c)
    if group != nil {
      // A child runs on its group's clock: its delay counts from the group's start.
      animation.timing.beginTime = delay
    } else {
      if let key = try c.value(A.key) {
        animation.key = key.text
      } else {
        animation.key = freeKey(for: target.keyPath, on: target.layer, in: s.scene.model)
      }
      animation.timing.beginTime = s.scene.localTime(of: target.layer, at: s.scene.now) + delay
    }
    warnExtendedRange(target, s, inv)
    // Each once per command, as `Session.warn`'s: an action animating forty cells alike says
    // it once.
    for (w, t) in warnings where s.warnedThisCommand.insert(w).inserted {
      s.sink.err(
        Diagnostic(w, at: inv.line, column: t.column, length: t.length, severity: .warning)
          .rendered())
    }
    if let group {
      s.scene.model.addChild(animation, toGroup: group.text, on: target.layer)
    } else {
      s.scene.model.addAnimation(animation, to: target.layer)
    }
  }

  /// Checks `animate … in KEY`: the group exists on the animated property's layer, and the
  /// child gives none of the clauses its group's apply (key, keep, fill).
  static func checkChild(
    of group: Token, _ target: Target, _ c: ParsedClauses, _ model: SceneModel
  ) throws(Diagnostic) {
    let inv = c.invocation
    let layerName = KeyPathSyntax.spelled(model.layer(target.layer)?.name ?? "")
    for g in c.given where AnimateClause.groupOnly.contains(where: { $0.name == g.keyword.text }) {
      let word = g.keyword.text
      throw inv.error(
        "a group's child takes no '\(word)': its key, keep and fill belong to its group",
        hint: word == "key"
          ? "the group's key names it with its children: cancel \(layerName) \(group.text)"
          : "set it on the group: group \(layerName) \(group.text) … \(word)"
            + (word == "fill" ? " MODE" : ""),
        at: g.keyword)
    }
    let here = model.layer(target.layer)?.animations.filter(\.isGroup).compactMap(\.key) ?? []
    if here.contains(group.text) { return }
    // The group may be on another layer: a child animates its group's own layer.
    for id in model.treeOrder where id != target.layer {
      guard let l = model.layer(id),
        l.animations.contains(where: { $0.isGroup && $0.key == group.text })
      else { continue }
      let other = KeyPathSyntax.spelled(l.name)
      throw inv.error(
        "group '\(group.text)' is on layer '\(other)', not '\(layerName)'",
        hint: "a child animates its group's layer: animate \(other).PROPERTY … in \(group.text)",
        at: group)
    }
    if model.layer(target.layer)?.animations.contains(where: { $0.key == group.text }) == true {
      throw inv.error(
        "the animation '\(group.text)' on layer '\(layerName)' is not a group",
        hint: "make a group first: group \(layerName) KEY duration D; then … in KEY", at: group)
    }
    guard !here.isEmpty else {
      throw inv.error(
        "no group '\(group.text)' on layer '\(layerName)'; it has none",
        hint: "add one first: group \(layerName) \(group.text) duration D", at: group)
    }
    throw inv.error(
      "no group '\(group.text)' on layer '\(layerName)'; groups there: "
        + here.joined(separator: ", "),
      suggestion: KeywordSuggestion.keyword(for: group.text, among: here).map {
        .didYouMean($0, among: here)
      }, at: group)
  }

  static let group = Command(
    name: "group", usage: "group LAYER KEY [OPTIONS]",
    abstract:
      "add a CAAnimationGroup with KEY to a layer; animate PATH SPEC … in KEY adds its children",
    discussion:
      "The group has the timing options of an animation (duration, default 0.25 s as in Core"
      + " Animation; delay, repeat, repeatDuration, autoreverses, fill, keep, speed, timing) and"
      + " its key: a new animation or group with the same key replaces it, and cancel LAYER KEY"
      + " removes it with its children. animate PATH SPEC … in KEY adds a child, whose PATH must"
      + " be on the group's layer. Children run on the group's clock, also those added after"
      + " the group started: a child's delay counts from the group's start, and its own timing"
      + " options apply inside the group's time (the group's timing function, repeats and"
      + " autoreverses warp that time). Children are cut off at the group's duration, as in Core"
      + " Animation: in a group of duration 1, a child from 0 to 1 duration 2 (linear) is at"
      + " 0.25 at 0.5 s and the model value shows after 1 s. Outside the group's active time"
      + " none of its children apply, unless the group's fill holds them (at its start, or with"
      + " keep at its end). key, keep and fill belong to the group, so a child takes none.",
    examples: [
      "group button pop duration 0.6 timing easeOut",
      "group badge wiggle duration 1 repeat forever autoreverses",
    ], hints: [.layer, .none, .clauses], clauses: AnimateClause.groupTiming
  ) { s, inv throws(Diagnostic) in
    let id = try inv.layer(try inv.argument(1, "LAYER"), in: s.scene.model)
    let keyToken = try inv.argument(2, "KEY")
    if !keyToken.quoted, inv.command.clauses.contains(where: { $0.name == keyToken.text }) {
      throw inv.error(
        "missing KEY before '\(keyToken.text)'", hint: "usage: \(inv.command.usage)",
        at: keyToken)
    }
    guard !keyToken.text.isEmpty else {
      throw inv.error("a group's key may not be empty", hint: "e.g. group LAYER pop", at: keyToken)
    }
    let c = try inv.clauses(from: 3)
    var group = LayerAnimation.group(timing: MediaTiming())
    let delay = try applyTiming(to: &group, c)
    group.key = keyToken.text
    group.timing.beginTime = s.scene.localTime(of: id, at: s.scene.now) + delay
    s.scene.model.addAnimation(group, to: id)
  }

  /// `from VALUE`, or `from presentation`: the presentation value now (what `uiview` starts
  /// from, and what code reading `presentation()` gets before its own changes show).
  static func start(_ target: Target, _ c: ParsedClauses, _ s: Session) throws(Diagnostic)
    -> [Double]?
  {
    guard let t = try c.value(AnimateClause.from), !t.quoted,
      t.text == AnimateClause.presentationWord
    else { return try value(AnimateClause.from, target, c) }
    guard let v = s.scene.presentationValue(target.ref)?.components else {
      throw c.invocation.error("cannot read the current value", at: t)
    }
    return v
  }

  /// `from A`, `to B`, `by C`: a CABasicAnimation.
  static func basicAnimation(
    _ target: Target, _ c: ParsedClauses, first: Token, from: [Double]?
  ) throws(Diagnostic) -> LayerAnimation {
    typealias A = AnimateClause
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
    guard case .point = target.kind, target.ref.field == nil, target.cellPath.isEmpty else {
      throw c.invocation.error(
        "'path' moves a layer's point property (position, emitterPosition, anchorPoint), not"
          + " \(target.keyPath)",
        hint: "animate LAYER.position path …", at: keyword)
    }
    let rotation = try c.value(A.rotate)
    if rotation != nil, target.ref.name != "position" {
      throw c.invocation.error(
        "'rotate' turns the layer along a path of its position, not of \(target.keyPath)",
        hint: "leave out rotate, or animate LAYER.position path … rotate auto",
        at: c.keyword(A.rotate) ?? keyword)
    }
    let path = try c.value(A.path)
    let curve = KeyframeCurve(
      values: [], keyTimes: try c.value(A.keyTimes), mode: try c.value(A.mode, default: .linear),
      timingFunctions: try c.value(A.timings), path: path, rotationMode: rotation)
    let at = c.keyword(A.keyTimes) ?? keyword
    return (target.animation(.keyframe(curve)), curve.warnings.map { ($0, at) })
  }

  /// `spring to B` with `from`, `mass`, `stiffness`, `damping` and `velocity`: a
  /// CASpringAnimation lasting its settling time.
  static func springAnimation(_ target: Target, _ c: ParsedClauses, from: [Double]?)
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
      .spring(from: from, to: to, curve), timing: timing)
  }

  /// The options every kind of animation takes (but `key` and `in`); returns the delay, which
  /// counts from now in the layer's time (for a group's child, from the group's start).
  static func applyOptions(to animation: inout LayerAnimation, _ c: ParsedClauses)
    throws(Diagnostic) -> Double
  {
    let delay = try applyTiming(to: &animation, c)
    animation.additive = c.has(AnimateClause.additive)
    animation.cumulative = c.has(AnimateClause.cumulative)
    return delay
  }

  /// The timing options animations and groups share (`AnimateClause.groupTiming`): Core
  /// Animation's default duration of 0.25 s when none is given (a spring's is its settling
  /// time); returns the delay.
  static func applyTiming(to animation: inout LayerAnimation, _ c: ParsedClauses)
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
}
