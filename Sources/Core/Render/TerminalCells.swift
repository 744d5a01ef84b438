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
  static let maxRewrittenGap = 8

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
    for row in 0..<rows {
      let line = [UInt8](unsafeUninitializedCapacity: Self.rowRoom(columns)) { buffer, count in
        guard let start = buffer.baseAddress else { return }
        count = writeRow(row, at: start) - start
      }
      lines.append(String(decoding: line, as: UTF8.self))
    }
    return lines
  }

  /// The bytes of ``lines()`` with `lineEnding` after every row (also the last), as a terminal
  /// is sent them: one buffer for the whole screen, never checked as UTF-8 again (every byte
  /// written is an escape sequence's ASCII or a cell's character's own UTF-8).
  package func bytes(lineEnding: String) -> [UInt8] {
    let ending = Array(lineEnding.utf8)
    let (room, overflow) = (Self.rowRoom(columns) + ending.count).multipliedReportingOverflow(
      by: rows)
    precondition(!overflow, "a screen's bytes overflow")
    return [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
      guard let start = buffer.baseAddress else { return }
      var p = start
      for row in 0..<rows {
        p = writeRow(row, at: p)
        p = Self.put(ending, at: p)
      }
      count = p - start
    }
  }

  /// Room for the worst row: every cell at its longest, then the closing reset.
  private static func rowRoom(_ columns: Int) -> Int {
    columns * maxCellBytes + resetUTF8.count
  }

  /// Writes row `row` at `p`, which has ``rowRoom(_:)`` bytes free: its cells, then the reset
  /// when it set a colour; where the next byte goes.
  private func writeRow(_ row: Int, at p: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    let first = row * columns
    return Self.withDecimals { decimals in
      cells.withUnsafeBufferPointer { cells in
        // Unsafe (encoder inner loop): the row's bytes are written through a pointer into
        // `rowRoom` bytes, which no row can exceed (each cell writes at most `maxCellBytes`).
        var p = p
        var state = Attributes()
        for column in 0..<columns {
          p = Self.write(cells[first + column], at: p, state: &state, decimals: decimals)
        }
        return state.reset(at: p)
      }
    }
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

    /// Writes the reset at `p` when any colour is set; where the next byte goes.
    mutating func reset(at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
      guard foreground != nil || background != nil else { return p }
      self = Attributes()
      return TerminalCells.put(TerminalCells.resetUTF8, at: p)
    }
  }

  private static let resetUTF8 = Array("\u{1B}[0m".utf8)

  /// The most bytes one cell can take: a reset (4), two colours (19 each) and a character (4).
  private static let maxCellBytes = 46

  /// Appends the escapes for the cell's colours that differ from `state`, then its character.
  private static func append(_ cell: Cell, to out: inout [UInt8], state: inout Attributes) {
    // Unsafe (encoder inner loop): the cell is written into `maxCellBytes` of stack, its most.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCellBytes) { buffer in
      guard let start = buffer.baseAddress else { return }
      let end = withDecimals { write(cell, at: start, state: &state, decimals: $0) }
      out.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
    }
  }

  /// Writes at `p` the escapes for the cell's colours that differ from `state`, then its
  /// character (at most ``maxCellBytes``); where the next byte goes.
  @inline(__always)
  private static func write(
    _ cell: Cell, at p: UnsafeMutablePointer<UInt8>, state: inout Attributes,
    decimals: Decimals
  ) -> UnsafeMutablePointer<UInt8> {
    var p = p
    if (cell.foreground == nil && state.foreground != nil)
      || (cell.background == nil && state.background != nil)
    {
      p = state.reset(at: p)
    }
    if let foreground = cell.foreground, foreground != state.foreground {
      p = writeColor(foreground, lead: decimals.foreground, at: p, decimals: decimals)
      state.foreground = foreground
    }
    if let background = cell.background, background != state.background {
      p = writeColor(background, lead: decimals.background, at: p, decimals: decimals)
      state.background = background
    }
    UTF8.encode(cell.character) { byte in
      p.pointee = byte
      p += 1
    }
    return p
  }

  /// Writes `bytes` at `p`; where the next byte goes.
  @inline(__always)
  private static func put(_ bytes: [UInt8], at p: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var p = p
    for byte in bytes {
      p.pointee = byte
      p += 1
    }
    return p
  }

  /// Appends `ESC[<row>;<column>H` for the 0-based `row` and `column`.
  private static func appendMove(row: Int, column: Int, to out: inout [UInt8]) {
    out += [0x1B, UInt8(ascii: "[")]
    out += Array(String(row + 1).utf8)
    out.append(UInt8(ascii: ";"))
    out += Array(String(column + 1).utf8)
    out.append(UInt8(ascii: "H"))
  }

  /// Writes `lead` (``Decimals/foreground`` or ``Decimals/background``) and `R;G;Bm` at `p` (at most 19
  /// bytes, for `ESC[48;2;255;255;255m`); where the next byte goes.
  @inline(__always)
  private static func writeColor(
    _ color: Color, lead: UInt64, at start: UnsafeMutablePointer<UInt8>,
    decimals: Decimals
  ) -> UnsafeMutablePointer<UInt8> {
    // Unsafe (encoder inner loop): every store below is whole (4 or 8 bytes) and may run past
    // the bytes it means, but never past where the longest colour's bytes end, which the
    // caller has room for; the bytes past the end are written over or never counted.
    let raw = UnsafeMutableRawPointer(start)
    raw.storeBytes(of: lead.littleEndian, as: UInt64.self)
    var offset = 7
    @inline(__always) func put(_ value: UInt8) {
      let entry = decimals.table[Int(value)]
      raw.storeBytes(
        of: UInt32(truncatingIfNeeded: entry).littleEndian, toByteOffset: offset, as: UInt32.self)
      offset += Int(entry >> 32)
    }
    put(color.r)
    put(color.g)
    put(color.b)
    // The last value's `;` becomes the final `m`.
    raw.storeBytes(of: UInt8(ascii: "m"), toByteOffset: offset - 1, as: UInt8.self)
    return start + offset
  }

  /// `ESC[38;2;` and `ESC[48;2;` (7 bytes) packed little-endian.
  private static let foregroundLead = packed("\u{1B}[38;2;")
  private static let backgroundLead = packed("\u{1B}[48;2;")

  /// The first 8 bytes of `text`'s UTF-8, the first in the low byte.
  private static func packed(_ text: String) -> UInt64 {
    var packed: UInt64 = 0
    for (i, byte) in text.utf8.prefix(8).enumerated() { packed |= UInt64(byte) << (8 * i) }
    return packed
  }

  /// What writing a colour reads, fetched once per row rather than once per colour.
  private struct Decimals {
    /// ``decimalTable``'s 256 entries (a byte indexes them all).
    let table: UnsafeBufferPointer<UInt64>
    let foreground: UInt64
    let background: UInt64
  }

  @inline(__always)
  private static func withDecimals<R>(_ body: (Decimals) -> R) -> R {
    let (foreground, background) = (foregroundLead, backgroundLead)
    return decimalTable.withUnsafeBufferPointer {
      body(Decimals(table: $0, foreground: foreground, background: background))
    }
  }

  /// For each byte value, its decimal digits and a `;` packed little-endian in the low 32 bits,
  /// and how many bytes that is above them.
  private static let decimalTable: [UInt64] = (0..<256).map { (value: Int) -> UInt64 in
    let text = "\(value);"
    return packed(text) | UInt64(text.utf8.count) << 32
  }
}
