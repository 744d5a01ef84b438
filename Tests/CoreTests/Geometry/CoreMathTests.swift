import Foundation
import Testing

@testable import Core

@Suite("CoreMath agrees with the C library to a few ulps")
struct CoreMathTests {
  static let points: [(Double, Double)] = [
    (0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (-1, -1), (1, -1), (0.3, -7), (-1e-9, 2),
    (5e-300, -3), (123.456, 0.001), (-0.75, -0.2),
  ]

  @Test("atan2 in every quadrant", arguments: points)
  func atan2Matches(y: Double, x: Double) {
    #expect(abs(CoreMath.atan2(y, x) - Foundation.atan2(y, x)) <= 4e-16 * .pi)
  }

  @Test("cbrt, log, expm1, sin and cos", arguments: [1e-9, 0.001, 0.3, 1, 2, 27, 1000, 1e12])
  func elementary(x: Double) {
    #expect(abs(CoreMath.cbrt(x) - Foundation.cbrt(x)) <= 4e-16 * Foundation.cbrt(x))
    #expect(abs(CoreMath.cbrt(-x) + Foundation.cbrt(x)) <= 4e-16 * Foundation.cbrt(x))
    #expect(abs(CoreMath.log(x) - Foundation.log(x)) <= 1e-15 * max(1, abs(Foundation.log(x))))
    let small = min(x, 100) / 1e3
    #expect(
      abs(CoreMath.expm1(small) - Foundation.expm1(small)) <= 1e-15 * abs(Foundation.expm1(small)))
    #expect(abs(CoreMath.sin(x) - Foundation.sin(x)) <= 1e-14 * max(1, x / 1e3))
    #expect(abs(CoreMath.cos(x) - Foundation.cos(x)) <= 1e-14 * max(1, x / 1e3))
  }

  @Test("huge and odd arguments stay finite or NaN, never trap")
  func hugeArguments() {
    #expect(CoreMath.sin(1e300).isFinite)
    #expect(CoreMath.cos(-1e300).isFinite)
    #expect(CoreMath.atan2(.nan, 1).isNaN)
    #expect(CoreMath.atan2(0, 0) == 0)
    #expect(CoreMath.atan2(.infinity, -.infinity) == 3 * .pi / 4)
    #expect(CoreMath.cbrt(0) == 0)
  }

  /// Angles in every quadrant, on quadrant edges, huge, signed zeros and non-finite.
  static let angles: [Double] = [
    0.0, -0.0, 1e-300, -1e-9, 0.25, Double.pi / 4, Double.pi / 2, 2.5, Double.pi, -Double.pi,
    4, -4, 3 * Double.pi / 2, 5.5, 2 * Double.pi, 7.0, -7.0, 100.123, 1e6 + 0.5, 1e15 + 3,
    -1e300, Double.infinity, -Double.infinity, Double.nan,
  ]

  @Test(
    "sincos gives the bits of sin and cos, in every quadrant and at the edges", arguments: angles)
  func sincosMatchesSinAndCos(x: Double) {
    let both = CoreMath.sincos(x)
    // Non-finite input gives NaN both ways, from the same arithmetic: the same bits too.
    #expect(both.sin.bitPattern == CoreMath.sin(x).bitPattern)
    #expect(both.cos.bitPattern == CoreMath.cos(x).bitPattern)
  }

  @Test("sincos gives the bits of sin and cos for particle directions")
  func sincosMatchesOnASweep() {
    // Directions as particles draw them: a central angle plus up to a turn either way.
    var x = -13.0
    while x < 13 {
      let both = CoreMath.sincos(x)
      #expect(both.sin.bitPattern == CoreMath.sin(x).bitPattern, "sin(\(x))")
      #expect(both.cos.bitPattern == CoreMath.cos(x).bitPattern, "cos(\(x))")
      x += 0.000_731
    }
  }

  /// `directionSinCos` the plain way: the quotient rounded by the library, the quadrant by a
  /// switch.
  static func plainDirectionSinCos(_ x0: Double) -> (sin: Float, cos: Float) {
    let x = x0.magnitude < 1e15 ? x0 : x0.truncatingRemainder(dividingBy: 2 * .pi)
    let k = (x * CoreMath.twoOverPi).rounded(.toNearestOrEven)
    let (s, c) = CoreMath.directionKernel(
      Float((x - k * CoreMath.halfPiHigh) - k * CoreMath.halfPiLow))
    guard k.isFinite else { return (s, c) }
    switch Int(k.truncatingRemainder(dividingBy: 4) + 4) % 4 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
  }

  @Test(
    "directionSinCos's branch-free rounding and quadrants give the plain way's bits",
    arguments: angles + [0.785_398_163_397_448_3, -0.785_398_163_397_448_3, 2.356_194_490_192_345])
  func directionSinCosMatchesThePlainWay(x: Double) {
    let fast = CoreMath.directionSinCos(x)
    let plain = Self.plainDirectionSinCos(x)
    guard x.isFinite else {
      // No angle at all: NaN both ways (the sign of a NaN means nothing).
      #expect(fast.sin.isNaN && fast.cos.isNaN && plain.sin.isNaN && plain.cos.isNaN)
      return
    }
    #expect(fast.sin.bitPattern == plain.sin.bitPattern, "sin(\(x))")
    #expect(fast.cos.bitPattern == plain.cos.bitPattern, "cos(\(x))")
  }

  @Test("directionSinCos is the plain way bit for bit and within 1.5e-7 of sin and cos")
  func directionSinCosSweep() {
    // Directions as particles draw them: a central angle plus up to a turn either way, and
    // the quadrant edges k·π/4 exactly, where the rounding ties could differ.
    var angles: [Double] = (-64...64).map { Double($0) * .pi / 4 }
    var x = -13.0
    while x < 13 {
      angles.append(x)
      x += 0.000_731
    }
    var worst = 0.0
    for x in angles {
      let fast = CoreMath.directionSinCos(x)
      let plain = Self.plainDirectionSinCos(x)
      #expect(fast.sin.bitPattern == plain.sin.bitPattern, "sin(\(x))")
      #expect(fast.cos.bitPattern == plain.cos.bitPattern, "cos(\(x))")
      worst = max(
        worst, abs(Double(fast.sin) - Foundation.sin(x)), abs(Double(fast.cos) - Foundation.cos(x)))
    }
    #expect(worst < 1.5e-7, "worst error \(worst)")
  }

  @Test(
    "nearest rounds as rounded() does, bit for bit: halves away from 0, signed zeros kept",
    arguments: [
      0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 0.499_999_999_999_999_94, -0.499_999_999_999_999_94, 1.5,
      -1.5, 2.5, -2.5, 7.499_999, 1e15 / 1.57, -(1e15 / 1.57), 4_503_599_627_370_495.5,
      4_503_599_627_370_497, -4_503_599_627_370_497, 1e18,
    ])
  func nearestMatchesRounded(q: Double) {
    #expect(CoreMath.nearest(q).bitPattern == q.rounded().bitPattern, "\(q)")
  }

  @Test("nearest rounds as rounded() does in every binade, on whole numbers, halves and neighbours")
  func nearestInEveryBinade() {
    var checked = 0
    for e in -3...61 {
      let base = Double(sign: .plus, exponent: e, significand: 1)
      for m in [1.0, 1.25, 1.5, 1.75] {
        let whole = (base * m).rounded(.down)
        for x in [base * m, whole, whole + 0.5, whole - 0.5, whole + 0.25] {
          for q in [x, x.nextUp, x.nextDown, -x, -x.nextUp, -x.nextDown] {
            #expect(CoreMath.nearest(q).bitPattern == q.rounded().bitPattern, "\(q)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 7000)
  }

  @Test("sincos chooses the quadrant's swap and signs as a switch would, bit for bit")
  func sincosQuadrantsByMask() {
    var x = -20.0
    while x < 20 {
      let (r, quadrant) = CoreMath.reduce(x)
      let s = CoreMath.sin(r)
      let c = CoreMath.cos(r)
      let plain: (Double, Double)
      switch quadrant {
      case 0: plain = (s, c)
      case 1: plain = (c, -s)
      case 2: plain = (-s, -c)
      default: plain = (-c, s)
      }
      let both = CoreMath.sincos(x)
      #expect(both.sin.bitPattern == plain.0.bitPattern, "sin(\(x))")
      #expect(both.cos.bitPattern == plain.1.bitPattern, "cos(\(x))")
      x += 0.001_3
    }
  }

  @Test("reduction rounds the quotient as rounded() does on a sweep of angles")
  func reductionSweep() {
    var x = -40.0
    while x < 40 {
      let q = x / (Double.pi / 2)
      #expect(CoreMath.nearest(q).bitPattern == q.rounded().bitPattern, "\(x)")
      x += 0.000_977
    }
  }
}
