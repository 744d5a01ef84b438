import Foundation

/// File access for the Shell: whole-file reads and atomic writes (a temporary file beside the
/// target, then rename), so a reader never sees half a file.
enum AtomicFile {
  /// Why a write failed, in words for a diagnostic.
  struct WriteError: Error {
    var message: String
  }

  static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
      throw WriteError(message: "'\(path)' is a directory")
    }
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
      throw WriteError(message: "the directory '\(dir)' does not exist")
    }
    let temp = dir + "/.\(url.lastPathComponent).\(getpid()).tmp"
    guard let f = fopen(temp, "wb") else {
      throw WriteError(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    let flushed = fflush(f) == 0
    let closed = fclose(f) == 0
    guard written == bytes.count, flushed, closed else {
      unlink(temp)
      throw WriteError(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    guard rename(temp, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temp)
      throw WriteError(message: "cannot write '\(path)': \(reason)")
    }
  }

  /// Reads a text file, replacing invalid UTF-8; nil when it cannot be read.
  static func readText(_ path: String) -> String? {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
