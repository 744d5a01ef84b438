import Foundation
import TestSupport
import Testing

@testable import Shell

@Suite("A failed command leaves the scene as it was")
struct AllOrNothingTests {
  @Test("an error at the prompt leaves the scene exactly as it was")
  func promptErrorLeavesSceneUnchanged() {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: likeSetup, file: "setup")
    let before = session.scene.model
    // The first pair is valid; the second is not: nothing may change.
    session.runPromptLine("set like emitterShape=line velocity=fast", number: 1)
    session.runPromptLine("set like.emitterCells.sparkle birthRate=5 lifetime=-", number: 2)
    session.runPromptLine("load /nonexistent/file.burst", number: 3)
    #expect(session.scene.model == before)
    #expect(out.stderr.components(separatedBy: "error:").count == 4)
  }

  @Test(
    "a loaded script that fails before moving the clock leaves the scene as it was",
    arguments: [
      "emitter half\nset half.birthRat 2\n",
      "emitter half\nafter 1 echo x\nset half.birthRat 2\n",
    ])
  func failingLoadIsUndone(script: String) throws {
    let file = try temporaryFile("half.burst", contents: script)
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.runPromptLine("emitter keep; step 0.5", number: 1)
    let before = session.scene
    let events = session.events.count
    session.runPromptLine("load \(file)", number: 2)
    #expect(session.scene.model == before.model)
    #expect(session.scene.now == before.now)
    #expect(session.events.count == events)
    #expect(out.stderr.contains("\(file):"))
    #expect(out.stderr.contains(": error: unknown property 'birthRat'"))
  }

  @Test("a loaded script that moved the clock and then failed leaves what it did, and says so")
  func failingLoadAfterStepKeepsWork() throws {
    let file = try temporaryFile(
      "half.burst", contents: "emitter half\nstep 2\nset half.birthRat 2\n")
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.runPromptLine("load \(file)", number: 1)
    let expected = Session(sink: CapturedOutput())
    expected.runPromptLine("emitter half; step 2", number: 1)
    #expect(session.scene.model == expected.scene.model)
    #expect(session.scene.now == 2)
    #expect(out.stderr.hasPrefix("\(file):3:10: error: unknown property 'birthRat'"))
    #expect(out.stderr.contains("note: the clock had moved"))
  }
}
