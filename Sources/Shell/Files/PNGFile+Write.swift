import CPNGEncoder
import Core
import Dispatch
import Foundation

/// Writing PNG files: Burst's own encoder (`CPNGEncoder`, in C over zlib), through ``AtomicFile``.
extension PNGFile {
  /// Writes `canvas` as an 8-bit RGBA PNG (straight alpha, from ``Canvas/rgba8()``), through
  /// ``AtomicFile``: the target is checked first, then the image is encoded and written.
  ///
  /// Refuses an empty canvas, a target that is a directory (or another non-regular file), a
  /// missing parent directory and anything the file system refuses; on failure no temporary file
  /// is left behind and an existing target is untouched.
  static func write(_ canvas: Canvas, to path: String) throws(PNGFile.Error) {
    guard canvas.width > 0, canvas.height > 0 else { throw .emptyImage(path: path) }
    do throws(OutputError) {
      let target = try AtomicFile.check(path)
      let bytes = try encode(canvas, path: path)
      try AtomicFile.write(bytes, to: target)
    } catch {
      switch error {
      case .isDirectory(let path): throw .isDirectory(path: path)
      case .missingDirectory(let path, let directory):
        throw .missingDirectory(path: path, directory: directory)
      default: throw .unwritable(path: path, reason: error.reason)
      }
    }
  }

  /// How a PNG is compressed: the zlib level and strategy, and the row filters.
  struct Compression {
    var level: Int32
    var strategy: Int32
    /// `BURST_PNG_ROWS_UP` or `BURST_PNG_ROWS_UP_OR_PAETH` (CPNG's shim.h).
    var rows: Int32

    /// **(choice)** What `snapshot` and `record` write: zlib's run-length strategy (level 2),
    /// each row filtered "up" or "Paeth", whichever gives the smaller filtered bytes. Frames are
    /// mostly flat background and smooth sprites; these settings take a fraction of the time
    /// of libpng's defaults for files a little larger (README.md, "Benchmarks").
    static let frames = Compression(
      level: 2, strategy: Int32(BURST_Z_RLE), rows: Int32(BURST_PNG_ROWS_UP_OR_PAETH))

    /// **(choice)** What the iTerm2 inline images of `show` and `play` send: zlib level 1,
    /// rows filtered "up" only, for speed; the terminal decodes it at once and keeps nothing.
    static let playback = Compression(
      level: 1, strategy: Int32(BURST_Z_RLE), rows: Int32(BURST_PNG_ROWS_UP))
  }

  /// Encodes `canvas` as the bytes of an 8-bit RGBA PNG file (straight alpha, from
  /// ``Canvas/rgba8()``; chunks IHDR, sRGB, IDAT, IEND), with the C function in CPNG's shim.h
  /// (zlib, no libpng). `path` names the file in errors. The bands of the image are
  /// compressed on every core (`record`, which makes several images at once, encodes its
  /// frames' pixels in one thread each through `encode(pixels:…)`).
  static func encode(
    _ canvas: Canvas, path: String, compression: Compression = .frames
  ) throws(OutputError) -> [UInt8] {
    guard canvas.width > 0, canvas.height > 0 else {
      throw .system(path: path, reason: "the image has no pixels")
    }
    return try encode(
      pixels: canvas.rgba8(), channels: 4, width: canvas.width, height: canvas.height,
      compression: compression, path: path)
  }

  /// Encodes an opaque frame as the bytes of an 8-bit RGB PNG file (in memory, for the iTerm2
  /// inline image protocol), compressed for speed (``Compression/playback``), as playback
  /// needs. `path` names it in errors.
  static func encode(_ frame: RGB8Frame, path: String) throws(OutputError) -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else {
      throw .system(path: path, reason: "the image has no pixels")
    }
    return try encode(
      pixels: frame.bytes, channels: 3, width: frame.width, height: frame.height,
      compression: .playback, path: path)
  }

  /// About how many filtered bytes one band of a PNG's rows holds (`BURST_PNG_BAND_BYTES` in
  /// CPNG's shim.h; whole rows, at least one).
  static let bandBytes = Int(BURST_PNG_BAND_BYTES)

  /// Encodes `width × height` pixels of `channels` bytes each (4: straight-alpha RGBA, 3: RGB)
  /// as a PNG file's bytes.
  ///
  /// **(choice)** The image is compressed in horizontal bands of about ``bandBytes`` of
  /// filtered rows, cut by the image's size alone; the bands are filtered and deflated
  /// on every core at once (`parallel`) or one after another, and the bytes are the same either
  /// way, whatever the number of cores.
  static func encode(
    pixels: [UInt8], channels: Int, width w: Int, height h: Int, compression: Compression,
    path: String, parallel: Bool = true
  ) throws(OutputError) -> [UInt8] {
    // PNG sizes are 31-bit, and a row (4·width bytes and its filter byte) must fit zlib's
    // 32-bit counts.
    guard let width = UInt32(exactly: w), width <= 0x1FFF_FFFF,
      let height = UInt32(exactly: h), height <= 0x7FFF_FFFF,
      pixels.count >= w * h * channels
    else { throw .system(path: path, reason: "the image is too large for png") }
    var bytes: UnsafeMutablePointer<UInt8>? = nil
    var count = 0
    let status = pixels.withUnsafeBufferPointer { source -> Int32 in
      guard
        let job = burst_png_job_new(
          source.baseAddress, width, height, Int32(channels), compression.level,
          compression.strategy, compression.rows)
      else { return 0 }
      defer { burst_png_job_free(job) }
      let bands = Int(burst_png_job_bands(job))
      if parallel && bands > 1 {
        let shared = BandedJob(job: job)
        DispatchQueue.concurrentPerform(iterations: bands) { k in
          burst_png_job_band(shared.job, UInt32(k))
        }
      } else {
        for k in 0..<bands { burst_png_job_band(job, UInt32(k)) }
      }
      return burst_png_job_finish(job, &bytes, &count)
    }
    guard status != 0, let bytes else {
      throw .system(path: path, reason: "out of memory while compressing the png")
    }
    defer { free(bytes) }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// A PNG job shared by the threads that compress its bands. Each band writes only its own
  /// slots of the job and reads the pixels, which outlive the threads (`concurrentPerform`
  /// returns when every band is done), so sharing the pointer is safe.
  private struct BandedJob: @unchecked Sendable {
    let job: OpaquePointer
  }
}
