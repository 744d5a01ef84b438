import Dispatch
import Synchronization
import Testing

@testable import Core

/// Long runs of births drawn in pieces on several threads (`ParallelBirths`) against the same
/// births drawn one batch at a time.
@Suite("Births drawn in parallel pieces")
struct ParallelBirthsTests {
  /// Pieces one after another in reverse order, on the calling thread: any dependence on the
  /// order pieces finish in shows up as a difference.
  static func backwards(counting counter: PieceCounter = PieceCounter()) -> Workers {
    Workers(isParallel: true) { count, body in
      counter.pieces.add(count, ordering: .relaxed)
      for k in (0..<count).reversed() { body(k) }
    }
  }

  /// How many pieces a `backwards` has run (so a test can tell the parallel path ran).
  final class PieceCounter: Sendable {
    let pieces = Atomic<Int>(0)
  }

  /// Pieces on every core at once.
  static let concurrent = Workers(isParallel: true) { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var settings: [(String, String)]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a rectangle, every value drawn",
      settings: [
        ("e.emitterShape", "rectangle"), ("e.emitterSize", "320,240"),
        ("e.emitterCells.c.velocityRange", "10"), ("e.emitterCells.c.redRange", "0.3"),
        ("e.emitterCells.c.alphaRange", "0.2"), ("e.emitterCells.c.scaleRange", "0.1"),
        ("e.emitterCells.c.spinRange", "2"),
      ]),
    Case(
      name: "a point, one direction (most columns held once)",
      settings: [
        ("e.emitterCells.c.emissionRange", "0"), ("e.emitterCells.c.velocity", "0"),
      ]),
    Case(
      name: "a circle outline, some stillborn and some gone within the step",
      settings: [
        ("e.emitterShape", "circle"), ("e.emitterMode", "outline"), ("e.emitterSize", "50,50"),
        ("e.emitterCells.c.lifetime", "0.3"), ("e.emitterCells.c.lifetimeRange", "0.8"),
      ]),
    Case(
      name: "a line, lifetimes spread (deaths out of order)",
      settings: [
        ("e.emitterShape", "line"), ("e.emitterSize", "200,0"),
        ("e.emitterCells.c.lifetimeRange", "50"),
      ]),
    // Red rounds to one Float for most births but not all: pieces meet a value that would
    // give the one-value column storage, and the rest is drawn one batch at a time.
    Case(
      name: "a column held once until a rare value arrives",
      settings: [
        ("e.emitterCells.c.color", "rgb(0.5, 0.5, 0.5)"),
        ("e.emitterCells.c.redRange", "0.00000002981"),
      ]),
  ]

  /// A scene with one cell born at 100,000/s that lives about 100 s, plus `settings`.
  static func scene(_ settings: [(String, String)], workers: Workers) throws -> (Scene, LayerID) {
    var scene = Scene()
    let id = try scene.model.addLayer(named: "e", kind: .emitter, parent: SceneModel.rootID)
    try scene.model.addCell(named: "c", to: .layer(id))
    let base = [
      ("e.emitterPosition", "160,120"), ("e.emitterCells.c.birthRate", "100000"),
      ("e.emitterCells.c.lifetime", "100"), ("e.emitterCells.c.velocity", "20"),
      ("e.emitterCells.c.emissionRange", "6.28"),
    ]
    for (path, value) in base + settings {
      try scene.model.set(try scene.model.resolveProperty(path), text: value)
    }
    scene.workers = workers
    return (scene, id)
  }

  @Test("parallel pieces give the particles of one thread, bit for bit", arguments: cases)
  func parallelMatchesSerial(c: Case) throws {
    var results: [[ParticleSnapshot]] = []
    let counter = PieceCounter()
    for workers in [Workers.serial, Self.backwards(counting: counter), Self.concurrent] {
      var (scene, id) = try Self.scene(c.settings, workers: workers)
      var snapshots: [ParticleSnapshot] = []
      // A step of 0.25 s draws 25,000 births (pieces of 8192), then a small step and another
      // long one that starts from a store with particles in it.
      for t in [0.25, 0.26, 0.5] {
        scene.advance(to: t)
        snapshots += scene.particles(of: id)
      }
      results.append(snapshots)
    }
    #expect(results[0].count > 20_000)
    #expect(counter.pieces.load(ordering: .relaxed) > 0, "no births were drawn in pieces")
    for (k, r) in results.enumerated().dropFirst() {
      #expect(r.count == results[0].count, "workers \(k)")
      let firstDifference = r.indices.first { r[$0] != results[0][$0] }
      #expect(firstDifference == nil, "workers \(k): particle \(firstDifference ?? -1) differs")
    }
  }

  @Test("a piece that meets a value only the store can take stops the parallel run there")
  func pieceStopsAtNewColumn() throws {
    let rare = Self.cases[4].settings
    var (scene, id) = try Self.scene(rare, workers: .serial)
    // A first small step settles the store's layout: red is held once.
    scene.advance(to: 0.001)
    let store = try #require(scene.runtimes[id]?.cells.first?.store)
    #expect(store.count > 0 && !store.isStored(.red))
    // Drawing on: some piece has a red that differs, so the run stops short of the end.
    var rt = try #require(scene.runtimes[id])
    let layer = try #require(scene.model.layer(id))
    let compiled = CompiledCell.compile(
      layer.cells, emitter: layer.emitter, readings: scene.model.root.settings.readings)
    let draw = TopLevelDraw(
      cell: compiled[0], emitter: layer.emitter, segment: rt.cells[0].segment,
      acc0: rt.cells[0].acc0, base: rt.cells[0].base, t0: rt.simTime, gone: -.infinity)
    let first = rt.cells[0].emitted + 1
    let last = first + 40_000
    rt.cells[0].store.reserve(last - first + 1)
    var tally = BirthTally()
    let next = ParallelBirths.draw(
      first, through: last, with: draw, into: &rt.cells[0].store, workers: Self.backwards(),
      tally: &tally)
    #expect(next <= last)
    #expect(rt.cells[0].store.count == store.count + (next - first) - tally.stillborn)
    #expect(!rt.cells[0].store.isStored(.red))
  }
}
