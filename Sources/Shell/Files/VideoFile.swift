import Core
import Foundation

/// A video made by `ffmpeg`: raw RGBA frames piped to it as they are made, written by it to
/// the temporary file of the atomic writer and renamed into place at ``finish()``. Video bytes
/// depend on ffmpeg's version, so they are outside Burst's same-bytes promise.
///
/// Frames are `width`×`height`; H.264 and VP9 in 4:2:0 need even sides, so ffmpeg crops the
/// last column or row of an odd side (``evenSize(width:height:)``; the summary says so).
final class VideoFile {
  /// The Debian package that provides ffmpeg, named when it is missing.
  static let package = "ffmpeg"

  /// The search path `record` looks for ffmpeg on instead of PATH (set for a task by tests).
  @TaskLocal static var searchPath: String?

  /// The ffmpeg on `searchPath` or PATH, or nil.
  static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    let path = searchPath ?? environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") where !dir.isEmpty {
      let candidate = String(dir) + "/ffmpeg"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// The size a codec takes: each side rounded down to even (at least 2).
  static func evenSize(width: Int, height: Int) -> (width: Int, height: Int) {
    (max(2, width & ~1), max(2, height & ~1))
  }

  /// ffmpeg's arguments to read raw frames from standard input and write `codec` to `output`.
  static func arguments(
    codec: RecordFormat.VideoCodec, width: Int, height: Int, fps: Double, output: String,
    container: String, sizeLimit: Int
  ) -> [String] {
    let even = evenSize(width: width, height: height)
    var args = [
      "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
      "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
      "-framerate", ValueFormatting.number(fps), "-i", "pipe:0",
      "-vf", "crop=\(even.width):\(even.height):0:0",
      "-pix_fmt", "yuv420p", "-fs", "\(sizeLimit)",
    ]
    switch codec {
    case .h264:
      args += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart"]
    case .vp9:
      args += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1"]
    }
    return args + ["-f", container, output]
  }

  private let pending: PendingFile
  private let process = Process()
  private let input = Pipe()
  private let errors = Pipe()
  private let collected = CollectedText()
  private let limit: Int

  /// Checks for ffmpeg and starts it writing to the temporary file.
  init(
    _ target: AtomicFile.Target, ffmpeg: String, codec: RecordFormat.VideoCodec, width: Int,
    height: Int, fps: Double, limit: Int = Limits.maxAnimationBytes
  ) throws(OutputError) {
    pending = try PendingFile(target)
    self.limit = limit
    let ext = RecordFormat.pathExtension(target.name) ?? ".mp4"
    let container = ext == ".mov" ? "mov" : ext == ".webm" ? "webm" : "mp4"
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = Self.arguments(
      codec: codec, width: width, height: height, fps: fps, output: pending.temporaryPath,
      container: container, sizeLimit: limit)
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let collected = self.collected
    errors.fileHandleForReading.readabilityHandler = { handle in
      collected.add(handle.availableData)
    }
    // A write to ffmpeg after it stopped is an error to report, not a signal that ends Burst.
    signal(SIGPIPE, SIG_IGN)
    do {
      try process.run()
    } catch {
      pending.discard()
      throw .system(path: target.path, reason: "cannot start ffmpeg: \(error.localizedDescription)")
    }
  }

  deinit { discard() }

  /// Sends one RGBA frame.
  func append(rgba: [UInt8]) throws(OutputError) {
    let fd = input.fileHandleForWriting.fileDescriptor
    let failure: Int32? = rgba.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += n
      }
      return nil
    }
    if let failure {
      throw fail(failure == EPIPE ? "ffmpeg stopped" : SystemError.text(failure))
    }
  }

  /// Ends the input, waits for ffmpeg, and renames its file into place.
  func finish() throws(OutputError) {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    guard process.terminationStatus == 0 else {
      throw fail("ffmpeg exited with status \(process.terminationStatus)")
    }
    var info = stat()
    if stat(pending.temporaryPath, &info) == 0, Int(info.st_size) >= limit {
      pending.discard()
      throw .sizeLimit(path: pending.target.path, limit: limit, what: "video recordings")
    }
    try pending.commit(sync: true)
  }

  /// Stops ffmpeg and removes the temporary file (nothing happens after ``finish()``).
  func discard() {
    if process.isRunning {
      process.terminate()
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    errors.fileHandleForReading.readabilityHandler = nil
    pending.discard()
  }

  /// The size of the file ffmpeg wrote (after ``finish()``).
  var byteCount: Int {
    var info = stat()
    return stat(pending.target.file, &info) == 0 ? Int(info.st_size) : 0
  }

  private func fail(_ reason: String) -> OutputError {
    let said = collected.text.split(separator: "\n").last.map { ": " + $0 } ?? ""
    discard()
    return .system(path: pending.target.path, reason: reason + said)
  }
}

/// The last few KiB ffmpeg said on standard error.
private final class CollectedText: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  func add(_ data: Data) {
    lock.lock()
    defer { lock.unlock() }
    bytes += data
    if bytes.count > 4096 { bytes.removeFirst(bytes.count - 4096) }
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
