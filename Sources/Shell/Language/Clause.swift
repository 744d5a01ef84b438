import Core
import Synchronization

/// How many words follow a clause's keyword, up to the next keyword.
enum ClauseArity: Sendable, Equatable {
  /// None: the keyword is a flag (`keep`).
  case none
  /// Exactly one (`duration 2`).
  case one
  /// One or more (`values 0 1 0`).
  case oneOrMore
}

/// A clause of a command (`duration 2`, `fill forwards`, `keep`) as the parser, `help` and Tab
/// completion see it. Declared once, with `Clause`, and everything else is derived from it.
struct ClauseSpec: Sendable {
  /// The keyword.
  let name: String
  let arity: ClauseArity
  /// What the words are, in `help`: `SECONDS`, `NAME`, `VALUE`.
  let placeholder: String
  /// What the clause takes, for the message when it is given the wrong number of words:
  /// "one number", "at least one value".
  let expects: String
  /// The words a value may be when they form a closed set (timing function names, fill
  /// modes), or the named values a number may also be (`forever`): offered by Tab, listed by
  /// `help`, and taken for misspellings.
  let values: [String]
  /// Other forms a value may take, listed by `help` after `values` (`bezier(x1,y1,x2,y2)`).
  let forms: [String]
  /// Whether `values` and `forms` are all a value may be (not so for `repeat COUNT`, whose
  /// `forever` is one value beside the numbers).
  let closed: Bool
  /// What the clause does, for `help`.
  let help: String
  /// Advice for a clause given the wrong number of words.
  let arityHint: String?

  /// The clause's form and what it does, as `help COMMAND` lists it.
  var helpLine: (form: String, text: String) {
    let form = arity == .none ? name : "\(name) \(placeholder)\(arity == .oneOrMore ? " …" : "")"
    let choices = (values + forms).joined(separator: ", ")
    if choices.isEmpty { return (form, help) }
    // Words that are the names of `forms` (path elements), among numbers: the forms say it.
    if !closed && arity == .oneOrMore && !forms.isEmpty {
      return (form, "\(help): " + forms.joined(separator: ", "))
    }
    return (form, closed ? "\(help): \(choices)" : "\(help); or \(choices)")
  }
}

/// A clause declaration that reads its words as a `Value`: `Clause<Double>` for `duration 2`,
/// `Clause<FillMode>` for `fill forwards`, `Clause<Bool>` for the flag `keep`. A command lists
/// the specs in `Command.clauses`; it asks `ParsedClauses` for a clause by its declaration.
struct Clause<Value>: Sendable {
  let spec: ClauseSpec
  /// Reads the clause's words (already of the right count).
  let read: @Sendable (_ words: [Token], _ clauses: ParsedClauses) throws(Diagnostic) -> Value

  var name: String { spec.name }

  /// A clause of `arity` read by `read`.
  init(
    _ name: String, arity: ClauseArity, placeholder: String, expects: String,
    values: [String] = [], forms: [String] = [], closed: Bool = true, help: String,
    arityHint: String? = nil,
    read:
      @escaping @Sendable (_ words: [Token], _ clauses: ParsedClauses) throws(Diagnostic) ->
      Value
  ) {
    spec = ClauseSpec(
      name: name, arity: arity, placeholder: placeholder, expects: expects, values: values,
      forms: forms, closed: closed, help: help, arityHint: arityHint)
    self.read = read
  }
}

extension Clause where Value == Bool {
  /// A flag: present or not.
  static func flag(_ name: String, help: String) -> Clause {
    Clause(name, arity: .none, placeholder: "", expects: "no value", help: help) { _, _ in true }
  }
}

extension Clause where Value == Token {
  /// One word, read by the command (a value of the animated property, a key).
  static func word(
    _ name: String, _ placeholder: String, expects: String = "one value", help: String,
    arityHint: String? = nil
  ) -> Clause {
    Clause(
      name, arity: .one, placeholder: placeholder, expects: expects, help: help,
      arityHint: arityHint
    ) { words, _ in words[0] }
  }
}

extension Clause where Value == [Token] {
  /// One or more words, read by the command.
  static func words(
    _ name: String, _ placeholder: String, expects: String = "at least one value", help: String
  ) -> Clause {
    Clause(name, arity: .oneOrMore, placeholder: placeholder, expects: expects, help: help) {
      words, _ in words
    }
  }
}

/// The least a number clause may be, beyond its range, with the message when it is less.
struct NumberMinimum: Sendable {
  let value: Double
  /// Whether `value` itself is allowed.
  let inclusive: Bool
  var hint: String? = nil

  /// Greater than `value`.
  static func above(_ value: Double) -> NumberMinimum {
    NumberMinimum(value: value, inclusive: false)
  }

  /// `value` or more.
  static func atLeast(_ value: Double, hint: String? = nil) -> NumberMinimum {
    NumberMinimum(value: value, inclusive: true, hint: hint)
  }

  func admits(_ n: Double) -> Bool { inclusive ? n >= value : n > value }

  func message(_ what: String) -> String {
    let v = ValueFormatting.number(value)
    return inclusive ? "\(what) must be \(v) or more" : "\(what) must be greater than \(v)"
  }
}

extension Clause where Value == Double {
  /// One number within `range` (and above `minimum`), or one of `named` (`forever`), or one of
  /// `alsoNamed` (other names for them, not offered by Tab or `help`: `MAXFLOAT`). With
  /// `saturating`, a number from `saturating.from` up reads as `saturating.value` (Apple's
  /// "forever" is any count as large as `Float.greatestFiniteMagnitude`). `what` names it in
  /// messages (default: the keyword).
  static func number(
    _ name: String, _ placeholder: String = "N", range: ClosedRange<Double>,
    minimum: NumberMinimum? = nil, named: [(word: String, value: Double)] = [],
    alsoNamed: [(word: String, value: Double)] = [],
    saturating: (from: Double, value: Double)? = nil,
    what: String? = nil, expects: String = "one number", help: String
  ) -> Clause {
    let what = what ?? name
    return Clause(
      name, arity: .one, placeholder: placeholder, expects: expects,
      values: named.map(\.word), closed: false, help: help
    ) { words, clauses throws(Diagnostic) in
      let t = words[0]
      if !t.quoted, let n = (named + alsoNamed).first(where: { $0.word == t.text }) {
        return n.value
      }
      let inv = clauses.invocation
      if let saturating,
        (try? inv.number(t, range: saturating.from...Double.greatestFiniteMagnitude, what: what))
          != nil
      {
        return saturating.value
      }
      let n = try clauses.word(t, alsoMisspelling: named.map(\.word)) { t throws(Diagnostic) in
        try inv.number(t, range: range, what: what)
      }
      if let minimum, !minimum.admits(n) {
        throw inv.error(minimum.message(what), hint: minimum.hint, at: t)
      }
      return n
    }
  }
}

extension Clause where Value == [Double] {
  /// One or more numbers within `range`.
  static func numbers(_ name: String, range: ClosedRange<Double>, help: String) -> Clause {
    Clause(name, arity: .oneOrMore, placeholder: "N", expects: "at least one number", help: help) {
      words, clauses throws(Diagnostic) in
      var out: [Double] = []
      for t in words {
        out.append(
          try clauses.word(t) { t throws(Diagnostic) in
            try clauses.invocation.number(t, range: range, what: name)
          })
      }
      return out
    }
  }
}

extension Clause where Value: AppleEnumeration {
  /// One of an enumeration's cases, in any of Apple's spellings (`forwards`, `.forwards`,
  /// `CAMediaTimingFillMode.forwards`, `kCAFillModeForwards`): "fill is one of removed,
  /// forwards, …" otherwise, with the case the word most likely misspells.
  static func oneOf(
    _ name: String, _ type: Value.Type = Value.self, placeholder: String = "NAME", help: String
  ) -> Clause {
    let cases = Value.allCases.map(\.rawValue)
    let message = "\(name) is one of \(cases.joined(separator: ", "))"
    return Clause(
      name, arity: .one, placeholder: placeholder, expects: "one name", values: cases, help: help
    ) { words, clauses throws(Diagnostic) in
      let t = words[0]
      if !t.quoted, let v = Value(spelling: t.text) { return v }
      let plain = Value.constantNames.plainName(t.text)
      let near = t.quoted ? nil : KeywordSuggestion.suggestion(for: plain, among: cases)
      throw clauses.invocation.error(message, suggestion: near, at: t)
    }
  }
}

/// The reads of undeclared clauses seen while `ParsedClauses.undeclaredReads` is set.
final class UndeclaredClauseReads: Sendable {
  private let seen = Mutex<Set<String>>([])
  func add(_ read: String) { _ = seen.withLock { $0.insert(read) } }
  var all: [String] { seen.withLock { $0.sorted() } }
}

/// A command's words from where its clauses start, grouped by keyword, each group checked
/// against its declaration for the number of words. A clause's words are read (and their
/// errors found) when the command asks for it, so errors come in the order it reads them.
struct ParsedClauses {
  let invocation: Invocation
  /// The clauses the command declares.
  let specs: [ClauseSpec]
  /// The clauses given, in order: the keyword and the words up to the next one.
  let given: [(keyword: Token, words: [Token])]

  /// Every keyword, sorted (for "did you mean").
  var keywords: [String] { specs.map(\.name).sorted() }

  /// Where reads of clauses a command does not declare are collected instead of stopping the
  /// program: set by the test that runs every command with each of its clauses
  /// (ClauseTests, "every command reads only the clauses it declares").
  @TaskLocal static var undeclaredReads: UndeclaredClauseReads?

  /// The clause's keyword and words as given. A clause the command does not declare could
  /// never be given (the grouping above refuses its keyword), so reading one is a mistake in
  /// the command's code: it stops the program, or is collected when a test asks.
  private func group(_ name: String) -> (keyword: Token, words: [Token])? {
    if !specs.contains(where: { $0.name == name }) {
      guard let reads = Self.undeclaredReads else {
        preconditionFailure(
          "\(invocation.command.name) reads the clause '\(name)', which it does not declare")
      }
      reads.add("\(invocation.command.name) reads '\(name)'")
    }
    return given.first { $0.keyword.text == name }
  }

  /// Whether the clause is given.
  func has<V>(_ clause: Clause<V>) -> Bool { group(clause.name) != nil }

  /// The clause's keyword as given (for messages about the clause as a whole).
  func keyword<V>(_ clause: Clause<V>) -> Token? { group(clause.name)?.keyword }

  /// The first word after the clause's keyword (for messages about its value).
  func valueToken<V>(_ clause: Clause<V>) -> Token? { group(clause.name)?.words.first }

  /// The clause's value, or nil when it is not given.
  func value<V>(_ clause: Clause<V>) throws(Diagnostic) -> V? {
    guard let g = group(clause.name) else { return nil }
    return try clause.read(g.words, self)
  }

  /// The clause's value, or `default` when it is not given.
  func value<V>(_ clause: Clause<V>, default: V) throws(Diagnostic) -> V {
    try value(clause) ?? `default`
  }

  /// Runs `parse` on a word of a clause; when it fails and the word misspells a keyword (or
  /// one of `alsoMisspelling`), that is the error instead: `values 1 2 duraton 2`.
  func word<T>(
    _ t: Token, alsoMisspelling extra: [String] = [], _ parse: (Token) throws(Diagnostic) -> T
  ) throws(Diagnostic) -> T {
    do throws(Diagnostic) {
      return try parse(t)
    } catch {
      throw invocation.misspeltKeyword(in: [t], keywords: (keywords + extra).sorted()) ?? error
    }
  }
}

extension Invocation {
  /// Groups the arguments from `index` (1-based) on into the command's declared clauses:
  /// a word that starts no clause before the first keyword, a keyword given twice, and a clause
  /// with the wrong number of words are errors here (a misspelt keyword among the extra words
  /// is named as such: `to 1 duraton 2`).
  func clauses(from index: Int) throws(Diagnostic) -> ParsedClauses {
    let specs = command.clauses
    let keywords = specs.map(\.name).sorted()
    var given: [(keyword: Token, words: [Token])] = []
    for t in text.tokens.dropFirst(index) {
      if !t.quoted, specs.contains(where: { $0.name == t.text }) {
        if given.contains(where: { $0.keyword.text == t.text }) {
          throw error("'\(t.text)' is given twice", at: t)
        }
        given.append((t, []))
      } else {
        guard !given.isEmpty else { throw unexpected(t, expected: keywords) }
        given[given.count - 1].words.append(t)
      }
    }
    for (keyword, words) in given {
      guard let spec = specs.first(where: { $0.name == keyword.text }) else { continue }
      switch spec.arity {
      case .none:
        guard words.isEmpty else {
          throw misspeltKeyword(in: words, keywords: keywords)
            ?? error("'\(spec.name)' takes no value", at: words[0])
        }
      case .one:
        guard words.count == 1 else {
          if let e = misspeltKeyword(in: words.dropFirst(), keywords: keywords) { throw e }
          throw error(
            "'\(spec.name)' takes \(spec.expects)",
            suggestion: spec.arityHint.map(Suggestion.text)
              ?? (spec.closed && !spec.values.isEmpty ? .oneOf(spec.values + spec.forms) : nil),
            at: keyword)
        }
      case .oneOrMore:
        guard !words.isEmpty else {
          throw error(
            "'\(spec.name)' needs \(spec.expects)", hint: spec.arityHint, at: keyword)
        }
      }
    }
    return ParsedClauses(invocation: self, specs: specs, given: given)
  }
}
