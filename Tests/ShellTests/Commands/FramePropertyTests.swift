import Testing

@testable import Shell

/// `frame`, as most emitter code sets it (`emitter.frame = view.bounds`): derived from
/// `bounds`, `position` and `anchorPoint`, as on iOS with an identity transform.
@Suite("frame")
struct FramePropertyTests {
  @Test(
    "setting frame sets bounds.size and position through the anchor point",
    arguments: [
      ("0.5,0.5", "10,20,30,40", "0,0,30,40", "25,40"),
      ("0,0", "10,20,30,40", "0,0,30,40", "10,20"),
      ("1,1", "10,20,30,40", "0,0,30,40", "40,60"),
      ("0.5,0.5", "0,0,320,240", "0,0,320,240", "160,120"),
    ])
  func setFrame(anchor: String, frame: String, bounds: String, position: String) {
    let d = Driven()
    d.run("layer b\nset b.anchorPoint \(anchor)\nset b.frame \(frame)")
    #expect(d.output("get b.bounds") == bounds + "\n")
    #expect(d.output("get b.position") == position + "\n")
    #expect(d.output("get b.frame") == frame + "\n")
  }

  @Test("frame reads what bounds, position and anchorPoint say, and keeps bounds.origin")
  func getFrame() {
    let d = Driven()
    d.run("layer b\nset b bounds=5,5,100,50 position=200,100 anchorPoint=0.25,1")
    #expect(d.output("get b.frame") == "175,50,100,50\n")
    d.run("set b.frame.width 40")
    #expect(d.output("get b.bounds") == "5,5,40,50\n")
  }

  @Test("save and export write bounds and position, never frame")
  func savedAsItsParts() {
    let run = runScript(
      "scene 200x100\nemitter e\nset e.frame 0,0,200,100\nexport swift\nexplain frame\n")
    #expect(run.error == nil)
    #expect(!run.stdout.contains(".frame ="))
    // The frame is the scene's: written relative to the hosting view (docs/export.md).
    #expect(run.stdout.contains("e.bounds = view.bounds"))
    #expect(run.stdout.contains("e.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)"))
    #expect(run.stdout.contains("computed from bounds, position, anchorPoint"))
  }
}
