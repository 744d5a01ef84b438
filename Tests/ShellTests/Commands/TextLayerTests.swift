import Core
import Foundation
import Testing

@testable import Shell

@Suite("text layers")
struct TextLayerTests {
  /// A white label over x 20…220, y 20…80 of a black 240×100 scene.
  static let label = """
    scene 240x100
    text label
    set label bounds=0,0,200,60 position=120,50 fontSize=20 foregroundColor=white

    """

  /// The lit pixels' box (min x, max x, min y, max y), or nil when nothing is lit.
  static func litBox(_ c: Canvas) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<c.height {
      for x in 0..<c.width where c[x: x, y: y].r > 0 {
        let b = box ?? (x, x, y, y)
        box = (min(b.0, x), max(b.1, x), min(b.2, y), max(b.3, y))
      }
    }
    return box
  }

  static func render(_ d: Driven) -> Canvas {
    SceneRenderer.render(d.session.scene, width: 240, height: 100)
  }

  @Test("string keeps what is in its double quotes, # included, and reads back quoted")
  func stringReadsBack() {
    let d = Driven()
    #expect(d.run(Self.label + "set label.string \"Score: #1\"\n") == nil, "\(d.out.stderr)")
    #expect(d.output("get label.string\n") == "\"Score: #1\"\n")
    #expect(d.output("get label.font\n") == "\"Helvetica\"\n")
  }

  @Test("the glyphs lie inside the bounds, even a line too long for them")
  func glyphsInsideBounds() throws {
    let d = Driven()
    d.run(Self.label + "set label.string \"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW gjpqy\"\n")
    let box = try #require(Self.litBox(Self.render(d)))
    #expect(box.0 >= 20 && box.1 < 220 && box.2 >= 20 && box.3 < 80, "\(box)")
  }

  @Test(
    "alignmentMode places a line left, centred or right, measured on the pixels",
    arguments: ["left", "center", "right", "natural", "justified"])
  func alignment(mode: String) throws {
    let d = Driven()
    d.run(Self.label + "set label.string \"Hi there\"\nset label.alignmentMode \(mode)\n")
    let box = try #require(Self.litBox(Self.render(d)))
    switch mode {
    case "center":
      // The line's middle at the bounds' middle (x 120), within the rounding of a pixel or two.
      #expect(abs(Double(box.0 + box.1) / 2 - 120) <= 2, "\(box)")
    case "right":
      #expect(box.1 >= 214 && box.1 < 220, "\(box)")
      #expect(box.0 > 120, "\(box)")
    default:
      #expect(box.0 >= 20 && box.0 <= 24, "\(box)")
      #expect(box.1 < 120, "\(box)")
    }
  }

  @Test("isWrapped breaks a long string into lines inside the width")
  func wraps() throws {
    let d = Driven()
    let text = "set label.string \"one two three four five six seven eight\"\n"
    d.run(Self.label + text)
    let single = try #require(Self.litBox(Self.render(d)))
    d.run("set label.isWrapped yes\n")
    let wrapped = try #require(Self.litBox(Self.render(d)))
    // Unwrapped: one line, cut at the right edge; wrapped: more lines, the width kept.
    #expect(single.1 >= 210, "\(single)")
    #expect(wrapped.3 - wrapped.2 > (single.3 - single.2) + 15, "\(single) \(wrapped)")
    #expect(wrapped.1 < 220 && wrapped.3 < 80, "\(wrapped)")
  }

  @Test(
    "truncationMode cuts a long line at the start, middle or end with an ellipsis",
    arguments: [("none", "abcdefghij"), ("end", "ab..."), ("start", "...ij"), ("middle", "a...j")])
  func truncation(mode: String, expected: String) throws {
    // The built-in face at 8 px: every character advances 6 px; the box is 30 px wide (five
    // characters), and it has no …, so three dots.
    var t = TextProperties()
    t.string = "abcdefghij"
    t.truncationMode = try #require(TextTruncation(rawValue: mode))
    let lines = TextLayout.lines(t, face: BuiltinFace(), pixelSize: 8, width: 30, height: 100)
    #expect(lines.count == 1)
    #expect(String(String.UnicodeScalarView(lines[0].scalars)) == expected)
  }

  @Test("with no font file the built-in face draws, the same bytes each time")
  func builtinFaceDraws() throws {
    let d = Driven()
    d.run(Self.label + "set label.string \"Hello\"\n")
    d.session.scene.fonts = FontBook()
    let a = Self.render(d)
    let b = Self.render(d)
    #expect(a.pixels == b.pixels)
    let box = try #require(Self.litBox(a))
    #expect(box.0 >= 20 && box.1 < 220 && box.2 >= 20 && box.3 < 80, "\(box)")
  }

  @Test("text is a command word, so it cannot name a layer")
  func reservedName() {
    let d = Driven()
    let e = d.run("layer text\n")
    #expect(e?.message.contains("is a command") == true)
    #expect("\(String(describing: e))".contains("textLayer"))
  }

  @Test("save and load give the same text layer and picture")
  func saveReplays() throws {
    try SaveTests.checkReplay(
      prefix: Self.label
        + "set label.string \"Score: #1 \\\"best\\\"\"\nset label alignmentMode=center\n"
        + "animate label.foregroundColor to red duration 1\nstep 0.25\n",
      file: "label.burst", continuations: ["step 0.5\n"], in: try SaveTests.directory())
  }
}
