import Testing

@testable import Shell

@Suite("cell … ifPresent")
struct CellIfPresentTests {
  /// An emitter `e` with a cell `c`, as the `set … ifPresent` tests have it.
  static let setup = SetIfPresentTests.setup

  @Test(
    "a cell for a missing layer or cell is not made, without an error",
    arguments: ["cell gone dust ifPresent", "cell e.emitterCells.gone dust ifPresent"])
  func missingOwnerMakesNothing(line: String) {
    let run = runScript(Self.setup + line + "\ntree\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(!run.stdout.contains("dust"), "\(run.stdout)")
  }

  @Test("a layer that is there gets the cell; without the flag a missing layer still fails")
  func presentOwnerGetsTheCell() {
    let added = runScript(Self.setup + "cell e dust ifPresent\ntree\n")
    #expect(added.error == nil, "\(added.stderr)")
    #expect(added.stdout.contains("dust (cell)"), "\(added.stdout)")
    let without = runScript(Self.setup + "cell gone dust\n")
    #expect(without.error?.message.contains("gone") == true, "\(without.stderr)")
    let extra = runScript(Self.setup + "cell e dust now\n")
    #expect(extra.error != nil, "\(extra.stdout)")
  }
}
