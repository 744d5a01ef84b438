import Core

/// Files and the session: load, echo, quit.
enum FileCommands {
  static let all: [Command] = [load, save, echo, quit]

  static let save = Command(
    name: "save", usage: "save FILE",
    abstract: "write a script that rebuilds the current model (not particles or the clock)",
    examples: ["save like.burst"], hints: [.file], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let token = try inv.argument(1, "FILE")
    do throws(AtomicFile.WriteError) {
      try AtomicFile.write(Array(SceneSaver.script(s.scene).utf8), to: token.text)
    } catch {
      var d = inv.error(error.message, at: token)
      d.exitCode = 74
      throw d
    }
  }

  static let load = Command(
    name: "load", aliases: ["source"], usage: "load FILE",
    abstract: "run a script; its errors name that file's lines",
    examples: ["load examples/confetti.burst"], hints: [.file], effect: .script
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let token = try inv.argument(1, "FILE")
    guard s.loading.count < 16, !s.loading.contains(token.text) else {
      throw inv.error("'\(token.text)' is already being loaded", at: token)
    }
    guard let text = AtomicFile.readText(token.text) else {
      var d = inv.error("cannot read '\(token.text)'", hint: "check the path", at: token)
      d.exitCode = 66
      throw d
    }
    s.loading.append(token.text)
    defer { s.loading.removeLast() }
    if var failure = s.run(source: text, file: token.text) {
      if !failure.isInterrupt { failure.reported = true }
      throw failure
    }
  }

  static let echo = Command(
    name: "echo", usage: "echo TEXT", abstract: "print TEXT", examples: ["echo confetti!"],
    hints: [.none], effect: .display
  ) { s, inv throws(Diagnostic) in
    s.sink.out(inv.args.map(\.text).joined(separator: " ") + "\n")
  }

  static let quit = Command(
    name: "quit", aliases: ["exit"], usage: "quit", abstract: "leave", examples: ["quit"],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    s.quitRequested = true
  }
}
