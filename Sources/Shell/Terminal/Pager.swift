import Foundation

/// Long `help` output at a terminal goes through the user's pager: `$PAGER`, else `less -FRX`
/// (which prints a text that fits and quits, keeps colour, and leaves the text on screen).
/// Only the program at an interactive prompt installs it (`Session.pager`); scripts, pipes and
/// tests print directly.
enum Pager {
  /// The pager when `PAGER` is unset or empty.
  static let fallback = "less -FRX"

  /// The shell command that pages, read from `environment`.
  static func command(_ environment: [String: String]) -> String {
    guard let p = environment["PAGER"], !p.trimmingCharacters(in: .whitespaces).isEmpty else {
      return fallback
    }
    return p
  }

  /// Whether `text` needs a pager on a terminal of `rows` rows: it has more lines than fit
  /// above the prompt.
  static func isLong(_ text: String, rows: Int) -> Bool {
    text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) } > max(1, rows - 1)
  }

  /// Runs `command` through `/bin/sh` with `text` on its standard input and waits for it;
  /// false when it could not start or failed, so the caller prints the text itself.
  static func show(_ text: String, command: String) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command]
    let input = Pipe()
    p.standardInput = input
    do { try p.run() } catch { return false }
    // A pager quit before reading everything closes the pipe: not a reason to die.
    let previous = signal(SIGPIPE, SIG_IGN)
    writeAll(input.fileHandleForWriting.fileDescriptor, text)
    try? input.fileHandleForWriting.close()
    p.waitUntilExit()
    signal(SIGPIPE, previous)
    // 127: the shell found no such command.
    return p.terminationStatus != 127
  }
}
