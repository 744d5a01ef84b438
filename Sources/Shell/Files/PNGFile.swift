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
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `Float(i) / 255` for every byte value.
  static let unitTable: [Float] = (0...255).map { Float($0) / 255 }

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
  static func admit(
    width: Int, height: Int, path: String, budget: MemoryBudget?
  ) throws(PNGFile.Error) {
    guard let budget else { return }
    let needed = decodedBytes(width: width, height: height)
    guard needed <= budget.available else {
      throw .memoryLimit(
        path: path, width: width, height: height, needed: needed, limit: budget.limit)
    }
  }

  /// A decoder of one image format, reading from an open file.
  typealias Decoder = (
    UnsafeMutablePointer<FILE>, _ path: String, _ maxPixels: Int, _ budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage

  /// Opens the file at `path`, decodes it with `decode` (without a memory budget) and closes it.
  static func decodeFile(
    _ path: String, maxPixels: Int, with decode: Decoder
  ) throws(PNGFile.Error) -> SpriteImage {
    let (file, _) = try open(path)
    defer { fclose(file) }
    return try decode(file, path, maxPixels, nil)
  }
}
