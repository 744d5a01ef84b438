import Core
import Foundation
import Testing

@testable import Shell

/// Emitter behaviours at the prompt, in files and in code (docs/semantics.md, "Emitter
/// behaviours"; docs/import.md).
@Suite("emitter behaviours: commands, save, import and export")
struct BehaviorShellTests {
  static let setup = """
    scene 200x200
    emitter e
    set e emitterPosition=100,40 seed=3
    cell e dot
    set e.emitterCells.dot birthRate=60 lifetime=2 velocity=60 emissionRange=pi contents=dot

    """

  static func session(_ more: String = "") -> (Session, CapturedOutput) {
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: setup + more, file: "setup.burst") == nil, "\(out.stderr)")
    return (s, out)
  }

  static func behaviors(_ s: Session, _ layer: String = "e") -> [EmitterBehavior] {
    guard let id = s.scene.model.layerID(named: layer) else { return [] }
    return s.scene.model.behaviors(of: id)
  }

  @Test("behavior adds, sets and removes; set LAYER.emitterBehaviors sets fields and the array")
  func commands() {
    let (s, out) = Self.session(
      """
      behavior e add wave sway force=20,0,0 frequency=1
      behavior e add drag drag=0.5
      behavior e add drag
      behavior e set sway frequency=2
      set e.emitterBehaviors.drag.drag 1.5
      set e.emitterBehaviors.drag2 enabled=no
      behaviors e

      """)
    #expect(Self.behaviors(s).map(\.name) == ["sway", "drag", "drag2"])
    #expect(Self.behaviors(s)[0].value("frequency") == .number(2))
    #expect(Self.behaviors(s)[1].number("drag") == 1.5)
    #expect(Self.behaviors(s)[2].enabled == false)
    #expect(out.stdout.contains("behavior e add wave sway force=20,0,0 frequency=2\n"))
    #expect(
      s.run(
        source: "get e.emitterBehaviors\nget e.emitterBehaviors.sway\n"
          + "get e.emitterBehaviors.sway.force\nget e.emitterBehaviors.drag2.enabled\n",
        file: "t") == nil)
    #expect(
      out.stdout.hasSuffix(
        "sway,drag,drag2\nwave force=20,0,0 frequency=2\n20,0,0\nno\n"), "\(out.stdout)")
    #expect(s.run(source: "set e.emitterBehaviors [drag2, sway]\n", file: "t") == nil)
    #expect(Self.behaviors(s).map(\.name) == ["drag2", "sway"])
    #expect(s.run(source: "behavior e remove sway\n", file: "t") == nil)
    #expect(Self.behaviors(s).map(\.name) == ["drag2"])
    #expect(s.run(source: "set e.emitterBehaviors none\n", file: "t") == nil)
    #expect(Self.behaviors(s).isEmpty)
  }

  @Test(
    "bad behaviour input is an error that changes nothing, with a suggestion",
    arguments: [
      ("behavior e add wav", "did you mean 'wave'"),
      ("behavior e add wave force=1,2", "vector of 3 numbers"),
      ("behavior e add drag drag=1 dragg=2", "did you mean 'drag'"),
      ("behavior e set nothing drag=1", "has no behaviour 'nothing'"),
      ("behavior scene add drag", "not an emitter layer"),
      ("behavior e add valueOverLife keyPath=scal", "did you mean 'scale'"),
      ("behavior e add attractor attractorType=spiral", "radial"),
      ("set e.emitterBehaviors.drag.drag 1", "has no behaviour"),
      ("behavior e frob", "add"),
    ])
  func badInput(line: String, message: String) {
    let (s, out) = Self.session("behavior e add wave sway\n")
    let before = s.scene.model
    #expect(s.run(source: line + "\n", file: "bad.burst") != nil)
    #expect(out.stderr.contains("bad.burst:1:"), "\(out.stderr)")
    #expect(out.stderr.contains(message), "\(out.stderr)")
    #expect(s.scene.model == before)
  }

  @Test("keys TYPE lists a behaviour's fields and explain TYPE says it is a private API")
  func keysAndExplain() {
    let (s, out) = Self.session()
    #expect(s.run(source: "keys attractor\nexplain wave\nexplain drag.drag\n", file: "t") == nil)
    for word in ["attractorType", "falloffDistance", "stiffness", "frequency", "ln 2 / drag"] {
      #expect(out.stdout.contains(word), "\(word)")
    }
    #expect(out.stdout.contains("private API, as reverse-engineered; may differ from iOS"))
    // A layer named like a type is the layer.
    let named = CapturedOutput()
    let t = Session(sink: named)
    #expect(t.run(source: "emitter light\nkeys light birthRate\n", file: "t") == nil)
    #expect(named.stdout.contains("emitter layer 'light'"), "\(named.stdout)")
  }

  @Test("save and save model keep the behaviours: loading either gives the same scene")
  func saveRoundTrip() throws {
    let (s, _) = Self.session(
      """
      behavior e add wave force=0,30,0 frequency=0.5
      behavior e add colorOverLife fade colors=#ffffff,#ff000000 locations=0,1
      behavior e add attractor pull position=100,150 stiffness=4 radius=60 attractorType=radial
      set e.emitterBehaviors.pull.falloff -50
      step 1

      """)
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let full = dir.appendingPathComponent("full.burst").path
    let model = dir.appendingPathComponent("model.burst").path
    #expect(s.run(source: "save \(full)\nsave model \(model)\n", file: "t") == nil)
    let loaded = Session(sink: CapturedOutput())
    #expect(loaded.run(source: "load \(full)\n", file: "t") == nil)
    #expect(Self.behaviors(loaded) == Self.behaviors(s))
    #expect(ExportRoundTripTests.difference(s.scene, loaded.scene) == nil)
    let rebuilt = Session(sink: CapturedOutput())
    #expect(rebuilt.run(source: "load \(model)\n", file: "t") == nil)
    #expect(Self.behaviors(rebuilt) == Self.behaviors(s))
    #expect(Self.behaviors(rebuilt).last?.number("falloff") == -50)
  }

  @Test("a step whose attractor work passes Limits.maxAttractorWork is refused and changes nothing")
  func attractorBoundRefusesStep() throws {
    let (s, out) = Self.session(
      """
      set e.emitterCells.dot birthRate=5000 lifetime=10
      behavior e add simpleAttractor position=100,100 stiffness=2
      step 0.5

      """)
    let id = try #require(s.scene.model.layerID(named: "e"))
    let before = s.scene.particles(of: id)
    let work = s.scene.attractorWork(to: s.scene.now + 200)
    #expect(work > Limits.maxAttractorWork)
    #expect(s.run(source: "step 200\n", file: "big.burst") != nil)
    #expect(out.stderr.contains("attractor updates"), "\(out.stderr)")
    #expect(s.scene.now == 0.5)
    #expect(s.scene.particles(of: id) == before)
    // Without the attractor the same step is allowed (its work is 0).
    #expect(s.run(source: "behavior e remove simpleAttractor\n", file: "t") == nil)
    #expect(s.scene.attractorWork(to: s.scene.now + 200) == 0)
  }

  /// The confetti view of the import corpus, imported into a 320×240 view and stepped to 3 s,
  /// with its behaviours or without them.
  static func confetti(behaviours: Bool) throws -> Session {
    let out = CapturedOutput()
    let s = Session(sink: out)
    let file = "\(importCorpus)/FlutterConfettiView.swift"
    let script =
      "import \"\(file)\" view 320x240 quiet\n"
      + (behaviours ? "" : "set confetti.emitterBehaviors none\n") + "step 3\n"
    #expect(s.run(source: script, file: "t") == nil, "\(out.stderr)")
    return s
  }

  @Test("FlutterConfettiView imports its wave and drag, which slow the fall and sway the paper")
  func confettiImport() throws {
    let with = try Self.confetti(behaviours: true)
    let id = try #require(with.scene.model.layerID(named: "confetti"))
    let list = with.scene.model.behaviors(of: id)
    #expect(list.map(\.type) == [.wave, .drag])
    #expect(list.map(\.name) == ["sway", "air"])
    #expect(list[0].numbers("force") == [80, 0, 0])
    #expect(list[0].number("frequency") == 0.9)
    #expect(list[1].number("drag") == 1.5)
    let without = try Self.confetti(behaviours: false)
    let a = with.scene.particles(of: id)
    let b = without.scene.particles(of: id)
    // The same births (behaviours change motion, not counts or random draws).
    #expect(a.count == b.count && a.count > 100)
    #expect(zip(a, b).allSatisfy { $0.birthTime == $1.birthTime })
    // Fall: drag caps the speed gravity gives (terminal 80 pt/s against 120 pt/s² unchecked).
    func meanFall(_ ps: [ParticleSnapshot]) -> Double {
      ps.reduce(0) { $0 + Double($1.state.y) } / Double(ps.count)
    }
    #expect(meanFall(a) < meanFall(b) - 40, "mean y \(meanFall(a)) against \(meanFall(b))")
    // Sway: each particle's x differs from its unbehaved twin's by the wave less the drag.
    let drift = zip(a, b).map { abs(Double($0.state.vx) - Double($1.state.vx)) }.max() ?? 0
    #expect(drift > 10, "largest change of vx: \(drift)")
    // The picture differs.
    let pa = SceneRenderer.render(with.scene, width: 320, height: 240).pixels
    let pb = SceneRenderer.render(without.scene, width: 320, height: 240).pixels
    let changed = zip(pa, pb).filter { $0 != $1 }.count
    #expect(changed > 1000, "\(changed) pixels differ")
  }

  @Test("the Objective-C forms import: behaviorWithType:, NSClassFromString, KVC key paths")
  func objectiveCImport() throws {
    let out = CapturedOutput()
    let s = Session(sink: out)
    let file = "\(importCorpus)/DriftingSparksViewController.m"
    #expect(s.run(source: "import \"\(file)\" view 240x320\n", file: "t") == nil)
    let list = Self.behaviors(s, "sparks")
    #expect(list.map(\.type) == [.drag, .alignToMotion, .attractor])
    #expect(list.map(\.name) == ["drag", "align", "pull"])
    #expect(list[2].numbers("position") == [120, 160])
    #expect(list[2].number("stiffness") == 3, "setValue:forKeyPath: emitterBehaviors.pull…")
    #expect(!out.stderr.contains("warning"), "\(out.stderr)")
  }

  @Test(
    "export then import of every behaviour, and of scheduled changes of their fields, continues the scene",
    arguments: ExportLanguage.allCases)
  func exportRoundTrip(language: ExportLanguage) throws {
    let script =
      Self.setup + """
        behavior e add wave sway force=30,0,0 frequency=0.7
        behavior e add drag drag=0.6
        behavior e add alignToMotion rotation=0.2
        behavior e add valueOverLife grow keyPath=scale values=0.5,1.5 locations=0,1
        behavior e add colorOverLife tint colors=#ffffff,#3080ff80
        behavior e add attractor pull position=100,120 stiffness=3 radius=80 falloffDistance=20
        behavior e add simpleAttractor push position=60,60 stiffness=-1 enabled=no
        behavior e add light
        after 1 set e.emitterBehaviors.sway.frequency 1.4
        after 1.1 set e.emitterBehaviors.pull stiffness=5 enabled=no

        """
    try ExportRoundTripTests.check(script, name: "behaviours", language: language)
  }

  @Test(
    "the Swift export of every behaviour type-checks against the stand-in SDK",
    .enabled(if: ExportToolchain.swiftc != nil, "skipped: swiftc is not on PATH"))
  func exportTypeChecks() throws {
    let modules = ExportToolchain.swiftModules
    let directory = try #require(modules.directory, "\(modules.errors)")
    let dir = ExportToolchain.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Behaviours.swift").path
    let (s, out) = Self.session(
      """
      behavior e add wave sway force=30,0,0 frequency=0.7
      behavior e add valueOverLife grow keyPath=scale values=0.5,1.5 additive=yes
      behavior e add colorOverLife tint colors=#ffffff,#3080ff80
      behavior e add attractor pull position=100,120 stiffness=3 attractorType=axial
      behavior e add drag enabled=no
      after 1 set e.emitterBehaviors.sway.frequency 1.4
      export swift to \(path)

      """)
    #expect(!out.stderr.contains("error"), "\(out.stderr)")
    _ = s
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("NSClassFromString(\"CAEmitterBehavior\")"))
    let r = ExportToolchain.run(
      try #require(ExportToolchain.swiftc),
      ["-typecheck", "-swift-version", "5", "-warnings-as-errors", "-I", directory, path])
    #expect(r.status == 0, "swiftc -typecheck against Tests/StandInSDK:\n\(r.output)\n\(text)")
  }
}
