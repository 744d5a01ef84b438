import CPNG
import Core
import Dispatch
import Foundation

/// Image files for the Shell: PNG (read through libpng's simplified API, written by a small C
/// function over zlib in `CPNG`), and Netpbm PPM (P6 and P3).
///
/// Writes encode in memory and go through ``AtomicFile``, so a reader never sees half an image.
/// Reads refuse missing files, directories, damaged data and images larger than a pixel cap or a
/// memory budget — checked from the header before any pixel buffer is allocated. libpng reports
/// errors with `longjmp`; the simplified API catches them inside libpng (its own `setjmp`) and
/// returns 0, so no jump ever crosses a Swift frame; the writer does not use libpng.
enum PNGFile {
  /// Why reading or writing an image file failed; ``message`` is the text for a diagnostic.
  enum Error: Swift.Error, Equatable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case notFound(path: String)
    /// `path` is a directory, where a file was expected.
    case isDirectory(path: String)
    /// The directory that should hold a new file does not exist (or is not a directory).
    case missingDirectory(path: String, directory: String)
    /// The file exists but cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The file cannot be created, written or moved into place.
    case unwritable(path: String, reason: String)
    /// A canvas with no pixels: PNG cannot hold a 0-pixel image.
    case emptyImage(path: String)
    /// The file does not start with the PNG signature.
    case notPNG(path: String)
    /// The file starts like a PNG but libpng rejected it (damaged or truncated data).
    case corruptPNG(path: String, detail: String)
    /// The header announces more pixels than the caller allows.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file does not start with the PPM magic `P6` or `P3`.
    case notPPM(path: String)
    /// The PPM header or its plain-text pixel values are malformed.
    case malformedPPM(path: String, detail: String)
    /// The PPM file ends before all the pixels its header announces.
    case truncatedPPM(path: String, expected: Int, found: Int)
    /// The file starts like neither a PNG nor a PPM image.
    case notImage(path: String)
    /// Decoding the image would take the loaded images past their memory limit (bytes).
    case memoryLimit(path: String, width: Int, height: Int, needed: Int, limit: Int)

    /// A one-line, lowercase explanation that names the file.
    var message: String {
      switch self {
      case .notFound(let path):
        return "no such file '\(path)'"
      case .isDirectory(let path):
        return "'\(path)' is a directory"
      case .missingDirectory(_, let directory):
        return "the directory '\(directory)' does not exist"
      case .unreadable(let path, let reason):
        return "cannot read '\(path)': \(reason)"
      case .unwritable(let path, let reason):
        return "cannot write '\(path)': \(reason)"
      case .emptyImage(let path):
        return "cannot write '\(path)': the image has no pixels"
      case .notPNG(let path):
        return "'\(path)' is not a png file"
      case .corruptPNG(let path, let detail):
        return "'\(path)' is a damaged or truncated png file (\(detail))"
      case .tooLarge(let path, let width, let height, let limit):
        return "'\(path)' is too large: \(width)x\(height) pixels, the limit is \(limit) pixels"
      case .notPPM(let path):
        return "'\(path)' is not a ppm file (expected the magic p6 or p3)"
      case .malformedPPM(let path, let detail):
        return "'\(path)' is not a valid ppm file: \(detail)"
      case .truncatedPPM(let path, let expected, let found):
        return "'\(path)' is truncated: expected \(expected) pixel values, found \(found)"
      case .notImage(let path):
        return "'\(path)' is not an image (expected a png or ppm file)"
      case .memoryLimit(let path, let width, let height, let needed, let limit):
        return "cannot load '\(path)': its \(width)x\(height) pixels need "
          + "\(SystemError.mebibytes(needed)) decoded, past the \(SystemError.mebibytes(limit))"
          + " limit for all loaded images"
      }
    }

    var description: String { message }
  }

  /// The 8-byte signature every PNG file starts with.
  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `Float(i) / 255` for every byte value.
  private static let unitTable: [Float] = (0...255).map { Float($0) / 255 }

  // MARK: - Writing

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
      let bands = Int(job.pointee.bands)
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
    let job: UnsafeMutablePointer<burst_png_job>
  }

  // MARK: - Reading either kind

  /// How much decoded pixel memory an image may take: `available` bytes now, out of `limit`
  /// for all loaded images (named in the error).
  struct MemoryBudget {
    var available: Int
    var limit: Int
  }

  /// The bytes a decoded ``SpriteImage`` of this size holds: 4 floats a pixel over its whole
  /// mip chain (each level halves each side, rounding down, down to 1×1).
  static func decodedBytes(width: Int, height: Int) -> Int {
    var total = 0
    var w = max(1, width)
    var h = max(1, height)
    while true {
      let (area, overflow) = w.multipliedReportingOverflow(by: h)
      guard !overflow, area <= Int.max / 32 - total else { return Int.max }
      total += area * 4 * MemoryLayout<Float>.size
      if w == 1 && h == 1 { return total }
      w = max(1, w / 2)
      h = max(1, h / 2)
    }
  }

  /// Opens an existing regular file for reading; returns its stream and its `fstat`, whose
  /// device, inode, size and modification time identify the file's contents. Each way it can
  /// fail has its own error. A named pipe is refused without waiting for a writer.
  static func open(_ path: String) throws(PNGFile.Error) -> (UnsafeMutablePointer<FILE>, stat) {
    guard !path.isEmpty else { throw .notFound(path: path) }
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: SystemError.text(code))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      throw .unreadable(path: path, reason: SystemError.text(code))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
      throw .unreadable(
        path: path, reason: "it is \(SystemError.kind(of: info.st_mode)), not a regular file")
    }
    // Regular files ignore O_NONBLOCK; clear it anyway so reads behave as usual.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    guard let file = fdopen(fd, "rb") else {
      let code = errno
      close(fd)
      throw .unreadable(path: path, reason: SystemError.text(code))
    }
    return (file, info)
  }

  /// Reads a PNG or PPM image from an open file, telling them apart by their first bytes
  /// (not by the name); anything else is ``Error/notImage(path:)``.
  static func readImage(
    _ file: UnsafeMutablePointer<FILE>, path: String, maxPixels: Int = Limits.maxImagePixels,
    budget: MemoryBudget? = nil
  ) throws(PNGFile.Error) -> SpriteImage {
    var head = [UInt8](repeating: 0, count: signature.count)
    let got = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if ferror(file) != 0 { throw .unreadable(path: path, reason: SystemError.text(EIO)) }
    guard fseek(file, 0, SEEK_SET) == 0 else {
      throw .unreadable(path: path, reason: SystemError.text(errno))
    }
    if got == signature.count && head == signature {
      return try readPNG(file, path: path, maxPixels: maxPixels, budget: budget)
    }
    if got >= 2 && head[0] == UInt8(ascii: "P")
      && (head[1] == UInt8(ascii: "6") || head[1] == UInt8(ascii: "3"))
    {
      return try readPPM(file, path: path, maxPixels: maxPixels, budget: budget)
    }
    throw .notImage(path: path)
  }

  /// Refuses an image whose decoded size would not fit `budget`.
  private static func admit(
    width: Int, height: Int, path: String, budget: MemoryBudget?
  ) throws(PNGFile.Error) {
    guard let budget else { return }
    let needed = decodedBytes(width: width, height: height)
    guard needed <= budget.available else {
      throw .memoryLimit(
        path: path, width: width, height: height, needed: needed, limit: budget.limit)
    }
  }

  // MARK: - Reading PNG

  /// Reads any PNG (palette, grey, 16-bit, interlaced, with or without alpha) as a premultiplied
  /// ``SpriteImage``, converted by libpng to 8-bit sRGB RGBA.
  ///
  /// The size is checked against `maxPixels` (and ``SpriteImage/maximumPixelCount``) from the
  /// header, before the pixel buffer is allocated.
  static func read(
    path: String, maxPixels: Int = Limits.maxImagePixels
  ) throws(PNGFile.Error) -> SpriteImage {
    try decodeFile(path, maxPixels: maxPixels, with: readPNG(_:path:maxPixels:budget:))
  }

  /// A decoder of one image format, reading from an open file.
  private typealias Decoder = (
    UnsafeMutablePointer<FILE>, _ path: String, _ maxPixels: Int, _ budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage

  /// Opens the file at `path`, decodes it with `decode` (without a memory budget) and closes it.
  private static func decodeFile(
    _ path: String, maxPixels: Int, with decode: Decoder
  ) throws(PNGFile.Error) -> SpriteImage {
    let (file, _) = try open(path)
    defer { fclose(file) }
    return try decode(file, path, maxPixels, nil)
  }

  private static func readPNG(
    _ file: UnsafeMutablePointer<FILE>, path: String, maxPixels: Int, budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage {
    var head = [UInt8](repeating: 0, count: signature.count)
    let got = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard got == signature.count, head == signature else { throw .notPNG(path: path) }
    guard fseek(file, 0, SEEK_SET) == 0 else {
      throw .unreadable(path: path, reason: SystemError.text(errno))
    }

    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_stdio(&image, file) != 0,
      image.warning_or_error & UInt32(PNG_IMAGE_ERROR) == 0
    else {
      let detail = libpngMessage(image)
      png_image_free(&image)
      throw .corruptPNG(path: path, detail: detail)
    }
    let width = Int(image.width)
    let height = Int(image.height)
    let limit = min(maxPixels, SpriteImage.maximumPixelCount)
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area >= 1, area <= limit else {
      png_image_free(&image)
      throw .tooLarge(path: path, width: width, height: height, limit: max(0, limit))
    }
    do throws(PNGFile.Error) {
      try admit(width: width, height: height, path: path, budget: budget)
    } catch {
      png_image_free(&image)
      throw error
    }

    image.format = UInt32(BURST_PNG_FORMAT_RGBA)
    var bytes = [UInt8](repeating: 0, count: area * 4)
    let status = bytes.withUnsafeMutableBytes { raw in
      png_image_finish_read(&image, nil, raw.baseAddress, 0, nil)
    }
    let failed = status == 0 || image.warning_or_error & UInt32(PNG_IMAGE_ERROR) != 0
    let detail = failed ? libpngMessage(image) : ""
    png_image_free(&image)
    guard !failed else { throw .corruptPNG(path: path, detail: detail) }

    let table = unitTable
    var premultiplied = [Float](repeating: 0, count: area * 4)
    var i = 0
    while i < premultiplied.count {
      let alpha = table[Int(bytes[i + 3])]
      premultiplied[i] = table[Int(bytes[i])] * alpha
      premultiplied[i + 1] = table[Int(bytes[i + 1])] * alpha
      premultiplied[i + 2] = table[Int(bytes[i + 2])] * alpha
      premultiplied[i + 3] = alpha
      i += 4
    }
    return SpriteImage(width: width, height: height, premultiplied: premultiplied)
  }

  /// The message libpng left in `image` (lowercased), or a generic one.
  private static func libpngMessage(_ image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text.lowercased()
  }

  // MARK: - Reading PPM

  /// Reads a Netpbm PPM image, binary (P6) or plain (P3), as an opaque ``SpriteImage``.
  ///
  /// The header is the magic, width, height and maxval separated by whitespace, with `#`
  /// comments running to the end of a line; maxval must be 1…255 (values are scaled by it and
  /// clamped to it). The pixel count is checked against `maxPixels` before allocating.
  static func readPPM(
    path: String, maxPixels: Int = Limits.maxImagePixels
  ) throws(PNGFile.Error) -> SpriteImage {
    try decodeFile(path, maxPixels: maxPixels, with: readPPM(_:path:maxPixels:budget:))
  }

  private static func readPPM(
    _ file: UnsafeMutablePointer<FILE>, path: String, maxPixels: Int, budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage {
    var reader = ByteReader(file: file)
    guard reader.next() == UInt8(ascii: "P") else { throw .notPPM(path: path) }
    let plain: Bool
    switch reader.next() {
    case UInt8(ascii: "6"): plain = false
    case UInt8(ascii: "3"): plain = true
    default: throw .notPPM(path: path)
    }
    guard let separator = reader.peek(), isSpace(separator) || separator == UInt8(ascii: "#")
    else { throw .notPPM(path: path) }

    let width = try headerNumber(&reader, "width", path)
    let height = try headerNumber(&reader, "height", path)
    let maxval = try headerNumber(&reader, "maxval", path, lastInHeader: true)
    guard width >= 1, height >= 1 else {
      throw .malformedPPM(path: path, detail: "the size \(width)x\(height) is empty")
    }
    guard maxval <= 255 else {
      throw .malformedPPM(path: path, detail: "maxval \(maxval) is not supported (1 to 255 only)")
    }
    guard maxval >= 1 else { throw .malformedPPM(path: path, detail: "maxval must be at least 1") }
    let limit = min(maxPixels, SpriteImage.maximumPixelCount)
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area <= limit else {
      throw .tooLarge(path: path, width: width, height: height, limit: max(0, limit))
    }
    try admit(width: width, height: height, path: path, budget: budget)

    let count = area * 3
    var values = [UInt8](repeating: 0, count: count)
    if plain {
      for index in 0..<count {
        guard let value = try plainValue(&reader, path) else {
          throw .truncatedPPM(path: path, expected: count, found: index)
        }
        guard value <= maxval else {
          throw .malformedPPM(path: path, detail: "the value \(value) exceeds maxval \(maxval)")
        }
        values[index] = UInt8(truncatingIfNeeded: value)
      }
    } else {
      let found = values.withUnsafeMutableBytes { reader.read(into: $0) }
      guard found == count else {
        throw .truncatedPPM(path: path, expected: count, found: found)
      }
    }
    if reader.failed { throw .unreadable(path: path, reason: SystemError.text(EIO)) }

    let scale = 1 / Float(maxval)
    var pixels = [Float](repeating: 1, count: area * 4)
    for p in 0..<area {
      for c in 0..<3 {
        let value = min(Int(values[p * 3 + c]), maxval)
        pixels[p * 4 + c] = maxval == 255 ? unitTable[value] : Float(value) * scale
      }
    }
    return SpriteImage(width: width, height: height, premultiplied: pixels)
  }

  /// Whitespace as Netpbm defines it: space, tab, CR, LF, vertical tab, form feed.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Skips whitespace and `#` comments.
  private static func skipSpaceAndComments(_ reader: inout ByteReader) {
    while let byte = reader.peek() {
      if isSpace(byte) {
        _ = reader.next()
      } else if byte == UInt8(ascii: "#") {
        while let skipped = reader.next(), skipped != 0x0A, skipped != 0x0D {}
      } else {
        return
      }
    }
  }

  /// Reads decimal digits (at least one is at the reader's position); nil when too large.
  private static func digits(_ reader: inout ByteReader) -> Int? {
    var value = 0
    var tooLarge = false
    while let byte = reader.peek(), isDigit(byte) {
      _ = reader.next()
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      if value > 999_999_999 {
        tooLarge = true
        value = 0
      }
    }
    return tooLarge ? nil : value
  }

  /// One header number. The last one (maxval) must be followed by exactly one whitespace byte,
  /// which is consumed; the pixel data starts right after it.
  private static func headerNumber(
    _ reader: inout ByteReader, _ name: String, _ path: String, lastInHeader: Bool = false
  ) throws(PNGFile.Error) -> Int {
    skipSpaceAndComments(&reader)
    guard let first = reader.peek() else {
      throw .malformedPPM(path: path, detail: "the header ends before the \(name)")
    }
    guard isDigit(first) else {
      throw .malformedPPM(path: path, detail: "expected a number for the \(name)")
    }
    guard let value = digits(&reader) else {
      throw .malformedPPM(path: path, detail: "the \(name) is too large")
    }
    let next = reader.peek()
    if lastInHeader {
      guard let next, isSpace(next) else {
        throw .malformedPPM(path: path, detail: "expected whitespace after the maxval")
      }
      _ = reader.next()
    } else if let next, !isSpace(next), next != UInt8(ascii: "#") {
      throw .malformedPPM(path: path, detail: "expected a number for the \(name)")
    }
    return value
  }

  /// One plain (P3) value; nil at the end of the file.
  private static func plainValue(
    _ reader: inout ByteReader, _ path: String
  ) throws(PNGFile.Error) -> Int? {
    skipSpaceAndComments(&reader)
    guard let first = reader.peek() else { return nil }
    guard isDigit(first), let value = digits(&reader) else {
      throw .malformedPPM(path: path, detail: "expected a number in the pixel values")
    }
    if let next = reader.peek(), !isSpace(next), next != UInt8(ascii: "#") {
      throw .malformedPPM(path: path, detail: "expected a number in the pixel values")
    }
    return value
  }
}

/// Buffered byte-at-a-time reading from a `FILE`, with a bulk read for binary data.
private struct ByteReader {
  let file: UnsafeMutablePointer<FILE>
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  /// Set when `fread` reported an error (not just the end of the file).
  private(set) var failed = false

  init(file: UnsafeMutablePointer<FILE>) {
    self.file = file
  }

  /// The next byte without consuming it; nil at the end of the file.
  mutating func peek() -> UInt8? {
    if start == end && !refill() { return nil }
    return buffer[start]
  }

  /// Consumes and returns the next byte; nil at the end of the file.
  mutating func next() -> UInt8? {
    guard let byte = peek() else { return nil }
    start += 1
    return byte
  }

  /// Fills `destination` from the buffer, then straight from the file; returns the byte count.
  mutating func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = destination.baseAddress else { return 0 }
    let buffered = min(end - start, destination.count)
    buffer.withUnsafeBytes { source in
      if let from = source.baseAddress, buffered > 0 {
        base.copyMemory(from: from + start, byteCount: buffered)
      }
    }
    start += buffered
    var total = buffered
    while total < destination.count {
      let got = fread(base + total, 1, destination.count - total, file)
      if got == 0 {
        if ferror(file) != 0 { failed = true }
        break
      }
      total += got
    }
    return total
  }

  private mutating func refill() -> Bool {
    let file = self.file
    let got = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if got == 0 && ferror(file) != 0 { failed = true }
    start = 0
    end = got
    return got > 0
  }
}
