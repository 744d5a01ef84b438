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

/// A floating-point frame buffer of premultiplied RGBA pixels.
///
/// `pixels` holds 4 floats per pixel (r, g, b, a), row-major from the top-left; pixel `(x, y)`
/// covers the square [x, x+1]×[y, y+1] and its centre is `(x + 0.5, y + 0.5)`. All drawing is
/// pure and deterministic, clips to the canvas and does nothing for degenerate input.
package struct Canvas: Sendable {
  /// Width in pixels (≥ 0).
  package let width: Int
  /// Height in pixels (≥ 0).
  package let height: Int
  /// Premultiplied RGBA, `4 × width × height` floats, row-major from the top-left.
  package internal(set) var pixels: [Float]

  /// Creates a canvas filled with `fill`. Negative sizes become 0; a size whose float count
  /// would overflow `Int` gives an empty 0×0 canvas.
  package init(width: Int, height: Int, fill: RGBA = .clear) {
    let w = max(0, width)
    let h = max(0, height)
    let (area, overflowA) = w.multipliedReportingOverflow(by: h)
    let (count, overflowB) = area.multipliedReportingOverflow(by: 4)
    if overflowA || overflowB {
      self.width = 0
      self.height = 0
      self.pixels = []
      return
    }
    self.width = w
    self.height = h
    // One pass that writes the fill, rather than zeroing first and filling after.
    self.pixels = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      Canvas.fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), with: fill)
      initialized = count
    }
  }

  /// Sets every pixel to `color`.
  package mutating func clear(to color: RGBA = .clear) {
    pixels.withUnsafeMutableBufferPointer { Canvas.fill($0, with: color) }
  }

  /// Writes `color` into every whole pixel (4 floats) of `buffer`.
  private static func fill(_ buffer: UnsafeMutableBufferPointer<Float>, with color: RGBA) {
    guard let base = buffer.baseAddress else { return }
    let end = buffer.count - buffer.count % 4
    var i = 0
    // `i < end` and `end` is a multiple of 4, so `&+` cannot wrap.
    while i < end {
      base[i] = color.r
      base[i &+ 1] = color.g
      base[i &+ 2] = color.b
      base[i &+ 3] = color.a
      i = i &+ 4
    }
  }

  /// The pixel at `(x, y)`; reading outside the canvas gives `.clear`, writing there is ignored.
  package subscript(x x: Int, y y: Int) -> RGBA {
    get {
      guard x >= 0, y >= 0, x < width, y < height else { return .clear }
      let i = (y * width + x) * 4
      return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    set {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// Blends one premultiplied colour into the pixel at `(x, y)` (ignored outside the canvas).
  package mutating func blend(_ color: RGBA, x: Int, y: Int, mode: BlendMode = .sourceOver) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let i = (y * width + x) * 4
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      blendPixel(base + i, color.r, color.g, color.b, color.a, mode)
    }
  }

  /// Fills the rectangle [0, width]×[0, height], optionally with rounded corners, mapped to pixel
  /// space by `transform`, with anti-aliased edges (4×4 supersampled coverage).
  ///
  /// `color` is premultiplied. Used for a layer's `backgroundColor`; the layer's opacity should
  /// already be folded into `color`. Non-finite or singular input draws nothing.
  package mutating func fillQuad(
    _ transform: Affine2D, width: Double, height: Double, cornerRadius: Double = 0,
    color: RGBA, blend: BlendMode = .sourceOver
  ) {
    fill(
      transform, width: width, height: height, cornerRadius: cornerRadius, color: color,
      blend: blend)
  }

  /// ``fillQuad(_:width:height:cornerRadius:color:blend:)`` through a projective map (a layer
  /// seen in perspective); an affine map takes the affine path exactly.
  package mutating func fillQuad(
    _ transform: Projective2D, width: Double, height: Double, cornerRadius: Double = 0,
    color: RGBA, blend: BlendMode = .sourceOver
  ) {
    if let affine = transform.affine {
      fill(
        affine, width: width, height: height, cornerRadius: cornerRadius, color: color,
        blend: blend)
    } else {
      fill(
        transform, width: width, height: height, cornerRadius: cornerRadius, color: color,
        blend: blend)
    }
  }

  /// Strokes the inside edge of the rectangle [0, width]×[0, height] (a Core Animation layer
  /// border: `lineWidth` wide, inside the bounds, following `cornerRadius`), mapped by `transform`
  /// and anti-aliased like ``fillQuad(_:width:height:cornerRadius:color:blend:)``.
  package mutating func strokeQuad(
    _ transform: Affine2D, width: Double, height: Double, cornerRadius: Double = 0,
    lineWidth: Double, color: RGBA, blend: BlendMode = .sourceOver
  ) {
    stroke(
      transform, width: width, height: height, cornerRadius: cornerRadius, lineWidth: lineWidth,
      color: color, blend: blend)
  }

  /// ``strokeQuad(_:width:height:cornerRadius:lineWidth:color:blend:)`` through a projective
  /// map; an affine map takes the affine path exactly.
  package mutating func strokeQuad(
    _ transform: Projective2D, width: Double, height: Double, cornerRadius: Double = 0,
    lineWidth: Double, color: RGBA, blend: BlendMode = .sourceOver
  ) {
    if let affine = transform.affine {
      stroke(
        affine, width: width, height: height, cornerRadius: cornerRadius, lineWidth: lineWidth,
        color: color, blend: blend)
    } else {
      stroke(
        transform, width: width, height: height, cornerRadius: cornerRadius,
        lineWidth: lineWidth, color: color, blend: blend)
    }
  }

  /// The fill of both `fillQuad`s, for either kind of map.
  private mutating func fill<Map: PixelMap>(
    _ transform: Map, width: Double, height: Double, cornerRadius: Double, color: RGBA,
    blend: BlendMode
  ) {
    guard let shape = RoundedRect(width: width, height: height, radius: cornerRadius),
      let inverse = transform.inverted()
    else { return }
    rasterize(
      transform, inverse, width: width, height: height, color: color, blend: blend,
      fullIfCornersIn: shape.contains, emptyIfCornersIn: nil, contains: shape.contains)
  }

  /// The stroke of both `strokeQuad`s, for either kind of map.
  private mutating func stroke<Map: PixelMap>(
    _ transform: Map, width: Double, height: Double, cornerRadius: Double, lineWidth: Double,
    color: RGBA, blend: BlendMode
  ) {
    guard lineWidth.isFinite, lineWidth > 0,
      let outer = RoundedRect(width: width, height: height, radius: cornerRadius),
      let inverse = transform.inverted()
    else { return }
    let inner = RoundedRect(
      inset: lineWidth, width: width, height: height, radius: max(0, cornerRadius - lineWidth))
    // Convex regions: all four corners of a pixel inside the outer shape (or the inner hole)
    // means the whole pixel is.
    if let inner {
      rasterize(
        transform, inverse, width: width, height: height, color: color, blend: blend,
        fullIfCornersIn: nil, emptyIfCornersIn: inner.contains
      ) { outer.contains($0) && !inner.contains($0) }
    } else {
      rasterize(
        transform, inverse, width: width, height: height, color: color, blend: blend,
        fullIfCornersIn: outer.contains, emptyIfCornersIn: nil, contains: outer.contains)
    }
  }

  /// Shared scan of a shape's clipped bounding box with 4×4 supersampled coverage, for an
  /// affine or a projective map and its inverse (pixels to shape). A pixel whose four corners
  /// all satisfy `fullIfCornersIn` is fully covered; one whose corners all satisfy
  /// `emptyIfCornersIn` is skipped (both must describe convex regions).
  private mutating func rasterize<Map: PixelMap>(
    _ transform: Map, _ inverse: Map, width w: Double, height h: Double, color: RGBA,
    blend: BlendMode, fullIfCornersIn: ((ShapePoint) -> Bool)?,
    emptyIfCornersIn: ((ShapePoint) -> Bool)?, contains: (ShapePoint) -> Bool
  ) {
    guard color.isFinite,
      let box = PixelBox(transform, minX: 0, minY: 0, maxX: w, maxY: h, in: self)
    else { return }
    let canvasWidth = width
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in box.y0..<box.y1 {
        for x in box.x0..<box.x1 {
          let px = Double(x)
          let py = Double(y)
          let c0 = ShapePoint(inverse, px, py)
          let c1 = ShapePoint(inverse, px + 1, py)
          let c2 = ShapePoint(inverse, px, py + 1)
          let c3 = ShapePoint(inverse, px + 1, py + 1)
          var k: Float
          if let full = fullIfCornersIn, full(c0) && full(c1) && full(c2) && full(c3) {
            k = 1
          } else if let empty = emptyIfCornersIn, empty(c0) && empty(c1) && empty(c2) && empty(c3) {
            continue
          } else {
            var inside = 0
            for j in 0..<4 {
              for i in 0..<4 {
                let sample = ShapePoint(
                  inverse, px + (Double(i) + 0.5) / 4, py + (Double(j) + 0.5) / 4)
                if contains(sample) { inside += 1 }
              }
            }
            if inside == 0 { continue }
            k = Float(inside) / 16
          }
          blendPixel(
            base + (y * canvasWidth + x) * 4, color.r * k, color.g * k, color.b * k, color.a * k,
            blend)
        }
      }
    }
  }

  /// Premultiplied pixels composited over an opaque `background` (its alpha is ignored), as
  /// 8-bit RGB, 3 bytes per pixel, row-major. The conversion is ``RGBA/byte(_:)``.
  package func rgb8(background: RGBA) -> [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
      pixels.withUnsafeBufferPointer { src in
        guard let s = src.baseAddress, let d = out.baseAddress else { return }
        let n = min(src.count / 4, out.count / 3)
        for p in 0..<n {
          let keep = 1 - s[p * 4 + 3]
          d[p * 3] = RGBA.byte(s[p * 4] + background.r * keep)
          d[p * 3 + 1] = RGBA.byte(s[p * 4 + 1] + background.g * keep)
          d[p * 3 + 2] = RGBA.byte(s[p * 4 + 2] + background.b * keep)
        }
        initialized = n * 3
      }
    }
  }

  /// Straight (un-premultiplied) 8-bit RGBA, 4 bytes per pixel, row-major, for image formats that
  /// keep transparency (PNG). Fully transparent pixels give (0, 0, 0, 0).
  package func rgba8() -> [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      initialized = straight(into: out)
    }
  }

  /// Writes ``rgba8()``'s bytes into `bytes`, reusing its storage when it already holds exactly
  /// that many (`record` converts every frame of a worker into one buffer).
  package func rgba8(into bytes: inout [UInt8]) {
    let count = width * height * 4
    guard bytes.count == count else {
      bytes = rgba8()
      return
    }
    bytes.withUnsafeMutableBufferPointer { _ = straight(into: $0) }
  }

  /// ``rgba8()``'s conversion into `out`; returns how many bytes it wrote.
  private func straight(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
    pixels.withUnsafeBufferPointer { src in
      guard let s = src.baseAddress, let d = out.baseAddress else { return 0 }
      let n = min(src.count, out.count) / 4
      for i in stride(from: 0, to: n * 4, by: 4) {
        let alpha = s[i + 3]
        if alpha == 1 {
          // Opaque (most pixels of a frame): the scale below would be exactly 1.
          d[i] = RGBA.byte(s[i])
          d[i + 1] = RGBA.byte(s[i + 1])
          d[i + 2] = RGBA.byte(s[i + 2])
          d[i + 3] = 255
          continue
        }
        let scale: Float = alpha > 1e-6 ? 1 / alpha : 0
        d[i] = RGBA.byte(s[i] * scale)
        d[i + 1] = RGBA.byte(s[i + 1] * scale)
        d[i + 2] = RGBA.byte(s[i + 2] * scale)
        d[i + 3] = RGBA.byte(alpha)
      }
      return n * 4
    }
  }
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

/// A point in a shape's own coordinates.
struct ShapePoint {
  var u: Double
  var v: Double

  init(u: Double, v: Double) {
    self.u = u
    self.v = v
  }

  init<Map: PixelMap>(_ inverse: Map, _ x: Double, _ y: Double) {
    self = inverse.shapePoint(x, y)
  }
}

/// A map between a shape's space and pixels that the scans can use in either direction.
protocol PixelMap {
  /// The map back, or nil when there is none.
  func inverted() -> Self?
  /// The image of (x, y), as a shape point; not finite (so inside no shape) when the point
  /// lies behind the viewer.
  func shapePoint(_ x: Double, _ y: Double) -> ShapePoint
  /// The images of the corners of a box, or nil when one lies behind the viewer.
  func corners(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)]?
}

extension Affine2D: PixelMap {
  @inline(__always)
  func shapePoint(_ x: Double, _ y: Double) -> ShapePoint {
    ShapePoint(u: a * x + c * y + tx, v: b * x + d * y + ty)
  }

  func corners(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)]? {
    [apply(x: x0, y: y0), apply(x: x1, y: y0), apply(x: x0, y: y1), apply(x: x1, y: y1)]
  }
}

extension Projective2D: PixelMap {
  @inline(__always)
  func shapePoint(_ x: Double, _ y: Double) -> ShapePoint {
    let h = homogeneous(x: x, y: y)
    guard h.w > 0 else { return ShapePoint(u: .nan, v: .nan) }
    return ShapePoint(u: h.x / h.w, v: h.y / h.w)
  }

  func corners(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)]? {
    var out: [(Double, Double)] = []
    for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
      let h = homogeneous(x: x, y: y)
      guard h.w > 0 else { return nil }
      out.append((h.x / h.w, h.y / h.w))
    }
    return out
  }
}

/// The rectangle [x0, x0 + width]×[y0, y0 + height] with corners rounded by `radius`.
private struct RoundedRect {
  let x0: Double
  let y0: Double
  let x1: Double
  let y1: Double
  let radius: Double

  init?(inset: Double = 0, width: Double, height: Double, radius: Double) {
    let w = width - 2 * inset
    let h = height - 2 * inset
    guard inset.isFinite, w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
    x0 = inset
    y0 = inset
    x1 = inset + w
    y1 = inset + h
    let r = radius.isFinite ? radius : 0
    self.radius = max(0, min(r, w / 2, h / 2))
  }

  func contains(_ p: ShapePoint) -> Bool {
    guard p.u >= x0, p.u <= x1, p.v >= y0, p.v <= y1 else { return false }
    if radius == 0 { return true }
    let dx = max(x0 + radius - p.u, p.u - (x1 - radius), 0)
    let dy = max(y0 + radius - p.v, p.v - (y1 - radius), 0)
    return dx * dx + dy * dy <= radius * radius
  }
}

/// The pixels `[x0, x1) × [y0, y1)` touched by an axis-aligned box in some space mapped by a
/// transform, clipped to the canvas; `nil` when empty or not finite.
struct PixelBox {
  let x0: Int
  let y0: Int
  let x1: Int
  let y1: Int

  init?(
    _ t: Affine2D, minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double = 0,
    in canvas: Canvas
  ) {
    self.init(
      t, minX: minX, minY: minY, maxX: maxX, maxY: maxY, margin: margin, width: canvas.width,
      height: canvas.height)
  }

  /// The box in a `width`×`height` canvas.
  init?(
    _ t: Affine2D, minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double = 0,
    width: Int, height: Int
  ) {
    let p0 = t.apply(x: minX, y: minY)
    let p1 = t.apply(x: maxX, y: minY)
    let p2 = t.apply(x: minX, y: maxY)
    let p3 = t.apply(x: maxX, y: maxY)
    self.init(
      lowX: min(p0.x, p1.x, p2.x, p3.x) - margin, highX: max(p0.x, p1.x, p2.x, p3.x) + margin,
      lowY: min(p0.y, p1.y, p2.y, p3.y) - margin, highY: max(p0.y, p1.y, p2.y, p3.y) + margin,
      width: width, height: height)
  }

  /// The box of a shape seen through any map: the whole canvas when a corner lies behind the
  /// viewer (the visible part is then unbounded on screen; the scan tests each pixel).
  init?<Map: PixelMap>(
    _ t: Map, minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double = 0,
    in canvas: Canvas
  ) {
    guard let c = t.corners(minX, minY, maxX, maxY) else {
      self.init(
        lowX: 0, highX: Double(canvas.width), lowY: 0, highY: Double(canvas.height), in: canvas)
      return
    }
    let xs = c.map(\.0)
    let ys = c.map(\.1)
    self.init(
      lowX: xs.reduce(.infinity, min) - margin, highX: xs.reduce(-.infinity, max) + margin,
      lowY: ys.reduce(.infinity, min) - margin, highY: ys.reduce(-.infinity, max) + margin,
      in: canvas)
  }

  private init?(lowX: Double, highX: Double, lowY: Double, highY: Double, in canvas: Canvas) {
    self.init(
      lowX: lowX, highX: highX, lowY: lowY, highY: highY, width: canvas.width,
      height: canvas.height)
  }

  private init?(lowX: Double, highX: Double, lowY: Double, highY: Double, width: Int, height: Int) {
    guard lowX.isFinite, highX.isFinite, lowY.isFinite, highY.isFinite else { return nil }
    let w = Double(width)
    let h = Double(height)
    // Clamp in floating point first so the Int conversions can never trap.
    x0 = Int(min(max(lowX, 0), w).rounded(.down))
    x1 = Int(min(max(highX, 0), w).rounded(.up))
    y0 = Int(min(max(lowY, 0), h).rounded(.down))
    y1 = Int(min(max(highY, 0), h).rounded(.up))
    guard x0 < x1, y0 < y1 else { return nil }
  }
}
