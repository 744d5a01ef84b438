import CPNG
import Core

/// What `burst-bench` measures of the Shell, exposed to it alone (package access) so the
/// Shell's file and command types stay internal: PNG and PPM files written as `snapshot` writes
/// them (without the final fsync), and scripts run in a session (for `record`).
package enum BenchmarkHooks {
  /// A PNG writer.
  package enum PNGWriter: Sendable {
    /// What `snapshot` and `record` use.
    case burst
    /// libpng's simplified writer with its defaults (zlib level 6, filtered strategy, every row
    /// filter tried), which Burst used before: the reference for `png-1080p`.
    case libpngSimplified
  }

  /// Encodes `canvas` as a PNG with `writer` and writes it to `path` through the atomic writer
  /// without syncing; returns the file's size in bytes.
  package static func writePNG(
    _ canvas: Canvas, to path: String, writer: PNGWriter = .burst
  ) throws -> Int {
    let bytes: [UInt8]
    switch writer {
    case .burst: bytes = try PNGFile.encode(canvas, path: path)
    case .libpngSimplified: bytes = try libpngSimplified(canvas)
    }
    try AtomicFile.write(bytes, to: try AtomicFile.check(path), sync: false)
    return bytes.count
  }

  /// `canvas` encoded by libpng's simplified writer (`png_image_write_to_memory`) with its
  /// defaults.
  private static func libpngSimplified(_ canvas: Canvas) throws(OutputError) -> [UInt8] {
    let pixels = canvas.rgba8()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(canvas.width)
    image.height = UInt32(canvas.height)
    image.format = UInt32(BURST_PNG_FORMAT_RGBA)
    let capacity = canvas.height * (1 + canvas.width * 4) * 2 + 4096
    var size = png_alloc_size_t(capacity)
    var status: Int32 = 0
    let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      status = pixels.withUnsafeBytes { source in
        png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, source.baseAddress, 0, nil)
      }
      count = status != 0 ? Int(size) : 0
    }
    png_image_free(&image)
    guard status != 0 else { throw .system(path: "", reason: "libpng failed") }
    return output
  }

  /// Encodes `canvas` as a binary PPM, as `snapshot FILE.ppm` does, and writes it to `path`
  /// through the atomic writer without syncing; returns the file's size in bytes.
  package static func writePPM(_ canvas: Canvas, to path: String) throws -> Int {
    let bytes = try SnapshotFormat.ppm.encode(canvas, path: path)
    try AtomicFile.write(bytes, to: try AtomicFile.check(path), sync: false)
    return bytes.count
  }

  /// Runs `source` in a new session with `record` making frames on `recordWorkers` threads
  /// (1: in the command's thread; nil: the active cores). Returns the diagnostics printed
  /// (empty when every line succeeded).
  package static func run(_ source: String, recordWorkers: Int?) -> String {
    let sink = CapturedOutput()
    MotionCommands.$recordWorkers.withValue(recordWorkers) {
      _ = Session(sink: sink).run(source: source, file: "bench.burst")
    }
    return sink.stderr
  }

  /// The scene after running `source` in a new session, and the diagnostics printed.
  package static func scene(after source: String) -> (Scene, String) {
    let sink = CapturedOutput()
    let session = Session(sink: sink)
    _ = session.run(source: source, file: "bench.burst")
    return (session.scene, sink.stderr)
  }

  /// The presets' names, as `preset` lists them.
  package static var presetNames: [String] { PresetCommands.names }

  /// Whether `record FILE.mp4` can run here (ffmpeg on PATH).
  package static var ffmpegAvailable: Bool { VideoFile.ffmpegPath() != nil }
}
