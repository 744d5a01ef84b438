import Foundation
import Testing

@testable import Shell

// Helpers that run a Shell session. Those that need no session (repository files, goldens,
// scratch folders, running programs) are in the TestSupport target, Tests/TestSupport.

/// Runs a script in a fresh session and returns (transcript, stdout, stderr, first error).
func runScript(_ source: String, file: String = "test.burst") -> (
  transcript: String, stdout: String, stderr: String, error: Diagnostic?
) {
  let out = CapturedOutput()
  let session = Session(sink: out)
  let error = session.run(source: source, file: file)
  return (out.transcript, out.stdout, out.stderr, error)
}

/// A scene with the like-button emitter, for the many tests that need something to point at.
let likeSetup = """
  emitter like; cell like sparkle
  set like emitterShape=circle emitterMode=outline emitterSize=25,0 emitterPosition=100,100
  set like.emitterCells.sparkle lifetime=0.7 lifetimeRange=0.3 velocity=30 contents=sparkle

  """

/// A bad input line and the one error it must give: its message and column.
struct BadLine: CustomTestStringConvertible, Sendable {
  let line: String
  let message: String
  let column: Int
  var testDescription: String { line.count > 60 ? String(line.prefix(60)) + "…" : line }
}
