import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("unset puts properties back to their defaults")
struct UnsetCommandTests {
  static let setup = """
    scene 64x64
    emitter like
    cell like sparkle
    set like opacity=0.5 transform.scale=2 emitterPosition=3,4 shouldRasterize=yes
    set like.emitterCells.sparkle velocityRange=40 color=#ff000080

    """

  @Test(
    "each path goes back to its table default (a field alone keeps the others)",
    arguments: [
      ("unset like.opacity", "get like.opacity", "1"),
      ("unset like.transform.scale", "get like.transform.scale.x", "1"),
      ("unset like.emitterPosition.x", "get like.emitterPosition", "0,4"),
      ("unset like.shouldRasterize", "get like.shouldRasterize", "no"),
      (
        "unset like.emitterCells.sparkle.velocityRange",
        "get like.emitterCells.sparkle.velocityRange", "0"
      ),
      (
        "unset like.emitterCells.sparkle.color.alpha", "get like.emitterCells.sparkle.color",
        "#ff0000"
      ),
      ("unset like.isHidden like.opacity", "get like.opacity", "1"),
    ])
  func backToDefault(unset: String, get: String, expected: String) {
    let run = runScript(Self.setup + unset + "\n" + get + "\n")
    #expect(run.error == nil)
    #expect(run.stdout.split(separator: "\n").last.map(String.init) == expected)
  }

  @Test(
    "a bad path anywhere changes nothing", arguments: ["like.opacity like.opacty", "like.name"])
  func allOrNothing(paths: String) throws {
    let run = runScript(Self.setup + "unset \(paths)\nget like.opacity\n")
    let error = try #require(run.error)
    #expect(error.message.contains("opacty") || error.message.contains("no default"))
    let again = runScript(Self.setup + "unset \(paths)\n")
    #expect(again.error != nil)
    let d = Driven()
    d.run(Self.setup)
    d.run("unset \(paths)")
    #expect(d.output("get like.opacity") == "0.5\n")
  }

  @Test("help, explain and Tab completion know unset from its declaration")
  func declaredOnce() {
    let run = runScript("help unset\nexplain unset\nhelp\n")
    #expect(run.stdout.contains("usage: unset PATH ..."))
    #expect(run.stdout.contains("command: usage: unset PATH ..."))
    #expect(run.stdout.contains("  unset       put properties"))
    let s = Session(sink: CapturedOutput())
    s.run(source: "emitter like\n", file: "setup")
    #expect(Completion.candidates(line: "uns", wordStart: 0, wordEnd: 3, session: s) == ["unset"])
    let line = "unset like.opac"
    #expect(
      Completion.candidates(line: line, wordStart: 6, wordEnd: line.utf8.count, session: s)
        == ["like.opacity"])
  }

  @Test("save FILE keeps an unset, so loading the file rebuilds the same model")
  func saveKeepsIt() throws {
    let dir = testScratchFolder.appendingPathComponent(
      "burst-unset-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("effect.burst").path
    let first = runScript(Self.setup + "unset like.opacity\nsave \(file)\n")
    #expect(first.error == nil)
    let saved = String(
      decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
    #expect(saved.contains("unset like.opacity"))
    let again = runScript("load \(file)\nget like.opacity\n")
    #expect(again.stdout.split(separator: "\n").last == "1")
  }
}
