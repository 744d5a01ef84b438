import Testing

@testable import Core

private typealias Support = RenderTestSupport

@Suite("Sprite stamps")
struct SpriteStampsTests {
  /// A soft disc, brighter in the middle, so a misplaced or mis-sized stamp shows.
  static let disc: SpriteImage = {
    var data: [Float] = []
    for y in 0..<16 {
      for x in 0..<16 {
        let dx = Float(x) - 7.5
        let dy = Float(y) - 7.5
        let d = (dx * dx + dy * dy).squareRoot() / 8
        let a = min(max((1 - d) * 3, 0), 1)
        data += [a, a * (1 - d), a * 0.5, a]
      }
    }
    return SpriteImage(width: 16, height: 16, premultiplied: data)
  }()

  /// One sprite drawn over a grey canvas, from a stamp when `stamps` takes it; whether it did.
  static func draw(
    _ transform: Affine2D, tint: RGBA = .white, blend: BlendMode = .sourceOver,
    image: SpriteImage = disc, filter: SpriteFilter = .linear, stamps: SpriteStamps?
  ) -> (canvas: Canvas, stamped: Bool) {
    var canvas = Canvas(width: 48, height: 40, fill: RGBA(r: 0.1, g: 0.2, b: 0.3, a: 1))
    let look = SpriteLook(image, contentsRect: (0, 0, 1, 1), filter: filter)
    var stamped = false
    canvas.withSpritePen { pen in
      if let stamps, stamps.draw(look, transform: transform, tint: tint, blend: blend, with: pen) {
        stamped = true
      } else {
        pen.draw(look, transform: transform, tint: tint, blend: blend)
      }
    }
    return (canvas, stamped)
  }

  static func largestDifference(_ a: Canvas, _ b: Canvas) -> Float {
    zip(a.pixels, b.pixels).map { abs($0 - $1) }.max() ?? 0
  }

  /// Transforms whose axes and centre lie on the stamps' grid: 2^(k/16) pixels long, turned
  /// by whole 1/64 turns, centred on quarter pixels.
  static let onGrid: [Affine2D] = [
    Support.place(width: 8, height: 8, x: 20.25, y: 19.5),
    Support.place(width: 16, height: 8, angle: 2 * CoreMath.pi * 5 / 64, x: 24, y: 20.75),
    Support.place(
      width: CoreMath.pow(2, 3.5), height: CoreMath.pow(2, 2.25),
      angle: -2 * CoreMath.pi * 12 / 64, x: 11.5, y: 30.25),
  ]

  @Test(
    "a sprite on the stamp grid draws what the exact path draws",
    arguments: onGrid, [BlendMode.sourceOver, .additive])
  func onGridIsExact(_ transform: Affine2D, _ blend: BlendMode) {
    let tint = RGBA(r: 0.9, g: 0.6, b: 0.3, a: 0.8)
    let exact = Self.draw(transform, tint: tint, blend: blend, stamps: nil)
    let stamped = Self.draw(transform, tint: tint, blend: blend, stamps: SpriteStamps())
    #expect(stamped.stamped)
    // Only the rounding of the axes' lengths and turns, and the stamps' 8 bits a channel
    // (at most 1/510 before the tint), differ.
    #expect(Self.largestDifference(exact.canvas, stamped.canvas) < 0.0025)
  }

  @Test(
    "a sprite off the grid is drawn within a small distance of the exact path",
    arguments: [0.1, 0.37, 1.1, 2.9])
  func offGridIsClose(_ angle: Double) {
    let transform = Support.place(width: 9.3, height: 7.1, angle: angle, x: 20.13, y: 19.61)
    let exact = Self.draw(transform, stamps: nil)
    let stamped = Self.draw(transform, stamps: SpriteStamps())
    #expect(stamped.stamped)
    let difference = Self.largestDifference(exact.canvas, stamped.canvas)
    #expect(difference > 0)
    #expect(difference < 0.25)
  }

  @Test(
    "sprites the stamps do not take are left to the exact path",
    arguments: [
      (
        "wider than maxSide", Support.place(width: 30, height: 8, x: 24, y: 20), SpriteFilter.linear
      ),
      ("a splat", Support.place(width: 1.5, height: 1.5, x: 24, y: 20), .linear),
      (
        "nearest", Support.place(width: 8, height: 8, x: 24, y: 20),
        SpriteFilter(magnification: .nearest)
      ),
      (
        "nearest minifying", Support.place(width: 8, height: 8, x: 24, y: 20),
        SpriteFilter(minification: .nearest)
      ),
      ("far away", Support.place(width: 8, height: 8, x: 2e6, y: 20), .linear),
      ("singular", Affine2D(a: 8, b: 0, c: 0, d: 0, tx: 24, ty: 20), .linear),
    ])
  func leftToExact(_ name: String, _ transform: Affine2D, _ filter: SpriteFilter) {
    let stamps = SpriteStamps()
    #expect(!Self.draw(transform, filter: filter, stamps: stamps).stamped, "\(name)")
    #expect(stamps.stampsMade == 0)
  }

  @Test("a sprite drawn again reuses its stamp and draws the same pixels")
  func reuse() {
    let stamps = SpriteStamps()
    let transform = Support.place(width: 9.3, height: 7.1, angle: 0.7, x: 20.13, y: 19.61)
    let first = Self.draw(transform, stamps: stamps)
    let second = Self.draw(transform, stamps: stamps)
    #expect(stamps.stampsMade == 1)
    #expect(stamps.stampsDrawn == 2)
    #expect(first.canvas.pixels == second.canvas.pixels)
  }

  @Test("the cache keeps within its budget, and a small budget draws the same pixels")
  func budget() {
    let budget = 2 << 10
    let small = SpriteStamps(budget: budget)
    let large = SpriteStamps()
    var a = Canvas(width: 64, height: 64)
    var b = Canvas(width: 64, height: 64)
    let look = SpriteLook(Self.disc, contentsRect: (0, 0, 1, 1), filter: .linear)
    // 100 sprites, twice: the second time the large cache has every stamp.
    for i in Array(0..<100) + Array(0..<100) {
      let t = Support.place(
        width: 3 + Double(i % 9), height: 3 + Double(i % 5), angle: Double(i) * 0.37,
        x: Double(i * 7 % 64), y: Double(i * 13 % 64) + Double(i % 4) * 0.3)
      let tint = RGBA(r: Float(i % 3) / 2, g: 0.5, b: 1, a: Float(i % 7 + 1) / 7)
      a.withSpritePen {
        #expect(small.draw(look, transform: t, tint: tint, blend: .sourceOver, with: $0))
      }
      b.withSpritePen {
        #expect(large.draw(look, transform: t, tint: tint, blend: .sourceOver, with: $0))
      }
      #expect(small.bytes <= budget)
    }
    #expect(a.pixels == b.pixels)
    #expect(small.stampsMade > large.stampsMade)
  }

  @Test("a transparent or non-finite tint draws nothing, as the exact path")
  func transparentTint() {
    let transform = Support.place(width: 8, height: 8, x: 20, y: 20)
    for tint in [RGBA(r: 1, g: 1, b: 1, a: 0), RGBA(r: .nan, g: 1, b: 1, a: 1)] {
      let stamped = Self.draw(transform, tint: tint, stamps: SpriteStamps())
      #expect(stamped.canvas.pixels == Self.draw(transform, tint: tint, stamps: nil).canvas.pixels)
    }
  }

  @Test(
    "an axis's key gives back the axis within half a step of turn and length",
    arguments: [(8.0, 0.0), (0.0, -5.0), (-3.0, 4.0), (6.5, 6.5), (-20.0, -1.0), (0.01, 2.3)])
  func axisKeyRoundTrip(_ a: Double, _ b: Double) throws {
    let key = try #require(SpriteStamps.axisKey(a, b))
    let (ka, kb) = SpriteStamps.axis(key)
    let length = (a * a + b * b).squareRoot()
    let kept = (ka * ka + kb * kb).squareRoot()
    #expect(abs(CoreMath.log2(kept / length)) <= 0.5 / Double(SpriteStamps.octaveSteps) + 1e-6)
    let turn = abs(CoreMath.atan2(a * kb - b * ka, a * ka + b * kb))
    #expect(turn <= CoreMath.pi / Double(SpriteStamps.turnSteps) + 0.003)
  }

  @Test(
    "a stamp clipped by the canvas's edges draws the pixels the whole stamp draws there",
    arguments: [
      (-3.25, 10.5), (45.5, 12.25), (20.0, -2.75), (18.75, 38.5), (-4.0, -3.5), (47.25, 39.75),
      (-5.0, 20.0), (24.0, 43.0), (20.5, 19.25),
    ])
  func clippedStampMatchesWhole(_ x: Double, _ y: Double) {
    // The same sprite on a canvas with a 16-pixel margin all round: the same stamp (a whole
    // pixel's shift keeps the sub-pixel phase), never clipped.
    let margin = 16
    let tint = RGBA(r: 0.9, g: 0.5, b: 0.2, a: 0.7)
    let look = SpriteLook(Self.disc, contentsRect: (0, 0, 1, 1), filter: .linear)
    let stamps = SpriteStamps()
    for blend in [BlendMode.sourceOver, .additive] {
      let t = Support.place(width: 11, height: 7, angle: 0.4, x: x, y: y)
      var small = Canvas(width: 48, height: 40, fill: RGBA(r: 0.1, g: 0.2, b: 0.3, a: 1))
      var large = Canvas(
        width: 48 + 2 * margin, height: 40 + 2 * margin, fill: RGBA(r: 0.1, g: 0.2, b: 0.3, a: 1))
      small.withSpritePen {
        #expect(stamps.draw(look, transform: t, tint: tint, blend: blend, with: $0))
      }
      let moved = Affine2D(
        a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx + Double(margin), ty: t.ty + Double(margin))
      large.withSpritePen {
        #expect(stamps.draw(look, transform: moved, tint: tint, blend: blend, with: $0))
      }
      var differing = 0
      var drawn = 0
      for py in 0..<40 {
        for px in 0..<48 {
          let a = small[x: px, y: py]
          if a != RGBA(r: 0.1, g: 0.2, b: 0.3, a: 1) { drawn += 1 }
          if a != large[x: px + margin, y: py + margin] { differing += 1 }
        }
      }
      #expect(differing == 0, "\(blend) at (\(x), \(y))")
      #expect(drawn > 0)
    }
    #expect(stamps.stampsMade == 1)
  }
}
