import Core
import Foundation
import Testing

@testable import Shell

/// `action NAME(P, Q=DEFAULT) COMMAND`, `run NAME VALUE …` and `$NAME` fresh names
/// (docs/semantics.md, "Named actions").
@Suite("Actions with parameters and layers made afresh on every run")
struct ActionParameterTests {
  static let setup = "scene 200x200\nemitter like\n"
  static let touch =
    "action touch(point=100,100, rate=5) { set like.emitterPosition $point; set like.birthRate $rate }\n"

  @Test(
    "run gives the parameters their values in order, by name, or their defaults",
    arguments: [
      ("run touch 20,30 7", "20,30\n7\n"),
      ("run touch 20,30", "20,30\n5\n"),
      ("run touch rate=9", "100,100\n9\n"),
      ("run touch", "100,100\n5\n"),
      ("run touch rate=2 point=1,2", "1,2\n2\n"),
    ])
  func values(run: String, expected: String) {
    let d = Driven()
    d.run(Self.setup + Self.touch)
    #expect(
      d.output(run + "\nget like.emitterPosition\nget like.birthRate\n") == expected)
  }

  @Test(
    "wrong parameters and values are errors that change nothing",
    arguments: [
      ("run touch 1,2 3 4", "error: action 'touch' takes 2 (point, rate)"),
      ("action tap(p) echo $p\nrun tap", "error: action 'tap' needs a value for p"),
      ("action tap(p, p) echo $p", "error: parameter 'p' is named twice"),
      ("action tap(1p) echo x", "error: cannot read the parameters of 'tap(1p)'"),
      ("action plain echo x\nrun plain 3", "error: action 'plain' takes no values"),
    ])
  func refused(source: String, expected: String) {
    let run = runScript(Self.setup + Self.touch + source + "\n")
    #expect(run.error != nil)
    #expect(run.stderr.contains(expected), "\(run.stderr)")
  }

  @Test(
    "the parameter list may stand after a space; the listing keeps the name a word of its own",
    arguments: ["action tap (p=1, q=2) echo $p $q", "action tap(p=1, q=2) echo $p $q"])
  func spacedList(source: String) {
    let d = Driven()
    d.run(source + "\n")
    #expect(d.output("run tap\nrun tap 5\n") == "1 2\n5 2\n")
    let listed = d.output("actions\n")
    #expect(listed == "action tap (p=1, q=2) echo $p $q\n")
    // What reads the listing word by word finds the name alone.
    #expect(listed.split(separator: " ")[1] == "tap")
  }

  @Test("actions lists the parameters with their defaults, and the listing reads back")
  func listing() {
    let d = Driven()
    d.run(Self.setup + Self.touch + "action tap(p) echo $p\n")
    let listed = d.output("actions\n")
    #expect(
      listed
        == "action touch (point=100,100, rate=5) { set like.emitterPosition $point; set"
        + " like.birthRate $rate }\naction tap (p) echo $p\n")
    let again = Driven()
    again.run(Self.setup)
    #expect(again.run(listed) == nil)
    #expect(again.output("actions\n") == listed)
  }

  static let puff =
    "action puff { emitter $puff; cell $puff dot; set $puff.emitterCells.dot birthRate=50"
    + " lifetime=5 contents=dot; after 1 remove $puff }\n"

  static func layers(_ d: Driven) -> [String] {
    let model = d.session.scene.model
    return model.treeOrder.compactMap { model.layer($0)?.name }.filter { $0 != "scene" }
  }

  @Test("a layer an action creates as $NAME takes a fresh name on every run")
  func freshNames() {
    let d = Driven()
    d.run(Self.setup + Self.puff + "run puff\nrun puff\n")
    #expect(Self.layers(d) == ["like", "puff", "puff2"])
    d.run("step 0.5\nrun puff\n")
    #expect(Self.layers(d) == ["like", "puff", "puff2", "puff3"])
    // Each run's `after` removes the layer that run made, as a closure captures its own.
    d.run("step 0.6\n")
    #expect(Self.layers(d) == ["like", "puff3"])
    d.run("step 1\n")
    #expect(Self.layers(d) == ["like"])
  }

  @Test("a timer that creates $NAME makes a new layer on every turn")
  func freshInTimers() {
    let d = Driven()
    d.run(
      Self.setup
        + "every 1 { emitter $spark; after 1.5 remove $spark } until 3.5\nstep 2.2\n")
    #expect(Self.layers(d) == ["like", "spark", "spark2"])
    d.run("step 3\n")
    #expect(Self.layers(d) == ["like"])
  }

  @Test("$NAME typed at the prompt is a fresh name too")
  func freshAtTopLevel() throws {
    let d = Driven()
    d.run(Self.setup + "emitter $like\nlayer $glow\nlayer $glow\n")
    #expect(Self.layers(d) == ["like", "like2", "glow", "glow2"])
  }

  @Test("$point.x and $point.y read one field of a point parameter, in arithmetic too")
  func pointFields() {
    let d = Driven()
    d.run(
      Self.setup
        + "action drag(point=100,100) { set like.emitterPosition $point.x,($point.y-20); set like.birthRate $point.y/10 }\n"
    )
    #expect(
      d.output("run drag 30,150\nget like.emitterPosition\nget like.birthRate\n")
        == "30,130\n15\n")
  }

  @Test(
    "Binding substitutes $NAME only where a value is given",
    arguments: [
      ("set $a.birthRate $b", ["a": "x"], "set x.birthRate $b"),
      ("echo $ab $a", ["a": "1", "ab": "2"], "echo 2 1"),
      ("echo $$a $", ["a": "1"], "echo $1 $"),
      ("echo $a.b$a", ["a": "q"], "echo q.bq"),
      ("echo $p.x $p.y $p.width,$p.height", ["p": "3,-4"], "echo 3 (-4) 3,(-4)"),
      ("echo $p.x $p.xy $p.z", ["p": "1, 2"], "echo 1 1, 2.xy 1, 2.z"),
      ("set $e.x 1", ["e": "spark2"], "set spark2.x 1"),
    ])
  func substitute(text: String, values: [String: String], expected: String) {
    #expect(Binding.substitute(text, values) == expected)
  }
}

extension ActionParameterTests {
  static let startStop =
    "action start { emitter $party; cell $party dot; set $party.emitterCells.dot birthRate=50"
    + " lifetime=5 contents=dot }\naction stop { remove $party ifPresent }\n"

  @Test("a $NAME an action does not create reads the layer the latest run made")
  func latestBinding() {
    let d = Driven()
    d.run(Self.setup + Self.startStop + "run start\nrun start\n")
    #expect(Self.layers(d) == ["like", "party", "party2"])
    // The stop handler removes the last one made, as a property holds the last assigned.
    d.run("run stop\n")
    #expect(Self.layers(d) == ["like", "party"])
    // The latest binding still names party2, now gone: nothing is removed.
    d.run("run stop\n")
    #expect(Self.layers(d) == ["like", "party"])
    d.run("run start\nrun stop\n")
    #expect(Self.layers(d) == ["like", "party"])
  }

  @Test(
    "a $NAME nothing has bound stays as written, and reset forgets the bindings",
    arguments: [
      ("remove $party\n", "unknown"),
      (startStop + "run start\nreset\nemitter like\nremove $party\n", "unknown"),
    ])
  func unboundStays(source: String, expected: String) {
    let run = runScript(Self.setup + source)
    #expect(run.error != nil)
    #expect(run.stderr.contains("$party"), "\(run.stderr)")
    #expect(run.stderr.contains(expected), "\(run.stderr)")
  }

  @Test("a timer that creates $NAME binds on its own turn, not to the latest binding")
  func deferredCreatorsKeepTheirOwn() {
    let d = Driven()
    d.run(
      Self.setup + "emitter $spark\n"
        + "action go { every 1 { emitter $spark; after 0.5 remove $spark } until 2.5 }\n"
        + "run go\nstep 1.2\n")
    #expect(Self.layers(d) == ["like", "spark", "spark2"])
    d.run("step 0.5\n")
    #expect(Self.layers(d) == ["like", "spark"])
    // The top-level reference reads the timer's latest turn.
    d.run("step 0.4\n")
    #expect(Self.layers(d) == ["like", "spark", "spark2"])
    d.run("remove $spark\n")
    #expect(Self.layers(d) == ["like", "spark"])
  }

  @Test("a command that fails leaves the latest binding as it was")
  func failedCommandKeepsBinding() {
    let d = Driven()
    d.run(Self.setup + Self.startStop + "run start\n")
    // The block makes party2 and then fails: undone, binding included.
    #expect(d.run("{ emitter $party; set nothing.birthRate 1 }\n") != nil)
    #expect(Self.layers(d) == ["like", "party"])
    d.run("run stop\n")
    #expect(Self.layers(d) == ["like"])
  }
}

extension ActionParameterTests {
  @Test(
    "a fresh name is BASE, else BASE2, BASE3, …; a BASE ending in a number counts on from it",
    arguments: [
      ("spark", [String](), "spark"),
      ("spark", ["spark"], "spark2"),
      ("spark", ["spark", "spark2"], "spark3"),
      ("party2", ["party2"], "party3"),
      ("party2", ["party2", "party3"], "party4"),
      ("party2", [], "party2"),
      ("v10", ["v10"], "v11"),
    ])
  func freshNameCounting(base: String, taken: [String], expected: String) {
    #expect(Session.freshName(base) { !taken.contains($0) } == expected)
  }
}
