import Core

/// Schedules: the forms of code that run a block later, each recorded as Burst's `after` or
/// `every`: `DispatchQueue.main.asyncAfter`, `dispatch_after`, the usual `delay(_:)` helper,
/// `perform(_:with:afterDelay:)` and `performSelector:withObject:afterDelay:`, and `Timer` and
/// `NSTimer` timers, with a held timer's `invalidate()` ending it (`every … until`).
extension ImportInterpreter {
  /// `after DELAY { … }` of a block's statements; a block that only invalidates a timer adds
  /// nothing (the timer's `until` says it).
  func delayed(_ delay: Double, _ body: Range<Int>) throws(ImportSkip) {
    if let f = selfCall(in: body), try rescheduling(f, after: delay) { return }
    blockDelays.append(delay)
    let outer = invalidated
    invalidated = false
    defer {
      blockDelays.removeLast()
      invalidated = outer
    }
    let steps = recordSteps(program.statements(in: body))
    if steps.isEmpty && invalidated { return }
    guard !steps.isEmpty else {
      if recording.isEmpty, !readingLaterBlocks {
        // It runs after the setup (the view's layout among it): read it again then.
        laterBlocks.append((delay, body, frames, current))
        return
      }
      throw skip("only property changes of layers and cells are scheduled")
    }
    add(.after(delay: delay, steps: steps))
  }

  /// Reads the blocks the setup scheduled that changed nothing when they were scheduled
  /// (`laterBlocks`), now that the setup has run: the state a block finds when it runs.
  func readLaterBlocks() {
    readingLaterBlocks = true
    defer { readingLaterBlocks = false }
    let blocks = laterBlocks
    laterBlocks = []
    for b in blocks {
      let (savedFrames, savedCurrent) = (frames, current)
      frames = b.frames
      current = b.at
      do throws(ImportSkip) {
        try delayed(b.delay, b.body)
      } catch {
        warn(tokens[b.at.lowerBound], "skipped: \(program.snippet(b.at))", hint: error.message)
      }
      (frames, current) = (savedFrames, savedCurrent)
    }
  }

  /// `timer.invalidate()` (`[timer invalidate]`; a Combine timer's `cancel()`) of a held
  /// timer, in a block the setup code schedules: the timer runs until then.
  func invalidate(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let name: String
    // `timer.invalidate()`, `self.timer?.invalidate()`, `self?.ticker?.cancel()`.
    var k = i
    if tokens[k].isIdentifier("self"), k + 1 < s.upperBound,
      tokens[k + 1].isPunctuation(".") || tokens[k + 1].isPunctuation("?.")
    {
      k += 2
    }
    let dot = k + 1 < s.upperBound && tokens[k + 1].isPunctuation("!") ? k + 2 : k + 1
    if k < s.upperBound, tokens[k].kind == .identifier, dot + 4 == s.upperBound,
      tokens[dot].isPunctuation(".") || tokens[dot].isPunctuation("?."),
      tokens[dot + 1].isIdentifier("invalidate") || tokens[dot + 1].isIdentifier("cancel"),
      spells(["(", ")"], at: dot + 2, in: s)
    {
      name = tokens[k].text
    } else if spells(["invalidate", "]"], at: i + 2, in: s), tokens[i].isPunctuation("["),
      s.upperBound == i + 4
    {
      name = tokens[i + 1].text
    } else {
      return false
    }
    if let ticking = tickingTimer, ticking.names.contains(name) {
      // The timer ends itself from its block: the tick that does is its last.
      tickingTimer?.stopped = true
      return true
    }
    guard let k = heldTimers[name] else { return false }
    guard recording.count == 1, blockDelays.count == 1 else {
      throw skip("a timer's invalidate() is read in a block that the setup code schedules")
    }
    timerUntil[k] = now + blockDelays[0]
    invalidated = true
    return true
  }

  /// A scheduled block's statements, recorded; none recorded skips the whole statement.
  private func block(_ body: Range<Int>) throws(ImportSkip) -> [ImportStep] {
    let steps = recordSteps(program.statements(in: body))
    guard !steps.isEmpty else {
      throw skip("only property changes of layers and cells are scheduled")
    }
    return steps
  }

  /// A number the action works out from its parameters (`duration`, `delay + 0.5`), with the
  /// values they have when the action runs without arguments; nil for any other value, or one
  /// that cannot be worked out.
  func parameterDefault(_ value: ImportValue) -> Double? {
    guard let text = formulaText(value), isFormula(value) else { return nil }
    var worked = text
    for (name, p) in parameters.sorted(by: { $0.key.count > $1.key.count }) {
      worked = worked.replacingOccurrences(of: "$" + name, with: "(\(p.text))")
    }
    return try? PropertyKind.number(-1e12...1e12).parse(worked).number
  }

  /// A delay or interval in seconds: finite, 0 or more.
  func seconds(_ range: Range<Int>) throws(ImportSkip) -> Double {
    guard !range.isEmpty else { throw skip("a delay in seconds is missing") }
    let value = try expression(range)
    let d: Double
    if isFormula(value) {
      // A delay from the action's parameters (`.now() + delay`): **(choice)** their values
      // when the action is run without arguments, since a schedule's delay is fixed.
      guard let n = parameterDefault(value) else {
        throw skip("a delay from the action's parameters that cannot be worked out")
      }
      d = n
      warn(
        tokens[range.lowerBound],
        "the delay '\(program.snippet(range))' is \(ValueFormatting.number(n)) s: its parameters'"
          + " values when the action runs without arguments")
    } else {
      d = try number(value, at: tokens[range.lowerBound])
    }
    guard d >= 0, d.isFinite else { throw skip("a delay must be 0 or more seconds") }
    return d
  }

  /// Whether the tokens from `i` spell `words`.
  func spells(_ words: [String], at i: Int, in s: Range<Int>) -> Bool {
    i + words.count <= s.upperBound
      && zip(tokens[i..<(i + words.count)], words).allSatisfy { $0.text == $1 }
  }

  /// `DispatchQueue.main.asyncAfter(deadline: .now() + D) { … }`: `after D { … }`.
  func scheduledBlock(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let words = ["DispatchQueue", ".", "main", ".", "asyncAfter", "("]
    guard s.upperBound - i > words.count + 3, spells(words, at: i, in: s) else { return false }
    let open = i + words.count - 1
    var close = program.closing(open, in: s)
    guard tokens[open + 1].isIdentifier("deadline"), tokens[open + 2].isPunctuation(":") else {
      return false
    }
    // The block: a trailing closure, or `execute: { … }` inside the parentheses.
    let block: Range<Int>
    if close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{"),
      program.closing(close + 1, in: s) == s.upperBound - 1
    {
      block = (close + 2)..<(s.upperBound - 1)
    } else if close == s.upperBound - 1, let comma = topLevelIndex(of: ",", in: (open + 1)..<close),
      comma + 3 < close, tokens[comma + 1].isIdentifier("execute"),
      tokens[comma + 2].isPunctuation(":"), tokens[comma + 3].isPunctuation("{"),
      program.closing(comma + 3, in: s) == close - 1
    {
      block = (comma + 4)..<(close - 1)
      close = comma  // the deadline ends at the comma
    } else if close == s.upperBound - 1, let comma = topLevelIndex(of: ",", in: (open + 1)..<close),
      comma + 4 == close, tokens[comma + 1].isIdentifier("execute"),
      tokens[comma + 2].isPunctuation(":"), tokens[comma + 3].kind == .identifier,
      case .closure(let body, _, _, _)? = try? variable(
        tokens[comma + 3].text, at: tokens[comma + 3])
    {
      // `execute: show`, a closure kept in a variable: its body.
      block = body
      close = comma
    } else {
      return false
    }
    // The deadline: `.now()` or `.now() + D` (also `DispatchTime.now()`).
    var d = open + 3
    if tokens[d].isIdentifier("DispatchTime") { d += 1 }
    guard d + 3 < close + 1, tokens[d].isPunctuation("."), tokens[d + 1].isIdentifier("now"),
      tokens[d + 2].isPunctuation("("), tokens[d + 3].isPunctuation(")")
    else {
      // A deadline worked out before (`let when = DispatchTime.now() + 2`).
      try delayed(try delay(until: (open + 3)..<close), block)
      return true
    }
    d += 4
    var delay = 0.0
    if d < close {
      guard tokens[d].isPunctuation("+") else {
        throw skip("only a deadline of .now() + SECONDS is scheduled")
      }
      delay = try seconds((d + 1)..<close)
    }
    try delayed(delay, block)
    return true
  }

  /// The dispatch clock's values, as times on the clock `CACurrentMediaTime()` reads: a
  /// deadline kept in a variable (`let when = DispatchTime.now() + 2`, `dispatch_time_t t =
  /// dispatch_time(DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC)`) is then a number the schedule
  /// subtracts `now` from. `.seconds(2)`, `.milliseconds(500)` (a `DispatchTimeInterval`) are
  /// seconds. Nil for any other call.
  func dispatchClock(
    _ v: ImportValue, _ labels: [String], _ values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) -> ImportValue? {
    switch (v, labels) {
    case (.constant(".now"), []), (.method(.type("DispatchTime"), "now"), []),
      (.method(.type("DispatchWallTime"), "now"), []):
      return .number(now)
    case (.type("dispatch_time"), ["_", "_"]):
      // DISPATCH_TIME_NOW is 0 in C: a time after now, in nanoseconds.
      switch values[0] {
      case .constant("DISPATCH_TIME_NOW"), .type("DISPATCH_TIME_NOW"), .number(0): break
      default: throw skip("only dispatch_time(DISPATCH_TIME_NOW, …) is read", at)
      }
      return .number(now + (try number(values[1], at: at)) / 1e9)
    case (.constant(let unit), ["_"]):
      guard let scale = Self.dispatchUnits[unit] else { return nil }
      return .number(try number(values[0], at: at) * scale)
    default:
      return nil
    }
  }

  /// `DispatchTimeInterval`'s cases, in seconds.
  static let dispatchUnits: [String: Double] = [
    ".seconds": 1, ".milliseconds": 1e-3, ".microseconds": 1e-6, ".nanoseconds": 1e-9,
  ]

  /// The delay until a deadline the code computed (`asyncAfter(deadline: when)`), a time on
  /// the clock `dispatchClock` gives.
  func delay(until deadline: Range<Int>) throws(ImportSkip) -> Double {
    let value = try expression(deadline)
    guard case .number(let t) = value else {
      throw skip("only a deadline of .now() + SECONDS is scheduled", tokens[deadline.lowerBound])
    }
    let d = t - now
    guard d >= 0, d.isFinite else { throw skip("a delay must be 0 or more seconds") }
    return d
  }

  /// `dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NANOSECONDS), QUEUE, ^{ … })`:
  /// `after SECONDS { … }`.
  func dispatchAfter(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard spells(["dispatch_after", "("], at: i, in: s) else { return false }
    let close = program.closing(i + 1, in: s)
    let timeClose: Int
    var delay = 0.0
    if spells(["dispatch_time", "(", "DISPATCH_TIME_NOW"], at: i + 2, in: s) {
      timeClose = program.closing(i + 3, in: s)
      if i + 5 < timeClose, tokens[i + 5].isPunctuation(",") {
        delay = try seconds((i + 6)..<timeClose) / 1e9
      }
    } else {
      // A deadline worked out before (`dispatch_after(popTime, …)`).
      guard let comma = topLevelIndex(of: ",", in: (i + 2)..<close) else {
        throw skip("only dispatch_time(DISPATCH_TIME_NOW, …) is scheduled")
      }
      timeClose = comma
      delay = try self.delay(until: (i + 2)..<comma)
    }
    if program.language == .swift, close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{"),
      program.closing(close + 1, in: s) == s.upperBound - 1
    {
      // Swift 2: `dispatch_after(time, dispatch_get_main_queue()) { … }`.
      try delayed(delay, (close + 2)..<(s.upperBound - 1))
      return true
    }
    if program.language == .swift,
      let brace = (timeClose..<close).first(where: {
        tokens[$0].isPunctuation("{") && program.closing($0, in: s) == close - 1
      })
    {
      // Swift 2, the closure as the last argument: `dispatch_after(time, queue, { () -> Void
      // in … })`.
      try delayed(delay, closureStart(brace, end: close - 1)..<(close - 1))
      return true
    }
    // The block: `^{ … }`, or `^(void) { … }` with its empty parameter list.
    guard let caret = (timeClose..<close).first(where: { tokens[$0].isPunctuation("^") }),
      let brace = (caret + 1..<close).first(where: { tokens[$0].isPunctuation("{") }),
      tokens[(caret + 1)..<brace].allSatisfy({
        $0.isPunctuation("(") || $0.isPunctuation(")") || $0.isIdentifier("void")
      })
    else { throw skip("only a block ^{ … } is scheduled") }
    let end = program.closing(brace, in: s)
    try delayed(delay, (brace + 1)..<end)
    return true
  }

  /// `DispatchQueue.main.async { … }` (also `async(execute:)`), `dispatch_async(
  /// dispatch_get_main_queue(), ^{ … })` and `OperationQueue.main.addOperation { … }`: the
  /// block runs on the main queue as soon as the code before it is done, so here it runs in
  /// place.
  func mainQueueBlock(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let forms = [
      // `dispatch_once(&token, ^{ … })`: the block runs, once: here, where it is written.
      ["dispatch_once", "("],
      ["DispatchQueue", ".", "main", ".", "async"],
      ["OperationQueue", ".", "main", ".", "addOperation"],
      ["dispatch_async", "(", "dispatch_get_main_queue", "(", ")"],
    ]
    guard forms.contains(where: { spells($0, at: i, in: s) }),
      let open = (i..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") }),
      program.closing(open, in: s) < s.upperBound
    else { return false }
    // A `return` in the block leaves the block only.
    _ = try body((open + 1)..<program.closing(open, in: s))
    return true
  }

  /// **(choice)** The helper apps define elsewhere to run a closure later, called as
  /// `delay(D) { … }` (also `after`, `runAfter`, `afterDelay`), when the file does not define
  /// it: `after D { … }`, as the helper does with `asyncAfter`.
  static let delayHelpers: Set<String> = ["delay", "after", "runAfter", "afterDelay"]

  func delayHelper(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard tokens[i].kind == .identifier, Self.delayHelpers.contains(tokens[i].text),
      i + 1 < s.upperBound, tokens[i + 1].isPunctuation("("),
      !program.functions.contains(where: { $0.name == tokens[i].text })
    else { return false }
    let close = program.closing(i + 1, in: s)
    guard close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{"),
      program.closing(close + 1, in: s) == s.upperBound - 1, close > i + 2
    else { return false }
    var argument = (i + 2)..<close
    if argument.count > 2, tokens[argument.lowerBound].kind == .identifier,
      tokens[argument.lowerBound + 1].isPunctuation(":")
    {
      argument = (argument.lowerBound + 2)..<argument.upperBound  // `delay(seconds: 1)`
    }
    try delayed(try seconds(argument), (close + 2)..<(s.upperBound - 1))
    warn(
      tokens[i],
      "\(tokens[i].text)(_:) is not in the file: taken as the usual helper that runs its"
        + " closure after that many seconds")
    return true
  }

  /// A block given with a delay, as categories of NSObject spell it (BlocksKit's
  /// `[self performBlock:^(id sender) { … } afterDelay:D]`, `bk_performBlock:afterDelay:`):
  /// `after D { … }`, as `dispatch_after` of the block would be.
  func blockAfterDelay(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard program.language == .objc, tokens[i].isPunctuation("["),
      let delayWord = s.first(where: {
        tokens[$0].isIdentifier("afterDelay") && $0 + 1 < s.upperBound
          && tokens[$0 + 1].isPunctuation(":")
      }),
      let caret = (i..<delayWord).first(where: { tokens[$0].isPunctuation("^") }), caret >= i + 3,
      tokens[caret - 1].isPunctuation(":"), tokens[caret - 2].text.hasSuffix("Block"),
      let open = (caret..<delayWord).first(where: { tokens[$0].isPunctuation("{") })
    else { return false }
    let close = program.closing(open, in: s)
    let end = program.closing(i, in: s)
    guard close + 1 == delayWord, end > delayWord + 2 else { return false }
    try delayed(try seconds((delayWord + 2)..<end), (open + 1)..<close)
    return true
  }

  /// `perform(#selector(m), with: nil, afterDelay: D)` and
  /// `[self performSelector:@selector(m) withObject:nil afterDelay:D]`: `after D run m`.
  func performAfterDelay(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard
      let delayWord = s.first(where: {
        tokens[$0].isIdentifier("afterDelay") && $0 + 1 < s.upperBound
          && tokens[$0 + 1].isPunctuation(":")
      }),
      s.contains(where: {
        tokens[$0].isIdentifier("perform") || tokens[$0].isIdentifier("performSelector")
      })
    else { return false }
    let last = s.upperBound - 1
    guard tokens[last].isPunctuation(")") || tokens[last].isPunctuation("]") else {
      throw skip("only perform(_:with:afterDelay:) on self is scheduled")
    }
    if try performWithObject(i, delayWord: delayWord, last: last, s) { return true }
    if let removal = viewRemoval(i..<delayWord) {
      // `[self performSelector:@selector(removeFromSuperview) … afterDelay:2]`: UIKit's own
      // method, not the file's: the view leaves then, with every layer it holds.
      add(.after(delay: try seconds((delayWord + 2)..<last), steps: removal))
      return true
    }
    let method = try selector(in: i..<delayWord)
    let delay = try seconds((delayWord + 2)..<last)
    if let f = plainMethod(method), try rescheduling(f, after: delay) {
      return true
    }
    add(.after(delay: delay, steps: [.run(method)]))
    return true
  }

  /// The method of the file, without arguments, that a block's only statement calls on
  /// `self` (`{ self.decay() }`, `{ [weak self] in self?.decay() }`, `^{ [self decay]; }`).
  private func selfCall(in body: Range<Int>) -> Int? {
    var t = Array(tokens[body])
    if program.language == .swift, let inWord = t.firstIndex(where: { $0.isIdentifier("in") }),
      t.first?.isPunctuation("[") == true
    {
      t.removeFirst(inWord + 1)
    }
    while t.last?.isPunctuation(";") == true { t.removeLast() }
    let name: String
    if t.count == 4, t[0].isPunctuation("["), t[1].isIdentifier("self"), t[3].isPunctuation("]"),
      t[2].kind == .identifier
    {
      name = t[2].text
    } else {
      if t.count >= 2, t[0].isIdentifier("self"),
        t[1].isPunctuation(".") || t[1].isPunctuation("?.")
      {
        t.removeFirst(2)
      }
      guard t.count == 3, t[0].kind == .identifier, t[1].isPunctuation("("), t[2].isPunctuation(")")
      else { return nil }
      name = t[0].text
    }
    return plainMethod(name)
  }

  /// The file's method `name` that takes no arguments and returns nothing.
  private func plainMethod(_ name: String) -> Int? {
    program.functions.firstIndex { $0.name == name && $0.parameters.isEmpty && !$0.returnsValue }
  }

  /// A method that schedules itself again (`func decay() { …; asyncAfter(…) { self.decay() }
  /// }`, `[self performSelector:@selector(decayStep) withObject:nil afterDelay:0.1]` inside
  /// `decayStep`), read where its first run schedules it: a timer whose tick is the method,
  /// every `delay` seconds, that ends at the first tick that does not schedule it again
  /// (`if (birthRate > 0) …`). Its ticks are read as a repeating timer's are
  /// (`unrolledTicks`); when they all do the same, it is `every delay` of the method. False
  /// when `f` is not running (the schedule is an ordinary one) or in an action.
  private func rescheduling(_ f: Int, after delay: Double) throws(ImportSkip) -> Bool {
    guard runningFunctions.contains(f), delay > 0 else { return false }
    if let ticking = reschedulingTick, ticking.function == f {
      // A tick being read schedules the next: the timer goes on.
      guard ticking.delay == nil || ticking.delay == delay else {
        throw skip("the method schedules itself after a delay that changes")
      }
      reschedulingTick = (f, true, delay)
      return true
    }
    guard recording.isEmpty, tickingTimer == nil, reschedulingTick == nil else { return false }
    let body = program.functions[f].body
    if let ticks = unrolledTicks(
      body, names: [], interval: delay, rescheduling: f, at: tokens[current.lowerBound])
    {
      for step in ticks { add(step) }
      return true
    }
    // Every tick the same: one read, then `every`.
    let saved = (objects, instance, frames, hostSublayers, ownLayer)
    reschedulingTick = (f, false, delay)
    let steps = recordSteps(program.statements(in: body))
    let again = reschedulingTick?.again == true
    reschedulingTick = nil
    // The import's own state is as before the ticks, unless a tick made layers or cells
    // (`every 2 { emitter … }`): its steps name them, so they stay.
    if objects.count == saved.0.count {
      (objects, instance, frames, hostSublayers, ownLayer) = saved
    }
    guard !steps.isEmpty else { return true }
    add(again ? .every(interval: delay, steps: steps) : .after(delay: delay, steps: steps))
    return true
  }

  /// The steps of `self`'s `removeFromSuperview` when `range` performs that selector (not a
  /// method of the file): `remove LAYER ifPresent` of each layer the view holds.
  private func viewRemoval(_ range: Range<Int>) -> [ImportStep]? {
    guard
      let sel = range.first(where: {
        tokens[$0].isIdentifier("#selector") || tokens[$0].isIdentifier("@selector")
      }), sel + 2 < range.upperBound, tokens[sel + 2].isIdentifier("removeFromSuperview"),
      !program.functions.contains(where: { $0.name == "removeFromSuperview" }),
      !hostSublayers.isEmpty
    else { return nil }
    return hostSublayers.map { removal(of: $0, what: "removeFromSuperview") }
  }

  /// `remove LAYER ifPresent` of object `o` for the statement being read (`what` names the
  /// call): removing a layer that is in no tree does nothing on iOS.
  func removal(of o: Int, what: String) -> ImportStep {
    .layer(
      object: o,
      commands: [
        ImportLayerCommand(
          verb: SceneCommands.remove.name, suffix: "", rest: AnimationCommands.ifPresent.name,
          what: what)
      ],
      at: tokens[current.lowerBound], statement: program.snippet(current))
  }

  /// `[self performSelector:@selector(stop:) withObject:emitter afterDelay:2]` (Swift
  /// `perform(#selector(stop(_:)), with: emitter, afterDelay: 2)`): the method's body, given
  /// that object, runs as a block after the delay. False when no object is passed.
  private func performWithObject(_ i: Int, delayWord: Int, last: Int, _ s: Range<Int>)
    throws(ImportSkip) -> Bool
  {
    guard
      let label = (i..<delayWord).first(where: {
        (tokens[$0].isIdentifier("withObject") || tokens[$0].isIdentifier("with"))
          && $0 + 1 < delayWord && tokens[$0 + 1].isPunctuation(":")
      }),
      let sel = (i..<label).first(where: {
        tokens[$0].isIdentifier("#selector") || tokens[$0].isIdentifier("@selector")
      }), sel + 2 < label, tokens[sel + 2].kind == .identifier
    else { return false }
    var end = delayWord
    if end > label + 2, tokens[end - 1].isPunctuation(",") { end -= 1 }  // Swift's `with: x,`
    let argument = (label + 2)..<end
    if argument.count == 1, ["nil", "NULL"].contains(tokens[argument.lowerBound].text) {
      return false
    }
    let name = tokens[sel + 2].text
    guard
      let f = program.functions.firstIndex(where: {
        $0.name == name && $0.parameters.count == 1 && !$0.returnsValue
      })
    else { throw skip("'\(name)' is not a method of this file that takes one object") }
    let value = try expression(argument)
    let delay = try seconds((delayWord + 2)..<last)
    called.insert(f)
    frames.append([program.functions[f].parameters[0]: value])
    defer { frames.removeLast() }
    try delayed(delay, program.functions[f].body)
    return true
  }

  /// The method a `#selector(m)` or `@selector(m)` in the range names: one without arguments.
  private func selector(in range: Range<Int>) throws(ImportSkip) -> String {
    let name: String
    if let sel = range.first(where: {
      tokens[$0].isIdentifier("#selector") || tokens[$0].isIdentifier("@selector")
    }), sel + 2 < range.upperBound, tokens[sel + 2].kind == .identifier {
      // `#selector(tick)`, also qualified: `#selector(StarsView.tick)`, `#selector(self.tick)`.
      var k = sel + 2
      while k + 2 < range.upperBound, tokens[k].kind == .identifier,
        tokens[k + 1].isPunctuation("."),
        tokens[k + 2].kind == .identifier
      {
        k += 2
      }
      name = String(tokens[k].text.prefix { $0 != ":" })
    } else {
      throw skip("a #selector(METHOD) is needed")
    }
    guard
      program.functions.contains(where: {
        $0.name == name && !$0.returnsValue
          && Self.takesOnlyEvents($0)
      })
    else { throw skip("'\(name)' is not a method of this file that can become an action") }
    return name
  }

  /// The steps of a timer's or a subscriber's closure opening at `opening`, after its
  /// parameters (`_ in`, `timer in`, `[weak self] _ in`).
  private func closureSteps(_ opening: Int, in s: Range<Int>) throws(ImportSkip) -> [ImportStep] {
    let end = program.closing(opening, in: s)
    var start = opening + 1
    if let word = (start..<min(end, start + 8)).first(where: { tokens[$0].isIdentifier("in") }),
      !(start..<word).contains(where: {
        tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("=")
          || tokens[$0].isPunctuation(".") || tokens[$0].isIdentifier("for")
      })
    {
      start = word + 1
    }
    return try block(start..<end)
  }

  /// Combine's timer: `Timer.publish(every: S, on: .main, in: .common).autoconnect().sink { _ in
  /// … }` (also `.sink(receiveValue: { … })`, `.receive(on:)` on the way, `.store(in:)` after):
  /// `every S { … }`, held by the variable it is given to, so that its `cancel()` ends it.
  private func combineTimer(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard
      let t = s.first(where: { spells(["Timer", ".", "publish", "("], at: $0, in: s) }),
      let sink = (t..<s.upperBound).first(where: { spells([".", "sink"], at: $0, in: s) })
    else { return false }
    let close = program.closing(t + 3, in: s)
    guard
      let label = (t + 4..<close).first(where: {
        $0 + 1 < close && tokens[$0].isIdentifier("every") && tokens[$0 + 1].isPunctuation(":")
      })
    else { throw skip("only Timer.publish(every:on:in:) is scheduled") }
    let interval = try seconds(
      (label + 2)..<(topLevelIndex(of: ",", in: (label + 2)..<close) ?? close))
    guard interval > 0 else { throw skip("a timer's interval must be more than 0 seconds") }
    let after = sink + 2
    var opening: Int? = nil
    if after < s.upperBound, tokens[after].isPunctuation("{") {
      opening = after
    } else if after < s.upperBound, tokens[after].isPunctuation("(") {
      let end = program.closing(after, in: s)
      opening = (after..<end).first(where: {
        $0 + 2 < end && tokens[$0].isIdentifier("receiveValue") && tokens[$0 + 2].isPunctuation("{")
      }).map { $0 + 2 }
    }
    guard let opening else { throw skip("a timer's sink is read with its receiveValue closure") }
    // `.store(in: &cancellables)`: the set that keeps the subscription is used.
    for k in s where tokens[k].isPunctuation("&") && k + 1 < s.upperBound {
      let name = tokens[k + 1].text
      if program.properties.contains(where: { $0.name == name }) { usedProperties.insert(name) }
    }
    return addTimer(
      i, s, repeats: true, interval: interval, steps: try closureSteps(opening, in: s))
  }

  /// `Timer.scheduledTimer(withTimeInterval: S, repeats: true) { _ in … }` (or `block: { … }`):
  /// `every S { … }` (`repeats: false`: `after S { … }`); with `timeInterval:target:selector:`,
  /// `every S run m`.
  func scheduledTimer(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    if try objcTimer(i, s) { return true }
    if try combineTimer(i, s) { return true }
    // Swift 3 on: `Timer.scheduledTimer(…)`; Swift 2: `NSTimer.scheduledTimerWithTimeInterval(
    // S, target:, selector:, userInfo:, repeats:)`, its interval unlabelled.
    var swift2 = false
    // A timer made but not yet scheduled (`Timer(timeInterval:repeats:)`, `Timer(fire:
    // interval:…)`), or a display link: kept until a run loop is given it (`madeTimer`).
    var made = false
    var link = false
    var open = 0
    guard
      s.contains(where: {
        if spells(["Timer", ".", "scheduledTimer", "("], at: $0, in: s) {
          open = $0 + 3
          return true
        }
        if spells(["NSTimer", ".", "scheduledTimerWithTimeInterval", "("], at: $0, in: s) {
          swift2 = true
          open = $0 + 3
          return true
        }
        for type in ["Timer", "NSTimer", "CADisplayLink"] {
          let dotted = spells([type, ".", "init", "("], at: $0, in: s)
          guard dotted || spells([type, "("], at: $0, in: s),
            $0 == s.lowerBound || !tokens[$0 - 1].isPunctuation(".")
          else { continue }
          (made, link) = (true, type == "CADisplayLink")
          open = $0 + (dotted ? 3 : 1)
          return true
        }
        return false
      })
    else { return false }
    let close = program.closing(open, in: s)
    func argument(_ label: String) -> Range<Int>? {
      guard
        let l = (open..<close).first(where: {
          // (An unclosed call at the file's end runs to its last token.)
          tokens[$0].isIdentifier(label) && $0 + 1 < close && tokens[$0 + 1].isPunctuation(":")
        })
      else { return nil }
      let end = topLevelIndex(of: ",", in: (l + 2)..<close) ?? close
      return (l + 2)..<end
    }
    if link {
      // `CADisplayLink(target: self, selector: #selector(step))`: `step` every frame.
      madeTimer(
        i, s, repeats: true, interval: Self.frameInterval,
        steps: try selectorSteps(argument("selector")))
      return true
    }
    let first =
      swift2 ? topLevelIndex(of: ",", in: (open + 1)..<close).map { (open + 1)..<$0 } : nil
    guard
      let interval = argument("withTimeInterval") ?? argument("timeInterval")
        ?? argument("interval") ?? first,
      let repeatsRange = argument("repeats")
    else { throw skip("only scheduledTimer(withTimeInterval:repeats:) is scheduled") }
    let s0 = try seconds(interval)
    guard s0 > 0 else { throw skip("a timer's interval must be more than 0 seconds") }
    guard case .bool(let repeats) = try expression(repeatsRange) else {
      throw skip("repeats must be true or false")
    }
    let steps: [ImportStep]
    // The block: a trailing closure, or the `block:` argument.
    var opening: Int? = nil
    if close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{") {
      opening = close + 1
    } else if let b = argument("block"), tokens[b.lowerBound].isPunctuation("{") {
      opening = b.lowerBound
    }
    if repeats, !made,
      let (body, names) = tickBody(
        opening.map { ($0 + 1)..<program.closing($0, in: s) }, selector: argument("selector"),
        held: timerVariable(i, s)),
      let ticks = unrolledTicks(body, names: names, interval: s0, at: tokens[i])
    {
      for step in ticks { add(step) }
      return true
    }
    if let opening {
      steps = try closureSteps(opening, in: s)
    } else {
      steps = try selectorSteps(argument("selector"))
    }
    if made {
      madeTimer(i, s, repeats: repeats, interval: s0, steps: steps)
      return true
    }
    return addTimer(i, s, repeats: repeats, interval: s0, steps: steps)
  }

  /// A repeating timer's block run tick after tick, when what it does changes from one tick
  /// to the next (`self.ticks += 1` then `birthRate = Float(ticks) * 50`; `emitter.birthRate
  /// -= 10`; a colour taken in turn from a list): each tick's property changes at its time
  /// (`after 0.5 …`, `after 1 …`), each tick reading what the ones before it set, up to the
  /// tick that invalidates the timer (by its block's parameter or the variable holding it).
  /// A timer that goes on is followed until its state (the variables it can read and what its
  /// ticks set) comes back to an earlier tick's, after which the ticks since then repeat
  /// (`every`), or for `Limits.maxImportTimerTicks` ticks, after which the last one's changes
  /// repeat, with a warning. **(choice)** A tick that does what the tick before it did is not
  /// written again. The import's own state is left as before the timer (its ticks come
  /// later). nil, for `every` of the first tick as before, when every tick does the same,
  /// when the block draws random numbers, when a tick does more than set properties and
  /// schedule such changes (makes, adds or removes a layer, runs an action). `body` is the
  /// block's statements or the target method's; `names` the names it invalidates the timer by.
  private func unrolledTicks(
    _ body: Range<Int>, names: Set<String>, interval: Double, rescheduling: Int? = nil,
    at: SourceToken
  ) -> [ImportStep]? {
    guard recording.isEmpty, tickingTimer == nil else { return nil }
    // A block that draws random numbers differs from tick to tick only by where it is in the
    // file's fixed stream: its first tick stands for all (as before).
    guard
      !program.tokens[body].contains(where: { t in
        t.kind == .identifier
          && (Self.randomFunctions.contains(t.text)
            || ["randomElement", "shuffled", "shuffle"].contains(t.text))
      })
    else { return nil }
    // What a tick does, as text to compare: property changes, and blocks of them it
    // schedules (`asyncAfter`); nil for anything else.
    func signature(_ steps: [ImportStep]) -> [String]? {
      var out: [String] = []
      for step in steps {
        switch step {
        case .set(let o, let a) where a.behaviorWords == nil:
          out.append("\(o) \(a.key) \(a.text) \(a.reachesCells)")
        case .after(let delay, let inner):
          guard let list = signature(inner) else { return nil }
          out.append("after \(delay) {\(list.joined(separator: "; "))}")
        default:
          return nil
        }
      }
      return out
    }
    let saved = (objects, instance, frames, hostSublayers, invalidated)
    tickingTimer = (names, false)
    defer {
      tickingTimer = nil
      reschedulingTick = nil
      (objects, instance, frames, hostSublayers, invalidated) = saved
    }
    var ticks: [[ImportStep]] = []
    var signatures: [[String]] = []
    // After each tick: the instance's variables, the variables of the code around the
    // block, and the value of every property a tick set.
    typealias State = (
      instance: [String: ImportValue], frames: [[String: ImportValue]], set: [String: ImportValue]
    )
    var states: [State] = []
    var touched: [String: ImportValue] = [:]
    // The ticks that repeat from the last one on, once the state comes back.
    var period: Int? = nil
    while ticks.count < Limits.maxImportTimerTicks, tickingTimer?.stopped != true {
      let count = objects.count
      if let rescheduling { reschedulingTick = (rescheduling, false, interval) }
      // A tick may set nothing (`if ticks == 5 { … }` before the fifth).
      let steps = recordSteps(program.statements(in: body))
      // A method that schedules itself ends at the tick that does not.
      if rescheduling != nil, reschedulingTick?.again != true { tickingTimer?.stopped = true }
      guard let list = signature(steps), objects.count == count else { return nil }
      // (`record` gave the objects each of its changes as it made them.)
      for case .set(let o, let a) in steps { touched["\(o) \(a.key)"] = a.value }
      ticks.append(steps)
      signatures.append(list)
      let state: State = (instance, frames, touched)
      if let back = states.lastIndex(where: {
        $0.instance == state.instance && $0.frames == state.frames && $0.set == state.set
      }) {
        // As after tick `back`: the ticks after it come again, and again.
        period = states.count - back
        states.append(state)
        break
      }
      states.append(state)
    }
    let stopped = tickingTimer?.stopped == true
    // A timer that ends itself is written tick by tick even when its ticks look alike
    // (`birthRate -= 0.25` until it reaches 0).
    guard ticks.count >= 2,
      stopped || !signatures.dropFirst().allSatisfy({ $0 == signatures[0] })
    else { return nil }
    // Whether tick `k` only sets what the tick before it set, to the same values (a change
    // relative to the value, `-= 0.25`, does something each time).
    func repeatsLast(_ k: Int) -> Bool {
      k > 0 && signatures[k] == signatures[k - 1]
        && !signatures[k].contains(where: { $0.contains("=") })
    }
    let cycle = stopped ? 0 : (period ?? 1)
    if !stopped, period == nil, signatures[ticks.count - 1] != signatures[ticks.count - 2] {
      warn(
        at,
        "this timer's block changes what it sets every tick: \(ticks.count) ticks are"
          + " followed, then the last one's changes repeat")
    }
    // Tick k's time (the first is one interval in), to the nanosecond.
    func time(_ k: Int) -> Double { (Double(k) * interval * 1e9).rounded() / 1e9 }
    var out: [ImportStep] = []
    // Each tick once, at its time, but the ones that repeat.
    for k in 0..<(ticks.count - cycle) where !ticks[k].isEmpty && !repeatsLast(k) {
      out.append(.after(delay: time(k + 1), steps: ticks[k]))
    }
    // The repeating ticks: each at its time, then every `cycle` ticks.
    for k in (ticks.count - cycle)..<ticks.count where !ticks[k].isEmpty {
      let repeating = ImportStep.every(interval: time(cycle), steps: ticks[k])
      let first = time(k + 1 - cycle)
      if first > 0 {
        out.append(.after(delay: first, steps: [repeating]))
      } else if first == 0 {
        out.append(repeating)
      } else {
        out.append(.after(delay: time(k + 1), steps: ticks[k] + [repeating]))
      }
    }
    return out
  }

  /// The statements a repeating timer runs each tick and the names they invalidate it by:
  /// its block's (`block`, inside the braces; its parameters are the names before them, `{
  /// timer in`, `^(NSTimer *timer) {`), or its target method's (`selector`: `#selector(tick)`,
  /// `@selector(tick:)`, with the method's parameters), and the variable holding it (`held`).
  private func tickBody(
    _ block: Range<Int>?, selector: Range<Int>?, held: String?
  ) -> (Range<Int>, Set<String>)? {
    var names: Set<String> = held.map { [$0] } ?? []
    if let block {
      if program.language == .swift {
        let parts = closureParts(block)
        return (parts.body, names.union(parts.parameters.filter { $0 != "_" }))
      }
      // `^(NSTimer * _Nonnull timer) {`: the name before the `)` that ends the parameters.
      var k = block.lowerBound - 2
      if k > 0, tokens[k].isPunctuation(")"), tokens[k - 1].kind == .identifier {
        k -= 1
        names.insert(tokens[k].text)
      }
      return (block, names)
    }
    guard let selector, let name = try? self.selector(in: selector),
      let f = program.functions.first(where: { $0.name == name && !$0.returnsValue })
    else { return nil }
    return (f.body, names.union(f.parameters))
  }

  /// **(choice)** A display link's interval: a frame of a 60 Hz screen.
  static let frameInterval = 1.0 / 60

  /// A timer or display link made but not yet given to a run loop (`let t = Timer(…)`,
  /// `link = CADisplayLink(…)`, `[NSTimer timerWithTimeInterval:…]`): kept by the variable's
  /// name until `RunLoop.main.add(t, forMode:)` (`link.add(to:forMode:)`, `addTimer:forMode:`,
  /// `addToRunLoop:forMode:`) schedules it (`runLoopAdd`). One never added never fires.
  private func madeTimer(
    _ i: Int, _ s: Range<Int>, repeats: Bool, interval: Double, steps: [ImportStep]
  ) {
    guard let name = timerVariable(i, s) else { return }
    madeTimers[name] = (repeats, interval, steps)
  }

  /// The variable statement `s` gives a timer to (`let t = …`, `self.timer = …`, `_timer =
  /// […]`); a property that holds it is used, not "not used by the setup code".
  @discardableResult
  private func timerVariable(_ i: Int, _ s: Range<Int>) -> String? {
    guard let eq = topLevelIndex(of: "=", in: i..<s.upperBound), eq > i,
      tokens[eq - 1].kind == .identifier
    else { return nil }
    let name = tokens[eq - 1].text
    for p in [name, String(name.drop(while: { $0 == "_" }))]
    where program.properties.contains(where: { $0.name == p }) {
      usedProperties.insert(p)
    }
    return name
  }

  /// A repeating timer of the setup code held by `name`, so that its `invalidate()` ends it:
  /// the index its `every` is about to take in `scheduled`.
  private func holdTimer(_ name: String, repeats: Bool) {
    guard repeats, recording.isEmpty else { return }
    heldTimers[name] = scheduled.count
  }

  /// `RunLoop.main.add(timer, forMode: .common)`, `link.add(to: .main, forMode: .common)`,
  /// `[[NSRunLoop mainRunLoop] addTimer:timer forMode:…]`, `[link addToRunLoop:… forMode:…]`:
  /// the made timer (`madeTimer`) is scheduled now, as `scheduledTimer` would have.
  func runLoopAdd(_ i: Int, _ s: Range<Int>) -> Bool {
    let adds = s.contains(where: {
      ["add", "addTimer", "addToRunLoop"].contains(tokens[$0].text)
        && tokens[$0].kind == .identifier
    })
    if adds, madeTimers.isEmpty || !s.contains(where: { madeTimers[tokens[$0].text] != nil }),
      s.contains(where: { tokens[$0].kind == .identifier && heldTimers[tokens[$0].text] != nil }),
      s.contains(where: { tokens[$0].text.contains("RunLoop") })
    {
      // A timer `scheduledTimer` already gave the run loop (`[[NSRunLoop mainRunLoop]
      // addTimer:self.timer forMode:NSRunLoopCommonModes]`, for scrolling): still one timer.
      return true
    }
    guard !madeTimers.isEmpty, adds,
      let k = s.first(where: {
        tokens[$0].kind == .identifier && madeTimers[tokens[$0].text] != nil
      }),
      let timer = madeTimers.removeValue(forKey: tokens[k].text)
    else { return false }
    holdTimer(tokens[k].text, repeats: timer.repeats)
    add(
      timer.repeats
        ? .every(interval: timer.interval, steps: timer.steps)
        : .after(delay: timer.interval, steps: timer.steps))
    return true
  }

  /// `[NSTimer scheduledTimerWithTimeInterval:S repeats:YES block:^(NSTimer *t) { … }]`:
  /// `every S { … }` (`repeats:NO`: `after S { … }`); with `target:self
  /// selector:@selector(m) userInfo:nil repeats:YES`, `every S run m`.
  private func objcTimer(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    var made = false
    guard program.language == .objc,
      let open = s.first(where: {
        if spells(["[", "NSTimer", "timerWithTimeInterval", ":"], at: $0, in: s)
          || spells(["[", "CADisplayLink", "displayLinkWithTarget", ":"], at: $0, in: s)
        {
          made = true
          return true
        }
        return spells(["[", "NSTimer", "scheduledTimerWithTimeInterval", ":"], at: $0, in: s)
      })
    else { return false }
    let close = program.closing(open, in: s)
    /// A part of the message: from after `label:` to the next part at the same depth.
    func argument(_ label: String) -> Range<Int>? {
      var depth = 0
      var start: Int? = nil
      for j in (open + 1)..<close {
        let t = tokens[j]
        if t.kind == .punctuation {
          if ["(", "[", "{"].contains(t.text) { depth += 1 }
          if [")", "]", "}"].contains(t.text) { depth -= 1 }
        }
        guard depth == 0, t.kind == .identifier, j + 1 < close, tokens[j + 1].isPunctuation(":")
        else { continue }
        if let start { return start..<j }
        if t.text == label { start = j + 2 }
      }
      return start.map { $0..<close }
    }
    if tokens[open + 1].isIdentifier("CADisplayLink") {
      madeTimer(
        i, s, repeats: true, interval: Self.frameInterval,
        steps: try selectorSteps(argument("selector")))
      return true
    }
    guard
      let interval = argument("scheduledTimerWithTimeInterval")
        ?? argument("timerWithTimeInterval"),
      let repeatsRange = argument("repeats")
    else { throw skip("only scheduledTimerWithTimeInterval:…repeats:… is scheduled") }
    let s0 = try seconds(interval)
    guard s0 > 0 else { throw skip("a timer's interval must be more than 0 seconds") }
    guard case .bool(let repeats) = try expression(repeatsRange) else {
      throw skip("repeats must be YES or NO")
    }
    let steps: [ImportStep]
    let brace = argument("block").flatMap { b in b.first(where: { tokens[$0].isPunctuation("{") }) }
    if repeats, !made,
      let (body, names) = tickBody(
        brace.map { ($0 + 1)..<program.closing($0, in: s) },
        selector: argument("selector"),
        held: objcDeclaration(i, s).flatMap { $0.1 != nil ? $0.0 : nil } ?? timerVariable(i, s)),
      let ticks = unrolledTicks(body, names: names, interval: s0, at: tokens[i])
    {
      for step in ticks { add(step) }
      return true
    }
    if let block = argument("block") {
      guard let brace else {
        throw skip("a timer's block is written in place: ^(NSTimer *timer) { … }")
      }
      steps = try self.block((brace + 1)..<program.closing(brace, in: block))
    } else {
      steps = try selectorSteps(argument("selector"))
    }
    if made {
      madeTimer(i, s, repeats: repeats, interval: s0, steps: steps)
      return true
    }
    return addTimer(i, s, repeats: repeats, interval: s0, steps: steps)
  }

  /// A timer's target method, when it has no block: `run m`.
  private func selectorSteps(_ sel: Range<Int>?) throws(ImportSkip) -> [ImportStep] {
    guard let sel else { throw skip("a timer needs a block or a selector") }
    return [.run(try selector(in: sel))]
  }

  /// A timer's `every` (or, not repeating, `after`), held when the code keeps it.
  private func addTimer(
    _ i: Int, _ s: Range<Int>, repeats: Bool, interval: Double, steps: [ImportStep]
  ) -> Bool {
    hold(i, s, repeats: repeats)
    add(repeats ? .every(interval: interval, steps: steps) : .after(delay: interval, steps: steps))
    return true
  }

  /// `let timer = Timer.scheduledTimer(…)` (`NSTimer *timer = […]`; a property it is given
  /// to, `self.ticker = …`) in setup code: the timer is held, so a later `timer.invalidate()`
  /// ends it.
  private func hold(_ i: Int, _ s: Range<Int>, repeats: Bool) {
    let variable = timerVariable(i, s)
    if program.language == .swift {
      guard let variable else { return }
      holdTimer(variable, repeats: repeats)
    } else if let (name, eq) = objcDeclaration(i, s), eq != nil {
      holdTimer(name, repeats: repeats)
    } else if let variable {
      holdTimer(variable, repeats: repeats)  // `self.timer = [NSTimer scheduledTimer…]`
    }
  }
}
