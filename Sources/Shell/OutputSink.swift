// Where a session's output goes: the sink it prints to, and one that captures it.

/// Where a session's text goes: results to `out`, diagnostics and warnings to `err`.
protocol OutputSink: AnyObject {
  func out(_ text: String)
  func err(_ text: String)
  /// Results already encoded as UTF-8 (a terminal frame), which a sink that writes bytes
  /// passes on as they are instead of making a string of them.
  func out(utf8 bytes: [UInt8])
}

extension OutputSink {
  func out(utf8 bytes: [UInt8]) { out(String(decoding: bytes, as: UTF8.self)) }
}

/// Drops everything (a rehearsal's output).
final class DroppedOutput: OutputSink {
  func out(_ text: String) {}
  func err(_ text: String) {}
}

/// Collects output in memory (tests, golden transcripts).
final class CapturedOutput: OutputSink {
  private(set) var stdout = ""
  private(set) var stderr = ""
  /// Both streams interleaved in the order written.
  private(set) var transcript = ""

  func out(_ text: String) {
    stdout += text
    transcript += text
  }

  func err(_ text: String) {
    stderr += text
    transcript += text
  }
}
