// How a property's text is read: each kind's parser and the text forms kinds share.

extension PropertyKind {
  /// The words read as true (Objective-C's YES too); the first is how true prints.
  static let trueWords = ["yes", "true", "on", "YES"]
  /// The words read as false (Objective-C's NO too); the first is how false prints.
  static let falseWords = ["no", "false", "off", "NO"]

  /// How `b` prints: `yes` or `no`.
  package static func boolWord(_ b: Bool) -> String { (b ? trueWords : falseWords)[0] }

  /// How booleans print: `yes`, `no`.
  package static let boolNames = [boolWord(true), boolWord(false)]

  /// Reads `text` as a value of this kind; a finite number outside the kind's range is
  /// clamped to it, and the second result says from what to what (nil when nothing was
  /// clamped). Real code may set any value its type holds, so `set` warns rather than refuses.
  /// `scene` is the size that `scene.width` and `scene.height` name in numbers.
  package func parseClamping(_ text: String, scene: Size? = nil) throws(ValueError) -> (
    PropertyValue, (given: Double, used: Double)?
  ) {
    func bound(_ x: Double, _ range: ClosedRange<Double>) -> Double {
      min(max(x, range.lowerBound), range.upperBound)
    }
    switch self {
    case .number(let range), .angle(let range), .integer(let range):
      let n = try unboundedNumber(text.trimmingSpaces(), scene: scene)
      guard !range.contains(n) else { return (.number(n), nil) }
      return (.number(bound(n, range)), (n, bound(n, range)))
    case .color:
      // Each component within Limits.maxMagnitude; the first one outside is reported.
      let c = try ValueParsing.color(text.trimmingSpaces())
      let range = ValueParsing.sane
      let given = [c.red, c.green, c.blue, c.alpha].first { !range.contains($0) }
      let clamped = Color(
        bound(c.red, range), bound(c.green, range), bound(c.blue, range), bound(c.alpha, range))
      return (.color(clamped), given.map { ($0, bound($0, range)) })
    case .path where text.trimmingSpaces().hasPrefix(PathWords.roundedRectWord + "("):
      // The radius within 0…Limits.maxMagnitude (a negative one is 0, as UIBezierPath draws it).
      var r = try ValueParsing.roundedRect(text.trimmingSpaces())
      let range = ValueParsing.radius
      guard !range.contains(r.radius) else { return (.path(ShapePath(roundRect: r)), nil) }
      let given = r.radius
      r.radius = bound(given, range)
      return (.path(ShapePath(roundRect: r)), (given, r.radius))
    default:
      return (try parse(text, scene: scene), nil)
    }
  }

  /// The number a numeric kind reads from `t` before its range is checked: angle forms
  /// (`pi/4`, `45deg`) for `.angle`, a whole number for `.integer`.
  private func unboundedNumber(_ t: String, scene: Size?) throws(ValueError) -> Double {
    if case .angle = self { return try ValueParsing.number(t, angles: true, scene: scene) }
    let n = try ValueParsing.number(t, angles: false, scene: scene)
    if case .integer = self, n.rounded() != n {
      throw ValueError("expected a whole number, got '\(t)'", hint: "for example \(example)")
    }
    return n
  }

  /// Reads `text` as a value of this kind; `scene` is the size that `scene.width` and
  /// `scene.height` name in its numbers (points, sizes and rects too).
  package func parse(_ text: String, scene: Size? = nil) throws(ValueError) -> PropertyValue {
    let t = text.trimmingSpaces()
    switch self {
    case .number(let range), .angle(let range), .integer(let range):
      let n = try unboundedNumber(t, scene: scene)
      try ValueParsing.check(n, in: range)
      return .number(n)
    case .point:
      let v = try ValueParsing.numbers(
        t, count: 2, what: "point", example: example, scene: scene)
      return .point(Point(v[0], v[1]))
    case .size:
      let v = try ValueParsing.numbers(
        t, count: 2, what: "size", example: example, allowX: true, scene: scene)
      return .size(Size(v[0], v[1]))
    case .rect:
      if let v = try? ValueParsing.numbers(
        t, count: 2, what: "size", example: "", allowX: true, scene: scene)
      {
        return .rect(Rect(0, 0, v[0], v[1]))
      }
      let v = try ValueParsing.numbers(
        t, count: 4, what: "rect", example: example, scene: scene)
      return .rect(Rect(v[0], v[1], v[2], v[3]))
    case .color:
      let c = try ValueParsing.color(t)
      for x in [c.red, c.green, c.blue, c.alpha] {
        try ValueParsing.check(x, in: ValueParsing.sane)
      }
      return .color(c)
    case .bool:
      if Self.trueWords.contains(t) { return .bool(true) }
      if Self.falseWords.contains(t) { return .bool(false) }
      // A number (1, 0) is not a misspelt word: it gets the plain hint.
      let every = zip(Self.trueWords, Self.falseWords).flatMap { [$0, $1] }
      let near = ValueParsing.decimalShape(t) ? nil : Suggestions.nearest(to: t, in: every)
      throw ValueError(
        "expected a boolean, got '\(t)'",
        suggestion: near.map { .didYouMean($0) } ?? .oneOf(Self.boolNames))
    case .enumeration(let cases, let names):
      if let name = names.caseName(t, in: cases) { return .enumeration(name) }
      throw ValueError(
        "'\(t)' is not one of \(cases.joined(separator: ", "))",
        suggestion: .nearest(to: names.plainName(t), in: cases))
    case .image:
      if t == ImageRef.noneWord { return .image(.none) }
      if BuiltinImages.names.contains(t) { return .image(.builtin(t)) }
      if t.hasPrefix(DrawnImage.word + "(") { return .image(.drawn(try ValueParsing.drawing(t))) }
      if t.contains("/") || t.hasSuffix(".png") || t.hasSuffix(".ppm") {
        return .image(.file(t))
      }
      throw ValueError(
        "unknown image '\(t)'",
        suggestion: .nearest(
          to: t, in: BuiltinImages.names,
          otherwise: .text("built-in images: \(BuiltinImages.names.joined(separator: ", "))")))
    case .transform3D:
      return .transform(try TransformExpression.parse(t))
    case .text:
      // A name: the model checks it against the object's siblings (`SceneModel.checkRename`).
      return .text(t)
    case .path:
      // A bare rect (`x,y,w,h` or `WxH`), `shadowPath`'s first spelling, is that rect's path;
      // an empty one is nil's.
      if !t.contains("("), t != ImageRef.noneWord, t != "nil",
        case .rect(let r)? = try? PropertyKind.rect.parse(t, scene: scene)
      {
        return .path(r.size.width == 0 || r.size.height == 0 ? .empty : ShapePath([.rect(r)]))
      }
      return .path(try ValueParsing.shapePath(t))
    case .numberList(let range):
      return .numbers(try ValueParsing.numberList(t, range: range))
    case .colorList:
      return .colors(try ValueParsing.colorList(t))
    case .string:
      return .string(t)
    }
  }
}

/// The text forms shared by several kinds.
enum ValueParsing {
  /// A number: a decimal literal (`1000`, `-0.5`, `1e3`, `.5`) or a small arithmetic
  /// expression (`NumberExpression`: `1/60`, `-.pi/2`, `2*pi`, `(320/2)`, `M_PI_4`, `3pi/4`);
  /// with `angles`, also degrees (`45deg`, `45°`). NaN, infinities, overflow and division by
  /// zero are rejected. `scene` is the size that `scene.width` and `scene.height` name.
  static func number(_ t: String, angles: Bool, scene: Size? = nil) throws(ValueError) -> Double {
    if let n = decimal(t) { return n }
    let lower = t.lowercased()
    if lower.contains("nan") || lower.contains("inf") {
      throw ValueError("'\(t)' is not a finite number", hint: "numbers must be finite")
    }
    if decimalShape(t) {
      throw ValueError("'\(t)' is too large to be a number", hint: "numbers must be finite")
    }
    do throws(NumberExpression.Failure) {
      return try NumberExpression.evaluate(t, angles: angles, scene: scene)
    } catch {
      if case .value(let e) = error { throw e }
    }
    throw ValueError(
      "expected a number, got '\(t)'",
      hint: angles ? "for example 0.5, pi/4 or 45deg" : "for example 1.5, -2 or 1/60")
  }

  /// Whether `t` has the shape of a decimal literal.
  static func decimalShape(_ t: String) -> Bool {
    var s = Substring(t)
    if s.first == "-" || s.first == "+" { s.removeFirst() }
    var mantissa = s
    var exponent: Substring? = nil
    if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = s[s.startIndex..<e]
      exponent = s[s.index(after: e)...]
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else {
      return false
    }
    guard parts.contains(where: { !$0.isEmpty }) else { return false }
    if var ex = exponent {
      if ex.first == "-" || ex.first == "+" { ex.removeFirst() }
      guard !ex.isEmpty, ex.allSatisfy(\.isASCIIDigit) else { return false }
    }
    return true
  }

  /// A finite decimal literal, or nil.
  static func decimal(_ t: String) -> Double? {
    guard decimalShape(t), let n = Double(t), n.isFinite else { return nil }
    return n
  }

  static func check(_ n: Double, in range: ClosedRange<Double>) throws(ValueError) {
    guard range.contains(n) else {
      throw ValueError(
        "\(ValueFormatting.number(n)) is out of range",
        hint: "expected a value from \(ValueFormatting.number(range.lowerBound)) to "
          + ValueFormatting.number(range.upperBound))
    }
  }

  /// Limits that keep every user number far from overflow in the simulation and renderer.
  static let sane: ClosedRange<Double> = -Limits.maxMagnitude...Limits.maxMagnitude

  /// `count` numbers (each may be an expression) separated by commas and/or spaces, optionally
  /// in parentheses: `100,100`, `(30, -10)`, `(320/2),(480-20)`; with `allowX`, also
  /// `200x200`. Separators inside parentheses belong to the expression. Each lies within
  /// `Limits.maxMagnitude` unless `bounded` is false (the caller then bounds them).
  static func numbers(
    _ t: String, count: Int, what: String, example: String, allowX: Bool = false,
    bounded: Bool = true, scene: Size? = nil
  ) throws(ValueError) -> [Double] {
    var s = Substring(t)
    if s.first == "(", closingParenthesis(of: s) == s.index(before: s.endIndex) {
      s = s.dropFirst().dropLast()
    }
    var pieces = splitTopLevel(s) { $0 == "," || $0 == " " || $0 == "\t" }
    if allowX, pieces.count == 1 {
      let byX = splitTopLevel(Substring(pieces[0]), omittingEmpty: false) { $0 == "x" }
      if byX.count == 2 { pieces = byX }
    }
    guard pieces.count == count else {
      throw ValueError(
        "expected a \(what) of \(count) numbers, got '\(t)'",
        hint: example.isEmpty ? nil : "for example \(example)")
    }
    var out: [Double] = []
    for p in pieces {
      let n = try number(p, angles: false, scene: scene)
      if bounded { try check(n, in: sane) }
      out.append(n)
    }
    return out
  }

  /// The index of the `)` that closes the `(` at the start of `s`, if any.
  static func closingParenthesis(of s: Substring) -> Substring.Index? {
    var depth = 0
    for i in s.indices {
      if s[i] == "(" { depth += 1 }
      if s[i] == ")" {
        depth -= 1
        if depth == 0 { return i }
      }
    }
    return nil
  }

  /// `s` split at the characters `isSeparator` accepts outside parentheses (and, with
  /// `brackets`, outside square brackets too).
  static func splitTopLevel(
    _ s: Substring, omittingEmpty: Bool = true, brackets: Bool = false,
    isSeparator: (Character) -> Bool
  ) -> [String] {
    var pieces: [String] = []
    var current = ""
    var depth = 0
    for c in s {
      if c == "(" || (brackets && c == "[") { depth += 1 }
      if c == ")" || (brackets && c == "]") { depth -= 1 }
      if depth == 0 && isSeparator(c) {
        if !(omittingEmpty && current.isEmpty) { pieces.append(current) }
        current = ""
      } else {
        current.append(c)
      }
    }
    if !(omittingEmpty && current.isEmpty) { pieces.append(current) }
    return pieces
  }

  /// A corner radius: 0 or more.
  static let radius: ClosedRange<Double> = 0...Limits.maxMagnitude

  /// A rect as the `.rect` kind reads it (radius 0), or `roundedRect(x, y, w, h, r)`, as
  /// `UIBezierPath(roundedRect:cornerRadius:)` takes it. The radius is not bounded here.
  static func roundedRect(_ t: String) throws(ValueError) -> RoundRect {
    let word = PathWords.roundedRectWord
    guard t.hasPrefix(word + "(") else {
      guard case .rect(let r) = try PropertyKind.rect.parse(t) else { return .zero }
      return RoundRect(r)
    }
    guard t.hasSuffix(")") else { throw ValueError("'\(t)' is missing its closing ')'") }
    let v = try numbers(
      String(t.dropFirst(word.count)), count: 5, what: "roundedRect", example: "", bounded: false)
    for x in v.prefix(4) { try check(x, in: sane) }
    return RoundRect(Rect(v[0], v[1], v[2], v[3]), radius: v[4])
  }

  /// `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, or a colour name
  /// (`Color.named`). Components are nominally 0…1; any finite one is read (extended-range
  /// sRGB, as UIColor takes it), except an `rgb(…)` that looks like 0–255 (`byteLike`).
  static func color(_ t: String) throws(ValueError) -> Color {
    if let named = Color(named: t) { return named }
    if t.hasPrefix("#") {
      let hex = Array(t.dropFirst())
      guard hex.count == 6 || hex.count == 8,
        hex.allSatisfy({ $0.isHexDigit })
      else {
        throw ValueError("'\(t)' is not a #rrggbb or #rrggbbaa colour")
      }
      var comps: [Double] = []
      var i = 0
      while i < hex.count {
        let byte = Int(String(hex[i...i + 1]), radix: 16) ?? 0
        comps.append(Double(byte) / 255)
        i += 2
      }
      return Color(comps[0], comps[1], comps[2], comps.count == 4 ? comps[3] : 1)
    }
    for (prefix, n) in [("rgba(", 4), ("rgb(", 3)] where t.hasPrefix(prefix) {
      guard t.hasSuffix(")") else {
        throw ValueError("'\(t)' is missing its closing ')'")
      }
      let inner = String(t.dropFirst(prefix.count - 1))
      let v = try numbers(inner, count: n, what: "colour", example: "", bounded: false)
      if n == 3 { try byteLike(v, in: t) }
      return Color(v[0], v[1], v[2], n == 4 ? v[3] : 1)
    }
    throw ValueError(
      "expected a colour, got '\(t)'",
      suggestion: .nearest(to: t, in: Color.named.map(\.name), otherwise: .text(colorHint)))
  }

  /// How to write a colour, with where its names are listed.
  static let colorHint =
    "use #rrggbb, rgb(1, 0.5, 0) or a colour name such as red (help set lists the names)"

  /// Refuses `rgb(r, g, b)` whose components are all whole numbers above 1 and at most 255:
  /// 0–255 values, which would otherwise be an extended-range colour drawn white. The hint
  /// gives the same colour in 0…1 and as `#rrggbb`; `rgba(…)` still takes such components
  /// (what `save` writes for an extended-range colour).
  static func byteLike(_ v: [Double], in t: String) throws(ValueError) {
    guard v.allSatisfy({ $0 > 1 && $0 <= 255 && $0.rounded() == $0 }) else { return }
    let unit = v.map { $0 / 255 }
    let rounded = unit.map { ValueFormatting.number(($0 * 100).rounded() / 100) }
    let hex = ValueFormatting.color(Color(unit[0], unit[1], unit[2]))
    throw ValueError(
      "'\(t)' looks like 0–255 components, but rgb takes them from 0 to 1",
      hint: "write rgb(\(rounded.joined(separator: ", "))) or \(hex); for an extended-range"
        + " colour, rgba(\(v.map(ValueFormatting.number).joined(separator: ", ")), 1)")
  }
}
