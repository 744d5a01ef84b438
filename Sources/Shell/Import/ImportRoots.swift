import Core

/// The roots of an imported file: the functions that nothing in it calls, because their caller
/// is elsewhere in the app (a view controller that calls `view.addEmitter(imagename:)`, a
/// SwiftUI `makeUIView(context:)`, a class method `+ snowEmitterPosition:emitterSize:`) or
/// because the file is an excerpt. docs/import.md, "What runs", gives the rules; in short:
///
/// - A root that builds layers or cells (its body, or a function of the file it calls, makes a
///   `CAEmitterLayer` or `CAEmitterCell`) runs at import after the setup methods, in the file's
///   order, with the arguments its parameters would most plausibly get (`plausibleArgument`).
///   A layer it returns and nothing added is added to the hosting view; a cell it returns is
///   given an emitter of its own at the view's centre.
/// - A root named or typed as an event (a touch or gesture handler, `start…`, `show…`, an
///   `@IBAction`'s `sender`) stays an action; when nothing else built an emitter, the first such
///   root that builds one runs once at import, as the user's first tap would.
///
/// Each run is named in the import's warnings, so the summary says what ran and why.
extension ImportInterpreter {
  /// Words a building root's body names: making one of these is building an effect.
  static let buildingTypes: Set<String> = ["CAEmitterLayer", "CAEmitterCell"]

  /// Name prefixes of UIKit's own callbacks that take UIKit's values (`viewWillDisappear(_:)`,
  /// `traitCollectionDidChange(_:)`, a table's or a scroll view's delegate), matched as
  /// `eventPrefixes` are: no app code calls them, so their arguments are not guessed and they
  /// do not become actions with fixed values (`takesValues`).
  static let callbackPrefixes = [
    "view", "traitCollection", "scrollView", "tableView", "collectionView", "application",
    "prepare", "observeValue", "encode",
  ]

  /// An animation's delegate methods: Core Animation calls them when an animation starts and
  /// stops (scheduled with the animation when the file sets `delegate = self`:
  /// `scheduleAnimationDelegate`), never the app, so they are not roots.
  static let animationDelegateMethods: Set<String> = ["animationDidStart", "animationDidStop"]

  /// Whether `f` is one of UIKit's callbacks by its name (`callbackPrefixes`).
  static func isCallback(_ f: SourceFunction) -> Bool {
    if animationDelegateMethods.contains(f.name) { return true }
    return callbackPrefixes.contains { p in
      guard f.name.hasPrefix(p) else { return false }
      return f.name.dropFirst(p.count).first.map { $0.isUppercase || $0 == "_" } ?? true
    }
  }

  /// Name prefixes of event handlers, matched at a word boundary (`startConfetti`, `show`,
  /// `touchesBegan`, `setSelected`, but not `setup` or `showcase`).
  static let eventPrefixes = [
    "touches", "motion", "handle", "tap", "tapped", "start", "stop", "show", "hide", "play",
    "pause", "resume", "toggle", "on", "did", "will", "btn", "button", "action", "trigger",
    "begin", "end", "set", "fire", "emit", "burst", "animate", "celebrate", "sparkle", "explode",
  ]

  /// Name suffixes of event handlers (`likeTapped`, `sendClicked`, `valueChanged`).
  static let eventSuffixes = [
    "Tapped", "Tap", "Pressed", "Clicked", "Action", "Changed", "Selected", "Touched",
    "Gesture", "Handler",
  ]

  /// Parameter types that only an event passes (a sender, a touch, a gesture).
  static let eventTypes = [
    "UIButton", "UIControl", "UITouch", "UIEvent", "UIGestureRecognizer",
    "UITapGestureRecognizer", "UIPanGestureRecognizer", "UILongPressGestureRecognizer", "id",
    "Any", "AnyObject", "NSSet", "NSTimer", "Timer", "CADisplayLink",
  ]

  /// Whether a parameter's type is a touch, the touches or an event, or a gesture recognizer
  /// (not a sender, a timer or an untyped object).
  static func isTouchType(_ type: String) -> Bool {
    type.split { !$0.isLetter && !$0.isNumber }.contains { word in
      word.hasSuffix("GestureRecognizer") || word == "UITouch" || word == "UIEvent"
    }
  }

  /// Whether function `f` reads as an event handler by its name or its parameters.
  func isEventLike(_ f: SourceFunction) -> Bool {
    let name = f.name
    // A method that returns a layer or a cell (`- (CAEmitterLayer *)animate`, `func
    // burst() -> CAEmitterLayer`) is a factory whatever its name: no handler returns one.
    if !returnsLayerOrCell(f) {
      for p in Self.eventPrefixes where name.hasPrefix(p) {
        let rest = name.dropFirst(p.count)
        if rest.isEmpty || rest.first?.isUppercase == true || rest.first == "_" { return true }
      }
      if Self.eventSuffixes.contains(where: { name.hasSuffix($0) }) { return true }
    }
    return handlesEvents(f)
  }

  /// Whether `f` is declared to return a layer or a cell: Swift's `-> CAEmitterLayer` (or
  /// `-> [CAEmitterCell]`), Objective-C's `- (CAEmitterLayer *)name`.
  func returnsLayerOrCell(_ f: SourceFunction) -> Bool {
    guard f.returnsValue, let k = tokenIndex[TokenPlace(line: f.at.line, column: f.at.column)]
    else { return false }
    func names(_ t: SourceToken) -> Bool {
      t.kind == .identifier
        && (ImportedObject.Kind(className: t.text) != nil
          || program.layerClasses[t.text] != nil || program.cellClasses.contains(t.text))
    }
    if program.language == .swift {
      let end = f.body.lowerBound
      guard k < end, let arrow = tokens[k..<end].firstIndex(where: { $0.isPunctuation("->") })
      else { return false }
      return tokens[(arrow + 1)..<end].contains(where: names)
    }
    // `- (CAEmitterLayer *)animate`: the bracketed type just before the name.
    guard k >= 2, tokens[k - 1].isPunctuation(")") else { return false }
    var j = k - 2
    while j > 0, !tokens[j].isPunctuation("(") {
      if names(tokens[j]) { return true }
      j -= 1
    }
    return false
  }

  /// Whether function `f` is an event handler by what it takes or how it is marked: a sender,
  /// a touch or a gesture, a selector's target, `@IBAction` or `@objc`. (Its name alone says
  /// so only of a root: `setFireAmount(_:fireEmitter:)`, which the file's code calls with its
  /// own values, is a helper, not a setter UIKit calls.)
  func handlesEvents(_ f: SourceFunction) -> Bool {
    let name = f.name
    if f.parameters.contains("sender") || selectorNames.contains(name) { return true }
    if isMarkedTarget(f) { return true }
    return f.parameterTypes.contains { type in
      let words = type.split { !$0.isLetter && !$0.isNumber }.map(String.init)
      return words.contains { Self.eventTypes.contains($0) }
    }
  }

  /// The indices of the functions whose names nothing in the file uses, but where they are
  /// declared; the initializers and setup methods, which run anyway, are left out.
  func roots() -> [Int] {
    let declared = Set(program.functions.map { TokenPlace(line: $0.at.line, column: $0.at.column) })
    var used: Set<String> = []
    // A name several Swift functions share (`static func twinkle(_:image:)` and a UIView
    // method `twinkle(image:)` that calls it) is used by a call only where its labels reach.
    var shared: [String: Int] = [:]
    for f in program.functions where f.labels != nil { shared[f.name, default: 0] += 1 }
    var calls: [String: [[String]]] = [:]
    let tokens = program.tokens
    let shadowed = localShadows()
    for (i, t) in tokens.enumerated() where t.kind == .identifier {
      if declared.contains(TokenPlace(line: t.line, column: t.column)) { continue }
      if shadowed.contains(i) { continue }
      // A declaration is no use: a protocol's requirement (`func sparkle()`), or an
      // Objective-C method declared in an `@interface`.
      if i > 0, tokens[i - 1].isIdentifier("func") { continue }
      if i > 1, tokens[i - 1].isPunctuation(")"), Self.declaresMethod(tokens, before: i) {
        continue
      }
      // `#selector(likeTapped)`, `@selector(likeClick:)`: a target the app's controls, timers
      // and notifications call, an event.
      if Self.namesSelector(tokens, at: i) { continue }
      // `super.setSelected(selected)`, `[super setSelected:selected]`: UIKit's method, which
      // an override calls; no use of the file's own (unless the file declares it twice, a base
      // class's and its override).
      if i > 1,
        (tokens[i - 1].isPunctuation(".") && tokens[i - 2].isIdentifier("super"))
          || (tokens[i - 1].isIdentifier("super") && tokens[i - 2].isPunctuation("[")),
        program.functions.filter({ $0.name == t.text }).count <= 1
      {
        continue
      }
      if shared[t.text, default: 0] > 1, i + 1 < tokens.count, tokens[i + 1].isPunctuation("(") {
        let close = program.closing(i + 1, in: (i + 1)..<tokens.count)
        // A trailing closure is an argument whose label the call does not show.
        if close + 1 >= tokens.count || !tokens[close + 1].isPunctuation("{") {
          calls[t.text, default: []].append(arguments((i + 2)..<close).map { $0.label ?? "_" })
          continue
        }
      }
      used.insert(t.text)
    }
    return program.functions.indices.filter { i in
      let f = program.functions[i]
      if let made = calls[f.name], made.contains(where: { f.binding(labels: $0) != nil }) {
        return false
      }
      if let labels = Self.extensionInitializerLabels(f) {
        // `extension CAEmitterLayer { convenience init(sparkColor:) }`: a root unless the
        // file makes a layer with it (`CAEmitterLayer(sparkColor: …)`).
        return !tokens.indices.dropLast(3).contains { k in
          tokens[k].isIdentifier(f.owner ?? "") && tokens[k + 1].isPunctuation("(")
            && tokens[k + 2].text == labels[0] && tokens[k + 3].isPunctuation(":")
        }
      }
      // Once one initializer ran, the others are other ways to make the same object.
      // A computed property is a root when its getter builds (`static var snow: CAEmitterCell
      // { let cell = CAEmitterCell(); … }` of an extension that only offers effects).
      return !used.contains(f.name) && (!f.isProperty || builds(in: f.body))
        && !Self.initializers.contains(f.signature)
        && madeClass(of: f) == nil
        && !(Self.isInitializer(f) && initializerRan)
        && !isSetupMethod(f) && !Self.layoutMethods.contains(f.name)
    }
  }

  /// Whether the identifier at `k` is the name a Swift `let` or `var` inside `range` declares.
  func declaresLocal(_ k: Int, in range: Range<Int>) -> Bool {
    k > range.lowerBound
      && (program.tokens[k - 1].isIdentifier("let") || program.tokens[k - 1].isIdentifier("var"))
  }

  /// The tokens that name a local variable, not a function of the same name: in each function
  /// body, from a local's declaration on (`let emitterLayer = CAEmitterLayer()` inside `func
  /// emitterLayer() -> CAEmitterLayer`, Objective-C's `CAEmitterLayer *emitterLayer = …`), so
  /// that the function is still a root nothing calls.
  func localShadows() -> Set<Int> {
    let tokens = program.tokens
    var out: Set<Int> = []
    for f in program.functions where !f.body.isEmpty {
      var locals: Set<String> = []
      for k in f.body where tokens[k].kind == .identifier {
        // (`self.emitterLayer` after the local is still the method.)
        if locals.contains(tokens[k].text), !tokens[k - 1].isPunctuation(".") {
          out.insert(k)
          continue
        }
        let swiftLocal = declaresLocal(k, in: f.body)
        let objcLocal =
          k > f.body.lowerBound + 1 && tokens[k - 1].isPunctuation("*")
          && tokens[k - 2].kind == .identifier && k + 1 < f.body.upperBound
          && (tokens[k + 1].isPunctuation("=") || tokens[k + 1].isPunctuation(";"))
        if swiftLocal || objcLocal {
          locals.insert(tokens[k].text)
          out.insert(k)
        }
      }
    }
    return out
  }

  /// Whether the identifier at `i` is the method a `#selector(…)` or `@selector(…)` names
  /// (its first part: `#selector(handle(_:))`, `@selector(likeClick:)`).
  static func namesSelector(_ tokens: [SourceToken], at i: Int) -> Bool {
    var j: Int
    if i >= 4, tokens[i - 1].isPunctuation("."), tokens[i - 2].kind == .identifier,
      tokens[i - 3].isPunctuation("(")
    {
      j = i - 4  // `#selector(Self.tap)`, `#selector(ViewController.tap)`
    } else if i >= 2, tokens[i - 1].isPunctuation("(") {
      j = i - 2
    } else {
      return false
    }
    return tokens[j].kind == .identifier && tokens[j].text.hasSuffix("selector")
  }

  /// The methods a `#selector(…)` or `@selector(…)` of the file names.
  func selectorTargets() -> Set<String> {
    let tokens = program.tokens
    var out: Set<String> = []
    for i in tokens.indices where tokens[i].kind == .identifier && Self.namesSelector(tokens, at: i)
    {
      out.insert(tokens[i].text)
    }
    return out
  }

  /// Whether the identifier at `i`, after a `)`, names an Objective-C method in a declaration
  /// (`- (void)sparkle;`): the `(` that `)` closes follows a `-` or `+` at a line's start.
  static func declaresMethod(_ tokens: [SourceToken], before i: Int) -> Bool {
    var j = i - 1
    var depth = 0
    while j >= 0 {
      if tokens[j].isPunctuation(")") { depth += 1 }
      if tokens[j].isPunctuation("(") {
        depth -= 1
        if depth == 0 { break }
      }
      j -= 1
    }
    guard j >= 1 else { return false }
    let sign = tokens[j - 1]
    return (sign.isPunctuation("-") || sign.isPunctuation("+")) && sign.startsLine
  }

  /// Whether function `f` builds layers or cells (`builds(in:)` of its body), also through the
  /// stored layers and cells it reads (`rain.emitterCells = [drop]` of `let rain =
  /// CAEmitterLayer()`): a method that sets them up.
  func builds(_ f: Int) -> Bool {
    let function = program.functions[f]
    // An initializer the file adds to a layer or cell class makes one with `self.init()`.
    if Self.extensionInitializerLabels(function) != nil,
      let owner = function.owner, Self.buildingTypes.contains(owner)
    {
      return true
    }
    return builds(in: function.body, seen: [f], throughProperties: true)
  }

  /// Whether stored property `p` is declared `lazy`: made where the code first reads it.
  func isLazy(_ p: SourceProperty) -> Bool {
    declarationModifiers(of: p.at, after: ["var"])?.contains("lazy") == true
  }

  /// Whether `f` is marked as a target of the app's events: `@IBAction`, or `@objc` (what a
  /// `#selector` in another file names).
  func isMarkedTarget(_ f: SourceFunction) -> Bool {
    guard let words = declarationModifiers(of: f.at, after: ["func"]) else { return false }
    return words.contains("@objc") || words.contains("@IBAction")
  }

  /// The attributes and modifiers written before the declaration that `name` names, past its
  /// keyword (one of `keywords`: `func`, `var`): `@objc`, `private`, `static`, `class`, `lazy`;
  /// a modifier's or attribute's parentheses (`@objc(tapped:)`, `private(set)`) are passed
  /// over. Nil when `name` does not follow such a keyword.
  func declarationModifiers(of name: SourceToken, after keywords: Set<String>) -> Set<String>? {
    guard let k = tokenIndex[TokenPlace(line: name.line, column: name.column)], k > 0,
      keywords.contains(tokens[k - 1].text)
    else { return nil }
    var words: Set<String> = []
    var j = k - 2
    while j >= 0 {
      if tokens[j].isPunctuation(")"),
        let open = (0..<j).last(where: { tokens[$0].isPunctuation("(") }), open > 0,
        Self.isModifier(tokens[open - 1])
      {
        j = open - 1
      }
      guard Self.isModifier(tokens[j]) else { break }
      words.insert(tokens[j].text)
      j -= 1
    }
    return words
  }

  /// Whether `t` is an attribute (`@objc`) or a declaration modifier (`static`, `class`).
  static func isModifier(_ t: SourceToken) -> Bool {
    t.kind == .identifier
      && (SourceProgram.modifiers.contains(t.text) || t.text == "class" || t.text.hasPrefix("@"))
  }

  /// Whether an initializer builds: in its body (`builds`), through a stored property of its
  /// type whose initializer makes a layer or cell (`let emitter = CAEmitterLayer()`), which
  /// creating the object makes, or by keeping values in the stored properties of a type whose
  /// other code builds (a representable's `updateUIView` emitting what `init(confetti:)` kept).
  func initializerBuilds(_ f: Int) -> Bool {
    if builds(f) { return true }
    // The type the method belongs to: Swift's, or the Objective-C `@implementation`'s.
    func type(_ g: SourceFunction) -> String? { g.owner ?? g.implementation }
    let owner = type(program.functions[f])
    if program.properties.contains(where: { p in
      p.owner == owner && !p.initializer.isEmpty && builds(in: p.initializer)
    }) {
      return true
    }
    // `init(confetti:)` of a representable whose `updateUIView` builds from what it keeps (in
    // its properties, or Objective-C's instance variables: `initWithView:press:` of an
    // animator whose `startTrail` builds into the view it keeps).
    let keeps =
      program.properties.contains { $0.owner == owner }
      || (program.language == .objc && !program.objcInstanceVariables.isEmpty)
    return owner != nil && keeps
      && program.functions.indices.contains { g in
        g != f && type(program.functions[g]) == owner
          && !Self.isInitializer(program.functions[g]) && builds(g)
      }
  }

  /// Whether the tokens in `range`, or the body of a function of the file they name (followed
  /// breadth-first, each once), name a `buildingTypes` word.
  func builds(
    in range: Range<Int>, seen: Set<Int> = [], throughProperties: Bool = false,
    onlyLazy: Bool = false
  ) -> Bool {
    var byName: [String: [Int]] = [:]
    for (i, g) in program.functions.enumerated() { byName[g.name, default: []].append(i) }
    // With `throughProperties`, a stored property whose initializer builds (`lazy var trail:
    // CAEmitterLayer = { … }()`) builds where the code reads it (a branch that adds it builds).
    var properties: [String: [Int]] = [:]
    for (k, p) in program.properties.enumerated()
    where throughProperties && !p.initializer.isEmpty && (!onlyLazy || isLazy(p)) {
      properties[p.name, default: []].append(k)
    }
    var ranges = [range]
    var seen = seen
    var seenProperties: Set<Int> = []
    var next = 0
    while next < ranges.count {
      let r = ranges[next]
      next += 1
      for i in r where program.tokens[i].kind == .identifier {
        let t = program.tokens[i]
        if Self.buildingTypes.contains(t.text) || program.cellClasses.contains(t.text)
          || program.madeLayerClasses.contains(t.text),
          constructs(at: i)
        {
          return true
        }
        if configuresInheritedEmitter(at: i) { return true }
        // `[super initWithFrame:frame]`, `super.init(frame:)`: the superclass's, not a method of
        // the file that shares its name (another class's initializer).
        let ofSuper =
          (i >= 1 && program.tokens[i - 1].isIdentifier("super"))
          || (i >= 2 && program.tokens[i - 1].isPunctuation(".")
            && program.tokens[i - 2].isIdentifier("super"))
        for h in ofSuper ? [] : byName[t.text] ?? [] where seen.insert(h).inserted {
          ranges.append(program.functions[h].body)
        }
        // `self.preset = …` of a property whose setter the file writes (Objective-C's
        // `-setPreset:`): the setter runs.
        if program.language == .objc, i + 1 < r.upperBound,
          program.tokens[i + 1].isPunctuation("="), t.text.first?.isLowercase == true
        {
          for h in byName[Self.setterName(of: t.text)] ?? []
          where program.functions[h].parameters.count == 1 && seen.insert(h).inserted {
            ranges.append(program.functions[h].body)
          }
        }
        for k in properties[t.text] ?? [] where seenProperties.insert(k).inserted {
          ranges.append(program.properties[k].initializer)
        }
      }
    }
    return false
  }

  /// Whether the identifier at `i` is an emitter the file never declares, given an emitter's
  /// property there (`self.emitterLayer.emitterShape = …` in a `-setup` of a view whose
  /// superclass, in another file, backs it with a CAEmitterLayer): configuring it is building,
  /// with the view's own layer as that emitter (`inheritedEmitter`).
  func configuresInheritedEmitter(at i: Int) -> Bool {
    let t = program.tokens
    guard i + 2 < t.count, Self.namesEmitter(t[i].text),
      t[i + 1].isPunctuation("."), t[i + 2].kind == .identifier,
      t[i + 2].text == "emitterCells" || Self.info(t[i + 2].text, of: .emitter) != nil,
      i == 0 || !t[i - 1].isPunctuation(".") || (i >= 2 && t[i - 2].isIdentifier("self"))
    else { return false }
    return !declaresVariable(t[i].text)
  }

  /// Whether the file declares `name` as a variable: a property (Swift's or Objective-C's,
  /// also read through its `_name`), an instance variable, or a `let`, `var` or `T *name`.
  func declaresVariable(_ name: String) -> Bool {
    let bare = name.hasPrefix("_") ? String(name.dropFirst()) : name
    return program.properties.contains(where: { $0.name == bare })
      || program.objcProperties.contains(bare) || program.objcInstanceVariables[name] != nil
      || program.objcInstanceVariables["_" + bare] != nil || declaredNames.contains(name)
  }

  /// The names the file declares with `let`, `var` or after a `*` (`CAEmitterLayer
  /// *emitter`), found once.
  func findDeclaredNames() -> Set<String> {
    let t = program.tokens
    return Set(
      t.indices.dropFirst().filter { k in
        t[k].kind == .identifier
          && (t[k - 1].isIdentifier("let") || t[k - 1].isIdentifier("var")
            || t[k - 1].isPunctuation("*"))
      }.map { t[$0].text })
  }

  /// What a number parameter named after a cell's property is given (`plausibleArgument`):
  /// the birth rate, lifetime and velocity of a typical small effect.
  /// A parameter is named the short word, or ends in the property's name (`sparkBirthRate`).
  static let cellNumberGuesses: [(name: String, suffix: String, value: Double)] = [
    ("rate", "birthrate", 10), ("life", "lifetime", 3), ("speed", "velocity", 100),
  ]

  /// Whether the type named at `i` is made there (`CAEmitterLayer()`, `CAEmitterCell.init()`,
  /// `[CAEmitterLayer layer]`, `[[CAEmitterCell alloc] init]`), not only named
  /// (`layer as! CAEmitterLayer`, `-> CAEmitterCell`).
  func constructs(at i: Int) -> Bool {
    let tokens = program.tokens
    if i + 1 < tokens.count, tokens[i + 1].isPunctuation("(") { return true }
    if i + 2 < tokens.count, tokens[i + 1].isPunctuation("."), tokens[i + 2].isIdentifier("init") {
      return true
    }
    return i > 0 && tokens[i - 1].isPunctuation("[")
  }

  /// The roots that build and have not run, an animation's delegate methods left out (they
  /// run when the animation ends).
  func buildingRoots() -> [Int] {
    roots().filter {
      !called.contains($0) && !Self.animationDelegateMethods.contains(program.functions[$0].name)
        && builds($0)
    }
  }

  /// Runs the roots that build (docs/import.md): the others, and event-like ones while
  /// something else built an emitter, are left to the actions.
  func runRoots() {
    for f in buildingRoots() where !isEventLike(program.functions[f]) {
      runRoot(f, why: "nothing in the file calls it")
    }
  }

  /// A property of an image or a colour type whose observer changes layers or cells (`var
  /// sprite: UIImage? { didSet { cell.contents = sprite?.cgImage } }`) and that nothing in the
  /// file sets: the app sets it once it has made the view, so the observer runs at import,
  /// after the roots, with what a root's parameter of that type is given (the file's own
  /// image, else the image named after the property; white), said in a warning. One that
  /// changes nothing, or only winds the effect down, is left as it was.
  func runGivenProperties() {
    for p in program.properties where p.observer != nil && !usedProperties.contains(p.name) {
      guard let type = declaredType(of: p), let body = p.observer else { continue }
      let words = Set(type.split { !$0.isLetter }.map(String.init))
      guard !words.isDisjoint(with: Self.givenPropertyTypes) else { continue }
      let (value, text) = plausibleArgument(type: type, name: p.name, at: p.at)
      guard value != .null else { continue }
      let before = snapshot()
      usedProperties.insert(p.name)
      instance[p.name] = value
      observing.insert(p.name)
      frames.append([:])
      var skipped: ImportSkip?
      do throws(ImportSkip) { _ = try self.body(body) } catch { skipped = error }
      frames.removeLast()
      observing.remove(p.name)
      if let skipped {
        restore(before)
        warn(skipped.at ?? p.at, "skipped: the didSet of \(p.name)", hint: skipped.message)
        continue
      }
      if objects.count == before.objects.count,
        let changes = changes(
          since: before.objects, hostSublayers: before.host, scheduled: before.scheduled),
        changes.allSatisfy(Self.windsDown)
      {
        restore(before)  // changed nothing, or only wound the effect down
        continue
      }
      warn(
        p.at,
        "set \(p.name) to \(text ?? "a stand-in") at import and ran its didSet: nothing in the file"
          + " sets it, so the app does")
    }
  }

  /// The types of a property the app gives the view (``runGivenProperties()``).
  static let givenPropertyTypes: Set<String> = [
    "UIImage", "CGImage", "CGImageRef", "UIColor", "CGColor", "CGColorRef",
  ]

  /// When the setup, the roots and the view's layout have built no emitter with cells: the
  /// first event-like root that builds becomes an action run once at import, or else a
  /// function whose callers did not run here runs with plausible arguments. After the layout,
  /// so that an emitter `layoutSubviews` makes (through a lazy getter) counts.
  func runFallbackRoots() {
    let candidates = buildingRoots()
    // An emitter without cells (a view's own layer nobody configured) emits nothing.
    guard !objects.contains(where: { $0.kind == .emitter && $0.attached && !$0.cells.isEmpty })
    else { return }
    if let first = candidates.first(where: { !called.contains($0) }) {
      // It becomes an action that builds, run once at import (`run NAME`), as a first tap.
      firstEvent = first
      return
    }
    // Still nothing: a function that builds whose only callers did not run here (a closure
    // of another library's subscription, a statement skipped), with plausible arguments.
    let rootSet = Set(roots())
    if let stranded = program.functions.indices.first(where: { f in
      let function = program.functions[f]
      return !called.contains(f) && !rootSet.contains(f) && !Self.isInitializer(function)
        && !function.isProperty && madeClass(of: function) == nil && !isEventLike(function)
        && !function.parameters.isEmpty && builds(f)
        && function.parameters.indices.allSatisfy { chosenArgument(function, $0).0 != .null }
    }) {
      runRoot(stranded, why: "its callers in the file did not run here")
    }
  }

  /// Whether steps build an emitter (`ImportStep.build`), in them, their blocks or the
  /// actions they run.
  func buildsEmitter(_ steps: [ImportStep]) -> Bool {
    // A cell is built with its emitter, or given to one the setup made (`.cells`).
    built(by: steps).contains { objects[$0].kind == .emitter || objects[$0].kind == .cell }
  }

  /// The layers and cells that steps build, in order: in them, their blocks and the actions
  /// they run (each action followed once).
  func built(by steps: [ImportStep]) -> [Int] {
    var out: [Int] = []
    var followed: Set<String> = []
    func walk(_ steps: [ImportStep], depth: Int) {
      guard depth < 64 else { return }
      for step in steps {
        switch step {
        case .build(let o, _, _, _): subtree(o, depth: 0)
        case .cells(_, let cells, _, _, _):
          for c in cells { subtree(c, depth: 1) }
        case .after(_, let inner), .every(_, let inner): walk(inner, depth: depth + 1)
        case .run(let name):
          guard followed.insert(name).inserted,
            let a = actions.first(where: { $0.name == name })
          else { continue }
          walk(a.steps, depth: depth + 1)
        default: continue
        }
      }
    }
    func subtree(_ o: Int, depth: Int) {
      guard depth < 64 else { return }
      out.append(o)
      for c in objects[o].cells + objects[o].sublayers { subtree(c, depth: depth + 1) }
    }
    walk(steps, depth: 0)
    return out
  }

  /// Calls root `f` with plausible arguments and puts what it returns on screen.
  private func runRoot(_ f: Int, why: String) {
    let function = program.functions[f]
    var given: [String] = []
    var args: [ImportValue] = []
    for (k, name) in function.parameters.enumerated() {
      let (value, text) = chosenArgument(function, k)
      args.append(value)
      if let text { given.append("\(name) = \(text)") }
    }
    let before = snapshot()
    initializeOwner(of: function)
    if Self.representableMakers.contains(function.name), bindCoordinatorContext(of: function) {
      args.removeLast()  // the context is the instance's, shared with `updateUIView`
    }
    do throws(ImportSkip) {
      let result: ImportValue
      if let labels = Self.extensionInitializerLabels(function), let owner = function.owner {
        // A layer (or cell) made as `CAEmitterLayer(sparkColor: …)` would make it.
        result = try typeCall(
          owner, zip(labels, args).map { ($0 == "_" ? nil : $0, $1) }, at: function.at)
      } else if let owner = function.owner, let kind = ImportedObject.Kind(className: owner),
        !isTypeMember(function), !program.declaredClasses.contains(owner)
      {
        // **(choice)** An instance method of an extension of a layer or cell class
        // (`extension CAEmitterLayer { func setupSnow(in bounds: CGRect) { emitterShape =
        // .line; … } }`) configures the object its caller (in another file) made: a new one,
        // shown as a root's returned one is.
        let made = try create(kind, at: function.at)
        _ = try call(f, args: args, at: function.at, receiver: made)
        result = made
        given.insert("self = a new \(owner)", at: 0)
      } else {
        result = try call(f, args: args, at: function.at)
      }
      try show(result, at: function.at)
      if Self.representableMakers.contains(function.name) { updateRepresentable(function, result) }
    } catch {
      warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
      return
    }
    if objects.count == before.objects.count {
      let changes = changes(
        since: before.objects, hostSublayers: before.host, scheduled: before.scheduled)
      guard let changes, !changes.allSatisfy(Self.windsDown) else {
        // Changed nothing, or only wound the effect down (`func fadeAway() { emitter.opacity =
        // 0 }`, a removal): a method the app calls to end it, left to become an action.
        restore(before)
        return
      }
    }
    let arguments = given.isEmpty ? "" : " with \(given.joined(separator: ", "))"
    warn(function.at, "ran \(function.signature) at import\(arguments): \(why)")
  }

  /// SwiftUI calls a representable's `updateUIView(_:context:)` (`updateNSView`) with the view
  /// `makeUIView(context:)` made as soon as it is made, before it first shows: so does the
  /// import, the context not known here (a line that reads it is skipped).
  private func updateRepresentable(_ maker: SourceFunction, _ view: ImportValue) {
    let name = maker.name == "makeNSView" ? "updateNSView" : "updateUIView"
    guard
      let u = program.functions.indices.first(where: {
        let g = program.functions[$0]
        return g.name == name && g.owner == maker.owner && g.parameters.count == 2
      })
    else { return }
    let update = program.functions[u]
    do throws(ImportSkip) {
      // The context `makeUIView` was given with its coordinator (`bindCoordinatorContext`),
      // under `updateUIView`'s own name for its parameter; else one not known here.
      var context = [ImportValue.unknown("SwiftUI's context is not known here")]
      if let shared = maker.parameters.last.flatMap({ instance[$0] }),
        let name = update.parameters.last
      {
        instance[name] = shared
        context = []
      }
      _ = try call(u, args: [view] + context, at: update.at)
      warn(
        update.at,
        "ran \(update.signature) at import with the view \(maker.signature) made,"
          + " as SwiftUI does before the view first shows")
    } catch {
      warn(error.at ?? update.at, "skipped: \(update.signature)", hint: error.message)
    }
  }

  /// SwiftUI's context for a representable's `makeUIView(context:)` whose type makes a
  /// coordinator (`func makeCoordinator() -> Coordinator`): a value whose `coordinator` is what
  /// that returns, made once and kept with the instance under the parameter's name, so that
  /// `updateUIView` sees what `makeUIView` stored in it (`context.coordinator.emitter =
  /// emitter`), as SwiftUI keeps one coordinator for the view's life. False (nothing bound)
  /// when the type makes none or it cannot be read: the context stays not known here.
  private func bindCoordinatorContext(of maker: SourceFunction) -> Bool {
    guard let name = maker.parameters.last, maker.parameters.count == 1,
      let f = program.functions.indices.first(where: {
        program.functions[$0].name == "makeCoordinator"
          && program.functions[$0].owner == maker.owner
          && program.functions[$0].parameters.isEmpty
      })
    else { return false }
    guard let coordinator = try? call(f, args: [], at: program.functions[f].at),
      coordinator != .void, ImportValue.unknownReason([coordinator]) == nil
    else { return false }
    instance[name] = .record(
      type: Self.representableContextType, fields: ["coordinator": coordinator])
    return true
  }

  /// The type name of a representable's context value (`bindCoordinatorContext`).
  static let representableContextType = "UIViewRepresentableContext"

  /// What running a root, or an observer the import runs for the app, may change: taken
  /// before, and put back when it built nothing.
  typealias RootSnapshot = (
    objects: [ImportedObject], host: [Int], instance: [String: ImportValue],
    scheduled: [ImportStep], called: Set<Int>, used: Set<String>, own: Int?
  )

  func snapshot() -> RootSnapshot {
    (objects, hostSublayers, instance, scheduled, called, usedProperties, ownLayer)
  }

  /// The state `s` saved, the view's own layer included: one made since (a CAEmitterLayer
  /// parameter's value worked out to ask about a root) goes with the objects, or it would
  /// name an object past their end.
  func restore(_ s: RootSnapshot) {
    (objects, hostSublayers, instance, scheduled, called, usedProperties, ownLayer) = s
  }

  /// What a root did to the objects that were there before it ran, and what it scheduled: the
  /// assignments and steps it added; nil when it changed their cells, sublayers or places
  /// otherwise (that builds).
  private func changes(
    since old: [ImportedObject], hostSublayers oldHost: [Int], scheduled oldScheduled: [ImportStep]
  ) -> [ImportStep]? {
    guard Set(hostSublayers).isSubset(of: oldHost) else { return nil }
    var out: [ImportStep] = []
    for (o, was) in old.enumerated() {
      let now = objects[o]
      guard now.cells == was.cells, now.sublayers == was.sublayers,
        now.attached == was.attached || !now.attached, now.mask == was.mask
      else { return nil }
      for a in now.assignments.dropFirst(was.assignments.count) {
        out.append(.set(object: o, assignment: a))
      }
    }
    return out + scheduled.dropFirst(oldScheduled.count)
  }

  /// Whether a step only winds an effect down: a birth rate, opacity or lifetime of 0, a
  /// layer hidden or removed, and schedules of such steps.
  static func windsDown(_ step: ImportStep) -> Bool {
    switch step {
    case .set(_, let a):
      switch (a.key, a.value) {
      case ("birthRate", .number(0)), ("opacity", .number(0)), ("lifetime", .number(0)),
        ("isHidden", .bool(true)), ("hidden", .bool(true)):
        return true
      default:
        return false
      }
    case .layer(_, let commands, _, _):
      return commands.allSatisfy { $0.verb == SceneCommands.remove.name }
    case .after(_, let steps), .every(_, let steps):
      return steps.allSatisfy(windsDown)
    default:
      return false
    }
  }

  /// The labels of an initializer with parameters that the file adds to a system type in an
  /// extension (`extension CAEmitterLayer { convenience init(sparkColor: UIColor) }` →
  /// `["sparkColor"]`, `_` where there is none); nil for any other function.
  static func extensionInitializerLabels(_ f: SourceFunction) -> [String]? {
    guard f.name == "init", !f.parameters.isEmpty, let owner = f.owner, isKnownType(owner),
      let open = f.signature.firstIndex(of: "("), f.signature.hasSuffix(")")
    else { return nil }
    let inner = f.signature[
      f.signature.index(after: open)..<f.signature.index(before: f.signature.endIndex)]
    let labels = inner.split(separator: ":").map(String.init)
    return labels.count == f.parameters.count ? labels : nil
  }

  /// Before a root of another type of the file runs (a SwiftUI representable's
  /// `makeUIView(context:)` beside the view it makes), that type's own initializer runs when
  /// every parameter has a default (`init(emojis: [String] = ["🦭"])`), as creating the value
  /// would: the properties it sets are what the root reads. Once per type.
  private func initializeOwner(of root: SourceFunction) {
    guard let owner = root.owner, initializedOwners.insert(owner).inserted,
      let f = program.functions.indices.first(where: { i in
        let g = program.functions[i]
        return g.owner == owner && Self.isInitializer(g) && !called.contains(i)
          && g.parameters.indices.allSatisfy { k in
            k < g.parameterDefaults.count && g.parameterDefaults[k] != nil
          }
      })
    else { return }
    let function = program.functions[f]
    let args = function.parameters.indices.map { declaredDefault(function, $0) ?? .null }
    do throws(ImportSkip) {
      _ = try call(f, args: args, at: function.at)
    } catch {
      warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
    }
  }

  /// The file's `CAEmitterCell` subclasses that nothing in it makes (a file holding only
  /// `class SnowCell: CAEmitterCell { override init() { … } }`): when nothing else shows
  /// particles, one of each, made by its initializer without arguments, is given an emitter of
  /// its own at the view's centre, as a cell a root returns is **(choice)**; otherwise each
  /// initializer is said to be skipped.
  func showUnmadeCells(_ unmade: [(type: String, f: Int)], nothingBuilt: Bool) {
    let shown =
      nothingBuilt
      && !objects.contains { $0.kind == .emitter && $0.attached && !$0.cells.isEmpty }
    var made: Set<String> = []
    // An initializer an action ran after the list was drawn (`emitterCells = particles.map {
    // ParticleCell(with: $0) }` in `emit`) made its cells.
    for (type, f) in unmade where !made.contains(type) && !called.contains(f) {
      let function = program.functions[f]
      guard shown else {
        warn(
          function.at,
          "skipped: \(type)'s \(function.signature): the code makes no \(type) that runs it")
        continue
      }
      do throws(ImportSkip) {
        try show(try newInstance(type, labels: [], [], at: function.at), at: function.at)
        made.insert(type)
        warn(
          function.at,
          "made one \(type) at import: nothing in the file makes one, so it is shown in an"
            + " emitter of its own at the view's centre",
          hint: "the app's emitter that holds it is in another file")
      } catch {
        warn(function.at, "skipped: \(type)'s \(function.signature)", hint: error.message)
      }
    }
  }

  /// Puts a layer or cell a root returned on screen, when nothing holds it.
  func show(_ value: ImportValue, at: SourceToken) throws(ImportSkip) {
    if case .array(let items) = value {
      // `-> [CAEmitterCell]` (a factory of cells): all in one emitter at the view's centre, as
      // one returned cell is; returned layers each as one returned alone.
      let cells = items.filter {
        guard case .object(let c) = $0 else { return false }
        return objects[c].kind == .cell && !objects[c].attached
      }
      if !cells.isEmpty { try showInEmitter(.array(cells), at: at) }
      for item in items {
        guard case .object(let c) = item, objects[c].kind != .cell else { continue }
        try show(item, at: at)
      }
      return
    }
    guard case .object(let o) = value, !objects[o].attached else { return }
    switch objects[o].kind {
    case .layer, .emitter, .shape, .gradient, .replicator, .text:
      if objects[o].view != nil,
        !objects[o].assignments.contains(where: { ["frame", "bounds"].contains($0.key) })
      {
        // **(choice)** A view a root returns unsized (SwiftUI's `makeUIView(context:)`) fills
        // the space it is given: the scene.
        let whole = ImportValue.rect(Rect(0, 0, viewSize.width, viewSize.height))
        try setProperty(value, "frame", whole, at: at)
      }
      let placed = ["emitterPosition", "position", "frame", "bounds"]
      if objects[o].kind == .emitter,
        !objects[o].assignments.contains(where: { placed.contains($0.key) })
      {
        // **(choice)** An emitter a factory returns unplaced (its caller, in another file,
        // places it) sits at the view's centre, as a returned cell's emitter does.
        let centre = Point(viewSize.width / 2, viewSize.height / 2)
        try setProperty(value, "emitterPosition", .point(centre), at: at)
        warn(at, "the emitter it returns is not placed here: put at the view's centre")
      }
      try attach(value, to: .host, first: false, at: at)
    case .cell:
      try showInEmitter(.array([value]), at: at)
    }
  }

  /// Puts returned `cells` in an emitter of their own at the view's centre.
  private func showInEmitter(_ cells: ImportValue, at: SourceToken) throws(ImportSkip) {
    let emitter = try create(.emitter, at: at)
    let centre = Point(viewSize.width / 2, viewSize.height / 2)
    try setProperty(emitter, "emitterPosition", .point(centre), at: at)
    try setProperty(emitter, "emitterCells", cells, at: at)
    try attach(emitter, to: .host, first: false, at: at)
  }

  /// What parameter `k` of `f` is given where the importer chooses the arguments (a root, an
  /// action): its declared default (`stopAfter: TimeInterval = 3`, not named in a warning),
  /// else the table's plausible value (`plausibleArgument`).
  func chosenArgument(_ f: SourceFunction, _ k: Int) -> (ImportValue, String?) {
    if let declared = declaredDefault(f, k) { return (declared, nil) }
    let type = k < f.parameterTypes.count ? f.parameterTypes[k] : ""
    let words = Set(type.split { !$0.isLetter }.map(String.init))
    if words.contains("String") || words.contains("NSString"),
      let literal = comparedLiteral(f.parameters[k], in: f.body)
        ?? passedLiteral(f.parameters[k], in: f.body)
    {
      // `switch type { case "Snow": … }`: the first value the code tells apart, so one of the
      // author's branches runs rather than the fallback.
      return (.string(literal), "'\(literal)', the first value the code compares it with")
    }
    let plain = plausibleArgument(type: type, name: f.parameters[k], at: f.at)
    if plain.0 == .null, let member = switchedCase(f.parameters[k], in: f.body) {
      // `switch action { case .none: … case .like, .superlike: emitterCells = [cell] }` of an
      // enumeration of another file: the first case whose branch builds, so the author's
      // effect runs rather than the branch that clears it.
      return (.constant("." + member), ".\(member), the first case the code builds for")
    }
    // A number the name says nothing about (`value`, `level`): what the cell property it is
    // first written to takes (`cell.velocity = value`, `setValue:@(value) forKeyPath:
    // @"emitterCells.ring.velocity"`), so the effect shows as a call would make it.
    if plain.0 == .number(1), plain.1 == "1",
      let guess = cellPropertyGuess(f.parameters[k], in: f.body)
    {
      let text = ValueFormatting.number(guess.value)
      return (.number(guess.value), "\(text) (it sets a cell's \(guess.property))")
    }
    return plain
  }

  /// The guess of ``cellNumberGuesses`` for the first line of `body` that uses parameter
  /// `name` and names a cell's birth rate, lifetime or velocity: a key path through
  /// `emitterCells` (`"emitterCells.spark.velocity"`), or the property of a receiver named
  /// like a cell (`sparkCell.birthRate = name * 2`, `[cell setLifetime:name]`). An emitter
  /// layer's properties of the same names are multipliers, given 1 as before.
  func cellPropertyGuess(
    _ name: String, in body: Range<Int>
  ) -> (property: String, value: Double)? {
    let t = program.tokens
    func guess(_ word: String) -> Double? {
      let lower = word.lowercased()
      return Self.cellNumberGuesses.first { lower.hasSuffix($0.suffix) }?.value
    }
    for i in body where t[i].isIdentifier(name) {
      let line = t[i].line
      var k = i
      while k > body.lowerBound, t[k - 1].line == line { k -= 1 }
      while k < body.upperBound, t[k].line == line {
        defer { k += 1 }
        if t[k].kind == .string, t[k].text.hasPrefix("emitterCells."),
          let last = t[k].text.split(separator: ".").last, let g = guess(String(last))
        {
          return (String(last), g)
        }
        guard t[k].kind == .identifier, k > body.lowerBound + 1, let g = guess(t[k].text) else {
          continue
        }
        // `cell.velocity`, and Objective-C's `[cell setVelocity:…]`.
        let receiver = t[k - 1].isPunctuation(".") ? t[k - 2] : t[k - 1]
        if receiver.kind == .identifier, receiver.text.lowercased().contains("cell") {
          // `setLifetime` is the setter of `lifetime`.
          let word = t[k].text
          guard word.hasPrefix("set"), word.count > 3 else { return (word, g) }
          let property = word.dropFirst(3)
          return (property.prefix(1).lowercased() + property.dropFirst(), g)
        }
      }
    }
    return nil
  }

  /// What the initializer the app calls with its own arguments is given: a root's argument,
  /// or for a value of another file's type (`initWithEmitterType:(BOEmitterType)type`) one
  /// not known here, so that the file's only way in still runs; what reads it is skipped, and
  /// a condition on it takes the branch that builds. A touch or a gesture it keeps
  /// (`init(view:gesture:)` of an animator a gesture handler makes) is that event: where the
  /// code reads its location it is the place of the touch, as in an action.
  func initializerArgument(_ f: SourceFunction, _ k: Int) -> (ImportValue, String?) {
    let chosen = chosenArgument(f, k)
    let type = (k < f.parameterTypes.count ? f.parameterTypes[k] : "").filter {
      !"?!* ".contains($0)
    }
    if chosen.0 == .null, Self.isTouchType(type) {
      return (.event, "the touch or gesture that made it")
    }
    guard chosen.0 == .null, isForeignType(type) else { return chosen }
    return (
      .unknown("a \(type) is made by code in another file of the app"), "a \(type) of another file"
    )
  }

  /// The first literal a function of the file that `body` passes `name` to compares its own
  /// parameter with (`generateCells(with: type)` whose `switch type` tells "Snow" apart), a
  /// call deep.
  func passedLiteral(_ name: String, in body: Range<Int>) -> String? {
    let t = program.tokens
    for i in body
    where t[i].kind == .identifier && i + 1 < body.upperBound
      && t[i + 1].isPunctuation("(")
    {
      let close = program.closing(i + 1, in: body)
      guard close < body.upperBound else { continue }
      // The argument's place among the call's.
      let found = arguments((i + 2)..<close).firstIndex { arg in
        topLevelIndex(in: arg.value) { $0.isIdentifier(name) } != nil
      }
      guard let p = found else { continue }
      for g in program.functions where g.name == t[i].text && p < g.parameters.count {
        if let literal = comparedLiteral(g.parameters[p], in: g.body) { return literal }
      }
    }
    return nil
  }

  /// The case `switch NAME { … }` in `body` tells apart by an implicit member (`case .like,
  /// .superlike:`) whose branch builds (makes a layer or a cell, itself or through the file's
  /// functions), else the first such case named; nil when no such switch is there.
  func switchedCase(_ name: String, in body: Range<Int>) -> String? {
    let t = program.tokens
    guard
      let at = body.first(where: {
        $0 > body.lowerBound && t[$0].isIdentifier(name) && t[$0 - 1].isIdentifier("switch")
      }),
      let open = (at..<body.upperBound).first(where: { t[$0].isPunctuation("{") })
    else { return nil }
    let close = program.closing(open, in: open..<body.upperBound)
    // The `case` and `default` labels at the switch's own depth: where each is, its implicit
    // members (none for `default`) and where its branch starts; a branch ends at the next.
    var labels: [(at: Int, members: [String], from: Int)] = []
    var depth = 0
    var i = open + 1
    while i < close {
      if t[i].isPunctuation("{") || t[i].isPunctuation("(") || t[i].isPunctuation("[") {
        depth += 1
      } else if t[i].isPunctuation("}") || t[i].isPunctuation(")") || t[i].isPunctuation("]") {
        depth -= 1
      } else if depth == 0, t[i].isIdentifier("case") || t[i].isIdentifier("default") {
        var members: [String] = []
        var j = i + 1
        while j < close, !t[j].isPunctuation(":") {
          if t[i].isIdentifier("case"), t[j].isPunctuation("."), j + 1 < close,
            t[j + 1].kind == .identifier
          {
            members.append(t[j + 1].text)
          }
          j += 1
        }
        labels.append((i, members, j + 1))
        i = j
      }
      i += 1
    }
    let named = labels.indices.filter { !labels[$0].members.isEmpty }
    guard let first = named.first else { return nil }
    let building = named.first { k in
      let end = k + 1 < labels.count ? labels[k + 1].at : close
      return builds(in: labels[k].from..<max(labels[k].from, end))
    }
    return labels[building ?? first].members[0]
  }

  /// The first string literal `body` compares the variable `name` with: `switch name { case
  /// "a": … }`, `name == "a"`, `"a" == name`, `[name isEqualToString:@"a"]`.
  func comparedLiteral(_ name: String, in body: Range<Int>) -> String? {
    let t = program.tokens
    for i in body where t[i].isIdentifier(name) {
      if i > body.lowerBound, t[i - 1].isIdentifier("switch"),
        let open = (i..<body.upperBound).first(where: { t[$0].isPunctuation("{") }),
        open + 2 < body.upperBound, t[open + 1].isIdentifier("case"), t[open + 2].kind == .string
      {
        return t[open + 2].text
      }
      if i + 2 < body.upperBound, t[i + 1].isPunctuation("=="), t[i + 2].kind == .string {
        return t[i + 2].text
      }
      if i >= body.lowerBound + 2, t[i - 1].isPunctuation("=="), t[i - 2].kind == .string {
        return t[i - 2].text
      }
      if i + 3 < body.upperBound, t[i + 1].isIdentifier("isEqualToString"),
        t[i + 2].isPunctuation(":"), t[i + 3].kind == .string
      {
        return t[i + 3].text
      }
    }
    return nil
  }

  /// Whether the layer made at `at` is kept in a stored property that the code tests for nil
  /// first (`if (self.emitter == nil) { self.emitter = [CAEmitterLayer layer]; … }`, `if
  /// (!_emitter)`, or a `guard emitter == nil else { return }` before it): the app's one layer,
  /// made by the first run only, so an action's later runs take the place of the first's rather
  /// than adding a second.
  func madeWhileNil(_ at: SourceToken) -> Bool {
    let t = program.tokens
    guard let i = tokenIndex[TokenPlace(line: at.line, column: at.column)],
      let function = program.functions.first(where: { $0.body.contains(i) })
    else { return false }
    let body = function.body
    // The property the statement assigns: `P = …`, `self.P = …`, `_P = …`, or a local the
    // layer is made into and then kept in `P` (`let e = CAEmitterLayer(); burst = e`).
    var k = i - 1
    while k > body.lowerBound, t[k].line == at.line, !t[k].isPunctuation("=") { k -= 1 }
    guard t[k].isPunctuation("="), k > body.lowerBound, t[k - 1].kind == .identifier else {
      return false
    }
    var names = [t[k - 1].text]
    if t[k - 2].isIdentifier("let") || t[k - 2].isIdentifier("var") || t[k - 2].isPunctuation("*") {
      // A local: the property it is then assigned to (`burst = e`, `self.burst = e`).
      let local = t[k - 1].text
      guard
        let j = (i..<body.upperBound).first(where: { j in
          t[j].isIdentifier(local) && t[j - 1].isPunctuation("=") && t[j - 2].kind == .identifier
            && (j + 1 >= body.upperBound || t[j + 1].startsLine || t[j + 1].isPunctuation(";"))
        })
      else { return false }
      names = [t[j - 2].text]
    }
    let bare = names[0].hasPrefix("_") ? String(names[0].dropFirst()) : names[0]
    guard
      program.properties.contains(where: { $0.name == bare })
        || program.objcProperties.contains(bare)
        || program.objcInstanceVariables[names[0]] != nil
    else { return false }
    names.append(bare)
    // Whether tokens `range` test the property for nil: `P == nil`, `nil == P`, `!P`.
    func testsNil(_ range: Range<Int>) -> Bool {
      range.contains { j in
        guard t[j].kind == .identifier, names.contains(t[j].text) else { return false }
        if j + 2 < range.upperBound, t[j + 1].isPunctuation("=="), t[j + 2].isIdentifier("nil") {
          return true
        }
        if j - 2 >= range.lowerBound, t[j - 1].isPunctuation("=="), t[j - 2].isIdentifier("nil") {
          return true
        }
        // `!P`, `!self.P`
        let start =
          j >= 2 && t[j - 1].isPunctuation(".") && t[j - 2].isIdentifier("self") ? j - 2 : j
        return start > range.lowerBound && t[start - 1].isPunctuation("!")
      }
    }
    // Out through the enclosing blocks to the function's body: an `if` whose block holds the
    // statement, or a `guard` before it in a block that does.
    var depth = 0
    var j = k - 1
    while j >= body.lowerBound {
      if t[j].isPunctuation("}") {
        depth += 1
      } else if t[j].isPunctuation("{") {
        if depth > 0 {
          depth -= 1
        } else {
          var c = j - 1
          while c >= body.lowerBound, !t[c].isIdentifier("if"), !t[c].isPunctuation(";"),
            !t[c].isPunctuation("{"), !t[c].isPunctuation("}")
          {
            c -= 1
          }
          if c >= body.lowerBound, t[c].isIdentifier("if"), testsNil(c + 1..<j) { return true }
        }
      } else if depth == 0, t[j].isIdentifier("guard"),
        let e = (j..<k).first(where: { t[$0].isIdentifier("else") }), testsNil(j + 1..<e)
      {
        return true
      }
      j -= 1
    }
    return false
  }

  /// The value of parameter `k`'s declared default (`amount: Float = 10`), if it has one the
  /// importer can work out.
  func declaredDefault(_ f: SourceFunction, _ k: Int) -> ImportValue? {
    guard k < f.parameterDefaults.count, f.parameterDefaults[k] != nil else { return nil }
    return try? defaultValue(f, k)
  }

  /// The value of parameter `k`'s declared default. One that cannot be worked out here (an
  /// asset of another module, `image: UIImage = Asset.dog.image`) is what a root's parameter
  /// of its type is given ("What a root is given"), with a warning, so that the call still
  /// runs; without a value for its type, the call is skipped as before.
  func defaultValue(_ f: SourceFunction, _ k: Int) throws(ImportSkip) -> ImportValue {
    guard k < f.parameterDefaults.count, let d = f.parameterDefaults[k] else {
      throw skip("\(f.parameters[k]) has no default", f.at)
    }
    do throws(ImportSkip) {
      return try expression(d)
    } catch {
      let type = k < f.parameterTypes.count ? f.parameterTypes[k] : ""
      // The default's own last name says what it is (`Asset.Sample.dogEmitter.image`: an image
      // `dogEmitter`), better than the parameter's.
      let generic: Set<String> = ["image", "cgImage", "CGImage", "UIImage", "self", "shared"]
      let named =
        tokens[d].last { $0.kind == .identifier && !generic.contains($0.text) }?.text
        ?? f.parameters[k]
      let (value, text) = plausibleArgument(type: type, name: named, at: f.at)
      guard value != .null, let text, let first = d.first.map({ tokens[$0] }) else { throw error }
      warn(
        first, "the default of \(f.parameters[k]) is not known here: taken as \(text)",
        hint: error.message)
      return value
    }
  }

  /// What a root's parameter is given, and how the warning names it (nil: nothing worth
  /// saying). The table is in docs/import.md, "What a root is given".
  func plausibleArgument(
    type: String, name: String, at: SourceToken, element isElement: Bool = false
  ) -> (ImportValue, String?) {
    let words = Set(type.split { !$0.isLetter && !$0.isNumber }.map(String.init))
    let lower = name.lowercased()
    func named(_ options: [String]) -> Bool { options.contains { lower.contains($0) } }
    let centre = Point(viewSize.width / 2, viewSize.height / 2)
    if !words.isDisjoint(with: Self.eventTypes) && !words.contains("UIView") {
      return (.null, nil)
    }
    if let element = Self.arrayElementType(type) {
      // `[UIImage]`, `Array<UIColor>`, `NSArray *images`: an array of one stand-in of the
      // element's type (for an untyped NSArray, the type its name suggests), so a loop over
      // it builds once.
      let guessed =
        element.isEmpty
        ? (named(["color", "colour"])
          ? "UIColor" : named(["name", "string"]) ? "String" : "UIImage")
        : element
      let (item, text) = plausibleArgument(type: guessed, name: name, at: at, element: true)
      guard item != .null else {
        // `[EmittedParticle]` of another file: one item whose members are not known here, so a
        // loop or a `map` over it still runs once and only what reads the item is skipped.
        let words = Set(guessed.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        guard !element.isEmpty, words.isDisjoint(with: Self.eventTypes),
          guessed.first?.isUppercase == true
        else { return (.null, nil) }
        return (
          .array([.unknown("a \(guessed) is made by code in another file of the app")]),
          "an array of one \(guessed) of another file"
        )
      }
      return (.array([item]), "an array of one: \(text ?? "a stand-in")")
    }
    if let own = fileValue(ofType: words, at: at) { return own }
    if words.contains("CGPoint") || (type.isEmpty && named(["point", "position", "center"])) {
      return (.point(centre), "the view's centre")
    }
    if words.contains("CGSize") || (type.isEmpty && named(["size"])) {
      return (.size(viewSize), "the view's size")
    }
    if words.contains("CGRect") || (type.isEmpty && named(["frame", "rect", "bounds"])) {
      return (.rect(Rect(0, 0, viewSize.width, viewSize.height)), "the view's bounds")
    }
    if words.contains("inout"), type.hasSuffix("?"),
      words.contains(where: Self.buildingTypes.contains)
    {
      // `emitter: inout CAEmitterLayer?`: the caller's optional, nil until the function sets it.
      return (.null, "nil (the caller's optional, which the function sets)")
    }
    if words.contains("CAEmitterLayer") {
      // `func setup(layer: CAEmitterLayer)` in a CAEmitterLayer subclass: the layer itself,
      // as its initializer would pass `self`.
      if program.selfIsEmitter, let own = try? ownEmitter(at: at) {
        return (own, "the layer itself")
      }
      // **(choice)** Elsewhere the caller's emitter: a new one added to the view, at its
      // centre, for the root to configure.
      if recording.isEmpty, recordingAction == nil,
        case .object(let o)? = try? create(.emitter, at: at),
        (try? attach(.object(o), to: .host, first: false, at: at)) != nil
      {
        objects[o].assignments.append(
          ImportAssignment(
            key: "emitterPosition", text: ValueFormatting.value(.point(centre)),
            value: .point(centre), at: nil, statement: "the caller places it"))
        return (.object(o), "a new CAEmitterLayer at the view's centre")
      }
    }
    // (Not an array's: cells of another file stand in for those, as for any other type.)
    if words.contains("CAEmitterCell"), !isElement, !type.contains("->"), !type.contains("["),
      !type.contains("<"), recording.isEmpty, recordingAction == nil,
      case .object(let o)? = try? create(.cell, at: at)
    {
      // **(choice)** The caller's cell: a new one for the root to configure, shown where the
      // code adds it to an emitter.
      return (.object(o), "a new CAEmitterCell")
    }
    if words.contains("CALayer") || words.contains("CAEmitterLayer") {
      return (.hostLayer, "the view's layer")
    }
    if words.contains(where: { $0.hasSuffix("View") }) || named(["view"]) {
      return (.host, "the view")
    }
    if words.contains("UIColor") || words.contains("CGColor") || words.contains("CGColorRef")
      || named(Self.colourNames)
    {
      return (.color(Color(1, 1, 1, 1)), "white")
    }
    if words.contains("Bool") || words.contains("BOOL") { return (.bool(true), "true") }
    if words.contains("UIImage") || words.contains("CGImage") || words.contains("CGImageRef") {
      let name = imageLiteral() ?? name
      return (.image(image(named: name, at: at)), "the image '\(name)'")
    }
    if words.contains("String") || words.contains("NSString") {
      guard named(["image", "name", "texture", "file", "particle", "icon"]) else {
        // A short text (emoji, a label): one character, so what is made per character is
        // made once.
        return (.string("★"), "'★'")
      }
      let image = imageLiteral() ?? name
      return (.string(image), "'\(image)'")
    }
    if !words.isDisjoint(with: Self.numberTypes) || !words.isDisjoint(with: Self.cNumberTypes) {
      // `width: CGFloat`, `height`: the view's, as a layout would give them.
      if named(["width"]) { return (.number(viewSize.width), "the view's width") }
      if named(["height"]) { return (.number(viewSize.height), "the view's height") }
      // **(choice)** Named after an emitter cell's rate, life or speed (`maker(birthRate:
      // lifetime:)`): a value such calls pass, so the effect shows (1 and 1 leave it bare).
      for guess in Self.cellNumberGuesses
      where lower == guess.name || lower.hasSuffix(guess.suffix) {
        return (.number(guess.value), ValueFormatting.number(guess.value))
      }
      return (.number(1), "1")
    }
    return (.null, nil)
  }

  /// A stand-in of a type the file declares: an enumeration's first case (with a stand-in of
  /// each associated value's type: `.shape(.circle, white)`), a struct with its fields'
  /// declared values. Nil for other types.
  func fileValue(ofType words: Set<String>, at: SourceToken) -> (ImportValue, String)? {
    if let type = words.sorted().first(where: { program.firstCases[$0] != nil }),
      let first = program.firstCases[type]
    {
      guard let payload = program.payloadCases[first] else {
        // An enumeration of another file, known by the extension that switches over it: a
        // case that carries its type, so the extension's members run on it (`mode.shape`).
        if program.enumCases[type] == nil {
          return (.enumCase(type: type, name: first, values: []), "\(type).\(first)")
        }
        return (.constant("." + first), "\(type).\(first)")
      }
      guard !stubbing.contains(type) else { return nil }  // a case holding its own type
      stubbing.insert(type)
      defer { stubbing.remove(type) }
      var values: [ImportValue] = []
      for t in payload.types {
        let (v, _) = plausibleArgument(type: t, name: "", at: at)
        values.append(v == .null && !t.hasSuffix("?") ? .unknown("\(t) is not known here") : v)
      }
      return (.enumCase(type: type, name: first, values: values), "\(type).\(first)(…)")
    }
    if let type = words.sorted().first(where: program.structNames.contains) {
      var fields = (try? storedDefaults(of: type)) ?? [:]
      for p in program.properties where p.owner == type && fields[p.name] == nil {
        // A field declared without a value (`var spin: Bool`): a value of its type.
        guard !stubbing.contains(type), let declared = declaredType(of: p) else { continue }
        stubbing.insert(type)
        let (v, _) = plausibleArgument(type: declared, name: p.name, at: at)
        stubbing.remove(type)
        if v != .null { fields[p.name] = v }
      }
      return (.record(type: type, fields: fields), "a \(type) with its declared values")
    }
    return nil
  }

  /// The type a stored property is declared with (`var spin: Bool` gives `Bool`), nil when it
  /// is not written.
  func declaredType(of p: SourceProperty) -> String? {
    guard let k = tokenIndex[TokenPlace(line: p.at.line, column: p.at.column)],
      k + 2 < tokens.count, tokens[k + 1].isPunctuation(":")
    else { return nil }
    var end = k + 2
    while end < tokens.count, !tokens[end].isPunctuation("="), !tokens[end].isPunctuation("{"),
      !tokens[end].startsLine || end == k + 2
    {
      end += 1
    }
    return tokens[(k + 2)..<end].map(\.text).joined()
  }

  /// The element type of an array type as written (`[UIImage]` → UIImage, `Array<UIColor>`
  /// → UIColor, `[CGImage]?` → CGImage; `NSArray *`, `NSMutableArray<UIImage *> *` → "" or the
  /// generic's), nil when `type` is not an array.
  static func arrayElementType(_ type: String) -> String? {
    let t = type.trimmingCharacters(in: .whitespaces)
    if t.hasPrefix("["), let close = t.lastIndex(of: "]"), !t.contains(":") {
      return String(t[t.index(after: t.startIndex)..<close]).trimmingCharacters(in: .whitespaces)
    }
    for prefix in ["Array<", "NSArray<", "NSMutableArray<"] where t.hasPrefix(prefix) {
      guard let close = t.lastIndex(of: ">") else { return "" }
      return String(t[t.index(t.startIndex, offsetBy: prefix.count)..<close])
        .replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
    }
    if t.hasPrefix("NSArray") || t.hasPrefix("NSMutableArray") { return "" }
    return nil
  }

  /// The first image name the file gives `UIImage(named:)` or `imageNamed:` as a literal.
  func imageLiteral() -> String? {
    let t = program.tokens
    for i in t.indices where t[i].kind == .string && i >= 2 {
      if t[i - 1].isPunctuation(":"),
        t[i - 2].isIdentifier("named") || t[i - 2].isIdentifier("imageNamed")
      {
        return t[i].text
      }
    }
    return nil
  }
}

/// Where a token starts, as a key.
struct TokenPlace: Hashable {
  var line: Int
  var column: Int
}
