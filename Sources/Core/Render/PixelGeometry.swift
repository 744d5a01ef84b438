// The geometry the canvas's scans share: shape points, the maps between a shape's space and
// pixels, rounded rectangles and the pixel box a shape touches.

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
struct RoundedRect {
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
    // Clamp in floating point first so the Int conversions can never trap; the clamped
    // values are ≥ 0, where truncation is rounding down (and rounding up is one more where
    // that dropped a fraction), without a call to the C library's floor and ceil.
    x0 = Int(min(max(lowX, 0), w))
    x1 = Self.roundedUp(min(max(highX, 0), w))
    y0 = Int(min(max(lowY, 0), h))
    y1 = Self.roundedUp(min(max(highY, 0), h))
    guard x0 < x1, y0 < y1 else { return nil }
  }

  /// `Int(x.rounded(.up))` for 0 ≤ x < 2⁶³.
  @inline(__always)
  private static func roundedUp(_ x: Double) -> Int {
    let down = Int(x)
    return Double(down) < x ? down + 1 : down
  }
}
