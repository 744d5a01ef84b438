import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("explain, sample, lint and save")
struct LearningCommandTests {
  static let like = """
    emitter like; cell like sparkle
    set like emitterShape=circle emitterMode=outline emitterSize=25,0 emitterPosition=100,100
    set like.emitterCells.sparkle lifetime=0.7 lifetimeRange=0.3 velocity=30 contents=sparkle

    """

  @Test("explain states the unit, default, meaning and the simulator's choice")
  func explainProperty() {
    let run = runScript("explain lifetimeRange\n")
    #expect(run.error == nil)
    #expect(run.stdout.hasPrefix("lifetimeRange (CAEmitterCell): number in s, default 0"))
    #expect(run.stdout.contains("[M − R/2, M + R/2]"))
    #expect(run.stdout.contains("[M − R, M + R]"))
    #expect(run.stdout.contains("scene.rangeRule"))
  }

  @Test("explain of a key path shows the interval the current values give")
  func explainPath() {
    let run = runScript(Self.like + "explain like.emitterCells.sparkle.lifetimeRange\n")
    #expect(run.stdout.contains("current value: 0.3"))
    #expect(run.stdout.contains("= [0.55, 0.85]"))
  }

  @Test("explain of a key path follows the scene's range rule and emission range rule")
  func explainPathFollowsReadings() {
    let run = runScript(
      Self.like + "set scene rangeRule=full emissionRangeRule=halfAngle\n"
        + "set like.emitterCells.sparkle emissionRange=pi/2\n"
        + "explain like.emitterCells.sparkle.lifetimeRange\n"
        + "explain like.emitterCells.sparkle.emissionRange\n")
    #expect(run.error == nil)
    #expect(run.stdout.contains("[M − R, M + R] = [0.4, 1]"), "\(run.stdout)")
    #expect(run.stdout.contains("within ±1.570796 rad"), "\(run.stdout)")
  }

  @Test("explain of an unknown name suggests the nearest")
  func explainUnknown() {
    let run = runScript("explain birthrate\n")
    #expect(run.error?.message == "nothing is called 'birthrate'")
    #expect(run.error?.hint == "did you mean 'birthRate'?")
  }

  @Test("sample draws only inside [M − R/2, M + R/2], evenly, and leaves the particles alone")
  func sampleHistogram() throws {
    let withSample = runScript(
      Self.like + "sample like.emitterCells.sparkle.lifetime 10000\n"
        + "set like.emitterCells.sparkle.birthRate 100\nstep 0.5\nstats\n")
    let without = runScript(
      Self.like + "set like.emitterCells.sparkle.birthRate 100\nstep 0.5\nstats\n")
    #expect(withSample.error == nil)
    let lines = withSample.stdout.split(separator: "\n").map(String.init)
    #expect(lines[1] == "interval [M − R/2, M + R/2] = [0.55, 0.85]")
    let counts = lines[2..<12].compactMap {
      $0.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
    }
    #expect(counts.count == 10)
    #expect(counts.reduce(0, +) == 10000)
    #expect(counts.allSatisfy { abs($0 - 1000) < 150 }, "\(counts)")
    #expect(withSample.stdout.hasSuffix(without.stdout))
  }

  @Test("lint names why nothing shows")
  func lintFindsProblems() {
    let run = runScript(
      """
      emitter e; cell e c
      set e.emitterCells.c emissionRange=45
      set e birthRate=0 emitterPosition=-50,10
      lint

      """)
    let out = run.stdout
    #expect(out.contains("e: the layer's birthRate is 0"))
    #expect(out.contains("e.emitterCells.c: birthRate is 0"))
    #expect(out.contains("e.emitterCells.c: lifetime is 0"))
    #expect(out.contains("e.emitterCells.c: no contents"))
    #expect(out.contains("emissionRange 45 looks like degrees"))
    #expect(out.contains("off-canvas"))
    #expect(
      runScript(Self.like + "set like.emitterCells.sparkle.birthRate 5\nlint\n").stdout
        == "no problems found\n")
  }

  @Test(
    "lint finds too few particles alive and particles too fast for the canvas, with the fix",
    arguments: [
      // (settings, expected finding or nil for none)
      (
        "birthRate=0.5 lifetime=1",
        "like.emitterCells.sparkle: birthRate 0.5 × lifetime 1 keeps 0.5 particles alive on"
          + " average, so often none are on screen (set like.emitterCells.sparkle.birthRate 10"
          + " for about 10)"
      ),
      // The layer's multipliers count: 2 × 0.25 per second for 1 s.
      (
        "birthRate=2 lifetime=1; set like.birthRate 0.25",
        "like.emitterCells.sparkle: birthRate 0.5 × lifetime 1 with the layer's multipliers keeps"
          + " 0.5 particles alive on average, so often none are on screen"
          + " (set like.emitterCells.sparkle.birthRate 40 for about 10)"
      ),
      ("birthRate=1 lifetime=1", nil),
      (
        "birthRate=5 velocity=2000",
        "like.emitterCells.sparkle: velocity 2000 crosses the 320×240 canvas in 0.16 s, so"
          + " particles leave it almost at once (set like.emitterCells.sparkle.velocity 160 to"
          + " cross it in 2 s)"
      ),
      (
        "birthRate=5 velocity=-1000; set like.velocity 2",
        "like.emitterCells.sparkle: velocity 2000 with the layer's multipliers crosses the"
          + " 320×240 canvas in 0.16 s, so particles leave it almost at once"
          + " (set like.emitterCells.sparkle.velocity -80 to cross it in 2 s)"
      ),
      // 320 pt in 0.32 s is slow enough; so is one that dies before it could cross.
      ("birthRate=5 velocity=1000", nil),
      ("birthRate=50 velocity=2000 lifetime=0.1 lifetimeRange=0", nil),
    ] as [(String, String?)])
  func lintSparseAndFast(settings: String, finding: String?) {
    let out = runScript(Self.like + "set like.emitterCells.sparkle \(settings)\nlint\n").stdout
    if let finding {
      #expect(out == finding + "\n")
    } else {
      #expect(out == "no problems found\n")
    }
  }

  @Test(
    "save model writes a script that rebuilds the same model",
    arguments: [
      "like-button", "like-explosion", "confetti", "drip-shockwave",
    ])
  func saveRoundTrips(example: String) throws {
    let dir = testScratchFolder.appendingPathComponent(
      "burst-save-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let first = dir.appendingPathComponent("\(example)-1.burst").path
    let second = dir.appendingPathComponent("\(example)-2.burst").path
    let path = repositoryRoot.appendingPathComponent("examples/\(example).burst").path
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    let a = runScript(text + "save model \(first)\necho ---\ntree\nkeys scene\n")
    #expect(a.error == nil)
    let saved = String(
      decoding: try #require(FileManager.default.contents(atPath: first)), as: UTF8.self)
    let b = runScript(saved + "save model \(second)\necho ---\ntree\nkeys scene\n")
    #expect(b.error == nil, "\(b.stderr)")
    let again = String(
      decoding: try #require(FileManager.default.contents(atPath: second)), as: UTF8.self)
    // Same script (after the header, which names the clock), same tree apart from live counts.
    #expect(saved.split(separator: "\n").dropFirst(2) == again.split(separator: "\n").dropFirst(2))
    func shape(_ s: String) -> [String] {
      (s.components(separatedBy: "---\n").last ?? "").split(separator: "\n").filter {
        $0.contains("(")
      }.map {
        String($0.split(separator: "·").first ?? "")
      }
    }
    #expect(shape(a.stdout) == shape(b.stdout))
  }
}

/// lint speaks only when nothing can ever show, and can fail a script.
@Suite("lint says something only when nothing can reach the screen")
struct LintReachTests {
  static let snow = """
    emitter snow; cell snow flake
    set snow emitterShape=line emitterSize=320,0
    set snow.emitterCells.flake birthRate=20 lifetime=8 velocity=30 emissionLongitude=pi contents=dot

    """

  @Test(
    "an emitter off the canvas is reported only when no particle can travel in",
    arguments: [
      ("set snow emitterPosition=160,-10", false),
      ("set snow emitterPosition=160,-1000", true),
      ("set snow emitterPosition=-600,120", true),
      ("set snow emitterPosition=-100,120", false),
    ])
  func offCanvas(place: String, reported: Bool) {
    let run = runScript(Self.snow + place + "\nlint\n")
    #expect(run.stdout.contains("off-canvas") == reported, "\(run.stdout)")
  }

  @Test("a finished fire, with particles alive, is not reported as birthRate 0")
  func finishedFire() {
    let run = runScript(
      Self.snow + "set snow emitterPosition=160,10 birthRate=0\nfire snow 0.5\nstep 1\nlint\n")
    #expect(!run.stdout.contains("the layer's birthRate is 0"), "\(run.stdout)")
    let idle = runScript(Self.snow + "set snow emitterPosition=160,10 birthRate=0\nlint\n")
    #expect(idle.stdout.contains("the layer's birthRate is 0"), "\(idle.stdout)")
    let later = runScript(
      Self.snow
        + "set snow emitterPosition=160,10 birthRate=0\nafter 1 set snow.birthRate 1\nlint\n")
    #expect(!later.stdout.contains("the layer's birthRate is 0"), "\(later.stdout)")
  }

  @Test("lint strict fails a script with exit status 65 when it finds anything")
  func strict() {
    let bad = runScript("emitter e\nlint strict\necho after\n")
    #expect(bad.error?.exitCode == 65)
    #expect(bad.stderr.contains("error: lint found 1 problem"), "\(bad.stderr)")
    #expect(!bad.stdout.contains("after"))
    let good = runScript(Self.snow + "set snow emitterPosition=160,10\nlint strict\necho after\n")
    #expect(good.error == nil, "\(good.stderr)")
    #expect(good.stdout == "no problems found\nafter\n")
  }
}
