import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Shell

@Suite("Remembered example runs")
struct ExampleRunsTests {
  struct Failed: Error, Equatable {}

  @Test("a memo computes each key once, even when asked for it from many threads at once")
  func memoComputesOnce() throws {
    let memo = Memo<Int, Int>()
    let computed = Mutex<[Int]>([])
    let answers = Mutex<[Int: Set<Int>]>([:])
    DispatchQueue.concurrentPerform(iterations: 64) { k in
      let key = k % 4
      let value = try? memo.value(for: key) { key in
        computed.withLock { $0.append(key) }
        Thread.sleep(forTimeInterval: 0.002)
        return key * 10
      }
      answers.withLock { _ = $0[key, default: []].insert(value ?? -1) }
    }
    #expect(computed.withLock { $0.sorted() } == [0, 1, 2, 3])
    #expect(answers.withLock { $0 } == [0: [0], 1: [10], 2: [20], 3: [30]])
  }

  @Test("a memo remembers an error and throws it again without computing again")
  func memoRemembersErrors() {
    let memo = Memo<String, Int>()
    let calls = Mutex(0)
    for _ in 0..<3 {
      #expect(throws: Failed.self) {
        try memo.value(for: "x") { _ in
          calls.withLock { $0 += 1 }
          throw Failed()
        }
      }
    }
    #expect(calls.withLock { $0 } == 1)
  }

  @Test("a remembered run is the run made afresh", arguments: ["examples/confetti.burst"])
  func rememberedIsFresh(path: String) throws {
    let remembered = try ExampleRuns.whole(path)
    let fresh = try ExampleRuns.runWhole(path)
    #expect(remembered.transcript == fresh.transcript)
    #expect(remembered.error == fresh.error)
    #expect(SceneFingerprint(remembered.scene).hash == SceneFingerprint(fresh.scene).hash)
    let lines = try ExampleRuns.lineByLine(path)
    #expect(lines.failure == nil)
    #expect(
      try lines.fingerprints.map(\.hash) == ExampleRuns.runLineByLine(path).fingerprints.map(\.hash)
    )
  }

  @Test("every example and sample is listed, and a wrong path is an error, not an empty run")
  func listsAndErrors() throws {
    #expect(ExampleRuns.examples.count >= 4)
    #expect(ExampleRuns.samples.count == SampleEffectTests.samples.count)
    #expect(throws: RepositoryFileError.self) { try ExampleRuns.whole("examples/missing.burst") }
  }
}
