import Foundation
import Testing

@testable import Core

/// UIKit's decay measure at T for ω (ζ = 1: critically damped envelope; ζ < 1: sine amplitude).
private func decay(omega w: Double, duration t: Double, ratio z: Double, velocity v: Double)
  -> Double
{
  if z >= 1 { return ((w - v) * t + 1) * exp(-w * t) }
  let q = (1 - z * z).squareRoot()
  return abs((z * w - v) / (q * w)) * exp(-z * w * t)
}

@Suite("UIView spring animations and curves")
struct UIViewSpringTests {
  @Test(
    "UIKit's solve reproduces the vectors in docs/semantics.md, 'UIView animations', to 0.1%",
    arguments: [
      (0.5, 1.0, 341.024, 36.934), (0.5, 0.5, 646.878, 25.434), (1.0, 0.7, 96.819, 13.776),
      (0.3, 0.8, 898.860, 47.970),
    ] as [(Double, Double, Double, Double)])
  func vectors(duration: Double, ratio: Double, stiffness: Double, damping: Double) {
    let p = UIViewSpring.parameters(duration: duration, dampingRatio: ratio, velocity: 0)
    #expect(abs(p.stiffness / stiffness - 1) < 1e-3, "stiffness \(p.stiffness)")
    #expect(abs(p.damping / damping - 1) < 1e-3, "damping \(p.damping)")
  }

  @Test(
    "the solved spring has decayed to 0.001 at the duration, with the ratio kept",
    arguments: [
      (0.5, 0.5, 0), (0.5, 1, 0), (1, 0.7, 0), (0.3, 0.8, 0), (0.8, 0.6, 1), (0.4, 1, 2),
      (2, 0.3, -1), (0.25, 0.9, 0.5), (1, 0.999, 0), (1, 0.9999999, 0),
    ] as [(Double, Double, Double)])
  func decayed(duration: Double, ratio: Double, velocity: Double) {
    let p = UIViewSpring.parameters(duration: duration, dampingRatio: ratio, velocity: velocity)
    let w = p.stiffness.squareRoot()
    #expect(abs(p.damping / (2 * w) - ratio) < 1e-9)
    let left = decay(omega: w, duration: duration, ratio: ratio, velocity: velocity)
    #expect(abs(left - 0.001) < 1e-8, "decay \(left)")
  }

  @Test(
    "out-of-range and non-finite arguments are clamped to finite positive results",
    arguments: [
      (0, 0.5, 0), (100, 0.5, 0), (-1, 0.5, 0), (.nan, 0.5, 0), (.infinity, 0.5, 0),
      (0.5, 0, 0), (0.5, -1, 0), (0.5, 2, 0), (0.5, .nan, 0), (0.5, 1e-6, 0), (0.5, 0.5, .nan),
      (0.5, 0.5, .infinity), (0.5, 0.5, 1e6), (0.5, 0.5, -1e6), (0.5, 1, 50),
    ] as [(Double, Double, Double)])
  func robust(duration: Double, ratio: Double, velocity: Double) {
    let p = UIViewSpring.parameters(duration: duration, dampingRatio: ratio, velocity: velocity)
    #expect(p.stiffness.isFinite && p.stiffness > 0, "\(p)")
    #expect(p.damping.isFinite && p.damping > 0, "\(p)")
  }

  @Test("clamping matches the clamped arguments")
  func clamps() {
    let short = UIViewSpring.parameters(duration: 0, dampingRatio: 0.5)
    let shortest = UIViewSpring.parameters(duration: 0.01, dampingRatio: 0.5)
    #expect(short == shortest)
    let over = UIViewSpring.parameters(duration: 0.5, dampingRatio: 3)
    let critical = UIViewSpring.parameters(duration: 0.5, dampingRatio: 1)
    #expect(over == critical)
  }

  @Test("a vanishing ratio falls back to the unit envelope e^{−ζωT} = 0.001")
  func tinyRatio() {
    let p = UIViewSpring.parameters(duration: 0.5, dampingRatio: 0)
    // c = 2ζω = 2·ln(1000)/T.
    #expect(abs(p.damping - 2 * log(1000) / 0.5) < 1e-6 * p.damping)
  }

  @Test("spring(…) builds a mass-1 SpringCurve with the velocity")
  func springCurve() {
    let s = UIViewSpring.spring(duration: 0.5, dampingRatio: 0.5, velocity: 2)
    let p = UIViewSpring.parameters(duration: 0.5, dampingRatio: 0.5, velocity: 2)
    #expect(s.mass == 1 && s.stiffness == p.stiffness && s.damping == p.damping)
    #expect(s.initialVelocity == 2)
    #expect(abs(s.dampingRatio - 0.5) < 1e-12)
  }

  @Test(
    "UIView curve names map to Core Animation timing functions",
    arguments: [
      ("easeInOut", TimingFunction.easeInEaseOut), ("curveEaseIn", .easeIn),
      (".curveEaseOut", .easeOut), ("LINEAR", .linear), ("easeInEaseOut", .easeInEaseOut),
      ("UIViewAnimationCurveEaseIn", .easeIn), ("UIView.AnimationCurve.easeOut", .easeOut),
    ] as [(String, TimingFunction)])
  func curves(name: String, expected: TimingFunction) throws {
    let curve = try #require(UIViewSpring.Curve(name: name))
    #expect(curve.timingFunction == expected)
  }

  @Test("unknown curve names are nil", arguments: ["", "easeInEaseOutX", "curve", "spring"])
  func unknownCurves(name: String) {
    #expect(UIViewSpring.Curve(name: name) == nil)
  }
}
