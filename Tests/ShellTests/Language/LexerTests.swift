import Testing

@testable import Shell

@Suite("Lexer")
struct LexerTests {
  static func words(_ text: String) throws -> [[String]] {
    try Lexer.commands(in: text, file: "t").map { $0.tokens.map(\.text) }
  }

  @Test(
    "splits commands and words",
    arguments: [
      ("step 0.016 10", [["step", "0.016", "10"]]),
      ("emitter like; cell like sparkle", [["emitter", "like"], ["cell", "like", "sparkle"]]),
      ("show # a comment", [["show"]]),
      ("# only a comment", []),
      ("scene 200x200 #101018", [["scene", "200x200", "#101018"]]),
      ("set a.color #ff000080; show", [["set", "a.color", "#ff000080"], ["show"]]),
      ("set a.color #fff", [["set", "a.color"]]),
      ("set a color=rgb(1, 0.5, 0)", [["set", "a", "color=rgb(1, 0.5, 0)"]]),
      ("set a.emitterSize (30, 30)", [["set", "a.emitterSize", "(30, 30)"]]),
      ("echo \"a b; c\" 'd'", [["echo", "a b; c", "d"]]),
      ("echo \"say \\\"hi\\\"\"", [["echo", "say \"hi\""]]),
      ("set a \\\n  b=1", [["set", "a", "b=1"]]),
      ("  \t ", []),
    ] as [(String, [[String]])])
  func splits(text: String, expected: [[String]]) throws {
    #expect(try Self.words(text) == expected)
  }

  @Test("columns point at each word, and continued lines keep the first line's number")
  func positions() throws {
    let cmds = try Lexer.commands(in: "\n\nset like \\\nbirthRate=2; show", file: "f")
    #expect(cmds.count == 2)
    #expect(cmds[0].line.number == 3)
    #expect(cmds[0].tokens.map(\.column) == [1, 5, 11])
    #expect(cmds[1].tokens[0].column == 24)
  }

  @Test(
    "unterminated quotes and groups are errors at their opening",
    arguments: [
      ("echo \"open", "unterminated quote", 6),
      ("echo 'open", "unterminated quote", 6),
      ("set a (1, 2", "missing ')'", 7),
      ("set a 1)", "unbalanced ')'", 8),
    ] as [(String, String, Int)])
  func unterminated(text: String, message: String, column: Int) {
    #expect(throws: Diagnostic.self) { try Lexer.commands(in: text, file: "f") }
    do {
      _ = try Lexer.commands(in: text, file: "f")
    } catch {
      #expect(error.message == message)
      #expect(error.column == column)
    }
  }
}
