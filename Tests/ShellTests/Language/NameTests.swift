import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A scene whose names are not plain identifiers: a UUID cell, a layer starting with a digit,
/// a name with a space, one with a dot, one with quotes, and a sub-cell.
let quotedNamesScene = """
  emitter like
  cell like "3F2A-9C01-4B7E-8D2A-1234567890AB"
  set like.emitterCells."3F2A-9C01-4B7E-8D2A-1234567890AB" birthRate=10 lifetime=2
  cell like.emitterCells."3F2A-9C01-4B7E-8D2A-1234567890AB" "7-sub"
  cell like "a.b"
  set like.emitterCells."a.b".birthRate 3
  cell like "say \\"hi\\""
  layer "9lives"
  set "9lives".opacity 0.5
  layer "my layer" in "9lives"
  layer kid in "my layer"

  """

@Suite("Names that are not plain identifiers")
struct NameTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let script: String
    let output: String
    var testDescription: String { script.split(separator: "\n").last.map(String.init) ?? "" }
  }

  @Test(
    "quoted names work in layer, emitter, cell, set, get, unset, remove and copy",
    arguments: [
      Case(
        script: "get like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".birthRate", output: "10"
      ),
      Case(
        script: "get like.emitterCells.'3F2A-9C01-4B7E-8D2A-1234567890AB'.lifetime", output: "2"),
      Case(script: "get like.emitterCells.\"a.b\".birthRate", output: "3"),
      Case(
        script: "set like.emitterCells.\"say \\\"hi\\\"\".birthRate 4\n"
          + "get like.emitterCells.\"say \\\"hi\\\"\".birthRate", output: "4"),
      Case(script: "get \"9lives\".opacity", output: "0.5"),
      Case(script: "get \"9lives\".sublayers.\"my layer\".sublayers.kid.opacity", output: "1"),
      Case(
        script: "set like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".emitterCells.\"7-sub\""
          + ".birthRate 2\nget like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\""
          + ".emitterCells.\"7-sub\".birthRate", output: "2"),
      Case(
        script:
          "unset like.emitterCells.\"a.b\".birthRate\nget like.emitterCells.\"a.b\".birthRate",
        output: "0"),
      Case(script: "remove like.emitterCells.\"a.b\"\ncount like", output: "0"),
      Case(
        script: "remove like.emitterCells.\"a.b\"\nget like.emitterCells.\"a.b\".birthRate",
        output: "error"),
      Case(script: "copy \"9lives\" as \"0-copy\"\nget \"0-copy\".opacity", output: "0.5"),
      Case(script: "copy \"9lives\" as \"0-copy\"\nget \"0-copy-my layer\".opacity", output: "1"),
      Case(script: "emitter \"E1F0-22\" in \"my layer\"\nget \"E1F0-22\".birthRate", output: "1"),
    ])
  func commands(c: Case) {
    Self.check(c)
  }

  /// Runs a case's script after the quoted-names scene: its output, or an error.
  static func check(_ c: Case) {
    let run = runScript(quotedNamesScene + c.script + "\n")
    if c.output == "error" {
      #expect(run.error != nil)
    } else {
      #expect(run.error == nil, "\(run.stderr)")
      #expect(run.stdout == c.output + "\n")
    }
  }

  @Test(
    "bad names are refused with a reason",
    arguments: [
      ("emitter \"\"", "a layer name cannot be empty"),
      ("cell like \"\"", "a cell name cannot be empty"),
      ("layer \"a\tb\"", "a layer name cannot hold a newline or other control character"),
      ("layer step", "'step' is a command and cannot name a layer"),
      ("layer \"step\"", "'step' is a command and cannot name a layer"),
      ("copy like as \"fire\"", "'fire' is a command and cannot name a layer"),
      ("layer \"in\"", "'in' is a reserved word and cannot name a layer"),
      ("layer \"9lives\"", "a layer named '9lives' already exists"),
    ])
  func badNames(line: String, message: String) throws {
    let run = runScript(quotedNamesScene + line + "\n")
    let error = try #require(run.error)
    #expect(error.message == message)
  }

  @Test(
    "an error in a quoted key path points at its component",
    arguments: [
      ("get like.emitterCells.\"3F2A-8\".birthRate", 23, 8),
      ("get \"9lives\".sublayers.\"my layr\".opacity", 24, 9),
      ("get like.emitterCells.\"a.b\".birthRat", 29, 8),
    ])
  func caret(line: String, column: Int, length: Int) throws {
    let run = runScript(quotedNamesScene + line + "\n")
    let error = try #require(run.error)
    #expect(error.column == column)
    #expect(error.length == length)
  }

  @Test("tree, stats and lint write names as key paths do")
  func writers() {
    let run = runScript(quotedNamesScene + "tree\nstats\nlint\n")
    #expect(run.error == nil, "\(run.stderr)")
    for expected in [
      "\"3F2A-9C01-4B7E-8D2A-1234567890AB\" (cell)", "\"9lives\" (layer)",
      "\"my layer\" (layer)", "\"say \\\"hi\\\"\" (cell)",
      "like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".emitterCells.\"7-sub\"",
      "like.emitterCells.\"say \\\"hi\\\"\": birthRate is 0",
      "set like.emitterCells.\"say \\\"hi\\\"\".birthRate 10",
    ] {
      #expect(run.stdout.contains(expected), "missing: \(expected)\n\(run.stdout)")
    }
  }

  @Test("explain name says that a cell's random stream is keyed by its name")
  func explainName() {
    let run = runScript("explain name\n")
    #expect(run.error == nil)
    #expect(run.stdout.contains("random stream is keyed by its name"))
    #expect(run.stdout.contains("renaming a cell changes its future particles"))
  }

  static func directory() throws -> URL {
    let dir = testScratchFolder.appendingPathComponent(
      "burst-names-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test(
    "save model and save FILE write quoted names that load back to the same model",
    arguments: ["save model", "save"])
  func saveRoundTrips(command: String) throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("saved.burst").path
    let a = Session(sink: CapturedOutput())
    #expect(a.run(source: quotedNamesScene + "\(command) \(file)\n", file: "a") == nil)
    let saved = String(
      decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
    #expect(saved.contains("cell like \"3F2A-9C01-4B7E-8D2A-1234567890AB\""))
    #expect(saved.contains("\"9lives\""))
    let b = Session(sink: CapturedOutput())
    let error = b.run(source: "load \(file)\n", file: "b")
    #expect(error == nil, "\(error?.message ?? "")")
    #expect(a.scene.model == b.scene.model)
  }

  @Test("export makes valid identifiers and keeps the real names", arguments: ["swift", "objc"])
  func export(language: String) {
    let run = runScript(quotedNamesScene + "export \(language)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let swift = language == "swift"
    let str = swift ? "\"" : "@\""
    for expected in [
      swift
        ? "let _3F2A9C014B7E8D2A1234567890AB = CAEmitterCell()"
        : "CAEmitterCell *_3F2A9C014B7E8D2A1234567890AB = [CAEmitterCell emitterCell]",
      "_3F2A9C014B7E8D2A1234567890AB.name = \(str)3F2A-9C01-4B7E-8D2A-1234567890AB\"",
      "_9lives.name = \(str)9lives\"", "myLayer.name = \(str)my layer\"", "aB.name = \(str)a.b\"",
      "sayHi.name = \(str)say \\\"hi\\\"\"",
    ] {
      #expect(run.stdout.contains(expected), "missing: \(expected)")
    }
  }

  @Test(
    "identifiers for names: camel case, a leading _ before a digit",
    arguments: [
      ("b-kid", "bKid"), ("3F2A-9", "_3F2A9"), ("my layer", "myLayer"), ("a.b", "aB"),
      ("say \"hi\"", "sayHi"), ("--", "object"), ("é", "object"), ("_x", "_x"),
    ])
  func identifiers(name: String, identifier: String) {
    #expect(SceneExporter.identifier(for: name) == identifier)
  }

  @Test(
    "completion goes through quoted names and quotes the names it offers",
    arguments: [
      ("cell like.emitterCells.3F", ["like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\""]),
      ("cell like.emitterCells.\"3F", ["like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\""]),
      ("count like.emitterCells.a", ["like.emitterCells.\"a.b\""]),
      (
        "set like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".birthR",
        ["like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".birthRate"]
      ),
      (
        "count like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".emitterCells.",
        ["like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".emitterCells.\"7-sub\""]
      ),
      ("count \"9", ["\"9lives\""]),
      ("set \"9lives\".opac", ["\"9lives\".opacity"]),
      ("set \"9lives\".sublayers.", ["\"9lives\".sublayers.\"my layer\"."]),
      ("copy 9", ["\"9lives\""]),
    ])
  func completion(line: String, expected: [String]) {
    let s = Session(sink: CapturedOutput())
    s.run(source: quotedNamesScene, file: "setup")
    let bytes = Array(line.utf8)
    let start = (bytes.lastIndex { $0 == 32 }).map { $0 + 1 } ?? 0
    let got = Completion.candidates(line: line, wordStart: start, wordEnd: bytes.count, session: s)
    #expect(got == expected)
  }
}

/// `set PATH.name NEW` renames a layer or a cell, checked as when it is created.
@Suite("Renaming layers and cells")
struct RenameTests {
  typealias Case = NameTests.Case

  @Test(
    "the new name addresses the object, quoted or not; the old one no longer does",
    arguments: [
      Case(script: "set \"9lives\".name cat\nget cat.opacity", output: "0.5"),
      Case(script: "set \"9lives\".name cat\nget \"9lives\".opacity", output: "error"),
      Case(script: "set kid.name \"new kid\"\nget \"new kid\".opacity", output: "1"),
      Case(
        script: "set \"9lives\" name=cat opacity=0.25\nget cat.sublayers.\"my layer\".opacity",
        output: "1"),
      Case(script: "set \"9lives\" name=cat opacity=0.25\nget cat.opacity", output: "0.25"),
      Case(
        script: "set like.emitterCells.\"a.b\".name ab\nget like.emitterCells.ab.birthRate",
        output: "3"),
      Case(
        script: "set like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\".emitterCells.\"7-sub\""
          + ".name \"a.b\"\nget like.emitterCells.\"3F2A-9C01-4B7E-8D2A-1234567890AB\""
          + ".emitterCells.\"a.b\".name", output: "a.b"),
      Case(script: "set like.name like\nget like.name", output: "like"),
    ])
  func renames(c: Case) {
    NameTests.check(c)
  }

  @Test(
    "a bad new name is refused with a reason and a suggestion, and changes nothing",
    arguments: [
      ("set like.name \"9lives\"", "a layer named '9lives' already exists"),
      ("set like.name step", "'step' is a command and cannot name a layer"),
      ("set like.name sublayers", "'sublayers' is a reserved word"),
      ("set like.name \"\"", "a layer name cannot be empty"),
      ("set like.name my cat", "a name is one word"),
      ("set scene.name stage", "the scene's root layer is always called 'scene'"),
      ("set like.emitterCells.\"a.b\".name \"say \\\"hi\\\"\"", "a cell named 'say \"hi\"'"),
      ("set like opacity=0.5 name=kid", "a layer named 'kid' already exists"),
      ("unset like.name", "'name' has no default to go back to"),
    ])
  func refused(command: String, message: String) {
    let d = Driven()
    d.run(quotedNamesScene)
    let before = d.session.scene.model
    let error = d.run(command + "\n")
    #expect(error?.message.contains(message) == true, "\(d.out.stderr)")
    #expect(error?.suggestion != nil, "\(d.out.stderr)")
    #expect(d.session.scene.model == before)
  }

  @Test("save, save model and export write the new name")
  func writersUseTheNewName() throws {
    let dir = try SaveTests.directory()
    let history = dir.appendingPathComponent("h.burst").path
    let model = dir.appendingPathComponent("m.burst").path
    let a = Driven()
    #expect(
      a.run(
        quotedNamesScene
          + "step 1\nset like.name heart\nset heart.emitterCells.\"a.b\".name ab\nstep 1\n") == nil)
    a.run("save \(history)\nsave model \(model)\n")
    for file in [history, model] {
      let b = Driven()
      #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
      #expect(b.session.scene.model.layerNames == a.session.scene.model.layerNames)
      #expect(b.output("get heart.emitterCells.ab.birthRate\n") == "3\n")
    }
    let text = try SaveTests.read(model)
    #expect(text.contains("emitter heart") && !text.contains("emitter like"))
    let swift = a.output("export swift\n")
    #expect(swift.contains("\"heart\"") && !swift.contains("\"like\""))
    #expect(swift.contains("\"ab\"") && !swift.contains("\"a.b\""))
  }

  /// The particles of `like` after `script`, with the cell renamed at t = 1 or not.
  static func particles(renamed: Bool) -> [ParticleSnapshot] {
    let d = Driven()
    d.run(
      """
      emitter like
      cell like sparkle
      set like.emitterCells.sparkle birthRate=10 lifetime=5 velocity=20 emissionRange=6.28
      step 1
      \(renamed ? "set like.emitterCells.sparkle.name spark" : "")
      step 1

      """)
    guard let id = d.session.scene.model.layerID(named: "like") else { return [] }
    return d.session.scene.particles(of: id)
  }

  @Test("renaming a cell changes its future particles, not those already born")
  func renamedCellChangesFutureParticles() {
    let kept = Self.particles(renamed: false)
    let renamed = Self.particles(renamed: true)
    #expect(kept.count == 20 && renamed.count == 20)
    let old = { (p: [ParticleSnapshot]) in p.filter { $0.birthTime <= 1 }.map(\.state) }
    let new = { (p: [ParticleSnapshot]) in p.filter { $0.birthTime > 1 }.map(\.state) }
    #expect(old(kept) == old(renamed))
    #expect(new(kept) != new(renamed))
  }

  @Test("animations follow a renamed layer and cell; animations lists the new key path")
  func animationsFollow() {
    let script = """
      emitter like
      cell like sparkle
      animate like.emitterCells.sparkle.birthRate from 0 to 10 duration 2
      animate like.opacity from 1 to 0 duration 2
      step 0.5

      """
    let renames = "set like.emitterCells.sparkle.name spark\nset like.name heart\n"
    let a = runScript(
      script
        + "get presentation like.emitterCells.sparkle.birthRate\nget presentation like.opacity\n")
    let b = runScript(
      script + renames + "get presentation heart.emitterCells.spark.birthRate\n"
        + "get presentation heart.opacity\nanimations heart\n")
    #expect(a.error == nil && b.error == nil, "\(b.stderr)")
    #expect(b.stdout.hasPrefix(a.stdout))
    #expect(b.stdout.contains("emitterCells.spark.birthRate"))
  }

  @Test("a scheduled command is text: it finds the layer by the name it has when it runs")
  func scheduledCommandsUseNames() {
    let run = runScript("layer like\nafter 1 set like.opacity 0\nset like.name heart\nstep 2\n")
    #expect(run.error?.message.contains("unknown layer 'like'") == true, "\(run.stderr)")
  }

  @Test("explain name says renaming a cell changes its future particles")
  func explainName() {
    let run = runScript("explain name\n")
    #expect(run.stdout.contains("renaming a cell changes its future particles"))
    #expect(run.stdout.contains("set renames"))
    #expect(!run.stdout.contains("read-only"))
  }
}
