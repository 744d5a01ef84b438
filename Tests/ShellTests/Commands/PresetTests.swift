import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// `preset`: the ready emitters of examples/presets, compiled into the binary.
@Suite("Presets")
struct PresetTests {
  /// The preset files in the repository, by name (without `.burst`).
  static let files: [String: String] = {
    let dir = repositoryRoot.appendingPathComponent("examples/presets")
    var out: [String: String] = [:]
    for n in repositoryFiles(in: "examples/presets", endingIn: ".burst") {
      let path = dir.appendingPathComponent(n).path
      out[String(n.dropLast(".burst".count))] = try? String(contentsOfFile: path, encoding: .utf8)
    }
    return out
  }()

  /// The presets the issue asks for, at least.
  static let required = [
    "fire", "smoke", "snow", "rain", "sparks", "magic", "fireworks", "confetti", "bubbles",
    "hearts",
  ]

  static let names = PresetCommands.presets.map(\.name)

  /// Scene sizes every preset is tried at: the default landscape one and a tall phone-like one.
  static let sizes = ["320x240", "390x700"]

  @Test("every preset file is embedded, each embedded copy equals its file, and none is extra")
  func embeddedCopiesEqualFiles() throws {
    #expect(Set(Self.names) == Set(Self.files.keys))
    let regenerate =
      "python3 scripts/embed-files.py examples/presets burst"
      + " Sources/Shell/Embedded/EmbeddedPresets.swift EmbeddedPresets"
    for p in PresetCommands.presets {
      let file = try #require(Self.files[p.name], "\(p.name) has no file in examples/presets")
      #expect(
        p.file.text == file, "\(p.name).burst differs from its embedded copy: run \(regenerate)")
    }
    #expect(Self.names == Self.names.sorted(), "presets are listed in name order")
  }

  @Test("the issue's presets all exist", arguments: required)
  func requiredPresetExists(name: String) {
    #expect(Self.names.contains(name))
  }

  @Test(
    "every preset runs at two scene sizes: particles alive inside the scene at 2 s, lint clean",
    arguments: names, sizes)
  func presetRuns(name: String, size: String) throws {
    let d = Driven()
    #expect(d.run("scene \(size)\npreset \(name)\n") == nil, "\(d.out.stderr)")
    #expect(d.out.stderr.isEmpty, "\(d.out.stderr)")
    #expect(d.output("lint\n") == "no problems found\n")
    // 2 s: a second past the first fireworks rocket's burst.
    #expect(d.run("step 0.1 20\n") == nil, "\(d.out.stderr)")
    #expect(d.output("lint\n") == "no problems found\n")
    let s = d.session.scene
    let id = try #require(s.model.layerID(named: "\(name)1"))
    let particles = s.particles(of: id)
    #expect(particles.count >= 5, "\(name) at \(size): \(particles.count) particles after 2 s")
    let bounds = s.model.root.properties.bounds
    let inside = particles.filter {
      Double($0.state.x) >= 0 && Double($0.state.x) <= bounds.size.width
        && Double($0.state.y) >= 0 && Double($0.state.y) <= bounds.size.height
    }
    #expect(
      inside.count * 2 >= particles.count,
      "\(name) at \(size): only \(inside.count) of \(particles.count) particles in the scene")
  }

  @Test("each preset file runs on its own and builds what preset NAME builds", arguments: names)
  func fileRunsAlone(name: String) throws {
    let text = try #require(Self.files[name])
    let alone = Driven()
    #expect(alone.run(text, file: "examples/presets/\(name).burst") == nil, "\(alone.out.stderr)")
    #expect(alone.out.transcript.isEmpty)
    let preset = Driven()
    #expect(preset.run("preset \(name)\n") == nil, "\(preset.out.stderr)")
    #expect(alone.session.scene.model == preset.session.scene.model)
    #expect(alone.session.scene.model.layerID(named: "\(name)1") != nil)
  }

  @Test("preset alone lists every preset with the first line of its file")
  func listing() throws {
    let out = Driven().output("preset\n")
    let lines = out.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.names.count)
    for (line, name) in zip(lines, Self.names.sorted()) {
      let first = try #require(Self.files[name]?.split(separator: "\n").first)
      let prefix = "# \(name) — "
      #expect(first.hasPrefix(prefix), "\(name).burst starts with '\(prefix)'")
      let summary = first.dropFirst(prefix.count)
      #expect(line.hasPrefix(name + " "))
      #expect(line.hasSuffix(" " + summary))
    }
  }

  @Test("the default name is the preset's with the first unused number")
  func defaultNumbering() {
    let d = Driven()
    #expect(d.run("preset fire\npreset fire\npreset snow\n") == nil, "\(d.out.stderr)")
    #expect(d.session.scene.model.layerNames == ["fire1", "fire2", "scene", "snow1"])
    #expect(d.run("remove fire1\npreset fire\npreset fire\n") == nil, "\(d.out.stderr)")
    #expect(d.session.scene.model.layerNames == ["fire1", "fire2", "fire3", "scene", "snow1"])
    // A layer the user named fire1 is skipped too.
    let e = Driven()
    #expect(e.run("layer fire1\npreset fire\n") == nil)
    #expect(e.session.scene.model.layerNames == ["fire1", "fire2", "scene"])
  }

  @Test("as names the layer and at places the emitter, also in scene.width and scene.height")
  func asAndAt() {
    let d = Driven()
    #expect(
      d.run(
        "scene 400x300\npreset sparks as welder at 100,50\npreset magic at scene.width/4,scene.height-20\n"
      )
        == nil, "\(d.out.stderr)")
    #expect(d.output("get welder.emitterPosition\n") == "100,50\n")
    #expect(d.output("get magic1.emitterPosition\n") == "100,280\n")
    // Without at, the preset's own place: sparks in the middle of the scene.
    #expect(d.run("preset sparks\n") == nil)
    #expect(d.output("get sparks1.emitterPosition\n") == "200,150\n")
    // Clauses in either order.
    #expect(d.run("preset rain at 0,0 as shower\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get shower.emitterPosition\n") == "0,0\n")
  }

  @Test("a preset added after the clock ran starts then: beginTime is now and lint is clean")
  func startsWhenAdded() {
    let d = Driven()
    #expect(d.run("step 2.5\npreset hearts\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get hearts1.beginTime\n") == "2.5\n")
    #expect(d.output("lint\n") == "no problems found\n")
    #expect(d.run("step 0.5\n") == nil)
    // Hearts born in the last 0.5 s only: 5 a second.
    #expect(d.output("count hearts1\n") == "2\n")
  }

  @Test("two of the same preset get their own random streams")
  func ownSeeds() {
    let d = Driven()
    #expect(d.run("preset snow\npreset fire\npreset snow at scene.width/2,0\n") == nil)
    #expect(d.output("get snow1.seed\n") == "0\n")
    #expect(d.output("get fire1.seed\n") == "1\n")
    #expect(d.output("get snow2.seed\n") == "2\n")
    #expect(d.run("step 1\n") == nil)
    let s = d.session.scene
    let a = s.particles(of: s.model.layerID(named: "snow1") ?? -1).map(\.state)
    let b = s.particles(of: s.model.layerID(named: "snow2") ?? -1).map(\.state)
    #expect(a.count == b.count)
    #expect(a != b, "the same place and the same seed would give the same flakes")
  }

  struct BadCase: CustomTestStringConvertible, Sendable {
    let command: String
    let message: String
    var testDescription: String { command }
  }

  static let bad: [BadCase] = [
    BadCase(command: "preset fier", message: "no preset 'fier' (did you mean 'fire'?)"),
    BadCase(command: "preset nothinglikeit", message: "hint: presets: bubbles, confetti"),
    BadCase(command: "preset fire as sparks1", message: "sparks1"),
    BadCase(command: "preset fire as step", message: "'step' is a command and cannot name a layer"),
    BadCase(command: "preset fire as scene", message: "scene"),
    BadCase(command: "preset fire at 1,2,3", message: "bad value for at"),
    BadCase(command: "preset fire at", message: "'at' takes one point"),
    BadCase(command: "preset fire size 3", message: "unexpected 'size'"),
    BadCase(command: "preset fire as a as b", message: "'as' is given twice"),
  ]

  @Test("a bad preset command is an error that says why and changes nothing", arguments: bad)
  func badCommand(c: BadCase) throws {
    let d = Driven()
    #expect(d.run("preset sparks\nstep 0.5\n") == nil)
    let before = d.session.scene.model
    let error = try #require(d.run(c.command + "\n"))
    // The header and the hint, not the quoted line (which holds the command itself).
    let lines = error.rendered().split(separator: "\n")
    let said = ([lines[0]] + lines.filter { $0.hasPrefix("  hint:") }).joined(separator: "\n")
    #expect(said.contains(c.message), "\(error.rendered())")
    #expect(said.hasPrefix("test.burst:1:"))
    #expect(d.session.scene.model == before)
  }

  @Test("save rebuilds a scene with presets exactly, and export swift writes it")
  func saveAndExport() throws {
    let prefix = """
      scene 300x200 #101018
      preset fireworks
      step 0.5 3
      preset snow as flakes at scene.width/2,10
      preset fire
      step 0.25 2

      """
    try SaveTests.checkReplay(
      prefix: prefix, file: "presets.burst", continuations: ["step 0.3\n", "preset hearts\n"],
      in: try SaveTests.directory())
    let d = Driven()
    #expect(d.run(prefix) == nil)
    let swift = d.output("export swift\n")
    #expect(!swift.contains("error"), "\(swift.prefix(500))")
    for name in ["fireworks1", "flakes", "fire1", "CAEmitterLayer", "emitterCells"] {
      #expect(swift.contains(name), "export swift names \(name)")
    }
  }

  @Test("Tab offers preset names after preset, then its clauses")
  func completion() {
    let s = Session(sink: CapturedOutput())
    func candidates(_ line: String) -> [String] {
      let start = (Array(line.utf8).lastIndex { $0 == 32 }).map { $0 + 1 } ?? 0
      return Completion.candidates(
        line: line, wordStart: start, wordEnd: line.utf8.count, session: s)
    }
    #expect(candidates("preset f") == ["fire", "fireworks"])
    #expect(candidates("preset sm") == ["smoke"])
    #expect(candidates("preset fire a") == ["as", "at"])
  }
}

/// `scene.width` and `scene.height` in number expressions.
@Suite("Scene size in numbers")
struct SceneSizeExpressionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let command: String
    /// The property `get` reads back.
    let path: String
    let expected: String
    var testDescription: String { command }
  }

  /// In a 400×300 scene with emitter e and its cell c.
  static let cases: [Case] = [
    Case(
      command: "set e emitterPosition=scene.width/2,scene.height", path: "e.emitterPosition",
      expected: "200,300"),
    Case(
      command: "set e.emitterPosition (scene.width - 10),(scene.height / 3)",
      path: "e.emitterPosition", expected: "390,100"),
    Case(
      command: "set e emitterSize=scene.width*0.8,0", path: "e.emitterSize", expected: "320,0"),
    Case(
      command: "set e.emitterPosition.x scene.height-scene.width", path: "e.emitterPosition",
      expected: "-100,0"),
    Case(
      command: "set e.emitterCells.c velocity=scene.height/6", path: "e.emitterCells.c.velocity",
      expected: "50"),
  ]

  @Test("set reads the scene's size in numbers", arguments: cases)
  func setReadsTheSize(c: Case) {
    let d = Driven()
    #expect(
      d.run("scene 400x300\nemitter e\ncell e c\n" + c.command + "\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get \(c.path)\n") == c.expected + "\n")
  }

  @Test("the size is read when the command runs: a later scene command changes nothing set")
  func readWhenRun() {
    let d = Driven()
    #expect(d.run("emitter e\nset e emitterPosition=scene.width,0\nscene 100x100\n") == nil)
    #expect(d.output("get e.emitterPosition\n") == "320,0\n")
  }

  @Test("outside property values the names are an error that says where they work")
  func elsewhere() throws {
    let d = Driven()
    let error = try #require(d.run("step scene.width\n"))
    #expect(error.rendered().contains("'scene.width' is known only in values that set"))
    let misspelt = try #require(d.run("emitter e\nset e emitterPosition=scene.widht,0\n"))
    #expect(misspelt.rendered().contains("expected a number"))
  }
}
