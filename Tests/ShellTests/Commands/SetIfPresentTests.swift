import Testing

@testable import Shell

@Suite("set … ifPresent sets nothing where the layer or cell is not there, as key-value coding")
struct SetIfPresentTests {
  static let setup = """
    emitter e
    cell e c
    set e.emitterCells.c birthRate=10 lifetime=2

    """

  @Test(
    "a missing layer or cell sets nothing, without an error",
    arguments: [
      "set gone.birthRate 4 ifPresent",
      "set e.emitterCells.gone.birthRate 4 ifPresent",
      "set e.emitterCells.gone birthRate=3 ifPresent",
      "set e.emitterCells.c.emitterCells.gone.scale 2 ifPresent",
    ])
  func missingSetsNothing(line: String) {
    let run = runScript(Self.setup + line + "\nget e.emitterCells.c.birthRate\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").last == "10")
  }

  @Test("a cell that is there is set; a property name that is wrong is still an error")
  func presentIsSetAndTyposFail() {
    let set = runScript(
      Self.setup + "set e.emitterCells.c.birthRate 4 ifPresent\nget e.emitterCells.c.birthRate\n")
    #expect(set.error == nil, "\(set.stderr)")
    #expect(set.stdout.split(separator: "\n").last == "4")
    let typo = runScript(Self.setup + "set e.emitterCells.c.nosuch 4 ifPresent\n")
    #expect(typo.error?.message.contains("unknown property 'nosuch'") == true, "\(typo.stderr)")
    let without = runScript(Self.setup + "set e.emitterCells.gone.birthRate 4\n")
    #expect(without.error != nil)
  }
}
