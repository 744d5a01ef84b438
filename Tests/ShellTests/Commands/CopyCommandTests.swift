import Testing

@testable import Shell

@Suite("copy")
struct CopyCommandTests {
  @Test("copy duplicates the model with cells and sublayers, not particles, beside the original")
  func copyIsDeep() {
    let run = runScript(
      """
      emitter a; cell a c; layer kid in a; layer later
      set a.emitterCells.c birthRate=100 lifetime=5
      step 0.5
      copy a as b
      set b.emitterCells.c.birthRate 7
      get a.emitterCells.c.birthRate
      get b.emitterCells.c.birthRate
      count a
      count b
      tree

      """)
    #expect(run.error == nil, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(4)) == ["100", "7", "50", "0"])
    #expect(lines.contains { $0.contains("b-kid (layer)") })
    // b comes right after a, before the later sibling.
    let order = lines.compactMap { l in ["a", "b", "later"].first { l.contains("─ \($0) (") } }
    #expect(order == ["a", "b", "later"])
  }

  @Test("copy refuses a name in use and leaves the scene unchanged")
  func copyNameClash() {
    let run = runScript("emitter a; layer kid in a; layer b-kid\ncopy a as b\n")
    #expect(run.error?.message == "a layer named 'b-kid' already exists")
  }
}
