/// CAMediaTimingFunction: a cubic Bézier from (0, 0) to (1, 1) with control points `c1`, `c2`,
/// mapping a time fraction x (the input, 0…1) to a progress fraction y (the output).
///
/// The control points' x must lie in [0, 1] so that x(t) rises monotonically and y(x) is a
/// function; y is free (values outside [0, 1] overshoot). The named curves use the control points
/// listed in docs/semantics.md, "Timing functions".
package struct TimingFunction: Sendable, Equatable, CustomStringConvertible {
  /// The first control point's x (time), in [0, 1].
  package let c1x: Double
  /// The first control point's y (progress).
  package let c1y: Double
  /// The second control point's x (time), in [0, 1].
  package let c2x: Double
  /// The second control point's y (progress).
  package let c2y: Double

  // Polynomial coefficients of x(t) = ((ax·t + bx)·t + cx)·t and y(t) likewise.
  private let ax: Double
  private let bx: Double
  private let cx: Double
  private let ay: Double
  private let by: Double
  private let cy: Double

  /// A Bézier timing function, or nil when a coordinate is not finite or an x lies outside
  /// [0, 1].
  package init?(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
    guard [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite), (0...1).contains(c1x),
      (0...1).contains(c2x)
    else { return nil }
    self.init(unchecked: c1x, c1y, c2x, c2y)
  }

  private init(unchecked c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    self.c1x = c1x
    self.c1y = c1y
    self.c2x = c2x
    self.c2y = c2y
    cx = 3 * c1x
    bx = 3 * (c2x - c1x) - cx
    ax = 1 - cx - bx
    cy = 3 * c1y
    by = 3 * (c2y - c1y) - cy
    ay = 1 - cy - by
  }

  /// The same as `init?(c1x:c1y:c2x:c2y:)`, spelled like the text form `bezier(x1,y1,x2,y2)`.
  package static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> TimingFunction?
  {
    TimingFunction(c1x: x1, c1y: y1, c2x: x2, c2y: y2)
  }

  /// `linear`: (0, 0)(1, 1), the identity.
  package static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
  /// `easeIn`: (0.42, 0)(1, 1).
  package static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
  /// `easeOut`: (0, 0)(0.58, 1).
  package static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
  /// `easeInEaseOut`: (0.42, 0)(0.58, 1); also UIKit's default `.curveEaseInOut`.
  package static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
  /// `default`: (0.25, 0.1)(0.25, 1), the curve of Core Animation's implicit animations.
  package static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

  /// The named functions, by their short names.
  package static let named: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("default", .default),
  ]

  /// Apple's spellings of the names; UIKit's `easeInOut` reads as `easeInEaseOut`.
  package static let constantNames = ConstantNames(
    swiftType: "CAMediaTimingFunctionName", objcPrefix: "kCAMediaTimingFunction",
    aliases: ["easeInOut": "easeInEaseOut"])

  /// A named function: `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, in any
  /// spelling of `constantNames` (`.easeIn`, `CAMediaTimingFunctionName.easeIn`,
  /// `kCAMediaTimingFunctionEaseIn`), or `easeInOut`. Case-insensitive.
  package init?(name: String) {
    guard
      let key = Self.constantNames.caseName(
        trimmedText(name), in: Self.named.map(\.name), ignoringCase: true),
      let match = Self.named.first(where: { $0.name == key })
    else { return nil }
    self = match.function
  }

  /// Why a text could not be read as a timing function.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    /// A sentence naming the rule that was broken.
    package let message: String
    package var description: String { message }
  }

  /// Parses a name (see `init?(name:)`) or `bezier(x1,y1,x2,y2)` (spaces allowed; x1 and x2 in
  /// [0, 1]; all four finite).
  package init(parsing text: String) throws(ParseError) {
    if let named = TimingFunction(name: text) {
      self = named
      return
    }
    let body = trimmedText(text)
    let lower = body.lowercased()
    guard lower.hasPrefix("bezier("), lower.hasSuffix(")") else {
      let names = Self.named.map(\.name).joined(separator: ", ")
      throw ParseError(
        message: "unknown timing function '\(body)': use \(names) or bezier(x1,y1,x2,y2)")
    }
    let inner = body.dropFirst("bezier(".count).dropLast()
    let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
      .map { trimmedText(String($0)) }
    guard parts.count == 4 else {
      throw ParseError(message: "bezier needs 4 numbers (x1,y1,x2,y2), got \(parts.count)")
    }
    var numbers: [Double] = []
    for part in parts {
      guard let number = try? ValueParsing.number(part, angles: false) else {
        throw ParseError(message: "bezier: '\(part)' is not a finite number")
      }
      numbers.append(number)
    }
    guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
      throw ParseError(message: "bezier: x1 and x2 must lie in [0, 1]")
    }
    self.init(unchecked: numbers[0], numbers[1], numbers[2], numbers[3])
  }

  /// The short name of a named function, else `bezier(x1,y1,x2,y2)`.
  package var description: String {
    if let match = Self.named.first(where: { $0.function == self }) { return match.name }
    let text = [c1x, c1y, c2x, c2y].map(Self.format).joined(separator: ",")
    return "bezier(\(text))"
  }

  package static func == (a: TimingFunction, b: TimingFunction) -> Bool {
    a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
  }

  /// The progress y for a time fraction `x`.
  ///
  /// (choice) Inputs are clamped: x ≤ 0 (and NaN) gives 0 and x ≥ 1 gives 1, exactly; Core
  /// Animation never feeds fractions outside [0, 1], so WebKit's linear extrapolation is not
  /// needed. Inside, x(t) = x is solved for the Bézier parameter t by Newton's method from an
  /// interpolated 11-sample guess (to |x(t) − x| < 1e-12), falling back to bisection to a
  /// 1e-15 bracket; both are well inside the required 1e-7.
  package func callAsFunction(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    if c1x == c1y && c2x == c2y { return x }  // control points on the diagonal: the identity
    return sampleY(solveT(forX: x))
  }

  private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The parameter t in [0, 1] with x(t) = x, for x in (0, 1).
  ///
  /// Newton's method is trusted only where x(t) is not flat (|x′| ≥ 1e-3) and stops at
  /// |x(t) − x| < 1e-12; otherwise bisection narrows the bracket to 1e-15, which also pins t down
  /// where x′ = 0 (there, any tolerance on x alone leaves t, hence y, loosely determined).
  private func solveT(forX x: Double) -> Double {
    // Bracket x between two of 11 samples; x(t) is monotone, so the bracket holds the root.
    var lower = 0.0
    var upper = 1.0
    var xLower = 0.0
    var xUpper = 1.0
    for i in 1...10 {
      let t = Double(i) / 10
      let xt = sampleX(t)
      if xt >= x {
        lower = Double(i - 1) / 10
        upper = t
        xUpper = xt
        break
      }
      xLower = xt
    }
    var t = lower
    if xUpper > xLower { t += (upper - lower) * (x - xLower) / (xUpper - xLower) }
    for _ in 0..<8 {
      let slope = slopeX(t)
      if abs(slope) < 1e-3 { break }
      let error = sampleX(t) - x
      if abs(error) < 1e-12 { return t }
      let next = t - error / slope
      guard next >= lower, next <= upper else { break }
      t = next
    }
    // Bisection on the bracket.
    var a = lower
    var b = upper
    while b - a > 1e-15 {
      let mid = (a + b) / 2
      guard mid > a, mid < b else { break }
      let error = sampleX(mid) - x
      if error == 0 { return mid }
      if error > 0 { b = mid } else { a = mid }
    }
    return (a + b) / 2
  }

  private static func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

/// `text` without leading and trailing whitespace.
private func trimmedText(_ text: String) -> String {
  var s = Substring(text)
  while let first = s.first, first.isWhitespace { s.removeFirst() }
  while let last = s.last, last.isWhitespace { s.removeLast() }
  return String(s)
}
