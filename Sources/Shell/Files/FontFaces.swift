import CFreeType
import Core
import Foundation

/// The font faces text layers draw with (docs/semantics.md, "Text layers"): found by path,
/// loaded with FreeType here in the Shell, and handed to Core as `GlyphSource`s, so that Core
/// reads no files. Debian's fonts-dejavu-core is the default the README and CI install; with
/// no font file found, Core's built-in bitmap face draws instead.
enum FontFaces {
  /// Where the default face is looked for, in order (its family first).
  static let defaultPaths: [(family: String, path: String)] = [
    ("DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    ("DejaVu Sans Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("DejaVu Sans Mono", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
    ("DejaVu Serif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"),
  ]

  /// The faces found on this machine, loaded once per process.
  static let system: FontBook = FontBook(
    defaultPaths.compactMap { FreeTypeFace(family: $0.family, path: $0.path) })
}

/// One font file's face through FreeType. FreeType's face is not thread-safe, so every use is
/// under a lock, and each glyph is rasterised once per size and kept.
final class FreeTypeFace: GlyphSource, @unchecked Sendable {
  let family: String
  private let lock = NSLock()
  private var library: FT_Library?
  private var face: FT_Face?
  /// The font file's bytes, which FreeType reads in place for the face's lifetime.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  private var glyphs: [Key: GlyphBitmap?] = [:]
  private var sized: [Int: FontMetrics] = [:]
  private var kerned: [Pair: Double] = [:]
  /// Whether the face has a kerning table FreeType reads (TrueType's `kern`).
  private let hasKerning: Bool

  private struct Pair: Hashable {
    var left: UInt32
    var right: UInt32
    var px: Int
  }

  private struct Key: Hashable {
    var scalar: UInt32
    var px: Int
  }

  /// Nil when the file is missing or FreeType cannot read it.
  init?(family: String, path: String) {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty,
      data.count < 64 << 20
    else { return nil }
    self.family = family
    bytes = .allocate(capacity: data.count)
    _ = bytes.initialize(from: data)
    var lib: FT_Library?
    guard FT_Init_FreeType(&lib) == 0, let lib else {
      bytes.deallocate()
      return nil
    }
    var f: FT_Face?
    guard FT_New_Memory_Face(lib, bytes.baseAddress, FT_Long(bytes.count), 0, &f) == 0, let f
    else {
      FT_Done_FreeType(lib)
      bytes.deallocate()
      return nil
    }
    library = lib
    face = f
    hasKerning = f.pointee.face_flags & FT_Long(BURST_FT_FACE_FLAG_KERNING) != 0
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
    bytes.deallocate()
  }

  /// Sets the face's size; under the lock.
  private func select(_ px: Int) -> Bool {
    guard let face else { return false }
    return FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(px, 1))) == 0
  }

  func metrics(pixelSize px: Int) -> FontMetrics {
    lock.lock()
    defer { lock.unlock() }
    if let m = sized[px] { return m }
    guard select(px), let size = face?.pointee.size?.pointee.metrics else {
      return BuiltinFace().metrics(pixelSize: px)
    }
    let m = FontMetrics(
      ascent: Double(size.ascender) / 64, descent: Double(-size.descender) / 64,
      lineHeight: Double(size.height) / 64)
    sized[px] = m
    return m
  }

  func glyph(_ c: Unicode.Scalar, pixelSize px: Int) -> GlyphBitmap? {
    lock.lock()
    defer { lock.unlock() }
    let key = Key(scalar: c.value, px: px)
    if let g = glyphs[key] { return g }
    let g = render(c, px)
    glyphs[key] = g
    return g
  }

  /// The pair's kerning from the face's `kern` table, unfitted (scaled to the size, not
  /// rounded to whole pixels, as the glyphs are unhinted); 0 without a table or a glyph.
  func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize px: Int) -> Double {
    guard hasKerning else { return 0 }
    lock.lock()
    defer { lock.unlock() }
    let key = Pair(left: left.value, right: right.value, px: px)
    if let k = kerned[key] { return k }
    var k = 0.0
    if let face, select(px) {
      let a = FT_Get_Char_Index(face, FT_ULong(left.value))
      let b = FT_Get_Char_Index(face, FT_ULong(right.value))
      var delta = FT_Vector()
      if a != 0, b != 0,
        FT_Get_Kerning(face, a, b, FT_UInt(BURST_FT_KERNING_UNFITTED), &delta) == 0
      {
        k = Double(delta.x) / 64
      }
    }
    kerned[key] = k
    return k
  }

  /// Rasterises one glyph, unhinted, in 8-bit grey; under the lock.
  private func render(_ c: Unicode.Scalar, _ px: Int) -> GlyphBitmap? {
    guard let face, select(px) else { return nil }
    let index = FT_Get_Char_Index(face, FT_ULong(c.value))
    // A space has a glyph with no pixels; a character the face lacks has index 0.
    guard index != 0 || c == " " else { return nil }
    let flags = Int32(BURST_FT_LOAD_RENDER | BURST_FT_LOAD_NO_HINTING)
    guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else {
      return nil
    }
    let bm = slot.pointee.bitmap
    let w = Int(bm.width)
    let h = Int(bm.rows)
    var coverage = [UInt8](repeating: 0, count: w * h)
    if let buffer = bm.buffer, w > 0, h > 0,
      bm.pixel_mode == UInt8(BURST_FT_PIXEL_MODE_GRAY)
    {
      let pitch = Int(bm.pitch)
      for y in 0..<h {
        let row = pitch >= 0 ? y * pitch : (h - 1 - y) * -pitch
        for x in 0..<w { coverage[y * w + x] = buffer[row + x] }
      }
    }
    return GlyphBitmap(
      width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
      advance: Double(slot.pointee.advance.x) / 64, coverage: coverage)
  }
}
