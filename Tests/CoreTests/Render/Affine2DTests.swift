import Testing

@testable import Core

@Suite("Affine2D")
struct Affine2DTests {
  @Test("rotation by π/2 turns +x toward +y (clockwise on a y-down screen)")
  func rotationDirection() {
    let p = Affine2D.rotation(Double.pi / 2).apply(x: 1, y: 0)
    #expect(abs(p.x) < 1e-12)
    #expect(abs(p.y - 1) < 1e-12)
  }

  @Test("concatenating applies the receiver first")
  func concatenationOrder() {
    let t = Affine2D.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: 20))
    let p = t.apply(x: 1, y: 1)
    #expect(p.x == 12)
    #expect(p.y == 23)
    let u = Affine2D.identity.translatedBy(x: 1, y: 0).scaledBy(x: 2, y: 2)
    #expect(u.apply(x: 1, y: 0).x == 3)
  }

  @Test("inverted undoes the transform")
  func inverseRoundTrip() throws {
    let t = Affine2D(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -4)
    let inverse = try #require(t.inverted())
    let p = inverse.apply(x: t.apply(x: 3, y: -2).x, y: t.apply(x: 3, y: -2).y)
    #expect(abs(p.x - 3) < 1e-12)
    #expect(abs(p.y + 2) < 1e-12)
  }

  @Test(
    "singular or non-finite transforms have no inverse",
    arguments: [
      Affine2D.scale(x: 0, y: 1),
      Affine2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
      Affine2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
      Affine2D(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
      Affine2D.scale(x: 1e-200, y: 1e-200),
    ])
  func singular(_ t: Affine2D) {
    #expect(t.inverted() == nil)
  }

  @Test(
    "CoreMath matches known values",
    arguments: [0.0, 0.5, 1, 2, 3.14159, -4, 10, 100])
  func elementaryFunctions(_ x: Double) {
    // Identities instead of a libm, which Core does not import.
    let s = CoreMath.sin(x)
    let c = CoreMath.cos(x)
    #expect(abs(s * s + c * c - 1) < 1e-13)
    #expect(abs(CoreMath.sin(2 * x) - 2 * s * c) < 1e-12)
    #expect(abs(CoreMath.log2(CoreMath.exp(x)) * 0.693_147_180_559_945_3 - x) < 1e-12)
  }

  @Test("CoreMath spot values")
  func spotValues() {
    #expect(abs(CoreMath.sin(CoreMath.pi / 6) - 0.5) < 1e-15)
    #expect(abs(CoreMath.cos(CoreMath.pi / 3) - 0.5) < 1e-15)
    #expect(abs(CoreMath.exp(1) - 2.718_281_828_459_045) < 1e-15)
    #expect(CoreMath.log2(1024) == 10)
    #expect(abs(CoreMath.pow(2, 0.5) - 1.414_213_562_373_095) < 1e-14)
    #expect(CoreMath.sin(.nan).isNaN)
    #expect(CoreMath.exp(-1000) == 0)
    for x in [1.0, 1.5, 2, 3, 7.9, 100, 1e6, 12345.678] {
      #expect(abs(CoreMath.fastLog2(x) - CoreMath.log2(x)) < 1e-7)
    }
    #expect(CoreMath.fastLog2(0).isNaN && CoreMath.fastLog2(.infinity).isNaN)
  }
}
