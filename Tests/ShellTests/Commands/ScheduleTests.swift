import Testing

@testable import Shell

@Suite("Scheduled commands")
struct ScheduledCommandTests {
  @Test("a scheduled command runs at its exact time, inside a step")
  func runsAtExactTime() {
    let run = runScript("after 0.25 time\nat 0.5 echo half\nstep 0.2 3\ntime\n")
    #expect(run.error == nil)
    #expect(run.stdout == "0.25\nhalf\n0.6\n")
  }

  @Test("a failing scheduled command stops the script after its step, with its own position")
  func failureStopsScript() {
    let run = runScript("emitter a\nafter 0.5 set a.birthRate x\nstep 1\necho not reached\n")
    #expect(run.error?.line?.number == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("test.burst:2:27: error: bad value for birthRate"))
  }

  @Test("fire sets beginTime and birthRate, and the stop comes SECONDS later")
  func fireStops() {
    let run = runScript(
      """
      emitter e; cell e c
      set e.emitterCells.c birthRate=1000 lifetime=5
      step 1
      fire e 0.1 2
      get e.beginTime
      get e.birthRate
      step 0.05
      get e.birthRate
      step 0.05
      get e.birthRate
      count e

      """)
    #expect(run.error == nil)
    // 1000/s for 1 s, then 2000/s for 0.1 s.
    #expect(run.stdout == "1\n2\n2\n0\n1200\n")
  }
}
