import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A session with its captured output, driven as the prompt or a script drives it.
final class Driven {
  let out = CapturedOutput()
  let session: Session

  init() { session = Session(sink: out) }

  /// Runs script text; returns the first error.
  @discardableResult
  func run(_ text: String, file: String = "test.burst") -> Diagnostic? {
    session.run(source: text, file: file)
  }

  /// What running `text` prints (both streams).
  func output(_ text: String, file: String = "test.burst") -> String {
    let before = out.transcript.count
    run(text, file: file)
    return String(out.transcript.dropFirst(before))
  }
}

@Suite("save keeps the whole effect")
struct SaveTests {
  /// A fresh directory for one test's files.
  static func directory() throws -> URL {
    let dir = testScratchFolder.appendingPathComponent(
      "burst-save-tests-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  static func read(_ path: String) throws -> String {
    String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
  }

  /// Every key path of every layer and cell, from the descriptor tables.
  static func keyPaths(_ m: SceneModel) -> [String] {
    var out: [String] = []
    func cells(_ list: [EmitterCell], owner: String) {
      for c in list {
        let path = owner + ".emitterCells." + c.name
        out += EmitterCell.descriptors.map { path + "." + $0.name }
        cells(c.cells, owner: path)
      }
    }
    for id in m.treeOrder {
      guard let l = m.layer(id) else { continue }
      out += l.descriptors.map { l.name + "." + $0.name }
      cells(l.cells, owner: l.name)
    }
    return out
  }

  /// Display commands that print everything observable about a session's scene: the clock,
  /// the tree, live particles, animations in progress, every model and presentation value,
  /// a frame drawn in ASCII, and a PPM snapshot to `snapshot`.
  static func inspection(_ m: SceneModel, snapshot: String) -> String {
    var lines = ["time", "tree", "stats", "show 80x40 ascii", "snapshot \(snapshot)"]
    for id in m.treeOrder where id != SceneModel.rootID {
      guard let l = m.layer(id) else { continue }
      lines.append("animations \(l.name)")
      if l.kind == .emitter { lines.append("count \(l.name)") }
    }
    for p in keyPaths(m) { lines += ["get \(p)", "get presentation \(p)"] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The scheduled events as comparable text: time (bits) and the command's words.
  static func schedule(_ s: Session) -> [String] {
    s.events.map { e in
      let what: String
      switch e.action {
      case .command(let c): what = c.tokens.map(\.text).joined(separator: " ")
      case .stopFire(let id): what = "stop \(id)"
      case .timer(let t):
        what =
          "timer \(t.id) run \(t.index) " + t.body.tokens.map(\.text).joined(separator: " ")
          + " until \(t.until.map { String($0.bitPattern) } ?? "-")"
      }
      return "\(e.time.bitPattern) \(what)"
    }
  }

  /// Runs `prefix` in one session, saves, loads the file in a new one, then runs each of
  /// `continuations` in both, checking after the load and after each continuation that
  /// everything observable is identical.
  static func checkReplay(
    prefix: String, file: String, continuations: [String], in dir: URL
  ) throws {
    let a = Driven()
    #expect(a.run(prefix, file: file) == nil, "\(a.out.stderr)")
    let saved = dir.appendingPathComponent("history.burst").path
    #expect(a.run("save \(saved)\n") == nil, "\(a.out.stderr)")
    let b = Driven()
    #expect(b.run("load \(saved)\n") == nil, "\(b.out.stderr)")
    #expect(b.out.stderr.isEmpty, "\(b.out.stderr)")
    for (i, next) in ([""] + continuations).enumerated() {
      let aOut = a.output(next, file: "continuation")
      let bOut = b.output(next, file: "continuation")
      #expect(aOut == bOut, "continuation \(i) prints the same")
      #expect(a.session.scene.now.bitPattern == b.session.scene.now.bitPattern)
      #expect(a.session.scene.model == b.session.scene.model)
      #expect(schedule(a.session) == schedule(b.session))
      let ppmA = dir.appendingPathComponent("a-\(i).ppm").path
      let ppmB = dir.appendingPathComponent("b-\(i).ppm").path
      let model = a.session.scene.model
      let seenA = a.output(inspection(model, snapshot: ppmA), file: "inspection")
      // The same but for the name of the snapshot each wrote.
      let seenB = b.output(inspection(model, snapshot: ppmB), file: "inspection")
        .replacingOccurrences(of: ppmB, with: ppmA)
      #expect(seenA == seenB, "after continuation \(i)")
      #expect(!seenA.contains("error"), "\(seenA.prefix(2000))")
      #expect(try read(ppmA) == read(ppmB))
    }
    // The history of the replayed session is the same history.
    let again = dir.appendingPathComponent("again-a.burst").path
    let againB = dir.appendingPathComponent("again-b.burst").path
    a.run("save \(again)\n")
    b.run("save \(againB)\n")
    #expect(try read(again) == read(againB))
  }

  /// Each example cut after each of its `step` lines: (example's path, cut index).
  static let cuts: [(String, Int)] = ExampleRuns.examples.flatMap { path -> [(String, Int)] in
    guard let text = try? repositoryText(path) else { preconditionFailure("cannot read \(path)") }
    let steps = Lexer.logicalLines(text, firstLine: 1).filter { $0.text.hasPrefix("step ") }
    return (0..<steps.count).map { (path, $0) }
  }

  @Test(
    "an example saved after one of its steps and loaded anew continues identically",
    arguments: cuts)
  func exampleReplays(example: String, cut: Int) throws {
    let path = repositoryRoot.appendingPathComponent(example).path
    let text = try Self.read(path)
    let lines = Lexer.logicalLines(text, firstLine: 1).map(\.text)
    let stepLines = lines.indices.filter { lines[$0].hasPrefix("step ") }
    let end = stepLines[cut] + 1
    let prefix = lines[..<end].joined(separator: "\n") + "\n"
    let rest = lines[end...].joined(separator: "\n") + "\n"
    try Self.checkReplay(
      prefix: prefix, file: path,
      continuations: [rest, "step 0.05\n", "step 0.016 7\n", "step 1.3\n"],
      in: try Self.directory())
  }

  /// Animations of every kind, sub-cells, a copy, a loaded script, and pending `after`, `at`
  /// and `fire` events.
  static let rich = """
    scene 160x120 #101018
    layer button; set button bounds=40x40 position=80,60 contents=heart.fill
    emitter burst in button
    set burst emitterShape=circle emitterMode=outline emitterSize=20,0 position=20,20 seed=7
    cell burst spark; cell burst.emitterCells.spark trail
    set burst.emitterCells.spark lifetime=0.9 lifetimeRange=0.3 velocity=40 velocityRange=10 \\
        scale=0.1 alphaSpeed=-1 contents=spark spin=2 spinRange=1 emissionRange=pi/3
    set burst.emitterCells.spark.emitterCells.trail birthRate=8 lifetime=0.3 velocity=5 \\
        contents=dot color=orange
    set burst.birthRate 0
    animate button.transform.scale values 1.5 0.8 1.0 1.2 1.0 mode cubic duration 0.5
    animate burst.emitterCells.spark.birthRate values 0 400 0 duration 0.8 key pulse
    step 0.016 3
    fire burst 0.7 2
    after 0.35 uiview button.position to 100,50 duration 0.6 damping 0.5
    at 0.9 set burst.emitterCells.spark.velocity 60
    after 1.1 after 0.2 animate button.opacity from 1 to 0.3 duration 0.5
    copy button as ghost
    set ghost opacity=0.5 position=40,40
    step 0.1
    uiview ghost.transform.rotation to pi/2 duration 0.8 delay 0.1 curve easeInOut
    step 0.0123
    step 0.2 2
    step 1e-10


    """

  @Test("a scene with keyframe, spring and uiview animations, after, at and fire replays")
  func richSceneReplays() throws {
    let dir = try Self.directory()
    // A loaded script's commands are kept one by one.
    let sub = dir.appendingPathComponent("sub.burst").path
    try Data("layer badge in button\nset badge bounds=10x10 backgroundColor=red\nstep 0.03\n".utf8)
      .write(to: URL(fileURLWithPath: sub))
    let prefix = Self.rich + "load \(sub)\n"
    let a = Driven()
    #expect(a.run(prefix) == nil, "\(a.out.stderr)")
    // The cut is meaningful: particles alive, events pending, animations running.
    let burst = try #require(a.session.scene.model.layerID(named: "burst"))
    #expect(a.session.scene.liveCount(of: .layer(burst)) > 0)
    #expect(a.session.events.count >= 3)
    #expect(a.output("animations button\n").contains("%"))
    try Self.checkReplay(
      prefix: prefix, file: "rich.burst",
      continuations: ["step 0.3\n", "step 0.016 40\n", "step 2\n"], in: dir)
  }

  @Test("the saved history keeps model commands and one step to per run of clock moves")
  func historyShape() throws {
    let dir = try Self.directory()
    let file = dir.appendingPathComponent("h.burst").path
    let sub = dir.appendingPathComponent("sub.burst").path
    try Data("layer inner\nstep 0.25\nshow 20\nset inner.opacity 0.5\n".utf8).write(
      to: URL(fileURLWithPath: sub))
    let d = Driven()
    d.run(
      """
      emitter e; cell e c
      set e.emitterCells.c birthRate=10 lifetime=1  # a comment
      step 0.1; step 0.2; time; show 20; step 0.016 3
      get e.birthRate
      after 1 set e.birthRate 2
      load \(sub)
      step 0.01
      save \(file)

      """)
    let lines = try Self.read(file).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      lines == [
        "emitter e", "cell e c", "set e.emitterCells.c birthRate=10 lifetime=1",
        "step to \(ValueFormatting.number(TimeCommands.snapped(0.3 + 0.016 * 3)))",
        "after 1 set e.birthRate 2", "layer inner",
        "step to \(ValueFormatting.number(TimeCommands.snapped(0.348 + 0.25)))",
        "set inner.opacity 0.5", "step to \(ValueFormatting.number(d.session.scene.now))",
      ])
    let header = try Self.read(file).split(separator: "\n").first ?? ""
    #expect(
      header == "# Burst history: replays to t = \(Session.clockText(d.session.scene.now)) s.")
  }

  @Test("a clock move longer than one step allows is written as several step to")
  func longMovesSplit() throws {
    let file = try Self.directory().appendingPathComponent("h.burst").path
    let a = Driven()
    a.run("layer l\nstep 1e9\nstep 1e9\nstep 0.5\nsave \(file)\n")
    let lines = try Self.read(file).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      lines == ["layer l", "step to 1000000000", "step to 2000000000", "step to 2000000000.5"])
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.now == a.session.scene.now)
  }

  @Test("reset starts a fresh history")
  func resetStartsAfresh() throws {
    let file = try Self.directory().appendingPathComponent("h.burst").path
    let d = Driven()
    d.run("layer a; step 1; reset; layer b; step 0.5; save \(file)\n")
    let lines = try Self.read(file).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(lines == ["layer b", "step to 0.5"])
  }

  @Test("a failed command leaves no trace; a failed script before the clock moved neither")
  func failuresLeaveNoTrace() throws {
    let dir = try Self.directory()
    let bad = dir.appendingPathComponent("bad.burst").path
    try Data("layer x\nset x.opacity 0.5\nset x.bogus 1\n".utf8).write(
      to: URL(fileURLWithPath: bad))
    let file = dir.appendingPathComponent("h.burst").path
    let d = Driven()
    for (n, line) in [
      "emitter e; cell e c; set e.emitterCells.c birthRate=30 lifetime=2 velocity=20",
      "step 0.2",
      "set e.emitterCells.c.birthRate oops",
      "set e.emitterCells.c lifetime=3 velocity=nope",
      "load \(bad)",
      "step -1",
      "step to 0.1",
      "at 0.1 set e.birthRate 0",
      "layer e",
      "step 0.3",
      "save \(file)",
    ].enumerated() {
      d.session.runPromptLine(line, number: n + 1)
    }
    let text = try Self.read(file)
    for gone in ["oops", "nope", "layer x", "x.opacity", "bogus", "step -1", "at 0.1", "layer e"] {
      #expect(!text.contains(gone), "\(gone) left a trace")
    }
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.model == d.session.scene.model)
    #expect(b.session.scene.now == d.session.scene.now)
  }

  /// Counts interrupt polls and answers yes on the `n`th.
  final class InterruptAfter: @unchecked Sendable {
    var calls = 0
    let n: Int
    init(_ n: Int) { self.n = n }
    func poll() -> Bool {
      calls += 1
      return calls == n
    }
  }

  @Test("an interrupted step leaves its clock movement", arguments: [3, 6, 9])
  func interruptedStepKeepsItsClock(polls: Int) throws {
    let dir = try Self.directory()
    let file = dir.appendingPathComponent("h.burst").path
    let a = Driven()
    a.run(
      """
      emitter e; cell e c; set e.emitterCells.c birthRate=40 lifetime=5 velocity=20 contents=dot
      after 0.25 set e.emitterCells.c.velocity 35

      """)
    let counter = InterruptAfter(polls)
    a.session.interruptRequested = { counter.poll() }
    a.session.runPromptLine("step 0.1 10", number: 1)
    a.session.interruptRequested = { false }
    let now = a.session.scene.now
    #expect(now > 0 && now < 1, "the step was cut short")
    #expect(a.out.stderr.contains("interrupted"))
    a.session.runPromptLine("set e.birthRate 3", number: 2)
    a.session.runPromptLine("save \(file)", number: 3)
    let text = try Self.read(file)
    #expect(text.contains("step to \(ValueFormatting.number(now))\nset e.birthRate 3\n"))
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.now.bitPattern == now.bitPattern)
    let ppmA = dir.appendingPathComponent("a.ppm").path
    let ppmB = dir.appendingPathComponent("b.ppm").path
    #expect(
      a.output("step 0.4\nstats\nsnapshot \(ppmA)\n")
        == b.output("step 0.4\nstats\nsnapshot \(ppmB)\n")
        .replacingOccurrences(of: ppmB, with: ppmA))
    #expect(try Self.read(ppmA) == Self.read(ppmB))
  }

  @Test("a scheduled command that fails drops the after that only scheduled it")
  func failedScheduledCommand() throws {
    let dir = try Self.directory()
    let file = dir.appendingPathComponent("h.burst").path
    let a = Driven()
    a.run(
      """
      layer x; emitter e; cell e c; set e.emitterCells.c birthRate=5 lifetime=1
      after 0.1 set x.opacity 0.5
      after 0.2 remove x
      after 0.3 set x.opacity 0.25
      after 0.1 after 0.3 set x.opacity 0.1
      fire e 0.1

      """)
    a.session.runPromptLine("step 0.5", number: 1)
    #expect(!a.out.stderr.isEmpty, "the scheduled commands failed")
    a.session.runPromptLine("save \(file)", number: 2)
    let text = try Self.read(file)
    #expect(text.contains("after 0.1 set x.opacity 0.5"))
    #expect(!text.contains("0.25"))
    #expect(!text.contains("0.1 after"))
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.out.stderr.isEmpty)
    #expect(b.session.scene.model == a.session.scene.model)
  }

  @Test("save model keeps the root layer's own properties")
  func modelKeepsTheRoot() throws {
    let file = try Self.directory().appendingPathComponent("m.burst").path
    let a = Driven()
    a.run(
      """
      scene 200x100 #102030
      set scene position=10,10 anchorPoint=0,0 opacity=0.5 maxParticles=1000 pixelScale=2
      layer l; set l backgroundColor=rgb(0.1, 0.2, 0.3) transform.rotation.z=0.5
      save model \(file)

      """)
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.output("get scene.position\n") == "10,10\n")
    #expect(b.session.scene.model == a.session.scene.model)
    let text = try Self.read(file)
    #expect(!text.contains("transform.rotation.z"), "an alias already set is not repeated")
  }

  @Test(
    "save model of each example rebuilds every model value",
    arguments: ExampleRuns.examples)
  func modelReplays(example: String) throws {
    let file = try Self.directory().appendingPathComponent("m.burst").path
    let path = repositoryRoot.appendingPathComponent(example).path
    let a = Driven()
    a.run(try Self.read(path) + "save model \(file)\n", file: path)
    let text = try Self.read(file)
    #expect(!text.contains("step"), "no clock")
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    let gets = Self.keyPaths(a.session.scene.model).map { "get \($0)" }.joined(separator: "\n")
    #expect(a.output(gets) == b.output(gets))
  }

  /// A 2×2 PPM.
  static let ppm = Data("P6\n2 2\n255\n".utf8) + Data([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])

  @Test("image paths are written relative to the saved file, and the files move together")
  func imagePathsRelative() throws {
    let dir = try Self.directory()
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent("img"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    try Self.ppm.write(to: dir.appendingPathComponent("img/dot one.ppm"))
    try Self.ppm.write(to: dir.appendingPathComponent("img/dot.ppm"))
    // A script names its images relative to itself.
    let script = dir.appendingPathComponent("scene.burst").path
    try Data(
      """
      emitter e; cell e c; cell e d
      set e.emitterCells.c birthRate=20 lifetime=3 velocity=30 contents=img/dot.ppm
      set e.emitterCells.d birthRate=20 lifetime=3 velocity=10 emissionLongitude=pi
      set e.emitterCells.d.contents "img/dot one.ppm"
      after 0.5 set e.emitterCells.c contents=./img/../img/dot.ppm scale=2

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    let a = Driven()
    #expect(a.run("load \(script)\nstep 0.3\n") == nil, "\(a.out.stderr)")
    let saved = dir.appendingPathComponent("out/h.burst").path
    let model = dir.appendingPathComponent("out/m.burst").path
    a.run("save \(saved)\nsave model \(model)\n")
    let text = try Self.read(saved)
    #expect(text.contains("velocity=30 contents=../img/dot.ppm\n"))
    #expect(text.contains("contents \"../img/dot one.ppm\""))
    #expect(text.contains("after 0.5 set e.emitterCells.c contents=../img/dot.ppm scale=2"))
    #expect(try Self.read(model).contains("contents=../img/dot.ppm"))
    let ppmA = dir.appendingPathComponent("a.ppm").path
    let seenA = a.output("step 0.5\nstats\nsnapshot \(ppmA)\n")
    #expect(!seenA.contains("error"), "\(seenA)")
    // Moved elsewhere, loaded from a working directory that is neither.
    let moved = dir.deletingLastPathComponent().appendingPathComponent(
      dir.lastPathComponent + "-moved")
    try fm.moveItem(at: dir, to: moved)
    for file in ["h.burst", "m.burst"] {
      let b = Driven()
      let path = moved.appendingPathComponent("out/\(file)").path
      #expect(b.run("load \(path)\n") == nil, "\(b.out.stderr)")
    }
    let b = Driven()
    b.run("load \(moved.appendingPathComponent("out/h.burst").path)\n")
    let ppmB = moved.appendingPathComponent("b.ppm").path
    #expect(
      seenA.replacingOccurrences(of: ppmA, with: "")
        == b.output("step 0.5\nstats\nsnapshot \(ppmB)\n").replacingOccurrences(of: ppmB, with: ""))
    #expect(try Self.read(moved.appendingPathComponent("a.ppm").path) == Self.read(ppmB))
  }

  @Test("an image path that needs quotes leaves its KEY=VALUE word for a set of its own")
  func quotedPathInPair() throws {
    let dir = try Self.directory()
    let fm = FileManager.default
    let scenes = dir.appendingPathComponent("my scene")
    try fm.createDirectory(
      at: scenes.appendingPathComponent("img"), withIntermediateDirectories: true)
    try fm.createDirectory(
      at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    try Self.ppm.write(to: scenes.appendingPathComponent("img/dot.ppm"))
    let script = scenes.appendingPathComponent("scene.burst").path
    try Data(
      """
      emitter e; cell e c; cell e d
      set e.emitterCells.c birthRate=20 contents=img/dot.ppm lifetime=2 velocity=30
      set e.emitterCells.d contents=img/dot.ppm
      after 0.2 set e.emitterCells.d birthRate=5 contents=img/dot.ppm lifetime=1

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    let a = Driven()
    #expect(a.run("load \"\(script)\"\nstep 0.3\n") == nil, "\(a.out.stderr)")
    let saved = dir.appendingPathComponent("out/h.burst").path
    a.run("save \(saved)\n")
    let lines = try Self.read(saved).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      lines == [
        "emitter e", "cell e c", "cell e d",
        "set e.emitterCells.c birthRate=20 lifetime=2 velocity=30",
        "set e.emitterCells.c.contents \"../my scene/img/dot.ppm\"",
        "set e.emitterCells.d.contents \"../my scene/img/dot.ppm\"",
        "after 0.2 set e.emitterCells.d birthRate=5 lifetime=1",
        "after 0.2 set e.emitterCells.d.contents \"../my scene/img/dot.ppm\"",
        "step to 0.3",
      ])
    let b = Driven()
    #expect(b.run("load \(saved)\n") == nil, "\(b.out.stderr)")
    let ppmA = dir.appendingPathComponent("a.ppm").path
    let ppmB = dir.appendingPathComponent("b.ppm").path
    a.run("step 0.2\nsnapshot \(ppmA)\n")
    b.run("step 0.2\nsnapshot \(ppmB)\n")
    #expect(try Self.read(ppmA) == Self.read(ppmB))
    #expect(a.output("stats\n") == b.output("stats\n"))
  }

  @Test("a path typed at the prompt is saved relative to the file and loads from elsewhere")
  func promptPathFromAnotherDirectory() throws {
    let dir = try Self.directory()
    let fm = FileManager.default
    for sub in ["work/img", "work/out", "elsewhere"] {
      try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    try Self.ppm.write(to: dir.appendingPathComponent("work/img/dot.ppm"))
    let a = try runBurst(
      [
        "-e",
        "emitter e; cell e c; set e.emitterCells.c birthRate=30 lifetime=2 velocity=25"
          + " contents=img/dot.ppm; step 0.4; save out/h.burst; step 0.2; snapshot out/a.ppm",
      ], in: dir.appendingPathComponent("work"))
    #expect(a.status == 0, "\(a.stderr)")
    let saved = dir.appendingPathComponent("work/out/h.burst").path
    #expect(try Self.read(saved).contains("contents=../img/dot.ppm"))
    let elsewhere = dir.appendingPathComponent("elsewhere")
    let b = try runBurst(
      ["-e", "load \(saved); step 0.2; snapshot b.ppm"], in: elsewhere)
    #expect(b.status == 0, "\(b.stderr)")
    #expect(
      try Self.read(dir.appendingPathComponent("work/out/a.ppm").path)
        == Self.read(elsewhere.appendingPathComponent("b.ppm").path))
  }

  @Test("step to lands on exactly the time written")
  func stepTo() {
    let d = Driven()
    d.run("step 0.1 3\n")
    let t = 0.1 + 0.2
    #expect(d.run("step to \(ValueFormatting.number(t))\n") == nil)
    #expect(d.session.scene.now.bitPattern == t.bitPattern)
    #expect(d.output("time\n") == "0.3\n")
    #expect(d.run("step to 0.2\n")?.message.contains("already past") == true)
    #expect(d.run("step to 2e9\n")?.message.contains("at most 1e9") == true)
    #expect(d.run("step to\n")?.message.contains("missing TIME") == true)
    #expect(d.run("step to 1 2\n") != nil)
    // TIME may be now: what is scheduled for now runs.
    d.run("layer l; after 0 set l.opacity 0.5\n")
    #expect(d.run("step to \(ValueFormatting.number(t))\n") == nil)
    #expect(d.output("get l.opacity\n") == "0.5\n")
  }

  @Test("step to splits a move the step limits refuse into pieces they allow")
  func stepToPieces() {
    // A limit of 7 s a step: each piece halves the rest until it fits.
    var now = 0.0
    var ends: [Double] = []
    while now < 20, let end = TimeCommands.pieceEnd(from: now, to: 20, fits: { $0 - now <= 7 }) {
      ends.append(end)
      now = end
    }
    #expect(ends == [5, 8.75, 14.375, 20])
    #expect(TimeCommands.pieceEnd(from: 1, to: 3, fits: { _ in true }) == 3)
    #expect(TimeCommands.pieceEnd(from: 1, to: 3, fits: { _ in false }) == nil)
  }

  @Test("help save and help step say what they do")
  func help() {
    let save = runScript("help save\n").stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(save.contains("save model FILE"))
    #expect(save.contains("relative to the saved file"))
    #expect(runScript("help step\n").stdout.contains("step to TIME"))
  }

  @Test("a saved history recreates the group and its children")
  func saveRoundTrip() throws {
    let prefix =
      "scene 100x100; layer b\n" + """
        emitter e in b; cell e c; set e.emitterCells.c birthRate=0 lifetime=5 contents=dot
        group b g duration 1.5 repeat 2 autoreverses timing easeOut
        animate b.opacity from 0 to 1 duration 2 in g
        step 0.3
        animate b.position values 10,10 90,50 20,80 delay 0.1 in g
        group e pulse duration 0.8 keep fill both delay 0.2
        animate e.emitterCells.c.birthRate from 0 to 200 duration 1 in pulse
        step 0.05

        """
    try Self.checkReplay(
      prefix: prefix, file: "group.burst",
      continuations: [
        "step 0.4\n", "animate b.transform.scale to 2 duration 0.5 in g\n", "step 3\n",
      ],
      in: try Self.directory())
  }
}
