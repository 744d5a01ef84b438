import Foundation
import Testing

@testable import Core

@Suite("Sub-cells: every particle emits its cell's sub-cells (docs/semantics.md, 'Sub-cells')")
struct SubCellTests {
  static let burst = "like.emitterCells.burst"
  static let spark = "like.emitterCells.burst.emitterCells.spark"

  /// One invisible `burst` parent born at t = 1 moving right from (100, 100); its `spark`
  /// sub-cell is configured by `script`. Parent emission stops after that first birth.
  static func scene(parentLifetime: Double, _ script: String = "") throws -> (Scene, LayerID) {
    var s = Scene()
    let like = try CoreKit.build(&s, cells: ["burst"])
    try s.model.addCell(named: "spark", to: try s.model.resolveObject(burst))
    try CoreKit.apply(
      &s,
      """
      like.emitterPosition 100,100
      \(burst).birthRate 1
      \(burst).lifetime \(ValueFormatting.number(parentLifetime))
      \(burst).velocity 40
      \(burst).color red
      \(burst).redSpeed -0.25
      \(burst).scale 0.5
      \(burst).scaleSpeed 0.2
      \(spark).birthRate 1
      \(spark).lifetime 3
      \(spark).velocity 10
      \(spark).color #80808080
      \(spark).scale 0.6
      \(spark).contents spark
      \(script)
      """)
    s.advance(to: 1.5)
    try CoreKit.set(&s, "\(burst).birthRate", "0")
    return (s, like)
  }

  func cells(_ s: Scene, _ like: LayerID) throws -> (CellID, CellID) {
    let b = try #require(s.model.cell(try s.model.resolveObject(Self.burst)))
    let c = try #require(s.model.cell(try s.model.resolveObject(Self.spark)))
    return (b.id, c.id)
  }

  @Test("a sub-cell of rate 1 under a parent of lifetime 1.02 emits one child at parent age 1.0")
  func oneChildAtAgeOne() throws {
    let built = try Self.scene(parentLifetime: 1.02)
    var s = built.0
    let like = built.1
    let (burstID, sparkID) = try cells(s, like)
    let parent = try #require(s.particles(of: like).first { $0.cell == burstID })
    #expect(abs(parent.birthTime - 1.0) < 1e-9)
    #expect(s.particles(of: like).count == 1)

    s.advance(to: 2.01)  // the parent is still alive (it dies at 2.02)
    let children = s.particles(of: like).filter { $0.cell == sparkID }
    try #require(children.count == 1)
    let child = children[0]
    #expect(abs((child.birthTime - parent.birthTime) - 1.0) < 1e-9)
    // Where the parent was at age 1: 40 pt to the right of the emitter.
    let age = Float(s.now - child.birthTime)
    #expect(abs(child.state.x - child.state.vx * age - 140) < 1e-3)
    #expect(abs(child.state.y - child.state.vy * age - 100) < 1e-3)
    // Moving right like its parent, at its own speed (velocity is not inherited).
    #expect(abs(child.state.vx - 10) < 1e-4 && abs(child.state.vy) < 1e-4)
    // Colour = parent colour at age 1 (red 1 − 0.25) ⊙ #80808080; scale = (0.5 + 0.2) × 0.6.
    let half = 128.0 / 255.0
    #expect(abs(Double(child.state.red) - 0.75 * half) < 1e-5, "red \(child.state.red)")
    #expect(abs(Double(child.state.green)) < 1e-6)
    #expect(abs(Double(child.state.blue)) < 1e-6)
    #expect(abs(Double(child.state.alpha) - half) < 1e-5, "alpha \(child.state.alpha)")
    #expect(abs(Double(child.state.scale) - 0.42) < 1e-5, "scale \(child.state.scale)")

    s.advance(to: 2.5)  // the parent died at 2.02; the child lives on
    #expect(s.particles(of: like).filter { $0.cell == burstID }.isEmpty)
    #expect(
      s.particles(of: like).filter { $0.cell == sparkID }.map(\.birthTime) == [child.birthTime])
    #expect(s.liveCount(of: try s.model.resolveObject(Self.spark)) == 1)
    #expect(s.stats().first { $0.path == Self.spark }?.born == 1)
  }

  @Test(
    "a parent emits floor(rate × lifetime) children, one per crossing of its age",
    arguments: [(1.02, 1), (0.98, 0), (2.5, 2), (3.5, 3)])
  func childrenPerParent(parentLifetime: Double, expected: Int) throws {
    let built = try Self.scene(parentLifetime: parentLifetime, "\(Self.spark).lifetime 20")
    var s = built.0
    let like = built.1
    s.advance(to: 6)
    #expect(s.stats().first { $0.path == Self.spark }?.born == expected)
    let (_, sparkID) = try cells(s, like)
    let births = s.particles(of: like).filter { $0.cell == sparkID }.map(\.birthTime)
    #expect(births.count == expected)
    for (k, t) in births.enumerated() { #expect(abs(t - (1.0 + Double(k + 1))) < 1e-9) }
  }

  @Test("a child's direction is the parent's current velocity turned by the sub-cell longitude")
  func childDirectionFollowsParentVelocity() throws {
    let built = try Self.scene(
      parentLifetime: 1.02,
      """
      \(Self.burst).yAcceleration 40
      \(Self.spark).emissionLongitude pi/2
      """)
    var s = built.0
    let like = built.1
    s.advance(to: 2.01)
    let (_, sparkID) = try cells(s, like)
    let child = try #require(s.particles(of: like).first { $0.cell == sparkID })
    // At age 1 the parent moves (40, 40): heading π/4, plus π/2 → 3π/4.
    let heading = atan2(Double(child.state.vy), Double(child.state.vx))
    #expect(abs(CoreKit.angleDifference(heading, 3 * .pi / 4)) < 1e-5, "heading \(heading)")
    let age = Float(s.now - child.birthTime)
    #expect(abs(child.state.x - child.state.vx * age - 140) < 1e-3)
    #expect(abs(child.state.y - child.state.vy * age - 120) < 1e-3)  // 100 + ½·40·1²
  }

  @Test("a sub-cell's rate is multiplied by the layer's birthRate")
  func subRateUsesLayerBirthRate() throws {
    var s = Scene()
    let like = try CoreKit.build(&s, cells: ["burst"])
    try s.model.addCell(named: "spark", to: try s.model.resolveObject(Self.burst))
    try CoreKit.apply(
      &s,
      """
      like.birthRate 2
      \(Self.burst).birthRate 0.5
      \(Self.burst).lifetime 1.1
      \(Self.spark).birthRate 2
      \(Self.spark).lifetime 5
      """)
    s.advance(to: 1.0)  // the parent is born at t = 1 (0.5 × 2 per second)
    try CoreKit.set(&s, "\(Self.burst).birthRate", "0")
    s.advance(to: 3)
    // 2 × 2 = 4 per second of parent age over 1.1 s: ages 0.25, 0.5, 0.75, 1.0.
    let (_, sparkID) = try cells(s, like)
    let ages = s.particles(of: like).filter { $0.cell == sparkID }.map { $0.birthTime - 1.0 }
    #expect(ages.count == 4)
    for (k, a) in ages.enumerated() { #expect(abs(a - 0.25 * Double(k + 1)) < 1e-9) }
  }
}
