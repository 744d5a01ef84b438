import Foundation
import Testing

@testable import Core

/// Whether |1 − x(τ)| < 0.001 for τ sampled every `step` over [from, to].
private func settled(_ spring: SpringCurve, from: Double, to: Double, step: Double) -> Bool {
  var t = from
  while t <= to {
    if !(abs(1 - spring.value(at: t)) < 0.001) { return false }
    t += step
  }
  return true
}

@Suite("CASpringAnimation: damped spring curve")
struct SpringCurveTests {
  @Test(
    "the default spring (1, 100, 10, 0) matches the vectors to 1e-4",
    arguments: [(0.1, 0.34030), (0.2, 0.84943), (0.5, 1.07459), (1.0, 1.00217)]
      as [(Double, Double)])
  func defaults(t: Double, expected: Double) {
    #expect(abs(SpringCurve().value(at: t) - expected) < 1e-4)
  }

  @Test(
    "closed forms: critical and overdamped against textbook expressions",
    arguments: [0.01, 0.1, 0.3, 1, 2] as [Double])
  func closedForms(t: Double) {
    // Critical: ω₀ = 10, x = 1 − e^{−10t}(1 + 10t).
    let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20)
    #expect(abs(critical.value(at: t) - (1 - exp(-10 * t) * (1 + 10 * t))) < 1e-12)
    // Overdamped: ζ = 2.5, roots r = −ω₀(ζ ∓ √(ζ²−1)), A = (v₀ + r₂)/(r₂ − r₁).
    let over = SpringCurve(mass: 1, stiffness: 100, damping: 50, initialVelocity: 3)
    let root = (2.5 * 2.5 - 1).squareRoot()
    let r1 = -10 * (2.5 - root)
    let r2 = -10 * (2.5 + root)
    let a = (3 + r2) / (r2 - r1)
    #expect(abs(over.value(at: t) - (1 - a * exp(r1 * t) - (1 - a) * exp(r2 * t))) < 1e-12)
  }

  @Test(
    "x(0) = 0 and x′(0) = v₀ in every regime",
    arguments: [
      (1, 100, 10, 0), (1, 100, 20, 5), (2, 50, 40, -3), (0.5, 300, 0, 2), (1, 100, 19.99999, 1),
    ] as [(Double, Double, Double, Double)])
  func initialConditions(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
    let spring = SpringCurve(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    #expect(spring.value(at: 0) == 0)
    let h = 1e-7
    #expect(abs(spring.value(at: h) / h - velocity) < 1e-3 * max(1, abs(velocity)))
  }

  @Test("near-critical damping is continuous across ζ = 1 and never produces NaN")
  func nearCritical() {
    let critical = SpringCurve(stiffness: 100, damping: 20, initialVelocity: 2)
    for delta in [1e-15, 1e-12, 1e-9, 1e-7] {
      let under = SpringCurve(stiffness: 100, damping: 20 * (1 - delta), initialVelocity: 2)
      let over = SpringCurve(stiffness: 100, damping: 20 * (1 + delta), initialVelocity: 2)
      for t in [0.01, 0.1, 0.5, 1, 5, 50] {
        let x = critical.value(at: t)
        #expect(abs(under.value(at: t) - x) < 1e-5)
        #expect(abs(over.value(at: t) - x) < 1e-5)
        #expect(under.value(at: t).isFinite && over.value(at: t).isFinite)
      }
    }
  }

  @Test(
    "extreme springs stay finite at long times",
    arguments: [
      (1, 1e-6, 1e6, 0), (1, 1e12, 1, 0), (1e-9, 1e9, 1e-3, 1e6), (1, 100, 0, 0),
      (1e9, 1e-9, 1e9, -1e9),
    ] as [(Double, Double, Double, Double)])
  func finite(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
    let spring = SpringCurve(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    for t in [0.001, 1, 1e3, 1e6, 1e300] {
      #expect(spring.value(at: t).isFinite)
    }
    #expect(spring.settlingDuration.isFinite)
  }

  @Test("invalid parameters take sane replacements; odd times are clamped")
  func sanitising() {
    let s = SpringCurve(mass: 0, stiffness: .nan, damping: -5, initialVelocity: .infinity)
    #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 0 && s.initialVelocity == 0)
    #expect(SpringCurve(damping: .infinity).damping == 10)
    #expect(SpringCurve().value(at: .nan) == 0)
    #expect(SpringCurve().value(at: -1) == 0)
    #expect(SpringCurve().value(at: .infinity) == 1)
    #expect(SpringCurve().value(from: [0, 10], to: [10, 20], at: 1e9) == [10, 20])
  }

  @Test(
    "settlingDuration is the first 0.1 s grid time after which |1 − x| < 0.001 stays true",
    arguments: [
      (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 50, 0), (1, 300, 5, 4), (2, 80, 3, -2),
      (1, 341.024, 36.934, 0), (1, 646.878, 25.434, 0), (1, 1e6, 100, 0), (1, 100, 19.9999, 0),
    ] as [(Double, Double, Double, Double)])
  func settling(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
    let spring = SpringCurve(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    let t = spring.settlingDuration
    #expect(abs(t * 10 - (t * 10).rounded()) < 1e-9, "on the grid: \(t)")
    #expect(t > 0 && t < SpringCurve.maximumSettlingDuration)
    #expect(settled(spring, from: t, to: t + 20, step: 1e-4), "settled after \(t)")
    #expect(!settled(spring, from: t - 0.1, to: t, step: 1e-4), "not settled before \(t)")
  }

  @Test("the default spring settles in 1.3 s (last excursion ≥ 0.001 near 1.2702 s)")
  func defaultSettling() {
    #expect(SpringCurve().settlingDuration == 1.3)
  }

  @Test(
    "springs that never settle report the 100 s bound",
    arguments: [(1, 100, 0), (1, 100, 1e-4), (1, 1e-4, 1e3), (1, 1e12, 1e-3)]
      as [(Double, Double, Double)])
  func bounded(mass: Double, stiffness: Double, damping: Double) {
    let spring = SpringCurve(mass: mass, stiffness: stiffness, damping: damping)
    #expect(spring.settlingDuration == SpringCurve.maximumSettlingDuration)
  }

  @Test("a damped spring rests for good at restTime; an undamped one never does")
  func restTime() {
    for spring in [
      SpringCurve(), SpringCurve(damping: 1), SpringCurve(damping: 30),
      SpringCurve(stiffness: 400, damping: 40, initialVelocity: 5),
    ] {
      let rest = spring.restTime
      #expect(rest.isFinite && rest > 0, "\(spring)")
      #expect(spring.value(at: rest) == 1)
      #expect(spring.value(at: rest * 10) == 1)
      // Just before, the motion is already below the threshold (it is an upper bound).
      #expect(abs(1 - spring.value(at: rest * 0.999)) < SpringCurve.restThreshold * 10)
      #expect(spring.value(at: rest * 0.5) != 1 || rest < 1e-3)
    }
    #expect(SpringCurve(damping: 0).restTime == .infinity)
    #expect(SpringCurve(damping: 0).value(at: 1e6) != 1)
  }
}
