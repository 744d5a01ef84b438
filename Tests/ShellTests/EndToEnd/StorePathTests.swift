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
  /// Every script under examples/ (the seeds' effects and the samples), relative to it.
  static let scripts: [String] = {
    ExampleTranscriptTests.examples
      + repositoryFiles(in: "examples/samples", endingIn: ".burst").map { "samples/\($0)" }
  }()

  @Test(
    "every example leaves the same particles after every line on both paths", arguments: scripts)
  func optimisedMatchesStraightforward(script: String) throws {
    let fast = try DeterminismHashTests.fingerprints(ofExample: script)
    let (plain, straightforward) = try Scene.withStraightforwardStores {
      let prints = try DeterminismHashTests.fingerprints(ofExample: script)
      let session = Session(sink: CapturedOutput())
      session.run(
        source: try DeterminismHashTests.source(ofExample: script), file: "examples/\(script)")
      return (prints, session.scene.storesAreStraightforward)
    }
    #expect(straightforward, "the straightforward run used optimised stores")
    #expect(fast.count == plain.count)
    #expect(fast.contains { $0.emitters.contains { !$0.particles.isEmpty } })
    for (line, (a, b)) in zip(fast, plain).enumerated() where a.hash != b.hash {
      Issue.record("\(script): after logical line \(line + 1) the particles differ")
      break
    }
  }
}
