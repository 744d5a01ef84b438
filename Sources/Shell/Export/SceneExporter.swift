import Core

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
  /// The named actions, written as local functions (Objective-C: blocks).
  private var actions: [NamedAction] = []
  /// The pending repeating timers with their next run, written as `Timer`s.
  private var timers: [(timer: RepeatingTimer, next: Double)] = []
  /// Each action's identifier.
  private var actionNames: [String: String] = [:]
  /// Commands in actions and timers that have no code equivalent, for the header.
  private var leftOut: [String] = []
  /// The pending scheduled commands (`after`, `at`) and `fire` stops, in scene-time order.
  private var scheduled: [ScheduledEvent] = []
  /// Scheduled commands that have no code equivalent, for the header.
  private var scheduledLeftOut: [String] = []
  /// Commands `translate` left out because they set a property of a layer outside the
  /// exported subtree.
  private var outsideSubtree = 0
  /// The layers that copies in actions, timers and scheduled commands make, declared before
  /// those run (so that later blocks see them) and added to the tree where the copy happens.
  private var hoisted: [String] = []

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
    timers: [(timer: RepeatingTimer, next: Double)] = [], scheduled: [ScheduledEvent] = []
  ) -> String {
    var e = SceneExporter(scene: scene, language: language, top: top)
    e.actions = actions
    e.timers = timers
    e.scheduled = scheduled.filter {
      if case .timer = $0.action { return false }
      return true
    }
    return e.generate()
  }

  /// The function the code defines: `buildBurstScene(in:)` in Swift, `BuildBurstScene` in
  /// Objective-C. `import` runs it with the hosting view, so an export reads back.
  static let entryPoints: [String] = ["buildBurstScene", "BuildBurstScene"]

  // MARK: - Core Animation's spellings

  /// Swift's names for properties whose Objective-C getter is `isX`; every other key is spelled
  /// the same in Burst, Swift and Objective-C.

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
    "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
    "CAMediaTimingFunction",
    "CACurrentMediaTime", "UIColor", "UIImage", "UIView", "NSValue", "NSNumber", "CGPoint",
    "CGSize", "CGRect", "CGPointMake", "CGSizeMake", "CGRectMake", "HUGE_VALF", "UIKit",
    "QuartzCore", "CGPath", "CGPathCreateWithRect", "CALayerContentsFilter", "CATransition",
    "kCATransition", "fired",
  ]

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
        contentsOf: ["", "// Layers that copies made later add to the tree (Burst's copy)."]
          + hoisted.drop { $0.isEmpty }, at: beforeBehaviour)
    }
    // The named actions are returned by name, for the host to call.
    let returned = actions.map { (name: $0.name, ident: actionNames[$0.name] ?? "") }
    if !returned.isEmpty {
      body.append("")
      comment("The named actions, by name: the host calls one where Burst says run NAME.")
      let pairs = returned.map { "\(string($0.name)): \($0.ident)" }
      statement("return " + (swift ? array(pairs) : "@{" + pairs.joined(separator: ", ") + "}"))
    }
    var out = header().map { "// " + $0 }.joined(separator: "\n") + "\n"
    let doc =
      "/// Builds the Burst scene in `view`, the hosting view (for example a view"
      + " controller's view)" + (returned.isEmpty ? ".\n" : "; returns its named actions.\n")
    if swift {
      out += "import QuartzCore\nimport UIKit\n\n" + doc
      out +=
        returned.isEmpty
        ? "func \(Self.entryPoints[0])(in view: UIView) {\n"
        : "@discardableResult\nfunc \(Self.entryPoints[0])(in view: UIView) -> [String: () -> Void] {\n"
    } else {
      out += "#import <QuartzCore/QuartzCore.h>\n#import <UIKit/UIKit.h>\n\n" + doc
      out +=
        returned.isEmpty
        ? "void \(Self.entryPoints[1])(UIView *view) {\n"
        : "NSDictionary<NSString *, void (^)(void)> *\(Self.entryPoints[1])(UIView *view) {\n"
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

  /// A layer's declaration, properties and cells, then (with `attach`) `addSublayer`.
  private mutating func layer(_ l: Layer, attach: Bool = true) {
    let ident = unique(l.name)
    names[l.id] = ident
    let type = l.kind == .emitter ? "CAEmitterLayer" : "CALayer"
    body.append("")
    statement(swift ? "let \(ident) = \(type)()" : "\(type) *\(ident) = [\(type) layer]")
    statement("\(ident).name = " + string(l.name))
    properties(
      l.descriptors, of: l, fresh: Layer.new(l.kind), target: ident,
      relativeBegin: defaultTimingAbove(l.id))
    if l.kind == .emitter { cells(l.cells, owner: ident) }
    guard attach else { return }
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
      assignment(d, v, target: target, relativeBegin: relativeBegin)
    }
  }

  /// One property assignment (see `properties`).
  private mutating func assignment<Root>(
    _ d: PropertyDescriptor<Root>, _ v: PropertyValue, target: String, relativeBegin: Bool
  ) {
    do {
      if case .image(let ref) = v, let name = Self.imageName(ref), !images.contains(name) {
        images.append(name)
      }
      if relativeBegin, d.name == "beginTime", let b = v.number {
        statement("\(target).beginTime = " + relativeTime(b - scene.now, to: nil))
      } else if d.name.contains(".") {
        setValue(boxed(v, kind: d.kind), keyPath: d.name, on: target)
      } else if d.name == "shadowPath", case .roundedRect(let r) = v {
        // Burst keeps the path as its (rounded) rect; iOS takes a CGPath.
        statement("\(target).shadowPath = " + path(r))
      } else if Root.self == EmitterCell.self, case .enumeration(let e) = v,
        case .enumeration(_, let names) = d.kind, swift
      {
        // CAEmitterCell's filters are plain Strings in Swift, not CALayerContentsFilter.
        statement("\(target).\(d.name) = \(names.swiftType).\(e).rawValue")
      } else {
        let key = swift ? d.swiftName ?? d.name : d.name
        statement("\(target).\(key) = " + expression(v, kind: d.kind))
      }
    }
  }

  // MARK: - Actions and timers

  /// The named actions as local functions (Objective-C: blocks) and the pending repeating
  /// timers as `Timer`s, their commands translated by `translate`.
  private mutating func behaviour() {
    guard !actions.isEmpty || !timers.isEmpty else { return }
    let probe = Session(sink: CapturedOutput())
    probe.scene = scene
    for a in actions { actionNames[a.name] = unique(a.name) }
    if !actions.isEmpty {
      body.append("")
      comment("Named actions (Burst's action), returned at the end.")
    }
    for a in actions {
      let ident = actionNames[a.name] ?? Self.identifier(for: a.name)
      body.append(swift ? "func \(ident)() {" : "void (^\(ident))(void) = ^{")
      nested { e in e.translate(a.body, probe, in: "action \(a.name)") }
      body.append(swift ? "}" : "};")
    }
    if !timers.isEmpty {
      body.append("")
      comment("Repeating timers (Burst's every), from their next run on.")
    }
    for (t, next) in timers {
      let ident = unique("timer\(t.id)")
      let first = ((next - scene.now) * 1e9).rounded() / 1e9
      if abs(first - t.interval) < 1e-9 {
        // The next run is one interval away: a scheduled timer's own first run.
        scheduledTimer(t.until == nil ? nil : ident, interval: t.interval)
        nested { e in e.translate(t.body, probe, in: "timer \(t.id)") }
        body.append(swift ? "}" : "}];")
        if let until = t.until { invalidate(ident, after: until - scene.now + t.interval / 2) }
        continue
      }
      if swift {
        body.append(
          "let \(ident) = Timer(fire: Date(timeIntervalSinceNow: \(number(first))), interval: \(number(t.interval)), repeats: true) { _ in"
        )
      } else {
        body.append(
          "NSTimer *\(ident) = [[NSTimer alloc] initWithFireDate:[NSDate dateWithTimeIntervalSinceNow:\(number(first))] interval:\(number(t.interval)) repeats:YES block:^(NSTimer *fired) {"
        )
      }
      nested { e in e.translate(t.body, probe, in: "timer \(t.id)") }
      body.append(swift ? "}" : "}];")
      statement(
        swift
          ? "RunLoop.main.add(\(ident), forMode: .common)"
          : "[[NSRunLoop mainRunLoop] addTimer:\(ident) forMode:NSRunLoopCommonModes]")
      if let until = t.until { invalidate(ident, after: until - scene.now + t.interval / 2) }
    }
  }

  /// The pending scheduled commands at their remaining delays, in scene-time order: a `fire`'s
  /// stop as `birthRate = 0` (the birthRate it set is the layer's now), a command as
  /// `translate` writes it. A command with any part `translate` cannot write is left out whole
  /// (a block runs all or nothing) and listed in the header.
  private mutating func pending() {
    var wrote = false
    func heading(_ e: inout SceneExporter) {
      guard !wrote else { return }
      wrote = true
      e.body.append("")
      e.comment(
        "Scheduled commands (Burst's after, at and fire's stop), at their remaining delays.")
    }
    let probe = Session(sink: CapturedOutput())
    probe.scene = scene
    for event in scheduled {
      let delay = max(0, event.time - scene.now)
      switch event.action {
      case .stopFire(let id):
        guard let ident = names[id] else { continue }
        heading(&self)
        later(delay) { e in e.statement("\(ident).birthRate = 0") }
      case .command(let cmd):
        let (savedBody, savedLeftOut, savedScene, savedWrote) = (body, leftOut, probe.scene, wrote)
        let (savedOutside, savedHoisted) = (outsideSubtree, hoisted)
        heading(&self)
        later(delay) { e in e.translate(cmd, probe, in: "scheduled") }
        if leftOut.count != savedLeftOut.count {
          let onlyOutside = leftOut.count - savedLeftOut.count == outsideSubtree - savedOutside
          (body, leftOut, probe.scene, wrote) = (savedBody, savedLeftOut, savedScene, savedWrote)
          (outsideSubtree, hoisted) = (savedOutside, savedHoisted)
          // A command on layers outside the exported subtree is not part of it.
          if onlyOutside { continue }
          scheduledLeftOut.append("`\(cmd.source)` (at \(number(event.time)) s)")
        }
      case .timer:
        continue
      }
    }
  }

  /// Statements written by `f`, indented one level more.
  private mutating func nested(_ f: (inout SceneExporter) -> Void) {
    let saved = body
    body = []
    f(&self)
    let inner = body.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { $0.isEmpty ? "" : "  " + $0 }
    body = saved + inner
  }

  /// `timer.invalidate()` `seconds` from now.
  private mutating func invalidate(_ timer: String, after seconds: Double) {
    later(seconds) { e in e.statement(e.swift ? "\(timer).invalidate()" : "[\(timer) invalidate]") }
  }

  /// `DispatchQueue.main.asyncAfter` / `dispatch_after` around what `f` writes.
  private mutating func later(_ seconds: Double, _ f: (inout SceneExporter) -> Void) {
    body.append(
      swift
        ? "DispatchQueue.main.asyncAfter(deadline: .now() + \(number(seconds))) {"
        : "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(\(number(seconds)) * NSEC_PER_SEC)),"
          + " dispatch_get_main_queue(), ^{")
    nested(f)
    body.append(swift ? "}" : "});")
  }

  /// A command of an action or a timer as code: `set` (the properties it names, with the
  /// values it gives them), `fire`, `after`, `every`, `run` and blocks. Anything else is left
  /// out with a comment, and listed in the header. `probe` is a session the commands are
  /// applied to in order, which reads their values as Burst does.
  private mutating func translate(_ cmd: CommandText, _ probe: Session, in owner: String) {
    guard let first = cmd.tokens.first else { return }
    if first.braced {
      for c in (try? Lexer.blockCommands(first, in: cmd.line)) ?? [] {
        translate(c, probe, in: owner)
      }
      return
    }
    let tokens = cmd.tokens
    func number(_ t: Token) -> Double? {
      try? PropertyKind.number(-1e12...1e12).parse(t.text).number
    }
    switch first.quoted ? "" : first.text {
    case SceneCommands.set.name where tokens.count >= 3:
      var paths: [String] = []
      if !tokens[2].quoted, tokens[2].text.contains("=") {
        for t in tokens.dropFirst(2) where !t.quoted {
          guard let eq = t.text.firstIndex(of: "=") else { continue }
          paths.append(tokens[1].keyPath + "." + t.text[..<eq])
        }
      } else {
        paths = [tokens[1].keyPath]
      }
      guard (try? probe.execute(cmd)) != nil else { return leave(cmd, in: owner) }
      for p in paths {
        guard var ref = try? probe.scene.model.resolveProperty(p) else { continue }
        ref.field = nil
        if !assign(ref, in: probe.scene.model) {
          switch ref.object {
          case .layer(let id), .cell(let id, _): if !isInSubtree(id) { outsideSubtree += 1 }
          }
          return leave(cmd, in: owner)
        }
      }
    case TimeCommands.fire.name where tokens.count >= 3:
      guard case .layer(let id)? = try? probe.scene.model.resolveObject(tokens[1].keyPath),
        let ident = names[id], let seconds = number(tokens[2]),
        (try? probe.execute(cmd)) != nil
      else { return leave(cmd, in: owner) }
      let rate = tokens.count > 3 ? number(tokens[3]) ?? 1 : 1
      statement("\(ident).beginTime = CACurrentMediaTime()")
      statement("\(ident).birthRate = \(self.number(rate))")
      later(seconds) { e in e.statement("\(ident).birthRate = 0") }
    case TimeCommands.after.name where tokens.count >= 3:
      guard let seconds = number(tokens[1]),
        let inner = Session.body(of: cmd, TimeCommands.after)
      else { return leave(cmd, in: owner) }
      later(seconds) { e in e.translate(inner, probe, in: owner) }
    case TimeCommands.every.name where tokens.count >= 3:
      guard let seconds = number(tokens[1]),
        let inner = Session.body(of: cmd, TimeCommands.every)
      else { return leave(cmd, in: owner) }
      let until = inner.tokens.count < tokens.count - 2 ? number(tokens[tokens.count - 1]) : nil
      let ident = unique("timer")
      scheduledTimer(until == nil ? nil : ident, interval: seconds)
      nested { e in e.translate(inner, probe, in: owner) }
      body.append(swift ? "}" : "}];")
      if let until {
        invalidate(ident, after: until - scene.now + seconds / 2)
      }
    case AnimationCommands.animate.name, AnimationCommands.group.name,
      AnimationCommands.uiview.name, AnimationCommands.transition.name,
      SceneCommands.copy.name, SceneCommands.remove.name:
      structural(cmd, probe, in: owner)
    case ActionCommands.run.name where tokens.count == 2:
      guard let ident = actionNames[tokens[1].text] else { return leave(cmd, in: owner) }
      statement("\(ident)()")
    default:
      leave(cmd, in: owner)
    }
  }

  /// The opening line of a repeating `Timer.scheduledTimer` whose block follows, held in
  /// `ident` when something invalidates it later.
  private mutating func scheduledTimer(_ ident: String?, interval: Double) {
    let held = ident.map { swift ? "let \($0) = " : "NSTimer *\($0) = " } ?? ""
    body.append(
      swift
        ? held + "Timer.scheduledTimer(withTimeInterval: \(number(interval)), repeats: true) { _ in"
        : held
          + "[NSTimer scheduledTimerWithTimeInterval:\(number(interval)) repeats:YES block:^(NSTimer *fired) {"
    )
  }

  /// `animate`, `group`, `uiview`, `transition`, `copy` and `remove` of an action, a timer or
  /// a scheduled command, as what they change in `probe`: the animations and transitions they
  /// add (written with `beginTime` relative to when the code runs), the layers a copy makes,
  /// `removeFromSuperlayer()` for a removed layer, and for `uiview` the model value set at
  /// once, the animation starting from the presentation value of that moment. Adding to a
  /// group that is already running, and removing a cell, have no code equivalent.
  private mutating func structural(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    let name = tokens[0].text
    if name == AnimationCommands.animate.name,
      tokens.contains(where: { !$0.quoted && $0.text == AnimateClause.inGroup.name })
    {
      return leave(cmd, in: owner)
    }
    let before = probe.scene
    guard (try? probe.execute(cmd)) != nil else { return leave(cmd, in: owner) }
    let after = probe.scene
    func outside(_ id: LayerID) {
      if !isInSubtree(id) { outsideSubtree += 1 }
    }
    switch name {
    case SceneCommands.remove.name:
      let gone = before.model.treeOrder.filter { after.model.layer($0) == nil }
      guard
        let top = gone.first(where: { id in !gone.contains(before.model.layer(id)?.parent ?? -1) }),
        let ident = names[top]
      else {
        if let first = gone.first, !isInSubtree(first) { outsideSubtree += 1 }
        return leave(cmd, in: owner)
      }
      statement(swift ? "\(ident).removeFromSuperlayer()" : "[\(ident) removeFromSuperlayer]")
    case SceneCommands.copy.name:
      let made = after.model.treeOrder.filter { before.model.layer($0) == nil }
      guard let first = made.first, let l = after.model.layer(first), let pid = l.parent,
        pid == SceneModel.rootID || names[pid] != nil
      else {
        if let first = made.first, let p = after.model.layer(first)?.parent, !isInSubtree(p) {
          outsideSubtree += 1
        }
        return leave(cmd, in: owner)
      }
      let siblings = after.model.layer(pid)?.sublayers ?? []
      let above = siblings.firstIndex(of: first).flatMap { i in
        i > 0 ? names[siblings[i - 1]] : nil
      }
      // Declared and built ahead (`hoisted`), added to the tree here.
      let saved = body
      body = []
      for id in made {
        guard let c = after.model.layer(id) else { continue }
        layer(c, attach: id != first)
      }
      hoisted += body
      body = saved
      let (ident, parent) = (
        names[first] ?? "", pid == SceneModel.rootID ? "view.layer" : names[pid] ?? ""
      )
      if let above {
        statement(
          swift
            ? "\(parent).insertSublayer(\(ident), above: \(above))"
            : "[\(parent) insertSublayer:\(ident) above:\(above)]")
      } else {
        statement(swift ? "\(parent).addSublayer(\(ident))" : "[\(parent) addSublayer:\(ident)]")
      }
    default:
      var wrote = false
      // `uiview` and `animate … from presentation` start from what is on screen.
      let fromPresentation =
        name == AnimationCommands.uiview.name
        || zip(tokens, tokens.dropFirst()).contains {
          !$0.quoted && $0.text == AnimateClause.from.name && !$1.quoted
            && $1.text == AnimateClause.presentationWord
        }
      if name == AnimationCommands.uiview.name {
        guard var ref = try? after.model.resolveProperty(tokens[1].keyPath) else {
          return leave(cmd, in: owner)
        }
        ref.field = nil
        guard assign(ref, in: after.model) else {
          switch ref.object {
          case .layer(let id), .cell(let id, _): if !isInSubtree(id) { outsideSubtree += 1 }
          }
          return leave(cmd, in: owner)
        }
      }
      for id in after.model.treeOrder {
        guard let l = after.model.layer(id) else { continue }
        let old = before.model.layer(id)?.animations ?? []
        for a in l.animations where !old.contains(a) {
          guard names[id] != nil || id == SceneModel.rootID else {
            outside(id)
            return leave(cmd, in: owner)
          }
          animation(a, on: l, fromPresentation: fromPresentation)
          wrote = true
        }
        // A transition command adds one even where another is still running.
        let transitioned =
          name == AnimationCommands.transition.name
          && (try? after.model.resolveObject(tokens[1].keyPath)) == .layer(id)
        if let tr = after.transitions[id], transitioned || before.transitions[id] == nil {
          guard names[id] != nil || id == SceneModel.rootID else {
            outside(id)
            return leave(cmd, in: owner)
          }
          transition(tr, on: l)
          wrote = true
        }
      }
      if !wrote && name != AnimationCommands.uiview.name { return leave(cmd, in: owner) }
    }
  }

  /// A command with no code equivalent: a comment in the code and a line in the header.
  private mutating func leave(_ cmd: CommandText, in owner: String) {
    comment("Burst: \(cmd.source) (no code equivalent)")
    leftOut.append("`\(cmd.source)` (\(owner))")
  }

  /// The assignment of property `ref` as it is in `model`: through the layer's identifier,
  /// and for a cell through the layer's key path `emitterCells.NAME.KEY` (Core Animation
  /// copies the cells it emits from). False when the object is not exported.
  private mutating func assign(_ ref: PropertyRef, in model: SceneModel) -> Bool {
    guard let v = model.value(ref) else { return false }
    switch ref.object {
    case .layer(let id):
      guard let l = model.layer(id), id == SceneModel.rootID || names[id] != nil,
        let d = l.descriptors.first(where: { $0.name == ref.name })
      else { return false }
      assignment(d, v, target: target(l), relativeBegin: false)
    case .cell(let id, let path):
      guard let ident = names[id],
        let d = EmitterCell.descriptors.first(where: { $0.name == ref.name })
      else { return false }
      var keys: [String] = []
      for k in 1...max(1, path.count) {
        guard let c = model.cell(.cell(id, Array(path.prefix(k)))) else { return false }
        keys += ["emitterCells", c.name]
      }
      setValue(boxed(v, kind: d.kind), keyPath: (keys + [d.name]).joined(separator: "."), on: ident)
    }
    return true
  }

  // MARK: - Animations

  /// An animation's declaration, values, timing and `add(_:forKey:)`; a group's children are
  /// declared after it and set as its `animations`. A child (`inGroup`) is not added to the
  /// layer, and its `beginTime` counts from its group's start. Returns its identifier.
  @discardableResult
  private mutating func animation(
    _ a: LayerAnimation, on l: Layer, inGroup: Bool = false, fromPresentation: Bool = false
  ) -> String {
    let owner = target(l)
    let ident = unique(
      (l.id == SceneModel.rootID ? "scene" : owner) + (a.isGroup ? "-group" : "-animation"))
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
    case .group: type = "CAAnimationGroup"
    }
    if a.isGroup {
      statement(
        swift ? "let \(ident) = \(type)()" : "\(type) *\(ident) = [\(type) animation]")
    } else {
      statement(
        swift
          ? "let \(ident) = \(type)(keyPath: \(string(keyPath)))"
          : "\(type) *\(ident) = [\(type) animationWithKeyPath:\(string(keyPath))]")
    }
    func set(_ key: String, _ v: String, objc objcKey: String? = nil) {
      statement("\(ident).\(swift ? key : objcKey ?? key) = \(v)")
    }
    // UIView.animate starts from what is on screen when it runs.
    let presented =
      swift
      ? "\(owner).presentation()?.value(forKeyPath: \(string(keyPath)))"
      : "[[\(owner) presentationLayer] valueForKeyPath:\(string(keyPath))]"
    switch a.spec {
    case .basic(let from, let to, let by):
      if let from { set("fromValue", fromPresentation ? presented : value(from)) }
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
      if let from { set("fromValue", fromPresentation ? presented : value(from)) }
      set("toValue", value(to))
    case .group(let children):
      let members = children.map { animation($0, on: l, inGroup: true) }
      set("animations", array(members))
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
    if inGroup {
      // In the group's time: 0 is the group's start.
      if timing.beginTime != 0 { set("beginTime", number(timing.beginTime)) }
    } else if delay != 0 {
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
    if inGroup { return ident }
    let key = a.key.map(string) ?? "nil"
    statement(
      swift
        ? "\(owner).add(\(ident), forKey: \(key))"
        : "[\(owner) addAnimation:\(ident) forKey:\(key)]")
    return ident
  }

  /// A CATransition's declaration, type, subtype (none for fade, which ignores it), timing and
  /// `add(_:forKey: kCATransition)`.
  private mutating func transition(_ tr: LayerTransition, on l: Layer) {
    let owner = target(l)
    let ident = unique(owner + "-transition")
    func set(_ key: String, _ v: String) { statement("\(ident).\(key) = \(v)") }
    func constant<E: AppleEnumeration>(_ v: E) -> String {
      swift ? "." + v.rawValue : E.constantNames.objcConstant(v.rawValue)
    }
    statement(
      swift ? "let \(ident) = CATransition()" : "CATransition *\(ident) = [CATransition animation]")
    set("type", constant(tr.type))
    if tr.type != .fade { set("subtype", constant(tr.subtype)) }
    set("duration", number(tr.duration))
    if let begin = tr.beginTime {
      let delay = ((begin - scene.localTime(of: l.id, at: scene.now)) * 1e9).rounded() / 1e9
      if delay != 0 {
        let chainIsDefault =
          defaultTimingAbove(l.id) && l.properties.timing.beginTime == 0
          && l.properties.timing.speed == 1 && l.properties.timing.timeOffset == 0
        set("beginTime", relativeTime(delay, to: chainIsDefault ? nil : owner))
      }
    }
    if let f = tr.timingFunction { set("timingFunction", timingFunction(f)) }
    statement(
      swift
        ? "\(owner).add(\(ident), forKey: kCATransition)"
        : "[\(owner) addAnimation:\(ident) forKey:kCATransition]")
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
    if let path = curve.path {
      // The path replaces the values (Core Animation ignores them when it is set).
      let name = unique(ident + "-path")
      self.path(path, name: name)
      set("path", name)
      if !swift { statement("CGPathRelease(\(name))") }
      if let mode = curve.rotationMode {
        set("rotationMode", enumeration(mode.rawValue, names: RotationMode.constantNames))
      }
    } else {
      set("values", array(values))
    }
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
        enumeration(curve.mode.rawValue, names: KeyframeCurve.CalculationMode.constantNames))
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

  /// A `CGMutablePath` (Objective-C: a `CGMutablePathRef`, released once assigned) with the
  /// path's elements as they were written.
  private mutating func path(_ path: KeyframePath, name: String) {
    statement(
      swift ? "let \(name) = CGMutablePath()" : "CGMutablePathRef \(name) = CGPathCreateMutable()")
    func xy(_ p: Point) -> String { "\(number(p.x)), \(number(p.y))" }
    for e in path.elements {
      switch e {
      case .move(let p):
        statement(
          swift ? "\(name).move(to: \(point(p)))" : "CGPathMoveToPoint(\(name), NULL, \(xy(p)))")
      case .line(let p):
        statement(
          swift
            ? "\(name).addLine(to: \(point(p)))" : "CGPathAddLineToPoint(\(name), NULL, \(xy(p)))")
      case .quad(let c, let p):
        statement(
          swift
            ? "\(name).addQuadCurve(to: \(point(p)), control: \(point(c)))"
            : "CGPathAddQuadCurveToPoint(\(name), NULL, \(xy(c)), \(xy(p)))")
      case .curve(let c1, let c2, let p):
        statement(
          swift
            ? "\(name).addCurve(to: \(point(p)), control1: \(point(c1)), control2: \(point(c2)))"
            : "CGPathAddCurveToPoint(\(name), NULL, \(xy(c1)), \(xy(c2)), \(xy(p)))")
      case .arc(let c, let r, let a0, let a1, let clockwise):
        statement(
          swift
            ? "\(name).addArc(center: \(point(c)), radius: \(number(r)), startAngle: \(number(a0)),"
              + " endAngle: \(number(a1)), clockwise: \(clockwise))"
            : "CGPathAddArc(\(name), NULL, \(xy(c)), \(number(r)), \(number(a0)), \(number(a1)),"
              + " \(clockwise))")
      case .ellipse(let r):
        statement(
          swift
            ? "\(name).addEllipse(in: \(rect(r)))"
            : "CGPathAddEllipseInRect(\(name), NULL, \(rect(r)))")
      case .rect(let r):
        statement(
          swift ? "\(name).addRect(\(rect(r)))" : "CGPathAddRect(\(name), NULL, \(rect(r)))")
      case .close:
        statement(swift ? "\(name).closeSubpath()" : "CGPathCloseSubpath(\(name))")
      }
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
  private func enumeration(_ name: String, names: ConstantNames) -> String {
    swift ? "." + name : names.objcConstant(name)
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
    case .roundedRect(let r): return path(r)
    case .color(let c): return cgColor(c)
    case .bool(let b): return bool(b)
    case .enumeration(let e):
      guard case .enumeration(_, let names) = kind else { return string(e) }
      return enumeration(e, names: names)
    case .image(let ref): return image(ref)
    case .transform(let t): return transform3D(t)
    case .text(let t): return string(t)
    }
  }

  /// `CATransform3D(m11: …, m44: …)` / `(CATransform3D){…}`: Apple's struct, entry by entry.
  private func transform3D(_ t: LayerTransform) -> String {
    if t.isIdentity { return "CATransform3DIdentity" }
    let m = t.matrix.m
    if swift {
      let fields = zip(Matrix3D.entryNames, (0..<16).map { number(m[$0]) })
      return "CATransform3D(" + fields.map { "\($0): \($1)" }.joined(separator: ", ") + ")"
    }
    return "(CATransform3D){" + (0..<16).map { number(m[$0]) }.joined(separator: ", ") + "}"
  }

  /// A CGPath for a rect, or for a rounded rect as UIBezierPath makes it.
  private func path(_ r: RoundRect) -> String {
    if r.radius == 0 {
      return swift
        ? "CGPath(rect: \(rect(r.rect)), transform: nil)"
        : "CGPathCreateWithRect(\(rect(r.rect)), NULL)"
    }
    return swift
      ? "UIBezierPath(roundedRect: \(rect(r.rect)), cornerRadius: \(number(r.radius))).cgPath"
      : "[UIBezierPath bezierPathWithRoundedRect:\(rect(r.rect))"
        + " cornerRadius:\(number(r.radius))].CGPath"
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
    case .roundedRect(let r): return swift ? path(r) : "(__bridge id)" + path(r)
    case .color(let c): return swift ? cgColor(c) : "(__bridge id)" + cgColor(c)
    case .bool(let b): return swift ? bool(b) : b ? "@YES" : "@NO"
    case .enumeration(let e):
      // Core Animation's constants are these very strings.
      guard case .enumeration(_, let names) = kind, !swift else { return string(e) }
      return enumeration(e, names: names)
    case .image(let ref):
      let i = image(ref)
      return swift && i != "nil" ? i + " as Any" : i
    case .transform(let t):
      return swift
        ? "NSValue(caTransform3D: \(transform3D(t)))"
        : "[NSValue valueWithCATransform3D:\(transform3D(t))]"
    case .text(let t): return string(t)
    }
  }

  /// `CAMediaTimingFunction(name: .easeIn)` or `(controlPoints: …)`.
  private func timingFunction(_ f: TimingFunction) -> String {
    if let named = TimingFunction.named.first(where: { $0.function == f }) {
      return swift
        ? "CAMediaTimingFunction(name: .\(named.name))"
        : "[CAMediaTimingFunction functionWithName:"
          + enumeration(named.name, names: TimingFunction.constantNames) + "]"
    }
    let p = [f.c1x, f.c1y, f.c2x, f.c2y].map(number)
    return swift
      ? "CAMediaTimingFunction(controlPoints: \(p.joined(separator: ", ")))"
      : "[CAMediaTimingFunction functionWithControlPoints:\(p.joined(separator: " :"))]"
  }
}
