import Core

/// Where a piece of text came from: a file (or `<stdin>`, `-e`, `<prompt>`), a 1-based line,
/// and the text of that line for carets.
struct SourceLine: Sendable, Equatable {
  var file: String
  var number: Int
  var text: String
  /// Where later physical lines begin in `text`, when a block `{ … }` joined them into it.
  var breaks: [LineBreak] = []

  /// A physical line joined into a logical one: the 0-based character offset in the logical
  /// text where its text begins, its number, and the 1-based column that text had in it.
  struct LineBreak: Sendable, Equatable {
    var offset: Int
    var number: Int
    var column: Int
  }

  /// The physical line and column of a 1-based column of `text`.
  func position(ofColumn column: Int) -> (line: Int, column: Int) {
    guard let b = breaks.last(where: { $0.offset <= column - 1 }) else { return (number, column) }
    return (b.number, b.column + column - 1 - b.offset)
  }
}

/// A word of a command, unquoted, with its 1-based column and length in the source line.
struct Token: Sendable, Equatable {
  var text: String
  var column: Int
  var length: Int
  /// Whether it was written in quotes (then it is never a keyword, and a KEY=VALUE pair only
  /// when its key and `=` come before the first quote: `string="a b"`).
  var quoted = false
  /// The word as written, quotes and escapes kept, when the lexer made it (nil for words a
  /// command made up). Key paths are read from it, so that `like.emitterCells."3F2A-9"` keeps
  /// its quoted component apart (`KeyPathSyntax.components`).
  var spelling: String? = nil
  /// Whether it is a block `{ COMMAND; … }` (its text is the block as written, braces
  /// included; `Lexer.blockCommands` reads the commands in it).
  var braced = false

  /// The text a key path is read from: the spelling when known, else the text.
  var keyPath: String { spelling ?? text }

  /// The word as a KEY=VALUE pair, the value unquoted: `scale=2`, or a quoted value after an
  /// unquoted key (`string="a\nb"`, as Swift's `label.string = "…"`); nil when the word has
  /// no `=` outside quotes and groups before its value.
  var keyValue: (key: String, value: String)? {
    guard quoted else {
      guard let eq = text.keyValueEquals else { return nil }
      return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }
    guard let spelling, let eq = spelling.keyValueEquals,
      let quote = spelling.firstIndex(where: { $0 == "\"" || $0 == "'" }), eq < quote
    else { return nil }
    let key = String(spelling[..<eq])
    guard !key.isEmpty, text.hasPrefix(key + "=") else { return nil }
    return (key, String(text.dropFirst(key.count + 1)))
  }
}

/// One command: its words, the line it came from, and where its text ends in that line.
struct CommandText: Sendable, Equatable {
  var tokens: [Token]
  var line: SourceLine
  /// Where this command's text ends in the line (a character offset).
  var end: Int
}
