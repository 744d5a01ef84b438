import Foundation
import TestSupport
import Testing

@testable import Shell

/// A session whose prose is wrapped to `columns`, with what it printed.
private func session(columns: Int) -> (Session, CapturedOutput) {
  let out = CapturedOutput()
  let s = Session(sink: out)
  s.textColumns = columns
  s.defaultColumns = columns
  return (s, out)
}

/// The lines of `text` longer than `width` that hold more than one word (a single word longer
/// than the width cannot be broken at a word boundary).
private func overlong(_ text: String, width: Int) -> [Substring] {
  text.split(separator: "\n").filter {
    $0.count > width && $0.split(separator: " ").count > 1
  }
}

/// `text`'s words, whatever the line breaks and runs of spaces.
private func words(_ text: String) -> [Substring] {
  text.split(whereSeparator: { $0 == " " || $0 == "\n" })
}

@Suite("explain, help, the banner and keys' footnote wrap at word boundaries")
struct WordWrapTests {
  @Test(
    "help COMMAND wraps every line at word boundaries to the text width, losing no word",
    arguments: CommandTable.standard.commands.map(\.name))
  func helpWraps(name: String) throws {
    let (s, out) = session(columns: 60)
    #expect(s.run(source: "help \(name)", file: "t") == nil)
    #expect(overlong(out.stdout, width: 60) == [])
    let c = try #require(CommandTable.standard.lookup(name))
    #expect(words(out.stdout) == words(HelpText.detail(c, width: 10_000)))
  }

  @Test("help's command list wraps its abstracts to the text width")
  func overviewWraps() {
    let (s, out) = session(columns: 60)
    #expect(s.run(source: "help", file: "t") == nil)
    #expect(overlong(out.stdout, width: 60) == [])
  }

  @Test(
    "explain wraps a property's and a command's text to the text width, indenting what continues",
    arguments: ["lifetimeRange", "emitterShape", "shouldRasterize", "record", "jet.emitterShape"])
  func explainWraps(name: String) {
    let (s, out) = session(columns: 40)
    #expect(s.run(source: "emitter jet; explain \(name)", file: "t") == nil)
    #expect(overlong(out.stdout, width: 40) == [])
    let wide = runScript("emitter jet; explain \(name)").stdout
    #expect(words(out.stdout) == words(wide))
    if wide.split(separator: "\n").contains(where: { $0.count > 40 }) {
      #expect(out.stdout.split(separator: "\n").contains { $0.hasPrefix("    ") })
    }
  }

  @Test("keys' footnote on the left-out columns wraps to the table's width")
  func keysFootnoteWraps() throws {
    let (s, out) = session(columns: 44)
    #expect(s.run(source: "keys cell", file: "t") == nil)
    let footnote = try #require(out.stdout.range(of: "\n(unit, kind, default left out"))
    #expect(words(String(out.stdout[footnote.lowerBound...])).contains("44"))
    #expect(out.stdout.hasSuffix("explain NAME shows everything)\n"))
    #expect(overlong(String(out.stdout[footnote.lowerBound...]), width: 44) == [])
  }

  @Test("the banner wraps to a narrow terminal and is one line in a wide one")
  func bannerWraps() {
    #expect(overlong(Burst.banner(width: 30), width: 30) == [])
    #expect(Burst.banner(width: 30).split(separator: "\n").count > 1)
    #expect(Burst.banner(width: 200).split(separator: "\n").count == 1)
  }

  @Test("without a terminal, prose is wrapped to 100 columns")
  func hundredColumnsWithoutTerminal() {
    let s = Session(sink: CapturedOutput())
    #expect(s.textColumns == 100)
    #expect(HelpText.columnsWithoutTerminal == 100)
  }

  @Test("wrapLines keeps lines that fit as they are and breaks the others between words")
  func wrapLinesKeepsFittingLines() {
    let text = "a  b   aligned\n  one two three four five six\n"
    #expect(
      HelpText.wrapLines(text, width: 20) == "a  b   aligned\n  one two three four\n    five six\n")
  }
}

@Suite("a long help pages through $PAGER at a terminal")
struct PagerTests {
  @Test(
    "a help longer than the terminal goes to the pager; a short one and any help without a pager print"
  )
  func longHelpGoesToThePager() {
    let out = CapturedOutput()
    let s = Session(sink: out)
    s.defaultRows = 20
    var paged: [String] = []
    s.pager = {
      paged.append($0)
      return true
    }
    #expect(s.run(source: "help", file: "t") == nil)
    #expect(paged.count == 1 && paged[0].hasPrefix("Commands (help COMMAND"))
    #expect(out.stdout == "")
    #expect(s.run(source: "help quit", file: "t") == nil)
    #expect(paged.count == 1)
    #expect(out.stdout.hasPrefix("usage: quit"))
    // A pager that could not run: the text is printed.
    s.pager = { _ in false }
    #expect(s.run(source: "help", file: "t") == nil)
    #expect(out.stdout.contains("Commands (help COMMAND"))
    // Scripts never page: no session but the prompt's has a pager.
    #expect(runScript("help").stdout.hasPrefix("Commands (help COMMAND"))
  }

  @Test("the pager is $PAGER, else less -FRX, run with the text on its standard input")
  func pagerCommand() throws {
    #expect(Pager.command([:]) == "less -FRX")
    #expect(Pager.command(["PAGER": " "]) == "less -FRX")
    #expect(Pager.command(["PAGER": "more"]) == "more")
    let file =
      testScratchFolder
      .appendingPathComponent("burst-pager-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(Pager.show("one\ntwo\n", command: "cat > '\(file.path)'"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "one\ntwo\n")
    #expect(!Pager.show("x", command: "no-such-pager-burst"))
  }
}
