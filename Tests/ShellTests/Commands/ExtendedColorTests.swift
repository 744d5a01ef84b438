import Core
import Testing

@testable import Shell

/// A colour the SDK accepts is never a parse error: components outside 0…1 are extended-range
/// sRGB, kept as given with a warning, and clamped to 0…1 when drawn (docs/semantics.md,
/// "Drawing").
@Suite("Extended-range colours")
struct ExtendedColorTests {
  static let warning =
    "colour components outside 0…1 are extended-range sRGB: kept as given, but Burst's"
    + " renderer clamps them to 0…1 when drawing"

  @Test(
    "any finite component is stored as given, with one warning per command",
    arguments: [
      (
        "set l.backgroundColor rgb(1.5, -0.25, 0.5)", "get l.backgroundColor",
        "rgba(1.5,-0.25,0.5,1)"
      ),
      ("set l.backgroundColor rgba(0, 0, 0, 2)", "get l.backgroundColor", "rgba(0,0,0,2)"),
      ("set l.backgroundColor.red 3", "get l.backgroundColor", "rgba(3,0,0,0)"),
      (
        "set l backgroundColor=rgb(2, 0, 0) borderColor=rgb(0, 2, 0)", "get l.borderColor",
        "rgba(0,2,0,1)"
      ),
      (
        "set e.emitterCells.c.color rgb(1.2, 1, 1)", "get e.emitterCells.c.color",
        "rgba(1.2,1,1,1)"
      ),
      ("scene 100x100 rgb(0, 0, 1.5)", "get scene.backgroundColor", "rgba(0,0,1.5,1)"),
    ])
  func storedWithWarning(command: String, get: String, value: String) {
    let run = runScript("layer l\nemitter e\ncell e c\n\(command)\n\(get)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == value + "\n")
    #expect(run.stderr.components(separatedBy: Self.warning).count == 2, "\(run.stderr)")
  }

  @Test(
    "a colour within 0…1 gives no warning, and neither does a non-colour",
    arguments: [
      "set l.backgroundColor rgb(1, 0, 0.5)", "set l.backgroundColor.red 1", "set l.opacity 0.5",
    ])
  func noWarning(command: String) {
    let run = runScript("layer l\n\(command)\n")
    #expect(run.error == nil)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
  }

  @Test("animations take extended-range colours too, with the same warning")
  func animated() {
    let run = runScript(
      "layer l\nanimate l.backgroundColor from rgb(0, 0, 0) to rgb(4, 0, 0) duration 1\n"
        + "step 0.5\nget presentation l.backgroundColor\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("rgba(2,0,0,1)"), "\(run.stdout)")
    #expect(run.stderr.contains(Self.warning))
  }

  @Test(
    "components beyond Limits.maxMagnitude are clamped with the usual warning",
    arguments: [
      (
        "set l.backgroundColor rgb(1e20, 0, 0)", "backgroundColor 1e+20 is out of range; set to 1e9"
      ),
      (
        "set l.backgroundColor.green -1e20",
        "backgroundColor.green -1e+20 is out of range; set to -1e9"
      ),
    ])
  func extremeClamped(command: String, warning: String) {
    let run = runScript("layer l\n\(command)\n")
    #expect(run.error == nil)
    #expect(run.stderr.contains("warning: " + warning), "\(run.stderr)")
  }

  @Test(
    "what is not a finite number is still an error",
    arguments: ["rgb(nan, 0, 0)", "rgb(inf, 0, 0)", "rgb(1, 0)"])
  func nonFiniteIsError(value: String) {
    let run = runScript("layer l\nset l.backgroundColor \(value)\n")
    #expect(run.error != nil)
  }

  @Test("save model writes an extended colour exactly, and it loads back")
  func saved() throws {
    let file = try SaveTests.directory().appendingPathComponent("m.burst").path
    let a = Driven()
    a.run(
      "layer l\nset l backgroundColor=rgb(1.5, -0.25, 0.1) borderColor=rgba(0,0,0,2)\n"
        + "save model \(file)\n")
    let b = Driven()
    #expect(b.run("load \(file)\n") == nil, "\(b.out.stderr)")
    #expect(b.session.scene.model == a.session.scene.model)
  }

  @Test("explain labels the choice on colour properties")
  func explained() {
    let run = runScript("explain backgroundColor\n")
    #expect(run.stdout.contains("Burst's choice (every colour): a component outside 0…1"))
  }

  /// The centre pixel of a 10×10 scene whose layer fills it with `color`.
  static func centre(_ color: String) -> RGBA? {
    let d = Driven()
    d.run("scene 10x10 black\nlayer l\nset l frame=0,0,10,10 backgroundColor=\(color)\n")
    let canvas = SceneRenderer.render(d.session.scene, width: 10, height: 10)
    return canvas[x: 5, y: 5]
  }

  @Test("drawing clamps each component to 0…1: extended colours draw as their clamp")
  func drawnClamped() {
    #expect(Self.centre("rgb(1.5, -0.5, 0.25)") == Self.centre("rgb(1, 0, 0.25)"))
    #expect(Self.centre("rgba(0, 1, 0, 3)") == Self.centre("rgb(0, 1, 0)"))
    #expect(Self.centre("rgb(1.5, -0.5, 0.25)") != Self.centre("rgb(0.9, 0, 0.25)"))
  }
}
