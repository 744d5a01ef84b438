/// A tiny bitmap font for labels drawn into pictures (`sweep`'s contact sheet): 5×8 pixel
/// glyphs for the printable ASCII characters, drawn for Burst, one pixel of spacing after each.
/// Capitals and digits stand on row 6 (the baseline); g, j, p, q and y reach down to row 7.
/// Other characters draw as `?`.
enum BitmapFont {
  /// The glyph cell, in font pixels.
  static let glyphWidth = 5
  static let glyphHeight = 8
  /// The advance from one character to the next, in font pixels.
  package static let advance = 6

  /// The glyphs of U+0020 … U+007E. Each is 40 bits, row by row from the top (the top row in
  /// the highest 5 bits), each row's leftmost pixel its highest bit.
  private static let glyphs: [UInt64] = [
    0x00_0000_0000, 0x21_0842_0080, 0x52_8000_0000, 0x52_BEAF_A940, 0x23_E8E2_F880, 0xC6_4444_4C60,
    0x64_A88A_C9A0, 0x21_0000_0000, 0x11_1084_1040, 0x41_0421_1100, 0x01_2AEA_9000, 0x01_09F2_1000,
    0x00_0000_3088, 0x00_01F0_0000, 0x00_0000_3180, 0x00_4444_4000, 0x74_675C_C5C0, 0x23_0842_11C0,
    0x74_4222_23E0, 0xF8_8820_C5C0, 0x11_952F_8840, 0xFC_3C10_C5C0, 0x32_21E8_C5C0, 0xF8_4444_2100,
    0x74_62E8_C5C0, 0x74_62F0_8980, 0x03_1806_3000, 0x00_18C0_3088, 0x11_1104_1040, 0x00_3E0F_8000,
    0x41_0411_1100, 0x74_4222_0080, 0x74_42DA_D5C0, 0x74_63F8_C620, 0xF4_63E8_C7C0, 0x74_6108_45C0,
    0xE4_A318_CB80, 0xFC_21E8_43E0, 0xFC_21E8_4200, 0x74_6178_C5E0, 0x8C_63F8_C620, 0x71_0842_11C0,
    0x38_8421_4980, 0x8C_A98A_4A20, 0x84_2108_43E0, 0x8E_EB58_C620, 0x8C_7359_C620, 0x74_6318_C5C0,
    0xF4_63E8_4200, 0x74_631A_C9A0, 0xF4_63EA_4A20, 0x7C_20E0_87C0, 0xF9_0842_1080, 0x8C_6318_C5C0,
    0x8C_6318_A880, 0x8C_635A_D540, 0x8C_5445_4620, 0x8C_5442_1080, 0xF8_4444_43E0, 0x72_1084_21C0,
    0x04_1041_0400, 0x70_8421_09C0, 0x22_A200_0000, 0x00_0000_03E0, 0x41_0000_0000, 0x00_1C17_C5E0,
    0x84_2D98_C7C0, 0x00_1D08_45C0, 0x08_5B38_C5E0, 0x00_1D1F_C1C0, 0x32_51C4_2100, 0x00_1F18_BC2E,
    0x84_2D98_C620, 0x20_1842_11C0, 0x10_0C21_0A4C, 0x84_254C_5240, 0x61_0842_11C0, 0x00_355A_C620,
    0x00_2D98_C620, 0x00_1D18_C5C0, 0x00_3D18_FA10, 0x00_1F18_BC21, 0x00_2D98_4200, 0x00_1F07_07C0,
    0x42_3884_24C0, 0x00_2318_CDA0, 0x00_2318_A880, 0x00_231A_D540, 0x00_22A2_2A20, 0x00_2318_BC2E,
    0x00_3E22_23E0, 0x11_0882_1040, 0x21_0842_1080, 0x41_0822_1100, 0x00_1151_0000,
  ]

  /// The index of `?`, drawn for characters the font lacks.
  private static let questionMark = 0x3F - 0x20

  /// The glyph of a character (`?` for a character the font lacks).
  static func glyph(_ c: Character) -> UInt64 {
    guard let a = c.asciiValue, a >= 32, a < 127 else { return glyphs[questionMark] }
    return glyphs[Int(a - 32)]
  }

  /// Whether font pixel (`x`, `y`) of a character's glyph is ink.
  package static func ink(_ c: Character, x: Int, y: Int) -> Bool {
    guard (0..<glyphWidth).contains(x), (0..<glyphHeight).contains(y) else { return false }
    let shift = (glyphHeight - 1 - y) * glyphWidth + (glyphWidth - 1 - x)
    return (glyph(c) >> UInt64(shift)) & 1 == 1
  }

  /// The width of `text` in canvas pixels at `scale` canvas pixels per font pixel (no spacing
  /// after the last character).
  package static func width(of text: String, scale: Int) -> Int {
    text.isEmpty ? 0 : (text.count * advance - 1) * scale
  }

  /// The longest prefix of `text` that fits `width` canvas pixels at `scale`, with `..` in
  /// place of the cut-off end.
  package static func fitting(_ text: String, width: Int, scale: Int) -> String {
    guard Self.width(of: text, scale: scale) > width else { return text }
    var kept = text
    while !kept.isEmpty, Self.width(of: kept + "..", scale: scale) > width { kept.removeLast() }
    return kept.isEmpty ? "" : kept + ".."
  }
}

extension Canvas {
  /// Draws `text` with its top-left corner at pixel (`x`, `y`), each font pixel a `scale`×`scale`
  /// square of `color` (premultiplied, blended over). Clipped to the canvas.
  mutating func drawText(_ text: String, x: Int, y: Int, scale: Int, color: RGBA) {
    let s = max(1, scale)
    for (i, c) in text.enumerated() {
      let left = x + i * BitmapFont.advance * s
      for gy in 0..<BitmapFont.glyphHeight {
        for gx in 0..<BitmapFont.glyphWidth where BitmapFont.ink(c, x: gx, y: gy) {
          for dy in 0..<s {
            for dx in 0..<s { blend(color, x: left + gx * s + dx, y: y + gy * s + dy) }
          }
        }
      }
    }
  }

  /// Draws `source` with its top-left corner at pixel (`x`, `y`), blended over (source-over).
  /// Clipped to the canvas.
  package mutating func draw(_ source: Canvas, x: Int, y: Int) {
    for sy in 0..<source.height {
      let ty = y + sy
      guard ty >= 0, ty < height else { continue }
      for sx in 0..<source.width {
        let tx = x + sx
        guard tx >= 0, tx < width else { continue }
        blend(source[x: sx, y: sy], x: tx, y: ty)
      }
    }
  }
}
