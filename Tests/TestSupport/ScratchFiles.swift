import Foundation

/// The test process's own temporary folder, `burst-test-PID`, removed when the process exits
/// (the tests once left a folder per file they wrote, thousands per run).
package let testScratchFolder: URL = {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "burst-test-\(getpid())")
  atexit {
    try? FileManager.default.removeItem(
      at: FileManager.default.temporaryDirectory.appendingPathComponent(
        "burst-test-\(getpid())"))
  }
  try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir
}()

/// Writes a file in a fresh folder of the test process's own temporary folder and returns its
/// path.
package func temporaryFile(_ name: String, contents: String) throws -> String {
  let dir = testScratchFolder.appendingPathComponent(
    "\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  let file = dir.appendingPathComponent(name)
  try Data(contents.utf8).write(to: file)
  return file.path
}

/// A fresh folder for one test in the test process's own temporary folder.
package func temporaryDirectory(_ name: String) throws -> URL {
  let url = testScratchFolder.appendingPathComponent(
    "\(name)-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
