import Core

/// What an option's argument is, for the usage line and the shell completions.
enum OptionArgument: Sendable, Equatable {
  /// None: the option is a flag.
  case none
  /// Free text (`-e COMMANDS`): nothing to complete.
  case text(String)
  /// A `.burst` script (`-i FILE.burst`): completes scripts and directories.
  case script(String)
  /// One of a closed set of words (`--color WHEN`): completes the words.
  case choice(String, [String])

  /// The placeholder, as `--help` shows it (`COMMANDS`, `WHEN`), or nil for a flag.
  var placeholder: String? {
    switch self {
    case .none: return nil
    case .text(let p), .script(let p), .choice(let p, _): return p
    }
  }

  /// The words a `.choice` takes (empty otherwise).
  var choices: [String] {
    if case .choice(_, let words) = self { return words }
    return []
  }
}

/// The flags `Burst.run` acts on by name, each spelled once: the rows of `ProgramOption.all`
/// and the code that acts on them read these (`--color`, `--graphics` and `--watch` are
/// `ColorChoice.option`, `GraphicsChoice.option` and `Watch.option`).
enum ProgramFlag {
  static let commands = "-e"
  static let interactive = "-i"
  static let example = "--example"
  static let help = "--help"
  static let version = "--version"
  static let manual = "--man"
  static let completion = "--completion"
}

/// A command-line option of `burst`, declared once: the usage line, `--help`, the man page and
/// the bash and zsh completions are all generated from `ProgramOption.all`.
struct ProgramOption: Sendable {
  /// The flag, then any aliases (`--help`, `-h`).
  let flags: [String]
  var argument: OptionArgument = .none
  /// Whether it may be given more than once.
  var repeats = false
  /// Whether its argument may also be joined to it by `=` (`--color=never`).
  var joined = false
  /// Whether it prints something and exits instead of running scripts (`--help`).
  var exits = false
  /// Whether its argument may be left out (`--example` alone, or followed by another option).
  var optionalArgument = false
  /// One line, for `--help` and the completions.
  let help: String
  /// More, for the man page (optional).
  var detail: String? = nil

  var flag: String { flags[0] }

  /// The flag and its placeholder: `-e COMMANDS`.
  var form: String { [flag, argument.placeholder].compactMap { $0 }.joined(separator: " ") }

  /// Every option, in the order `--help` lists them.
  static let all: [ProgramOption] = [
    ProgramOption(
      flags: [ProgramFlag.commands], argument: .text("COMMANDS"), repeats: true,
      help: "run commands given here (may repeat, mixes with files)",
      detail:
        "Runs COMMANDS as if they were a script of one line (use ; to separate several), in"
        + " order with the other -e options and the files."),
    ProgramOption(
      flags: [ProgramFlag.interactive], argument: .script("FILE.burst"),
      help: "run the script (or import FILE.swift or FILE.m), then stay at the prompt",
      detail:
        "Runs FILE.burst (or imports FILE.swift or FILE.m, as import FILE does), then shows the"
        + " prompt with the scene it built. When standard input is"
        + " not a terminal, its lines are read as if typed and an error does not stop them."),
    ProgramOption(
      flags: [ColorChoice.option], argument: .choice("WHEN", ColorChoice.words), joined: true,
      help: "colour output: \(ColorChoice.helpList) (NO_COLOR is honoured)",
      detail:
        "With auto, show draws in colour when standard output is a terminal whose TERM is not"
        + " dumb and NO_COLOR is not set; --color=WHEN works too."),
    ProgramOption(
      flags: [GraphicsChoice.option], argument: .choice("FORMAT", GraphicsChoice.words),
      joined: true,
      help: "what show and play draw: \(GraphicsChoice.helpList)",
      detail:
        "Chooses the format plain show and play draw in. kitty, sixel and iterm draw real"
        + " pixels (the kitty graphics protocol, sixel graphics, iTerm2 inline images); ansi"
        + " draws colour half-blocks and ascii characters. With auto, a pixel format is used when"
        + " colour is on and the terminal is known to show it: from the environment"
        + " (KITTY_WINDOW_ID, TERM, TERM_PROGRAM, LC_TERMINAL), or, at the prompt only, from its"
        + " answer to a query that waits at most"
        + " \(Int(GraphicsDetection.timeout * 1000)) ms (keys typed meanwhile are dropped); inside"
        + " tmux, screen or the Linux console, and otherwise, ansi or ascii as --color decides."
        + " Nothing is asked when standard input or output is not a terminal. --graphics=FORMAT"
        + " works too."),
    ProgramOption(
      flags: [ProgramFlag.example], argument: .choice("NAME", Examples.names), joined: true,
      optionalArgument: true,
      help: "run an example built into burst (alone: list them)",
      detail:
        "Runs the example script NAME, one of \(Suggestion.list(Examples.names)), as if it were"
        + " a FILE.burst: they are built into burst, so they run from any folder. Given alone (or"
        + " followed by another option), --example lists them with a line about each, and"
        + " exits. --example=NAME works too."),
    ProgramOption(
      flags: [Watch.option], argument: .script("FILE.burst"),
      help: "show the script's scene, run again at each save (--at=T, --play[=S])",
      detail:
        "Runs FILE.burst in a fresh scene and shows where it ends (--at=T: the scene at time T;"
        + " --play or --play=S: S seconds from there, default"
        + " \(ValueFormatting.number(Watch.defaultPlaySeconds)), played in a loop), then runs it"
        + " again each time it, or a file it loads or imports, is saved (inotify; a save by"
        + " rename is caught). A run with an error keeps the last good picture and shows the"
        + " error, with file:line:column, under it. Commands that write files or take over the"
        + " terminal (\(Suggestion.list(Watch.skippedCommands)), export … to) are skipped, and"
        + " the status line says so. q, Ctrl-C or the end of standard input leaves."),
    ProgramOption(
      flags: [ProgramFlag.help, "-h"], exits: true, help: "this text",
      detail: "Prints the options and the first steps, and exits."),
    ProgramOption(
      flags: [ProgramFlag.version], exits: true, help: "the version",
      detail: "Prints the version, and exits."),
    ProgramOption(
      flags: [ProgramFlag.manual], exits: true,
      help: "this manual as a man page (burst --man | man -l -)",
      detail:
        "Prints this manual page, in roff, and exits: burst --man | man -l - reads it without"
        + " installing it."),
    ProgramOption(
      flags: [ProgramFlag.completion], argument: .choice("SHELL", CompletionShell.words),
      exits: true,
      help: "the completion script for \(Suggestion.list(CompletionShell.words))",
      detail:
        "Prints the completion script for SHELL, and exits: it completes the options, the"
        + " values of \(ColorChoice.option) and \(GraphicsChoice.option), and .burst scripts and directories for -i and the"
        + " file arguments."),
  ]

  /// The scripts named on the command line, listed with the options.
  static let operand = (
    name: "FILE.burst", help: "run the scripts in order, stopping at the first error",
    detail:
      "Runs each script in order, stopping at the first error; - is standard input. A FILE.swift"
      + " or FILE.m is imported, as import FILE does."
  )

  /// The option `flag` names (a flag or an alias), or nil.
  static func named(_ flag: String) -> ProgramOption? { all.first { $0.flags.contains(flag) } }

  /// The message for a missing or wrong argument: `--color takes auto, always or never`,
  /// `-e needs COMMANDS`.
  var misuse: String {
    let words = argument.choices
    if !words.isEmpty { return "\(flag) takes \(Suggestion.list(words))" }
    return "\(flag) needs \(argument.placeholder ?? "nothing")"
  }
}

/// One thing the command line says: an option with its argument, or an operand (a script).
enum ProgramArgument: Equatable, Sendable {
  /// An option (by its first flag) and its argument, if it takes one and was given one.
  case option(String, String?)
  /// `--at=T` or `--play[=S]`, which modify `--watch` (Watch.modifier reads them).
  case watchModifier(String)
  case operand(String)

  /// Reads `args` by `ProgramOption.all`: each flag or alias, its argument from the next word
  /// or (where the option says `joined`) after `=`, checked against its choices; an option
  /// that does not repeat given twice is refused, as is an unknown one. `-` alone is an
  /// operand (standard input).
  static func parse(_ args: [String]) -> Result<[ProgramArgument], Burst.UsageError> {
    var out: [ProgramArgument] = []
    var seen: Set<String> = []
    var i = 0
    func fail(_ message: String) -> Result<[ProgramArgument], Burst.UsageError> {
      .failure(Burst.UsageError(message: message))
    }
    while i < args.count {
      let a = args[i]
      i += 1
      guard a.hasPrefix("-"), a != "-" else {
        out.append(.operand(a))
        continue
      }
      if Watch.modifier(a) != nil {
        out.append(.watchModifier(a))
        continue
      }
      var option = ProgramOption.named(a)
      var value: String? = nil
      if option == nil, let eq = a.firstIndex(of: "="),
        let o = ProgramOption.named(String(a[..<eq])), o.joined
      {
        option = o
        value = String(a[a.index(after: eq)...])
      }
      guard let option else { return fail("unknown option '\(a)'") }
      if option.argument != .none, value == nil {
        let next = i < args.count ? args[i] : nil
        let looksLikeOption = next.map { $0.hasPrefix("-") && $0 != "-" } ?? true
        if option.optionalArgument && looksLikeOption {
          value = nil
        } else {
          guard let next else { return fail(option.misuse) }
          if case .script = option.argument, looksLikeOption { return fail(option.misuse) }
          value = next
          i += 1
        }
      }
      if let value, case .choice(let placeholder, let words) = option.argument,
        !words.contains(value)
      {
        let close = Suggestions.nearest(to: value, in: words).map { " (did you mean '\($0)'?)" }
        return fail(
          "\(option.flag): no \(placeholder) is called '\(value)'\(close ?? "");"
            + " it takes \(Suggestion.list(words))")
      }
      guard option.repeats || !seen.contains(option.flag) else {
        return fail("\(option.flag) is given twice")
      }
      seen.insert(option.flag)
      out.append(.option(option.flag, value))
    }
    return .success(out)
  }
}

/// The values of `--graphics`, declared once for parsing, messages and the usage text: auto,
/// then every format `show` draws.
enum GraphicsChoice: Equatable, Sendable {
  /// A pixel format the terminal is known to show, else ansi or ascii as `--color` decides.
  case auto
  case format(TerminalFormat)

  /// The choice without the option.
  static let standard = GraphicsChoice.auto

  /// The option that takes them.
  static let option = "--graphics"

  /// The words: auto, then the formats, pixel formats first.
  static let words =
    ["auto"] + TerminalFormat.allCases.filter(\.isPixels).map(\.rawValue)
    + TerminalFormat.allCases.filter { !$0.isPixels }.reversed().map(\.rawValue)

  init?(_ word: String) {
    if word == "auto" {
      self = .auto
    } else if let f = TerminalFormat(rawValue: word) {
      self = .format(f)
    } else {
      return nil
    }
  }

  /// `auto (default), kitty, sixel, iterm, ansi or ascii`.
  static var helpList: String {
    Suggestion.list(words.map { $0 == "auto" ? "auto (default)" : $0 })
  }

  /// The message for a missing or unknown value.
  static var misuse: String { "\(option) takes \(Suggestion.list(words))" }
}

/// The shells `--completion` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash
  case zsh

  static let words = allCases.map(\.rawValue)
}

/// An exit status of `burst`, declared once for `--help` and the man page.
struct ExitStatus: Sendable {
  let code: Int32
  /// Short, for `--help`.
  let brief: String
  /// For the man page.
  let meaning: String

  static let ok = ExitStatus(code: 0, brief: "ok", meaning: "Every script and command ran.")
  static let usage = ExitStatus(
    code: 64, brief: "bad usage", meaning: "The command line was wrong (an unknown option).")
  static let scriptError = ExitStatus(
    code: 65, brief: "error in a script",
    meaning: "A script had an error (or was not UTF-8 text, or was too large).")
  static let missingInput = ExitStatus(
    code: 66, brief: "missing input",
    meaning: "A script or input file could not be read (missing, a directory, unreadable).")
  static let cannotWrite = ExitStatus(
    code: 74, brief: "cannot write", meaning: "An output file could not be written.")
  static let interrupted = ExitStatus(
    code: 130, brief: "interrupted", meaning: "Ctrl-C stopped a script's command.")

  /// Every status, in the order `--help` and the man page list them.
  static let all: [ExitStatus] = [ok, usage, scriptError, missingInput, cannotWrite, interrupted]
}

/// Where the prompt keeps its history, declared once for the prompt and the man page.
enum PromptHistory {
  /// The file, in the home directory.
  static let fileName = ".burst_history"
  /// The most lines kept.
  static let limit = 1000
}

/// What a newcomer types first, shown by `--help` (and the man page) after the options.
enum FirstSteps {
  /// The example to run from the shell (built into burst, so it runs from any folder).
  static let exampleName = "like-button"
  static let example = "--example \(exampleName)"
  /// The same example's file in the repository, for `-i`.
  static let exampleFile = "\(Examples.folder)/\(exampleName).burst"

  /// Commands to try at the prompt, with what each shows.
  static let atPrompt: [(command: String, what: String)] = [
    ("help", "the commands, by group"),
    ("help animate", "one command: forms, clauses, examples"),
    ("keys cell", "every CAEmitterCell property"),
    ("explain birthRate", "what one property does"),
    ("show", "draw the scene"),
  ]
}

/// The `--help` text, generated from the declarations above.
enum ProgramHelp {
  /// `usage: burst …` and the second form, for the options that exit. The options' words
  /// are listed (`--color auto|always|never`) when the line fits in ``width`` columns, else
  /// their placeholders stand for them (`--color WHEN`).
  static var usageLines: String {
    /// The forms, wrapped at ``width`` under the first.
    func line(listing: Bool) -> String {
      var run = ["[\(ProgramOption.operand.name) ...]"]
      for o in ProgramOption.all where !o.exits {
        run.append("[\(synopsisForm(o, listing: listing))]" + (o.repeats ? "..." : ""))
      }
      var lines = ["usage: burst"]
      for form in run {
        if lines[lines.count - 1].count + 1 + form.count > width {
          lines.append(String(repeating: " ", count: "usage: burst".count))
        }
        lines[lines.count - 1] += " " + form
      }
      return lines.joined(separator: "\n")
    }
    let full = line(listing: true)
    let first = full.contains("\n") ? line(listing: false) : full
    let exiting = ProgramOption.all.filter(\.exits).map { synopsisForm($0) }
      .joined(separator: " | ")
    return "\(first)\n       burst \(exiting)\n"
  }

  /// The widest line of `--help`.
  static let width = 100

  /// `--color auto|always|never` (or `--color WHEN` without `listing`), `-e COMMANDS`.
  static func synopsisForm(_ o: ProgramOption, listing: Bool = true) -> String {
    let words = o.argument.choices
    return words.isEmpty || !listing ? o.form : "\(o.flag) \(words.joined(separator: "|"))"
  }

  static var text: String {
    let rows =
      [(ProgramOption.operand.name, ProgramOption.operand.help)]
      + ProgramOption.all.map {
        (([$0.form] + $0.flags.dropFirst()).joined(separator: ", "), $0.help)
      }
    let width = rows.map(\.0.count).max() ?? 0
    var out = usageLines + "\nSimulates Core Animation particle emitters in the terminal.\n"
    for (form, help) in rows { out += "  \(form.padded(to: width))  \(help)\n" }
    let codes = ExitStatus.all.map { "\($0.code) \($0.brief)" }.joined(separator: ", ")
    out += "\nWith no arguments: a prompt on a terminal, else standard input is read as a script.\n"
    out += HelpText.wrap("Exit status: \(codes).", width: 92).map { $0 + "\n" }.joined()
    out += "\nFirst steps: burst \(FirstSteps.example) runs an example; then run burst and type:\n"
    let stepWidth = FirstSteps.atPrompt.map(\.command.count).max() ?? 0
    for (command, what) in FirstSteps.atPrompt {
      out += "  \(command.padded(to: stepWidth))  \(what)\n"
    }
    out += "Tab completes at the prompt; after scripts/install.sh, man burst and bash/zsh"
    out += " completion work.\n"
    return out
  }
}
