import Core

/// Learning: keys, help.
enum LearningCommands {
  static let all: [Command] = [keys, help]

  static let keys = Command(
    name: "keys",
    usage:
      "keys [\((KeyKind.words.filter { BehaviorType(rawValue: $0) == nil } + ["TYPE", "PATH"]).joined(separator: "|"))] [FILTER]",
    abstract:
      "every property: name, kind, default, current value (with PATH), meaning; with FILTER,"
      + " those whose names contain it",
    discussion:
      "The table fits the terminal's width (or COLUMNS): the meaning column wraps under itself."
      + " TYPE is an emitter behaviour's type ("
      + BehaviorType.allCases.map(\.rawValue).joined(separator: ", ") + "): its fields.",
    examples: ["keys cell", "keys cell velocity", "keys like", "keys like.emitterCells.sparkle"],
    hints: [.object, .none], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(2)
    let m = s.scene.model
    let title: String
    var infos: [PropertyInfo]
    var ref: ObjectRef? = nil
    // A layer named like a behaviour type (`light`, `drag`) is the layer.
    let word = inv.args.first?.text
    if let kind = KeyKind.named(word),
      !(word.flatMap(BehaviorType.init(rawValue:)) != nil && word.flatMap(m.layerID) != nil)
    {
      title = kind.title
      infos = kind.infos(m)
    } else {
      let token = inv.text.tokens[1]
      let r: ObjectRef
      do throws(Diagnostic) {
        r = try inv.object(token, in: m)
      } catch {
        // `keys cel`: a misspelt kind rather than an unknown layer.
        throw inv.misspeltKeyword(
          token, in: m, keywords: KeyKind.words, message: "unknown layer or kind")
          ?? error
      }
      ref = r
      title = m.describe(r)
      infos = m.infos(of: r)
    }
    if inv.args.count > 1 {
      let filter = inv.text.tokens[2]
      let all = infos
      infos = all.filter {
        $0.name.lowercased().contains(filter.text.lowercased())
          || ($0.swiftName?.lowercased().contains(filter.text.lowercased()) ?? false)
      }
      guard !infos.isEmpty else {
        throw inv.error(
          "no property of \(title) has '\(filter.text)' in its name",
          suggestion: .nearest(
            to: filter.text, in: all.map(\.name),
            otherwise: .text("see all of them with: keys \(inv.text.tokens[1].text)")),
          at: filter)
      }
    }
    var columns: [KeysColumn] = [.name, .kind, .defaultValue] + (ref == nil ? [] : [.value])
    columns += [.unit, .meaning]
    let rows = infos.map { i in
      columns.map {
        $0.text(i, value: ref.flatMap { m.value(PropertyRef(object: $0, name: i.name)) })
      }
    }
    // In a narrow terminal, columns are left out (unit first) until the meaning has room.
    var table = [columns.map(\.title)] + rows
    var left: [KeysColumn] = []
    while TreePrinter.lastColumnStart(table) + TreePrinter.minimumLastColumn > s.defaultColumns,
      let drop = KeysColumn.dropOrder.first(where: columns.contains),
      let k = columns.firstIndex(of: drop)
    {
      columns.remove(at: k)
      table = table.map {
        var r = $0
        r.remove(at: k)
        return r
      }
      left.append(drop)
    }
    var out = title + "\n" + TreePrinter.table(table, width: s.defaultColumns)
    if !left.isEmpty {
      out += HelpText.wrapLines(
        "(\(left.map(\.title).joined(separator: ", ")) left out to fit \(s.defaultColumns) columns;"
          + " explain NAME shows everything)\n", width: s.defaultColumns)
    }
    s.sink.out(out)
  }

  static let help = Command(
    name: "help", usage: "help [COMMAND]",
    abstract: "the command list, or one command's usage and examples",
    examples: ["help", "help step"], hints: [.command], effect: .display
  ) { s, inv throws(Diagnostic) in
    try inv.expectAtMost(1)
    if let t = inv.args.first {
      guard let c = s.commands.lookup(t.text) else {
        throw inv.error(
          "unknown command '\(t.text)'",
          suggestion: s.commandSuggestion(for: t.text, otherwise: .text("type help for the list")),
          at: t)
      }
      s.page(HelpText.detail(c, width: s.textColumns))
    } else {
      s.page(HelpText.overview(s.commands, width: s.textColumns))
    }
  }
}

/// A column of the `keys` table.
enum KeysColumn: Equatable {
  case name, kind, defaultValue, value, unit, meaning

  /// The order columns are left out in when the terminal is too narrow.
  static let dropOrder: [KeysColumn] = [.unit, .kind, .defaultValue]

  var title: String {
    switch self {
    case .name: return "name"
    case .kind: return "kind"
    case .defaultValue: return "default"
    case .value: return "value"
    case .unit: return "unit"
    case .meaning: return "meaning"
    }
  }

  /// The cell for property `i` whose current value (with a PATH) is `value`.
  func text(_ i: PropertyInfo, value: PropertyValue?) -> String {
    switch self {
    case .name: return i.name
    case .kind: return i.kind.word
    case .defaultValue: return ValueFormatting.value(i.defaultValue)
    case .value: return value.map(ValueFormatting.value) ?? ""
    case .unit: return i.unit
    case .meaning:
      return i.summary + (i.writable || i.renames ? "" : " (read-only)")
        + (i.noEffectHere == nil ? "" : " (no effect here)")
    }
  }
}

/// A kind of object whose properties `keys` lists when given its word instead of a PATH.
struct KeyKind: Sendable {
  /// The word naming it, a keyword of `keys`.
  var word: String
  /// The heading above its table.
  var title: String
  /// Its properties, as listed.
  var infos: @Sendable (SceneModel) -> [PropertyInfo]

  /// Every kind; the first is listed when `keys` is given no argument.
  static let all: [KeyKind] =
    [
      KeyKind(word: "layer", title: "CALayer") { m in
        m.infos(of: .layer(SceneModel.rootID)).filter {
          !Layer.sceneDescriptors.map(\.name).contains($0.name)
        }
      },
      KeyKind(word: "emitter", title: "CAEmitterLayer (plus every CALayer property)") { _ in
        Layer.emitterDescriptors.map { $0.info }
      },
      KeyKind(word: "shape", title: "CAShapeLayer (plus every CALayer property)") { _ in
        Layer.shapeDescriptors.map { $0.info }
      },
      KeyKind(word: "gradient", title: "CAGradientLayer (plus every CALayer property)") { _ in
        Layer.gradientDescriptors.map { $0.info }
      },
      KeyKind(word: "replicator", title: "CAReplicatorLayer (plus every CALayer property)") {
        _ in Layer.replicatorDescriptors.map { $0.info }
      },
      KeyKind(word: "text", title: "CATextLayer (plus every CALayer property)") { _ in
        Layer.textDescriptors.map { $0.info }
      },
      KeyKind(word: "cell", title: "CAEmitterCell") { _ in EmitterCell.descriptors.map { $0.info }
      },
    ]
    + BehaviorType.allCases.map { type in
      KeyKind(
        word: type.rawValue,
        title: "CAEmitterBehavior \(type.rawValue) (\(BehaviorType.provenance)); also name, enabled"
      ) { _ in type.infos }
    }

  /// The keywords, in declaration order.
  static let words = all.map(\.word)

  /// The kind `word` names (the first kind when there is no word), or nil.
  static func named(_ word: String?) -> KeyKind? {
    guard let word else { return all.first }
    return all.first { $0.word == word }
  }
}

/// Help text generated from the command declarations.
enum HelpText {
  /// The columns prose is wrapped to when no terminal says otherwise (scripts, pipes, tests).
  static let columnsWithoutTerminal = 100

  static func overview(_ table: CommandTable, width columns: Int = columnsWithoutTerminal)
    -> String
  {
    var out = "Commands (help COMMAND for its forms and examples):\n"
    let width = table.commands.map(\.name.count).max() ?? 0
    for (title, commands) in CommandTable.groups {
      out += "\n\(title)\n"
      for c in commands where table.lookup(c.name) != nil {
        let indent = width + 4
        let lines = wrap(c.abstract, width: max(20, columns - indent))
        out += "  " + c.name.padded(to: width) + "  " + (lines.first ?? "") + "\n"
        for l in lines.dropFirst() { out += String(repeating: " ", count: indent) + l + "\n" }
      }
    }
    return out
  }

  /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `text` with each line longer than `width` wrapped at word boundaries (by `wrap`), its
  /// continuation lines indented two spaces more than the line; lines that fit are kept as
  /// they are.
  static func wrapLines(_ text: String, width: Int) -> String {
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      text.hasSuffix("\n") ? 1 : 0)
    {
      guard line.count > width else {
        out += line + "\n"
        continue
      }
      let lead = line.prefix { $0 == " " }.count
      let first = String(repeating: " ", count: lead)
      let rest = String(repeating: " ", count: lead + 2)
      let body = wrap(String(line.dropFirst(lead)), width: max(20, width - lead - 2))
      for (i, l) in body.enumerated() { out += (i == 0 ? first : rest) + l + "\n" }
    }
    return text.hasSuffix("\n") || out.isEmpty ? out : String(out.dropLast())
  }

  /// A command's clauses, one a line: the form, then what it does and the values it takes.
  static func clauses(_ specs: [ClauseSpec], width columns: Int) -> String {
    let lines = specs.map(\.helpLine)
    let width = lines.map(\.form.count).max() ?? 0
    let indent = String(repeating: " ", count: width + 4)
    var out = "clauses:\n"
    for (form, text) in lines {
      let wrapped = wrap(text, width: max(20, columns - indent.count))
      out += "  " + form.padded(to: width) + "  " + (wrapped.first ?? "") + "\n"
      for l in wrapped.dropFirst() { out += indent + l + "\n" }
    }
    return out
  }

  /// `help COMMAND`: every line wrapped at word boundaries to `width` columns.
  static func detail(_ c: Command, width: Int = columnsWithoutTerminal) -> String {
    func paragraph(_ text: String) -> String { wrap(text, width: width).map { $0 + "\n" }.joined() }
    var out = wrapLines("usage: \(c.usage)\n", width: width) + paragraph(c.abstract)
    if let d = c.discussion { out += paragraph(d) }
    out += paragraph("On an error or Ctrl-C: " + c.onFailure)
    if !c.clauses.isEmpty { out += clauses(c.clauses, width: width) }
    if !c.aliases.isEmpty { out += paragraph("aliases: \(c.aliases.joined(separator: ", "))") }
    if !c.examples.isEmpty {
      out += "examples:\n" + wrapLines(c.examples.map { "  \($0)\n" }.joined(), width: width)
    }
    return out
  }
}
