import Testing

@testable import Core

private typealias Support = RenderTestSupport

@Suite("Canvas.drawSprite")
struct SpriteDrawingTests {
  @Test("a solid 4×4 image drawn at 40 px covers exactly its pixels")
  func solidSpriteCoverage() {
    var canvas = Canvas(width: 64, height: 64)
    let image = Support.solidImage(4, 4)
    canvas.drawSprite(image, transform: Support.place(width: 40, height: 40, x: 30, y: 32))
    for y in 0..<64 {
      for x in 0..<64 {
        let inside = x >= 10 && x < 50 && y >= 12 && y < 52
        #expect(canvas[x: x, y: y] == (inside ? .white : .clear), "pixel \(x), \(y)")
      }
    }
  }

  @Test(
    "total coverage equals the sprite's area at any sub-pixel position",
    arguments: [(0.0, 0.0), (0.25, 0.5), (0.5, 0.75), (0.9, 0.1)])
  func solidSpriteArea(_ dx: Double, _ dy: Double) {
    var canvas = Canvas(width: 64, height: 64)
    let image = Support.solidImage(4, 4)
    canvas.drawSprite(
      image, transform: Support.place(width: 40, height: 25.5, x: 30 + dx, y: 32 + dy))
    #expect(abs(Support.channelSum(canvas, 3) - 40 * 25.5) < 1e-2)
  }

  @Test("a rotated sprite keeps its area", arguments: [0.3, 0.785, 2.0, -1.2])
  func rotatedArea(_ angle: Double) {
    var canvas = Canvas(width: 64, height: 64)
    canvas.drawSprite(
      Support.solidImage(4, 4),
      transform: Support.place(width: 30, height: 12, angle: angle, x: 32, y: 32))
    #expect(abs(Support.channelSum(canvas, 3) - 360) / 360 < 0.02)
  }

  @Test("rotation by π/2 maps a non-square image: left texel on top, right texel below")
  func quarterTurn() {
    // 2×1 image: red on the left, blue on the right.
    let image = SpriteImage(width: 2, height: 1, premultiplied: [1, 0, 0, 1, 0, 0, 1, 1])
    var canvas = Canvas(width: 40, height: 60)
    canvas.drawSprite(
      image, transform: Support.place(width: 40, height: 20, angle: Double.pi / 2, x: 20, y: 30))
    // Footprint: 20 wide (x 10..<30), 40 tall (y 10..<50).
    #expect(canvas[x: 9, y: 30].a == 0)
    #expect(canvas[x: 10, y: 30].a == 1)
    #expect(canvas[x: 29, y: 30].a == 1)
    #expect(canvas[x: 30, y: 30].a == 0)
    #expect(canvas[x: 20, y: 9].a == 0)
    #expect(canvas[x: 20, y: 49].a == 1)
    #expect(canvas[x: 20, y: 50].a == 0)
    let top = canvas[x: 20, y: 12]
    let bottom = canvas[x: 20, y: 47]
    #expect(top.r == 1 && top.b == 0)
    #expect(bottom.b == 1 && bottom.r == 0)
  }

  @Test("contentsRect selects part of the image")
  func contentsRectPart() {
    let image = SpriteImage(width: 2, height: 1, premultiplied: [1, 0, 0, 1, 0, 0, 1, 1])
    var canvas = Canvas(width: 20, height: 20)
    canvas.drawSprite(
      image, contentsRect: (0.5, 0, 0.5, 1),
      transform: Support.place(width: 10, height: 10, x: 10, y: 10))
    #expect(canvas[x: 6, y: 10] == RGBA(r: 0, g: 0, b: 1, a: 1))
    #expect(canvas[x: 14, y: 10] == RGBA(r: 0, g: 0, b: 1, a: 1))
  }

  @Test("a negative contentsRect width mirrors the image")
  func contentsRectFlip() {
    let image = SpriteImage(width: 2, height: 1, premultiplied: [1, 0, 0, 1, 0, 0, 1, 1])
    var canvas = Canvas(width: 20, height: 20)
    canvas.drawSprite(
      image, contentsRect: (1, 0, -1, 1),
      transform: Support.place(width: 10, height: 10, x: 10, y: 10))
    #expect(canvas[x: 6, y: 10] == RGBA(r: 0, g: 0, b: 1, a: 1))
    #expect(canvas[x: 14, y: 10] == RGBA(r: 1, g: 0, b: 0, a: 1))
  }

  @Test(
    "thin sprites keep their area",
    arguments: [(10.0, 0.3, 0.0), (10.0, 0.3, 0.7), (0.5, 12.0, 2.1), (6.0, 1.0, 0.25)])
  func thinSprites(_ width: Double, _ height: Double, _ angle: Double) {
    var canvas = Canvas(width: 32, height: 32)
    canvas.drawSprite(
      Support.solidImage(4, 4),
      transform: Support.place(width: width, height: height, angle: angle, x: 16.2, y: 15.9))
    let area = width * height
    #expect(abs(Support.channelSum(canvas, 3) - area) / area < 0.05)
    #expect(canvas.pixels.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test("the tint multiplies by (r·a, g·a, b·a, a)")
  func tint() {
    var canvas = Canvas(width: 20, height: 20)
    canvas.drawSprite(
      Support.solidImage(4, 4, RGBA(r: 0.5, g: 0.5, b: 0.5, a: 0.5)),
      transform: Support.place(width: 10, height: 10, x: 10, y: 10),
      tint: RGBA(r: 1, g: 0.5, b: 0, a: 0.5))
    let p = canvas[x: 10, y: 10]
    #expect(p == RGBA(r: 0.25, g: 0.125, b: 0, a: 0.25))
  }

  @Test("additive sprites add light and clamp at 1")
  func additiveSprites() {
    var canvas = Canvas(width: 20, height: 20)
    let image = Support.solidImage(4, 4, RGBA(r: 0.6, g: 0.3, b: 0, a: 0.6))
    let t = Support.place(width: 10, height: 10, x: 10, y: 10)
    canvas.drawSprite(image, transform: t, blend: .additive)
    canvas.drawSprite(image, transform: t, blend: .additive)
    let p = canvas[x: 10, y: 10]
    #expect(p.r == 1)
    #expect(abs(p.g - 0.6) < 1e-6)
    #expect(p.a == 1)
  }

  @Test(
    "tiny sprites deposit area × colour",
    arguments: [0.3, 0.5, 1.0, 1.5, 1.99, 2.01, 2.5, 3.5])
  func tinySpriteLight(_ size: Double) {
    for (dx, dy) in [(0.0, 0.0), (0.3, 0.7), (0.5, 0.5), (0.91, 0.13)] {
      var canvas = Canvas(width: 16, height: 16)
      canvas.drawSprite(
        Support.solidImage(4, 4),
        transform: Support.place(width: size, height: size, angle: 0.4, x: 8 + dx, y: 8 + dy))
      let sum = Support.channelSum(canvas, 3)
      #expect(abs(sum - size * size) / (size * size) < 0.05, "size \(size) at +\(dx), +\(dy)")
    }
  }

  @Test("a 0.5-px built-in sprite adds its mean alpha × area", arguments: ["spark", "sparkle"])
  func tinyBuiltin(_ name: String) throws {
    let image = try #require(BuiltinImages.named(name))
    var canvas = Canvas(width: 8, height: 8)
    canvas.drawSprite(
      image, transform: Support.place(width: 0.5, height: 0.5, x: 4.3, y: 3.8), blend: .additive)
    let expected = Double(image.meanColor.a) * 0.25
    #expect(abs(Support.channelSum(canvas, 3) - expected) / expected < 0.05)
    #expect(canvas.pixels.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test("a splat never pushes alpha above 1 with source-over")
  func splatAlphaBound() {
    var canvas = Canvas(width: 4, height: 4)
    canvas.drawSprite(
      Support.solidImage(4, 4), transform: Support.place(width: 1.9, height: 1.9, x: 2, y: 2))
    #expect(canvas.pixels.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test(
    "the mip chain stops a fine checkerboard from aliasing",
    arguments: [(64, 4.0), (64, 6.0), (128, 6.0), (128, 13.0), (32, 5.0)])
  func mipAntiAliasing(_ imageSize: Int, _ drawSize: Double) {
    var canvas = Canvas(width: 20, height: 20)
    canvas.drawSprite(
      Support.checkerboard(imageSize),
      transform: Support.place(width: drawSize, height: drawSize, x: 10, y: 10))
    // Interior pixels (fully covered) must all be near mid-grey.
    let lo = Int((10 - drawSize / 2).rounded(.up))
    let hi = Int((10 + drawSize / 2).rounded(.down))
    for y in lo..<hi {
      for x in lo..<hi {
        let p = canvas[x: x, y: y]
        #expect(abs(p.a - 1) < 1e-5)
        #expect(abs(p.r - 0.5) < 0.06, "pixel \(x), \(y) = \(p.r)")
      }
    }
  }

  static let degenerateCases: [Affine2D] = [
    .scale(x: 0, y: 0),
    .scale(x: 5, y: 0),
    Affine2D(a: 3, b: 6, c: 1, d: 2, tx: 5, ty: 5),
    Affine2D(a: .nan, b: 0, c: 0, d: 5, tx: 5, ty: 5),
    Affine2D(a: 5, b: 0, c: 0, d: 5, tx: .nan, ty: 5),
    Affine2D(a: 5, b: 0, c: 0, d: 5, tx: 5, ty: .infinity),
    Affine2D(a: .infinity, b: 0, c: 0, d: 5, tx: 5, ty: 5),
    Affine2D(a: 1e300, b: 0, c: 0, d: 1e300, tx: 5, ty: 5),
    Affine2D(a: 1e-200, b: 0, c: 0, d: 1e-200, tx: 5, ty: 5),
    Affine2D(a: 5, b: 0, c: 0, d: 5, tx: 1e300, ty: -1e300),
  ]

  @Test("degenerate and non-finite transforms draw nothing", arguments: degenerateCases)
  func degenerateTransforms(_ t: Affine2D) {
    var canvas = Canvas(width: 10, height: 10)
    canvas.drawSprite(Support.solidImage(4, 4), transform: t)
    canvas.drawSprite(Support.solidImage(4, 4), transform: t, blend: .additive)
    #expect(Support.channelSum(canvas, 3) == 0)
  }

  @Test("NaN tint, zero contents rect and transparent tint draw nothing")
  func degenerateArguments() {
    var canvas = Canvas(width: 10, height: 10)
    let image = Support.solidImage(4, 4)
    let t = Support.place(width: 6, height: 6, x: 5, y: 5)
    canvas.drawSprite(image, transform: t, tint: RGBA(r: .nan, g: 1, b: 1, a: 1))
    canvas.drawSprite(image, contentsRect: (0, 0, 0, 1), transform: t)
    canvas.drawSprite(image, contentsRect: (.nan, 0, 1, 1), transform: t)
    canvas.drawSprite(image, transform: t, tint: RGBA(r: 1, g: 1, b: 1, a: 0))
    #expect(Support.channelSum(canvas, 3) == 0)
    var empty = Canvas(width: 0, height: 0)
    empty.drawSprite(image, transform: t)
    #expect(empty.pixels.isEmpty)
  }

  @Test("a huge sprite is clipped to the canvas")
  func hugeSprite() {
    var canvas = Canvas(width: 32, height: 32)
    canvas.drawSprite(
      Support.solidImage(4, 4),
      transform: Support.place(width: 1e9, height: 1e9, angle: 0.3, x: 0, y: 0))
    #expect(Support.channelSum(canvas, 3) == 32 * 32)
  }

  @Test("sprites entirely off the canvas draw nothing")
  func offCanvas() {
    var canvas = Canvas(width: 8, height: 8)
    let image = Support.solidImage(4, 4)
    canvas.drawSprite(image, transform: Support.place(width: 4, height: 4, x: -10, y: 4))
    canvas.drawSprite(image, transform: Support.place(width: 0.5, height: 0.5, x: 4, y: 30))
    canvas.drawSprite(image, transform: Support.place(width: 0.5, height: 0.5, x: -1e18, y: 3))
    #expect(Support.channelSum(canvas, 3) == 0)
  }
}
