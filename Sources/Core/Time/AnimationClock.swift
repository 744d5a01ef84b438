/// CAMediaTiming for one animation (docs/semantics.md, "Timing"): from a parent time to the
/// phase and the basic time fraction that feeds the timing functions.
///
/// ```
/// cycle = duration · (autoreverses ? 2 : 1)
/// AD    = repeatDuration > 0 ? repeatDuration : cycle · (repeatCount > 0 ? repeatCount : 1)
/// a     = (tp − beginTime) · speed                  elapsed active time (s)
/// phase = a < 0 ? before : (a ≥ AD ? after : active)
/// ta    = clamp(a, 0, AD) + timeOffset              timeOffset shifts the phase only (choice)
/// c     = ta − n·cycle, n = floor(ta / cycle)       at the end: the end of the last cycle
/// basic = autoreverses && c > duration ? cycle − c : c
/// f     = basic / duration
/// ```
///
/// Unlike `MediaTiming.activeDuration` (which serves cells), a fractional `repeatCount` below 1
/// shortens the animation (0.5 plays half a cycle), as Apple documents fractional counts.
package struct AnimationClock: Sendable, Equatable {
  /// Where an animation stands at a parent time.
  package enum Phase: Sendable, Equatable {
    /// Before its active window (`a < 0`).
    case before
    /// Inside its active window: `fraction` is the basic time over the duration (0…1, mirrored in
    /// the reverse half of an autoreversing cycle), `cycle` the number of whole cycles completed.
    case active(fraction: Double, cycle: Int)
    /// After its active window (`a ≥ AD`): the fraction and cycle of the very end, i.e. the end
    /// of the last cycle (fraction 1 for a forward end, 0 for an autoreversed end).
    case after(fraction: Double, cycle: Int)
  }

  /// What a fill rule shows outside the active window.
  package enum Fill: Sendable, Equatable {
    /// The layer's model value (the animation has no effect).
    case modelValue
    /// The animation's value at the start of its active window (a = 0).
    case firstValue
    /// The animation's value at the end of its active window (a = AD).
    case lastValue
  }

  /// What the presentation layer shows for this animation at a parent time.
  package enum Presentation: Sendable, Equatable {
    /// The model value.
    case modelValue
    /// The animation's value at this basic fraction and completed cycle count.
    case animated(fraction: Double, cycle: Int)
  }

  /// The timing, with `duration` already defaulted by the caller (Core Animation uses 0.25 s).
  package let timing: MediaTiming

  /// A clock for `timing`. Non-finite `beginTime`, `timeOffset` or `speed` are read as their
  /// defaults (0, 0, 1).
  package init(timing: MediaTiming) {
    var t = timing
    if !t.beginTime.isFinite { t.beginTime = 0 }
    if !t.timeOffset.isFinite { t.timeOffset = 0 }
    if !t.speed.isFinite { t.speed = 1 }
    self.timing = t
  }

  /// Whether the duration is usable (finite and > 0). (choice) Otherwise the animation is
  /// instantaneous: it ends at its begin time with fraction 1.
  private var hasDuration: Bool { timing.duration.isFinite && timing.duration > 0 }

  /// One cycle (s): `duration`, doubled with `autoreverses`.
  var cycleDuration: Double {
    hasDuration ? timing.duration * (timing.autoreverses ? 2 : 1) : 0
  }

  /// The active duration AD (s): `repeatDuration` when > 0, else `cycle · repeatCount` (one
  /// cycle when the count is 0, negative or NaN). Infinite for an infinite count or duration
  /// (Core Animation's `HUGE_VALF` or `Float.greatestFiniteMagnitude` counts as forever).
  var activeDuration: Double {
    guard hasDuration else { return 0 }
    if timing.repeatDuration > 0 {  // NaN compares false
      return timing.repeatDuration
    }
    let count = timing.repeatCount
    if count >= Double(Float.greatestFiniteMagnitude) { return .infinity }
    return cycleDuration * (count > 0 ? count : 1)
  }

  /// The phase at parent time `parentTime` (s). (choice) A NaN parent time is `.before`.
  package func phase(at parentTime: Double) -> Phase {
    let a = (parentTime - timing.beginTime) * timing.speed
    guard !a.isNaN else { return .before }
    if a < 0 { return .before }
    let end = activeDuration
    // (choice) Within a relative Tolerance.activeEnd of the end counts as the end, so that
    // scripted times such as 3 × 0.1 s finish an animation of 3 × 0.1 s despite rounding.
    if end.isFinite && a >= end - end * Tolerance.activeEnd {
      let point = self.point(atActiveTime: end)
      return .after(fraction: point.fraction, cycle: point.cycle)
    }
    let point = self.point(atActiveTime: a)
    return .active(fraction: point.fraction, cycle: point.cycle)
  }

  /// Whether the active window is over (`a ≥ AD`); an infinite animation never finishes.
  package func isFinished(at parentTime: Double) -> Bool {
    if case .after = phase(at: parentTime) { return true }
    return false
  }

  /// The basic fraction and completed cycles at elapsed active time `a` (clamped to [0, AD]).
  ///
  /// At `a = AD` exactly, a cycle boundary (within `Tolerance.cycleBoundary` of a cycle, for rounding) counts as the end
  /// of the last cycle, not the start of the next. (choice) `cycle` is clamped to ±2⁶² so it
  /// never traps; it is negative when a negative `timeOffset` reaches back before the start.
  package func point(atActiveTime a: Double) -> (fraction: Double, cycle: Int) {
    guard hasDuration else { return (1, 0) }
    let end = activeDuration
    let clamped = a.isNaN ? 0 : min(max(a, 0), end)
    let ta = clamped + timing.timeOffset
    let cycle = cycleDuration
    guard ta.isFinite else { return (0, 0) }  // only for an endless animation at a = ∞
    var n = (ta / cycle).rounded(.down)
    var c = ta - n * cycle
    if c < 0 { c = 0 }  // rounding
    if c >= cycle {  // rounding: c belongs to the next cycle
      c -= cycle
      n += 1
    }
    if clamped == end && c <= cycle * Tolerance.cycleBoundary && ta > 0 {
      c = cycle
      n -= 1
    }
    let basic = timing.autoreverses && c > timing.duration ? cycle - c : c
    let fraction = min(max(basic / timing.duration, 0), 1)
    let limit = Double(1 << 62)
    return (fraction, Int(min(max(n, -limit), limit)))
  }

  /// The fill rules: what shows before and after the active window for a fill mode, given whether
  /// the animation is kept after it ends (`removedOnCompletion = NO`).
  ///
  /// Before: `backwards`/`both` hold the first value (an animation waiting to start is always
  /// still attached). After: `forwards`/`both` hold the last value only when kept; otherwise the
  /// animation is removed (or inert) and the model value shows.
  package static func fill(_ mode: FillMode, kept: Bool) -> (before: Fill, after: Fill) {
    let before: Fill = mode == .backwards || mode == .both ? .firstValue : .modelValue
    let holdsEnd = (mode == .forwards || mode == .both) && kept
    return (before, holdsEnd ? .lastValue : .modelValue)
  }

  /// What shows at `parentTime`, applying `timing.fillMode` and `kept`
  /// (`removedOnCompletion = NO`).
  package func presentation(at parentTime: Double, kept: Bool) -> Presentation {
    let rules = Self.fill(timing.fillMode, kept: kept)
    switch phase(at: parentTime) {
    case .before:
      guard rules.before == .firstValue else { return .modelValue }
      let start = point(atActiveTime: 0)
      return .animated(fraction: start.fraction, cycle: start.cycle)
    case .active(let fraction, let cycle):
      return .animated(fraction: fraction, cycle: cycle)
    case .after(let fraction, let cycle):
      return rules.after == .lastValue ? .animated(fraction: fraction, cycle: cycle) : .modelValue
    }
  }
}
