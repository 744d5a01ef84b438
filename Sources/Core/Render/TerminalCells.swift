/// A terminal screen as a grid of character cells, and the two ways of putting it on a terminal:
/// in full (``lines()``, one string per row) or as the changes from the screen before
/// (``redraw(from:)``), which is what a recording or a live display sends after its first frame.
///
/// A cell is one single-width character and its foreground and background colours (24-bit, or
/// nil for the terminal's default). Colours are set with `ESC[38;2;R;G;Bm` (foreground) and
/// `ESC[48;2;R;G;Bm` (background), each only when it differs from the colour in effect (the
/// foreground first), and a colour going back to the default resets both with `ESC[0m`.
package struct TerminalCells: Equatable, Sendable {
  /// An 8-bit opaque colour.
  package struct Color: Equatable, Sendable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8

    package init(r: UInt8, g: UInt8, b: UInt8) {
      self.r = r
      self.g = g
      self.b = b
    }
  }

  /// One character cell.
  package struct Cell: Equatable, Sendable {
    package var character: Unicode.Scalar
    package var foreground: Color?
    package var background: Color?

    package init(_ character: Unicode.Scalar, foreground: Color? = nil, background: Color? = nil) {
      self.character = character
      self.foreground = foreground
      self.background = background
    }
  }

  /// Two changed cells on a row with at most this many unchanged cells between them may be joined
  /// by writing the unchanged ones again, when that takes fewer bytes than moving the cursor.
  package static let maxRewrittenGap = 8

  package let columns: Int
  package let rows: Int
  /// Row by row, `columns` cells each.
  package private(set) var cells: [Cell]

  /// A `columns`×`rows` screen of `cells` row by row; a screen with no columns or no rows is
  /// empty (0×0).
  package init(columns: Int, rows: Int, cells: [Cell]) {
    if columns > 0, rows > 0 {
      precondition(cells.count == columns * rows, "a screen needs columns × rows cells")
      self.columns = columns
      self.rows = rows
      self.cells = cells
    } else {
      self.columns = 0
      self.rows = 0
      self.cells = []
    }
  }

  package subscript(row: Int, column: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// The whole screen, one string per row: each row starts with no colour in effect, sets its
  /// colours as its cells need them and, when it set any, ends with the reset `ESC[0m`.
  package func lines() -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(rows)
    var line: [UInt8] = []
    // Enough for most rows of colour half-blocks (two colours of up to 19 bytes and a
    // 3-byte character a cell), so a line rarely grows.
    line.reserveCapacity(columns * 41 + 8)
    for row in 0..<rows {
      line.removeAll(keepingCapacity: true)
      var state = Attributes()
      for column in 0..<columns {
        Self.append(self[row, column], to: &line, state: &state)
      }
      state.reset(into: &line)
      lines.append(String(decoding: line, as: UTF8.self))
    }
    return lines
  }

  /// What turns a terminal showing `previous` into this screen, starting and ending with no
  /// colour in effect.
  ///
  /// Without a previous screen, or after one of another size, that is the whole screen: clear
  /// (`ESC[2J`), home (`ESC[H`), and ``lines()`` joined by CR LF. Otherwise only the cells that
  /// differ are written: for each run of changed cells on a row, the cursor moves to its first
  /// cell with `ESC[row;columnH` (1-based) and the cells follow; two runs are joined when
  /// writing the few unchanged cells between them again (at most ``maxRewrittenGap``) takes
  /// fewer bytes than the move. The reset `ESC[0m` ends the changes when they set a colour.
  /// An unchanged screen gives `""`.
  package func redraw(from previous: TerminalCells?) -> String {
    guard let previous, previous.columns == columns, previous.rows == rows else {
      return "\u{1B}[2J\u{1B}[H" + lines().joined(separator: "\r\n")
    }
    var out: [UInt8] = []
    var state = Attributes()
    // Where the next character would go; nil when unknown (after the last column, a terminal
    // waits to wrap, so the cursor is always moved again).
    var cursor: (row: Int, column: Int)?
    var viaGap: [UInt8] = []
    var viaMove: [UInt8] = []
    for row in 0..<rows {
      for column in 0..<columns where self[row, column] != previous[row, column] {
        let cell = self[row, column]
        if let at = cursor, at.row == row, at.column == column {
          Self.append(cell, to: &out, state: &state)
        } else {
          viaMove.removeAll(keepingCapacity: true)
          Self.appendMove(row: row, column: column, to: &viaMove)
          var moveState = state
          Self.append(cell, to: &viaMove, state: &moveState)
          var gapState = state
          viaGap.removeAll(keepingCapacity: true)
          if let at = cursor, at.row == row, at.column < column,
            column - at.column <= Self.maxRewrittenGap
          {
            for skipped in at.column...column {
              Self.append(self[row, skipped], to: &viaGap, state: &gapState)
            }
          }
          if !viaGap.isEmpty && viaGap.count < viaMove.count {
            out += viaGap
            state = gapState
          } else {
            out += viaMove
            state = moveState
          }
        }
        cursor = column + 1 < columns ? (row, column + 1) : nil
      }
    }
    state.reset(into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The colours in effect on the terminal.
  private struct Attributes {
    var foreground: Color?
    var background: Color?

    /// Appends the reset when any colour is set.
    mutating func reset(into out: inout [UInt8]) {
      if foreground != nil || background != nil {
        out += TerminalCells.resetUTF8
        self = Attributes()
      }
    }
  }

  private static let resetUTF8 = Array("\u{1B}[0m".utf8)

  /// Appends the escapes for the cell's colours that differ from `state`, then its character.
  private static func append(_ cell: Cell, to out: inout [UInt8], state: inout Attributes) {
    if (cell.foreground == nil && state.foreground != nil)
      || (cell.background == nil && state.background != nil)
    {
      state.reset(into: &out)
    }
    if let foreground = cell.foreground, foreground != state.foreground {
      appendColor(foreground, selector: 38, to: &out)
      state.foreground = foreground
    }
    if let background = cell.background, background != state.background {
      appendColor(background, selector: 48, to: &out)
      state.background = background
    }
    UTF8.encode(cell.character) { out.append($0) }
  }

  /// Appends `ESC[<row>;<column>H` for the 0-based `row` and `column`.
  private static func appendMove(row: Int, column: Int, to out: inout [UInt8]) {
    out += [0x1B, UInt8(ascii: "[")]
    out += Array(String(row + 1).utf8)
    out.append(UInt8(ascii: ";"))
    out += Array(String(column + 1).utf8)
    out.append(UInt8(ascii: "H"))
  }

  /// Appends `ESC[<selector>;2;R;G;Bm`, built in a small buffer and appended at once (this
  /// runs for most cells of a frame).
  private static func appendColor(_ color: Color, selector: UInt8, to out: inout [UInt8]) {
    // Unsafe (encoder inner loop): a 20-byte scratch buffer on the stack; the longest sequence,
    // `ESC[48;2;255;255;255m`, is 19 bytes.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var n = 0
      func put(_ byte: UInt8) {
        buffer[n] = byte
        n += 1
      }
      func decimal(_ value: UInt8) {
        let zero = UInt8(ascii: "0")
        if value >= 100 { put(zero + value / 100) }
        if value >= 10 { put(zero + value / 10 % 10) }
        put(zero + value % 10)
      }
      put(0x1B)
      put(UInt8(ascii: "["))
      decimal(selector)
      put(UInt8(ascii: ";"))
      put(UInt8(ascii: "2"))
      put(UInt8(ascii: ";"))
      decimal(color.r)
      put(UInt8(ascii: ";"))
      decimal(color.g)
      put(UInt8(ascii: ";"))
      decimal(color.b)
      put(UInt8(ascii: "m"))
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
    }
  }
}
