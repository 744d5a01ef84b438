/// Printing of values in the same form that `set` reads, so that `save` round-trips.
package enum ValueFormatting {
  /// A size as `scene` and `view` read it: `320x240`.
  package static func dimensions(_ s: Size) -> String {
    "\(number(s.width))x\(number(s.height))"
  }

  /// The shortest text that reads back to the same Double (`0.7`, `1000`, `-0.5`, `1e-07`).
  package static func number(_ x: Double) -> String {
    if x == 0 { return "0" }  // also folds -0
    if x.isNaN { return "nan" }
    if x.isInfinite { return x > 0 ? "inf" : "-inf" }
    var s = x.description
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
  }

  /// The significant digits of a computed display (`get presentation`, `stats`, `explain`, …).
  static let displayDigits = 12

  /// A computed value for display: rounded half up to `displayDigits` significant decimal
  /// digits, then printed by `number` (`0.8406250000000001` → `0.840625`). The rounding works
  /// on the shortest round-trip text, so it adds no binary noise of its own.
  package static func display(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return number(x) }
    let text = x.description
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? parts[1] : ""
    exponent -= fraction.count
    // The value is digits × 10^exponent.
    var digits = Array((parts[0] + fraction).drop { $0 == "0" }).map {
      Int($0.asciiValue ?? 48) - 48
    }
    guard digits.count > displayDigits else { return number(x) }
    let roundUp = digits[displayDigits] >= 5
    exponent += digits.count - displayDigits
    digits.removeLast(digits.count - displayDigits)
    if roundUp {
      var i = digits.count - 1
      while i >= 0 && digits[i] == 9 {
        digits[i] = 0
        i -= 1
      }
      if i >= 0 { digits[i] += 1 } else { digits.insert(1, at: 0) }
    }
    let rounded = (negative ? "-" : "") + digits.map(String.init).joined() + "e\(exponent)"
    return number(Double(rounded) ?? x)
  }

  /// `value` with every number printed by `display`.
  package static func display(_ v: PropertyValue) -> String {
    text(of: v, numbers: display)
  }

  /// A large count for messages, to two significant digits: `5e+07` → `50 million`,
  /// `2e7` → `20 million`, `12,000` → `12 thousand`, smaller counts in full.
  package static func compact(_ x: Double) -> String {
    guard x.isFinite else { return x > 0 ? "infinitely many" : number(x) }
    let a = abs(x)
    let units: [(Double, String)] = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")]
    for (scale, name) in units where a >= scale {
      let v = (x / scale * 10).rounded() / 10
      return number(v) + " " + name
    }
    return number(x.rounded())
  }

  /// A colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque; an extended-range one (a
  /// component outside 0…1) as `rgba(r, g, b, a)`, exactly.
  ///
  /// Components are rounded to 8 bits, so a colour read from `#…` text prints back unchanged;
  /// other components print their nearest 8-bit value.
  package static func color(_ c: Color) -> String {
    if PropertyKind.isExtendedRange(.color(c)) {
      return "rgba(" + [c.red, c.green, c.blue, c.alpha].map(number).joined(separator: ",") + ")"
    }
    func byte(_ v: Double) -> String {
      let b = clampByte(v)
      let digits = Array("0123456789abcdef")
      return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
    var s = "#" + byte(c.red) + byte(c.green) + byte(c.blue)
    if clampByte(c.alpha) != 255 { s += byte(c.alpha) }
    return s
  }

  /// Rounds a 0…1 component to a byte without trapping (NaN → 0).
  static func clampByte(_ v: Double) -> UInt8 {
    guard v > 0 else { return 0 }
    guard v < 1 else { return 255 }
    return UInt8(v * 255 + 0.5)
  }

  /// The printed form of any value.
  package static func value(_ v: PropertyValue) -> String {
    text(of: v, numbers: number)
  }

  /// `v` in the form `set` reads, its numbers (also those of a point, size or rect) printed by
  /// `print`.
  static func text(of v: PropertyValue, numbers print: (Double) -> String) -> String {
    switch v {
    case .number(let n): return print(n)
    case .point(let p): return "\(print(p.x)),\(print(p.y))"
    case .size(let s): return "\(print(s.width)),\(print(s.height))"
    case .rect(let r):
      return "\(print(r.origin.x)),\(print(r.origin.y)),\(print(r.size.width)),"
        + print(r.size.height)
    case .color(let c): return color(c)
    case .bool(let b): return PropertyKind.boolWord(b)
    case .enumeration(let e): return e
    case .image(.none): return ImageRef.noneWord
    case .image(.builtin(let name)): return name
    case .image(.file(let path)):
      return path.contains(" ") ? "\"\(path)\"" : path
    case .image(.drawn(let d)): return drawing(d, print)
    case .transform(let t):
      if t.isIdentity { return TransformExpression.identityNames[0] }
      let m = t.matrix.m
      // Commas, no spaces, as a point or rect prints: one word, so `KEY=VALUE` keeps it.
      return (0..<16).map { print(m[$0]) }.joined(separator: ",")
    case .text(let t): return t
    case .path(let p): return path(p, print)
    case .numbers(let v): return list(v, print)
    case .colors(let c): return "[" + c.map(color).joined(separator: ", ") + "]"
    case .string(let t): return quotedString(t)
    }
  }

  /// Text in double quotes, `"` and `\` escaped with a backslash and a newline written `\n`, as
  /// the lexer reads it back.
  package static func quotedString(_ t: String) -> String {
    var out = "\""
    for ch in t {
      if ch == "\n" {
        out += "\\n"
        continue
      }
      if ch == "\"" || ch == "\\" { out.append("\\") }
      out.append(ch)
    }
    return out + "\""
  }
}
