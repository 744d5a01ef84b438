import Foundation
import Testing

@testable import Core
@testable import Shell

/// A 100×100 scene with a layer `b` (model opacity 1).
private let groupSetup = "scene 100x100; layer b\n"

/// Runs the setup, `body`, then for each time (rising, counted from where `body` leaves the
/// clock) a step there and `get presentation b.opacity`; returns the values read.
private func opacities(_ body: String, at times: [Double]) -> (values: [Double], err: String) {
  var script = groupSetup + body + "\n"
  var now = 0.0
  for t in times {
    if t > now { script += "step \(t - now)\n" }
    script += "get presentation b.opacity\n"
    now = t
  }
  let run = runScript(script)
  #expect(run.error == nil, "\(run.stderr)")
  return (run.stdout.split(separator: "\n").compactMap { Double($0) }, run.stderr)
}

/// A timing function's progress at `x`, by name.
private func progress(_ name: String, _ x: Double) -> Double {
  TimingFunction(name: name).map { $0(x) } ?? .nan
}

@Suite("group: CAAnimationGroup and its children")
struct AnimationGroupTests {
  @Test("a child longer than its group is cut off at the group's duration")
  func childIsClipped() {
    let r = opacities(
      "group b g duration 1\nanimate b.opacity from 0 to 1 duration 2 timing linear in g",
      at: [0.5, 0.99, 1.2])
    #expect(r.values.count == 3, "\(r.err)")
    #expect(abs(r.values[0] - 0.25) < 1e-9)
    #expect(abs(r.values[1] - 0.495) < 1e-9, "still running just before the group ends")
    #expect(r.values[2] == 1, "the model value after the group ends")
  }

  struct TimingCase: CustomTestStringConvertible, Sendable {
    let group: String
    let child: String
    let times: [Double]
    let expected: [Double]
    var testDescription: String { "group \(group) / child \(child)" }
  }

  /// The child animates opacity from 0 to 1 (model 1), so its value is its time fraction and
  /// 1 also means the model shows.
  static let timingCases: [TimingCase] = [
    // The child's delay counts from the group's start; after the child ends the model shows.
    TimingCase(
      group: "duration 2", child: "duration 1 delay 0.5", times: [0.25, 1, 1.75],
      expected: [1, 0.5, 1]),
    // The group's repeats restart its children.
    TimingCase(
      group: "duration 1 repeat 2", child: "duration 1", times: [0.5, 1.25, 2.5],
      expected: [0.5, 0.25, 1]),
    // Autoreverses plays the children backwards in the reverse half.
    TimingCase(
      group: "duration 1 autoreverses", child: "duration 1", times: [0.25, 1.25, 2.5],
      expected: [0.25, 0.75, 1]),
    // The group's speed runs its children's time faster.
    TimingCase(
      group: "duration 1 speed 2", child: "duration 1", times: [0.25, 0.6],
      expected: [0.5, 1]),
    // The child's own speed and repeat apply inside the group's time.
    TimingCase(
      group: "duration 2", child: "duration 1 speed 2 repeat 2", times: [0.25, 0.75, 1.5],
      expected: [0.5, 0.5, 1]),
    // The group's timing function warps its children's time.
    TimingCase(
      group: "duration 1 timing easeIn", child: "duration 1", times: [0.5, 0.75],
      expected: [progress("easeIn", 0.5), progress("easeIn", 0.75)]),
    // A delayed group shows nothing before it starts, unless it fills backwards.
    TimingCase(
      group: "duration 1 delay 1", child: "duration 1", times: [0.5, 1.5],
      expected: [1, 0.5]),
    TimingCase(
      group: "duration 1 delay 1 fill backwards", child: "duration 1", times: [0.5, 1.5],
      expected: [0, 0.5]),
    // A kept group filled forwards holds its children at its end time.
    TimingCase(
      group: "duration 1 keep fill forwards", child: "duration 2", times: [0.5, 3],
      expected: [0.25, 0.5]),
    // Without keep the group is removed at its end and the model shows.
    TimingCase(
      group: "duration 1 fill forwards", child: "duration 2", times: [0.5, 3],
      expected: [0.25, 1]),
    // Core Animation's default duration of 0.25 s.
    TimingCase(group: "", child: "duration 1", times: [0.2, 0.3], expected: [0.2, 1]),
  ]

  @Test("the group's timing is its children's clock", arguments: timingCases)
  func groupTiming(c: TimingCase) {
    let r = opacities(
      "group b g \(c.group)\nanimate b.opacity from 0 to 1 \(c.child) in g", at: c.times)
    #expect(r.values.count == c.expected.count, "\(r.err)")
    for (got, want) in zip(r.values, c.expected) {
      #expect(abs(got - want) < 1e-9, "got \(r.values), expected \(c.expected)")
    }
  }

  @Test("a child added after the group started runs on the group's clock")
  func lateChild() {
    let r = opacities(
      "group b g duration 2\nstep 0.5\nanimate b.opacity from 0 to 1 duration 1 in g",
      at: [0, 0.25, 1.1])
    #expect(r.values == [0.5, 0.75, 1], "\(r.err)")
  }

  @Test("children apply in the order they were added, additive ones on what is below")
  func childrenCompose() {
    let run = runScript(
      groupSetup + """
        set b position=50,50
        group b g duration 1
        animate b.position.x from 0 to 100 duration 1 in g
        animate b.position.x from 0 to 10 duration 1 additive in g
        animate b.position.y spring to 0 in g
        step 0.5
        get presentation b.position.x
        get presentation b.position.y

        """)
    #expect(run.error == nil, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").compactMap { Double($0) }
    #expect(lines.count == 2)
    #expect(lines.first.map { abs($0 - 55) < 1e-9 } == true, "\(lines)")
    // The spring child is 0.5 s into its motion from 50 to 0 (past 0: it overshoots).
    let spring = SpringCurve().value(from: [50], to: [0], at: 0.5)[0]
    #expect(spring < 0)
    #expect(lines.last.map { abs($0 - spring) < 1e-9 } == true, "\(lines) vs \(spring)")
  }

  @Test("animations lists the children under their group; cancel removes the group with them")
  func listAndCancel() {
    let run = runScript(
      groupSetup + """
        group b g duration 1
        animate b.opacity from 0 to 1 duration 2 delay 0.25 in g
        animate b.position.x to 0 in g
        animate b.transform.scale to 2 duration 1
        step 0.5
        animations b
        cancel b g
        animations b
        get presentation b.opacity

        """)
    #expect(run.error == nil, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let rows = lines.map { $0.split(separator: " ").map(String.init) }
    #expect(rows.count == 8, "\(run.stdout)")
    guard rows.count == 8 else { return }
    #expect(rows[1] == ["g", "-", "group", "of", "2", "0", "1", "50%"])
    #expect(lines[2].hasPrefix("  └"), "a child is indented under its group")
    #expect(rows[2].suffix(4) == ["basic", "+0.25", "2", "13%"])
    #expect(rows[3].suffix(4) == ["basic", "+0", "0.25", "100%"])
    #expect(rows[4].first == "transform.scale")
    #expect(rows[6].first == "transform.scale", "only the other animation is left")
    #expect(rows[7] == ["1"])
  }

  @Test("a group is removed when it ends, with its children")
  func groupIsPruned() {
    let run = runScript(
      groupSetup
        + "group b g duration 1\nanimate b.opacity from 0 to 1 duration 5 in g\nstep 1.5\n"
        + "animations b\n")
    #expect(run.stdout == "no animations\n", "\(run.stderr)")
  }

  struct BadLine: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    var testDescription: String { line }
  }

  static let badLines: [BadLine] = [
    BadLine(
      line: "animate b.opacity to 0 in h",
      message: "no group 'h' on layer 'b'; groups there: g, pop"),
    BadLine(line: "animate c.opacity to 0 in none", message: "no group 'none' on layer 'c'"),
    BadLine(
      line: "animate c.opacity to 0 in g", message: "group 'g' is on layer 'b', not 'c'"),
    BadLine(
      line: "animate b.opacity to 0 in fade",
      message: "the animation 'fade' on layer 'b' is not a group"),
    BadLine(line: "animate b.opacity to 0 key k in g", message: "a group's child takes no 'key'"),
    BadLine(line: "animate b.opacity to 0 keep in g", message: "a group's child takes no 'keep'"),
    BadLine(
      line: "animate b.opacity to 0 fill both in g", message: "a group's child takes no 'fill'"),
    BadLine(line: "animate b.opacity to 0 in", message: "'in' takes one group key"),
    BadLine(line: "group b duration 1", message: "missing KEY before 'duration'"),
    BadLine(line: "group b", message: "missing KEY"),
    BadLine(line: "group nobody g", message: "unknown layer 'nobody'"),
    BadLine(line: "group b g2 duration -1", message: "duration must be greater than 0"),
    BadLine(line: "group b g2 additive", message: "unexpected 'additive'"),
    BadLine(line: "group b g duration 1 in pop", message: "'duration' takes one number"),
    BadLine(line: "animate b.opacity to x in g", message: "bad value for opacity"),
  ]

  @Test("bad group lines fail with a clear message and change nothing", arguments: badLines)
  func badLinesChangeNothing(c: BadLine) {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(
      source: groupSetup + "layer c\ngroup b g\ngroup b pop\nanimate b.opacity to 0 key fade\n",
      file: "setup")
    #expect(out.stderr.isEmpty, "\(out.stderr)")
    let before = session.scene.model
    session.runPromptLine(c.line, number: 1)
    #expect(out.stderr.contains("error: \(c.message)"), "\(out.stderr)")
    #expect(session.scene.model == before)
  }

  @Test("a child that animates emission gives the same births however time is cut")
  func emissionInGroupIsStepSizeIndependent() {
    let setup = """
      emitter e; cell e c; set e.emitterCells.c birthRate=0 lifetime=10 velocity=10
      group e g duration 1 delay 0.2
      animate e.emitterCells.c.birthRate from 0 to 300 duration 2 in g

      """
    let coarse = runScript(setup + "step 1.5\ncount e\n")
    let fine = runScript(setup + "step 0.01 150\ncount e\n")
    #expect(coarse.error == nil && fine.error == nil, "\(coarse.stderr)\(fine.stderr)")
    let a = Int(coarse.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    let b = Int(fine.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -2
    // The rate climbs to 150/s over the group's 1 s, then the group ends: about 75 births.
    #expect(abs(a - b) <= 1, "\(a) vs \(b)")
    #expect(a >= 70 && a <= 80, "\(a)")
  }

  @Test("help and completion know group and in")
  func helpAndCompletion() {
    let help = runScript("help group\n").stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(help.hasPrefix("usage: group LAYER KEY [OPTIONS] "))
    #expect(help.contains("default 0.25 s") && help.contains("cut off at the group's duration"))
    #expect(runScript("help animate\n").stdout.contains("in KEY"))
    let s = Session(sink: CapturedOutput())
    s.run(source: groupSetup, file: "setup")
    for (line, expected) in [
      ("gro", ["group"]), ("group b g dur", ["duration"]),
      ("animate b.opacity to 0 i", ["ifPresent", "in"]),
    ] {
      let n = line.utf8.count
      let start = (Array(line.utf8).lastIndex { $0 == 32 }).map { $0 + 1 } ?? 0
      let got = Completion.candidates(line: line, wordStart: start, wordEnd: n, session: s)
      #expect(got == expected, "\(line)")
    }
  }
}
