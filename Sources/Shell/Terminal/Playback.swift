import Foundation

/// Real-time playback support: the terminal's alternate screen, synchronized output, and
/// pacing (Ctrl-C is `Interrupts`'). Only `play` uses the wall clock, and
/// only to pace frames for the eye.
enum Playback {
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  static let beginSynchronized = "\u{1B}[?2026h"
  static let endSynchronized = "\u{1B}[?2026l"
  static let home = "\u{1B}[H"

  /// Monotonic seconds (never used for simulation time).
  static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  /// Sleeps until monotonic time `t`, waking early when `stop` says so (Ctrl-C).
  static func sleep(until t: Double, stop: () -> Bool) {
    while !stop() {
      let left = t - monotonicSeconds()
      guard left > 0 else { return }
      let chunk = min(left, 0.05)
      var ts = timespec(tv_sec: Int(chunk), tv_nsec: Int((chunk - Double(Int(chunk))) * 1e9))
      nanosleep(&ts, nil)
    }
  }

  /// The terminal's size in character cells, if standard output is a terminal.
  static func terminalSize() -> (columns: Int, rows: Int)? {
    var w = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return nil }
    return (Int(w.ws_col), Int(w.ws_row))
  }
}
