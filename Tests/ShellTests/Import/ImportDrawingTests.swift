import Core
import Foundation
import Testing

@testable import Shell

/// Images drawn in code (docs/import.md, "Images drawn in code"): what the code fills and
/// strokes becomes the cell's drawing, in its colours, at the size Core Graphics draws it.
@Suite("import: images drawn in code")
struct ImportDrawingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let cell: String
    /// The construct it covers.
    let shape: String
    /// `get PATH.contents` after the import.
    let contents: String
    var testDescription: String { "\(file) \(cell): \(shape)" }
  }

  static let cases: [Case] = [
    Case(
      file: "../Shapes/ConfettiKinds.swift", cell: "rain.emitterCells.cell4",
      shape: "a lazy property of the file's struct, drawing in the value's own tint",
      contents: "drawing(8,8 rect(0,0,8,8) fillColor=#5ac8fa)"),
    Case(
      file: "PaperConfettiView.swift", cell: "confetti.emitterCells.triangle",
      shape: "UIGraphicsImageRenderer's image { }, a UIBezierPath filled in the colour set",
      contents: "drawing(10,8 path(moveTo 5,0 lineTo 10,8 lineTo 0,8 close) fillColor=#ff2d55)"),
    Case(
      file: "PaperConfettiView.swift", cell: "confetti.emitterCells.disc",
      shape: "a bitmap context at scale 2, guard let of its context, fillEllipse(in:)",
      contents: "drawing(12,12 ellipse(0,0,12,12) fillColor=#5ac8fa)"),
    Case(
      file: "PaperConfettiView.swift", cell: "confetti.emitterCells.ribbon",
      shape: "a renderer's bounds moving the origin, a path's own lineWidth and cap, ctx.fill",
      contents: "drawing(16,8 path(moveTo 2,4 quadTo 8,8 14,4) fillColor=#00000000"
        + " strokeColor=#ffcc00 lineWidth=2 lineCap=round rect(7,3,2,2) fillColor=#ffffff)"),
    Case(
      file: "StarDustViewController.m", cell: "dust.emitterCells.glow",
      shape: "C functions (CGContextSetRGBFillColor, AddArc, FillPath), UIRectFill, an image"
        + " drawn into another",
      contents: "drawing(6,6 rect(0,0,6,6) fillColor=#ffffff path(arc 3,3 3 0 6.283185307179586)"
        + " fillColor=#ffcc33)"),
    Case(
      file: "StarDustViewController.m", cell: "dust.emitterCells.diamond",
      shape: "a block given to imageWithActions:, [path fill], a stroked rect on ctx.CGContext",
      contents: "drawing(8,8 path(moveTo 4,0 lineTo 8,4 lineTo 4,8 lineTo 0,4 close)"
        + " fillColor=#00ffff rect(0.5,0.5,7,7) fillColor=#00000000 strokeColor=#0000ff)"),
    Case(
      file: "StarDustViewController.m", cell: "dust.emitterCells.twinkle",
      shape: "an emoji drawn as text: the built-in image of its role stands in",
      contents: "sparkle"),
  ]

  @Test("each drawing is the one the code draws", arguments: cases)
  func drawing(c: Case) throws {
    let path = "\(importCorpus)/Drawing/\(c.file)"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 300x300\nget \(c.cell).contents\nstep 1\n")
    #expect(!transcript.contains("error:"), "\(transcript)")
    #expect(transcript.contains("\n" + c.contents + "\n"), "\(transcript)")
    #expect(session.scene.stats().reduce(0) { $0 + $1.live } > 0, "\(transcript)")
  }

  @Test("text drawn into a context is named, with its line, and the stand-in is said")
  func textIsNamed() {
    let path = "\(importCorpus)/Drawing/StarDustViewController.m"
    let (transcript, _) = importTranscript("import \"\(path)\" view 300x300\n")
    #expect(
      transcript.contains(
        "StarDustViewController.m:53:41: warning: the text '✨' drawn as an image is not followed:"
          + " using the built-in 'sparkle'"), "\(transcript)")
  }

  @Test(
    "drawing calls outside a context, clipping, and an if let on text drawn in code",
    arguments: [
      ("UIColor.red.setFill()\nUIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))", "dot"),
      (
        "UIGraphicsBeginImageContext(CGSize(width: 4, height: 4))\n"
          + "let c = UIGraphicsGetCurrentContext()!\nc.addEllipse(in: CGRect(x: 0, y: 0, width: 4,"
          + " height: 4))\nc.clip()\nc.setFillColor(UIColor.red.cgColor)\n"
          + "c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))\n"
          + "let img = UIGraphicsGetImageFromCurrentImageContext()\nUIGraphicsEndImageContext()\n"
          + "cell.contents = img?.cgImage",
        "drawing(4,4 rect(0,0,4,4) fillColor=#ff0000)"
      ),
      (
        "func sparkle() -> UIImage? {\n  let label = UILabel()\n  label.text = \"✨\"\n"
          + "  label.sizeToFit()\n  UIGraphicsBeginImageContext(label.bounds.size)\n"
          + "  defer { UIGraphicsEndImageContext() }\n"
          + "  guard let context = UIGraphicsGetCurrentContext() else { return nil }\n"
          + "  label.layer.render(in: context)\n"
          + "  return UIGraphicsGetImageFromCurrentImageContext()\n}\n"
          + "if let image = sparkle() { cell.contents = image.cgImage }",
        "sparkle"
      ),
      (
        "func puff() -> UIImage? {\n  UIGraphicsBeginImageContext(CGSize(width: 0, height: 0))\n"
          + "  defer { UIGraphicsEndImageContext() }\n"
          + "  guard let context = UIGraphicsGetCurrentContext() else { return nil }\n"
          + "  context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))\n"
          + "  return UIGraphicsGetImageFromCurrentImageContext()\n}\n"
          + "if let image = puff() { cell.contents = image.cgImage }",
        "dot"
      ),
    ])
  func outsideAndClip(code: String, contents: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "burst-drawing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("Clip.swift")
    let source = """
      let emitter = CAEmitterLayer()
      let cell = CAEmitterCell()
      cell.birthRate = 5
      cell.lifetime = 1
      cell.contents = UIImage(named: "dot")?.cgImage
      \(code)
      emitter.emitterCells = [cell]
      view.layer.addSublayer(emitter)

      """
    try source.write(to: file, atomically: true, encoding: .utf8)
    let (transcript, _) = importTranscript(
      "import \"\(file.path)\"\nget emitterLayer.emitterCells.cell.contents\n")
    #expect(transcript.hasSuffix("\n" + contents + "\n"), "\(transcript)")
    if code.contains("func puff") {
      // The branch ran, the image there on the device: the stand-in, with why.
      #expect(transcript.contains("hint: the size of the image drawn in code is not known here"))
    }
    if code.contains("func sparkle") {
      #expect(transcript.contains("the text '✨' drawn as an image is not followed"))
    }
  }
}

@Suite("import: the built-in image an emoji or symbol drawn as text stands for")
struct EmojiRoleTests {
  @Test(
    "each emoji or symbol takes its role's built-in image, whatever its variation selector",
    arguments: [
      ("❄️", "snowflake"), ("❅", "snowflake"), ("❆", "snowflake"), ("⛄", "snowflake"),
      ("❤️", "heart.fill"), ("💙", "heart"), ("🎉", "confetti"), ("🍂", "leaf"), ("🌸", "petal"),
      ("☺", "dot"),
    ])
  func role(text: String, image: String) {
    #expect(ImportNames.builtinImage(for: text) == image)
  }

  @Test(
    "an image name's role words, in English, pinyin, Chinese or Japanese, give its built-in",
    arguments: [
      ("樱花瓣2", "petal"), ("雪花", "snowflake"), ("烟花", "spark"), ("烟雾", "smoke"),
      ("星星", "star"), ("shuidi", "drop"), ("kira2.png", "sparkle"), ("Triangle", "confetti"),
      ("Box", "confetti"), ("thumbsup", "heart.fill"), ("选中", "dot"), ("particle", "dot"),
      ("autumn_leaf", "leaf"), ("cherry_blossom", "petal"),
    ])
  func nameRole(name: String, image: String) {
    #expect(ImportNames.builtinImage(for: name) == image)
  }
}
