import Testing

@testable import Core

@Suite("Suggestions: optimal string alignment distance")
struct SuggestionsTests {
  @Test(
    "insertions, deletions, substitutions and adjacent transpositions each cost one",
    arguments: [
      ("step", "step", 0),
      ("stpe", "step", 1),
      ("sparkel", "sparkle", 1),
      ("tiem", "time", 1),
      ("ot", "to", 1),
      ("spark", "sparkle", 2),
      ("kitten", "sitting", 3),
      ("ca", "abc", 3),
      ("", "abc", 3),
      ("abc", "", 3),
      ("stpe", "save", 2),
      ("émitter", "emitter", 1),
    ] as [(String, String, Int)])
  func distance(a: String, b: String, expected: Int) {
    #expect(Suggestions.distance(a, b) == expected)
    #expect(Suggestions.distance(b, a) == expected)
  }

  @Test(
    "the nearest close-enough candidate wins, ignoring case",
    arguments: [
      ("stpe", ["save", "show", "step", "stats"], "step"),
      ("sparkel", ["spark", "sparkle", "star"], "sparkle"),
      ("BIRTHRATE", ["birthRate", "lifetime"], "birthRate"),
      ("birthRat", ["birthRate", "beginTime"], "birthRate"),
      ("zzzzzz", ["step", "show"], nil),
      ("", ["step"], nil),
    ] as [(String, [String], String?)])
  func nearest(word: String, candidates: [String], expected: String?) {
    #expect(Suggestions.nearest(to: word, in: candidates) == expected)
  }

  @Test("a very long word is compared with short names without quadratic work")
  func longWord() {
    let word = String(repeating: "step", count: 50_000)
    #expect(Suggestions.nearest(to: word, in: ["step", "show", "save"]) == nil)
  }
}
