import Foundation
import Testing

@testable import Shell

/// Runs a script in a fresh session and returns (transcript, stdout, stderr, first error).
func runScript(_ source: String, file: String = "test.burst") -> (
  transcript: String, stdout: String, stderr: String, error: Diagnostic?
) {
  let out = CapturedOutput()
  let session = Session(sink: out)
  let error = session.run(source: source, file: file)
  return (out.transcript, out.stdout, out.stderr, error)
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// How to re-record goldens, named in every golden failure.
let goldenRecordHint =
  "If the change is intended, re-record with `BURST_RECORD=1 swift test` and review the diff."

/// Whether this run records goldens instead of comparing (BURST_RECORD=1).
var isRecordingGoldens: Bool { ProcessInfo.processInfo.environment["BURST_RECORD"] == "1" }

/// The URL of a golden file under Tests/ShellTests/Golden.
func goldenURL(_ name: String) -> URL {
  repositoryRoot.appendingPathComponent("Tests/ShellTests/Golden/\(name)")
}

/// Writes a golden file (only when recording).
func recordGolden(_ data: Data, name: String) {
  let url = goldenURL(name)
  try? FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try? data.write(to: url)
}

/// What a golden comparison reports, or nil when `actual` matches: a unified diff of the
/// golden (`-`) against the output (`+`), or a note that the golden file is missing.
func goldenMismatch(expected: String?, actual: String, name: String) -> String? {
  guard let expected else {
    return "golden \(name) is missing. Record it with `BURST_RECORD=1 swift test`."
  }
  guard let diff = GoldenDiff.unified(expected: expected, actual: actual) else { return nil }
  return """
    golden \(name) differs from the output (- golden, + actual):
    \(diff)
    \(goldenRecordHint)
    """
}

/// What a byte-for-byte golden comparison reports, or nil when `actual` matches: both sizes
/// and the first differing offset with the bytes around it, then a line diff when both sides
/// are UTF-8 text.
func goldenMismatch(expected: Data?, actual: Data, name: String) -> String? {
  guard let expected else {
    return "golden \(name) is missing. Record it with `BURST_RECORD=1 swift test`."
  }
  guard let offset = GoldenDiff.firstDifferingOffset(expected, actual) else { return nil }
  var lines = [
    "golden \(name) differs from the output: \(expected.count) bytes expected, "
      + "\(actual.count) bytes actual; first difference at byte offset \(offset)",
    "  golden: \(GoldenDiff.hexWindow(expected, at: offset))",
    "  actual: \(GoldenDiff.hexWindow(actual, at: offset))",
  ]
  if let e = String(validating: expected, as: UTF8.self),
    let a = String(validating: actual, as: UTF8.self),
    let diff = GoldenDiff.unified(expected: e, actual: a)
  {
    lines.append("as text (- golden, + actual):")
    lines.append(diff)
  }
  lines.append(goldenRecordHint)
  return lines.joined(separator: "\n")
}

/// Expects `text` to equal the golden file `name` under Tests/ShellTests/Golden, recording an
/// issue with a unified diff when it does not; records the golden instead when the environment
/// has BURST_RECORD=1 (re-record only on purpose, and review the diff).
func expectGolden(
  _ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  if isRecordingGoldens {
    recordGolden(Data(text.utf8), name: name)
    return
  }
  let expected = FileManager.default.contents(atPath: goldenURL(name).path).map {
    String(decoding: $0, as: UTF8.self)
  }
  if let message = goldenMismatch(expected: expected, actual: text, name: name) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// Expects `bytes` to equal the golden file `name` byte for byte; see `expectGolden(_:name:)`.
func expectGolden(
  bytes: Data, name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  if isRecordingGoldens {
    recordGolden(bytes, name: name)
    return
  }
  let expected = FileManager.default.contents(atPath: goldenURL(name).path)
  if let message = goldenMismatch(expected: expected, actual: bytes, name: name) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// The test process's own temporary folder, `burst-test-PID`, removed when the process exits
/// (the tests once left a folder per file they wrote, thousands per run).
let testScratchFolder: URL = {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "burst-test-\(getpid())")
  atexit {
    try? FileManager.default.removeItem(
      at: FileManager.default.temporaryDirectory.appendingPathComponent(
        "burst-test-\(getpid())"))
  }
  try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir
}()

/// Writes a file in a fresh folder of the test process's own temporary folder and returns its
/// path.
func temporaryFile(_ name: String, contents: String) throws -> String {
  let dir = testScratchFolder.appendingPathComponent(
    "\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  let file = dir.appendingPathComponent(name)
  try Data(contents.utf8).write(to: file)
  return file.path
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

/// The files in `folder` (relative to the repository's root) whose names end in `suffix`,
/// sorted. A folder that cannot be read or holds none stops the test run with a message: a
/// wrong path must never make a table-driven test run zero cases and pass.
func repositoryFiles(in folder: String, endingIn suffix: String) -> [String] {
  let dir = repositoryRoot.appendingPathComponent(folder).path
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
    preconditionFailure("cannot list \(dir): the test's path is wrong")
  }
  let found = names.filter { $0.hasSuffix(suffix) }.sorted()
  precondition(!found.isEmpty, "no \(suffix) file in \(dir): the test's path is wrong")
  return found
}
