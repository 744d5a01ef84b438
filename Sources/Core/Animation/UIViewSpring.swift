/// UIView animation helpers (docs/semantics.md, "UIView animations"): the spring solve behind
/// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)` and the UIView
/// curve names.
package enum UIViewSpring {
  /// How far the oscillation has decayed at `duration`: 0.001 of the distance.
  static let threshold = 0.001
  /// The smallest damping ratio UIKit accepts (Float's epsilon).
  static let minimumDampingRatio = 1.1920929e-7

  /// UIKit's solve for a spring of mass 1 with damping ratio ζ whose oscillation has decayed to
  /// 0.001 of the distance exactly at `duration`.
  ///
  /// - Parameters:
  ///   - duration: seconds, clamped to [0.01, 10] (NaN reads as 0.01).
  ///   - dampingRatio: ζ, clamped to [1.1920929e-7, 1] (NaN reads as 1); overdamping is never
  ///     produced.
  ///   - velocity: initial velocity in distance fractions per second (non-finite reads as 0).
  /// - Returns: stiffness k = ω² and damping c = 2ζω (mass 1), ω in rad/s.
  ///
  /// The natural frequency ω solves, at T = duration,
  /// `((ω − v)T + 1)·e^{−ωT} = ±0.001` for ζ = 1 (the sign following ω − v), and
  /// `|(ζω − v)/(√(1−ζ²)·ω)|·e^{−ζωT} = 0.001` for ζ < 1 (UIKit measures the sine term's
  /// amplitude). As UIKit does, 12 Newton iterations start from ω = 5/T. (choice) When those have
  /// not converged, Newton continues (up to 100 steps); if that still fails or leaves ω ≤ 0, the
  /// largest positive root is bracketed on a geometric grid and bisected; with no positive root
  /// (ζ so small that the sine amplitude is already below 0.001) the unit-amplitude envelope
  /// e^{−ζωT} = 0.001 is used, i.e. ω = ln(1000)/(ζT).
  package static func parameters(duration: Double, dampingRatio: Double, velocity: Double = 0)
    -> (stiffness: Double, damping: Double)
  {
    let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, minimumDampingRatio), 1)
    let time = duration.isNaN ? 0.01 : min(max(duration, 0.01), 10)
    let v = velocity.isFinite ? velocity : 0
    let omega = naturalFrequency(duration: time, dampingRatio: zeta, velocity: v)
    return (omega * omega, 2 * zeta * omega)
  }

  /// The spring UIKit runs for these arguments: mass 1, the solved stiffness and damping, and
  /// `velocity` as the initial velocity.
  package static func spring(duration: Double, dampingRatio: Double, velocity: Double = 0)
    -> SpringCurve
  {
    let solved = parameters(duration: duration, dampingRatio: dampingRatio, velocity: velocity)
    return SpringCurve(
      mass: 1, stiffness: solved.stiffness, damping: solved.damping,
      initialVelocity: velocity.isFinite ? velocity : 0)
  }

  /// UIView.AnimationOptions curves, mapped to Core Animation timing functions.
  package enum Curve: String, Sendable, CaseIterable, AppleEnumeration {
    /// `.curveEaseInOut`, UIView's default: easeInEaseOut (0.42, 0)(0.58, 1).
    case easeInOut
    /// `.curveEaseIn`: easeIn (0.42, 0)(1, 1).
    case easeIn
    /// `.curveEaseOut`: easeOut (0, 0)(0.58, 1).
    case easeOut
    /// `.curveLinear`: linear.
    case linear

    /// The matching Core Animation timing function.
    package var timingFunction: TimingFunction {
      switch self {
      case .easeInOut: .easeInEaseOut
      case .easeIn: .easeIn
      case .easeOut: .easeOut
      case .linear: .linear
      }
    }

    /// UIKit's spellings; Core Animation's `easeInEaseOut` reads as `easeInOut`.
    package static let constantNames = ConstantNames(
      swiftType: "UIView.AnimationCurve", objcPrefix: "UIViewAnimationCurve",
      aliases: ["easeInEaseOut": "easeInOut"])

    /// A curve by name, case-insensitive: any spelling of `constantNames` (`easeInOut`,
    /// `.easeInOut`, `UIView.AnimationCurve.easeInOut`, `UIViewAnimationCurveEaseInOut`,
    /// `easeInEaseOut`), or the option `curveEaseInOut`, `.curveEaseInOut` (likewise for the
    /// others).
    package init?(name: String) {
      if let c = Self.constantNames.caseName(
        name, in: Self.allCases.map(\.rawValue), ignoringCase: true),
        let match = Self(rawValue: c)
      {
        self = match
        return
      }
      var key = name.lowercased()
      if key.hasPrefix(".") { key.removeFirst() }
      if key.hasPrefix("curve") { key.removeFirst("curve".count) }
      guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
        return nil
      }
      self = match
    }
  }

  // MARK: Solve

  /// UIKit's residual f(ω) and its derivative.
  private static func residual(_ w: Double, time t: Double, zeta: Double, velocity v: Double)
    -> (f: Double, slope: Double)
  {
    if zeta >= 1 {
      let decay = CoreMath.exp(-w * t)
      let f = ((w - v) * t + 1) * decay + (w - v < 0 ? threshold : -threshold)
      return (f, t * t * (v - w) * decay)
    }
    let q = ((1 - zeta) * (1 + zeta)).squareRoot()
    let decay = CoreMath.exp(-zeta * w * t)
    let amplitude = (zeta * w - v) / (q * w) * decay
    let f = threshold - abs(amplitude)
    let n = v + v * t * zeta * w - t * zeta * zeta * w * w
    let sign: Double = amplitude < 0 ? -1 : 1
    return (f, -sign * decay * n / (q * w * w))
  }

  private static func naturalFrequency(
    duration t: Double, dampingRatio zeta: Double,
    velocity v: Double
  ) -> Double {
    let tolerance = threshold * 1e-6
    func converged(_ w: Double) -> Bool {
      w.isFinite && w > 0 && abs(residual(w, time: t, zeta: zeta, velocity: v).f) <= tolerance
    }
    // UIKit: 12 Newton steps from 5/T; then (choice) up to 88 more while not converged.
    var w = 5 / t
    for step in 0..<100 {
      if step >= 12 && converged(w) { break }
      let r = residual(w, time: t, zeta: zeta, velocity: v)
      guard r.slope != 0, r.slope.isFinite, r.f.isFinite else { break }
      let next = w - r.f / r.slope
      guard next.isFinite else { break }
      w = next
    }
    if converged(w) { return w }
    if let root = largestRoot(time: t, zeta: zeta, velocity: v) { return root }
    return CoreMath.log(1 / threshold) / (zeta * t)
  }

  /// The largest ω > 0 where the residual changes sign, bracketed on a geometric grid from
  /// 1e12/T down to 1e-6/T (factor 1.25) and bisected.
  private static func largestRoot(time t: Double, zeta: Double, velocity v: Double) -> Double? {
    func f(_ w: Double) -> Double { residual(w, time: t, zeta: zeta, velocity: v).f }
    var high = 1e12 / t
    let top = f(high)
    guard top.isFinite, top != 0 else { return nil }
    while high > 1e-6 / t {
      let low = high / 1.25
      let value = f(low)
      if value.isFinite && (value == 0 || (value < 0) != (top < 0)) {
        var a = low
        var b = high
        for _ in 0..<200 {
          let mid = (a + b) / 2
          guard mid > a, mid < b else { break }
          if (f(mid) < 0) != (top < 0) { a = mid } else { b = mid }
        }
        return (a + b) / 2
      }
      high = low
    }
    return nil
  }
}
