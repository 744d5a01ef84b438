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
}
