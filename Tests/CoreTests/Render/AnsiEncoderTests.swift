import Testing

@testable import Core

@Suite("ANSI encoder")
struct AnsiEncoderTests {
  private static let esc = "\u{1B}["

  private static func fg(_ r: Int, _ g: Int, _ b: Int) -> String { "\(esc)38;2;\(r);\(g);\(b)m" }
  private static func bg(_ r: Int, _ g: Int, _ b: Int) -> String { "\(esc)48;2;\(r);\(g);\(b)m" }

  @Test("a 2×2 canvas gives one line with exact escape sequences")
  func twoByTwo() {
    // Top: opaque red, half-transparent white; bottom: transparent, NaN.
    var canvas = Canvas(width: 2, height: 2)
    canvas[x: 0, y: 0] = RGBA(r: 1, g: 0, b: 0, a: 1)
    canvas[x: 1, y: 0] = RGBA(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
    canvas[x: 1, y: 1] = RGBA(r: .nan, g: .nan, b: .nan, a: .nan)
    let lines = AnsiEncoder.encode(
      canvas, columns: 2, rows: 1, background: RGBA(r: 0, g: 0, b: 1, a: 1))
    let expected =
      Self.fg(255, 0, 0) + Self.bg(0, 0, 255) + "▀" + Self.fg(128, 128, 255) + Self.bg(0, 0, 0)
      + "▀" + "\u{1B}[0m"
    #expect(lines == [expected])
  }

  @Test("repeated colours are not re-emitted, and each line starts afresh and ends with reset")
  func repeatedColours() {
    var canvas = Canvas(width: 3, height: 4, fill: .white)
    for x in 0..<3 { canvas[x: x, y: 1] = .black }
    canvas[x: 2, y: 2] = RGBA(r: 0, g: 1, b: 0, a: 1)
    let lines = AnsiEncoder.encode(canvas, columns: 3, rows: 2, background: .black)
    #expect(lines.count == 2)
    #expect(lines[0] == Self.fg(255, 255, 255) + Self.bg(0, 0, 0) + "▀▀▀\u{1B}[0m")
    #expect(
      lines[1] == Self.fg(255, 255, 255) + Self.bg(255, 255, 255) + "▀▀" + Self.fg(0, 255, 0)
        + "▀\u{1B}[0m")
    #expect(lines.allSatisfy { $0.hasSuffix(AnsiEncoder.reset) })
  }

  @Test("a larger canvas is box-averaged and composited over the background")
  func boxAverage() {
    // 4×4: the left half is opaque white, the right half transparent; one 1×1 cell.
    var canvas = Canvas(width: 4, height: 4)
    for y in 0..<4 {
      for x in 0..<2 { canvas[x: x, y: y] = .white }
    }
    let lines = AnsiEncoder.encode(
      canvas, columns: 1, rows: 1, background: RGBA(r: 0, g: 0, b: 0, a: 0.25))
    // Average 0.5 over opaque black (the background's alpha is ignored) → 128.
    #expect(lines == [Self.fg(128, 128, 128) + Self.bg(128, 128, 128) + "▀\u{1B}[0m"])
  }

  @Test("degenerate input: no cells gives no lines, an empty canvas shows the background")
  func degenerate() {
    let canvas = Canvas(width: 2, height: 2, fill: .white)
    #expect(AnsiEncoder.encode(canvas, columns: 0, rows: 1, background: .black).isEmpty)
    #expect(AnsiEncoder.encode(canvas, columns: 1, rows: -1, background: .black).isEmpty)
    #expect(AnsiEncoder.encode(canvas, columns: 1, rows: .max, background: .black).isEmpty)
    let empty = AnsiEncoder.encode(
      Canvas(width: 0, height: 0), columns: 2, rows: 1, background: RGBA(r: 1, g: 0, b: 0, a: 1))
    #expect(empty == [Self.fg(255, 0, 0) + Self.bg(255, 0, 0) + "▀▀\u{1B}[0m"])
  }

  @Test("a canvas smaller than the grid repeats pixels instead of trapping")
  func smallerThanGrid() {
    let canvas = Canvas(width: 1, height: 1, fill: .white)
    let lines = AnsiEncoder.encode(canvas, columns: 3, rows: 2, background: .black)
    let line = Self.fg(255, 255, 255) + Self.bg(255, 255, 255) + "▀▀▀\u{1B}[0m"
    #expect(lines == [line, line])
  }
}
