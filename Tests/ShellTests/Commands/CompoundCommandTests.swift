import Foundation
import Testing

@testable import Shell

@Suite("Blocks: { COMMAND; COMMAND … } is one command")
struct CompoundCommandTests {
  @Test(
    "a block runs its commands in order wherever a command is expected",
    arguments: [
      ("{ echo a; echo b }", "a\nb\n"),
      ("{ echo a }; echo b", "a\nb\n"),
      ("{echo a;echo b}", "a\nb\n"),
      ("{ { echo a; { echo b } }; echo c }", "a\nb\nc\n"),
      ("{ }; echo empty", "empty\n"),
      ("echo \"{\" '}' a{b", "{ } a{b\n"),
      ("after 0.5 { echo a; echo b }\nstep 1", "a\nb\n"),
      ("at 0.5 { echo \"x; y\"; echo '}' }\nstep 1", "x; y\n}\n"),
      ("{\n  echo a   # a comment\n\n  echo b\n}\necho c", "a\nb\nc\n"),
      ("after 0.5 {\n  echo a\n  { echo b\n    echo c }\n} \necho now\nstep 1", "now\na\nb\nc\n"),
      ("emitter e; { set e.backgroundColor #ff0000 }; get e.backgroundColor", "#ff0000\n"),
      ("echo a \\\n  { b }", "a { b }\n"),
    ])
  func runs(source: String, stdout: String) {
    let run = runScript(source)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.stdout == stdout)
  }

  @Test(
    "a block that cannot be read or names an unknown command is refused before anything runs",
    arguments: [
      ("echo before; { echo a", 1, 14, "missing '}'"),
      ("echo }", 1, 6, "unbalanced '}'"),
      ("{ echo a }x", 1, 11, "expected a space after '}'"),
      ("{ echo a } b", 1, 12, "unexpected 'b' after a block"),
      ("{ echo a; bogus }", 1, 11, "unknown command 'bogus'"),
      ("{ echo a; { echo b; ech c } }", 1, 21, "unknown command 'ech'"),
      ("after 1 { echo a; nope }", 1, 19, "unknown command 'nope'"),
      ("echo x\n{\n  echo a\n  bogus\n}", 4, 3, "unknown command 'bogus'"),
      ("{ echo a # a comment hides the brace }", 1, 1, "missing '}'"),
    ] as [(String, Int, Int, String)])
  func refusedWhole(source: String, line: Int, column: Int, message: String) {
    let run = runScript(source)
    #expect(
      run.stderr.hasPrefix("test.burst:\(line):\(column): error: \(message)"), "\(run.stderr)")
    // Nothing of the block ran (only what came before it on earlier commands).
    #expect(!run.stdout.contains("a\n"))
  }

  @Test("a block that fails while running is undone whole, at the failing command's position")
  func undoneWhole() {
    let d = Driven()
    d.run("emitter e\nset e.birthRate 2\n")
    let before = d.session.scene.model
    let error = d.run("{ set e.birthRate 5; layer extra; set e.nope 1 }", file: "p")
    #expect(error != nil)
    #expect(d.out.stderr.hasPrefix("p:1:41: error: unknown property 'nope'"), "\(d.out.stderr)")
    #expect(d.session.scene.model == before)
  }

  @Test("a scheduled block that fails is undone whole and names the inner command")
  func scheduledUndone() {
    let d = Driven()
    d.run("emitter e\n")
    let before = d.session.scene.model
    let error = d.run(
      "after 1 {\n  set e.birthRate 5\n  set e.nope 1\n}\nstep 2\n", file: "s.burst")
    #expect(error != nil)
    // A block written over several lines is one logical line; the error names the physical
    // line and column of the failing command, and shows the joined line.
    #expect(d.out.stderr.hasPrefix("s.burst:3:9: error:"), "\(d.out.stderr)")
    #expect(d.out.stderr.contains("unknown property 'nope'"))
    #expect(d.out.stderr.contains("after 1 { set e.birthRate 5; set e.nope 1 }"))
    #expect(d.session.scene.model == before)
    #expect(d.session.scene.now == 2)
  }

  @Test(
    "a block in a saved history replays to the same scene",
    arguments: [
      "emitter e\ncell e c\n{ set e.emitterCells.c birthRate=30 lifetime=2; set e.birthRate 2 }\nstep 0.5\n",
      "emitter e\ncell e c\n{ set e.emitterCells.c birthRate=30; step 0.25; set e.birthRate 3 }\nstep 0.5\n",
      "emitter e\ncell e c\nafter 0.4 {\n  set e.emitterCells.c.birthRate 50\n  after 0.2 set e.birthRate 0\n}\nstep 0.5\n",
    ])
  func savedAndReplayed(prefix: String) throws {
    let dir = try SaveTests.directory()
    try SaveTests.checkReplay(
      prefix: prefix, file: "block.burst", continuations: ["step 0.3", "step 1"], in: dir)
  }

  @Test(
    "a physical line and column are found for every column of a block joined from lines",
    arguments: [
      ("{\n  echo a\n\techo b # c\n}", ["1:1", "2:3", "3:2", "4:1"]),
      ("after 1 {   # start\n    set x 1\n  }", ["1:1", "2:5", "3:3"]),
    ])
  func positions(source: String, expected: [String]) throws {
    let logical = try #require(Lexer.logicalLines(source, firstLine: 1).first)
    let line = SourceLine(
      file: "f", number: logical.number, text: logical.text, breaks: logical.breaks)
    // The first character of each physical piece: the line's start and each break.
    let columns = [1] + logical.breaks.map { $0.offset + 1 }
    let found = columns.map { c -> String in
      let p = line.position(ofColumn: c)
      return "\(p.line):\(p.column)"
    }
    #expect(found == expected, "\(logical.text)")
  }

  @Test("an open brace at the prompt asks for the rest, and the block runs as one command")
  func promptContinuation() {
    let out = CapturedOutput()
    let editor = ScriptedLineEditor(["action a {", "  echo x", "}", "run a"])
    Burst.promptLoop(Session(sink: out), editor: editor)
    #expect(out.stdout == "x\n")
    #expect(out.stderr.isEmpty, "\(out.stderr)")
    #expect(editor.prompts == ["burst> ", "  ...> ", "  ...> ", "burst> ", "burst> "])
    #expect(editor.history == ["action a { echo x }", "run a"])
  }
}
