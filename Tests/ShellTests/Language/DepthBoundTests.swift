import Core
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Shell

/// Every recursive reader stops at a bound declared in `Limits`: at the bound the input works,
/// one past it is refused with an error at its place, and nothing deeper can reach the stack.
@Suite("Depth bounds")
struct DepthBoundTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let script: String
    /// The start of the first line of standard error, or nil when the script must succeed.
    let error: String?
    var testDescription: String { name }
  }

  static func parens(_ n: Int) -> String {
    String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n)
  }

  static func blocks(_ n: Int) -> String {
    String(repeating: "{ ", count: n) + "echo hi" + String(repeating: " }", count: n)
  }

  static func chain(_ n: Int) -> String {
    String(repeating: "after 0.001 ", count: n) + "echo hi"
  }

  static let expression = Limits.maxExpressionDepth
  static let commands = Limits.maxCommandDepth

  /// `n` scheduled steps that all fall due in the first one's step, so each runs inside the
  /// last (found by the fuzzer: some thousands of them overflowed the stack).
  static func scheduledSteps(_ n: Int) -> String {
    "emitter e\n" + String(repeating: "after 0.1 step 0.1\n", count: n) + "step 1\necho done\n"
  }

  static let cases: [Case] = [
    Case(
      name: "a number in parentheses at the bound", script: "step \(parens(expression))\n",
      error: nil),
    Case(
      name: "a number in parentheses one past the bound",
      script: "step \(parens(expression + 1))\n",
      error: "test.burst:1:6: error: step duration: parentheses nest more than"),
    Case(
      name: "ten thousand parentheses (the stack overflow)", script: "step \(parens(10_000))\n",
      error: "test.burst:1:6: error: step duration: parentheses nest more than"),
    Case(
      name: "a point's number at the bound",
      script: "layer a\nset a.position \(parens(expression)),1\n", error: nil),
    Case(
      name: "a point's number one past the bound",
      script: "layer a\nset a.position \(parens(expression + 1)),1\n",
      error: "test.burst:2:16: error: bad value for position: parentheses nest"),
    Case(
      name: "a hundred thousand unary minus signs are read in a loop",
      script: "layer a\nset a.position.x \(String(repeating: "-", count: 100_000))1\n",
      error: nil),
    Case(
      name: "blocks at the bound", script: "\(blocks(commands))\n", error: nil),
    Case(
      name: "blocks one past the bound", script: "\(blocks(commands + 1))\n",
      error: "test.burst:1:\(2 * commands + 1): error: blocks nest more than \(commands) deep"),
    Case(
      name: "a thousand nested blocks (cubic before)", script: "\(blocks(1000))\n",
      error: "test.burst:1:\(2 * commands + 1): error: blocks nest more than \(commands) deep"),
    Case(
      name: "after chained at the bound, run to its end",
      script: "\(chain(commands))\nstep 1\n", error: nil),
    Case(
      name: "after chained one past the bound", script: "\(chain(commands + 1))\n",
      error: "test.burst:1:\(12 * (commands + 1) + 1): error: commands nest more than"),
    Case(
      name: "twenty thousand chained after (an overflow in the checker before)",
      script: "\(chain(20_000))\n",
      error: "test.burst:1:\(12 * (commands + 1) + 1): error: commands nest more than"),
    Case(
      name: "scheduled steps running inside one another at the bound",
      script: scheduledSteps(commands), error: nil),
    Case(
      name: "scheduled steps running inside one another one past the bound",
      script: scheduledSteps(commands + 1),
      error: "test.burst:\(commands + 2):11: error: scheduled commands run inside one another"),
    Case(
      name: "a thousand scheduled steps inside one another (a stack overflow before)",
      script: scheduledSteps(1000),
      error: "test.burst:\(commands + 2):11: error: scheduled commands run inside one another"),
    Case(
      name: "blocks and chains count together",
      script: "after 1 \(blocks(commands))\n",
      error: "test.burst:1:\(9 + 2 * commands): error: commands nest more than"),
  ]

  @Test("each depth is read at the bound and refused past it", arguments: cases)
  func depth(c: Case) {
    let run = runScript(c.script)
    let first = run.stderr.split(separator: "\n").first.map(String.init)
    if let error = c.error {
      #expect(first?.hasPrefix(error) == true, "\(run.stderr.prefix(400))")
    } else {
      #expect(run.stderr.isEmpty, "\(run.stderr.prefix(400))")
    }
  }

  @Test("a chain at the bound runs every link")
  func chainRuns() {
    let run = runScript("\(Self.chain(Self.commands))\nstep 1\n")
    #expect(run.stdout == "hi\n")
  }

  /// The deepest inputs the bounds allow, each as a script.
  static let deepest: [(name: String, script: String, output: String)] = [
    ("expression", "layer a\nset a.position.x \(parens(expression))\n", ""),
    ("blocks", "\(blocks(commands))\n", "hi\n"),
    ("chain", "\(chain(commands))\nstep 1\n", "hi\n"),
    ("actions", actionChain(commands - 1), "end\n"),
  ]

  /// The readers run in Dispatch workers too (a sweep's panels): the deepest input the bounds
  /// allow must fit in the stack of a worker thread, the smallest that runs them.
  @Test(
    "the deepest accepted input fits in a Dispatch worker's stack",
    arguments: deepest.map(\.name))
  func fitsWorkerStack(name: String) throws {
    let c = try #require(Self.deepest.first { $0.name == name })
    let result = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let run = runScript(c.script)
      result.withLock { $0 = run.stderr + run.stdout }
      done.signal()
    }
    done.wait()
    #expect(result.withLock { $0 }?.hasSuffix(c.output) == true)
    #expect(result.withLock { $0 }?.contains("error") == false)
  }

  static func importSource(_ expression: String) -> String {
    """
    import UIKit
    class V: UIView {
      override init(frame: CGRect) {
        super.init(frame: frame)
        let e = CAEmitterLayer()
        e.birthRate = \(expression)
        layer.addSublayer(e)
      }
    }

    """
  }

  @Test(
    "import refuses brackets nested past its bound, at their place, with the scene unchanged",
    arguments: [Limits.maxImportNesting - 2, Limits.maxImportNesting - 1, 10_000])
  func importNesting(n: Int) throws {
    // Two levels are the class's and the initializer's braces.
    let path = try temporaryFile("deep.swift", contents: Self.importSource(Self.parens(n)))
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: "layer keep\n", file: "test.burst")
    let before = session.scene.model
    let error = session.run(source: "import \(path)\n", file: "test.burst")
    if n <= Limits.maxImportNesting - 2 {
      #expect(error == nil, "\(out.stderr.prefix(400))")
      #expect(session.scene.model != before)
    } else {
      #expect(
        out.stderr.hasPrefix(
          "\(path):6:\(19 + Limits.maxImportNesting - 2): error: brackets nest more than"),
        "\(out.stderr.prefix(400))")
      #expect(session.scene.model == before)
    }
  }

  @Test("import reads a hundred thousand signs without overflowing")
  func importSigns() throws {
    let path = try temporaryFile(
      "signs.swift", contents: Self.importSource(String(repeating: "- ", count: 100_000) + "1"))
    let run = runScript("import \(path)\n")
    #expect(run.error == nil || run.error?.message.contains("nested more than") == false)
  }
}

extension DepthBoundTests {
  /// Actions that run actions recurse once per `run`.
  static func actionChain(_ n: Int) -> String {
    (0..<n).map { "action a\($0) run a\($0 + 1)\n" }.joined() + "action a\(n) echo end\nrun a0\n"
  }

  @Test("actions running actions stop at the bound", arguments: [Limits.maxCommandDepth / 2, 100])
  func actionsRunningActions(n: Int) {
    let run = runScript(Self.actionChain(n))
    if n <= Limits.maxCommandDepth / 2 {
      #expect(run.stdout.hasSuffix("end\n"), "\(run.stderr.prefix(300))")
    } else {
      #expect(run.stderr.contains("commands nest more than"), "\(run.stderr.prefix(300))")
      #expect(!run.stdout.contains("end"))
    }
  }
}

/// The files `import` refuses whole, before anything runs (docs/import.md, "Errors").
@Suite("import refuses what it cannot read, with the scene unchanged")
struct ImportRefusalTests {
  static func refused(_ name: String, _ bytes: [UInt8]) throws -> (String, Bool) {
    let url = testScratchFolder.appendingPathComponent(
      "burst-refusal-\(getpid())-\(name)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.run(source: "layer keep\n", file: "test.burst")
    let before = session.scene.model
    let error = session.run(source: "import \(url.path)\n", file: "test.burst")
    return (out.stderr, error != nil && session.scene.model == before)
  }

  @Test("a file over maxImportBytes is refused, naming the bound")
  func tooLarge() throws {
    let line = Array("let x = 1 // padding padding padding padding padding padding padding\n".utf8)
    var bytes: [UInt8] = []
    while bytes.count <= Limits.maxImportBytes { bytes += line }
    let (stderr, unchanged) = try Self.refused("big.swift", bytes)
    #expect(unchanged)
    #expect(
      stderr.contains("is larger than the 4 MiB limit for imported source files"), "\(stderr)")
  }

  @Test("a binary file is refused at its first byte that is not UTF-8")
  func binary() throws {
    let bytes: [UInt8] = Array("let a = 1\nlet b = ".utf8) + [0xFF, 0xFE, 0x00, 0x01]
    let (stderr, unchanged) = try Self.refused("blob.swift", bytes)
    #expect(unchanged)
    #expect(stderr.contains("is not UTF-8 text: the byte 0xff"), "\(stderr)")
  }
}
