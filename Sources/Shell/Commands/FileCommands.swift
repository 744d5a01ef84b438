import Core
import Foundation

/// Files and the session: load, echo, quit.
enum FileCommands {
  static let all: [Command] = [load, reload, save, echo, quit]

  static let save = Command(
    name: "save", usage: "save FILE | save model FILE",
    abstract:
      "write the history that rebuilds the whole effect (model, particles, animations,"
      + " schedule and clock), or with model a readable script of the model alone",
    discussion:
      "save FILE writes the commands that changed the scene, in the order they ran: display"
      + " commands are left out, and so are commands undone by an error; load writes the"
      + " commands it ran; scheduled commands are re-scheduled by the after, at or fire that"
      + " scheduled them; reset starts afresh; the clock's moves between two commands become"
      + " one step to TIME, exact to the bit. Loading the file in a new session gives the same"
      + " scene, particles, animations and schedule at the same time, so what follows is the"
      + " same too. save model FILE writes scene, layer, emitter, cell and set commands for"
      + " every property that differs from a new scene's, the root layer's included; it has no"
      + " particles, animations, schedule or clock. Both write image file paths relative to the"
      + " saved file, and a relative image path in a script is read relative to the script.",
    examples: ["save like.burst", "save model like-model.burst"], hints: [.file, .file],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    var fileIndex = 1
    let modelOnly = inv.args.count == 2
    if modelOnly {
      let keyword = inv.text.tokens[1]
      guard keyword.text == "model", !keyword.quoted else {
        throw inv.error(
          "expected 'model' or a single FILE", hint: "usage: \(inv.command.usage)", at: keyword)
      }
      fileIndex = 2
    }
    let token = try inv.argument(fileIndex, "FILE")
    let directory = HistoryRecorder.directory(of: token.text)
    let text =
      modelOnly
      ? SceneSaver.script(s.scene) { s.savedImagePath($0, directory: directory) }
      : s.history.script(now: s.scene.now, directory: directory)
    try inv.writing(token) { () throws(OutputError) in
      try AtomicFile.write(Array(text.utf8), to: try AtomicFile.check(token.text))
    }
    if !modelOnly { s.savedMark = s.history.mark }
    s.wrote(Session.counted(Session.commandCount(in: text), "command"), to: token.text)
  }

  static let load = Command(
    name: "load", aliases: ["source"], usage: "load FILE",
    abstract: "run a script; its errors name that file's lines",
    discussion: "load NAME reads NAME.burst when no file is named NAME.",
    examples: ["load examples/confetti.burst"], hints: [.file], effect: .script
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let token = try inv.argument(1, "FILE")
    // `load like` reads like.burst when there is no file named like.
    var path = token.text
    let script = ".burst"
    if !path.hasSuffix(script), !FileManager.default.fileExists(atPath: path),
      FileManager.default.fileExists(atPath: path + script)
    {
      path += script
    }
    guard s.loading.count < 16, !s.loading.contains(path) else {
      throw inv.error("'\(path)' is already being loaded", at: token)
    }
    let text: String
    do throws(InputError) {
      text = try InputFile.readText(path)
    } catch {
      var d = inv.error(error.message, hint: error.hint, at: token)
      d.exitCode = error.exitCode
      throw d
    }
    s.loading.append(path)
    s.filesRead.append(path)
    if s.loading.count == 1 && s.nesting == 0 { s.lastScript = path }
    defer { s.loading.removeLast() }
    if var failure = s.run(source: text, file: path) {
      if !failure.isInterrupt { failure.reported = true }
      throw failure
    }
    // What a top-level load read is saved in its file.
    if s.loading.count == 1 && s.nesting == 0 && s.checkpoints.count == 1 {
      s.savedMark = s.history.mark
    }
  }

  static let reload = Command(
    name: "reload", usage: "reload",
    abstract: "run the last loaded script again, in a fresh scene",
    discussion:
      "The script is the last one a load typed at the prompt (or the command line) ran. As for"
      + " reset, a scene with changes that no save FILE wrote is not thrown away at once at the"
      + " prompt: reload says so, and a second reload goes ahead. When the script has an error,"
      + " the scene stays as it was before reload.",
    examples: ["reload"], effect: .script
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    guard let path = s.lastScript else {
      throw inv.error(
        "no script was loaded", hint: "load FILE runs one; reload runs it again",
        at: inv.nameToken)
    }
    guard s.mayDiscard() else {
      throw inv.error(
        Session.unsavedChanges, hint: Session.discardHint("reload"), at: inv.nameToken)
    }
    let text = "reset\nload \(KeyPathSyntax.spelled(path))\n"
    if var failure = s.run(source: text, file: "reload") {
      if !failure.isInterrupt { failure.reported = true }
      throw failure
    }
    s.lastScript = path
    // What reload read is saved in its file, as for a top-level load.
    if s.nesting == 0 && s.checkpoints.count == 1 { s.savedMark = s.history.mark }
  }

  static let echo = Command(
    name: "echo", usage: "echo TEXT", abstract: "print TEXT", examples: ["echo confetti!"],
    hints: [.none], effect: .display
  ) { s, inv throws(Diagnostic) in
    s.sink.out(inv.args.map(\.text).joined(separator: " ") + "\n")
  }

  static let quit = Command(
    name: "quit", aliases: ["exit"], usage: "quit", abstract: "leave",
    discussion:
      "At the prompt, a scene with changes that no save FILE wrote is not left at once: quit"
      + " (or Ctrl-D) says so, and a second quit leaves. Scripts, -e and piped input never ask.",
    examples: ["quit"], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    guard s.mayDiscard() else {
      throw inv.error(
        Session.unsavedChanges, hint: Session.discardHint(inv.nameToken.text),
        at: inv.nameToken)
    }
    s.quitRequested = true
  }
}
