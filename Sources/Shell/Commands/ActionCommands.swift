import Core

/// Named actions: action, run, actions.
enum ActionCommands {
  static let all: [Command] = [action, run, actions]

  static let action = Command(
    name: "action", usage: "action NAME [(P1, P2=DEFAULT, …)] COMMAND",
    abstract: "define (or replace) a named action that run NAME runs",
    discussion:
      "COMMAND is usually a block { COMMAND; COMMAND … }, which may span lines. It is checked"
      + " now (its commands must exist, and none may move the clock or load a script) and runs"
      + " only when run NAME is typed. Names follow the rules of layer names and cannot be"
      + " command words. Parameters, written in brackets after the name (with or without a"
      + " space; actions lists them after a space), are read in COMMAND as $P1, $P2; run NAME ARG … gives them their values, in order or as P=VALUE,"
      + " and one left out takes its DEFAULT; $P.x and $P.y read one field of a point. A layer COMMAND creates as emitter $X (layer"
      + " $X, copy … as $X) takes a fresh name, X or X2, X3 …, each time it runs, and $X"
      + " reads that name, also in the after blocks COMMAND schedules.",
    examples: [
      "action like { fire like 0.15; after 0.2 echo done }",
      "action reset-like set like.birthRate 0",
      "action touch(point=160,120) { set like.emitterPosition $point; fire like 0.1 }",
      "action drag(point=160,120) set like.emitterPosition $point.x,($point.y-20)",
      "action puff { emitter $puff; cell $puff dot; set $puff.emitterCells.dot birthRate=50 contents=dot; after 1 remove $puff }",
    ],
    hints: [.none, .command], bodyRefuses: true, parameterList: true
  ) { s, inv throws(Diagnostic) in
    let nameToken = try inv.argument(1, "NAME")
    var name = nameToken.text
    var parameters: [ActionParameter] = []
    // `action tap (point=160,120) { … }`: the list as a word of its own after the name.
    var listToken: Token? = nil
    let words = inv.text.tokens
    if ActionParameter.call(nameToken) == nil, words.count >= 4, !words[2].quoted,
      words[2].text.hasPrefix("("), words[2].text.hasSuffix(")")
    {
      listToken = words[2]
    }
    let written =
      listToken.map {
        Token(
          text: nameToken.text + $0.text, column: nameToken.column, length: nameToken.length,
          quoted: false)
      } ?? nameToken
    if let (base, inside) = ActionParameter.call(written) {
      guard let list = ActionParameter.list(inside) else {
        throw inv.error(
          "cannot read the parameters of '\(name)'",
          suggestion: .text("write them as NAME(P1, P2=DEFAULT), each P a plain identifier"),
          at: nameToken)
      }
      var seen: Set<String> = []
      for p in list where !seen.insert(p.name).inserted {
        throw inv.error("parameter '\(p.name)' is named twice", at: nameToken)
      }
      name = base
      parameters = list
    }
    try inv.lift(nameToken) { () throws(ValueError) in
      try SceneModel.validateName(name, what: "action")
    }
    if s.commands.lookup(name) != nil {
      let e = SceneCommands.commandWordError(name, naming: "action")
      throw inv.error(e.message, suggestion: e.suggestion, at: nameToken)
    }
    _ = try inv.argument(listToken == nil ? 2 : 3, "COMMAND")
    guard let body = Session.body(of: inv.text, inv.command) else {
      throw inv.usageError("missing COMMAND")
    }
    try s.check(
      body, refusing: [.clock, .script], why: "cannot run inside 'action': it \(Session.refusal)",
      depth: s.nesting + 1)
    if let i = s.actions.firstIndex(where: { $0.name == name }) {
      s.actions[i].body = body
      s.actions[i].parameters = parameters
      s.sink.out("note: action '\(name)' replaced\n")
    } else {
      s.actions.append(NamedAction(name: name, body: body, parameters: parameters))
    }
  }

  static let run = Command(
    name: "run", usage: "run NAME [VALUE | P=VALUE …]",
    abstract: "run a named action now, as one command (all or nothing)",
    discussion:
      "The values are the action's parameters, in order or by name (P=VALUE); one left out"
      + " takes the default its action gives it.",
    examples: ["run like", "run touch 120,300", "run touch point=120,300"],
    hints: [.action, .none]
  ) { s, inv throws(Diagnostic) in
    let nameToken = try inv.argument(1, "NAME")
    var name = nameToken.text
    var called: [ActionParameter] = []
    if let (base, inside) = ActionParameter.call(nameToken) {
      // `run touch(point=10,20)`, as `actions` writes the defaults: a call by name.
      guard let list = ActionParameter.list(inside), list.allSatisfy({ $0.fallback != nil })
      else {
        throw inv.error(
          "cannot read the values of '\(name)'",
          suggestion: .text("write them as NAME(P=VALUE, …), or as words after NAME"),
          at: nameToken)
      }
      name = base
      called = list
    }
    let names = s.actions.map(\.name)
    guard let action = s.actions.first(where: { $0.name == name }) else {
      let otherwise: Suggestion =
        names.isEmpty
        ? .text("no actions are defined: action NAME { … } defines one")
        : .oneOf(names)
      throw inv.error(
        "unknown action '\(Diagnostic.window(nameToken.text, column: 1).0)'",
        suggestion: .nearest(to: nameToken.text, in: names, otherwise: otherwise), at: nameToken)
    }
    let values = try arguments(of: action, inv, given: called)
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
    try s.execute(try Binding.bind(action.body, values))
  }

  /// The values `run` gives an action's parameters: in order, or `P=VALUE`, else the default.
  private static func arguments(
    of action: NamedAction, _ inv: Invocation, given called: [ActionParameter]
  ) throws(Diagnostic) -> [String: String] {
    let given = Array(inv.text.tokens.dropFirst(2))
    let names = action.parameters.map(\.name)
    for p in called where !names.contains(p.name) {
      throw inv.error(
        "action '\(action.name)' has no parameter '\(p.name)'",
        suggestion: names.isEmpty ? .text("it takes no values") : .oneOf(names),
        at: inv.text.tokens[1])
    }
    guard given.count <= action.parameters.count else {
      let what =
        names.isEmpty
        ? "takes no values" : "takes \(names.count) (\(names.joined(separator: ", ")))"
      throw inv.error(
        "action '\(action.name)' \(what)", at: given[action.parameters.count])
    }
    var values: [String: String] = [:]
    for (k, t) in given.enumerated() {
      let word = t.spelling ?? t.text
      if !t.quoted, let eq = word.keyValueEquals, names.contains(String(word[..<eq])) {
        values[String(word[..<eq])] = String(word[word.index(after: eq)...])
      } else {
        values[names[k]] = word
      }
    }
    for p in called { values[p.name] = p.fallback }
    for p in action.parameters where values[p.name] == nil {
      guard let fallback = p.fallback else {
        throw inv.error(
          "action '\(action.name)' needs a value for \(p.name)",
          suggestion: .text(
            "run \(KeyPathSyntax.spelled(action.name)) \(names.map { $0.uppercased() }.joined(separator: " "))"
          ),
          at: inv.text.tokens[1])
      }
      values[p.name] = fallback
    }
    return values
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
      let parameters = ActionParameter.written(a.parameters)
      s.sink.out("action \(KeyPathSyntax.spelled(a.name))\(parameters) \(a.body.source)\n")
    }
  }
}
