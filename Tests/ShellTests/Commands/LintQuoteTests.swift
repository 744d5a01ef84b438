import Foundation
import TestSupport
import Testing

@testable import Shell

/// lint quotes the number that was written: the model's own, or, where `set` clamped it, what
/// was written and what is kept (issue 22 §4).
@Suite("lint quotes the value as set")
struct LintQuoteTests {
  static let e = "emitter e; cell e c\nset e.emitterCells.c birthRate=5 lifetime=1 contents=dot\n"

  @Test(
    "lint quotes the number written, and the clamped one beside it when set clamped it",
    arguments: [
      (
        "set e.emitterCells.c.birthRate -5",
        "e.emitterCells.c: birthRate is -5, so nothing is born (set e.emitterCells.c.birthRate 10)"
      ),
      (
        "set e.emitterCells.c.lifetime -3",
        "e.emitterCells.c: lifetime is -3, so particles are never born"
          + " (set e.emitterCells.c.lifetime 1)"
      ),
      (
        "set e.emitterCells.c lifetime=-1 lifetimeRange=1",
        "e.emitterCells.c: lifetime is -1 and lifetimeRange is 1, so every lifetime is at most"
          + " -0.5 and particles are never born (set e.emitterCells.c.lifetime 1)"
      ),
      ("set e.opacity -1", "e: the layer's opacity was set to -1 (clamped to 0)"),
      ("set e opacity=-0.5", "e: the layer's opacity was set to -0.5 (clamped to 0)"),
      ("set e.opacity 0", "e: the layer's opacity is 0"),
      (
        "set e.lifetime -2",
        "e: the layer's lifetime multiplier is -2, so particles are never born"
      ),
      (
        "set e.emitterCells.c.velocity 3e9",
        "e.emitterCells.c: velocity 1000000000 (set to 3000000000, clamped to 1000000000) crosses"
      ),
    ])
  func quotesWritten(set: String, finding: String) {
    let run = runScript(Self.e + set + "\nlint\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains(finding), "\(run.stdout)")
  }

  @Test(
    "a later write that does not clamp, a failed command and reset leave no written value behind",
    arguments: [
      // A set that keeps what it is given.
      "set e.opacity -1\nset e.opacity 0",
      // A write by another command (UIView.animate sets the model at once).
      "set e.opacity -1\nuiview e.opacity to 0 duration 1",
      // An entry of a field goes with a write of the whole value.
      "set e.opacity -1\nset e.emitterPosition.x -2e9\nset e emitterPosition=0,0 opacity=0",
    ])
  func forgets(commands: String) {
    let run = runScript(Self.e + commands + "\nlint\n")
    #expect(run.stdout.contains("e: the layer's opacity is 0"), "\(run.stdout)")
  }

  @Test("a command undone by its error takes back the value it wrote, as it does the model")
  func undoneWithTheModel() {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: Self.e + "set e.opacity 0\n", file: "t.burst")
    let failed = session.run(source: "{ set e.opacity -1; set e.nothing 1 }\n", file: "t.burst")
    #expect(failed != nil)
    #expect(session.scene.model.clampedWrites.isEmpty)
    session.run(source: "lint\n", file: "t.burst")
    #expect(out.stdout.contains("e: the layer's opacity is 0"), "\(out.stdout)")
  }

  @Test("reset and remove forget the values written; a saved script writes them again")
  func resetRemoveAndSave() throws {
    let session = Session(sink: CapturedOutput())
    session.run(source: Self.e + "set e.opacity -1\n", file: "t.burst")
    #expect(!session.scene.model.clampedWrites.isEmpty)
    session.run(source: "remove e\n", file: "t.burst")
    #expect(session.scene.model.clampedWrites.isEmpty)
    session.run(source: Self.e + "set e.opacity -1\nreset\n", file: "t.burst")
    #expect(session.scene.model.clampedWrites.isEmpty)

    let file = try temporaryFile("written.burst", contents: "")
    let saved = runScript(Self.e + "set e.opacity -1\nsave \(file)\n")
    #expect(saved.error == nil, "\(saved.stderr)")
    let loaded = runScript("load \(file)\nlint\n")
    #expect(
      loaded.stdout.contains("e: the layer's opacity was set to -1 (clamped to 0)"),
      "\(loaded.stdout)")
  }
}
