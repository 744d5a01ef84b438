/// CAKeyframeAnimation's `path` (docs/semantics.md, "Keyframes"): a CGPath the animated point
/// follows, as its elements (`move(to:)`, `addLine(to:)`, curves, arcs, ellipses, rects,
/// `closeSubpath()`), flattened into segments for evaluation.
///
/// Every element but a move becomes one or more segments (an arc becomes Bézier pieces of at
/// most a quarter turn, an ellipse four, a rect three lines and its close). The path's keyframe
/// points are the start of the first segment and the end of every segment, so a path of n
/// segments has n + 1 keyframes. A move takes no time: the point jumps to the next segment's
/// start. The segment parameter `u` runs from 0 to n: segment i is `u` in [i, i + 1].
package struct KeyframePath: Sendable, Equatable {
  /// An element as written (what `export` writes back).
  package enum Element: Sendable, Equatable, Hashable {
    case move(to: Point)
    case line(to: Point)
    case quad(control: Point, to: Point)
    case curve(control1: Point, control2: Point, to: Point)
    /// CGPath's `addArc(center:radius:startAngle:endAngle:clockwise:)`: angles in radians
    /// measured from +x towards +y; `clockwise` makes the angle decrease (as CGPath's flag:
    /// on a y-down screen, as on iOS, such an arc turns counterclockwise).
    case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
    /// `addEllipse(in:)`: a new closed subpath from (maxX, midY), angle increasing.
    case ellipse(in: Rect)
    /// `addRect(_:)`: a new closed subpath from (minX, minY) along +x first.
    case rect(Rect)
    /// `closeSubpath()`: a line back to the subpath's start (none when already there).
    case close
  }

  /// A line, or a cubic Bézier (a quadratic is raised to a cubic, which is the same curve
  /// with the same parameterisation).
  struct Segment: Sendable, Equatable {
    package let start: Point
    package let controls: (Point, Point)?
    package let end: Point

    /// A quadratic Bézier from `p0` through control `c` to `p`, as the cubic with the same
    /// curve (its controls two thirds of the way to `c`), exactly as CGPath raises it.
    package static func quadratic(from p0: Point, control c: Point, to p: Point) -> Segment {
      Segment(
        start: p0,
        controls: (
          Point(p0.x + 2 * (c.x - p0.x) / 3, p0.y + 2 * (c.y - p0.y) / 3),
          Point(p.x + 2 * (c.x - p.x) / 3, p.y + 2 * (c.y - p.y) / 3)
        ), end: p)
    }

    package static func == (a: Segment, b: Segment) -> Bool {
      a.start == b.start && a.end == b.end && a.controls?.0 == b.controls?.0
        && a.controls?.1 == b.controls?.1
    }

    /// The point at s in [0, 1].
    func point(_ s: Double) -> Point {
      guard let (c1, c2) = controls else {
        return Point(start.x + (end.x - start.x) * s, start.y + (end.y - start.y) * s)
      }
      let r = 1 - s
      let a = r * r * r
      let b = 3 * r * r * s
      let c = 3 * r * s * s
      let d = s * s * s
      return Point(
        a * start.x + b * c1.x + c * c2.x + d * end.x,
        a * start.y + b * c1.y + c * c2.y + d * end.y)
    }

    /// The derivative at s in [0, 1].
    func derivative(_ s: Double) -> Point {
      guard let (c1, c2) = controls else { return Point(end.x - start.x, end.y - start.y) }
      let r = 1 - s
      let a = 3 * r * r
      let b = 6 * r * s
      let c = 3 * s * s
      return Point(
        a * (c1.x - start.x) + b * (c2.x - c1.x) + c * (end.x - c2.x),
        a * (c1.y - start.y) + b * (c2.y - c1.y) + c * (end.y - c2.y))
    }
  }

  /// An element that cannot be added: a line or curve with no current point.
  package struct Failure: Error, Sendable, Equatable {
    /// The index of the element in `elements`.
    package let element: Int
    package let message: String
  }

  /// The elements as given.
  package let elements: [Element]
  /// The segments, in order.
  let segments: [Segment]
  /// The keyframe points: the first segment's start, then every segment's end (the last move's
  /// point alone when there are no segments).
  package let points: [Point]
  /// The arc-length table: segment parameters and the path length travelled up to each.
  private let tableU: [Double]
  private let tableLength: [Double]

  /// (choice) Curves are measured by 32 chords each.
  static let chordsPerCurve = 32

  /// Builds a path; fails on a line, curve or close with no current point (CGPath needs a
  /// `move(to:)` first; arcs, ellipses and rects start their own subpath).
  package init(_ elements: [Element]) throws(Failure) {
    self.elements = elements
    var segments: [Segment] = []
    var current: Point?
    var subpathStart: Point?
    var lastMove: Point?
    func add(_ s: Segment) {
      segments.append(s)
      current = s.end
    }
    for (index, element) in elements.enumerated() {
      func from() throws(Failure) -> Point {
        guard let current else {
          throw Failure(element: index, message: "no current point: start the path with moveTo")
        }
        return current
      }
      switch element {
      case .move(let p):
        current = p
        subpathStart = p
        lastMove = p
      case .line(let p):
        add(Segment(start: try from(), controls: nil, end: p))
      case .quad(let c, let p):
        add(Segment.quadratic(from: try from(), control: c, to: p))
      case .curve(let c1, let c2, let p):
        add(Segment(start: try from(), controls: (c1, c2), end: p))
      case .arc(let center, let radius, let a0, let a1, let clockwise):
        let start = Point(
          center.x + radius * CoreMath.cos(a0), center.y + radius * CoreMath.sin(a0))
        if let p = current {
          if p != start { add(Segment(start: p, controls: nil, end: start)) }
        } else {
          current = start
          subpathStart = start
          lastMove = start
        }
        let sweep = Self.sweep(from: a0, to: a1, clockwise: clockwise)
        for s in Self.arcSegments(
          center: center, rx: radius, ry: radius, from: a0, sweep: sweep, start: start)
        {
          add(s)
        }
      case .ellipse(let r):
        let center = r.center
        let start = Point(r.origin.x + r.size.width, center.y)
        current = start
        subpathStart = start
        lastMove = start
        for s in Self.arcSegments(
          center: center, rx: r.size.width / 2, ry: r.size.height / 2, from: 0,
          sweep: 2 * CoreMath.pi,
          start: start)
        {
          add(s)
        }
        current = start
      case .rect(let r):
        let x0 = r.origin.x
        let y0 = r.origin.y
        let x1 = x0 + r.size.width
        let y1 = y0 + r.size.height
        current = Point(x0, y0)
        subpathStart = current
        lastMove = current
        add(Segment(start: Point(x0, y0), controls: nil, end: Point(x1, y0)))
        add(Segment(start: Point(x1, y0), controls: nil, end: Point(x1, y1)))
        add(Segment(start: Point(x1, y1), controls: nil, end: Point(x0, y1)))
        add(Segment(start: Point(x0, y1), controls: nil, end: Point(x0, y0)))
      case .close:
        let p = try from()
        if let s = subpathStart, s != p { add(Segment(start: p, controls: nil, end: s)) }
      }
    }
    self.segments = segments
    if let first = segments.first {
      points = [first.start] + segments.map(\.end)
    } else {
      points = lastMove.map { [$0] } ?? []
    }
    var us = [0.0]
    var lengths = [0.0]
    var total = 0.0
    for (i, s) in segments.enumerated() {
      let chords = s.controls == nil ? 1 : Self.chordsPerCurve
      var previous = s.start
      for j in 1...chords {
        let f = Double(j) / Double(chords)
        let p = s.point(f)
        total += VectorMath.distance([previous.x, previous.y], [p.x, p.y])
        us.append(Double(i) + f)
        lengths.append(total)
        previous = p
      }
    }
    tableU = us
    tableLength = lengths
  }

  /// The signed sweep of an arc, as CGPath draws it: increasing angles unless `clockwise`,
  /// less than a whole turn except when the angles are a whole turn or more apart.
  static func sweep(from a0: Double, to a1: Double, clockwise: Bool) -> Double {
    let turn = 2 * CoreMath.pi
    var d = a1 - a0
    guard d.isFinite else { return 0 }
    if clockwise {
      if d <= -turn { return -turn }
      if d > 0 { d = d.truncatingRemainder(dividingBy: turn) - turn }
    } else {
      if d >= turn { return turn }
      if d < 0 { d = d.truncatingRemainder(dividingBy: turn) + turn }
    }
    return d
  }

  /// Bézier pieces of at most a quarter turn approximating an elliptic arc (each piece's ends on
  /// the ellipse; handles 4/3·tan(θ/4) of the radii long).
  static func arcSegments(
    center c: Point, rx: Double, ry: Double, from a0: Double, sweep: Double, start: Point
  ) -> [Segment] {
    guard sweep != 0 else { return [] }
    let pieces = max(1, Int((abs(sweep) / (CoreMath.pi / 2) - 1e-9).rounded(.up)))
    let theta = sweep / Double(pieces)
    let k = 4.0 / 3.0 * CoreMath.sin(theta / 4) / CoreMath.cos(theta / 4)
    var out: [Segment] = []
    var p0 = start
    for i in 0..<pieces {
      let a = a0 + theta * Double(i)
      let b = a + theta
      let (ca, sa) = (CoreMath.cos(a), CoreMath.sin(a))
      let (cb, sb) = (CoreMath.cos(b), CoreMath.sin(b))
      let p1 = Point(c.x + rx * cb, c.y + ry * sb)
      out.append(
        Segment(
          start: p0,
          controls: (
            Point(p0.x - k * rx * sa, p0.y + k * ry * ca),
            Point(p1.x + k * rx * sb, p1.y - k * ry * cb)
          ), end: p1))
      p0 = p1
    }
    return out
  }

  /// The segment and the position in it for segment parameter u (clamped to [0, n]).
  private func locate(_ u: Double) -> (Segment, Double)? {
    guard !segments.isEmpty else { return nil }
    let n = segments.count
    let u = VectorMath.clamp(u.isNaN ? 0 : u, 0, Double(n))
    let i = min(Int(u.rounded(.down)), n - 1)
    return (segments[i], u - Double(i))
  }

  /// The point at segment parameter u (the start of segment i at u = i).
  package func point(at u: Double) -> Point {
    guard let (s, f) = locate(u) else { return points.first ?? .zero }
    return s.point(f)
  }

  /// The direction of travel at segment parameter u, in radians from +x towards +y (0 along
  /// +x; π/2 down a y-down screen). Where the curve stops (a handle on its end point), the
  /// direction of the chord around u; 0 on a path of no length.
  func tangentAngle(at u: Double) -> Double {
    guard let (s, f) = locate(u) else { return 0 }
    var d = s.derivative(f)
    if abs(d.x) + abs(d.y) < 1e-12 {
      let a = s.point(max(f - 1e-4, 0))
      let b = s.point(min(f + 1e-4, 1))
      d = Point(b.x - a.x, b.y - a.y)
    }
    if abs(d.x) + abs(d.y) < 1e-12 { d = Point(s.end.x - s.start.x, s.end.y - s.start.y) }
    if abs(d.x) + abs(d.y) < 1e-12 { return 0 }
    return CoreMath.atan2(d.y, d.x)
  }

  /// The total length (curves measured by chords).
  package var length: Double { tableLength.last ?? 0 }

  /// The segment parameter a fraction `f` of the length along (constant speed); f scales u
  /// evenly on a path of no length.
  package func parameter(atLengthFraction f: Double) -> Double {
    let f = VectorMath.clamp(f.isNaN ? 0 : f, 0, 1)
    guard length > 0 else { return f * Double(segments.count) }
    let target = f * length
    // The last index with tableLength[j] <= target.
    var lo = 0
    var hi = tableLength.count
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if tableLength[mid] <= target { lo = mid } else { hi = mid }
    }
    guard lo + 1 < tableLength.count else { return tableU[lo] }
    let span = tableLength[lo + 1] - tableLength[lo]
    let within = span > 0 ? (target - tableLength[lo]) / span : 0
    return tableU[lo] + (tableU[lo + 1] - tableU[lo]) * within
  }

  /// The fraction of the length travelled at each keyframe point (paced key times).
  var pacedKeyTimes: [Double] {
    guard !segments.isEmpty else { return points.isEmpty ? [] : [0] }
    let n = segments.count
    guard length > 0 else { return (0...n).map { Double($0) / Double(n) } }
    var out: [Double] = []
    for (j, u) in tableU.enumerated() where u == u.rounded(.down) {
      out.append(tableLength[j] / length)
    }
    out[out.count - 1] = 1
    return out
  }
}

/// CAKeyframeAnimation's `rotationMode`: whether a layer moving along a path turns with it.
package enum RotationMode: String, Sendable, CaseIterable, AppleEnumeration {
  /// `kCAAnimationRotateAuto`: the layer's x axis along the path's tangent.
  case rotateAuto
  /// `kCAAnimationRotateAutoReverse`: the tangent plus π.
  case rotateAutoReverse

  package static let constantNames = ConstantNames(
    swiftType: "CAAnimationRotationMode", objcPrefix: "kCAAnimation",
    aliases: ["auto": "rotateAuto", "autoReverse": "rotateAutoReverse"])
}
