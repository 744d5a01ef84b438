/// Renders a canvas for a 24-bit colour terminal, two pixels per character cell.
///
/// Each cell is the upper-half-block character `▀` (U+2580): its foreground colour shows the top
/// pixel and its background colour the bottom one, so the canvas is expected to be
/// `columns × (2·rows)` pixels. Any other size is box-averaged like ``AsciiEncoder``: cell column
/// `c` covers canvas pixels `[c·W/columns, (c+1)·W/columns)` and half-row `k` of the `2·rows`
/// covers `[k·H/(2·rows), (k+1)·H/(2·rows))` (integer division, at least one pixel when the
/// canvas has any; an empty canvas shows only the background).
///
/// Colours are the average premultiplied colour composited over the opaque `background` (its
/// alpha is ignored), `c + background·(1 − c.a)`, converted by ``RGBA/byte(_:)`` — NaN → 0,
/// clamped, rounded, never trapping. A line sets the foreground with `ESC[38;2;R;G;Bm` and the
/// background with `ESC[48;2;R;G;Bm`, each only when it differs from the previous cell's (the
/// foreground first when both change), and ends with the reset `ESC[0m`.
package enum AnsiEncoder {
  /// The character drawn in every cell: UPPER HALF BLOCK.
  static let halfBlock: Character = "\u{2580}"

  /// The sequence that ends every line: reset all attributes.
  package static let reset = "\u{1B}[0m"

  /// `rows` lines of `columns` cells each, with their escape sequences; `[]` when `columns` or
  /// `rows` is not positive (or `2·rows` overflows).
  package static func encode(
    _ canvas: Canvas, columns: Int, rows: Int, background: RGBA
  ) -> [String] {
    cells(canvas, columns: columns, rows: rows, background: background).lines()
  }

  /// The cells that ``encode(_:columns:rows:background:)`` writes out: a half-block in each,
  /// coloured by its top and bottom pixel; an empty screen when `columns` or `rows` is not
  /// positive (or `2·rows` overflows).
  package static func cells(
    _ canvas: Canvas, columns: Int, rows: Int, background: RGBA
  ) -> TerminalCells {
    let (pixelRows, overflow) = rows.multipliedReportingOverflow(by: 2)
    guard columns > 0, rows > 0, !overflow else {
      return TerminalCells(columns: 0, rows: 0, cells: [])
    }
    let spans = (0..<columns).map { span($0, of: columns, size: canvas.width) }
    var cells: [TerminalCells.Cell] = []
    cells.reserveCapacity(columns * rows)
    canvas.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        let top = span(2 * row, of: pixelRows, size: canvas.height)
        let bottom = span(2 * row + 1, of: pixelRows, size: canvas.height)
        for columnSpan in spans {
          cells.append(
            TerminalCells.Cell(
              halfBlockScalar,
              foreground: color(pixels, canvas.width, columnSpan, top, background),
              background: color(pixels, canvas.width, columnSpan, bottom, background)))
        }
      }
    }
    return TerminalCells(columns: columns, rows: rows, cells: cells)
  }

  private static let halfBlockScalar: Unicode.Scalar = "\u{2580}"

  /// The box average of the pixels `columns × rows`, composited over `background`.
  private static func color(
    _ pixels: UnsafeBufferPointer<Float>, _ width: Int, _ columns: Range<Int>, _ rows: Range<Int>,
    _ background: RGBA
  ) -> TerminalCells.Color {
    var sum: (r: Float, g: Float, b: Float, a: Float) = (0, 0, 0, 0)
    if columns.count == 1 && rows.count == 1 {
      // One pixel a half-cell (the canvas `show` renders): the average is the pixel itself,
      // the same floats the loop below gives (× 1).
      let i = (rows.lowerBound * width + columns.lowerBound) * 4
      sum = (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    } else if !columns.isEmpty && !rows.isEmpty {
      for y in rows {
        var i = (y * width + columns.lowerBound) * 4
        for _ in columns {
          sum.r += pixels[i]
          sum.g += pixels[i + 1]
          sum.b += pixels[i + 2]
          sum.a += pixels[i + 3]
          i += 4
        }
      }
      let scale = 1 / Float(rows.count * columns.count)
      sum = (sum.r * scale, sum.g * scale, sum.b * scale, sum.a * scale)
    }
    let keep = 1 - sum.a
    return TerminalCells.Color(
      r: RGBA.byte(sum.r + background.r * keep),
      g: RGBA.byte(sum.g + background.g * keep),
      b: RGBA.byte(sum.b + background.b * keep))
  }

  /// The pixel range of cell `cell` of `count` across `size` pixels (empty when `size` is 0).
  private static func span(_ cell: Int, of count: Int, size: Int) -> Range<Int> {
    guard size > 0 else { return 0..<0 }
    let (p0, o0) = cell.multipliedReportingOverflow(by: size)
    let (p1, o1) = (cell + 1).multipliedReportingOverflow(by: size)
    guard !o0, !o1 else { return 0..<0 }
    let start = min(p0 / count, size - 1)
    let end = max(start + 1, min(p1 / count, size))
    return start..<end
  }
}
