import Core

/// What an argument position holds, for Tab completion.
enum ArgumentHint: Sendable, Equatable {
  case command
  case layer
  /// A layer or cell path.
  case object
  /// A property key path, or an object path followed by KEY=VALUE pairs.
  case property
  /// The name of a named action.
  case action
  /// The name of a layer the command creates: `$NAME` takes a fresh one (`Binding`).
  case newLayer
  case keywords([String])
  /// From here on, the command's clauses: their keywords, or after a keyword its values.
  case clauses
  case file
  case none
}

/// What running a command does to the scene. The session decides from this (never from a
/// command's name) what a failure undoes and what `save` keeps.
enum CommandEffect: Sendable, Hashable {
  /// Prints or writes files; the scene, clock and schedule are untouched. Not kept by `save`.
  case display
  /// Changes the model or the schedule without moving the clock: all-or-nothing, kept by `save`.
  case model
  /// Moves the clock (and may run scheduled commands). On failure or Ctrl-C after the clock
  /// moved, the scene is as after the last completed step; before that, as before the command.
  case clock
  /// Runs other commands (a script); each keeps its own effect, and `save` keeps them, not it.
  case script
}

extension CommandEffect {
  /// What a failure or Ctrl-C leaves behind, as `help COMMAND` says it.
  var onFailure: String {
    switch self {
    case .display:
      return "nothing changes, and no file is written or left half-written."
    case .model:
      return "the scene is exactly as before the command."
    case .clock:
      return
        "before the clock moved, the scene is exactly as before; after, it stays as if you had"
        + " stepped to the last completed step (the message says which time), and no partial"
        + " output file is left."
    case .script:
      return
        "if the script had not moved the clock, the scene is exactly as before; otherwise the"
        + " commands that ran before the failure stay, and the message says the time reached."
    }
  }
}

/// A command declared as data: `help` and completion are generated from these declarations.
struct Command: Sendable {
  let name: String
  var aliases: [String] = []
  /// The forms, e.g. `step DT [COUNT]`.
  let usage: String
  /// One line: what it does.
  let abstract: String
  /// More about what it does, for `help COMMAND` (optional).
  var discussion: String? = nil
  var examples: [String] = []
  /// Completion hints for argument positions 1, 2, … (the last repeats).
  var hints: [ArgumentHint] = []
  /// The clauses the command reads (`duration 2`, `keep`), from where its hints say
  /// `.clauses`: what `help` lists and Tab offers, and all `Invocation.clauses` accepts.
  var clauses: [ClauseSpec] = []
  /// What it does to the scene (default: changes the model).
  var effect: CommandEffect = .model
  /// A keyword that, with one value, may follow the COMMAND argument as the last two words
  /// (`every`'s `until T`); the COMMAND ends before it.
  var trailingClause: String? = nil
  /// Whether the COMMAND argument may not move the clock or run a script (`every`, `action`).
  var bodyRefuses = false
  /// Whether a bracketed parameter list may stand as a word of its own between the first
  /// argument and COMMAND (`action tap (point=160,120) { … }`).
  var parameterList = false
  /// Whether a failure or Ctrl-C undoes the whole command, the clock's moves included: a
  /// `.clock` command whose output is discarded then (`record`), so nothing of it stays.
  var undoneWhole = false
  let run: @Sendable (Session, Invocation) throws(Diagnostic) -> Void

  /// What a failure or Ctrl-C leaves behind, as `help COMMAND` says it.
  var onFailure: String {
    undoneWhole
      ? "the scene is exactly as before the command, the clock, particles and schedule"
        + " included (its output is discarded, so the time it ran is given back), and no"
        + " partial output file is left."
      : effect.onFailure
  }
}

/// All commands, with lookup by name or alias. Names and aliases must be unique.
struct CommandTable: Sendable {
  let commands: [Command]
  private let index: [String: Int]

  init(_ commands: [Command]) {
    self.commands = commands
    var index: [String: Int] = [:]
    for (i, c) in commands.enumerated() {
      for n in [c.name] + c.aliases {
        precondition(index[n] == nil, "command name '\(n)' declared twice")
        index[n] = i
      }
    }
    self.index = index
  }

  func lookup(_ name: String) -> Command? { index[name].map { commands[$0] } }

  /// Every name and alias, sorted.
  var allNames: [String] { index.keys.sorted() }

  /// The commands, in the groups `help` lists them under.
  static let groups: [(title: String, commands: [Command])] = [
    ("Building a scene", SceneCommands.all + BehaviorCommands.all + PresetCommands.all),
    ("Time", TimeCommands.all),
    ("Animations", AnimationCommands.all),
    ("Looking at it", ViewCommands.all + MotionCommands.all),
    ("Learning", LearningCommands.all + ExplainCommands.all + LessonCommands.all),
    ("Actions", ActionCommands.all),
    ("Scripts and files", FileCommands.all + ExportCommands.all + ImportCommands.all),
  ]

  static let standard = CommandTable(groups.flatMap(\.commands))
}

/// One command as invoked: its declaration and its words.
struct Invocation {
  let command: Command
  let text: CommandText

  var line: SourceLine { text.line }
  /// The arguments (words after the command name).
  var args: ArraySlice<Token> { text.tokens.dropFirst() }
  var nameToken: Token { text.tokens[0] }

  /// An error about the command as a whole, pointing at its name.
  func usageError(_ message: String) -> Diagnostic {
    Diagnostic(message, suggestion: usage, token: nameToken, in: line)
  }

  /// The command's usage, as a hint.
  var usage: Suggestion { .text("usage: \(command.usage)") }

  /// An error pointing at one token.
  func error(_ message: String, hint: String? = nil, at token: Token) -> Diagnostic {
    Diagnostic(message, hint: hint, token: token, in: line)
  }

  /// An error pointing at one token, with a suggestion.
  func error(_ message: String, suggestion: Suggestion?, at token: Token) -> Diagnostic {
    Diagnostic(message, suggestion: suggestion, token: token, in: line)
  }

  /// Runs `body`, turning a `ValueError` it throws into a diagnostic at `token` (narrowed to
  /// where Core says the problem is). With `prefix` ("bad value for opacity") the message
  /// starts with it and the caret takes the whole token; so it does with `wholeToken`.
  @discardableResult
  func lift<T>(
    _ token: Token, prefix: String? = nil, wholeToken: Bool = false,
    _ body: () throws(ValueError) -> T
  ) throws(Diagnostic) -> T {
    do throws(ValueError) {
      return try body()
    } catch {
      var e = error
      if let prefix { e.message = "\(prefix): " + e.message }
      if prefix != nil || wholeToken { e.offset = nil }
      throw Diagnostic(e, token: token, in: line)
    }
  }

  /// Argument `i` (1-based), or an error naming what is missing.
  func argument(_ i: Int, _ what: String) throws(Diagnostic) -> Token {
    guard i < text.tokens.count else {
      let last = text.tokens[text.tokens.count - 1]
      throw Diagnostic(
        "missing \(what)", hint: "usage: \(command.usage)", at: line,
        column: last.column + last.length, length: 1)
    }
    return text.tokens[i]
  }

  /// Fails when there are more than `n` arguments.
  func expectAtMost(_ n: Int) throws(Diagnostic) {
    if text.tokens.count > n + 1 {
      let extra = text.tokens[n + 1]
      throw error(
        "unexpected '\(Diagnostic.window(extra.text, column: 1).0)'",
        hint: "usage: \(command.usage)", at: extra)
    }
  }

  /// Reads a number token against a kind's range.
  func number(
    _ token: Token, range: ClosedRange<Double>, what: String, integer: Bool = false
  ) throws(Diagnostic) -> Double {
    let kind: PropertyKind = integer ? .integer(range) : .number(range)
    return try lift(token, prefix: what) { () throws(ValueError) in
      guard let n = try kind.parse(token.text).number else {
        throw ValueError("expected a number")
      }
      return n
    }
  }

  /// Resolves a layer or cell path.
  func object(_ token: Token, in model: SceneModel) throws(Diagnostic) -> ObjectRef {
    try lift(pathToken(token)) { () throws(ValueError) in try model.resolveObject(token.keyPath) }
  }

  /// Resolves a property key path.
  func property(_ token: Token, in model: SceneModel) throws(Diagnostic) -> PropertyRef {
    try lift(pathToken(token)) { () throws(ValueError) in
      try model.resolveProperty(token.keyPath)
    }
  }

  /// Resolves `LAYER.animations.KEY.OPTION`; nil when the path names no layer's animations.
  func animationOption(_ token: Token, in model: SceneModel) throws(Diagnostic)
    -> AnimationOptionRef?
  {
    try lift(pathToken(token)) { () throws(ValueError) in
      try model.resolveAnimationOption(token.keyPath)
    }
  }

  /// The token to report a key-path error at: key-path offsets count characters of the word
  /// as written, so a quoted component's caret lands on it.
  private func pathToken(_ token: Token) -> Token {
    var t = token
    if t.spelling != nil { t.quoted = false }
    return t
  }

  /// Resolves a token that must name a layer (not a cell).
  func layer(_ token: Token, in model: SceneModel) throws(Diagnostic) -> LayerID {
    let ref = try object(token, in: model)
    guard case .layer(let id) = ref else {
      throw error("'\(token.text)' is a cell, not a layer", at: token)
    }
    return id
  }
}
