/// A stretch of constant emission: a rate (particles per second of the emitter's clock) that
/// holds from `start` on, gated by a window [ws, we).
///
/// Birth times are computed from the segment, never from step boundaries: the n-th birth
/// after an integral of `acc0` at `start` happens at `max(start, ws) + (n − acc0) / rate`. That
/// is what makes the particles independent of how time is cut into steps.
struct EmissionSegment: Sendable, Equatable {
  var start: Double
  var rate: Double
  var ws: Double
  var we: Double

  /// No emission.
  static func off(at t: Double) -> EmissionSegment {
    EmissionSegment(start: t, rate: 0, ws: -.infinity, we: .infinity)
  }

  /// The emission integral over [a, b] (particles).
  @inline(__always)
  func integral(from a: Double, to b: Double) -> Double {
    guard rate > 0 else { return 0 }
    let lo = max(a, ws)
    let hi = min(b, we)
    return hi > lo ? rate * (hi - lo) : 0
  }

  /// The time the integral, starting at `acc0` at time `from`, reaches `n`.
  @inline(__always)
  func time(ofBirth n: Int, acc0: Double, from a: Double) -> Double {
    max(a, ws) + (Double(n) - acc0) / rate
  }

  /// The last birth due by time `s`, counting from an integral of `acc0` at time `from`: the
  /// largest n (allowed by the window) whose birth time `time(ofBirth:)` is ≤ s.
  ///
  /// Which births a step holds is decided by each birth's own time, computed by one formula
  /// whatever the step, and never by a rounded integral at the step's end: so a birth that falls
  /// on a step boundary lands in the same place however time is cut.
  func lastBirth(by s: Double, acc0: Double, from a: Double) -> Int {
    let done = saturatingInt(acc0.rounded(.down))
    guard rate > 0 else { return done }
    var n = saturatingInt((acc0 + integral(from: a, to: s) + Tolerance.birthCount).rounded(.down))
    while n > done && time(ofBirth: n, acc0: acc0, from: a) > s { n -= 1 }
    let most =
      we.isFinite
      ? saturatingInt((acc0 + integral(from: a, to: we) + Tolerance.birthCount).rounded(.down))
      : Int.max
    while n < most && n < (1 << 62) && time(ofBirth: n + 1, acc0: acc0, from: a) <= s { n += 1 }
    return n
  }

  /// A sub-cell's segment for one parent: its window is in the parent's age, so it is moved to
  /// the parent's birth time `tb` in the emitter's clock.
  func forParent(bornAt tb: Double) -> EmissionSegment {
    var s = self
    s.ws = tb + ws
    s.we = tb + we
    return s
  }

  /// The same rate and window (the start is not compared).
  func sameEmission(as o: EmissionSegment) -> Bool {
    rate == o.rate && ws == o.ws && we == o.we
  }
}

/// Converts a count-like Double to Int without trapping: NaN → 0, clamped to ±2⁶².
@inline(__always)
func saturatingInt(_ x: Double) -> Int {
  guard x == x else { return 0 }
  if x >= 4.6e18 { return 1 << 62 }
  if x <= -4.6e18 { return -(1 << 62) }
  return Int(x)
}
