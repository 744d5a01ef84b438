/// A source of interactive input lines with a history.
///
/// The prompt loop (`Burst.promptLoop`) reads commands through this protocol so that the
/// interactive readline-backed editor (`ReadlineLineEditor`), piped standard input after
/// `-i` (`StandardInputLineEditor`) and the scripted editor used by tests
/// (`ScriptedLineEditor`) are interchangeable.
protocol LineEditor: AnyObject {
  /// Shows `prompt` and reads one line of input, without its trailing newline.
  ///
  /// - Returns: The line, or `nil` at the end of input (Ctrl-D on an empty line).
  func readLine(prompt: String) -> String?

  /// Records `line` in the editor's history so that it can be recalled later.
  func addHistory(_ line: String)
}

/// A `LineEditor` that replays a fixed list of lines, for tests.
///
/// Every prompt passed to `readLine(prompt:)` and every line passed to `addHistory(_:)` is
/// recorded verbatim (no filtering), so tests can assert on what the shell showed and
/// remembered.
final class ScriptedLineEditor: LineEditor {
  /// The lines that have not been returned yet.
  private(set) var remainingLines: [String]

  /// The prompts shown so far, in order, including the one that hit end of input.
  private(set) var prompts: [String] = []

  /// The lines passed to `addHistory(_:)` so far, in order.
  private(set) var history: [String] = []

  /// Creates an editor that returns `lines` one by one and then reports end of input.
  init(_ lines: [String]) {
    remainingLines = lines
  }

  func readLine(prompt: String) -> String? {
    prompts.append(prompt)
    if remainingLines.isEmpty {
      return nil
    }
    return remainingLines.removeFirst()
  }

  func addHistory(_ line: String) {
    history.append(line)
  }
}

/// A `LineEditor` over standard input that is not a terminal (`burst -i FILE < commands`):
/// lines are read as if typed, with no prompt shown and no history kept.
final class StandardInputLineEditor: LineEditor {
  func readLine(prompt: String) -> String? {
    Swift.readLine(strippingNewline: true)
  }

  func addHistory(_ line: String) {}
}
