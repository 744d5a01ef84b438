import Testing

@testable import Shell

/// A value Apple's types hold is never a parse error for `set`: a number outside what Burst
/// keeps is clamped with a warning that says the bound and its value (issue 9 §1, issue 22 §6).
@Suite("set clamps out-of-range numbers with a warning")
struct ClampTests {
  @Test(
    "the value is clamped, the warning says to what and what that bound is, in words",
    arguments: [
      ("set like.lifetime 100000000", "get like.lifetime", "100000000", nil),
      (
        "set like.emitterCells.sparkle.birthRate 1e308", "get like.emitterCells.sparkle.birthRate",
        "1000000000",
        "birthRate 1e+308 is out of range; set to 1e9, the largest magnitude Burst keeps"
      ),
      ("set like.opacity 1.5", "get like.opacity", "1", "opacity 1.5 is out of range; set to 1"),
      (
        "set scene maxParticles=1e8", "get scene.maxParticles", "10000000",
        "maxParticles 100000000 is out of range; set to 1e7, the most particles a scene may hold"
      ),
      (
        "set like.emitterPosition.x -1e20", "get like.emitterPosition", "-1000000000,0",
        "emitterPosition.x -1e+20 is out of range; set to -1e9, the largest magnitude Burst keeps"
      ),
    ] as [(String, String, String, String?)])
  func clamps(set: String, get: String, value: String, warning: String?) {
    let run = runScript("emitter like\ncell like sparkle\n\(set)\n\(get)\n")
    #expect(run.error == nil)
    #expect(run.stdout == value + "\n")
    if let warning {
      #expect(run.stderr.contains("warning: " + warning), "\(run.stderr)")
    } else {
      #expect(run.stderr.isEmpty)
    }
  }

  @Test(
    "what is not a finite number is still an error", arguments: ["inf", "1e400", "nan", "fast"])
  func nonNumbersAreErrors(text: String) {
    let run = runScript(
      "emitter like\ncell like sparkle\nset like.emitterCells.sparkle.birthRate \(text)\n")
    #expect(run.error != nil)
  }
}
