// The strategies a sprite row's loop is specialised for: how a pixel is blended (source-over,
// additive, recorded for later) and how the image is sampled (one level, two levels, nearest).

/// A blend mode as a type, so that a span's loop is compiled once per mode.
protocol PixelBlend {
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float)
}

struct SourceOver: PixelBlend {
  @inline(__always)
  func apply(_ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float) {
    blendPixel(p, r, g, b, a, .sourceOver)
  }
}

struct Additive: PixelBlend {
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
protocol SpriteSampling {
  associatedtype Taps
  func taps(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> Taps
  func sample(_ taps: Taps, _ lane: Int) -> SIMD4<Float>
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
}
