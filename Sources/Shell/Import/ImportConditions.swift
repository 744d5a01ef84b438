import Core

/// Conditions: `if`/`else if`/`else`, `guard … else`, `switch` (Swift's and C's) and what a
/// condition is worth here (`condition`, `truth`): known values decide; an unknown one takes
/// the branch that builds, as docs/import.md, "Conditions", says.
extension ImportInterpreter {
  /// `if COND { … } else if COND { … } else { … }`, in Swift and Objective-C (braces
  /// required). A condition is worked out where it can be (`docs/import.md`, "Conditions").
  func conditional(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var k = i
    while true {
      if program.language == .objc, k + 1 < s.upperBound, tokens[k + 1].isPunctuation("(") {
        // C's `if (cond) statement;` without braces: the one statement is the branch, and
        // `else statement;` (or `else if …`, `else { … }`) may follow it.
        let close = program.closing(k + 1, in: s)
        if close + 1 < s.upperBound, !tokens[close + 1].isPunctuation("{") {
          var branch = (close + 1)..<s.upperBound
          var rest: Range<Int>? = nil
          // The `; else` that ends the statement (an inner braceless `if` keeps its own).
          if !tokens[close + 1].isIdentifier("if"),
            let semicolon = topLevelIndex(of: ";", in: branch), semicolon + 1 < s.upperBound,
            tokens[semicolon + 1].isIdentifier("else")
          {
            branch = (close + 1)..<semicolon
            rest = (semicolon + 2)..<s.upperBound
          }
          guard let met = condition((k + 1)..<(close + 1), branch: branch, otherwise: rest) else {
            throw skip(
              "its condition is not known here, and its statement builds no layers or cells")
          }
          if met { return try statement(branch) }
          guard let rest, !rest.isEmpty else { return nil }
          if tokens[rest.lowerBound].isIdentifier("if") {
            k = rest.lowerBound
            continue
          }
          return try elseBranch(rest, in: s)
        }
      }
      guard let brace = program.firstBrace(in: (k + 1)..<s.upperBound) else {
        throw skip("an 'if' without a block")
      }
      let close = program.closing(brace, in: s)
      var rest: Range<Int>? = nil
      if close + 1 < s.upperBound, tokens[close + 1].isIdentifier("else") {
        rest = (close + 2)..<s.upperBound
      }
      let met: Bool
      if let known = condition((k + 1)..<brace, branch: (brace + 1)..<close, otherwise: rest) {
        met = known
      } else if let rest, !rest.isEmpty {
        // **(choice)** An unknown condition reads as false when no branch builds: the plain
        // device, with no setting switched on and no other file's flag set. The `else` runs.
        warn(
          tokens[k], "its condition is not known here: it reads as false, so its else runs",
          hint: "no branch of it builds layers or cells; " + Self.unknownReadsFalse)
        met = false
      } else {
        throw skip("its condition is not known here, and no branch of it builds layers or cells")
      }
      if met { return try body((brace + 1)..<close) }
      guard let rest, !rest.isEmpty else { return nil }
      if tokens[rest.lowerBound].isIdentifier("if") {
        k = rest.lowerBound
        continue
      }
      return try elseBranch(rest, in: s)
    }
  }

  /// What an `else` runs: its block, or in Objective-C its one statement (`else b;`).
  private func elseBranch(_ rest: Range<Int>, in s: Range<Int>) throws(ImportSkip)
    -> ImportValue?
  {
    if tokens[rest.lowerBound].isPunctuation("{") {
      return try body((rest.lowerBound + 1)..<program.closing(rest.lowerBound, in: s))
    }
    guard program.language == .objc else {
      throw skip("an 'else' without a block", tokens[rest.lowerBound])
    }
    return try statement(rest)
  }

  /// `switch SUBJECT { case A, B: … case C: … default: … }` (also Objective-C's `case A:` with
  /// `break`): the first case whose pattern equals the subject runs, on through `fallthrough`.
  /// A subject that cannot be worked out here takes the first case that builds layers or cells,
  /// as an unknown `if` does; when none builds, the `switch` is skipped with a warning.
  func switchStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    guard let open = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a 'switch' without a block")
    }
    let close = program.closing(open, in: s)
    var subjectRange = (i + 1)..<open
    if program.language == .objc { subjectRange = program.unparenthesized(subjectRange) }
    let subject = try? expression(subjectRange)
    // The cases: where each starts (`case` or `default` at the block's own depth), its
    // patterns and its body.
    var heads: [Int] = []
    var depth = 0
    for j in (open + 1)..<close {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("case") || t.isIdentifier("default") { heads.append(j) }
    }
    var cases: [(patterns: [Range<Int>]?, body: Range<Int>)] = []
    for (k, h) in heads.enumerated() {
      let end = k + 1 < heads.count ? heads[k + 1] : close
      guard let colon = topLevelIndex(of: ":", in: (h + 1)..<end) else { continue }
      var patterns: [Range<Int>]? = nil
      if tokens[h].isIdentifier("case") {
        var list: [Range<Int>] = []
        var start = h + 1
        while let comma = topLevelIndex(of: ",", in: start..<colon) {
          list.append(start..<comma)
          start = comma + 1
        }
        list.append(start..<colon)
        patterns = list
      }
      cases.append((patterns, (colon + 1)..<end))
    }
    var bindings: [(String, ImportValue)] = []
    var tookFirstUnknownCase = false
    // `case .snow(let n) where n > 0.5:`: a pattern's guard, worked out with what the pattern
    // binds; one not known here reads as false, as an unknown condition does.
    func holds(_ guardClause: Range<Int>?, _ bound: [(String, ImportValue)]) -> Bool {
      guard let guardClause else { return true }
      frames.append([:])
      defer { frames.removeLast() }
      for (name, value) in bound { bind(name, value, declare: true) }
      return (try? expression(guardClause)).flatMap(Self.truth) ?? false
    }
    func matches(_ patterns: [Range<Int>]?) -> Bool? {
      guard let patterns else { return true }  // default
      guard let subject else { return nil }
      for whole in patterns {
        var p = whole
        var guardClause: Range<Int>? = nil
        if let w = topLevelIndex(in: whole, where: { $0.isIdentifier("where") }) {
          p = whole.lowerBound..<w
          guardClause = (w + 1)..<whole.upperBound
        }
        if p.count == 2,
          tokens[p.lowerBound].isIdentifier("let") || tokens[p.lowerBound].isIdentifier("var"),
          tokens[p.lowerBound + 1].kind == .identifier
        {
          // `case let n where n > 3:`: any value, bound to the name.
          let bound = [(tokens[p.lowerBound + 1].text, subject)]
          guard holds(guardClause, bound) else { continue }
          bindings = bound
          return true
        }
        if case .enumCase = subject {
          // `case let .image(_, details)`, `case .shape(let shape, _)`: the case, its values bound.
          guard let bound = casePattern(p, matches: subject), holds(guardClause, bound) else {
            continue
          }
          bindings = bound
          return true
        }
        let value = try? expression(p)
        var foreign = value == nil
        if case .type(let name)? = value, !program.typeNames.contains(name),
          !Self.isKnownType(name)
        {
          foreign = true
        }
        guard let value, !foreign else {
          // **(choice)** Constants of another file (a header's `NS_ENUM`) against each other
          // (`switch (kind)` with `kind` given `GlintKindShower` by the caller): the same name
          // is the same value, and two names are two cases of the enumeration, so different.
          if case .type(let name) = subject, !program.typeNames.contains(name),
            !Self.isKnownType(name), p.count == 1, tokens[p.lowerBound].kind == .identifier
          {
            if tokens[p.lowerBound].text == name { return true }
            continue
          }
          // **(choice)** An Objective-C constant only another file declares (a header's
          // `NS_ENUM`) against a property still 0: C numbers an enumeration from 0 and authors
          // list its cases in that order, so the first such case is taken.
          if program.language == .objc, subject == .null || subject == .number(0), p.count == 1,
            tokens[p.lowerBound].kind == .identifier, !tookFirstUnknownCase
          {
            tookFirstUnknownCase = true
            warn(
              tokens[p.lowerBound],
              "\(tokens[p.lowerBound].text) is declared in another file: taken as its"
                + " enumeration's first constant, 0, which the unset value holds",
              hint: "as C numbers an enumeration's constants from 0")
            return true
          }
          return nil
        }
        if Self.pattern(value, matches: subject), holds(guardClause, []) { return true }
      }
      return false
    }
    var chosen: Int? = nil
    var undecided = false
    for (k, c) in cases.enumerated() where c.patterns != nil || chosen == nil {
      guard let m = matches(c.patterns) else {
        undecided = true
        chosen = cases.indices.first {
          builds(in: cases[$0].body, throughProperties: true, onlyLazy: true)
        }
        break
      }
      if m {
        chosen = k
        break
      }
    }
    guard let start = chosen else {
      if subject == nil {
        throw skip("its subject is not known here, and no case of it builds layers or cells")
      }
      if undecided {
        throw skip(
          "a case compares with a value not known here, and no case builds layers or cells")
      }
      return nil
    }
    for (name, value) in bindings { bind(name, value, declare: true) }
    // Runs the chosen case, and the next ones while a case ends in `fallthrough`.
    var k = start
    while k < cases.count {
      let statements = program.statements(in: cases[k].body)
      var falls = false
      for st in statements {
        if tokens[st.lowerBound].isIdentifier("break") { return nil }
        if tokens[st.lowerBound].isIdentifier("fallthrough") {
          falls = true
          break
        }
        do throws(ImportSkip) {
          if let r = try statement(st) {
            // A `break` inside the case's braces or an `if` of it ends the switch, not a loop.
            if case .constant(Self.breakSignal) = r { return nil }
            return r
          }
        } catch {
          warn(tokens[st.lowerBound], "skipped: \(program.snippet(st))", hint: error.message)
        }
      }
      // Swift goes on only through `fallthrough`; C runs on into the next case until `break`.
      guard falls || statements.isEmpty || program.language == .objc else { return nil }
      k += 1
    }
    return nil
  }

  /// `guard CONDITION else { … }`: when the condition is known not to hold, the `else` block
  /// runs (and returns); otherwise (it holds, or it cannot be worked out here, as an unknown
  /// `if let` is taken) the code after it runs, binding its `let`s.
  func guardStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var depth = 0
    var found: Int? = nil
    for j in (i + 1)..<s.upperBound where found == nil {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("else") { found = j }
    }
    guard let otherwise = found, otherwise + 1 < s.upperBound,
      tokens[otherwise + 1].isPunctuation("{")
    else { throw skip("a 'guard' without 'else { … }'") }
    let close = program.closing(otherwise + 1, in: s)
    let met = condition((i + 1)..<otherwise, branch: 0..<0, otherwise: nil) ?? true
    if met { return nil }
    let elseBody = (otherwise + 2)..<close
    if let first = elseBody.first, Self.traps.contains(tokens[first].text) {
      // **(choice)** An else that traps (`fatalError(…)`): the app runs, so on the device the
      // guard holds; what it binds is what the importer could not work out (an image drawn
      // or loaded in code: a stand-in where it is used).
      warn(
        tokens[i], "this guard's else stops the app, so it is taken as holding",
        hint: "what it could not work out here is left to a stand-in where it is used")
      for name in guardNames((i + 1)..<otherwise) {
        bind(name, .unknown("what the guard reads is not known here"), declare: true)
      }
      return nil
    }
    return try body(elseBody) ?? .void
  }

  /// Whether a `case` pattern's value matches `subject`: equal, the same enumeration case
  /// (`.snow` and `Kind.snow`), or a range holding it (`case 2...4:`).
  /// The names pattern `p` binds when it matches `subject`, a case with associated values
  /// (`let .shape(shape, color?)`, `.image(let image, _)`, `Content.emoji(let c)`, `.text(_,
  /// details: let d)`); nil when it does not match (another case, a value that differs, nil
  /// where `x?` wants one).
  func casePattern(_ p: Range<Int>, matches subject: ImportValue) -> [(String, ImportValue)]? {
    guard case .enumCase(_, let name, let values) = subject else { return nil }
    var i = p.lowerBound
    var bindsAll = false
    if i < p.upperBound, tokens[i].isIdentifier("let") || tokens[i].isIdentifier("var") {
      bindsAll = true
      i += 1
    }
    if i + 1 < p.upperBound, tokens[i].kind == .identifier, tokens[i + 1].isPunctuation(".") {
      i += 1  // `Content.shape`
    }
    guard i + 1 < p.upperBound + 1, i < p.upperBound, tokens[i].isPunctuation("."),
      i + 1 < p.upperBound, tokens[i + 1].isIdentifier(name)
    else { return nil }
    i += 2
    guard i < p.upperBound else { return [] }  // `.shape` alone: any values
    guard tokens[i].isPunctuation("("), program.closing(i, in: p) == p.upperBound - 1 else {
      return nil
    }
    let parts = arguments((i + 1)..<(p.upperBound - 1))
    guard parts.count == values.count else { return nil }
    var out: [(String, ImportValue)] = []
    for (part, value) in zip(parts, values) {
      var r = part.value
      var binds = bindsAll
      if let first = r.first, tokens[first].isIdentifier("let") || tokens[first].isIdentifier("var")
      {
        binds = true
        r = (first + 1)..<r.upperBound
      }
      if r.count == 1, tokens[r.lowerBound].isIdentifier("_") { continue }
      let optional = r.count == 2 && tokens[r.upperBound - 1].isPunctuation("?")
      if binds, r.count == 1 || optional, tokens[r.lowerBound].kind == .identifier {
        if optional, value == .null { return nil }
        out.append((tokens[r.lowerBound].text, value))
        continue
      }
      guard let wanted = try? expression(r), Self.pattern(wanted, matches: value) else {
        return nil
      }
    }
    return out
  }

  static func pattern(_ value: ImportValue, matches subject: ImportValue) -> Bool {
    if value == subject { return true }
    switch (value, subject) {
    case (.constant(let a), .constant(let b)):
      return sameCase(a, b)
    case (.array(let items), .number):
      return items.contains(subject)
    case (.range(let lo, let hi), .number(let n)):
      return lo <= n && n <= hi
    default:
      return false
    }
  }

  /// Whether two constants name the same case: `.pad` and `UIUserInterfaceIdiom.pad` do, and a
  /// gesture's `.recognized` is its `.ended`.
  static func sameCase(_ a: String, _ b: String) -> Bool {
    func name(_ c: String) -> Substring? {
      let last = c.split(separator: ".").last
      return last == "recognized" ? "ended" : last
    }
    return name(a) == name(b)
  }

  /// The calls that stop the app.
  static let traps: Set<String> = ["fatalError", "preconditionFailure", "abort", "exit"]

  /// The names a guard's `let`/`var` clauses bind.
  private func guardNames(_ range: Range<Int>) -> [String] {
    range.compactMap { j in
      (tokens[j].isIdentifier("let") || tokens[j].isIdentifier("var")) && j + 1 < range.upperBound
        && tokens[j + 1].kind == .identifier ? tokens[j + 1].text : nil
    }
  }

  /// Whether the condition in `range` holds: its clauses (separated by `,`; `let NAME = VALUE`
  /// binds NAME, and holds unless VALUE is `nil`) all hold. When one cannot be worked out
  /// here (a bundle's file, a setting of the app), the branch that builds layers or cells is
  /// taken; when none builds, an unknown `let` holds (the value is there on the device), and
  /// any other unknown clause gives nil: the whole `if` is skipped with a warning.
  private func condition(_ range: Range<Int>, branch: Range<Int>, otherwise: Range<Int>?) -> Bool? {
    var known = true
    var onlyBindings = true
    for clause in topLevelParts(range) where !clause.isEmpty {
      let head = tokens[clause.lowerBound]
      let words = tokens[clause].filter {
        $0.kind != .punctuation || $0.text == "=" || $0.text == "=="
      }
      if words.count >= 3, words[0].isIdentifier("self"),
        words[1].isPunctuation("=")
          || (words[1].isPunctuation("==") && words[2].isIdentifier("super"))
      {
        // Objective-C's `if (self = [super init…])`: the superclass's part holds (also when
        // written `==`, a slip that compiles and, self being set, holds on the device too).
        continue
      }
      let texts = tokens[clause].map(\.text).filter { $0 != "(" && $0 != ")" }
      if texts.count == 6, texts[0] == "self", texts[1] == "==", texts[2] == "[",
        texts[4] == "class",
        texts[5] == "]", let running = runningFunctions.last,
        program.functions[running].declaringType == texts[3]
      {
        // `+initialize`'s guard, `if (self == [GlitterView class])`: in the class's own
        // method, self is that class (a subclass's own call is not imported).
        continue
      }
      if head.isIdentifier("let") || head.isIdentifier("var"),
        clause.count > 1, tokens[clause.lowerBound + 1].kind == .identifier
      {
        let name = tokens[clause.lowerBound + 1].text
        guard let eq = topLevelIndex(of: "=", in: clause) else {
          known = false
          continue
        }
        do throws(ImportSkip) {
          let value = try expression((eq + 1)..<clause.upperBound)
          bind(name, value, declare: true)
          if value == .null { return false }
        } catch {
          // Not known here (`UIColor(named:)` of an asset catalog not beside the file): what
          // uses the name is skipped with the reason, rather than given nil.
          bind(name, .unknown(error.message), declare: true)
          known = false
        }
        continue
      }
      if head.isIdentifier("case"), let eq = topLevelIndex(of: "=", in: clause),
        !tokens[clause.lowerBound..<eq].contains(where: {
          $0.isIdentifier("let") || $0.isIdentifier("var")
        })
      {
        // `if case .snow = mode`: the pattern matched as a switch's case is.
        guard let pattern = try? expression((clause.lowerBound + 1)..<eq),
          let value = try? expression((eq + 1)..<clause.upperBound)
        else {
          known = false
          onlyBindings = false
          continue
        }
        if !Self.pattern(pattern, matches: value) { return false }
        continue
      }
      if head.isIdentifier("#available") || head.isIdentifier("@available") {
        continue  // **(choice)** the device is a current one: `#available(iOS 13, *)` holds
      }
      guard let value = try? expression(clause), let truth = Self.truth(value) else {
        known = false
        onlyBindings = false
        continue
      }
      if !truth { return false }
    }
    if known { return true }
    if builds(in: branch, throughProperties: true, onlyLazy: true) { return true }
    if let otherwise, builds(in: otherwise, throughProperties: true, onlyLazy: true) {
      return false
    }
    // `if timer == nil { timer = Timer.scheduledTimer(…) }`: a branch that starts a timer is
    // the effect's, as one that builds is.
    if startsTimer(in: branch) { return true }
    return onlyBindings ? true : nil
  }

  /// Whether `range` starts a timer (`Timer.scheduledTimer`, `[NSTimer
  /// scheduledTimerWithTimeInterval:…]`, Combine's `Timer.publish`, a `CADisplayLink`).
  private func startsTimer(in range: Range<Int>) -> Bool {
    range.contains { k in
      let t = tokens[k]
      return t.kind == .identifier
        && (["scheduledTimer", "scheduledTimerWithTimeInterval", "CADisplayLink"].contains(t.text)
          || (t.text == "publish" && k >= 2 && tokens[k - 2].isIdentifier("Timer")))
    }
  }

  /// Why an unknown condition was taken as false, for its warnings' hints.
  static let unknownReadsFalse =
    "an unknown condition (another file's flag, a setting) is taken as the plain case"

  /// Whether a value counts as true in a condition: a Bool, a number other than 0, or an
  /// object that exists; nil when it cannot say (a value not known here among them).
  static func truth(_ v: ImportValue) -> Bool? {
    switch v {
    case .bool(let b): return b
    case .number(let n): return n != 0
    case .null: return false
    case .void, .constant, .type, .function, .method, .unknown: return nil
    default: return true
    }
  }

}
