import Foundation
import Synchronization

/// A directory of numbered frames, built in a temporary directory beside its final path and
/// renamed into place when complete, so the directory appears whole or not at all.
///
/// The temporary directory has an unpredictable name (`.NAME.<random>.tmp`) and is made with
/// `mkdir`, which refuses anything already there; every frame goes through the one atomic
/// writer without its own sync and is then synced in the background, one frame after another,
/// while the next frames are made; the commit waits for those syncs and renames. If the
/// sequence is neither committed nor discarded, it is discarded when released: the temporary
/// directory and every frame in it are removed.
final class FrameDirectory {
  /// A checked destination for frames.
  struct Target {
    /// The path as given (for messages).
    var path: String
    /// Where the directory will be: `path` without trailing slashes, links followed.
    var directory: String
    /// The directory that holds it, where the temporary directory goes.
    var parent: String
    /// The last component of `directory`.
    var name: String
    /// The permission bits of an existing empty directory being replaced.
    var mode: mode_t?
  }

  /// Checks, before any frame is made, that `path` can become a directory of frames: it is new
  /// or an empty directory, and its parent exists and can be written.
  static func check(_ path: String) throws(OutputError) -> Target {
    guard !path.isEmpty else { throw .emptyPath }
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    let (resolved, existing) = try AtomicFile.resolveLinks(String(trimmed), shownAs: path)
    let (parent, name) = SystemError.split(resolved)
    guard name != "." && name != ".." && name != "/" else {
      throw .cannotCreateDirectory(path: path, reason: "name a new directory")
    }
    var mode: mode_t? = nil
    if let info = existing {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .notDirectory(path: path, kind: SystemError.kind(of: info.st_mode))
      }
      guard let stream = opendir(resolved) else {
        throw .system(path: path, reason: SystemError.text(errno))
      }
      defer { closedir(stream) }
      while let entry = readdir(stream) {
        let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if entryName != "." && entryName != ".." { throw .notEmpty(path: path) }
      }
      mode = info.st_mode & 0o7777
    }
    var info = stat()
    guard stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotCreateDirectory(
        path: path, reason: "the directory '\(parent)' does not exist")
    }
    if access(parent, W_OK | X_OK) != 0 {
      throw .cannotCreateDirectory(path: path, reason: SystemError.text(errno))
    }
    return Target(path: path, directory: resolved, parent: parent, name: name, mode: mode)
  }

  let target: Target
  /// The temporary directory the frames go into until the commit.
  let temporaryPath: String
  /// The names of the frames written so far.
  private(set) var names: [String] = []
  private var done = false
  /// Syncs the frames written, in order, off the command's thread: the wait for the disk
  /// overlaps making the next frames instead of coming all at once before the rename.
  private let syncer = DispatchQueue(label: "burst.frames.sync")
  /// The first error a background sync met.
  private let syncFailure = SyncFailure()

  /// Makes the temporary directory beside the target.
  init(_ target: Target) throws(OutputError) {
    self.target = target
    var lastError = EEXIST
    for _ in 0..<64 {
      let temp = target.parent + "/" + SystemError.temporaryName(for: target.name)
      if mkdir(temp, 0o777) == 0 {
        temporaryPath = temp
        return
      }
      lastError = errno
      if lastError != EEXIST && lastError != EINTR { break }
    }
    throw .cannotCreateDirectory(path: target.path, reason: SystemError.text(lastError))
  }

  deinit { discard() }

  /// Writes one frame named `name` (a plain file name) into the temporary directory.
  func write(_ bytes: [UInt8], named name: String) throws(OutputError) {
    let frame = AtomicFile.Target(
      path: target.path + "/" + name, file: temporaryPath + "/" + name,
      directory: temporaryPath, name: name, mode: nil, owner: nil)
    do throws(OutputError) {
      try AtomicFile.write(bytes, to: frame, sync: false)
    } catch {
      discard()
      throw error
    }
    names.append(name)
    let file = frame.file
    syncer.async { [syncFailure] in
      let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { return syncFailure.note(errno) }
      var synced = fsync(fd) == 0
      while !synced && errno == EINTR { synced = fsync(fd) == 0 }
      let code = errno
      close(fd)
      if !synced { syncFailure.note(code) }
    }
  }

  /// Waits for every frame's sync, syncs the directory, then renames it into place
  /// (replacing an empty directory there, whose permission bits it takes).
  func commit() throws(OutputError) {
    guard !done else { return }
    syncer.sync {}
    if let code = syncFailure.first { throw fail(code) }
    if let mode = target.mode, chmod(temporaryPath, mode) != 0 { throw fail(errno) }
    AtomicFile.syncDirectory(temporaryPath)
    guard rename(temporaryPath, target.directory) == 0 else { throw fail(errno) }
    done = true
    AtomicFile.syncDirectory(target.parent)
  }

  /// Removes the temporary directory and everything in it (nothing happens after a commit).
  func discard() {
    guard !done else { return }
    done = true
    if let stream = opendir(temporaryPath) {
      var entries: [String] = []
      // A directory entry may be shorter than `dirent`: read the name in place, up to its NUL,
      // never copying the whole struct (that reads past the entry).
      let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
      while let entry = readdir(stream) {
        let name = String(
          cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
        if name != "." && name != ".." { entries.append(name) }
      }
      closedir(stream)
      for name in entries { unlink(temporaryPath + "/" + name) }
    }
    rmdir(temporaryPath)
  }

  private func fail(_ code: Int32) -> OutputError {
    discard()
    return .system(path: target.path, reason: SystemError.text(code))
  }
}

/// The first error of a ``FrameDirectory``'s background syncs (an errno), kept until the commit.
private final class SyncFailure: Sendable {
  private let code = Mutex<Int32?>(nil)

  func note(_ error: Int32) { code.withLock { $0 = $0 ?? error } }

  var first: Int32? { code.withLock { $0 } }
}
