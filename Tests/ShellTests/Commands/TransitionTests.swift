import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// `transition LAYER TYPE [SUBTYPE] [duration D] [timing T]`: a CATransition's pixels.
@Suite("CATransition: the old picture gives way to the new")
struct TransitionTests {
  /// A 100×100 black scene with a red 80×40 layer `card` covering pixels 10..<90 × 30..<70.
  static let card = """
    scene 100x100 #000000
    layer card
    set card bounds=80x40 position=50,50 backgroundColor=#ff0000

    """

  static let red = RGBA(r: 1, g: 0, b: 0, a: 1)
  static let blue = RGBA(r: 0, g: 0, b: 1, a: 1)
  static let black = RGBA.black

  /// A session after `script` (which must succeed).
  static func session(_ script: String) -> (Session, CapturedOutput) {
    let out = CapturedOutput()
    let s = Session(sink: out)
    let error = s.run(source: script, file: "transition")
    #expect(error == nil, "\(out.stderr)")
    return (s, out)
  }

  static func render(_ scene: Scene) -> Canvas {
    SceneRenderer.render(scene, width: 100, height: 100)
  }

  static func close(_ a: RGBA, _ b: RGBA, within tolerance: Float = 1 / 255) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
      && abs(a.a - b.a) <= tolerance
  }

  @Test("a fade's midpoint is the even mix of the old and new colours")
  func fadeMidpoint() {
    let (s, _) = Self.session(
      Self.card
        + "transition card fade duration 1 timing linear\nset card backgroundColor=#0000ff\n"
        + "step 0.5\n")
    let canvas = Self.render(s.scene)
    let mid = RGBA(r: 0.5, g: 0, b: 0.5, a: 1)
    for (x, y) in [(50, 50), (11, 31), (88, 68)] {
      #expect(Self.close(canvas[x: x, y: y], mid), "pixel \(x),\(y): \(canvas[x: x, y: y])")
    }
    // Outside the layer nothing changes.
    #expect(canvas[x: 5, y: 50] == Self.black)
    // The model and its presentation never see the transition.
    let id = s.scene.model.layerID(named: "card")!
    let ref = PropertyRef(object: .layer(id), name: "backgroundColor")
    #expect(s.scene.presentedModel(at: s.scene.now).value(ref) == s.scene.model.value(ref))
  }

  @Test(
    "a fade follows its timing function",
    arguments: [("linear", 0.25), ("easeIn", 0.25), ("easeInEaseOut", 0.8)] as [(String, Double)])
  func fadeTiming(name: String, at t: Double) throws {
    let (s, _) = Self.session(
      Self.card + "transition card fade duration 1 timing \(name)\n"
        + "set card backgroundColor=#0000ff\nstep \(t)\n")
    let function = try #require(TimingFunction(name: name))
    let f = function(t)
    let pixel = Self.render(s.scene)[x: 50, y: 50]
    #expect(Self.close(pixel, RGBA(r: Float(1 - f), g: 0, b: Float(f), a: 1)), "\(pixel) f=\(f)")
  }

  /// Where the new picture is at a slide's midpoint: the subtype's half of the layer.
  struct Slide: CustomTestStringConvertible, Sendable {
    let type: String
    let subtype: String
    /// Pixels inside the layer on the new side and the old side of the boundary, next to it
    /// and a quarter of the layer from it.
    let new: [(Int, Int)]
    let old: [(Int, Int)]
    var testDescription: String { "\(type) \(subtype)" }
  }

  static let sides: [(name: String, new: [(Int, Int)], old: [(Int, Int)])] = [
    ("fromLeft", [(30, 50), (49, 50)], [(50, 50), (70, 50)]),
    ("fromRight", [(50, 50), (70, 50)], [(30, 50), (49, 50)]),
    // Core Animation's unflipped axis: fromTop starts at the bottom of the screen.
    ("fromTop", [(50, 50), (50, 60)], [(50, 40), (50, 49)]),
    ("fromBottom", [(50, 40), (50, 49)], [(50, 50), (50, 60)]),
  ]

  static let slides: [Slide] = ["moveIn", "push", "reveal"].flatMap { type in
    sides.map { Slide(type: type, subtype: $0.name, new: $0.new, old: $0.old) }
  }

  @Test(
    "at a slide's midpoint the boundary is at the layer's middle, new on the subtype's side",
    arguments: slides)
  func slideMidpoint(_ slide: Slide) {
    let (s, _) = Self.session(
      Self.card + "transition card \(slide.type) \(slide.subtype) duration 1\n"
        + "set card backgroundColor=#0000ff\nstep 0.5\n")
    let canvas = Self.render(s.scene)
    for (x, y) in slide.new {
      #expect(canvas[x: x, y: y] == Self.blue, "new at \(x),\(y): \(canvas[x: x, y: y])")
    }
    for (x, y) in slide.old {
      #expect(canvas[x: x, y: y] == Self.red, "old at \(x),\(y): \(canvas[x: x, y: y])")
    }
    // The sliding pictures are clipped to the layer's bounds.
    for (x, y) in [(5, 50), (95, 50), (50, 25), (50, 75)] {
      #expect(canvas[x: x, y: y] == Self.black, "outside at \(x),\(y): \(canvas[x: x, y: y])")
    }
  }

  @Test("a slide moves along the layer's own axes: a half-turned layer slides on the screen's y")
  func slideFollowsTheLayersAxes() {
    // bounds 40×80 turned by π/2 covers the same pixels as the unturned 80×40 card; its +x is
    // the screen's +y, so fromLeft comes from the top of the screen.
    let (s, _) = Self.session(
      Self.card + "set card bounds=40x80 transform.rotation.z=pi/2\n"
        + "transition card push fromLeft duration 1\nset card backgroundColor=#0000ff\n"
        + "step 0.5\n")
    let canvas = Self.render(s.scene)
    #expect(Self.close(canvas[x: 50, y: 40], Self.blue), "\(canvas[x: 50, y: 40])")
    #expect(Self.close(canvas[x: 50, y: 60], Self.red), "\(canvas[x: 50, y: 60])")
  }

  @Test(
    "after its duration the transition is gone and the pixels are the live ones",
    arguments: ["fade", "moveIn fromRight", "push fromTop", "reveal fromBottom"])
  func endsAfterItsDuration(_ kind: String) {
    let change = "set card backgroundColor=#0000ff opacity=0.8\n"
    let (s, out) = Self.session(
      Self.card + "transition card \(kind) duration 0.4\n" + change + "step 0.2\nstep 0.25\n"
        + "animations card\n")
    let (plain, _) = Self.session(Self.card + change + "step 0.45\n")
    #expect(s.scene.transitions.isEmpty)
    #expect(out.stdout.hasSuffix("no animations\n"))
    #expect(Self.render(s.scene).pixels == Self.render(plain.scene).pixels)
  }

  @Test("before the clock moves the captured picture shows, and animations says it waits")
  func waitsForTheClock() {
    let (s, out) = Self.session(
      Self.card + "transition card push\nset card backgroundColor=#0000ff\nanimations card\n")
    #expect(Self.render(s.scene)[x: 50, y: 50] == Self.red)
    #expect(out.stdout.contains("transition push fromLeft"))
    #expect(out.stdout.contains("waiting"))
  }

  @Test(
    "with nothing changed before the clock moves the transition is dropped with a warning",
    arguments: ["", "animate card.opacity from 1 to 0 duration 1\n", "set scene.maxParticles 10\n"])
  func droppedWhenNothingChanged(_ between: String) {
    let (s, out) = Self.session(Self.card + "transition card fade\n" + between + "step 0.1\n")
    #expect(
      out.stderr.contains(
        "warning: transition on 'card' dropped: nothing in it changed before the clock moved"))
    #expect(s.scene.transitions.isEmpty)
  }

  @Test(
    "a change by a scheduled command at the same instant, or to a sublayer, counts",
    arguments: [
      "after 0 set card backgroundColor=#0000ff\n",
      "at 0 set card backgroundColor=#0000ff\n",
      "layer dot in card\nset dot bounds=4x4 backgroundColor=#0000ff\n",
    ])
  func changesThatCount(_ change: String) {
    let (s, out) = Self.session(
      Self.card + "transition card fade duration 1\n" + change + "step 0.5\n")
    #expect(!out.stderr.contains("dropped"), "\(out.stderr)")
    #expect(s.scene.transitions.count == 1)
  }

  @Test("a change scheduled for later than the clock's first move does not count")
  func laterChangeDoesNotCount() {
    let (s, out) = Self.session(
      Self.card + "transition card fade duration 1\nafter 0.1 set card backgroundColor=#0000ff\n"
        + "step 0.5\n")
    #expect(out.stderr.contains("transition on 'card' dropped"))
    #expect(s.scene.transitions.isEmpty)
  }

  @Test("the captured picture holds the particles as they were; the live ones move on")
  func particlesFrozen() throws {
    let setup = """
      scene 100x100 #000000
      emitter e
      set e bounds=100x100 position=50,50 emitterPosition=20,50 seed=3
      cell e c
      set e.emitterCells.c birthRate=40 lifetime=5 velocity=60 contents=dot scale=0.5
      step 0.5

      """
    let (s, _) = Self.session(setup)
    let before = Self.render(s.scene)
    #expect(
      s.run(
        source: "transition e fade duration 1\nset e zPosition=1\nstep 0.5\n",
        file: "t") == nil)
    var live = s.scene
    live.transitions = [:]
    let after = Self.render(live)
    #expect(before.pixels != after.pixels, "the particles moved")
    let shown = Self.render(s.scene)
    for y in 0..<100 {
      for x in 0..<100 {
        let a = before[x: x, y: y]
        let b = after[x: x, y: y]
        let mix = RGBA(
          r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2, a: (a.a + b.a) / 2)
        #expect(Self.close(shown[x: x, y: y], mix, within: 2 / 255), "pixel \(x),\(y)")
      }
    }
  }

  @Test(
    "bad input is an error with a suggestion, and changes nothing",
    arguments: [
      ("transition card pus", "TYPE is one of fade, moveIn, push, reveal", "did you mean 'push'"),
      ("transition card kCATransitionPsh", "TYPE is one of", "did you mean 'push'"),
      ("transition card push fromLetf", "SUBTYPE is one of", "did you mean 'fromLeft'"),
      ("transition crad fade", "unknown layer 'crad'", "card"),
      ("transition scene fade", "the scene's root takes no transition", "add the transition"),
      ("transition card fade duration 0", "duration must be greater than 0", ""),
      ("transition card fade timing easeIm", "unknown timing function", "did you mean 'easeIn'"),
      ("transition card fade fromLeft extra", "unexpected 'extra'", "usage: transition"),
      ("transition card", "missing TYPE", "usage: transition LAYER TYPE"),
    ])
  func badInput(line: String, message: String, hint: String) {
    let (s, _) = Self.session(Self.card + "transition card push\n")
    let before = s.scene.transitions[s.scene.model.layerID(named: "card")!]?.type
    let error = s.run(source: line + "\n", file: "t")
    let text = error?.rendered() ?? ""
    #expect(text.contains(message), "\(text)")
    #expect(hint.isEmpty || text.contains(hint), "\(text)")
    #expect(s.scene.transitions.count == 1)
    #expect(s.scene.transitions.values.first?.type == before)
  }

  @Test("cancel LAYER transition removes it; a new one replaces it")
  func cancelAndReplace() throws {
    let (s, _) = Self.session(Self.card + "transition card push\ntransition card reveal fromTop\n")
    let id = try #require(s.scene.model.layerID(named: "card"))
    #expect(s.scene.transitions[id]?.type == .reveal)
    #expect(s.scene.transitions[id]?.subtype == .fromTop)
    #expect(s.run(source: "cancel card transition\n", file: "t") == nil)
    #expect(s.scene.transitions.isEmpty)
    #expect(s.run(source: "cancel card transition\n", file: "t") != nil)
  }

  @Test("save replays a transition: the loaded scene draws the same pixels then and later")
  func saveReplays() throws {
    let file = testScratchFolder.appendingPathComponent(
      "burst-transition-\(getpid())-\(UUID().uuidString).burst"
    ).path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let (a, _) = Self.session(
      Self.card + "transition card push fromBottom duration 1 timing easeOut\n"
        + "set card backgroundColor=#0000ff\nstep 0.3\nsave \(file)\n")
    let (b, _) = Self.session("load \(file)\n")
    #expect(b.scene.now == a.scene.now)
    #expect(Self.render(a.scene).pixels == Self.render(b.scene).pixels)
    #expect(a.run(source: "step 0.4\n", file: "t") == nil)
    #expect(b.run(source: "step 0.4\n", file: "t") == nil)
    #expect(Self.render(a.scene).pixels == Self.render(b.scene).pixels)
    #expect(!a.scene.transitions.isEmpty)
  }

  static let exports: [(language: String, lines: [String])] = [
    (
      "swift",
      [
        "let cardTransition = CATransition()", "cardTransition.type = .push",
        "cardTransition.subtype = .fromRight", "cardTransition.duration = 0.5",
        "card.add(cardTransition, forKey: kCATransition)",
      ]
    ),
    (
      "objc",
      [
        "CATransition *cardTransition = [CATransition animation];",
        "cardTransition.type = kCATransitionPush;",
        "cardTransition.subtype = kCATransitionFromRight;", "cardTransition.duration = 0.5;",
        "[card addAnimation:cardTransition forKey:kCATransition];",
      ]
    ),
  ]

  @Test("export writes a CATransition added for kCATransition", arguments: exports)
  func export(language: String, lines: [String]) {
    let run = runScript(
      Self.card + "transition card push fromRight duration 0.5\nexport \(language)\n")
    for line in lines { #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)") }
  }

  @Test("export of a fade writes no subtype, and nothing once the transition ended")
  func exportFadeAndEnded() {
    let fade = runScript(Self.card + "transition card fade\nexport swift\n")
    #expect(fade.stdout.contains("cardTransition.type = .fade"))
    #expect(!fade.stdout.contains("subtype"))
    let ended = runScript(
      Self.card + "transition card fade\nset card opacity=0.5\nstep 1\nexport swift\n")
    #expect(!ended.stdout.contains("CATransition"))
  }
}

/// Ctrl-C inside a transition's whole-canvas passes (the shift is tested bit for bit in
/// CoreTests' TransitionDrawingTests).
@Suite("CATransition drawing stops between its passes when told")
struct TransitionDrawingStopTests {
  @Test("a transition's drawing stops between its passes when stop turns true")
  func stopsBetweenPasses() throws {
    let (s, _) = TransitionTests.session(
      TransitionTests.card + "transition card push fromLeft duration 1\n"
        + "set card.backgroundColor #0000ff\nstep 0.5\n")
    let id = try #require(s.scene.model.layerID(named: "card"))
    let transition = try #require(s.scene.transitions[id])
    let subtree = { (scene: Scene) -> Canvas? in
      SceneRenderer.render(scene, only: id, width: 100, height: 100)
    }
    // Drawn whole when nothing stops it; nil once stop holds, however far it got.
    #expect(
      TransitionDrawing.draw(transition, of: id, in: s.scene, width: 100, height: 100) {
        subtree($0)
      } != nil)
    for after in 0..<6 {
      var polls = 0
      let drawn = TransitionDrawing.draw(
        transition, of: id, in: s.scene, width: 100, height: 100,
        stop: {
          polls += 1
          return polls > after
        }, subtree: subtree)
      #expect(drawn == nil, "stopped after \(after) polls")
    }
  }
}
