import Foundation

/// Why an output file (or a directory of frames) could not be written. ``message`` names the
/// file; ``hint`` says what to do instead; ``exitStatus`` is what a script stops with.
/// Commands write through `Invocation.writing`, which turns it into a diagnostic.
enum OutputError: Error, Equatable, CustomStringConvertible {
  /// The path is empty.
  case emptyPath
  /// The target is a directory, where a file is to be written.
  case isDirectory(path: String)
  /// The directory that should hold the new file does not exist (or is not a directory).
  case missingDirectory(path: String, directory: String)
  /// The target is a named pipe, a device or a socket: only regular files are replaced.
  case special(path: String, kind: String)
  /// The target exists and is read-only.
  case readOnly(path: String)
  /// A directory of frames would go where something that is not a directory already is.
  case notDirectory(path: String, kind: String)
  /// A directory of frames would replace a directory that already has something in it.
  case notEmpty(path: String)
  /// The directory of frames cannot be made at that path.
  case cannotCreateDirectory(path: String, reason: String)
  /// The output would grow past a size limit.
  case sizeLimit(path: String, limit: Int, what: String)
  /// The system refused (`reason` is the errno text).
  case system(path: String, reason: String)

  var message: String {
    switch self {
    case .emptyPath: return "the file name is empty"
    case .isDirectory(let path): return "'\(path)' is a directory"
    case .missingDirectory(_, let directory): return "the directory '\(directory)' does not exist"
    case .special(let path, let kind): return "'\(path)' is \(kind), not a regular file"
    case .readOnly(let path): return "'\(path)' is read-only"
    case .notDirectory(let path, let kind):
      return kind == "a regular file"
        ? "'\(path)' is a file, not a directory" : "'\(path)' is \(kind), not a directory"
    case .notEmpty(let path): return "'\(path)' already exists and is not empty"
    case .cannotCreateDirectory(let path, let reason):
      return "cannot create the directory '\(path)': \(reason)"
    case .sizeLimit(let path, let limit, let what):
      return "'\(path)' would exceed the \(SystemError.mebibytes(limit)) limit for \(what)"
    case .system(let path, let reason): return "cannot write '\(path)': \(reason)"
    }
  }

  /// What to do instead, when there is something to say.
  var hint: String? {
    switch self {
    case .isDirectory: return "name a file inside it"
    case .missingDirectory: return "create the directory first, or choose another path"
    case .special: return "write to a regular file or a new name instead"
    case .readOnly: return "make it writable first (chmod u+w), or choose another name"
    case .notDirectory, .notEmpty:
      return "choose a new name, or remove it first; frames go into a new or empty directory"
    case .sizeLimit: return "record fewer seconds, or use a lower fps"
    default: return nil
    }
  }

  /// The exit status of a script stopped by it: 74, "cannot write output" (sysexits.h).
  var exitStatus: Int32 { ExitStatus.cannotWrite.code }

  /// The reason alone, without the path, for callers that add their own framing.
  var reason: String {
    switch self {
    case .system(_, let reason), .cannotCreateDirectory(_, let reason): return reason
    case .special(_, let kind): return "it is \(kind), not a regular file"
    case .readOnly: return "it is read-only"
    default: return message
    }
  }

  var description: String { message }
}

/// The one way Burst writes a file: a temporary file created beside the file finally written,
/// with an unpredictable name and `O_CREAT | O_EXCL | O_NOFOLLOW` (so nothing planted there is
/// followed or reused), written in full, synced, then renamed over the target. A reader never
/// sees half a file; on any failure the temporary file is removed and an earlier file at the
/// target is untouched.
///
/// Targets: a symbolic link is followed (the file it points to is replaced and the link kept);
/// a directory, named pipe, device or socket is refused, and so is a read-only file (even for
/// root, as the permission bits say); an existing file's permission bits carry over to the new
/// one.
enum AtomicFile {
  /// A checked destination.
  struct Target {
    /// The path as given (for messages).
    var path: String
    /// The file that will be replaced or created: `path` with symbolic links followed.
    var file: String
    /// The directory holding `file`, where the temporary file goes.
    var directory: String
    /// The last component of `file`.
    var name: String
    /// The permission bits of the existing file, to carry over; nil for a new file.
    var mode: mode_t?
    /// The owner of the existing file, to carry over where the system allows.
    var owner: (uid: uid_t, gid: gid_t)?
  }

  /// The most symbolic links followed from one path (as the kernel's limit).
  static let maxLinks = 40

  /// Follows symbolic links at the last component of `path`; returns the final path and its
  /// `lstat` (nil when nothing exists there yet). `shownAs` names the path in errors.
  static func resolveLinks(
    _ path: String, shownAs: String
  ) throws(OutputError) -> (path: String, info: stat?) {
    var current = path
    for _ in 0...maxLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        let code = errno
        if code == ENOENT || code == ENOTDIR { return (current, nil) }
        throw .system(path: shownAs, reason: SystemError.text(code))
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return (current, info) }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw .system(path: shownAs, reason: SystemError.text(errno)) }
      let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let (directory, _) = SystemError.split(current)
        current = directory == "/" ? "/" + link : directory + "/" + link
      }
    }
    throw .system(path: shownAs, reason: SystemError.text(ELOOP))
  }

  /// Checks that `path` can be written as a regular file, before any work is done for it.
  static func check(_ path: String) throws(OutputError) -> Target {
    guard !path.isEmpty else { throw .emptyPath }
    if path.hasSuffix("/") {
      var info = stat()
      if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
        throw .isDirectory(path: path)
      }
      throw .system(path: path, reason: "a name ending in '/' names a directory")
    }
    let (file, existing) = try resolveLinks(path, shownAs: path)
    let (directory, name) = SystemError.split(file)
    var mode: mode_t? = nil
    var owner: (uid: uid_t, gid: gid_t)? = nil
    if let info = existing {
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw .isDirectory(path: path)
      default: throw .special(path: path, kind: SystemError.kind(of: info.st_mode))
      }
      // Root may write anything, but a file with no write permission at all is meant to stay.
      if info.st_mode & 0o222 == 0 { throw .readOnly(path: path) }
      if access(file, W_OK) != 0 {
        let code = errno
        if code == EACCES || code == EPERM { throw .readOnly(path: path) }
        throw .system(path: path, reason: SystemError.text(code))
      }
      mode = info.st_mode & 0o777
      owner = (info.st_uid, info.st_gid)
    }
    var info = stat()
    guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw .missingDirectory(path: path, directory: directory)
    }
    if access(directory, W_OK | X_OK) != 0 {
      throw .system(path: path, reason: SystemError.text(errno))
    }
    return Target(
      path: path, file: file, directory: directory, name: name, mode: mode, owner: owner)
  }

  /// Writes `bytes` to `path` atomically and syncs it.
  static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    try write(bytes, to: try check(path))
  }

  /// Writes `bytes` to a checked target atomically; `sync: false` leaves syncing to the
  /// caller (a sequence of frames is synced once, at its end).
  static func write(_ bytes: [UInt8], to target: Target, sync: Bool = true) throws(OutputError) {
    let pending = try PendingFile(target)
    try pending.append(bytes)
    try pending.commit(sync: sync)
  }

  /// Syncs a directory so that a rename in it is durable; failures are ignored (some file
  /// systems cannot sync a directory, and the data itself is already synced).
  static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}

/// A temporary file being written for a target; ``commit(sync:)`` renames it into place. If it
/// is neither committed nor discarded, it is discarded when released, so a thrown error or an
/// interrupt never leaves it behind.
final class PendingFile {
  let target: AtomicFile.Target
  /// Where the bytes go until the commit.
  let temporaryPath: String
  /// The bytes appended so far.
  private(set) var byteCount = 0
  private var fd: Int32
  private var done = false

  /// Creates the temporary file in the target's directory.
  init(_ target: AtomicFile.Target) throws(OutputError) {
    self.target = target
    var lastError = EEXIST
    for _ in 0..<64 {
      let temp = target.directory + "/" + SystemError.temporaryName(for: target.name)
      let fd = open(temp, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0o666)
      if fd >= 0 {
        self.fd = fd
        self.temporaryPath = temp
        return
      }
      lastError = errno
      if lastError != EEXIST && lastError != EINTR { break }
    }
    throw .system(path: target.path, reason: SystemError.text(lastError))
  }

  deinit { discard() }

  /// Appends all of `bytes`, retrying after interrupted and short writes.
  func append(_ bytes: [UInt8]) throws(OutputError) {
    let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
      guard let base = raw.baseAddress else { return nil }
      var offset = 0
      while offset < raw.count {
        let n = Glibc.write(fd, base + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if n == 0 { return EIO }
        offset += n
      }
      return nil
    }
    if let failure { throw fail(failure) }
    byteCount += bytes.count
  }

  /// Syncs (unless `sync` is false), closes and renames the file over the target, keeping the
  /// existing file's permission bits and, where allowed, its owner.
  func commit(sync: Bool = true) throws(OutputError) {
    guard !done else { return }
    if let owner = target.owner { _ = fchown(fd, owner.uid, owner.gid) }
    if let mode = target.mode, fchmod(fd, mode) != 0 { throw fail(errno) }
    if sync {
      while fsync(fd) != 0 {
        if errno != EINTR { throw fail(errno) }
      }
    }
    let closed = close(fd)
    let closeError = errno
    fd = -1
    if closed != 0 && closeError != EINTR { throw fail(closeError) }
    guard rename(temporaryPath, target.file) == 0 else { throw fail(errno) }
    done = true
    if sync { AtomicFile.syncDirectory(target.directory) }
  }

  /// Removes the temporary file (nothing happens after a commit).
  func discard() {
    guard !done else { return }
    done = true
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporaryPath)
  }

  private func fail(_ code: Int32) -> OutputError {
    discard()
    return .system(path: target.path, reason: SystemError.text(code))
  }
}

extension Invocation {
  /// Runs `body`, which writes the output named by `token`, turning an `OutputError` it throws
  /// into a diagnostic at that token with the error's exit status. `standardOutput` is the
  /// command's way to print instead, suggested when the target is a named pipe, device or
  /// socket.
  @discardableResult
  func writing<T>(
    _ token: Token, standardOutput: String? = nil, _ body: () throws(OutputError) -> T
  ) throws(Diagnostic) -> T {
    do throws(OutputError) {
      return try body()
    } catch {
      var hint = error.hint
      if case .special = error, let standardOutput { hint = standardOutput }
      var d = self.error(error.message, hint: hint, at: token)
      d.exitCode = error.exitStatus
      throw d
    }
  }
}
