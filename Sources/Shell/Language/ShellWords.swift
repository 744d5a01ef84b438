import Core

/// Words of other shells that people type at Burst's prompt, each with the Burst commands that
/// do that job. An unknown command that is one of them gets this hint instead of the nearest
/// command name (`ls` is not a misspelt `at`). Declared once: every unknown command word reads
/// it (at the prompt, in scripts, after `after`/`at`/`every`, and in `help WORD`).
enum ShellWords {
  /// A family of shell words and what to do in Burst instead, naming Burst's own commands
  /// through their declarations.
  struct Entry: Sendable {
    let words: [String]
    let hint: String
  }

  static let table: [Entry] = [
    Entry(
      words: ["ls", "ll", "dir"],
      hint: "\(ViewCommands.tree.name) lists the scene's layers and cells,"
        + " \(LearningCommands.keys.name) PATH their properties"),
    Entry(
      words: ["cd", "pwd", "pushd", "popd"],
      hint: "Burst has no directory to change: \(FileCommands.load.name) FILE and"
        + " \(FileCommands.save.name) FILE read paths from the directory burst started in"),
    Entry(
      words: ["history", "fc"],
      hint: "the Up arrow and Ctrl-R recall earlier lines; \(FileCommands.save.name) FILE writes"
        + " the commands that built the scene"),
    Entry(
      words: ["cls"],
      hint: "Ctrl-L clears the screen; \(SceneCommands.clear.name) \(SceneCommands.particlesWord)"
        + " removes the particles, \(SceneCommands.reset.name) empties the scene"),
    Entry(
      words: ["cat", "more", "less", "type", "print"],
      hint: "\(SceneCommands.get.name) PATH prints a value, \(LearningCommands.keys.name) PATH"
        + " all of them, \(FileCommands.echo.name) TEXT prints text"),
    Entry(
      words: ["rm", "del", "delete", "rmdir"],
      hint: "\(SceneCommands.remove.name) PATH removes a layer or cell,"
        + " \(SceneCommands.reset.name) empties the scene"),
    Entry(
      words: ["man", "info", "?"],
      hint: "\(LearningCommands.help.name) COMMAND describes a command,"
        + " \(ExplainCommands.explain.name) NAME a property"),
    Entry(
      words: ["sleep", "wait"],
      hint: "\(TimeCommands.step.name) SECONDS moves the scene's clock,"
        + " \(MotionCommands.play.name) SECONDS in real time"),
    Entry(
      words: ["logout", "bye", "q", ":q"],
      hint: "\(FileCommands.quit.name) (or Ctrl-D) leaves Burst"),
    Entry(
      words: ["open", "."],
      hint: "\(FileCommands.load.name) FILE runs a script"),
  ]

  private static let index: [String: String] = Dictionary(
    table.flatMap { e in e.words.map { ($0, e.hint) } }, uniquingKeysWith: { a, _ in a })

  /// The hint for `word` when it is a shell word, or nil.
  static func hint(for word: String) -> String? { index[word] }
}

extension Session {
  /// What an unknown command word is told: the Burst commands that do a shell word's job, the
  /// command it most likely misspells, or else `otherwise`.
  func commandSuggestion(for word: String, otherwise: Suggestion?) -> Suggestion? {
    if let hint = ShellWords.hint(for: word) { return .text(hint) }
    guard word.count <= 64 else { return otherwise }
    return .nearest(to: word, in: commands.allNames, otherwise: otherwise)
  }
}
