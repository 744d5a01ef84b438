import Foundation
import Testing

@testable import Core

@Suite(
  "Determinism: same script and seeds give the same particles and bytes (docs/semantics.md, 'Determinism')"
)
struct DeterminismInvariantTests {
  static let likeScript = """
    like.emitterPosition 160,120
    like.emitterCells.sparkle.birthRate 200
    like.emitterCells.sparkle.lifetime 2
    like.emitterCells.sparkle.lifetimeRange 1
    like.emitterCells.sparkle.velocity 60
    like.emitterCells.sparkle.velocityRange 30
    like.emitterCells.sparkle.emissionRange 2pi
    like.emitterCells.sparkle.scale 0.3
    like.emitterCells.sparkle.scaleRange 0.2
    like.emitterCells.sparkle.spin 1
    like.emitterCells.sparkle.spinRange 4
    like.emitterCells.sparkle.redRange 0.5
    like.emitterCells.sparkle.contents sparkle
    like.emitterCells.sparkle.emitterCells.trail.birthRate 5
    like.emitterCells.sparkle.emitterCells.trail.lifetime 0.5
    like.emitterCells.sparkle.emitterCells.trail.velocity 10
    like.emitterCells.sparkle.emitterCells.trail.emissionRange 2pi
    like.emitterCells.sparkle.emitterCells.trail.contents dot
    like.emitterCells.sparkle.emitterCells.trail.scale 0.2
    """

  /// The `like` emitter (with a sub-cell) in `s`, plus `extra` script lines.
  @discardableResult
  static func addLike(_ s: inout Scene, _ extra: String = "") throws -> LayerID {
    let like = try CoreKit.build(&s)
    try s.model.addCell(named: "trail", to: try s.model.resolveObject(CoreKit.sparkle))
    try CoreKit.apply(&s, likeScript + "\n" + extra)
    return like
  }

  @Test("two independently built scenes give byte-identical snapshots after 1 s")
  func independentScenesAreIdentical() throws {
    var a = Scene()
    let likeA = try Self.addLike(&a)
    var b = Scene()
    let likeB = try Self.addLike(&b)
    // The same commands in both (different step sizes are StepSizeInvariantTests' business).
    for t in [0.25, 0.5, 1.0] {
      a.advance(to: t)
      b.advance(to: t)
    }
    let diff = CoreKit.firstDifference(a.particles(of: likeA), b.particles(of: likeB))
    #expect(diff == nil, "\(diff ?? "")")
    #expect(a.particles(of: likeA).count > 150)
    let ppm = CoreKit.ppm(a)
    #expect(ppm == CoreKit.ppm(b))
    #expect(ppm.dropFirst(15).contains { $0 != 0 }, "the snapshot shows particles")
  }

  @Test("a different seed gives different particles")
  func seedChangesParticles() throws {
    var a = Scene()
    let like = try Self.addLike(&a)
    var b = Scene()
    try Self.addLike(&b, "like.seed 7")
    #expect(b.model.layer(like)?.emitter.seed == 7)
    a.advance(to: 1)
    b.advance(to: 1)
    let pa = a.particles(of: like).filter { $0.cell == a.model.layer(like)?.cells.first?.id }
    let pb = b.particles(of: like).filter { $0.cell == b.model.layer(like)?.cells.first?.id }
    #expect(pa.count == 200 && pb.count == 200)
    let moved = zip(pa, pb).filter {
      abs($0.state.x - $1.state.x) > 1e-3 || abs($0.state.y - $1.state.y) > 1e-3
    }
    #expect(moved.count > 190, "only \(moved.count) of \(pa.count) positions changed with the seed")
    #expect(CoreKit.ppm(a) != CoreKit.ppm(b))
  }

  @Test(
    "another emitter layer, added before or after, does not change this layer's particles",
    arguments: [true, false])
  func otherLayersDoNotInterfere(otherFirst: Bool) throws {
    var alone = Scene()
    let likeAlone = try Self.addLike(&alone)

    var crowded = Scene()
    let noiseScript = """
      noise.emitterPosition 50,50
      noise.emitterCells.sparkle.birthRate 500
      noise.emitterCells.sparkle.lifetime 3
      noise.emitterCells.sparkle.velocity 20
      noise.emitterCells.sparkle.emissionRange 2pi
      noise.emitterCells.trail.birthRate 77
      noise.emitterCells.trail.lifetime 1
      """
    let likeCrowded: LayerID
    if otherFirst {
      try CoreKit.build(&crowded, layer: "noise", cells: ["sparkle", "trail"], noiseScript)
      likeCrowded = try Self.addLike(&crowded)
    } else {
      likeCrowded = try Self.addLike(&crowded)
      try CoreKit.build(&crowded, layer: "noise", cells: ["sparkle", "trail"], noiseScript)
    }
    alone.advance(to: 0.5)
    crowded.advance(to: 0.5)
    // Add a third layer mid-run: it must not disturb the others either.
    try CoreKit.build(
      &crowded, layer: "late", cells: ["sparkle"],
      "late.emitterCells.sparkle.birthRate 300\nlate.emitterCells.sparkle.lifetime 1")
    alone.advance(to: 1)
    crowded.advance(to: 1)
    let a = alone.particles(of: likeAlone)
    #expect(a.count > 150)
    #expect(crowded.liveCount(of: .layer(SceneModel.rootID)) > a.count + 400)
    let diff = CoreKit.firstDifference(
      alone.particles(of: likeAlone), crowded.particles(of: likeCrowded), ignoringCell: true)
    #expect(diff == nil, "\(diff ?? "")")
  }
}
