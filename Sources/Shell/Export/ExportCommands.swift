import Core

/// `export`: the UIKit / Core Animation source that rebuilds the scene on iOS.
enum ExportCommands {
  static let all: [Command] = [export]

  static let export = Command(
    name: "export",
    usage: "export \(ExportLanguage.words.joined(separator: "|")) [LAYER] [to FILE]",
    abstract:
      "print (or write) the UIKit / Core Animation code that builds the same layers, cells and"
      + " pending animations on iOS",
    examples: ["export swift", "export objc like", "export swift like to Like.swift"],
    hints: [.keywords(ExportLanguage.words), .layer, .keywords(["to"]), .file],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    let names = ExportLanguage.words
    let languageToken = try inv.argument(1, "LANGUAGE (\(Suggestion.list(names)))")
    guard let language = ExportLanguage(rawValue: languageToken.text) else {
      throw inv.error(
        "unknown language '\(languageToken.text)'",
        suggestion: .nearest(to: languageToken.text, in: names, otherwise: .oneOf(names)),
        at: languageToken)
    }
    var rest = Array(inv.args.dropFirst())
    func isTo(_ t: Token) -> Bool { t.text == "to" && !t.quoted }
    var top = SceneModel.rootID
    if let first = rest.first, !isTo(first) {
      top = try inv.layer(first, in: s.scene.model, orKeyword: ["to"])
      rest.removeFirst()
    }
    var fileToken: Token? = nil
    if let to = rest.first {
      guard isTo(to) else { throw inv.unexpected(to, expected: ["to"]) }
      guard rest.count > 1 else {
        throw Diagnostic(
          "missing FILE after 'to'", hint: "usage: \(inv.command.usage)", at: inv.line,
          column: to.column + to.length, length: 1)
      }
      fileToken = rest[1]
      if rest.count > 2 {
        throw inv.error(
          "unexpected '\(rest[2].text)'", hint: "usage: \(inv.command.usage)", at: rest[2])
      }
    }
    var timers: [(timer: RepeatingTimer, next: Double)] = []
    for e in s.events {
      if case .timer(let t) = e.action { timers.append((t, e.time)) }
    }
    let text = SceneExporter.source(
      of: s.scene, in: language, top: top, actions: s.actions, timers: timers,
      scheduled: s.events)
    guard let fileToken else {
      s.sink.out(text)
      return
    }
    try inv.writing(fileToken, standardOutput: "leave out 'to FILE' to print the code instead") {
      () throws(OutputError) in try AtomicFile.write(Array(text.utf8), to: fileToken.text)
    }
    let lines =
      text.split(separator: "\n", omittingEmptySubsequences: false).count
      - (text.hasSuffix("\n") ? 1 : 0)
    s.wrote(Session.counted(lines, "line") + " of \(language.name)", to: fileToken.text)
  }
}

/// The languages `export` writes.
enum ExportLanguage: String, CaseIterable, Sendable {
  case swift
  case objc

  /// The language's name, as `export … to FILE` says what it wrote.
  var name: String {
    switch self {
    case .swift: return "Swift"
    case .objc: return "Objective-C"
    }
  }

  /// The words naming them, `export`'s first argument.
  static let words = allCases.map(\.rawValue)
}
