import Foundation
import TestSupport
import Testing

@Suite("Golden diffs")
struct GoldenDiffTests {
  @Test("equal texts give no diff")
  func equal() {
    #expect(GoldenDiff.unified(expected: "a\nb\n", actual: "a\nb\n") == nil)
    #expect(goldenMismatch(expected: "a\n", actual: "a\n", name: "x.txt") == nil)
    #expect(goldenMismatch(expected: Data("a".utf8), actual: Data("a".utf8), name: "x") == nil)
  }

  @Test("one changed line shows with numbered hunk and three lines of context")
  func oneChange() {
    let expected = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let actual = expected.replacingOccurrences(of: "line 6\n", with: "line six\n")
    let diff = GoldenDiff.unified(expected: expected, actual: actual)
    #expect(
      diff == """
        @@ -3,7 +3,7 @@
         line 3
         line 4
         line 5
        -line 6
        +line six
         line 7
         line 8
         line 9
        """)
  }

  @Test("insertions and deletions are aligned by the longest common subsequence")
  func insertAndDelete() {
    let diff = GoldenDiff.unified(expected: "a\nb\nc\nd\n", actual: "a\nc\nd\ne\n")
    let want = ["@@ -1,5 +1,5 @@", " a", "-b", " c", " d", "+e", " "]
    #expect(diff == want.joined(separator: "\n"))
  }

  @Test("changes far apart get separate hunks with their own line numbers")
  func separateHunks() {
    let expected = (1...30).map(String.init).joined(separator: "\n")
    let actual = expected.replacingOccurrences(of: "\n2\n", with: "\ntwo\n")
      .replacingOccurrences(of: "\n28\n", with: "\ntwenty-eight\n")
    let diff = GoldenDiff.unified(expected: expected, actual: actual) ?? ""
    let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(headers == ["@@ -1,5 +1,5 @@", "@@ -25,6 +25,6 @@"])
  }

  @Test("a missing final newline shows as a changed last line")
  func finalNewline() {
    let diff = GoldenDiff.unified(expected: "a\nb\n", actual: "a\nb") ?? ""
    #expect(diff.hasSuffix(" b\n-"))
  }

  @Test("a wholly different golden gives a capped report that counts what it leaves out")
  func capped() {
    let expected = (0..<500).map { "old \($0)" }.joined(separator: "\n")
    let actual = (0..<500).map { "new \($0)" }.joined(separator: "\n")
    let diff = GoldenDiff.unified(expected: expected, actual: actual) ?? ""
    let lines = diff.split(separator: "\n")
    #expect(lines.count <= GoldenDiff.maxShownLines + 2)
    #expect(lines.last == "… \(1000 - GoldenDiff.maxShownLines) more changed lines not shown")
  }

  @Test("control characters are escaped and long lines clipped around the first difference")
  func visibleLines() {
    #expect(GoldenDiff.visible("\u{1B}[0m\tx\u{7}", around: nil) == "\\e[0m\\tx\\u{7}")
    let long = String(repeating: "a", count: 1000)
    let other = long.prefix(700) + "b" + long.dropFirst(701)
    let diff = GoldenDiff.unified(expected: long, actual: String(other)) ?? ""
    let lines = diff.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[2].hasPrefix("+…"))
    #expect(lines[2].contains("b"))
    #expect(lines[2].count <= GoldenDiff.maxLineWidth + 3)
  }

  @Test("a mismatch report names the golden, shows the diff and says how to re-record")
  func report() throws {
    let text = try #require(goldenMismatch(expected: "a\n", actual: "b\n", name: "g.txt"))
    #expect(text.hasPrefix("golden g.txt differs from the output (- golden, + actual):\n"))
    #expect(text.contains("\n-a\n+b\n"))
    #expect(text.hasSuffix("`BURST_RECORD=1 swift test` and review the diff."))
    let missing = try #require(goldenMismatch(expected: nil, actual: "b", name: "g.txt"))
    #expect(missing.contains("missing") && missing.contains("BURST_RECORD=1 swift test"))
  }

  @Test("a byte mismatch names the first differing offset and the bytes around it")
  func bytes() throws {
    let text = try #require(
      goldenMismatch(
        expected: Data([0x41, 0x42, 0x43, 0x0A]), actual: Data([0x41, 0x42, 0x58, 0x0A]),
        name: "g.cast"))
    #expect(text.contains("4 bytes expected, 4 bytes actual; first difference at byte offset 2"))
    #expect(text.contains("golden: 41 42 [43] 0a"))
    #expect(text.contains("actual: 41 42 [58] 0a"))
    #expect(text.contains("-ABC\n+ABX"))
    let short = try #require(
      goldenMismatch(expected: Data([1, 2]), actual: Data([1, 2, 3]), name: "g.bin"))
    #expect(short.contains("first difference at byte offset 2"))
    #expect(short.contains("golden: 01 02 [end]"))
  }
}
