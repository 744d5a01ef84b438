import Core

/// Actions: a method of the file that the setup code does not call becomes `action NAME { … }`
/// (`action`), as do the local functions and blocks `export` writes (`localAction`, renamed by
/// the table it returns: `actionTable`). An action's statements, like a scheduled block's, are
/// recorded as steps (`recordSteps`, `add`) instead of being made at import.
extension ImportInterpreter {
  /// Adds a step to the action or block being recorded, or to the setup code's schedule.
  func add(_ step: ImportStep) {
    if recording.isEmpty {
      scheduled.append(step)
    } else {
      recording[recording.count - 1].append(step)
    }
  }

  /// Runs statements as the body of an action or a scheduled block: each one may only change
  /// properties of layers and cells (or schedule, or run an action); one that does anything
  /// else is undone and skipped with a warning. Returns the steps recorded.
  func recordSteps(_ list: [Range<Int>]) -> [ImportStep] {
    let outermost = recording.isEmpty
    defer { if outermost { stepCells = [:] } }
    recording.append([])
    var deferred: [Range<Int>] = []
    for (n, s) in list.enumerated() {
      if let block = deferredBlock(s) {
        deferred.append(block)
        continue
      }
      if pauseSchedulesRest(list, at: n) { break }
      let (before, host, mark) = (objects, hostSublayers, recording[recording.count - 1].count)
      // The variables too: a failed statement may have bound one to an object it made, which
      // is undone with it (found by the import fuzz target: an index past the objects).
      let (savedInstance, savedFrames) = (instance, frames)
      do throws(ImportSkip) {
        let returned = try statement(s)
        // Cells the setup made and never showed (a helper's `self.array` of cells, filled in
        // its initializer), given to a layer the action builds: the action builds them with
        // it, as they stand, the same objects the app's handler hands over.
        let shown = before.indices.filter { i in
          objects[i].kind == .cell && !before[i].attached && !before[i].inStep
            && objects[i].attached
        }
        if !shown.isEmpty {
          let heldByNew = Set(objects.lazy.filter(\.inStep).flatMap(\.cells))
          for i in shown where heldByNew.contains(i) {
            objects[i].inStep = true
            objects[i].stepDepth = recording.count
          }
        }
        // Layers and cells the action creates are built by it; the setup's keep their shape.
        let ownAdded = ownLayer.map { hostSublayers == host + [$0] && $0 >= before.count } ?? false
        guard objects.count >= before.count, hostSublayers == host || ownAdded,
          zip(objects, before).allSatisfy({
            $0.inStep
              || ($0.cells == $1.cells && $0.sublayers == $1.sublayers
                && $0.attached == $1.attached)
          })
        else {
          throw skip("an action or a scheduled block only changes layers' and cells' properties")
        }
        if returned != nil { break }
      } catch {
        objects = before
        hostSublayers = host
        instance = savedInstance
        frames = savedFrames
        if let o = ownLayer, o >= before.count { ownLayer = nil }
        recording[recording.count - 1].removeLast(recording[recording.count - 1].count - mark)
        warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      }
    }
    for block in deferred.reversed() {
      recording[recording.count - 1] += recordSteps(program.statements(in: block))
    }
    // What this action or block created is built as it leaves it.
    for o in objects.indices where gathering(o) && objects[o].attached { markBuilt(o) }
    return recording.removeLast()
  }

  /// The control whose `value` parameter `k` of `f` is, when its declared type is a slider or
  /// a stepper (`UISlider`, `UIStepper *`).
  static func valueControl(_ f: SourceFunction, _ k: Int) -> String? {
    guard k < f.parameterTypes.count else { return nil }
    let type = f.parameterTypes[k].filter { $0.isLetter || $0.isNumber }
    return ["UISlider", "UIStepper"].first { $0 == type }
  }

  /// Runs method `f` as an action: what it changes becomes `action NAME { … }`. A handler of a
  /// continuous gesture (a pan, a long press, a pinch, a rotation) that reads its gesture's
  /// `state` is run once more for each later state, `.changed` and `.ended`, each becoming an
  /// action of its own when it does something: `handlePanChanged`, `handlePanEnded` (**choice**:
  /// the state is a word of the name, as `touchesMoved` and `touchesEnded` are, so that `run`
  /// plays the gesture through).
  func action(_ f: Int) {
    action(f, variant: "")
    // A handler several buttons share, told apart by their tags (`switch sender.tag { case 1:
    // … }`): **(choice)** an action of its own for each tag it names whose branch does
    // something, `btnOnClickTag1`, as the buttons are the user's to press.
    for tag in senderTags(program.functions[f]) {
      action(f, variant: "Tag\(tag)", senderTag: tag)
    }
    guard readsContinuousGestureState(program.functions[f]) else { return }
    for (state, word) in [(".changed", "Changed"), (".ended", "Ended")] {
      action(f, variant: word, gestureState: state)
    }
  }

  /// The integer tags a handler compares its sender's `tag` with, in order: the cases of a
  /// `switch` on it (`switch sender.tag`, `switch ([sender tag])`) and `tag == N`.
  func senderTags(_ f: SourceFunction) -> [Int] {
    let t = program.tokens
    let body = f.body
    var tags: [Int] = []
    func add(_ k: Int) {
      guard k < body.upperBound, t[k].kind == .number, let n = Int(t[k].text), n >= 0,
        !tags.contains(n), tags.count < 16
      else { return }
      tags.append(n)
    }
    for k in body where t[k].isIdentifier("switch") {
      // The subject, up to the switch's brace, must read a `tag`.
      guard let open = (k..<body.upperBound).first(where: { t[$0].isPunctuation("{") }),
        t[k..<open].contains(where: { $0.isIdentifier("tag") })
      else { continue }
      let close = program.closing(open, in: body)
      var depth = 0
      for j in (open + 1)..<close {
        if t[j].isPunctuation("{") { depth += 1 }
        if t[j].isPunctuation("}") { depth -= 1 }
        if depth == 0, t[j].isIdentifier("case") { add(j + 1) }
      }
    }
    for k in body
    where t[k].isIdentifier("tag") && k + 2 < body.upperBound
      && t[k + 1].isPunctuation("==")
    {
      add(k + 2)
    }
    return tags
  }

  /// Whether `f` handles a continuous gesture (its recognizer's declared type is not a tap's or
  /// a swipe's) and reads a `state` in its body.
  func readsContinuousGestureState(_ f: SourceFunction) -> Bool {
    let gestures = f.parameterTypes.filter { $0.contains("GestureRecognizer") }
    guard !gestures.isEmpty,
      !gestures.contains(where: { $0.contains("Tap") || $0.contains("Swipe") })
    else { return false }
    let body = program.tokens[f.body]
    return zip(body, body.dropFirst()).contains {
      $0.isPunctuation(".") && $1.isIdentifier("state")
    }
  }

  /// `action(_:)` recorded once: `variant` is the word the action's name ends with (empty for
  /// the handler's own action; a gesture's later state, `Changed`, or a sender's tag, `Tag1`,
  /// for the others, which are silent when they do nothing), with what the variant reads: the
  /// gesture's `gestureState` (`.changed`), the sender's `senderTag`.
  private func action(
    _ f: Int, variant: String, gestureState: String? = nil, senderTag: Int? = nil
  ) {
    let function = program.functions[f]
    recordingAction = f
    gestureStateOverride = gestureState
    senderTagOverride = senderTag
    defer {
      recordingAction = nil
      gestureStateOverride = nil
      senderTagOverride = nil
    }
    called.insert(f)
    parameters = [:]
    usedParameters = []
    controlParameters = [:]
    localCopies = [:]
    var frame: [String: ImportValue] = [:]
    var given: [String] = []
    for (k, name) in function.parameters.enumerated() {
      if name == "sender", program.ownControlActions.contains(function.name) {
        frame[name] = .host  // the file's own control sent it: the hosting view itself
        continue
      }
      if let control = Self.valueControl(function, k), Binding.isReference("$" + name),
        case .number(let n)? = Self.controlDefaults[control]?["value"]?.value
      {
        // `@IBAction func changed(_ sender: UISlider)`: the slider's value is a number
        // parameter, Interface Builder's default when `run` is not given one.
        parameters[name] = (.number(-1e9...1e9), ValueFormatting.number(n))
        controlParameters[name] = control
        frame[name] = .parameter(name)
        continue
      }
      if Self.isEventParameter(function, k) {
        frame[name] = .event  // a touch, an event, a gesture, a sender
        continue
      }
      let (value, text) = chosenArgument(function, k)
      if case .point(let p) = value, Binding.isReference("$" + name) {
        // A point it is given (`burst(at point: CGPoint)`): a parameter, the centre by default.
        parameters[name] = (.point, ValueFormatting.value(.point(p)))
        frame[name] = .parameter(name)
        continue
      }
      if case .number(let n) = value, Binding.isReference("$" + name) {
        // A number it is given (`animationWithStars:(CGFloat)value`): a parameter, the table's
        // value by default; what the code computes from it is worked out when it runs.
        parameters[name] = (.number(-1e9...1e9), ValueFormatting.number(n))
        frame[name] = .parameter(name)
        continue
      }
      frame[name] = value
      if let text { given.append("\(name) = \(text)") }
    }
    frames.append(frame)
    // A variable the setup code gave a value keeps it for every action recorded: what one
    // action puts there instead (`emitter = CAEmitterLayer()` in a start method) is not what
    // the next one finds, which acts on the setup's (a stop method). A variable only an action
    // sets (a tap handler's new emitter) is the next action's to read.
    let setupInstance = instance
    runningFunctions.append(f)
    let steps = recordSteps(program.statements(in: function.body))
    runningFunctions.removeLast()
    for (name, value) in setupInstance where !replacesPlaceholder(value, instance[name]) {
      instance[name] = value
    }
    frames.removeLast()
    if !given.isEmpty, !steps.isEmpty {
      warn(
        function.at, "action \(function.name) is given \(given.joined(separator: ", "))",
        hint: "an action's parameters are the places of touches; its other arguments are fixed")
    }
    guard !steps.isEmpty else {
      guard variant.isEmpty else { return }
      warn(
        function.at, "skipped: method \(function.signature): nothing in it becomes a command",
        hint: "an action changes properties of layers and cells, or schedules such changes")
      return
    }
    let list = parameters.keys.sorted().filter(usedParameters.contains).map {
      ActionParameter(name: $0, fallback: parameters[$0]?.text)
    }
    actions.append(
      ImportAction(
        name: actionName(of: f) + variant, at: function.at, steps: steps,
        parameters: list))
  }

  /// Whether a variable the setup left holding `old` and an action left holding `new` holds
  /// `new` for the next action: `old` is nil or a placeholder the setup never shows (`var
  /// emitter = CAEmitterLayer()`, `__block CAEmitterLayer *e = nil;`) and `new` a layer the
  /// action built and added in its place (`emitter = CAEmitterLayer()` in a start method),
  /// which a stop method then reaches, as on iOS.
  func replacesPlaceholder(_ old: ImportValue?, _ new: ImportValue?) -> Bool {
    guard case .object(let n)? = new, objects[n].inStep, objects[n].attached else {
      return false
    }
    switch old {
    case .null?: return true
    case .object(let o)? where o != n:
      return objects[o].kind != .cell && !objects[o].attached && !objects[o].inStep
    default: return false
    }
  }

  /// A local function without parameters (`func tap() { … }`) or an Objective-C block
  /// variable (`void (^tap)(void) = ^{ … };`), as `export` writes named actions: an action
  /// named after it (renamed by the table the function returns, see `actionTable`); calling it
  /// runs the action.
  func localAction(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let name: String
    var open: Int
    // The parameters' list: Swift's `(point: CGPoint = …, n: CGFloat = 3)`, the block's
    // `(CGPoint point, CGFloat n)`.
    var list: Range<Int>
    if program.language == .swift {
      guard spells(["func"], at: i, in: s), i + 3 < s.upperBound,
        tokens[i + 1].kind == .identifier, tokens[i + 2].isPunctuation("(")
      else { return false }
      let close = program.closing(i + 2, in: s)
      var after = close + 1
      while after < s.upperBound, ["throws", "rethrows", "async"].contains(tokens[after].text) {
        after += 1
      }
      if after < s.upperBound, tokens[after].isPunctuation("->") {
        // A local function that returns a value (`func makeCell(color: UIColor) ->
        // CAEmitterCell { … }` inside `viewDidLoad`): a closure the code calls, seeing the
        // locals declared before it, in the setup or an action alike; never an action.
        guard
          let brace = (after..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") })
        else { return false }
        let end = program.closing(brace, in: s)
        guard end < s.upperBound else { return false }
        let names = try localParameterNames(tokens[i + 1].text, (i + 3)..<close).map(\.name)
        bind(
          tokens[i + 1].text,
          .closure(
            body: (brace + 1)..<end, captured: capturedVariables(), parameters: names,
            local: true),
          declare: true)
        return true
      }
      guard after < s.upperBound, tokens[after].isPunctuation("{") else { return false }
      (name, open, list) = (tokens[i + 1].text, after, (i + 3)..<close)
    } else {
      guard spells(["void", "(", "^"], at: i, in: s), i + 5 < s.upperBound,
        tokens[i + 3].kind == .identifier,
        tokens[i + 4].isPunctuation(")"), tokens[i + 5].isPunctuation("("),
        let eq = topLevelIndex(of: "=", in: (i + 5)..<s.upperBound),
        eq + 1 < s.upperBound, tokens[eq + 1].isPunctuation("^"),
        let brace = (eq + 2..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") })
      else { return false }
      // The parameters as the block's literal names them (`^(CAEmitterCell *c)`), else as
      // its type does (`void (^tap)(CGPoint point)`).
      let literal =
        tokens[eq + 2].isPunctuation("(") ? (eq + 3)..<program.closing(eq + 2, in: s) : nil
      (name, open, list) = (
        tokens[i + 3].text, brace, literal ?? (i + 6)..<program.closing(i + 5, in: s)
      )
    }
    let close = program.closing(open, in: s)
    guard close < s.upperBound else { return false }
    guard recording.isEmpty else { throw skip("an action is defined outside other actions") }
    let given: [(name: String, kind: PropertyKind, text: String)]
    do throws(ImportSkip) {
      given = try localParameters(name, list)
    } catch {
      // A local helper given a cell or a layer (`void (^tint)(CAEmitterCell *) =
      // ^(CAEmitterCell *c) { … }`, `func tint(_ c: CAEmitterCell) { … }`): no action takes
      // such a parameter; it is a closure the code calls (`tint(drop)`).
      let names = try localParameterNames(name, list).map(\.name)
      bind(
        name,
        .closure(
          body: (open + 1)..<close, captured: capturedVariables(), parameters: names,
          local: program.language == .swift),
        declare: true)
      return true
    }
    bind(name, .function(name), declare: true)
    localActions.insert(name)
    // Its parameters are the action's (`$NAME`), read in its body in place of any variable
    // of the same name, which they hide until the body ends.
    let outer = frames.isEmpty ? instance : frames[frames.count - 1]
    (parameters, usedParameters) = ([:], [])
    for (p, kind, text) in given {
      parameters[p] = (kind, text)
      bind(p, .parameter(p), declare: true)
    }
    let steps = recordSteps(program.statements(in: (open + 1)..<close))
    let left = frames.isEmpty ? instance : frames[frames.count - 1]
    var restored = outer
    for (name, value) in outer where replacesPlaceholder(value, left[name]) {
      restored[name] = left[name]
    }
    if frames.isEmpty { instance = restored } else { frames[frames.count - 1] = restored }
    guard !steps.isEmpty else {
      throw skip(
        "nothing in \(name) becomes a command",
        tokens[i])
    }
    let used = given.map(\.name).filter(usedParameters.contains).map {
      ActionParameter(name: $0, fallback: parameters[$0]?.text)
    }
    parameters = [:]
    actions.append(ImportAction(name: name, at: tokens[i], steps: steps, parameters: used))
    return true
  }

  /// The names of the parameters in local function or block `name`'s list `list`, each with
  /// its tokens: Swift's `NAME: TYPE = DEFAULT`, Objective-C's `TYPE NAME`; none for `(void)`.
  private func localParameterNames(_ name: String, _ list: Range<Int>) throws(ImportSkip)
    -> [(name: String, piece: Range<Int>)]
  {
    var pieces: [Range<Int>] = []
    var start = list.lowerBound
    while let comma = topLevelIndex(of: ",", in: start..<list.upperBound) {
      pieces.append(start..<comma)
      start = comma + 1
    }
    if start < list.upperBound { pieces.append(start..<list.upperBound) }
    if pieces.count == 1, pieces[0].count == 1, tokens[pieces[0].lowerBound].isIdentifier("void") {
      return []
    }
    var out: [(name: String, piece: Range<Int>)] = []
    for piece in pieces {
      if program.language == .swift {
        guard let colon = topLevelIndex(of: ":", in: piece), colon > piece.lowerBound,
          tokens[colon - 1].kind == .identifier
        else { throw skip("a parameter of \(name) is written 'NAME: TYPE = DEFAULT'") }
        out.append((tokens[colon - 1].text, piece))
      } else {
        guard let last = piece.last, tokens[last].kind == .identifier else {
          throw skip("a parameter of \(name) is written 'TYPE NAME'")
        }
        out.append((tokens[last].text, piece))
      }
    }
    return out
  }

  /// The parameters of local action `name` whose list is `list`, each with its default: a
  /// point or a number. Swift gives them in the list (`n: CGFloat = 3`); an Objective-C block
  /// has none, and takes the arguments of the file's call of it that gives every one
  /// (`^{ tap(CGPointMake(160, 120), 3); }`, as `export` returns it).
  private func localParameters(_ name: String, _ list: Range<Int>) throws(ImportSkip)
    -> [(name: String, kind: PropertyKind, text: String)]
  {
    let given = try localParameterNames(name, list)
    let names = given.map(\.name)
    var defaults: [Range<Int>?] = given.map { p in
      program.language == .swift
        ? topLevelIndex(of: "=", in: p.piece).map { ($0 + 1)..<p.piece.upperBound } : nil
    }
    if program.language == .objc, !names.isEmpty {
      // The arguments of a call `name(…)` elsewhere in the file.
      for j in tokens.indices.dropLast(2)
      where tokens[j].isIdentifier(name) && tokens[j + 1].isPunctuation("(")
        && !(j > 0 && tokens[j - 1].isPunctuation("^"))
      {
        let end = program.closing(j + 1, in: j..<tokens.count)
        var args: [Range<Int>] = []
        var from = j + 2
        while let comma = topLevelIndex(of: ",", in: from..<end) {
          args.append(from..<comma)
          from = comma + 1
        }
        if from < end { args.append(from..<end) }
        if args.count == names.count {
          defaults = args.map { $0 }
          break
        }
      }
    }
    var out: [(name: String, kind: PropertyKind, text: String)] = []
    for (k, p) in names.enumerated() {
      guard let d = defaults[k], !d.isEmpty else {
        throw skip(
          "\(name)'s parameter '\(p)' has no default: only a point or a number with one is read")
      }
      switch try expression(d) {
      case .point(let pt): out.append((p, .point, ValueFormatting.value(.point(pt))))
      case .number(let x): out.append((p, .number(-1e9...1e9), ValueFormatting.number(x)))
      default: throw skip("\(name)'s parameter '\(p)' is not a point or a number")
      }
    }
    return out
  }

  /// `return ["tap": tap]` (`return @{@"tap": tap};`): the table of local actions by name,
  /// as `export` returns them; each action takes the name it is returned by.
  func actionTable(_ range: Range<Int>) -> Bool {
    var renamed: [String: String] = [:]
    for j in range where tokens[j].kind == .string && j + 2 < range.upperBound {
      guard tokens[j + 1].isPunctuation(":") else { continue }
      // `"tap": tap`, or a closure that calls it with its defaults: `"tap": { tap() }`,
      // `@"tap": ^{ tap(CGPointMake(160, 120), 3); }`.
      var k = j + 2
      while k < range.upperBound, k < j + 4,
        tokens[k].isPunctuation("{") || tokens[k].isPunctuation("^")
      {
        k += 1
      }
      guard k < range.upperBound, tokens[k].kind == .identifier,
        localActions.contains(tokens[k].text)
      else { continue }
      renamed[tokens[k].text] = tokens[j].text
    }
    guard !renamed.isEmpty else { return false }
    func rename(_ step: ImportStep) -> ImportStep {
      switch step {
      case .run(let n): return .run(renamed[n] ?? n)
      case .after(let d, let steps): return .after(delay: d, steps: steps.map(rename))
      case .every(let d, let steps): return .every(interval: d, steps: steps.map(rename))
      case .set, .layer, .copy, .build, .readd, .cells: return step
      }
    }
    for k in actions.indices {
      actions[k].name = renamed[actions[k].name] ?? actions[k].name
      actions[k].steps = actions[k].steps.map(rename)
    }
    scheduled = scheduled.map(rename)
    return true
  }
}

/// Event wiring: the calls that connect a control, a gesture or a notification to a method of
/// the file (`button.addTarget(self, action: #selector(tapped), for: .touchUpInside)`,
/// `[view addGestureRecognizer:tap]`, `NotificationCenter.default.addObserver(…)`). The method
/// is an action already (a root nothing in the file calls, docs/import.md), which `run`
/// stands for the event, so the wiring itself changes nothing here and is passed over without
/// a word, as are a gesture recognizer's own settings.
extension ImportInterpreter {
  static let eventWiringMethods: Set<String> = [
    "addTarget", "removeTarget", "addAction", "addGestureRecognizer", "removeGestureRecognizer",
    "addObserver", "removeObserver", "requireGestureRecognizerToFail", "require",
  ]

  /// Whether statement `s` is one call of an event-wiring method whose name the file does not
  /// declare: Swift's `RECEIVER.addTarget(…)` (or a bare `addGestureRecognizer(…)`),
  /// Objective-C's `[RECEIVER addTarget:… action:…]`.
  func eventWiring(_ s: Range<Int>) -> Bool {
    guard let last = s.last else { return false }
    var name: SourceToken?
    if program.language == .objc, tokens[s.lowerBound].isPunctuation("["),
      program.closing(s.lowerBound, in: s) == last
    {
      // The first part of the selector: the first `word:` outside any bracket of the receiver.
      var depth = 0
      for j in (s.lowerBound + 1)..<last {
        let t = tokens[j]
        if t.isPunctuation("[") || t.isPunctuation("(") { depth += 1 }
        if t.isPunctuation("]") || t.isPunctuation(")") { depth -= 1 }
        if depth == 0, t.kind == .identifier, tokens[j + 1].isPunctuation(":") {
          name = t
          break
        }
      }
    } else if program.language == .swift, tokens[last].isPunctuation(")"),
      // The call that ends the statement: the name before its opening parenthesis.
      let j = s.last(where: { tokens[$0].isPunctuation("(") && program.closing($0, in: s) == last }
      ),
      j > s.lowerBound, tokens[j - 1].kind == .identifier,
      j - 1 == s.lowerBound || tokens[j - 2].isPunctuation(".") || tokens[j - 2].isPunctuation("?.")
    {
      name = tokens[j - 1]
    }
    guard let name, Self.eventWiringMethods.contains(name.text) else { return false }
    return !program.functions.contains { $0.name == name.text }
  }
}

extension ImportInterpreter {
  /// Swift's `perform(_:)` and `perform(_:with:)` (Objective-C's `performSelector:`).
  static let performNow = "perform"

  /// `perform(#selector(pause))`, `[self performSelector:@selector(pause) withObject:x]`: the
  /// file's method of that selector, run now with the object as its argument.
  func performSelector(_ selector: String, _ args: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    let base = String(selector.prefix { $0 != ":" })
    let count = selector.filter { $0 == ":" }.count
    guard
      let f = program.functions.firstIndex(where: {
        !$0.isProperty
          && (program.language == .objc
            ? $0.signature == selector : $0.name == base && $0.parameters.count == count)
      })
    else { throw skip("\(selector) is not a method of the file", at) }
    var given = Array(args.prefix(count))
    given += Array(repeating: ImportValue.null, count: count - given.count)
    return try call(f, args: given, at: at)
  }
}
