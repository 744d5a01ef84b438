import Dispatch
import Synchronization
import Testing

@testable import Shell

/// The frame pipeline behind `record`: frames come back in order, and dropping the frames in
/// flight (Ctrl-C, a failed write) tells those not yet made to stop instead of making them.
@Suite("Frame pipeline")
struct FramePipelineTests {
  /// Counts shared with the workers.
  final class Counts: Sendable {
    let made = Atomic<Int>(0)
    let stopped = Atomic<Int>(0)
  }

  @Test("frames come back in the order they were submitted, whatever worker made them")
  func inOrder() throws {
    let pipeline = FramePipeline(workers: 2, depth: 4)
    var out: [[UInt8]] = []
    for i in 0..<9 {
      if pipeline.isFull { out.append(try #require(pipeline.takeOldest()).get()) }
      pipeline.submit { _, _ in .success([UInt8(i)]) }
    }
    while let r = pipeline.takeOldest() { out.append(try r.get()) }
    #expect(out == (0..<9).map { [UInt8($0)] })
  }

  @Test("dropping the frames in flight tells the frames not yet made to stop")
  func drainStopsQueuedFrames() {
    let pipeline = FramePipeline(workers: 1, depth: 4)
    let counts = Counts()
    let release = DispatchSemaphore(value: 0)
    // The first frame holds the only worker until released, so the other three wait behind it.
    pipeline.submit { _, _ in
      release.wait()
      counts.made.add(1, ordering: .relaxed)
      return .success([0])
    }
    for _ in 0..<3 {
      pipeline.submit { _, stop in
        if stop() {
          counts.stopped.add(1, ordering: .relaxed)
          return .failure(.system(path: "", reason: "dropped"))
        }
        counts.made.add(1, ordering: .relaxed)
        return .success([1])
      }
    }
    // Released from another thread while `drain` waits (drain sets the flag first).
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { release.signal() }
    pipeline.drain()
    #expect(pipeline.isEmpty)
    #expect(counts.made.load(ordering: .relaxed) == 1)
    #expect(counts.stopped.load(ordering: .relaxed) == 3)
  }

  @Test("waiting for the oldest frame ends when asked to stop, leaving it in flight")
  func waitEndsOnStop() {
    let pipeline = FramePipeline(workers: 1, depth: 2)
    let release = DispatchSemaphore(value: 0)
    pipeline.submit { _, _ in
      release.wait()
      return .success([7])
    }
    var polls = 0
    #expect(
      !pipeline.waitForOldest(unless: {
        polls += 1
        return polls >= 2
      }))
    #expect(!pipeline.isEmpty)
    release.signal()
    #expect(pipeline.waitForOldest(unless: { false }))
    #expect((try? pipeline.takeOldest()?.get()) == [7])
  }
}
