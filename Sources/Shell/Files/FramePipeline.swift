import Core
import Dispatch
import Synchronization

/// Frames made on worker threads and handed back in order: `record` renders and encodes each
/// frame from a snapshot of the scene there, while the clock moves on in the caller's thread.
///
/// Frame k goes to worker k mod `workers` (one serial queue each, so at most `workers` frames
/// are made at once), and at most `depth` frames are in flight, so memory stays bounded: a
/// scene snapshot and an encoded frame each, and one set of ``FrameBuffers`` per worker, which
/// its frames are made in one after another. Used from one thread (the command's); only the
/// slots and each worker's buffers cross to the workers.
final class FramePipeline {
  private let queues: [DispatchQueue]
  /// Worker k's buffers, used only by frames on queue k (one at a time).
  private let buffers: [WorkerBuffers]
  /// The most frames submitted and not yet taken back.
  let depth: Int
  /// Frames in flight, oldest first.
  private var slots: [FrameSlot] = []
  private var submitted = 0
  /// Set when the frames in flight are to be dropped: a frame being made stops early.
  private let cancelled = CancelFlag()

  init(workers: Int, depth: Int) {
    queues = (0..<max(1, workers)).map { DispatchQueue(label: "burst.frames.\($0)") }
    buffers = queues.map { _ in WorkerBuffers() }
    self.depth = max(1, depth)
  }

  /// Waits for the frames still being made (their results are dropped).
  deinit { drain() }

  /// Whether `depth` frames are in flight (take the oldest before submitting more).
  var isFull: Bool { slots.count >= depth }

  var isEmpty: Bool { slots.isEmpty }

  /// Starts making the next frame with `make` on its worker, in that worker's buffers; `make`
  /// may poll its second argument and give up when it says stop (the frame is then dropped).
  func submit(
    _ make:
      @escaping @Sendable (inout FrameBuffers, @escaping @Sendable () -> Bool) -> Result<
        [UInt8], OutputError
      >
  ) {
    let slot = FrameSlot()
    slots.append(slot)
    let k = submitted % queues.count
    let buffers = buffers[k]
    let cancelled = self.cancelled
    queues[k].async {
      slot.fill(buffers.state.withLock { make(&$0, { cancelled.isSet }) })
    }
    submitted += 1
  }

  /// Waits for the oldest frame in flight, polling `stop`; false when `stop` said stop first
  /// (the frame stays in flight), true when the frame is made or none is in flight.
  func waitForOldest(unless stop: () -> Bool) -> Bool {
    guard let oldest = slots.first else { return true }
    while !oldest.isReady() {
      if stop() { return false }
    }
    return true
  }

  /// The oldest frame in flight, once it is made (nil when none is in flight).
  func takeOldest() -> Result<[UInt8], OutputError>? {
    guard !slots.isEmpty else { return nil }
    return slots.removeFirst().wait()
  }

  /// Drops every frame in flight: those being made are told to stop (so Ctrl-C during a
  /// slow recording returns promptly), and each is waited for.
  func drain() {
    guard !slots.isEmpty else { return }
    cancelled.set()
    while takeOldest() != nil {}
  }
}

/// A flag set once, read by the workers.
private final class CancelFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}

/// One frame being made: filled once by its worker, waited for by the pipeline.
private final class FrameSlot: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Result<[UInt8], OutputError>?>(nil)

  func fill(_ r: Result<[UInt8], OutputError>) {
    result.withLock { $0 = r }
    done.signal()
  }

  /// Whether the frame was made within 50 ms (then `wait()` returns at once).
  func isReady() -> Bool {
    guard done.wait(timeout: .now() + .milliseconds(50)) == .success else { return false }
    done.signal()
    return true
  }

  func wait() -> Result<[UInt8], OutputError> {
    done.wait()
    // Filled before the signal that ended the wait.
    return result.withLock { $0.take() }
      ?? .failure(.system(path: "", reason: "a frame was not made"))
  }
}

/// What making a frame reuses from the frame before, so that a worker allocates no
/// frame-sized memory per frame: the canvas it draws into and the 8-bit pixels it encodes
/// (about 41 MB at 1920×1080, held from the first frame to the end of the recording).
struct FrameBuffers {
  var canvas = Canvas(width: 0, height: 0)
  var rgba: [UInt8] = []
}

/// One worker's ``FrameBuffers``. Its serial queue runs one frame at a time, so the lock is
/// never contended; it makes the sharing checked.
private final class WorkerBuffers: Sendable {
  let state = Mutex(FrameBuffers())
}
