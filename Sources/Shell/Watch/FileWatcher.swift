import Glibc

/// Watches files for saves with inotify (no polling). Each file's directory is watched, not the
/// file itself, so that an editor's save by rename (write a new file, rename it over the old
/// one) is caught as well as a write in place: a close after writing, a rename into the
/// directory, a creation or a deletion of a watched name counts as a change.
final class FileWatcher {
  private let fd: Int32
  /// Watch descriptor → the directory it watches.
  private var directories: [Int32: String] = [:]
  /// The watched files, as directory and name.
  private var files: [(directory: String, name: String)] = []

  /// Starts inotify; nil when the system refuses (the reason is in `errno`).
  init?() {
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { return nil }
  }

  deinit { close(fd) }

  /// The descriptor to poll for changes.
  var descriptor: Int32 { fd }

  /// The events that mean a watched name may now hold something else.
  static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

  /// Watches exactly `paths` from now on (directories already watched stay watched); false
  /// when a directory could not be watched.
  @discardableResult
  func watch(_ paths: [String]) -> Bool {
    var ok = true
    files = []
    for path in paths {
      let (directory, name) = SystemError.split(path)
      files.append((directory, name))
      guard !directories.values.contains(directory) else { continue }
      let wd = inotify_add_watch(fd, directory, Self.mask)
      if wd < 0 {
        ok = false
      } else {
        directories[wd] = directory
      }
    }
    return ok
  }

  /// Reads the events waiting (without blocking) and says whether one names a watched file.
  func changed() -> Bool {
    var hit = false
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= n {
        let (wd, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, Int(event.len))
        }
        let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        if let directory = directories[wd],
          files.contains(where: { $0.directory == directory && $0.name == name })
        {
          hit = true
        }
        offset += header + length
      }
    }
    return hit
  }

  /// Waits up to `milliseconds` for a change (or for `input` to be readable, when given);
  /// returns which happened.
  func wait(milliseconds: Int32, input: Int32?) -> (changed: Bool, input: Bool) {
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    if let input { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
    let r = poll(&fds, nfds_t(fds.count), milliseconds)
    guard r > 0 else { return (false, false) }
    let changed = fds[0].revents & Int16(POLLIN) != 0 && self.changed()
    let input = fds.count > 1 && fds[1].revents & Int16(POLLIN | POLLHUP) != 0
    return (changed, input)
  }
}
