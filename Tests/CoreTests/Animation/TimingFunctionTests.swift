import Testing

@testable import Core

/// The Bézier coordinate for control values p1, p2 at parameter t.
private func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
  let u = 1 - t
  return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
}

/// An independent reference: the t with x(t) = x, by 200 bisection steps.
private func referenceT(_ f: TimingFunction, _ x: Double) -> Double {
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<200 {
    let mid = (lo + hi) / 2
    if bezier(f.c1x, f.c2x, mid) < x { lo = mid } else { hi = mid }
  }
  return (lo + hi) / 2
}

/// The range of y over the parameters whose x lies within `tolerance` of `x`: what a solver
/// with that x tolerance may answer (widened by 1e-12 for rounding).
private func allowedY(_ f: TimingFunction, _ x: Double, tolerance: Double) -> ClosedRange<Double> {
  let t0 = referenceT(f, max(x - tolerance, 0))
  let t1 = referenceT(f, min(x + tolerance, 1))
  var lo = Double.infinity
  var hi = -Double.infinity
  for i in 0...100 {
    let y = bezier(f.c1y, f.c2y, t0 + (t1 - t0) * Double(i) / 100)
    lo = min(lo, y)
    hi = max(hi, y)
  }
  return (lo - 1e-12)...(hi + 1e-12)
}

@Suite("CAMediaTimingFunction: cubic Bézier timing functions")
struct TimingFunctionTests {
  static let inputs = [0.1, 0.25, 0.5, 0.75, 0.9]

  @Test(
    "named curves match the vectors in docs/semantics.md, 'Timing functions', to 1e-4",
    arguments: [
      (TimingFunction.easeInEaseOut, [0.01972, 0.12916, 0.5, 0.87084, 0.98028]),
      (TimingFunction.default, [0.09480, 0.40851, 0.80240, 0.96046, 0.99432]),
      (TimingFunction.easeIn, [0.01703, 0.09346, 0.31536, 0.62186, 0.83943]),
      (TimingFunction.easeOut, [0.16057, 0.37814, 0.68464, 0.90654, 0.98297]),
      (TimingFunction.linear, [0.1, 0.25, 0.5, 0.75, 0.9]),
    ] as [(TimingFunction, [Double])])
  func vectors(function: TimingFunction, expected: [Double]) {
    for (x, y) in zip(Self.inputs, expected) {
      #expect(abs(function(x) - y) < 1e-4, "\(function) at \(x)")
    }
  }

  @Test(
    "the solver meets an x tolerance of 1e-7, including flat and overshooting curves",
    arguments: [
      TimingFunction.bezier(1, 0, 0, 1), TimingFunction.bezier(0, 1, 1, 0),
      TimingFunction.bezier(0.5, -0.6, 0.5, 1.6), TimingFunction.bezier(0.9, 0.1, 0.1, 0.9),
      TimingFunction.bezier(0, 0, 0, 1), TimingFunction.bezier(1, 0, 1, 1),
      .default, .easeIn,
    ])
  func solverAccuracy(function: TimingFunction?) throws {
    let f = try #require(function)
    for i in 1..<1000 {
      let x = Double(i) / 1000
      let y = f(x)
      #expect(allowedY(f, x, tolerance: 1e-7).contains(y), "\(f) at \(x): \(y)")
      // Where x(t) is not flat, that pins y down to 1e-6.
      if !(f.c1x == 1 && f.c2x == 0 && abs(x - 0.5) < 0.01) {
        #expect(abs(y - bezier(f.c1y, f.c2y, referenceT(f, x))) < 1e-6, "\(f) at \(x)")
      }
    }
  }

  @Test(
    "inputs outside [0, 1] are clamped and the ends are exact",
    arguments: [
      (-1, 0), (0, 0), (-0.0, 0), (1, 1), (2, 1), (.nan, 0), (.infinity, 1), (-.infinity, 0),
    ] as [(Double, Double)])
  func clamping(x: Double, expected: Double) {
    for f in [TimingFunction.default, .easeInEaseOut, .linear] {
      #expect(f(x) == expected)
    }
  }

  @Test("easeInEaseOut is symmetric: f(x) + f(1 − x) = 1")
  func symmetry() {
    for i in 0...20 {
      let x = Double(i) / 20
      let f = TimingFunction.easeInEaseOut
      #expect(abs(f(x) + f(1 - x) - 1) < 1e-9)
    }
  }

  @Test(
    "names, with or without Core Animation's constant prefix",
    arguments: [
      ("linear", TimingFunction.linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
      ("easeInEaseOut", .easeInEaseOut), ("default", .default),
      ("kCAMediaTimingFunctionEaseIn", .easeIn), ("kCAMediaTimingFunctionDefault", .default),
      ("kCAMediaTimingFunctionEaseInEaseOut", .easeInEaseOut), (" EASEOUT ", .easeOut),
      ("easeInOut", .easeInEaseOut), ("CAMediaTimingFunctionName.easeIn", .easeIn),
      (".linear", .linear),
    ] as [(String, TimingFunction)])
  func names(text: String, expected: TimingFunction) throws {
    #expect(TimingFunction(name: text) == expected)
    #expect(try TimingFunction(parsing: text) == expected)
  }

  @Test("unknown names are nil", arguments: ["", "ease", "kCAMediaTimingFunction", "easeInOutX"])
  func unknownNames(text: String) {
    #expect(TimingFunction(name: text) == nil)
  }

  @Test(
    "bezier text parses to the control points",
    arguments: [
      ("bezier(0.25,0.1,0.25,1)", TimingFunction.default),
      ("bezier( 0.42 , 0 , 0.58 , 1 )", .easeInEaseOut),
      ("Bezier(0,0,1,1)", .linear),
    ] as [(String, TimingFunction)])
  func parseBezier(text: String, expected: TimingFunction) throws {
    #expect(try TimingFunction(parsing: text) == expected)
  }

  @Test(
    "invalid bezier text throws an error naming the rule",
    arguments: [
      ("bezier(1.5,0,0.5,1)", "x1 and x2 must lie in [0, 1]"),
      ("bezier(0,0,-0.1,1)", "x1 and x2 must lie in [0, 1]"),
      ("bezier(0,0,1)", "needs 4 numbers"),
      ("bezier(0,0,1,1,1)", "needs 4 numbers"),
      ("bezier(a,0,1,1)", "not a finite number"),
      ("bezier(nan,0,1,1)", "not a finite number"),
      ("bezier(0,inf,1,1)", "not a finite number"),
      ("bezier(0,,1,1)", "not a finite number"),
      ("wobble", "unknown timing function"),
      ("bezier 0,0,1,1", "unknown timing function"),
    ] as [(String, String)])
  func parseErrors(text: String, rule: String) {
    do {
      let f = try TimingFunction(parsing: text)
      Issue.record("parsed \(text) as \(f)")
    } catch {
      #expect(error.message.contains(rule), "\(error.message)")
    }
  }

  @Test("the failable constructor validates x and finiteness; y may overshoot")
  func failable() {
    #expect(TimingFunction.bezier(-0.1, 0, 0.5, 1) == nil)
    #expect(TimingFunction.bezier(0.5, 0, 1.1, 1) == nil)
    #expect(TimingFunction.bezier(0.5, .nan, 0.5, 1) == nil)
    #expect(TimingFunction.bezier(0.5, 0, 0.5, .infinity) == nil)
    #expect(TimingFunction.bezier(0.5, -2, 0.5, 3) != nil)
  }

  @Test("description gives the name or bezier text, and round-trips")
  func description() throws {
    #expect(TimingFunction.default.description == "default")
    let custom = try #require(TimingFunction.bezier(0.1, -0.5, 0.3, 1))
    #expect(custom.description == "bezier(0.1,-0.5,0.3,1)")
    #expect(try TimingFunction(parsing: custom.description) == custom)
  }
}
