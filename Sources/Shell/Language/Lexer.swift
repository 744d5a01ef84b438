import Core

/// Splits script text into commands and words.
///
/// Rules (README.md, "The language"): one command per line; `;` separates commands; `#` at the
/// start of a word starts a comment (unless it begins a `#rrggbb`/`#rrggbbaa` colour or an
/// Xcode literal, `#colorLiteral(…)`), and inside a word or quotes it is literal; a trailing
/// `\` continues the line (`LogicalLines`); words are separated by spaces or tabs; `"…"` and
/// `'…'` quote (with `\"`, `\\`, `\n` escapes in double quotes); a parenthesised group such as
/// `rgb(1, 0.5, 0)` or `(30, 30)` stays one word, and so does a bracketed list (`[6, 3]`); a block `{ COMMAND; COMMAND … }` (a `{` at
/// the start of a word, up to its matching `}`) is one word too, whose commands
/// `Lexer.blockCommands` reads. Linear in the input's length.
enum Lexer {
  /// Commands of a whole script, or the first error (with its position).
  static func commands(in source: String, file: String, firstLine: Int = 1) throws(Diagnostic)
    -> [CommandText]
  {
    var out: [CommandText] = []
    for logical in logicalLines(source, firstLine: firstLine) {
      let line = SourceLine(
        file: file, number: logical.number, text: logical.text, breaks: logical.breaks)
      out += try commands(inLine: line)
    }
    return out
  }

  /// Joins `\`-continued lines; each logical line keeps its first physical line's number.
  /// The rule is in `LogicalLines`, which the prompt and piped `-i` input share.
  static func logicalLines(_ source: String, firstLine: Int) -> [(
    number: Int, text: String, breaks: [SourceLine.LineBreak]
  )] {
    Array(LogicalLines(text: source, firstLine: firstLine))
  }

  /// The commands of one logical line.
  static func commands(inLine line: SourceLine) throws(Diagnostic) -> [CommandText] {
    try commands(inLine: line, chars: Array(line.text), from: 0, to: nil)
  }

  /// The commands inside a block token (`{ … }`), with their columns in the block's line.
  static func blockCommands(_ block: Token, in line: SourceLine) throws(Diagnostic)
    -> [CommandText]
  {
    let chars = Array(line.text)
    let open = block.column - 1
    let close = open + block.length - 1
    guard block.braced, open >= 0, close <= chars.count, close > open else { return [] }
    return try commands(inLine: line, chars: chars, from: open + 1, to: close)
  }

  /// The commands of `chars[from..<to]` (to the end when `to` is nil; a `#` comment then runs
  /// to the end of the line).
  private static func commands(
    inLine line: SourceLine, chars: [Character], from: Int, to limit: Int?
  ) throws(Diagnostic) -> [CommandText] {
    let stop = limit ?? chars.count
    var commands: [CommandText] = []
    var tokens: [Token] = []
    var i = from
    func finish(end: Int) {
      guard !tokens.isEmpty else { return }
      commands.append(CommandText(tokens: tokens, line: line, end: end))
      tokens = []
    }
    while i < stop {
      let c = chars[i]
      if c == " " || c == "\t" {
        i += 1
        continue
      }
      if c == "#" && !isColorLiteral(chars, at: i) {
        if limit != nil {
          throw Diagnostic(
            "a comment inside a block on one line would hide its '}'",
            hint: "end the comment's line after the block, or put the block on several lines",
            at: line, column: i + 1, length: 1)
        }
        break
      }
      if c == ";" {
        finish(end: i)
        i += 1
        continue
      }
      if c == "}" {
        throw Diagnostic(
          "unbalanced '}'", hint: "remove it or open the block with '{'", at: line,
          column: i + 1, length: 1)
      }
      if c == "{" {
        let close = try blockEnd(chars, from: i, to: stop, line: line)
        let after = close + 1
        if after < stop, ![" ", "\t", ";"].contains(chars[after]) {
          throw Diagnostic(
            "expected a space after '}'", hint: "a block is a word of its own", at: line,
            column: after + 1, length: 1)
        }
        tokens.append(
          Token(
            text: String(chars[i...close]), column: i + 1, length: close - i + 1, braced: true))
        i = after
        continue
      }
      // A word: runs until unquoted, ungrouped space, ';' or '#'.
      let start = i
      var text = ""
      var quoted = false
      var depth = 0
      while i < stop {
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
        if d == "(" || d == "[" { depth += 1 }
        if d == ")" || d == "]" {
          depth -= 1
          if depth < 0 {
            throw Diagnostic(
              "unbalanced '\(d)'", hint: "remove it or add a matching '\(d == ")" ? "(" : "[")'",
              at: line,
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
  /// The index of the `}` that closes the block opened at `open`: quoted text is skipped and
  /// blocks nest, at most `Limits.maxCommandDepth` deep. An unclosed block is an error at its
  /// `{`, one nested too deep at the `{` past the bound.
  static func blockEnd(_ chars: [Character], from open: Int, to stop: Int, line: SourceLine)
    throws(Diagnostic) -> Int
  {
    var depth = 0
    var i = open
    while i < stop {
      let c = chars[i]
      if c == "\"" || c == "'" {
        i = KeyPathSyntax.quotedRun(chars, from: i).next
        continue
      }
      if c == "#", i > open, [" ", "\t", ";", "{"].contains(chars[i - 1]),
        !isColorLiteral(chars, at: i)
      {
        break
      }
      if c == "{" {
        depth += 1
        if depth > Limits.maxCommandDepth {
          throw Diagnostic(
            "blocks nest more than \(Limits.maxCommandDepth) deep",
            hint: "at most \(Limits.maxCommandDepth) levels of { … }, one inside another",
            at: line, column: i + 1, length: 1)
        }
      }
      if c == "}" {
        depth -= 1
        if depth == 0 { return i }
      }
      i += 1
    }
    throw Diagnostic(
      "missing '}'", hint: "close the block that starts here", at: line, column: open + 1,
      length: 1)
  }

  /// Xcode's literals, which begin with `#` and are values, not comments.
  static let xcodeLiterals = ["#colorLiteral(", "#imageLiteral("]

  /// Whether the `#` at `i` begins a value rather than a comment: a `#rrggbb` or `#rrggbbaa`
  /// colour (six or eight hex digits, then the end of the word) or one of `xcodeLiterals`.
  static func isColorLiteral(_ chars: [Character], at i: Int) -> Bool {
    for literal in xcodeLiterals where chars[i...].starts(with: literal) { return true }
    var j = i + 1
    while j < chars.count, chars[j].isHexDigit { j += 1 }
    let n = j - i - 1
    guard n == 6 || n == 8 else { return false }
    return j == chars.count || [" ", "\t", ";", ",", ")", "}"].contains(chars[j])
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
