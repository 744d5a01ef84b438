import Testing

@testable import Shell

/// Suggestions that send the user the right way: a cell written directly under its layer gets
/// the path through emitterCells, and a shell word at the prompt the Burst command that does
/// its job (issue 22 §6).
@Suite("suggestions that send the user the right way")
struct RightWayTests {
  static let snow = """
    emitter snow; cell snow flake; cell snow.emitterCells.flake spark

    """

  @Test(
    "a cell written directly under its layer or cell suggests the path through emitterCells",
    arguments: [
      (
        "set snow.flake.birthRate 10", "flake", "emitter layer 'snow'",
        "snow.emitterCells.flake.birthRate"
      ),
      (
        "set snow.flake.spark.birthRate 10", "flake", "emitter layer 'snow'",
        "snow.emitterCells.flake.emitterCells.spark.birthRate"
      ),
      (
        "set snow.emitterCells.flake.spark.scale 2", "spark", "emitter cell 'flake'",
        "snow.emitterCells.flake.emitterCells.spark.scale"
      ),
      ("set snow.flake birthRate=10", "flake", "emitter layer 'snow'", "snow.emitterCells.flake"),
      ("remove snow.flake", "flake", "emitter layer 'snow'", "snow.emitterCells.flake"),
      (
        "get snow.flake.birthRat", "flake", "emitter layer 'snow'",
        "snow.emitterCells.flake.birthRat"
      ),
    ])
  func cellUnderItsLayer(line: String, cell: String, owner: String, path: String) {
    let run = runScript(Self.snow + line + "\n")
    #expect(
      run.error?.message
        == "'\(cell)' is a cell of \(owner): cells are reached through emitterCells",
      "\(run.stderr)")
    #expect(run.error?.hint == "did you mean '\(path)'?")
    // The caret is under the cell's name.
    let column =
      line.distance(
        from: line.startIndex, to: line.range(of: "." + cell)!.lowerBound) + 2
    #expect(run.error?.column == column)
  }

  @Test("a property whose name a cell also has is the property")
  func propertyBeforeCell() {
    let run = runScript("emitter snow; cell snow scale\nset snow.scale 2\nget snow.scale\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout == "2\n")
  }

  @Test(
    "a shell word at the prompt names the Burst commands that do its job",
    arguments: ShellWords.table.flatMap { e in e.words.map { ($0, e.hint) } })
  func shellWord(word: String, hint: String) {
    let session = Session(sink: CapturedOutput())
    for line in [word, "after 1 \(word)", "help \(word)", "{ echo a; \(word) }"] {
      let out = CapturedOutput()
      let s = Session(sink: out)
      s.runPromptLine(line, number: 1)
      #expect(out.stderr.contains("error: unknown command '\(word)'\n"), "\(line): \(out.stderr)")
      #expect(out.stderr.contains("  hint: \(hint)\n"), "\(line): \(out.stderr)")
      #expect(!out.stderr.contains("did you mean"), "\(line): \(out.stderr)")
    }
    // The table never hides a command, and its hint names at least one.
    #expect(session.commands.lookup(word) == nil)
    let named = hint.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" })
      .filter { session.commands.lookup(String($0)) != nil }
    #expect(!named.isEmpty, "\(hint)")
  }

  @Test("a word near a command name that is no shell word still gets the nearest name")
  func typoStillSuggested() {
    let run = runScript("stpe 1\n")
    #expect(run.error?.hint == "did you mean 'step'?")
  }
}
