import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("Scripts: step size and seeds")
struct StepScriptTests {
  static func script(steps: String, seed: Int = 0) -> String {
    """
    scene 160x120
    emitter like; cell like sparkle; cell like.emitterCells.sparkle trail
    set like emitterShape=circle emitterMode=outline emitterSize=25,0 emitterPosition=80,60 seed=\(seed)
    set like.emitterCells.sparkle birthRate=200 lifetime=0.7 lifetimeRange=0.3 velocity=30 \\
        velocityRange=4 scale=0.1 scaleRange=0.02 alphaSpeed=-1 contents=sparkle spin=2 spinRange=3
    set like.emitterCells.sparkle.emitterCells.trail birthRate=10 lifetime=0.3 velocity=5 \\
        emissionRange=2pi contents=dot color=orange
    \(steps)
    count like
    stats

    """
  }

  /// The transcript (without the snapshot's own line, which names its file) and a PPM of the
  /// frame, with the snapshot in a temporary file.
  static func frame(_ steps: String, seed: Int = 0) throws -> (String, Data) {
    let file =
      testScratchFolder
      .appendingPathComponent("burst-step-\(getpid())-\(UUID().uuidString).ppm")
    defer { try? FileManager.default.removeItem(at: file) }
    let run = runScript(script(steps: steps, seed: seed) + "snapshot \(file.path)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let wrote = "wrote a 160×120 PPM to \(file.path)\n"
    #expect(run.stdout.hasSuffix(wrote))
    return (
      String(run.stdout.dropLast(wrote.count)),
      try #require(FileManager.default.contents(atPath: file.path))
    )
  }

  @Test("step 0.016 ×100 (one command or a hundred) and step 1.6 give the same output and PPM")
  func stepSizeIndependence() throws {
    let one = try Self.frame("step 1.6")
    let counted = try Self.frame("step 0.016 100")
    let lines = try Self.frame(Array(repeating: "step 0.016", count: 100).joined(separator: "\n"))
    #expect(counted.0 == one.0)
    #expect(counted.1 == one.1)
    #expect(lines.1 == one.1)
    // The stats line for the clock differs only by rounding of the summed steps.
    #expect(lines.0.split(separator: "\n").first == one.0.split(separator: "\n").first)
  }

  @Test("the same seed gives the same bytes; another seed differs")
  func seeds() throws {
    let a = try Self.frame("step 0.5", seed: 7)
    let b = try Self.frame("step 0.5", seed: 7)
    let c = try Self.frame("step 0.5", seed: 8)
    #expect(a.1 == b.1)
    #expect(a.1 != c.1)
  }
}
