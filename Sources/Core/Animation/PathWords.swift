/// The words of a CGPath, declared once: a keyframe animation's `path` clause
/// (`animate … path moveTo 10,50 lineTo 40,80`), a shape layer's `path` value
/// (`path(moveTo 10,50 lineTo 40,80 close)`) and its one-word shorthands (`ellipse(x,y,w,h)`,
/// `rect(x,y,w,h)`, `roundedRect(x,y,w,h,r)`) all read these forms and write them back.
package enum PathWords {
  /// An element's name and the operands that follow it.
  package struct Form: Sendable {
    package let name: String
    /// The words after the name: a point, a rect or a number (named for messages).
    package let operands: [Operand]
    /// How the element is written, for messages.
    package let usage: String
  }

  package enum Operand: Sendable {
    case point(String)
    case rect
    case number(String)
  }

  /// The word after `arc`'s numbers that makes it turn clockwise (CGPath's flag).
  package static let clockwiseWord = "clockwise"

  package static let forms: [Form] = [
    Form(name: "moveTo", operands: [.point("x,y")], usage: "moveTo x,y"),
    Form(name: "lineTo", operands: [.point("x,y")], usage: "lineTo x,y"),
    Form(
      name: "quadTo", operands: [.point("cx,cy"), .point("x,y")], usage: "quadTo cx,cy x,y"),
    Form(
      name: "curveTo", operands: [.point("c1x,c1y"), .point("c2x,c2y"), .point("x,y")],
      usage: "curveTo c1x,c1y c2x,c2y x,y"),
    Form(
      name: "arc",
      operands: [.point("cx,cy"), .number("radius"), .number("start angle"), .number("end angle")],
      usage: "arc cx,cy r a0 a1 [clockwise]"),
    Form(name: "ellipse", operands: [.rect], usage: "ellipse x,y,w,h"),
    Form(name: "rect", operands: [.rect], usage: "rect x,y,w,h"),
    Form(name: "close", operands: [], usage: "close"),
  ]

  package static let elementNames = forms.map(\.name)

  /// The word of a whole path value: `path(ELEMENT …)`.
  static let pathWord = "path"
  /// The one-word shorthands a path value may also be written as.
  package static let shorthandWords = ["ellipse", "rect", roundedRectWord]
  /// The shorthand of `UIBezierPath(roundedRect:cornerRadius:)`: `roundedRect(x,y,w,h,r)`.
  package static let roundedRectWord = "roundedRect"

  /// The element `name` makes from its operands' numbers (each operand's numbers in order).
  package static func element(_ name: String, _ v: [[Double]], clockwise: Bool)
    -> KeyframePath.Element
  {
    func p(_ i: Int) -> Point { Point(v[i][0], v[i][1]) }
    func r(_ i: Int) -> Rect { Rect(v[i][0], v[i][1], v[i][2], v[i][3]) }
    switch name {
    case "moveTo": return .move(to: p(0))
    case "lineTo": return .line(to: p(0))
    case "quadTo": return .quad(control: p(0), to: p(1))
    case "curveTo": return .curve(control1: p(0), control2: p(1), to: p(2))
    case "arc":
      return .arc(center: p(0), radius: v[1][0], start: v[2][0], end: v[3][0], clockwise: clockwise)
    case "ellipse": return .ellipse(in: r(0))
    case "rect": return .rect(r(0))
    default: return .close
    }
  }

  /// The range an operand's numbers lie in (a radius is not negative).
  package static func range(of operand: Operand) -> ClosedRange<Double> {
    if case .number("radius") = operand { return 0...Limits.maxMagnitude }
    return -Limits.maxMagnitude...Limits.maxMagnitude
  }

  /// An element as its words (`lineTo 40,80`), numbers printed by `print`.
  package static func words(_ e: KeyframePath.Element, _ print: (Double) -> String) -> [String] {
    func p(_ q: Point) -> String { "\(print(q.x)),\(print(q.y))" }
    func r(_ q: Rect) -> String {
      "\(print(q.origin.x)),\(print(q.origin.y)),\(print(q.size.width)),\(print(q.size.height))"
    }
    switch e {
    case .move(let to): return ["moveTo", p(to)]
    case .line(let to): return ["lineTo", p(to)]
    case .quad(let c, let to): return ["quadTo", p(c), p(to)]
    case .curve(let c1, let c2, let to): return ["curveTo", p(c1), p(c2), p(to)]
    case .arc(let c, let radius, let a0, let a1, let cw):
      return ["arc", p(c), print(radius), print(a0), print(a1)] + (cw ? [clockwiseWord] : [])
    case .ellipse(let rect): return ["ellipse", r(rect)]
    case .rect(let rect): return ["rect", r(rect)]
    case .close: return ["close"]
    }
  }

  /// The elements of `UIBezierPath(roundedRect:cornerRadius:)`: from the top edge's left end,
  /// clockwise on screen, each corner a quarter arc of radius min(r, w/2, h/2); a plain rect
  /// when the radius is 0.
  package static func roundedRect(_ rect: Rect, radius: Double) -> [KeyframePath.Element] {
    let w = abs(rect.size.width)
    let h = abs(rect.size.height)
    let x0 = min(rect.origin.x, rect.origin.x + rect.size.width)
    let y0 = min(rect.origin.y, rect.origin.y + rect.size.height)
    let r = max(0, min(radius, w / 2, h / 2))
    guard r > 0 else { return [.rect(Rect(x0, y0, w, h))] }
    let x1 = x0 + w
    let y1 = y0 + h
    let q = CoreMath.pi / 2
    return [
      .move(to: Point(x0 + r, y0)),
      .line(to: Point(x1 - r, y0)),
      .arc(center: Point(x1 - r, y0 + r), radius: r, start: -q, end: 0, clockwise: false),
      .line(to: Point(x1, y1 - r)),
      .arc(center: Point(x1 - r, y1 - r), radius: r, start: 0, end: q, clockwise: false),
      .line(to: Point(x0 + r, y1)),
      .arc(center: Point(x0 + r, y1 - r), radius: r, start: q, end: 2 * q, clockwise: false),
      .line(to: Point(x0, y0 + r)),
      .arc(center: Point(x0 + r, y0 + r), radius: r, start: 2 * q, end: 3 * q, clockwise: false),
      .close,
    ]
  }
}

/// A CGPath as a property value (`CAShapeLayer.path`): its elements as written. The empty path
/// is nil's (draws nothing).
package struct ShapePath: Sendable, Equatable, Hashable {
  package var elements: [KeyframePath.Element]

  package init(_ elements: [KeyframePath.Element] = []) { self.elements = elements }

  package static let empty = ShapePath()

  /// The element kinds in order, which two paths must share to be animated point by point.
  package var signature: [Int] { elements.map(Self.code) }

  static func code(_ e: KeyframePath.Element) -> Int {
    switch e {
    case .move: return 1
    case .line: return 2
    case .quad: return 3
    case .curve: return 4
    case .arc(_, _, _, _, let cw): return cw ? 6 : 5
    case .ellipse: return 7
    case .rect: return 8
    case .close: return 9
    }
  }

  /// The numbers of each element, in order, each element's preceded by its kind's code, so
  /// that an animation between paths whose element lists differ is seen (a code between two
  /// codes) and not drawn as a mixture (`PropertyValue.withComponents`).
  package var components: [Double] {
    var out: [Double] = []
    for e in elements {
      out.append(Double(Self.code(e)))
      switch e {
      case .move(let p), .line(let p): out += [p.x, p.y]
      case .quad(let c, let p): out += [c.x, c.y, p.x, p.y]
      case .curve(let c1, let c2, let p): out += [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
      case .arc(let c, let r, let a0, let a1, _): out += [c.x, c.y, r, a0, a1]
      case .ellipse(let r), .rect(let r):
        out += [r.origin.x, r.origin.y, r.size.width, r.size.height]
      case .close: break
      }
    }
    return out
  }

  /// The path these components make (see `components`); nil when a code is not a kind's (two
  /// paths of different elements, part-way through an animation) or the count does not fit.
  package init?(components v: [Double]) {
    var out: [KeyframePath.Element] = []
    var i = 0
    func take(_ n: Int) -> [Double]? {
      guard i + n <= v.count else { return nil }
      defer { i += n }
      return Array(v[i..<i + n])
    }
    while i < v.count {
      // Equal codes stay equal under every interpolation but for rounding (cubic keyframes
      // weigh them), so a code within 1e-6 of a kind's is that kind.
      let code = v[i].rounded()
      guard abs(v[i] - code) < 1e-6, abs(code) < 100 else { return nil }
      i += 1
      let counts = [1: 2, 2: 2, 3: 4, 4: 6, 5: 5, 6: 5, 7: 4, 8: 4, 9: 0]
      guard let n = counts[Int(code)], let x = take(n) else { return nil }
      switch Int(code) {
      case 1: out.append(.move(to: Point(x[0], x[1])))
      case 2: out.append(.line(to: Point(x[0], x[1])))
      case 3: out.append(.quad(control: Point(x[0], x[1]), to: Point(x[2], x[3])))
      case 4:
        out.append(
          .curve(control1: Point(x[0], x[1]), control2: Point(x[2], x[3]), to: Point(x[4], x[5])))
      case 5, 6:
        out.append(
          .arc(
            center: Point(x[0], x[1]), radius: max(x[2], 0), start: x[3], end: x[4],
            clockwise: code == 6))
      case 7: out.append(.ellipse(in: Rect(x[0], x[1], x[2], x[3])))
      case 8: out.append(.rect(Rect(x[0], x[1], x[2], x[3])))
      default: out.append(.close)
      }
    }
    self.elements = out
  }
}

extension ShapePath {
  /// The path of a rect with rounded corners, as `roundedRect(x,y,w,h,r)` reads it: the elements
  /// `UIBezierPath(roundedRect:cornerRadius:)` makes (`PathWords.roundedRect`), a plain rect for
  /// a radius of 0.
  package init(roundRect r: RoundRect) {
    self.init(PathWords.roundedRect(r.rect, radius: r.radius))
  }

  /// The rect (radius 0) or rounded rect this path is exactly, as `init(roundRect:)` makes it;
  /// the empty path is the zero rect (nil's, as the old `shadowPath` spelling 0,0,0,0 was).
  /// nil for any other path. Used to print and export a path in its short form and for the
  /// fields `x`, `y`, `width`, `height` and `radius`.
  package var roundRect: RoundRect? {
    switch elements.count {
    case 0: return .zero
    case 1:
      guard case .rect(let r) = elements[0] else { return nil }
      return RoundRect(r)
    case 10:
      // The top edge starts at (x0 + r, y0) and the second corner is centred at
      // (x1 − r, y1 − r): x0, y0, x1, y1 and r, checked by rebuilding the elements exactly.
      guard case .move(let start) = elements[0],
        case .arc(_, let radius, _, _, _) = elements[2],
        case .arc(let far, _, _, _, _) = elements[4]
      else { return nil }
      let x0 = start.x - radius
      let y0 = start.y
      let candidate = RoundRect(
        Rect(x0, y0, far.x + radius - x0, far.y + radius - y0), radius: radius)
      return PathWords.roundedRect(candidate.rect, radius: radius) == elements ? candidate : nil
    default: return nil
    }
  }
}
