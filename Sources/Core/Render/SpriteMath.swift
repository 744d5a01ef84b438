internal import CPrefetch

// The scalar and SIMD arithmetic sprite drawing shares: edge coverage (lane by lane exactly as
// the scalar form), magnitudes, truncation, clamping, span narrowing and cache prefetching.

/// Narrows `[low, high]` (kept within its original bounds) to the `x` with
/// `|slope·x + offset| < limit`; leaves `low ≥ high` when there are none.
@inline(__always)
func narrow(
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
func prefetchPixels(_ p: UnsafeMutablePointer<Float>, _ count: Int) {
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
  return smallTruncation(x)
}

/// `Int32(x)` (truncation) in each lane, for 0 ≤ x ≤ 2²² (``lanewiseTruncation(_:)``'s fast
/// way, for callers that bound x; nothing traps).
@_transparent
func smallTruncation(_ x: SIMD4<Float>) -> SIMD4<Int32> {
  // Unsafe: reads the bits of the sum (16-byte vectors of 32-bit lanes); see
  // lanewiseTruncation.
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
func unitClamp(_ v: Float) -> Float {
  v > 0 ? (v < 1 ? v : 1) : 0
}

/// Four pixels' colours side by side, pixel k in floats 4k ..< 4k + 4: the layout in which a
/// span works out four neighbouring pixels in one vector.
@_transparent
func fourPixels(
  _ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>
) -> SIMD16<Float> {
  SIMD16(lowHalf: SIMD8(lowHalf: a, highHalf: b), highHalf: SIMD8(lowHalf: c, highHalf: d))
}

/// A value per pixel for four pixels (`x[k]` for pixel k), laid out as ``fourPixels(_:_:_:_:)``:
/// each repeated over its pixel's four channels.
@_transparent
func perPixel(_ x: SIMD4<Float>) -> SIMD16<Float> {
  SIMD16(
    x[0], x[0], x[0], x[0], x[1], x[1], x[1], x[1], x[2], x[2], x[2], x[2], x[3], x[3], x[3],
    x[3])
}
