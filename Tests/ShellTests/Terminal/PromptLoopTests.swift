import Foundation
import TestSupport
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

  func read(prompt: String, continuing: Bool) -> LineInput {
    let line = script.read(prompt: prompt, continuing: continuing)
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

/// Ctrl-C and Ctrl-D at the prompts, and leaving a scene with unsaved changes.
@Suite("The prompt keeps the scene")
struct PromptKeepsSceneTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let inputs: [LineInput]
    /// Whether the session asks before throwing unsaved changes away (a terminal's prompt).
    var asks = true
    let stdout: String
    /// Lines standard error must contain, in order.
    let stderr: [String]
    /// Whether the loop ended by `quit` (else by the final end of input).
    let quit: Bool
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "Ctrl-D at ...> abandons the unfinished block and the session goes on",
      inputs: [.line("layer a"), .line("{ echo one"), .end(final: false), .line("echo two")],
      stdout: "two\n", stderr: ["note: the unfinished command was abandoned"], quit: false),
    Case(
      name: "Ctrl-C at ...> abandons the block: its lines never run",
      inputs: [.line("{ echo one"), .line("echo more"), .interrupt, .line("}"), .line("echo two")],
      stdout: "two\n",
      stderr: ["note: the unfinished command was abandoned", "error: unbalanced '}'"],
      quit: false),
    Case(
      name: "Ctrl-C at ...> abandons a line continued with a backslash",
      inputs: [.line("echo a \\"), .interrupt, .line("echo b")], stdout: "b\n",
      stderr: ["note: the unfinished command was abandoned"], quit: false),
    Case(
      name: "quit with unsaved changes asks once, the second quit leaves",
      inputs: [.line("layer a"), .line("quit"), .line("echo still here"), .line("quit")],
      stdout: "still here\n",
      stderr: ["error: the scene has unsaved changes", "hint: quit again to throw them away"],
      quit: true),
    Case(
      name: "exit is asked about under its own name",
      inputs: [.line("layer a"), .line("exit"), .line("exit")], stdout: "",
      stderr: ["hint: exit again to throw them away"], quit: true),
    Case(
      name: "a change after the warning asks again",
      inputs: [
        .line("layer a"), .line("quit"), .line("layer b"), .line("quit"), .line("quit"),
      ],
      stdout: "",
      stderr: ["error: the scene has unsaved changes", "error: the scene has unsaved changes"],
      quit: true),
    Case(
      name: "Ctrl-D at burst> with unsaved changes asks once",
      inputs: [.line("layer a"), .end(final: false), .line("echo kept"), .end(final: false)],
      stdout: "kept\n",
      stderr: ["note: the scene has unsaved changes: press Ctrl-D again to throw them away"],
      quit: false),
    Case(
      name: "reset with unsaved changes asks once, then resets",
      inputs: [
        .line("layer a"), .line("reset"), .line("count a"), .line("reset"), .line("count a"),
      ],
      stdout: "0\n",
      stderr: ["error: the scene has unsaved changes", "hint: reset again", "unknown layer"],
      quit: false),
    Case(
      name: "a new scene quits without asking", inputs: [.line("echo hi"), .line("quit")],
      stdout: "hi\n", stderr: [], quit: true),
    Case(
      name: "a failed command changes nothing to ask about",
      inputs: [.line("set nothing.x 1"), .line("quit")], stdout: "",
      stderr: ["error: unknown"], quit: true),
    Case(
      name: "piped input never asks", inputs: [.line("layer a"), .line("quit")], asks: false,
      stdout: "", stderr: [], quit: true),
  ]

  @Test("each case", arguments: cases)
  func prompt(c: Case) {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.asksBeforeDiscarding = c.asks
    let editor = ScriptedLineEditor(inputs: c.inputs)
    Burst.promptLoop(session, editor: editor)
    #expect(out.stdout == c.stdout)
    var rest = Substring(out.stderr)
    for line in c.stderr {
      guard let r = rest.range(of: line) else {
        Issue.record("missing '\(line)' in: \(out.stderr)")
        break
      }
      rest = rest[r.upperBound...]
    }
    if c.stderr.isEmpty { #expect(out.stderr.isEmpty, "\(out.stderr)") }
    #expect(session.quitRequested == c.quit)
  }

  @Test("save, then load, leave nothing unsaved")
  func savedAndLoaded() throws {
    let path = try temporaryFile("kept.burst", contents: "")
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.asksBeforeDiscarding = true
    Burst.promptLoop(
      session,
      editor: ScriptedLineEditor([
        "layer a", "step 1", "save \(path)", "quit",
      ]))
    #expect(session.quitRequested, "\(out.stderr)")
    let second = Session(sink: out)
    second.asksBeforeDiscarding = true
    Burst.promptLoop(second, editor: ScriptedLineEditor(["load \(path)", "quit"]))
    #expect(second.quitRequested, "\(out.stderr)")
    let third = Session(sink: out)
    third.asksBeforeDiscarding = true
    Burst.promptLoop(third, editor: ScriptedLineEditor(["load \(path)", "step 1", "quit"]))
    #expect(!third.quitRequested, "stepping after the load is a change")
  }
}
