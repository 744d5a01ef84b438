/// What a line editor read.
enum LineInput: Equatable, Sendable {
  /// A line, without its trailing newline.
  case line(String)
  /// Ctrl-C at a continuation prompt: the unfinished command is abandoned.
  case interrupt
  /// The end of input. `final` is false for Ctrl-D at a terminal, after which more may be
  /// typed; true at the end of a pipe or file.
  case end(final: Bool)
}

/// A source of interactive input lines with a history.
///
/// The prompt loop (`Burst.promptLoop`) reads commands through this protocol so that the
/// interactive readline-backed editor (`ReadlineLineEditor`), piped standard input after
/// `-i` (`StandardInputLineEditor`) and the scripted editor used by tests
/// (`ScriptedLineEditor`) are interchangeable.
protocol LineEditor: AnyObject {
  /// Shows `prompt` and reads one line of input. `continuing` says that the line continues an
  /// unfinished command (the `...>` prompt), where Ctrl-C abandons that command.
  func read(prompt: String, continuing: Bool) -> LineInput

  /// Records `line` in the editor's history so that it can be recalled later.
  func addHistory(_ line: String)
}

/// A `LineEditor` that replays a fixed list of inputs, for tests.
///
/// Every prompt passed to `read(prompt:continuing:)` and every line passed to `addHistory(_:)`
/// is recorded verbatim (no filtering), so tests can assert on what the shell showed and
/// remembered.
final class ScriptedLineEditor: LineEditor {
  /// The inputs that have not been returned yet.
  private(set) var remaining: [LineInput]

  /// The prompts shown so far, in order, including the one that hit end of input.
  private(set) var prompts: [String] = []

  /// The lines passed to `addHistory(_:)` so far, in order.
  private(set) var history: [String] = []

  /// Creates an editor that returns `lines` one by one and then reports the end of input.
  convenience init(_ lines: [String]) {
    self.init(inputs: lines.map(LineInput.line))
  }

  /// Creates an editor that returns `inputs` (lines, Ctrl-C, Ctrl-D) one by one and then
  /// reports the final end of input.
  init(inputs: [LineInput]) {
    remaining = inputs
  }

  func read(prompt: String, continuing: Bool) -> LineInput {
    prompts.append(prompt)
    if remaining.isEmpty {
      return .end(final: true)
    }
    return remaining.removeFirst()
  }

  func addHistory(_ line: String) {
    history.append(line)
  }
}

/// A `LineEditor` over standard input that is not a terminal (`burst -i FILE < commands`):
/// lines are read as if typed, with no prompt shown and no history kept.
final class StandardInputLineEditor: LineEditor {
  func read(prompt: String, continuing: Bool) -> LineInput {
    Swift.readLine(strippingNewline: true).map(LineInput.line) ?? .end(final: true)
  }

  func addHistory(_ line: String) {}
}
