import Foundation
import Testing

@testable import Core

@Suite(
  "Step-size independence: the state at T does not depend on the steps (docs/semantics.md, 'Step-size independence')"
)
struct StepSizeInvariantTests {
  /// Confetti falling from a line (two cells of equal rate, so births tie), plus rockets whose
  /// sub-cell sparks are emitted along the way.
  static func confettiScene() throws -> (Scene, LayerID) {
    var s = Scene()
    let like = try CoreKit.build(&s, cells: ["paper", "ribbon", "rocket"])
    try s.model.addCell(
      named: "spark", to: try s.model.resolveObject("like.emitterCells.rocket"))
    var script = """
      like.emitterShape line
      like.emitterPosition 160,0
      like.emitterSize 320,1
      like.emitterCells.rocket.birthRate 3
      like.emitterCells.rocket.lifetime 1.2
      like.emitterCells.rocket.lifetimeRange 0.4
      like.emitterCells.rocket.velocity 150
      like.emitterCells.rocket.emissionLongitude pi
      like.emitterCells.rocket.emissionRange pi/6
      like.emitterCells.rocket.yAcceleration -40
      like.emitterCells.rocket.contents dot
      like.emitterCells.rocket.emitterCells.spark.birthRate 20
      like.emitterCells.rocket.emitterCells.spark.lifetime 0.4
      like.emitterCells.rocket.emitterCells.spark.lifetimeRange 0.2
      like.emitterCells.rocket.emitterCells.spark.velocity 40
      like.emitterCells.rocket.emitterCells.spark.emissionRange 2pi
      like.emitterCells.rocket.emitterCells.spark.contents sparkle
      like.emitterCells.rocket.emitterCells.spark.scale 0.3
      like.emitterCells.rocket.emitterCells.spark.alphaSpeed -2

      """
    for (cell, color) in [("paper", "#ff4080"), ("ribbon", "#40c0ff")] {
      script += """
        like.emitterCells.\(cell).birthRate 30
        like.emitterCells.\(cell).lifetime 1
        like.emitterCells.\(cell).lifetimeRange 0.6
        like.emitterCells.\(cell).velocity 120
        like.emitterCells.\(cell).velocityRange 40
        like.emitterCells.\(cell).emissionLongitude pi
        like.emitterCells.\(cell).emissionRange pi/4
        like.emitterCells.\(cell).spin 3
        like.emitterCells.\(cell).spinRange 6
        like.emitterCells.\(cell).yAcceleration 60
        like.emitterCells.\(cell).scale 0.4
        like.emitterCells.\(cell).contents confetti
        like.emitterCells.\(cell).color \(color)

        """
    }
    try CoreKit.apply(&s, script)
    return (s, like)
  }

  @Test("100 steps of 0.016 and one step of 1.6 give the same particles and the same snapshot")
  func hundredSmallStepsEqualOneBigStep() throws {
    let built = try Self.confettiScene()
    var small = built.0
    let like = built.1
    for k in 1..<100 { small.advance(to: Double(k) * 0.016) }
    small.advance(to: 1.6)
    var big = try Self.confettiScene().0
    big.advance(to: 1.6)

    let a = small.particles(of: like)
    let b = big.particles(of: like)
    // The scene must exercise ties, sub-cells and deaths to mean anything.
    let stats = big.stats()
    #expect(stats.count == 4)
    #expect(stats.allSatisfy { $0.live > 0 }, "every cell has live particles: \(stats)")
    #expect(stats.contains { $0.born > $0.live }, "some particles died")
    #expect(a.count == b.count)
    if let (p, q) = zip(a, b).first(where: { $0.0.birthIndex != $0.1.birthIndex }) {
      Issue.record(
        """
        birth indices depend on the step size: the particle born at t = \(p.birthTime) (cell \(p.cell)) \
        has index \(p.birthIndex) after 100 steps but \(q.birthIndex) after one step
        """)
    }
    #expect(a.map(\.cell) == b.map(\.cell))
    #expect(small.stats() == stats)
    // Same particles in the same order: compare them pairwise.
    let mismatched = zip(a, b).filter { p, q in
      abs(p.birthTime - q.birthTime) > 1e-9 || abs(p.lifetime - q.lifetime) > 1e-9
        || abs(p.state.x - q.state.x) > 1e-3 || abs(p.state.y - q.state.y) > 1e-3
        || abs(p.state.z - q.state.z) > 1e-3 || abs(p.state.alpha - q.state.alpha) > 1e-5
        || abs(p.state.scale - q.state.scale) > 1e-5
        || abs(p.state.rotation - q.state.rotation) > 1e-4
    }
    #expect(
      mismatched.isEmpty,
      "\(mismatched.count) particles differ, first:\n  \(String(describing: mismatched.first?.0))\n  \(String(describing: mismatched.first?.1))"
    )
    let ppmSmall = CoreKit.ppm(small)
    let ppmBig = CoreKit.ppm(big)
    #expect(ppmSmall == ppmBig)
    #expect(ppmBig.dropFirst(15).contains { $0 != 0 }, "the snapshot shows particles")
  }
}
