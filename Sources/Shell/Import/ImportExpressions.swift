import Core
import Foundation

/// Expressions: the value of a range of tokens, read by precedence (`expression`, `binary`,
/// `arithmetic`), then signs, casts and brackets (`unary`), literals, names and closures
/// (`primary`, `variable`, `closure`), and what follows a value: members, calls, subscripts and
/// casts (`postfix`).
extension ImportInterpreter {
  /// The value of the tokens in `range`, or why it cannot be worked out.
  func expression(_ range: Range<Int>) throws(ImportSkip) -> ImportValue {
    guard !range.isEmpty else { throw skip("a missing value") }
    if program.language == .objc, let eq = topLevelIndex(of: "=", in: range),
      eq > range.lowerBound
    {
      // C's assignment is an expression: `[layer addSublayer:self.emitter = emitter]` sets the
      // property, and the value goes on.
      let value = try expression((eq + 1)..<range.upperBound)
      try assign(range.lowerBound..<eq, op: "=", value: value)
      return value
    }
    if let q = topLevelIndex(of: "?", in: range), q > range.lowerBound,
      !tokens[q - 1].isIdentifier("as"), q + 1 < range.upperBound, tokens[q + 1].isPunctuation(":")
    {
      // C's `a ?: b` (GNU): `a` unless it is nil or 0.
      let first = try expression(range.lowerBound..<q)
      if Self.truth(first) == true { return first }
      return try expression((q + 2)..<range.upperBound)
    }
    if let q = topLevelIndex(of: "?", in: range), q > range.lowerBound,
      !tokens[q - 1].isIdentifier("as"),
      let colon = topLevelIndex(of: ":", in: (q + 1)..<range.upperBound)
    {
      // `heavy ? rate * 2 : rate`: the branch its condition picks. **(choice)** A condition
      // not known here (another file's `isRegularSizeClass`) reads as false, as an unknown
      // `if` with an `else` does: the plain device, so the second value.
      let truth: Bool
      if let known = (try? expression(range.lowerBound..<q)).flatMap(Self.truth) {
        truth = known
      } else {
        warn(
          tokens[q],
          "the condition of '? :' is not known here: it reads as false, so the"
            + " second value is taken",
          hint: Self.unknownReadsFalse)
        truth = false
      }
      return try expression(truth ? (q + 1)..<colon : (colon + 1)..<range.upperBound)
    }
    if let q = topLevelIndex(of: "??", in: range), q > range.lowerBound,
      topLevelIndex(
        in: range,
        where: { t in
          t.kind == .punctuation && (Self.precedence[t.text] ?? 9) < Self.precedence["??"] ?? 0
        }) == nil
    {
      // **(choice)** A value the code cannot work out here (`UIColor(named: "Accent")` in no
      // asset catalog, a member of another file's object) takes the fallback its author wrote,
      // as a nil would on a device: `UIColor(named: "Accent")?.cgColor ?? UIColor.orange.cgColor`.
      let first: ImportValue
      do throws(ImportSkip) {
        first = try expression(range.lowerBound..<q)
      } catch {
        return try expression((q + 1)..<range.upperBound)
      }
      return try arithmetic("??", first, expression((q + 1)..<range.upperBound), at: tokens[q])
    }
    var c = range.lowerBound
    let v = try binary(&c, range.upperBound, 0)
    guard c <= range.upperBound else {
      throw skip("an unclosed bracket", tokens[range.lowerBound])
    }
    guard c == range.upperBound else {
      throw skip("'\(tokens[c].text)' is not understood here", tokens[c])
    }
    return v
  }

  /// The value of an expression written in `text` (the inside of an interpolation), read
  /// with the file's own frames: its tokens are put after the file's for the reading.
  func expression(of text: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    let inner = SourceTokenizer.tokens(text).map { t -> SourceToken in
      var t = t
      t.line = at.line
      t.column = at.column
      return t
    }
    guard !inner.isEmpty, inner.count <= 64 else {
      throw skip("an interpolation that is empty or too long", at)
    }
    let start = program.tokens.count
    program.tokens += inner
    defer { program.tokens.removeLast(inner.count) }
    return try expression(start..<(start + inner.count))
  }

  private static let precedence: [String: Int] = [
    "||": 1, "&&": 2, "==": 3, "!=": 3, "===": 3, "!==": 3, "<": 3, ">": 3, "<=": 3, ">=": 3,
    "??": 4, "..<": 5,
    "...": 5, "+": 6, "-": 6, "|": 6, "^": 6, "*": 7, "/": 7, "%": 7, "&": 7, "<<": 8, ">>": 8,
  ]

  private func binary(_ c: inout Int, _ end: Int, _ minimum: Int) throws(ImportSkip)
    -> ImportValue
  {
    let first = c
    var lhs = try unary(&c, end)
    // Whether the left operand is one integer literal, as written.
    var wholeLiteral = c == first + 1 && Self.isIntegerLiteral(tokens[first])
    while c < end, tokens[c].kind == .punctuation, let p = Self.precedence[tokens[c].text],
      p >= minimum
    {
      let op = tokens[c]
      c += 1
      let right = c
      let rhs = try binary(&c, end, p + 1)
      if program.language == .objc, op.text == "/", wholeLiteral, c == right + 1,
        Self.isIntegerLiteral(tokens[right]), case .number(let x) = lhs, case .number(let y) = rhs,
        y != 0
      {
        // C divides two integers as integers: `100/255` is 0 (`[UIColor colorWithRed:100/255
        // …]` is as dark on a device), `7/2` is 3.
        lhs = .number((x / y).rounded(.towardZero))
      } else {
        lhs = try arithmetic(op.text, lhs, rhs, at: op)
      }
      wholeLiteral = false
    }
    return lhs
  }

  /// Whether `t` is an integer literal as C and Swift write one (`255`, `0xFF`): no point, no
  /// exponent, no suffix such as `f`.
  static func isIntegerLiteral(_ t: SourceToken) -> Bool {
    guard t.kind == .number, let first = t.text.first, first.isNumber else { return false }
    if t.text.lowercased().hasPrefix("0x") { return !t.text.contains(".") && !t.text.contains("p") }
    return t.text.allSatisfy { $0.isNumber || $0 == "_" }
  }

  func arithmetic(_ op: String, _ a: ImportValue, _ b: ImportValue, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    if op == "??" {
      // **(choice)** A value not known here (`particle.birthRate` of another file's type) takes
      // the fallback its author wrote for a missing one.
      if case .null = a { return b }
      if case .unknown = a { return b }
      return a
    }
    if op == "&&" || op == "||" {
      guard let x = Self.truth(a), let y = Self.truth(b) else {
        throw skip("a condition whose value is not known here", at)
      }
      return .bool(op == "&&" ? x && y : x || y)
    }
    if op == "===" || op == "!==" {
      // Identity: the same layer, cell or view (`$0 === layer`).
      return .bool((a == b) == (op == "==="))
    }
    if op == "==" || op == "!=", case .constant(let x) = a, case .constant(let y) = b {
      let same = Self.sameCase(x, y)  // `.pad` and `UIUserInterfaceIdiom.pad`
      return .bool(same == (op == "=="))
    }
    if op == "==" || op == "!=", case .type(let x) = a, case .type(let y) = b,
      isForeignType(x), isForeignType(y)
    {
      // `type == LZEmitterTypeSnow`: constants of an enumeration of another file, told apart
      // by name (two names are two cases).
      return .bool((x == y) == (op == "=="))
    }
    if op == "==" || op == "!=" {
      if case .number = a, case .number = b {
      } else if a == .null || b == .null {
        return .bool((a == b) == (op == "=="))
      } else if case .string = a, case .string = b {
        return .bool((a == b) == (op == "=="))
      }
    }
    if ["<", ">", "<=", ">="].contains(op), case .string(let x) = a, case .string(let y) = b {
      // Strings compare character by character, as Swift compares text without combining
      // marks (`$0.key < $1.key`).
      let less = x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
      let more = y.unicodeScalars.lexicographicallyPrecedes(x.unicodeScalars)
      switch op {
      case "<": return .bool(less)
      case ">": return .bool(more)
      case "<=": return .bool(!more)
      default: return .bool(!less)
      }
    }
    if op == "+", case .array(let x) = a, case .array(let y) = b { return .array(x + y) }
    // Swift's `"spark" + suffix`: the strings one after the other.
    if op == "+", case .string(let x) = a, case .string(let y) = b { return .string(x + y) }
    if op == "|", case .constant = a {
      return .array([a, b])  // an option set (`.curveEaseIn | .repeat`): its members
    }
    if ["+", "-", "*", "/"].contains(op), let x = formulaText(a), let y = formulaText(b),
      isFormula(a) || isFormula(b)
    {
      guard !x.contains(","), !y.contains(",") else {
        throw skip("arithmetic on a point or a size of the action's parameters", at)
      }
      return .formula("(\(x)\(op)\(y))")  // worked out when the action runs
    }
    let x = try number(a, at: at)
    let y = try number(b, at: at)
    switch op {
    case "+": return .number(x + y)
    case "-": return .number(x - y)
    case "*": return .number(x * y)
    case "/":
      guard y != 0 else { throw skip("a division by zero", at) }
      return .number(x / y)
    case "%":
      guard y != 0 else { throw skip("a division by zero", at) }
      return .number(x.truncatingRemainder(dividingBy: y))
    case "&", "|", "^", "<<", ">>":
      // Bitwise, on whole numbers (`(hex >> 16) & 0xFF` in a colour initializer).
      guard let i = Int(exactly: x), let j = Int(exactly: y),
        abs(j) < 64 || (op != "<<" && op != ">>")
      else {
        throw skip("'\(op)' takes whole numbers", at)
      }
      switch op {
      case "&": return .number(Double(i & j))
      case "|": return .number(Double(i | j))
      case "^": return .number(Double(i ^ j))
      case "<<": return .number(Double(i << j))
      default: return .number(Double(i >> j))
      }
    case "==": return .bool(x == y)
    case "!=": return .bool(x != y)
    case "<": return .bool(x < y)
    case ">": return .bool(x > y)
    case "<=": return .bool(x <= y)
    case ">=": return .bool(x >= y)
    default:
      if x.rounded() != x || y.rounded() != y {
        // `0.5...1.5`: a range of numbers, for `CGFloat.random(in:)`.
        return .range(x, y)
      }
      let last = op == "..." ? y : y - 1
      // `Int.random(in: 500...2000)`: too many to list, its first and last number (a loop
      // over it is refused for its length).
      guard y - x <= Double(Self.maxLoopIterations) else { return .range(x, last) }
      return .array(last < x ? [] : stride(from: x, through: last, by: 1).map { .number($0) })
    }
  }

  /// Whether `v` is a number the action works out from its parameters when it runs.
  func isFormula(_ v: ImportValue) -> Bool {
    switch v {
    case .formula: return true
    case .parameter(let name): return isNumberParameter(name)
    default: return false
    }
  }

  /// Whether `name` is a number parameter of the action being recorded.
  func isNumberParameter(_ name: String) -> Bool {
    if case .number = parameters[name]?.kind { return true }
    return false
  }

  /// `v` as Burst's expression text, if it is a number or a number of the action's parameters
  /// (which it marks as used: the action takes it).
  func formulaText(_ v: ImportValue) -> String? {
    switch v {
    case .number(let n): return n < 0 ? "(\(ValueFormatting.number(n)))" : ValueFormatting.number(n)
    case .formula(let f): return f
    case .parameter(let name) where isNumberParameter(name):
      usedParameters.insert(name)
      return "$" + name
    default: return nil
    }
  }

  func number(_ v: ImportValue, at: SourceToken) throws(ImportSkip) -> Double {
    switch v {
    case .number(let n): return n
    case .null where program.language == .objc:
      return 0  // Objective-C's nil is 0 where a number goes (`[nil floatValue]`, an unset ivar)
    case .bool(let b): return b ? 1 : 0
    case .constant(let c) where Self.infinite[String(c.dropFirst())] != nil:
      // `.infinity`, `.greatestFiniteMagnitude` (repeatCount's forever).
      return Self.infinite[String(c.dropFirst())] ?? 0
    case .constant(".zero"):
      return 0  // a number's `.zero` (`height: .zero`, `emissionLongitude = .zero`)
    default: throw skip("expected a number, not \(v.kindName)", at)
    }
  }

  /// Types whose names an Objective-C cast `(CGFloat)x` uses.
  private static let castTypes: Set<String> = numberTypes.union(cNumberTypes).union([
    "id", "CGColorRef", "CGImageRef", "BOOL", "bool", "SInt32",
  ])

  func unary(_ c: inout Int, _ end: Int) throws(ImportSkip) -> ImportValue {
    // `try`, `try?`, `try!` and `await`: the value, as when it does not throw.
    while c + 1 < end, tokens[c].isIdentifier("try") || tokens[c].isIdentifier("await") {
      c += 1
      if tokens[c].isPunctuation("?") || tokens[c].isPunctuation("!") { c += 1 }
    }
    guard c < end else { throw skip("a missing value", c > 0 ? tokens[c - 1] : nil) }
    let t = tokens[c]
    expressionDepth += 1
    defer { expressionDepth -= 1 }
    guard expressionDepth <= Limits.maxImportNesting else {
      throw skip("an expression nested more than \(Limits.maxImportNesting) deep", t)
    }
    if t.isPunctuation("-") || t.isPunctuation("+") {
      c += 1
      let v = try unary(&c, end)
      if t.text == "-", isFormula(v), let f = formulaText(v) { return .formula("(-\(f))") }
      return t.text == "-" ? .number(-(try number(v, at: t))) : v
    }
    if t.isIdentifier("#keyPath"), c + 2 < end, tokens[c + 1].isPunctuation("(") {
      // `#keyPath(CAEmitterLayer.birthRate)`: the key path as a string, without the type.
      let close = program.closing(c + 1, in: c..<end)
      guard close < end else { throw skip("an unclosed '('", t) }
      var words = tokens[(c + 2)..<close].filter { $0.kind == .identifier }.map(\.text)
      if words.count > 1, words[0].first?.isUppercase == true { words.removeFirst() }
      c = close + 1
      return .string(words.joined(separator: "."))
    }
    if t.isIdentifier("method_exchangeImplementations"), c + 1 < end,
      tokens[c + 1].isPunctuation("(")
    {
      // The swap itself (in `+load`): what it means is read where the method calls itself.
      let close = program.closing(c + 1, in: c..<end)
      guard close < end else { throw skip("an unclosed '('", t) }
      c = close + 1
      return .void
    }
    if t.isIdentifier("objc_getAssociatedObject") || t.isIdentifier("objc_setAssociatedObject"),
      c + 1 < end, tokens[c + 1].isPunctuation("(")
    {
      let close = program.closing(c + 1, in: c..<end)
      guard close < end else { throw skip("an unclosed '('", t) }
      let open = c + 1
      c = close + 1
      return try associatedObject(t, arguments: (open + 1)..<close)
    }
    if t.isPunctuation("!") {
      c += 1
      guard let truth = Self.truth(try unary(&c, end)) else {
        throw skip("a condition whose value is not known here", t)
      }
      return .bool(!truth)
    }
    if t.isPunctuation("("), program.language == .objc, c + 3 < end,
      tokens[c + 1].isIdentifier("CATransform3D"), tokens[c + 2].isPunctuation(")"),
      tokens[c + 3].isPunctuation("{")
    {
      // `(CATransform3D){m11, …, m44}` (what `export objc` writes): a matrix.
      let close = program.closing(c + 3, in: (c + 3)..<end)
      guard close < end else { throw skip("an unclosed '{'", t) }
      var n: [Double] = []
      for (_, v) in try list((c + 4)..<close) { n.append(try number(v, at: t)) }
      guard n.count == 16 else { throw skip("a CATransform3D has 16 entries", t) }
      c = close + 1
      return .transform(Self.transformWord("matrix", n))
    }
    if t.isPunctuation("("), program.language == .objc, c + 3 < end,
      let fields = Self.compoundFields[tokens[c + 1].text], tokens[c + 2].isPunctuation(")"),
      tokens[c + 3].isPunctuation("{")
    {
      // C's compound literal `(CGPoint){x, y}`, `(CGSize){.width = w, .height = h}`,
      // `(CGRect){{x, y}, {w, h}}`.
      let type = tokens[c + 1].text
      let close = program.closing(c + 3, in: (c + 3)..<end)
      guard close < end else { throw skip("an unclosed '{'", t) }
      let n = try compoundNumbers((c + 4)..<close, fields: fields)
      guard n.count == fields.count else {
        throw skip("a \(type) has \(fields.count) numbers, not \(n.count)", t)
      }
      c = close + 1
      switch type {
      case "CGRect": return .rect(Rect(n[0], n[1], n[2], n[3]))
      case "CGSize": return .size(Size(n[0], n[1]))
      default: return .point(Point(n[0], n[1]))
      }
    }
    if t.isPunctuation("("), program.language == .objc, let after = castEnd(c, end) {
      c = after
      return try unary(&c, end)
    }
    var v = try primary(&c, end)
    try postfix(&v, &c, end)
    return v
  }

  /// The fields of the structs a C compound literal makes, in order.
  static let compoundFields: [String: [String]] = [
    "CGPoint": ["x", "y"], "CGSize": ["width", "height"], "CGVector": ["dx", "dy"],
    "CGRect": ["x", "y", "width", "height"],
  ]

  /// The numbers of a compound literal's braces, in the struct's field order: positional
  /// (nested braces read in order, `{{x, y}, {w, h}}`) or designated (`.y = 2, .x = 1`,
  /// `.origin = {…}`).
  func compoundNumbers(_ range: Range<Int>, fields: [String]) throws(ImportSkip) -> [Double] {
    var out: [Double] = []
    var named: [String: Double] = [:]
    for item in arguments(range) {
      var r = item.value
      if item.label != nil { throw skip("a label is not C", tokens[r.lowerBound]) }
      var designated: String?
      if r.count > 3, tokens[r.lowerBound].isPunctuation("."),
        tokens[r.lowerBound + 1].kind == .identifier, tokens[r.lowerBound + 2].isPunctuation("=")
      {
        designated = tokens[r.lowerBound + 1].text
        r = (r.lowerBound + 3)..<r.upperBound
      }
      if tokens[r.lowerBound].isPunctuation("{"),
        program.closing(r.lowerBound, in: r) == r.upperBound - 1
      {
        out += try compoundNumbers((r.lowerBound + 1)..<(r.upperBound - 1), fields: fields)
      } else {
        let n = try number(try expression(r), at: tokens[r.lowerBound])
        if let designated, fields.contains(designated) {
          named[designated] = n
        } else {
          out.append(n)
        }
      }
    }
    if !named.isEmpty {
      guard out.isEmpty, named.count == fields.count else {
        throw skip("a compound literal names some fields and not others", tokens[range.lowerBound])
      }
      return fields.map { named[$0] ?? 0 }
    }
    return out
  }

  /// The Objective-C name of the method a selector names: `tapped:` of Swift's
  /// `#selector(self.tapped(_:))`, `touchesBegan:with:` of `#selector(touchesBegan(_:with:))`,
  /// the tokens themselves in Objective-C (`@selector(setSelected:)`).
  private func selectorName(_ range: Range<Int>) -> String? {
    guard program.language == .swift else {
      let text = tokens[range].map(\.text).joined()
      return text.isEmpty ? nil : text
    }
    let open = range.first { tokens[$0].isPunctuation("(") } ?? range.upperBound
    guard let base = tokens[range.lowerBound..<open].last(where: { $0.kind == .identifier })
    else { return nil }
    let labels = (open..<range.upperBound).filter {
      $0 + 1 < range.upperBound && tokens[$0 + 1].isPunctuation(":")
    }.map { tokens[$0].text }
    return base.text + labels.map { $0 == "_" ? ":" : $0 + ":" }.joined()
  }

  /// After an Objective-C cast `(__bridge id)` or `(CGFloat)`, where its operand starts.
  private func castEnd(_ c: Int, _ end: Int) -> Int? {
    let close = program.closing(c, in: c..<end)
    guard close + 1 < end else { return nil }
    let inside = tokens[(c + 1)..<close]
    guard let first = inside.first, first.kind == .identifier,
      inside.allSatisfy({ $0.kind == .identifier || $0.isPunctuation("*") }),
      Self.castTypes.contains(first.text) || first.text.hasPrefix("__bridge")
        || inside.last?.isPunctuation("*") == true
    else { return nil }
    let next = tokens[close + 1]
    guard next.kind != .punctuation || ["(", "[", "-"].contains(next.text) else { return nil }
    return close + 1
  }

  /// Where a Swift generic argument clause starting at `c` ends (`<CAEmitterCell>`, `<String,
  /// [UIColor]>`), when a call or a member follows it; nil when `<` is a comparison.
  private func genericClauseEnd(_ c: Int, _ end: Int) -> Int? {
    guard program.language == .swift, c < end, tokens[c].isPunctuation("<") else { return nil }
    var depth = 0
    for j in c..<end {
      let t = tokens[j]
      if t.isPunctuation("<") {
        depth += 1
      } else if t.isPunctuation(">") {
        depth -= 1
        if depth == 0 {
          guard j + 1 < end, tokens[j + 1].isPunctuation("(") || tokens[j + 1].isPunctuation(".")
          else { return nil }
          return j + 1
        }
      } else if !(t.kind == .identifier
        || [",", ".", "[", "]", "?", "!", ":"].contains(where: t.isPunctuation))
      {
        return nil
      }
    }
    return nil
  }

  private func primary(_ c: inout Int, _ end: Int) throws(ImportSkip) -> ImportValue {
    let t = tokens[c]
    switch t.kind {
    case .number:
      c += 1
      return .number(try literal(t))
    case .string:
      c += 1
      guard program.language == .swift else { return .string(t.text) }
      return .string(
        try interpolated(t.text, at: t) { (inside: String) throws(ImportSkip) -> ImportValue in
          try self.expression(of: inside, at: t)
        })
    case .identifier:
      c += 1
      switch t.text {
      case "true", "YES", "@YES": return .bool(true)
      case "false", "NO", "@NO": return .bool(false)
      case "nil", "NULL", "Nil": return .null
      case "self":
        if let own = frames.last?["self"] { return own }  // in an extension's initializer
        return program.selfIsEmitter ? try ownEmitter(at: t) : .host
      case "@selector", "#selector":
        // `#selector(tapped(_:))`, `@selector(tapped:)`: the method's name, which event wiring
        // (`addTarget`) takes and drops; the method itself is an action (a root).
        guard c < end, tokens[c].isPunctuation("(") else { throw skip("expected '(' here", t) }
        let close = program.closing(c, in: c..<end)
        guard close < end, let name = selectorName((c + 1)..<close) else {
          throw skip("a selector names a method", t)
        }
        c = close + 1
        return .string(name)
      default:
        if let after = genericClauseEnd(c, end) {
          c = after  // `Array<CAEmitterCell>()`: the type's arguments say nothing here
        }
        return try variable(t.text, at: t)
      }
    case .punctuation:
      switch t.text {
      case ".":
        guard c + 1 < end, tokens[c + 1].kind == .identifier else { break }
        c += 2
        let name = tokens[c - 1].text
        if name == "pi" { return .number(.pi) }
        if program.properties.contains(where: {
          $0.name == name
            && $0.owner.map { Self.isKnownType($0) || program.structNames.contains($0) } == true
        }) {
          // `.brand` where a colour goes: a static property the file adds to UIColor; or
          // `.default` where the file's own struct goes (`static let default = …`).
          return try variable(name, at: tokens[c - 1])
        }
        if let f = program.functions.firstIndex(where: {
          $0.name == name && $0.isProperty
            && $0.owner.map { Self.isKnownType($0) || program.structNames.contains($0) } == true
        }) {
          // `.brandGold` where a colour goes: a static computed property
          // (`static var brandGold: UIColor { … }`) the file adds to UIColor.
          return try call(f, args: [], at: tokens[c - 1])
        }
        return .constant("." + name)
      case "(":
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        if program.language == .objc, close - c > 3, tokens[c + 1].isPunctuation("{"),
          program.closing(c + 1, in: c..<close) == close - 1
        {
          // `({ CAEmitterLayer *l = [CAEmitterLayer layer]; …; l; })`, a statement
          // expression: its statements run, and the last one is the value.
          let inner = (c + 2)..<(close - 1)
          c = close + 1
          guard let last = program.statements(in: inner).last else {
            throw skip("an empty statement expression", t)
          }
          let made = objects.count
          _ = try body(inner.lowerBound..<last.lowerBound)
          let value = try expression(last)
          // A layer made inside is named by what the value is given to, not its local name.
          if case .object(let o) = value, o >= made { objects[o].variable = nil }
          return value
        }
        if program.language == .objc, close == c + 4, tokens[c + 1].kind == .identifier,
          tokens[c + 2].isPunctuation("["), tokens[c + 3].isPunctuation("]"), close + 1 < end,
          tokens[close + 1].isPunctuation("{")
        {
          // `(CGFloat[]){2, 1}`, a C array written in place: its items.
          let brace = program.closing(close + 1, in: (close + 1)..<end)
          guard brace < end else { throw skip("an unclosed '{'", t) }
          let items = try list((close + 2)..<brace, lenient: false)
          c = brace + 1
          return .array(items.map(\.1))
        }
        if program.language == .swift, topLevelIndex(of: ",", in: (c + 1)..<close) != nil {
          // A tuple (`(0, -150)`): its items in order, read back as `.0`, `.1`; with labels
          // (`(r: 255, g: 59, b: 48)`), a value whose fields are read by label or by place.
          let items = try list((c + 1)..<close)
          c = close + 1
          guard items.contains(where: { $0.0 != nil }) else { return .array(items.map(\.1)) }
          var fields: [String: ImportValue] = [:]
          for (k, (label, value)) in items.enumerated() {
            fields[String(k)] = value
            if let label { fields[label] = value }
          }
          return .record(type: "tuple", fields: fields)
        }
        let v = try expression((c + 1)..<close)
        c = close + 1
        return v
      case "{"
      where program.language == .swift && c > 0
        && [",", "(", ":", "="].contains(tokens[c - 1].text):
        // A closure passed as an argument (`delay(0.5, closure: { … })`), or kept in a
        // variable (`let burst = { … }`, called later as `burst()`).
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        defer { c = close + 1 }
        return closure((c + 1)..<close)
      case "^" where program.language == .objc:
        // A block literal, `^(UIGraphicsImageRendererContext *ctx) { … }` (a return type may
        // come first): a closure whose parameters are the last name before each `,` and `)`.
        guard let open = (c..<end).first(where: { tokens[$0].isPunctuation("{") }) else { break }
        let close = program.closing(open, in: open..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        let names = blockParameters(c..<open)
        c = close + 1
        guard case .closure(let body, let captured, _, _) = closure((open + 1)..<close) else {
          break
        }
        return .closure(body: body, captured: captured, parameters: names)
      case "@":
        // `@(expr)`, `@[…]`, `@10`: Objective-C literals.
        c += 1
        guard c < end else { break }
        if tokens[c].isPunctuation("{") {
          // `@{ @"rate": @12 }`: a dictionary.
          let close = program.closing(c, in: c..<end)
          guard close < end else { throw skip("an unclosed '@{'", t) }
          defer { c = close + 1 }
          return dictionaryLiteral((c + 1)..<close)
        }
        if tokens[c].isPunctuation("[") {
          let close = program.closing(c, in: c..<end)
          guard close < end else { throw skip("an unclosed '@['", t) }
          let items = try list((c + 1)..<close, lenient: true)
          c = close + 1
          return .array(items.map(\.1))
        }
        return try unary(&c, end)
      case "[":
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '['", t) }
        defer { c = close + 1 }
        if program.language == .swift, isDictionaryLiteral((c + 1)..<close) {
          return dictionaryLiteral((c + 1)..<close)
        }
        if program.language == .swift {
          // An item that cannot be worked out is `.unknown`: its uses are skipped, not the
          // array's other items (`[UIColor(named: "Brand"), .red]`).
          return .array(try list((c + 1)..<close, lenient: true).map(\.1))
        }
        return try send((c + 1)..<close, at: t)
      case "{":
        // `{ … }()`: a closure run at once (a stored property's initializer).
        let close = program.closing(c, in: c..<end)
        guard close + 2 < end, tokens[close + 1].isPunctuation("("),
          tokens[close + 2].isPunctuation(")")
        else { throw skip("closures are not followed", t) }
        var bodyRange = (c + 1)..<close
        if let inIndex = headerIn(bodyRange) { bodyRange = (inIndex + 1)..<close }
        c = close + 3
        // It sees the variables of the code around it (an initializer's parameters).
        let outer = frames.last ?? [:]
        let names = outer.keys.sorted()
        return try invoke(
          body: bodyRange, parameters: names, args: names.map { outer[$0] ?? .null }, at: t)
      default: break
      }
    }
    throw skip("'\(t.text)' is not understood here", t)
  }

  private func literal(_ t: SourceToken) throws(ImportSkip) -> Double {
    var text = t.text.replacingOccurrences(of: "_", with: "")
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      // C's unsigned and long suffixes (`0xFFFFFFFFu`, `0x7fffffffUL`); `f` is a hex digit.
      while let last = text.last, "lLuU".contains(last) { text.removeLast() }
      guard let n = UInt64(text.dropFirst(2), radix: 16) else { throw skip("a bad number", t) }
      return Double(n)
    }
    while let last = text.last, "fFlLuU".contains(last) { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    guard let n = Double(text) else { throw skip("a bad number '\(t.text)'", t) }
    return n
  }

  /// Comma-separated values, each with its label (`x: 1`), of a call or an array.
  /// The items of a comma-separated list. When `lenient`, an item that cannot be worked out
  /// is `.unknown` (with the reason) instead of failing the list: a call's arguments, so that
  /// a function of the file still runs without it (`call(_:_:at:)` decides).
  func list(_ range: Range<Int>, lenient: Bool = false) throws(ImportSkip)
    -> [(String?, ImportValue)]
  {
    try values(of: arguments(range), lenient: lenient)
  }

  /// The items of a comma-separated list, not worked out: each one's label (`x:`), if it has
  /// one, and the tokens of its value.
  func arguments(_ range: Range<Int>) -> [(label: String?, value: Range<Int>)] {
    var out: [(label: String?, value: Range<Int>)] = []
    func item(_ r: Range<Int>) {
      guard !r.isEmpty else { return }
      if r.count >= 3, tokens[r.lowerBound].kind == .identifier,
        tokens[r.lowerBound + 1].isPunctuation(":")
      {
        out.append((tokens[r.lowerBound].text, (r.lowerBound + 2)..<r.upperBound))
      } else {
        out.append((nil, r))
      }
    }
    var start = range.lowerBound
    while let comma = topLevelIndex(of: ",", in: start..<range.upperBound) {
      item(start..<comma)
      start = comma + 1
    }
    item(start..<range.upperBound)
    return out
  }

  /// The values of `items` (see `list`), worked out in order.
  func values(of items: [(label: String?, value: Range<Int>)], lenient: Bool) throws(ImportSkip)
    -> [(String?, ImportValue)]
  {
    var out: [(String?, ImportValue)] = []
    for (label, r) in items {
      guard lenient else {
        out.append((label, try expression(r)))
        continue
      }
      do throws(ImportSkip) {
        out.append((label, try expression(r)))
      } catch {
        out.append((label, .unknown(error.message)))
      }
    }
    return out
  }

  /// The function of the file that `range` names without calling it, as a map's argument:
  /// `cell`, `cell(color:)`, `self.cell(color:)`, `Confetti.cell(color:)`; nil otherwise.
  func functionReference(_ range: Range<Int>) -> Int? {
    var r = range
    // `self.` or `Type.` before the name.
    if r.count >= 3, tokens[r.lowerBound + 1].isPunctuation("."),
      tokens[r.lowerBound].isIdentifier("self") || isOwnType(tokens[r.lowerBound].text)
    {
      r = (r.lowerBound + 2)..<r.upperBound
    }
    guard let first = r.first, tokens[first].kind == .identifier else { return nil }
    var labels: [String] = []
    if r.count > 1 {
      // `(color:)`, `(_:)`, `(_:with:)`: labels each followed by `:`, nothing else.
      guard tokens[first + 1].isPunctuation("("), tokens[r.upperBound - 1].isPunctuation(")")
      else { return nil }
      var k = first + 2
      while k < r.upperBound - 1 {
        guard tokens[k].kind == .identifier, k + 1 < r.upperBound - 1,
          tokens[k + 1].isPunctuation(":")
        else { return nil }
        labels.append(tokens[k].text)
        k += 2
      }
    }
    let name = tokens[first].text
    return program.functions.indices.first { i in
      let f = program.functions[i]
      return f.name == name && !f.isProperty && f.parameters.count == 1
        && (labels.isEmpty || labels.count == 1)
    }
  }

  /// `objc_getAssociatedObject(self, KEY)` and `objc_setAssociatedObject(self, KEY, value,
  /// policy)`: how a category gives a class a stored property. The value is kept as the
  /// instance's field named by the key (`@selector(emitter)`: `emitter`; `&kEmitterKey`:
  /// `kEmitterKey`), so the property, its accessors and the association are one value.
  func associatedObject(_ t: SourceToken, arguments range: Range<Int>) throws(ImportSkip)
    -> ImportValue
  {
    let parts = topLevelParts(range)
    let setting = t.text == "objc_setAssociatedObject"
    guard parts.count == (setting ? 4 : 2) else {
      throw skip("\(t.text) takes \(setting ? 4 : 2) arguments", t)
    }
    guard parts[0].count == 1, tokens[parts[0].lowerBound].isIdentifier("self") else {
      throw skip("only an object's own associations (self) are followed", t)
    }
    let words = tokens[parts[1]].filter { $0.kind == .identifier && !$0.text.hasPrefix("@") }
    guard let key = words.last?.text else { throw skip("an association's key is not a name", t) }
    if setting {
      // The instance's field, also where a setter's parameter has the key's name.
      let value = try expression(parts[2])
      if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = key }
      instance[key] = value
      return .void
    }
    return instanceValue(key) ?? .null
  }
}
