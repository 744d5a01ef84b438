import Foundation
import Testing

/// How to re-record goldens, named in every golden failure.
package let goldenRecordHint =
  "If the change is intended, re-record with `BURST_RECORD=1 swift test` and review the diff."

/// Whether this run records goldens instead of comparing (BURST_RECORD=1).
package var isRecordingGoldens: Bool {
  ProcessInfo.processInfo.environment["BURST_RECORD"] == "1"
}

/// The URL of a golden file under Tests/ShellTests/Golden.
package func goldenURL(_ name: String) -> URL {
  repositoryRoot.appendingPathComponent("Tests/ShellTests/Golden/\(name)")
}

/// Writes a golden file (only when recording).
package func recordGolden(_ data: Data, name: String) {
  let url = goldenURL(name)
  try? FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try? data.write(to: url)
}

/// What a golden comparison reports, or nil when `actual` matches: a unified diff of the
/// golden (`-`) against the output (`+`), or a note that the golden file is missing.
package func goldenMismatch(expected: String?, actual: String, name: String) -> String? {
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
package func goldenMismatch(expected: Data?, actual: Data, name: String) -> String? {
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
package func expectGolden(
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
package func expectGolden(
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
