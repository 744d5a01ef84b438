// GNU readline is a C library without concurrency annotations: every one of its global
// variables (`rl_line_buffer`, `rl_attempted_completion_over`, ...) is imported as shared
// mutable state, which Swift 6 rejects. `@preconcurrency` accepts them; this is sound here
// because readline is only ever driven from the single thread that shows the prompt (see
// `ReadlineLineEditor`).
@preconcurrency import CReadline
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interactive `LineEditor` backed by GNU readline.
///
/// It provides readline's line editing and key bindings (including `~/.inputrc`), a history
/// that is persisted to a file, tab completion through a caller-supplied completer, and
/// Ctrl-C handling that abandons the current line instead of terminating the program.
///
/// This is the only file that talks to readline. Readline keeps all of its state in C
/// globals, so the editor must be used from one thread only (the prompt loop), and only one
/// `read(prompt:continuing:)` call may be in progress at a time.
///
/// **Completion.** Words are delimited by space, tab, `=` and `;` but not by `.`, so a whole
/// dotted key path such as `like.emitterCells.` is completed as one word. The completer gets
/// the entire line and the UTF-8 byte range of the word under the cursor, and returns full
/// replacement words. Readline never falls back to file-name completion. When every
/// candidate ends with `.` (a key-path prefix) or `/` (a directory), no space is appended,
/// so the user can keep typing the next component.
///
/// **Ctrl-C.** Readline's own signal handling is off (`rl_catch_signals = 0`): the handler
/// this class installs for the duration of `read(prompt:continuing:)` stays in place, and it
/// only performs a lock-free atomic store (async-signal-safe). Readline reads its keys
/// through `readKey`, whose interrupted `read` sees the flag back in normal context: the line
/// is cleared and a fresh prompt drawn on a new line, or at the continuation prompt the read
/// ends, so the unfinished command is abandoned, as in every shell. Outside a read the previous
/// SIGINT disposition is in effect, so Ctrl-C during a long-running command behaves as the
/// rest of the program decides.
final class ReadlineLineEditor: LineEditor {
  /// Returns the full replacement words for the word occupying the UTF-8 byte range
  /// `wordStart..<wordEnd` of `line` (the whole line being edited).
  typealias Completer = (_ line: String, _ wordStart: Int, _ wordEnd: Int) -> [String]

  /// The completer of the editor whose `read(prompt:continuing:)` is running.
  ///
  /// Readline's callbacks are plain C function pointers that cannot capture context, so
  /// the completion callback finds the completer here. `nonisolated(unsafe)` is safe
  /// because readline runs on the single thread that shows the prompt: the variable is
  /// written at the start of `read(prompt:continuing:)` and read only from the completion
  /// callback, which readline invokes synchronously inside that same call.
  nonisolated(unsafe) private static var activeCompleter: Completer?

  /// Whether Ctrl-C ends the read (at the continuation prompt) rather than clearing the line;
  /// set at the start of each read, read by `readKey` on the prompt's thread.
  nonisolated(unsafe) private static var interruptEndsLine = false

  /// Set by `readKey` when Ctrl-C ended the read.
  nonisolated(unsafe) private static var lineInterrupted = false

  /// Set by the SIGINT handler, consumed by `readKey`.
  ///
  /// An atomic is the only thing the signal handler touches; it is initialised before the
  /// handler is installed, so the handler never runs lazy initialisation code.
  private static let interruptRequested = Atomic<Bool>(false)

  /// The characters that separate words for completion, in a C string that readline may
  /// keep a pointer to. Allocated once, never freed; never mutated after initialisation.
  nonisolated(unsafe) private static let wordBreakCharacters = UnsafePointer(strdup(" \t=;"))

  /// The application name readline reports to `~/.inputrc` (`$if burst`). Allocated once.
  nonisolated(unsafe) private static let applicationName = UnsafePointer(strdup("burst"))

  /// The resolved history file, or `nil` when history is kept in memory only.
  let historyPath: String?

  /// The maximum number of entries kept in memory and in the history file.
  let historyLimit: Int

  private let completer: Completer

  /// Creates the editor and loads the history file.
  ///
  /// - Parameters:
  ///   - historyPath: The history file; a leading `~/` is expanded with `$HOME`. `nil`
  ///     keeps history in memory only. A missing or unreadable file is ignored, and an
  ///     unwritable one only means history is not persisted.
  ///   - historyLimit: The maximum number of history entries, in memory and on disk.
  ///   - completer: Produces completion candidates; see `Completer`.
  init(
    historyPath: String?,
    historyLimit: Int = 1000,
    completer: @escaping (_ line: String, _ wordStart: Int, _ wordEnd: Int) -> [String]
  ) {
    self.historyPath = historyPath.map(Self.expandingTilde)
    self.historyLimit = max(historyLimit, 0)
    self.completer = completer
    using_history()
    stifle_history(Int32(clamping: self.historyLimit))
    if let path = self.historyPath {
      _ = read_history(path)  // A missing or unreadable file just means no history yet.
    }
  }

  /// Reads one line with readline. Invisible escape sequences in `prompt` (colours) must be
  /// wrapped in `\u{1}`...`\u{2}` so that readline measures the prompt width correctly.
  /// Ctrl-C
  /// clears the line and asks again, or, when `continuing`, ends the read with `.interrupt`.
  func read(prompt: String, continuing: Bool) -> LineInput {
    Self.activeCompleter = completer
    Self.interruptEndsLine = continuing
    Self.lineInterrupted = false
    Self.configureReadline()
    let previousAction = Self.installInterruptHandler()
    defer { Self.restoreInterruptHandler(previousAction) }

    guard let cLine = readline(prompt) else {
      // End of input (readline has moved to a fresh line).
      return .end(final: !Terminal.isTerminal(STDIN_FILENO))
    }
    defer { free(cLine) }
    if Self.lineInterrupted { return .interrupt }
    return .line(String(cString: cLine))
  }

  /// Adds `line` to the history and appends it to the history file.
  ///
  /// Blank lines and a repeat of the most recent entry are skipped. The file is then
  /// truncated to `historyLimit` lines. Failures to write the file are ignored.
  func addHistory(_ line: String) {
    if line.allSatisfy(\.isWhitespace) || line == Self.mostRecentHistoryLine() {
      return
    }
    add_history(line)
    guard let path = historyPath else {
      return
    }
    // `append_history` does not create the file, so the first entry writes a new one.
    let result = access(path, F_OK) == 0 ? append_history(1, path) : write_history(path)
    if result == 0 {
      _ = history_truncate_file(path, Int32(clamping: historyLimit))
    }
  }

  /// Rewrites the history file with the in-memory history, truncated to `historyLimit`.
  ///
  /// `addHistory(_:)` already appends each line as it is added, so this is only needed to
  /// force a full rewrite. Failures are ignored.
  func saveHistory() {
    guard let path = historyPath else {
      return
    }
    if write_history(path) == 0 {
      _ = history_truncate_file(path, Int32(clamping: historyLimit))
    }
  }

  // MARK: - Readline configuration

  /// (Re)installs the completion and signal hooks; cheap, so it runs before every prompt
  /// in case other code changed readline's globals in between.
  private static func configureReadline() {
    rl_readline_name = applicationName
    // Readline's own SIGINT handling is off: this editor's handler stays installed while a line
    // is read, and `readKey` reads the keys, so Ctrl-C is seen where readline can still act.
    rl_catch_signals = 0
    rl_getc_function = { stream in ReadlineLineEditor.readKey(stream) }
    rl_basic_word_break_characters = wordBreakCharacters
    rl_completer_word_break_characters = wordBreakCharacters
    rl_attempted_completion_function = { text, start, end in
      ReadlineLineEditor.completionMatches(text: text, start: Int(start), end: Int(end))
    }
  }

  /// Builds readline's match array for the word `text` at bytes `start..<end`.
  ///
  /// The array is `malloc`ed, `nil`-terminated, and readline frees it and its strings.
  /// Element 0 is the text that replaces the word; the candidates follow when there are
  /// several of them.
  private static func completionMatches(
    text: UnsafePointer<CChar>?, start: Int, end: Int
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    // Never fall back to readline's file-name completion, even with no candidates.
    rl_attempted_completion_over = 1
    guard let completer = activeCompleter else {
      return nil
    }
    var seen = Set<String>()
    let candidates = completer(currentLine(), start, end).filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
    guard let first = candidates.first else {
      return nil
    }
    // A key-path prefix (`.`), a directory (`/`), a `KEY=` or a function's `(` waits for
    // more, so no space.
    let continues = candidates.allSatisfy {
      $0.hasSuffix(".") || $0.hasSuffix("/") || $0.hasSuffix("=") || $0.hasSuffix("(")
    }
    rl_completion_append_character = continues ? 0 : Int32(UInt8(ascii: " "))
    if candidates.count == 1 {
      return makeMatchArray([first])
    }
    let word = text.map { String(cString: $0) } ?? ""
    var replacement = commonPrefix(of: candidates)
    if replacement.utf8.count < word.utf8.count {
      replacement = word  // Never delete what the user typed.
    }
    return makeMatchArray([replacement] + candidates)
  }

  /// The line being edited, up to `rl_end`.
  private static func currentLine() -> String {
    guard let buffer = rl_line_buffer, rl_end > 0 else {
      return ""
    }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(rl_end))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The longest common prefix of `strings`, compared by `Character`.
  private static func commonPrefix(of strings: [String]) -> String {
    guard var prefix = strings.first else {
      return ""
    }
    for string in strings.dropFirst() {
      prefix = String(zip(prefix, string).prefix { $0 == $1 }.map(\.0))
    }
    return prefix
  }

  /// Copies `strings` into a `malloc`ed, `nil`-terminated array of `strdup`ed C strings.
  private static func makeMatchArray(
    _ strings: [String]
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let count = strings.count + 1
    let size = count * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
    guard let raw = malloc(size) else {
      return nil
    }
    let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: count)
    array.initialize(repeating: nil, count: count)
    for (index, string) in strings.enumerated() {
      guard let copy = strdup(string) else {
        for filled in 0..<index {
          free(array[filled])
        }
        free(raw)
        return nil
      }
      array[index] = copy
    }
    return array
  }

  // MARK: - Ctrl-C

  /// Installs the SIGINT handler used while readline runs and returns the previous one.
  private static func installInterruptHandler() -> sigaction {
    // Touching the flag here also guarantees it is initialised before the handler can run.
    interruptRequested.store(false, ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      ReadlineLineEditor.interruptRequested.store(true, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // No SA_RESTART: the blocked read must fail with EINTR.
    var previous = sigaction()
    sigaction(SIGINT, &action, &previous)
    return previous
  }

  private static func restoreInterruptHandler(_ previous: sigaction) {
    var previous = previous
    sigaction(SIGINT, &previous, nil)
    interruptRequested.store(false, ordering: .relaxed)
  }

  /// Reads one key for readline (its `rl_getc_function`), outside signal context. A read that
  /// Ctrl-C interrupts echoes `^C`; then, at the continuation prompt, the read ends (the line
  /// is emptied and accepted, and `read` reports `.interrupt`); otherwise the line is
  /// discarded, history browsing is left (so the next Up-arrow recalls the newest entry again)
  /// and the prompt is drawn afresh on a new line.
  private static func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    let fd = stream.map { fileno($0) } ?? STDIN_FILENO
    while true {
      var byte: UInt8 = 0
      let n = Glibc.read(fd, &byte, 1)
      if n == 1 { return Int32(byte) }
      if n == 0 { return EOF }
      guard errno == EINTR else { return EOF }
      guard interruptRequested.exchange(false, ordering: .relaxed) else { continue }
      rl_echo_signal_char(SIGINT)
      rl_free_line_state()
      if where_history() < history_length {
        // Browsing history: drop the line readline saved when browsing started.
        _ = rl_maybe_unsave_line()
      }
      using_history()
      rl_replace_line("", 1)
      if interruptEndsLine {
        lineInterrupted = true
        return Int32(UInt8(ascii: "\n"))
      }
      rl_crlf()
      rl_on_new_line()
      rl_redisplay()
    }
  }

  // MARK: - History helpers

  /// The newest history entry, if any.
  private static func mostRecentHistoryLine() -> String? {
    guard history_length > 0,
      let entry = history_get(history_base + history_length - 1),
      let text = entry.pointee.line
    else {
      return nil
    }
    return String(cString: text)
  }

  /// Replaces a leading `~/` (or a lone `~`) with `$HOME`.
  private static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else {
      return path
    }
    return String(cString: home) + path.dropFirst()
  }
}
