import Foundation
import TestSupport
import Testing

@testable import Shell

/// `show … kitty|sixel|iterm`, `--graphics`, and how `auto` reads the terminal.
@Suite("Terminal graphics: kitty, sixel, iTerm2")
struct TerminalGraphicsTests {
  /// A 32×32-point scene: a dark blue background with a red square in its top-left quarter and
  /// a half-transparent white square in its bottom-right. `show 4x2` draws it over 4×2 cells of
  /// 8×16 pixels (the fallback cell size): 32×32 pixels.
  static let tinyScene = """
    scene 32x32 #102030
    layer a; set a bounds=16x16 position=8,8 backgroundColor=red
    layer b; set b bounds=16x16 position=24,24 backgroundColor=white opacity=0.5

    """

  /// What `show` writes around a picture two rows tall: room for it, back up, save the cursor;
  /// then restore it and go down below the picture.
  static let before = "\n\n\u{1B}[2A\u{1B}7"
  static let after = "\u{1B}8\u{1B}[2B"

  /// Bytes as readable text: ESC is `\e`, BEL `\a`, a backslash `\\`, a newline `\n`, other
  /// control bytes `\xHH`; a line break follows each string terminator, BEL, newline and sixel
  /// band break, so a golden diff shows which sequence changed.
  static func escaped(_ text: String) -> String {
    var out = ""
    let bytes = Array(text.utf8)
    for (i, b) in bytes.enumerated() {
      switch b {
      case 0x1B: out += "\\e"
      case 0x07: out += "\\a\n"
      case 0x0A: out += "\\n\n"
      case 0x5C:
        out += "\\\\"
        if i > 0 && bytes[i - 1] == 0x1B { out += "\n" }
      case UInt8(ascii: "-"): out += "-\n"
      case 0..<0x20, 0x7F...: out += String(format: "\\x%02X", b)
      default: out.append(Character(Unicode.Scalar(b)))
      }
    }
    return out
  }

  @Test(
    "show 4x2 in each pixel format matches its golden bytes",
    arguments: ["kitty", "sixel", "iterm"])
  func goldenBytes(format: String) {
    let run = runScript(Self.tinyScene + "show 4x2 \(format)\n")
    #expect(run.error == nil, "\(run.stderr)")
    expectGolden(Self.escaped(run.stdout), name: "graphics/tiny.\(format).txt")
  }

  @Test("kitty's payload is the scene's pixels: red, background, and white at half over it")
  func kittyPayloadPixels() throws {
    let run = runScript(Self.tinyScene + "show 4x2 kitty\n")
    let text = run.stdout
    #expect(text.hasPrefix(Self.before + "\u{1B}_Ga=T,f=24,s=32,v=32,c=4,r=2,C=1,q=2,m=0;"))
    #expect(text.hasSuffix("\u{1B}\\" + Self.after))
    let payload = try #require(text.split(separator: ";").last?.split(separator: "\u{1B}").first)
    let rgb = try #require(Data(base64Encoded: String(payload)))
    #expect(rgb.count == 32 * 32 * 3)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(rgb[(y * 32 + x) * 3..<(y * 32 + x) * 3 + 3])
    }
    #expect(pixel(4, 4) == [255, 0, 0])
    #expect(pixel(28, 4) == [0x10, 0x20, 0x30])
    // White at opacity 0.5 over #102030: (255 + 16) / 2, (255 + 32) / 2, (255 + 48) / 2.
    let mixed = pixel(28, 28).map(Int.init)
    #expect(abs(mixed[0] - 136) <= 1 && abs(mixed[1] - 144) <= 1 && abs(mixed[2] - 152) <= 1)
  }

  @Test("sixel: 32×32 square pixels, six bands, the palette's registers for red and the background")
  func sixelShape() {
    let text = runScript(Self.tinyScene + "show 4x2 sixel\n").stdout
    #expect(text.hasPrefix(Self.before + "\u{1B}Pq\"1;1;32;32#"))
    #expect(text.hasSuffix("\u{1B}\\" + Self.after))
    // 32 rows are six bands: five band breaks.
    let body = text.split(separator: "#", maxSplits: 1).last ?? ""
    #expect(body.filter { $0 == "-" }.count == 5)
    // Pure red is register 5·42 = 210, at 100% red.
    #expect(text.contains("#210;2;100;0;0"))
  }

  @Test("iterm: the file is an 8-bit RGB PNG of 32×32 pixels shown over 4×2 cells")
  func itermPNG() throws {
    let text = runScript(Self.tinyScene + "show 4x2 iterm\n").stdout
    let prefix = Self.before + "\u{1B}]1337;File=inline=1;size="
    #expect(text.hasPrefix(prefix))
    #expect(text.contains(";width=4;height=2;preserveAspectRatio=0:"))
    #expect(text.hasSuffix("\u{07}" + Self.after))
    let payload = try #require(text.split(separator: ":").last?.split(separator: "\u{07}").first)
    let png = [UInt8](try #require(Data(base64Encoded: String(payload))))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(Array(png[16..<24]) == [0, 0, 0, 32, 0, 0, 0, 32])
    #expect(png[24] == 8 && png[25] == 2)
    #expect(text.contains("size=\(png.count);"))
  }

  @Test("the session's --graphics choice decides what plain show draws")
  func plainShowUsesTheChoice() {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.graphics = .sixel
    #expect(session.run(source: Self.tinyScene + "show 4x2\nshow 4x2 ascii\n", file: "t") == nil)
    #expect(out.stdout.hasPrefix(Self.before + "\u{1B}Pq"))
    // The named format still wins: the second picture is two lines of text.
    let text = out.stdout.components(separatedBy: Self.after).last ?? ""
    #expect(!text.contains("\u{1B}"))
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
  }

  @Test("a larger cell size gives a picture of that many pixels")
  func cellSizeScalesThePicture() {
    let out = CapturedOutput()
    let session = Session(sink: out)
    session.cellPixels = { CellSize(width: 10, height: 20) }
    #expect(session.run(source: Self.tinyScene + "show 3 kitty\n", file: "t") == nil)
    // 3 columns of a square scene with cells twice as tall as wide: 2 rows (1.5 rounded).
    #expect(out.stdout.hasPrefix(Self.before + "\u{1B}_Ga=T,f=24,s=30,v=40,c=3,r=2,"))
  }

  @Test("a picture past the pixel limit is refused with the limit")
  func tooLarge() {
    let run = runScript(Self.tinyScene + "show 1000x1000 kitty\n")
    #expect(run.error?.message == "a picture of 8000×16000 pixels is too large")
    #expect(run.stderr.contains("show 1000x1000 kitty\n") && run.stderr.contains("^~~~~~~~~"))
    #expect(run.stderr.contains("8192"))
    #expect(run.stdout.isEmpty)
  }

  @Test("show's help, usage and completion offer the pixel formats")
  func helpOffersFormats() {
    let run = runScript("help show\n")
    for word in ["kitty", "sixel", "iterm", "6 red × 7 green × 6 blue"] {
      #expect(run.stdout.contains(word), "\(word)")
    }
    #expect(ViewCommands.show.usage == "show [LAYER] [SIZE] [ascii|ansi|kitty|sixel|iterm]")
  }

  // MARK: - Detection

  struct EnvCase: Sendable, CustomTestStringConvertible {
    let env: [String: String]
    let verdict: EnvironmentVerdict
    var testDescription: String {
      env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
  }

  static let envCases: [EnvCase] = [
    EnvCase(env: [:], verdict: .unknown),
    EnvCase(env: ["TERM": "xterm-256color"], verdict: .unknown),
    EnvCase(env: ["TERM": "xterm-kitty"], verdict: .format(.kitty)),
    EnvCase(env: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], verdict: .format(.kitty)),
    EnvCase(env: ["TERM_PROGRAM": "ghostty"], verdict: .format(.kitty)),
    EnvCase(env: ["TERM_PROGRAM": "iTerm.app"], verdict: .format(.iterm)),
    EnvCase(env: ["TERM_PROGRAM": "WezTerm"], verdict: .format(.iterm)),
    EnvCase(env: ["LC_TERMINAL": "iTerm2", "TERM": "xterm"], verdict: .format(.iterm)),
    EnvCase(env: ["TERM": "foot"], verdict: .format(.sixel)),
    EnvCase(env: ["TERM": "mlterm-256color"], verdict: .format(.sixel)),
    EnvCase(env: ["TERM": "xterm-sixel"], verdict: .format(.sixel)),
    EnvCase(env: ["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], verdict: .textOnly),
    EnvCase(env: ["TERM": "screen"], verdict: .textOnly),
    EnvCase(env: ["TERM": "linux"], verdict: .textOnly),
    EnvCase(env: ["TERM": "eterm-color"], verdict: .textOnly),
    EnvCase(
      env: ["TMUX": "/tmp/tmux-1/default,1,0", "TERM_PROGRAM": "iTerm.app"], verdict: .textOnly),
  ]

  @Test("the environment decides what it can", arguments: envCases)
  func environmentVerdict(c: EnvCase) {
    #expect(GraphicsDetection.verdict(c.env) == c.verdict)
  }

  struct ReplyCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: String
    let expected: TerminalReplies
    var testDescription: String { name }
  }

  static let replyCases: [ReplyCase] = [
    ReplyCase(
      name: "kitty: OK, cell size, device attributes",
      bytes: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c",
      expected: TerminalReplies(
        kitty: true, sixel: false, cellSize: CellSize(width: 10, height: 20), complete: true)),
    ReplyCase(
      name: "xterm with sixel: no kitty reply, attributes list 4",
      bytes: "\u{1B}[6;17;9t\u{1B}[?63;1;2;4;6;9;15;22c",
      expected: TerminalReplies(
        kitty: false, sixel: true, cellSize: CellSize(width: 9, height: 17), complete: true)),
    ReplyCase(
      name: "a terminal without pictures: attributes only",
      bytes: "\u{1B}[?1;2c",
      expected: TerminalReplies(kitty: false, sixel: false, cellSize: nil, complete: true)),
    ReplyCase(
      name: "kitty error reply is not support",
      bytes: "\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c",
      expected: TerminalReplies(kitty: false, sixel: false, cellSize: nil, complete: true)),
    ReplyCase(
      name: "another image id's OK is not ours",
      bytes: "\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62c",
      expected: TerminalReplies(kitty: false, sixel: false, cellSize: nil, complete: true)),
    ReplyCase(
      name: "typed keys around the replies are ignored; 14 is not 4",
      bytes: "ab\u{1B}[?62;14c",
      expected: TerminalReplies(kitty: false, sixel: false, cellSize: nil, complete: true)),
    ReplyCase(
      name: "cut short: incomplete",
      bytes: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20",
      expected: TerminalReplies(kitty: true, sixel: false, cellSize: nil, complete: false)),
    ReplyCase(
      name: "an absurd cell size is not believed",
      bytes: "\u{1B}[6;0;10t\u{1B}[6;9999;10t\u{1B}[?62c",
      expected: TerminalReplies(kitty: false, sixel: false, cellSize: nil, complete: true)),
  ]

  @Test("the terminal's replies are read", arguments: replyCases)
  func parseReplies(c: ReplyCase) {
    #expect(TerminalReplies.parse(Array(c.bytes.utf8)) == c.expected)
  }

  struct ChoiceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let env: [String: String]
    let color: Bool
    let terminal: Bool
    let replies: TerminalReplies?
    let expected: TerminalFormat?
    var testDescription: String { name }
  }

  static let kittyReplies = TerminalReplies(kitty: true, complete: true)
  static let sixelReplies = TerminalReplies(sixel: true, complete: true)
  static let bothReplies = TerminalReplies(kitty: true, sixel: true, complete: true)

  static let choiceCases: [ChoiceCase] = [
    ChoiceCase(
      name: "kitty by environment", env: ["TERM": "xterm-kitty"], color: true, terminal: true,
      replies: nil, expected: .kitty),
    ChoiceCase(
      name: "not a terminal: never pixels", env: ["TERM": "xterm-kitty"], color: true,
      terminal: false, replies: nil, expected: nil),
    ChoiceCase(
      name: "colour off: never pixels", env: ["TERM_PROGRAM": "iTerm.app"], color: false,
      terminal: true, replies: nil, expected: nil),
    ChoiceCase(
      name: "the environment wins over replies", env: ["TERM": "foot"], color: true,
      terminal: true, replies: kittyReplies, expected: .sixel),
    ChoiceCase(
      name: "unknown terminal, kitty reply", env: ["TERM": "xterm-256color"], color: true,
      terminal: true, replies: kittyReplies, expected: .kitty),
    ChoiceCase(
      name: "unknown terminal, kitty before sixel", env: [:], color: true, terminal: true,
      replies: bothReplies, expected: .kitty),
    ChoiceCase(
      name: "unknown terminal, sixel in attributes", env: ["TERM": "xterm"], color: true,
      terminal: true, replies: sixelReplies, expected: .sixel),
    ChoiceCase(
      name: "unknown terminal, no query (not at the prompt)", env: ["TERM": "xterm"],
      color: true, terminal: true, replies: nil, expected: nil),
    ChoiceCase(
      name: "inside tmux: text even if the replies say kitty", env: ["TMUX": "x"], color: true,
      terminal: true, replies: kittyReplies, expected: nil),
  ]

  @Test("auto picks a pixel format only where it is known to work", arguments: choiceCases)
  func autoChoice(c: ChoiceCase) {
    #expect(
      GraphicsDetection.choose(
        c.env, color: c.color, outputIsTerminal: c.terminal, replies: c.replies) == c.expected)
  }

  @Test("auto queries only at the prompt, on a colour terminal the environment does not know")
  func queryOnlyWhenAllowed() {
    let unknown = ["TERM": "xterm-256color"]
    #expect(
      GraphicsDetection.shouldQuery(unknown, color: true, outputIsTerminal: true, atPrompt: true))
    #expect(
      !GraphicsDetection.shouldQuery(unknown, color: true, outputIsTerminal: false, atPrompt: true))
    #expect(
      !GraphicsDetection.shouldQuery(unknown, color: true, outputIsTerminal: true, atPrompt: false))
    #expect(
      !GraphicsDetection.shouldQuery(unknown, color: false, outputIsTerminal: true, atPrompt: true))
    #expect(
      !GraphicsDetection.shouldQuery(
        ["TERM": "xterm-kitty"], color: true, outputIsTerminal: true, atPrompt: true))
    #expect(
      !GraphicsDetection.shouldQuery(
        ["TMUX": "x"], color: true, outputIsTerminal: true, atPrompt: true))
    // The query: kitty's 1×1 probe, the cell size, then the device attributes that end it.
    #expect(
      GraphicsDetection.query
        == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c")
  }

  // MARK: - The command line

  @Test("--graphics takes auto or a format; a bad value is a usage error naming them")
  func graphicsOption() throws {
    let bad = try runBurst(["--graphics", "png", "-e", "echo no"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "burst: --graphics: no FORMAT is called 'png'; it takes auto, kitty, sixel, iterm, ansi"
          + " or ascii\n"))
    #expect(bad.stdout.isEmpty)
    let missing = try runBurst(["--graphics"])
    #expect(missing.status == 64)
    let joined = try runBurst(["--graphics=", "-e", "echo no"])
    #expect(joined.status == 64)
    #expect(joined.stderr.contains("--graphics: no FORMAT is called ''; it takes auto"))
  }

  @Test("--graphics FORMAT makes plain show draw it, even into a pipe")
  func graphicsOptionChoosesShow() throws {
    let script = Self.tinyScene.replacingOccurrences(of: "\n", with: ";") + "show 4x2"
    let kitty = try runBurst(["--graphics", "kitty", "-e", script])
    #expect(kitty.status == 0, "\(kitty.stderr)")
    #expect(kitty.stdout.hasPrefix(Self.before + "\u{1B}_Ga=T,f=24,s=32,v=32,c=4,r=2,"))
    let sixel = try runBurst(["--graphics=sixel", "-e", script])
    #expect(sixel.stdout.hasPrefix(Self.before + "\u{1B}Pq\"1;1;32;32"))
    // auto into a pipe asks nothing and draws text, whatever the environment says.
    let auto = try runBurst(
      ["--graphics", "auto", "-e", script],
      environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"])
    #expect(auto.status == 0)
    #expect(!auto.stdout.contains("\u{1B}"))
    #expect(auto.stdout.split(separator: "\n").count == 2)
  }

  @Test("--help, the man page and the completions list --graphics and its values")
  func graphicsOptionIsDocumented() {
    #expect(ProgramHelp.text.contains("--graphics FORMAT"))
    #expect(ProgramHelp.usageLines.contains("[--graphics FORMAT]"))
    #expect(ManPage.text(version: "0").contains("\\fBsixel\\fR"))
    #expect(ManPage.text(version: "0").contains("graphics"))
    #expect(CompletionScript.text(for: .bash).contains("--graphics) COMPREPLY"))
    #expect(CompletionScript.text(for: .zsh).contains("kitty"))
  }
}
