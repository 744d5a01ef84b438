import Foundation
import TestSupport
import Testing

@testable import Shell

/// Every command that writes a file says what it wrote and where, as `record` does, and `play`
/// says where it stopped (issue 22 §6).
@Suite("every write says what it wrote")
struct WriteSummaryTests {
  static let scene = """
    emitter like; cell like s
    set like.emitterCells.s birthRate=10 lifetime=1 contents=dot
    step 0.5

    """

  /// A fresh directory for one test's files.
  static func directory() throws -> String {
    (try temporaryFile("placeholder", contents: "") as NSString).deletingLastPathComponent
  }

  @Test(
    "snapshot, save, export and sweep end with one line naming what they wrote and where",
    arguments: [
      ("snapshot DIR/shot", "wrote a 320×240 PNG to DIR/shot.png"),
      ("snapshot DIR/small.ppm scale 0.5", "wrote a 160×120 PPM to DIR/small.ppm"),
      // The history: three commands and the clock's move, as load runs them.
      ("save DIR/like.burst", "wrote 4 commands to DIR/like.burst"),
      ("save model DIR/model.burst", "wrote 4 commands to DIR/model.burst"),
      ("export swift to DIR/Like.swift", "wrote LINES lines of Swift to DIR/Like.swift"),
      ("export objc like to DIR/Like.m", "wrote LINES lines of Objective-C to DIR/Like.m"),
      (
        "sweep like.emitterCells.s.velocity 0 10 20 after 0.3 to DIR/sheet.png",
        "wrote 3 panels (a 992×280 contact sheet) to DIR/sheet.png"
      ),
      ("record DIR/one.cast 0.04", "wrote 1 frame to DIR/one.cast; play it with:"),
    ])
  func summaries(command: String, summary: String) throws {
    let dir = try Self.directory()
    let run = runScript(Self.scene + command.replacingOccurrences(of: "DIR", with: dir) + "\n")
    #expect(run.error == nil, "\(run.stderr)")
    var expected = summary.replacingOccurrences(of: "DIR", with: dir)
    if expected.contains("LINES") {
      // The number of lines in the file written.
      let path = try #require(expected.split(separator: " ").last.map(String.init))
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      expected = expected.replacingOccurrences(of: "LINES", with: "\(lines)")
    }
    let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix(expected), "\(run.stdout)")
  }

  @Test("save counts the commands load runs: a block is one, a ; line two")
  func saveCountsCommands() throws {
    let dir = try Self.directory()
    let file = dir + "/blocks.burst"
    let run = runScript("emitter a; layer b\n{ layer c; layer d }\nsave \(file)\n")
    #expect(run.stdout == "wrote 3 commands to \(file)\n", "\(run.stdout)")
    #expect(Session.commandCount(in: try String(contentsOfFile: file, encoding: .utf8)) == 3)
  }

  /// A session that plays on a 40×12 terminal, Ctrl-C arriving at the `n`-th poll (never when
  /// nil).
  static func player(interruptAt n: Int?) -> (Session, CapturedOutput) {
    let out = CapturedOutput()
    let s = Session(sink: out)
    s.playTerminal = { (columns: 40, rows: 12) }
    var polls = 0
    s.interruptRequested = {
      polls += 1
      return n.map { polls >= $0 } ?? false
    }
    return (s, out)
  }

  @Test("play says at its end how many frames it played and the scene time it reached")
  func playSaysWhereItEnded() {
    let (s, out) = Self.player(interruptAt: nil)
    s.run(source: Self.scene, file: "t.burst")
    let error = s.run(source: "play 0.1 speed 100\n", file: "t.burst")
    #expect(error == nil, "\(out.stderr)")
    // After the alternate screen is left.
    #expect(out.stdout.hasSuffix("\u{1B}[?1049lplayed 3 frames, to t = 0.6 s\n"))
  }

  @Test("Ctrl-C during play keeps the state reached and says where, ending a script with 130")
  func playInterrupted() {
    let (s, out) = Self.player(interruptAt: 12)
    s.run(source: Self.scene, file: "t.burst")
    let error = s.run(source: "play 1 speed 100\necho after\n", file: "t.burst")
    let reached = s.scene.now
    #expect(reached > 0.5 && reached < 1.5, "stopped part way, at \(reached)")
    #expect(error?.exitCode == 130)
    #expect(out.stderr == "interrupted at t = \(Session.clockText(reached)) s\n", "\(out.stderr)")
    #expect(!out.stdout.contains("played"))
    #expect(!out.stdout.contains("after"))
    #expect(out.stdout.hasSuffix("\u{1B}[?1049l"))
  }
}
