/// CAGradientLayer's drawing (docs/semantics.md, "Gradient layers"): every pixel whose centre
/// maps into the bounds takes the colour at its gradient parameter, weighted by the bounds'
/// exact-area coverage (the shape rasteriser's), so the edges are anti-aliased as a layer's
/// background is, and blended source-over.
enum GradientDrawing {
  /// The gradient parameter (0…1 before clamping) of the point `p` of the layer's own space.
  package static func parameter(_ g: GradientProperties, bounds b: Rect, at p: Point) -> Double {
    let w = b.size.width
    let h = b.size.height
    let s = Point(b.origin.x + g.startPoint.x * w, b.origin.y + g.startPoint.y * h)
    let e = Point(b.origin.x + g.endPoint.x * w, b.origin.y + g.endPoint.y * h)
    switch g.type {
    case .axial:
      let dx = e.x - s.x
      let dy = e.y - s.y
      let l2 = dx * dx + dy * dy
      guard l2 > 0 else { return 0 }
      return ((p.x - s.x) * dx + (p.y - s.y) * dy) / l2
    case .radial:
      let rx = abs(e.x - s.x)
      let ry = abs(e.y - s.y)
      guard rx > 0 || ry > 0 else { return 1 }
      let u = rx > 0 ? (p.x - s.x) / rx : (p.x == s.x ? 0 : .infinity)
      let v = ry > 0 ? (p.y - s.y) / ry : (p.y == s.y ? 0 : .infinity)
      return (u * u + v * v).squareRoot()
    case .conic:
      let a0 = CoreMath.atan2(e.y - s.y, e.x - s.x)
      var a = CoreMath.atan2(p.y - s.y, p.x - s.x) - a0
      let turn = 2 * CoreMath.pi
      a = a.truncatingRemainder(dividingBy: turn)
      if a < 0 { a += turn }
      return a / turn
    }
  }

  /// The colour at parameter `t`: between the stops around it, interpolated component by
  /// component; the first colour before the first stop and the last after the last.
  package static func color(_ g: GradientProperties, at t: Double) -> Color? {
    let colors = g.colors
    guard let first = colors.first, let last = colors.last else { return nil }
    guard colors.count > 1 else { return first }
    let stops =
      g.locations.count == colors.count
      ? g.locations
      : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
    guard t.isFinite else { return t > 0 ? last : first }
    if t <= stops[0] { return first }
    for i in 1..<colors.count where t <= stops[i] {
      let span = stops[i] - stops[i - 1]
      let f = span > 0 ? (t - stops[i - 1]) / span : 1
      let a = colors[i - 1]
      let b = colors[i]
      return Color(
        a.red + (b.red - a.red) * f, a.green + (b.green - a.green) * f,
        a.blue + (b.blue - a.blue) * f, a.alpha + (b.alpha - a.alpha) * f)
    }
    return last
  }
}

extension Canvas {
  /// Draws a gradient layer's gradient over its bounds, which `m` maps to pixels.
  mutating func drawGradient(
    _ g: GradientProperties, bounds b: Rect, transform m: Projective2D, opacity: Double
  ) {
    guard !g.colors.isEmpty, b.size.width > 0, b.size.height > 0,
      let inverse = m.inverted()
    else { return }
    let corners = [
      (b.origin.x, b.origin.y), (b.origin.x + b.size.width, b.origin.y),
      (b.origin.x + b.size.width, b.origin.y + b.size.height),
      (b.origin.x, b.origin.y + b.size.height),
    ].map { m.apply(x: $0.0, y: $0.1) }
    guard
      let raster = CoverageRaster(polygons: [corners], canvasWidth: width, canvasHeight: height)
    else { return }
    let w = width
    pixels.withUnsafeMutableBufferPointer { px in
      guard let base = px.baseAddress else { return }
      for y in 0..<raster.height {
        for x in 0..<raster.width {
          let k = raster.coverage(x, y, evenOdd: false)
          guard k > 0 else { continue }
          let cx = Double(raster.x0 + x) + 0.5
          let cy = Double(raster.y0 + y) + 0.5
          let local = inverse.apply(x: cx, y: cy)
          guard local.x.isFinite, local.y.isFinite else { continue }
          // An edge pixel's centre may lie just outside: the colour at the nearest point in.
          let p = Point(
            min(max(local.x, b.origin.x), b.origin.x + b.size.width),
            min(max(local.y, b.origin.y), b.origin.y + b.size.height))
          let t = GradientDrawing.parameter(g, bounds: b, at: p)
          guard let c = GradientDrawing.color(g, at: t) else { continue }
          let rgba = SceneRenderer.rgba(c, opacity: opacity)
          let q = base + ((raster.y0 + y) * w + raster.x0 + x) * 4
          let kk = min(k, 1)
          blendPixel(q, rgba.r * kk, rgba.g * kk, rgba.b * kk, rgba.a * kk, .sourceOver)
        }
      }
    }
  }
}
