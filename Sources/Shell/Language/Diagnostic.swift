import Core

/// A message about the user's input: `FILE:LINE:COL: error: …`, the line, and a caret under the
/// offending text. User-facing problems are always these; internal failures never reach users
/// as traps.
struct Diagnostic: Error, Sendable, Equatable {
  enum Severity: String, Sendable {
    case error, warning
  }

  var severity: Severity = .error
  var message: String
  /// What to tell the user beside the message: a "did you mean" goes on the message's line,
  /// anything else on a hint line below the caret.
  var suggestion: Suggestion?
  var line: SourceLine?
  var column: Int = 1
  var length: Int = 1
  /// The exit status a script stops with: 65 for errors in the script, 66 for a missing input
  /// file, 74 for an output file that could not be written.
  var exitCode: Int32 = ExitStatus.scriptError.code
  /// Already printed (an error inside a loaded script, passed up to stop the outer one).
  var reported = false
  /// Ctrl-C stopped the command (exit status 130 in a script); printed as one line.
  var isInterrupt = false
  /// What a failure after the clock moved left behind (printed as a note line).
  var stateNote: String?

  /// The diagnostic a command throws when Ctrl-C stops it at a safe point; `Session.execute`
  /// fills in the time reached.
  static func interrupt() -> Diagnostic {
    var d = Diagnostic("interrupted")
    d.isInterrupt = true
    d.exitCode = ExitStatus.interrupted.code
    return d
  }

  init(
    _ message: String, suggestion: Suggestion? = nil, at line: SourceLine? = nil, column: Int = 1,
    length: Int = 1, severity: Severity = .error
  ) {
    self.message = message
    self.suggestion = suggestion
    self.line = line
    self.column = column
    self.length = length
    self.severity = severity
  }

  /// A diagnostic whose hint is free text.
  init(
    _ message: String, hint: String?, at line: SourceLine? = nil, column: Int = 1,
    length: Int = 1, severity: Severity = .error
  ) {
    self.init(
      message, suggestion: hint.map(Suggestion.text), at: line, column: column, length: length,
      severity: severity)
  }

  /// A diagnostic pointing at a token.
  init(_ message: String, suggestion: Suggestion? = nil, token: Token, in line: SourceLine) {
    self.init(
      message, suggestion: suggestion, at: line, column: token.column, length: max(1, token.length))
  }

  /// A diagnostic pointing at a token, whose hint is free text.
  init(_ message: String, hint: String?, token: Token, in line: SourceLine) {
    self.init(message, suggestion: hint.map(Suggestion.text), token: token, in: line)
  }

  /// Wraps a Core value error found in `token`, narrowing the caret when Core says where.
  init(_ e: ValueError, token: Token, in line: SourceLine) {
    var column = token.column
    var length = max(1, token.length)
    if let o = e.offset, o >= 0, o < token.length, !token.quoted {
      column += o
      length = max(1, min(e.length ?? (token.length - o), token.length - o))
    }
    self.init(e.message, suggestion: e.suggestion, at: line, column: column, length: length)
  }

  /// The suggestion as the user reads it (its first line).
  var hint: String? { suggestion?.text }

  /// The rendered text: header, source line and caret, and a hint line. A "did you mean" goes
  /// in parentheses on the header, with the allowed names, if it has them, on the hint line.
  func rendered() -> String {
    if isInterrupt { return message + "\n" }
    var header = ""
    if let l = line {
      let at = l.position(ofColumn: column)
      header += "\(l.file):\(at.line):\(at.column): "
    }
    header += "\(severity.rawValue): \(message)"
    var tail = ""
    if let s = suggestion {
      if case .didYouMean = s {
        header += " (\(s.text))"
        if let names = s.alternatives { tail = "  hint: \(names.text)\n" }
      } else {
        tail = "  hint: \(s.text)\n"
      }
    }
    var out = header + "\n"
    if let l = line, !l.text.isEmpty {
      let (shown, caretAt) = Diagnostic.window(l.text, column: column)
      out += "  " + shown + "\n"
      let width = max(1, min(length, 80))
      out +=
        "  " + String(repeating: " ", count: caretAt) + "^"
        + String(repeating: "~", count: width - 1) + "\n"
    }
    if let note = stateNote { tail += "  note: \(note)\n" }
    return out + tail
  }

  /// At most about 100 characters of a long line around the column, with control characters
  /// made visible, and where the caret goes in what is shown.
  static func window(_ text: String, column: Int) -> (String, Int) {
    let chars = Array(text).map { c -> Character in
      guard let a = c.asciiValue else { return c }
      return a < 32 || a == 127 ? "?" : c
    }
    let col = max(0, min(column - 1, chars.count))
    guard chars.count > 100 else { return (String(chars), col) }
    let start = max(0, col - 40)
    let end = min(chars.count, start + 100)
    var shown = String(chars[start..<end])
    var caret = col - start
    if start > 0 {
      shown = "…" + shown
      caret += 1
    }
    if end < chars.count { shown += "…" }
    return (shown, caret)
  }
}
