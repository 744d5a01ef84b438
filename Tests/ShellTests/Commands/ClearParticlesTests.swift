import Foundation
import Testing

@testable import Core
@testable import Shell

/// `clear particles [PATH]` (docs/semantics.md, "Clearing particles").
@Suite("clear particles removes live particles and keeps everything else")
struct ClearParticlesTests {
  /// Emitter `a` (cells `c`, with sub-cell `s`, and `d`) inside layer `box`, emitter `b`
  /// beside it, a pending command and a timer, after 2 s.
  static let setup = """
    layer box
    emitter a in box; cell a c; cell a d; cell a.emitterCells.c s
    set a.emitterCells.c birthRate=50 lifetime=3 velocity=20 emissionRange=6 contents=dot
    set a.emitterCells.c.emitterCells.s birthRate=4 lifetime=2 velocity=5 contents=dot
    set a.emitterCells.d birthRate=30 lifetime=4 velocity=10 contents=dot
    emitter b; cell b r
    set b.emitterCells.r birthRate=80 lifetime=2 lifetimeRange=1 velocity=40 contents=dot
    after 5 echo later
    every 0.5 set b.emitterCells.r.velocity 41
    step 2

    """

  static let cells = [
    "a.emitterCells.c", "a.emitterCells.c.emitterCells.s", "a.emitterCells.d", "b.emitterCells.r",
  ]

  static func counts(_ s: Session) throws -> [Int] {
    try cells.map { s.scene.liveCount(of: try s.scene.model.resolveObject($0)) }
  }

  static func session() throws -> Session {
    let s = Session(sink: CapturedOutput())
    #expect(s.run(source: setup, file: "setup.burst") == nil)
    #expect(try counts(s).allSatisfy { $0 > 0 }, "every cell has particles to clear")
    return s
  }

  /// The state `clear` must keep: model, clock, schedule, timers and the stats counts.
  struct Kept: Equatable {
    var model: SceneModel
    var now: Double
    var events: [String]
    var counts: [[Int]]

    init(_ s: Session) {
      model = s.scene.model
      now = s.scene.now
      events = s.events.map { "\($0.time) \($0.sequence) \($0.action)" }
      counts = s.scene.stats().map { [$0.born, $0.stillborn, $0.dropped] }
    }
  }

  @Test(
    "clear particles removes the particles of the scene, a layer's subtree or one cell, and only those",
    arguments: [
      ("clear particles", [0, 0, 0, 0]),
      ("clear particles box", [0, 0, 0, -1]),
      ("clear particles a", [0, 0, 0, -1]),
      ("clear particles b", [-1, -1, -1, 0]),
      ("clear particles a.emitterCells.c", [0, -1, -1, -1]),
      ("clear particles a.emitterCells.c.emitterCells.s", [-1, 0, -1, -1]),
    ])
  func clearsWhatItNames(command: String, expected: [Int]) throws {
    let s = try Self.session()
    let before = try Self.counts(s)
    let kept = Kept(s)
    #expect(s.run(source: command + "\n", file: "clear.burst") == nil)
    // -1: untouched.
    #expect(try Self.counts(s) == zip(before, expected).map { $1 < 0 ? $0 : $1 })
    #expect(Kept(s) == kept)
  }

  @Test(
    "a bad clear changes nothing and says why",
    arguments: [
      ("clear", "missing what to clear", "clear particles [PATH]"),
      ("clear", "missing what to clear", "Ctrl-L clears the screen"),
      ("clear particle", "unexpected 'particle'", "did you mean 'particles'"),
      ("clear screen", "unexpected 'screen'", "usage: clear particles [PATH]"),
      ("clear particles nope", "unknown layer 'nope'", ""),
      ("clear particles a.emitterCells.zz", "'zz'", ""),
      ("clear particles a b", "unexpected 'b'", ""),
      ("{ clear particles; clear particles nope }", "unknown layer 'nope'", ""),
    ])
  func badClear(command: String, message: String, hint: String) throws {
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: Self.setup, file: "setup.burst") == nil)
    let before = SceneState(s)
    let error = try #require(s.run(source: command + "\n", file: "clear.burst"))
    #expect(error.message.contains(message), "\(error.message)")
    #expect(hint.isEmpty || out.stderr.contains(hint), "\(out.stderr)")
    #expect(SceneState(s) == before)
  }

  @Test("after a clear, the births are those the scene would have had: the streams go on")
  func birthsGoOn() throws {
    let cleared = try Self.session()
    #expect(cleared.run(source: "clear particles\nstep 1.5\n", file: "clear.burst") == nil)
    let plain = try Self.session()
    #expect(plain.run(source: "step 1.5\n", file: "clear.burst") == nil)
    let clearedAt = cleared.scene.now - 1.5
    let sub = try #require(
      cleared.scene.model.cell(try cleared.scene.model.resolveObject(Self.cells[1]))?.id)
    for name in ["a", "b"] {
      let id = try #require(cleared.scene.model.layerID(named: name))
      // The particles of cells `cell` (or of all others) born after the clear, bit for bit.
      func born(_ s: Session, sub wanted: Bool) -> [[Double]] {
        s.scene.particles(of: id).filter { $0.birthTime > clearedAt && ($0.cell == sub) == wanted }
          .map {
            [
              $0.birthTime, $0.lifetime, Double($0.state.x), Double($0.state.y),
              Double($0.state.alpha),
            ]
          }
      }
      #expect(!born(cleared, sub: false).isEmpty)
      #expect(born(cleared, sub: false) == born(plain, sub: false))
      // Sub-particles come only from parents born after the clear: some of those without it.
      let subs = born(plain, sub: true)
      #expect(born(cleared, sub: true).allSatisfy { subs.contains($0) })
      #expect(
        cleared.scene.particles(of: id).count
          == born(cleared, sub: false).count + born(cleared, sub: true).count)
    }
    // The same script gives the same bytes every run.
    let again = try Self.session()
    #expect(again.run(source: "clear particles\nstep 1.5\n", file: "clear.burst") == nil)
    #expect(SceneState(again) == SceneState(cleared))
  }

  @Test("save keeps clear particles, so loading the saved script gives the same scene")
  func saveKeepsIt() throws {
    let dir = try SaveTests.directory()
    let prefix =
      Self.setup + "clear particles a.emitterCells.c\nstep 0.5\nclear particles b\n"
    try SaveTests.checkReplay(
      prefix: prefix, file: "clear.burst",
      continuations: ["step 1\n", "clear particles\nstep 0.7\n"], in: dir)
    let s = Session(sink: CapturedOutput())
    let file = dir.appendingPathComponent("cleared.burst").path
    #expect(s.run(source: prefix + "save \(file)\n", file: "clear.burst") == nil)
    let saved = try SaveTests.read(file)
    #expect(saved.contains("step to 2\nclear particles a.emitterCells.c\n"), "\(saved)")
  }

  @Test(
    "clear is a command word: a layer or action named so is refused with another name",
    arguments: [
      ("emitter clear", "'clear' is a command and cannot name a layer", "clearLayer"),
      ("layer \"clear\"", "'clear' is a command and cannot name a layer", "clearLayer"),
      ("set a.name clear", "'clear' is a command and cannot name a layer", "clearLayer"),
      ("action clear echo hi", "'clear' is a command and cannot name an action", "clearAction"),
      ("emitter step", "'step' is a command and cannot name a layer", "stepLayer"),
    ])
  func commandWord(command: String, message: String, name: String) throws {
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: "emitter a\n", file: "setup.burst") == nil)
    let error = try #require(s.run(source: command + "\n", file: "name.burst"))
    #expect(error.message.contains(message), "\(error.message)")
    #expect(out.stderr.contains("e.g. \(name)"), "\(out.stderr)")
  }
}
