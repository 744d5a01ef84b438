import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A property kept without an effect (its row in the table says `noEffect`) must still reach
/// every consumer from that row alone: set, get, keys, explain, lint, save, export and Tab
/// completion. The cases are the table's own rows, so a new one is tested without editing this.
@Suite("Properties kept without an effect on the picture")
struct KeptPropertyTests {
  /// Every CALayer property whose row says it changes nothing here, with a value that is not
  /// its default.
  static let kept: [(name: String, value: String)] = Layer.layerDescriptors.compactMap { d in
    guard d.noEffectHere != nil else { return nil }
    switch d.kind {
    case .bool: return (d.name, d.defaultValue == .bool(true) ? "no" : "yes")
    case .number(let r), .angle(let r), .integer(let r):
      return (
        d.name,
        ValueFormatting.number(r.upperBound == d.defaultValue.number ? r.lowerBound : r.upperBound)
      )
    case .enumeration(let cases, _):
      return (d.name, cases.first { .enumeration($0) != d.defaultValue } ?? cases[0])
    default: return (d.name, d.kind.example)
    }
  }

  @Test("the table declares shouldRasterize as kept")
  func shouldRasterizeIsKept() {
    #expect(Self.kept.map(\.name).contains("shouldRasterize"))
  }

  @Test("set, get, keys, explain and lint know a kept property", arguments: kept)
  func everyConsumerKnowsIt(name: String, value: String) throws {
    let run = runScript(
      """
      scene 64x64
      emitter like
      set like.\(name) \(value)
      get like.\(name)
      keys like
      explain \(name)
      lint
      """)
    #expect(run.error == nil)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == value, "get prints what set stored")
    // keys wraps the meaning to the terminal's width, so read its words.
    let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(lines.contains { $0.hasPrefix(name + " ") })
    #expect(words.contains("(no effect here)"))
    #expect(run.stdout.contains("changes nothing in Burst's picture:"))
    #expect(run.stdout.contains("like.\(name) is set, but changes nothing Burst draws"))
  }

  @Test("save model and load give the value back; export writes it", arguments: kept)
  func saveAndExportKeepIt(name: String, value: String) throws {
    let dir = testScratchFolder.appendingPathComponent(
      "burst-kept-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("saved.burst").path
    let first = runScript(
      "scene 64x64\nemitter like\nset like.\(name) \(value)\nsave model \(file)\nexport swift\n")
    #expect(first.error == nil)
    let swiftName = Layer.layerDescriptors.first { $0.name == name }?.swiftName ?? name
    #expect(first.stdout.contains("like.\(swiftName) = "), "export swift assigns it")
    let again = runScript("load \(file)\nget like.\(name)\n")
    #expect(again.error == nil)
    #expect(again.stdout.split(separator: "\n").last.map(String.init) == value)
  }

  @Test("a kept property changes no pixel", arguments: kept)
  func noPixelChanges(name: String, value: String) throws {
    let scene = """
      scene 48x48
      emitter like
      set like emitterPosition=24,24 birthRate=1
      cell like sparkle
      set like.emitterCells.sparkle birthRate=50 lifetime=2 velocity=20 emissionRange=2pi contents=sparkle
      step 0.5

      """
    let plain = Session(sink: CapturedOutput())
    #expect(plain.run(source: scene, file: "plain") == nil)
    let kept = Session(sink: CapturedOutput())
    #expect(kept.run(source: scene + "set like.\(name) \(value)\n", file: "kept") == nil)
    let a = SceneRenderer.render(plain.scene, width: 48, height: 48)
    let b = SceneRenderer.render(kept.scene, width: 48, height: 48)
    #expect(a.pixels == b.pixels)
  }

  @Test("Tab completes a kept property's name", arguments: kept)
  func completesIt(name: String, value: String) {
    let s = Session(sink: CapturedOutput())
    s.run(source: "emitter like\n", file: "setup")
    let line = "set like." + name.prefix(name.count - 2)
    let bytes = Array(line.utf8)
    let start = (bytes.lastIndex { $0 == 32 }).map { $0 + 1 } ?? 0
    let got = Completion.candidates(
      line: line, wordStart: start, wordEnd: bytes.count, session: s)
    #expect(got.contains("like.\(name)"))
  }
}
