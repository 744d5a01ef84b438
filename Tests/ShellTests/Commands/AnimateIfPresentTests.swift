import Testing

@testable import Shell

@Suite("animate … ifPresent adds nothing where the layer or cell is not there, as a nil optional")
struct AnimateIfPresentTests {
  /// An emitter `e` with a cell `c`, as the `set … ifPresent` tests have it.
  static let setup = SetIfPresentTests.setup

  @Test(
    "a missing layer or cell gets no animation, without an error",
    arguments: [
      "animate gone.opacity from 1 to 0 duration 1 ifPresent",
      "animate e.emitterCells.gone.birthRate from 10 to 0 duration 1 ifPresent",
      "animate gone.position.y values 0 10 0 duration 1 key bob ifPresent",
    ])
  func missingAnimatesNothing(line: String) {
    let run = runScript(Self.setup + line + "\nanimations e\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(!run.stdout.contains("basic") && !run.stdout.contains("keyframe"), "\(run.stdout)")
  }

  @Test("a layer that is there is animated; a wrong property or a missing flag still fails")
  func presentIsAnimatedAndTyposFail() {
    let added = runScript(
      Self.setup + "animate e.opacity from 1 to 0 duration 1 key fade ifPresent\nanimations e\n")
    #expect(added.error == nil, "\(added.stderr)")
    #expect(added.stdout.contains("fade"), "\(added.stdout)")
    let typo = runScript(Self.setup + "animate e.nosuch from 1 to 0 ifPresent\n")
    #expect(typo.error?.message.contains("unknown property 'nosuch'") == true, "\(typo.stderr)")
    let without = runScript(Self.setup + "animate gone.opacity from 1 to 0\n")
    #expect(without.error != nil)
  }
}
