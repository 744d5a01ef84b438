import CSpriteRecord

// Mip levels as sprite drawing samples them: each level's geometry for a contents rect,
// bilinear and nearest sampling of one level, and trilinear sampling between two.

/// Where a mip level lies in the image's storage and how sprite coordinates map onto its
/// texels for one contents rect: everything a ``LevelSampler`` needs but the texels.
struct LevelGeometry {
  let offset: Int
  /// Where the level's padded copy starts (``SpriteImage/MipLevel/paddedOffset``).
  let paddedOffset: Int?
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
  /// Where the level is transparent, for the whole image as the contents rect; nil for any
  /// other rect.
  let reach: LevelReach?

  init(_ level: SpriteImage.MipLevel, rect: (x: Double, y: Double, w: Double, h: Double)) {
    offset = level.offset
    paddedOffset = level.paddedOffset
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
    reach =
      rect == (0, 0, 1, 1)
      ? LevelReach(support: level.support, clearBorder: level.clearBorder, width: w, height: h)
      : nil
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

/// Where a mip level samples exactly 0: outside a circle of `support` texels around its
/// centre (``SpriteImage/MipLevel/support``), for the whole image as the contents rect.
struct LevelReach {
  let support: Double
  let clearBorder: Bool
  let width: Double
  let height: Double

  /// The circle as half-axes in sprite units, grown for a point that sampling clamps to the
  /// level's edge texels (unless the border is transparent): a point with coverage lies
  /// within half a pixel (`gradU`, `gradV` sprite units) of the sprite's edges, and the
  /// clamp moves it to the edge texels' centres, half a texel inside them, so by at most
  /// that much along each axis.
  func axes(gradU: Double, gradV: Double) -> SIMD2<Double> {
    var r = support
    if !clearBorder {
      let dx = 0.5 + 0.5 * gradU * width
      let dy = 0.5 + 0.5 * gradV * height
      r += (dx * dx + dy * dy).squareRoot()
    }
    return SIMD2(r / width, r / height)
  }
}

/// Bilinear sampling of one mip level in sprite coordinates, clamped to the contents rect.
struct LevelSampler {
  let texels: UnsafePointer<Float>
  /// The level's padded copy (``SpriteImage/MipLevel/paddedOffset``), where the packed taps
  /// read; `texels` when it has none (the level then does not ``packs``).
  let padded: UnsafePointer<Float>
  /// Bytes from a texel of the padded copy to the one below it.
  let paddedRowBytes: Int
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
  /// Whether the level has a padded copy whose every float lies within `Int32.max` floats of
  /// its first, so that ``packedTaps(_:_:)`` can work the texels' offsets out in 32-bit lanes.
  let packs: Bool

  init(_ base: UnsafePointer<Float>, _ level: LevelGeometry) {
    texels = base + level.offset
    padded = base + (level.paddedOffset ?? level.offset)
    paddedRowBytes = (level.width + 1) * 16
    width = level.width
    height = level.height
    width32 = Int32(clamping: level.width)
    height32 = Int32(clamping: level.height)
    // Every texel coordinate also stays under 2²², where `packedTaps` truncates in one step.
    packs =
      level.paddedOffset != nil && level.width <= 1 << 22 && level.height <= 1 << 22
      && (level.width + 1) * (level.height + 1) <= Int(Int32.max) / 4
    scaleX = level.scaleX
    offsetX = level.offsetX
    scaleY = level.scaleY
    offsetY = level.offsetY
    lowX = level.lowX
    highX = level.highX
    lowY = level.lowY
    highY = level.highY
  }

  /// What the eight-pixel recorded rows read of a level that ``packs`` (kept per level by
  /// ``SpriteLook/recordLevels``).
  var recordLevel: burst_record_level {
    burst_record_level(
      padded: padded, row_bytes: paddedRowBytes, floats_per_row: (width32 &+ 1) &* 4,
      scale_x: scaleX, offset_x: offsetX, scale_y: scaleY, offset_y: offsetY, low_x: lowX,
      high_x: highX, low_y: lowY, high_y: highY)
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

  /// Where four points sample, as ``taps(_:_:)`` works it out, with each lane's four texels
  /// as offsets: inlined into the sprite loops (transparent: the optimiser's inlining gives up
  /// in loops this large), so that the lanes stay in registers (a lane takes three integers
  /// and two weights out of them, not four integers and a product). Only for a level that
  /// ``packs``.
  @_transparent
  func packedTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> PackedTaps {
    let (cx, cy) = packedClamped(u, v)
    let fx = cx - 0.5
    let fy = cy - 0.5
    // fx ∈ [0, width − 1] and fy ∈ [0, height − 1] after the clamps, under 2²² as the level
    // packs: adding 2²³ rounds to an integer in the low mantissa bits, less one where that
    // rounded up, as `lanewiseTruncation` does.
    let x0 = smallTruncation(fx)
    let y0 = smallTruncation(fy)
    // Floats from the padded copy's first: (y·(width + 1) + x)·4, inside Int32 as the level
    // packs. The texels right of and below it are the padded copy's next column and row: at
    // the level's last column or row, its repeat, the texel ``taps(_:_:)`` reads twice there.
    let floatsPerRow = SIMD4<Int32>(repeating: (width32 &+ 1) &* 4)
    return PackedTaps(
      corner: y0 &* floatsPerRow &+ x0 &* 4, wx: fx - SIMD4<Float>(x0), wy: fy - SIMD4<Float>(y0))
  }

  /// Lane `lane` of `taps`, bilinear as ``sample(_:_:)``: the same texels, the same arithmetic.
  @_transparent
  func sample(_ taps: PackedTaps, _ lane: Int) -> SIMD4<Float> {
    // Unsafe: the offsets are those of texels of the padded copy, and so are the texel right
    // of each and below it (see packedTaps).
    let t = UnsafeRawPointer(padded + Int(taps.corner[lane]))
    let t00 = t.loadUnaligned(as: SIMD4<Float>.self)
    let t10 = t.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
    let t01 = t.loadUnaligned(fromByteOffset: paddedRowBytes, as: SIMD4<Float>.self)
    let t11 = t.loadUnaligned(fromByteOffset: paddedRowBytes &+ 16, as: SIMD4<Float>.self)
    let fx4 = SIMD4<Float>(repeating: taps.wx[lane])
    let top = t00 + (t10 - t00) * fx4
    let bottom = t01 + (t11 - t01) * fx4
    return top + (bottom - top) * SIMD4<Float>(repeating: taps.wy[lane])
  }

  /// The four lanes of `taps` at once, lane k in floats 4k ..< 4k + 4: each float gets the
  /// arithmetic ``sample(_:_:)`` gives it (the same texels, the same operations in the same
  /// order), sixteen floats to a vector.
  @_transparent
  func sampleFour(_ taps: PackedTaps) -> SIMD16<Float> {
    // Unsafe: as in `sample(_:_:)`, texels of the padded copy. (Written out rather than as a
    // local function: the compiler left one taking the row's width out of line.)
    let row = paddedRowBytes
    let a = UnsafeRawPointer(padded + Int(taps.corner[0]))
    let b = UnsafeRawPointer(padded + Int(taps.corner[1]))
    let c = UnsafeRawPointer(padded + Int(taps.corner[2]))
    let d = UnsafeRawPointer(padded + Int(taps.corner[3]))
    let t00 = fourPixels(
      a.loadUnaligned(as: SIMD4<Float>.self), b.loadUnaligned(as: SIMD4<Float>.self),
      c.loadUnaligned(as: SIMD4<Float>.self), d.loadUnaligned(as: SIMD4<Float>.self))
    let t10 = fourPixels(
      a.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self),
      b.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self),
      c.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self),
      d.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self))
    let t01 = fourPixels(
      a.loadUnaligned(fromByteOffset: row, as: SIMD4<Float>.self),
      b.loadUnaligned(fromByteOffset: row, as: SIMD4<Float>.self),
      c.loadUnaligned(fromByteOffset: row, as: SIMD4<Float>.self),
      d.loadUnaligned(fromByteOffset: row, as: SIMD4<Float>.self))
    let t11 = fourPixels(
      a.loadUnaligned(fromByteOffset: row &+ 16, as: SIMD4<Float>.self),
      b.loadUnaligned(fromByteOffset: row &+ 16, as: SIMD4<Float>.self),
      c.loadUnaligned(fromByteOffset: row &+ 16, as: SIMD4<Float>.self),
      d.loadUnaligned(fromByteOffset: row &+ 16, as: SIMD4<Float>.self))
    let fx = perPixel(taps.wx)
    let top = t00 + (t10 - t00) * fx
    let bottom = t01 + (t11 - t01) * fx
    return top + (bottom - top) * perPixel(taps.wy)
  }

  /// The offsets (in floats) of the texels ``nearest(_:_:)`` reads for four points, for a
  /// level that ``packs``.
  @_transparent
  func packedNearestTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Int32> {
    // As `nearestTaps`, with `packedTaps`'s clamps and truncation.
    let (cx, cy) = packedClamped(u, v)
    let xt = smallTruncation(cx)
    let yt = smallTruncation(cy)
    let lastX = SIMD4<Int32>(repeating: width32 &- 1)
    let lastY = SIMD4<Int32>(repeating: height32 &- 1)
    let x = xt.replacing(with: lastX, where: lastX .< xt)
    let y = yt.replacing(with: lastY, where: lastY .< yt)
    return y &* SIMD4<Int32>(repeating: width32 &* 4) &+ x &* 4
  }

  /// The clamped texel coordinates of four points for the packed taps: as
  /// the four-point `clamped`, but a NaN lane (on which ``taps(_:_:)`` traps) takes
  /// the low edge, so that the texels read are always the level's.
  @_transparent
  private func packedClamped(
    _ u: SIMD4<Float>, _ v: SIMD4<Float>
  ) -> (SIMD4<Float>, SIMD4<Float>) {
    let sx = scaleX * u + offsetX
    let sy = scaleY * v + offsetY
    return (
      sx.replacing(with: highX, where: sx .> highX).replacing(with: lowX, where: .!(sx .>= lowX)),
      sy.replacing(with: highY, where: sy .> highY).replacing(with: lowY, where: .!(sy .>= lowY))
    )
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

/// Where four pixels sample one mip level bilinearly, as offsets in floats from the first of
/// the level's padded copy: each lane's top-left texel (the texels right of it and below it
/// are one texel and one padded row on, where the copy repeats the level's last column and
/// row as ``BilinearTaps`` repeats the texel there); the weights toward the second as in
/// ``BilinearTaps``.
struct PackedTaps {
  let corner: SIMD4<Int32>
  let wx: SIMD4<Float>
  let wy: SIMD4<Float>
}

/// Trilinear sampling: bilinear in the two mip levels around `lod`, blended by its fraction;
/// or, `nearest`, the nearest texel of the level `lod` rounds down to.
struct MipSampler {
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
    _ levels: UnsafeBufferPointer<LevelGeometry>, _ base: UnsafePointer<Float>, lod: Double,
    nearest: Bool = false
  ) {
    self.nearest = nearest
    let (level, next, mix) = Self.levels(levels.count, lod: lod)
    fine = LevelSampler(base, levels[level])
    coarse = LevelSampler(base, levels[next])
    self.mix = mix
  }

  /// The fine and coarse levels of `count` that a sampler for `lod` reads, and the mix
  /// between them (0: the fine one alone).
  static func levels(_ count: Int, lod: Double) -> (fine: Int, coarse: Int, mix: Float) {
    let last = count - 1
    let clamped = lod.isFinite ? min(max(lod, 0), Double(last)) : 0
    let level = Int(clamped.rounded(.down))
    let next = min(level + 1, last)
    let fraction = Float(clamped - Double(level))
    return (level, next, next == level || fraction < 1.0 / 256 ? 0 : fraction)
  }

  /// The half-axes, in sprite units, of the ellipse around the sprite's centre outside which
  /// every level a sampler for `lod` reads gives exactly 0, for a sprite whose pixels are
  /// `gradU` by `gradV` sprite units (so that its points with any coverage lie within half a
  /// pixel of its edges); nil when the contents rect is not the whole image. (Worked out
  /// apart from the sampler, which every row copies, so that it stays small.)
  static func reach(
    _ levels: UnsafeBufferPointer<LevelGeometry>, lod: Double, nearest: Bool, gradU: Double,
    gradV: Double
  ) -> SIMD2<Double>? {
    let (level, next, mix) = Self.levels(levels.count, lod: lod)
    guard let fine = levels[level].reach?.axes(gradU: gradU, gradV: gradV) else { return nil }
    if nearest || mix == 0 { return fine }
    guard let coarse = levels[next].reach?.axes(gradU: gradU, gradV: gradV) else { return nil }
    return pointwiseMax(fine, coarse)
  }

  @inline(__always)
  func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
    if nearest { return fine.nearest(u, v) }
    let a = fine.sample(u, v)
    if mix == 0 { return a }
    return a + (coarse.sample(u, v) - a) * mix
  }
}
