import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// The particle store's optimised paths (dead prefixes as a head offset, compaction toward the
/// cheaper end, columns held once while every particle shares their value, births written
/// straight into the columns) against the straightforward ones, on every example.
@Suite("Optimised and straightforward particle stores")
struct StorePathTests {
  /// Every script under examples/ (the seeds' effects and the samples), by path.
  static let scripts = ExampleRuns.examples + ExampleRuns.samples

  @Test(
    "every example leaves the same particles after every line on both paths", arguments: scripts)
  func optimisedMatchesStraightforward(script: String) throws {
    let fast = try ExampleRuns.lineByLine(script)
    try #require(fast.failure == nil, "\(fast.failure ?? "")")
    // Run afresh inside the switch: the remembered runs are the optimised stores'.
    let (plain, straightforward) = try Scene.withStraightforwardStores {
      (
        try ExampleRuns.runLineByLine(script),
        try ExampleRuns.runWhole(script).scene.storesAreStraightforward
      )
    }
    try #require(plain.failure == nil, "\(plain.failure ?? "")")
    #expect(straightforward, "the straightforward run used optimised stores")
    #expect(fast.fingerprints.count == plain.fingerprints.count)
    #expect(fast.fingerprints.contains { $0.emitters.contains { !$0.particles.isEmpty } })
    for (line, (a, b)) in zip(fast.fingerprints, plain.fingerprints).enumerated()
    where a.hash != b.hash {
      Issue.record("\(script): after logical line \(line + 1) the particles differ")
      break
    }
  }
}
