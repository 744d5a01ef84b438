// The strategies a sprite row's loop is specialised for: how a pixel is blended (source-over,
// additive, recorded for later) and how the image is sampled (one level, two levels, nearest).

/// A blend mode as a type, so that a span's loop is compiled once per mode.
protocol PixelBlend {
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float)
  /// As `apply(_:_:_:_:_:)`, the four channels in one vector: the same operations per channel.
  func apply(_ p: UnsafeMutablePointer<Float>, _ color: SIMD4<Float>)
  /// As `apply(_:_:)` on the four pixels from `p` (laid out as ``fourPixels(_:_:_:_:)``),
  /// blending those whose floats are `covered` and leaving the others' bits as they were.
  func apply(
    four p: UnsafeMutablePointer<Float>, _ color: SIMD16<Float>, covered: SIMDMask<SIMD16<Int32>>)
}

struct SourceOver: PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    blendPixel(p, r, g, b, a, .sourceOver)
  }

  /// `channel + below · (1 − a)` in each channel, as ``blendPixel(_:_:_:_:_:_:)``.
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ color: SIMD4<Float>) {
    // Unsafe: `p` is a pixel of the canvas (four floats), as for the scalar form.
    let pixel = UnsafeMutableRawPointer(p)
    let below = pixel.loadUnaligned(as: SIMD4<Float>.self)
    pixel.storeBytes(
      of: color + below * SIMD4(repeating: 1 - color.w), as: SIMD4<Float>.self)
  }

  /// Per pixel as `apply(_:_:)`: `1 − a` of each pixel's colour over its four channels.
  @inline(__always)
  func apply(
    four p: UnsafeMutablePointer<Float>, _ color: SIMD16<Float>, covered: SIMDMask<SIMD16<Int32>>
  ) {
    // Unsafe: `p` is the first of four pixels of one canvas row (sixteen floats).
    let pixels = UnsafeMutableRawPointer(p)
    let below = pixels.loadUnaligned(as: SIMD16<Float>.self)
    let alpha = perPixel(SIMD4(color[3], color[7], color[11], color[15]))
    let blended = color + below * (1 - alpha)
    pixels.storeBytes(of: below.replacing(with: blended, where: covered), as: SIMD16<Float>.self)
  }
}

struct Additive: PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    blendPixel(p, r, g, b, a, .additive)
  }

  /// `sum < 1 ? sum : 1` in each channel, as ``blendPixel(_:_:_:_:_:_:)``.
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ color: SIMD4<Float>) {
    // Unsafe: `p` is a pixel of the canvas (four floats), as for the scalar form.
    let pixel = UnsafeMutableRawPointer(p)
    let sum = pixel.loadUnaligned(as: SIMD4<Float>.self) + color
    pixel.storeBytes(
      of: SIMD4(repeating: 1).replacing(with: sum, where: sum .< 1), as: SIMD4<Float>.self)
  }

  /// Per pixel as `apply(_:_:)`.
  @inline(__always)
  func apply(
    four p: UnsafeMutablePointer<Float>, _ color: SIMD16<Float>, covered: SIMDMask<SIMD16<Int32>>
  ) {
    // Unsafe: `p` is the first of four pixels of one canvas row (sixteen floats).
    let pixels = UnsafeMutableRawPointer(p)
    let below = pixels.loadUnaligned(as: SIMD16<Float>.self)
    let sum = below + color
    let blended = SIMD16(repeating: 1).replacing(with: sum, where: sum .< 1)
    pixels.storeBytes(of: below.replacing(with: blended, where: covered), as: SIMD16<Float>.self)
  }
}

/// A pixel of a sprite worked out but not yet blended: where it goes and its colour.
struct DeferredPixel {
  var pixel: UnsafeMutablePointer<Float>
  var color: SIMD4<Float>

  /// How many a pen holds (32 KiB of stack).
  static let capacity = 1024
  /// The widest sprite (pixel box) whose pixels are deferred when its rows are worked out four
  /// pixels at a time: one row's pixels always fit, with the entry the packed span writes past
  /// them (``SpriteSpan/record(_:_:_:_:_:)``), as the pen flushes when fewer than `widest` + 1
  /// entries are free. Wider sprites are blended four pixels at a time as they are worked out
  /// (``SpriteSpan/drawPacked(_:_:_:_:_:)``): their rows are long enough to keep the canvas
  /// reads in flight, and recording then replaying each pixel cost more than it saved
  /// (burst-bench, `sprites-100k-16px-1t`: 243, 244 ms with 64 here, 218, 212 ms with 16;
  /// `sprites-1M-4px-1t`, whose boxes are under 9 px, unchanged).
  static let widest = 16
  /// The same, when rows are worked out eight pixels at a time (``SpritePen/eightLanes``):
  /// recording is cheaper there, so rotated 16-px sprites (boxes up to 23 px) are deferred too
  /// (burst-bench, `sprites-100k-16px-1t`: 346, 349 ms with 16, 310, 280 ms with 24;
  /// BURST_RECORD_ROWS of them fit the capacity).
  static let widestEight = 24
}

/// Records pixels instead of blending them, for ``SpritePen`` to blend a sprite's pixels
/// together; the bytes are the same, as each pixel of a sprite is blended exactly once.
struct Recorder: PixelBlend {
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

  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ color: SIMD4<Float>) {
    apply(p, color.x, color.y, color.z, color.w)
  }

  /// Records the covered pixels of the four, in order.
  @inline(__always)
  func apply(
    four p: UnsafeMutablePointer<Float>, _ color: SIMD16<Float>, covered: SIMDMask<SIMD16<Int32>>
  ) {
    if covered[0] { apply(p, color.lowHalf.lowHalf) }
    if covered[4] { apply(p + 4, color.lowHalf.highHalf) }
    if covered[8] { apply(p + 8, color.highHalf.lowHalf) }
    if covered[12] { apply(p + 12, color.highHalf.highHalf) }
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

/// A way of sampling as a type, so that a span's loop is compiled once per way: `taps` works out
/// where four pixels sample (lane by lane as the scalar samplers do), `sample` reads one;
/// `packedTaps` and `sample(packed:_:)` the same, inlined, with the texels as offsets (for
/// levels that ``LevelSampler/packs``).
protocol SpriteSampling {
  associatedtype Taps
  associatedtype Packed
  func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> Taps
  func sample(_ taps: Taps, _ lane: Int) -> SIMD4<Float>
  func packedTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> Packed
  func sample(packed taps: Packed, _ lane: Int) -> SIMD4<Float>
  /// The four lanes of `sample(packed:_:)` at once, laid out as ``fourPixels(_:_:_:_:)``:
  /// the same bits in each float.
  func sampleFour(packed taps: Packed) -> SIMD16<Float>
}

/// Bilinear in one level (what ``MipSampler/sample(_:_:)`` does when its mix is 0).
struct OneLevel: SpriteSampling {
  let level: LevelSampler
  init(_ s: MipSampler) { level = s.fine }
  @inline(__always) func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> BilinearTaps {
    level.taps(u, v)
  }
  @inline(__always) func sample(_ taps: BilinearTaps, _ lane: Int) -> SIMD4<Float> {
    level.sample(taps, lane)
  }
  @_transparent func packedTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> PackedTaps {
    level.packedTaps(u, v)
  }
  @_transparent func sample(packed taps: PackedTaps, _ lane: Int) -> SIMD4<Float> {
    level.sample(taps, lane)
  }
  @_transparent func sampleFour(packed taps: PackedTaps) -> SIMD16<Float> {
    level.sampleFour(taps)
  }
}

/// Bilinear in two levels, blended (``MipSampler/sample(_:_:)`` with a mix).
struct TwoLevels: SpriteSampling {
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
  @_transparent func packedTaps(
    _ u: SIMD4<Float>, _ v: SIMD4<Float>
  ) -> (fine: PackedTaps, coarse: PackedTaps) {
    (fine.packedTaps(u, v), coarse.packedTaps(u, v))
  }
  @_transparent func sample(
    packed taps: (fine: PackedTaps, coarse: PackedTaps), _ lane: Int
  ) -> SIMD4<Float> {
    let a = fine.sample(taps.fine, lane)
    return a + (coarse.sample(taps.coarse, lane) - a) * mix
  }
  @_transparent func sampleFour(
    packed taps: (fine: PackedTaps, coarse: PackedTaps)
  ) -> SIMD16<Float> {
    let a = fine.sampleFour(taps.fine)
    return a + (coarse.sampleFour(taps.coarse) - a) * mix
  }
}

/// The nearest texel (``MipSampler/sample(_:_:)`` when nearest).
struct Nearest: SpriteSampling {
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
  @_transparent func packedTaps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Int32> {
    level.packedNearestTaps(u, v)
  }
  @_transparent func sample(packed taps: SIMD4<Int32>, _ lane: Int) -> SIMD4<Float> {
    // Unsafe: the offset is that of a texel of the level (see packedNearestTaps).
    UnsafeRawPointer(level.texels + Int(taps[lane])).loadUnaligned(as: SIMD4<Float>.self)
  }
  @_transparent func sampleFour(packed taps: SIMD4<Int32>) -> SIMD16<Float> {
    fourPixels(
      sample(packed: taps, 0), sample(packed: taps, 1), sample(packed: taps, 2),
      sample(packed: taps, 3))
  }
}
