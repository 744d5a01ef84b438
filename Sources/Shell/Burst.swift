import Core
import Foundation

/// Writes to the process's standard output and error.
final class StandardOutput: OutputSink {
  func out(_ text: String) { writeAll(1, text) }
  func err(_ text: String) { writeAll(2, text) }
  func out(utf8 bytes: [UInt8]) { writeAll(1, bytes: bytes) }
}

/// Writes all of `text` to a file descriptor, unbuffered (so stdout and stderr interleave in
/// the order written). A closed pipe is not an error worth dying for.
func writeAll(_ fd: Int32, _ text: String) {
  writeAll(fd, bytes: Array(text.utf8))
}

/// Writes all of `bytes` to a file descriptor, as ``writeAll(_:_:)`` does.
func writeAll(_ fd: Int32, bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let n = bytes.withUnsafeBytes { b -> Int in
      guard let base = b.baseAddress else { return -1 }
      return write(fd, base + offset, b.count - offset)
    }
    if n < 0 && errno == EINTR { continue }
    guard n > 0 else { return }
    offset += n
  }
}

/// The `burst` program: arguments and exit codes only; everything else is the Session's.
/// The executable target `burst` is a one-line `@main` that calls `Burst.main()`.
public enum Burst {
  static let version = "0.1.0"

  /// The usage lines, printed with a usage error; `--help` prints `ProgramHelp.text`, and
  /// both come from the option declarations in ProgramOptions.swift.
  static var usage: String { ProgramHelp.usageLines }

  enum Source {
    case file(String)
    case commands(String)
    case example(EmbeddedFile)
  }

  /// `--example NAME`: the source it runs, or the usage error for an unknown name.
  static func example(_ name: String) -> Result<Source, UsageError> {
    if let file = Examples.named(name) { return .success(.example(file)) }
    let close = Suggestions.nearest(to: name, in: Examples.names).map { " (did you mean '\($0)'?)" }
    return .failure(
      UsageError(
        message: "no example is called '\(name)'\(close ?? "");"
          + " the examples: \(Suggestion.list(Examples.names))"))
  }

  struct UsageError: Error, Equatable { let message: String }

  public static func main() -> Never {
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  static func run(_ args: [String]) -> Int32 {
    var sources: [Source] = []
    var interactive = false
    var color = ColorChoice.standard
    var graphics = GraphicsChoice.standard
    var watch: Watch.Options? = nil
    func fail(_ message: String) -> Int32 {
      writeAll(2, "burst: \(message)\n\(usage)")
      return ExitStatus.usage.code
    }
    // The options are read by their declarations (ProgramOption.all); each is acted on here.
    let parsed: [ProgramArgument]
    switch ProgramArgument.parse(args) {
    case .success(let p): parsed = p
    case .failure(let error): return fail(error.message)
    }
    for item in parsed {
      switch item {
      case .operand(let path):
        sources.append(.file(path))
      case .watchModifier(let a):
        guard watch != nil else {
          return fail("\(a.split(separator: "=")[0]) goes after \(Watch.option) FILE.burst")
        }
        switch Watch.modifier(a)! {
        case .success(let apply): apply(&watch!)
        case .failure(let error): return fail(error.message)
        }
        guard watch!.at == nil || watch!.play == nil else {
          return fail("\(Watch.atFlag) and \(Watch.playFlag) do not go together")
        }
      case .option(ProgramFlag.help, _):
        writeAll(1, ProgramHelp.text)
        return ExitStatus.ok.code
      case .option(ProgramFlag.version, _):
        print("burst \(version)")
        return ExitStatus.ok.code
      case .option(ProgramFlag.manual, _):
        writeAll(1, ManPage.text(version: version))
        return ExitStatus.ok.code
      case .option(ProgramFlag.completion, let word?):
        guard let shell = CompletionShell(rawValue: word) else {
          return fail(ProgramFlag.completion)
        }
        writeAll(1, CompletionScript.text(for: shell))
        return ExitStatus.ok.code
      case .option(ProgramFlag.example, nil):
        // Alone, or followed by another option: the list.
        writeAll(1, Examples.listing)
        return ExitStatus.ok.code
      case .option(ProgramFlag.example, let name?):
        switch example(name) {
        case .success(let source): sources.append(source)
        case .failure(let error): return fail(error.message)
        }
      case .option(Watch.option, let path?):
        watch = Watch.Options(path: path)
      case .option(ProgramFlag.commands, let text?):
        sources.append(.commands(text))
      case .option(ProgramFlag.interactive, let path?):
        sources.append(.file(path))
        interactive = true
      case .option(ColorChoice.option, let word?):
        guard let choice = ColorChoice(rawValue: word) else { return fail(ColorChoice.misuse) }
        color = choice
      case .option(GraphicsChoice.option, let word?):
        guard let choice = GraphicsChoice(word) else { return fail(GraphicsChoice.misuse) }
        graphics = choice
      case .option(let flag, _):
        // Declared but not acted on: a programming error the options test catches.
        return fail("\(flag) is not handled")
      }
    }

    if let watch {
      guard sources.isEmpty else {
        return fail("\(Watch.option) runs its script alone, without other scripts or -e")
      }
      return runWatch(watch, color: color, graphics: graphics)
    }
    let session = Session(sink: StandardOutput())
    Interrupts.install()
    session.interruptRequested = { Interrupts.isRequested }
    session.acknowledgeInterrupt = { Interrupts.clear() }
    if Terminal.isTerminal(2) {
      session.progress = ProgressLine(
        write: { writeAll(2, $0) }, clock: { Playback.monotonicSeconds() })
    }
    let environment = ProcessInfo.processInfo.environment
    let size = terminalSize(environment)
    session.defaultColumns = size.columns
    session.defaultRows = size.rows
    session.textColumns =
      terminalSize(environment, fallbackColumns: HelpText.columnsWithoutTerminal).columns
    session.colorByDefault = colorWanted(color)
    let cellSize = CellSizeSource()
    session.cellPixels = { cellSize.current() }
    session.graphics = graphicsFormat(
      graphics, color: session.colorByDefault,
      atPrompt: (sources.isEmpty || interactive) && Terminal.isTerminal(0), cellSize: cellSize)
    for source in sources {
      let failure: Diagnostic?
      switch source {
      case .commands(let text):
        failure = session.run(source: text, file: ProgramFlag.commands)
      case .example(let file):
        failure = session.run(source: file.text, file: file.name)
      case .file(let path) where ImportLanguage.of(path: path) != nil:
        // Swift or Objective-C source: imported, as `import FILE` would.
        failure = session.run(source: "import " + KeyPathSyntax.spelled(path), file: "<arguments>")
      case .file(let path):
        let isStdin = path == "-"
        let text: String
        if isStdin {
          guard let input = readStandardInput() else {
            writeAll(2, "burst: cannot read standard input\n")
            return ExitStatus.missingInput.code
          }
          text = input
        } else {
          do throws(InputError) {
            text = try InputFile.readText(path)
          } catch {
            writeAll(2, "burst: \(error.message)\n")
            return error.exitCode
          }
        }
        if !isStdin { session.lastScript = path }
        failure = session.run(source: text, file: isStdin ? "<stdin>" : path)
      }
      if let failure { return failure.exitCode }
      if session.quitRequested { return ExitStatus.ok.code }
    }
    if !sources.isEmpty && !interactive { return ExitStatus.ok.code }
    if Terminal.isTerminal(0) {
      prompt(session)
      return ExitStatus.ok.code
    }
    if interactive {
      // Not a terminal: read lines as if typed (no prompt, no history); errors do not stop.
      promptLoop(session, editor: StandardInputLineEditor())
      return ExitStatus.ok.code
    }
    guard let text = readStandardInput() else { return ExitStatus.missingInput.code }
    return session.run(source: text, file: "<stdin>")?.exitCode ?? 0
  }

  /// `--watch`: the loop, on the terminal's graphics, with standard input read for `q` (a
  /// terminal's, one key at a time, not echoed).
  static func runWatch(_ options: Watch.Options, color: ColorChoice, graphics: GraphicsChoice)
    -> Int32
  {
    Interrupts.install()
    let environment = ProcessInfo.processInfo.environment
    let size = terminalSize(environment)
    let colorOn = colorWanted(color)
    let cellSize = CellSizeSource()
    let format = graphicsFormat(
      graphics, color: colorOn, atPrompt: Terminal.isTerminal(0), cellSize: cellSize)
    let display = Watch.Display(
      graphics: format, color: colorOn, cellPixels: { cellSize.current() },
      columns: size.columns, rows: size.rows)
    let terminal = Terminal.isTerminal(1)
    var saved = termios()
    let keys = Terminal.isTerminal(0) && tcgetattr(0, &saved) == 0
    if keys {
      var raw = saved
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
      _ = tcsetattr(0, TCSANOW, &raw)
    }
    if terminal { writeAll(1, Playback.enterAlternateScreen + Playback.hideCursor) }
    defer {
      if terminal { writeAll(1, Playback.showCursor + Playback.leaveAlternateScreen) }
      if keys { _ = tcsetattr(0, TCSANOW, &saved) }
    }
    return Watch.loop(
      options, display: display, terminal: terminal, input: 0, write: { writeAll(1, $0) },
      interrupted: { Interrupts.isRequested })
  }

  /// Whether colour is on: `always`, or `auto` on a terminal whose TERM is not dumb, unless
  /// NO_COLOR is set (to anything non-empty).
  static func colorWanted(_ setting: ColorChoice) -> Bool {
    switch setting {
    case .always: return true
    case .never: return false
    case .auto:
      let env = ProcessInfo.processInfo.environment
      if let no = env["NO_COLOR"], !no.isEmpty { return false }
      guard Terminal.isTerminal(1), let term = env["TERM"], term != "dumb" else { return false }
      return true
    }
  }

  /// The format `--graphics` asks for; for `auto`, a pixel format the environment or (at the
  /// prompt, when the environment says nothing) the terminal's replies show, else nil. A query's
  /// cell size is kept in `cellSize`.
  static func graphicsFormat(
    _ choice: GraphicsChoice, color: Bool, atPrompt: Bool, cellSize: CellSizeSource
  ) -> TerminalFormat? {
    guard case .auto = choice else {
      if case .format(let f) = choice { return f }
      return nil
    }
    let env = ProcessInfo.processInfo.environment
    let isTerminal = Terminal.isTerminal(1)
    var replies: TerminalReplies? = nil
    if GraphicsDetection.shouldQuery(
      env, color: color, outputIsTerminal: isTerminal, atPrompt: atPrompt),
      let bytes = TerminalQuery.exchange(GraphicsDetection.query)
    {
      let r = TerminalReplies.parse(bytes)
      replies = r
      cellSize.asked = true
      cellSize.answered = r.cellSize
    }
    return GraphicsDetection.choose(
      env, color: color, outputIsTerminal: isTerminal, replies: replies)
  }

  /// Standard input as text (invalid UTF-8 replaced, so binary input gives errors, not traps).
  static func readStandardInput() -> String? {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
  }

  /// The size `show` and `keys` fit: COLUMNS and LINES when set (as shells export them, and
  /// so that piped output can be sized), else the terminal's when standard output is one, else
  /// 80 columns and no height limit.
  static func terminalSize(_ environment: [String: String], fallbackColumns: Int = 80) -> (
    columns: Int, rows: Int?
  ) {
    func number(_ name: String) -> Int? {
      environment[name].flatMap { Int($0) }.flatMap { (1...10_000).contains($0) ? $0 : nil }
    }
    let terminal = Terminal.isTerminal(1) ? Playback.terminalSize() : nil
    return (
      number("COLUMNS") ?? terminal?.columns ?? fallbackColumns,
      number("LINES") ?? terminal?.rows
    )
  }

  /// The line the interactive prompt starts with, wrapped at word boundaries to `width`.
  static func banner(width: Int) -> String {
    HelpText.wrapLines(
      "Burst \(version) — Core Animation particles in the terminal. Type help, or quit.\n",
      width: width)
  }

  /// The interactive prompt: readline editing, history in ~/.burst_history, Tab completion.
  static func prompt(_ session: Session) {
    let history = ProcessInfo.processInfo.environment["HOME"].map {
      $0 + "/" + PromptHistory.fileName
    }
    let editor = ReadlineLineEditor(historyPath: history, historyLimit: PromptHistory.limit) {
      line, start, end in
      Completion.candidates(line: line, wordStart: start, wordEnd: end, session: session)
    }
    writeAll(1, banner(width: session.textColumns))
    session.asksBeforeDiscarding = true
    if Terminal.isTerminal(1) {
      let pager = Pager.command(ProcessInfo.processInfo.environment)
      session.pager = { Pager.show($0, command: pager) }
    }
    promptLoop(session, editor: editor)
    editor.saveHistory()
  }

  /// Reads lines from `editor` and runs each until end of input or `quit`: `burst> ` asks for
  /// a command and `  ...> ` for the rest of one continued with a trailing `\` or an open `{`
  /// (joined by `LogicalLines`, as in scripts, and numbered by physical line). Each joined line
  /// goes to the history, then runs; an error is reported and the loop goes on. A Ctrl-C
  /// pressed between commands is forgotten before the next one runs. Ctrl-C or Ctrl-D at
  /// `...>` abandons the unfinished command; Ctrl-D at `burst> ` leaves, unless the scene has
  /// unsaved changes the session has not yet warned about (`Session.mayDiscard`).
  static func promptLoop(_ session: Session, editor: any LineEditor) {
    // The number of the next physical line; set when the input was abandoned or ended.
    var number = 1
    var abandoned = false
    var final = false
    func lines(from first: Int) -> LogicalLines {
      LogicalLines(firstLine: first) { continuing in
        switch editor.read(prompt: continuing ? "  ...> " : "burst> ", continuing: continuing) {
        case .line(let text):
          number += 1
          return text
        case .interrupt:
          number += 1
          abandoned = true
          return nil
        case .end(let isFinal):
          final = isFinal
          if continuing && !isFinal { abandoned = true }
          return nil
        }
      }
    }
    var source = lines(from: number)
    while !session.quitRequested {
      let next = source.next()
      if abandoned {
        abandoned = false
        session.sink.err("note: the unfinished command was abandoned\n")
        source = lines(from: number)
        continue
      }
      guard let line = next else {
        if !final && !session.mayDiscard() {
          session.sink.err(
            "note: \(Session.unsavedChanges): \(Session.discardHint("press Ctrl-D"))\n")
          source = lines(from: number)
          continue
        }
        break
      }
      editor.addHistory(line.text)
      session.acknowledgeInterrupt()
      session.runPromptLine(line.text, number: line.number, breaks: line.breaks)
    }
  }
}

/// The values of `--color`, declared once for parsing, messages and the usage text.
enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour on a terminal that shows it.
  case auto
  case always
  case never

  /// The choice without the option.
  static let standard = ColorChoice.auto

  /// The option that takes them.
  static let option = "--color"

  /// The words, in declaration order.
  static let words = allCases.map(\.rawValue)

  /// `auto (default), always or never`.
  static var helpList: String {
    Suggestion.list(allCases.map { $0 == standard ? "\($0.rawValue) (default)" : $0.rawValue })
  }

  /// The message for a missing or unknown value.
  static var misuse: String { "\(option) takes \(Suggestion.list(words))" }
}
