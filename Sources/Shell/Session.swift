import Core

/// One running Burst: the scene, the clock's scheduled commands, and where output goes.
/// Every command goes through `execute`, which leaves the model and the schedule exactly as
/// they were when the command fails.
final class Session {
  var scene = Scene()
  /// Everything besides the scene that a failed command restores, as one value (`Undoable`):
  /// a field added there is undone with the rest. The properties below read and write it.
  var undoable = Undoable()
  var events: [ScheduledEvent] {
    get { undoable.events }
    set { undoable.events = newValue }
  }
  var nextSequence: Int {
    get { undoable.nextSequence }
    set { undoable.nextSequence = newValue }
  }
  /// Named actions in the order they were first defined.
  var actions: [NamedAction] {
    get { undoable.actions }
    set { undoable.actions = newValue }
  }
  /// The number the next repeating timer gets.
  var nextTimerID: Int {
    get { undoable.nextTimerID }
    set { undoable.nextTimerID = newValue }
  }
  /// The actions being run, to refuse an action that runs itself.
  var runningActions: [String] = []
  /// Scheduled commands run so far by the current top-level command (`Limits.maxScheduledRuns`).
  var scheduledRunsThisCommand = 0.0
  private(set) var sink: OutputSink
  /// Columns for `show` and `keys` when no size is given (the terminal's width, or 80).
  var defaultColumns = 80
  /// The terminal's height in rows, when known: plain `show` fits it, leaving room for the
  /// prompt.
  var defaultRows: Int? = nil
  /// Columns that prose (`help`, `explain`, lesson text) is wrapped to: the terminal's width
  /// (or COLUMNS), else `HelpText.columnsWithoutTerminal`.
  var textColumns = HelpText.columnsWithoutTerminal
  /// Shows long text one screen at a time (`Pager`), set only at an interactive prompt whose
  /// output is a terminal; returns false when it could not, and the text is printed instead.
  var pager: ((String) -> Bool)? = nil
  /// Whether `show` uses ANSI colour when neither ascii nor ansi is given (a colour terminal
  /// that --color and NO_COLOR allow).
  var colorByDefault = false
  /// The format plain `show` and `play` use, as `--graphics` chose it (or `auto` detected a
  /// pixel format); nil leaves `show` to `colorByDefault` and `play` to ansi.
  var graphics: TerminalFormat? = nil
  /// The size of a character cell in pixels, for the pixel formats (the program asks the
  /// terminal; tests and pipes get the fallback).
  var cellPixels: () -> CellSize = { .fallback }
  /// Scripts being loaded, to refuse `load` cycles.
  var loading: [String] = []
  /// Every file `load` and `import` read, in order, for `--watch` to watch as well.
  var filesRead: [String] = []
  /// The script `reload` runs again: the last file a top-level `load` (or the command line)
  /// ran.
  var lastScript: String? = nil
  /// While `--watch` runs a script: the commands that write files or take over the terminal
  /// are skipped (`Watch.skips`), and their names are kept here for its summary.
  var watchSkipped: [String]? = nil
  /// Set by `quit`.
  var quitRequested = false
  /// At an interactive prompt, `quit`, `exit`, Ctrl-D and `reset` refuse once to throw away
  /// changes that no `save` wrote (docs/semantics.md, "Unsaved changes"); scripts never ask.
  var asksBeforeDiscarding = false
  /// The history as `save FILE` last wrote it or a top-level `load` left it.
  var savedMark = HistoryRecorder.Mark()
  /// The history when a discard was last refused: asked once, the same discard goes ahead.
  var discardAskedAt: HistoryRecorder.Mark? = nil
  /// How many commands enclose the one being run: blocks and `run` (`Limits.maxCommandDepth`).
  /// A scheduled command runs at 0: it was checked where it was written.
  var nesting = 0
  /// How many scheduled commands are running inside one another: one that moves the clock
  /// (`after 0.2 step 0.1`) fires those it reaches while it runs (`Limits.maxCommandDepth`).
  var firing = 0
  /// Set when `firing` passed its bound: the error then ends every scheduled command it is
  /// inside, and the command that moved the clock fails with it, once.
  var firingTooDeep = false
  /// Warnings already given by the current command (each is given once per command).
  var warnedThisCommand: Set<String> {
    get { undoable.warned }
    set { undoable.warned = newValue }
  }
  /// A scheduled command that failed while the clock ran (already printed). The step that ran
  /// it is not undone — time has passed — but a script stops after that step.
  var scheduledFailure: Diagnostic?
  let commands = CommandTable.standard
  /// Decoded image files, shared by file identity (see `loadImageIfNeeded`).
  let imageCache: ImageCache
  /// The stamps terminal text frames draw small sprites from (``SpriteStamps``), kept between
  /// frames so that `play` makes each only once.
  let stamps = SpriteStamps()
  /// History hook: what `save` writes (History.swift), kept in step with the checkpoints.
  var history = HistoryRecorder()
  /// Whether commands that only print or write files (`CommandEffect.display`) are skipped:
  /// so in a `sweep` panel, where scheduled commands run but print nothing.
  var skipsDisplayCommands = false
  /// The lesson being followed (`learn N`), checked after each command (LessonSession.swift).
  var lesson: LessonState? = nil
  /// The lessons finished in this session, every step's goals met (none skipped): `learn`
  /// marks them. Kept by `reset`, `load` and `learn quit`, which change the scene, not what the
  /// user has learnt.
  var finishedLessons: Set<Int> = []

  init(sink: OutputSink, imageCache: ImageCache = ImageCache()) {
    self.sink = sink
    self.imageCache = imageCache
    scene.workers = .everyCore
    scene.fonts = FontFaces.system
  }

  /// Prints `text`, through the pager when there is one, the text is longer than the
  /// terminal, and the command was typed (not run by a script `load` reads).
  func page(_ text: String) {
    if let pager, loading.isEmpty, Pager.isLong(text, rows: defaultRows ?? 24), pager(text) {
      return
    }
    sink.out(text)
  }

  // MARK: - Unsaved changes

  /// Whether the scene holds changes that no `save FILE` wrote and no `load` read: its history
  /// grew since (a new or reset scene has none).
  var hasUnsavedChanges: Bool { !history.entries.isEmpty && history.mark != savedMark }

  /// Whether a command typed at the prompt (`quit`, `reset`) or Ctrl-D may throw the scene
  /// away now: false the first time it would lose unsaved changes at an interactive prompt,
  /// true when asked already with nothing changed since, in scripts, and inside other commands.
  func mayDiscard() -> Bool {
    guard asksBeforeDiscarding, nesting == 0, checkpoints.count <= 1, loading.isEmpty,
      hasUnsavedChanges
    else { return true }
    if discardAskedAt == history.mark { return true }
    discardAskedAt = history.mark
    return false
  }

  /// What a refused discard says.
  static let unsavedChanges = "the scene has unsaved changes"

  /// The hint of a refused discard.
  static func discardHint(_ again: String) -> String {
    "\(again) again to throw them away, or save FILE first"
  }

  // MARK: - Running text

  /// Runs a whole script. Returns the first error (already printed, unless it is a Ctrl-C
  /// inside a loaded script, which the outermost command prints), or nil.
  @discardableResult
  func run(source: String, file: String) -> Diagnostic? {
    for logical in Lexer.logicalLines(source, firstLine: 1) {
      if quitRequested { return nil }
      let line = SourceLine(
        file: file, number: logical.number, text: logical.text, breaks: logical.breaks)
      do throws(Diagnostic) {
        for cmd in try Lexer.commands(inLine: line) {
          try checkInterrupt()
          try execute(cmd)
          if let failure = scheduledFailure {
            scheduledFailure = nil
            return failure
          }
          if quitRequested { return nil }
        }
      } catch {
        var e = error
        // A Ctrl-C inside a loaded script is told by the outermost command.
        if !e.isInterrupt || checkpoints.isEmpty {
          stampInterrupt(&e)
          report(e)
        }
        return e
      }
    }
    return nil
  }

  /// Runs one line typed at the prompt. An error is printed; the scene is as before the
  /// failing command (or, once the clock moved, as after its last completed step).
  func runPromptLine(_ text: String, number: Int, breaks: [SourceLine.LineBreak] = []) {
    let line = SourceLine(file: "<prompt>", number: number, text: text, breaks: breaks)
    do throws(Diagnostic) {
      for cmd in try Lexer.commands(inLine: line) {
        try checkInterrupt()
        try execute(cmd)
        scheduledFailure = nil
        if quitRequested { return }
      }
    } catch {
      var e = error
      stampInterrupt(&e)
      report(e)
    }
  }

  /// The line a command that wrote a file ends with, in one style for every write: what it
  /// wrote and where (`wrote 60 frames to like.cast`), then what to do with it, if anything.
  func wrote(_ what: String, to path: String, then next: String? = nil) {
    sink.out("wrote \(what) to \(path)" + (next.map { "; " + $0 } ?? "") + "\n")
  }

  /// How many commands a script holds, as `load` would run them (a block is one).
  static func commandCount(in script: String) -> Int {
    Lexer.logicalLines(script, firstLine: 1).reduce(0) { n, l in
      let line = SourceLine(file: "", number: l.number, text: l.text, breaks: l.breaks)
      return n + ((try? Lexer.commands(inLine: line))?.count ?? 0)
    }
  }

  /// `n` and the noun, singular for 1 (`1 command`, `12 commands`).
  static func counted(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)" + (n == 1 ? "" : "s")
  }

  func report(_ d: Diagnostic) {
    guard !d.reported else { return }
    sink.err(d.rendered())
  }

  /// Whether the last step was ended early by Ctrl-C.
  private var lastStopped = false

  /// Births the particle cap dropped during the current top-level command.
  var droppedThisCommand = 0

  /// Tells how many births the cap dropped during the command, once, with the exact number.
  private func warnDropped(at cmd: CommandText) {
    let n = droppedThisCommand
    guard n > 0 else { return }
    droppedThisCommand = 0
    warn(
      "\(n) \(n == 1 ? "birth was" : "births were") dropped: the scene holds at most "
        + "maxParticles = \(scene.model.root.settings.maxParticles) particles",
      hint: "raise it with: set scene maxParticles=N", at: cmd)
  }

  /// Warns, once per command, that `value` is a colour with a component outside 0…1.
  func warnExtendedRange(_ value: PropertyValue, at cmd: CommandText) {
    guard PropertyKind.isExtendedRange(value) else { return }
    warn(
      "colour components outside 0…1 are extended-range sRGB: kept as given, but Burst's"
        + " renderer clamps them to 0…1 when drawing", at: cmd)
  }

  /// Prints a warning about a command once per command.
  func warn(_ message: String, hint: String? = nil, at cmd: CommandText) {
    guard !warnedThisCommand.contains(message) else { return }
    warnedThisCommand.insert(message)
    let d = Diagnostic(
      message, hint: hint, at: cmd.line, column: cmd.tokens.first?.column ?? 1,
      length: cmd.tokens.first?.length ?? 1, severity: .warning)
    sink.err(d.rendered())
  }

  /// What `execute` restores when a command fails: the scene (model, particles, images), the
  /// schedule and the warnings given, as they were before the command. Holding `scene` costs
  /// nothing (copy-on-write) as long as nobody writes the particle arrays; the first move of
  /// the clock lets go of it (see `clockWillMove`), so a step never copies the particle store.
  struct Checkpoint {
    /// Nil once the clock moved (or for a display command): see above.
    var scene: Scene?
    /// The rest of what a failure restores, whole.
    var state: Undoable
    /// The clock moved since the checkpoint: failure keeps the scene as it is now.
    var clockMoved = false
    /// The command is undone whole (`Command.undoneWhole`): the scene is kept even when the
    /// clock moves, and restored on failure.
    var keepsScene = false
  }

  /// One checkpoint per command being executed (a scheduled or loaded command nests).
  var checkpoints: [Checkpoint] = []

  /// The terminal `play` draws on, in character cells: standard output's when it is a
  /// terminal, else nil (tests supply one).
  var playTerminal: () -> (columns: Int, rows: Int)? = {
    Terminal.isTerminal(1) ? Playback.terminalSize() : nil
  }

  /// Polled at safe points; true once Ctrl-C was pressed (tests inject their own).
  var interruptRequested: () -> Bool = { false }
  /// The progress line of long commands (standard error on a terminal; nil otherwise).
  var progress: ProgressLine?

  /// Forgets a Ctrl-C pressed between prompt lines (`Burst.promptLoop`).
  var acknowledgeInterrupt: () -> Void = {}

  /// Runs one command. When it fails (or is interrupted) before the clock moved, the scene,
  /// schedule and warnings are restored exactly; after the clock moved they are kept as after
  /// the last completed step, and the diagnostic says which time that is.
  func execute(_ cmd: CommandText) throws(Diagnostic) {
    guard let nameToken = cmd.tokens.first else { return }
    // Actions that run actions: each run is a level, as a block is.
    guard nesting <= Limits.maxCommandDepth else {
      throw Self.tooDeep(nameToken, in: cmd.line)
    }
    let command: Command
    if nameToken.braced {
      command = Self.block(effect: try check(cmd))
    } else if let c = commands.lookup(nameToken.text) {
      command = c
    } else {
      throw unknownCommand(nameToken, in: cmd.line)
    }
    if skipsDisplayCommands && command.effect == .display { return }
    if watchSkipped != nil, Watch.skips(command, cmd) {
      watchSkipped?.append(command.name)
      return
    }
    let nested = !checkpoints.isEmpty
    if !nested {
      warnedThisCommand = []
      droppedThisCommand = 0
      scheduledRunsThisCommand = 0
      progress?.begin()
    }
    // Births dropped at the cap are summed over the whole command and told once; a progress
    // line is erased before anything else is printed.
    defer {
      if !nested {
        progress?.end()
        warnDropped(at: cmd)
      }
    }
    checkpoints.append(
      Checkpoint(
        scene: command.effect == .display ? nil : scene, state: undoable,
        keepsScene: command.undoneWhole))
    history.willRun(command.effect, model: scene.model)  // history hook
    do throws(Diagnostic) {
      let bound = try bindingFreshNames(cmd, command)
      try command.run(self, Invocation(command: command, text: bound))
      checkpoints.removeLast()
      history.didRun(cmd, in: self)  // history hook
      if !nested && lesson != nil && command.effect != .display { checkLesson() }  // lesson hook
    } catch {
      let saved = checkpoints.removeLast()
      history.didFail(clockMoved: saved.clockMoved, now: scene.now)  // history hook
      var e = error
      if saved.clockMoved {
        e.stateNote =
          "the scene is as after the last completed step, at t = \(Session.clockText(scene.now)) s"
      } else {
        if let kept = saved.scene { scene = kept }
        undoable = saved.state
      }
      if e.reported && saved.clockMoved && !nested {
        sink.err(
          "  note: the clock had moved: the scene is as the script left it, at t = \(Session.clockText(scene.now)) s\n"
        )
      }
      if e.isInterrupt && !nested {
        stampInterrupt(&e, undone: !saved.clockMoved)
        e.stateNote = nil
      }
      throw e
    }
  }

  /// Says where a Ctrl-C left the clock, once (the innermost place that knows does it), and
  /// whether the command was undone.
  private func stampInterrupt(_ e: inout Diagnostic, undone: Bool = false) {
    guard e.isInterrupt, e.message == Diagnostic.interrupt().message else { return }
    e.message =
      "interrupted at t = \(Session.clockText(scene.now)) s"
      + (undone ? "; the scene is as before the command" : "")
  }

  /// The clock as `time` prints it (to the nanosecond).
  static func clockText(_ t: Double) -> String {
    ValueFormatting.number((t * 1e9).rounded() / 1e9)
  }

  /// Throws the interrupt diagnostic when Ctrl-C was pressed. Call it at safe points only:
  /// where the scene is consistent (between steps, between frames, before any output file is
  /// renamed into place).
  func checkInterrupt() throws(Diagnostic) {
    if interruptRequested() { throw Diagnostic.interrupt() }
  }

  /// After a step that Ctrl-C ended early (the scene is as after a step to where it got).
  private func checkStopped() throws(Diagnostic) {
    if lastStopped { throw Diagnostic.interrupt() }
  }

  /// Called before the clock moves: the commands in progress can no longer be undone by
  /// restoring their checkpoints, which let go of their scene copies now, so that the step
  /// writes the particle arrays in place.
  private func clockWillMove() {
    for i in checkpoints.indices where !checkpoints[i].clockMoved && !checkpoints[i].keepsScene {
      checkpoints[i].scene = nil
      checkpoints[i].clockMoved = true
    }
  }

  /// Runs `body` (which may move the clock and run scheduled commands) with its output
  /// dropped, then puts the scene, schedule, history and warnings back as they were: `record`'s
  /// first pass over a GIF's frames, to choose its palette before the file is written.
  func rehearse(_ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
    let saved = (scene, undoable, droppedThisCommand, scheduledRunsThisCommand, history, sink)
    sink = DroppedOutput()
    defer {
      (scene, undoable, droppedThisCommand, scheduledRunsThisCommand, history, sink) = saved
    }
    try body()
  }

  // MARK: - Time

  /// Advances the clock to `target`, running scheduled commands at their exact times. Ctrl-C
  /// stops it between events (the clock stays where it got to).
  func advance(to target: Double, for cmd: CommandText) throws(Diagnostic) {
    try checkInterrupt()
    let cells = scene.emissionGridCells(to: target)
    if cells > Limits.maxEmissionGridCells {
      throw Diagnostic(
        "this step would evaluate animated emission at \(ValueFormatting.compact(cells)) "
          + "instants, one every 1 ms (at most \(ValueFormatting.compact(Limits.maxEmissionGridCells)) a step)",
        hint:
          "step at most \(ValueFormatting.number(Limits.maxEmissionGridCells * Scene.animationGrid)) s at once while an animation changes birth rates or lifetimes",
        token: cmd.tokens[0], in: cmd.line)
    }
    try checkScheduledRuns(to: target, for: cmd)
    let decisions = scene.capDecisions(to: target)
    if decisions > Limits.maxCapDecisions {
      throw Diagnostic(
        "this step would decide about \(ValueFormatting.compact(decisions)) births one by one at "
          + "the particle cap (at most \(ValueFormatting.compact(Limits.maxCapDecisions)) a step)",
        hint: "raise scene.maxParticles, or step less time at once",
        token: cmd.tokens[0], in: cmd.line)
    }
    let updates = scene.attractorWork(to: target)
    if updates > Limits.maxAttractorWork {
      throw Diagnostic(
        "this step would make about \(ValueFormatting.compact(updates)) attractor updates"
          + " (particles × instants of 1/\(ValueFormatting.number(1 / Limits.attractorGrid)) s;"
          + " at most \(ValueFormatting.compact(Limits.maxAttractorWork)) a step)",
        hint: "step less time at once (step to T cuts it into pieces), or disable the attractor",
        token: cmd.tokens[0], in: cmd.line)
    }
    while let next = events.first, next.time <= target {
      events.removeFirst()
      scheduledRunsThisCommand += 1
      if scheduledRunsThisCommand > Limits.maxScheduledRuns {
        events.insert(next, at: 0)
        throw Diagnostic(
          "this command would run more than \(ValueFormatting.compact(Limits.maxScheduledRuns))"
            + " scheduled commands", hint: "a scheduled command keeps scheduling more at this time",
          token: cmd.tokens[0], in: cmd.line)
      }
      if next.time > scene.now { clockWillMove() }
      report(scene.advance(to: next.time, stop: interruptRequested), for: cmd)
      try checkStopped()
      try fire(next)
      try checkInterrupt()
    }
    if target > scene.now { clockWillMove() }
    report(scene.advance(to: target, stop: interruptRequested), for: cmd)
    try checkStopped()
  }

  private func report(_ r: StepReport, for cmd: CommandText) {
    droppedThisCommand += r.dropped
    lastStopped = r.stoppedAt != nil
    for id in r.droppedTransitions {
      let name = KeyPathSyntax.spelled(scene.model.layer(id)?.name ?? "")
      warn(
        "transition on '\(name)' dropped: nothing in it changed before the clock moved",
        hint: "change the layer (or its sublayers) after 'transition' and before stepping",
        at: cmd)
    }
    if r.rateCapped {
      warn(
        "an effective birth rate above \(ValueFormatting.compact(Limits.maxBirthRate)) particles/s"
          + " was capped to it", at: cmd)
    }
  }

  private func fire(_ e: ScheduledEvent) throws(Diagnostic) {
    let enclosing = nesting
    nesting = 0
    defer { nesting = enclosing }
    switch e.action {
    case .command(let c):
      if firing >= Limits.maxCommandDepth, let first = c.tokens.first {
        firingTooDeep = true
        throw Self.firesTooDeep(first, in: c.line)
      }
      firing += 1
      defer {
        firing -= 1
        if firing == 0 { firingTooDeep = false }
      }
      let sequence = e.sequence
      history.willFire(sequence)  // history hook
      defer { history.didFire() }  // history hook
      do throws(Diagnostic) {
        try execute(c)
      } catch {
        if error.isInterrupt || firingTooDeep { throw error }
        var e = error
        report(e)
        e.reported = true
        scheduledFailure = e
        history.scheduledCommandFailed(sequence)  // history hook
      }
    case .stopFire(let id):
      guard scene.model.layer(id) != nil else { return }
      let ref = PropertyRef(object: .layer(id), name: "birthRate", field: nil)
      scene.model.apply(.number(0), to: ref)
    case .timer(let t):
      try fire(t, sequence: e.sequence)
    }
  }

  /// One run of a repeating timer; when it succeeds and the next run is not past `until`, the
  /// next is scheduled. A run that fails is undone and stops the timer.
  private func fire(_ t: RepeatingTimer, sequence: Int) throws(Diagnostic) {
    history.willFire(sequence)  // history hook
    defer { history.didFire() }  // history hook
    do throws(Diagnostic) {
      try execute(t.body)
    } catch {
      if error.isInterrupt { throw error }
      var e = error
      e.stateNote =
        "timer \(t.id) stopped: it ran \(t.index - 1) time\(t.index == 2 ? "" : "s") before this"
      report(e)
      e.reported = true
      scheduledFailure = e
      if t.index == 1 {
        history.scheduledCommandFailed(sequence)  // history hook
      } else {
        history.timerFailed(sequence, definition: t.definition, lastRun: t.time(t.index - 1))
      }
      return
    }
    var next = t
    next.index += 1
    let time = next.time(next.index)
    if let until = next.until, time > until { return }
    schedule(.timer(next), at: time, continuing: sequence)
  }

  /// Schedules an action at `time`, after everything already scheduled for that time.
  /// `continuing` is the event whose timer this one continues.
  func schedule(_ action: ScheduledEvent.Action, at time: Double, continuing: Int? = nil) {
    let e = ScheduledEvent(time: time, sequence: nextSequence, action: action)
    nextSequence += 1
    let i = events.firstIndex { $0.time > time } ?? events.count
    events.insert(e, at: i)
    if let continuing {
      history.didReschedule(continuing, as: e.sequence)  // history hook
    } else {
      history.didSchedule(e.sequence)  // history hook
    }
  }

  /// The timer runs a step to `target` would make, refused (before the step starts) when
  /// they would take the command past `Limits.maxScheduledRuns`.
  func checkScheduledRuns(to target: Double, for cmd: CommandText) throws(Diagnostic) {
    var runs = scheduledRunsThisCommand
    for e in events {
      guard e.time <= target else { break }
      if case .timer(let t) = e.action { runs += t.runs(to: target) }
    }
    guard runs > Limits.maxScheduledRuns else { return }
    throw Diagnostic(
      "this step would run repeating timers about \(ValueFormatting.compact(runs)) times (at most"
        + " \(ValueFormatting.compact(Limits.maxScheduledRuns)) scheduled runs a command)",
      hint: "step less time at once, or cancel a timer: timers lists them",
      token: cmd.tokens[0], in: cmd.line)
  }
}
