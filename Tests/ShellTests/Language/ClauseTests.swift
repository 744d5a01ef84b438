import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A layer to animate.
private let clauseSetup = "layer b\n"

@Suite("Clauses are declared once: parsing, messages, help and completion come from them")
struct ClauseTests {
  struct Bad: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    /// The word the caret points at (its last occurrence in the line).
    let at: String
    var testDescription: String { line }

    var column: Int {
      guard let r = line.range(of: at, options: .backwards) else { return 0 }
      return line.distance(from: line.startIndex, to: r.lowerBound) + 1
    }
  }

  static let bad: [Bad] = [
    // The number of words a clause takes.
    Bad(
      line: "animate b.opacity to 1 duration", message: "'duration' takes one number",
      at: "duration"),
    Bad(
      line: "animate b.opacity to 1 duration 1 2", message: "'duration' takes one number",
      at: "duration"),
    Bad(line: "animate b.opacity to 1 keep 2", message: "'keep' takes no value", at: "2"),
    Bad(
      line: "animate b.opacity to 1 repeat 2 3", message: "'repeat' takes a count or forever",
      at: "repeat"),
    Bad(
      line: "animate b.opacity values 0 1 keyTimes",
      message: "'keyTimes' needs at least one number", at: "keyTimes"),
    Bad(line: "animate b.opacity to 1 timing", message: "'timing' takes one name", at: "timing"),
    Bad(line: "animate b.opacity to 1 key", message: "'key' takes one name", at: "key"),
    Bad(line: "record x.cast 1 fps", message: "'fps' takes one number", at: "fps"),
    // Misspelt keywords, before the first clause, among a clause's words, or after a flag.
    Bad(
      line: "animate b.opacity to 1 keep dealy 2",
      message: "unexpected 'dealy' (did you mean 'delay'?)", at: "dealy"),
    Bad(
      line: "snapshot x.png scael 2", message: "unexpected 'scael' (did you mean 'scale'?)",
      at: "scael"),
    Bad(line: "snapshot x.png 2", message: "unexpected '2'", at: "2"),
    Bad(
      line: "animate b.opacity to 1 delay 1 delay 2", message: "'delay' is given twice",
      at: "delay"),
    // Ranges and minimums.
    Bad(
      line: "animate b.opacity to 1 delay -2e9", message: "delay: -2000000000 is out of range",
      at: "-2e9"),
    Bad(line: "animate b.opacity to 1 speed 0", message: "speed must be greater than 0", at: "0"),
    Bad(
      line: "animate b.opacity spring to 1 stiffness -5",
      message: "stiffness must be greater than 0", at: "-5"),
    Bad(
      line: "animate b.opacity values 0 1 tension 2", message: "tension: 2 is out of range",
      at: "2"),
    Bad(
      line: "animate b.opacity to 1 repeat 1.5x", message: "repeat: expected a number, got '1.5x'",
      at: "1.5x"),
    Bad(line: "play 1 speed 0", message: "speed: 0 is out of range", at: "0"),
    // Clauses of one kind of animation given to another.
    Bad(
      line: "animate b.opacity to 1 mode cubic",
      message: "'mode' applies to keyframe animations (values …) only", at: "mode"),
    Bad(
      line: "animate b.opacity values 0 1 to 1",
      message: "'to' does not apply to keyframe animations (values …)", at: "to"),
    Bad(
      line: "animate b.opacity spring to 1 by 1",
      message: "'by' applies to basic animations (from/to/by) only", at: "by"),
    Bad(
      line: "animate b.opacity to 1 mass 2", message: "'mass' applies to springs only", at: "mass"),
  ]

  @Test("a clause with the wrong words gives one positioned error", arguments: bad)
  func badClause(b: Bad) throws {
    let run = runScript(clauseSetup + b.line + "\n", file: "clause.burst")
    _ = try #require(run.error)
    let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "clause.burst:2:\(b.column): error: \(b.message)", "\(run.stderr)")
  }

  /// The one-of errors and the enumerations whose cases they must list.
  static let oneOf: [(line: String, name: String, cases: [String])] = [
    ("animate b.opacity to 1 fill sideways", "fill", FillMode.allCases.map(\.rawValue)),
    (
      "animate b.opacity values 0 1 mode wobbly", "mode",
      KeyframeCurve.CalculationMode.allCases.map(\.rawValue)
    ),
    (
      "uiview b.opacity to 1 duration 1 curve bouncy", "curve",
      UIViewSpring.Curve.allCases.map(\.rawValue)
    ),
  ]

  @Test("a one-of error lists the enumeration's cases", arguments: 0..<oneOf.count)
  func oneOfListsCases(i: Int) throws {
    let (line, name, cases) = Self.oneOf[i]
    let run = runScript(clauseSetup + line + "\n")
    let error = try #require(run.error)
    #expect(error.message == "\(name) is one of \(cases.joined(separator: ", "))")
    #expect(cases.count >= 3)
  }

  @Test("a misspelt value of a one-of clause is suggested from the enumeration")
  func oneOfSuggests() throws {
    let run = runScript(clauseSetup + "animate b.opacity to 1 fill bothh\n")
    let error = try #require(run.error)
    #expect(error.suggestion == .didYouMean("both"))
  }

  @Test("a wrong timing function name lists every name, with the nearest first")
  func timingErrorListsNames() throws {
    let names = TimingFunction.named.map(\.name)
    for (word, near) in [("eaesIn", "easeIn"), ("wobble", nil)] as [(String, String?)] {
      let run = runScript(clauseSetup + "animate b.opacity to 1 timing \(word)\n")
      _ = try #require(run.error)
      let hint = "hint: use \(names.joined(separator: ", ")) or bezier(x1,y1,x2,y2)"
      #expect(run.stderr.contains(hint), "\(run.stderr)")
      #expect(run.stderr.contains("did you mean") == (near != nil), "\(run.stderr)")
    }
  }

  @Test("good clauses set the animation they describe")
  func goodClauses() throws {
    let s = Session(sink: CapturedOutput())
    let error = s.run(
      source: clauseSetup
        + "animate b.opacity values 0 1 0 mode cubic timings easeIn linear duration 2"
        + " repeat forever fill both keep autoreverses key pulse delay 0.5\n"
        + "animate b.opacity spring from 0 to 1 mass 2 damping 0 key bounce\n", file: "good")
    #expect(error == nil)
    let id = try #require(s.scene.model.layerID(named: "b"))
    let list = s.scene.model.layer(id)?.animations ?? []
    try #require(list.count == 2)
    let a = list[0]
    #expect(a.key == "pulse")
    #expect(a.timing.duration == 2)
    #expect(a.timing.repeatCount == .infinity)
    #expect(a.timing.fillMode == .both)
    #expect(a.timing.autoreverses)
    #expect(!a.removedOnCompletion)
    #expect(a.timing.beginTime == 0.5)
    guard case .keyframe(let curve) = a.spec else {
      Issue.record("not a keyframe animation: \(a.spec)")
      return
    }
    #expect(curve.mode == .cubic)
    #expect(curve.segmentFunctions == [.easeIn, .linear])
    guard case .spring(let from, let to, let spring) = list[1].spec else {
      Issue.record("not a spring: \(list[1].spec)")
      return
    }
    #expect(from == [0] && to == [1])
    #expect(spring.mass == 2 && spring.damping == 0 && spring.stiffness == 100)
  }

  @Test("help lists every clause of a command with the values it takes")
  func helpListsClauses() throws {
    let text = runScript("help animate\n").stdout
    for name in TimingFunction.named.map(\.name) + FillMode.allCases.map(\.rawValue) {
      #expect(text.contains(name), "\(name)")
    }
    let timing = try #require(text.split(separator: "\n").first { $0.hasPrefix("  timing ") })
    #expect(timing.contains("linear, easeIn"), "\(timing)")
    for spec in AnimateClause.all {
      #expect(text.contains("\n  \(spec.name)"), "\(spec.name)")
    }
    #expect(runScript("help record\n").stdout.contains("\n  fps N "))
  }

  struct Completes: CustomTestStringConvertible, Sendable {
    let line: String
    let expected: [String]
    var testDescription: String { "'\(line)'" }
  }

  @Test(
    "Tab offers a clause's values after its keyword, and the keywords elsewhere",
    arguments: [
      Completes(
        line: "animate b.position.x to 1 timing ",
        expected: TimingFunction.named.map(\.name).sorted()),
      Completes(
        line: "animate b.opacity to 1 timing ease",
        expected: ["easeIn", "easeInEaseOut", "easeOut"]),
      Completes(line: "animate b.opacity to 1 fill f", expected: ["forwards"]),
      Completes(line: "animate b.opacity values 0 1 mode cub", expected: ["cubic", "cubicPaced"]),
      Completes(
        line: "animate b.opacity values 0 1 timings linear ea",
        expected: ["easeIn", "easeInEaseOut", "easeOut"]),
      Completes(line: "animate b.opacity values 0 1 timings linear tens", expected: ["tension"]),
      Completes(line: "animate b.opacity to 1 dur", expected: ["duration"]),
      Completes(line: "animate b.opacity to 1 duration ", expected: []),
      Completes(line: "animate b.opacity to 1 duration 2 d", expected: ["damping", "delay"]),
      Completes(
        line: "uiview b.opacity to 1 duration 1 curve ",
        expected: UIViewSpring.Curve.allCases.map(\.rawValue).sorted()),
      Completes(line: "record x.cast 1 ", expected: ["fps"]),
      Completes(line: "record x.png 1 ", expected: ["fps", "scale"]),
      Completes(line: "record frames 1 fps 10 ", expected: ["scale"]),
      Completes(line: "record x.gif 1 ", expected: ["dither", "fps", "scale"]),
      Completes(line: "record x.gif 1 dither ", expected: ["none", "ordered"]),
      Completes(line: "play 1 fps 30 ", expected: ["speed"]),
      Completes(line: "after 1 animate b.opacity to 1 repeat ", expected: ["forever"]),
    ])
  func completesClauses(c: Completes) {
    let s = Session(sink: CapturedOutput())
    s.run(source: clauseSetup, file: "setup")
    let start =
      (c.line.lastIndex(of: " ").map { c.line.utf8.distance(from: c.line.startIndex, to: $0) } ?? -1)
      + 1
    let got = Completion.candidates(
      line: c.line, wordStart: start, wordEnd: c.line.utf8.count, session: s)
    #expect(got == c.expected)
  }
}

@Suite("One way from an error to a diagnostic")
struct DiagnosticSuggestionTests {
  @Test(
    "a suggestion is worded and placed in one place",
    arguments: [
      (Suggestion.didYouMean("step"), "x:1:1: error: no (did you mean 'step'?)\n  x\n  ^\n"),
      (.oneOf(["swift", "objc"]), "x:1:1: error: no\n  x\n  ^\n  hint: use swift or objc\n"),
      (.text("try again"), "x:1:1: error: no\n  x\n  ^\n  hint: try again\n"),
      (
        .didYouMean("a", among: ["a", "b", "c"]),
        "x:1:1: error: no (did you mean 'a'?)\n  x\n  ^\n  hint: use a, b or c\n"
      ),
    ] as [(Suggestion, String)])
  func rendersSuggestion(suggestion: Suggestion, expected: String) {
    let d = Diagnostic(
      "no", suggestion: suggestion, at: SourceLine(file: "x", number: 1, text: "x"))
    #expect(d.rendered() == expected)
  }

  @Test(
    "a misspelt name in a key path carries a typed did-you-mean; no near name, the list",
    arguments: [
      ("get lik.opacity", Suggestion.didYouMean("like")),
      ("get like.opacty", .didYouMean("opacity")),
      ("get like.emitterCells.sparkel.birthRate", .didYouMean("sparkle")),
      ("get like.emitterPosition.depth", .text("fields: x, y")),
      ("get zzz.opacity", .text("layers: like, scene")),
    ])
  func keyPathSuggestionsAreTyped(line: String, expected: Suggestion) throws {
    let run = runScript("emitter like\ncell like sparkle\n" + line + "\n", file: "k")
    let error = try #require(run.error)
    #expect(error.suggestion == expected)
  }

  @Test("a value error lifted at a token keeps its narrowed position and suggestion")
  func liftKeepsPosition() throws {
    let run = runScript("emitter like\nset like.emitterShape cirlce\n", file: "l")
    let error = try #require(run.error)
    #expect(error.column == 23)
    #expect(error.suggestion == .didYouMean("circle"))
  }

  @Test("every file-writing command fails with the output error's exit status")
  func outputErrorExitStatus() throws {
    let lines = [
      "save /nonexistent/dir/x.burst", "snapshot /nonexistent/dir/x.png",
      "export swift to /nonexistent/dir/x.swift", "record /nonexistent/dir/x.cast 1",
    ]
    for line in lines {
      let error = try #require(runScript(line + "\n").error, "\(line)")
      #expect(error.exitCode == OutputError.emptyPath.exitStatus, "\(line)")
      #expect(error.exitCode == 74)
    }
  }
}

@Suite("A command reads only the clauses it declares")
struct ClauseReadTests {
  /// Layers and a cell the commands' examples name, in a small scene so that the examples
  /// that record or draw it do little work.
  static let setup = """
    scene 16x16
    emitter like; cell like sparkle
    layer button; layer badge; layer check; layer wave; layer card

    """

  /// The command's examples, and its shortest example with each declared clause added (its
  /// first value, a file for a file, or 1), with file names moved into a scratch folder and the files `import` reads
  /// replaced by one of the import tests' files.
  static func probes(of command: Command, in dir: URL) -> [String] {
    let source = repositoryRoot.appendingPathComponent(
      "Tests/ShellTests/ImportCorpus/ConfettiView.swift"
    ).path
    func sandboxed(_ line: String) -> String {
      line.split(separator: " ").map { word -> String in
        let w = String(word)
        if w.hasSuffix(".swift") || w.hasSuffix(".m") { return source }
        if w == "frames" || w.contains("."), let ext = w.split(separator: ".").last,
          ["png", "ppm", "gif", "cast", "mp4", "burst", "txt"].contains(String(ext))
            || w == "frames"
        {
          return dir.appendingPathComponent(w).path
        }
        return w
      }.joined(separator: " ")
    }
    var lines = command.examples
    // Each clause is added to the shortest example, which keeps the work after the reads short.
    if let example = command.examples.min(by: { $0.count < $1.count }) {
      for spec in command.clauses {
        // A clause naming a file (`to FILE.png`, `save FILE.burst`) gets one in the folder.
        let file = spec.placeholder.hasPrefix("FILE") ? "probe-" + spec.placeholder : nil
        let value = spec.arity == .none ? "" : " " + (file ?? spec.values.first ?? "1")
        lines.append(example + " " + spec.name + value)
      }
    }
    return lines.map(sandboxed)
  }

  @Test(
    "every command reads only the clauses it declares, with each of them given",
    arguments: CommandTable.standard.commands.filter { !$0.clauses.isEmpty }.map(\.name))
  func readsOnlyDeclared(name: String) throws {
    let command = try #require(CommandTable.standard.lookup(name))
    let dir = try temporaryDirectory("clauses-\(name)")
    let reads = UndeclaredClauseReads()
    var ran = 0
    ParsedClauses.$undeclaredReads.withValue(reads) {
      for line in Self.probes(of: command, in: dir) {
        let session = Session(sink: CapturedOutput())
        session.run(source: Self.setup, file: "setup")
        session.run(source: line + "\n", file: "probe")
        ran += 1
      }
    }
    #expect(ran > command.examples.count)
    #expect(reads.all.isEmpty, "\(reads.all)")
  }

  @Test("a read of a clause the command does not declare is seen")
  func undeclaredReadIsSeen() throws {
    let reads = UndeclaredClauseReads()
    let transition = try #require(CommandTable.standard.lookup("transition"))
    let text = try #require(
      Lexer.commands(in: "transition card fade duration 1", file: "probe").first)
    // `transition` declares duration and timing; animate's `keep` is not among them.
    try ParsedClauses.$undeclaredReads.withValue(reads) {
      _ = try Invocation(command: transition, text: text).clauses(from: 3).has(AnimateClause.keep)
    }
    #expect(reads.all == ["transition reads 'keep'"])
  }
}
