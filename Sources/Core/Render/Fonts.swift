/// One glyph rasterised at a pixel size: its coverage (0…255, row by row from the top), where
/// it sits against the pen (left of the pen, rows above the baseline) and the pen's advance.
package struct GlyphBitmap: Sendable, Equatable {
  package var width: Int
  package var height: Int
  /// Pixels from the pen to the bitmap's left edge.
  package var left: Int
  /// Pixels from the baseline up to the bitmap's top row.
  package var top: Int
  /// How far the pen moves on, in pixels.
  package var advance: Double
  package var coverage: [UInt8]

  package init(
    width: Int, height: Int, left: Int, top: Int, advance: Double, coverage: [UInt8]
  ) {
    self.width = width
    self.height = height
    self.left = left
    self.top = top
    self.advance = advance
    self.coverage = coverage
  }
}

/// A face's vertical metrics at a pixel size, in pixels: ascent above the baseline, descent
/// below it (positive), and the distance from one baseline to the next.
package struct FontMetrics: Sendable, Equatable {
  package var ascent: Double
  package var descent: Double
  package var lineHeight: Double

  package init(ascent: Double, descent: Double, lineHeight: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineHeight = lineHeight
  }
}

/// A font face text layers draw with: the program hands Core these (FreeType's faces, loaded
/// from font files), so that Core itself reads no files. The same face must give the same
/// bitmaps for the same character and size, from any thread.
package protocol GlyphSource: Sendable {
  /// The family name `font` matches (case-insensitively).
  var family: String { get }
  func metrics(pixelSize: Int) -> FontMetrics
  /// The glyph of `c`, or nil when the face has none for it.
  func glyph(_ c: Unicode.Scalar, pixelSize: Int) -> GlyphBitmap?
  /// How far the pen moves, in pixels, between `left` and `right` beyond `left`'s advance
  /// (negative: closer, as "AV" is set): the face's kerning, 0 when it has none.
  func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double
}

extension GlyphSource {
  /// No kerning: the built-in face's pairs all sit at their advances.
  package func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double {
    0
  }
}

/// The faces a scene's text layers may use: the first is the default, for a family not found;
/// with none, the built-in bitmap face.
package struct FontBook: Sendable {
  package var faces: [any GlyphSource] = [] {
    didSet { textImages = TextImageCache() }
  }
  /// The text rasterised with these faces, kept between frames (a new book starts empty).
  package private(set) var textImages = TextImageCache()

  package init(_ faces: [any GlyphSource] = []) { self.faces = faces }

  /// The face for a family name: the face of that family, else the default one.
  package func face(named name: String) -> any GlyphSource {
    let wanted = name.lowercased()
    if let f = faces.first(where: { $0.family.lowercased() == wanted }) { return f }
    return faces.first ?? BuiltinFace()
  }
}

/// Burst's built-in face, for when no font file is found: `BitmapFont`'s 5×8 glyphs scaled to
/// the size (the em is the 8-pixel cell), each output pixel covered by the exact area of the
/// font pixels it overlaps, so the output is deterministic with nothing installed.
package struct BuiltinFace: GlyphSource {
  package var family: String { "Burst Bitmap" }

  package init() {}

  package func metrics(pixelSize: Int) -> FontMetrics {
    let s = Double(pixelSize) / Double(BitmapFont.glyphHeight)
    return FontMetrics(ascent: 7 * s, descent: 1 * s, lineHeight: 10 * s)
  }

  package func glyph(_ c: Unicode.Scalar, pixelSize: Int) -> GlyphBitmap? {
    guard c.value >= 32, c.value < 127 else { return nil }
    let bits = BitmapFont.glyph(Character(c))
    let s = Double(pixelSize) / Double(BitmapFont.glyphHeight)
    let w = Int((Double(BitmapFont.glyphWidth) * s).rounded(.up))
    let h = Int((Double(BitmapFont.glyphHeight) * s).rounded(.up))
    var out = [UInt8](repeating: 0, count: w * h)
    func on(_ r: Int, _ col: Int) -> Bool {
      let bit = 39 - (r * BitmapFont.glyphWidth + col)
      return (bits >> UInt64(bit)) & 1 == 1
    }
    for y in 0..<h {
      for x in 0..<w {
        // The output pixel in font pixels, and the area of lit font pixels inside it.
        let fx0 = Double(x) / s
        let fx1 = Double(x + 1) / s
        let fy0 = Double(y) / s
        let fy1 = Double(y + 1) / s
        var area = 0.0
        var r = Int(fy0)
        while Double(r) < fy1, r < BitmapFont.glyphHeight {
          let oy = min(fy1, Double(r + 1)) - max(fy0, Double(r))
          var col = Int(fx0)
          while Double(col) < fx1, col < BitmapFont.glyphWidth {
            if on(r, col) { area += oy * (min(fx1, Double(col + 1)) - max(fx0, Double(col))) }
            col += 1
          }
          r += 1
        }
        let k = area * s * s
        out[y * w + x] = UInt8(min(max(k * 255, 0), 255).rounded())
      }
    }
    return GlyphBitmap(
      width: w, height: h, left: 0, top: Int((7 * s).rounded()),
      advance: Double(BitmapFont.advance) * s, coverage: out)
  }
}
