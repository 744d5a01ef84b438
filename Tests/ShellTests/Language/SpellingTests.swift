import Core
import Testing

@testable import Shell

/// Reads `clause` from the command `line` (whose clauses start at its third word).
private func read<V>(_ clause: Clause<V>, of command: Command, _ line: String) throws -> V? {
  let text = try #require(try Lexer.commands(in: line, file: "t.burst").first)
  return try Invocation(command: command, text: text).clauses(from: 2).value(clause)
}

/// A clause whose value is one of an enumeration's cases.
struct EnumerationClause: CustomTestStringConvertible, Sendable {
  let name: String
  let cases: [String]
  let names: ConstantNames
  /// The name of the case `word` reads as.
  let read: @Sendable (_ word: String) throws -> String?
  var testDescription: String { name }
}

/// Every enumeration clause, read through its declaration as a command would.
private let enumerationClauses: [EnumerationClause] = [
  EnumerationClause(
    name: "fill", cases: FillMode.allCases.map(\.rawValue), names: FillMode.constantNames
  ) { w in
    try read(AnimateClause.fill, of: AnimationCommands.animate, "animate b.x fill \(w)")?.rawValue
  },
  EnumerationClause(
    name: "mode", cases: KeyframeCurve.CalculationMode.allCases.map(\.rawValue),
    names: KeyframeCurve.CalculationMode.constantNames
  ) { w in
    try read(AnimateClause.mode, of: AnimationCommands.animate, "animate b.x mode \(w)")?.rawValue
  },
  EnumerationClause(
    name: "timing", cases: AnimateClause.timingNames, names: TimingFunction.constantNames
  ) { w in
    try read(AnimateClause.timing, of: AnimationCommands.animate, "animate b.x timing \(w)")?
      .description
  },
  EnumerationClause(
    name: "timings", cases: AnimateClause.timingNames, names: TimingFunction.constantNames
  ) { w in
    try read(AnimateClause.timings, of: AnimationCommands.animate, "animate b.x timings \(w)")?
      .first?.description
  },
  EnumerationClause(
    name: "rotate", cases: RotationMode.allCases.map(\.rawValue), names: RotationMode.constantNames
  ) { w in
    try read(AnimateClause.rotate, of: AnimationCommands.animate, "animate b.x rotate \(w)")?
      .rawValue
  },
  EnumerationClause(
    name: "curve", cases: UIViewSpring.Curve.allCases.map(\.rawValue),
    names: UIViewSpring.Curve.constantNames
  ) { w in
    try read(UIViewClause.curve, of: AnimationCommands.uiview, "uiview b.x curve \(w)")?.rawValue
  },
  EnumerationClause(
    name: "transition TYPE", cases: TransitionType.allCases.map(\.rawValue),
    names: TransitionType.constantNames
  ) { w in
    let (inv, words) = try invocation(of: AnimationCommands.transition, "transition b \(w)")
    return try AnimationCommands.transitionType(words[2], inv).rawValue
  },
  EnumerationClause(
    name: "transition SUBTYPE", cases: TransitionSubtype.allCases.map(\.rawValue),
    names: TransitionSubtype.constantNames
  ) { w in
    let (inv, words) = try invocation(of: AnimationCommands.transition, "transition b push \(w)")
    return try AnimationCommands.transitionSubtype(words[3], inv).rawValue
  },
]

/// The invocation of `command` by `line`, and its words.
private func invocation(of command: Command, _ line: String) throws -> (Invocation, [Token]) {
  let text = try #require(try Lexer.commands(in: line, file: "t.burst").first)
  return (Invocation(command: command, text: text), text.tokens)
}

/// One case of one clause, written one way.
struct ClauseSpelling: CustomTestStringConvertible, Sendable {
  let clause: EnumerationClause
  let text: String
  let expected: String
  var testDescription: String { "\(clause.name) \(text)" }
}

/// Each case in the four forms, built here from the declared Swift type and prefix, and each
/// alias (UIKit's `easeInOut` is Core Animation's `easeInEaseOut`) in the same four forms.
private let clauseSpellings: [ClauseSpelling] = enumerationClauses.flatMap { c in
  let names =
    c.cases.map { ($0, $0) } + c.names.aliases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  return names.flatMap { (name, expected) in
    let objc = c.names.objcPrefix + name.prefix(1).uppercased() + name.dropFirst()
    return [name, "." + name, "\(c.names.swiftType).\(name)", objc].map {
      ClauseSpelling(clause: c, text: $0, expected: expected)
    }
  }
}

@Suite("Clause values take every spelling; numbers are expressions; repeat takes Apple's forever")
struct SpellingTests {
  @Test(
    "each case of each enumeration clause parses from each spelling", arguments: clauseSpellings)
  func eachSpellingParses(s: ClauseSpelling) throws {
    #expect(try s.clause.read(s.text) == s.expected)
  }

  @Test("every closed clause of every command is an enumeration clause tested here")
  func everyEnumerationClauseIsCovered() {
    // Burst's own closed clauses name no Apple enumeration, so they have no Swift or
    // Objective-C spellings to test: `record`'s dither (ordered, none).
    let own = [OutputClause.dither.spec.name]
    let covered = Set(enumerationClauses.map(\.name) + own)
    for command in CommandTable.standard.commands {
      for spec in command.clauses where spec.closed && !spec.values.isEmpty {
        #expect(covered.contains(spec.name), "\(command.name) \(spec.name) is not covered")
      }
    }
    for c in enumerationClauses {
      #expect(!c.names.swiftType.isEmpty && !c.names.objcPrefix.isEmpty)
    }
  }

  @Test("UIKit's easeInOut and Core Animation's easeInEaseOut are one curve everywhere")
  func easeInOutIsEaseInEaseOut() throws {
    let timing = enumerationClauses.first { $0.name == "timing" }
    let curve = enumerationClauses.first { $0.name == "curve" }
    #expect(try timing?.read("easeInOut") == "easeInEaseOut")
    #expect(try curve?.read("easeInEaseOut") == "easeInOut")
  }

  @Test(
    "a misspelt clause value names the plain cases",
    arguments: [
      ("animate b.opacity to 1 fill kCAFillModeForwads", "forwards"),
      ("animate b.opacity to 1 fill CAMediaTimingFillMode.forwads", "forwards"),
      ("animate b.opacity to 1 timing kCAMediaTimingFunctionEaseIm", "easeIn"),
    ])
  func misspelt(line: String, nearest: String) {
    let run = runScript("layer b\n" + line + "\n")
    #expect(
      run.error?.message.contains("one of") == true
        || run.error?.message.contains("unknown") == true)
    #expect(run.error?.suggestion?.text == "did you mean '\(nearest)'?")
  }

  @Test(
    "repeat takes Apple's ways of saying forever",
    arguments: [
      "forever", "MAXFLOAT", "3.4028235e+38", ".infinity", "HUGE_VALF",
      "Float.greatestFiniteMagnitude", "1e38*10",
    ])
  func repeatForever(word: String) throws {
    let n = try read(
      AnimateClause.repeatCount, of: AnimationCommands.animate, "animate b.x to 1 repeat \(word)")
    #expect(n == .infinity)
  }

  @Test("repeat still reads counts and rejects what is neither a count nor forever")
  func repeatCounts() throws {
    let line = "animate b.x to 1 repeat "
    #expect(try read(AnimateClause.repeatCount, of: AnimationCommands.animate, line + "3/2") == 1.5)
    #expect(throws: Diagnostic.self) {
      try read(AnimateClause.repeatCount, of: AnimationCommands.animate, line + "2e9")
    }
    #expect(throws: Diagnostic.self) {
      try read(AnimateClause.repeatCount, of: AnimationCommands.animate, line + "MAXFLOT")
    }
  }

  static let setup = "scene 320x480\nemitter like\ncell like sparkle\n"

  @Test(
    "numbers are expressions wherever they are read",
    arguments: [
      (
        "set like.emitterCells.sparkle emissionRange=M_PI_4 emissionLongitude=-.pi/2 spin=2*pi",
        "get like.emitterCells.sparkle.emissionLongitude", ValueFormatting.number(-Double.pi / 2)
      ),
      (
        "set like.emitterCells.sparkle emissionRange=M_PI_4",
        "get like.emitterCells.sparkle.emissionRange", ValueFormatting.number(Double.pi / 4)
      ),
      (
        "set like.emitterCells.sparkle spin=2*pi", "get like.emitterCells.sparkle.spin",
        ValueFormatting.number(2 * Double.pi)
      ),
      ("set like.emitterPosition (320/2),(480-20)", "get like.emitterPosition", "160,460"),
      ("set like.emitterPosition 160,460", "get like.emitterPosition", "160,460"),
      ("set like.emitterPosition (30 -10)", "get like.emitterPosition", "30,-10"),
      (
        "set like.emitterCells.sparkle.birthRate (1 / 4)",
        "get like.emitterCells.sparkle.birthRate", "0.25"
      ),
      ("step 1/60", "time", "0.016666667"),
      ("step (1 / 60) 2*3", "time", "0.1"),
    ])
  func expressionsEverywhere(command: String, get: String, expected: String) {
    let run = runScript(Self.setup + command + "\n" + get + "\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").last.map(String.init) == expected)
  }

  @Test(
    "keyframe values stay one per word",
    arguments: [("values 1 -1 0.5", 3), ("values (1 / 2) -1", 2), ("values 1/2 -.5", 2)])
  func valuesStaySeparate(clause: String, count: Int) throws {
    let words = try read(
      AnimateClause.values, of: AnimationCommands.animate, "animate b.opacity \(clause)")
    #expect(words?.count == count)
  }

  @Test(
    "division by zero and overflow are errors at the value",
    arguments: [
      ("step 1/0", "step duration: '1/0' divides by zero", 6),
      (
        "set like.birthRate 1e300*1e300",
        "bad value for birthRate: '1e300*1e300' is too large to be a number", 20
      ),
    ])
  func arithmeticErrors(line: String, message: String, column: Int) {
    let run = runScript(Self.setup + line + "\n")
    #expect(run.error?.message == message)
    #expect(run.error?.column == column)
  }
}
