import Testing

@testable import Shell

@Suite("The progress line of long work")
struct ProgressLineTests {
  @Test(
    "nothing is drawn in the first second; then done, total, elapsed and time left; erased at the end"
  )
  func drawsAfterOneSecond() {
    var now = 0.0
    var written = ""
    let p = ProgressLine(write: { written += $0 }, clock: { now })
    p.begin()
    now = 0.5
    p.update(10, of: 100, "steps")
    #expect(written.isEmpty)
    now = 2
    p.update(1_000, of: 4_000, "steps")
    #expect(written == "\r1,000 / 4,000 steps  2.0 s  about 6.0 s left  (Ctrl-C stops)\u{1B}[K")
    now = 2.05
    p.update(1_010, of: 4_000, "steps")
    #expect(!written.contains("1,010"), "at most ten lines a second")
    p.end()
    #expect(written.hasSuffix("\r\u{1B}[K"))
  }

  @Test("a session without a terminal has no progress line")
  func noTerminalNoLine() {
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.progress == nil)
    s.run(source: likeSetup + "step 0.01 10\n", file: "a")
    #expect(!out.transcript.contains("\r"))
  }
}
