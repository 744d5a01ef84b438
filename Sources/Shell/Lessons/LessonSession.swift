import Core

/// Everything of a session that its commands build: the scene, the schedule, the actions and
/// the history `save` writes. `learn N` keeps the user's aside and `learn quit` puts it back,
/// so a lesson never loses the user's work.
struct SessionWork {
  var scene: Scene
  var events: [ScheduledEvent]
  var nextSequence: Int
  var actions: [NamedAction]
  var nextTimerID: Int
  var history: HistoryRecorder.Kept
}

/// The lesson being followed at the prompt.
struct LessonState {
  /// Its number in `Lessons.all` (1-based).
  var number: Int
  var lesson: Lesson
  /// The current step's index; `lesson.steps.count` once every step is done.
  var step = 0
  /// Hints of the current step given so far.
  var hintsGiven = 0
  /// The user's own session, given back by `learn quit`.
  var userWork: SessionWork
  /// Set by `learn` itself, whose own run is not checked against the goal.
  var skipNextCheck = true
  /// Whether `learn next` skipped a step: such a lesson ends without being finished.
  var skippedAStep = false

  var finished: Bool { step >= lesson.steps.count }
}

extension Session {
  func work() -> SessionWork {
    SessionWork(
      scene: scene, events: events, nextSequence: nextSequence, actions: actions,
      nextTimerID: nextTimerID, history: history.kept())
  }

  func install(_ w: SessionWork) {
    scene = w.scene
    events = w.events
    nextSequence = w.nextSequence
    actions = w.actions
    nextTimerID = w.nextTimerID
    history.restore(w.history)
  }

  /// The scene `seconds` from now, stepped on a copy of the session by the `step` command (so
  /// scheduled commands run as they would); the session itself is untouched.
  func lessonScene(after seconds: Double) -> Result<Scene, LessonProblem> {
    guard seconds > 0 else { return .success(scene) }
    let probe = Session(sink: CapturedOutput())
    probe.install(work())
    probe.interruptRequested = interruptRequested
    if let e = probe.run(source: "step \(ValueFormatting.number(seconds))", file: "<lesson>") {
      return .failure(LessonProblem("stepping a copy \(Self.ahead(seconds)) failed: \(e.message)"))
    }
    return .success(probe.scene)
  }

  /// ` 4 s ahead`, for messages.
  static func ahead(_ seconds: Double) -> String { "\(ValueFormatting.number(seconds)) s ahead" }

  /// The lesson hook, run after each top-level command that may have changed the scene (never
  /// after one that only displays, and only while a lesson runs): checks the current step's
  /// goals and says what happened.
  func checkLesson() {
    guard var state = lesson else { return }
    if state.skipNextCheck {
      state.skipNextCheck = false
      lesson = state
      return
    }
    guard !state.finished else { return }
    let step = state.lesson.steps[state.step]
    let seen: Scene
    switch lessonScene(after: step.after) {
    case .success(let s): seen = s
    case .failure(let p):
      sink.out("  not yet: \(p.message)\n")
      return
    }
    let when = step.after > 0 ? " (checked \(Self.ahead(step.after)), on a copy)" : ""
    for g in step.goals {
      let (met, what) = g.check(in: seen)
      if !met {
        sink.out(
          LessonText.paragraph(
            "not yet\(when): \(what). learn hint helps.", width: LessonText.width(self)))
        return
      }
    }
    // The success text is one paragraph, wrapped to the terminal once its measurements are in.
    let width = LessonText.width(self)
    var out = LessonText.paragraph(
      step.success.map { $0.rendered(in: seen) }.joined(separator: " "), lead: "✓ ", width: width)
    state.step += 1
    state.hintsGiven = 0
    if state.finished && !state.skippedAStep { finishedLessons.insert(state.number) }
    out += LessonText.progress(state, width: width)
    lesson = state
    sink.out(out)
  }
}

extension LessonText {
  /// The width lesson text is wrapped to: the terminal's, within 40…100 columns.
  static func width(_ s: Session) -> Int { min(100, max(40, s.defaultColumns)) }

  /// `text` as one paragraph wrapped to `width`: `lead` before its first line, two spaces
  /// before the others.
  static func paragraph(_ text: String, lead: String = "  ", width: Int) -> String {
    // A lead of spaces indents the whole paragraph; a lead of words starts its first line.
    let indent = lead.allSatisfy { $0 == " " } ? lead : ""
    let lines = HelpText.wrap(indent.isEmpty ? lead + text : text, width: width - indent.count)
    return lines.enumerated().map { ($0.offset == 0 ? indent : "  ") + $0.element + "\n" }
      .joined()
  }

  /// What comes next: the current step's task, or the end of the lesson.
  static func progress(_ state: LessonState, width: Int) -> String {
    let steps = state.lesson.steps
    guard !state.finished else {
      let next = state.number < Lessons.all.count ? "learn \(state.number + 1) for the next, " : ""
      return "Lesson \(state.number) is done. \(next)learn quit to get your own scene back.\n"
    }
    return paragraph(
      steps[state.step].task.joined(separator: " "),
      lead: "Step \(state.step + 1) of \(steps.count): ", width: width)
  }
}
