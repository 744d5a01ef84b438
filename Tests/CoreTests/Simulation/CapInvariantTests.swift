import Foundation
import Testing

@testable import Core

/// The particle cap decided on exact times (docs/semantics.md, "The particle cap").
@Suite("The particle cap keeps births on exact times, whatever the steps")
struct CapInvariantTests {
  /// One cell at 100/s, lifetime 5 (±1), capped at 10: the example.
  static func singleCell() throws -> (Scene, LayerID) {
    var s = Scene()
    let id = try CoreKit.build(
      &s,
      """
      scene.maxParticles 10
      \(CoreKit.sparkle).birthRate 100
      \(CoreKit.sparkle).lifetime 5
      \(CoreKit.sparkle).lifetimeRange 2
      \(CoreKit.sparkle).velocity 20
      \(CoreKit.sparkle).emissionRange 6
      \(CoreKit.sparkle).contents dot
      """)
    return (s, id)
  }

  /// Three levels of sub-cells and a second emitter, capped at 300: the nested cells crowd out
  /// top-level births, and births of both layers compete for the same room.
  static func nested() throws -> (Scene, LayerID) {
    var s = Scene()
    let id = try CoreKit.build(&s, cells: ["a"])
    try s.model.addCell(named: "b", to: try s.model.resolveObject("like.emitterCells.a"))
    try s.model.addCell(
      named: "c", to: try s.model.resolveObject("like.emitterCells.a.emitterCells.b"))
    try CoreKit.build(&s, layer: "other", cells: ["rain"])
    var script = """
      scene.maxParticles 300
      like.emitterPosition 160,120
      other.emitterPosition 40,40
      other.emitterCells.rain.birthRate 60
      other.emitterCells.rain.lifetime 0.5
      other.emitterCells.rain.lifetimeRange 0.4
      other.emitterCells.rain.velocity 30
      other.emitterCells.rain.contents dot

      """
    for (path, rate, life) in [
      ("like.emitterCells.a", 20, 1.5), ("like.emitterCells.a.emitterCells.b", 15, 0.8),
      ("like.emitterCells.a.emitterCells.b.emitterCells.c", 10, 0.4),
    ] {
      script += """
        \(path).birthRate \(rate)
        \(path).lifetime \(life)
        \(path).lifetimeRange 0.3
        \(path).velocity 40
        \(path).emissionRange 6.28
        \(path).contents dot

        """
    }
    try CoreKit.apply(&s, script)
    return (s, id)
  }

  /// Ways of cutting [0, T] into steps.
  enum Cut: String, CaseIterable, CustomTestStringConvertible {
    case one, halves, hundredths, uneven
    var testDescription: String { rawValue }

    func times(to end: Double) -> [Double] {
      switch self {
      case .one: return [end]
      case .halves: return [end / 2, end]
      case .hundredths: return (1...100).map { end * Double($0) / 100 }
      case .uneven: return [0.013, 0.4, 0.41, 0.9, 1.7, 2.33, end].filter { $0 < end } + [end]
      }
    }
  }

  static func run(_ make: () throws -> (Scene, LayerID), _ cut: Cut, to end: Double) throws
    -> Scene
  {
    var s = try make().0
    for t in cut.times(to: end) { s.advance(to: t) }
    return s
  }

  static func expectSame(_ a: Scene, _ b: Scene, _ what: String) {
    #expect(a.stats() == b.stats(), "stats differ: \(what)")
    for id in a.model.treeOrder where a.model.layer(id)?.kind == .emitter {
      let p = a.particles(of: id)
      let q = b.particles(of: id)
      #expect(p.count == q.count, "\(what)")
      let differ = zip(p, q).filter { x, y in
        x.cell != y.cell || x.birthTime != y.birthTime || x.lifetime != y.lifetime
          || abs(x.state.x - y.state.x) > 1e-3 || abs(x.state.y - y.state.y) > 1e-3
      }
      #expect(
        differ.isEmpty,
        "\(differ.count) particles differ (\(what)), first: \(String(describing: differ.first))")
    }
    let same = CoreKit.ppm(a) == CoreKit.ppm(b)
    #expect(same, "snapshots differ: \(what)")
  }

  @Test("one cell at the cap: every way of stepping keeps the same births", arguments: Cut.allCases)
  func singleCellAtTheCap(cut: Cut) throws {
    for end in [1.0, 7.0] {
      let reference = try Self.run(Self.singleCell, .one, to: end)
      let other = try Self.run(Self.singleCell, cut, to: end)
      Self.expectSame(reference, other, "\(cut) to \(end)")
    }
  }

  @Test("the issue's example: the oldest particle at t = 1 was born at 0.01 s, whatever the steps")
  func oldestAtOneSecond() throws {
    for cut in Cut.allCases {
      let s = try Self.run(Self.singleCell, cut, to: 1)
      let stats = try #require(s.stats().first)
      #expect(stats.live == 10)
      #expect(stats.born == 100)
      #expect(stats.dropped == 90)
      let oldest = s.particles(of: try #require(s.model.layerID(named: "like"))).map(\.birthTime)
        .min()
      #expect(
        oldest.map { abs($0 - 0.01) < 1e-9 } == true, "\(cut): oldest born at \(oldest ?? -1)")
    }
  }

  @Test(
    "nested sub-cells and two emitters at the cap: the same births for every cut",
    arguments: Cut.allCases)
  func nestedAtTheCap(cut: Cut) throws {
    let reference = try Self.run(Self.nested, .one, to: 3)
    let stats = reference.stats()
    #expect(stats.contains { $0.dropped > 0 }, "the scene must reach the cap: \(stats)")
    #expect(stats.contains { $0.born > $0.live + $0.dropped }, "and see deaths: \(stats)")
    let other = try Self.run(Self.nested, cut, to: 3)
    Self.expectSame(reference, other, "\(cut)")
  }

  @Test("a birth is kept exactly when fewer than maxParticles are alive just before it")
  func ruleHoldsAtEveryBirth() throws {
    // Replay the kept particles' lives: at each kept birth, fewer than the cap were alive.
    let s = try Self.run(Self.singleCell, .hundredths, to: 7)
    let id = try #require(s.model.layerID(named: "like"))
    let alive = s.particles(of: id)
    #expect(alive.count == 10)
    // Particles alive at 7 were each born when a slot had just been freed: no two of them can
    // have been born while ten older ones were alive, so their births are spread after 5 s.
    #expect(alive.allSatisfy { $0.birthTime > 4.0 })
  }

  @Test("dropped births are counted exactly and cost nothing per particle")
  func droppedAreCounted() throws {
    var s = try Self.singleCell().0
    try CoreKit.set(&s, "\(CoreKit.sparkle).birthRate", "1e7")
    let r = s.advance(to: 4)
    // 4 × 10⁷ births, 10 kept: the rest dropped, counted from the emission integral.
    #expect(r.dropped == 40_000_000 - 10)
    #expect(s.stats().first?.dropped == 40_000_000 - 10)
  }
}
