import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

/// A minimal terminal for replaying recordings: a grid of cells, a cursor with xterm's pending
/// wrap at the last column, and only the controls a recording may use — CR, LF, `ESC[row;colH`,
/// `ESC[H`, `ESC[2J` (clearing to the current background), and SGR `0`, `38;2;R;G;B`,
/// `48;2;R;G;B`. Anything else, or a line feed or wrap that would scroll, is recorded as an issue.
struct VirtualScreen {
  let columns: Int
  let rows: Int
  private(set) var cells: [TerminalCells.Cell]
  private var row = 0
  private var column = 0
  private var pendingWrap = false
  private var foreground: TerminalCells.Color?
  private var background: TerminalCells.Color?

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: TerminalCells.Cell(" "), count: columns * rows)
  }

  /// The screen as cells, to compare with a frame.
  var screen: TerminalCells { TerminalCells(columns: columns, rows: rows, cells: cells) }

  /// Whether no colour is in effect (each event should leave the terminal so).
  var attributesAreReset: Bool { foreground == nil && background == nil }

  mutating func play(_ data: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let scalars = Array(data.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      i += 1
      switch s {
      case "\u{1B}":
        guard i < scalars.count, scalars[i] == "[" else {
          Issue.record("ESC not followed by [", sourceLocation: sourceLocation)
          return
        }
        i += 1
        var parameters = ""
        while i < scalars.count, "0123456789;".unicodeScalars.contains(scalars[i]) {
          parameters.unicodeScalars.append(scalars[i])
          i += 1
        }
        guard i < scalars.count else {
          Issue.record("unterminated escape", sourceLocation: sourceLocation)
          return
        }
        let final = scalars[i]
        i += 1
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
          Int($0) ?? 0
        }
        control(final, numbers, sourceLocation: sourceLocation)
      case "\r":
        column = 0
        pendingWrap = false
      case "\n":
        lineFeed(sourceLocation: sourceLocation)
      default:
        guard s.value >= 0x20, s.value != 0x7F else {
          Issue.record("unexpected control \(s.value)", sourceLocation: sourceLocation)
          return
        }
        if pendingWrap {
          column = 0
          pendingWrap = false
          lineFeed(sourceLocation: sourceLocation)
        }
        cells[row * columns + column] = TerminalCells.Cell(
          s, foreground: foreground, background: background)
        if column + 1 < columns { column += 1 } else { pendingWrap = true }
      }
    }
  }

  private mutating func lineFeed(sourceLocation: SourceLocation) {
    if row + 1 < rows { row += 1 } else { Issue.record("scrolled", sourceLocation: sourceLocation) }
  }

  private mutating func control(
    _ final: Unicode.Scalar, _ p: [Int], sourceLocation: SourceLocation
  ) {
    switch final {
    case "H":
      row = min(max(p.first ?? 1, 1), rows) - 1
      column = min(max(p.count > 1 ? p[1] : 1, 1), columns) - 1
      pendingWrap = false
    case "J" where p == [2]:
      cells = Array(
        repeating: TerminalCells.Cell(" ", background: background), count: columns * rows)
    case "m":
      var k = 0
      while k < p.count {
        switch p[k] {
        case 0:
          foreground = nil
          background = nil
          k += 1
        case let code where (code == 38 || code == 48) && k + 4 < p.count && p[k + 1] == 2:
          let color = TerminalCells.Color(
            r: UInt8(p[k + 2]), g: UInt8(p[k + 3]), b: UInt8(p[k + 4]))
          if code == 38 { foreground = color } else { background = color }
          k += 5
        default:
          Issue.record("unsupported SGR \(p)", sourceLocation: sourceLocation)
          return
        }
      }
    default:
      Issue.record("unsupported escape \(p) \(final)", sourceLocation: sourceLocation)
    }
  }
}

/// The `[time, "o", data]` events of an asciicast, after its header.
private func castEvents(_ data: Data) throws -> (header: [String: Any], events: [(Double, String)])
{
  let lines = data.split(separator: UInt8(ascii: "\n"))
  let header = try #require(
    try JSONSerialization.jsonObject(with: Data(lines[0])) as? [String: Any])
  var events: [(Double, String)] = []
  for line in lines.dropFirst() {
    let event = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [Any])
    #expect(event.count == 3 && event[1] as? String == "o")
    events.append(
      (try #require((event[0] as? NSNumber)?.doubleValue), try #require(event[2] as? String)))
  }
  return (header, events)
}

/// A session after `setup`, with `columns` as its terminal width.
private func session(_ setup: String, columns: Int) -> Session {
  let s = Session(sink: CapturedOutput())
  s.defaultColumns = columns
  #expect(s.run(source: setup, file: "setup") == nil)
  return s
}

/// Each frame `record PATH.cast SECONDS fps FPS` draws in `s`, made the way it makes them, whole.
private func fullFrames(_ s: Session, seconds: Double, fps: Double) throws -> [TerminalCells] {
  let (cols, rows) = MotionCommands.castCells(s)
  let command = try Lexer.commands(in: "record x.cast \(seconds)", file: "test")[0]
  let start = s.scene.now
  return try (0..<Int((seconds * fps).rounded())).map { i in
    let frame = try #require(MotionCommands.ansiFrame(s, cols: cols, rows: rows))
    try s.advance(to: TimeCommands.snapped(start + Double(i + 1) / fps), for: command)
    return frame
  }
}

/// Records `script` into a fresh `.cast` and returns its bytes.
private func recordCast(_ script: String, columns: Int, seconds: Double, fps: Double) throws
  -> Data
{
  let dir = testScratchFolder.appendingPathComponent(
    "burst-replay-\(getpid())-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let path = dir.appendingPathComponent("r.cast").path
  let s = session(script, columns: columns)
  let ok = s.run(source: "record \(path) \(seconds) fps \(fps)\n", file: "test") == nil
  #expect(ok)
  return try #require(FileManager.default.contents(atPath: path))
}

private func example(_ name: String) throws -> String {
  let path = repositoryRoot.appendingPathComponent("examples/\(name).burst").path
  return String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
}

private let sparkles = """
  scene 80x60
  emitter like; cell like sparkle
  set like emitterShape=circle emitterMode=outline emitterSize=15,0 emitterPosition=40,30
  set like.emitterCells.sparkle birthRate=300 lifetime=0.7 velocity=30 scale=0.2 \\
      contents=sparkle color=orange alphaSpeed=-1

  """

@Suite("Recordings draw only what changed")
struct CastReplayTests {
  @Test(
    "replaying a recording shows, after every event, exactly the frame drawn whole",
    arguments: ["like-button", "confetti", "sparkles"])
  func replayShowsEveryFrame(scene: String) throws {
    let script = scene == "sparkles" ? sparkles : try example(scene)
    let (seconds, fps) = (1.0, 30.0)
    let cast = try castEvents(
      try recordCast(script, columns: 100, seconds: seconds, fps: fps))
    let frames = try fullFrames(session(script, columns: 100), seconds: seconds, fps: fps)
    let columns = try #require(cast.header["width"] as? Int)
    let rows = try #require(cast.header["height"] as? Int)
    #expect(cast.events.count == frames.count)
    var replay = VirtualScreen(columns: columns, rows: rows)
    for (i, ((time, data), frame)) in zip(cast.events, frames).enumerated() {
      #expect(time == (Double(i) / fps * 1e6).rounded() / 1e6)
      replay.play(data)
      #expect(replay.screen == frame, "frame \(i) of \(scene)")
      #expect(replay.attributesAreReset, "frame \(i) of \(scene) leaves colours set")
      // The frame as `show ansi` prints it, drawn on a terminal of its own, looks the same.
      var whole = VirtualScreen(columns: columns, rows: rows)
      whole.play("\u{1B}[H" + frame.lines().joined(separator: "\r\n"))
      #expect(whole.screen == frame, "frame \(i) of \(scene) drawn whole")
    }
    let changing = cast.events.dropFirst().filter { !$0.1.isEmpty }.count
    #expect(changing > 0, "the scene moves")
    #expect(cast.events.dropFirst().allSatisfy { !$0.1.hasPrefix("\u{1B}[2J") })
  }

  /// An example and how many times smaller its recording must be than whole frames: the like
  /// button changes only around the button; confetti pieces cross cells in nearly every frame,
  /// so its recording is only about half the size.
  struct Shrink: CustomTestStringConvertible, Sendable {
    let scene: String
    let factor: Double
    var testDescription: String { "\(scene) \(factor)×" }
  }

  @Test(
    "a recording of a fixed scene is several times smaller than drawing every frame whole",
    arguments: [Shrink(scene: "like-button", factor: 3), Shrink(scene: "confetti", factor: 1.8)])
  func castIsSmaller(c: Shrink) throws {
    let scene = c.scene
    let script = try example(scene)
    let (seconds, fps) = (2.0, 30.0)
    let after = try recordCast(script, columns: 100, seconds: seconds, fps: fps).count
    let frames = try fullFrames(session(script, columns: 100), seconds: seconds, fps: fps)
    let first = try #require(frames.first)
    // The recording as it was written before: every frame whole, from the top-left corner.
    var before = AsciiCast.header(width: first.columns, height: first.rows).utf8.count
    for (i, frame) in frames.enumerated() {
      let data = (i == 0 ? "\u{1B}[2J" : "") + "\u{1B}[H" + frame.lines().joined(separator: "\r\n")
      before += AsciiCast.event(time: Double(i) / fps, data: data).utf8.count
    }
    let sizes =
      "\(scene), \(first.columns)×\(first.rows) cells, \(frames.count) frames: \(before) bytes"
      + " whole, \(after) bytes changes only"
    #expect(Double(after) * c.factor <= Double(before), "\(sizes)")
    print(sizes)
  }

  @Test("an unchanged frame is an empty event at its own time")
  func stillFrameIsEmptyEvent() throws {
    let cast = try castEvents(
      try recordCast("scene 40x20 #203040", columns: 20, seconds: 0.3, fps: 10))
    #expect(cast.events.map(\.0) == [0, 0.1, 0.2])
    #expect(cast.events[0].1.hasPrefix("\u{1B}[2J\u{1B}[H"))
    #expect(cast.events.dropFirst().map(\.1) == ["", ""])
  }
}
