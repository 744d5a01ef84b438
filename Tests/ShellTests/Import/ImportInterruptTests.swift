import TestSupport
import Testing

@testable import Shell

/// Ctrl-C stops an import while the file's code runs (a fuzzed file spent 1.8 s, in release,
/// reaching the statement bound, and could not be stopped), and leaves the scene as it was.
@Suite("import: Ctrl-C stops the file's code")
struct ImportInterruptTests {
  @Test("an import interrupted mid-run stops within 256 statements and changes nothing")
  func interruptStopsTheInterpreter() throws {
    let path = try temporaryFile(
      "Busy.swift",
      contents: """
        import UIKit
        class V: UIView {
          override init(frame: CGRect) {
            super.init(frame: frame)
            let e = CAEmitterLayer()
            layer.addSublayer(e)
            var total = 0
            for a in 0..<300 { for b in 0..<300 { total += a + b } }
            e.birthRate = 2
          }
        }

        """)
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.runPromptLine("layer keep", number: 1)
    var polls = 0
    session.interruptRequested = {
      polls += 1
      return polls > 3
    }
    session.runPromptLine("import \(path)", number: 2)
    #expect(out.stderr.contains("interrupted"), "\(out.stderr)")
    #expect(session.scene.model.treeOrder.count == 2, "the scene keeps only 'keep'")
    // Polled every 256 statements: the loop's 90,000 were not all run.
    #expect(polls < 90000 / 256)
  }
}
