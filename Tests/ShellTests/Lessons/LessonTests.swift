import Foundation
import TestSupport
import Testing

@testable import Shell

/// A session at the prompt: types lines and returns what each printed.
private final class Prompt {
  let output = CapturedOutput()
  let session: Session
  private var lineNumber = 0

  init() { session = Session(sink: output) }

  @discardableResult
  func type(_ line: String) -> String {
    let before = output.transcript.count
    lineNumber += 1
    session.runPromptLine(line, number: lineNumber)
    return String(output.transcript.dropFirst(before))
  }
}

/// `text` with every run of spaces and newlines made one space, and trimmed: lesson text is
/// wrapped to the terminal, so tests compare its words.
private func squeezed(_ text: String) -> String {
  text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
}

/// The lesson files in the repository, in the order the embedding script sorts them.
private func lessonFiles() throws -> [(name: String, text: String)] {
  let dir = repositoryRoot.appendingPathComponent(LessonParser.folder)
  let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    .filter { $0.hasSuffix("." + LessonParser.fileExtension) }
    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  return try names.map {
    ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
  }
}

@Suite("learn: guided lessons at the prompt")
struct LessonTests {
  static let numbers = Array(1...Lessons.all.count)

  @Test("every lesson file is embedded byte for byte, in file-name order, and there are seven")
  func embeddedCopiesEqualTheFiles() throws {
    let files = try lessonFiles()
    #expect(files.count >= 7)
    #expect(EmbeddedLessons.files.map(\.name) == files.map(\.name))
    for (f, e) in zip(files, EmbeddedLessons.files) {
      #expect(
        f.text == e.text,
        "\(f.name) differs from its embedded copy: run python3 scripts/embed-files.py \(LessonParser.folder) \(LessonParser.fileExtension) Sources/Shell/Embedded/EmbeddedLessons.swift EmbeddedLessons"
      )
    }
  }

  @Test(
    "every lesson parses, is numbered by its file name, and each step has hints and answers",
    arguments: numbers)
  func parses(number: Int) throws {
    let lesson = try Lessons.lesson(number)
    let name = Lessons.all[number - 1].name
    #expect(Int(name.prefix { $0.isNumber }) == number, "\(name) is lesson \(number)")
    #expect(!lesson.title.isEmpty && !lesson.summary.isEmpty && !lesson.explanation.isEmpty)
    for step in lesson.steps {
      #expect(!step.task.isEmpty && !step.goals.isEmpty && !step.success.isEmpty)
      #expect(!step.hints.isEmpty && !step.answers.isEmpty)
    }
    #expect(Lessons.number(Lessons.names[number - 1]) == number)
  }

  @Test(
    "each lesson: a step's goal is not met before its answers, and typing them meets it and moves on",
    arguments: numbers)
  func answersMeetTheGoals(number: Int) throws {
    let lesson = try Lessons.lesson(number)
    let p = Prompt()
    let start = p.type("learn \(number)")
    #expect(!start.contains("error"), "\(start)")
    #expect(start.hasPrefix("Lesson \(number) of \(Lessons.all.count): \(lesson.title)\n"))
    #expect(squeezed(start).contains(squeezed(lesson.explanation.joined(separator: " "))))
    #expect(
      squeezed(start).contains(
        "Step 1 of \(lesson.steps.count): " + squeezed(lesson.steps[0].task.joined(separator: " ")))
    )
    for (i, step) in lesson.steps.enumerated() {
      let place = "lesson \(number), step \(i + 1)"
      let before = try p.session.lessonScene(after: step.after).get()
      #expect(
        !step.goals.allSatisfy { $0.check(in: before).met }, "\(place) is met before its answers")
      var said = ""
      for (k, answer) in step.answers.enumerated() {
        #expect(p.session.lesson?.step == i, "\(place) ended before answer \(k + 1)")
        said = p.type(answer)
        #expect(!said.contains("error:"), "\(place): '\(answer)' printed \(said)")
      }
      #expect(said.hasPrefix("✓ "), "\(place): the last answer printed \(said)")
      #expect(p.session.lesson?.step == i + 1)
      // Every measurement in the success text was taken.
      let measured = try p.session.lessonScene(after: step.after).get()
      for line in step.success {
        for case .measure(let m) in line.parts {
          #expect((try? m.measure(in: measured).get()) != nil, "\(place): {\(m.words)}")
        }
      }
      if i + 1 < lesson.steps.count {
        #expect(
          squeezed(said).contains(
            "Step \(i + 2) of \(lesson.steps.count): "
              + squeezed(lesson.steps[i + 1].task.joined(separator: " "))))
      } else {
        #expect(
          said.hasSuffix(
            "Lesson \(number) is done. "
              + (number < Lessons.all.count ? "learn \(number + 1) for the next, " : "")
              + "learn quit to get your own scene back.\n"))
      }
    }
    // Once done, commands are no longer checked.
    #expect(p.type("set scene.backgroundColor black") == "")
  }

  @Test(
    "a goal is checked on what the scene computes, so any command that reaches it passes",
    arguments: [
      (1, "set fountain.emitterCells.drop birthRate=150"),
      (1, "set fountain.emitterCells.drop.birthRate (480/3)"),
      (3, "set jet.emitterCells.spray.emissionRange 45deg"),
      (5, "set glow.lifetime 0.5"),
      (6, "animate box.position.x to 280 duration 2 timing easeIn key move"),
    ])
  func otherAnswersPass(number: Int, line: String) {
    let p = Prompt()
    p.type("learn \(number)")
    let said = p.type(line)
    #expect(said.hasPrefix("✓ "), "\(said)")
  }

  @Test("a command that misses the goal gets a nudge saying what was measured; the clock stays")
  func nudge() {
    let p = Prompt()
    p.type("learn 1")
    // 100 births a second that live 3 s: 300 alive once the old drops have died.
    let said = p.type("set fountain.emitterCells.drop.birthRate 100")
    #expect(
      squeezed(said)
        == "not yet (checked 4 s ahead, on a copy): count fountain is 300 (wanted between 440"
        + " and 520). learn hint helps.")
    #expect(p.type("time") == "4\n")
    #expect(p.session.lesson?.step == 0)
    // A goal over a value: the first unmet goal is told.
    let changed = p.type("set fountain.emitterCells.drop.lifetime 4")
    #expect(
      squeezed(changed).contains("get fountain.emitterCells.drop.lifetime is 4 (wanted exactly 3)"))
  }

  @Test("commands that only display, and commands that fail, are not checked")
  func displayAndFailuresAreNotChecked() {
    let p = Prompt()
    p.type("learn 1")
    #expect(p.type("count fountain") == "120\n")
    #expect(!p.type("stats").contains("not yet"))
    let failed = p.type("set fountain.emitterCells.drop.birthRat 160")
    #expect(failed.contains("error:") && !failed.contains("not yet") && !failed.contains("✓"))
    #expect(p.session.lesson?.step == 0)
    // A failed learn leaves the next command checked.
    #expect(p.type("learn 99").contains("error:"))
    #expect(p.type("set fountain.emitterCells.drop.birthRate 160").hasPrefix("✓ "))
  }

  @Test("commands from a script are checked after each one, as at the prompt")
  func scriptsAreChecked() {
    let r = runScript("learn 1\nset fountain.emitterCells.drop.birthRate 160\n")
    #expect(r.error == nil)
    #expect(
      r.stdout.contains("\n✓ 4 s from now 480 drops are alive: birthRate × lifetime is 160 × 3.\n"))
  }

  @Test("learn hint gives the step's hints in order, then an answer; it is not checked")
  func hints() throws {
    let lesson = try Lessons.lesson(1)
    let hints = lesson.steps[0].hints
    let p = Prompt()
    p.type("learn 1")
    for (i, h) in hints.enumerated() {
      #expect(squeezed(p.type("learn hint")) == "Hint \(i + 1) of \(hints.count): \(squeezed(h))")
    }
    #expect(
      p.type("learn hint")
        == "No more hints. One answer:\n  set fountain.emitterCells.drop.birthRate 160\n")
    // The next step starts with its first hint again.
    p.type("learn next")
    #expect(p.type("learn hint").hasPrefix("Hint 1 of \(lesson.steps[1].hints.count): "))
  }

  @Test("learn next skips a step; after the last the lesson is done")
  func next() throws {
    let lesson = try Lessons.lesson(1)
    let p = Prompt()
    p.type("learn 1")
    #expect(
      squeezed(p.type("learn next"))
        == "Skipped step 1. Step 2 of 2: " + squeezed(lesson.steps[1].task.joined(separator: " ")))
    #expect(
      p.type("learn next")
        == "Skipped step 2.\nLesson 1 is done. learn 2 for the next, learn quit to get your own"
        + " scene back.\n")
    let again = p.type("learn next")
    #expect(again.contains("error: lesson 1 is done"))
    #expect(again.contains("hint: learn 2 starts the next; learn quit gives your scene back"))
    #expect(p.type("learn list").contains("error: no lesson 'list'"))
  }

  @Test("learn quit gives the user's own session back exactly, after one lesson or several")
  func quitRestoresTheUsersWork() throws {
    let dir =
      testScratchFolder
      .appendingPathComponent("burst-lessons-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Prompt()
    for line in [
      "emitter mine", "cell mine c", "set mine.emitterCells.c birthRate=10 lifetime=2 contents=dot",
      "after 5 echo later", "action boom echo boom", "every 1 set mine.seed 3", "step 1.5",
    ] {
      #expect(!p.type(line).contains("error"), "\(line)")
    }
    let model = p.session.scene.model
    let before = dir.appendingPathComponent("before.burst").path
    p.type("save \(before)")
    let count = p.type("count mine")
    let started = p.type("learn 2")
    #expect(started.contains("your own scene is kept aside until learn quit"))
    p.type("set spray.emitterCells.dot.lifetimeRange 2")
    p.type("step 1")
    // Switching lessons keeps the user's scene, not the first lesson's.
    #expect(!p.type("learn 3").contains("kept aside"))
    p.type("step 2")
    #expect(p.type("learn quit") == "Left lesson 3. Your own scene is back, at t = 1.5 s.\n")
    #expect(p.session.lesson == nil)
    #expect(p.session.scene.model == model)
    #expect(p.type("count mine") == count)
    #expect(p.type("actions").contains("boom"))
    #expect(p.type("timers").contains("every 1"))
    let after = dir.appendingPathComponent("after.burst").path
    p.type("save \(after)")
    #expect(
      try String(contentsOfFile: after, encoding: .utf8)
        == String(contentsOfFile: before, encoding: .utf8))
    #expect(p.type("step 4") == "later\n")
  }

  @Test("with no lesson running, learn lists the lessons and hint, next and quit are errors")
  func noLesson() throws {
    let p = Prompt()
    let list = p.type("learn")
    #expect(list.hasPrefix("Lessons (learn N starts one at this prompt"))
    for n in Self.numbers {
      let l = try Lessons.lesson(n)
      #expect(list.contains(" \(n)  \(l.title)"), "lesson \(n) listed")
    }
    #expect(!list.contains("*"))
    p.type("emitter mine")
    let model = p.session.scene.model
    for word in ["hint", "next", "quit"] {
      let said = p.type("learn \(word)")
      #expect(said.contains("error: no lesson is running"))
      #expect(said.contains("hint: learn lists the lessons; learn 1 starts the first"))
    }
    #expect(p.session.scene.model == model)
  }

  @Test("learn marks the lesson that runs, with its step")
  func listMarksTheCurrentLesson() throws {
    let p = Prompt()
    p.type("learn 2")
    let title = try Lessons.lesson(2).title
    #expect(p.type("learn").contains("*2  \(title)"))
    #expect(p.type("learn").hasSuffix("\nLesson 2 runs: step 1 of 2.\n"))
  }

  @Test("learn marks a lesson finished once every step's goal is met, through learn quit and reset")
  func listMarksFinishedLessons() throws {
    let p = Prompt()
    let lesson = try Lessons.lesson(3)
    let finished = "3  \(lesson.title) \(Lessons.finishedMark)"
    p.type("learn 3")
    for step in lesson.steps.dropLast() { for a in step.answers { p.type(a) } }
    #expect(!p.type("learn").contains(finished), "not finished before its last step")
    for a in lesson.steps.last!.answers { p.type(a) }
    #expect(p.type("learn").contains("*" + finished))
    p.type("learn quit")
    p.type("reset")
    let list = p.type("learn")
    #expect(list.contains(" " + finished))
    #expect(list.contains("(\(Lessons.finishedMark): finished in this session"))
    #expect(!list.contains("1  \(try Lessons.lesson(1).title) \(Lessons.finishedMark)"))
  }

  @Test("every lesson text that says show tells the user to step the clock before it")
  func showComesAfterStep() throws {
    for number in Self.numbers {
      let lesson = try Lessons.lesson(number)
      for (i, step) in lesson.steps.enumerated() {
        let texts =
          [step.task.joined(separator: " ")]
          + [
            step.success.map { line in
              line.parts.map {
                if case .text(let t) = $0 { return t }
                return "…"
              }.joined()
            }.joined(separator: " ")
          ]
        for text in texts {
          let words = squeezed(text).split(separator: " ").map { String($0) }
          guard let show = words.firstIndex(of: "show") ?? words.firstIndex(of: "show,") else {
            continue
          }
          #expect(
            words[..<show].contains("step"),
            "lesson \(number), step \(i + 1) says show before step: \(text)")
        }
      }
    }
    let start = Prompt().type("learn 3")
    #expect(squeezed(start).contains("step the clock before show"))
  }

  @Test("a lesson ended by skipping a step with learn next is not marked finished")
  func skippedLessonIsNotFinished() throws {
    let p = Prompt()
    p.type("learn 3")
    let lesson = try Lessons.lesson(3)
    for _ in lesson.steps { p.type("learn next") }
    #expect(p.session.lesson?.finished == true)
    #expect(!p.type("learn").contains(Lessons.finishedMark))
    #expect(p.session.finishedLessons.isEmpty)
  }

  @Test(
    "a lesson is named by its number or its name; anything else is an error that changes nothing",
    arguments: [
      ("learn 0", "error: no lesson '0'"), ("learn 99", "lessons are numbered 1 to"),
      ("learn populaton", "did you mean 'population'?"), ("learn hnt", "did you mean 'hint'?"),
      ("learn 1 2", "error: unexpected '2'"),
    ])
  func unknownLesson(line: String, message: String) {
    let p = Prompt()
    p.type("emitter mine")
    let said = p.type(line)
    #expect(said.contains(message), "\(said)")
    #expect(p.session.lesson == nil)
    #expect(p.session.scene.model.layerID(named: "mine") != nil)
  }

  @Test(
    "learn N and learn quit refuse to run inside another command",
    arguments: [
      ["{ learn 1 }"], ["after 1 learn 2", "step 2"], ["learn 1", "{ learn quit }"],
      ["learn 1", "at 5 learn quit", "step 2"],
    ])
  func refusedInsideOtherCommands(lines: [String]) {
    let p = Prompt()
    var said = ""
    for l in lines { said = p.type(l) }
    #expect(said.contains("replaces the whole scene, so it cannot run inside another command"))
    #expect(p.session.lesson?.number == (lines[0] == "learn 1" ? 1 : nil))
  }

  @Test("learn NAME starts the same lesson as learn N")
  func byName() {
    let a = Prompt()
    let b = Prompt()
    #expect(a.type("learn population") == b.type("learn 1"))
  }

  @Test("help and completion come from learn's declaration")
  func helpAndCompletion() {
    let help = runScript("help learn\n").stdout
    #expect(help.hasPrefix("usage: learn [N|NAME|hint|next|quit]\n"))
    let s = Session(sink: CapturedOutput())
    let words = Completion.candidates(line: "learn ", wordStart: 6, wordEnd: 6, session: s)
    for w in ["hint", "next", "quit", "1", String(Lessons.all.count), "population"] {
      #expect(words.contains(w), "\(w)")
    }
  }

  @Test(
    "each kind of goal measures what its command computes",
    arguments: [
      ("count e between 10 10", true), ("count e > 10", false),
      ("count e.emitterCells.c = 10", true), ("get e.emitterCells.c.birthRate = 10", true),
      ("get e.emitterCells.c.emissionRange = pi/2", true),
      ("get e.emitterCells.c.emissionRange >= 90deg", true), ("get e.emitterShape is line", true),
      ("get e.emitterShape is kCAEmitterLayerLine", true), ("get e.emitterShape is circle", false),
      ("get e.emitterShape = 1", false), ("presentation e.opacity between 0.49 0.51", true),
      ("get e.opacity = 1", true), ("stat e.emitterCells.c born = 10", true),
      ("stat e.emitterCells.c oldest between 0.89 0.91", true),
      ("stat e.emitterCells.c stillborn != 0", false), ("count nothing > 0", false),
      ("lint clean", true),
    ])
  func goalKinds(goal: String, met: Bool) throws {
    let s = Session(sink: CapturedOutput())
    // 10 births a second from t = 0.1: ten alive at t = 1, the oldest 0.9 s old.
    let error = s.run(
      source: """
        emitter e
        set e emitterShape=line emitterPosition=100,100
        cell e c
        set e.emitterCells.c birthRate=10 lifetime=5 contents=dot emissionRange=pi/2
        animate e.opacity from 1 to 0 duration 2 timing linear
        step 1
        """, file: "t")
    #expect(error == nil)
    let g = try LessonGoal.parse(SourceLine(file: "t", number: 1, text: "goal: " + goal), from: 7)
    #expect(g.check(in: s.scene).met == met, "\(g.check(in: s.scene).seen)")
  }

  @Test("the lint goal fails with what lint says")
  func lintGoal() throws {
    let s = Session(sink: CapturedOutput())
    s.run(source: "emitter e\ncell e c\n", file: "t")
    let g = try LessonGoal.parse(SourceLine(file: "t", number: 1, text: "lint clean"), from: 1)
    let (met, seen) = g.check(in: s.scene)
    #expect(!met)
    #expect(
      seen.hasPrefix(
        "lint finds \(Linter.problems(in: s.scene).count) problems, the first: e.emitterCells.c: birthRate is 0"
      ))
  }

  /// A small valid lesson; the cases below break one line of it.
  static let valid = """
    title: T
    summary: S
    setup:
      emitter e
    explain:
      E
    step:
    task: do it
    goal: count e > 1
    hint: h
    success: ok {count e}
    answer: set e.birthRate 2
    """

  @Test(
    "a broken lesson file is reported at its file, line and column",
    arguments: [
      ("title: T", "titel: T", 1, 1, "unknown field 'titel' (did you mean 'title'?)"),
      ("goal: count e > 1", "goal: cont e > 1", 9, 7, "unknown measurement 'cont'"),
      ("goal: count e > 1", "goal: count e => 1", 9, 15, "unknown comparison '=>'"),
      ("goal: count e > 1", "goal: count e > x", 9, 17, "error: "),
      (
        "goal: count e > 1", "goal: stat e.emitterCells.c livee > 1", 9, 29,
        "unknown stats column 'livee'"
      ),
      ("goal: count e > 1", "goal: lint dirty", 9, 12, "the lint goal is 'lint clean'"),
      ("goal: count e > 1", "goal: count e between 3 1", 9, 25, "between A B needs A ≤ B"),
      ("goal: count e > 1", "goal: count e > 1 2", 9, 19, "unexpected '2' after the goal"),
      ("hint: h", "hint: h\nafter: soon", 11, 8, "'after:' takes a number of seconds"),
      (
        "success: ok {count e}", "success: ok {count e", 11, 13,
        "'{' opens a measurement that is not closed"
      ),
      ("answer: set e.birthRate 2", "answer: x\n  more", 13, 1, "'answer:' takes one line"),
      ("task: do it", "hint: h2", 7, 1, "the step at line 7 has no 'task:'"),
      ("summary: S", "oops", 2, 1, "expected 'FIELD:' at the start of the line"),
      ("step:", "goal: count e > 1", 7, 1, "belongs to a step"),
      ("summary: S", "summary: S\nsummary: again", 3, 1, "'summary:' is given twice"),
    ])
  func brokenLesson(
    original: String, replacement: String, line: Int, column: Int, message: String
  ) {
    let text = Self.valid.replacingOccurrences(of: original, with: replacement)
    #expect(text != Self.valid)
    do {
      _ = try LessonParser.parse(text, file: "x.lesson")
      Issue.record("'\(replacement)' parsed")
    } catch {
      let rendered = error.rendered()
      #expect(rendered.hasPrefix("x.lesson:\(line):\(column): error: "), "\(rendered)")
      #expect(rendered.contains(message), "\(rendered)")
    }
  }

  @Test("a valid lesson's setup errors name the lesson file's own line and column")
  func setupErrorsNameTheFile() {
    let text = LessonTests.valid.replacingOccurrences(
      of: "  emitter e", with: "  emitter e\n  sett e.birthRate 1")
    let lesson = try? LessonParser.parse(text, file: "x.lesson")
    let r = runScript(lesson?.setup ?? "", file: "x.lesson")
    #expect(r.stderr.hasPrefix("x.lesson:5:3: error: unknown command 'sett'"), "\(r.stderr)")
  }
}
