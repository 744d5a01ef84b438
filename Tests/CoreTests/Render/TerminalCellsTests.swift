import Testing

@testable import Core

@Suite("Terminal cells: whole screens and their changes")
struct TerminalCellsTests {
  private static let red = TerminalCells.Color(r: 255, g: 0, b: 0)
  private static let blue = TerminalCells.Color(r: 0, g: 0, b: 255)
  private static let fgRed = "\u{1B}[38;2;255;0;0m"
  private static let fgBlue = "\u{1B}[38;2;0;0;255m"
  private static let bgBlue = "\u{1B}[48;2;0;0;255m"
  private static let reset = "\u{1B}[0m"

  /// A one-row screen of half-blocks on blue, red where `marks` has an `x`.
  private static func row(_ marks: String) -> TerminalCells {
    let cells = marks.map {
      TerminalCells.Cell("▀", foreground: $0 == "x" ? red : blue, background: blue)
    }
    return TerminalCells(columns: cells.count, rows: 1, cells: cells)
  }

  @Test("the lines of a screen are the ANSI encoder's format")
  func linesMatchEncoder() {
    var canvas = Canvas(width: 3, height: 4, fill: .white)
    canvas[x: 2, y: 2] = RGBA(r: 0, g: 1, b: 0, a: 1)
    let cells = AnsiEncoder.cells(canvas, columns: 3, rows: 2, background: .black)
    #expect(cells.lines() == AnsiEncoder.encode(canvas, columns: 3, rows: 2, background: .black))
    #expect(cells[1, 2].foreground == TerminalCells.Color(r: 0, g: 255, b: 0))
    #expect(cells[1, 2].character == "▀")
  }

  @Test("without a screen before, or after one of another size, the whole screen is drawn")
  func firstIsWhole() {
    let screen = Self.row("x.")
    let whole =
      "\u{1B}[2J\u{1B}[H" + Self.fgRed + Self.bgBlue + "▀" + Self.fgBlue + "▀" + Self.reset
    #expect(screen.redraw(from: nil) == whole)
    #expect(screen.redraw(from: Self.row("x..")) == whole)
  }

  @Test("an unchanged screen needs nothing")
  func unchanged() {
    #expect(Self.row("x..x").redraw(from: Self.row("x..x")) == "")
  }

  @Test("a changed cell is reached with a 1-based cursor move and written with its colours")
  func oneCell() {
    let change = Self.row("...x.").redraw(from: Self.row("....."))
    #expect(change == "\u{1B}[1;4H" + Self.fgRed + Self.bgBlue + "▀" + Self.reset)
  }

  @Test("a short gap is written again when that is shorter than moving; otherwise it is moved over")
  func gaps() {
    // The unchanged cell between has the colours in effect: 3 bytes beat the 6 of a move.
    #expect(
      Self.row("xxx.").redraw(from: Self.row(".x..")) == "\u{1B}[1;1H" + Self.fgRed + Self.bgBlue
        + "▀▀▀" + Self.reset)
    // Rewriting it would take two colour changes, so the cursor moves instead.
    #expect(
      Self.row("x.x.").redraw(from: Self.row("....")) == "\u{1B}[1;1H" + Self.fgRed + Self.bgBlue
        + "▀" + "\u{1B}[1;3H" + "▀" + Self.reset)
    // Past the longest gap the cursor always moves.
    let far = Self.row("xxxxxxxxxxx").redraw(from: Self.row(".xxxxxxxxx."))
    #expect(
      far == "\u{1B}[1;1H" + Self.fgRed + Self.bgBlue + "▀" + "\u{1B}[1;11H" + "▀" + Self.reset)
  }

  @Test("changes on later rows move there; going back to default colours resets")
  func rowsAndDefaults() {
    let before = TerminalCells(
      columns: 2, rows: 2, cells: Array(repeating: TerminalCells.Cell("a"), count: 4))
    var after = before
    after[1, 0] = TerminalCells.Cell("b", foreground: Self.red)
    after[1, 1] = TerminalCells.Cell("c")
    #expect(after.redraw(from: before) == "\u{1B}[2;1H" + Self.fgRed + "b" + Self.reset + "c")
    #expect(after.lines() == ["aa", Self.fgRed + "b" + Self.reset + "c"])
  }

  @Test(
    "a screen's bytes are its lines, each followed by the line ending",
    arguments: ["\n", "\r\n", ""])
  func bytesAreLines(ending: String) {
    var canvas = Canvas(width: 4, height: 6, fill: RGBA(r: 0.2, g: 0.4, b: 0.6, a: 1))
    canvas[x: 1, y: 3] = RGBA(r: 1, g: 0, b: 0.5, a: 1)
    canvas[x: 3, y: 0] = .clear
    let cells = AnsiEncoder.cells(canvas, columns: 4, rows: 3, background: .black)
    let expected = cells.lines().map { $0 + ending }.joined()
    #expect(String(decoding: cells.bytes(lineEnding: ending), as: UTF8.self) == expected)
    let plain = TerminalCells(
      columns: 2, rows: 2,
      cells: [
        TerminalCells.Cell("a"), TerminalCells.Cell("é", foreground: Self.red),
        TerminalCells.Cell("c", background: Self.blue), TerminalCells.Cell("d"),
      ])
    #expect(
      String(decoding: plain.bytes(lineEnding: ending), as: UTF8.self)
        == plain.lines().map { $0 + ending }.joined())
    #expect(TerminalCells(columns: 0, rows: 0, cells: []).bytes(lineEnding: ending).isEmpty)
  }

  @Test("every channel value is written in decimal, in every position of both colours")
  func everyChannelValue() {
    for value in UInt8.min...UInt8.max {
      let v = Int(value)
      let (w, k) = (Int(255 - value), Int(value / 2))
      let cells = TerminalCells(
        columns: 2, rows: 1,
        cells: [
          TerminalCells.Cell(
            "▀", foreground: TerminalCells.Color(r: value, g: 255 - value, b: value / 2),
            background: TerminalCells.Color(r: value / 2, g: value, b: 255 - value)),
          TerminalCells.Cell(
            "x", foreground: TerminalCells.Color(r: 0, g: value, b: 7),
            background: TerminalCells.Color(r: 100, g: 9, b: value)),
        ])
      let expected =
        "\u{1B}[38;2;\(v);\(w);\(k)m\u{1B}[48;2;\(k);\(v);\(w)m▀"
        + "\u{1B}[38;2;0;\(v);7m\u{1B}[48;2;100;9;\(v)mx\u{1B}[0m"
      #expect(cells.lines() == [expected], "value \(value)")
      #expect(String(decoding: cells.bytes(lineEnding: "\n"), as: UTF8.self) == expected + "\n")
    }
  }
}
