import Foundation
import Testing

@testable import Shell

/// `scene.futureParticles` through the commands: set, get, save, export, explain and lint
/// (docs/semantics.md, "Future particles").
@Suite("scene.futureParticles")
struct FutureParticlesShellTests {
  /// An emitter added at t = 5 that emits nothing until its cell's birthRate is raised at 6.
  static let raisedLate = """
    step 5
    emitter e
    cell e c
    set e.emitterCells.c birthRate=0 lifetime=3 velocity=20 contents=sparkle
    step 1
    set e.emitterCells.c.birthRate 10

    """

  @Test("set and get it on the scene; the default is no")
  func setAndGet() {
    let run = runScript(
      "get scene.futureParticles\nset scene.futureParticles yes\nget scene.futureParticles\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == "no\nyes\n")
  }

  @Test(
    "on any other layer it is an error that points at the scene",
    arguments: ["set e.futureParticles yes", "set e futureParticles=yes", "get e.futureParticles"])
  func notOnOtherLayers(command: String) {
    let run = runScript("emitter e\n\(command)\n")
    #expect(run.error?.message.contains("setting of the whole scene") == true, "\(run.stderr)")
    #expect(run.stderr.contains("set scene.futureParticles"), "\(run.stderr)")
  }

  @Test("the switch decides whether the raise back-fills: count right after it")
  func countAfterRaise() {
    for (on, expected) in [(false, "0\n"), (true, "30\n")] {
      let run = runScript(
        "set scene.futureParticles \(on ? "yes" : "no")\n" + Self.raisedLate
          + "step 0.01\ncount e\n")
      #expect(run.error == nil, "\(run.stderr)")
      #expect(run.stdout == expected)
    }
  }

  @Test("step 1 and 60 steps of 1/60 give the same particles after a back-fill")
  func stepSizeIndependent() {
    let prefix = "set scene.futureParticles yes\n" + Self.raisedLate
    let inspect = "count e\nstats\n"
    let one = runScript(prefix + "step 1\n" + inspect)
    let many = runScript(prefix + "step 1/60 60\n" + inspect)
    #expect(one.error == nil && many.error == nil, "\(one.stderr)\(many.stderr)")
    #expect(one.stdout == many.stdout)
    #expect(one.stdout.hasPrefix("3"), "\(one.stdout)")
  }

  @Test("save keeps it, and the replay back-fills the same")
  func saveReplays() throws {
    try SaveTests.checkReplay(
      prefix: "set scene.futureParticles yes\n" + Self.raisedLate, file: "future.burst",
      continuations: ["step 0.5\n", "count e\n"], in: SaveTests.directory())
    let file = try SaveTests.directory().appendingPathComponent("m.burst").path
    let run = runScript("set scene.futureParticles yes\nsave model \(file)\n")
    #expect(run.error == nil)
    #expect(try SaveTests.read(file).contains("futureParticles"))
  }

  @Test("export writes it as a comment only", arguments: ["swift", "objc"])
  func exportComment(language: String) {
    let run = runScript("set scene.futureParticles yes\nemitter e\nexport \(language)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let mentions = run.stdout.split(separator: "\n").filter { $0.contains("futureParticles") }
    #expect(!mentions.isEmpty)
    #expect(mentions.allSatisfy { $0.hasPrefix("//") || $0.hasPrefix(" *") || $0.hasPrefix("/*") })
  }

  @Test("explain labels it on beginTime and on the switch")
  func explain() {
    let run = runScript("explain beginTime\nexplain futureParticles\n")
    #expect(run.error == nil)
    #expect(run.stdout.contains("futureParticles (scene): boolean, default no"))
    #expect(run.stdout.contains("scene.futureParticles yes"))
    let begin = run.stdout.components(separatedBy: "futureParticles (scene)")[0]
    #expect(begin.contains("future particles"))
  }

  @Test(
    "lint says where a real app sees future particles, switch on or off",
    arguments: [
      // script, whether lint reports e
      (raisedLate, true),
      ("set scene.futureParticles yes\n" + raisedLate + "step 1\n", true),
      (raisedLate.replacingOccurrences(of: "step 1\n", with: "step 1\nset e.beginTime 6\n"), false),
      ("emitter e\ncell e c\nset e.emitterCells.c.birthRate 10\nstep 1\n", false),
      (
        raisedLate.replacingOccurrences(
          of: "set e.emitterCells.c.birthRate 10",
          with: "set e.emitterCells.c.birthRate 10\nfire e 1"),
        false
      ),
    ])
  func lint(script: String, reports: Bool) {
    let run = runScript(script + "lint\n")
    #expect(run.error == nil, "\(run.stderr)")
    let line = run.stdout.split(separator: "\n").first { $0.contains("future") }
    #expect((line != nil) == reports, "\(run.stdout)")
    if reports, let line {
      #expect(line.hasPrefix("e: started emitting at t = 6 s"))
      #expect(line.contains("set e.beginTime 6"))
    }
  }
}
