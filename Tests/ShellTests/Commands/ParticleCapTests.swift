import Testing

@testable import Core
@testable import Shell

@Suite("The particle cap bounds the work of a step")
struct ParticleCapTests {
  @Test("a huge step that fills the cap with long-lived particles is bounded and warned")
  func hugeStepIsBounded() {
    let run = runScript(
      likeSetup + """
        set scene maxParticles=5000
        set like.emitterCells.sparkle birthRate=1e6 lifetime=1e5
        step 1000
        count like

        """)
    #expect(run.error == nil)
    #expect(run.stdout == "5000\n")
    #expect(run.stderr.contains("warning:"))
    #expect(run.stderr.contains("births were dropped"))
  }

  @Test(
    "a step that would decide too many births one by one at the cap is refused before it starts")
  func capWorkIsRefused() {
    let run = runScript(
      likeSetup + """
        set scene maxParticles=5000
        set like.emitterCells.sparkle birthRate=1e6 lifetime=1e5
        step 1e9

        """)
    #expect(run.error?.message.contains("births one by one at the particle cap") == true)
    #expect(run.stderr.contains("50 million"))
  }

  /// Snow and flames, then a moment at a huge snow rate that fills the scene with flakes that
  /// never die (issue 22 §2): from then on, every birth is dropped as the scene stays full.
  static let fullOfSnow = """
    scene 320x240
    emitter snow; set snow emitterPosition=160,0 emitterSize=320,0 emitterShape=line
    cell snow flake
    set snow.emitterCells.flake birthRate=40 lifetime=8 emissionLongitude=pi velocity=30 contents=dot
    emitter flames; set flames emitterPosition=160,230 emitterSize=60,0 emitterShape=line
    cell flames flame
    set flames.emitterCells.flame birthRate=300 lifetime=1.2 lifetimeRange=0.4 velocity=60 contents=spark
    step 5
    set snow.emitterCells.flake birthRate=1e9 lifetime=1e9
    step 1
    set snow.emitterCells.flake birthRate=40 lifetime=8

    """

  @Test("a step of a full scene is estimated by the births it will decide, and is not refused")
  func fullSceneIsNotRefused() throws {
    let s = Session(sink: CapturedOutput())
    #expect(s.run(source: Self.fullOfSnow, file: "snow.burst") == nil)
    // 3,400 births of snow and flames in 10 s, into a scene full of flakes that never die:
    // at most those are decided, not 2 million per lifetime of a flame.
    let estimate = s.scene.capDecisions(to: s.scene.now + 10)
    #expect(estimate <= 3400 * 2, "\(estimate)")
    #expect(s.run(source: "step 10\n", file: "snow.burst") == nil)
    #expect(s.scene.now == 16)
  }
}

@Suite("The births-dropped warning")
struct DroppedWarningTests {
  @Test(
    "one warning per command with the exact number and the right plural",
    arguments: [
      ("set scene maxParticles=10\nstep 0.01 100\n", "90 births were dropped"),
      ("set scene maxParticles=99\nstep 1\n", "1 birth was dropped"),
      ("set scene maxParticles=100\nstep 1\n", ""),
    ])
  func exactOnce(script: String, expected: String) {
    let run = runScript(
      "emitter e; cell e c\nset e.emitterCells.c birthRate=100 lifetime=5\n" + script)
    let warnings = run.stderr.components(separatedBy: "warning:").count - 1
    if expected.isEmpty {
      #expect(warnings == 0, "\(run.stderr)")
    } else {
      #expect(warnings == 1, "\(run.stderr)")
      #expect(run.stderr.contains(expected), "\(run.stderr)")
    }
  }
}
