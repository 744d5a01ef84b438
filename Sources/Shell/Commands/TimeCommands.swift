import Core

/// Time: step, time, fire, after, at, every, timers.
enum TimeCommands {
  static let all: [Command] = [step, time, fire, after, at, every, timers]

  static let step = Command(
    name: "step", usage: "step DT [COUNT] | step to TIME",
    abstract:
      "advance the clock COUNT times (default 1) by DT seconds, or to the scene time TIME"
      + " (no earlier than now, at most 1e9 s ahead, landing on exactly that number)",
    examples: ["step 0.016 10", "step 1.6", "step to 2.5"],
    hints: [.keywords(["to"]), .none], effect: .clock
  ) { s, inv throws(Diagnostic) in
    if let first = inv.args.first, first.text == "to", !first.quoted {
      try stepTo(s, inv)
      return
    }
    try inv.expectAtMost(2)
    let dtToken = try inv.argument(1, "DT")
    let dt = try inv.number(dtToken, range: -1e300...1e300, what: "step duration")
    guard dt > 0 else {
      throw inv.error(
        "a step must move time forward", hint: "DT is a positive number of seconds",
        at: dtToken)
    }
    guard dt <= Limits.maxStep else {
      throw inv.error(
        "a step is at most \(Limits.quoted(Limits.maxStep)) seconds", at: dtToken)
    }
    var count = 1.0
    if inv.args.count > 1 {
      count = try inv.number(
        inv.text.tokens[2], range: 1...Limits.maxStepCount, what: "step count", integer: true)
    }
    let start = s.scene.now
    try s.checkScheduledRuns(to: snapped(start + dt * count), for: inv.text)
    for i in 1...Int(count) {
      // Each target is computed from the start, so rounding does not accumulate, and snapped
      // to a nanosecond when it is that close (0.2 × 3 is 0.6, not 0.6000000000000001).
      try s.advance(to: snapped(start + dt * Double(i)), for: inv.text)
      s.progress?.update(i, of: Int(count), "steps")
    }
  }

  /// `step to TIME`: an advance to exactly TIME (the Double its text reads as, not snapped), so
  /// a saved history that writes the clock's shortest round-trip text lands on the same clock.
  /// TIME may equal now: the commands scheduled for now then run. A move longer than one step
  /// may take (animated emission evaluated ms by ms, births decided one by one at the particle
  /// cap) is made in pieces that each may: the state does not depend on how time is cut, and a
  /// saved history merges into one `step to` steps that were each within those limits.
  private static func stepTo(_ s: Session, _ inv: Invocation) throws(Diagnostic) {
    try inv.expectAtMost(2)
    let token = try inv.argument(2, "TIME")
    let t = try inv.number(token, range: -1e300...1e300, what: "time")
    let now = s.scene.now
    guard t >= now else {
      throw inv.error(
        "time \(ValueFormatting.number(t)) is already past",
        hint: "the clock is at \(ValueFormatting.number(now))", at: token)
    }
    guard t <= now + Limits.maxStep else {
      throw inv.error(
        "a step is at most \(Limits.quoted(Limits.maxStep)) seconds",
        hint: "the clock is at \(ValueFormatting.number(now))", at: token)
    }
    try advance(s, inPiecesTo: t, for: inv.text)
  }

  /// Advances the clock to exactly `t` (no earlier than now) in pieces that each stay within
  /// the limits of one step, as `step to` does (also `sweep`'s panels).
  static func advance(_ s: Session, inPiecesTo t: Double, for cmd: CommandText) throws(Diagnostic) {
    try s.checkScheduledRuns(to: t, for: cmd)
    repeat {
      let start = s.scene.now
      let end =
        pieceEnd(from: start, to: t) { x in
          s.scene.emissionGridCells(to: x) <= Limits.maxEmissionGridCells
            && s.scene.capDecisions(to: x) <= Limits.maxCapDecisions
            && s.scene.attractorWork(to: x) <= Limits.maxAttractorWork
        } ?? t
      try s.advance(to: end, for: cmd)
      guard s.scene.now > start else { break }
    } while s.scene.now < t
  }

  /// The furthest end, halving from `t`, of a piece of time from `now` that `fits`; nil when
  /// not even a tiny piece does (the step to `t` is then refused for its own reason).
  static func pieceEnd(from now: Double, to t: Double, fits: (Double) -> Bool) -> Double? {
    var end = t
    for _ in 0..<64 {
      if fits(end) { return end }
      let half = now + (end - now) / 2
      guard half > now, half < end else { return nil }
      end = half
    }
    return nil
  }

  /// `t` rounded to a whole nanosecond when it lies within 1e-12 (relative) of one.
  static func snapped(_ t: Double) -> Double {
    let ns = (t * 1e9).rounded() / 1e9
    return abs(ns - t) <= 1e-12 * max(1, abs(t)) ? ns : t
  }

  static let time = Command(
    name: "time", usage: "time", abstract: "print the scene clock (seconds)", examples: ["time"],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    // Shown to the nanosecond: 3.233333333, not 3.2333333333333334.
    s.sink.out(ValueFormatting.number((s.scene.now * 1e9).rounded() / 1e9) + "\n")
  }

  static let fire = Command(
    name: "fire", usage: "fire LAYER SECONDS [RATE]",
    abstract:
      "start an emitter now (beginTime = now, birthRate = RATE, default 1) and set its"
      + " birthRate back to 0 after SECONDS",
    examples: ["fire like 0.15", "fire like 0.1 2"], hints: [.layer, .none, .none]
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(3)
    let layerToken = try inv.argument(1, "LAYER")
    let id = try inv.layer(layerToken, in: s.scene.model)
    guard s.scene.model.layer(id)?.kind == .emitter else {
      throw inv.error("'\(layerToken.text)' is not an emitter layer", at: layerToken)
    }
    let seconds = try inv.number(
      try inv.argument(2, "SECONDS"), range: 0...1e9, what: "fire duration")
    var rate = 1.0
    if inv.args.count > 2 {
      rate = try inv.number(inv.text.tokens[3], range: 0...1e7, what: "fire rate")
    }
    let begin = PropertyRef(object: .layer(id), name: "beginTime", field: nil)
    let birth = PropertyRef(object: .layer(id), name: "birthRate", field: nil)
    // beginTime is in the parent's time: "now" as the parent layer sees it.
    let parent = s.scene.model.layer(id)?.parent ?? SceneModel.rootID
    s.scene.model.apply(.number(s.scene.localTime(of: parent, at: s.scene.now)), to: begin)
    s.scene.model.apply(.number(rate), to: birth)
    s.schedule(.stopFire(id), at: s.scene.now + seconds)
  }

  static let after = Command(
    name: "after", usage: "after SECONDS COMMAND",
    abstract: "run COMMAND when the clock reaches now + SECONDS",
    discussion:
      "COMMAND may be a block { COMMAND; COMMAND … }, which runs as one command: if any part"
      + " of it fails, the scene is as before the block.",
    examples: [
      "after 0.1 set like.emitterCells.sparkle.birthRate 0",
      "after 0.2 { set like.birthRate 0; echo done }",
    ],
    hints: [.none, .command]
  ) { s, inv throws(Diagnostic) in
    let delay = try inv.number(
      try inv.argument(1, "SECONDS"), range: 0...1e12, what: "delay")
    try scheduleTail(s, inv, at: s.scene.now + delay)
  }

  static let at = Command(
    name: "at", usage: "at TIME COMMAND", abstract: "run COMMAND when the clock reaches TIME",
    examples: ["at 2.5 set like.birthRate 0"], hints: [.none, .command]
  ) { s, inv throws(Diagnostic) in
    let token = try inv.argument(1, "TIME")
    let t = try inv.number(token, range: 0...1e12, what: "time")
    guard t >= s.scene.now else {
      throw inv.error(
        "time \(ValueFormatting.number(t)) is already past",
        hint: "the clock is at \(ValueFormatting.number(s.scene.now))", at: token)
    }
    try scheduleTail(s, inv, at: t)
  }

  /// Schedules the words after the time as a command, checking that the command exists.
  private static func scheduleTail(_ s: Session, _ inv: Invocation, at t: Double)
    throws(Diagnostic)
  {
    let nameToken = try inv.argument(2, "COMMAND")
    guard s.commands.lookup(nameToken.text) != nil || nameToken.braced else {
      throw s.unknownCommand(nameToken, in: inv.line)
    }
    var scheduled = inv.text
    scheduled.tokens = Array(inv.text.tokens.dropFirst(2))
    try s.check(scheduled, depth: s.nesting + 1)
    s.schedule(.command(scheduled), at: t)
  }

  static let every = Command(
    name: "every", usage: "every SECONDS COMMAND [until TIME]",
    abstract:
      "run COMMAND at now + SECONDS, now + 2×SECONDS, … (up to the scene time TIME, inclusive;"
      + " without until, for ever)",
    discussion:
      "Each run is at an exact scene time, so how the clock is stepped never changes how often or"
      + " when it runs. SECONDS is at least \(ValueFormatting.number(Limits.minTimerInterval))."
      + " COMMAND (often a block { … }) may not move the clock or load a script. A run that"
      + " fails is undone and stops the timer. timers lists the timers and cancel every ID"
      + " stops one. Write a COMMAND whose own last words are until X as a block.",
    examples: [
      "every 0.5 fire like 0.1", "every 0.25 { set like.birthRate 0; echo tick } until 3",
      "every 1 { fire like 0.1; after 0.5 echo done } until 10",
    ],
    hints: [.none, .command], trailingClause: "until", bodyRefuses: true
  ) { s, inv throws(Diagnostic) in
    let secondsToken = try inv.argument(1, "SECONDS")
    let interval = try inv.number(secondsToken, range: 0...1e12, what: "interval")
    guard interval >= Limits.minTimerInterval else {
      throw inv.error(
        "a timer's interval is at least \(ValueFormatting.number(Limits.minTimerInterval)) s",
        hint: "timers run at most every \(ValueFormatting.number(Limits.minTimerInterval * 1000))"
          + " ms, as often as Burst samples an animation", at: secondsToken)
    }
    _ = try inv.argument(2, "COMMAND")
    guard let body = Session.body(of: inv.text, inv.command) else {
      throw inv.usageError("missing COMMAND")
    }
    try s.check(
      body, refusing: [.clock, .script], why: "cannot run inside 'every': it \(Session.refusal)",
      depth: s.nesting + 1)
    let now = s.scene.now
    var timer = RepeatingTimer(
      id: s.nextTimerID, body: body, definition: inv.text, start: now, interval: interval,
      until: nil, index: 1)
    if body.tokens.count < inv.args.count - 1 {
      let untilToken = inv.text.tokens[inv.text.tokens.count - 1]
      let until = try inv.number(untilToken, range: 0...1e12, what: "until time")
      guard until >= timer.time(1) else {
        throw inv.error(
          "the first run would be at \(ValueFormatting.number(timer.time(1))), after until"
            + " \(ValueFormatting.number(until))",
          hint:
            "until is a scene time, not a duration; the clock is at \(ValueFormatting.number(now))",
          at: untilToken)
      }
      timer.until = until
    }
    s.nextTimerID += 1
    s.schedule(.timer(timer), at: timer.time(1))
  }

  static let timers = Command(
    name: "timers", usage: "timers",
    abstract: "list the repeating timers (every) with their next run",
    examples: ["timers"], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(0)
    var lines: [(Int, String)] = []
    for e in s.events {
      guard case .timer(let t) = e.action else { continue }
      lines.append(
        (t.id, "timer \(t.id): \(t.definition.source)  (next at \(Session.clockText(e.time)))"))
    }
    guard !lines.isEmpty else {
      s.sink.out("no timers\n")
      return
    }
    for (_, line) in lines.sorted(by: { $0.0 < $1.0 }) { s.sink.out(line + "\n") }
  }
}
