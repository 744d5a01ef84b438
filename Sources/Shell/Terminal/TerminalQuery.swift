#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asking the terminal: its cell size in pixels and, for `--graphics auto`, which pictures it
/// shows. Nothing is sent unless standard input and standard output are both terminals.
///
/// A query switches the terminal to non-canonical mode without echo, writes the request, reads
/// the replies until the device attributes arrive (which ends every query) or ``GraphicsDetection/timeout``
/// passes, and restores the mode it found. Keys typed while it waits are read with the replies
/// and dropped.
enum TerminalQuery {
  /// The cell size the kernel knows (`TIOCGWINSZ`'s pixel size over its cells), or nil when the
  /// terminal does not fill in the pixel size (many leave it 0) or standard output is not one.
  static func kernelCellSize() -> CellSize? {
    var w = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0,
      w.ws_xpixel > 0, w.ws_ypixel > 0
    else { return nil }
    return CellSize.plausible(
      width: Int(w.ws_xpixel) / Int(w.ws_col), height: Int(w.ws_ypixel) / Int(w.ws_row))
  }

  /// Sends `query` and returns what came back before the device attributes reply or the
  /// timeout; nil when standard input or output is not a terminal (nothing is sent).
  static func exchange(_ query: String, timeout: Double = GraphicsDetection.timeout) -> [UInt8]? {
    guard isatty(0) == 1, isatty(1) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
    defer { _ = tcsetattr(0, TCSANOW, &saved) }
    writeAll(1, query)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    let deadline = Playback.monotonicSeconds() + timeout
    while received.count < 4096 {
      let left = deadline - Playback.monotonicSeconds()
      guard left > 0 else { break }
      var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      let ready = poll(&fds, 1, Int32(max(1, (left * 1000).rounded(.up))))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      received += chunk[0..<n]
      if TerminalReplies.parse(received).complete { break }
    }
    return received
  }
}

/// The cell size `show` and `play` use for pictures in pixels, found once and kept: the
/// kernel's (asked every time, as the window may have been resized), else the terminal's reply
/// to `CSI 16 t` (asked once, and only when both standard input and output are terminals),
/// else ``CellSize/fallback``.
final class CellSizeSource {
  /// From the startup query, or the first lazy one.
  var answered: CellSize?
  /// Whether the terminal has been asked.
  var asked = false

  func current() -> CellSize {
    if let kernel = TerminalQuery.kernelCellSize() { return kernel }
    if !asked {
      asked = true
      if let bytes = TerminalQuery.exchange("\u{1B}[16t\u{1B}[c") {
        answered = TerminalReplies.parse(bytes).cellSize
      }
    }
    return answered ?? .fallback
  }
}
