import Core

/// Named actions: action, run, actions.
enum ActionCommands {
  static let all: [Command] = [action, run, actions]

  static let action = Command(
    name: "action", usage: "action NAME COMMAND",
    abstract: "define (or replace) a named action that run NAME runs",
    discussion:
      "COMMAND is usually a block { COMMAND; COMMAND … }, which may span lines. It is checked"
      + " now (its commands must exist, and none may move the clock or load a script) and runs"
      + " only when run NAME is typed. Names follow the rules of layer names and cannot be"
      + " command words.",
    examples: [
      "action like { fire like 0.15; after 0.2 echo done }",
      "action reset-like set like.birthRate 0",
    ],
    hints: [.none, .command], bodyRefuses: true
  ) { s, inv throws(Diagnostic) in
    let nameToken = try inv.argument(1, "NAME")
    let name = nameToken.text
    try inv.lift(nameToken) { () throws(ValueError) in
      try SceneModel.validateName(name, what: "action")
    }
    if s.commands.lookup(name) != nil {
      let e = SceneCommands.commandWordError(name, naming: "action")
      throw inv.error(e.message, suggestion: e.suggestion, at: nameToken)
    }
    _ = try inv.argument(2, "COMMAND")
    guard let body = Session.body(of: inv.text, inv.command) else {
      throw inv.usageError("missing COMMAND")
    }
    try s.check(
      body, refusing: [.clock, .script], why: "cannot run inside 'action': it \(Session.refusal)",
      depth: s.nesting + 1)
    if let i = s.actions.firstIndex(where: { $0.name == name }) {
      s.actions[i].body = body
      s.sink.out("note: action '\(name)' replaced\n")
    } else {
      s.actions.append(NamedAction(name: name, body: body))
    }
  }

  static let run = Command(
    name: "run", usage: "run NAME",
    abstract: "run a named action now, as one command (all or nothing)",
    examples: ["run like"], hints: [.action]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    let nameToken = try inv.argument(1, "NAME")
    let names = s.actions.map(\.name)
    guard let action = s.actions.first(where: { $0.name == nameToken.text }) else {
      let otherwise: Suggestion =
        names.isEmpty
        ? .text("no actions are defined: action NAME { … } defines one")
        : .oneOf(names)
      throw inv.error(
        "unknown action '\(Diagnostic.window(nameToken.text, column: 1).0)'",
        suggestion: .nearest(to: nameToken.text, in: names, otherwise: otherwise), at: nameToken)
    }
    guard !s.runningActions.contains(action.name) else {
      throw inv.error(
        "action '\(action.name)' is already running: an action cannot run itself",
        at: nameToken)
    }
    s.runningActions.append(action.name)
    s.nesting += 1
    defer {
      s.runningActions.removeLast()
      s.nesting -= 1
    }
    try s.execute(action.body)
  }

  static let actions = Command(
    name: "actions", usage: "actions",
    abstract: "list the named actions, each as the action command that defines it",
    examples: ["actions"], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    guard !s.actions.isEmpty else {
      s.sink.out("no actions\n")
      return
    }
    for a in s.actions {
      s.sink.out("action \(KeyPathSyntax.spelled(a.name)) \(a.body.source)\n")
    }
  }
}
