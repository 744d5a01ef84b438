/// CAShapeLayer's drawing (docs/semantics.md, "Shape layers"): the path is flattened into
/// polylines, a stroke is turned into polygons (a quad per piece, joins, caps, after
/// strokeStart/strokeEnd and the dash pattern cut it), and fills and strokes are rasterised by
/// exact-area coverage accumulation: each edge adds the signed area it covers to the pixels it
/// crosses and a running sum along each row gives every pixel its winding coverage, to which the
/// fill rule is applied. The coverage is blended through the canvas's source-over like every
/// other layer's drawing. Pure and deterministic: the same path gives the same bytes.
enum ShapeDrawing {
  /// A flattened subpath, in the layer's coordinates.
  struct Polyline: Sendable, Equatable {
    package var points: [Point]
    package var closed: Bool
  }

  // MARK: - Flattening

  /// The straight pieces a curve whose control polygon is `length` long on screen is cut into:
  /// about one per 2 pixels, at most `Limits.maxCurvePieces`.
  static func pieces(forScreenLength length: Double) -> Int {
    guard length.isFinite, length > 0 else { return 1 }
    return Int(min(max((length / 2).rounded(.up), 1), Double(Limits.maxCurvePieces)))
  }

  /// The path's subpaths as polylines; `scale` is pixels per layer point (how finely curves are
  /// cut).
  static func polylines(_ path: ShapePath, scale: Double) -> [Polyline] {
    var out: [Polyline] = []
    var current: [Point] = []
    var start: Point? = nil
    func finish(closed: Bool) {
      if !current.isEmpty { out.append(Polyline(points: current, closed: closed)) }
      current = []
    }
    func addSegment(_ s: KeyframePath.Segment) {
      if current.isEmpty { current = [s.start] }
      guard let (c1, c2) = s.controls else {
        current.append(s.end)
        return
      }
      let d = { (a: Point, b: Point) in
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      }
      let n = pieces(forScreenLength: (d(s.start, c1) + d(c1, c2) + d(c2, s.end)) * scale)
      for j in 1...n { current.append(s.point(Double(j) / Double(n))) }
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        finish(closed: false)
        current = [p]
        start = p
      case .line(let p):
        if current.isEmpty, let s = start { current = [s] }
        current.append(p)
      case .quad(let c, let p):
        addSegment(
          KeyframePath.Segment.quadratic(from: current.last ?? start ?? p, control: c, to: p))
      case .curve(let c1, let c2, let p):
        addSegment(
          KeyframePath.Segment(start: current.last ?? start ?? p, controls: (c1, c2), end: p))
      case .arc(let c, let r, let a0, let a1, let cw):
        let p0 = Point(c.x + r * CoreMath.cos(a0), c.y + r * CoreMath.sin(a0))
        if current.isEmpty {
          if let s = start, s != p0 {
            current = [s, p0]
          } else {
            current = [p0]
            start = p0
          }
        } else if current.last != p0 {
          current.append(p0)
        }
        let sweep = KeyframePath.sweep(from: a0, to: a1, clockwise: cw)
        for s in KeyframePath.arcSegments(
          center: c, rx: r, ry: r, from: a0, sweep: sweep, start: p0)
        {
          addSegment(s)
        }
      case .ellipse(let r):
        finish(closed: false)
        let p0 = Point(r.origin.x + r.size.width, r.center.y)
        current = [p0]
        for s in KeyframePath.arcSegments(
          center: r.center, rx: r.size.width / 2, ry: r.size.height / 2, from: 0,
          sweep: 2 * CoreMath.pi, start: p0)
        {
          addSegment(s)
        }
        finish(closed: true)
        start = p0
      case .rect(let r):
        finish(closed: false)
        let x0 = r.origin.x
        let y0 = r.origin.y
        let x1 = x0 + r.size.width
        let y1 = y0 + r.size.height
        current = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        finish(closed: true)
        start = Point(x0, y0)
      case .close:
        finish(closed: true)
      }
    }
    finish(closed: false)
    // Repeated points carry no direction: they are dropped (a closing point equal to the start
    // too).
    return out.map { pl in
      var pts: [Point] = []
      for p in pl.points where pts.last != p { pts.append(p) }
      if pl.closed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
      return Polyline(points: pts, closed: pl.closed)
    }
  }

  // MARK: - Cutting the stroke

  static func distance(_ a: Point, _ b: Point) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
  }

  /// The point a fraction `f` of the way from `a` to `b`.
  static func lerp(_ a: Point, _ b: Point, _ f: Double) -> Point {
    Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
  }

  /// A polyline's pieces in order, the closing piece included when it is closed.
  static func edges(_ pl: Polyline) -> [(Point, Point)] {
    guard pl.points.count > 1 else { return [] }
    var out = zip(pl.points, pl.points.dropFirst()).map { ($0, $1) }
    if pl.closed, let f = pl.points.first, let l = pl.points.last { out.append((l, f)) }
    return out
  }

  /// The parts of the polylines between lengths `from` and `to` measured along all of them in
  /// order (strokeStart and strokeEnd), as open polylines; a whole closed polyline stays closed.
  package static func trim(_ lines: [Polyline], from: Double, to: Double) -> [Polyline] {
    var out: [Polyline] = []
    var travelled = 0.0
    for pl in lines {
      let es = edges(pl)
      let length = es.reduce(0) { $0 + distance($1.0, $1.1) }
      let lo = travelled
      travelled += length
      if es.isEmpty {
        // A lone point stays when it lies within the range (a zero-length stroke with caps).
        if from <= lo, lo <= to, to > from || from == 0 { out.append(pl) }
        continue
      }
      if from <= lo && travelled <= to {
        out.append(pl)
        continue
      }
      if to <= lo || from >= travelled { continue }
      var current: [Point] = []
      var at = lo
      for (a, b) in es {
        let len = distance(a, b)
        let s0 = max(from, at)
        let s1 = min(to, at + len)
        if s1 > s0 || (len == 0 && s0 == s1 && at >= from && at <= to) {
          let p0 = len > 0 && s0 > at ? lerp(a, b, (s0 - at) / len) : a
          let p1 = len > 0 && s1 < at + len ? lerp(a, b, (s1 - at) / len) : b
          if current.isEmpty { current = [p0] } else if current.last != p0 { current.append(p0) }
          if current.last != p1 { current.append(p1) }
        }
        at += len
      }
      if !current.isEmpty { out.append(Polyline(points: current, closed: false)) }
    }
    return out
  }

  /// The dashes of each polyline: `pattern` (painted, unpainted, …; an odd count repeated once
  /// more), starting `phase` into it, restarting at every subpath, as Core Graphics does. A
  /// pattern that sums to 0 or less leaves the lines solid.
  package static func dash(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
    var pat = pattern.map { max($0, 0) }
    if pat.count % 2 == 1 { pat += pat }
    let period = pat.reduce(0, +)
    guard !pat.isEmpty, period > 0, period.isFinite else { return lines }
    var out: [Polyline] = []
    for pl in lines {
      // Where in the pattern the subpath starts.
      var offset = phase.truncatingRemainder(dividingBy: period)
      if offset < 0 { offset += period }
      var index = 0
      // A dash of no length at the start stays (a dot with round caps, as Core Graphics draws).
      while offset >= pat[index] && (pat[index] > 0 || offset > 0) {
        offset -= pat[index]
        index = (index + 1) % pat.count
      }
      var left = pat[index] - offset
      var on = index % 2 == 0
      var current: [Point] = []
      for (a, b) in edges(pl) {
        let len = distance(a, b)
        var at = 0.0
        if on && current.isEmpty { current = [a] }
        while len - at > left {
          at += left
          let p = lerp(a, b, at / len)
          if on {
            current.append(p)
            out.append(Polyline(points: current, closed: false))
            current = []
          } else {
            current = [p]
          }
          on.toggle()
          index = (index + 1) % pat.count
          left = pat[index]
        }
        left -= len - at
        if on { current.append(b) }
      }
      if on, !current.isEmpty { out.append(Polyline(points: current, closed: false)) }
    }
    return out
  }

  // MARK: - Stroke polygons

  /// The polygons whose union is the stroke of `lines` `width` wide: a quad per piece, a join
  /// at every corner, a cap at each end of an open line. Each is wound the same way, so that
  /// their non-zero union is the stroke.
  static func strokePolygons(
    _ lines: [Polyline], width: Double, cap: LineCap, join: LineJoin, miterLimit: Double,
    scale: Double
  ) -> [[Point]] {
    let h = width / 2
    guard h > 0, h.isFinite else { return [] }
    var out: [[Point]] = []
    // A disk (round joins and caps): at least 8 pieces a quarter turn, so a small dot is round.
    let diskPieces = 4 * max(8, pieces(forScreenLength: CoreMath.pi / 2 * h * scale))
    func disk(_ c: Point) -> [Point] {
      (0..<diskPieces).map { i in
        let a = 2 * CoreMath.pi * Double(i) / Double(diskPieces)
        return Point(c.x + h * CoreMath.cos(a), c.y + h * CoreMath.sin(a))
      }
    }
    func unit(_ a: Point, _ b: Point) -> Point {
      let l = distance(a, b)
      return Point((b.x - a.x) / l, (b.y - a.y) / l)
    }
    func add(_ p: [Point]) { out.append(p) }
    for var pl in lines {
      // Points closer than a billionth of a point carry no direction: merged.
      var kept: [Point] = []
      for p in pl.points where kept.last.map({ distance($0, p) > 1e-9 }) ?? true { kept.append(p) }
      if pl.closed, kept.count > 1, let f = kept.first, let l = kept.last, distance(f, l) <= 1e-9 {
        kept.removeLast()
      }
      pl.points = kept
      let pts = pl.points
      if pts.count == 1 {
        // A stroke of no length: only round and square caps draw (a dot, a square on the axes).
        let p = pts[0]
        switch cap {
        case .butt: break
        case .round: add(disk(p))
        case .square:
          add([
            Point(p.x - h, p.y - h), Point(p.x + h, p.y - h), Point(p.x + h, p.y + h),
            Point(p.x - h, p.y + h),
          ])
        }
        continue
      }
      let es = edges(pl)
      for (a, b) in es {
        let d = unit(a, b)
        let n = Point(-d.y * h, d.x * h)
        add([
          Point(a.x + n.x, a.y + n.y), Point(b.x + n.x, b.y + n.y), Point(b.x - n.x, b.y - n.y),
          Point(a.x - n.x, a.y - n.y),
        ])
      }
      // Joins: between consecutive pieces, and around the closing corner of a closed line.
      var corners: [(Point, Point, Point)] = []
      for i in 1..<es.count { corners.append((es[i - 1].0, es[i].0, es[i].1)) }
      if pl.closed, es.count > 1, let last = es.last, let first = es.first {
        corners.append((last.0, first.0, first.1))
      }
      for (a, p, b) in corners {
        let d0 = unit(a, p)
        let d1 = unit(p, b)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 { continue }
        if join == .round {
          add(disk(p))
          continue
        }
        // The outer side of the turn.
        let side = cross > 0 ? -1.0 : 1.0
        let n0 = Point(-d0.y * h * side, d0.x * h * side)
        let n1 = Point(-d1.y * h * side, d1.x * h * side)
        let o0 = Point(p.x + n0.x, p.y + n0.y)
        let o1 = Point(p.x + n1.x, p.y + n1.y)
        // The miter's length over the line width is 1 / sin(φ/2), φ the angle between the
        // pieces; beyond miterLimit the corner is beveled.
        let half = ((1 + dot) / 2).squareRoot()
        if join == .miter, half > 1e-12, 1 / half <= miterLimit {
          let mx = n0.x + n1.x
          let my = n0.y + n1.y
          let ml = (mx * mx + my * my).squareRoot()
          if ml > 0 {
            let k = h / half / ml
            add([p, o0, Point(p.x + mx * k, p.y + my * k), o1])
            continue
          }
        }
        add([p, o0, o1])
      }
      if !pl.closed, let first = pts.first, let last = pts.last {
        for (end, d) in [(first, unit(pts[1], first)), (last, unit(pts[pts.count - 2], last))] {
          switch cap {
          case .butt: break
          case .round: add(disk(end))
          case .square:
            let n = Point(-d.y * h, d.x * h)
            let f = Point(end.x + d.x * h, end.y + d.y * h)
            add([
              Point(end.x + n.x, end.y + n.y), Point(f.x + n.x, f.y + n.y),
              Point(f.x - n.x, f.y - n.y), Point(end.x - n.x, end.y - n.y),
            ])
          }
        }
      }
    }
    // One winding for all, so that overlaps add up rather than cancel.
    return out.map { poly in
      var area = 0.0
      for i in poly.indices {
        let a = poly[i]
        let b = poly[(i + 1) % poly.count]
        area += a.x * b.y - b.x * a.y
      }
      return area < 0 ? poly.reversed() : poly
    }
  }
}

/// Exact-area coverage of polygons over a pixel box.
struct CoverageRaster {
  /// The box, in canvas pixels: columns x0..<x1, rows y0..<y1.
  package let x0: Int
  package let y0: Int
  package let width: Int
  package let height: Int
  /// Signed area per cell, `width + 2` a row (the last columns take what lies right of the
  /// box); after `accumulate`, each pixel's winding coverage.
  var cells: [Float]

  package init?(polygons: [[(x: Double, y: Double)]], canvasWidth: Int, canvasHeight: Int) {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for poly in polygons {
      for p in poly {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
      }
    }
    guard minX <= maxX else { return nil }
    let bx0 = Int(max(0, min(Double(canvasWidth), minX.rounded(.down))))
    let by0 = Int(max(0, min(Double(canvasHeight), minY.rounded(.down))))
    let bx1 = Int(max(0, min(Double(canvasWidth), maxX.rounded(.up))))
    let by1 = Int(max(0, min(Double(canvasHeight), maxY.rounded(.up))))
    guard bx1 > bx0, by1 > by0 else { return nil }
    x0 = bx0
    y0 = by0
    width = bx1 - bx0
    height = by1 - by0
    cells = [Float](repeating: 0, count: (width + 2) * height)
    for poly in polygons where poly.count > 2 {
      for i in poly.indices {
        let a = poly[i]
        let b = poly[(i + 1) % poly.count]
        addEdge(a.x - Double(bx0), a.y - Double(by0), b.x - Double(bx0), b.y - Double(by0))
      }
    }
    accumulate()
  }

  /// Adds an edge, split where it leaves the box sideways: what lies left of the box covers
  /// every pixel of its rows (a vertical edge at 0), what lies right of it none (at the spare
  /// column).
  private mutating func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    guard ay != by else { return }
    let w = Double(width)
    var cuts: [Double] = [0, 1]
    for edge in [0, w] where (ax - edge) * (bx - edge) < 0 {
      cuts.append((edge - ax) / (bx - ax))
    }
    cuts.sort()
    for i in 0..<(cuts.count - 1) {
      let t0 = cuts[i]
      let t1 = cuts[i + 1]
      guard t1 > t0 else { continue }
      var px = ax + (bx - ax) * t0
      var py = ay + (by - ay) * t0
      var qx = ax + (bx - ax) * t1
      var qy = ay + (by - ay) * t1
      if i == cuts.count - 2 {
        qx = bx
        qy = by
      }
      if i == 0 {
        px = ax
        py = ay
      }
      let mid = (px + qx) / 2
      if mid <= 0 {
        px = 0
        qx = 0
      } else if mid >= w {
        px = w
        qx = w
      } else {
        px = min(max(px, 0), w)
        qx = min(max(qx, 0), w)
      }
      line(px, py, qx, qy)
    }
  }

  /// One edge inside the box's columns: each row it crosses gets its signed height, spread over
  /// the pixels by the area to the edge's right.
  private mutating func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    guard ay != by else { return }
    let dir: Float = ay < by ? 1 : -1
    let (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
    let dxdy = (x1 - x0) / (y1 - y0)
    let rowWidth = width + 2
    let first = max(0, Int(y0.rounded(.down)))
    let last = min(height, Int(y1.rounded(.up)))
    guard first < last else { return }
    for row in first..<last {
      let top = max(Double(row), y0)
      let bottom = min(Double(row + 1), y1)
      guard bottom > top else { continue }
      // Within the columns (rounding may put an end a hair outside).
      let xa = min(max(x0 + (top - y0) * dxdy, 0), Double(width))
      let xb = min(max(x0 + (bottom - y0) * dxdy, 0), Double(width))
      let d = Float(bottom - top) * dir
      let lo = min(xa, xb)
      let hi = max(xa, xb)
      let base = row * rowWidth
      let loCell = Int(lo.rounded(.down))
      let hiCell = Int(hi.rounded(.up))
      if hiCell <= loCell + 1 {
        // Within one pixel: the part of the row's height left of the edge's mean x.
        let frac = Float((xa + xb) / 2 - Double(loCell))
        cells[base + loCell] += d * (1 - frac)
        cells[base + loCell + 1] += d * frac
        continue
      }
      // Across several pixels: the coverage grows linearly from lo to hi, so each pixel gets
      // the area of a trapezoid; s is the height gained per pixel of x.
      let s = 1 / (hi - lo)
      let loFrac = lo - Double(loCell)
      let hiFrac = hi - Double(hiCell - 1)
      let firstArea = 0.5 * s * (1 - loFrac) * (1 - loFrac)
      let lastArea = 0.5 * s * hiFrac * hiFrac
      cells[base + loCell] += d * Float(firstArea)
      var covered = firstArea
      var x = loCell + 1
      // Full pixels between: the covered height at their left is s × (x − lo).
      while x < hiCell - 1 {
        let a = s * (Double(x) + 0.5 - lo)
        cells[base + x] += d * Float(a - covered)
        covered = a
        x += 1
      }
      // The last pixel and the next: what is left of the row's height.
      let before = 1 - lastArea
      cells[base + hiCell - 1] += d * Float(before - covered)
      cells[base + hiCell] += d * Float(lastArea)
    }
  }

  /// Running sums along each row.
  private mutating func accumulate() {
    let rowWidth = width + 2
    for row in 0..<height {
      var sum: Float = 0
      for x in 0..<rowWidth {
        sum += cells[row * rowWidth + x]
        cells[row * rowWidth + x] = sum
      }
    }
  }

  /// A pixel's coverage (0…1) under `rule`, `x` and `y` in the box.
  package func coverage(_ x: Int, _ y: Int, evenOdd: Bool) -> Float {
    let a = abs(cells[y * (width + 2) + x])
    guard evenOdd else { return min(a, 1) }
    let m = a.truncatingRemainder(dividingBy: 2)
    return m > 1 ? 2 - m : m
  }
}

extension Canvas {
  /// Blends `color` (premultiplied) over the pixels the polygons cover, weighted by coverage.
  mutating func fill(
    polygons: [[(x: Double, y: Double)]], evenOdd: Bool, color: RGBA, blend: BlendMode = .sourceOver
  ) {
    guard color.a > 0 || blend == .additive,
      let raster = CoverageRaster(polygons: polygons, canvasWidth: width, canvasHeight: height)
    else { return }
    let w = width
    pixels.withUnsafeMutableBufferPointer { px in
      guard let base = px.baseAddress else { return }
      for y in 0..<raster.height {
        for x in 0..<raster.width {
          let c = raster.coverage(x, y, evenOdd: evenOdd)
          guard c > 0 else { continue }
          let k = min(c, 1)
          let p = base + ((raster.y0 + y) * w + raster.x0 + x) * 4
          blendPixel(p, color.r * k, color.g * k, color.b * k, color.a * k, blend)
        }
      }
    }
  }

  /// Draws a shape layer's fill then its stroke, its path in the space `m` maps to pixels.
  mutating func drawShape(_ s: ShapeProperties, transform m: Projective2D, opacity: Double) {
    guard !s.path.elements.isEmpty else { return }
    let scale = m.local(at: .zero).map { $0.determinant.magnitude.squareRoot() } ?? 1
    let lines = ShapeDrawing.polylines(s.path, scale: scale.isFinite ? scale : 1)
    func toPixels(_ polys: [[Point]]) -> [[(x: Double, y: Double)]] {
      polys.map { $0.map { m.apply(x: $0.x, y: $0.y) } }
    }
    let inside = SceneRenderer.rgba(s.fillColor, opacity: opacity)
    if inside.a > 0 {
      fill(
        polygons: toPixels(lines.filter { $0.points.count > 2 }.map(\.points)),
        evenOdd: s.fillRule == .evenOdd, color: inside)
    }
    let stroke = SceneRenderer.rgba(s.strokeColor, opacity: opacity)
    guard stroke.a > 0, s.lineWidth > 0, s.strokeEnd > s.strokeStart else { return }
    var strokes = lines
    if s.strokeStart > 0 || s.strokeEnd < 1 {
      let total = lines.reduce(0.0) { sum, pl in
        sum + ShapeDrawing.edges(pl).reduce(0) { $0 + ShapeDrawing.distance($1.0, $1.1) }
      }
      strokes = ShapeDrawing.trim(lines, from: s.strokeStart * total, to: s.strokeEnd * total)
    }
    if !s.lineDashPattern.isEmpty {
      strokes = ShapeDrawing.dash(strokes, pattern: s.lineDashPattern, phase: s.lineDashPhase)
    }
    let polys = ShapeDrawing.strokePolygons(
      strokes, width: s.lineWidth, cap: s.lineCap, join: s.lineJoin, miterLimit: s.miterLimit,
      scale: scale.isFinite ? scale : 1)
    fill(polygons: toPixels(polys), evenOdd: false, color: stroke)
  }
}
