import Core

/// `$NAME` in a command: a parameter of the action that runs it (`action tap(point) { … }`,
/// `run tap 120,300`), or the fresh name of a layer the command creates (`emitter $spark`).
///
/// A command binds when it runs: the layers it creates as `emitter $X`, `layer $X` or
/// `copy … as $X` at its own level (in it, or in the blocks `{ … }` it holds, but not in the
/// COMMAND of an `after`, `at`, `every` or `action` in it, which bind when they run) take the
/// first free name of X, X2, X3, …, and every `$X` in the command, the deferred commands in it
/// included, reads that name. So a tap handler that makes an emitter and removes it later
/// (`action tap { emitter $spark; …; after 1.5 remove $spark }`) makes a second one, with a
/// fresh name, when it runs again, and each `after` removes its own, as a closure captures its
/// own layer on iOS. A `$X` that a command creates nowhere (not even in the COMMAND it
/// defers) reads the name the session's latest binding of `$X` gave, so a stop handler
/// (`action stop { remove $spark }`) reaches the layer the last `run` made, as a property
/// holds the last layer assigned to it; `reset` forgets them.
enum Binding {
  /// The sigil.
  static let sigil: Character = "$"

  /// Whether a character continues a `$NAME`.
  static func isNameCharacter(_ c: Character) -> Bool {
    c == "_" || (c.isASCII && (c.isLetter || c.isNumber))
  }

  /// The names of the `$NAME`s in `text` between character offsets `from` and `to`, each
  /// once, in order.
  static func references(in text: String, from: Int, to: Int) -> [String] {
    let chars = Array(text)
    var out: [String] = []
    var i = max(0, from)
    let end = min(to, chars.count)
    while i < end {
      guard chars[i] == sigil else {
        i += 1
        continue
      }
      var j = i + 1
      while j < end, isNameCharacter(chars[j]) { j += 1 }
      let name = String(chars[(i + 1)..<j])
      if isReference("$" + name), !out.contains(name) { out.append(name) }
      i = max(j, i + 1)
    }
    return out
  }

  /// Whether a word is `$NAME`.
  static func isReference(_ word: String) -> Bool {
    guard word.first == sigil, word.count > 1 else { return false }
    let name = word.dropFirst()
    return name.first.map { !$0.isNumber } == true && name.allSatisfy(isNameCharacter)
  }

  /// Every `$NAME` in `text` replaced by its value in `values`; the others are kept.
  static func substitute(_ text: String, _ values: [String: String]) -> String {
    guard text.contains(sigil) else { return text }
    let chars = Array(text)
    var out = ""
    out.reserveCapacity(chars.count)
    var i = 0
    while i < chars.count {
      guard chars[i] == sigil else {
        out.append(chars[i])
        i += 1
        continue
      }
      var j = i + 1
      while j < chars.count, isNameCharacter(chars[j]) { j += 1 }
      let name = String(chars[(i + 1)..<j])
      if let value = values[name] {
        if let (part, end) = field(of: value, in: chars, at: j) {
          out += part  // `$point.y`: one field of a point or size
          i = end
          continue
        }
        out += value
      } else {
        out += String(chars[i..<j])
      }
      i = max(j, i + 1)
    }
    return out
  }

  /// The fields a point's or size's `$NAME` may be followed by, and the part of `X,Y` each
  /// reads.
  static let fields: [String: Int] = ["x": 0, "y": 1, "width": 0, "height": 1]

  /// `$NAME.FIELD` where `chars[at...]` is `.FIELD` and the value is two parts, `X,Y`: the
  /// part FIELD names (wrapped in brackets when signed, so `-$point.y` stays arithmetic),
  /// and where the text after it starts; nil otherwise.
  private static func field(of value: String, in chars: [Character], at: Int)
    -> (String, Int)?
  {
    guard at < chars.count, chars[at] == "." else { return nil }
    var end = at + 1
    while end < chars.count, isNameCharacter(chars[end]) { end += 1 }
    let parts = value.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = fields[String(chars[(at + 1)..<end])] else { return nil }
    let part = parts[k].filter { $0 != " " }
    return (part.hasPrefix("-") ? "(\(part))" : part, end)
  }

  /// The command with `values` substituted, read again as one command of its line.
  static func bind(_ cmd: CommandText, _ values: [String: String]) throws(Diagnostic)
    -> CommandText
  {
    guard !values.isEmpty, let first = cmd.tokens.first else { return cmd }
    let chars = Array(cmd.line.text)
    let start = max(0, min(first.column - 1, chars.count))
    let end = max(start, min(cmd.end, chars.count))
    let span = String(chars[start..<end])
    let bound = substitute(span, values)
    guard bound != span else { return cmd }
    // Columns stay those of the line up to the first substitution.
    var line = cmd.line
    line.text = String(repeating: " ", count: start) + bound
    line.breaks = []
    let commands = try Lexer.commands(inLine: line)
    guard commands.count == 1, let only = commands.first else {
      throw Diagnostic(
        "a value given for $NAME splits the command in two",
        hint: "a value is one word: quote it when it holds spaces or ';'", at: cmd.line,
        column: first.column, length: first.length)
    }
    return only
  }
}

extension Session {
  /// The first of BASE, BASE2, BASE3, … that `free` accepts.
  static func numbered(_ base: String, free: (String) -> Bool) -> String {
    var name = base
    var k = 2
    while !free(name) {
      name = "\(base)\(k)"
      k += 1
    }
    return name
  }

  /// The name a new layer made as `$BASE` takes: BASE when `free` accepts it, else the first
  /// of BASE2, BASE3, … it accepts; a BASE ending in a number counts on from it (`$party2`
  /// with party2 taken makes party3), so that code exported with such a name makes the names
  /// the session did.
  static func freshName(_ base: String, free: (String) -> Bool) -> String {
    guard !free(base) else { return base }
    let stem = String(base.reversed().drop(while: \.isNumber).reversed())
    guard !stem.isEmpty, stem.count < base.count, base.count - stem.count <= 9,
      var k = Int(base.dropFirst(stem.count))
    else { return numbered(base, free: free) }
    repeat { k += 1 } while !free("\(stem)\(k)")
    return "\(stem)\(k)"
  }

  /// Whether `name` can name a new layer now: no layer has it, and it is neither a reserved
  /// word nor a command word.
  func canNameNewLayer(_ name: String) -> Bool {
    scene.model.layerID(named: name) == nil && !SceneModel.reservedNames.contains(name)
      && commands.lookup(name) == nil
  }

  /// The names `$X` that `cmd` creates at its own level (see `Binding`), in order; with
  /// `deferred`, also those the COMMAND of an `after`, `at`, `every` or `action` in it creates
  /// when it runs.
  func createdReferences(_ cmd: CommandText, deferred: Bool = false, depth: Int = 0)
    -> [String]
  {
    guard depth <= Limits.maxCommandDepth, let first = cmd.tokens.first else { return [] }
    if first.braced {
      let inner = (try? Lexer.blockCommands(first, in: cmd.line)) ?? []
      return inner.flatMap { createdReferences($0, deferred: deferred, depth: depth + 1) }
    }
    guard !first.quoted, let command = commands.lookup(first.text) else { return [] }
    var out: [String] = []
    for (k, hint) in command.hints.enumerated() where k + 1 < cmd.tokens.count {
      let t = cmd.tokens[k + 1]
      if hint == .newLayer, !t.quoted, Binding.isReference(t.text) {
        out.append(String(t.text.dropFirst()))
      } else if hint == .command, deferred {
        // The COMMAND starts at the first block or command word (after an action's
        // parameter list).
        let rest = cmd.tokens[(k + 1)...]
        guard
          let start = rest.firstIndex(where: {
            $0.braced || (!$0.quoted && commands.lookup($0.text) != nil)
          })
        else { continue }
        var inner = cmd
        inner.tokens = Array(cmd.tokens[start...])
        out += createdReferences(inner, deferred: true, depth: depth + 1)
      }
    }
    return out
  }

  /// `cmd` with the fresh names of the layers it creates as `$X` bound (see `Binding`).
  /// Commands whose COMMAND runs later (`after`, `every`, `action`) bind when it runs.
  func bindingFreshNames(_ cmd: CommandText, _ command: Command) throws(Diagnostic)
    -> CommandText
  {
    guard !command.hints.contains(.command),
      cmd.tokens.contains(where: { $0.text.contains(Binding.sigil) })
    else { return cmd }
    var values: [String: String] = [:]
    var taken: Set<String> = []
    var made: [(base: String, name: String)] = []
    for base in createdReferences(cmd) where values[base] == nil {
      let name = Self.freshName(base) { !taken.contains($0) && canNameNewLayer($0) }
      taken.insert(name)
      values[base] = name
      made.append((base, name))
    }
    // A stop handler reaching the emitter the last start made.
    for base in readReferences(cmd) {
      if let latest = undoable.latestBindings[base] { values[base] = latest }
    }
    let bound = try Binding.bind(cmd, values)
    for (base, name) in made { undoable.latestBindings[base] = name }
    return bound
  }

  /// The `$X` that `cmd` reads but creates nowhere, not even in the COMMAND it defers, in
  /// order: each reads the layer the latest binding of `$X` named (see `Binding`).
  func readReferences(_ cmd: CommandText) -> [String] {
    guard let first = cmd.tokens.first else { return [] }
    let creates = Set(createdReferences(cmd, deferred: true))
    return Binding.references(in: cmd.line.text, from: first.column - 1, to: cmd.end)
      .filter { !creates.contains($0) }
  }
}
