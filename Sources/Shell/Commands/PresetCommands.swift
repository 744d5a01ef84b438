import Core

/// One ready emitter: a script in examples/presets, compiled into the binary
/// (`EmbeddedPresets`), that builds one emitter layer and its cells for the current scene.
struct Preset: Sendable {
  /// The file's stem: `fire`.
  let name: String
  /// The one-line description: the file's first comment line, after its `NAME — `.
  let summary: String
  let file: EmbeddedFile

  init(_ file: EmbeddedFile) {
    self.file = file
    name = file.stem
    summary = Preset.summary(of: file.text, name: file.stem)
  }

  /// The first line of `text` without its `# NAME — ` (or `# `).
  static func summary(of text: String, name: String) -> String {
    let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    var s = Substring(first)
    if s.hasPrefix("#") { s = s.dropFirst() }
    s = s.drop { $0 == " " }
    for prefix in [name + " — ", name + " - ", name + ": "] where s.hasPrefix(prefix) {
      s = s.dropFirst(prefix.count)
    }
    return String(s)
  }

  /// Where messages place the preset's lines.
  var path: String { "presets/\(file.name)" }
}

/// The clauses of `preset`.
enum PresetClause {
  static let name = Clause<Token>.word(
    "as", "LAYER", expects: "one name",
    help: "the new layer's name (default: the preset's name and the first unused number, as in"
      + " fire1, fire2)")
  static let at = Clause<Token>.word(
    "at", "X,Y", expects: "one point",
    help: "where the emitter sits (its emitterPosition), in scene points; scene.width and"
      + " scene.height may be used (default: the preset's own place)")

  static let all: [ClauseSpec] = [name.spec, at.spec]
}

/// `preset`: ready emitters, tuned to the scene's size.
enum PresetCommands {
  static let all: [Command] = [preset]

  /// Every preset, in name order.
  static let presets: [Preset] = EmbeddedPresets.files.map(Preset.init)

  static var names: [String] { presets.map(\.name) }

  static let preset = Command(
    name: "preset", usage: "preset [NAME [as LAYER] [at X,Y]]",
    abstract: "list the ready emitters, or add one (fire, smoke, snow, rain, …) to the scene",
    discussion:
      "preset alone lists the presets with a line about each. preset NAME adds the emitter layer"
      + " that examples/presets/NAME.burst builds (the scripts are compiled into burst), sized"
      + " for the current scene: the script runs in an empty scene of the same size, where its"
      + " numbers may name scene.width and scene.height, and its one emitter layer, with its"
      + " cells, is added to the scene as the last sublayer of the root. The layer is named"
      + " LAYER, or else the preset's name with the first number not yet taken (fire1, fire2,"
      + " …), since command words such as fire cannot name layers. at X,Y moves the emitter"
      + " (its emitterPosition) there instead of the preset's own place. Its seed is the file's"
      + " plus the number of emitter layers already in the scene (Burst's choice), so two of the"
      + " same preset do not move in step. Its beginTime is now (as fire sets it), so it starts"
      + " afresh. The layer is an ordinary one afterwards: set, tree, save and export treat it"
      + " like any other, and save writes the preset command itself. The values are Burst's own"
      + " choices, tuned by eye; docs/presets.md says why each is what it is and how to tune it.",
    examples: ["preset", "preset fire", "preset snow as flakes", "preset sparks at 100,80"],
    hints: [.keywords(names), .clauses], clauses: PresetClause.all
  ) { s, inv throws(Diagnostic) in
    guard inv.args.count > 0 else {
      s.sink.out(listing())
      return
    }
    let nameToken = try inv.argument(1, "NAME")
    guard !nameToken.quoted, let p = presets.first(where: { $0.name == nameToken.text }) else {
      throw inv.error(
        "no preset '\(Diagnostic.window(nameToken.text, column: 1).0)'",
        suggestion: .nearest(
          to: nameToken.text, in: names,
          otherwise: .text("presets: " + names.joined(separator: ", "))
        ), at: nameToken)
    }
    let c = try inv.clauses(from: 2)
    let size = s.scene.model.root.properties.bounds.size
    var layer = try build(p, size: size, s: s, inv: inv)
    if let t = try c.value(PresetClause.at) {
      layer.emitter.emitterPosition = try inv.lift(t, prefix: "bad value for at") {
        () throws(ValueError) in
        guard case .point(let v) = try PropertyKind.point.parse(t.text, scene: size) else {
          throw ValueError("expected a point")
        }
        return v
      }
    }
    // Its own random streams: the file's seed plus the emitters already in the scene, so two
    // of the same preset differ (in an empty scene, the seed the file gives).
    let emitters = s.scene.model.treeOrder.filter { s.scene.model.layer($0)?.kind == .emitter }
    layer.emitter.seed = (layer.emitter.seed + emitters.count) % (1 << 32)  // a UInt32 wraps
    let layerName: String
    let nameAt: Token
    if let t = try c.value(PresetClause.name) {
      try SceneCommands.refuseCommandName(t, s, inv)
      layerName = t.text
      nameAt = t
    } else {
      layerName = firstFreeName(p.name, in: s.scene.model)
      nameAt = nameToken
    }
    let id = try inv.lift(nameAt) { () throws(ValueError) in
      try s.scene.model.addCopy(of: layer, named: layerName, parent: SceneModel.rootID)
    }
    // It starts now, as fire starts an emitter and as an app starts a new one: beginTime is
    // now in the parent's time, so iOS 7+ back-fills no "future" particles.
    let begin = PropertyRef(object: .layer(id), name: "beginTime", field: nil)
    s.scene.model.apply(
      .number(s.scene.localTime(of: SceneModel.rootID, at: s.scene.now)), to: begin)
  }

  /// `preset` alone: each name and its line, the names padded to one column.
  static func listing() -> String {
    let width = presets.map(\.name.count).max() ?? 0
    return presets.map { p in
      p.name + String(repeating: " ", count: width - p.name.count + 2) + p.summary + "\n"
    }.joined()
  }

  /// `name` followed by the first number from 1 that names no layer yet.
  static func firstFreeName(_ name: String, in model: SceneModel) -> String {
    var n = 1
    while model.layerID(named: "\(name)\(n)") != nil { n += 1 }
    return "\(name)\(n)"
  }

  /// Runs the preset's script in an empty scene of `size` and returns the one emitter layer it
  /// built. Its warnings, if any, are passed on; an error is the preset's.
  static func build(_ p: Preset, size: Size, s: Session, inv: Invocation) throws(Diagnostic)
    -> Layer
  {
    let out = CapturedOutput()
    let scratch = Session(sink: out)
    scratch.interruptRequested = s.interruptRequested
    let root = SceneModel.rootID
    scratch.scene.model.apply(
      .rect(Rect(0, 0, size.width, size.height)),
      to: PropertyRef(object: .layer(root), name: "bounds", field: nil))
    scratch.scene.model.apply(
      .point(Point(size.width / 2, size.height / 2)),
      to: PropertyRef(object: .layer(root), name: "position", field: nil))
    if let e = scratch.run(source: p.file.text, file: p.path) {
      if e.isInterrupt { throw e }
      let at = e.line.map { "\($0.file):\($0.number): " } ?? ""
      throw inv.error(
        "preset '\(p.name)' failed for a \(ValueFormatting.number(size.width))×"
          + "\(ValueFormatting.number(size.height)) scene: \(at)\(e.message)",
        hint: e.hint, at: inv.nameToken)
    }
    if !out.stderr.isEmpty { s.sink.err(out.stderr) }
    let model = scratch.scene.model
    guard model.root.sublayers.count == 1, let layer = model.layer(model.root.sublayers[0]),
      layer.kind == .emitter, scratch.scene.now == 0, scratch.events.isEmpty
    else {
      throw inv.error(
        "preset '\(p.name)' must build exactly one emitter layer, without moving the clock or"
          + " scheduling", at: inv.nameToken)
    }
    return layer
  }
}
