import Foundation

/// The words every file diagnostic uses for the C library's answers, so that one cause always
/// reads the same way whichever command met it.
enum SystemError {
  /// `strerror`'s text for an `errno` value, lowercased: "permission denied",
  /// "no space left on device", "read-only file system".
  static func text(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }

  /// What kind of file a `st_mode` describes, with its article ("a named pipe (fifo)").
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: return "a regular file"
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a named pipe (fifo)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
  }

  /// A byte count for a message: "256 MiB", "1.4 MiB" (a tenth, rounded up), or "6 KiB" below
  /// one mebibyte (rounded up).
  static func mebibytes(_ bytes: Int) -> String {
    let mebibyte = 1 << 20
    if bytes < mebibyte { return "\((bytes + 1023) / 1024) KiB" }
    if bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
    let tenths = Int((Double(bytes) * 10 / Double(mebibyte)).rounded(.up))
    return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
  }

  /// Splits a path into the directory that holds its last component and that component:
  /// `a/b` → (`a`, `b`), `b` → (`.`, `b`), `/b` → (`/`, `b`). Trailing slashes are ignored.
  static func split(_ path: String) -> (directory: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    var head = trimmed[..<slash]
    while head.count > 1 && head.hasSuffix("/") { head.removeLast() }
    let name = String(trimmed[trimmed.index(after: slash)...])
    return (head.isEmpty ? "/" : String(head), name)
  }

  /// An unpredictable name for a temporary file or directory beside `name`:
  /// `.NAME.<16 random hex digits>.tmp`, with NAME shortened so the whole stays well within the
  /// 255-byte limit on a file name. The digits come from the system's secure generator.
  static func temporaryName(for name: String) -> String {
    var stem = ""
    var bytes = 0
    for scalar in name.unicodeScalars {
      let size = String(scalar).utf8.count
      if bytes + size > 200 { break }
      stem.unicodeScalars.append(scalar)
      bytes += size
    }
    let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return "." + stem + "." + String(repeating: "0", count: 16 - digits.count) + digits + ".tmp"
  }
}
