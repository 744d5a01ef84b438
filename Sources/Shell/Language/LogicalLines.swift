/// Assembles logical lines from physical ones: the one continuation rule for every input
/// (script files, `-e` text and standard input read whole, the prompt, and piped `-i` input).
///
/// A physical line that ends in one `\` (not in `\\`) continues on the next: the `\` is
/// dropped and the pieces are joined with a space. A `\r` at the end of a physical line is
/// dropped, so CRLF text reads as LF text. Each logical line keeps the number of its first
/// physical line, and numbers count physical lines, so a diagnostic's `file:line:column`
/// points at the line as written. At the end of input a pending continuation ends the line.
/// Pieces are appended in place, so joining n lines costs time linear in their total length.
///
/// A block `{` left open at the end of a physical line also continues it, until its `}`: the
/// pieces are joined with `; ` (a space after `{` or `;` and before `}`, without the next line's
/// indentation), so each line inside the block is a command of it, and a `#`
/// comment on a line inside a block is dropped (it would otherwise hide the rest). Braces in
/// quotes or comments do not count; a `{` counts only at the start of a word.
struct LogicalLines: Sequence, IteratorProtocol {
  /// Reads the next physical line without its newline, or returns nil at the end of input.
  /// `continuing` is true when the line continues the one before (the prompt says so).
  typealias Reader = (_ continuing: Bool) -> String?

  private let read: Reader
  /// The number of the next physical line.
  private var number: Int
  /// Whether the reader has reported the end of input (it is not asked again).
  private var ended = false

  /// Logical lines of the physical lines `read` returns; the first is numbered `firstLine`.
  init(firstLine: Int = 1, read: @escaping Reader) {
    self.read = read
    number = firstLine
  }

  /// Logical lines of `text`. Physical lines end at each `\n`; a final `\n` ends the last line
  /// rather than starting an empty one, and empty text is one empty line. (The text is split
  /// as UTF-8, not as Characters: `\r\n` is a single Character, so splitting Characters at
  /// `\n` would never find the line breaks of a CRLF file.)
  init(text: String, firstLine: Int = 1) {
    let newline = UInt8(ascii: "\n")
    var bytes = Array(text.utf8)
    if bytes.last != newline { bytes.append(newline) }
    var start = 0
    self.init(firstLine: firstLine) { _ in
      guard start < bytes.count, let end = bytes[start...].firstIndex(of: newline) else {
        return nil
      }
      defer { start = end + 1 }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
  }

  /// The next logical line with the number of its first physical line, and where the physical
  /// lines a block joined into it begin (`SourceLine.breaks`), or nil at the end.
  mutating func next() -> (number: Int, text: String, breaks: [SourceLine.LineBreak])? {
    guard !ended else { return nil }
    let backslash = UInt8(ascii: "\\")
    let first = number
    var pending: [UInt8] = []
    var continuing = false
    var depth = 0
    var joiner: [UInt8] = []
    var breaks: [SourceLine.LineBreak] = []
    // Characters in `pending` before the current piece.
    var characters = 0
    while true {
      guard let physical = read(continuing) else {
        ended = true
        return continuing ? (first, String(decoding: pending, as: UTF8.self), breaks) : nil
      }
      number += 1
      var bytes = Array(physical.utf8)
      if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
      var indentation = 0
      let blockJoin = continuing && depth > 0 && joiner != [0x20]
      if blockJoin {
        // Inside a block a line break separates commands: no `;` after `{` or `;`, or before
        // `}`, and the next line's indentation goes.
        let blank = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.count
        bytes.removeSubrange(..<blank)
        indentation = blank
        let before = pending.last { $0 != 0x20 && $0 != 0x09 }
        if before == UInt8(ascii: "{") || before == UInt8(ascii: ";")
          || bytes.first == UInt8(ascii: "}") || bytes.isEmpty
        {
          joiner = [0x20]
        }
      }
      if continuing {
        pending.append(contentsOf: joiner)
        characters += joiner.count
      }
      if blockJoin {
        breaks.append(
          SourceLine.LineBreak(offset: characters, number: number - 1, column: indentation + 1))
      }
      let start = pending.count
      pending.append(contentsOf: bytes)
      let inBlock = depth > 0
      let scan = Self.braces(pending, from: start, depth: depth)
      depth = scan.depth
      if let comment = scan.comment, inBlock || depth > 0 {
        pending.removeSubrange(comment...)
        while pending.count > start, pending.last == 0x20 || pending.last == 0x09 {
          pending.removeLast()
        }
      }
      let end = pending.count
      let backslashed =
        end > start && pending[end - 1] == backslash
        && !(end - 1 > start && pending[end - 2] == backslash)
      if backslashed {
        pending.removeLast()
        joiner = [UInt8(ascii: " ")]
        continuing = true
      } else if depth > 0 {
        joiner = Array("; ".utf8)
        continuing = true
      } else {
        return (first, String(decoding: pending, as: UTF8.self), breaks)
      }
      characters += String(decoding: pending[start...], as: UTF8.self).count
    }
  }

  /// The block depth after `bytes[from...]`, starting at `depth`, and where a `#` comment
  /// starts in it (if one does). Quoted text is skipped, as the lexer skips it.
  static func braces(_ bytes: [UInt8], from: Int, depth start: Int) -> (
    depth: Int, comment: Int?
  ) {
    var depth = start
    var i = from
    func wordStart(_ i: Int) -> Bool {
      i == from || [0x20, 0x09, UInt8(ascii: ";"), UInt8(ascii: "{")].contains(bytes[i - 1])
    }
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        i += 1
        while i < bytes.count, bytes[i] != c {
          if c == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") { i += 1 }
          i += 1
        }
        i += 1
        continue
      }
      if c == UInt8(ascii: "#"), wordStart(i), !isColor(bytes, at: i) { return (depth, i) }
      if c == UInt8(ascii: "{"), wordStart(i) || depth > 0 { depth += 1 }
      if c == UInt8(ascii: "}"), depth > 0 { depth -= 1 }
      i += 1
    }
    return (depth, nil)
  }

  /// `Lexer.xcodeLiterals` in UTF-8.
  private static let xcodeLiterals = Lexer.xcodeLiterals.map { Array($0.utf8) }

  /// `Lexer.isColorLiteral` on UTF-8: one of Xcode's literals, or six or eight hex digits after
  /// the `#`, then a word's end.
  private static func isColor(_ bytes: [UInt8], at i: Int) -> Bool {
    for literal in xcodeLiterals where bytes[i...].starts(with: literal) { return true }
    var j = i + 1
    func isHex(_ b: UInt8) -> Bool {
      (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }
    while j < bytes.count, isHex(bytes[j]) { j += 1 }
    let n = j - i - 1
    guard n == 6 || n == 8 else { return false }
    return j == bytes.count
      || [0x20, 0x09, UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "}")]
        .contains(bytes[j])
  }
}
