import Foundation

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

/// Compares `text` with a golden file under Tests/ShellTests/Golden, or records it when the
/// environment has BURST_RECORD=1 (re-record only on purpose, and review the diff).
func matchesGolden(_ text: String, name: String) -> Bool {
  let url = repositoryRoot.appendingPathComponent("Tests/ShellTests/Golden/\(name)")
  if ProcessInfo.processInfo.environment["BURST_RECORD"] == "1" {
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url)
    return true
  }
  guard let data = FileManager.default.contents(atPath: url.path) else { return false }
  return String(decoding: data, as: UTF8.self) == text
}

/// Writes a file in a fresh temporary directory and returns its path.
func temporaryFile(_ name: String, contents: String) throws -> String {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "burst-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  let file = dir.appendingPathComponent(name)
  try Data(contents.utf8).write(to: file)
  return file.path
}
