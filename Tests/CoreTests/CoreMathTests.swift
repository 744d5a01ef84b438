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
}
