/// Assembles logical lines from physical ones: the one continuation rule for every input
/// (script files, `-e` text and standard input read whole, the prompt, and piped `-i` input).
///
/// A physical line that ends in one `\` (not in `\\`) continues on the next: the `\` is
/// dropped and the pieces are joined with a space. A `\r` at the end of a physical line is
/// dropped, so CRLF text reads as LF text. Each logical line keeps the number of its first
/// physical line, and numbers count physical lines, so a diagnostic's `file:line:column`
/// points at the line as written. At the end of input a pending continuation ends the line.
/// Pieces are appended in place, so joining n lines costs time linear in their total length.
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

  /// The next logical line with the number of its first physical line, or nil at the end.
  mutating func next() -> (number: Int, text: String)? {
    guard !ended else { return nil }
    let backslash = UInt8(ascii: "\\")
    let first = number
    var pending: [UInt8] = []
    var continuing = false
    while true {
      guard let physical = read(continuing) else {
        ended = true
        return continuing ? (first, String(decoding: pending, as: UTF8.self)) : nil
      }
      number += 1
      if continuing { pending.append(UInt8(ascii: " ")) }
      let start = pending.count
      pending.append(contentsOf: physical.utf8)
      if pending.count > start, pending.last == UInt8(ascii: "\r") { pending.removeLast() }
      let end = pending.count
      continuing =
        end > start && pending[end - 1] == backslash
        && !(end - 1 > start && pending[end - 2] == backslash)
      if continuing {
        pending.removeLast()
      } else {
        return (first, String(decoding: pending, as: UTF8.self))
      }
    }
  }
}
