import Core

/// Splits script text into commands and words.
///
/// Rules (README.md, "The language"): one command per line; `;` separates commands; `#` at the
/// start of a word starts a comment (unless it begins a `#rrggbb`/`#rrggbbaa` colour), and
/// inside a word or quotes it is literal; a trailing `\` continues the line (`LogicalLines`);
/// words are separated by spaces or tabs; `"…"` and `'…'` quote (with `\"`, `\\` escapes in
/// double quotes); a parenthesised group such as `rgb(1, 0.5, 0)` or `(30, 30)` stays one word.
/// Linear in the input's length.
enum Lexer {
  /// Commands of a whole script, or the first error (with its position).
  static func commands(in source: String, file: String, firstLine: Int = 1) throws(Diagnostic)
    -> [CommandText]
  {
    var out: [CommandText] = []
    for logical in logicalLines(source, firstLine: firstLine) {
      let line = SourceLine(file: file, number: logical.number, text: logical.text)
      out += try commands(inLine: line)
    }
    return out
  }

  /// Joins `\`-continued lines; each logical line keeps its first physical line's number.
  /// The rule is in `LogicalLines`, which the prompt and piped `-i` input share.
  static func logicalLines(_ source: String, firstLine: Int) -> [(number: Int, text: String)] {
    Array(LogicalLines(text: source, firstLine: firstLine))
  }

  /// The commands of one logical line.
  static func commands(inLine line: SourceLine) throws(Diagnostic) -> [CommandText] {
    let chars = Array(line.text)
    var commands: [CommandText] = []
    var tokens: [Token] = []
    var i = 0
    func finish(end: Int) {
      guard !tokens.isEmpty else { return }
      commands.append(CommandText(tokens: tokens, line: line, end: end))
      tokens = []
    }
    while i < chars.count {
      let c = chars[i]
      if c == " " || c == "\t" {
        i += 1
        continue
      }
      if c == "#" && !isColorLiteral(chars, at: i) { break }
      if c == ";" {
        finish(end: i)
        i += 1
        continue
      }
      // A word: runs until unquoted, ungrouped space, ';' or '#'.
      let start = i
      var text = ""
      var quoted = false
      var depth = 0
      while i < chars.count {
        let d = chars[i]
        if depth == 0 && (d == " " || d == "\t" || d == ";") { break }
        if d == "\"" || d == "'" {
          quoted = true
          let quote = d
          let open = i
          let run = KeyPathSyntax.quotedRun(chars, from: i)
          text += run.text
          i = run.next
          if !run.closed {
            throw Diagnostic(
              "unterminated quote", hint: "close it with \(quote)", at: line,
              column: open + 1, length: 1)
          }
          continue
        }
        if d == "(" { depth += 1 }
        if d == ")" {
          depth -= 1
          if depth < 0 {
            throw Diagnostic(
              "unbalanced ')'", hint: "remove it or add a matching '('", at: line,
              column: i + 1, length: 1)
          }
        }
        text.append(d)
        i += 1
      }
      if depth > 0 {
        throw Diagnostic(
          "missing ')'", hint: "close the group that starts here", at: line,
          column: (chars[start..<i].firstIndex(of: "(") ?? start) + 1, length: 1)
      }
      tokens.append(
        Token(
          text: text, column: start + 1, length: i - start, quoted: quoted,
          spelling: quoted ? String(chars[start..<i]) : nil))
    }
    finish(end: i)
    return commands
  }
}

extension Lexer {
  /// Whether the `#` at `i` begins a `#rrggbb` or `#rrggbbaa` colour rather than a comment:
  /// six or eight hex digits, then the end of the word.
  static func isColorLiteral(_ chars: [Character], at i: Int) -> Bool {
    var j = i + 1
    while j < chars.count, chars[j].isHexDigit { j += 1 }
    let n = j - i - 1
    guard n == 6 || n == 8 else { return false }
    return j == chars.count || [" ", "\t", ";", ",", ")"].contains(chars[j])
  }
}

extension String {
  /// The string without trailing spaces and tabs (scanned as UTF-8, so a long line of spaces
  /// costs one pass).
  func trimmingTrailingSpaces() -> String {
    let bytes = utf8
    var end = bytes.endIndex
    while end > bytes.startIndex {
      let before = bytes.index(before: end)
      guard bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") else { break }
      end = before
    }
    return String(self[..<end])
  }
}
