import Core

/// Strings built in code, most often image names in a loop: Swift's interpolation
/// (`"confetti-\(index)"`, `"spark\(i + 1)"`) and Objective-C's `[NSString
/// stringWithFormat:@"rock%d", i]`.
extension ImportInterpreter {
  /// `text` with each `\( … )` replaced by its value. The inside is read by the same
  /// expression reader as the rest of the file (`value`), on tokens of its own.
  func interpolated(
    _ text: String, at: SourceToken, value: (String) throws(ImportSkip) -> ImportValue
  )
    throws(ImportSkip) -> String
  {
    guard text.contains("\\(") else { return text }
    let chars = Array(text)
    var out = ""
    var i = 0
    while i < chars.count {
      if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "(" {
        var depth = 1
        var j = i + 2
        while j < chars.count {
          if chars[j] == "(" { depth += 1 }
          if chars[j] == ")" {
            depth -= 1
            if depth == 0 { break }
          }
          j += 1
        }
        guard j < chars.count else { throw ImportSkip(message: "an unclosed '\\('", at: at) }
        let part = try value(String(chars[(i + 2)..<j]))
        // A value the code could not work out here (made by a call not read) has no text.
        if part == .void { throw ImportSkip(message: "'\\(…)' has no value here", at: at) }
        out += Self.described(part)
        i = j + 1
        continue
      }
      out.append(chars[i])
      i += 1
    }
    return out
  }

  /// `format` with each `%d`, `%i`, `%u`, `%x`, `%ld`, `%lu`, `%zd`, `%@`, `%f` and `%.Nf`
  /// replaced by the next of `values`, as `stringWithFormat:` does, padded to a width with its
  /// flags (`%02d`, `%-3@`, `%+d`); `%%` is a `%`.
  func formatted(_ format: String, _ values: [ImportValue], at: SourceToken) throws(ImportSkip)
    -> String
  {
    let chars = Array(format)
    var out = ""
    var next = 0
    var i = 0
    while i < chars.count {
      guard chars[i] == "%", i + 1 < chars.count else {
        out.append(chars[i])
        i += 1
        continue
      }
      var j = i + 1
      // Flags and a width (`%02d`, `%-4@`): padded as printf pads, up to `maxFormatWidth`.
      var flags: Set<Character> = []
      while j < chars.count, "-0+ #".contains(chars[j]) {
        flags.insert(chars[j])
        j += 1
      }
      var width = 0
      while j < chars.count, chars[j].isASCII, let d = chars[j].wholeNumberValue {
        width = min(Self.maxFormatWidth, width * 10 + d)
        j += 1
      }
      guard j < chars.count else { break }
      var precision: Int? = nil
      if chars[j] == "." {
        var digits = ""
        j += 1
        while j < chars.count, chars[j].isASCII, chars[j].isNumber {
          digits.append(chars[j])
          j += 1
        }
        precision = Int(digits)
      }
      while j < chars.count, "lzhq".contains(chars[j]) { j += 1 }
      guard j < chars.count else { break }
      let conversion = chars[j]
      if conversion == "%" {
        out.append("%")
        i = j + 1
        continue
      }
      guard next < values.count else {
        throw ImportSkip(message: "the format has more '%' than values", at: at)
      }
      let v = values[next]
      next += 1
      var piece: String
      var numeric = true
      switch conversion {
      case "d", "i", "u", "x", "X":
        guard case .number(let n) = v, let whole = Int(exactly: n.rounded(.towardZero)) else {
          throw ImportSkip(message: "%\(conversion) takes a number", at: at)
        }
        piece =
          conversion == "x" || conversion == "X"
          ? String(whole, radix: 16, uppercase: conversion == "X") : String(whole)
      case "f":
        guard case .number(let n) = v else {
          throw ImportSkip(message: "%f takes a number", at: at)
        }
        piece = Self.fixed(n, precision ?? 6)
      default:
        // As in an interpolation: a value not worked out here has no text.
        if v == .void { throw ImportSkip(message: "'%@' has no value here", at: at) }
        piece = Self.described(v)
        numeric = false
      }
      if numeric, flags.contains("+"), !piece.hasPrefix("-") { piece = "+" + piece }
      if piece.count < width {
        let pad = width - piece.count
        if flags.contains("-") {
          piece += String(repeating: " ", count: pad)
        } else if numeric, flags.contains("0") {
          let sign =
            piece.first.map { "+-".contains($0) } == true ? String(piece.removeFirst()) : ""
          piece = sign + String(repeating: "0", count: pad) + piece
        } else {
          piece = String(repeating: " ", count: pad) + piece
        }
      }
      out += piece
      i = j + 1
    }
    return out
  }

  /// The widest field a format pads to (`%64d`): a wider one is padded to this.
  static let maxFormatWidth = 64

  /// A value as it reads in a string: a whole number without its fraction.
  static func described(_ v: ImportValue) -> String {
    switch v {
    case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
    case .string(let s): return s
    case .bool(let b): return b ? "true" : "false"
    // An enumeration's case prints as its name (`"\(flavor)"` of `.mint` is "mint").
    case .constant(let c) where c.hasPrefix(".") && c.count > 1: return String(c.dropFirst())
    default: return v.kindName
    }
  }

  /// `n` with `places` digits after the point, as `%.Nf` prints it.
  static func fixed(_ n: Double, _ places: Int) -> String {
    let scale = (0..<min(places, 15)).reduce(1.0) { x, _ in x * 10 }
    let r = (abs(n) * scale).rounded() / scale
    var whole = String(Int(r.rounded(.down)))
    if n < 0 && r != 0 { whole = "-" + whole }
    guard places > 0 else { return whole }
    let fraction = Int(((r - r.rounded(.down)) * scale).rounded())
    let digits = String(fraction)
    return whole + "." + String(repeating: "0", count: max(0, places - digits.count)) + digits
  }

  /// The words of a string's measuring methods: Swift's `size(withAttributes:)`, Objective-C's
  /// `sizeWithAttributes:`.
  static let textMeasures: Set<String> = ["size", "sizeWithAttributes"]

  /// A string's properties read here: `isEmpty`, `capitalized`, and Objective-C's
  /// `lowercaseString`, `uppercaseString` (`length` is its `count`).
  static func stringProperty(_ text: String, _ name: String) -> ImportValue? {
    switch name {
    case "isEmpty": return .bool(text.isEmpty)
    case "capitalized", "capitalizedString": return .string(text.capitalized)
    case "lowercaseString": return .string(text.lowercased())
    case "uppercaseString": return .string(text.uppercased())
    case "length": return .number(Double(text.utf16.count))
    default: return nil
    }
  }

  /// The string methods read here (``stringTest(_:_:labels:values:)``).
  static let stringTests: Set<String> = ["hasPrefix", "hasSuffix", "lowercased", "uppercased"]

  /// `text.hasPrefix("c")`, `hasSuffix`, `lowercased()`, `uppercased()`; nil for others.
  static func stringTest(
    _ text: String, _ name: String, labels: [String], values: [ImportValue]
  ) -> ImportValue? {
    switch (name, labels, values.first) {
    case ("hasPrefix", ["_"], .string(let s)?): return .bool(text.hasPrefix(s))
    case ("hasSuffix", ["_"], .string(let s)?): return .bool(text.hasSuffix(s))
    case ("lowercased", [], _): return .string(text.lowercased())
    case ("uppercased", [], _): return .string(text.uppercased())
    default: return nil
    }
  }

  /// UIKit's font for text drawn without one (Helvetica 12).
  static let defaultTextSize = 12.0

  /// **(choice)** The size `text` takes drawn with `attributes` (`size(withAttributes:
  /// [.font: font])`): Burst has no font metrics, so each character is one font size wide (an
  /// emoji's square) and a line 1.2 font sizes tall. The font is the attributes' (a system font
  /// reads as its size), else UIKit's 12 pt.
  static func textSize(_ text: String, attributes: ImportValue?) -> Size {
    var points = defaultTextSize
    if case .record(type: dictionaryType, let fields)? = attributes {
      for key in fields.keys.sorted() where key.lowercased().contains("font") {
        if case .number(let n)? = fields[key], n > 0 { points = n }
      }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let widest = lines.map(\.count).max() ?? 0
    return Size(Double(widest) * points, Double(lines.count) * points * 1.2)
  }
}
