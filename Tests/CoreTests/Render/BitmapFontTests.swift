import Testing

@testable import Core

@Suite("the bitmap font for labels in pictures")
struct BitmapFontTests {
  /// A glyph as rows of `#` and `.`.
  static func art(_ c: Character) -> [String] {
    (0..<BitmapFont.glyphHeight).map { y in
      String((0..<BitmapFont.glyphWidth).map { x in BitmapFont.ink(c, x: x, y: y) ? "#" : "." })
    }
  }

  @Test("every printable ASCII character has its own glyph, and only space is blank")
  func distinctGlyphs() {
    let chars = (32..<127).map { Character(Unicode.Scalar(UInt8($0))) }
    let glyphs = chars.map { Self.art($0).joined() }
    #expect(Set(glyphs).count == chars.count)
    for (c, g) in zip(chars, glyphs) where c != " " { #expect(g.contains("#"), "\(c)") }
    #expect(glyphs[0] == String(repeating: ".", count: 40))
  }

  @Test(
    "glyphs read as their characters",
    arguments: [
      ("1", ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."]),
      ("=", [".....", ".....", "#####", ".....", "#####", ".....", ".....", "....."]),
      ("L", ["#....", "#....", "#....", "#....", "#....", "#....", "#####", "....."]),
      ("g", [".....", ".....", ".####", "#...#", "#...#", ".####", "....#", ".###."]),
    ] as [(Character, [String])])
  func glyphArt(c: Character, rows: [String]) {
    #expect(Self.art(c) == rows)
  }

  @Test("a character the font lacks draws as a question mark")
  func missing() {
    #expect(Self.art("π") == Self.art("?"))
  }

  @Test(
    "text is 6 font pixels a character less the last gap, cut with .. to fit",
    arguments: [
      ("pi/4", 1, 100, "pi/4", 23), ("pi/4", 2, 100, "pi/4", 46),
      ("emissionRange=pi/4", 1, 60, "emission..", 59), ("", 1, 10, "", 0),
    ])
  func widths(text: String, scale: Int, room: Int, fitted: String, width: Int) {
    let f = BitmapFont.fitting(text, width: room, scale: scale)
    #expect(f == fitted)
    #expect(BitmapFont.width(of: f, scale: scale) == width)
    #expect(width <= room)
  }

  @Test("drawText inks exactly the glyph's pixels, scaled")
  func drawsScaled() {
    var canvas = Canvas(width: 12, height: 18, fill: .black)
    canvas.drawText("L", x: 1, y: 1, scale: 2, color: .white)
    var inked = 0
    for y in 0..<18 {
      for x in 0..<12 where canvas[x: x, y: y] == .white {
        inked += 1
        #expect(BitmapFont.ink("L", x: (x - 1) / 2, y: (y - 1) / 2))
      }
    }
    #expect(inked == 11 * 4)
  }
}
