/// Renders a canvas as text, one character per cell.
///
/// Each character is the box average of the canvas pixels in its cell, reduced to the luminance
/// `0.2126·r + 0.7152·g + 0.0722·b` of the premultiplied colour (i.e. composited over black) and
/// mapped linearly onto ``ramp``: luminance `L`, clamped to [0, 1] (NaN counts as 0), selects
/// `ramp[min(9, ⌊L × 10⌋)]`, so anything below 0.1 is a space and 0.9 up is `@`.
package enum AsciiEncoder {
  /// Ten characters from darkest to brightest: space `.` `:` `-` `=` `+` `*` `#` `%` `@`.
  package static let ramp = " .:-=+*#%@"

  /// The ramp as bytes (all ASCII), so a line is built as UTF-8 and decoded once.
  private static let rampBytes = Array(ramp.utf8)

  /// `rows` strings of exactly `columns` characters (trailing spaces are kept; callers trim).
  ///
  /// The canvas need not be a multiple of the grid: column `c` covers canvas pixels
  /// `[c·W/columns, (c+1)·W/columns)` (integer division; at least one pixel when the canvas has
  /// any), and likewise for rows. Returns `[]` when `columns` or `rows` is not positive; an
  /// empty canvas gives rows of spaces.
  package static func encode(_ canvas: Canvas, columns: Int, rows: Int) -> [String] {
    guard columns > 0, rows > 0 else { return [] }
    let w = canvas.width
    let h = canvas.height
    var lines: [String] = []
    lines.reserveCapacity(rows)
    var line: [UInt8] = []
    line.reserveCapacity(columns)
    canvas.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        let (y0, y1) = span(row, of: rows, size: h)
        line.removeAll(keepingCapacity: true)
        for column in 0..<columns {
          let (x0, x1) = span(column, of: columns, size: w)
          var sum: Float = 0
          if y0 < y1 && x0 < x1 {
            for y in y0..<y1 {
              var i = (y * w + x0) * 4
              for _ in x0..<x1 {
                sum += 0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2]
                i += 4
              }
            }
            sum /= Float((y1 - y0) * (x1 - x0))
          }
          line.append(rampBytes[index(luminance: sum)])
        }
        lines.append(String(decoding: line, as: UTF8.self))
      }
    }
    return lines
  }

  /// The ramp index for a luminance (non-trapping: NaN → 0, clamped to [0, 1]).
  static func index(luminance: Float) -> Int {
    let positive = luminance > 0 ? luminance : 0
    let unit = positive < 1 ? positive : 1
    // Floor, not round: a dark background (L < 0.1) stays blank instead of turning to dots.
    return min(9, Int(unit * 10))
  }

  /// The pixel range `[start, end)` of cell `cell` of `count` across `size` pixels.
  private static func span(_ cell: Int, of count: Int, size: Int) -> (Int, Int) {
    guard size > 0 else { return (0, 0) }
    // cell < count, so cell·size/count < size; Int overflow is impossible for real canvases,
    // but go through the reporting forms to be certain.
    let (p0, o0) = cell.multipliedReportingOverflow(by: size)
    let (p1, o1) = (cell + 1).multipliedReportingOverflow(by: size)
    guard !o0, !o1 else { return (0, 0) }
    let start = min(p0 / count, size - 1)
    let end = max(start + 1, min(p1 / count, size))
    return (start, end)
  }
}
