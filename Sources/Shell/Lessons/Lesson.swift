import Core

/// A guided lesson (`learn N`), read from a `.lesson` file in examples/lessons (the format is
/// in docs/lessons.md): a scene built by a setup script, a few lines of explanation, and steps
/// whose goals are checked by code after each command the user runs.
struct Lesson: Sendable {
  /// The file it was read from, as diagnostics name it (`examples/lessons/01-population.lesson`).
  var file: String
  var title: String
  /// One line: what it teaches, for the list `learn` prints.
  var summary: String
  /// The setup script: the file's text with every line that is not part of `setup` blanked,
  /// so that an error in it names the file's own line and column.
  var setup: String
  /// The explanation, as written (its lines are printed indented).
  var explanation: [String]
  var steps: [LessonStep]
}

/// One step of a lesson: what to do, and the goals that say it is done.
struct LessonStep: Sendable {
  /// The line of its `step:` field.
  var line: Int
  var task: [String]
  /// How far ahead (seconds) the goals are checked, on a copy of the scene; 0 checks now.
  var after: Double
  /// All must hold.
  var goals: [LessonGoal]
  var hints: [String]
  /// Printed when the goals hold; `{MEASURE}` in it is replaced by the measured value.
  var success: [LessonText]
  /// Command lines that reach the goals, typed in order (the tests type them; hints run out
  /// into them).
  var answers: [String]
}

/// A line of text with measurements in it (`{count fountain}`).
struct LessonText: Sendable {
  enum Part: Sendable {
    case text(String)
    case measure(LessonMeasure)
  }

  var parts: [Part]
}

/// The fields of a lesson file, declared once: the parser, its messages and docs/lessons.md
/// follow this list.
enum LessonField: String, CaseIterable, Sendable {
  case title, summary, setup, explain, step, task, after, goal, hint, success, answer

  /// Whether the field belongs to a step (after a `step:` line) rather than to the lesson.
  var inStep: Bool {
    switch self {
    case .title, .summary, .setup, .explain, .step: return false
    case .task, .after, .goal, .hint, .success, .answer: return true
    }
  }

  /// Whether the field may be given more than once (each is one line then).
  var repeats: Bool {
    switch self {
    case .goal, .hint, .answer, .step: return true
    default: return false
    }
  }

  /// Whether indented lines below it continue it.
  var takesLines: Bool {
    switch self {
    case .setup, .explain, .task, .hint, .success: return true
    default: return false
    }
  }

  /// Whether a lesson (or each step, for step fields) must have it.
  var required: Bool {
    switch self {
    case .after: return false
    default: return true
    }
  }
}

/// Reads lesson files, reporting the first problem at its file, line and column.
enum LessonParser {
  /// Where lesson files live in the repository, as diagnostics name them.
  static let folder = "examples/lessons"
  static let fileExtension = "lesson"

  private struct Field {
    var field: LessonField
    var line: Int
    /// The text on the field's own line (after `name:`), then one entry per continuation line.
    var lines: [(number: Int, column: Int, text: String)]
  }

  static func parse(_ text: String, file: String) throws(Diagnostic) -> Lesson {
    let raw = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    func line(_ n: Int) -> SourceLine { SourceLine(file: file, number: n, text: raw[n - 1]) }

    var fields: [Field] = []
    for (i, text) in raw.enumerated() {
      let n = i + 1
      let trimmed = text.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || text.hasPrefix("#") { continue }
      if trimmed.count < text.count {
        // A continuation line: more of the last field.
        guard let last = fields.last, last.field.takesLines else {
          throw Diagnostic(
            "an indented line continues a field, but "
              + (fields.last.map { "'\($0.field.rawValue):' takes one line" } ?? "no field is open"),
            hint: "fields that take several lines: "
              + Suggestion.list(LessonField.allCases.filter(\.takesLines).map(\.rawValue)),
            at: line(n), column: 1, length: text.count - trimmed.count)
        }
        let column = text.count - trimmed.count + 1
        fields[fields.count - 1].lines.append((n, column, String(trimmed)))
        continue
      }
      guard let colon = text.firstIndex(of: ":") else {
        throw Diagnostic(
          "expected 'FIELD:' at the start of the line",
          hint: "indent a line that continues the field above; fields are "
            + Suggestion.list(LessonField.allCases.map(\.rawValue)),
          at: line(n), column: 1, length: text.count)
      }
      let name = String(text[..<colon])
      guard let field = LessonField(rawValue: name) else {
        throw Diagnostic(
          "unknown field '\(name)'",
          suggestion: .nearest(
            to: name, in: LessonField.allCases.map(\.rawValue),
            otherwise: .oneOf(LessonField.allCases.map(\.rawValue))),
          at: line(n), column: 1, length: max(1, name.count))
      }
      let after = text[text.index(after: colon)...]
      let value = after.drop { $0 == " " }
      let column = name.count + 1 + (after.count - value.count) + 1
      var entry = Field(field: field, line: n, lines: [])
      if !value.isEmpty { entry.lines.append((n, column, String(value))) }
      fields.append(entry)
    }

    // Split into the lesson's fields and the steps'.
    var top: [Field] = []
    var stepFields: [[Field]] = []
    for f in fields {
      if f.field == .step {
        if let extra = f.lines.first {
          throw Diagnostic(
            "'step:' takes nothing after it", hint: "write the step's text in 'task:'",
            at: line(extra.number), column: extra.column, length: extra.text.count)
        }
        stepFields.append([f])
      } else if f.field.inStep {
        guard !stepFields.isEmpty else {
          throw Diagnostic(
            "'\(f.field.rawValue):' belongs to a step", hint: "start the step with a 'step:' line",
            at: line(f.line), column: 1, length: f.field.rawValue.count)
        }
        stepFields[stepFields.count - 1].append(f)
      } else {
        guard stepFields.isEmpty else {
          throw Diagnostic(
            "'\(f.field.rawValue):' belongs before the first 'step:'", at: line(f.line),
            column: 1, length: f.field.rawValue.count)
        }
        top.append(f)
      }
    }

    /// Checks one group's fields (given once, present when required, not empty).
    func check(_ group: [Field], allowed: [LessonField], at n: Int, what: String) throws(Diagnostic)
    {
      for kind in allowed {
        let given = group.filter { $0.field == kind }
        if given.count > 1 && !kind.repeats {
          throw Diagnostic(
            "'\(kind.rawValue):' is given twice in \(what)",
            hint: "the first is at line \(given[0].line)",
            at: line(given[1].line), column: 1, length: kind.rawValue.count)
        }
        if given.isEmpty && kind.required {
          throw Diagnostic(
            "\(what) has no '\(kind.rawValue):'", at: line(n), column: 1,
            length: max(1, raw[n - 1].count))
        }
        for g in given where g.lines.isEmpty && kind != .step {
          throw Diagnostic(
            "'\(kind.rawValue):' is empty", at: line(g.line), column: 1,
            length: kind.rawValue.count)
        }
      }
    }
    try check(
      top, allowed: LessonField.allCases.filter { !$0.inStep && $0 != .step }, at: 1,
      what: "the lesson")
    func texts(_ f: LessonField, in group: [Field]) -> [String] {
      group.filter { $0.field == f }.flatMap { $0.lines.map(\.text) }
    }
    func one(_ f: LessonField, in group: [Field]) -> String {
      group.first { $0.field == f }?.lines.first?.text ?? ""
    }

    var setupLines = Array(repeating: "", count: raw.count)
    for f in top where f.field == .setup {
      for l in f.lines {
        // The field's name blanked: the command keeps its column.
        setupLines[l.number - 1] = String(repeating: " ", count: l.column - 1) + l.text
      }
    }

    var steps: [LessonStep] = []
    for group in stepFields {
      let start = group[0].line
      try check(
        group, allowed: LessonField.allCases.filter(\.inStep), at: start,
        what: "the step at line \(start)")
      var after = 0.0
      if let f = group.first(where: { $0.field == .after }), let l = f.lines.first {
        guard let v = Double(l.text), v.isFinite, v >= 0 else {
          throw Diagnostic(
            "'after:' takes a number of seconds, 0 or more", hint: "e.g. after: 4",
            at: line(l.number), column: l.column, length: l.text.count)
        }
        after = v
      }
      var goals: [LessonGoal] = []
      for f in group where f.field == .goal {
        let l = f.lines[0]
        goals.append(try LessonGoal.parse(line(l.number), from: l.column))
      }
      var success: [LessonText] = []
      for f in group where f.field == .success {
        for l in f.lines {
          success.append(try LessonText.parse(line(l.number), from: l.column))
        }
      }
      steps.append(
        LessonStep(
          line: start, task: texts(.task, in: group), after: after, goals: goals,
          hints: group.filter { $0.field == .hint }.map {
            $0.lines.map(\.text).joined(separator: " ")
          },
          success: success, answers: texts(.answer, in: group)))
    }
    guard !steps.isEmpty else {
      throw Diagnostic(
        "the lesson has no 'step:'", hint: "a lesson needs at least one step",
        at: line(max(1, raw.count)), column: 1, length: 1)
    }
    return Lesson(
      file: file, title: one(.title, in: top), summary: one(.summary, in: top),
      setup: setupLines.joined(separator: "\n"), explanation: texts(.explain, in: top),
      steps: steps)
  }
}

extension LessonText {
  /// Reads a text line from `column` on: `{MEASURE}` is a measurement, the rest is text.
  static func parse(_ line: SourceLine, from column: Int) throws(Diagnostic) -> LessonText {
    let chars = Array(line.text)
    var parts: [Part] = []
    var text = ""
    var i = column - 1
    while i < chars.count {
      guard chars[i] == "{" else {
        text.append(chars[i])
        i += 1
        continue
      }
      guard let close = chars[i...].firstIndex(of: "}") else {
        throw Diagnostic(
          "'{' opens a measurement that is not closed", hint: "write {count LAYER}, {get PATH}, …",
          at: line, column: i + 1, length: 1)
      }
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
      let tokens = try LessonGoal.words(of: line, from: i + 2, to: close)
      guard !tokens.isEmpty else {
        throw Diagnostic(
          "an empty measurement", hint: "write {count LAYER}, {get PATH}, …", at: line,
          column: i + 1, length: 2)
      }
      let (measure, used) = try LessonMeasure.parse(tokens, in: line)
      if used < tokens.count {
        throw Diagnostic(
          "unexpected '\(tokens[used].text)' in a measurement", token: tokens[used], in: line)
      }
      parts.append(.measure(measure))
      i = close + 1
    }
    if !text.isEmpty { parts.append(.text(text)) }
    return LessonText(parts: parts)
  }
}
