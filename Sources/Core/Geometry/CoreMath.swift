/// Elementary functions written out in Swift, so Core needs no Foundation and the simulation,
/// the animations and the renderer give the same bits on every platform and C library (a
/// system `libm` may round differently from one version to the next). Accurate to a few ulps
/// over the ranges Burst uses; none of these run per pixel.
enum CoreMath {
  static let pi = 3.141_592_653_589_793_238_46
  /// π/2 in two parts (the high one with trailing zero bits) for reductions, and 2/π.
  static let halfPiHigh = 1.570_796_326_734_125_614_17
  static let halfPiLow = 6.077_100_506_506_192_249_8e-11
  static let twoOverPi = 0.636_619_772_367_581_343_08
  private static let ln2High = 6.931_471_803_691_238_164_9e-1
  private static let ln2Low = 1.908_214_929_270_587_700_0e-10
  private static let ln2 = 0.693_147_180_559_945_309_42

  /// Sine of `x` radians (NaN for non-finite input).
  static func sin(_ x: Double) -> Double {
    let (r, quadrant) = reduce(x)
    switch quadrant {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
  }

  /// Cosine of `x` radians (NaN for non-finite input).
  static func cos(_ x: Double) -> Double {
    let (r, quadrant) = reduce(x)
    switch quadrant {
    case 0: return cosKernel(r)
    case 1: return -sinKernel(r)
    case 2: return -cosKernel(r)
    default: return sinKernel(r)
    }
  }

  /// Sine and cosine of `x` radians from one reduction: bit for bit `(sin(x), cos(x))`, for
  /// callers that need both (a particle's direction, a sprite's rotation). The quadrant's swap
  /// and signs are chosen by masks, not by a branch: the angles are random, so a branch on the
  /// quadrant is mispredicted most of the time.
  @inline(__always)
  static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
    let (r, quadrant) = reduce(x)
    let r2 = r * r
    let s = sinKernel(r, r2)
    let c = cosKernel(squared: r2)
    let bits = inQuadrant(
      UInt64(truncatingIfNeeded: quadrant), sin: s.bitPattern, cos: c.bitPattern)
    return (Double(bitPattern: bits.sin), Double(bitPattern: bits.cos))
  }

  /// Sine and cosine of `x` radians to single precision, for particle directions (stored as
  /// `Float`), with no branch on the argument (a particle's angle is random, so branches on it
  /// would be mispredicted half the time): x·2/π is rounded to the nearest whole k (ties to even)
  /// by adding and subtracting 1.5·2⁵², whose last bits then hold k mod 4; the reduction
  /// r = x − k·π/2 in double precision; Taylor polynomials in `Float` to r⁹ and r⁸
  /// (`directionKernel`: truncation below 3·10⁻⁸, under half an ulp of 1); the quadrant's swap
  /// and signs by masks. The same bits everywhere, as for `sincos`.
  @inline(__always)
  static func directionSinCos(_ x0: Double) -> (sin: Float, cos: Float) {
    // Past 10¹⁵ fold into one turn (exactly, IEEE fmod), as `reduce` does; below it |k| < 2⁵⁰.
    let x = x0.magnitude < 1e15 ? x0 : x0.truncatingRemainder(dividingBy: 2 * pi)
    let shifted = x * twoOverPi + 0x1.8p52
    let k = shifted - 0x1.8p52
    let quadrant = UInt32(truncatingIfNeeded: shifted.bitPattern) & 3
    let (s, c) = directionKernel(Float((x - k * halfPiHigh) - k * halfPiLow))
    let bits = inQuadrant(quadrant, sin: s.bitPattern, cos: c.bitPattern)
    return (Float(bitPattern: bits.sin), Float(bitPattern: bits.cos))
  }

  /// The bit patterns of the sine and cosine in quadrant `q` (0…3) from those of the reduced
  /// argument's, by masks rather than a branch: quadrants 1 and 3 swap them; the sine is
  /// negated in 2 and 3, the cosine in 1 and 2 (bit 1 of q, then of q + 1, moved to the sign).
  @inline(__always)
  static func inQuadrant<Bits: FixedWidthInteger & UnsignedInteger>(
    _ q: Bits, sin s: Bits, cos c: Bits
  ) -> (sin: Bits, cos: Bits) {
    let swap = 0 &- (q & 1)
    let toSign = Bits.bitWidth - 2
    return (
      ((s & ~swap) | (c & swap)) ^ ((q & 2) << toSign),
      ((c & ~swap) | (s & swap)) ^ (((q &+ 1) & 2) << toSign)
    )
  }

  /// `directionSinCos`'s polynomials on the reduced argument |r| ≤ π/4:
  /// sin r = r + r³·(−1/3! + r²/5!) + r⁷·(−1/7! + r²/9!) and
  /// cos r = 1 + r²·(−1/2! + r²/4!) + r⁶·(−1/6! + r²/8!), each cut in two halves so the
  /// chains of dependent operations are short.
  @inline(__always)
  static func directionKernel(_ r: Float) -> (sin: Float, cos: Float) {
    let r2 = r * r
    let r4 = r2 * r2
    let sinLow: Float = -1 / 6 + r2 * (1 / 120)
    let sinHigh: Float = -1 / 5040 + r2 * (1 / 362_880)
    let cosLow: Float = -1 / 2 + r2 * (1 / 24)
    let cosHigh: Float = -1 / 720 + r2 * (1 / 40320)
    return (r + (r * r2) * (sinLow + r4 * sinHigh), 1 + r2 * (cosLow + r4 * cosHigh))
  }

  /// e raised to `x`.
  static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    let k = (x / ln2).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    var term = 1.0
    var sum = 1.0
    for n in 1...14 {
      term *= r / Double(n)
      sum += term
    }
    return scaleByPowerOfTwo(sum, Int(k))
  }

  /// e^x − 1, accurate near 0 (a series below |x| = 0.5).
  static func expm1(_ x: Double) -> Double {
    guard abs(x) < 0.5 else { return exp(x) - 1 }
    var term = x
    var sum = x
    for n in 2...20 {
      term *= x / Double(n)
      sum += term
    }
    return sum
  }

  /// Natural logarithm of `x` (−∞ at 0, NaN below 0).
  static func log(_ x: Double) -> Double { log2(x) * ln2 }

  /// The real cube root of `x` (negative for negative `x`).
  static func cbrt(_ x: Double) -> Double {
    guard x.isFinite, x != 0 else { return x }
    let a = abs(x)
    var y = exp(log(a) / 3)
    for _ in 0..<2 { y -= (y * y * y - a) / (3 * y * y) }  // Newton polishes the last bits
    return x < 0 ? -y : y
  }

  /// The angle of the point (x, y) from the +x axis, in (−π, π] (0 for the origin).
  static func atan2(_ y: Double, _ x: Double) -> Double {
    if x.isNaN || y.isNaN { return .nan }
    if x == 0 && y == 0 { return 0 }
    if x.isInfinite || y.isInfinite {
      // Only directions matter: reduce to a finite representative.
      return atan2(y.isInfinite ? (y > 0 ? 1 : -1) : 0, x.isInfinite ? (x > 0 ? 1 : -1) : 0)
    }
    let ax = abs(x)
    let ay = abs(y)
    // atan of the smaller over the larger ratio, in [0, π/4].
    var t = ay <= ax ? atan(ay / ax) : pi / 2 - atan(ax / ay)
    if x < 0 { t = pi - t }
    return y < 0 ? -t : t
  }

  /// Arctangent of `x` for 0 ≤ x ≤ 1: one halving, atan(x) = 2·atan(x / (1 + √(1 + x²))),
  /// brings x to ≤ 0.415, a second to ≤ 0.199, then the alternating series.
  private static func atan(_ x: Double) -> Double {
    var z = x
    var k = 1.0
    for _ in 0..<2 {
      z = z / (1 + (1 + z * z).squareRoot())
      k *= 2
    }
    let z2 = z * z
    var term = z
    var sum = z
    var n = 1.0
    for _ in 1...14 {
      term *= -z2
      n += 2
      sum += term / n
    }
    return k * sum
  }

  /// Base-2 logarithm of `x` (−∞ at 0, NaN below 0).
  static func log2(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    let (exponent, s) = logArgument(x)
    let s2 = s * s
    var power = s
    var sum = 0.0
    var n = 1.0
    while n < 26 {
      sum += power / n
      power *= s2
      n += 2
    }
    return exponent + 2 * sum / ln2
  }

  /// Splits positive finite `x` into 2^e · m with m in [√½, √2] and returns e and
  /// s = (m − 1)/(m + 1), for the series ln m = 2·(s + s³/3 + s⁵/5 + …).
  private static func logArgument(_ x: Double) -> (exponent: Double, s: Double) {
    var exponent = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095 {
      m *= 0.5
      exponent += 1
    }
    return (exponent, (m - 1) / (m + 1))
  }

  /// Base-2 logarithm of a positive finite `x` to about 1e-8, for choosing mip levels (cheaper
  /// than ``log2(_:)``); NaN for other input.
  static func fastLog2(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return .nan }
    let (exponent, s) = logArgument(x)
    let s2 = s * s
    let series = s * (1 + s2 * (1.0 / 3 + s2 * (1.0 / 5 + s2 * (1.0 / 7 + s2 / 9))))
    return exponent + 2 * series / ln2
  }

  /// `base` raised to `exponent` for `base > 0` (0 for `base == 0`, NaN below).
  static func pow(_ base: Double, _ exponent: Double) -> Double {
    if base == 0 { return exponent > 0 ? 0 : .infinity }
    return exp(exponent * log2(base) * ln2)
  }

  /// Reduces `x` to `r` in [−π/4, π/4] and the quadrant `k mod 4` with `x ≈ r + k·π/2`.
  @inline(__always)
  static func reduce(_ x0: Double) -> (Double, Int) {
    guard x0.isFinite else { return (.nan, 0) }
    // Beyond 1e15 the argument has no fractional digits left; fold it (exactly, IEEE fmod)
    // into one turn so the result stays finite and the same everywhere.
    let x = x0.magnitude < 1e15 ? x0 : x0.truncatingRemainder(dividingBy: 2 * pi)
    let k = nearest(x / (pi / 2))
    let r = (x - k * halfPiHigh) - k * halfPiLow
    // |k| < 1e15 here, so the conversion is exact; `& 3` is k mod 4 for negatives too.
    return (r, Int(k) & 3)
  }

  /// `q.rounded()` (to the nearest whole number, halves away from 0; a zero keeps the sign of
  /// `q`) for |q| < 2⁶², bit for bit, without a call into the C library and with no branch on
  /// `q` (the quotients of random angles would mispredict one): q plus the largest Double below
  /// ½, with q's sign, truncated, takes halves away from 0 and nothing else (q + ½ itself would
  /// take 0.499…94 to 1); from 2⁵² on q is whole, and the sum rounds back to it or to q ± ½.
  @inline(__always)
  static func nearest(_ q: Double) -> Double {
    let i = Int(q + Double(signOf: q, magnitudeOf: 0.499_999_999_999_999_94))
    return i == 0 ? 0 * q : Double(i)
  }

  private static func sinKernel(_ r: Double) -> Double { sinKernel(r, r * r) }

  private static func cosKernel(_ r: Double) -> Double { cosKernel(squared: r * r) }

  /// The Taylor series of sin and cos on the reduced argument (|r| ≤ π/4) to r¹⁹ and r¹⁸, in
  /// Horner form with the coefficients ±1/n! written once as constants (each the nearest Double):
  /// nine multiplications and additions each, no division, every operation rounded as IEEE 754
  /// says (Swift never fuses a multiply and an add unasked), so the same bits everywhere. The
  /// truncation error is below r²⁰/20! ≈ 2·10⁻²⁰, far under an ulp.
  @inline(__always)
  private static func sinKernel(_ r: Double, _ r2: Double) -> Double {
    // −1/3!, 1/5!, …, −1/19!: sin r = r + r³·(−1/3! + r²·(1/5! + …)).
    var p = -1.0 / 121_645_100_408_832_000
    p = p * r2 + 1.0 / 355_687_428_096_000
    p = p * r2 - 1.0 / 1_307_674_368_000
    p = p * r2 + 1.0 / 6_227_020_800
    p = p * r2 - 1.0 / 39_916_800
    p = p * r2 + 1.0 / 362_880
    p = p * r2 - 1.0 / 5040
    p = p * r2 + 1.0 / 120
    p = p * r2 - 1.0 / 6
    return r + r * r2 * p
  }

  @inline(__always)
  private static func cosKernel(squared r2: Double) -> Double {
    // −1/2!, 1/4!, …, −1/18!: cos r = 1 + r²·(−1/2! + r²·(1/4! + …)).
    var p = -1.0 / 6_402_373_705_728_000
    p = p * r2 + 1.0 / 20_922_789_888_000
    p = p * r2 - 1.0 / 87_178_291_200
    p = p * r2 + 1.0 / 479_001_600
    p = p * r2 - 1.0 / 3_628_800
    p = p * r2 + 1.0 / 40320
    p = p * r2 - 1.0 / 720
    p = p * r2 + 1.0 / 24
    p = p * r2 - 1.0 / 2
    return 1 + r2 * p
  }

  /// `value × 2^k` without overflow traps.
  private static func scaleByPowerOfTwo(_ value: Double, _ k: Int) -> Double {
    var result = value
    var remaining = k
    while remaining > 1000 {
      result *= Double(sign: .plus, exponent: 1000, significand: 1)
      remaining -= 1000
    }
    while remaining < -1000 {
      result *= Double(sign: .plus, exponent: -1000, significand: 1)
      remaining += 1000
    }
    return result * Double(sign: .plus, exponent: remaining, significand: 1)
  }
}
