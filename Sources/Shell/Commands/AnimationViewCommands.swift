import Core

// uiview, animations, cancel and plot: the AnimationCommands that start a UIView animation,
// list, remove or chart a layer's animations.

extension AnimationCommands {
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
    abstract: "list a layer's animations with their progress (a group's children under it)",
    examples: ["animations button"],
    hints: [.layer], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let id = try inv.layer(try inv.argument(1, "PATH"), in: s.scene.model)
    let list = s.scene.model.layer(id)?.animations ?? []
    let transition = s.scene.transitions[id]
    guard !list.isEmpty || transition != nil else {
      s.sink.out("no animations\n")
      return
    }
    let t = s.scene.localTime(of: id, at: s.scene.now)
    var rows = [["key", "keyPath", "kind", "begin", "duration", "progress"]]
    func row(_ a: LayerAnimation, at t: Double, key: String, begin: String) -> [String] {
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
      case .group(let children):
        kind = "group of \(children.count)"
      }
      let progress = a.progress(atLayerTime: t).map { "\(Int(($0 * 100).rounded()))%" } ?? "running"
      return [
        key, a.isGroup ? "-" : a.keyPath, kind, begin, ValueFormatting.number(a.timing.duration),
        progress,
      ]
    }
    for a in list {
      rows.append(
        row(a, at: t, key: a.key ?? "-", begin: ValueFormatting.number(a.timing.beginTime)))
      // A group's children, under it: their begin counts from the group's start and their
      // progress is on the group's clock.
      guard a.isGroup else { continue }
      let local = a.clockTime(atLayerTime: t)
      for child in a.children {
        rows.append(
          row(
            child, at: local, key: "  └",
            begin: "+" + ValueFormatting.number(child.timing.beginTime)))
      }
    }
    if let tr = transition {
      // A CATransition, under Core Animation's key for it; it waits for the clock to move.
      let kind =
        "transition \(tr.type.rawValue)" + (tr.type == .fade ? "" : " \(tr.subtype.rawValue)")
      let progress =
        tr.beginTime == nil ? "waiting" : "\(Int((tr.fraction(atLayerTime: t) * 100).rounded()))%"
      rows.append([
        LayerTransition.key, "-", kind, tr.beginTime.map(ValueFormatting.number) ?? "-",
        ValueFormatting.number(tr.duration), progress,
      ])
    }
    s.sink.out(TreePrinter.table(rows))
  }

  /// `cancel PATH [KEY] ifPresent`: no error when there is no such layer or no animation has
  /// KEY; `remove PATH ifPresent`: none when there is no such layer or cell.
  static let ifPresent = Clause<Bool>.flag(
    "ifPresent",
    help:
      "no error when there is nothing to act on: cancel, no such layer or no animation with KEY"
      + " (Core Animation's removeAnimation(forKey:) then does nothing, and so does a message to"
      + " a nil layer); animate, no such layer or cell (an animation added to a nil optional);"
      + " remove, no such layer or"
      + " cell (removeFromSuperlayer() of a layer in no tree does nothing); set, no such layer"
      + " or cell (a property set through a nil optional, or a key path naming no cell, sets"
      + " nothing)")

  static let cancel = Command(
    name: "cancel", usage: "cancel PATH [KEY] [ifPresent] | cancel every [ID]",
    abstract:
      "remove a layer's animations (all, or those with KEY; a group with its children; its"
      + " transition with the key transition), or stop repeating timers (all, or timer ID)",
    examples: [
      "cancel button", "cancel button bounce", "cancel button bounce ifPresent",
      "cancel confetti ifPresent", "cancel every 1",
    ],
    hints: [.layer, .none, .clauses], clauses: [ifPresent.spec]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(3)
    if let first = inv.args.first, !first.quoted, first.text == TimeCommands.every.name {
      try inv.expectAtMost(2)
      try cancelTimers(s, inv)
      return
    }
    // `cancel PATH ifPresent`: the flag without a KEY (a key of that name is written quoted).
    let flagOnly = inv.args.count == 2 && SceneCommands.isIfPresent(inv.text.tokens[2])
    let key = inv.args.count > 1 && !flagOnly ? inv.text.tokens[2].text : nil
    var quiet = flagOnly
    if inv.args.count > 2 { quiet = try inv.clauses(from: 3).has(ifPresent) }
    let id: LayerID
    do throws(Diagnostic) {
      id = try inv.layer(try inv.argument(1, "PATH"), in: s.scene.model)
    } catch {
      if quiet { return }  // no such layer: nothing to cancel
      throw error
    }
    var n = s.scene.model.cancelAnimations(on: id, key: key)
    if key == nil || key == LayerTransition.key, s.scene.cancelTransition(on: id) { n += 1 }
    if n == 0, let key, !quiet {
      throw inv.error("no animation with key '\(key)'", at: inv.text.tokens[2])
    }
  }

  /// `cancel every [ID]`: removes one repeating timer, or all of them.
  private static func cancelTimers(_ s: Session, _ inv: Invocation) throws(Diagnostic) {
    var ids: [Int] = []
    for e in s.events {
      if case .timer(let t) = e.action { ids.append(t.id) }
    }
    ids.sort()
    guard !ids.isEmpty else { throw inv.error("no timers to cancel", at: inv.text.tokens[1]) }
    if inv.args.count > 1 {
      let token = inv.text.tokens[2]
      let id = Int(try inv.number(token, range: 1...1e9, what: "timer", integer: true))
      guard ids.contains(id) else {
        throw inv.error(
          "no timer \(id)",
          suggestion: .text("timers: \(ids.map(String.init).joined(separator: ", "))"),
          at: token)
      }
      ids = [id]
    }
    s.events.removeAll { e in
      if case .timer(let t) = e.action { return ids.contains(t.id) }
      return false
    }
  }

  static let plot = Command(
    name: "plot", usage: "plot PATH FROM TO [SIZE]",
    abstract: "chart a presentation value over a span of scene time (e.g. a keyframe or spring)",
    discussion:
      "FROM and TO are scene times; each may be written from the clock, as set writes beginTime:"
      + " \(SceneCommands.nowWord), \(SceneCommands.nowWord)+SECONDS or"
      + " \(SceneCommands.nowWord)-SECONDS. When PATH has animations and none of them runs"
      + " between FROM and TO, a note under the chart says when they run.",
    examples: [
      "plot button.transform.scale 0 0.5", "plot badge.position.y 0 2 72x20",
      "plot button.transform.scale now now+0.6",
    ],
    hints: [.property, .none, .none, .none], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(4)
    let pathToken = try inv.argument(1, "PATH")
    let ref = try inv.property(pathToken, in: s.scene.model)
    /// A time of the chart: a number, or read from the scene's clock as `set` reads `now`.
    func time(_ token: Token, _ what: String) throws(Diagnostic) -> Double {
      try inv.lift(token, prefix: what) { () throws(ValueError) in
        let text = try SceneCommands.now(token.text, at: s.scene.now) ?? token.text
        guard let t = try PropertyKind.number(0...1e9).parse(text).number else {
          throw ValueError("expected a number")
        }
        return t
      }
    }
    let t0 = try time(try inv.argument(2, "FROM"), "FROM")
    let t1Token = try inv.argument(3, "TO")
    let t1 = try time(t1Token, "TO")
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
    if let note = missedNote(scene, ref, path: pathToken.text, from: t0, to: t1) {
      s.sink.out("note: " + note + "\n")
    }
  }

  /// What `plot` says when PATH has animations and none runs between `t0` and `t1`: when they
  /// run instead (the span from the first start to the last end); nil otherwise.
  static func missedNote(
    _ scene: Scene, _ ref: PropertyRef, path: String, from t0: Double, to t1: Double
  ) -> String? {
    let animations = scene.animations(affecting: ref)
    let windows = animations.compactMap { scene.activeWindow(of: $0, on: ref.object.layerID) }
    // An animation on a clock that stands still may run at any time: then say nothing.
    guard !animations.isEmpty, windows.count == animations.count,
      !windows.contains(where: { $0.lowerBound <= t1 && $0.upperBound >= t0 }),
      let first = windows.map(\.lowerBound).min(), let last = windows.map(\.upperBound).max()
    else { return nil }
    func s(_ t: Double) -> String { Session.clockText(t) }
    let one = animations.count == 1
    let span =
      last.isFinite ? "from \(s(first)) to \(s(last)) s" : "from \(s(first)) s on, without end"
    return "no animation of \(path) runs between \(s(t0)) and \(s(t1)) s; its"
      + (one ? " animation runs " : " animations run ") + span
  }
}
