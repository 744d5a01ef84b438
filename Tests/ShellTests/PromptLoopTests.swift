import Foundation
import Testing

@testable import Shell

/// A scripted editor during which Ctrl-C is pressed each time a line is handed back, as if it
/// came between the end of one command and the start of the next.
final class InterruptingLineEditor: LineEditor {
  let script: ScriptedLineEditor
  let pressCtrlC: () -> Void

  init(_ lines: [String], pressCtrlC: @escaping () -> Void) {
    script = ScriptedLineEditor(lines)
    self.pressCtrlC = pressCtrlC
  }

  func readLine(prompt: String) -> String? {
    let line = script.readLine(prompt: prompt)
    pressCtrlC()
    return line
  }

  func addHistory(_ line: String) {
    script.addHistory(line)
  }
}

@Suite("The prompt loop")
struct PromptLoopTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let lines: [String]
    let stdout: String
    let stderrPrefix: String
    let prompts: [String]
    let history: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a trailing \\ asks for the rest and the pieces run as one command",
      lines: ["echo a \\", "b", "echo c"], stdout: "a b\nc\n", stderrPrefix: "",
      prompts: ["burst> ", "  ...> ", "burst> ", "burst> "], history: ["echo a  b", "echo c"]),
    Case(
      name: "an error is reported at its physical line and the loop goes on",
      lines: ["echo a \\", "b", "bogus", "echo after"], stdout: "a b\nafter\n",
      stderrPrefix: "<prompt>:3:1: error: unknown command 'bogus'",
      prompts: ["burst> ", "  ...> ", "burst> ", "burst> ", "burst> "],
      history: ["echo a  b", "bogus", "echo after"]),
    Case(
      name: "end of input ends the loop", lines: [], stdout: "", stderrPrefix: "",
      prompts: ["burst> "], history: []),
    Case(
      name: "end of input in a continuation runs what was typed and asks no more",
      lines: ["echo a \\"], stdout: "a\n", stderrPrefix: "", prompts: ["burst> ", "  ...> "],
      history: ["echo a "]),
    Case(
      name: "quit ends the loop before the next prompt", lines: ["quit", "echo never"],
      stdout: "", stderrPrefix: "", prompts: ["burst> "], history: ["quit"]),
  ]

  @Test("lines typed at the prompt are joined, remembered and run", arguments: cases)
  func scripted(c: Case) {
    let out = CapturedOutput()
    let editor = ScriptedLineEditor(c.lines)
    Burst.promptLoop(Session(sink: out), editor: editor)
    #expect(out.stdout == c.stdout)
    if c.stderrPrefix.isEmpty {
      #expect(out.stderr.isEmpty, "\(out.stderr)")
    } else {
      #expect(out.stderr.hasPrefix(c.stderrPrefix), "\(out.stderr)")
    }
    #expect(editor.prompts == c.prompts)
    #expect(editor.history == c.history)
  }

  @Test("a Ctrl-C pressed between commands does not stop the next one")
  func ctrlCBetweenCommands() {
    let out = CapturedOutput()
    let session = Session(sink: out)
    var pressed = false
    session.interruptRequested = { pressed }
    session.acknowledgeInterrupt = { pressed = false }
    let editor = InterruptingLineEditor(["step 0.5 2", "time"]) { pressed = true }
    Burst.promptLoop(session, editor: editor)
    #expect(out.stdout == "1\n")
    #expect(out.stderr.isEmpty, "\(out.stderr)")
  }

  @Test("piped input after -i joins lines ending in \\ as the prompt and scripts do")
  func pipedInteractiveJoinsLines() throws {
    let script = try temporaryFile("setup.burst", contents: "echo ready\n")
    let r = try runBurst(["-i", script], stdin: Data("echo a \\\n  b\nbogus\necho c\n".utf8))
    #expect(r.status == 0)
    #expect(r.stdout == "ready\na b\nc\n")
    #expect(r.stderr.hasPrefix("<prompt>:3:1: error: unknown command 'bogus'"), "\(r.stderr)")
  }
}
