import Core

/// Guided lessons: `learn`. The lessons are data (examples/lessons/*.lesson, embedded in the
/// binary); docs/lessons.md describes the format.
enum LessonCommands {
  static let all: [Command] = [learn]

  /// The words `learn` takes besides a lesson's number or name.
  enum Word: String, CaseIterable, Sendable {
    case hint, next, quit
  }

  static let learn = Command(
    name: "learn", usage: "learn [N|NAME|\(Word.allCases.map(\.rawValue).joined(separator: "|"))]",
    abstract:
      "guided lessons at this prompt: list them, start one (N), get a hint, skip a step, or leave",
    discussion:
      "learn N builds the lesson's scene, explains one idea and gives a task to do with ordinary"
      + " commands. After each command that changes the scene, the step's goals are checked with"
      + " the code count, get, stats and lint use, some on a copy stepped a few seconds ahead"
      + " (your clock does not move); the lesson says what it saw. Burst's choice: your own"
      + " scene (with its clock, schedule, actions and save history) is kept aside while a"
      + " lesson runs, and learn quit puts it back exactly; quitting Burst during a lesson"
      + " loses it, as it loses any unsaved scene. learn N and learn quit replace the whole"
      + " scene, so they run only as commands of their own, not inside a block, load or a"
      + " scheduled command. docs/lessons.md tells how to write a lesson.",
    examples: ["learn", "learn 1", "learn population", "learn hint", "learn next", "learn quit"],
    hints: [.keywords(Word.allCases.map(\.rawValue) + Lessons.numbers + Lessons.names)],
    effect: .script
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    try run(s, inv)
    // Its own run is not checked against the goal (a failed run is not checked anyway).
    if s.checkpoints.count == 1 { s.lesson?.skipNextCheck = true }
  }

  /// What `learn` does with its argument.
  private static func run(_ s: Session, _ inv: Invocation) throws(Diagnostic) {
    guard let t = inv.args.first else {
      s.sink.out(
        Lessons.list(current: s.lesson, finished: s.finishedLessons, width: s.defaultColumns))
      return
    }
    if !t.quoted, let word = Word(rawValue: t.text) {
      guard var state = s.lesson else {
        throw inv.error(
          "no lesson is running", hint: "learn lists the lessons; learn 1 starts the first", at: t)
      }
      switch word {
      case .quit:
        try refuseNested(s, inv, t)
        s.install(state.userWork)
        s.lesson = nil
        s.sink.out(
          "Left lesson \(state.number). Your own scene is back, at t = \(Session.clockText(s.scene.now)) s.\n"
        )
        return
      case .hint, .next:
        guard !state.finished else {
          throw inv.error(
            "lesson \(state.number) is done",
            hint: (state.number < Lessons.all.count
              ? "learn \(state.number + 1) starts the next; " : "")
              + "learn quit gives your scene back", at: t)
        }
        let step = state.lesson.steps[state.step]
        if word == .hint {
          if state.hintsGiven < step.hints.count {
            s.sink.out(
              LessonText.paragraph(
                step.hints[state.hintsGiven],
                lead: "Hint \(state.hintsGiven + 1) of \(step.hints.count): ",
                width: LessonText.width(s)))
            state.hintsGiven += 1
          } else {
            s.sink.out(
              "No more hints. One answer:\n" + step.answers.map { "  \($0)\n" }.joined())
          }
        } else {
          state.step += 1
          state.hintsGiven = 0
          state.skippedAStep = true
          s.sink.out(
            "Skipped step \(state.step).\n"
              + LessonText.progress(state, width: LessonText.width(s)))
        }
        s.lesson = state
        return
      }
    }
    if !t.quoted, Word(rawValue: t.text) == .quit || Lessons.number(t.text) != nil {
      try refuseNested(s, inv, t)
    }
    guard let number = Lessons.number(t.text) else {
      throw inv.error(
        "no lesson '\(Diagnostic.window(t.text, column: 1).0)'",
        suggestion: .nearest(
          to: t.text, in: Lessons.names + Word.allCases.map(\.rawValue),
          otherwise: .text(
            "lessons are numbered 1 to \(Lessons.all.count); learn lists them")), at: t)
    }
    try start(number, s)
  }

  /// `learn N` and `learn quit` swap the whole session, so they run only as commands of their
  /// own (typed, or a line of a script), never inside a block, `load`, or a scheduled command
  /// while the clock moves.
  static func refuseNested(_ s: Session, _ inv: Invocation, _ t: Token) throws(Diagnostic) {
    guard s.checkpoints.count > 1 else { return }
    throw inv.error(
      "'learn \(Diagnostic.window(t.text, column: 1).0)' replaces the whole scene, so it cannot"
        + " run inside another command",
      hint: "type it at the prompt, or give it a line of its own in a script", at: t)
  }

  /// Builds lesson `number`'s scene in a session of its own, then swaps it in, keeping the
  /// user's work aside (unless a lesson already keeps it). A setup that fails changes nothing.
  static func start(_ number: Int, _ s: Session) throws(Diagnostic) {
    let lesson = try Lessons.lesson(number)
    let build = Session(sink: s.sink)
    build.interruptRequested = s.interruptRequested
    if var e = build.run(source: lesson.setup, file: lesson.file) {
      // Already printed, with the lesson file's line and column.
      e.reported = true
      throw e
    }
    let kept = s.lesson == nil
    let user = s.lesson?.userWork ?? s.work()
    s.install(build.work())
    let state = LessonState(number: number, lesson: lesson, userWork: user)
    s.lesson = state
    var out = "Lesson \(number) of \(Lessons.all.count): \(lesson.title)\n"
    let width = LessonText.width(s)
    out += LessonText.paragraph(lesson.explanation.joined(separator: " "), width: width)
    out += LessonText.progress(state, width: width)
    out += "  (learn hint for a hint, learn next to skip the step, learn quit to leave)\n"
    if kept { out += "  (your own scene is kept aside until learn quit)\n" }
    s.sink.out(out)
  }
}

/// The lessons compiled into the binary, in file-name order: lesson N is the Nth file.
enum Lessons {
  static let all: [EmbeddedFile] = EmbeddedLessons.files

  /// `1`, `2`, … for completion.
  static let numbers = all.indices.map { String($0 + 1) }

  /// Each lesson's name: its file's stem without the number (`population` for
  /// `01-population.lesson`).
  static let names = all.map { f -> String in
    let stem = f.stem
    guard let dash = stem.firstIndex(of: "-"), stem[..<dash].allSatisfy(\.isNumber) else {
      return stem
    }
    return String(stem[stem.index(after: dash)...])
  }

  /// The lesson a word names, by number or name.
  static func number(_ word: String) -> Int? {
    if let n = Int(word), (1...all.count).contains(n) { return n }
    return names.firstIndex(of: word).map { $0 + 1 }
  }

  /// Lesson `number`, read from its embedded file.
  static func lesson(_ number: Int) throws(Diagnostic) -> Lesson {
    let f = all[number - 1]
    return try LessonParser.parse(f.text, file: LessonParser.folder + "/" + f.name)
  }

  /// The mark after the title of a lesson finished in this session.
  static let finishedMark = "✓"

  /// The list `learn` prints, marking the lesson that runs (`*`) and those `finished` (✓).
  static func list(current: LessonState?, finished: Set<Int> = [], width: Int) -> String {
    var rows: [[String]] = []
    for i in all.indices {
      let mark = current?.number == i + 1 ? "*" : " "
      guard let l = try? lesson(i + 1) else {
        rows.append([mark + String(i + 1), names[i], "(this lesson's file has an error)"])
        continue
      }
      let title = finished.contains(i + 1) ? l.title + " " + finishedMark : l.title
      rows.append([mark + String(i + 1), title, l.summary])
    }
    var out =
      "Lessons (learn N starts one at this prompt; learn quit gives your own scene back):\n"
      + TreePrinter.table(rows, rightAligned: [0], width: width)
    if !finished.isEmpty {
      out += "(\(finishedMark): finished in this session, every step's goal met)\n"
    }
    if let c = current {
      out +=
        "Lesson \(c.number) "
        + (c.finished ? "is done.\n" : "runs: step \(c.step + 1) of \(c.lesson.steps.count).\n")
    }
    return out
  }
}
