import Testing

@testable import Core

@Suite("Shape drawing")
struct ShapeDrawingTests {
  /// The sum of alpha over a canvas with `shape` drawn in white, its path in pixels.
  static func inked(_ shape: ShapeProperties, size: Int = 200) -> Double {
    var canvas = Canvas(width: size, height: size, fill: .clear)
    canvas.drawShape(shape, transform: Projective2D(Affine2D.identity), opacity: 1)
    var sum = 0.0
    for i in stride(from: 3, to: canvas.pixels.count, by: 4) { sum += Double(canvas.pixels[i]) }
    return sum
  }

  static func stroke(
    _ path: ShapePath, width: Double, change: (inout ShapeProperties) -> Void = { _ in }
  )
    -> ShapeProperties
  {
    var s = ShapeProperties()
    s.path = path
    s.fillColor = .clear
    s.strokeColor = .white
    s.lineWidth = width
    change(&s)
    return s
  }

  @Test("a stroked circle covers its annulus' area, and half a strokeEnd half of it")
  func halfStrokeEnd() {
    let circle = ShapePath([.ellipse(in: Rect(20, 20, 160, 160))])
    let whole = Self.inked(Self.stroke(circle, width: 6))
    let half = Self.inked(Self.stroke(circle, width: 6) { $0.strokeEnd = 0.5 })
    let quarter = Self.inked(
      Self.stroke(circle, width: 6) {
        $0.strokeStart = 0.25
        $0.strokeEnd = 0.5
      })
    // 2π × 80 × 6 by hand; the flattened circle is a hair shorter.
    #expect(abs(whole - 2 * Double.pi * 80 * 6) / whole < 0.005)
    #expect(abs(half / whole - 0.5) < 0.005)
    #expect(abs(quarter / whole - 0.25) < 0.005)
  }

  @Test("non-zero fills a self-overlap, even-odd leaves it empty")
  func fillRules() {
    let path = ShapePath([.rect(Rect(10, 10, 40, 40)), .rect(Rect(30, 30, 40, 40))])
    for (rule, area) in [(FillRule.nonZero, 2800.0), (.evenOdd, 2400.0)] {
      var s = ShapeProperties()
      s.path = path
      s.fillColor = .white
      s.fillRule = rule
      #expect(abs(Self.inked(s) - area) < 1e-3, "\(rule)")
    }
  }

  @Test("caps lengthen an open stroke by half its width at each end, as worked out by hand")
  func caps() {
    let line = ShapePath([.move(to: Point(20, 50)), .line(to: Point(80, 50))])
    let cases: [(LineCap, Double)] = [
      (.butt, 60 * 4), (.square, 64 * 4), (.round, 60 * 4 + Double.pi * 4),
    ]
    for (cap, area) in cases {
      let got = Self.inked(Self.stroke(line, width: 4) { $0.lineCap = cap })
      // The round cap's disk is a 32-gon: 0.6 % short of π r².
      #expect(abs(got - area) < 0.1, "\(cap): \(got)")
    }
  }

  @Test("dashes paint only their on lengths, from the phase")
  func dashes() {
    let line = ShapePath([.move(to: Point(0, 50)), .line(to: Point(100, 50))])
    let cases: [([Double], Double, Double)] = [
      ([10, 10], 0, 5 * 10 * 2), ([10], 0, 5 * 10 * 2), ([10, 10], 5, (5 + 4 * 10 + 5) * 2),
      ([30, 10], 0, (30 + 30 + 20) * 2), ([0, 0], 0, 100 * 2),
    ]
    for (pattern, phase, area) in cases {
      let got = Self.inked(
        Self.stroke(line, width: 2) {
          $0.lineDashPattern = pattern
          $0.lineDashPhase = phase
        })
      #expect(abs(got - area) < 1e-3, "\(pattern) phase \(phase): \(got)")
    }
  }

  @Test("a miter join beyond miterLimit is beveled")
  func miterLimit() {
    // A right angle: the miter adds a (w/2)² square, a bevel half of it.
    let corner = ShapePath([
      .move(to: Point(20, 100)), .line(to: Point(100, 100)), .line(to: Point(100, 20)),
    ])
    let miter = Self.inked(Self.stroke(corner, width: 10))
    let bevel = Self.inked(Self.stroke(corner, width: 10) { $0.miterLimit = 1.2 })
    #expect(abs(miter - bevel - 12.5) < 0.01)
  }

  @Test("the same shape gives the same bytes twice")
  func deterministic() {
    let s = Self.stroke(ShapePath([.ellipse(in: Rect(10, 10, 170, 90))]), width: 7) {
      $0.lineDashPattern = [6, 3]
      $0.lineCap = .round
    }
    var a = Canvas(width: 200, height: 200)
    var b = Canvas(width: 200, height: 200)
    a.drawShape(s, transform: Projective2D(Affine2D.identity), opacity: 1)
    b.drawShape(s, transform: Projective2D(Affine2D.identity), opacity: 1)
    #expect(a.pixels == b.pixels)
  }

  @Test(
    "path values read and print in one form",
    arguments: [
      "path(moveTo 10,50 lineTo 40,80 close)", "ellipse(0,0,100,50)", "rect(1,2,3,4)",
      "path(moveTo 0,0 quadTo 5,5 10,0 curveTo 1,2 3,4 5,6 arc 5,5 3 0 1.5 clockwise)", "none",
    ])
  func pathValues(text: String) throws {
    let v = try PropertyKind.path.parse(text)
    #expect(ValueFormatting.value(v) == text)
  }

  @Test("a path animates point by point only between the same element lists")
  func pathComponents() throws {
    let a = try PropertyKind.path.parse("path(moveTo 0,0 lineTo 10,0)")
    let b = try PropertyKind.path.parse("path(moveTo 0,10 lineTo 20,10)")
    let c = try PropertyKind.path.parse("ellipse(0,0,4,4)")
    let mid = VectorMath.lerp(a.components ?? [], b.components ?? [], 0.5)
    #expect(
      a.withComponents(mid) == .path(ShapePath([.move(to: Point(0, 5)), .line(to: Point(15, 5))])))
    let mixed = VectorMath.lerp(a.components ?? [], c.components ?? [], 0.5)
    #expect(a.withComponents(mixed) == nil)
  }

  @Test(
    "lists read in square brackets", arguments: [("[6, 3]", [6.0, 3]), ("[]", []), ("none", [])])
  func lists(text: String, values: [Double]) throws {
    #expect(try PropertyKind.numberList(0...1e9).parse(text) == .numbers(values))
  }
}
