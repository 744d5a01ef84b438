import Foundation
import Testing

@testable import Core
@testable import Shell

/// A layer `a` and an emitter `e` with cell `c`.
let animationSetup = """
  layer a; set a bounds=20x20 position=50,50
  emitter e; cell e c; set e.emitterCells.c lifetime=100

  """

/// Runs the setup plus `body` and returns stdout lines.
private func lines(_ body: String) -> (out: [String], err: String, error: Diagnostic?) {
  let run = runScript(animationSetup + body)
  return (run.stdout.split(separator: "\n").map(String.init), run.stderr, run.error)
}

@Suite("animate, uiview and the presentation")
struct AnimationCommandTests {
  @Test("a basic animation changes the presentation, not the model")
  func basicPresentation() {
    let r = lines(
      """
      animate a.opacity from 1 to 0 duration 2
      step 0.5
      get a.opacity
      get presentation a.opacity
      step 2
      get presentation a.opacity
      animations a

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(Array(r.out.prefix(4)) == ["1", "0.75", "1", "no animations"])
  }

  @Test(
    "repeat, autoreverses, fill and keep at the boundaries",
    arguments: [
      // (options, times, expected presentation values)
      ("duration 1 autoreverses", [0.25, 1.25, 2.5], ["0.25", "0.75", "1"]),
      ("duration 1 repeat 2", [0.5, 1.5, 2.5], ["0.5", "0.5", "1"]),
      (
        "duration 1 repeat 2 autoreverses", [0.5, 1.5, 2.5, 3.5, 4.5],
        ["0.5", "0.5", "0.5", "0.5", "1"]
      ),
      ("duration 1 keep fill forwards", [0.5, 2], ["0.5", "1"]),
      ("duration 1 fill forwards", [0.5, 2], ["0.5", "1"]),
      ("duration 1 keep fill both delay 1", [0.5, 1.5, 3], ["0", "0.5", "1"]),
      ("duration 1 delay 1", [0.5, 1.5, 3], ["1", "0.5", "1"]),
      ("duration 1 repeat 2 cumulative", [0.5, 1.5], ["0.5", "1.5"]),
      ("duration 1 speed 2", [0.25], ["0.5"]),
    ] as [(String, [Double], [String])])
  func timingBoundaries(options: String, times: [Double], expected: [String]) {
    var body = "animate a.opacity from 0 to 1 \(options)\n"
    var now = 0.0
    for t in times {
      body += "step \(t - now)\nget presentation a.opacity\n"
      now = t
    }
    // The model opacity is 1, so "1" means the model value shows (or the last value is held).
    let r = lines(body)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == expected, "\(options)")
  }

  @Test("keep with fill forwards holds the last value; without keep the model shows")
  func keepHoldsLastValue() {
    let kept = lines(
      "animate a.position.x to 80 duration 1 keep fill forwards\nstep 2\nget presentation a.position.x\nanimations a\n"
    )
    #expect(kept.out.first == "80")
    #expect(kept.out.dropFirst().first?.hasPrefix("key") == true)
    let removed = lines(
      "animate a.position.x to 80 duration 1 fill forwards\nstep 2\nget presentation a.position.x\n"
    )
    #expect(removed.out == ["50"])
  }

  @Test("keyframe values are hit at their key times, and discrete holds")
  func keyframesHitKeyTimes() {
    let r = lines(
      """
      animate a.transform.scale values 1.5 0.8 1.0 1.2 1.0 mode cubic duration 0.5
      get presentation a.transform.scale
      step 0.125
      get presentation a.transform.scale
      step 0.125
      get presentation a.transform.scale
      step 0.125
      get presentation a.transform.scale
      animate a.opacity values 0.1 0.5 0.9 mode discrete duration 0.3 key d
      step 0.05
      get presentation a.opacity
      step 0.1
      get presentation a.opacity
      step 0.1
      get presentation a.opacity

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == ["1.5", "0.8", "1", "1.2", "0.1", "0.5", "0.9"])
  }

  @Test("a new animation with the same key replaces the old one; cancel removes them")
  func keysReplaceAndCancel() {
    let r = lines(
      """
      animate a.opacity to 0 duration 5 key fade
      animate a.opacity to 0.5 duration 5 key fade
      animate a.position.x to 0 duration 5 key move
      animations a
      cancel a fade
      animations a
      cancel a
      animations a

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out.count == 6)
    #expect(r.out.filter { $0.hasPrefix("fade") }.count == 1)
    #expect(r.out.last == "no animations")
  }

  @Test(
    "an animation added without key is keyed by its key path, with a suffix when taken",
    arguments: [
      // (animations added, keys listed by `animations`)
      (["a.position.x"], ["position.x"]),
      (["a.position.x", "a.position.x"], ["position.x", "position.x-2"]),
      (["a.position.x", "a.opacity", "a.position.x"], ["position.x", "opacity", "position.x-2"]),
      (
        ["e.emitterCells.c.birthRate", "e.emitterCells.c.birthRate"],
        ["emitterCells.c.birthRate", "emitterCells.c.birthRate-2"]
      ),
    ] as [([String], [String])])
  func keylessAnimationsAreKeyedByKeyPath(paths: [String], keys: [String]) {
    let layer = String(paths[0].prefix { $0 != "." })
    let body = paths.map { "animate \($0) to 0 duration 5\n" }.joined() + "animations \(layer)\n"
    let r = lines(body)
    #expect(r.error == nil, "\(r.err)")
    // The header, then one row per animation: its key comes first.
    #expect(r.out.dropFirst().map { String($0.prefix { $0 != " " }) } == keys)
  }

  @Test("cancel finds a key-less animation by its key path and leaves the other one")
  func cancelKeylessAnimation() {
    let r = lines(
      """
      animate a.position.x to 0 duration 5
      animate a.position.x to 100 duration 5
      cancel a position.x
      animations a
      step 1
      get presentation a.position.x
      animate a.position.x to 0 duration 5
      animations a

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out.count == 6)
    // Only the second animation is left, so it sets the presentation: 50 + (100 − 50)·0.2.
    #expect(r.out[1].hasPrefix("position.x-2 "))
    #expect(r.out[2] == "60")
    // The freed key is taken again.
    #expect(r.out[4].hasPrefix("position.x-2 "))
    #expect(r.out[5].hasPrefix("position.x "))
  }

  @Test("an explicit key that is taken replaces the key-less animation holding it")
  func explicitKeyReplacesKeyless() {
    let r = lines(
      """
      animate a.position.x to 0 duration 5
      animate a.opacity to 0 duration 5 key position.x
      animations a

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out.count == 2)
    #expect(r.out[1].hasPrefix("position.x  opacity "))
  }

  @Test(
    "get prints the model exactly; computed displays round to 12 significant digits",
    arguments: [
      ("get a.opacity", "0.30000000000000004"),
      ("get presentation a.opacity", "0.3"),
      ("get presentation a.position", "0.3,50"),
      ("explain a.opacity", "  current value: 0.3"),
      ("step 0.1234567890123456; stats", "time 0.123456789012 s"),
    ])
  func displayRounding(command: String, line: String) {
    let r = lines("set a opacity=0.30000000000000004 position=0.30000000000000004,50\n\(command)\n")
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out.contains(line), "\(r.out)")
  }

  @Test("uiview sets the model at once and animates the presentation from the old value")
  func uiviewSetsModel() {
    let r = lines(
      """
      uiview a.position.y to 10 duration 1 curve linear
      get a.position.y
      get presentation a.position.y
      step 0.5
      get presentation a.position.y
      step 1
      get presentation a.position.y
      uiview a.transform.scale to 2 duration 0.5 delay 0.2 damping 0.5
      get a.transform.scale
      step 0.1
      get presentation a.transform.scale

      """)
    #expect(r.error == nil, "\(r.err)")
    #expect(r.out == ["10", "50", "30", "10", "2", "1"])
  }

  @Test("an animated birthRate gives the same births however time is cut")
  func animatedBirthRateIsStepIndependent() {
    func count(_ steps: String) -> String? {
      lines(
        """
        animate e.emitterCells.c.birthRate values 0 1000 0 duration 1 timing easeIn
        \(steps)
        count e

        """
      ).out.last
    }
    let one = count("step 1.6")
    #expect(one == count("step 0.016 100"))
    #expect(one == count("step 0.0137 117\nstep 0.0971"))
    // The rate is the triangle 0 → 1000 → 0 at easeIn(t); its exact integral over the second,
    // computed independently by quadrature, is 421.25 particles.
    if let n = one.flatMap({ Int($0) }) { #expect(abs(n - 421) <= 1, "\(n)") }
  }

  @Test("a step too long to evaluate an animated birth rate on the 1 ms grid is refused first")
  func longAnimatedRateStepIsRefused() {
    let r = lines(
      "animate e.emitterCells.c.birthRate values 0 100 0 duration 1 repeat forever\n"
        + "step 1e6\ntime\n")
    #expect(
      r.error?.message.contains("would evaluate animated emission at 1 billion instants") == true)
    #expect(r.err.contains("hint: step at most 1000 s at once"))
    #expect(r.out.isEmpty, "the script stopped before time; the clock did not move")
  }

  @Test("a finite animation of the birth rate inside a huge step costs only its own window")
  func finiteRateAnimationInsideHugeStep() {
    func run(_ steps: String) -> [String] {
      lines(
        "set e emitterPosition=160,120\n"
          + "set e.emitterCells.c birthRate=50 lifetime=2 velocity=30 contents=dot\n"
          + "animate e.emitterCells.c.birthRate from 0 to 100 duration 1 delay 5\n"
          + steps + "\nstats\nshow 40x12 ascii\n"
      ).out
    }
    let one = run("step 1e9")
    #expect(one.count > 3)
    #expect(one == run("step 3\nstep 4\nstep 999999993"))
    #expect(one == run("step 5.5\nstep 999999994.5"))
  }

  @Test(
    "a damped spring on the birth rate comes to rest, so a huge step after it is cheap and exact")
  func springComesToRest() {
    func run(_ spring: String, _ steps: String) -> (out: [String], err: String) {
      let r = lines(
        "set e emitterPosition=160,120\n"
          + "set e.emitterCells.c birthRate=50 lifetime=2 velocity=30 contents=dot\n"
          + "animate e.emitterCells.c.birthRate spring from 0 to 50 \(spring) duration 1e9\n"
          + steps + "\nstats\nshow 40x12 ascii\n")
      return (r.out, r.err)
    }
    let one = run("damping 10", "step 1e9")
    #expect(one.err.isEmpty, "\(one.err)")
    #expect(one.out == run("damping 10", "step 2\nstep 7.25\nstep 999999990.75").out)
    // An undamped spring never rests: stepping past 1000 s of it at once is refused.
    let undamped = run("damping 0", "step 1e9")
    #expect(undamped.err.contains("would evaluate animated emission"))
  }

  @Test(
    "a huge step with animated particle values (not rates) takes the closed form and stays exact",
    arguments: [
      "animate e.emitterCells.c.scaleRange values 1 2 duration 1 repeat forever",
      "uiview e.emitterPosition to 100,100 duration 5",
      "animate e.emitterCells.c.velocity spring from 10 to 50 damping 0 duration 1e9",
      "animate e.emitterCells.c.alphaSpeed values 1 0 0 duration 1 repeat forever",
    ])
  func hugeStepWithAnimatedValues(animation: String) {
    func run(_ steps: String) -> [String] {
      let cell =
        "set e.emitterCells.c birthRate=50 lifetime=2 velocity=30 emissionRange=6 contents=dot"
      return lines(
        "set e emitterPosition=160,120\n\(cell)\n\(animation)\n\(steps)\ncount e\nshow 40x12 ascii\n"
      ).out
    }
    let one = run("step 1e9")
    #expect(one.first == "100", "50/s for 2 s: \(one.first ?? "nothing")")
    #expect(one == run("step 5e8\nstep 5e8"))
    #expect(one == run("step 999999999.5\nstep 0.25\nstep 0.25"))
  }

  typealias Bad = BadLine

  @Test(
    "bad animations give one positioned error",
    arguments: [
      Bad(line: "animate a.contents to star", message: "'contents' is not animatable", column: 9),
      Bad(line: "animate a.hidden to yes", message: "'hidden' is not animatable", column: 9),
      Bad(
        line: "animate a.opactiy to 0",
        message: "unknown property 'opactiy' on layer 'a' (did you mean 'opacity'?)",
        column: 11),
      Bad(
        line: "animate a.position values 1,2 3",
        message: "bad value for position: expected a point of 2 numbers, got '3'",
        column: 31),
      Bad(
        line: "animate a.opacity to 0 duration 0", message: "duration must be greater than 0",
        column: 33),
      Bad(
        line: "animate a.opacity to 0 duration -1", message: "duration must be greater than 0",
        column: 33),
      Bad(
        line: "animate a.opacity spring to 0 mass 0", message: "mass must be greater than 0",
        column: 36),
      Bad(
        line: "animate a.opacity spring to 0 damping -1", message: "damping must be 0 or more",
        column: 39),
      Bad(
        line: "animate a.opacity values 1 0 mode wobbly",
        message: "mode is one of linear, discrete, paced, cubic, cubicPaced", column: 35),
      Bad(
        line: "animate a.opacity to 0 timing easyIn",
        message: "unknown timing function 'easyIn' (did you mean 'easeIn'?)", column: 31),
      Bad(
        line: "animate a.opacity to 0 duration 1 duration 2", message: "'duration' is given twice",
        column: 35),
      Bad(
        line: "animate a.opacity frm 0", message: "unexpected 'frm' (did you mean 'from'?)",
        column: 19),
      Bad(line: "uiview a.opacity to 0", message: "missing 'duration D'", column: 1),
      Bad(
        line: "uiview a.opacity to 0 duration 1 damping 0",
        message: "damping ratio must be greater than 0", column: 42),
      Bad(line: "cancel a nokey", message: "no animation with key 'nokey'", column: 10),
      Bad(line: "plot a.opacity 2 1", message: "TO must be later than FROM", column: 18),
    ])
  func badAnimation(b: Bad) {
    let run = runScript(animationSetup + b.line + "\n", file: "bad.burst")
    let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "bad.burst:3:\(b.column): error: \(b.message)", "\(run.stderr)")
  }

  @Test("keyTimes of the wrong count or out of order warn, then are ignored (evenly spaced)")
  func badKeyTimesWarn() {
    for keyTimes in ["0 1", "0 0.8 0.2 1 1"] {
      let run = runScript(
        animationSetup
          + "animate a.opacity values 0 1 0 keyTimes \(keyTimes) duration 1\nstep 0.5\n"
          + "get presentation a.opacity\n")
      #expect(run.error == nil)
      #expect(run.stderr.contains("warning:"), "\(keyTimes)")
      #expect(run.stdout == "1\n", "evenly spaced: 1 at the middle key")
    }
  }

  @Test("plot draws the curve with labelled axes")
  func plotHasAxes() {
    let r = lines("animate a.opacity from 0 to 1 duration 1\nplot a.opacity 0 1 20x5\n")
    #expect(r.error == nil)
    #expect(r.out.first == "a.opacity")
    #expect(r.out[1].hasPrefix("1 |") && r.out[1].hasSuffix("*"))
    #expect(r.out[5].hasPrefix("0 |*"))
    #expect(r.out[6].contains("+-----"))
    #expect(r.out[7].contains("0 s") && r.out[7].hasSuffix("1 s"))
  }

  @Test("a warning an action's animations share is given once per command that runs them")
  func warningOncePerCommand() {
    let twice = """
      animate a.opacity values 0 1 0 keyTimes 0.1 0.5 1 duration 1
      animate e.emitterCells.c.birthRate values 0 5 0 keyTimes 0.1 0.5 1 duration 1

      """
    let r = lines(
      "action go { \(twice.split(separator: "\n").joined(separator: "; ")) }\nrun go\n" + twice)
    #expect(r.error == nil, "\(r.err)")
    // Once for `run go`, then once for each of the two commands of their own.
    #expect(r.err.components(separatedBy: "keyTimes ignored").count - 1 == 3, "\(r.err)")
  }
}
