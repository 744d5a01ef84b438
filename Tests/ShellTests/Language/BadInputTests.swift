import Foundation
import Testing

@testable import Core
@testable import Shell

@Suite("Bad input gives one clear error")
struct BadInputTests {
  typealias Case = BadLine

  static let cases: [Case] = [
    Case(line: "shwo", message: "unknown command 'shwo' (did you mean 'show'?)", column: 1),
    Case(
      line: "set like.emitterCells.sparkle.birthRat 1000",
      message: "unknown property 'birthRat' on emitter cell 'sparkle' (did you mean 'birthRate'?)",
      column: 31),
    Case(
      line: "set lik.birthRate 2", message: "unknown layer 'lik' (did you mean 'like'?)",
      column: 5),
    Case(
      line: "set like.emitterCells.sparkel.birthRate 2",
      message: "emitter layer 'like' has no cell 'sparkel' (did you mean 'sparkle'?)",
      column: 23),
    Case(
      line: "set like.emitterShape 5",
      message: "bad value for emitterShape: '5' is not one of point, line, rectangle, cuboid, "
        + "circle, sphere", column: 23),
    Case(
      line: "set like.emitterPosition abc",
      message: "bad value for emitterPosition: expected a point of 2 numbers, got 'abc'",
      column: 26),
    Case(
      line: "set like.emitterCells.sparkle.birthRate nan",
      message: "bad value for birthRate: 'nan' is not a finite number", column: 41),
    Case(
      line: "set like.emitterCells.sparkle.birthRate inf",
      message: "bad value for birthRate: 'inf' is not a finite number", column: 41),
    Case(
      line: "set like.emitterCells.sparkle.birthRate 1e400",
      message: "bad value for birthRate: '1e400' is too large to be a number", column: 41),
    Case(
      line: "set like emitterShape=circle velocity=fast",
      message: "bad value for velocity: expected a number, got 'fast'", column: 39),
    Case(
      line: "set like emitterShap=circle",
      message: "unknown property 'emitterShap' on emitter layer 'like' (did you mean "
        + "'emitterShape'?)", column: 10),
    Case(line: "step -1", message: "a step must move time forward", column: 6),
    Case(line: "step 0", message: "a step must move time forward", column: 6),
    Case(line: "step 0.1 -5", message: "step count: -5 is out of range", column: 10),
    Case(line: "step 0.1 1e12", message: "step count: 1000000000000 is out of range", column: 10),
    Case(
      line: "step 0.1 2.5", message: "step count: expected a whole number, got '2.5'", column: 10),
    Case(line: "step 1e10", message: "a step is at most 1e9 seconds", column: 6),
    Case(line: "show 100000", message: "bad size '100000'", column: 6),
    Case(line: "echo \"open", message: "unterminated quote", column: 6),
    Case(line: "set like.emitterSize (30, 30", message: "missing ')'", column: 22),
    Case(line: "emitter like", message: "a layer named 'like' already exists", column: 9),
    Case(line: "emitter step", message: "'step' is a command and cannot name a layer", column: 9),
    Case(line: "emitter \"\"", message: "a layer name cannot be empty", column: 9),
    Case(
      line: "cell like sparkle", message: "a cell named 'sparkle' already exists here", column: 11),
    Case(line: "get like.name.x", message: "'name' has no field 'x'", column: 15),
    Case(line: "remove scene", message: "the scene itself cannot be removed", column: 8),
    Case(line: "fire like -1", message: "fire duration: -1 is out of range", column: 11),
    Case(line: "at -3 time", message: "time: -3 is out of range", column: 4),
    Case(line: "after 1 tiem", message: "unknown command 'tiem' (did you mean 'time'?)", column: 9),
    Case(
      line: "snapshot out.gif", message: "snapshots are written as .png or .ppm files",
      column: 10),
    Case(
      line: "set like.emitterCells.sparkle.contents /nonexistent/x.png",
      message: "no such file '/nonexistent/x.png'", column: 40),
    Case(line: "scene 0x0", message: "a scene must be 1 to 8192 points each way", column: 7),
  ]

  @Test("each bad line gives one error with its position", arguments: cases)
  func badLineGivesPositionedError(c: Case) throws {
    let run = runScript(likeSetup + c.line + "\n", file: "bad.burst")
    let error = try #require(run.error)
    let firstLine = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine == "bad.burst:4:\(c.column): error: \(c.message)", "\(run.stderr)")
    #expect(error.line?.number == 4)
    // The source line and a caret under the column follow.
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 3)
    if lines.count >= 3 {
      let caret = lines[2]
      #expect(
        caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } == c.column
          + 1)
    }
  }
}

@Suite("Hostile input never crashes or hangs")
struct HostileInputTests {
  @Test("a 100,000-character line gives one error with a shortened excerpt")
  func hugeLineGivesOneShortError() throws {
    let word = String(repeating: "x", count: 100_000)
    let run = runScript("echo ok\n" + word + "\n")
    #expect(run.error != nil)
    #expect(run.stdout == "ok\n")
    #expect(run.stderr.hasPrefix("test.burst:2:1: error: unknown command '"))
    #expect(run.stderr.count < 1000, "the excerpt is bounded")
  }

  @Test("a 100,000-character value is rejected without a crash")
  func hugeValueIsRejected() {
    let run = runScript(likeSetup + "set like.birthRate " + String(repeating: "9", count: 100_000))
    #expect(run.error?.message.contains("too large") == true)
  }

  @Test("binary garbage gives errors, not traps", arguments: [1, 2, 3, 4, 5])
  func binaryGarbageGivesErrors(seed: UInt64) {
    var x = seed &* 0x9E37_79B9_7F4A_7C15
    var bytes: [UInt8] = []
    for _ in 0..<4096 {
      x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: x >> 56))
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let run = runScript(text)
    // Either an error (almost surely) or nothing; never a trap. The message is bounded.
    if let e = run.error { #expect(e.exitCode == 65) }
    #expect(run.stderr.count < 2000)
  }
}
