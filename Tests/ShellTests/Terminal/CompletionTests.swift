import Testing

@testable import Shell

@Suite("Tab completion")
struct CompletionTests {
  static func session() -> Session {
    let s = Session(sink: CapturedOutput())
    s.run(
      source: """
        emitter like; cell like sparkle; cell like.emitterCells.sparkle trail
        layer button

        """, file: "setup")
    return s
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let line: String
    let expected: [String]
    var testDescription: String { "'\(line)'" }
  }

  static let cases: [Case] = [
    Case(line: "ste", expected: ["step"]),
    Case(line: "sh", expected: ["shape", "show"]),
    Case(line: "st", expected: ["stats", "step"]),
    Case(line: "cell like.emi", expected: ["like.emitterCells."]),
    Case(line: "cell like.emitterCells.sp", expected: ["like.emitterCells.sparkle"]),
    Case(
      line: "set like.emitterCells.sparkle.bi", expected: ["like.emitterCells.sparkle.birthRate"]),
    Case(line: "set like.emitterS", expected: ["like.emitterShape", "like.emitterSize"]),
    Case(
      line: "set like.emitterPosition.",
      expected: ["like.emitterPosition.x", "like.emitterPosition.y"]),
    Case(line: "set like emitterSh", expected: ["emitterShape="]),
    Case(line: "set like emitterShape=ci", expected: ["circle"]),
    Case(line: "set like.renderMode old", expected: ["oldestFirst", "oldestLast"]),
    Case(line: "set button.transform rot", expected: ["rotate("]),
    Case(line: "set button.sublayerTransform pers", expected: ["perspective("]),
    Case(line: "animate button.position path moveTo 0,0 li", expected: ["lineTo"]),
    Case(line: "animate button.position path c", expected: ["close", "curveTo"]),
    Case(line: "set like.emitterCells.sparkle contents=sp", expected: ["spark", "sparkle"]),
    Case(line: "set like.emitterCells.sparkle.contents he", expected: ["heart", "heart.fill"]),
    Case(line: "fire l", expected: ["like"]),
    Case(line: "show b", expected: ["button"]),
    Case(line: "help ti", expected: ["time", "timers"]),
    Case(line: "after 0.1 set like.bi", expected: ["like.birthRate"]),
    Case(line: "echo hi; cou", expected: ["count"]),
    Case(
      line: "count like.emitterCells.sparkle.emitterCells.",
      expected: ["like.emitterCells.sparkle.emitterCells.trail"]),
  ]

  @Test("completes commands, names, key paths and values", arguments: cases)
  func completes(c: Case) {
    let s = Self.session()
    // The word being completed starts after the last space, '=' or ';'.
    let bytes = Array(c.line.utf8)
    let start = (bytes.lastIndex { $0 == 32 || $0 == 61 || $0 == 59 }).map { $0 + 1 } ?? 0
    let got = Completion.candidates(
      line: c.line, wordStart: start, wordEnd: bytes.count, session: s)
    #expect(got == c.expected)
  }

  @Test("import completes more files after the first, until a clause")
  func importFiles() {
    let s = Self.session()
    let dir = "\(importCorpus)/MultiFile/"
    func candidates(_ line: String) -> [String] {
      let bytes = Array(line.utf8)
      let start = (bytes.lastIndex { $0 == 32 }).map { $0 + 1 } ?? 0
      return Completion.candidates(
        line: line, wordStart: start, wordEnd: bytes.count, session: s)
    }
    let more = candidates("import \(dir)ConfettiView.swift \(dir)ConfettiK")
    #expect(more.contains("\(dir)ConfettiKind.swift"), "\(more)")
    let clauses = candidates("import \(dir)ConfettiView.swift qui")
    #expect(clauses == ["quiet"], "\(clauses)")
    let after = candidates("import \(dir)ConfettiView.swift quiet \(dir)ConfettiK")
    #expect(!after.contains("\(dir)ConfettiKind.swift"), "\(after)")
  }
}
