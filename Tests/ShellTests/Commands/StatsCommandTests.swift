import Testing

@testable import Shell

@Suite("stats")
struct StatsCommandTests {
  @Test(
    "births that never lived are counted apart, as stillborn, and explain says what each count means"
  )
  func stillbornColumn() {
    let run = runScript(
      """
      scene 100x100
      emitter like
      cell like sparkle
      set like lifetime=0
      set like.emitterCells.sparkle birthRate=10 lifetime=1
      step 1
      stats
      explain stats
      """)
    #expect(run.error == nil)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let header = lines.first { $0.hasPrefix("cell") }
    #expect(
      header?.split(separator: " ") == ["cell", "live", "born", "stillborn", "dropped", "oldest"])
    let row = lines.first { $0.hasPrefix("like.emitterCells.sparkle") }?.split(separator: " ")
    #expect(row == ["like.emitterCells.sparkle", "0", "0", "10", "0", "0.000"])
    let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("stillborn counts the births whose drawn lifetime was 0 or less"))
  }
}
