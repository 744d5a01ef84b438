/// How names of layers and cells are written in key paths and scripts, and how key paths are
/// split into components.
///
/// A name that is a plain identifier (a letter or `_`, then letters, digits, `_` or `-`) is
/// written bare; any other name (`3F2A-9`, `my layer`, `a.b`) is written in double quotes with
/// `"` and `\` escaped, in a key path (`like.emitterCells."3F2A-9".birthRate`) as in a command
/// word (`cell like "3F2A-9"`). A quoted component is always a name, never a keyword
/// (`sublayers`, `emitterCells`) or a property; dots inside quotes do not split.
package enum KeyPathSyntax {
  /// Whether `name` can stand bare in a key path or a script.
  static func isPlain(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    func isLetter(_ c: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }
    guard let first = scalars.first, isLetter(first) else { return false }
    return scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// `name` as written in key paths and scripts: bare when plain, else double-quoted with
  /// `"` and `\` escaped. The one place that decides.
  package static func spelled(_ name: String) -> String {
    guard !isPlain(name) else { return name }
    var out = "\""
    for ch in name {
      if ch == "\"" || ch == "\\" { out.append("\\") }
      out.append(ch)
    }
    return out + "\""
  }

  /// One component of a key path.
  package struct Component: Sendable, Equatable {
    /// The text, quotes removed and escapes resolved.
    package var text: String
    /// Whether any of it was quoted (then it is a name, never a keyword or property).
    package var quoted: Bool
    /// Character offset of its first character in the path as written, and its length there.
    package var offset: Int
    package var length: Int
    /// Whether it ends inside a quote that was never closed (only when splitting leniently).
    package var open = false
  }

  /// Splits a key path as written at unquoted dots. `"…"` quotes with `\"` and `\\` escapes
  /// and `'…'` quotes without, as the lexer does. An unclosed quote is an error, unless
  /// `lenient` (for completion), when it ends the last component, marked `open`.
  package static func components(_ path: String, lenient: Bool = false) throws(ValueError)
    -> [Component]
  {
    let chars = Array(path)
    var out: [Component] = []
    var current = Component(text: "", quoted: false, offset: 0, length: 0)
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "." {
        current.length = i - current.offset
        out.append(current)
        current = Component(text: "", quoted: false, offset: i + 1, length: 0)
        i += 1
        continue
      }
      if c == "\"" || c == "'" {
        let open = i
        current.quoted = true
        let (text, next, closed) = KeyPathSyntax.quotedRun(chars, from: i)
        current.text += text
        i = next
        if !closed {
          guard lenient else {
            throw ValueError(
              "unterminated quote in key path", hint: "close it with \(c)", offset: open,
              length: 1)
          }
          current.open = true
        }
        continue
      }
      current.text.append(c)
      i += 1
    }
    current.length = chars.count - current.offset
    out.append(current)
    return out
  }

  /// The quoted run that opens at `chars[start]` (a `"` or `'`), as the lexer and key paths
  /// both read it: inside double quotes `\"`, `\\` and `\n` stand for `"`, `\` and a newline
  /// (any other character after `\` for itself); single quotes
  /// take every character as it is. Returns the text, the index after the closing quote (or
  /// the end), and whether the quote was closed.
  package static func quotedRun(_ chars: [Character], from start: Int) -> (
    text: String, next: Int, closed: Bool
  ) {
    let quote = chars[start]
    var text = ""
    var i = start + 1
    while i < chars.count {
      let e = chars[i]
      if e == quote { return (text, i + 1, true) }
      if e == "\\" && quote == "\"" && i + 1 < chars.count {
        text.append(chars[i + 1] == "n" ? "\n" : chars[i + 1])
        i += 2
        continue
      }
      text.append(e)
      i += 1
    }
    return (text, i, false)
  }
}
