/// Splits script text into commands and words.
///
/// Rules (LANGUAGE.md): one command per line; `;` separates commands; `#` at the start of a
/// word starts a comment (unless it begins a `#rrggbb`/`#rrggbbaa` colour), and inside a word
/// or quotes it is literal; a trailing `\` continues the line; words are separated by spaces or tabs;
/// `"…"` and `'…'` quote (with `\"`, `\\` escapes in double quotes); a parenthesised group
/// such as `rgb(1, 0.5, 0)` or `(30, 30)` stays one word. Linear in the input's length.
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
  ///
  /// Lines end at each `\n` byte, and a `\r` before it is dropped. (The text is split as
  /// UTF-8, not as Characters: `\r\n` is a single Character, so splitting Characters at `\n`
  /// would never find the line breaks of a CRLF file.) A line continues when it ends in one
  /// `\`, not in `\\`; the continued pieces are joined with a space, appended in place, so
  /// joining n lines costs time linear in their total length.
  static func logicalLines(_ source: String, firstLine: Int) -> [(number: Int, text: String)] {
    let newline = UInt8(ascii: "\n")
    let backslash = UInt8(ascii: "\\")
    var out: [(number: Int, text: String)] = []
    var pending: [UInt8] = []
    var continuing = false
    var pendingNumber = firstLine
    var number = firstLine
    var bytes = Array(source.utf8)
    if bytes.last != newline { bytes.append(newline) }
    var start = 0
    for i in bytes.indices where bytes[i] == newline {
      var end = i
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let continued =
        end > start && bytes[end - 1] == backslash
        && !(end - 1 > start && bytes[end - 2] == backslash)
      if continued { end -= 1 }
      if continuing {
        pending.append(UInt8(ascii: " "))
      } else {
        pendingNumber = number
      }
      pending.append(contentsOf: bytes[start..<end])
      continuing = continued
      if !continued {
        out.append((pendingNumber, String(decoding: pending, as: UTF8.self)))
        pending.removeAll(keepingCapacity: true)
      }
      number += 1
      start = i + 1
    }
    if continuing { out.append((pendingNumber, String(decoding: pending, as: UTF8.self))) }
    return out
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
          i += 1
          var closed = false
          while i < chars.count {
            let e = chars[i]
            if e == quote {
              closed = true
              i += 1
              break
            }
            if e == "\\" && quote == "\"" && i + 1 < chars.count {
              text.append(chars[i + 1])
              i += 2
              continue
            }
            text.append(e)
            i += 1
          }
          if !closed {
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
      tokens.append(Token(text: text, column: start + 1, length: i - start, quoted: quoted))
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
