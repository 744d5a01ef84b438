import Foundation
import Testing

@testable import Shell

@Suite("Named actions: action NAME COMMAND, run NAME, actions")
struct ActionTests {
  static let setup =
    "emitter like\ncell like spark\nset like.emitterCells.spark birthRate=0 lifetime=2\n"

  @Test("run NAME runs the action's command then, not when it is defined")
  func runsWhenRun() {
    let d = Driven()
    d.run(Self.setup)
    let out = d.output(
      "action like {\n  set like.emitterCells.spark.birthRate 40\n  echo liked\n}\n"
        + "get like.emitterCells.spark.birthRate\nrun like\nget like.emitterCells.spark.birthRate\n"
    )
    #expect(out == "0\nliked\n40\n")
  }

  @Test("actions lists each action as the command that defines it, which reads back the same")
  func listing() {
    let d = Driven()
    d.run(
      "action b echo two\naction a {\n  echo one   # first\n  after 1 { echo \"x; y\" }\n}\n"
        + "action \"my action\" echo three\n")
    let listed = d.output("actions\n")
    #expect(
      listed
        == "action b echo two\naction a { echo one; after 1 { echo \"x; y\" } }\n"
        + "action \"my action\" echo three\n")
    let again = Driven()
    #expect(again.run(listed) == nil)
    #expect(again.output("actions\n") == listed)
    #expect(Driven().output("actions\n") == "no actions\n")
  }

  @Test("defining an action again replaces it, with a warning")
  func replace() {
    let d = Driven()
    let out = d.output("action a echo one\naction a echo two\nrun a\nactions\n")
    #expect(out == "note: action 'a' replaced\ntwo\naction a echo two\n")
  }

  @Test(
    "run of an unknown action is an error that suggests an action name",
    arguments: [
      ("action like echo x\nrun lik\n", "error: unknown action 'lik' (did you mean 'like'?)"),
      ("action like echo x\naction pop echo y\nrun zzzzzz\n", "hint: use like or pop"),
      ("run like\n", "hint: no actions are defined: action NAME { … } defines one"),
      ("run\n", "error: missing NAME"),
    ])
  func unknown(source: String, expected: String) {
    let run = runScript(source)
    #expect(run.error != nil)
    #expect(run.stderr.contains(expected), "\(run.stderr)")
  }

  @Test(
    "action names follow the rules of names, and a body may not move the clock",
    arguments: [
      ("action step echo x", "'step' is a command and cannot name an action"),
      ("action \"\" echo x", "an action name cannot be empty"),
      ("action \(String(repeating: "n", count: 65)) echo x", "action names are at most 64"),
      ("action a", "missing COMMAND"),
      ("action a { echo x; step 1 }", "'step' cannot run inside 'action'"),
      ("action a load other.burst", "'load' cannot run inside 'action'"),
      ("action a after 1 { record 1 f.cast }", "'record' cannot run inside 'action'"),
      ("action a { echo x; bogus }", "unknown command 'bogus'"),
    ])
  func refused(source: String, message: String) {
    let d = Driven()
    #expect(d.run(source) != nil)
    #expect(d.out.stderr.contains(message), "\(d.out.stderr)")
    #expect(d.session.actions.isEmpty)
  }

  @Test("an action that fails is undone whole, and the error points into its definition")
  func allOrNothing() {
    let d = Driven()
    d.run(Self.setup + "action boom { set like.birthRate 7; layer extra; set like.nope 1 }\n")
    let before = d.session.scene.model
    let error = d.run("run boom\n", file: "p")
    #expect(error != nil)
    #expect(
      d.out.stderr.hasPrefix("test.burst:4:59: error: unknown property 'nope'"), "\(d.out.stderr)")
    #expect(d.session.scene.model == before)
  }

  @Test("an action that runs itself is refused instead of recursing")
  func selfRunning() {
    let d = Driven()
    d.run("action a { echo in; run b }\naction b run a\n")
    #expect(d.run("run a\n") != nil)
    #expect(d.out.stderr.contains("action 'a' is already running"), "\(d.out.stderr)")
    // What the action printed before the refusal stays printed; the scene is undone.
    #expect(d.out.stdout == "in\n")
  }

  @Test("reset forgets the actions")
  func reset() {
    let d = Driven()
    d.run("action a echo x\nreset\n")
    #expect(d.output("actions\n") == "no actions\n")
  }

  @Test(
    "save keeps the actions, so that a loaded session continues identically",
    arguments: [
      setup
        + "action like {\n  set like.emitterCells.spark.birthRate 50\n  after 0.1 set like.emitterCells.spark.birthRate 0\n}\n",
      setup + "action like set like.emitterCells.spark.birthRate 20\nrun like\nstep 0.5\n"
        + "action like set like.emitterCells.spark.birthRate 5\n",
      "action only echo x\n",
    ])
  func saveAndLoad(prefix: String) throws {
    let dir = try SaveTests.directory()
    let runs =
      prefix.contains("like") ? ["run like", "step 0.25", "run like\nstep 1"] : ["run only"]
    try SaveTests.checkReplay(
      prefix: prefix, file: "actions.burst", continuations: ["actions"] + runs, in: dir)
  }

  static let exportScript =
    setup
    + "action like {\n  set like.emitterCells.spark birthRate=40 velocity=30\n  fire like 0.15 2\n"
    + "  after 0.2 { set like.emitterCells.spark.birthRate 0; echo done }\n}\n"
    + "action twice { run like; run like }\n"

  @Test(
    "export writes an action as a local function (Objective-C: a block) of its property changes",
    arguments: [
      (
        "swift",
        [
          "func like2() {",
          "like.setValue(40, forKeyPath: \"emitterCells.spark.birthRate\")",
          "like.setValue(30, forKeyPath: \"emitterCells.spark.velocity\")",
          "like.beginTime = CACurrentMediaTime()", "like.birthRate = 2",
          "DispatchQueue.main.asyncAfter(deadline: .now() + 0.15) {", "like.birthRate = 0",
          "DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {",
          "like.setValue(0, forKeyPath: \"emitterCells.spark.birthRate\")",
          "// Burst: echo done (no code equivalent)", "func twice() {", "like2()",
          "// - These commands of actions and timers have no code equivalent and are left out: `echo done`",
        ]
      ),
      (
        "objc",
        [
          "void (^like2)(void) = ^{",
          "[like setValue:@40 forKeyPath:@\"emitterCells.spark.birthRate\"];",
          "like.beginTime = CACurrentMediaTime();", "like.birthRate = 2;",
          "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.15 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{",
          "like.birthRate = 0;", "});", "};", "void (^twice)(void) = ^{", "like2();",
        ]
      ),
    ])
  func export(language: String, expected: [String]) {
    let run = runScript(Self.exportScript + "export \(language)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let lines = Set(run.stdout.split(separator: "\n").map { String($0.drop { $0 == " " }) })
    for line in expected { #expect(lines.contains(line), "missing: \(line)\n\(run.stdout)") }
    // Exporting changes nothing: the action still reads as before.
    #expect(!run.stdout.contains("spark.birthRate = 40"))
  }

  @Test("the exported Swift with actions and timers parses (swiftc -parse)")
  func exportParses() throws {
    let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let swiftc else { return }
    let dir = try SaveTests.directory()
    let path = dir.appendingPathComponent("Actions.swift").path
    let run = runScript(
      Self.exportScript
        + "every 0.5 { run like; every 1 set like.emitterPosition 10,20 until 9 } until 4\n"
        + "step 0.2\nexport swift to \(path)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    process.arguments = ["-parse", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
  }

  @Test(
    "Tab completes action names after run, and commands inside bodies and blocks",
    arguments: [
      ("run l", ["lift", "like"]), ("run \"my", ["\"my action\""]),
      ("action x { se", ["set"]), ("every 1 { echo a; ru", ["run"]), ("every 1 ru", ["run"]),
      ("after 1 { run li", ["lift", "like"]), ("{ ti", ["time", "timers"]),
    ])
  func completion(line: String, expected: [String]) {
    let d = Driven()
    d.run("action like echo a\naction lift echo b\naction \"my action\" echo c\n")
    let start = line.utf8.count - (line.split(separator: " ").last.map { $0.utf8.count } ?? 0)
    let got = Completion.candidates(
      line: line, wordStart: start, wordEnd: line.utf8.count, session: d.session)
    #expect(got == expected)
  }
}
