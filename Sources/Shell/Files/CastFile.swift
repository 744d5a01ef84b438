import Core
import Foundation

/// An asciinema v2 recording streamed to its file frame by frame through the atomic writer:
/// the header when it is opened, one event per ``append(time:frame:)``, and the rename into
/// place at ``finish()``. The first frame is drawn whole; each later one writes only the cells
/// that changed since the frame before (``TerminalCells/redraw(from:)``), an empty event when
/// none did. Nothing but the current and previous frames is held in memory, and the file never
/// grows past ``limit``: the frame that would cross it is refused with an error naming the
/// limit, and the temporary file is removed.
final class CastFile {
  /// How a recording's name ends: `record` writes one when its path does.
  static let fileExtension = ".cast"

  /// A lower bound on the size of a recording of `frames` frames of `columns`×`rows` cells: the
  /// first frame draws every cell, at least its half-block character (3 bytes of UTF-8), and
  /// every later frame is at least an empty event. Recordings whose bound passes the limit are
  /// refused before any frame is simulated.
  static func minimumBytes(columns: Int, rows: Int, frames: Int) -> Int {
    guard frames > 0 else { return AsciiCast.header(width: columns, height: rows).utf8.count }
    let header = AsciiCast.header(width: columns, height: rows).utf8.count
    let cells = columns.multipliedReportingOverflow(by: rows)
    let first = cells.partialValue.multipliedReportingOverflow(by: 3)
    let later = (frames - 1).multipliedReportingOverflow(by: AsciiCast.minimumEventBytes)
    guard !cells.overflow, !first.overflow, !later.overflow else { return Int.max }
    let (frameBytes, o1) = first.partialValue.addingReportingOverflow(later.partialValue)
    let (total, o2) = frameBytes.addingReportingOverflow(header)
    return o1 || o2 ? Int.max : total
  }

  let limit: Int
  private let pending: PendingFile
  /// The frame last appended, which the next one is drawn over.
  private var previous: TerminalCells?

  /// Opens the temporary file and writes the header.
  init(_ target: AtomicFile.Target, columns: Int, rows: Int, limit: Int = Limits.maxCastBytes)
    throws(OutputError)
  {
    self.limit = limit
    pending = try PendingFile(target)
    try add(AsciiCast.header(width: columns, height: rows))
  }

  /// Appends one frame shown at `time` seconds: the first one clears the screen and draws it
  /// all, a later one only its changes.
  func append(time: Double, frame: TerminalCells) throws(OutputError) {
    try add(AsciiCast.event(time: time, data: frame.redraw(from: previous)))
    previous = frame
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

  /// One output event: `data` written at `time` seconds (rounded to the microsecond).
  static func event(time: Double, data: String) -> String {
    "[\(ValueFormatting.number((time * 1e6).rounded() / 1e6)), \"o\", \(json(data))]\n"
  }

  /// The size of the shortest event, an empty one at time 0.
  static let minimumEventBytes = event(time: 0, data: "").utf8.count

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
