import Testing

@testable import Shell

@Suite("help is generated from the command table")
struct HelpTests {
  static let names = CommandTable.standard.commands.map(\.name)

  @Test("the overview lists every command once, in a group")
  func overviewListsEveryCommand() {
    let text = runScript("help\n").stdout
    for name in Self.names {
      #expect(text.contains("\n  \(name) "), "\(name) is listed")
    }
    #expect(CommandTable.groups.flatMap(\.commands).count == Self.names.count)
  }

  @Test("each command has usage, an abstract and examples that name it", arguments: names)
  func detail(name: String) throws {
    let c = try #require(CommandTable.standard.lookup(name))
    #expect(c.usage.hasPrefix(name))
    #expect(!c.abstract.isEmpty)
    #expect(!c.examples.isEmpty)
    for e in c.examples {
      let words = try Lexer.commands(in: e, file: "example").first?.tokens.map(\.text) ?? []
      #expect(words.first == name, "example '\(e)'")
    }
    let run = runScript("help \(name)\n")
    // The usage line is wrapped to the text width like the rest.
    let words = { (t: String) in t.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
    #expect(words(run.stdout).starts(with: words("usage: \(c.usage)")))
    #expect(
      words(run.stdout).dropFirst(words("usage: \(c.usage)").count).first == words(c.abstract).first
    )
  }
}
