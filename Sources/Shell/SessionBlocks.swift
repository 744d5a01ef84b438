import Core

// MARK: - Blocks, actions and timers

extension Session {
  /// The error for a command word that names no command.
  func unknownCommand(_ nameToken: Token, in line: SourceLine) -> Diagnostic {
    Diagnostic(
      "unknown command '\(Diagnostic.window(nameToken.text, column: 1).0)'",
      suggestion: commandSuggestion(
        for: nameToken.text, otherwise: .text("type help for the list of commands")),
      token: nameToken, in: line)
  }

  /// A block `{ … }` run as one command with the effect of its commands.
  static func block(effect: CommandEffect) -> Command {
    Command(
      name: "{", usage: "{ COMMAND; COMMAND … }", abstract: "run commands as one",
      effect: effect
    ) { s, inv throws(Diagnostic) in
      s.nesting += 1
      defer { s.nesting -= 1 }
      for c in try Lexer.blockCommands(inv.nameToken, in: inv.line) {
        try s.checkInterrupt()
        try s.execute(c)
      }
    }
  }

  /// Checks a command before anything runs: its words lex, every command word in it (in
  /// blocks, and in the COMMAND of `after`, `at`, `every` and `action`) names a command, and
  /// none has an effect in `refusing` (`why` says why). Returns its effect: a block's is
  /// `.display` when all its commands only display, `.script` when one moves the clock or
  /// runs a script, else `.model`.
  /// Commands nest at most `Limits.maxCommandDepth` deep: `depth` counts the enclosing ones
  /// (by default, those of the command being run).
  @discardableResult
  func check(
    _ cmd: CommandText, refusing: Set<CommandEffect> = [], why: String = "", depth: Int? = nil
  ) throws(Diagnostic) -> CommandEffect {
    guard let first = cmd.tokens.first else { return .display }
    let depth = depth ?? nesting
    guard depth <= Limits.maxCommandDepth else { throw Self.tooDeep(first, in: cmd.line) }
    if first.braced {
      if cmd.tokens.count > 1 {
        let extra = cmd.tokens[1]
        throw Diagnostic(
          "unexpected '\(Diagnostic.window(extra.text, column: 1).0)' after a block",
          hint: "a block { … } is a whole command; separate commands with ';'", token: extra,
          in: cmd.line)
      }
      var effects: [CommandEffect] = []
      for c in try Lexer.blockCommands(first, in: cmd.line) {
        effects.append(try check(c, refusing: refusing, why: why, depth: depth + 1))
      }
      if effects.allSatisfy({ $0 == .display }) { return .display }
      if effects.contains(where: { $0 == .clock || $0 == .script }) { return .script }
      return .model
    }
    guard let command = commands.lookup(first.text) else {
      throw unknownCommand(first, in: cmd.line)
    }
    if refusing.contains(command.effect) {
      throw Diagnostic("'\(command.name)' \(why)", token: first, in: cmd.line)
    }
    if let body = Self.body(of: cmd, command) {
      var inner = refusing
      if command.bodyRefuses { inner.formUnion([.clock, .script]) }
      try check(
        body, refusing: inner,
        why: command.bodyRefuses ? "cannot run inside '\(command.name)': it \(Self.refusal)" : why,
        depth: depth + 1)
    }
    return command.effect
  }

  /// The error for a command nested past `Limits.maxCommandDepth`, at its first word: what
  /// `check` finds before anything runs, and `execute` when actions run actions.
  static func tooDeep(_ token: Token, in line: SourceLine) -> Diagnostic {
    Diagnostic(
      "commands nest more than \(Limits.maxCommandDepth) deep here",
      hint: "at most \(Limits.maxCommandDepth) levels of blocks { … }, of the COMMAND of after,"
        + " at, every and action, and of actions that run actions, one inside another",
      token: token, in: line)
  }

  /// A scheduled command reached inside scheduled commands that move the clock (`after 0.2
  /// step 0.1` firing the next one while it steps) more than `Limits.maxCommandDepth` deep.
  static func firesTooDeep(_ token: Token, in line: SourceLine) -> Diagnostic {
    Diagnostic(
      "scheduled commands run inside one another more than \(Limits.maxCommandDepth) deep here",
      hint: "a scheduled step runs the commands scheduled in the time it steps; at most"
        + " \(Limits.maxCommandDepth) such steps inside one another",
      token: token, in: line)
  }

  /// Why `every` and `action` bodies refuse commands that move the clock or run scripts.
  static let refusal = "moves the clock or runs a script, which a timer or an action may not do"

  /// The COMMAND a command takes (`after 1 COMMAND`), without a trailing clause that follows
  /// it (`every`'s `until T`); nil when the command takes none or it is missing.
  static func body(of cmd: CommandText, _ command: Command) -> CommandText? {
    guard let k = command.hints.firstIndex(of: .command) else { return nil }
    var tokens = Array(cmd.tokens.dropFirst(k + 1))
    if let kw = command.trailingClause, tokens.count >= 3, !tokens[tokens.count - 2].quoted,
      tokens[tokens.count - 2].text == kw
    {
      tokens.removeLast(2)
    }
    if command.parameterList, tokens.count >= 2, !tokens[0].quoted,
      tokens[0].text.hasPrefix("("), tokens[0].text.hasSuffix(")")
    {
      tokens.removeFirst()  // the parameter list, the command's own
    }
    guard !tokens.isEmpty else { return nil }
    var body = cmd
    body.tokens = tokens
    return body
  }
}

extension CommandText {
  /// The command as written in its line.
  var source: String {
    let chars = Array(line.text)
    guard let first = tokens.first else { return "" }
    let start = max(0, min(first.column - 1, chars.count))
    return String(chars[start..<max(start, min(end, chars.count))]).trimmingTrailingSpaces()
  }
}

extension Session {
  /// Loads a PNG or PPM named by an image value into the scene (once per path), so `contents`
  /// can show it. The kind is told by the file's first bytes; files are capped at
  /// `Limits.maxImagePixels`, and all loaded images at `Limits.maxDecodedImageBytes` of decoded
  /// pixels. Every
  /// spelling of one file shares one decoded image (`imageCache`).
  func loadImageIfNeeded(_ value: PropertyValue, token: Token, in line: SourceLine)
    throws(Diagnostic)
  {
    guard case .image(.file(let path)) = value, scene.images[path] == nil else { return }
    do throws(PNGFile.Error) {
      scene.images[path] = try imageCache.image(at: path)
    } catch {
      var d = Diagnostic(error.message, token: token, in: line)
      switch error {
      case .notFound, .isDirectory, .unreadable: d.exitCode = ExitStatus.missingInput.code
      default: break
      }
      throw d
    }
  }
}
