import Core
import Foundation
import Testing

@testable import Shell

/// Text layout beyond the first cut: justified lines, kerned pairs and newlines in strings.
@Suite("text layout: justified, kerning, newlines")
struct TextLayoutTests {
  /// DejaVu Sans through FreeType, when the machine has it (the README and CI install it).
  static let dejaVu = FreeTypeFace(
    family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

  /// The faces to lay out with: the built-in one always, DejaVu Sans when installed.
  static var faces: [any GlyphSource] { [BuiltinFace()] + (dejaVu.map { [$0] } ?? []) }

  /// Wrapped text of several lines in a box 150 px wide.
  static func wrapped(_ alignment: TextAlignment) -> TextProperties {
    var t = TextProperties()
    t.string = "the quick brown fox jumps over the lazy dog and runs far away\nend of it all"
    t.isWrapped = true
    t.alignmentMode = alignment
    return t
  }

  @Test("justified lines but each paragraph's last reach the bounds' width, within a pixel")
  func justifiedWidths() {
    for face in Self.faces {
      let t = Self.wrapped(.justified)
      let lines = TextLayout.lines(t, face: face, pixelSize: 12, width: 150, height: 1000)
      #expect(lines.count >= 4, "\(face.family): \(lines.count) lines")
      #expect(lines.filter(\.endsParagraph).count == 2, "\(face.family)")
      for line in lines {
        let end =
          TextLayout.placement(
            line, face: face, pixelSize: 12, width: 150, alignment: .justified
          ).end
        let left =
          TextLayout.placement(line, face: face, pixelSize: 12, width: 150, alignment: .left).end
        if line.endsParagraph {
          #expect(abs(end - left) < 1e-9, "\(face.family): a paragraph's last line stays left")
        } else {
          #expect(abs(end - 150) < 1, "\(face.family): \(line.scalars.count) chars end at \(end)")
          #expect(left < 150 - 1, "\(face.family): left alignment does not fill the line")
        }
      }
    }
  }

  @Test("a justified label draws further right than a left one, from the same left edge")
  func justifiedDraws() throws {
    func box(_ alignment: String) throws -> (Int, Int, Int, Int) {
      let d = Driven()
      d.run(
        TextLayerTests.label
          + "set label isWrapped=yes fontSize=12 alignmentMode=\(alignment) string=\"aa bb cc dd"
          + " ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt\"\n")
      d.session.scene.fonts = FontBook()
      return try #require(TextLayerTests.litBox(TextLayerTests.render(d)))
    }
    let left = try box("left")
    let justified = try box("justified")
    #expect(justified.0 == left.0)
    #expect(justified.1 > left.1 + 2, "left \(left), justified \(justified)")
    #expect(justified.1 < 220)
  }

  @Test("DejaVu kerns AV closer than its advances; the built-in face does not kern")
  func kerning() throws {
    let face = try #require(Self.dejaVu, "DejaVu Sans is installed (fonts-dejavu-core)")
    var t = TextProperties()
    t.string = "AV"
    let px = 40
    let a = try #require(face.glyph("A", pixelSize: px)).advance
    let v = try #require(face.glyph("V", pixelSize: px)).advance
    let k = face.kerning("A", "V", pixelSize: px)
    #expect(k < -0.5, "kerning \(k)")
    let line = try #require(
      TextLayout.lines(t, face: face, pixelSize: px, width: 1000, height: 1000).first)
    #expect(abs(line.width - (a + v + k)) < 1e-9)
    let starts =
      TextLayout.placement(line, face: face, pixelSize: px, width: 1000, alignment: .left).starts
    #expect(abs(starts[1] - (a + k)) < 1e-9)
    // An unkerned pair sits at its advances.
    #expect(face.kerning("H", "H", pixelSize: px) == 0)
    let builtin = BuiltinFace()
    #expect(builtin.kerning("A", "V", pixelSize: 8) == 0)
    let plain = try #require(
      TextLayout.lines(t, face: builtin, pixelSize: 8, width: 1000, height: 1000).first)
    #expect(plain.width == 12)
  }

  @Test(
    "escapes in double quotes: \\n is a newline, \\\" a quote, \\\\ a backslash; get writes them back",
    arguments: [
      (#""a\nb""#, "a\nb"), (#""say \"hi\"""#, "say \"hi\""), (#""back\\slash""#, "back\\slash"),
      (#""two\\nchars""#, "two\\nchars"),
    ])
  func escapes(written: String, string: String) throws {
    let d = Driven()
    #expect(d.run("text t\nset t string=\(written)\n") == nil, "\(d.out.stderr)")
    let id = try #require(d.session.scene.model.layerID(named: "t"))
    #expect(d.session.scene.model.layer(id)?.text.string == string)
    #expect(d.output("get t.string\n") == written + "\n")
  }

  @Test("\\n gives two lines, and save then load keeps the newline")
  func newlineTwoLines() throws {
    let d = Driven()
    #expect(d.run("text t\nset t string=\"a\\nb\"\n") == nil, "\(d.out.stderr)")
    let id = try #require(d.session.scene.model.layerID(named: "t"))
    let t = try #require(d.session.scene.model.layer(id)?.text)
    let lines = TextLayout.lines(t, face: BuiltinFace(), pixelSize: 8, width: 100, height: 100)
    #expect(lines.map { String(String.UnicodeScalarView($0.scalars)) } == ["a", "b"])
    let file = try SaveTests.directory().appendingPathComponent("newline.burst").path
    #expect(d.run("save model \(file)\n") == nil, "\(d.out.stderr)")
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.contains(#"string="a\nb""#) || saved.contains(#""a\nb""#), "\(saved)")
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.model == d.session.scene.model)
  }
}

/// Text rasterised once and kept (`TextImageCache`), not laid out again every frame.
@Suite("text layers: rasterised once")
struct TextCacheTests {
  /// A session with the label and a font book of its own (so its count is this test's alone).
  static func session(_ extra: String = "") -> Driven {
    let d = Driven()
    d.run(TextLayerTests.label + "set label string=\"Hello, world\"\n" + extra)
    d.session.scene.fonts = FontBook(FontFaces.system.faces)
    return d
  }

  @Test("an unchanged label is rasterised once over many frames, and draws the same pixels")
  func unchangedOnce() {
    let d = Self.session()
    let first = TextLayerTests.render(d)
    for _ in 0..<4 {
      #expect(TextLayerTests.render(d).pixels == first.pixels)
    }
    #expect(d.session.scene.fonts.textImages.rasterisations == 1)
  }

  @Test(
    "what changes the glyphs rasterises again; what only moves or tints them does not",
    arguments: [
      ("set label string=\"Goodbye\"", 2), ("set label fontSize=24", 2),
      ("set label alignmentMode=center", 2), ("set label bounds=0,0,180,60", 2),
      ("set label.transform.scale 2", 2), ("set label.font \"DejaVu Serif\"", 2),
      ("set label position=100,40", 1), ("set label foregroundColor=red", 1),
      ("set label opacity=0.5", 1),
    ])
  func changes(command: String, rasterisations: Int) {
    let d = Self.session()
    _ = TextLayerTests.render(d)
    #expect(d.run(command + "\n") == nil, "\(d.out.stderr)")
    let cached = TextLayerTests.render(d)
    _ = TextLayerTests.render(d)
    #expect(d.session.scene.fonts.textImages.rasterisations == rasterisations)
    // The kept image is the one a fresh book draws.
    d.session.scene.fonts = FontBook(FontFaces.system.faces)
    #expect(TextLayerTests.render(d).pixels == cached.pixels)
  }
}
