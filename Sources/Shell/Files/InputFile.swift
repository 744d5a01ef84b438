import Core
import Foundation

/// Why an input file could not be read; ``message`` names the file and says why.
enum InputError: Error, Equatable, CustomStringConvertible {
  /// Nothing exists at `path`.
  case notFound(path: String)
  /// `path` is a directory.
  case isDirectory(path: String)
  /// The file exists but cannot be opened or read (`reason` is the errno text).
  case unreadable(path: String, reason: String)
  /// The file is larger than a script may be.
  case tooLarge(path: String, limit: Int, what: String)
  /// The file is not valid UTF-8: the first bad byte, at a 1-based line and byte column.
  case notUTF8(path: String, byte: UInt8, line: Int, column: Int)

  var message: String {
    switch self {
    case .notFound(let path): return "no such file '\(path)'"
    case .isDirectory(let path): return "'\(path)' is a directory"
    case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .tooLarge(let path, let limit, let what):
      return "'\(path)' is larger than the \(SystemError.mebibytes(limit)) limit for \(what)"
    case .notUTF8(let path, let byte, let line, let column):
      let hex = String(byte, radix: 16)
      return "'\(path)' is not UTF-8 text: the byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
        + " at line \(line), column \(column) is invalid"
    }
  }

  var hint: String? {
    switch self {
    case .notFound: return "check the path"
    case .isDirectory: return "name a script file inside it"
    case .notUTF8: return "save the script as UTF-8"
    default: return nil
    }
  }

  /// 66 when the file cannot be read at all, 65 when what it holds is not a script.
  var exitCode: Int32 {
    switch self {
    case .notFound, .isDirectory, .unreadable: return ExitStatus.missingInput.code
    case .tooLarge, .notUTF8: return ExitStatus.scriptError.code
    }
  }

  var description: String { message }
}

/// Reading scripts: the whole file as UTF-8 text, or an error that says why not.
enum InputFile {
  /// Reads a whole text file that must be valid UTF-8. Named pipes and devices are read to their
  /// end (`burst <(…)` passes a pipe), up to `limit` bytes.
  static func readText(
    _ path: String, limit: Int = Limits.maxScriptBytes, what: String = "scripts"
  ) throws(InputError) -> String {
    let bytes = try readBytes(path, limit: limit, what: what)
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let offset = firstInvalidUTF8(bytes) ?? 0
    let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    throw .notUTF8(
      path: path, byte: offset < bytes.count ? bytes[offset] : 0, line: line,
      column: offset - lineStart + 1)
  }

  /// The byte offset of the first invalid UTF-8 sequence, or nil when all of it is valid.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Reads a whole file (not a directory), retrying interrupted reads.
  static func readBytes(_ path: String, limit: Int, what: String = "scripts") throws(InputError)
    -> [UInt8]
  {
    guard !path.isEmpty else { throw .notFound(path: path) }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
      if code == EISDIR { throw .isDirectory(path: path) }
      throw .unreadable(path: path, reason: SystemError.text(code))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .unreadable(path: path, reason: SystemError.text(errno))
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: SystemError.text(errno))
      }
      if n == 0 { return bytes }
      guard bytes.count + n <= limit else {
        throw .tooLarge(path: path, limit: limit, what: what)
      }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }
}
