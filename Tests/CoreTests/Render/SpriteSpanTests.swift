import Foundation
import Testing

@testable import Core

/// The pen blends a narrow sprite's pixels only after working them all out (`deferring`), so
/// that the canvas reads overlap; that may not change a bit of the canvas.
@Suite("Sprite pixels blended after the whole sprite is worked out")
struct SpriteSpanTests {
  /// A `side`×`side` image of varied premultiplied texels.
  private static func image(side: Int, seed: UInt64) -> SpriteImage {
    var stream = XorshiftStream(state: seed | 1)
    var texels: [Float] = []
    for _ in 0..<(side * side) {
      let a = Float(stream.double(0, 1))
      texels += [
        a * Float(stream.double(0, 1)), a * Float(stream.double(0, 1)),
        a * Float(stream.double(0, 1)), a,
      ]
    }
    return SpriteImage(width: side, height: side, premultiplied: texels)
  }

  /// Draws `count` overlapping sprites of sizes in `sizes` (pixels, per axis, drawn
  /// independently so some are sheared and stretched) into a 160×120 canvas, deferring and
  /// blending at once, and returns the bit patterns of both canvases.
  private static func draw(
    sizes: ClosedRange<Double>, count: Int, blend: BlendMode, filter: SpriteFilter,
    rect: (x: Double, y: Double, w: Double, h: Double), seed: UInt64
  ) -> (deferred: [UInt32], immediate: [UInt32]) {
    let look = SpriteLook(image(side: 16, seed: seed), contentsRect: rect, filter: filter)
    func render(deferring: Bool) -> [UInt32] {
      renderSprites(
        look, count: count, sizes: sizes, blend: blend, seed: seed, deferring: deferring
      ) {
        _, stream in stream.next() % 4 == 0 ? 0 : stream.double(-4, 4)
      }
    }
    return (render(deferring: true), render(deferring: false))
  }

  /// The filters the span tests draw with: linear (one level at 1:1, two minified),
  /// trilinear with a bias (two levels) and nearest (never taken eight pixels at a time).
  private static let filters: [SpriteFilter] = [
    .linear, SpriteFilter(minification: .trilinear, bias: 0.3),
    SpriteFilter(magnification: .nearest, minification: .nearest),
  ]

  /// What the canvas of the sprite tests holds before any sprite is drawn.
  private static let background = RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.5)

  /// The bit patterns of a 160×120 canvas after `count` random sprites of `look` (see
  /// `sprite`; the k-th turned by `turn(k, &stream)`), drawn with the pen's options.
  private static func renderSprites(
    _ look: SpriteLook, count: Int, sizes: ClosedRange<Double>, blend: BlendMode, seed: UInt64,
    deferring: Bool = true, trimming: Bool = true, packed: Bool = true, vectorised: Bool = true,
    turn: (Int, inout XorshiftStream) -> Double
  ) -> [UInt32] {
    var stream = XorshiftStream(state: seed)
    var canvas = Canvas(width: 160, height: 120, fill: background)
    canvas.withSpritePen(
      deferring: deferring, trimming: trimming, packed: packed, vectorised: vectorised
    ) { pen in
      for k in 0..<count {
        let (transform, tint) = sprite(&stream, sizes: sizes) { turn(k, &$0) }
        pen.draw(look, transform: transform, tint: tint, blend: blend)
      }
    }
    return canvas.pixels.map(\.bitPattern)
  }

  /// A random sprite on a 160×120 canvas: w×h px from `sizes` (square one time in three),
  /// turned by `turn`, sheared one time in five, some hanging over the edges, with a tint.
  private static func sprite(
    _ stream: inout XorshiftStream, sizes: ClosedRange<Double>,
    turn: (inout XorshiftStream) -> Double
  ) -> (Affine2D, RGBA) {
    let w = stream.double(sizes.lowerBound, sizes.upperBound)
    let h = stream.next() % 3 == 0 ? w : stream.double(sizes.lowerBound, sizes.upperBound)
    let angle = turn(&stream)
    let shear = stream.next() % 5 == 0 ? stream.double(-0.5, 0.5) : 0
    let (c, s) = (CoreMath.cos(angle), CoreMath.sin(angle))
    let transform = Affine2D(
      a: c * w, b: s * w, c: (shear * c - s) * h, d: (shear * s + c) * h,
      tx: stream.double(-10, 170), ty: stream.double(-10, 130))
    let tint = RGBA(
      r: Float(stream.double(0, 1)), g: Float(stream.double(0, 1)),
      b: Float(stream.double(0, 1)), a: Float(stream.double(0.2, 1)))
    return (transform, tint)
  }

  @Test(
    "deferred pixels give the same bits as pixels blended at once",
    arguments: [
      // Sizes (px), sprites, and whether additive.
      (2.0...6.0, 400, false), (2.0...6.0, 400, true), (6.0...24.0, 120, false),
      (6.0...24.0, 120, true), (24.0...90.0, 20, false), (60.0...70.0, 10, true),
      (90.0...300.0, 4, false),
    ])
  func sameBits(_ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool) {
    let filters = Self.filters
    let rects: [(x: Double, y: Double, w: Double, h: Double)] = [
      (0, 0, 1, 1), (0.25, 0.1, 0.5, 0.7), (1, 0, -1, 1),
    ]
    for (f, filter) in filters.enumerated() {
      for (r, rect) in rects.enumerated() {
        let seed = UInt64(count * 131 + f * 17 + r * 5) &* 0x9E37_79B9_7F4A_7C15
        let (deferred, immediate) = Self.draw(
          sizes: sizes, count: count, blend: additive ? .additive : .sourceOver, filter: filter,
          rect: rect, seed: seed)
        let differing = zip(deferred, immediate).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) floats differ, filter \(f), rect \(r)")
      }
    }
  }

  @Test(
    "packed spans, deferred or not, give the bits of the plain span blended at once",
    arguments: [
      // Sizes (px), sprites, and whether additive.
      (2.0...6.0, 400, false), (2.0...6.0, 400, true), (6.0...24.0, 120, false),
      (6.0...24.0, 120, true), (24.0...90.0, 20, false), (60.0...70.0, 10, true),
      (90.0...300.0, 4, false), (90.0...300.0, 4, true),
    ])
  func packedSpans(_ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool) {
    let filters = Self.filters
    let rects: [(x: Double, y: Double, w: Double, h: Double)] = [
      (0, 0, 1, 1), (0.25, 0.1, 0.5, 0.7), (1, 0, -1, 1), (0.9, 0.95, 0.1, 0.05),
    ]
    let blend: BlendMode = additive ? .additive : .sourceOver
    for (f, filter) in filters.enumerated() {
      for (r, rect) in rects.enumerated() {
        let seed = UInt64(count * 37 + f * 11 + r * 3 + 1) &* 0x9E37_79B9_7F4A_7C15
        // Images of odd sides, so lanes meet the last column and row.
        let look = SpriteLook(
          Self.image(side: 7 + 4 * r, seed: seed), contentsRect: rect, filter: filter)
        func render(deferring: Bool, packed: Bool) -> [UInt32] {
          Self.renderSprites(
            look, count: count, sizes: sizes, blend: blend, seed: seed, deferring: deferring,
            packed: packed
          ) { _, stream in stream.next() % 4 == 0 ? 0 : stream.double(-4, 4) }
        }
        let plain = render(deferring: false, packed: false)
        let untouched = Canvas(width: 160, height: 120, fill: Self.background).pixels
          .map(\.bitPattern)
        #expect(plain != untouched, "the sprites drew something")
        for deferring in [true, false] {
          let differing = zip(render(deferring: deferring, packed: true), plain)
            .filter { $0 != $1 }.count
          #expect(differing == 0, "\(differing) floats differ, filter \(f), rect \(r)")
        }
      }
    }
  }

  @Test(
    "recorded rows eight pixels at a time (AVX2) give the bits of the four-pixel span",
    arguments: [
      // Sizes (px), sprites, and whether additive: narrow sprites are recorded, and the
      // tall ones (up to 60 px, thin when stretched) pass the most rows done in one call.
      (1.5...6.0, 600, false), (1.5...6.0, 600, true), (6.0...16.0, 200, false),
      (6.0...16.0, 200, true), (2.0...60.0, 200, false), (2.0...60.0, 200, true),
      // Wide sprites: blended as their rows are worked out, wider than either pen records.
      (16.0...90.0, 40, false), (16.0...90.0, 40, true),
    ])
  func eightPixelRows(_ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool) {
    let filters = Self.filters
    let rects: [(x: Double, y: Double, w: Double, h: Double)] = [
      (0, 0, 1, 1), (0.25, 0.1, 0.5, 0.7), (1, 0, -1, 1),
    ]
    let blend: BlendMode = additive ? .additive : .sourceOver
    for (f, filter) in filters.enumerated() {
      for (r, rect) in rects.enumerated() {
        let seed = UInt64(count * 53 + f * 13 + r * 7 + 5) &* 0x9E37_79B9_7F4A_7C15
        // Images of 4 px (drawn at 1:1 and magnified) to 31 px (minified between levels).
        let look = SpriteLook(
          Self.image(side: [4, 9, 31][r], seed: seed), contentsRect: rect, filter: filter)
        func render(vectorised: Bool) -> [UInt32] {
          Self.renderSprites(
            look, count: count, sizes: sizes, blend: blend, seed: seed, vectorised: vectorised
          ) { _, stream in stream.next() % 4 == 0 ? 0 : stream.double(-4, 4) }
        }
        let four = render(vectorised: false)
        let differing = zip(render(vectorised: true), four).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) floats differ, filter \(f), rect \(r)")
      }
    }
    // The eight-pixel rows ran here, when this processor has them (x86-64 with AVX2).
    #if arch(x86_64)
      let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
      if flags.contains(" avx2") { #expect(SpritePen.eightLanes) }
    #endif
  }

  /// Draws `count` sprites of sizes in `sizes` turned by angles from `angles` (radians; tiny
  /// turns make edges nearly parallel to the rows, where the span's ends are least certain)
  /// with each row trimmed to the pixels that can be covered and over the whole box, and
  /// returns how many floats differ.
  private static func trimmedDifferences(
    sizes: ClosedRange<Double>, angles: [Double], count: Int, blend: BlendMode,
    filter: SpriteFilter, seed: UInt64
  ) -> (differing: Int, drawn: Int) {
    let look = SpriteLook(image(side: 16, seed: seed), contentsRect: (0, 0, 1, 1), filter: filter)
    func render(trimming: Bool) -> [UInt32] {
      renderSprites(look, count: count, sizes: sizes, blend: blend, seed: seed, trimming: trimming)
      {
        k, _ in angles[k % angles.count] + Double(k % 4) * Double.pi / 2
      }
    }
    let trimmed = render(trimming: true)
    let whole = render(trimming: false)
    let background = Canvas(width: 1, height: 1, fill: background).pixels.map(\.bitPattern)
    let drawn = stride(from: 0, to: whole.count, by: 4).filter {
      Array(whole[$0..<$0 + 4]) != background
    }.count
    return (zip(trimmed, whole).filter { $0 != $1 }.count, drawn)
  }

  @Test(
    "rows trimmed to the pixels that can be covered give the bits of whole boxes",
    arguments: [
      // Sizes (px), sprites, and whether additive.
      (2.0...6.0, 400, false), (6.0...24.0, 150, false), (6.0...24.0, 150, true),
      (24.0...64.0, 30, false), (50.0...70.0, 12, true),
    ])
  func trimmedRows(_ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool) {
    let angles = [0, 1e-9, -1e-7, 3e-6, 1e-4, 0.01, 0.3, 0.785_398_163_397_448_3, 2.5, -1.2]
    let filters: [SpriteFilter] = [
      .linear, SpriteFilter(magnification: .nearest, minification: .nearest),
    ]
    for (f, filter) in filters.enumerated() {
      let seed = UInt64(count * 257 + f * 31 + (additive ? 7 : 0)) &* 0x9E37_79B9_7F4A_7C15
      let (differing, drawn) = Self.trimmedDifferences(
        sizes: sizes, angles: angles, count: count, blend: additive ? .additive : .sourceOver,
        filter: filter, seed: seed)
      #expect(differing == 0, "\(differing) floats differ, filter \(f)")
      #expect(drawn > 0)
    }
  }

  /// A `side`×`side` image whose texels are varied inside a circle of `radius` texels around
  /// its centre and transparent outside it.
  private static func disc(side: Int, radius: Double, seed: UInt64) -> SpriteImage {
    var stream = XorshiftStream(state: seed | 1)
    var texels: [Float] = []
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - Double(side) / 2
        let dy = Double(y) + 0.5 - Double(side) / 2
        let a = (dx * dx + dy * dy).squareRoot() < radius ? Float(stream.double(0.05, 1)) : 0
        texels += [a * Float(stream.double(0, 1)), a * Float(stream.double(0, 1)), a, a]
      }
    }
    return SpriteImage(width: side, height: side, premultiplied: texels)
  }

  @Test(
    "an image level's support is its farthest visible texel's reach, and says if its border is clear",
    arguments: [
      // Side, the circle's radius in texels, and the farthest visible texel centre's distance.
      (16, 5.0, 4.949_747_468_305_833), (64, 30.0, 29.908_192_857_476_36),
      (33, 12.0, 11.704_699_910_719_626),
    ])
  func levelSupport(_ side: Int, _ radius: Double, _ farthest: Double) throws {
    let image = Self.disc(side: side, radius: radius, seed: 5)
    let level = image.levels[0]
    let margin = 2.0.squareRoot() + 0.05 + 1e-4 * Double(side)
    #expect(abs(level.support - (farthest + margin)) < 1e-9)
    #expect(level.clearBorder)
    // The 1×1 level's only texel is its border, and is visible.
    #expect(image.levels.last?.clearBorder == false)
    #expect(Self.image(side: 16, seed: 3).levels[0].clearBorder == false)
    let clear = SpriteImage(width: 8, height: 8, premultiplied: [Float](repeating: 0, count: 256))
    #expect(clear.levels.allSatisfy { $0.support == 0 && $0.clearBorder })
  }

  @Test(
    "rows cut to where the image is visible give the bits of whole rows",
    arguments: [
      // Sizes (px), sprites, and whether additive.
      (3.0...12.0, 300, false), (3.0...12.0, 300, true), (12.0...48.0, 80, false),
      (12.0...48.0, 80, true), (48.0...160.0, 12, true), (100.0...300.0, 4, false),
    ])
  func visibleRows(_ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool) throws {
    let images = [
      // The smoke's border is transparent, the spark's is not (its glow touches the edges).
      try #require(BuiltinImages.named("smoke")), try #require(BuiltinImages.named("spark")),
      Self.disc(side: 16, radius: 5, seed: 11), Self.disc(side: 33, radius: 14, seed: 12),
    ]
    let filters: [SpriteFilter] = [
      .linear, SpriteFilter(magnification: .nearest, minification: .nearest),
    ]
    for (i, image) in images.enumerated() {
      for (f, filter) in filters.enumerated() {
        let look = SpriteLook(image, contentsRect: (0, 0, 1, 1), filter: filter)
        let seed =
          UInt64(count * 131 + i * 17 + f * 5 + (additive ? 3 : 0)) &* 0x9E37_79B9_7F4A_7C15
        func render(trimming: Bool) -> [UInt32] {
          Self.renderSprites(
            look, count: count, sizes: sizes, blend: additive ? .additive : .sourceOver,
            seed: seed, trimming: trimming
          ) { _, stream in stream.double(-4, 4) }
        }
        let cut = render(trimming: true)
        let whole = render(trimming: false)
        let differing = zip(cut, whole).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) floats differ, image \(i), filter \(f)")
        let untouched = Canvas(width: 160, height: 120, fill: Self.background).pixels
          .map(\.bitPattern)
        #expect(whole != untouched, "the sprites drew something")
      }
    }
  }

  @Test("a tall narrow sprite whose pixels overflow the scratch space gives the same bits")
  func tallNarrowSprite() {
    let look = SpriteLook(Self.image(side: 8, seed: 7), contentsRect: (0, 0, 1, 1), filter: .linear)
    func render(deferring: Bool) -> [UInt32] {
      var canvas = Canvas(width: 64, height: 400)
      canvas.withSpritePen(deferring: deferring) { pen in
        // 10 px wide, 380 px tall, slightly turned (a box under DeferredPixel.widest across):
        // far more pixels than the scratch space holds.
        let (c, s) = (CoreMath.cos(0.005), CoreMath.sin(0.005))
        let transform = Affine2D(a: c * 10, b: s * 10, c: -s * 380, d: c * 380, tx: 32, ty: 200)
        #expect(
          PixelBox(
            transform, minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5, margin: 0.5,
            width: 64, height: 400
          ).map { $0.x1 - $0.x0 <= DeferredPixel.widest } == true)
        pen.draw(look, transform: transform, tint: .white, blend: .sourceOver)
        pen.draw(look, transform: transform, tint: .white, blend: .sourceOver)
      }
      return canvas.pixels.map(\.bitPattern)
    }
    let deferred = render(deferring: true)
    let differing = zip(deferred, render(deferring: false)).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) floats differ")
    #expect(deferred.contains { $0 != 0 })
  }
}

extension SpriteSpanTests {
  @Test("a deferred pixel is laid out as the C rows write it: address at 0, colour at 16, 32 bytes")
  func deferredPixelLayout() {
    #expect(MemoryLayout<DeferredPixel>.stride == 32)
    #expect(MemoryLayout<DeferredPixel>.offset(of: \.pixel) == 0)
    #expect(MemoryLayout<DeferredPixel>.offset(of: \.color) == 16)
    // One call's rows of the widest recorded boxes, and the entry written past them, fit.
    #expect(SpritePen.rowsAtOnce * DeferredPixel.widestEight + 1 <= DeferredPixel.capacity)
  }
}
