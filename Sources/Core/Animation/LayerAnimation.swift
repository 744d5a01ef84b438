/// A Core Animation animation attached to a layer: CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation or CAAnimationGroup, with its CAMediaTiming and options.
///
/// Values are component vectors (a number is one component, a point two, a rect four, a colour
/// four), so one evaluator serves every animatable kind.
package struct LayerAnimation: Sendable, Equatable {
  /// What kind of animation, with its values.
  package enum Spec: Sendable, Equatable {
    /// CABasicAnimation: Apple's from/to/by rules (see `endpoints`).
    case basic(from: [Double]?, to: [Double]?, by: [Double]?)
    case keyframe(KeyframeCurve)
    /// CASpringAnimation: `from + (to − from)·x(t)` with the spring's displacement x.
    case spring(from: [Double]?, to: [Double], SpringCurve)
    /// CAAnimationGroup: a timing container whose children run on its local time (their
    /// `beginTime` counts from the group's start) and are cut off at its end
    /// (`childTime(atLayerTime:)`). A group animates no property of its own.
    case group([LayerAnimation])
  }

  /// `addAnimation(_:forKey:)`'s key: a new animation with the same key replaces the old one.
  package var key: String?
  /// The key path as written, relative to the layer (`transform.scale`,
  /// `emitterCells.sparkle.birthRate`, `position.x`).
  package var keyPath: String
  /// The animated property: the cell (ids from the top; empty for the layer itself), the
  /// property's name in its table, and a field of it.
  package var cellPath: [CellID]
  package var property: String
  package var field: String?
  package var spec: Spec
  /// Timing in the layer's local time (beginTime is when it starts there).
  package var timing: MediaTiming
  package var timingFunction: TimingFunction?
  package var removedOnCompletion = true
  package var additive = false
  package var cumulative = false

  package init(
    keyPath: String, cellPath: [CellID], property: String, field: String?, spec: Spec,
    timing: MediaTiming
  ) {
    self.keyPath = keyPath
    self.cellPath = cellPath
    self.property = property
    self.field = field
    self.spec = spec
    self.timing = timing
  }

  /// An empty CAAnimationGroup with `timing` (its key path, cell path and property are empty:
  /// it animates nothing itself).
  package static func group(timing: MediaTiming) -> LayerAnimation {
    LayerAnimation(
      keyPath: "", cellPath: [], property: "", field: nil, spec: .group([]), timing: timing)
  }

  /// Whether this is a CAAnimationGroup.
  package var isGroup: Bool {
    if case .group = spec { return true }
    return false
  }

  /// A group's children, in the order they were added (empty for any other animation).
  package var children: [LayerAnimation] {
    if case .group(let list) = spec { return list }
    return []
  }

  /// Whether this animation, or for a group one of its children (at any depth), passes `test`.
  package func contains(where test: (LayerAnimation) -> Bool) -> Bool {
    if case .group(let list) = spec { return list.contains { $0.contains(where: test) } }
    return test(self)
  }

  /// A group's local time at layer time `t`: the parent time its children are evaluated at, or
  /// nil when the group shows nothing there (outside its active window and not filled), so none
  /// of its children apply. It is the group's basic time (restarting each repeat, mirrored in
  /// an autoreversed half) through its timing function, times its duration: it never passes
  /// the group's duration, which is how the children are cut off at the group's end; a kept
  /// group filled forwards holds its children at its end time. Nil for any other animation.
  func childTime(atLayerTime t: Double) -> Double? {
    guard isGroup,
      case .animated(let f, _) = clock.presentation(at: t, kept: !removedOnCompletion)
    else { return nil }
    return groupTime(fraction: f)
  }

  /// A group's local time at layer time `t` whatever its fill: its start before its active
  /// window, its end after it (for `animations`, which shows each child's progress).
  package func clockTime(atLayerTime t: Double) -> Double {
    switch clock.phase(at: t) {
    case .before: return groupTime(fraction: clock.point(atActiveTime: 0).fraction)
    case .active(let f, _), .after(let f, _): return groupTime(fraction: f)
    }
  }

  /// The group time at a basic fraction of its duration, through its timing function.
  private func groupTime(fraction f: Double) -> Double {
    let d = timing.duration.isFinite && timing.duration > 0 ? timing.duration : 0
    return (timingFunction.map { $0(f) } ?? f) * d
  }

  /// The animations that apply at layer time `t` and the time each is evaluated at: this one at
  /// `t`, or for a group its children (recursively) at the group's local time, none when the
  /// group shows nothing there. The order is the order they apply in.
  func applying(atLayerTime t: Double) -> [(animation: LayerAnimation, time: Double)] {
    guard case .group(let list) = spec else { return [(self, t)] }
    guard let local = childTime(atLayerTime: t) else { return [] }
    return list.flatMap { $0.applying(atLayerTime: local) }
  }

  /// For a spring played once: the layer time after which it is at rest for good
  /// (`SpringCurve.restTime`), so it no longer changes anything; nil otherwise.
  var restsAt: Double? {
    guard case .spring(_, _, let curve) = spec, curve.restTime.isFinite,
      timing.repeatCount <= 1, timing.repeatDuration <= 0, !timing.autoreverses,
      timing.timeOffset == 0, timing.speed > 0
    else { return nil }
    return timing.beginTime + curve.restTime / timing.speed
  }

  /// The clock of this animation.
  package var clock: AnimationClock { AnimationClock(timing: timing) }

  /// Whether it has ended and is removed (or inert): past its active window and not kept.
  package func isRemoved(atLayerTime t: Double) -> Bool {
    removedOnCompletion && clock.isFinished(at: t)
  }

  /// Its progress at layer time `t`: 0 before, the fraction of the active duration while
  /// running, 1 after (nil for an endless animation while it runs).
  package func progress(atLayerTime t: Double) -> Double? {
    let a = (t - timing.beginTime) * timing.speed
    let ad = clock.activeDuration
    if a <= 0 { return 0 }
    if a >= ad { return 1 }
    return ad.isFinite && ad > 0 ? a / ad : nil
  }

  /// The start and end values of a basic animation over the `underlying` value (the value the
  /// animation would otherwise show), by Apple's rules: from+to, from+by (to = from + by),
  /// by+to (from = to − by), from alone (to the underlying value), to alone (from the underlying
  /// value), by alone (underlying to underlying + by).
  static func endpoints(from: [Double]?, to: [Double]?, by: [Double]?, underlying u: [Double])
    -> ([Double], [Double])
  {
    switch (from, to, by) {
    case (let f?, let t?, _): return (f, t)
    case (let f?, nil, let b?): return (f, add(f, b))
    case (nil, let t?, let b?): return (add(t, b.map { -$0 }), t)
    case (let f?, nil, nil): return (f, u)
    case (nil, let t?, nil): return (u, t)
    case (nil, nil, let b?): return (u, add(u, b))
    case (nil, nil, nil): return (u, u)
    }
  }

  static func add(_ a: [Double], _ b: [Double]) -> [Double] {
    zip(a, b).map { $0 + $1 }
  }

  static func lerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
    zip(a, b).map { $0 + ($1 - $0) * t }
  }

  /// The rotation a path animation with a `rotationMode` adds to the layer at layer time `t`
  /// (the path's tangent angle, see `KeyframeCurve.rotation(at:)`), or nil when it adds none
  /// (no path or rotation mode, or the animation shows nothing there).
  func pathRotation(atLayerTime t: Double) -> Double? {
    guard case .keyframe(let curve) = spec, curve.rotationMode != nil,
      case .animated(let f, _) = clock.presentation(at: t, kept: !removedOnCompletion)
    else { return nil }
    return curve.rotation(at: timingFunction.map { $0(f) } ?? f)
  }

  /// The value this animation shows at layer time `t` over `underlying` (the model value with
  /// the animations added before it applied), or nil when it shows the model value there.
  package func value(atLayerTime t: Double, underlying: [Double]) -> [Double]? {
    guard case .animated(let f, let cycle) = clock.presentation(at: t, kept: !removedOnCompletion)
    else { return nil }
    let g = timingFunction.map { $0(f) } ?? f
    var v: [Double]
    let end: [Double]
    switch spec {
    case .basic(let from, let to, let by):
      let (a, b) = Self.endpoints(from: from, to: to, by: by, underlying: underlying)
      v = Self.lerp(a, b, g)
      end = b
    case .keyframe(let curve):
      v = curve.value(at: g)
      end = curve.values.last ?? underlying
    case .spring(let from, let to, let curve):
      v = curve.value(from: from ?? underlying, to: to, at: g * timing.duration)
      end = to
    case .group:
      return nil  // a group shows its children's values (`applying(atLayerTime:)`)
    }
    guard v.count == underlying.count else { return nil }
    // cumulative: each repeat builds on the end of the previous one (SMIL accumulate="sum").
    if cumulative, cycle > 0 {
      v = Self.add(v, end.map { $0 * Double(cycle) })
    }
    return additive ? Self.add(underlying, v) : v
  }
}
