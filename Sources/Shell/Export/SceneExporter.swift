import Core

/// Writes the source `export` prints: a function that builds the layer tree (or one layer's
/// subtree) with its emitter cells, then adds the pending animations.
///
/// Everything is generated from the descriptor tables (`Layer.descriptors`,
/// `EmitterCell.descriptors`): a property is written when its value differs from a freshly made
/// object's, through Core Animation's own key (a key path such as `transform.scale` goes through
/// `setValue(_:forKeyPath:)`). The value's kind decides its literal: number, `CGPoint`, `CGSize`,
/// `CGRect`, `CGColor`, Boolean, the enumeration constant (Swift `.circle`, Objective-C prefix +
/// name, e.g. `kCAEmitterLayerCircle`), or an image by name. Knowledge of particular names is
/// kept small and in the stage that needs it: the Swift spellings the property tables declare
/// (`isHidden`), the root's properties the host places, a top-level `beginTime`, `shadowPath`,
/// emitter cells' String-typed filters in Swift, the animation flags Core Animation spells
/// `isX` in Swift, and `beginTime` and `duration` among the media-timing rows.
///
/// The stages, one file each in this folder: naming and the program (this file), the tree
/// (ExportTree.swift), actions, timers and scheduled commands (ExportBehaviour.swift),
/// animations (ExportAnimations.swift) and statements and literals (ExportValues.swift). Every
/// spelling that differs between Swift and Objective-C comes from the language's
/// `ExportDialect` (ExportDialect.swift); no stage asks which language it writes.
struct SceneExporter {
  let scene: Scene
  let language: ExportLanguage
  /// The top of the exported subtree (the root for the whole scene).
  let top: LayerID

  /// The generated statements, indented, without the header.
  var body: [String] = []
  /// Identifiers already taken.
  var taken: Set<String> = SceneExporter.reserved
  /// Each exported layer's identifier.
  var names: [LayerID: String] = [:]
  /// Image names the code loads, in first-use order.
  var images: [String] = []
  /// SF Symbols the code draws built-in images as, in first-use order.
  var symbols: [String] = []
  /// The named actions, written as local functions (Objective-C: blocks).
  var actions: [NamedAction] = []
  /// The session's latest binding of each `$NAME` (`Binding`), for an action that reads a
  /// layer no action makes.
  var latestBindings: [String: String] = [:]
  /// The pending repeating timers with their next run, written as `Timer`s.
  var timers: [(timer: RepeatingTimer, next: Double)] = []
  /// Each action's identifier.
  var actionNames: [String: String] = [:]
  /// The parameters of the action being written (`$NAME` in its commands), and of each
  /// action written, by name.
  var parameters: [ExportParameter] = []
  var actionParameters: [String: [ExportParameter]] = [:]
  /// Commands in actions and timers that have no code equivalent, for the header.
  var leftOut: [String] = []
  /// The pending scheduled commands (`after`, `at`) and `fire` stops, in scene-time order.
  var scheduled: [ScheduledEvent] = []
  /// Scheduled commands that have no code equivalent, for the header.
  var scheduledLeftOut: [String] = []
  /// Commands `translate` left out because they set a property of a layer outside the
  /// exported subtree.
  var outsideSubtree = 0
  /// The layers that copies in actions, timers and scheduled commands make, declared before
  /// those run (so that later blocks see them) and added to the tree where the copy happens.
  var hoisted: [String] = []

  private init(scene: Scene, language: ExportLanguage, top: LayerID) {
    self.scene = scene
    self.language = language
    self.top = top
  }

  /// The whole source text for `top`'s subtree (the root: the whole scene), with the named
  /// actions, the pending repeating timers and the pending scheduled commands and `fire` stops
  /// (`scheduled`, in scene-time order; timer runs among them are ignored).
  static func source(
    of scene: Scene, in language: ExportLanguage, top: LayerID, actions: [NamedAction] = [],
    latestBindings: [String: String] = [:],
    timers: [(timer: RepeatingTimer, next: Double)] = [], scheduled: [ScheduledEvent] = []
  ) -> String {
    var e = SceneExporter(scene: scene, language: language, top: top)
    e.actions = actions
    e.latestBindings = latestBindings
    e.timers = timers
    e.scheduled = scheduled.filter {
      if case .timer = $0.action { return false }
      return true
    }
    return e.generate()
  }

  /// The function the code defines: `buildBurstScene(in:)` in Swift, `BuildBurstScene` in
  /// Objective-C. `import` runs it with the hosting view, so an export reads back.
  static let entryPoints: [String] = ExportLanguage.allCases.map(\.dialect.entryPoint)

  // MARK: - Names

  /// Words an identifier must not be: Swift and C/Objective-C keywords, and the names the
  /// generated code uses itself.
  static let reserved = Set<String>([
    "_", "Any", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch",
    "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
    "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch",
    "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    "BOOL", "Class", "IMP", "NO", "NULL", "SEL", "YES", "auto", "bool", "char", "const", "double",
    "extern", "float", "goto", "id", "inline", "int", "long", "register", "restrict", "short",
    "signed", "sizeof", "typedef", "union", "unsigned", "void", "volatile",
    "view", "CALayer", "CAEmitterLayer", "CAEmitterCell",
    "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
    "CAMediaTimingFunction",
    "CACurrentMediaTime", "UIColor", "UIImage", "UIView", "NSValue", "NSNumber", "CGPoint",
    "CGSize", "CGRect", "CGPointMake", "CGSizeMake", "CGRectMake", "HUGE_VALF", "UIKit",
    "QuartzCore", "CGPath", "CGPathCreateWithRect", "CALayerContentsFilter", "CATransition",
    "kCATransition", "fired",
  ]).union(entryPoints)

  /// A valid Swift and Objective-C identifier for a Burst name: any character other than an
  /// ASCII letter, digit or `_` joins words in lower camel case (`b-kid` → `bKid`,
  /// `my layer` → `myLayer`), and one that would start with a digit gets a `_`
  /// (`3F2A-9` → `_3F2A9`). The real name is still what `name = …` sets.
  static func identifier(for name: String) -> String {
    func isWordCharacter(_ c: Character) -> Bool {
      c == "_" || (c.isASCII && (c.isLetter || c.isNumber))
    }
    let words = name.split(whereSeparator: { !isWordCharacter($0) })
    guard let first = words.first else { return "object" }
    var out = String(first)
    for w in words.dropFirst() {
      out += w.prefix(1).uppercased() + w.dropFirst()
    }
    if out.first?.isNumber == true { out = "_" + out }
    return out
  }

  /// A fresh identifier for `name`: its camel-case form, numbered from 2 when taken.
  mutating func unique(_ name: String) -> String {
    let base = Self.identifier(for: name)
    var candidate = base
    var n = 2
    while taken.contains(candidate) {
      candidate = "\(base)\(n)"
      n += 1
    }
    taken.insert(candidate)
    return candidate
  }

  // MARK: - The program

  /// How the language spells what the stages write.
  var dialect: any ExportDialect { language.dialect }

  mutating func generate() -> String {
    let m = scene.model
    let subtree = m.treeOrder.filter { isInSubtree($0) && $0 != SceneModel.rootID }
    guard !subtree.isEmpty else {
      return "// Generated by Burst at scene time \(number(scene.now)) s.\n"
        + "// The scene has no layers, so there is nothing to build.\n"
    }
    if top == SceneModel.rootID { rootSettings() }
    for id in subtree {
      guard let l = m.layer(id) else { continue }
      layer(l)
    }
    masks(subtree)
    var animated = subtree
    if top == SceneModel.rootID { animated.insert(SceneModel.rootID, at: 0) }
    var first = true
    for id in animated {
      guard let l = m.layer(id) else { continue }
      let t = scene.localTime(of: id, at: scene.now)
      for a in l.animations where !a.isRemoved(atLayerTime: t) {
        if first {
          body.append("")
          comment("Animations, added once the layers are in the tree.")
          first = false
        }
        animation(a, on: l)
      }
      if let tr = scene.transitions[id], !tr.isFinished(atLayerTime: t) {
        if first {
          body.append("")
          comment("Animations, added once the layers are in the tree.")
          first = false
        }
        transition(tr, on: l)
      }
    }
    let beforeBehaviour = body.count
    behaviour()
    pending()
    if !hoisted.isEmpty {
      body.insert(
        contentsOf: [
          "",
          "// Layers that actions, timers or copies (Burst's copy) make later, declared here",
          "// so that every block reaches the one made last.",
        ]
          + hoisted.drop { $0.isEmpty }, at: beforeBehaviour)
    }
    // The named actions are returned by name, for the host to call.
    let returned = actions.map { (name: $0.name, ident: actionNames[$0.name] ?? "") }
    if !returned.isEmpty {
      body.append("")
      comment("The named actions, by name: the host calls one where Burst says run NAME.")
      let pairs = returned.map {
        "\(string($0.name)): "
          + dialect.actionEntry($0.ident, parameters: actionParameters[$0.name] ?? [])
      }
      statement("return " + dialect.dictionary(pairs, array: array))
    }
    var out = header().map { "// " + $0 }.joined(separator: "\n") + "\n"
    let doc =
      "/// Builds the Burst scene in `view`, the hosting view (for example a view"
      + " controller's view)" + (returned.isEmpty ? ".\n" : "; returns its named actions.\n")
    out += dialect.imports + doc + dialect.signature(returnsActions: !returned.isEmpty)
    for statement in body {
      for line in statement.split(separator: "\n", omittingEmptySubsequences: false) {
        out += line.isEmpty ? "\n" : "  " + line + "\n"
      }
    }
    return out + "}\n"
  }

  /// The header's lines: what this is and what does not carry over.
  func header() -> [String] {
    let what = top == SceneModel.rootID ? "the scene" : "layer '\(layerName(top))'"
    var notes = [
      "Burst's random generator is its own, not Apple's, so particles will differ in detail"
        + " (even with the same seed).",
      "Times are relative to the export: an animation that Burst begins d s later gets"
        + " beginTime = CACurrentMediaTime() + d (negative when it was already running).",
      "Particles alive now and the clock are not exported; scheduled commands (at, after,"
        + " fire's stop) run at their remaining delays when they can be written as code.",
    ]
    if !leftOut.isEmpty {
      notes.append(
        "These commands of actions and timers have no code equivalent and are left out: "
          + leftOut.joined(separator: "; ") + ".")
    }
    if !scheduledLeftOut.isEmpty {
      notes.append(
        "These scheduled commands are not expressible as code and are left out: "
          + scheduledLeftOut.joined(separator: "; ") + ".")
    }
    if !actions.isEmpty || !timers.isEmpty {
      notes.append(
        "Actions and timers act through Core Animation's key paths on the layers as they are"
          + " now; an `until` is a time after the export (in an action: after it runs).")
    }
    if !images.isEmpty {
      let builtins = images.filter { BuiltinImages.names.contains($0) }
      notes.append(
        "Images load with UIImage(named:): add \(images.joined(separator: ", ")) to the app's"
          + " assets"
          + (builtins.isEmpty
            ? "."
            : " (`export images DIR` writes Burst's built-in "
              + "\(builtins.joined(separator: ", ")) as asset-catalog image sets)."))
    }
    if !symbols.isEmpty {
      notes.append(
        "Burst's built-in images are drawn as the SF Symbols \(symbols.joined(separator: ", "))"
          + " (iOS 13): a symbol's pixel size follows its configuration and the screen, so"
          + " particles may be another size than in Burst.")
    }
    if top == SceneModel.rootID {
      let root = scene.model.root
      let settings = Layer.sceneDescriptors.filter { $0.get(root) != $0.defaultValue }
        .map { "\($0.name) \(ValueFormatting.value($0.get(root)))" }
      if !settings.isEmpty {
        notes.append(
          "Burst's own settings have no Core Animation equivalent: "
            + settings.joined(separator: ", ") + ".")
      }
    }
    var lines = Self.wrap(
      "Generated by Burst (export \(language.rawValue)) at scene time \(number(scene.now)) s:"
        + " UIKit / Core Animation code that builds \(what) on iOS, with its layers, emitter"
        + " cells and pending animations.", first: "", rest: "")
    lines.append("What does not carry over:")
    for n in notes { lines += Self.wrap(n, first: "- ", rest: "  ") }
    return lines
  }

  /// Words wrapped to lines of at most 95 characters, the first starting with `first`, the
  /// others with `rest`.
  static func wrap(_ text: String, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    for word in text.split(separator: " ") {
      if line.count > rest.count, line.count + 1 + word.count > 95, line != first {
        lines.append(line)
        line = rest
      }
      line += (line == first || line == rest ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }
}
