import Core
import Foundation
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
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
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
