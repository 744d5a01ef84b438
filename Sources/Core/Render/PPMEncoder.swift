/// Encodes a canvas as a Netpbm PPM image, composited over an opaque background.
///
/// Each pixel is `src + background·(1 − src.a)` (the background's own alpha is ignored), and each
/// channel goes to 0…255 by ``RGBA/byte(_:)``: NaN → 0, clamped, rounded to nearest — never a
/// trapping `UInt8(Float)`.
package enum PPMEncoder {
  /// The header `P6\n<width> <height>\n255\n`.
  package static func header(_ canvas: Canvas, magic: String = "P6") -> String {
    "\(magic)\n\(canvas.width) \(canvas.height)\n255\n"
  }

  /// Binary PPM (P6): the header followed by 3 bytes per pixel, row-major from the top-left.
  package static func p6(_ canvas: Canvas, background: RGBA) -> [UInt8] {
    var bytes = Array(header(canvas).utf8)
    bytes.append(contentsOf: canvas.rgb8(background: background))
    return bytes
  }

  /// Plain PPM (P3), for small golden files: header `P3\n<w> <h>\n255\n`, then each pixel row
  /// starts on a new line and lines hold at most 12 values (4 pixels), separated by single spaces
  /// — so no line exceeds 70 characters. Ends with a newline.
  package static func p3(_ canvas: Canvas, background: RGBA) -> String {
    let rgb = canvas.rgb8(background: background)
    var text = header(canvas, magic: "P3")
    let rowLength = canvas.width * 3
    guard rowLength > 0 else { return text }
    var index = 0
    while index < rgb.count {
      let rowEnd = index + rowLength
      while index < rowEnd {
        let lineEnd = min(index + 12, rowEnd)
        text += rgb[index..<lineEnd].map { String($0) }.joined(separator: " ")
        text += "\n"
        index = lineEnd
      }
    }
    return text
  }
}
