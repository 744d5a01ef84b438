/// How a whole CATransform3D value is written (docs/semantics.md, "3-D transforms"):
///
/// - `identity` (also `CATransform3DIdentity`);
/// - 16 numbers, the entries m11 m12 … m44 row by row (how `get` prints a transform);
/// - a product of functions, `A * B` applying A first and then B, as
///   `CATransform3DConcat(A, B)` does: `rotate(ANGLE [, X, Y, Z])` (about z when no axis is
///   given), `scale(SX, SY [, SZ])`, `translate(TX, TY [, TZ])`, `perspective(D)` (m34 = −1/D),
///   `skew(XY [, XZ, YZ])`, `matrix(m11, …, m44)`, and Apple's `CATransform3DMakeRotation`,
///   `CATransform3DMakeScale`, `CATransform3DMakeTranslation`.
///
/// The value is kept decomposed (`LayerTransform`), so a matrix that cannot be decomposed is
/// refused with the reason.
package enum TransformExpression {
  /// A function of the product: its names, argument counts, and the matrix it makes.
  struct Function: Sendable {
    let names: [String]
    let usage: String
    let counts: [Int]
    let make: @Sendable ([Double]) -> Matrix3D
  }

  static let functions: [Function] = [
    Function(
      names: ["rotate", "CATransform3DMakeRotation"], usage: "rotate(pi/4, 0, 1, 0)",
      counts: [1, 4]
    ) { v in
      v.count == 1 ? .rotation(v[0], 0, 0, 1) : .rotation(v[0], v[1], v[2], v[3])
    },
    Function(
      names: ["scale", "CATransform3DMakeScale"], usage: "scale(2, 2, 1)", counts: [1, 2, 3]
    ) { v in
      switch v.count {
      case 1: return .scale(v[0], v[0], v[0])
      case 2: return .scale(v[0], v[1], 1)
      default: return .scale(v[0], v[1], v[2])
      }
    },
    Function(
      names: ["translate", "CATransform3DMakeTranslation"], usage: "translate(10, 0, 50)",
      counts: [2, 3]
    ) { v in .translation(v[0], v[1], v.count == 3 ? v[2] : 0) },
    Function(names: ["perspective"], usage: "perspective(500)", counts: [1]) { v in
      var t = Matrix3D.identity
      t[3, 4] = v[0] == 0 ? 0 : -1 / v[0]
      return t
    },
    Function(names: ["skew"], usage: "skew(0.5)", counts: [1, 3]) { v in
      var t = Matrix3D.identity
      t[2, 1] = v[0]
      if v.count == 3 {
        t[3, 1] = v[1]
        t[3, 2] = v[2]
      }
      return t
    },
    Function(names: ["matrix"], usage: "matrix(1, 0, 0, 0, …)", counts: [16]) { v in
      Matrix3D(rows: v)
    },
  ]

  static let identityNames = ["identity", "CATransform3DIdentity"]

  /// Every name a term can start with, for suggestions.
  static var words: [String] { identityNames + functions.flatMap(\.names) }

  /// What Tab offers for a transform: the identity, and each function with its `(`.
  package static var completions: [String] {
    identityNames + functions.flatMap(\.names).map { $0 + "(" }
  }

  /// The transform `text` writes.
  static func parse(_ text: String) throws(ValueError) -> LayerTransform {
    let t = text.trimmingSpaces()
    let pieces = ValueParsing.splitTopLevel(Substring(t)) { $0 == " " || $0 == "\t" || $0 == "," }
    let matrix: Matrix3D
    if pieces.count == 16 {
      var entries: [Double] = []
      for p in pieces { entries.append(try ValueParsing.number(p, angles: false)) }
      matrix = Matrix3D(rows: entries)
    } else {
      var product = Matrix3D.identity
      for term in ValueParsing.splitTopLevel(Substring(t), isSeparator: { $0 == "*" }) {
        product = product.concatenating(try self.term(term.trimmingSpaces()))
      }
      matrix = product
    }
    // A product may grow past what any single number may be (scale(1e9) * scale(1e9)).
    if let big = (0..<16).map({ matrix.m[$0] }).first(where: { !ValueParsing.sane.contains($0) }) {
      throw ValueError(
        "'\(t)' has an entry of \(ValueFormatting.number(big)), beyond"
          + " ±\(Limits.quoted(Limits.maxMagnitude)), \(Limits.meaning(of: Limits.maxMagnitude) ?? "")",
        hint: "keep every entry of the matrix within ±\(Limits.quoted(Limits.maxMagnitude))")
    }
    guard let decomposed = LayerTransform(matrix: matrix) else {
      throw ValueError(
        "'\(t)' cannot be decomposed into scale, skew, rotation, translation and perspective",
        hint: "Burst keeps a transform as those parts; a matrix that flattens space (a zero"
          + " scale) cannot also hold perspective")
    }
    return decomposed
  }

  private static func term(_ t: String) throws(ValueError) -> Matrix3D {
    if identityNames.contains(t) { return .identity }
    guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else {
      throw ValueError(
        "expected a transform, got '\(t)'",
        suggestion: .nearest(
          to: t, in: words,
          otherwise: .text("for example rotate(pi/4, 0, 1, 0) * scale(2, 2, 1), or identity")))
    }
    // `rotate (pi)` reads as `rotate(pi)`.
    let name = String(t[..<open]).trimmingSpaces()
    guard let f = functions.first(where: { $0.names.contains(name) }) else {
      throw ValueError(
        "unknown transform function '\(name)'", suggestion: .nearest(to: name, in: words))
    }
    let inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
    let args = ValueParsing.splitTopLevel(inner) { $0 == "," }.map { $0.trimmingSpaces() }
    guard f.counts.contains(args.count) else {
      let counts = f.counts.map(String.init)
      throw ValueError(
        "\(name) takes \(Suggestion.list(counts)) arguments, got \(args.count)",
        hint: "for example \(f.usage)")
    }
    var v: [Double] = []
    for (i, a) in args.enumerated() {
      // A rotation's first argument is an angle: it may be written in degrees (45deg).
      let n = try ValueParsing.number(a, angles: f.names[0] == "rotate" && i == 0)
      try ValueParsing.check(n, in: ValueParsing.sane)
      v.append(n)
    }
    return f.make(v)
  }
}
