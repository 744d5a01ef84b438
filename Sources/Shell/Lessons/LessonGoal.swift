import Core

/// Something a lesson measures in the scene, with the code the matching command uses:
/// `count PATH` (the `count` command's live count), `get PATH` (the model value, as `get`),
/// `presentation PATH` (as `get presentation`) and `stat CELLPATH FIELD` (a column of `stats`).
enum LessonMeasure: Sendable {
  case count(Token)
  case get(Token)
  case presentation(Token)
  case stat(Token, StatField)

  /// The words that start a measurement: the commands' names, `get`'s presentation keyword,
  /// and `stat` (a column of `stats`).
  static let countWord = ViewCommands.count.name
  static let getWord = SceneCommands.get.name
  static let presentationWord = AnimateClause.presentationWord
  static let statWord = "stat"
  /// Every word that starts a measurement, for the parser's messages.
  static let words = [countWord, getWord, presentationWord, statWord]

  /// A column of `stats`, by the name it has there.
  enum StatField: String, CaseIterable, Sendable {
    case live, born, stillborn, dropped, oldest

    func value(_ s: CellStats) -> Double {
      switch self {
      case .live: return Double(s.live)
      case .born: return Double(s.born)
      case .stillborn: return Double(s.stillborn)
      case .dropped: return Double(s.dropped)
      case .oldest: return s.oldestAge
      }
    }
  }

  /// As written (for messages): `count fountain`.
  var words: String {
    switch self {
    case .count(let p): return "\(Self.countWord) \(p.text)"
    case .get(let p): return "\(Self.getWord) \(p.text)"
    case .presentation(let p): return "\(Self.presentationWord) \(p.text)"
    case .stat(let p, let f): return "\(Self.statWord) \(p.text) \(f.rawValue)"
    }
  }

  /// Reads a measurement from the start of `tokens`; returns it and how many words it took.
  static func parse(_ tokens: [Token], in line: SourceLine) throws(Diagnostic) -> (
    LessonMeasure, Int
  ) {
    let word = tokens[0]
    func path() throws(Diagnostic) -> Token {
      guard tokens.count > 1 else {
        throw Diagnostic(
          "'\(word.text)' needs a path", hint: "e.g. \(word.text) fountain", token: word, in: line)
      }
      return tokens[1]
    }
    switch word.text {
    case countWord: return (.count(try path()), 2)
    case getWord: return (.get(try path()), 2)
    case presentationWord: return (.presentation(try path()), 2)
    case statWord:
      let p = try path()
      let names = StatField.allCases.map(\.rawValue)
      guard tokens.count > 2 else {
        throw Diagnostic(
          "'\(statWord)' needs a cell path and a column", suggestion: .oneOf(names), token: p,
          in: line)
      }
      guard let f = StatField(rawValue: tokens[2].text) else {
        throw Diagnostic(
          "unknown stats column '\(tokens[2].text)'",
          suggestion: .nearest(to: tokens[2].text, in: names, otherwise: .oneOf(names)),
          token: tokens[2], in: line)
      }
      return (.stat(p, f), 3)
    default:
      throw Diagnostic(
        "unknown measurement '\(word.text)'",
        suggestion: .nearest(to: word.text, in: words, otherwise: .oneOf(words)), token: word,
        in: line)
    }
  }

  /// What it measures in `scene`, or why it cannot be measured there.
  func measure(in scene: Scene) -> Result<PropertyValue, LessonProblem> {
    let m = scene.model
    do throws(ValueError) {
      switch self {
      case .count(let p):
        return .success(.number(Double(scene.liveCount(of: try m.resolveObject(p.keyPath)))))
      case .get(let p):
        guard let v = m.value(try m.resolveProperty(p.keyPath)) else {
          return .failure(LessonProblem("\(p.text) has no value"))
        }
        return .success(v)
      case .presentation(let p):
        guard let v = scene.presentationValue(try m.resolveProperty(p.keyPath)) else {
          return .failure(LessonProblem("\(p.text) has no presentation value"))
        }
        return .success(v)
      case .stat(let p, let f):
        guard let row = scene.stats().first(where: { $0.path == p.keyPath }) else {
          return .failure(LessonProblem("stats has no cell \(p.text)"))
        }
        return .success(.number(f.value(row)))
      }
    } catch {
      return .failure(LessonProblem(error.message))
    }
  }

  /// A measured value for a lesson's text: a number to at most 3 decimals (as `lint` writes
  /// them), anything else as `get` prints it.
  func text(_ v: PropertyValue) -> String {
    guard let n = v.number else { return ValueFormatting.value(v) }
    return Linter.fmt(n)
  }
}

/// Why a goal could not be checked (a layer the user removed, …), told in the nudge.
struct LessonProblem: Error, Sendable {
  var message: String
  init(_ message: String) { self.message = message }
}

/// One condition of a step, checked by code over what the scene computes:
/// `MEASURE OP NUMBER`, `MEASURE between A B`, `MEASURE is VALUE` (a `get`, compared as `get`
/// prints it) or `lint clean` (the `lint` command finds nothing).
struct LessonGoal: Sendable {
  enum Test: Sendable {
    case compare(Comparison, Double)
    case between(Double, Double)
    case equals(String)
  }

  /// The comparison operators, declared once.
  enum Comparison: String, CaseIterable, Sendable {
    case less = "<"
    case atMost = "<="
    case more = ">"
    case atLeast = ">="
    case equal = "="
    case notEqual = "!="

    func holds(_ a: Double, _ b: Double) -> Bool {
      switch self {
      case .less: return a < b
      case .atMost: return a <= b
      case .more: return a > b
      case .atLeast: return a >= b
      case .equal: return a == b
      case .notEqual: return a != b
      }
    }

    var words: String {
      switch self {
      case .less: return "less than"
      case .atMost: return "at most"
      case .more: return "more than"
      case .atLeast: return "at least"
      case .equal: return "exactly"
      case .notEqual: return "anything but"
      }
    }
  }

  enum Kind: Sendable {
    case lintClean
    case measure(LessonMeasure, Test)
  }

  var kind: Kind

  /// The words that may follow a measurement.
  static var testWords: [String] { Comparison.allCases.map(\.rawValue) + ["between", "is"] }

  /// The words of `line` from column `from` (1-based) up to `to` (0-based, exclusive), with
  /// their columns in the line.
  static func words(of line: SourceLine, from: Int, to: Int? = nil) throws(Diagnostic) -> [Token] {
    let chars = Array(line.text)
    var blanked = chars
    for i in blanked.indices where i < from - 1 || i >= (to ?? chars.count) { blanked[i] = " " }
    var l = line
    l.text = String(blanked)
    var tokens: [Token] = []
    do throws(Diagnostic) {
      for c in try Lexer.commands(inLine: l) { tokens += c.tokens }
    } catch {
      var e = error
      e.line = line
      throw e
    }
    return tokens
  }

  /// Reads a goal from `column` of `line` on.
  static func parse(_ line: SourceLine, from column: Int) throws(Diagnostic) -> LessonGoal {
    let t = try words(of: line, from: column)
    guard let first = t.first else {
      throw Diagnostic("an empty goal", at: line, column: column, length: 1)
    }
    if first.text == "lint" {
      guard t.count == 2, t[1].text == "clean" else {
        throw Diagnostic(
          "the lint goal is 'lint clean'", token: t.count > 1 ? t[1] : first, in: line)
      }
      return LessonGoal(kind: .lintClean)
    }
    let (measure, used) = try LessonMeasure.parse(t, in: line)
    func number(_ i: Int) throws(Diagnostic) -> Double {
      guard i < t.count else {
        let last = t[t.count - 1]
        throw Diagnostic(
          "missing a number", at: line, column: last.column + last.length, length: 1)
      }
      do throws(ValueError) {
        // Numbers as set reads them: expressions, pi, 90deg.
        guard
          let v = try PropertyKind.angle(-Limits.maxMagnitude...Limits.maxMagnitude)
            .parse(t[i].text).number
        else { throw ValueError("expected a number") }
        return v
      } catch {
        throw Diagnostic(error, token: t[i], in: line)
      }
    }
    guard used < t.count else {
      let last = t[t.count - 1]
      throw Diagnostic(
        "a goal compares the measurement", suggestion: .oneOf(testWords), at: line,
        column: last.column + last.length, length: 1)
    }
    let op = t[used]
    let test: Test
    var end = used + 2
    if let c = Comparison(rawValue: op.text) {
      test = .compare(c, try number(used + 1))
    } else if op.text == "between" {
      let a = try number(used + 1)
      let b = try number(used + 2)
      guard a <= b else {
        throw Diagnostic(
          "between A B needs A ≤ B", token: t[used + 2], in: line)
      }
      test = .between(a, b)
      end = used + 3
    } else if op.text == "is" {
      guard case .get = measure else {
        throw Diagnostic(
          "'is' compares a 'get' value as get prints it", hint: "compare numbers with = or between",
          token: op, in: line)
      }
      guard used + 1 < t.count else {
        throw Diagnostic(
          "missing a value", at: line, column: op.column + op.length, length: 1)
      }
      test = .equals(t[used + 1].text)
    } else {
      throw Diagnostic(
        "unknown comparison '\(op.text)'",
        suggestion: .nearest(to: op.text, in: testWords, otherwise: .oneOf(testWords)), token: op,
        in: line)
    }
    if end < t.count {
      throw Diagnostic("unexpected '\(t[end].text)' after the goal", token: t[end], in: line)
    }
    return LessonGoal(kind: .measure(measure, test))
  }

  /// Whether the goal holds in `scene`, and what was seen (for the nudge).
  func check(in scene: Scene) -> (met: Bool, seen: String) {
    switch kind {
    case .lintClean:
      let problems = Linter.problems(in: scene)
      guard let first = problems.first else { return (true, "lint finds no problems") }
      return (
        false,
        "lint finds \(problems.count) problem\(problems.count == 1 ? "" : "s"), the first: \(first)"
      )
    case .measure(let m, let test):
      let v: PropertyValue
      switch m.measure(in: scene) {
      case .success(let x): v = x
      case .failure(let p): return (false, p.message)
      }
      let seen = "\(m.words) is \(m.text(v))"
      switch test {
      case .compare(let c, let b):
        guard let a = v.number else { return (false, seen + ", not a number") }
        return (c.holds(a, b), seen + " (wanted \(c.words) \(ValueFormatting.number(b)))")
      case .between(let lo, let hi):
        guard let a = v.number else { return (false, seen + ", not a number") }
        return (
          lo <= a && a <= hi,
          seen + " (wanted between \(ValueFormatting.number(lo)) and \(ValueFormatting.number(hi)))"
        )
      case .equals(let text):
        guard case .get(let p) = m, let ref = try? scene.model.resolveProperty(p.keyPath),
          let expected = try? scene.model.parseValue(text, for: ref)
        else { return (false, seen + " (wanted \(text))") }
        return (
          ValueFormatting.value(expected) == ValueFormatting.value(v), seen + " (wanted \(text))"
        )
      }
    }
  }
}

extension LessonText {
  /// The text with its measurements taken in `scene`.
  func rendered(in scene: Scene) -> String {
    parts.map { p in
      switch p {
      case .text(let t): return t
      case .measure(let m):
        switch m.measure(in: scene) {
        case .success(let v): return m.text(v)
        case .failure: return "?"
        }
      }
    }.joined()
  }
}
