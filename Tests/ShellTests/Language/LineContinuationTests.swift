import Testing

@testable import Shell

@Suite("Line continuation and line endings")
struct LineContinuationTests {
  @Test("200,000 continued lines join into one command, in time linear in their length")
  func longContinuation() {
    // A quadratic join took about 35 s for this; linear is a few milliseconds.
    let n = 200_000
    let source = "echo start \\\n" + String(repeating: "a \\\n", count: n) + "end\nbad\n"
    let run = runScript(source, file: "long.burst")
    let words = run.stdout.split(separator: " ")
    #expect(words.count == n + 2)
    #expect(words.first == "start")
    #expect(words.last == "end\n")
    #expect(words.dropFirst().dropLast().allSatisfy { $0 == "a" })
    // The next line is numbered after all the continued ones.
    #expect(run.stderr.hasPrefix("long.burst:\(n + 3):1: error: unknown command 'bad'"))
  }

  @Test(
    "logical lines keep their first physical line's number",
    arguments: [
      ("a\nb\nc", [1, 2, 3], ["a", "b", "c"]),
      ("a \\\nb\nc", [1, 3], ["a  b", "c"]),
      ("a\\\n\\\nb\nc \\", [1, 4], ["a  b", "c "]),
      ("a\\\\\nb", [1, 2], ["a\\\\", "b"]),
      ("\n\nset like \\\nbirthRate=2", [1, 2, 3], ["", "", "set like  birthRate=2"]),
      ("", [1], [""]),
      ("a\n", [1], ["a"]),
      ("a\n\n", [1, 2], ["a", ""]),
    ] as [(String, [Int], [String])])
  func numbering(source: String, numbers: [Int], texts: [String]) {
    let lines = Lexer.logicalLines(source, firstLine: 1)
    #expect(lines.map(\.number) == numbers)
    #expect(lines.map(\.text) == texts)
  }

  @Test("CRLF line endings end lines, and a continuation before CRLF continues")
  func crlf() {
    let run = runScript("echo a\r\necho b \\\r\n c\r\nbad\r\n", file: "dos.burst")
    #expect(run.stdout == "a\nb c\n")
    #expect(run.stderr.hasPrefix("dos.burst:4:1: error: unknown command 'bad'"))
  }
}

@Suite("Trimming trailing blanks")
struct TrimmingTests {
  @Test(
    "only trailing spaces and tabs go, scanned as UTF-8",
    arguments: [
      ("", ""), ("   ", ""), ("a \t ", "a"), (" a b ", " a b"), ("é  ", "é"),
      ("a\u{301} ", "a\u{301}"), ("tab\t", "tab"), ("x\n ", "x\n"),
    ])
  func trims(text: String, expected: String) {
    #expect(text.trimmingTrailingSpaces() == expected)
  }
}
