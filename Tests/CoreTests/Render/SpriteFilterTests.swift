import Testing

@testable import Core

private typealias Support = RenderTestSupport

@Suite("Sprite filters: magnificationFilter, minificationFilter, minificationFilterBias")
struct SpriteFilterTests {
  /// A 4×4 checker of opaque black and white texels drawn ×8 (32×32 px) on a 40×40 canvas,
  /// its texel edges on pixel edges.
  static func magnified(_ filter: ContentsFilter) -> Canvas {
    var canvas = Canvas(width: 40, height: 40)
    canvas.drawSprite(
      Support.checkerboard(4), transform: Support.place(width: 32, height: 32, x: 20, y: 20),
      filter: SpriteFilter(magnification: filter))
    return canvas
  }

  @Test(
    "magnified ×8, nearest shows only the two checker colours while linear and trilinear blend",
    arguments: [(ContentsFilter.nearest, false), (.linear, true), (.trilinear, true)])
  func magnifiedChecker(_ filter: ContentsFilter, blends: Bool) {
    let canvas = Self.magnified(filter)
    var intermediate = 0
    for y in 4..<36 {
      for x in 4..<36 {
        let p = canvas[x: x, y: y]
        #expect(p.a == 1, "pixel \(x), \(y) alpha \(p.a)")
        if p.r != 0 && p.r != 1 { intermediate += 1 }
      }
    }
    #expect((intermediate > 0) == blends, "\(intermediate) intermediate pixels")
  }

  @Test("nearest magnification has hard edges: each pixel is its texel's colour")
  func nearestEdgesAreHard() {
    let canvas = Self.magnified(.nearest)
    for y in 4..<36 {
      for x in 4..<36 {
        // Texel (tx, ty) covers pixels 4 + 8·tx ..< 12 + 8·tx.
        let white = ((x - 4) / 8 + (y - 4) / 8).isMultiple(of: 2)
        #expect(canvas[x: x, y: y].r == (white ? 1 : 0), "pixel \(x), \(y)")
      }
    }
  }

  /// 64×64 texels of 4×4-texel black and white squares: levels 0…2 keep the squares, level 3
  /// onward is grey, so the level a filter picks shows.
  static let blocks: SpriteImage = {
    var data: [Float] = []
    for y in 0..<64 {
      for x in 0..<64 {
        let v: Float = (x / 4 + y / 4).isMultiple(of: 2) ? 1 : 0
        data += [v, v, v, 1]
      }
    }
    return SpriteImage(width: 64, height: 64, premultiplied: data)
  }()

  /// `blocks` drawn at 20×20 px (3.2 texels per pixel) with `filter` for minification.
  static func minified(_ filter: ContentsFilter, bias: Double = 0) -> Canvas {
    var canvas = Canvas(width: 24, height: 24)
    canvas.drawSprite(
      blocks, transform: Support.place(width: 20, height: 20, x: 12, y: 12),
      filter: SpriteFilter(minification: filter, bias: bias))
    return canvas
  }

  /// How far the interior pixels are from grey, summed: the detail a mip level keeps.
  static func contrast(_ canvas: Canvas) -> Double {
    var sum = 0.0
    for y in 3..<21 {
      for x in 3..<21 { sum += Double(abs(canvas[x: x, y: y].r - 0.5)) }
    }
    return sum
  }

  @Test("minified, trilinear (no extra blur) keeps more detail than linear and differs from it")
  func trilinearIsSharperThanLinear() {
    let linear = Self.minified(.linear)
    let trilinear = Self.minified(.trilinear)
    #expect(linear.pixels != trilinear.pixels)
    #expect(Self.contrast(trilinear) > Self.contrast(linear) * 1.2)
  }

  @Test("minified, trilinear with bias ½ is exactly linear (log2 ρ ≥ ½ here)")
  func biasHalfMatchesLinear() {
    #expect(Self.minified(.trilinear, bias: 0.5).pixels == Self.minified(.linear).pixels)
  }

  @Test(
    "minificationFilterBias moves trilinear's level: larger is blurrier",
    arguments: [(-1.0, 0.0), (0.0, 1.0), (1.0, 2.0)])
  func biasBlurs(_ sharper: Double, _ blurrier: Double) {
    #expect(
      Self.contrast(Self.minified(.trilinear, bias: sharper))
        > Self.contrast(Self.minified(.trilinear, bias: blurrier)))
  }

  @Test(
    "minificationFilterBias changes nothing for linear and nearest",
    arguments: [
      ContentsFilter.linear, .nearest,
    ])
  func biasIsTrilinearOnly(_ filter: ContentsFilter) {
    #expect(Self.minified(filter, bias: 3).pixels == Self.minified(filter).pixels)
  }

  @Test("minified, nearest samples the full image: only black and white, no grey")
  func nearestMinificationAliases() {
    let canvas = Self.minified(.nearest)
    for y in 3..<21 {
      for x in 3..<21 {
        let r = canvas[x: x, y: y].r
        #expect(r == 0 || r == 1, "pixel \(x), \(y) = \(r)")
      }
    }
  }

  @Test("the default filter is linear both ways with no bias")
  func defaultIsLinear() {
    var plain = Canvas(width: 24, height: 24)
    plain.drawSprite(Self.blocks, transform: Support.place(width: 20, height: 20, x: 12, y: 12))
    #expect(plain.pixels == Self.minified(.linear).pixels)
    #expect(SpriteFilter.linear == SpriteFilter(magnification: .linear, minification: .linear))
  }
}
