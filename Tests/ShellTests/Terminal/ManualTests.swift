import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("--help, the man page and the completions come from the option declarations")
struct ManualTests {
  static let allFlags = ProgramOption.all.flatMap(\.flags)

  // MARK: --help

  @Test("--help prints every option, the exit statuses and the first steps, in 28 lines or fewer")
  func helpListsEverything() throws {
    let r = try runBurst(["--help"])
    #expect(r.status == 0)
    #expect(r.stdout == ProgramHelp.text)
    for flag in Self.allFlags { #expect(r.stdout.contains(flag), "\(flag)") }
    for o in ProgramOption.all { #expect(r.stdout.contains(o.help), "\(o.flag)") }
    for status in ExitStatus.all { #expect(r.stdout.contains("\(status.code) \(status.brief)")) }
    #expect(r.stdout.contains("First steps"))
    #expect(r.stdout.contains("burst \(FirstSteps.example)"))
    for step in FirstSteps.atPrompt { #expect(r.stdout.contains("  \(step.command)  ")) }
    #expect(r.stdout.contains("man burst"))
    #expect(r.stdout.contains("scripts/install.sh"))
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    // 25 lines until --example and --watch (issue 24) added a row each and a usage line.
    #expect(lines <= 28, "--help is \(lines) lines")
    #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  @Test("a usage error prints the usage lines, with every option that runs scripts")
  func usageErrorPrintsUsage() throws {
    let r = try runBurst(["--bogus"])
    #expect(r.status == 64)
    #expect(r.stderr == "burst: unknown option '--bogus'\n" + ProgramHelp.usageLines)
    for o in ProgramOption.all { #expect(r.stderr.contains(o.flag), "\(o.flag)") }
  }

  @Test("the first steps run: the example, then each command at the prompt")
  func firstStepsRun() throws {
    let example = try #require(Examples.named(FirstSteps.exampleName))
    let out = CapturedOutput()
    let session = Session(sink: out)
    #expect(session.run(source: example.text, file: example.name) == nil)
    for step in FirstSteps.atPrompt {
      let error = session.run(source: step.command + "\n", file: "<prompt>")
      #expect(error == nil, "\(step.command): \(out.stderr)")
    }
  }

  struct OptionCase: CustomTestStringConvertible, Sendable {
    let args: [String]
    var testDescription: String { args.joined(separator: " ") }
  }

  /// Each declared option with an argument it takes (and its `=` form where it has one).
  static let optionCases: [OptionCase] = ProgramOption.all.flatMap { o -> [OptionCase] in
    o.flags.flatMap { flag -> [OptionCase] in
      switch o.argument {
      case .none: return [OptionCase(args: [flag])]
      case .text: return [OptionCase(args: [flag, "echo ok"])]
      case .script: return [OptionCase(args: [flag, "/dev/null"])]
      case .choice(_, let words):
        return words.map { OptionCase(args: [flag, $0]) }
          + (o.joined ? words.map { OptionCase(args: ["\(flag)=\($0)"]) } : [])
      }
    }
  }

  @Test("the program accepts every declared option and each of its values", arguments: optionCases)
  func programAcceptsOption(c: OptionCase) throws {
    let r = try runBurst(c.args)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.isEmpty)
  }

  @Test("an option given no value or a value it does not take is a usage error")
  func optionValueMisuse() throws {
    for o in ProgramOption.all where o.argument != .none {
      // --example alone lists the examples instead.
      if o.flag != "--example" { #expect(try runBurst([o.flag]).status == 64, "\(o.flag)") }
      if !o.argument.choices.isEmpty {
        #expect(try runBurst([o.flag, "sometimes"]).status == 64, "\(o.flag) sometimes")
      }
    }
  }

  @Test("the exit statuses the program is tested for are the documented ones")
  func exitStatusesAreDocumented() {
    let documented = Set(ExitStatus.all.map(\.code))
    for c in ProgramTests.exitCases { #expect(documented.contains(c.status), "\(c.status)") }
    #expect(documented.contains(Diagnostic.interrupt().exitCode))
  }

  // MARK: The man page

  static let page = ManPage.text(version: Burst.version)

  @Test("--man prints the man page")
  func manOption() throws {
    let r = try runBurst(["--man"])
    #expect(r.status == 0)
    #expect(r.stdout == Self.page)
  }

  @Test("the man page has every section, option, command, clause and exit status")
  func manPageHasEverything() {
    let page = Self.page
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FIRST STEPS", "COMMANDS", "EXIT STATUS",
      "ENVIRONMENT", "FILES", "EXAMPLES",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "\(section)")
    }
    for flag in Self.allFlags { #expect(page.contains(ManPage.escape(flag)), "\(flag)") }
    for o in ProgramOption.all {
      #expect(page.contains(ManPage.escape(o.detail ?? ManPage.sentence(o.help))), "\(o.flag)")
    }
    for (title, commands) in CommandTable.groups {
      #expect(page.contains("\n.SS \(ManPage.escape(title))\n"), "\(title)")
      for c in commands {
        #expect(page.contains("\n.TP\n\\fB\(ManPage.escape(c.name))\\fR"), "\(c.name)")
        for e in c.examples { #expect(page.contains("\n\(ManPage.escape(e))\n"), "\(e)") }
        for clause in c.clauses {
          #expect(
            page.contains("\\fB\(ManPage.escape(clause.name))\\fR"), "\(c.name) \(clause.name)")
          #expect(page.contains(ManPage.escape(clause.helpLine.text)), "\(c.name) \(clause.name)")
        }
        for alias in c.aliases { #expect(page.contains(ManPage.escape(alias)), "\(alias)") }
      }
    }
    for status in ExitStatus.all { #expect(page.contains("\n.TP\n\\fB\(status.code)\\fR\n")) }
    for name in ["NO_COLOR", "TERM", "COLUMNS", "LINES", "HOME"] {
      #expect(page.contains("\\fB\(name)\\fR"))
    }
    #expect(page.contains(PromptHistory.fileName))
  }

  @Test("every line of the man page that starts with . or ' is a macro the page means")
  func manPageRequestsAreMacros() {
    for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
      #expect(line.hasPrefix("."), "\(line)")
      let name = line.dropFirst().prefix { $0 != " " }
      #expect(ManPage.macros.contains(String(name)), "\(line)")
    }
  }

  @Test("the man page's text has no bare hyphen and only the escapes it means")
  func manPageEscapes() throws {
    let escapes = try Regex(#"\\(-|f[BIR]|\(rs|\[u[0-9A-F]{4,6}\]|&)"#)
    for line in Self.page.split(separator: "\n") where !line.hasPrefix(".\\\"") {
      let rest = String(line).replacing(escapes, with: "")
      #expect(!rest.contains("\\"), "unknown escape in: \(line)")
      if !line.hasPrefix(".") { #expect(!rest.contains("-"), "bare hyphen in: \(line)") }
      #expect(rest.unicodeScalars.allSatisfy { $0.isASCII }, "not ASCII: \(line)")
    }
  }

  @Test("escaping guards request characters and escapes backslashes, hyphens and non-ASCII")
  func roffEscaping() {
    #expect(ManPage.escape(".x") == "\\&.x")
    #expect(ManPage.escape("'x") == "\\&'x")
    #expect(ManPage.escape("a.b 'c'") == "a.b 'c'")
    #expect(ManPage.escape("a\n.b") == "a\n\\&.b")
    #expect(ManPage.escape("a\\b") == "a\\(rsb")
    #expect(ManPage.escape("--color") == "\\-\\-color")
    #expect(ManPage.escape("320×240 — é") == "320\\[u00D7]240 \\[u2014] \\[u00E9]")
    #expect(ManPage.escape("🎉") == "\\[u1F389]")
  }

  @Test("the man page's example command line draws a scene")
  func manPageExampleRuns() throws {
    let r = try runBurst(ManPage.drawExample)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains { !$0.isWhitespace })
    #expect(Self.page.contains(ManPage.escape(ManPage.drawExample[3])))
  }

  @Test(
    "man renders the man page without warnings",
    .enabled(if: which("man") != nil, "man is not installed"))
  func manRendersPage() throws {
    let dir = try temporaryDirectory("man")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("burst.1")
    try Data(Self.page.utf8).write(to: file)
    var env = ProcessInfo.processInfo.environment
    env["MANWIDTH"] = "80"
    env["MANPAGER"] = "cat"
    env["PAGER"] = "cat"
    env["MANROFFOPT"] = "-ww"
    let r = try runProgram(try #require(which("man")), ["-l", file.path], environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.isEmpty, "\(r.stderr)")
    #expect(r.stdout.contains("BURST(1)"))
    #expect(r.stdout.contains("completion SHELL"))
    #expect(r.stdout.contains("EXIT STATUS"))
    for c in CommandTable.standard.commands { #expect(r.stdout.contains(c.name)) }
  }

  // MARK: Completions

  @Test("the completion scripts offer every option and every value of a closed option")
  func completionsOfferEverything() throws {
    for shell in CompletionShell.allCases {
      let r = try runBurst(["--completion", shell.rawValue])
      #expect(r.status == 0)
      #expect(r.stdout == CompletionScript.text(for: shell))
      for o in ProgramOption.all {
        for flag in o.flags { #expect(r.stdout.contains(flag), "\(shell) \(flag)") }
        for word in o.argument.choices { #expect(r.stdout.contains(word), "\(shell) \(word)") }
      }
      for ext in CompletionScript.extensions {
        #expect(r.stdout.contains(ext), "\(shell) .\(ext)")
      }
    }
  }

  @Test(
    "bash completes scripts, Swift and Objective-C files for the file argument, nothing else",
    .enabled(if: which("bash") != nil))
  func bashCompletesRunnableFiles() throws {
    let dir = try temporaryDirectory("completion-files")
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a.burst", "b.swift", "c.m", "d.txt"] {
      try Data().write(to: dir.appendingPathComponent(name))
    }
    let script = dir.appendingPathComponent("burst.bash")
    try Data(CompletionScript.text(for: .bash).utf8).write(to: script)
    let r = try runProgram(
      try #require(which("bash")),
      [
        "-c",
        "cd '\(dir.path)' && source '\(script.path)' && COMP_WORDS=(burst '') && COMP_CWORD=1"
          + " && _burst && printf '%s\\n' \"${COMPREPLY[@]}\"",
      ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.split(separator: "\n").sorted() == ["a.burst", "b.swift", "c.m"])
  }

  /// Checks a script's syntax with `shell -n`.
  func syntaxCheck(_ shell: CompletionShell) throws {
    let dir = try temporaryDirectory("completion")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("burst.\(shell.rawValue)")
    try Data(CompletionScript.text(for: shell).utf8).write(to: file)
    let r = try runProgram(try #require(which(shell.rawValue)), ["-n", file.path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.isEmpty, "\(r.stderr)")
  }

  @Test("bash -n accepts the bash completion script", .enabled(if: which("bash") != nil))
  func bashSyntax() throws { try syntaxCheck(.bash) }

  @Test(
    "zsh -n accepts the zsh completion script",
    .enabled(if: which("zsh") != nil, "zsh is not installed"))
  func zshSyntax() throws { try syntaxCheck(.zsh) }

  /// What the bash completion offers for a command line whose last word is being completed,
  /// run in `directory`.
  func bashCompletions(_ words: [String], in directory: URL) throws -> [String] {
    let script = directory.appendingPathComponent("completion.bash")
    try Data(CompletionScript.bash.utf8).write(to: script)
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let program = """
      source "$1"
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _burst
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let r = try runProgram(
      try #require(which("bash")), ["-c", program, "bash", script.path], in: directory)
    #expect(r.status == 0, "\(r.stderr)")
    return r.stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test(
    "the bash completion completes options, option values and .burst scripts",
    .enabled(if: which("bash") != nil))
  func bashCompletes() throws {
    let dir = try temporaryDirectory("bash-completion")
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["like.burst", "notes.txt"] {
      try Data().write(to: dir.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("examples"), withIntermediateDirectories: true)

    #expect(try bashCompletions(["burst", "--co"], in: dir) == ["--color", "--completion"])
    #expect(try bashCompletions(["burst", "-"], in: dir) == Self.allFlags.sorted())
    #expect(try bashCompletions(["burst", "--color", ""], in: dir) == ColorChoice.words.sorted())
    #expect(try bashCompletions(["burst", "--color", "=", "n"], in: dir) == ["never"])
    #expect(try bashCompletions(["burst", "--color=a"], in: dir) == ["always", "auto"])
    #expect(try bashCompletions(["burst", "--completion", "z"], in: dir) == ["zsh"])
    #expect(try bashCompletions(["burst", "-i", ""], in: dir) == ["examples", "like.burst"])
    #expect(try bashCompletions(["burst", ""], in: dir) == ["examples", "like.burst"])
    #expect(try bashCompletions(["burst", "-e", ""], in: dir) == [])
  }
}

@Suite("Examples built into burst: --example NAME")
struct ExampleOptionTests {
  @Test("every example file is embedded, each embedded copy equals its file, and none is extra")
  func embeddedCopiesEqualFiles() throws {
    let folder = repositoryRoot.appendingPathComponent(Examples.folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".burst") }.sorted()
    #expect(Examples.files.map(\.name) == names)
    let regenerate =
      "python3 scripts/embed-files.py \(Examples.folder) burst"
      + " Sources/Shell/Embedded/EmbeddedExamples.swift EmbeddedExamples"
    for file in Examples.files {
      let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
      #expect(file.text == text, "\(file.name) differs from its embedded copy: run \(regenerate)")
    }
  }

  @Test("--example alone lists every example with a line about it, and exits 0")
  func listsExamples() throws {
    let r = try runBurst(["--example"])
    #expect(r.status == 0)
    #expect(r.stdout == Examples.listing)
    for name in Examples.names { #expect(r.stdout.contains("  \(name)  "), "\(name)") }
    #expect(!r.stdout.contains(".burst —"), "the file name is not repeated")
    #expect(try runBurst(["--example", "--color=never"]).stdout == Examples.listing)
  }

  @Test("--example NAME runs the embedded script, from any folder, as the file would run")
  func runsExample() throws {
    let r = try runBurst(["--example", "like-explosion", "-e", "count"])
    let file = repositoryRoot.appendingPathComponent("examples/like-explosion.burst").path
    let direct = try runBurst([file, "-e", "count"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == direct.stdout)
    #expect(!r.stdout.isEmpty)
  }

  @Test("an unknown example is a usage error that suggests the nearest name and lists them")
  func unknownExample() throws {
    let r = try runBurst(["--example", "like-buton"])
    #expect(r.status == 64)
    #expect(
      r.stderr.hasPrefix(
        "burst: --example: no NAME is called 'like-buton' (did you mean 'like-button'?);"))
    for name in Examples.names { #expect(r.stderr.contains(name)) }
  }

  @Test("the completion scripts offer the example names after --example")
  func completionOffersNames() {
    for shell in CompletionShell.allCases {
      let script = CompletionScript.text(for: shell)
      #expect(script.contains("--example"), "\(shell)")
      for name in Examples.names { #expect(script.contains(name), "\(shell): \(name)") }
    }
  }
}
