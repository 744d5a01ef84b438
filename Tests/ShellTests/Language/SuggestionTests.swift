import Testing

@testable import Shell

/// A like-button emitter and a plain layer to point at.
private let suggestionSetup = """
  emitter like; cell like sparkle
  set like.emitterCells.sparkle lifetime=0.7 velocity=30 contents=sparkle
  layer button; set button bounds=40x40 position=60,60

  """

@Suite("Did you mean: names, values and keywords")
struct SuggestionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    /// The word the caret points at (its first occurrence in the line).
    let at: String
    var testDescription: String { line }

    var column: Int {
      guard let r = line.range(of: at) else { return 0 }
      return line.distance(from: line.startIndex, to: r.lowerBound) + 1
    }
  }

  static let cases: [Case] = [
    // Transposed letters are one edit.
    Case(line: "stpe 0.1", message: "unknown command 'stpe' (did you mean 'step'?)", at: "stpe"),
    Case(
      line: "set like.emitterCells.sparkle.contents sparkel",
      message: "bad value for contents: unknown image 'sparkel' (did you mean 'sparkle'?)",
      at: "sparkel"),
    Case(
      line: "set like.emitterCells.sparkel.birthRate 5",
      message: "emitter layer 'like' has no cell 'sparkel' (did you mean 'sparkle'?)",
      at: "sparkel"),
    // Enumeration values, also with Core Animation's prefix, and booleans.
    Case(
      line: "set like emitterShape=cirlce",
      message: "bad value for emitterShape: 'cirlce' is not one of point, line, rectangle, "
        + "cuboid, circle, sphere (did you mean 'circle'?)", at: "cirlce"),
    Case(
      line: "set like.renderMode oldestFrist",
      message: "bad value for renderMode: 'oldestFrist' is not one of unordered, oldestFirst, "
        + "oldestLast, backToFront, additive (did you mean 'oldestFirst'?)", at: "oldestFrist"),
    Case(
      line: "set button.hidden ture",
      message: "bad value for hidden: expected a boolean, got 'ture' (did you mean 'true'?)",
      at: "ture"),
    // Timing functions, by short name or Core Animation's constant.
    Case(
      line: "animate button.opacity from 0 to 1 timing eaesIn",
      message: "unknown timing function 'eaesIn' (did you mean 'easeIn'?)", at: "eaesIn"),
    Case(
      line: "animate button.opacity from 0 to 1 timing kCAMediaTimingFunctionEaseOtu",
      message: "unknown timing function 'kCAMediaTimingFunctionEaseOtu' (did you mean "
        + "'easeOut'?)", at: "kCAMedia"),
    Case(
      line: "animate button.opacity values 0 1 timings linear lineer",
      message: "unknown timing function 'lineer' (did you mean 'linear'?)", at: "lineer"),
    // Keyframe modes, fill modes, repeat, UIView curves.
    Case(
      line: "animate button.opacity values 0 1 mode cubicPacd",
      message: "mode is one of linear, discrete, paced, cubic, cubicPaced (did you mean "
        + "'cubicPaced'?)", at: "cubicPacd"),
    Case(
      line: "animate button.opacity from 0 to 1 fill forwads",
      message: "fill is one of removed, forwards, backwards, both (did you mean 'forwards'?)",
      at: "forwads"),
    Case(
      line: "animate button.opacity from 0 to 1 repeat forevr",
      message: "unexpected 'forevr' (did you mean 'forever'?)", at: "forevr"),
    Case(
      line: "uiview button.opacity to 0 duration 1 curve easeOtu",
      message: "curve is one of easeInOut, easeIn, easeOut, linear (did you mean 'easeOut'?)",
      at: "easeOtu"),
    // Option keywords, mistyped after a clause or in place of one.
    Case(
      line: "animate button.opacity from 0 to 1 duraton 2",
      message: "unexpected 'duraton' (did you mean 'duration'?)", at: "duraton"),
    Case(
      line: "animate button.opacity values 0 1 0.5 dealy 2",
      message: "unexpected 'dealy' (did you mean 'delay'?)", at: "dealy"),
    Case(
      line: "animate button.opacity from 0 to 1 autoreverses kep",
      message: "unexpected 'kep' (did you mean 'keep'?)", at: "kep"),
    Case(
      line: "animate button.opacity form 0 to 1",
      message: "unexpected 'form' (did you mean 'from'?)", at: "form"),
    Case(
      line: "animate button.position.x spring to 40 dampign 5",
      message: "unexpected 'dampign' (did you mean 'damping'?)", at: "dampign"),
    Case(
      line: "uiview button.opacity to 0 duraton 1",
      message: "unexpected 'duraton' (did you mean 'duration'?)", at: "duraton"),
    Case(
      line: "uiview button.opacity to 0 duration 1 dleay 2",
      message: "unexpected 'dleay' (did you mean 'delay'?)", at: "dleay"),
    Case(line: "show 40 asci", message: "unexpected 'asci' (did you mean 'ascii'?)", at: "asci"),
    Case(
      line: "show like ansii", message: "unexpected 'ansii' (did you mean 'ansi'?)", at: "ansii"),
    Case(
      line: "layer badge ni button", message: "expected 'in PARENT' (did you mean 'in'?)",
      at: "ni"),
    Case(
      line: "copy button sa wave", message: "expected 'as NAME' (did you mean 'as'?)", at: "sa"),
    Case(
      line: "get presentaton button.opacity",
      message: "unexpected 'presentaton' (did you mean 'presentation'?)", at: "presentaton"),
    Case(
      line: "keys cel", message: "unknown layer or kind 'cel' (did you mean 'cell'?)", at: "cel"),
    Case(
      line: "export swift ot Like.swift", message: "unexpected 'ot' (did you mean 'to'?)",
      at: "ot"),
    Case(
      line: "export swift like ot Like.swift", message: "unexpected 'ot' (did you mean 'to'?)",
      at: "ot"),
  ]

  @Test("a misspelt name, value or keyword is suggested where it is parsed", arguments: cases)
  func suggests(c: Case) throws {
    let run = runScript(suggestionSetup + c.line + "\n", file: "typo.burst")
    _ = try #require(run.error)
    let firstLine = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine == "typo.burst:4:\(c.column): error: \(c.message)", "\(run.stderr)")
  }

  @Test(
    "words that are not near a keyword get the usage, not a far-fetched suggestion",
    arguments: [
      ("animate button.opacity 1 to 2", "unexpected '1'", "usage: animate"),
      ("show 40 xy", "unknown layer 'xy'", nil),
      ("layer badge on2 button", "expected 'in PARENT'", "usage: layer"),
      ("set button.hidden 1", "bad value for hidden: expected a boolean, got '1'", "use yes or no"),
      ("export swift like into x.swift", "unexpected 'into'", "usage: export"),
    ] as [(String, String, String?)])
  func noFarFetchedSuggestion(line: String, message: String, hint: String?) throws {
    let run = runScript(suggestionSetup + line + "\n", file: "typo.burst")
    _ = try #require(run.error)
    #expect(run.stderr.contains("error: \(message)\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
    if let hint { #expect(run.stderr.contains("hint: \(hint)"), "\(run.stderr)") }
  }
}
