/// The language of a file `import` reads, told by its extension.
enum ImportLanguage: String, Sendable, CaseIterable {
  case swift
  case objc

  /// The file extensions, in the order messages list them.
  static let extensions: [(ext: String, language: ImportLanguage)] = [
    (".swift", .swift), (".m", .objc),
  ]

  /// Headers: imported beside a `.m` (`import GlowView.h GlowView.m`), for their macros and
  /// declarations, never alone.
  static let headerExtension = ".h"

  /// How messages name the language.
  var name: String { self == .swift ? "Swift" : "Objective-C" }

  /// The language of `path`, or nil when its extension is neither.
  static func of(path: String) -> ImportLanguage? {
    extensions.first { path.hasSuffix($0.ext) }?.language
      ?? (path.hasSuffix(headerExtension) ? .objc : nil)
  }
}

/// One token of Swift or Objective-C source, with where it starts (1-based line and column).
struct SourceToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// A name or keyword (`let`, `birthRate`, `kCAEmitterLayerCircle`, `#selector`).
    case identifier
    /// A number literal as written (`10`, `0.5`, `10.0f`, `0x1F`, `1_000`).
    case number
    /// A string literal's contents (`"flake"`, `@"flake"`), escapes left as written.
    case string
    /// Punctuation or an operator (`(`, `.`, `?.`, `..<`, `->`, `+=`).
    case punctuation
  }

  var kind: Kind
  var text: String
  var line: Int
  var column: Int
  /// Whether a line break comes before this token (Swift ends statements at line breaks).
  var startsLine = false

  func isPunctuation(_ p: String) -> Bool { kind == .punctuation && text == p }
  func isIdentifier(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// Splits Swift or Objective-C source into tokens: comments are dropped (nested `/* */` as
/// Swift allows), `@"…"` is a string, numbers keep their C suffixes for the evaluator, and
/// multi-character operators are single tokens. Never fails: a character it does not know is
/// a one-character punctuation token, which the interpreter then skips.
enum SourceTokenizer {
  /// Operators read as one token, longest first.
  static let operators = [
    "===", "!==", "..<", "...", "->", "?.", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=",
    "/=", "??",
    "<<", ">>",
  ]

  /// `source` with every line ending a line feed: Windows' `\r\n` (one Character in Swift,
  /// which no `== "\n"` test would match) and old Mac OS's lone `\r`.
  static func lineFeeds(_ source: String) -> String {
    String(source.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
  }

  static func tokens(_ source: String) -> [SourceToken] {
    let chars = Array(lineFeeds(source))
    var out: [SourceToken] = []
    var i = 0
    var line = 1
    var column = 1
    var newline = true
    func advance(_ n: Int = 1) {
      for _ in 0..<n where i < chars.count {
        if chars[i] == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        i += 1
      }
    }
    func at(_ k: Int) -> Character? { i + k < chars.count ? chars[i + k] : nil }
    func add(_ kind: SourceToken.Kind, _ text: String, _ l: Int, _ c: Int) {
      out.append(SourceToken(kind: kind, text: text, line: l, column: c, startsLine: newline))
      newline = false
    }
    while i < chars.count {
      let c = chars[i]
      if c == "\n" {
        newline = true
        advance()
        continue
      }
      if c.isWhitespace {
        advance()
        continue
      }
      if c == "/", at(1) == "/" {
        while i < chars.count, chars[i] != "\n" { advance() }
        continue
      }
      if c == "/", at(1) == "*" {
        var depth = 0
        repeat {
          if at(0) == "/", at(1) == "*" {
            depth += 1
            advance(2)
          } else if at(0) == "*", at(1) == "/" {
            depth -= 1
            advance(2)
          } else {
            if at(0) == "\n" { newline = true }
            advance()
          }
        } while depth > 0 && i < chars.count
        continue
      }
      let (l, col) = (line, column)
      if c == "\"" || (c == "@" && at(1) == "\"") {
        if c == "@" { advance() }
        advance()
        var text = ""
        while i < chars.count, chars[i] != "\"", chars[i] != "\n" {
          if chars[i] == "\\", let next = at(1) {
            text.append(chars[i])
            text.append(next)
            advance(2)
          } else {
            text.append(chars[i])
            advance()
          }
        }
        advance()
        add(.string, text, l, col)
        continue
      }
      if c == "`", let d = at(1), d.isLetter || d == "_" {
        // Swift's escaped name (`` `default` ``): the name itself.
        var text = ""
        advance()
        while let d = at(0), d.isLetter || d.isNumber || d == "_" {
          text.append(d)
          advance()
        }
        if at(0) == "`" { advance() }
        add(.identifier, text, l, col)
        continue
      }
      if c == "#", newline, at(1) == " " || at(1) == "\t" {
        // A directive written with spaces after its `#` (`# pragma mark`, `#  define`): the
        // same directive, read as one word.
        var k = 1
        while let d = at(k), d == " " || d == "\t" { k += 1 }
        if at(k)?.isLetter == true {
          advance(k)
          var text = "#"
          while let d = at(0), d.isLetter || d.isNumber || d == "_" {
            text.append(d)
            advance()
          }
          add(.identifier, text, l, col)
          continue
        }
      }
      if c.isLetter || c == "_" || ((c == "#" || c == "@") && (at(1)?.isLetter ?? false))
        || (c == "$" && (at(1)?.isNumber ?? false))
      {
        var text = String(c)
        advance()
        while let d = at(0), d.isLetter || d.isNumber || d == "_" {
          text.append(d)
          advance()
        }
        add(.identifier, text, l, col)
        continue
      }
      if c.isNumber || (c == "." && (at(1)?.isNumber ?? false) && !(out.last.map(isValue) ?? false))
      {
        var text = ""
        while let d = at(0),
          d.isLetter || d.isNumber || d == "_"
            || (d == "." && (at(1)?.isNumber ?? false) && !text.contains("."))
        {
          text.append(d)
          advance()
        }
        // C's `200.f` and `1.` (a float with no digits after the point).
        if at(0) == ".", !text.contains("."), !text.hasPrefix("0x"), !text.hasPrefix("0X"),
          let next = at(1),
          next == "f" || next == "F" || !(next.isLetter || next == "_" || next == ".")
        {
          let suffix = next == "f" || next == "F"
          if !suffix || !(at(2).map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
            text.append(".")
            advance()
            if suffix {
              text.append(next)
              advance()
            }
          }
        }
        add(.number, text, l, col)
        continue
      }
      if c == "?", at(1) == "?", at(2) == ".", let last = out.last, last.line == l,
        last.column + last.text.count == col
      {
        // `delegate?.window??.layer`: a double optional's chain, not `??` (nil-coalescing is
        // spaced): one `?` the reader looks through, then `?.`.
        advance()
        add(.punctuation, "?", l, col)
        continue
      }
      if let op = operators.first(where: { op in
        op.enumerated().allSatisfy { at($0.offset) == $0.element }
      }) {
        advance(op.count)
        add(.punctuation, op, l, col)
        continue
      }
      advance()
      add(.punctuation, String(c), l, col)
    }
    return AppKitNames.rewrite(out)
  }

  /// Whether a token ends a value, so a following `.5` is a member access, not a number.
  private static func isValue(_ t: SourceToken) -> Bool {
    t.kind != .punctuation || t.text == ")" || t.text == "]"
  }
}
