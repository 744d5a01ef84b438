/// A number written as a small arithmetic expression: decimal literals, `+ - * /`,
/// parentheses, unary minus and plus, the constants of `constants` (`pi`, `.pi`, `M_PI_4`, …),
/// a literal times pi written together (`2pi`, `3pi/4`), for angles degrees (`45deg`, `45°`),
/// and, where the scene is known (property values), the scene's size: `scene.width`,
/// `scene.height`.
///
/// Spaces are allowed only inside parentheses, so a word never holds two numbers side by side
/// and space-separated values keep their meaning (`30 -10` is two numbers; `(1 / 60)` one).
/// A division by zero or a result too large to be finite is an error at the operator.
/// Parentheses nest at most `Limits.maxExpressionDepth` deep (the parser recurses once per
/// level); a run of signs (`--1`) is read in a loop, at any length.
enum NumberExpression {
  /// The named constants, as C, Swift and Core Graphics spell them.
  static let constants: [(name: String, value: Double)] = [
    ("pi", .pi), (".pi", .pi), ("CGFloat.pi", .pi), ("Double.pi", .pi), ("Float.pi", .pi),
    ("M_PI", .pi), ("M_PI_2", .pi / 2), ("M_PI_4", .pi / 4),
  ]

  /// The names of the scene's size (the root layer's bounds, in points), read where the
  /// caller passes the scene: `emitterPosition=scene.width/2,scene.height`.
  static let sceneNames: [(name: String, value: @Sendable (Size) -> Double)] = [
    ("scene.width", { $0.width }), ("scene.height", { $0.height }),
  ]

  /// The unit suffixes of an angle in degrees: `45deg`, `45°`.
  static let degrees = ["deg", "°"]

  /// Why an expression failed: a syntax error (the caller words it as "expected a number"),
  /// or a specific error to pass on.
  enum Failure: Error {
    case syntax
    case value(ValueError)
  }

  /// The value of `text`; `scene` is the scene's size that `scene.width` and `scene.height`
  /// name (nil where no scene is at hand: those names are then an error).
  static func evaluate(_ text: String, angles: Bool, scene: Size? = nil) throws(Failure) -> Double {
    var p = Parser(chars: Array(text), text: text, angles: angles, scene: scene)
    let v = try p.expression()
    guard p.i == p.chars.count else { throw .syntax }
    return v
  }

  struct Parser {
    let chars: [Character]
    let text: String
    let angles: Bool
    let scene: Size?
    var i = 0
    var depth = 0

    var peek: Character? { i < chars.count ? chars[i] : nil }

    mutating func skipSpaces() {
      guard depth > 0 else { return }
      while let c = peek, c == " " || c == "\t" { i += 1 }
    }

    /// `term (("+" | "-") term)*`
    mutating func expression() throws(Failure) -> Double {
      var v = try term()
      skipSpaces()
      while let c = peek, c == "+" || c == "-" {
        let at = i
        i += 1
        let r = try term()
        v = try finite(c == "+" ? v + r : v - r, at: at)
        skipSpaces()
      }
      return v
    }

    /// `unary (("*" | "/") unary)*`
    mutating func term() throws(Failure) -> Double {
      var v = try unary()
      skipSpaces()
      while let c = peek, c == "*" || c == "/" {
        let at = i
        i += 1
        let r = try unary()
        if c == "/" && r == 0 {
          throw .value(
            ValueError("'\(text)' divides by zero", hint: nil, offset: at, length: 1))
        }
        v = try finite(c == "*" ? v * r : v / r, at: at)
        skipSpaces()
      }
      return v
    }

    /// `("-" | "+")* primary`, read in a loop (a run of signs costs no stack).
    mutating func unary() throws(Failure) -> Double {
      skipSpaces()
      var negative = false
      while let c = peek, c == "-" || c == "+" {
        if c == "-" { negative.toggle() }
        i += 1
        skipSpaces()
      }
      let v = try primary()
      return negative ? -v : v
    }

    /// `"(" expression ")" | literal ["pi" | "deg"] | constant | scene name`
    mutating func primary() throws(Failure) -> Double {
      guard let c = peek else { throw .syntax }
      if c == "(" {
        guard depth < Limits.maxExpressionDepth else {
          throw .value(
            ValueError(
              "parentheses nest more than \(Limits.maxExpressionDepth) deep",
              hint: "at most \(Limits.maxExpressionDepth) levels of '(' in one number",
              offset: i, length: 1))
        }
        i += 1
        depth += 1
        let v = try expression()
        skipSpaces()
        guard peek == ")" else { throw .syntax }
        i += 1
        depth -= 1
        return v
      }
      let start = i
      if c.isASCIIDigit || (c == "." && i + 1 < chars.count && chars[i + 1].isASCIIDigit) {
        let literal = scanLiteral()
        guard let n = Double(literal) else { throw .syntax }
        guard n.isFinite else {
          throw .value(
            ValueError(
              "'\(literal)' is too large to be a number", hint: "numbers must be finite",
              offset: start, length: literal.count))
        }
        let suffix = peek == "°" ? scanDegreeSign() : scanName()
        switch suffix {
        case "": return n
        case "pi": return try finite(n * .pi, at: start)
        case _ where NumberExpression.degrees.contains(suffix):
          guard angles else {
            throw .value(ValueError("'\(text)' is an angle, but this property is a plain number"))
          }
          return n * .pi / 180
        default: throw .syntax
        }
      }
      let name = scanName()
      if let dimension = NumberExpression.sceneNames.first(where: { $0.name == name }) {
        guard let scene else {
          throw .value(
            ValueError(
              "'\(name)' is known only in values that set (and preset's at) reads",
              hint: "write the number itself here", offset: start, length: name.count))
        }
        return dimension.value(scene)
      }
      guard let constant = NumberExpression.constants.first(where: { $0.name == name }) else {
        throw .syntax
      }
      return constant.value
    }

    /// Digits with an optional fraction and exponent: `12`, `0.5`, `.5`, `1e-3`.
    mutating func scanLiteral() -> String {
      var s = ""
      while let c = peek, c.isASCIIDigit || c == "." {
        s.append(c)
        i += 1
      }
      if let e = peek, e == "e" || e == "E" {
        var j = i + 1
        if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
        if j < chars.count, chars[j].isASCIIDigit {
          s += String(chars[i..<j])
          i = j
          while let c = peek, c.isASCIIDigit {
            s.append(c)
            i += 1
          }
        }
      }
      return s
    }

    /// A name: letters, digits, `_` and `.` (`CGFloat.pi`, `M_PI_4`, `.pi`).
    mutating func scanName() -> String {
      var s = ""
      while let c = peek, c.isLetter || c.isASCIIDigit || c == "_" || c == "." {
        s.append(c)
        i += 1
      }
      return s
    }

    /// The degree sign `°`, which is not part of a name.
    mutating func scanDegreeSign() -> String {
      i += 1
      return "°"
    }

    /// `v`, or an error at the operator at `at` when it is no longer finite.
    func finite(_ v: Double, at: Int) throws(Failure) -> Double {
      guard v.isFinite else {
        throw .value(
          ValueError(
            "'\(text)' is too large to be a number", hint: "numbers must be finite", offset: at,
            length: 1))
      }
      return v
    }
  }
}
