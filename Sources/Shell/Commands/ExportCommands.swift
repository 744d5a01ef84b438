import Core

/// `export`: the UIKit / Core Animation source that rebuilds the scene on iOS.
enum ExportCommands {
  static let all: [Command] = [export]

  static let export = Command(
    name: "export", usage: "export swift|objc [LAYER] [to FILE]",
    abstract:
      "print (or write) the UIKit / Core Animation code that builds the same layers, cells and"
      + " pending animations on iOS",
    examples: ["export swift", "export objc like", "export swift like to Like.swift"],
    hints: [.keywords(ExportLanguage.allCases.map(\.rawValue)), .layer, .keywords(["to"]), .file],
    effect: .display
  ) { s, inv throws(Diagnostic) in
    let languageToken = try inv.argument(1, "LANGUAGE (swift or objc)")
    guard let language = ExportLanguage(rawValue: languageToken.text) else {
      let names = ExportLanguage.allCases.map(\.rawValue)
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
    let text = SceneExporter.source(of: s.scene, in: language, top: top)
    guard let fileToken else {
      s.sink.out(text)
      return
    }
    try inv.writing(fileToken, standardOutput: "leave out 'to FILE' to print the code instead") {
      () throws(OutputError) in try AtomicFile.write(Array(text.utf8), to: fileToken.text)
    }
  }
}

/// The languages `export` writes.
enum ExportLanguage: String, CaseIterable, Sendable {
  case swift
  case objc
}

/// Writes the source `export` prints: a function that builds the layer tree (or one layer's
/// subtree) with its emitter cells, then adds the pending animations.
///
/// Everything is generated from the descriptor tables (`Layer.descriptors`,
/// `EmitterCell.descriptors`): a property is written when its value differs from a freshly made
/// object's, through Core Animation's own key (a key path such as `transform.scale` goes through
/// `setValue(_:forKeyPath:)`). The value's kind decides its literal: number, `CGPoint`, `CGSize`,
/// `CGRect`, `CGColor`, Boolean, the enumeration constant (Swift `.circle`, Objective-C prefix +
/// name, e.g. `kCAEmitterLayerCircle`), or an image by name. The only per-name knowledge is the
/// Swift spellings the property tables declare (`isHidden`) and how the scene's root and a
/// top-level `beginTime` are placed.
struct SceneExporter {
  let scene: Scene
  let language: ExportLanguage
  /// The top of the exported subtree (the root for the whole scene).
  let top: LayerID

  /// The generated statements, indented, without the header.
  private var body: [String] = []
  /// Identifiers already taken.
  private var taken: Set<String> = SceneExporter.reserved
  /// Each exported layer's identifier.
  private var names: [LayerID: String] = [:]
  /// Image names the code loads, in first-use order.
  private var images: [String] = []

  private init(scene: Scene, language: ExportLanguage, top: LayerID) {
    self.scene = scene
    self.language = language
    self.top = top
  }

  /// The whole source text for `top`'s subtree (the root: the whole scene).
  static func source(of scene: Scene, in language: ExportLanguage, top: LayerID) -> String {
    var e = SceneExporter(scene: scene, language: language, top: top)
    return e.generate()
  }

  // MARK: - Core Animation's spellings

  /// Swift's names for properties whose Objective-C getter is `isX`; every other key is spelled
  /// the same in Burst, Swift and Objective-C.

  /// The Objective-C constant prefixes of the animation enumerations (the layer and cell
  /// enumerations carry theirs in their `PropertyKind`).
  static let calculationModePrefix = "kCAAnimation"
  static let timingFunctionPrefix = "kCAMediaTimingFunction"

  /// Words an identifier must not be: Swift and C/Objective-C keywords, and the names the
  /// generated code uses itself.
  static let reserved: Set<String> = [
    "_", "Any", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch",
    "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
    "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch",
    "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    "BOOL", "Class", "IMP", "NO", "NULL", "SEL", "YES", "auto", "bool", "char", "const", "double",
    "extern", "float", "goto", "id", "inline", "int", "long", "register", "restrict", "short",
    "signed", "sizeof", "typedef", "union", "unsigned", "void", "volatile",
    "view", "buildBurstScene", "BuildBurstScene", "CALayer", "CAEmitterLayer", "CAEmitterCell",
    "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAMediaTimingFunction",
    "CACurrentMediaTime", "UIColor", "UIImage", "UIView", "NSValue", "NSNumber", "CGPoint",
    "CGSize", "CGRect", "CGPointMake", "CGSizeMake", "CGRectMake", "HUGE_VALF", "UIKit",
    "QuartzCore",
  ]

  /// A valid identifier for a Burst name: `-` joins words in lower camel case (`b-kid` →
  /// `bKid`).
  static func identifier(for name: String) -> String {
    let words = name.split(separator: "-")
    guard let first = words.first else { return "object" }
    var out = String(first)
    for w in words.dropFirst() {
      out += w.prefix(1).uppercased() + w.dropFirst()
    }
    return out
  }

  /// A fresh identifier for `name`: its camel-case form, numbered from 2 when taken.
  private mutating func unique(_ name: String) -> String {
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

  private var swift: Bool { language == .swift }

  private mutating func generate() -> String {
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
    }
    var out = header().map { "// " + $0 }.joined(separator: "\n") + "\n"
    if swift {
      out += "import QuartzCore\nimport UIKit\n\n"
      out +=
        "/// Builds the Burst scene in `view`, the hosting view (for example a view"
        + " controller's view).\n"
      out += "func buildBurstScene(in view: UIView) {\n"
    } else {
      out += "#import <QuartzCore/QuartzCore.h>\n#import <UIKit/UIKit.h>\n\n"
      out +=
        "/// Builds the Burst scene in `view`, the hosting view (for example a view"
        + " controller's view).\n"
      out += "void BuildBurstScene(UIView *view) {\n"
    }
    for statement in body {
      for line in statement.split(separator: "\n", omittingEmptySubsequences: false) {
        out += line.isEmpty ? "\n" : "  " + line + "\n"
      }
    }
    return out + "}\n"
  }

  /// The header's lines: what this is and what does not carry over.
  private func header() -> [String] {
    let what = top == SceneModel.rootID ? "the scene" : "layer '\(layerName(top))'"
    var notes = [
      "Burst's random generator is its own, not Apple's, so particles will differ in detail"
        + " (even with the same seed).",
      "Times are relative to the export: an animation that Burst begins d s later gets"
        + " beginTime = CACurrentMediaTime() + d (negative when it was already running).",
      "Particles alive now, scheduled commands (at, after, fire) and the clock are not exported.",
    ]
    if !images.isEmpty {
      notes.append(
        "Images load with UIImage(named:): add \(images.joined(separator: ", ")) to the app's"
          + " assets.")
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

  private func layerName(_ id: LayerID) -> String { scene.model.layer(id)?.name ?? "" }

  private func isInSubtree(_ id: LayerID) -> Bool {
    var cur: LayerID? = id
    while let c = cur {
      if c == top { return true }
      cur = scene.model.layer(c)?.parent
    }
    return false
  }

  /// The identifier a layer is reached by (`view.layer` for the root).
  private func target(_ l: Layer) -> String {
    l.id == SceneModel.rootID ? "view.layer" : names[l.id] ?? Self.identifier(for: l.name)
  }

  /// The root: its bounds and background become the view's, the rest `view.layer`'s.
  private mutating func rootSettings() {
    let root = scene.model.root
    let p = root.properties
    comment("The scene: `view` is the hosting view.")
    statement("view.bounds = " + rect(p.bounds))
    statement("view.backgroundColor = " + uiColor(p.backgroundColor))
    // The root's name and position belong to the host, its bounds and background to the view.
    properties(
      Layer.layerDescriptors.filter { !$0.placedByHost }, of: root,
      fresh: Layer.new(.layer), target: "view.layer", relativeBegin: false)
  }

  /// A layer's declaration, properties and cells, then `addSublayer`.
  private mutating func layer(_ l: Layer) {
    let ident = unique(l.name)
    names[l.id] = ident
    let type = l.kind == .emitter ? "CAEmitterLayer" : "CALayer"
    body.append("")
    statement(swift ? "let \(ident) = \(type)()" : "\(type) *\(ident) = [\(type) layer]")
    statement("\(ident).name = " + string(l.name))
    properties(
      l.descriptors, of: l, fresh: Layer.new(l.kind == .emitter ? .emitter : .layer), target: ident,
      relativeBegin: defaultTimingAbove(l.id))
    if l.kind == .emitter { cells(l.cells, owner: ident) }
    var parent = "view.layer"
    if let pid = l.parent, pid != SceneModel.rootID {
      if l.id != top, let p = names[pid] {
        parent = p
      } else {
        comment("In Burst, '\(l.name)' is a sublayer of '\(layerName(pid))'.")
      }
    }
    statement(swift ? "\(parent).addSublayer(\(ident))" : "[\(parent) addSublayer:\(ident)]")
  }

  /// Cells with their sub-cells, then the owner's `emitterCells`.
  private mutating func cells(_ list: [EmitterCell], owner: String) {
    guard !list.isEmpty else { return }
    var idents: [String] = []
    for c in list {
      let ident = unique(c.name)
      idents.append(ident)
      statement(
        swift
          ? "let \(ident) = CAEmitterCell()"
          : "CAEmitterCell *\(ident) = [CAEmitterCell emitterCell]"
      )
      statement("\(ident).name = " + string(c.name))
      properties(
        EmitterCell.descriptors, of: c, fresh: EmitterCell(id: 0, name: ""), target: ident,
        relativeBegin: false)
      cells(c.cells, owner: ident)
    }
    statement("\(owner).emitterCells = " + array(idents))
  }

  /// Whether the layer's ancestors all keep the default timing, so that its parent's time is
  /// Burst's scene time shifted by the export moment.
  private func defaultTimingAbove(_ id: LayerID) -> Bool {
    var cur = scene.model.layer(id)?.parent
    while let c = cur, let l = scene.model.layer(c) {
      let t = l.properties.timing
      guard t.beginTime == 0, t.speed == 1, t.timeOffset == 0 else { return false }
      cur = l.parent
    }
    return true
  }

  /// Assignments for the writable properties whose values differ from a fresh object's,
  /// each value once (`PropertyDescriptor.assignments`). With `relativeBegin`, `beginTime` is
  /// in scene time, so it is written relative to the export.
  private mutating func properties<Root>(
    _ descriptors: [PropertyDescriptor<Root>], of object: Root, fresh: Root, target: String,
    relativeBegin: Bool
  ) {
    let chosen = PropertyDescriptor.assignments(descriptors, of: object, from: fresh)
    for (d, v) in chosen {
      if case .image(let ref) = v, let name = Self.imageName(ref), !images.contains(name) {
        images.append(name)
      }
      if relativeBegin, d.name == "beginTime", let b = v.number {
        statement("\(target).beginTime = " + relativeTime(b - scene.now, to: nil))
      } else if d.name.contains(".") {
        setValue(boxed(v, kind: d.kind), keyPath: d.name, on: target)
      } else {
        let key = swift ? d.swiftName ?? d.name : d.name
        statement("\(target).\(key) = " + expression(v, kind: d.kind))
      }
    }
  }

  // MARK: - Animations

  /// An animation's declaration, values, timing and `add(_:forKey:)`.
  private mutating func animation(_ a: LayerAnimation, on l: Layer) {
    let owner = target(l)
    let ident = unique((l.id == SceneModel.rootID ? "scene" : owner) + "-animation")
    let keyPath = Self.coreAnimationKeyPath(a, on: l)
    // The values' kind: the whole property's, or a number for a field.
    let table = a.cellPath.isEmpty ? l.descriptors.map(\.info) : EmitterCell.descriptors.map(\.info)
    let whole = table.first { $0.name == a.property }?.defaultValue ?? .number(0)
    let shape: PropertyValue = a.field == nil ? whole : .number(0)
    func value(_ c: [Double]) -> String {
      boxed(shape.withComponents(c) ?? .number(c.first ?? 0), kind: .number(-1e9...1e9))
    }
    let type: String
    switch a.spec {
    case .basic: type = "CABasicAnimation"
    case .keyframe: type = "CAKeyframeAnimation"
    case .spring: type = "CASpringAnimation"
    }
    statement(
      swift
        ? "let \(ident) = \(type)(keyPath: \(string(keyPath)))"
        : "\(type) *\(ident) = [\(type) animationWithKeyPath:\(string(keyPath))]")
    func set(_ key: String, _ v: String, objc objcKey: String? = nil) {
      statement("\(ident).\(swift ? key : objcKey ?? key) = \(v)")
    }
    switch a.spec {
    case .basic(let from, let to, let by):
      if let from { set("fromValue", value(from)) }
      if let to { set("toValue", value(to)) }
      if let by { set("byValue", value(by)) }
    case .keyframe(let curve):
      keyframes(curve, ident: ident, values: curve.values.map(value))
    case .spring(let from, let to, let curve):
      let defaults = SpringCurve()
      let springs: [(String, Double, Double)] = [
        ("mass", curve.mass, defaults.mass), ("stiffness", curve.stiffness, defaults.stiffness),
        ("damping", curve.damping, defaults.damping),
        ("initialVelocity", curve.initialVelocity, defaults.initialVelocity),
      ]
      for (key, v, d) in springs where v != d { set(key, number(v)) }
      if let from { set("fromValue", value(from)) }
      set("toValue", value(to))
    }
    let timing = a.timing
    if case .spring(_, _, let curve) = a.spec, timing.duration == curve.settlingDuration {
      set("duration", "\(ident).settlingDuration")
    } else {
      set("duration", number(timing.duration))
    }
    let delay =
      ((timing.beginTime - scene.localTime(of: l.id, at: scene.now)) * 1e9).rounded()
      / 1e9
    if delay != 0 {
      let chainIsDefault =
        defaultTimingAbove(l.id) && l.properties.timing.beginTime == 0
        && l.properties.timing.speed == 1 && l.properties.timing.timeOffset == 0
      set("beginTime", relativeTime(delay, to: chainIsDefault ? nil : owner))
    }
    if let f = a.timingFunction { set("timingFunction", timingFunction(f)) }
    // The rest of CAMediaTiming, from its table (beginTime and duration are written above).
    for d in MediaTiming.descriptors where d.name != "beginTime" && d.name != "duration" {
      let v = d.get(timing)
      if v != d.defaultValue { set(d.name, expression(v, kind: d.kind)) }
    }
    if !a.removedOnCompletion {
      set("isRemovedOnCompletion", bool(false), objc: "removedOnCompletion")
    }
    if a.additive { set("isAdditive", bool(true), objc: "additive") }
    if a.cumulative { set("isCumulative", bool(true), objc: "cumulative") }
    let key = a.key.map(string) ?? "nil"
    statement(
      swift
        ? "\(owner).add(\(ident), forKey: \(key))"
        : "[\(owner) addAnimation:\(ident) forKey:\(key)]")
  }

  /// The key path as Core Animation spells it, relative to the layer: the cells by name
  /// (`emitterCells.burst.emitterCells.spark.birthRate`), then the property and its field, with
  /// Burst's rect shorthands spelled out (`bounds.width` → `bounds.size.width`).
  static func coreAnimationKeyPath(_ a: LayerAnimation, on l: Layer) -> String {
    var parts: [String] = []
    var list = l.cells
    for id in a.cellPath {
      guard let c = list.first(where: { $0.id == id }) else { return a.keyPath }
      parts += ["emitterCells", c.name]
      list = c.cells
    }
    parts.append(a.property)
    if let field = a.field {
      let rectFields = [
        "x": "origin.x", "y": "origin.y", "width": "size.width", "height": "size.height",
      ]
      let table =
        a.cellPath.isEmpty ? l.descriptors.map(\.info) : EmitterCell.descriptors.map(\.info)
      let isRect = table.first { $0.name == a.property }?.kind == .rect
      parts.append(isRect ? rectFields[field] ?? field : field)
    }
    return parts.joined(separator: ".")
  }

  /// A keyframe animation's values, key times, mode, timing functions and cubic parameters.
  private mutating func keyframes(_ curve: KeyframeCurve, ident: String, values: [String]) {
    func set(_ key: String, _ v: String) { statement("\(ident).\(key) = \(v)") }
    set("values", array(values))
    let n = curve.values.count
    let keyed: Set<KeyframeCurve.CalculationMode> = [.linear, .cubic, .discrete]
    let even = Self.evenKeyTimes(count: curve.mode == .discrete ? n + 1 : n)
    let explicitKeyTimes =
      keyed.contains(curve.mode)
      && (curve.keyTimes.count != even.count
        || zip(curve.keyTimes, even).contains { abs($0 - $1) > 1e-12 })
    if explicitKeyTimes { set("keyTimes", array(curve.keyTimes.map(boxedNumber))) }
    if curve.mode != .linear {
      set(
        "calculationMode",
        enumeration(curve.mode.rawValue, prefix: Self.calculationModePrefix))
    }
    // The curve keeps its inputs as given, so they are written back as they are.
    if !curve.segmentFunctions.isEmpty {
      set("timingFunctions", array(curve.segmentFunctions.map(timingFunction)))
    }
    for (key, list) in [
      ("tensionValues", curve.tension), ("continuityValues", curve.continuity),
      ("biasValues", curve.bias),
    ] {
      if let list { set(key, array(list.map(boxedNumber))) }
    }
  }

  /// Evenly spaced key times: i / (count − 1).
  private static func evenKeyTimes(count: Int) -> [Double] {
    guard count > 1 else { return count == 1 ? [0] : [] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  // MARK: - Statements

  private mutating func statement(_ s: String) {
    body.append(swift ? s : s + ";")
  }

  private mutating func comment(_ s: String) {
    body.append("// " + s)
  }

  private mutating func setValue(_ v: String, keyPath: String, on target: String) {
    statement(
      swift
        ? "\(target).setValue(\(v), forKeyPath: \(string(keyPath)))"
        : "[\(target) setValue:\(v) forKeyPath:\(string(keyPath))]")
  }

  /// `CACurrentMediaTime() + d`, in `layer`'s time when its timing differs from the scene's.
  private func relativeTime(_ d: Double, to layer: String?) -> String {
    var now = "CACurrentMediaTime()"
    if let layer {
      now =
        swift
        ? "\(layer).convertTime(\(now), from: nil)" : "[\(layer) convertTime:\(now) fromLayer:nil]"
    }
    guard d != 0 else { return now }
    return now + (d < 0 ? " - " : " + ") + number(abs(d))
  }

  // MARK: - Values

  /// The shortest literal that reads back to the same Double.
  private func number(_ x: Double) -> String { ValueFormatting.number(x) }

  /// A colour component: short decimals as they are, 8-bit values as `k / 255.0`.
  private func component(_ x: Double) -> String {
    let short = number(x)
    guard short.count > 6, abs(x) <= 1 else { return short }
    let k = (x * 255).rounded()
    return abs(k / 255 - x) < 1e-12 ? "\(Int(k)) / 255.0" : short
  }

  private func point(_ p: Point) -> String {
    swift
      ? "CGPoint(x: \(number(p.x)), y: \(number(p.y)))"
      : "CGPointMake(\(number(p.x)), \(number(p.y)))"
  }

  private func size(_ s: Size) -> String {
    swift
      ? "CGSize(width: \(number(s.width)), height: \(number(s.height)))"
      : "CGSizeMake(\(number(s.width)), \(number(s.height)))"
  }

  private func rect(_ r: Rect) -> String {
    let (x, y, w, h) = (
      number(r.origin.x), number(r.origin.y), number(r.size.width), number(r.size.height)
    )
    return swift
      ? "CGRect(x: \(x), y: \(y), width: \(w), height: \(h))"
      : "CGRectMake(\(x), \(y), \(w), \(h))"
  }

  private func uiColor(_ c: Color) -> String {
    let (r, g, b, a) = (component(c.red), component(c.green), component(c.blue), component(c.alpha))
    return swift
      ? "UIColor(red: \(r), green: \(g), blue: \(b), alpha: \(a))"
      : "[UIColor colorWithRed:\(r) green:\(g) blue:\(b) alpha:\(a)]"
  }

  private func cgColor(_ c: Color) -> String { uiColor(c) + (swift ? ".cgColor" : ".CGColor") }

  private func bool(_ b: Bool) -> String {
    swift ? (b ? "true" : "false") : (b ? "YES" : "NO")
  }

  /// A string literal.
  private func string(_ s: String) -> String {
    var out = ""
    for ch in s {
      switch ch {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      default: out.append(ch)
      }
    }
    return (swift ? "\"" : "@\"") + out + "\""
  }

  /// An enumeration constant: `.circle`, or `kCAEmitterLayerCircle`.
  private func enumeration(_ name: String, prefix: String) -> String {
    swift ? "." + name : prefix + name.prefix(1).uppercased() + name.dropFirst()
  }

  /// An array literal: on one line, or one item a line when that would be long.
  private func array(_ items: [String]) -> String {
    let open = swift ? "[" : "@["
    let line = items.joined(separator: ", ")
    guard line.count > 60, items.count > 1 else { return open + line + "]" }
    return open + "\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
  }

  private func boxedNumber(_ x: Double) -> String {
    swift ? number(x) : x < 0 ? "@(\(number(x)))" : "@" + number(x)
  }

  /// The name an image is loaded by: a built-in image's name, or a file's base name.
  static func imageName(_ ref: ImageRef) -> String? {
    let name: String
    switch ref {
    case .none: return nil
    case .builtin(let n): name = n
    case .file(let path):
      let file = path.split(separator: "/").last.map(String.init) ?? path
      if let dot = file.lastIndex(of: "."), dot != file.startIndex {
        name = String(file[..<dot])
      } else {
        name = file
      }
    }
    return name
  }

  private func image(_ ref: ImageRef) -> String {
    guard let name = Self.imageName(ref) else { return "nil" }
    return swift
      ? "UIImage(named: \(string(name)))?.cgImage"
      : "(__bridge id)[UIImage imageNamed:\(string(name))].CGImage"
  }

  /// A value assigned to a property of its own type.
  private func expression(_ v: PropertyValue, kind: PropertyKind) -> String {
    switch v {
    case .number(let x) where x.isInfinite:
      return (x < 0 ? "-" : "") + (swift ? ".infinity" : "HUGE_VALF")
    case .number(let x): return number(x)
    case .point(let p): return point(p)
    case .size(let s): return size(s)
    case .rect(let r): return rect(r)
    case .color(let c): return cgColor(c)
    case .bool(let b): return bool(b)
    case .enumeration(let e):
      guard case .enumeration(_, let prefix) = kind else { return string(e) }
      return enumeration(e, prefix: prefix)
    case .image(let ref): return image(ref)
    case .text(let t): return string(t)
    }
  }

  /// A value as an object (`Any` / `id`): for key paths and animation values.
  private func boxed(_ v: PropertyValue, kind: PropertyKind) -> String {
    switch v {
    case .number(let x): return boxedNumber(x)
    case .point(let p):
      return swift ? "NSValue(cgPoint: \(point(p)))" : "[NSValue valueWithCGPoint:\(point(p))]"
    case .size(let s):
      return swift ? "NSValue(cgSize: \(size(s)))" : "[NSValue valueWithCGSize:\(size(s))]"
    case .rect(let r):
      return swift ? "NSValue(cgRect: \(rect(r)))" : "[NSValue valueWithCGRect:\(rect(r))]"
    case .color(let c): return swift ? cgColor(c) : "(__bridge id)" + cgColor(c)
    case .bool(let b): return swift ? bool(b) : b ? "@YES" : "@NO"
    case .enumeration(let e):
      // Core Animation's constants are these very strings.
      guard case .enumeration(_, let prefix) = kind, !swift else { return string(e) }
      return enumeration(e, prefix: prefix)
    case .image(let ref):
      let i = image(ref)
      return swift && i != "nil" ? i + " as Any" : i
    case .text(let t): return string(t)
    }
  }

  /// `CAMediaTimingFunction(name: .easeIn)` or `(controlPoints: …)`.
  private func timingFunction(_ f: TimingFunction) -> String {
    if let named = TimingFunction.named.first(where: { $0.function == f }) {
      return swift
        ? "CAMediaTimingFunction(name: .\(named.name))"
        : "[CAMediaTimingFunction functionWithName:"
          + enumeration(named.name, prefix: Self.timingFunctionPrefix) + "]"
    }
    let p = [f.c1x, f.c1y, f.c2x, f.c2y].map(number)
    return swift
      ? "CAMediaTimingFunction(controlPoints: \(p.joined(separator: ", ")))"
      : "[CAMediaTimingFunction functionWithControlPoints:\(p.joined(separator: " :"))]"
  }
}
