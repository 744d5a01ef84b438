import Core
import Foundation

/// An asciinema v2 recording streamed to its file frame by frame through the atomic writer:
/// the header when it is opened, one event per ``append(time:frame:)``, and the rename into
/// place at ``finish()``. Nothing but the current frame is held in memory, and the file never
/// grows past ``limit``: the frame that would cross it is refused with an error naming the
/// limit, and the temporary file is removed.
final class CastFile {
  /// How a recording's name ends: `record` writes one when its path does.
  static let fileExtension = ".cast"

  /// A lower bound on the size of a recording of `frames` frames of `columns`×`rows` cells:
  /// every cell is at least its half-block character (3 bytes of UTF-8). Recordings whose bound
  /// passes the limit are refused before any frame is simulated.
  static func minimumBytes(columns: Int, rows: Int, frames: Int) -> Int {
    let header = AsciiCast.header(width: columns, height: rows).utf8.count
    let cells = columns.multipliedReportingOverflow(by: rows)
    let perFrame = cells.partialValue.multipliedReportingOverflow(by: 3)
    let all = perFrame.partialValue.multipliedReportingOverflow(by: frames)
    guard !cells.overflow, !perFrame.overflow, !all.overflow else { return Int.max }
    let (total, overflow) = all.partialValue.addingReportingOverflow(header)
    return overflow ? Int.max : total
  }

  let limit: Int
  private let pending: PendingFile
  private var frames = 0

  /// Opens the temporary file and writes the header.
  init(_ target: AtomicFile.Target, columns: Int, rows: Int, limit: Int = Limits.maxCastBytes)
    throws(OutputError)
  {
    self.limit = limit
    pending = try PendingFile(target)
    try add(AsciiCast.header(width: columns, height: rows))
  }

  /// Appends one frame shown at `time` seconds (the first one also clears the screen).
  func append(time: Double, frame: [String]) throws(OutputError) {
    try add(AsciiCast.event(time: time, frame: frame, first: frames == 0))
    frames += 1
  }

  /// Syncs the recording and renames it into place.
  func finish() throws(OutputError) {
    try pending.commit(sync: true)
  }

  /// Removes the temporary file (nothing happens after ``finish()``).
  func discard() {
    pending.discard()
  }

  private func add(_ text: String) throws(OutputError) {
    let bytes = Array(text.utf8)
    guard bytes.count <= limit - pending.byteCount else {
      pending.discard()
      throw .sizeLimit(
        path: pending.target.path, limit: limit, what: "\(Self.fileExtension) recordings")
    }
    try pending.append(bytes)
  }
}

/// asciinema's asciicast v2 format: a JSON header line, then one `[time, "o", data]` line per
/// output event. No wall-clock timestamp is written, so recordings are reproducible.
enum AsciiCast {
  static func header(width: Int, height: Int) -> String {
    "{\"version\": 2, \"width\": \(width), \"height\": \(height), "
      + "\"env\": {\"TERM\": \"xterm-256color\"}}\n"
  }

  /// One frame drawn from the top-left corner (the first one clears the screen).
  static func event(time: Double, frame: [String], first: Bool) -> String {
    let data = (first ? "\u{1B}[2J" : "") + "\u{1B}[H" + frame.joined(separator: "\r\n")
    return "[\(ValueFormatting.number((time * 1e6).rounded() / 1e6)), \"o\", \(json(data))]\n"
  }

  /// A JSON string literal.
  static func json(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 || u.value == 0x7F {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
