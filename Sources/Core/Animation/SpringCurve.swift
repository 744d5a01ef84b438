/// CASpringAnimation's damped harmonic oscillator (docs/semantics.md, "Springs"), as the normalised
/// displacement x(t) from 0 (the `from` value) towards 1 (the `to` value), t in seconds of the
/// animation's own time.
///
/// With ω₀ = √(k/m), ζ = c / (2√(km)), α = ζω₀ and v₀ the initial velocity (distance fractions per
/// second, positive towards the target):
/// ```
/// ζ < 1: ω_d = ω₀√(1−ζ²);  x = 1 − e^{−αt}·[cos ω_d t + (α − v₀)·sin(ω_d t)/ω_d]
/// ζ = 1:                   x = 1 − e^{−αt}·[1 + (α − v₀)·t]
/// ζ > 1: β = ω₀√(ζ²−1);    x = 1 − e^{−αt}·[cosh βt + (α − v₀)·sinh(βt)/β]
/// ```
/// These are the textbook closed forms (x(0) = 0, x′(0) = v₀); written with sin(ω t)/ω and
/// sinh(βt)/β, which tend to t, they join continuously at ζ = 1, so near-critical springs need no
/// special case and never divide by a vanishing difference of roots.
package struct SpringCurve: Sendable, Equatable {
  /// Mass (> 0). Default 1.
  package let mass: Double
  /// Spring stiffness k (> 0), force per unit displacement. Default 100.
  package let stiffness: Double
  /// Damping coefficient c (≥ 0), force per unit velocity. Default 10.
  package let damping: Double
  /// Initial velocity in distance fractions per second (positive towards the target). Default 0.
  package let initialVelocity: Double

  /// The longest `settlingDuration` reported (s); springs that take longer report this.
  static let maximumSettlingDuration = 100.0
  /// How close to the target counts as settled: |1 − x| < 0.001.
  static let settlingThreshold = 0.001
  /// The grid `settlingDuration` lies on (s); a whole fraction of a second.
  static let settlingGrid = 0.1

  /// A spring. (choice) Invalid parameters are replaced so evaluation never traps or yields NaN:
  /// a mass or stiffness that is not finite and > 0 takes its default (1, 100); a negative damping
  /// becomes 0, a non-finite one the default 10; a non-finite velocity becomes 0.
  package init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
  ) {
    self.mass = mass.isFinite && mass > 0 ? mass : 1
    self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
    self.damping = damping.isFinite ? max(damping, 0) : 10
    self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    restTime = .infinity
    restTime = findRestTime()
  }

  /// How close to the target counts as at rest for good: |1 − x| below 10⁻¹², far below
  /// anything a value, a birth count or a pixel can show.
  static let restThreshold = 1e-12

  /// (choice) The time after which the spring is treated as at rest: x(t) is exactly 1 from
  /// then on, so a long step can use the closed form past it. It is the first time after which
  /// the analytic bound on |1 − x| stays below `restThreshold`; infinite for an undamped spring,
  /// which never comes to rest.
  private(set) var restTime: Double

  private func findRestTime() -> Double {
    let start = boundDecreasesAfter
    guard start.isFinite else { return .infinity }
    var hi = max(start, 1e-3)
    while envelope(at: hi) >= Self.restThreshold {
      hi *= 2
      if hi > 1e15 { return .infinity }
    }
    var lo = max(start, hi / 2)
    if envelope(at: lo) < Self.restThreshold { return lo }
    for _ in 0..<80 {
      let mid = lo + (hi - lo) / 2
      if envelope(at: mid) < Self.restThreshold { hi = mid } else { lo = mid }
    }
    return hi
  }

  /// The undamped natural angular frequency ω₀ = √(k/m), in rad/s.
  var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// The damping ratio ζ = c / (2√(km)) (< 1 under-, 1 critically, > 1 over-damped).
  package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The normalised displacement x(t): 0 at t ≤ 0 (and for NaN), 1 at t = +∞ and wherever the
  /// oscillation has decayed below Double's range or its phase ω_d·t overflows.
  package func value(at t: Double) -> Double {
    guard t > 0 else { return 0 }
    guard t.isFinite, t < restTime else { return 1 }
    return 1 - offset(at: t)
  }

  /// The animated value `from + (to − from)·x(t)`, component by component.
  package func value(from: [Double], to: [Double], at t: Double) -> [Double] {
    VectorMath.lerp(from, to, value(at: t))
  }

  /// 1 − x(t) for t > 0, finite.
  private func offset(at t: Double) -> Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let alpha = zeta * w0
    let a = alpha - initialVelocity
    if zeta < 1 {
      let decay = CoreMath.exp(-alpha * t)
      let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
      // (choice) Fully decayed, or a phase too large to represent: at rest.
      guard decay > 0, (wd * t).isFinite else { return 0 }
      let sine = wd > 0 ? CoreMath.sin(wd * t) / wd : t
      return decay * (CoreMath.cos(wd * t) + a * sine)
    }
    if zeta == 1 { return CoreMath.exp(-alpha * t) * (1 + a * t) }
    // Overdamped: e^{−αt}cosh βt and e^{−αt}sinh(βt)/β written with the slow rate λ = α − β
    // (computed without cancellation) so that nothing overflows.
    let beta = w0 * ((zeta - 1) * (zeta + 1)).squareRoot()
    let lambda = w0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
    let slow = CoreMath.exp(-lambda * t)
    let fastRatio = CoreMath.exp(-2 * beta * t)
    let coshTerm = slow * (1 + fastRatio) / 2
    let sinhTerm = beta > 0 ? slow * -CoreMath.expm1(-2 * beta * t) / (2 * beta) : slow * t
    return coshTerm + a * sinhTerm
  }

  /// An upper bound on |1 − x(τ)| for all τ ≥ t, valid once t ≥ `boundDecreasesAfter`.
  ///
  /// |1 − x| ≤ e^{−λt}·(1 + |α − v₀|·min(t, 1/ω_d)), with λ = α (ζ ≤ 1) or α − β (ζ > 1) and the
  /// 1/ω_d cap only for ζ < 1.
  private func envelope(at t: Double) -> Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let a = abs(zeta * w0 - initialVelocity)
    let lambda: Double
    var reach = t
    if zeta < 1 {
      lambda = zeta * w0
      let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
      if wd > 0 {
        reach = min(t, 1 / wd)
        // Exact amplitude of cos + (a/ω_d)·sin is √(1 + (a/ω_d)²).
        return CoreMath.exp(-lambda * t)
          * min(1 + a * reach, (1 + (a / wd) * (a / wd)).squareRoot())
      }
    } else if zeta == 1 {
      lambda = w0
    } else {
      lambda = w0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
    }
    return CoreMath.exp(-lambda * t) * (1 + a * reach)
  }

  /// The time after which `envelope` only decreases: e^{−λt}(1 + a·t) falls for t > 1/λ − 1/a.
  private var boundDecreasesAfter: Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let a = abs(zeta * w0 - initialVelocity)
    let lambda =
      zeta <= 1 ? zeta * w0 : w0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
    guard lambda > 0 else { return .infinity }
    guard a > 0 else { return 0 }
    return max(0, 1 / lambda - 1 / a)
  }

  /// The estimated time to rest (s). (choice; docs/semantics.md, "Springs") The first time t on
  /// the 0.1 s grid after which |1 − x(τ)| < 0.001 holds for every τ ≥ t; at most
  /// `maximumSettlingDuration`.
  ///
  /// Found without scanning forward step by step: an analytic envelope bound on |1 − x| gives a
  /// grid time after which the condition is guaranteed; grid cells before it are then sampled
  /// backwards (every millisecond, or 40 samples per oscillation period when faster, at most
  /// 10 000 per cell) until the last cell where the condition fails; the answer is that cell's
  /// end. Since x(0) = 0 the condition fails at 0, so the answer is at least 0.1 s.
  package var settlingDuration: Double {
    let grid = Self.settlingGrid
    let threshold = Self.settlingThreshold
    let cellsPerSecond = (1 / grid).rounded()
    let maxCells = Int((Self.maximumSettlingDuration * cellsPerSecond).rounded())
    // The first grid cell index from which the bound guarantees the condition.
    let start = boundDecreasesAfter
    guard start.isFinite, start < Self.maximumSettlingDuration else {
      return Self.maximumSettlingDuration
    }
    var cell = Int((start / grid).rounded(.up))
    while cell <= maxCells && envelope(at: Double(cell) * grid) >= threshold {
      cell += 1
    }
    guard cell <= maxCells else { return Self.maximumSettlingDuration }
    // Sample cells [cell − 1, cell], [cell − 2, cell − 1], … backwards.
    let period = naturalFrequency > 0 ? 2 * Double.pi / naturalFrequency : grid
    let step = max(min(0.001, period / 40), grid / 10_000)
    let samples = Int((grid / step).rounded(.up))
    while cell > 0 {
      let lower = Double(cell - 1) * grid
      for j in stride(from: samples, through: 0, by: -1) {
        let t = lower + grid * Double(j) / Double(samples)
        if !(abs(offset(at: t)) < threshold) {
          return Double(j == samples ? cell + 1 : cell) / cellsPerSecond
        }
      }
      cell -= 1
    }
    return grid
  }
}
