import Testing

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
