import Foundation
import Testing

@testable import Core

@Suite("Layer multipliers apply at birth only (docs/semantics.md, 'Particles')")
struct MultiplierInvariantTests {
  static func scene() throws -> (Scene, LayerID) {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      \(CoreKit.sparkle).birthRate 100
      \(CoreKit.sparkle).lifetime 2
      \(CoreKit.sparkle).lifetimeRange 0.4
      \(CoreKit.sparkle).velocity 50
      \(CoreKit.sparkle).velocityRange 20
      \(CoreKit.sparkle).emissionRange 2pi
      \(CoreKit.sparkle).scale 0.5
      \(CoreKit.sparkle).scaleRange 0.2
      \(CoreKit.sparkle).spin 1
      \(CoreKit.sparkle).spinRange 0.5
      """)
    return (s, like)
  }

  func close(_ a: Float, _ b: Double, _ tol: Double = 1e-5) -> Bool {
    abs(Double(a) - b) <= tol * max(1, abs(b))
  }

  @Test(
    "changing velocity, scale, lifetime and spin leaves live particles alone and scales newborns")
  func multipliersAffectOnlyNewborns() throws {
    let built = try Self.scene()
    var changed = built.0
    let like = built.1
    var control = try Self.scene().0
    changed.advance(to: 0.5)
    control.advance(to: 0.5)
    let before = Set(changed.particles(of: like).map(\.birthIndex))
    #expect(before.count == 50)
    try CoreKit.apply(
      &changed,
      """
      like.velocity 3
      like.scale 2
      like.lifetime 5
      like.spin 2
      """)
    changed.advance(to: 0.8)
    control.advance(to: 0.8)

    let a = changed.particles(of: like)
    let b = control.particles(of: like)
    #expect(a.map(\.birthIndex) == b.map(\.birthIndex), "the same births in both scenes")
    let old = zip(a, b).filter { before.contains($0.0.birthIndex) }
    let new = zip(a, b).filter { !before.contains($0.0.birthIndex) }
    #expect(old.count == 50)
    #expect(new.count == 30)
    let altered = old.filter { $0 != $1 }
    #expect(
      altered.isEmpty,
      "\(altered.count) particles born before the change were altered, e.g. \(String(describing: altered.first))"
    )
    #expect(new.allSatisfy { $0.birthTime == $1.birthTime })
    #expect(new.filter { abs($0.lifetime - 5 * $1.lifetime) > 1e-9 }.isEmpty, "lifetime × 5")
    #expect(
      new.filter {
        !close($0.state.vx, 3 * Double($1.state.vx)) || !close($0.state.vy, 3 * Double($1.state.vy))
      }
      .isEmpty, "velocity × 3")
    #expect(
      new.filter { !close($0.state.x - 160, 3 * Double($1.state.x - 160), 1e-4) }.isEmpty,
      "displacement × 3")
    #expect(new.filter { !close($0.state.scale, 2 * Double($1.state.scale)) }.isEmpty, "scale × 2")
    #expect(
      new.filter { !close($0.state.rotation, 2 * Double($1.state.rotation)) }.isEmpty, "spin × 2")
  }

  @Test("the layer's multipliers do not apply to acceleration or scaleSpeed")
  func multipliersSkipRates() throws {
    var s = Scene()
    let like = try CoreKit.build(
      &s,
      """
      like.velocity 3
      like.scale 2
      \(CoreKit.sparkle).birthRate 1
      \(CoreKit.sparkle).lifetime 10
      \(CoreKit.sparkle).velocity 10
      \(CoreKit.sparkle).yAcceleration 20
      \(CoreKit.sparkle).scaleSpeed 0.5
      """)
    s.advance(to: 2)  // the first particle is 1 s old
    let p = try #require(s.particles(of: like).first)
    #expect(abs(p.state.x - 30) < 1e-4)  // 10 × 3 pt/s for 1 s
    #expect(abs(p.state.y - 10) < 1e-4)  // ½ · 20 · 1²
    #expect(abs(p.state.scale - 2.5) < 1e-5)  // 1 × 2 + 0.5 · 1
  }
}
