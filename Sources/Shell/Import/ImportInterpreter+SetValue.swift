import Core

/// The importer's value reader, for `set`: a value written as Swift or Objective-C code writes
/// it (`UIColor.red`, `.systemPink`, `CGPoint(x: 10, y: 20)`, `#colorLiteral(…)`, `.pi / 4`)
/// is read by the same expression evaluator and turned into `set`'s text by the same
/// conversion (`valueText`) as an assignment in an imported file.
extension ImportInterpreter {
  /// A value read from code, as `set` reads it, with the warnings reading it gave (a random
  /// draw, an image found by its role).
  struct CodeValue {
    var text: String
    var warnings: [ImportWarning]
  }

  /// `code` read as one Swift (or, when it starts with `[` or `@`, Objective-C) expression
  /// and written as `set` reads a value of `kind`. `viewSize` is what the hosting view's
  /// bounds are (`view.bounds.width`), `now` what `CACurrentMediaTime()` returns. An
  /// expression whose brackets nest past `Limits.maxImportNesting` is refused unread, as
  /// `import` refuses such a file.
  static func setText(
    ofCode code: String, kind: PropertyKind, viewSize: Size, now: Double
  ) throws(ImportSkip) -> CodeValue {
    let objc = code.hasPrefix("[") || code.hasPrefix("@")
    var program = SourceProgram(source: "", language: objc ? .objc : .swift)
    program.tokens = SourceTokenizer.tokens(code)
    guard let first = program.tokens.first else { throw ImportSkip(message: "a missing value") }
    var depth = 0
    for t in program.tokens where t.kind == .punctuation {
      if ["(", "[", "{"].contains(t.text) { depth += 1 }
      if [")", "]", "}"].contains(t.text) { depth -= 1 }
      guard depth <= Limits.maxImportNesting else {
        throw ImportSkip(
          message: "brackets nest more than \(Limits.maxImportNesting) deep", at: t)
      }
    }
    let reader = ImportInterpreter(
      program: program, viewSize: viewSize, now: now, directory: "", fileName: "")
    let value = try reader.expression(0..<program.tokens.count)
    let text = try reader.valueText(value, kind: kind, at: first)
    return CodeValue(text: text, warnings: reader.warnings)
  }
}

extension ImportInterpreter {
  /// Whether `text` is written as Swift or Objective-C code rather than in Burst's own value
  /// syntax: it names a type (`UIColor`, `CGPoint`, `CGFloat`: a name with a capital first
  /// letter), an implicit member (`.systemPink`), an Xcode literal (`#colorLiteral`), an
  /// Objective-C message or literal (`[…]`, `@…`), or labels an argument (`x: 10`). Burst's
  /// own numbers, points and colours do none of these (its `scene.width` is a member of a
  /// lower-case name), so a value Burst refuses for its own reasons (a number nested past its
  /// bound, a misspelt `scene.widht`) keeps Burst's error.
  static func looksLikeCode(_ text: String) -> Bool {
    let tokens = SourceTokenizer.tokens(text)
    for (i, t) in tokens.enumerated() {
      switch t.kind {
      case .identifier:
        if let first = t.text.first, first.isUppercase || first == "#" || first == "@" {
          return true
        }
      case .punctuation:
        if [":", "[", "@"].contains(t.text) { return true }
        // An implicit member (`.systemPink`): a `.` that follows no value. A member of a
        // value in lower case (`scene.width`) is Burst's own.
        let follows =
          i > 0 && (tokens[i - 1].kind != .punctuation || [")", "]"].contains(tokens[i - 1].text))
        if t.text == ".", !follows, i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
          return true
        }
      default: break
      }
    }
    return false
  }

  /// `code` with the colour name in it replaced by the one of `Color.named` it misspells:
  /// `UIColor.rde` → `UIColor.red`, `.systemPnik` → `.systemPink`, `[UIColor rdeColor]` →
  /// `[UIColor redColor]`; nil when it names no colour that near one.
  static func nearestColor(in code: String) -> String? {
    let tokens = SourceTokenizer.tokens(code)
    let types: Set<String> = ["UIColor", "NSColor", "Color"]
    for (i, t) in tokens.enumerated() where t.kind == .identifier && t.line == 1 {
      let before = tokens[..<i].suffix(2).map(\.text)
      let member =
        i == 1 && before == ["."]
        || before.count == 2 && types.contains(before[0])
          && before[1] == "."
      let message = before == ["[", "UIColor"]
      guard member || message, ImportNames.color(t.text) == nil else { continue }
      let suffix = message && t.text.hasSuffix("Color") ? "Color" : ""
      let name = String(t.text.dropLast(suffix.count))
      guard let near = Suggestions.nearest(to: name, in: Color.named.map(\.name)) else {
        return nil
      }
      var chars = Array(code)
      chars.replaceSubrange((t.column - 1)..<(t.column - 1 + t.text.count), with: near + suffix)
      return String(chars)
    }
    return nil
  }
}
