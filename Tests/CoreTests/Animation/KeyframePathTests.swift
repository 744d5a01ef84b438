import Testing

@testable import Core

/// The 100-point square from the origin along +x, then down (+y), closed.
private let square: [KeyframePath.Element] = [
  .move(to: Point(0, 0)), .line(to: Point(100, 0)), .line(to: Point(100, 100)),
  .line(to: Point(0, 100)), .close,
]

/// Two edges of unequal length: 300 along +x, then 100 down.
private let ell: [KeyframePath.Element] = [
  .move(to: Point(0, 0)), .line(to: Point(300, 0)), .line(to: Point(300, 100)),
]

private func curve(
  _ elements: [KeyframePath.Element], mode: KeyframeCurve.CalculationMode = .linear,
  keyTimes: [Double]? = nil, rotation: RotationMode? = nil
) throws -> KeyframeCurve {
  KeyframeCurve(
    values: [[7, 7]], keyTimes: keyTimes, mode: mode, path: try KeyframePath(elements),
    rotationMode: rotation)
}

private func distance(_ a: [Double], _ b: [Double]) -> Double {
  zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
}

@Suite("CAKeyframeAnimation.path: moving along a CGPath")
struct KeyframePathTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let elements: [KeyframePath.Element]
    let mode: KeyframeCurve.CalculationMode
    /// Seconds of a 4 s animation, and the position there.
    let time: Double
    let expected: [Double]
    var testDescription: String { "\(name) \(mode) at \(time) s" }
  }

  @Test(
    "linear gives each segment an equal share; paced moves at constant speed",
    arguments: [
      Case(name: "square", elements: square, mode: .linear, time: 0.5, expected: [50, 0]),
      Case(name: "square", elements: square, mode: .linear, time: 1, expected: [100, 0]),
      Case(name: "square", elements: square, mode: .linear, time: 2, expected: [100, 100]),
      Case(name: "square", elements: square, mode: .linear, time: 3.5, expected: [0, 50]),
      Case(name: "square", elements: square, mode: .linear, time: 4, expected: [0, 0]),
      Case(name: "square", elements: square, mode: .paced, time: 0.5, expected: [50, 0]),
      Case(name: "square", elements: square, mode: .cubicPaced, time: 1, expected: [100, 0]),
      // 300 then 100 points: linear spends 2 s on each edge, paced 3 s and 1 s.
      Case(name: "ell", elements: ell, mode: .linear, time: 1, expected: [150, 0]),
      Case(name: "ell", elements: ell, mode: .linear, time: 2, expected: [300, 0]),
      Case(name: "ell", elements: ell, mode: .linear, time: 3, expected: [300, 50]),
      Case(name: "ell", elements: ell, mode: .paced, time: 1, expected: [100, 0]),
      Case(name: "ell", elements: ell, mode: .paced, time: 2, expected: [200, 0]),
      Case(name: "ell", elements: ell, mode: .paced, time: 3.5, expected: [300, 50]),
      Case(name: "ell", elements: ell, mode: .cubic, time: 3, expected: [300, 50]),
      // Discrete holds each of the 3 points for a third of the time.
      Case(name: "ell", elements: ell, mode: .discrete, time: 1.2, expected: [0, 0]),
      Case(name: "ell", elements: ell, mode: .discrete, time: 1.4, expected: [300, 0]),
      Case(name: "ell", elements: ell, mode: .discrete, time: 3, expected: [300, 100]),
    ])
  func positionsAlongThePath(c: Case) throws {
    let v = try curve(c.elements, mode: c.mode).value(at: c.time / 4)
    #expect(distance(v, c.expected) < 1e-9, "\(v)")
  }

  @Test("keyTimes give the time of each path point (paced ignores them)")
  func keyTimesPerPoint() throws {
    let keys = [0, 0.1, 0.2, 0.3, 1]
    let linear = try curve(square, keyTimes: keys)
    #expect(linear.warnings.isEmpty, "\(linear.warnings)")
    #expect(distance(linear.value(at: 0.1), [100, 0]) < 1e-9)
    #expect(distance(linear.value(at: 0.65), [0, 50]) < 1e-9)
    let paced = try curve(square, mode: .paced, keyTimes: keys)
    #expect(distance(paced.value(at: 0.25), [100, 0]) < 1e-9)
    let wrong = try curve(square, keyTimes: [0, 1])
    #expect(wrong.warnings.count == 1, "one key time per path point (5)")
  }

  @Test("curves pass through their end points at the segment boundaries")
  func curveEndPoints() throws {
    let elements: [KeyframePath.Element] = [
      .move(to: Point(0, 0)),
      .curve(control1: Point(0, 100), control2: Point(100, 100), to: Point(100, 0)),
      .quad(control: Point(150, -80), to: Point(200, 0)),
    ]
    let c = try curve(elements)
    for (f, expected) in [(0.0, [0.0, 0]), (0.5, [100, 0]), (1, [200, 0])] {
      #expect(distance(c.value(at: f), expected) < 1e-9, "\(f)")
    }
    // Half-way along the cubic is its Bézier midpoint, not the chord's.
    #expect(distance(c.value(at: 0.25), [50, 75]) < 1e-9)
    // A quadratic's midpoint: (p0 + 2c + p1) / 4.
    #expect(distance(c.value(at: 0.75), [150, -40]) < 1e-9)
  }

  @Test("paced moves equal lengths in equal times along curves too")
  func pacedAlongCurves() throws {
    let c = try curve([.ellipse(in: Rect(0, 0, 200, 100))], mode: .paced)
    var lengths: [Double] = []
    for k in 0..<10 {
      var length = 0.0
      var previous = c.value(at: Double(k) / 10)
      for j in 1...100 {
        let p = c.value(at: (Double(k) + Double(j) / 100) / 10)
        length += distance(previous, p)
        previous = p
      }
      lengths.append(length)
    }
    let mean = lengths.reduce(0, +) / 10
    #expect(lengths.allSatisfy { abs($0 - mean) < 0.01 * mean }, "\(lengths)")
  }

  struct Turn: CustomTestStringConvertible, Sendable {
    let mode: RotationMode
    let time: Double
    let expected: Double
    var testDescription: String { "\(mode) at \(time) s" }
  }

  @Test(
    "rotate auto follows the tangent; autoReverse adds pi",
    arguments: [
      Turn(mode: .rotateAuto, time: 0.5, expected: 0),
      Turn(mode: .rotateAuto, time: 1.5, expected: Double.pi / 2),
      Turn(mode: .rotateAuto, time: 2.5, expected: Double.pi),
      Turn(mode: .rotateAuto, time: 3.5, expected: -Double.pi / 2),
      Turn(mode: .rotateAuto, time: 4, expected: -Double.pi / 2),
      Turn(mode: .rotateAutoReverse, time: 0.5, expected: Double.pi),
      Turn(mode: .rotateAutoReverse, time: 1.5, expected: 3 * Double.pi / 2),
    ])
  func rotationFollowsTangent(t: Turn) throws {
    let c = try curve(square, rotation: t.mode)
    let angle = try #require(c.rotation(at: t.time / 4))
    #expect(abs(angle - t.expected) < 1e-9, "\(angle)")
    #expect(try curve(square).rotation(at: 0.5) == nil, "no rotationMode, no rotation")
  }

  @Test("the tangent of a curve turns with it")
  func curveTangent() throws {
    // A half circle from the right, angle increasing: heading down (+y) at the start.
    let c = try curve(
      [.arc(center: Point(0, 0), radius: 10, start: 0, end: Double.pi, clockwise: false)],
      rotation: .rotateAuto)
    #expect(abs((c.rotation(at: 0) ?? 9) - Double.pi / 2) < 1e-9)
    // Heading up (−y) at the end.
    #expect(abs((c.rotation(at: 1) ?? 9) + Double.pi / 2) < 1e-9)
  }

  struct Round: CustomTestStringConvertible, Sendable {
    let name: String
    let element: KeyframePath.Element
    let center: [Double]
    let radius: Double
    /// A point the path must pass near (which way it turns).
    let via: [Double]
    var testDescription: String { name }
  }

  @Test(
    "arc and ellipse points lie on the circle",
    arguments: [
      Round(
        name: "arc 0 to pi/2",
        element: .arc(
          center: Point(50, 50), radius: 40, start: 0, end: Double.pi / 2, clockwise: false),
        center: [50, 50], radius: 40, via: [50, 90]),
      Round(
        name: "arc 0 to pi/2 clockwise (the long way, through the top)",
        element: .arc(
          center: Point(50, 50), radius: 40, start: 0, end: Double.pi / 2, clockwise: true),
        center: [50, 50], radius: 40, via: [50, 10]),
      Round(
        name: "ellipse in a square", element: .ellipse(in: Rect(0, 0, 100, 100)), center: [50, 50],
        radius: 50, via: [0, 50]),
    ])
  func roundPoints(r: Round) throws {
    for mode in [KeyframeCurve.CalculationMode.linear, .paced] {
      let c = try curve([r.element], mode: mode)
      var nearest = Double.infinity
      for k in 0...200 {
        let p = c.value(at: Double(k) / 200)
        #expect(abs(distance(p, r.center) - r.radius) < 0.001 * r.radius, "\(mode) \(k): \(p)")
        nearest = min(nearest, distance(p, r.via))
      }
      #expect(nearest < 0.01 * r.radius, "\(mode) passes \(r.via)")
    }
  }

  @Test("a line or curve with no current point fails, naming the element")
  func noCurrentPoint() {
    #expect(throws: KeyframePath.Failure.self) { try KeyframePath([.line(to: Point(1, 1))]) }
    do {
      _ = try KeyframePath([.close, .move(to: .zero)])
      Issue.record("close with no current point should fail")
    } catch {
      #expect(error.element == 0)
    }
    // Arcs, ellipses and rects start their own subpath.
    #expect(
      (try? KeyframePath([.arc(center: .zero, radius: 1, start: 0, end: 1, clockwise: false)]))
        != nil)
    #expect((try? KeyframePath([.rect(Rect(0, 0, 1, 1))]))?.points.count == 5)
  }

  @Test("a move takes no time: the point jumps to the next segment's start")
  func moveJumps() throws {
    let c = try curve([
      .move(to: Point(0, 0)), .line(to: Point(100, 0)), .move(to: Point(0, 50)),
      .line(to: Point(100, 50)),
    ])
    #expect(distance(c.value(at: 0.25), [50, 0]) < 1e-9)
    #expect(distance(c.value(at: 0.75), [50, 50]) < 1e-9)
    #expect(c.values.count == 3, "2 segments, 3 keyframe points")
  }
}
