import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Shell

/// A repository script run whole in a fresh session, as `runScript` runs it.
struct ScriptRun: Sendable {
  let transcript: String
  let stdout: String
  let stderr: String
  /// The first error, or nil when every line ran.
  let error: Diagnostic?
  /// The scene after the last line.
  let scene: Scene
}

/// A repository script run one logical line at a time in a fresh session (as `run(source:)`
/// does), up to its first failing line.
struct LineByLineRun: Sendable {
  /// The scene's fingerprint after each line that ran.
  let fingerprints: [SceneFingerprint]
  /// `FILE:LINE: what it printed to standard error` for the line that failed, or nil.
  let failure: String?
}

/// The repository's example scripts (examples/*.burst and examples/samples/*.burst), each run
/// once per way of running it however many suites ask: the transcripts, the determinism and
/// render hashes, the store paths and the samples' facts all read the same runs. Scripts are
/// named by their path from the repository's root (`examples/samples/fire.burst`).
///
/// The runs are those of the default particle stores: a test that needs another mode
/// (`Scene.withStraightforwardStores`) runs `runWhole`/`runLineByLine` itself, never these.
enum ExampleRuns {
  /// The seeds' effects in examples/, by path.
  static let examples: [String] = repositoryFiles(in: "examples", endingIn: ".burst").map {
    "examples/" + $0
  }
  /// The studied samples in examples/samples, by path.
  static let samples: [String] = repositoryFiles(in: "examples/samples", endingIn: ".burst").map {
    "examples/samples/" + $0
  }

  private static let wholeRuns = Memo<String, ScriptRun>()
  private static let lineByLineRuns = Memo<String, LineByLineRun>()

  /// The script at `path` run whole, computed on first use.
  static func whole(_ path: String) throws -> ScriptRun {
    try wholeRuns.value(for: path, runWhole)
  }

  /// The script at `path` run line by line, computed on first use.
  static func lineByLine(_ path: String) throws -> LineByLineRun {
    try lineByLineRuns.value(for: path, runLineByLine)
  }

  /// Runs the script at `path` whole, afresh (not remembered).
  static func runWhole(_ path: String) throws -> ScriptRun {
    let out = CapturedOutput()
    let session = Session(sink: out)
    let error = session.run(source: try repositoryText(path), file: path)
    return ScriptRun(
      transcript: out.transcript, stdout: out.stdout, stderr: out.stderr, error: error,
      scene: session.scene)
  }

  /// Runs the script at `path` one logical line at a time, afresh (not remembered).
  static func runLineByLine(_ path: String) throws -> LineByLineRun {
    let out = CapturedOutput()
    let session = Session(sink: out)
    var prints: [SceneFingerprint] = []
    for line in Lexer.logicalLines(try repositoryText(path), firstLine: 1) {
      if session.run(source: line.text, file: path) != nil {
        return LineByLineRun(
          fingerprints: prints, failure: "\(path):\(line.number): \(out.stderr)")
      }
      prints.append(SceneFingerprint(session.scene))
    }
    return LineByLineRun(fingerprints: prints, failure: nil)
  }
}

/// Values computed at most once per key, however many tests ask at once (Swift Testing runs
/// them in parallel). The table is locked only to find a key's slot; a slot stays locked while
/// its value is computed, so different keys are computed at the same time and a second asker
/// of the same key waits for the first one's value (or error) instead of computing it again.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private final class Slot: Sendable {
    let result = Mutex<Result<Value, any Error>?>(nil)
  }

  private let slots = Mutex<[Key: Slot]>([:])

  func value(for key: Key, _ compute: (Key) throws -> Value) throws -> Value {
    let slot = slots.withLock { table in
      if let slot = table[key] { return slot }
      let slot = Slot()
      table[key] = slot
      return slot
    }
    return try slot.result.withLock { result in
      if let result { return try result.get() }
      let computed = Result { try compute(key) }
      result = computed
      return try computed.get()
    }
  }
}
