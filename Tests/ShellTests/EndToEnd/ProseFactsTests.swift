import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// Facts the prose repeats (docs/semantics.md's bounds table, the README's command table) agree
/// with their one declaration in the code.
@Suite("Prose and registration lists agree with the declarations")
struct ProseFactsTests {
  /// The rows of the Markdown table whose header line is `header`, as (the first cell's code
  /// spans, the second cell). An escaped `\|` inside a cell does not split it.
  static func tableRows(in file: String, header: String) throws -> [(
    names: [String], value: String
  )] {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: header) else { return [] }
    var rows: [(names: [String], value: String)] = []
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}")
        .split(separator: "|", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      guard cells.count > 2 else { continue }
      let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      rows.append((names, cells[2]))
    }
    return rows
  }

  /// A value as the bounds table writes it (`2×10⁷`, `4096×4096`, `512 MiB`, `1 ms`, `10⁹ s`).
  static func number(_ written: String) -> Double? {
    let superscripts: [Character: Character] = [
      "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8",
      "⁹": "9",
    ]
    var words = written.split(separator: " ").map(String.init)
    var scale = 1.0
    if words.count == 2 {
      switch words[1] {
      case "MiB": scale = 1_048_576
      case "ms": scale = 1e-3
      case "s", "pt", "px", "/s": scale = 1
      default: return nil
      }
      words.removeLast()
    }
    guard words.count == 1 else { return nil }
    var product = 1.0
    for factor in words[0].split(separator: "×") {
      let power = factor.dropFirst(2)
      if factor.hasPrefix("10"), !power.isEmpty, power.allSatisfy({ superscripts[$0] != nil }) {
        guard let e = Double(String(power.compactMap { superscripts[$0] })) else { return nil }
        product *= pow(10, e)
      } else {
        guard let v = Double(factor) else { return nil }
        product *= v
      }
    }
    return product * scale
  }

  /// Each bound the table names, with its declaration.
  static let limits: [String: Double] = [
    "maxCapDecisions": Limits.maxCapDecisions,
    "maxEmissionGridCells": Limits.maxEmissionGridCells,
    "maxAttractorWork": Limits.maxAttractorWork,
    "maxBirthRate": Limits.maxBirthRate, "maxParticles": Double(Limits.maxParticles),
    "maxStep": Limits.maxStep, "maxStepCount": Limits.maxStepCount,
    "maxRecordSeconds": Limits.maxRecordSeconds, "maxRecordPixels": Limits.maxRecordPixels,
    "maxSceneSide": Limits.maxSceneSide, "maxSnapshotSide": Limits.maxSnapshotSide,
    "maxFrameSide": Limits.maxFrameSide, "maxImagePixels": Double(Limits.maxImagePixels),
    "maxDecodedImageBytes": Double(Limits.maxDecodedImageBytes),
    "maxCastBytes": Double(Limits.maxCastBytes), "maxScriptBytes": Double(Limits.maxScriptBytes),
    "maxSamples": Limits.maxSamples, "maxSweepPanels": Double(Limits.maxSweepPanels),
    "maxSweepSheetPixels": Limits.maxSweepSheetPixels,
    "maxImportStatements": Double(Limits.maxImportStatements),
    "maxImportLoopTurns": Double(Limits.maxImportLoopTurns),
    "maxImportCallDepth": Double(Limits.maxImportCallDepth),
    "maxImportRecursion": Double(Limits.maxImportRecursion),
    "maxImportTimerTicks": Double(Limits.maxImportTimerTicks),
    "maxImportObjects": Double(Limits.maxImportObjects),
    "maxImportNesting": Double(Limits.maxImportNesting),
    "maxExpressionDepth": Double(Limits.maxExpressionDepth),
    "maxCommandDepth": Double(Limits.maxCommandDepth),
    "minTimerInterval": Limits.minTimerInterval, "maxScheduledRuns": Limits.maxScheduledRuns,
    "maxInstanceCount": Double(Limits.maxInstanceCount),
    "maxInstancesDrawn": Double(Limits.maxInstancesDrawn),
    "maxGlyphPixels": Double(Limits.maxGlyphPixels),
    "maxTextImagePixels": Double(Limits.maxTextImagePixels),
    "maxTextCharacters": Double(Limits.maxTextCharacters),
    "maxDrawingPixels": Double(Limits.maxDrawingPixels),
    "maxDrawingMarks": Double(Limits.maxDrawingMarks),
  ]

  @Test("docs/semantics.md's bounds tables give each bound the value Limits.swift declares")
  func boundsTableMatchesLimits() throws {
    let rows =
      try Self.tableRows(in: "docs/semantics.md", header: "| bound | value | what it stops |")
      + Self.tableRows(in: "docs/semantics.md", header: "| bound | value | what it bounds |")
    #expect(rows.count >= 20, "the bounds tables were not found")
    var seen: Set<String> = []
    for row in rows {
      // A row may name several bounds, their values listed in the same order.
      let values = row.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(values.count == row.names.count, "\(row.names): \(row.value)")
      for (name, written) in zip(row.names, values) {
        let declared = try #require(Self.limits[name], "\(name) is not a bound in Limits.swift")
        let value = try #require(Self.number(written), "\(name): cannot read '\(written)'")
        #expect(value == declared, "\(name): the table says \(written), Limits.swift \(declared)")
        seen.insert(name)
      }
    }
    #expect(seen == Set(Self.limits.keys), "bounds the table no longer lists")
  }

  @Test("the README's command table names every command, and only commands")
  func readmeCommandTableMatchesCommands() throws {
    let rows = try Self.tableRows(in: "README.md", header: "| command | effect |")
    #expect(rows.count >= 30, "the README's command table was not found")
    let table = CommandTable.standard
    var named: Set<String> = []
    for row in rows {
      for span in row.names {
        let word = String(span.split(separator: " ").first ?? "")
        // A block is not a command; `… damping R` and `[after S …]` continue the form before.
        guard word != "{", word != "…", !word.hasPrefix("[") else { continue }
        let command = table.lookup(word)
        #expect(command != nil, "'\(word)' in the README's command table is no command")
        if let command { named.insert(command.name) }
      }
    }
    let all = Set(CommandTable.groups.flatMap(\.commands).map(\.name))
    #expect(all.subtracting(named).isEmpty, "commands the README's table leaves out")
  }

  /// A usage line's forms: split at the ` | ` that stand outside brackets (`run NAME [VALUE |
  /// P=VALUE …]` is one form).
  static func forms(of usage: String) -> [String] {
    var out: [String] = []
    var depth = 0
    var current = ""
    var i = usage.startIndex
    while i < usage.endIndex {
      let c = usage[i]
      if c == "[" || c == "(" { depth += 1 }
      if c == "]" || c == ")" { depth -= 1 }
      if depth == 0, usage[i...].hasPrefix(" | ") {
        out.append(current)
        current = ""
        i = usage.index(i, offsetBy: 3)
        continue
      }
      current.append(c)
      i = usage.index(after: i)
    }
    return out + [current]
  }

  @Test("each form in the README's command table is its command's usage, or begins one")
  func readmeFormsAreUsages() throws {
    let rows = try Self.tableRows(in: "README.md", header: "| command | effect |")
    let table = CommandTable.standard
    // Forms that show one use of a usage rather than the usage itself.
    let uses = ["set LAYER.mask OTHER"]
    var checked = 0
    for row in rows {
      for span in row.names.map({ $0.replacingOccurrences(of: "\u{1}", with: "|") }) {
        let words = span.split(separator: " ").map(String.init)
        guard let word = words.first, let command = table.lookup(word), !uses.contains(span)
        else { continue }
        checked += 1
        // An alias alone (`source` for load), or a form, or the start of one (the README
        // leaves a long form's tail to `help`).
        if words.count == 1, command.aliases.contains(word) { continue }
        // `animate … in KEY`: a clause of the form before it, not a form.
        if words.count > 1, words[1] == "…" { continue }
        let forms = Self.forms(of: command.usage)
        #expect(
          span == command.usage
            || forms.contains { $0 == span || $0.hasPrefix(span + " ") || $0.hasPrefix(span + ",") },
          "the README writes '\(span)'; \(command.name)'s usage is '\(command.usage)'")
      }
    }
    #expect(checked >= 50, "the README's command forms were not found")
  }

  @Test("every Command declared in Sources/Shell is registered in the command table")
  func everyDeclaredCommandIsRegistered() throws {
    let shell = repositoryRoot.appendingPathComponent("Sources/Shell")
    let files = try #require(FileManager.default.enumerator(atPath: shell.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    var declared: [String] = []
    for file in files {
      let text = try String(
        contentsOf: shell.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (i, line) in lines.enumerated()
      where line.contains("static let ") && line.hasSuffix("= Command(") && i + 1 < lines.count {
        // The declaration's next line is `name: "NAME",`.
        let next = lines[i + 1].split(separator: "\"")
        if next.count >= 2, next[0].trimmingCharacters(in: .whitespaces) == "name:" {
          declared.append(String(next[1]))
        }
      }
    }
    #expect(declared.count >= 40, "the Command declarations were not found")
    let registered = Set(CommandTable.groups.flatMap(\.commands).map(\.name))
    #expect(Set(declared).subtracting(registered).isEmpty, "declared but in no group's list")
  }

  @Test("every Clause declared in Sources/Shell is in a command's list of clauses")
  func everyDeclaredClauseIsListed() throws {
    let shell = repositoryRoot.appendingPathComponent("Sources/Shell")
    let files = try #require(FileManager.default.enumerator(atPath: shell.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    var texts: [String: String] = [:]
    for file in files {
      texts[file] = try String(contentsOf: shell.appendingPathComponent(file), encoding: .utf8)
    }
    let everything = texts.values.joined(separator: "\n")
    var declared: [(file: String, owner: String, name: String)] = []
    for (file, text) in texts {
      var owner = ""
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        // A type at the file's top level: `enum AnimateClause {`, `extension Foo {`.
        if !line.hasPrefix(" "), words.count >= 2,
          ["enum", "struct", "extension", "final", "class"].contains(String(words[0]))
        {
          owner = String(words[words[0] == "final" ? 2 : 1]).trimmingCharacters(
            in: CharacterSet(charactersIn: "{:"))
        }
        guard line.contains(" static let "), line.contains("= Clause<"), words.count > 3 else {
          continue
        }
        declared.append((file, owner, String(words[2])))
      }
    }
    #expect(declared.count >= 40, "the Clause declarations were not found")
    let unlisted = declared.filter { d in
      !(texts[d.file] ?? "").contains("\(d.name).spec")
        && !everything.contains("\(d.owner).\(d.name).spec")
    }
    #expect(
      unlisted.isEmpty,
      "declared but in no list: \(unlisted.map { "\($0.owner).\($0.name) (\($0.file))" })")
  }
}
