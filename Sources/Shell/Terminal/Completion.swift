import Core
import Foundation

/// Tab completion, generated from the command table and the property tables: command names,
/// layer names, whole dotted key paths, property names, enumeration values after `set PATH` or
/// `KEY=`, image names, and file names.
enum Completion {
  /// Replacement words for the word at `wordStart..<wordEnd` (UTF-8 offsets) of `line`,
  /// sorted.
  static func candidates(
    line: String, wordStart: Int, wordEnd: Int, session: Session
  ) -> [String] {
    unsortedCandidates(line: line, wordStart: wordStart, wordEnd: wordEnd, session: session)
      .sorted()
  }

  private static func unsortedCandidates(
    line: String, wordStart: Int, wordEnd: Int, session: Session
  ) -> [String] {
    let bytes = Array(line.utf8)
    let start = max(0, min(wordStart, bytes.count))
    let end = max(start, min(wordEnd, bytes.count))
    let before = String(decoding: bytes[0..<start], as: UTF8.self)
    let word = String(decoding: bytes[start..<end], as: UTF8.self)
    // The current command is the text after the last ';'.
    let segment = before.split(separator: ";", omittingEmptySubsequences: false).last ?? ""
    let m = session.scene.model
    // A value after KEY=.
    if segment.hasSuffix("=") {
      let words = segment.split(separator: " ")
      guard words.count >= 3, let pair = words.last else { return [] }
      let key = String(pair.dropLast())
      let path = String(words[1]) + "." + key
      return values(for: path, model: m).filter { $0.hasPrefix(word) }
    }
    var words = segment.split(separator: " ").map(String.init)
    // Inside a block, the command after its `{`.
    while words.first == "{" { words.removeFirst() }
    guard let name = words.first else {
      return session.commands.allNames.filter { $0.hasPrefix(word) }
    }
    // A command that takes a COMMAND (`after SECONDS COMMAND …`, `every`, `action NAME`)
    // completes the inner command.
    if let k = session.commands.lookup(name)?.hints.firstIndex(of: .command), words.count > k {
      let inner = words.dropFirst(k + 1)
      let innerBefore = inner.joined(separator: " ") + (inner.isEmpty ? "" : " ")
      let innerLine = innerBefore + word
      return candidates(
        line: innerLine, wordStart: innerBefore.utf8.count, wordEnd: innerLine.utf8.count,
        session: session)
    }
    guard let command = session.commands.lookup(name) else { return [] }
    let position = words.count  // 1 = first argument
    let hint =
      command.hints.isEmpty
      ? ArgumentHint.none : command.hints[min(position - 1, command.hints.count - 1)]
    switch hint {
    case .command:
      return session.commands.allNames.filter { $0.hasPrefix(word) }
    case .layer:
      guard let parts = try? KeyPathSyntax.components(word, lenient: true), parts.count == 1
      else { return [] }
      return m.layerNames.filter { $0.hasPrefix(parts[0].text) }.map(KeyPathSyntax.spelled)
    case .object:
      return paths(prefix: word, model: m, objectsOnly: true)
    case .property:
      if position >= 2, name == SceneCommands.set.name {
        // After `set PATH`: values of that property, or KEY names of that object.
        if (try? m.resolveProperty(words[1])) != nil {
          return values(for: words[1], model: m).filter { $0.hasPrefix(word) }
        }
        if let ref = try? m.resolveObject(words[1]) {
          return m.infos(of: ref).filter(\.writable).map { $0.name + "=" }
            .filter { $0.hasPrefix(word) }
        }
        return []
      }
      return paths(prefix: word, model: m, objectsOnly: false)
    case .keywords(let k):
      return k.filter { $0.hasPrefix(word) }
    case .clauses:
      let start = (command.hints.firstIndex(of: .clauses) ?? 0) + 1
      var specs = command.clauses
      if name == MotionCommands.record.name, words.count > 1 {
        // Only the clauses the file's format takes (no dither after `record x.cast 1`).
        let format = try? RecordFormat.choose(String(words[1]), isDirectory: false).get()
        specs = MotionCommands.recordClauses(for: format)
      }
      let keywords = clauseWords(specs, after: words.dropFirst(start)).filter {
        $0.hasPrefix(word)
      }
      // `import A.swift B.swift`: more files until the first clause.
      if name == ImportCommands.importFile.name,
        !words.dropFirst(start).contains(where: { w in specs.contains { $0.name == w } })
      {
        return keywords + files(prefix: word)
      }
      return keywords
    case .file:
      return files(prefix: word)
    case .action:
      return session.actions.map { KeyPathSyntax.spelled($0.name) }.filter { $0.hasPrefix(word) }
    case .none, .newLayer:
      return []
    }
  }

  /// What may come after `before` among a command's clauses: right after a keyword, its
  /// values (timing function names after `timing`; nothing after `duration`, which takes a
  /// number); after a list's first value, more values or another keyword; else the keywords
  /// not given yet.
  static func clauseWords(_ specs: [ClauseSpec], after before: ArraySlice<String>) -> [String] {
    var last: ClauseSpec? = nil
    var count = 0
    var given: Set<String> = []
    for w in before {
      if let spec = specs.first(where: { $0.name == w }) {
        (last, count) = (spec, 0)
        given.insert(w)
      } else {
        count += 1
      }
    }
    let keywords = specs.map(\.name).filter { !given.contains($0) }
    guard let last else { return keywords }
    switch last.arity {
    case .one where count == 0: return last.values
    case .oneOrMore where count == 0: return last.values
    case .oneOrMore: return last.values + keywords
    default: return keywords
    }
  }

  /// Values a property may take, when they are a closed set.
  static func values(for path: String, model m: SceneModel) -> [String] {
    guard let ref = try? m.resolveProperty(path), let info = m.info(ref), ref.field == nil
    else { return [] }
    switch info.kind {
    case .enumeration(let cases, _): return cases
    case .bool: return PropertyKind.boolNames
    case .image: return ImageRef.words + [DrawnImage.word + "("]
    case .color: return Color.named.map(\.name)
    case .transform3D: return TransformExpression.completions
    default: return []
    }
  }

  /// Dotted key paths extending `prefix` by one component. Components that lead further end
  /// with `.` so the user can keep typing. Names are offered as key paths write them, quoted
  /// when not plain (`like.emitterCells."3F2A-9"`), and match what was typed with or without
  /// an opening quote.
  static func paths(prefix: String, model m: SceneModel, objectsOnly: Bool) -> [String] {
    guard let parts = try? KeyPathSyntax.components(prefix, lenient: true), let last = parts.last
    else { return [] }
    func names(_ list: [String], leading: Bool) -> [String] {
      list.filter { $0.hasPrefix(last.text) }.map {
        KeyPathSyntax.spelled($0) + (leading ? "." : "")
      }
    }
    guard parts.count > 1 else { return names(m.layerNames, leading: !objectsOnly) }
    // The path as written before the last component's dot.
    let head = String(prefix.prefix(last.offset - 1))
    let keyword = parts[parts.count - 2]
    if !keyword.quoted, keyword.text == "emitterCells" || keyword.text == "sublayers" {
      let ownerPath = String(prefix.prefix(max(0, keyword.offset - 1)))
      guard let owner = try? m.resolveObject(ownerPath) else { return [] }
      var next: [String] = []
      if keyword.text == "emitterCells" {
        switch owner {
        case .layer(let id): next = m.layer(id)?.cells.map(\.name) ?? []
        case .cell: next = m.cell(owner)?.cells.map(\.name) ?? []
        }
      } else if case .layer(let id) = owner, let l = m.layer(id) {
        next = l.sublayers.compactMap { m.layer($0)?.name }
      }
      return names(next, leading: !objectsOnly).map { head + "." + $0 }
    }
    guard !last.quoted else { return [] }
    var next: [String] = []
    if let object = try? m.resolveObject(head) {
      var hasCells = false
      switch object {
      case .layer(let id):
        if let l = m.layer(id) {
          hasCells = l.kind == .emitter
          if !l.sublayers.isEmpty { next.append("sublayers.") }
        }
      case .cell: hasCells = true
      }
      if hasCells { next.append("emitterCells.") }
      if !objectsOnly { next += m.infos(of: object).map(\.name) }
    } else if !objectsOnly, let ref = try? m.resolveProperty(head),
      let v = m.value(PropertyRef(object: ref.object, name: ref.name))
    {
      next = v.fieldNames.filter { !$0.contains(".") }
    }
    return next.filter { $0.hasPrefix(last.text) }.map { head + "." + $0 }
  }

  /// File and directory names (directories end with `/`).
  static func files(prefix: String) -> [String] {
    let dir: String
    let base: String
    if let slash = prefix.lastIndex(of: "/") {
      dir = String(prefix[...slash])
      base = String(prefix[prefix.index(after: slash)...])
    } else {
      dir = ""
      base = prefix
    }
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir) else {
      return []
    }
    var out: [String] = []
    for n in names.sorted() where n.hasPrefix(base) && (!n.hasPrefix(".") || base.hasPrefix(".")) {
      var isDir: ObjCBool = false
      let exists = fm.fileExists(atPath: dir + n, isDirectory: &isDir)
      out.append(dir + n + (exists && isDir.boolValue ? "/" : ""))
    }
    return out
  }
}
