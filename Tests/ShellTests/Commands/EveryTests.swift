import Core
import Foundation
import Testing

@testable import Shell

@Suite("Repeating timers: every SECONDS COMMAND [until TIME]")
struct EveryTests {
  static let setup =
    "emitter e\ncell e c\nset e.emitterCells.c birthRate=0 lifetime=0.7 velocity=50 velocityRange=20\n"

  @Test(
    "a timer runs at start + n × SECONDS, up to until inclusive",
    arguments: [
      ("every 0.25 time until 1\nstep 2", "0.25\n0.5\n0.75\n1\n"),
      ("every 0.5 time\nstep 1.6", "0.5\n1\n1.5\n"),
      ("step 0.3\nevery 0.3 time until 1.2\nstep 2", "0.6\n0.9\n1.2\n"),
      ("every 0.1 time until 0.35\nstep 1", "0.1\n0.2\n0.3\n"),
      ("after 1 { every 0.5 { time } until 3 }\nstep 4", "1.5\n2\n2.5\n3\n"),
      ("every 1 { echo a; every 1 time until 3 } until 2\nstep 5", "a\n2\na\n3\n3\n"),
    ])
  func times(source: String, stdout: String) {
    let run = runScript(source)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.stdout == stdout)
  }

  /// What a timer-driven effect leaves after 3 s of scene time, stepped as `plan` says.
  static func effect(_ plan: String) -> String {
    let d = Driven()
    d.run(
      setup
        + "every 0.3 { set e.emitterCells.c.birthRate 200; after 0.05 set e.emitterCells.c.birthRate 0; time } until 2.4\n"
        + "every 0.7 fire e 0.01 300\n")
    let out = d.output(plan + "\ncount e\nstats\ntime\n")
    return out
  }

  @Test(
    "how the clock is stepped never changes when or how often a timer runs",
    arguments: [
      "step 0.1 30", "step 0.3 10", "step 0.7 4\nstep to 3", "step to 3",
      "step 0.013 230\nstep to 3",
    ])
  func stepSizeIndependent(plan: String) {
    let reference = Self.effect("step 3")
    #expect(reference.contains("\n2.4\n"))
    #expect(Self.effect(plan) == reference)
  }

  @Test(
    "bad intervals and until times are refused, and so is a body that moves the clock",
    arguments: [
      ("every 0 echo x", "a timer's interval is at least 0.001 s"),
      ("every 0.0001 echo x", "a timer's interval is at least 0.001 s"),
      ("every -1 echo x", "interval"),
      ("every 1", "missing COMMAND"),
      ("every 1 { echo x } until 0.5", "the first run would be at 1, after until 0.5"),
      ("every 1 step 1", "'step' cannot run inside 'every'"),
      ("every 1 { echo x; step 1 }", "'step' cannot run inside 'every'"),
      ("every 1 after 1 { step 1 }", "'step' cannot run inside 'every'"),
      ("every 1 load x.burst", "'load' cannot run inside 'every'"),
      ("every 1 bogus", "unknown command 'bogus'"),
      ("every 1 { echo a } x", "unexpected 'x' after a block"),
    ])
  func refused(source: String, message: String) {
    let d = Driven()
    #expect(d.run(source) != nil)
    #expect(d.out.stderr.contains(message), "\(d.out.stderr)")
    #expect(d.session.events.isEmpty)
  }

  @Test("until is read only as the last two words; a command ending in until x is a block")
  func untilWords() {
    #expect(runScript("every 1 echo until 2\nstep 3").stdout == "\n\n")
    #expect(runScript("every 1 { echo until 2 }\nstep 2").stdout == "until 2\nuntil 2\n")
  }

  @Test(
    "a step that would run timers more than Limits.maxScheduledRuns times is refused before it starts",
    arguments: [
      ("every 0.001 echo x", "step 1e4"),
      ("every 0.001 echo x", "step to 2000"),
      ("every 0.01 echo x\nevery 0.01 echo y", "step 1000 6"),
    ])
  func bounded(timers: String, step: String) {
    let d = Driven()
    d.run(timers)
    let events = d.session.events.count
    #expect(d.run(step) != nil)
    #expect(d.out.stderr.contains("at most 100000 scheduled runs a command"), "\(d.out.stderr)")
    #expect(d.out.stdout.isEmpty)
    #expect(d.session.scene.now == 0)
    #expect(d.session.events.count == events)
  }

  @Test("a run that fails is undone, stops its timer, and says so")
  func failureStops() {
    let d = Driven()
    d.run("emitter e\nevery 1 { set e.birthRate 3; echo ok } until 10\nafter 2.5 remove e\n")
    let error = d.run("step 5\n", file: "p")
    #expect(error != nil)
    #expect(d.out.stdout == "ok\nok\n")
    #expect(d.out.stderr.contains("test.burst:2:15: error: unknown layer 'e'"), "\(d.out.stderr)")
    #expect(d.out.stderr.contains("note: timer 1 stopped: it ran 2 times before this"))
    // The script stops after the step that ran it; the clock is where that step ended.
    #expect(d.session.scene.now == 5)
    #expect(d.output("timers\n") == "no timers\n")
  }

  @Test("save after a timer stopped keeps its good runs and not the failing one")
  func saveAfterFailure() throws {
    let dir = try SaveTests.directory()
    let a = Driven()
    a.run(
      Self.setup
        + "emitter f\nevery 1 { set f.birthRate 3; set e.emitterCells.c.birthRate 100 }\nafter 2.5 remove f\n"
    )
    #expect(a.run("step 4\n") != nil)
    let saved = dir.appendingPathComponent("h.burst").path
    #expect(a.run("save \(saved)\n") == nil)
    let text = try SaveTests.read(saved)
    #expect(
      text.contains("every 1 { set f.birthRate 3; set e.emitterCells.c.birthRate 100 } until 2\n"),
      "\(text)")
    let b = Driven()
    #expect(b.run("load \(saved)\n") == nil, "\(b.out.stderr)")
    for next in ["count e", "step 1\ncount e\nstats"] {
      #expect(a.output(next) == b.output(next))
    }
    #expect(a.session.scene.model == b.session.scene.model)
  }

  @Test("timers lists the timers; cancel every stops one or all")
  func listAndCancel() {
    let d = Driven()
    d.run("every 0.5 echo a until 3\nafter 1 { every 0.25 echo b }\nstep 1.2\n")
    #expect(
      d.output("timers\n")
        == "timer 1: every 0.5 echo a until 3  (next at 1.5)\n"
        + "timer 2: every 0.25 echo b  (next at 1.25)\n")
    d.run("cancel every 1\n")
    #expect(d.output("timers\n") == "timer 2: every 0.25 echo b  (next at 1.25)\n")
    #expect(d.output("cancel every 7\n").contains("error: no timer 7"))
    d.run("cancel every\n")
    #expect(d.output("timers\n") == "no timers\n")
    #expect(d.output("cancel every\n").contains("error: no timers to cancel"))
    #expect(d.output("step 5\n") == "")
  }

  @Test(
    "save mid-way keeps the timers, so that a loaded session continues identically",
    arguments: [
      setup
        + "every 0.3 { set e.emitterCells.c.birthRate 120; after 0.1 set e.emitterCells.c.birthRate 0 } until 3\nstep 0.75\n",
      setup
        + "action pulse fire e 0.05 200\nevery 0.4 run pulse\nstep 1\nevery 0.25 set e.emitterCells.c.velocity 90 until 2\ncancel every 1\nstep 0.1\n",
      setup + "after 0.5 {\n  every 0.2 fire e 0.02 500\n}\nstep 0.6\n",
    ])
  func saveAndLoad(prefix: String) throws {
    let dir = try SaveTests.directory()
    try SaveTests.checkReplay(
      prefix: prefix, file: "every.burst",
      continuations: ["timers", "step 0.5", "step 0.1 7\ncount e", "step 2\nstats\ntimers"],
      in: dir)
  }

  @Test(
    "export writes a pending timer from its next run, and until as an invalidate",
    arguments: [
      (
        "swift",
        [
          "let timer1 = Timer(fire: Date(timeIntervalSinceNow: 0.15), interval: 0.25, repeats: true) { _ in",
          "e.setValue(9, forKeyPath: \"emitterCells.c.birthRate\")",
          "RunLoop.main.add(timer1, forMode: .common)",
          "DispatchQueue.main.asyncAfter(deadline: .now() + 1.025) {", "timer1.invalidate()",
          // Nothing invalidates the inner timer, so it is not held in a variable.
          "Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in",
          "e.emitterPosition = CGPoint(x: 1, y: 2)",
        ]
      ),
      (
        "objc",
        [
          "NSTimer *timer1 = [[NSTimer alloc] initWithFireDate:[NSDate dateWithTimeIntervalSinceNow:0.15] interval:0.25 repeats:YES block:^(NSTimer *fired) {",
          "[e setValue:@9 forKeyPath:@\"emitterCells.c.birthRate\"];",
          "[[NSRunLoop mainRunLoop] addTimer:timer1 forMode:NSRunLoopCommonModes];",
          "[timer1 invalidate];",
          "[NSTimer scheduledTimerWithTimeInterval:0.5 repeats:YES block:^(NSTimer *fired) {",
          "e.emitterPosition = CGPointMake(1, 2);",
        ]
      ),
    ])
  func export(language: String, expected: [String]) {
    let run = runScript(
      Self.setup
        + "every 0.25 { set e.emitterCells.c.birthRate 9; every 0.5 set e.emitterPosition 1,2 } until 1\n"
        + "step 0.1\nexport \(language)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let lines = Set(run.stdout.split(separator: "\n").map { String($0.drop { $0 == " " }) })
    for line in expected { #expect(lines.contains(line), "missing: \(line)\n\(run.stdout)") }
  }
}
