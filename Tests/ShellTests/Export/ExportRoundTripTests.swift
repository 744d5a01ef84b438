import Core
import Foundation
import Testing

@testable import Shell

/// `export`, then `import` of the file in a fresh session, continues the scene exactly: the same
/// particles, counts and pictures at later times (docs/export.md, "Round trip").
///
/// Each example is taken at its setup moment: its commands before the first one that moves the
/// clock. Nothing has been simulated then, so no particle is alive (particles cannot be carried
/// by code), while the layers, cells, animations and scheduled commands all are; it is also the
/// moment the example's own commands describe.
@Suite("export then import continues the scene")
struct ExportRoundTripTests {
  /// The times both sessions are compared at, in seconds.
  static let times: [Double] = [0, 0.1, 0.5, 1.2, 3]

  @Test(
    "export then import of every example continues it byte for byte",
    arguments: ExportToolchain.examples, ExportLanguage.allCases)
  func roundTrip(example: String, language: ExportLanguage) throws {
    try Self.check(ExportToolchain.setup(of: example), name: example, language: language)
  }

  @Test(
    "export then import of a scene with scheduled property changes and a running fire",
    arguments: ExportLanguage.allCases)
  func scheduled(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      emitter burst
      set burst position=80,60 emitterShape=circle emitterSize=10,0 seed=7 birthRate=0
      cell burst spark
      set burst.emitterCells.spark birthRate=300 lifetime=0.8 velocity=60 velocityRange=20 \\
          emissionRange=2*pi contents=spark color=#ffaa33 alphaSpeed=-1
      fire burst 0.2 1
      after 0.6 set burst.emitterCells.spark.velocity 120
      at 1 { set burst.emitterPosition 20,10; fire burst 0.1 }
      after 1.5 set burst.birthRate 2

      """
    try Self.check(script, name: "scheduled", language: language)
  }

  @Test(
    "an action's point and number parameters export as the function's and import back: runs with and without arguments agree",
    arguments: ExportLanguage.allCases)
  func parameterisedAction(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      emitter burst
      set burst position=80,60 emitterShape=circle seed=5
      cell burst spark
      set burst.emitterCells.spark birthRate=0 lifetime=0.8 velocity=60 emissionRange=2*pi \
          contents=spark
      action tap (point=80,60, n=3) {
        set burst.emitterPosition $point
        set burst.emitterCells.spark.birthRate $n*20
        set burst emitterSize=$n*pi,-$n+4 birthRate=($n-1)/2
      }

      """
    try Self.check(
      script, name: "parameters", language: language,
      runs: [(0.1, "run tap"), (0.5, "run tap 20,30 5"), (1.2, "run tap n=1.5")])
  }

  @Test(
    "actions that build layers and cells export as code and import back: runs agree",
    arguments: ExportLanguage.allCases)
  func buildingActions(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      emitter fountain
      set fountain position=80,100 emitterShape=point seed=3
      cell fountain drop
      set fountain.emitterCells.drop birthRate=10 lifetime=2 velocity=40 contents=drop
      action tap (point=80,60) {
        emitter $burst
        set $burst.emitterPosition $point
        set $burst.emitterShape circle
        cell $burst spark
        set $burst.emitterCells.spark birthRate=80 lifetime=1 velocity=60 contents=spark
        after 0.5 set $burst.birthRate 0
      }
      action refill {
        remove fountain.emitterCells.drop ifPresent
        cell fountain drop
        set fountain.emitterCells.drop birthRate=20 lifetime=3 velocity=30 contents=drop
      }

      """
    try Self.check(
      script, name: "building", language: language,
      runs: [(0.1, "run tap"), (0.5, "run refill"), (1.2, "run tap 20,30")])
  }

  @Test(
    "a stop action reading the layer a start action makes exports as the variable every start assigns",
    arguments: ExportLanguage.allCases)
  func latestBindingActions(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      action start (point=80,60) {
        emitter $party
        set $party position=$point emitterShape=circle seed=4
        cell $party bit
        set $party.emitterCells.bit birthRate=60 lifetime=1.5 velocity=50 contents=spark
      }
      action stop { set $party.birthRate 0 ifPresent }
      run start

      """
    try Self.check(
      script, name: "latest", language: language,
      runs: [(0.1, "run start 30,40"), (0.5, "run stop"), (1.2, "run start"), (3, "run stop")])
  }

  @Test(
    "images drawn in code export as an image renderer's drawing and import back the same",
    arguments: ExportLanguage.allCases)
  func drawnImages(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      emitter confetti
      set confetti position=80,60 emitterShape=circle emitterSize=40,0 seed=5
      cell confetti piece
      set confetti.emitterCells.piece birthRate=40 lifetime=2 velocity=30 spin=2 \\
          contents=drawing(12,10 path(moveTo 6,0 lineTo 12,10 lineTo 0,10 close) \\
          fillColor=#ff2d55 rect(1,1,10,8) fillColor=clear strokeColor=white lineWidth=2 \\
          lineCap=round lineJoin=bevel lineDashPattern=[2, 1] ellipse(2,2,8,6) \\
          fillColor=#00ff0080 fillRule=evenOdd)
      layer badge
      set badge position=20,20 bounds=0,0,24,20 \\
          contents=drawing(24,20 roundedRect(0,0,24,20,4) fillColor=yellow)

      """
    try Self.check(script, name: "drawn", language: language)
  }

  @Test(
    "export then import of a repeating timer continues it (Timer, NSTimer)",
    arguments: ExportLanguage.allCases)
  func timer(language: ExportLanguage) throws {
    let script = """
      scene 160x120 #000000
      emitter burst
      set burst position=80,60 seed=3
      cell burst spark
      set burst.emitterCells.spark birthRate=100 lifetime=0.5 velocity=50 emissionRange=2*pi \\
          contents=spark
      every 0.5 set burst.emitterPosition.x 40
      at 1.2 set burst.emitterPosition.x 120

      """
    try Self.check(script, name: "timer", language: language)
  }

  /// Scenes of the timeline's other parts: actions run in both sessions at the same times,
  /// `fire` inside timers and actions (its beginTime the time the code runs), `uiview` and
  /// `remove` in scheduled blocks.
  static let timelines: [(name: String, script: String, runs: [(time: Double, command: String)])] =
    [
      (
        "an action run twice, with fire, animate, a nested after and run",
        """
        action spin { animate dot.transform.rotation.z from 0 to pi duration 0.4 }
        action tap { fire burst 0.2 2; animate dot.opacity from 1 to 0.2 duration 0.5; \
            after 0.3 set burst.emitterPosition.x 40; run spin }

        """, [(0.5, "run tap"), (1.2, "run tap"), (3, "run spin")]
      ),
      (
        "a timer that fires the emitter every second",
        """
        every 1 fire burst 0.2 3

        """, []
      ),
      (
        "a timer with until, invalidated by a later block",
        """
        every 0.7 fire burst 0.1 4 until 2.2

        """, []
      ),
      (
        "uiview, remove and a later fire in scheduled blocks",
        """
        after 0.4 uiview dot.position.x to 120 duration 0.8 curve easeOut
        at 1 uiview dot.transform.scale to 2 duration 1 delay 0.2 damping 0.4
        at 2 { remove dot; fire burst 0.3 }

        """, []
      ),
      (
        "copies made by scheduled blocks, below a later layer",
        """
        layer top
        set top bounds=12x12 position=40,34 backgroundColor=#00ff66
        after 1 { copy dot as dot2; set dot2.position.x 100 }
        at 1.5 { copy burst as burst2; set burst2.emitterPosition 30,90; fire burst2 1 40 }

        """, []
      ),
    ]

  @Test(
    "export then import continues actions, timers and scheduled animations",
    arguments: timelines.indices, ExportLanguage.allCases)
  func timeline(index: Int, language: ExportLanguage) throws {
    let (name, script, runs) = Self.timelines[index]
    let setup = """
      scene 160x120 #000000
      emitter burst
      set burst position=80,60 emitterShape=circle emitterSize=10,0 seed=9 birthRate=0
      cell burst spark
      set burst.emitterCells.spark birthRate=150 lifetime=0.6 velocity=70 emissionRange=2*pi \
          contents=spark alphaSpeed=-1
      layer dot
      set dot bounds=16x16 position=30,30 backgroundColor=#ff3300

      """
    try Self.check(
      setup + script, name: name, language: language, times: Self.times + [4.1], runs: runs)
  }

  /// Runs `script`, exports it, imports the file into a fresh session of the same size, then
  /// steps both to each of `times` and compares them; at a time in `runs`, both sessions then
  /// run its command (`run tap`) before the comparison.
  static func check(
    _ script: String, name: String, language: ExportLanguage, times: [Double] = times,
    runs: [(time: Double, command: String)] = []
  ) throws {
    let original = Session(sink: CapturedOutput())
    if let e = original.run(source: script, file: name) { Issue.record("\(name): \(e.message)") }
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Exported" + (language == .swift ? ".swift" : ".m")).path
    if let e = original.run(source: "export \(language.rawValue) to \(path)\n", file: "export") {
      Issue.record("export: \(e.message)")
      return
    }
    let size = original.scene.model.root.properties.bounds.size
    let out = CapturedOutput()
    let copy = Session(sink: out)
    let view = ValueFormatting.value(.size(size))
    if let e = copy.run(source: "import \(path) view \(view)\n", file: "import") {
      Issue.record("import: \(e.message)\n\(out.stderr)")
      return
    }
    for t in times {
      for s in [original, copy] {
        if let e = s.run(source: "step to \(t)\n", file: "step") {
          Issue.record("step to \(t): \(e.message)")
          return
        }
        for r in runs where r.time == t {
          if let e = s.run(source: r.command + "\n", file: "run") {
            Issue.record("\(r.command) at \(t): \(e.message)")
            return
          }
        }
      }
      if let difference = Self.difference(original.scene, copy.scene) {
        let code = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let message =
          "\(name) (\(language.rawValue)) at t = \(t) s: \(difference)\nimport said:\n"
          + "\(out.stdout)\(out.stderr)\nexported code:\n\(code)"
        Issue.record("\(message)")
        return
      }
    }
  }

  /// The first way `b` differs from `a`: the live particles of each emitter in tree order, the
  /// per-cell counts, then the rendered picture; nil when they are the same.
  static func difference(_ a: Scene, _ b: Scene) -> String? {
    func emitters(_ s: Scene) -> [(name: String, particles: [ParticleSnapshot])] {
      s.model.treeOrder.compactMap { id in
        guard let l = s.model.layer(id), l.kind == .emitter else { return nil }
        return (l.name, s.particles(of: id))
      }
    }
    let (ea, eb) = (emitters(a), emitters(b))
    guard ea.map(\.name) == eb.map(\.name) else {
      return "emitters \(ea.map(\.name)), after import \(eb.map(\.name))"
    }
    for (x, y) in zip(ea, eb) {
      guard x.particles.count == y.particles.count else {
        return "'\(x.name)' has \(x.particles.count) particles, after import \(y.particles.count)"
      }
      // Cells are compared by name (in the counts below); their ids may differ.
      for (p, q) in zip(x.particles, y.particles) {
        guard p.birthIndex == q.birthIndex, p.birthTime == q.birthTime,
          p.lifetime == q.lifetime, p.state == q.state
        else { return "'\(x.name)' particle \(p.birthIndex): \(p), after import \(q)" }
      }
    }
    let (sa, sb) = (a.stats(), b.stats())
    guard sa == sb else { return "counts \(sa), after import \(sb)" }
    let side = 64.0
    let bounds = a.model.root.properties.bounds.size
    let k = side / max(bounds.width, bounds.height, 1)
    let (w, h) = (max(1, Int(bounds.width * k)), max(1, Int(bounds.height * k)))
    let pa = SceneRenderer.render(a, width: w, height: h).pixels
    let pb = SceneRenderer.render(b, width: w, height: h).pixels
    guard pa.count == pb.count else { return "the pictures differ in size" }
    if let i = pa.indices.first(where: { pa[$0].bitPattern != pb[$0].bitPattern }) {
      let pixel = i / 4
      return "the picture differs first at pixel (\(pixel % w), \(pixel / w)) of \(w)×\(h)"
    }
    return nil
  }
}
