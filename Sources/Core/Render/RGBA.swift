// Colours and blending: the premultiplied colour a canvas holds and how a source combines
// with a pixel.

/// A colour with premultiplied alpha: `r`, `g` and `b` are already multiplied by `a`.
///
/// Channels are nominally in [0, 1]; the canvas clamps where it matters (additive blending and
/// encoding) and never traps on out-of-range or NaN values.
package struct RGBA: Sendable, Equatable {
  package var r: Float
  package var g: Float
  package var b: Float
  package var a: Float

  /// Creates a premultiplied colour from its four channels.
  package init(r: Float, g: Float, b: Float, a: Float) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Transparent black.
  package static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
  /// Opaque black.
  package static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
  /// Opaque white.
  package static let white = RGBA(r: 1, g: 1, b: 1, a: 1)

  /// The premultiplied form of a straight (non-premultiplied) colour.
  package static func premultiplying(r: Float, g: Float, b: Float, a: Float) -> RGBA {
    RGBA(r: r * a, g: g * a, b: b * a, a: a)
  }

  /// Converts a channel value to a byte: NaN → 0, clamped to [0, 1], rounded to nearest.
  ///
  /// Branch-free and non-trapping (no `UInt8(Float)`): the rounding uses the 1.5·2²³ trick, so
  /// an exact tie rounds to even.
  @inline(__always)
  package static func byte(_ value: Float) -> UInt8 {
    let positive = value > 0 ? value : 0  // NaN compares false → 0
    let unit = positive < 1 ? positive : 1
    let shifted = unit * 255 + 12_582_912
    return UInt8(truncatingIfNeeded: shifted.bitPattern)
  }
}

/// How a source colour (premultiplied) combines with the destination pixel.
package enum BlendMode: Sendable {
  /// Porter–Duff source-over: `dst = src + dst·(1 − src.a)`.
  case sourceOver
  /// Additive light: `dst = min(1, dst + src)` per channel, alpha included.
  case additive
}

extension RGBA {
  var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }
}

/// Blends a premultiplied source into the 4 floats at `p`.
@inline(__always)
func blendPixel(
  _ p: UnsafeMutablePointer<Float>, _ r: Float, _ g: Float, _ b: Float, _ a: Float,
  _ mode: BlendMode
) {
  switch mode {
  case .sourceOver:
    let keep = 1 - a
    p[0] = r + p[0] * keep
    p[1] = g + p[1] * keep
    p[2] = b + p[2] * keep
    p[3] = a + p[3] * keep
  case .additive:
    let sr = p[0] + r
    let sg = p[1] + g
    let sb = p[2] + b
    let sa = p[3] + a
    p[0] = sr < 1 ? sr : 1
    p[1] = sg < 1 ? sg : 1
    p[2] = sb < 1 ? sb : 1
    p[3] = sa < 1 ? sa : 1
  }
}
