import Foundation

/// The progress of long work, one line on standard error when it is a terminal: what is done
/// out of how much, the time so far and an estimate of the time left. Nothing is drawn during
/// the first second (short commands stay quiet) or more often than ten times a second, and the
/// line is erased when the command ends. Only the Shell keeps wall-clock time, for this.
final class ProgressLine {
  private let write: (String) -> Void
  private let clock: () -> Double
  private var started = 0.0
  private var lastDrawn = -1.0
  private var shown = false

  /// - Parameters:
  ///   - write: where the line goes (standard error).
  ///   - clock: monotonic seconds.
  init(write: @escaping (String) -> Void, clock: @escaping () -> Double) {
    self.write = write
    self.clock = clock
  }

  /// A new command starts: the one-second grace period starts again.
  func begin() {
    started = clock()
    lastDrawn = -1
    shown = false
  }

  /// `done` of `total` `unit` (e.g. "steps", "frames") are finished.
  func update(_ done: Int, of total: Int, _ unit: String) {
    let now = clock()
    let elapsed = now - started
    guard elapsed >= 1, now - lastDrawn >= 0.1 else { return }
    lastDrawn = now
    shown = true
    write("\r" + ProgressLine.text(done, of: total, unit, elapsed: elapsed) + "\u{1B}[K")
  }

  /// Erases the line if it was drawn.
  func end() {
    guard shown else { return }
    shown = false
    write("\r\u{1B}[K")
  }

  /// The line's text: `1,234 / 200,000 steps  3.2 s  about 41 s left`.
  static func text(_ done: Int, of total: Int, _ unit: String, elapsed: Double) -> String {
    var s = "\(grouped(done)) / \(grouped(total)) \(unit)  \(seconds(elapsed))"
    if done > 0 && total > done {
      s += "  about \(seconds(elapsed * Double(total - done) / Double(done))) left"
    }
    return s + "  (Ctrl-C stops)"
  }

  static func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(d)
    }
    return out
  }

  static func seconds(_ s: Double) -> String {
    if s < 60 { return "\((s * 10).rounded() / 10) s" }
    let m = Int(s / 60)
    return "\(m) min \(Int(s) - m * 60) s"
  }
}
