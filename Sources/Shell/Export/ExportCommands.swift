import Core

/// `export`: the UIKit / Core Animation source that rebuilds the scene on iOS.
enum ExportCommands {
  static let all: [Command] = [export]

  static let export = Command(
    name: "export",
    usage: "export \(ExportLanguage.words.joined(separator: "|")) [LAYER] [to FILE]"
      + " | export \(calibrationWord) \(Calibration.languages.joined(separator: "|")) [to FILE]"
      + " | export \(imagesWord) DIR",
    abstract:
      "print (or write) the UIKit / Core Animation code that builds the same layers, cells and"
      + " pending animations on iOS",
    discussion:
      "export \(calibrationWord) swift writes a view of three probes whose pictures differ"
      + " under each of Burst's readings (scene.rangeRule, emissionRangeRule, emissionCone,"
      + " lineDirection), to run on a device; export \(calibrationWord) burst prints the same"
      + " probes as a script to load and sweep here. export \(imagesWord) DIR writes each of"
      + " Burst's built-in images that the exported code loads by name (not those drawn as SF"
      + " Symbols) as an asset-catalog image set, DIR/NAME.imageset, with the same pixels at"
      + " 1x, 2x and 3x (a particle's size follows its image's pixels, so every screen shows it"
      + " the size Burst does).",
    examples: [
      "export swift", "export objc like", "export swift like to Like.swift",
      "export \(calibrationWord) swift to Calibration.swift",
      "export \(imagesWord) Assets.xcassets",
    ],
    hints: [
      .keywords(ExportLanguage.words + [calibrationWord, imagesWord]), .layer, .keywords(["to"]),
      .file,
    ],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    let names = ExportLanguage.words
    let languageToken = try inv.argument(1, "LANGUAGE (\(Suggestion.list(names)))")
    if languageToken.text == calibrationWord, !languageToken.quoted {
      try exportCalibration(s, inv)
      return
    }
    if languageToken.text == imagesWord, !languageToken.quoted {
      try exportImages(s, inv)
      return
    }
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
      of: s.scene, in: language, top: top, actions: s.actions,
      latestBindings: s.undoable.latestBindings, timers: timers,
      scheduled: s.events)
    try deliver(text, as: language.name, to: fileToken, s, inv)
  }

  /// The word after `export` that asks for the calibration view.
  static let calibrationWord = "calibration"

  /// The word after `export` that writes the built-in images as asset-catalog image sets.
  static let imagesWord = "images"

  /// `export images DIR`: each built-in image the exported code loads by name, as
  /// DIR/NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png (the same pixels) and the
  /// Contents.json Xcode reads. DIR is made if its parent exists; an image set already there
  /// has its files replaced. Every image is encoded before anything is written.
  static func exportImages(_ s: Session, _ inv: Invocation) throws(Diagnostic) {
    let dirToken = try inv.argument(2, "DIR (the asset catalog, e.g. Assets.xcassets)")
    if inv.args.count > 2 {
      throw inv.error(
        "unexpected '\(inv.args[2].text)'", hint: "usage: export \(imagesWord) DIR",
        at: inv.args[2])
    }
    let names = SymbolImages.namedBuiltins(in: s.scene, under: SceneModel.rootID)
    guard !names.isEmpty else {
      s.sink.out(
        "nothing to write: the exported code loads no built-in image by name (SF Symbols and"
          + " your own image files need none)\n")
      return
    }
    let dir = dirToken.text
    var sets: [(name: String, png: [UInt8])] = []
    for name in names {
      guard let image = BuiltinImages.named(name) else { continue }
      let png = try inv.writing(dirToken) { () throws(OutputError) in
        try PNGFile.encode(Canvas(image), path: dir + "/" + name + ".png")
      }
      sets.append((name, png))
    }
    try inv.writing(dirToken) { () throws(OutputError) in
      try AssetCatalog.makeDirectory(dir)
      for (name, png) in sets {
        let folder = dir + "/" + name + ".imageset"
        try AssetCatalog.makeDirectory(folder)
        for (file, _) in AssetCatalog.scales(of: name) {
          try AtomicFile.write(png, to: folder + "/" + file)
        }
        try AtomicFile.write(
          Array(AssetCatalog.contents(of: name).utf8), to: folder + "/Contents.json")
      }
    }
    s.wrote(
      Session.counted(sets.count, "image set") + " ("
        + sets.map(\.name).joined(separator: ", ") + ")", to: dir)
  }

  /// `export calibration swift|burst [to FILE]`.
  static func exportCalibration(_ s: Session, _ inv: Invocation) throws(Diagnostic) {
    let names = Calibration.languages
    let languageToken = try inv.argument(2, "LANGUAGE (\(Suggestion.list(names)))")
    guard names.contains(languageToken.text) else {
      throw inv.error(
        "the calibration is written in \(Suggestion.list(names)), not '\(languageToken.text)'",
        suggestion: .nearest(to: languageToken.text, in: names, otherwise: .oneOf(names)),
        at: languageToken)
    }
    let rest = Array(inv.args.dropFirst(2))
    var fileToken: Token? = nil
    if let to = rest.first {
      guard to.text == "to", !to.quoted else { throw inv.unexpected(to, expected: ["to"]) }
      guard rest.count == 2 else {
        throw inv.error(
          rest.count < 2 ? "missing FILE after 'to'" : "unexpected '\(rest[2].text)'",
          hint: "usage: \(inv.command.usage)", at: rest.count < 2 ? to : rest[2])
      }
      fileToken = rest[1]
    }
    let text = try Calibration.source(languageToken.text)
    let what = languageToken.text == "swift" ? "Swift" : "Burst script"
    try deliver(text, as: what, to: fileToken, s, inv)
  }

  /// Prints `text`, or writes it to the file `fileToken` names and says so.
  static func deliver(
    _ text: String, as what: String, to fileToken: Token?, _ s: Session, _ inv: Invocation
  ) throws(Diagnostic) {
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
    s.wrote(Session.counted(lines, "line") + " of \(what)", to: fileToken.text)
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
