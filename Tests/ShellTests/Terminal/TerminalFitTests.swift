import Foundation
import TestSupport
import Testing

@testable import Shell

/// `keys` and plain `show` fit the terminal (COLUMNS and LINES when set); `keys` filters.
@Suite("Output fits the terminal")
struct TerminalFitTests {
  static func session(columns: Int, rows: Int? = nil) -> Driven {
    let d = Driven()
    d.session.defaultColumns = columns
    d.session.defaultRows = rows
    d.run("scene 320x240\nemitter like\ncell like sparkle\nlayer button\n")
    return d
  }

  @Test(
    "every keys table fits the width, wrapping the meaning under itself",
    arguments: [
      ("keys layer", 120), ("keys layer", 80), ("keys emitter", 100), ("keys cell", 72),
      ("keys like", 120), ("keys like.emitterCells.sparkle", 90),
    ])
  func keysFitWidth(command: String, columns: Int) {
    let out = Self.session(columns: columns).output(command)
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    let widest = lines.map(\.count).max() ?? 0
    #expect(widest <= columns, "widest line \(widest) in \(columns) columns")
    // Every meaning is still there, word for word: wrapped, not cut.
    let words = out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains("multiplies the alpha of everything the layer and its sublayers draw")
        || !command.hasPrefix("keys layer"))
  }

  @Test("wide enough, keys does not wrap")
  func keysUnwrappedWhenWide() {
    let narrow = Self.session(columns: 80).output("keys cell")
    let wide = Self.session(columns: 400).output("keys cell")
    #expect(wide.split(separator: "\n").count < narrow.split(separator: "\n").count)
  }

  @Test(
    "keys KIND|PATH FILTER lists the properties whose names contain FILTER",
    arguments: [
      ("keys cell velocity", ["velocity", "velocityRange"]),
      (
        "keys cell RANGE",
        [
          "lifetimeRange", "emissionRange", "velocityRange", "scaleRange", "spinRange",
          "redRange", "greenRange", "blueRange", "alphaRange",
        ]
      ),
      ("keys like emitterS", ["emitterSize", "emitterShape"]),
      ("keys layer isHid", ["hidden"]),
    ])
  func keysFilter(command: String, names: [String]) {
    let out = Self.session(columns: 200).output(command)
    let rows = out.split(separator: "\n").dropFirst(2).map { String($0.split(separator: " ")[0]) }
    #expect(rows == names)
  }

  @Test("a filter that matches nothing is an error that suggests a near name")
  func keysFilterMisses() throws {
    let d = Self.session(columns: 120)
    let error = try #require(d.run("keys cell velocty"))
    #expect(error.message == "no property of CAEmitterCell has 'velocty' in its name")
    #expect(error.suggestion == .didYouMean("velocity"))
    #expect(error.column == 11)
  }

  @Test(
    "plain show fits the terminal's width and height, keeping the aspect, with room for the prompt",
    arguments: [
      // columns, rows, scene, expected drawn rows, expected width
      (120, 40, "320x240", 38, 101),
      (120, 80, "320x240", 45, 120),
      (80, 24, "100x100", 22, 44),
      (200, 50, "400x100", 25, 200),
    ])
  func showFits(columns: Int, rows: Int, scene: String, height: Int, width: Int) {
    let d = Self.session(columns: columns, rows: rows)
    d.run("scene \(scene)")
    let out = d.output("show ascii")
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == height)
    #expect(lines.count <= rows - ViewCommands.promptRows)
    #expect((lines.map(\.count).max() ?? 0) <= width)
    let size = ViewCommands.showSize(
      d.session, columns: columns, rows: nil, fitting: rows - ViewCommands.promptRows)
    #expect(size == (width, height))
  }

  @Test("a size given to show is kept, whatever the terminal")
  func showGivenSize() {
    let d = Self.session(columns: 120, rows: 20)
    let out = d.output("show 60x30 ascii")
    #expect(out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count == 30)
  }

  @Test("COLUMNS and LINES size burst's output when set")
  func environmentSizes() throws {
    let keys = try runBurst(["-e", "keys layer"], environment: ["COLUMNS": "90"])
    #expect(keys.status == 0)
    #expect((keys.stdout.split(separator: "\n").map(\.count).max() ?? 0) <= 90)
    let show = try runBurst(
      ["-e", "scene 320x240", "-e", "show ascii"], environment: ["COLUMNS": "120", "LINES": "40"])
    #expect(show.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 38 + 1)
  }
}
