extension Canvas {
  /// The shape a layer's `shadowPath` casts, drawn opaque on a clear canvas of `width` ×
  /// `height` through `transform` (the layer's space to pixels): the path's non-zero fill
  /// (Core Animation fills a shadow path by the non-zero rule), its coverage anti-aliased as a
  /// shape layer's fill is, curves flattened as there. nil when the path is empty (nil): the
  /// layer's own alpha casts the shadow.
  static func shadowShape(_ path: ShapePath, transform: Projective2D, width: Int, height: Int)
    -> Canvas?
  {
    guard !path.elements.isEmpty else { return nil }
    var fill = ShapeProperties()
    fill.path = path
    fill.fillColor = .white
    var shape = Canvas(width: width, height: height, fill: .clear)
    shape.drawShape(fill, transform: transform, opacity: 1)
    return shape
  }

  /// Draws a layer's shadow (docs/semantics.md, "Drawing") under whatever comes next.
  ///
  /// The shadow is `source`'s alpha (times `sourceMask`'s alpha when there is one), moved by
  /// `(offsetX, offsetY)` pixels (sub-pixel offsets are bilinear), blurred by a Gaussian of
  /// standard deviation `sigma` pixels — approximated by three box blurs in each direction — and
  /// drawn source-over in the premultiplied `color`, each pixel weighted by `clip`'s alpha when
  /// there is a clip.
  ///
  /// Work and memory are limited to the source's bounding box grown by the blur's reach (and
  /// clipped to the canvas grown by at most half its larger side); two alpha planes of that
  /// size and one row of sums are allocated once per call, nothing per pixel. Canvases of
  /// another size, non-finite input and a transparent colour draw nothing.
  mutating func drawShadow(
    of source: Canvas, sourceMask: Canvas?, clip: Canvas?, offsetX: Double, offsetY: Double,
    sigma: Double, color: RGBA
  ) {
    guard source.width == width, source.height == height, width > 0, height > 0,
      color.isFinite, color.a > 0, offsetX.isFinite, offsetY.isFinite, sigma.isFinite
    else { return }
    if let sourceMask, sourceMask.width != width || sourceMask.height != height { return }
    if let clip, clip.width != width || clip.height != height { return }
    // The source's alpha and its bounding box.
    let none: [Float] = []
    guard let found = source.alphaBox(mask: sourceMask) else { return }
    let radii = Self.boxRadii(sigma: max(sigma, 0))
    let reach = radii.reduce(0, +)
    // The destination pixels the shadow can reach: the box moved and grown by the blur's reach,
    // within the canvas grown by the reach (beyond it nothing can blur back in), at most half
    // the canvas's larger side.
    let margin = Double(min(reach, max(width, height) / 2 + 1))
    let low = (
      x: Double(found.x0) + offsetX - Double(reach) - 1,
      y: Double(found.y0) + offsetY - Double(reach) - 1
    )
    let high = (
      x: Double(found.x1) + offsetX + Double(reach) + 1,
      y: Double(found.y1) + offsetY + Double(reach) + 1
    )
    let px0 = Int(min(max(low.x, -margin), Double(width) + margin).rounded(.down))
    let px1 = Int(min(max(high.x, -margin), Double(width) + margin).rounded(.up))
    let py0 = Int(min(max(low.y, -margin), Double(height) + margin).rounded(.down))
    let py1 = Int(min(max(high.y, -margin), Double(height) + margin).rounded(.up))
    guard px0 < px1, py0 < py1 else { return }
    let w = px1 - px0
    let h = py1 - py0
    var plane = [Float](repeating: 0, count: w * h)
    var spare = [Float](repeating: 0, count: w * h)
    var sums = [Double](repeating: 0, count: w)
    // The moved alpha: destination pixel (X, Y) shows the source at (X − dx, Y − dy).
    let floorX = offsetX.rounded(.down)
    let floorY = offsetY.rounded(.down)
    let fx = Float(offsetX - floorX)
    let fy = Float(offsetY - floorY)
    // |offset| is bounded by the box clamps above, so these conversions cannot trap.
    let shiftX = Int(max(min(floorX, 1e9), -1e9))
    let shiftY = Int(max(min(floorY, 1e9), -1e9))
    let canvasWidth = width
    let canvasHeight = height
    source.pixels.withUnsafeBufferPointer { src in
      (sourceMask?.pixels ?? none).withUnsafeBufferPointer { m in
        plane.withUnsafeMutableBufferPointer { out in
          let masked = !m.isEmpty
          @inline(__always) func alpha(_ x: Int, _ y: Int) -> Float {
            guard x >= found.x0, x < found.x1, y >= found.y0, y < found.y1 else { return 0 }
            let i = (y &* canvasWidth &+ x) &* 4 &+ 3
            return masked ? src[i] * m[i] : src[i]
          }
          // Only where the moved box lands (one pixel more for the sub-pixel blend).
          let y0 = max(py0, found.y0 + shiftY)
          let y1 = min(py1, found.y1 + shiftY + 1)
          let x0 = max(px0, found.x0 + shiftX)
          let x1 = min(px1, found.x1 + shiftX + 1)
          guard x0 < x1, y0 < y1 else { return }
          for y in y0..<y1 {
            let sy = y - shiftY
            for x in x0..<x1 {
              let sx = x - shiftX
              // Source (sx, sy) lands at (x + fx, y + fy): pixel (x, y) takes it by (1−fx)(1−fy).
              var a = alpha(sx, sy) * ((1 - fx) * (1 - fy))
              if fx > 0 { a += alpha(sx - 1, sy) * (fx * (1 - fy)) }
              if fy > 0 { a += alpha(sx, sy - 1) * ((1 - fx) * fy) }
              if fx > 0 && fy > 0 { a += alpha(sx - 1, sy - 1) * (fx * fy) }
              out[(y - py0) * w + (x - px0)] = a
            }
          }
        }
      }
    }
    for r in radii where r > 0 {
      Self.boxRows(plane, into: &spare, width: w, height: h, radius: r)
      swap(&plane, &spare)
    }
    for r in radii where r > 0 {
      Self.boxColumns(plane, into: &spare, width: w, height: h, radius: r, sums: &sums)
      swap(&plane, &spare)
    }
    // Source-over in the shadow's colour, within the canvas.
    let cx0 = max(px0, 0)
    let cx1 = min(px1, canvasWidth)
    let cy0 = max(py0, 0)
    let cy1 = min(py1, canvasHeight)
    guard cx0 < cx1, cy0 < cy1 else { return }
    plane.withUnsafeBufferPointer { shadow in
      (clip?.pixels ?? none).withUnsafeBufferPointer { c in
        pixels.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          let clipped = !c.isEmpty
          for y in cy0..<cy1 {
            for x in cx0..<cx1 {
              let i = (y &* canvasWidth &+ x) &* 4
              var a = shadow[(y - py0) * w + (x - px0)]
              if clipped { a *= c[i + 3] }
              // Blur sums leave crumbs far below one 8-bit step: nothing is drawn there.
              guard a > 1e-6 else { continue }
              let k = min(a, 1)
              blendPixel(base + i, color.r * k, color.g * k, color.b * k, color.a * k, .sourceOver)
            }
          }
        }
      }
    }
  }

  /// The smallest box `[x0, x1) × [y0, y1)` holding every pixel whose alpha (times `mask`'s) is
  /// above zero; nil when there is none.
  private func alphaBox(mask: Canvas?) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    let none: [Float] = []
    var box: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil
    let canvasWidth = width
    pixels.withUnsafeBufferPointer { src in
      (mask?.pixels ?? none).withUnsafeBufferPointer { m in
        let masked = !m.isEmpty
        var x0 = Int.max
        var x1 = Int.min
        var y0 = Int.max
        var y1 = Int.min
        for y in 0..<height {
          var first = -1
          var last = -1
          for x in 0..<canvasWidth {
            let i = (y &* canvasWidth &+ x) &* 4 &+ 3
            let a = masked ? src[i] * m[i] : src[i]
            if a > 0 {
              if first < 0 { first = x }
              last = x
            }
          }
          if first >= 0 {
            x0 = min(x0, first)
            x1 = max(x1, last + 1)
            y0 = min(y0, y)
            y1 = y + 1
          }
        }
        if x0 < x1 { box = (x0, y0, x1, y1) }
      }
    }
    return box
  }

  /// The radii of three box blurs whose succession approximates a Gaussian of standard
  /// deviation `sigma` pixels (boxes of odd widths `wl` and `wl + 2`, mixed so that the summed
  /// variances match 12σ²); all 0 for a blur under about half a pixel.
  static func boxRadii(sigma: Double) -> [Int] {
    guard sigma > 0, sigma.isFinite else { return [0, 0, 0] }
    let s = min(sigma, 1e5)
    let ideal = (12 * s * s / 3 + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower.isMultiple(of: 2) { lower -= 1 }
    let l = Double(lower)
    let mIdeal = (12 * s * s - 3 * l * l - 12 * l - 9) / (-4 * l - 4)
    let m = Int(mIdeal.rounded())
    return (0..<3).map { i in ((i < m ? lower : lower + 2) - 1) / 2 }
  }

  /// A box blur of radius `radius` along each row (zero outside the plane).
  private static func boxRows(
    _ src: [Float], into dst: inout [Float], width w: Int, height h: Int, radius r: Int
  ) {
    let scale = 1 / Double(2 * r + 1)
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer { d in
        for y in 0..<h {
          let row = y * w
          var sum = 0.0
          for i in 0..<min(r, w) { sum += Double(s[row + i]) }
          for x in 0..<w {
            let add = x + r
            if add < w { sum += Double(s[row + add]) }
            d[row + x] = Float(max(sum, 0) * scale)
            let drop = x - r
            if drop >= 0 { sum -= Double(s[row + drop]) }
          }
        }
      }
    }
  }

  /// A box blur of radius `radius` along each column (zero outside the plane), row by row with
  /// one running sum per column.
  private static func boxColumns(
    _ src: [Float], into dst: inout [Float], width w: Int, height h: Int, radius r: Int,
    sums: inout [Double]
  ) {
    let scale = 1 / Double(2 * r + 1)
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer { d in
        sums.withUnsafeMutableBufferPointer { acc in
          for x in 0..<w { acc[x] = 0 }
          for y in 0..<min(r, h) {
            for x in 0..<w { acc[x] += Double(s[y * w + x]) }
          }
          for y in 0..<h {
            let add = y + r
            if add < h {
              for x in 0..<w { acc[x] += Double(s[add * w + x]) }
            }
            for x in 0..<w { d[y * w + x] = Float(max(acc[x], 0) * scale) }
            let drop = y - r
            if drop >= 0 {
              for x in 0..<w { acc[x] -= Double(s[drop * w + x]) }
            }
          }
        }
      }
    }
  }
}
