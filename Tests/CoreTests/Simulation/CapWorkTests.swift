import Testing

@testable import Core

/// A step costs what its events cost (births kept, deaths), never the seconds it spans
/// (issue 22 §2; docs/semantics.md, "The particle cap"). The counts come from `StepWork`.
@Suite("A step at the particle cap costs its events, not its seconds")
struct CapWorkTests {
  /// One cell at 135/s whose particles outlive any step, capped at `cap`.
  static func longLived(cap: Int = 10_000) throws -> (Scene, LayerID) {
    var s = Scene()
    let id = try CoreKit.build(
      &s,
      """
      scene.maxParticles \(cap)
      \(CoreKit.sparkle).birthRate 135
      \(CoreKit.sparkle).lifetime 1e9
      \(CoreKit.sparkle).velocity 30
      \(CoreKit.sparkle).emissionRange 6
      \(CoreKit.sparkle).contents dot
      """)
    return (s, id)
  }

  @Test(
    "a full scene whose particles outlive the step draws only the births it keeps, however long the step",
    arguments: [1e4, 1e5, 1e6, 1e9])
  func longStepAtTheCap(seconds: Double) throws {
    var s = try Self.longLived().0
    s.birthsPerPiece = 2000
    let r = s.advance(to: seconds)
    #expect(s.stats().first?.live == 10_000)
    #expect(r.dropped == Int(135 * seconds) - 10_000)
    // The 10,000 births kept are drawn, in bulk up to where the cap could be reached; then the
    // event-ordered step keeps what is left and drops the rest as one batch.
    #expect(r.work.draws == 10_000, "\(r.work)")
    #expect(r.work.capTurns <= 4, "\(r.work)")
    // Five pieces of 2,000 births fill the scene; one more drops the rest.
    #expect(r.work.pieces <= 8, "\(r.work)")
    #expect(r.work.scanned <= 1, "\(r.work)")
  }

  @Test("once full of particles that outlive it, a step does no work per second or per particle")
  func fullSceneStepsForFree() throws {
    var s = try Self.longLived().0
    s.advance(to: 1e5)
    for end in [2e5, 1e6, 1e9] {
      let r = s.advance(to: end)
      #expect(r.work.draws == 0, "\(r.work)")
      #expect(r.work.capTurns == 1, "one batch drops every birth: \(r.work)")
      #expect(r.work.pieces == 1, "\(r.work)")
      // Death times never decrease in the store, so only the first one is looked at.
      #expect(r.work.scanned == 1, "\(r.work)")
    }
    #expect(s.stats().first?.live == 10_000)
  }

  /// Every stored value of the cell's particles: birth, death, key and each column, bit for bit.
  static func stored(_ s: Scene, _ id: LayerID) -> [[UInt64]] {
    guard let store = s.runtimes[id]?.cells.first?.store else { return [] }
    return (0..<store.count).map { i in
      [store.birth(i).bitPattern, store.death(i).bitPattern, store.key(i)]
        + Column.allCases.map { UInt64(store.value($0, i).bitPattern) }
    }
  }

  @Test("the particles kept at the cap are the first births, bit for bit as without a cap")
  func keptAreTheFirstBirths() throws {
    var capped = try Self.longLived().0
    capped.birthsPerPiece = 3000
    capped.advance(to: 1e9)
    let like = try #require(capped.model.layerID(named: "like"))
    // Without the cap, the first 10,000 births are those due by 10,000 / 135 s.
    var free = try Self.longLived(cap: 1_000_000).0
    free.advance(to: 10_000 / 135)
    #expect(free.stats().first?.live == 10_000)
    #expect(Self.stored(free, like) == Self.stored(capped, like))
    // And the same as reaching the cap in many small steps.
    var stepped = try Self.longLived().0
    for k in 1...100 { stepped.advance(to: Double(k) * 1e3) }
    stepped.advance(to: 1e9)
    #expect(Self.stored(stepped, like) == Self.stored(capped, like))
    #expect(stepped.stats() == capped.stats())
    #expect(CoreKit.ppm(stepped) == CoreKit.ppm(capped))
  }

  @Test("the refusal estimate counts the births a full scene will decide, not those it drops")
  func estimateCountsWhatTheStepDecides() throws {
    var s = try Self.longLived().0
    s.advance(to: 1e5)
    // Full, and nothing dies before 1e9: nothing to decide but one batch of drops.
    #expect(s.capDecisions(to: 1e9) <= 1)
    // A second cell whose particles live 1 s: each of its deaths lets one birth in.
    try s.model.addCell(named: "short", to: .layer(try #require(s.model.layerID(named: "like"))))
    try CoreKit.apply(
      &s,
      """
      like.emitterCells.short.birthRate 300
      like.emitterCells.short.lifetime 1
      """)
    let estimate = s.capDecisions(to: 1e5 + 10)
    // Its 3,000 births in 10 s are at most what there is to decide.
    #expect(estimate > 0 && estimate <= 3000 + 2 * 3000, "\(estimate)")
    let r = s.advance(to: 1e5 + 10)
    #expect(Double(r.work.draws) <= estimate, "\(r.work) against \(estimate)")
  }
}
