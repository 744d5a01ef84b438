import CPNG
import Core
import Foundation

/// Image files for the Shell: PNG through libpng's simplified API, and Netpbm PPM (P6 and P3).
///
/// Writes are atomic (a temporary file beside the target, then `rename`), so a reader never sees
/// half an image. Reads refuse missing files, directories, damaged data and images larger than a
/// pixel cap — checked from the header before any pixel buffer is allocated. libpng reports
/// errors with `longjmp`; the simplified API catches them inside libpng (its own `setjmp`) and
/// returns 0, so no jump ever crosses a Swift frame.
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
      }
    }

    var description: String { message }
  }

  /// The default pixel cap for reads: 4096×4096.
  static let defaultMaxPixels = 4096 * 4096

  /// The 8-byte signature every PNG file starts with.
  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `Float(i) / 255` for every byte value.
  private static let unitTable: [Float] = (0...255).map { Float($0) / 255 }

  // MARK: - Writing

  /// Writes `canvas` as an 8-bit RGBA PNG (straight alpha, from ``Canvas/rgba8()``), atomically.
  ///
  /// Refuses an empty canvas, a target that is a directory (or another non-regular file), a
  /// missing parent directory and anything the file system refuses; on failure no temporary file
  /// is left behind and an existing target is untouched.
  static func write(_ canvas: Canvas, to path: String) throws(PNGFile.Error) {
    guard canvas.width > 0, canvas.height > 0 else { throw .emptyImage(path: path) }
    // libpng wants the row stride (4·width) and the height to fit in a signed 32-bit integer.
    guard let width = UInt32(exactly: canvas.width), width <= 0x1FFF_FFFF,
      let height = UInt32(exactly: canvas.height), height <= 0x7FFF_FFFF
    else { throw .unwritable(path: path, reason: "the image is too large for png") }
    let directory = try checkTarget(path)
    let (temp, file) = try createTemporary(beside: path, in: directory)

    let bytes = canvas.rgba8()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = width
    image.height = height
    image.format = UInt32(BURST_PNG_FORMAT_RGBA)
    let status = bytes.withUnsafeBytes { raw in
      png_image_write_to_stdio(&image, file, 0, raw.baseAddress, 0, nil)
    }
    let failed = status == 0 || image.warning_or_error & UInt32(PNG_IMAGE_ERROR) != 0
    let detail = failed ? libpngMessage(image) : ""
    png_image_free(&image)

    let flushed = fflush(file) == 0
    let flushError = errno
    let closed = fclose(file) == 0
    let closeError = errno
    guard !failed, flushed, closed else {
      unlink(temp)
      let reason = failed ? "libpng: \(detail)" : describe(flushed ? closeError : flushError)
      throw .unwritable(path: path, reason: reason)
    }
    guard rename(temp, path) == 0 else {
      let reason = describe(errno)
      unlink(temp)
      throw .unwritable(path: path, reason: reason)
    }
  }

  /// Checks that `path` can be a new or replaced regular file; returns its directory.
  private static func checkTarget(_ path: String) throws(PNGFile.Error) -> String {
    guard !path.isEmpty else { throw .unwritable(path: path, reason: "the path is empty") }
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
      if info.st_mode & S_IFMT != S_IFREG {
        throw .unwritable(path: path, reason: "it is not a regular file")
      }
    }
    let directory: String
    if let slash = path.lastIndex(of: "/") {
      let head = path[..<slash]
      directory = head.isEmpty ? "/" : String(head)
    } else {
      directory = "."
    }
    guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw .missingDirectory(path: path, directory: directory)
    }
    if path.hasSuffix("/") { throw .isDirectory(path: path) }
    return directory
  }

  /// Creates a fresh temporary file in `directory` (mode 0666 less the umask, like the final
  /// file should have) and opens it for writing.
  private static func createTemporary(
    beside path: String, in directory: String
  ) throws(PNGFile.Error) -> (String, UnsafeMutablePointer<FILE>) {
    let name = path.split(separator: "/").last.map(String.init) ?? "image"
    var lastError: Int32 = EEXIST
    for _ in 0..<16 {
      let nonce = UInt32.random(in: 0...UInt32.max)
      let temp = "\(directory)/.\(name).\(getpid()).\(nonce).tmp"
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd < 0 {
        lastError = errno
        if lastError == EEXIST { continue }
        break
      }
      guard let file = fdopen(fd, "wb") else {
        let reason = describe(errno)
        close(fd)
        unlink(temp)
        throw .unwritable(path: path, reason: reason)
      }
      return (temp, file)
    }
    throw .unwritable(path: path, reason: describe(lastError))
  }

  // MARK: - Reading PNG

  /// Reads any PNG (palette, grey, 16-bit, interlaced, with or without alpha) as a premultiplied
  /// ``SpriteImage``, converted by libpng to 8-bit sRGB RGBA.
  ///
  /// The size is checked against `maxPixels` (and ``SpriteImage/maximumPixelCount``) from the
  /// header, before the pixel buffer is allocated.
  static func read(
    path: String, maxPixels: Int = defaultMaxPixels
  ) throws(PNGFile.Error) -> SpriteImage {
    let file = try openForReading(path)
    defer { fclose(file) }
    var head = [UInt8](repeating: 0, count: signature.count)
    let got = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard got == signature.count, head == signature else { throw .notPNG(path: path) }
    guard fseek(file, 0, SEEK_SET) == 0 else {
      throw .unreadable(path: path, reason: describe(errno))
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

  /// Opens an existing regular file for reading, with a distinct error for each way it can fail.
  private static func openForReading(
    _ path: String
  ) throws(PNGFile.Error) -> UnsafeMutablePointer<FILE> {
    guard !path.isEmpty else { throw .notFound(path: path) }
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: describe(code))
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .unreadable(path: path, reason: "it is not a regular file")
    }
    guard let file = fopen(path, "rb") else {
      throw .unreadable(path: path, reason: describe(errno))
    }
    return file
  }

  /// The message libpng left in `image` (lowercased), or a generic one.
  private static func libpngMessage(_ image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text.lowercased()
  }

  /// `strerror` for an errno value, lowercased for a diagnostic.
  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }

  // MARK: - Reading PPM

  /// Reads a Netpbm PPM image, binary (P6) or plain (P3), as an opaque ``SpriteImage``.
  ///
  /// The header is the magic, width, height and maxval separated by whitespace, with `#`
  /// comments running to the end of a line; maxval must be 1…255 (values are scaled by it and
  /// clamped to it). The pixel count is checked against `maxPixels` before allocating.
  static func readPPM(
    path: String, maxPixels: Int = defaultMaxPixels
  ) throws(PNGFile.Error) -> SpriteImage {
    let file = try openForReading(path)
    defer { fclose(file) }
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
    if reader.failed { throw .unreadable(path: path, reason: "read error") }

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
