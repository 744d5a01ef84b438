import Foundation
import Synchronization

/// Ctrl-C for the whole program: SIGINT only raises a flag, and long work polls it at safe
/// points (a step boundary, a frame boundary, between a script's commands) and stops there.
/// Nothing else happens in the signal handler (an atomic store is async-signal-safe), so
/// Ctrl-C interrupts a command and never kills the program.
///
/// At the prompt, readline installs its own handler while a line is read (see
/// `ReadlineLineEditor`) and restores this one afterwards.
enum Interrupts {
  /// Set by the SIGINT handler, cleared before each top-level command.
  private static let requested = Atomic<Bool>(false)

  /// Installs the handler for the rest of the process.
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      Interrupts.requested.store(true, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a blocking read or sleep returns EINTR, so a wait ends promptly.
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent may have started us with SIGINT blocked (Foundation's Process does): unblock it,
    // or Ctrl-C would wait forever.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Whether Ctrl-C was pressed since the last `clear()`.
  static var isRequested: Bool { requested.load(ordering: .relaxed) }

  static func clear() { requested.store(false, ordering: .relaxed) }

  /// Raises the flag as SIGINT would (tests, and `play`'s own wait loop).
  static func request() { requested.store(true, ordering: .relaxed) }
}
