internal import CPrefetch

/// How a sprite's image is sampled: CALayer's and CAEmitterCell's magnificationFilter,
/// minificationFilter and minificationFilterBias (docs/semantics.md, "Drawing").
package struct SpriteFilter: Sendable, Equatable {
  /// Used when at most one texel falls on a pixel.
  package var magnification: ContentsFilter
  /// Used when more than one texel falls on a pixel.
  package var minification: ContentsFilter
  /// Added to the level of detail by trilinear minification.
  package var bias: Double

  package init(
    magnification: ContentsFilter = .linear, minification: ContentsFilter = .linear,
    bias: Double = 0
  ) {
    self.magnification = magnification
    self.minification = minification
    self.bias = bias
  }

  /// The default: linear both ways, no bias.
  package static let linear = SpriteFilter()
}

extension Canvas {
  /// Sprites whose mapped bounding box is smaller than this many pixels on both axes are drawn
  /// as a splat (see ``drawSprite(_:contentsRect:transform:tint:blend:)``).
  package static let splatThreshold = 2.0

  /// Draws `image` (or the `contentsRect` part of it) as a tinted, transformed quad.
  ///
  /// - Parameters:
  ///   - contentsRect: the part of the image to show, in unit image space (x right, y down);
  ///     `(0, 0, 1, 1)` is the whole image. Negative sizes flip; zero sizes draw nothing.
  ///   - transform: maps sprite space, where the sprite occupies [−0.5, 0.5]×[−0.5, 0.5] (u
  ///     right, v down), to pixel coordinates. It may rotate, shear and scale non-uniformly.
  ///   - tint: a straight (non-premultiplied) colour, clamped to [0, 1]; each premultiplied
  ///     sample is multiplied component-wise by `(r·a, g·a, b·a, a)`. Fold opacity into `a`.
  ///   - blend: how the tinted sample combines with the canvas.
  ///
  /// Pixels are sampled at their centres: the inverse transform gives the sprite point, and the
  /// image (premultiplied, clamped to the edges of `contentsRect`) is sampled by `filter` from
  /// the footprint ρ (texels per pixel along the worse screen axis). Magnifying (ρ ≤ 1), linear
  /// and trilinear are bilinear in the full image and nearest takes the texel under the centre.
  /// Minifying, linear (the default) is bilinear in the two mip levels around
  /// `log2 ρ + min(log2 ρ, ½)` (biased toward blur so high-frequency images do not shimmer),
  /// blended; trilinear the same around `log2 ρ + filter.bias`; nearest the nearest texel of
  /// the full image.
  /// Edges are anti-aliased by the analytic coverage of the pixel by the sprite along each sprite
  /// axis (exact for axis-aligned sprites).
  ///
  /// A sprite whose bounding box is under ``splatThreshold`` pixels on both axes is a *splat*:
  /// its mean premultiplied colour × tint × area (|determinant|, in pixels²) is spread over a
  /// box of side `max(1, √area)` centred on the sprite — bilinearly over ≤ 4 pixels for sprites
  /// up to 1 px², ≤ 9 pixels above — so tiny particles add the right amount of light.
  ///
  /// Singular, NaN or infinite transforms, tints or rects draw nothing; work is limited to the
  /// part of the bounding box inside the canvas; nothing the size of the canvas or the sprite
  /// is allocated (the pen's scratch space for deferred pixels is one fixed temporary buffer).
  package mutating func drawSprite(
    _ image: SpriteImage,
    contentsRect: (x: Double, y: Double, w: Double, h: Double) = (0, 0, 1, 1),
    transform: Affine2D,
    tint: RGBA = .white,
    blend: BlendMode = .sourceOver,
    filter: SpriteFilter = .linear
  ) {
    let look = SpriteLook(image, contentsRect: contentsRect, filter: filter)
    withSpritePen { $0.draw(look, transform: transform, tint: tint, blend: blend) }
  }

  /// Runs `body` with a pen that draws sprites straight into this canvas's pixels, so that a
  /// batch of sprites (an emitter's particles) takes hold of the pixels once, not per sprite.
  ///
  /// `deferring: false` blends every pixel as soon as it is worked out, and `trimming: false`
  /// visits every pixel of each row's box (for tests: the bytes must be the same; see
  /// `SpritePen.deferred` and `SpritePen.trimming`).
  mutating func withSpritePen<R>(
    deferring: Bool = true, trimming: Bool = true, _ body: (SpritePen) -> R
  ) -> R {
    let (w, h) = (width, height)
    // Unsafe: the pen writes through the buffer's base address; it lives only inside `body`,
    // while `withUnsafeMutableBufferPointer` holds the pixels. The deferred pixels are scratch
    // space on the stack for the same span.
    return pixels.withUnsafeMutableBufferPointer { buffer in
      withUnsafeTemporaryAllocation(of: DeferredPixel.self, capacity: DeferredPixel.capacity) {
        entries in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { count in
          body(
            SpritePen(
              base: buffer.baseAddress, width: w, height: h,
              deferred: deferring ? entries.baseAddress : nil, deferredCount: count.baseAddress,
              trimming: trimming))
        }
      }
    }
  }
}

/// What drawing an image as a sprite needs that does not change from sprite to sprite: the
/// image, the part shown and how it is filtered, with everything derived from them alone (the
/// splat's level and mean colour, each mip level's sampling geometry), so that an emitter
/// cell's particles share it (docs/semantics.md, "Drawing").
final class SpriteLook {
  let image: SpriteImage
  let rect: (x: Double, y: Double, w: Double, h: Double)
  let filter: SpriteFilter
  /// The contents rect is finite with no zero side (otherwise nothing is drawn).
  let rectDraws: Bool
  /// The pixels of the image the contents rect shows, per axis.
  let imageW: Double
  let imageH: Double
  /// A splat's level, `log2` of the shown image's larger side, and its mean colour there.
  let splatLevel: Double
  let splatMean: SIMD4<Float>
  /// Each mip level's sampling geometry for the contents rect.
  let levels: [LevelGeometry]

  init(
    _ image: SpriteImage, contentsRect rect: (x: Double, y: Double, w: Double, h: Double),
    filter: SpriteFilter
  ) {
    self.image = image
    self.rect = rect
    self.filter = filter
    rectDraws =
      rect.x.isFinite && rect.y.isFinite && rect.w.isFinite && rect.h.isFinite && rect.w != 0
      && rect.h != 0
    imageW = Double(image.width) * rect.w.magnitude
    imageH = Double(image.height) * rect.h.magnitude
    let levels = image.levels.map { LevelGeometry($0, rect: rect) }
    self.levels = levels
    let lod = CoreMath.fastLog2(max(imageW, imageH, 1))
    splatLevel = lod
    if !rectDraws {
      splatMean = .zero
    } else if rect == (0, 0, 1, 1) && lod >= Double(image.levelCount - 1) {
      // The whole image at its 1×1 level: the precomputed mean, no sampler needed.
      let m = image.meanColor
      splatMean = SIMD4(m.r, m.g, m.b, m.a)
    } else {
      splatMean = image.storage.withUnsafeBufferPointer { texels -> SIMD4<Float> in
        guard let texelBase = texels.baseAddress else { return .zero }
        return MipSampler(levels, texelBase, lod: lod).sample(0, 0)
      }
    }
  }
}

/// Draws sprites into a canvas's pixels (see ``Canvas/withSpritePen(_:)``).
struct SpritePen {
  /// The canvas's first float; nil for an empty canvas.
  let base: UnsafeMutablePointer<Float>?
  let width: Int
  let height: Int
  /// Scratch space for a narrow sprite's pixels, blended only once all its rows are worked out
  /// (see ``DeferredPixel``); nil: each pixel is blended as soon as it is worked out.
  let deferred: UnsafeMutablePointer<DeferredPixel>?
  let deferredCount: UnsafeMutablePointer<Int>?
  /// Whether rows skip the pixels of the box that cannot be covered (see `draw`); false: every
  /// pixel of each row's box is worked out, as before the trimming.
  var trimming = true

  /// Draws one sprite of `look`: see ``Canvas/drawSprite(_:contentsRect:transform:tint:blend:filter:)``.
  func draw(_ look: SpriteLook, transform: Affine2D, tint: RGBA, blend: BlendMode) {
    guard transform.isFinite, look.rectDraws,
      let tintColor = spriteTint(tint)
    else { return }

    let extentX = transform.a.magnitude + transform.c.magnitude
    let extentY = transform.b.magnitude + transform.d.magnitude
    // Tiny sprites (most particles in a terminal frame) splat before any inversion is needed.
    if extentX < Canvas.splatThreshold && extentY < Canvas.splatThreshold {
      splat(
        look, center: transform.apply(x: 0, y: 0), area: transform.determinant.magnitude,
        tint: tintColor, blend: blend)
      return
    }
    guard let inverse = transform.inverted() else { return }

    let (lod, nearest) = Canvas.level(
      imageWidth: look.imageW, imageHeight: look.imageH, inverse: inverse, filter: look.filter)

    guard
      let box = PixelBox(
        transform, minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5, margin: 0.5, width: width,
        height: height),
      let base
    else { return }
    // Sprite units per pixel along each sprite axis's normal, for the edge coverage.
    let gradU = (inverse.a * inverse.a + inverse.c * inverse.c).squareRoot()
    let gradV = (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot()
    let pixelsPerU = 1 / gradU
    let pixelsPerV = 1 / gradV
    let halfU = 0.5 * pixelsPerU
    let halfV = 0.5 * pixelsPerV
    // Beyond these |u|, |v| a pixel centre gets no coverage.
    let limitU = 0.5 + 0.5 * gradU
    let limitV = 0.5 + 0.5 * gradV
    let canvasWidth = width
    let stepU = Float(inverse.a)
    let stepV = Float(inverse.b)
    let pixelsPerUf = Float(pixelsPerU)
    let pixelsPerVf = Float(pixelsPerV)
    let halfUf = Float(halfU)
    let halfVf = Float(halfV)
    // Whether a row may skip the pixels of its box whose centres lie half a pixel or more
    // outside the span `narrow` solves (see below). Their coverage is 0: exactly, they lie
    // past the band's edge, and the Float arithmetic of a lane errs by under 2⁻¹⁵ of a pixel
    // while the sprite is at most 64 px across each axis, an eighth of the 2⁻¹² within which
    // edgeCoverage snaps to 0. Larger sprites visit the whole box, as before.
    let trims = trimming && pixelsPerU <= 64 && pixelsPerV <= 64

    // A narrow sprite's pixels are worked out first and blended after, so that the canvas
    // reads of all its rows are in flight together rather than one row after another (the
    // canvas is far larger than the caches, and most sprites' rows miss them).
    var recorder: Recorder?
    if let deferred, let count = deferredCount, box.x1 &- box.x0 <= DeferredPixel.widest {
      count.pointee = 0
      recorder = Recorder(entries: deferred, count: count)
    }
    defer { if let recorder { flush(recorder, blend) } }

    look.image.storage.withUnsafeBufferPointer { texels in
      guard let texelBase = texels.baseAddress else { return }
      let sampler = MipSampler(look.levels, texelBase, lod: lod, nearest: nearest)
      for y in box.y0..<box.y1 {
        let py = Double(y) + 0.5
        let rowU = inverse.c * py + inverse.tx
        let rowV = inverse.d * py + inverse.ty
        // The pixel centres of this row that can be covered: |u| < limitU and |v| < limitV.
        var low = Double(box.x0)
        var high = Double(box.x1)
        narrow(&low, &high, slope: inverse.a, offset: rowU, limit: limitU)
        narrow(&low, &high, slope: inverse.b, offset: rowV, limit: limitV)
        if !(low < high) { continue }
        // low, high ∈ [box.x0, box.x1] ⊂ [0, width]: truncation is floor, and cannot trap.
        let x0 = max(box.x0, Int(low) - 1)
        let x1 = min(box.x1, Int(high) + 2)
        if x0 >= x1 { continue }
        // The pixels drawn, x0 + first ..< x0 + count: trimmed, the first and last whose
        // centres lie less than half a pixel outside [low, high]. The lanes keep their
        // arithmetic (each pixel's sprite point is worked out from x0 either way), so the
        // pixels drawn get the bytes they got untrimmed.
        var first = 0
        var count = x1 &- x0
        if trims {
          // 0 ≤ low < high ≤ width: truncation is floor, and the conversions cannot trap.
          let end = Int(high)
          first = max(0, Int(low) &- x0)
          count = min(count, (Double(end) < high ? end &+ 1 : end) &- x0)
          if first >= count { continue }
        }
        // Per pixel in Float, from the row's first centre so magnitudes stay small.
        let startX = Double(x0) + 0.5
        let u0 = Float(inverse.a * startX + rowU)
        let v0 = Float(inverse.b * startX + rowV)
        // Unsafe: x0 ..< x1 lies inside the canvas row y (the box is clipped to the canvas).
        let row = base + (y &* canvasWidth &+ x0) &* 4
        let span = SpriteSpan(
          u0: u0, v0: v0, stepU: stepU, stepV: stepV, pixelsPerU: pixelsPerUf,
          pixelsPerV: pixelsPerVf, halfU: halfUf, halfV: halfVf, tint: tintColor)
        let (n, f) = (count, first)
        if let recorder {
          if recorder.count.pointee > DeferredPixel.capacity &- DeferredPixel.widest {
            flush(recorder, blend)
          }
          prefetchPixels(row + f &* 4, n &- f)
          switch sampler.kind {
          case .one: span.draw(row, f, n, recorder, OneLevel(sampler))
          case .two: span.draw(row, f, n, recorder, TwoLevels(sampler))
          case .nearest: span.draw(row, f, n, recorder, Nearest(sampler))
          }
          continue
        }
        switch (blend, sampler.kind) {
        case (.sourceOver, .one): span.draw(row, f, n, SourceOver(), OneLevel(sampler))
        case (.sourceOver, .two): span.draw(row, f, n, SourceOver(), TwoLevels(sampler))
        case (.sourceOver, .nearest): span.draw(row, f, n, SourceOver(), Nearest(sampler))
        case (.additive, .one): span.draw(row, f, n, Additive(), OneLevel(sampler))
        case (.additive, .two): span.draw(row, f, n, Additive(), TwoLevels(sampler))
        case (.additive, .nearest): span.draw(row, f, n, Additive(), Nearest(sampler))
        }
      }
    }
  }

  /// Blends the pixels `recorder` holds, in the order they were worked out, and empties it.
  private func flush(_ recorder: Recorder, _ blend: BlendMode) {
    switch blend {
    case .sourceOver: recorder.replay(SourceOver())
    case .additive: recorder.replay(Additive())
    }
  }

  /// Deposits a tiny sprite's light: see ``Canvas/drawSprite(_:contentsRect:transform:tint:blend:filter:)``.
  private func splat(
    _ look: SpriteLook, center: (x: Double, y: Double), area: Double, tint: SIMD4<Float>,
    blend: BlendMode
  ) {
    guard area > 0, area.isFinite, center.x.isFinite, center.y.isFinite, let base else { return }
    let side = max(1, area.squareRoot())
    let density = Float(area / (side * side))
    let color = look.splatMean * tint * density
    let left = center.x - side / 2
    let top = center.y - side / 2
    // The box spans at most 3 pixels per axis (side < 2); clamp before converting to Int.
    let limit = Double(max(width, height)) + 4
    let firstX = Int(min(max(left.rounded(.down), -4), limit))
    let firstY = Int(min(max(top.rounded(.down), -4), limit))
    let canvasWidth = width
    let canvasHeight = height
    // The overlap of the box with each of the ≤ 3 columns and rows, computed once.
    var wxs = SIMD3<Float>(repeating: 0)
    var wys = SIMD3<Float>(repeating: 0)
    for k in 0..<3 {
      let x = Double(firstX + k)
      let y = Double(firstY + k)
      wxs[k] = Float(max(0, min(left + side, x + 1) - max(left, x)))
      wys[k] = Float(max(0, min(top + side, y + 1) - max(top, y)))
    }
    for j in 0..<3 {
      let y = firstY + j
      let wy = wys[j]
      if y < 0 || y >= canvasHeight || wy <= 0 { continue }
      for i in 0..<3 {
        let x = firstX + i
        let wx = wxs[i]
        if x < 0 || x >= canvasWidth || wx <= 0 { continue }
        let c = color * (wx * wy)
        // Unsafe: (x, y) was checked to lie inside the canvas just above.
        blendPixel(base + (y * canvasWidth + x) * 4, c.x, c.y, c.z, c.w, blend)
      }
    }
  }

  /// The premultiplied tint a sprite is drawn with, or nil when it would draw nothing: an
  /// empty canvas, or a tint that is not finite or fully transparent.
  func spriteTint(_ tint: RGBA) -> SIMD4<Float>? {
    guard width > 0, height > 0, tint.isFinite else { return nil }
    let alpha = unitClamp(tint.a)
    guard alpha > 0 else { return nil }
    return SIMD4<Float>(
      unitClamp(tint.r) * alpha, unitClamp(tint.g) * alpha, unitClamp(tint.b) * alpha, alpha)
  }
}

/// One row of a sprite: where its first pixel centre lies in sprite space, the steps per pixel,
/// the edge coverage's scales and the tint.
private struct SpriteSpan {
  let u0: Float
  let v0: Float
  let stepU: Float
  let stepV: Float
  let pixelsPerU: Float
  let pixelsPerV: Float
  let halfU: Float
  let halfV: Float
  let tint: SIMD4<Float>

  /// Draws pixels `first ..< count` of the row that starts at `start`, specialised for the
  /// blend and the sampling so that the loop holds no per-pixel choice.
  ///
  /// Four pixels at a time: their sprite points, edge coverage and sampling taps are computed
  /// in SIMD lanes, each lane doing exactly the arithmetic a pixel-by-pixel loop would (the
  /// same operations in the same order, as ``edgeCoverage(_:_:)`` and ``MipSampler`` do), so
  /// the bytes are the same; the lanes past `count` get no coverage. The texels are then read
  /// and blended pixel by pixel. Pixel `i`'s sprite point is `u0 + stepU·i` wherever the loop
  /// starts, so skipping pixels changes none of the others.
  @inline(__always)
  func draw<B: PixelBlend, S: SpriteSampling>(
    _ start: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ blend: B, _ sampler: S
  ) {
    let lanes = SIMD4<Int32>(0, 1, 2, 3)
    // count ≤ the canvas width, far inside Int32.
    let end = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: count))
    // Unsafe: the lanes at or past `count` get no coverage, so their pixel pointers (up to
    // three pixels past the span) are formed but never read or written.
    var p = start + first &* 4
    var i = first
    while i < count {
      let index = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: i)) &+ lanes
      // Float(Int32) is exact here and rounds as Float(i) does in any case.
      let step = SIMD4<Float>(index)
      let u = u0 + stepU * step
      let v = v0 + stepV * step
      let coverage =
        (lanewiseEdgeCoverage(lanewiseMagnitude(u) * pixelsPerU, halfU)
        * lanewiseEdgeCoverage(lanewiseMagnitude(v) * pixelsPerV, halfV))
        .replacing(with: 0, where: index .>= end)
      if any(coverage .> 0) {
        let cu = u.replacing(with: 0.5, where: u .> 0.5).replacing(with: -0.5, where: u .< -0.5)
        let cv = v.replacing(with: 0.5, where: v .> 0.5).replacing(with: -0.5, where: v .< -0.5)
        let taps = sampler.taps(cu, cv)
        // Lane by lane with constant lane numbers, so each reads its lane from a register.
        put(p, coverage[0], taps, 0, blend, sampler)
        put(p + 4, coverage[1], taps, 1, blend, sampler)
        put(p + 8, coverage[2], taps, 2, blend, sampler)
        put(p + 12, coverage[3], taps, 3, blend, sampler)
      }
      p += 16
      i &+= 4
    }
  }

  /// Blends pixel `p`, lane `lane` of `taps`, when it has coverage.
  @inline(__always)
  private func put<B: PixelBlend, S: SpriteSampling>(
    _ p: UnsafeMutablePointer<Float>, _ coverage: Float, _ taps: S.Taps, _ lane: Int, _ blend: B,
    _ sampler: S
  ) {
    if coverage > 0 {
      blend.apply(p, sampler.sample(taps, lane) * (tint * coverage))
    }
  }
}

/// A blend mode as a type, so that a span's loop is compiled once per mode.
private protocol PixelBlend {
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float)
}

private struct SourceOver: PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    blendPixel(p, r, g, b, a, .sourceOver)
  }
}

private struct Additive: PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    blendPixel(p, r, g, b, a, .additive)
  }
}

/// A pixel of a sprite worked out but not yet blended: where it goes and its colour.
struct DeferredPixel {
  var pixel: UnsafeMutablePointer<Float>
  var color: SIMD4<Float>

  /// How many a pen holds (16 KiB of stack).
  static let capacity = 512
  /// The widest sprite (pixel box) whose pixels are deferred: one row's pixels always fit.
  static let widest = 64
}

/// Records pixels instead of blending them, for ``SpritePen`` to blend a sprite's pixels
/// together; the bytes are the same, as each pixel of a sprite is blended exactly once.
private struct Recorder: PixelBlend {
  let entries: UnsafeMutablePointer<DeferredPixel>
  let count: UnsafeMutablePointer<Int>

  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    // Unsafe: the pen flushes before a row when fewer than `widest` entries are free, and a
    // row records at most one entry per pixel of the box.
    let n = count.pointee
    (entries + n).initialize(to: DeferredPixel(pixel: p, color: SIMD4(r, g, b, a)))
    count.pointee = n &+ 1
  }

  /// Blends every recorded pixel with `blend` and empties the record.
  @inline(__always)
  func replay<B: PixelBlend>(_ blend: B) {
    let n = count.pointee
    var k = 0
    while k < n {
      // Unsafe: entries 0 ..< n were recorded by `apply`; DeferredPixel is trivial.
      let entry = entries[k]
      blend.apply(entry.pixel, entry.color)
      k &+= 1
    }
    count.pointee = 0
  }
}

extension PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ color: SIMD4<Float>) {
    apply(p, color.x, color.y, color.z, color.w)
  }
}

/// A way of sampling as a type, so that a span's loop is compiled once per way: `taps` works out
/// where four pixels sample (lane by lane as the scalar samplers do), `sample` reads one.
private protocol SpriteSampling {
  associatedtype Taps
  func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> Taps
  func sample(_ taps: Taps, _ lane: Int) -> SIMD4<Float>
}

/// Bilinear in one level (what ``MipSampler/sample(_:_:)`` does when its mix is 0).
private struct OneLevel: SpriteSampling {
  let level: LevelSampler
  init(_ s: MipSampler) { level = s.fine }
  @inline(__always) func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> BilinearTaps {
    level.taps(u, v)
  }
  @inline(__always) func sample(_ taps: BilinearTaps, _ lane: Int) -> SIMD4<Float> {
    level.sample(taps, lane)
  }
}

/// Bilinear in two levels, blended (``MipSampler/sample(_:_:)`` with a mix).
private struct TwoLevels: SpriteSampling {
  let fine: LevelSampler
  let coarse: LevelSampler
  let mix: Float
  init(_ s: MipSampler) {
    fine = s.fine
    coarse = s.coarse
    mix = s.mix
  }
  @inline(__always) func taps(
    _ u: SIMD4<Float>, _ v: SIMD4<Float>
  ) -> (fine: BilinearTaps, coarse: BilinearTaps) {
    (fine.taps(u, v), coarse.taps(u, v))
  }
  @inline(__always) func sample(
    _ taps: (fine: BilinearTaps, coarse: BilinearTaps), _ lane: Int
  ) -> SIMD4<Float> {
    let a = fine.sample(taps.fine, lane)
    return a + (coarse.sample(taps.coarse, lane) - a) * mix
  }
}

/// The nearest texel (``MipSampler/sample(_:_:)`` when nearest).
private struct Nearest: SpriteSampling {
  let level: LevelSampler
  init(_ s: MipSampler) { level = s.fine }
  @inline(__always) func taps(
    _ u: SIMD4<Float>, _ v: SIMD4<Float>
  ) -> (x: SIMD4<Int32>, y: SIMD4<Int32>) {
    level.nearestTaps(u, v)
  }
  @inline(__always) func sample(
    _ taps: (x: SIMD4<Int32>, y: SIMD4<Int32>), _ lane: Int
  ) -> SIMD4<Float> {
    level.load(Int(taps.y[lane]) &* level.width &+ Int(taps.x[lane]))
  }
}

extension Canvas {
  /// The premultiplied tint a sprite is drawn with, or nil when it would draw nothing: an
  /// empty canvas, a tint that is not finite or fully transparent, a contents rect that is not
  /// finite or has a zero side.
  fileprivate func spriteTint(
    _ tint: RGBA, contentsRect rect: (x: Double, y: Double, w: Double, h: Double)
  ) -> SIMD4<Float>? {
    guard width > 0, height > 0, tint.isFinite, rect.x.isFinite, rect.y.isFinite,
      rect.w.isFinite, rect.h.isFinite, rect.w != 0, rect.h != 0
    else { return nil }
    let alpha = unitClamp(tint.a)
    guard alpha > 0 else { return nil }
    return SIMD4<Float>(
      unitClamp(tint.r) * alpha, unitClamp(tint.g) * alpha, unitClamp(tint.b) * alpha, alpha)
  }

  /// The mip level and whether to take the nearest texel, from the footprint ρ (texels per
  /// pixel along the worse screen axis) that `inverse` (pixels to sprite space) gives.
  fileprivate static func level(
    imageWidth imageW: Double, imageHeight imageH: Double, inverse: Affine2D,
    filter: SpriteFilter
  ) -> (lod: Double, nearest: Bool) {
    // Texels per pixel along screen x and y (the footprint), for the mip level.
    let dsdx = imageW * inverse.a
    let dsdy = imageW * inverse.c
    let dtdx = imageH * inverse.b
    let dtdy = imageH * inverse.d
    let rho = max(
      (dsdx * dsdx + dtdx * dtdx).squareRoot(), (dsdy * dsdy + dtdy * dtdy).squareRoot())
    // When minifying, bias toward the blurrier level by up to half a level (none at 1:1), which
    // keeps high-frequency images from shimmering between levels.
    let minification = rho > 1 ? CoreMath.fastLog2(rho) : 0
    switch rho > 1 ? filter.minification : filter.magnification {
    case .linear:
      return (minification + min(minification, 0.5), false)
    case .trilinear:
      return (minification + (rho > 1 && filter.bias.isFinite ? filter.bias : 0), false)
    case .nearest:
      return (0, true)
    }
  }

  /// Draws `image` through a projective map (a layer seen in perspective): as
  /// ``drawSprite(_:contentsRect:transform:tint:blend:filter:)``, but each pixel centre is
  /// mapped back through the homography, and its edge coverage and the mip level come from the
  /// map's local scale (the level from the sprite's centre). An affine map takes the affine
  /// path, so nothing changes for layers without perspective. The part of the sprite behind the
  /// viewer (w ≤ 0) is not drawn.
  package mutating func drawSprite(
    _ image: SpriteImage,
    contentsRect: (x: Double, y: Double, w: Double, h: Double) = (0, 0, 1, 1),
    projective transform: Projective2D,
    tint: RGBA = .white,
    blend: BlendMode = .sourceOver,
    filter: SpriteFilter = .linear
  ) {
    if let affine = transform.affine {
      drawSprite(
        image, contentsRect: contentsRect, transform: affine, tint: tint, blend: blend,
        filter: filter)
      return
    }
    guard transform.isFinite,
      let tintColor = spriteTint(tint, contentsRect: contentsRect),
      let inverse = transform.inverted(),
      let centre = transform.tangent(atX: 0, y: 0), let centreInverse = centre.inverted(),
      let box = PixelBox(transform, minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5, in: self)
    else { return }
    let rect = contentsRect
    let (lod, nearest) = Self.level(
      imageWidth: Double(image.width) * rect.w.magnitude,
      imageHeight: Double(image.height) * rect.h.magnitude, inverse: centreInverse,
      filter: filter)
    let canvasWidth = width
    image.storage.withUnsafeBufferPointer { texels in
      guard let texelBase = texels.baseAddress else { return }
      let sampler = MipSampler(
        image.levels.map { LevelGeometry($0, rect: rect) }, texelBase, lod: lod, nearest: nearest)
      pixels.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for y in box.y0..<box.y1 {
          let py = Double(y) + 0.5
          for x in box.x0..<box.x1 {
            let px = Double(x) + 0.5
            let h = inverse.homogeneous(x: px, y: py)
            guard h.w > 0 else { continue }
            let u = h.x / h.w
            let v = h.y / h.w
            // The local scale of the inverse map here: d(U/W) = (dU − u·dW) / W.
            let ux = (inverse.a - u * inverse.p) / h.w
            let uy = (inverse.c - u * inverse.q) / h.w
            let vx = (inverse.b - v * inverse.p) / h.w
            let vy = (inverse.d - v * inverse.q) / h.w
            let gradU = (ux * ux + uy * uy).squareRoot()
            let gradV = (vx * vx + vy * vy).squareRoot()
            guard gradU > 0, gradV > 0, abs(u) < 0.5 + 0.5 * gradU, abs(v) < 0.5 + 0.5 * gradV
            else { continue }
            let coverage =
              edgeCoverage(Float(abs(u) / gradU), Float(0.5 / gradU))
              * edgeCoverage(Float(abs(v) / gradV), Float(0.5 / gradV))
            guard coverage > 0 else { continue }
            let color =
              sampler.sample(Float(min(max(u, -0.5), 0.5)), Float(min(max(v, -0.5), 0.5)))
              * (tintColor * coverage)
            blendPixel(
              base + (y &* canvasWidth &+ x) &* 4, color.x, color.y, color.z, color.w, blend)
          }
        }
      }
    }
  }
}

/// Narrows `[low, high]` (kept within its original bounds) to the `x` with
/// `|slope·x + offset| < limit`; leaves `low ≥ high` when there are none.
@inline(__always)
private func narrow(
  _ low: inout Double, _ high: inout Double, slope: Double, offset: Double, limit: Double
) {
  if slope == 0 {
    if offset.magnitude >= limit { high = low }
    return
  }
  let a = (-limit - offset) / slope
  let b = (limit - offset) / slope
  low = max(low, min(a, b))
  high = min(high, max(a, b))
}

/// Asks for the canvas lines of `count` pixels from `p` on to be brought into the cache, so
/// that a deferred sprite's blending finds them there: the row's pixels are worked out after
/// this and blended only once all the sprite's rows are, time enough for the lines to arrive.
@inline(__always)
private func prefetchPixels(_ p: UnsafeMutablePointer<Float>, _ count: Int) {
  // Unsafe: the addresses are only hints (a prefetch never faults and changes no value); they
  // are the lines of the row's pixels, inside the canvas (rasteriser inner loop).
  var line = UInt(bitPattern: p) & ~63
  let end = UInt(bitPattern: p + count &* 4)
  while line < end {
    burst_prefetch_for_write(UnsafeRawPointer(bitPattern: line))
    line &+= 64
  }
}

/// ``edgeCoverage(_:_:)`` in each lane, with the same operations: `min(x, y)` is
/// `y < x ? y : x` and `max(x, y)` is `y >= x ? y : x`, as in the standard library.
@inline(__always)
func lanewiseEdgeCoverage(_ distance: SIMD4<Float>, _ half: Float) -> SIMD4<Float> {
  let over = distance + 0.5
  let high = over.replacing(with: half, where: SIMD4(repeating: half) .< over)
  let under = distance - 0.5
  let low = under.replacing(with: -half, where: SIMD4(repeating: -half) .>= under)
  let overlap = high - low
  return SIMD4<Float>(repeating: 0).replacing(with: overlap, where: overlap .> 0.000_24)
    .replacing(with: 1, where: overlap .> 0.999_76)
}

/// `x.magnitude` in each lane (the sign bit cleared).
@inline(__always)
func lanewiseMagnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
  // Unsafe: a bit cast between two 16-byte vectors of 32-bit lanes, so the sign bit can be
  // cleared exactly as Float.magnitude does (rasteriser inner loop).
  unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
}

/// `Int32(x)` (truncation) in each lane, for 0 ≤ x: without the per-lane range checks of the
/// standard conversion. Up to 2²² adding 2²³ rounds x to an integer held in the low mantissa
/// bits; one is taken off where that rounded up. Larger values (images over 4 Mi texels wide)
/// take the checked conversion.
@inline(__always)
func lanewiseTruncation(_ x: SIMD4<Float>) -> SIMD4<Int32> {
  // NaN takes the checked conversion too, which traps as Int32(x) would.
  if _slowPath(any(.!(x .<= 0x1p22))) {
    return SIMD4(
      Int32(clamping: Int(x[0])), Int32(clamping: Int(x[1])), Int32(clamping: Int(x[2])),
      Int32(clamping: Int(x[3])))
  }
  // Unsafe: reads the bits of the sum (16-byte vectors of 32-bit lanes); see above.
  let rounded = unsafeBitCast(x + 0x1p23, to: SIMD4<Int32>.self) & 0x7F_FFFF
  return rounded.replacing(with: rounded &- 1, where: SIMD4<Float>(rounded) .> x)
}

/// The fraction of a pixel, at `distance` pixels from a band's centre line, covered by the band
/// of half-width `half` pixels (exact 1-D box overlap, snapped to 0 and 1 within 2⁻¹²).
@inline(__always)
func edgeCoverage(_ distance: Float, _ half: Float) -> Float {
  let high = min(distance + 0.5, half)
  let low = max(distance - 0.5, -half)
  let overlap = high - low
  // Snap within 2⁻¹² of 0 or 1, absorbing Float rounding so interiors are exactly opaque.
  return overlap > 0.999_76 ? 1 : (overlap > 0.000_24 ? overlap : 0)
}

@inline(__always)
private func unitClamp(_ v: Float) -> Float {
  v > 0 ? (v < 1 ? v : 1) : 0
}

/// Where a mip level lies in the image's storage and how sprite coordinates map onto its
/// texels for one contents rect: everything a ``LevelSampler`` needs but the texels.
struct LevelGeometry {
  let offset: Int
  let width: Int
  let height: Int
  /// Texel coordinate = scale × sprite coordinate + offset.
  let scaleX: Float
  let offsetX: Float
  let scaleY: Float
  let offsetY: Float
  let lowX: Float
  let highX: Float
  let lowY: Float
  let highY: Float

  init(_ level: SpriteImage.MipLevel, rect: (x: Double, y: Double, w: Double, h: Double)) {
    offset = level.offset
    width = level.width
    height = level.height
    let w = Double(level.width)
    let h = Double(level.height)
    scaleX = Float(rect.w * w)
    offsetX = Float((rect.x + 0.5 * rect.w) * w)
    scaleY = Float(rect.h * h)
    offsetY = Float((rect.y + 0.5 * rect.h) * h)
    (lowX, highX) = Self.range(rect.x, rect.x + rect.w, size: w)
    (lowY, highY) = Self.range(rect.y, rect.y + rect.h, size: h)
  }

  /// The clamp range for texel-centre coordinates of a rect edge pair, within the level.
  private static func range(_ e0: Double, _ e1: Double, size: Double) -> (Float, Float) {
    var low = min(e0, e1) * size + 0.5
    var high = max(e0, e1) * size - 0.5
    if low > high {
      let mid = (low + high) / 2
      low = mid
      high = mid
    }
    let edgeLow = 0.5
    let edgeHigh = size - 0.5
    low = min(max(low, edgeLow), edgeHigh)
    high = min(max(high, edgeLow), edgeHigh)
    return (Float(low), Float(high))
  }
}

/// Bilinear sampling of one mip level in sprite coordinates, clamped to the contents rect.
struct LevelSampler {
  let texels: UnsafePointer<Float>
  let width: Int
  let height: Int
  /// Texel coordinate = scale × sprite coordinate + offset.
  let scaleX: Float
  let offsetX: Float
  let scaleY: Float
  let offsetY: Float
  let lowX: Float
  let highX: Float
  let lowY: Float
  let highY: Float
  /// `width` and `height` as `Int32(clamping:)` gives them, for the lanes.
  let width32: Int32
  let height32: Int32

  init(_ base: UnsafePointer<Float>, _ level: LevelGeometry) {
    texels = base + level.offset
    width = level.width
    height = level.height
    width32 = Int32(clamping: level.width)
    height32 = Int32(clamping: level.height)
    scaleX = level.scaleX
    offsetX = level.offsetX
    scaleY = level.scaleY
    offsetY = level.offsetY
    lowX = level.lowX
    highX = level.highX
    lowY = level.lowY
    highY = level.highY
  }

  /// The texel coordinates of (u, v), clamped to the texel centres of the sampled part.
  @inline(__always)
  private func clamped(_ u: Float, _ v: Float) -> (x: Float, y: Float) {
    let cx = scaleX * u + offsetX
    let cy = scaleY * v + offsetY
    return (
      cx < lowX ? lowX : (cx > highX ? highX : cx), cy < lowY ? lowY : (cy > highY ? highY : cy)
    )
  }

  @inline(__always)
  func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
    let (cx, cy) = clamped(u, v)
    let fx = cx - 0.5
    let fy = cy - 0.5
    // fx ∈ [0, width − 1] and fy ∈ [0, height − 1] after the clamps, so these cannot trap.
    let x0 = Int(fx)
    let y0 = Int(fy)
    let x1 = x0 &+ 1 < width ? x0 &+ 1 : x0
    let y1 = y0 &+ 1 < height ? y0 &+ 1 : y0
    let wx = fx - Float(x0)
    let wy = fy - Float(y0)
    let row0 = y0 &* width
    let row1 = y1 &* width
    let t00 = load(row0 &+ x0)
    let t10 = load(row0 &+ x1)
    let t01 = load(row1 &+ x0)
    let t11 = load(row1 &+ x1)
    let fx4 = SIMD4<Float>(repeating: wx)
    let top = t00 + (t10 - t00) * fx4
    let bottom = t01 + (t11 - t01) * fx4
    return top + (bottom - top) * SIMD4<Float>(repeating: wy)
  }

  /// The texel whose square holds the (clamped) point: no interpolation.
  @inline(__always)
  func nearest(_ u: Float, _ v: Float) -> SIMD4<Float> {
    let (cx, cy) = clamped(u, v)
    // cx ∈ [0.5, width − 0.5] and cy ∈ [0.5, height − 0.5]: truncation is floor, in range.
    let x = min(Int(cx), width &- 1)
    let y = min(Int(cy), height &- 1)
    return load(y &* width &+ x)
  }

  /// Where four points sample, lane by lane as ``sample(_:_:)`` works it out.
  ///
  /// Out of line: inlined into the sprite loops, the compiler takes its lanes apart one by one
  /// and keeps them on the stack, which measured slower than the call (callgrind, 2026-12).
  @inline(never)
  func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> BilinearTaps {
    let (cx, cy) = clamped(u, v)
    let fx = cx - 0.5
    let fy = cy - 0.5
    // fx ∈ [0, width − 1] and fy ∈ [0, height − 1] after the clamps.
    let x0 = lanewiseTruncation(fx)
    let y0 = lanewiseTruncation(fy)
    let x1 = (x0 &+ 1).replacing(with: x0, where: x0 &+ 1 .>= width32)
    let y1 = (y0 &+ 1).replacing(with: y0, where: y0 &+ 1 .>= height32)
    return BilinearTaps(
      x0: x0, x1: x1, y0: y0, y1: y1, wx: fx - SIMD4<Float>(x0), wy: fy - SIMD4<Float>(y0))
  }

  /// Lane `lane` of `taps`, bilinear as ``sample(_:_:)``.
  @inline(__always)
  func sample(_ taps: BilinearTaps, _ lane: Int) -> SIMD4<Float> {
    let x0 = Int(taps.x0[lane])
    let x1 = Int(taps.x1[lane])
    let row0 = Int(taps.y0[lane]) &* width
    let row1 = Int(taps.y1[lane]) &* width
    let t00 = load(row0 &+ x0)
    let t10 = load(row0 &+ x1)
    let t01 = load(row1 &+ x0)
    let t11 = load(row1 &+ x1)
    let fx4 = SIMD4<Float>(repeating: taps.wx[lane])
    let top = t00 + (t10 - t00) * fx4
    let bottom = t01 + (t11 - t01) * fx4
    return top + (bottom - top) * SIMD4<Float>(repeating: taps.wy[lane])
  }

  /// The texel columns and rows ``nearest(_:_:)`` reads for four points.
  @inline(__always)
  func nearestTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> (x: SIMD4<Int32>, y: SIMD4<Int32>) {
    let (cx, cy) = clamped(u, v)
    let xt = lanewiseTruncation(cx)
    let yt = lanewiseTruncation(cy)
    let lastX = SIMD4<Int32>(repeating: Int32(clamping: width &- 1))
    let lastY = SIMD4<Int32>(repeating: Int32(clamping: height &- 1))
    return (
      xt.replacing(with: lastX, where: lastX .< xt), yt.replacing(with: lastY, where: lastY .< yt)
    )
  }

  /// The clamped texel coordinates of four points, lane by lane as ``clamped(_:_:)``.
  @inline(__always)
  private func clamped(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
    let cx = scaleX * u + offsetX
    let cy = scaleY * v + offsetY
    return (
      cx.replacing(with: highX, where: cx .> highX).replacing(with: lowX, where: cx .< lowX),
      cy.replacing(with: highY, where: cy .> highY).replacing(with: lowY, where: cy .< lowY)
    )
  }

  @inline(__always)
  func load(_ index: Int) -> SIMD4<Float> {
    UnsafeRawPointer(texels + index &* 4).loadUnaligned(as: SIMD4<Float>.self)
  }
}

/// Where four pixels sample one mip level bilinearly: the texel columns and rows either side
/// and the weights toward the second, per lane.
struct BilinearTaps {
  let x0: SIMD4<Int32>
  let x1: SIMD4<Int32>
  let y0: SIMD4<Int32>
  let y1: SIMD4<Int32>
  let wx: SIMD4<Float>
  let wy: SIMD4<Float>
}

/// Trilinear sampling: bilinear in the two mip levels around `lod`, blended by its fraction;
/// or, `nearest`, the nearest texel of the level `lod` rounds down to.
private struct MipSampler {
  let fine: LevelSampler
  let coarse: LevelSampler
  let mix: Float
  let nearest: Bool

  /// Which of the three ways `sample` takes.
  enum Kind {
    case one, two, nearest
  }

  var kind: Kind { nearest ? .nearest : (mix == 0 ? .one : .two) }

  init(
    _ levels: [LevelGeometry], _ base: UnsafePointer<Float>, lod: Double, nearest: Bool = false
  ) {
    self.nearest = nearest
    let last = levels.count - 1
    let clamped = lod.isFinite ? min(max(lod, 0), Double(last)) : 0
    let level = Int(clamped.rounded(.down))
    let next = min(level + 1, last)
    fine = LevelSampler(base, levels[level])
    coarse = LevelSampler(base, levels[next])
    let fraction = Float(clamped - Double(level))
    mix = next == level || fraction < 1.0 / 256 ? 0 : fraction
  }

  @inline(__always)
  func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
    if nearest { return fine.nearest(u, v) }
    let a = fine.sample(u, v)
    if mix == 0 { return a }
    return a + (coarse.sample(u, v) - a) * mix
  }
}
