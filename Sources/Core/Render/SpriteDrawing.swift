import CSpriteRecord

/// How a sprite's image is sampled: CALayer's and CAEmitterCell's magnificationFilter,
/// minificationFilter and minificationFilterBias (docs/semantics.md, "Drawing").
struct SpriteFilter: Sendable, Equatable {
  /// Used when at most one texel falls on a pixel.
  var magnification: ContentsFilter
  /// Used when more than one texel falls on a pixel.
  var minification: ContentsFilter
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
  static let splatThreshold = 2.0

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
  mutating func drawSprite(
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
  /// `deferring: false` blends every pixel as soon as it is worked out, `trimming: false`
  /// visits every pixel of each row's box, and `packed: false` takes the plain span (for
  /// tests: the bytes must be the same; see `SpritePen.deferred`, `SpritePen.trimming`,
  /// `SpritePen.packed` and `SpritePen.vectorised`), and `vectorised: false` records four
  /// pixels at a time where it would take eight.
  mutating func withSpritePen<R>(
    deferring: Bool = true, trimming: Bool = true, packed: Bool = true, vectorised: Bool = true,
    _ body: (SpritePen) -> R
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
              trimming: trimming, packed: packed, vectorised: vectorised))
        }
      }
    }
  }
}

/// What drawing an image as a sprite needs that does not change from sprite to sprite: the
/// image, the part shown and how it is filtered, with everything derived from them alone (the
/// splat's level and mean colour, each mip level's sampling geometry), so that an emitter
/// cell's particles share it (docs/semantics.md, "Drawing").
final class SpriteLook: @unchecked Sendable {
  // @unchecked: `levels` is written once, in `init`, and only read after; the look frees it.
  let image: SpriteImage
  /// The image's texels (kept alive by `image`).
  let texels: UnsafePointer<Float>?
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
  /// Each mip level's sampling geometry for the contents rect: memory of the look's own, so
  /// that a sprite reads it without touching a reference count (see ``SpriteImage/texels``).
  let levels: UnsafeBufferPointer<LevelGeometry>
  /// Each level as the eight-pixel rows read it, and whether it packs
  /// (``LevelSampler/recordLevel``, ``LevelSampler/packs``): memory of the look's own too.
  let recordLevels: UnsafeBufferPointer<(level: burst_record_level, packs: Bool)>

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
    let levels = UnsafeMutableBufferPointer<LevelGeometry>.allocate(capacity: image.levels.count)
    _ = levels.initialize(from: image.levels.lazy.map { LevelGeometry($0, rect: rect) })
    let geometry = UnsafeBufferPointer(levels)
    self.levels = geometry
    let base = image.texels.baseAddress
    texels = base
    let samplers = UnsafeMutableBufferPointer<(level: burst_record_level, packs: Bool)>
      .allocate(capacity: geometry.count)
    _ = samplers.initialize(
      from: geometry.lazy.map { level in
        guard let base else { return (burst_record_level(), false) }
        let sampler = LevelSampler(base, level)
        return (sampler.recordLevel, sampler.packs)
      })
    recordLevels = UnsafeBufferPointer(samplers)
    let lod = CoreMath.fastLog2(max(imageW, imageH, 1))
    splatLevel = lod
    if !rectDraws {
      splatMean = .zero
    } else if rect == (0, 0, 1, 1) && lod >= Double(image.levelCount - 1) {
      // The whole image at its 1×1 level: the precomputed mean, no sampler needed.
      let m = image.meanColor
      splatMean = SIMD4(m.r, m.g, m.b, m.a)
    } else {
      splatMean =
        base.map { MipSampler(geometry, $0, lod: lod).sample(0, 0) } ?? .zero
    }
  }

  deinit {
    levels.deallocate()
    recordLevels.deallocate()
  }
}
extension Canvas {
  /// The premultiplied tint a sprite is drawn with, or nil when it would draw nothing: an
  /// empty canvas, a tint that is not finite or fully transparent, a contents rect that is not
  /// finite or has a zero side.
  func spriteTint(
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
  static func level(
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
  mutating func drawSprite(
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
    let geometry = image.levels.map { LevelGeometry($0, rect: rect) }
    geometry.withUnsafeBufferPointer { geometry in
      guard let texelBase = image.texels.baseAddress else { return }
      let sampler = MipSampler(geometry, texelBase, lod: lod, nearest: nearest)
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
