import Core

/// What a name means where the code uses it: the file's own types and those of other files,
/// closures, the types the importer knows, and variables (`variable`).
extension ImportInterpreter {
  /// Whether a type is one the file declares (and not one the importer knows by itself).
  func isOwnType(_ type: String) -> Bool {
    program.typeNames.contains(type) && !Self.types.contains(type)
  }

  /// A type of another file of the app: capitalised, neither the file's nor one the importer
  /// knows, nor a system framework's (`UI`, `NS`, `CG`, `CA`, `SK`… prefixes).
  func isForeignType(_ type: String) -> Bool {
    guard let first = type.first, first.isUppercase, !type.contains(".") else { return false }
    return isOtherFilesName(type) && type != type.uppercased()
  }

  /// Whether `type` is neither the file's, nor a type the importer knows, nor of Apple's
  /// frameworks by its prefix: a name another file of the app declares.
  func isOtherFilesName(_ type: String) -> Bool {
    !program.typeNames.contains(type) && !Self.isKnownType(type)
      && !Self.systemTypePrefixes.contains(where: type.hasPrefix)
  }

  /// The UIKit view class a view class of another file is taken as when the file makes one
  /// with a frame (`GlowView(frame: r)`, `[[GlowView alloc] initWithFrame:r]`), by the end of
  /// its name: `…ImageView`, `…Button`, `…Label`, `…View`; nil for any other type.
  /// **(choice)** Its frame, background and subviews are the file's; what its own class draws
  /// is not known here.
  func foreignViewClass(_ type: String) -> String? {
    if isEmitterView(type) { return "UIView" }
    return isForeignType(type) ? Self.viewType(named: type, labels: true) : nil
  }

  /// **(choice)** Whether `type` is another file's view that wraps an emitter by its name
  /// (`CAEmitterView`, `SnowEmitterView`, not a class of Core Animation or of this file): the
  /// code gives it an emitter's properties (`emitterView.emitterShape = …`, `.emitterCells`),
  /// so it is an emitter layer with the view's frame, as a view whose `layerClass` is
  /// `CAEmitterLayer` is.
  func isEmitterView(_ type: String) -> Bool {
    type.contains("Emitter") && type.hasSuffix("View")
      && ImportedObject.Kind(className: type) == nil
      && !program.declaredClasses.contains(type)
  }

  /// Why a type of another file stops a statement, and how to give it: `import` with that
  /// file too (`import A.swift B.swift`).
  func otherFileNote(_ type: String) -> String {
    let ext = program.language == .objc ? "m" : "swift"
    return "\(type) is declared in another file of the app: import that file with this one"
      + " (import \(fileName) \(type).\(ext))"
  }

  /// The prefixes of system frameworks' types, and Foundation's and Swift's own type names
  /// that have none: not an app's.
  static let systemTypePrefixes = [
    "UI", "NS", "CG", "CA", "CF", "CI", "SK", "SCN", "AV", "MTL", "GL", "Dispatch", "URL", "JSON",
    "Date", "Data", "Timer", "Thread", "Task", "MainActor", "Scanner", "Notification",
    "Operation", "UserDefaults", "FileManager", "Bundle", "Locale", "Calendar", "Process",
    "PlaygroundPage", "Result", "Optional", "Set", "Dictionary", "Character", "Swift",
  ]

  /// A closure literal's value: its body (after a `params in` header) and what it captures.
  func closure(_ inside: Range<Int>) -> ImportValue {
    var start = inside.lowerBound
    // `{ _ in … }`, `{ (finished) in … }`, `{ (n: Float) -> Void in … }`: the header ends at
    // `in`; its names before a `:` or `->` are the parameters.
    var j = inside.lowerBound
    var parameters: [String] = []
    var names: [String] = []
    var inType = false
    while j < inside.upperBound, j < inside.lowerBound + 24, !tokens[j].startsLine || j == start {
      let t = tokens[j]
      if t.isIdentifier("in") {
        start = j + 1
        parameters = names
        break
      }
      // A statement, or an inner closure's `{`: this closure has no header (the `in` met
      // further on is the inner closure's: `{ return xs.map { s in … } }()`).
      if t.isPunctuation("{") || t.isPunctuation("=")
        || ["return", "let", "var", "if", "for", "guard", "switch"].contains(where: t.isIdentifier)
      {
        break
      }
      if t.isPunctuation(":") || t.isPunctuation("->") { inType = true }
      if t.isPunctuation(",") { inType = false }
      if t.kind == .identifier, !inType { names.append(t.text) }
      j += 1
    }
    return .closure(
      body: start..<inside.upperBound, captured: capturedVariables(), parameters: parameters)
  }

  /// The variables a closure written here sees: every frame's, the innermost winning.
  func capturedVariables() -> [String: ImportValue] {
    var captured: [String: ImportValue] = [:]
    for frame in frames { captured.merge(frame) { _, new in new } }
    return captured
  }

  /// The argument the file's own call of its type's memberwise initializer gives a stored
  /// property declared without a value (`ParticlesView(color: .systemYellow)` in a SwiftUI
  /// view's `body` gives `color`): the tokens of the first such argument, if any.
  func memberwiseArgument(_ p: SourceProperty) -> Range<Int>? {
    guard program.language == .swift, let owner = p.owner else { return nil }
    for i in tokens.indices.dropLast(3)
    where tokens[i].isIdentifier(owner) && tokens[i + 1].isPunctuation("(")
      && !(i > 0 && ["struct", "class", "extension", "enum"].contains(tokens[i - 1].text))
    {
      let close = program.closing(i + 1, in: i..<tokens.count)
      var start = i + 2
      while start < close {
        let end = topLevelIndex(of: ",", in: start..<close) ?? close
        if end - start > 2, tokens[start].isIdentifier(p.name), tokens[start + 1].isPunctuation(":")
        {
          return (start + 2)..<end
        }
        start = end + 1
      }
    }
    return nil
  }

  /// A SwiftUI binding given in another view's code (`BubblesView(running: $running)` in a view
  /// with `@State private var running = true`): the value that view's property is declared
  /// with, which the binding reads until something changes it; nil for another argument.
  func projectedArgument(_ given: Range<Int>) throws(ImportSkip) -> ImportValue? {
    guard given.count == 2, tokens[given.lowerBound].isPunctuation("$"),
      tokens[given.lowerBound + 1].kind == .identifier,
      let caller = program.functions.first(where: { $0.body.contains(given.lowerBound) }),
      let q = program.properties.first(where: {
        $0.name == tokens[given.lowerBound + 1].text && $0.owner == caller.owner
          && !$0.initializer.isEmpty
      })
    else { return nil }
    return try expression(q.initializer)
  }

  /// Whether `p` is a `var` of a struct of the file that its memberwise initializer sets (not
  /// `let`, `static` or private, and not a stored property's observer).
  func isMemberwiseVariable(_ p: SourceProperty) -> Bool {
    guard !p.isStatic, p.observer == nil, let owner = p.owner, program.structNames.contains(owner),
      let words = declarationModifiers(of: p.at, after: ["var"])
    else { return false }
    return words.isDisjoint(with: ["private", "fileprivate", "lazy"])
  }

  /// "width" or "height" when `name` spells the screen's extent the way apps' shared macros do
  /// (`kScreenWidth`, `SCREEN_HEIGHT`, `kScreenW`, `ScreenH`, `kMainW`); nil otherwise.
  static func screenExtent(_ name: String) -> String? {
    let lower = name.lowercased().filter(\.isLetter)
    guard lower.contains("screen") || lower.hasPrefix("kmain") || lower.hasPrefix("main")
    else { return nil }
    if lower.hasSuffix("width") || lower.hasSuffix("w") { return "width" }
    if lower.hasSuffix("height") || lower.hasSuffix("h") { return "height" }
    return nil
  }

  /// The screen's `extent` ("width" or "height") read through `spelling`, a macro or constant
  /// of another file of the app (``screenExtent(_:)``), said with a warning.
  func screenExtentValue(_ extent: String, _ spelling: String, at: SourceToken) -> ImportValue {
    let n = extent == "width" ? viewSize.width : viewSize.height
    warn(
      at,
      "\(spelling) is not in the file: taken as the screen's \(extent), \(ValueFormatting.number(n))",
      hint: "a macro or constant of another file of the app; view WxH sets the size")
    return .number(n)
  }

  /// Objective-C's prefix of `UIUserInterfaceIdiom` cases.
  static let idiomPrefix = "UIUserInterfaceIdiom"

  /// Type names the importer knows as values to call or to read members of.
  /// Whether the importer knows a type by itself (`UIColor`, `CGPoint`), so an extension of
  /// it in the file adds to Apple's type rather than declaring one of the app's.
  static func isKnownType(_ type: String) -> Bool { types.contains(type) }

  static let types: Set<String> = Set([
    "CAEmitterLayer", "CAEmitterCell", "CALayer", "CAShapeLayer", "CAGradientLayer",
    "CAReplicatorLayer",
    "CATextLayer", "CAValueFunction", workItem, "UIFont", "UIBezierPath",
    "CGPoint",
    "CGSize", "CGRect", "CGFloat",
    "Float", "Double", "Int", "Int64", "Int32", "UInt64", "UInt32", "UInt", "NSNumber", "NSValue",
    "UIColor", "CGColor", "UIImage", "UIScreen",
    "CGPointMake", "CGSizeMake", "CGRectMake", "CACurrentMediaTime", "NSArray", "NSMutableArray",
    "stride", "zip", "Array", "String", "Bundle", "CATransaction", "UIDevice", "UITraitCollection",
    "DispatchTime",
    "DispatchWallTime",
    "dispatch_time",
    "CGRectGetMidX", "CGRectGetMidY", "CGRectGetWidth", "CGRectGetHeight", "CGRectInset",
    "CGRectOffset", "sizeof", "#colorLiteral", bitCast,
    "#imageLiteral",
  ]).union(randomFunctions).union(unaryMath.keys).union(binaryMath.keys)

  /// Whether a `self` bound in a frame (an extension's member or initializer) is a value whose
  /// members bare names read: not a type (`self.init(…)` still to come) or the host.
  static func readsMembersOfSelf(_ own: ImportValue) -> Bool {
    switch own {
    case .type, .host, .hostLayer: return false
    default: return true
    }
  }

  /// The value of the file's stored property `p` (the current object's: the view's, or an
  /// instance's while its class's code runs): its last value, else its declared value made
  /// the first time it is read, else the value a memberwise call gives it.
  func storedProperty(_ p: SourceProperty, at: SourceToken) throws(ImportSkip) -> ImportValue {
    let name = p.name
    if let v = instanceValue(name) { return v }
    guard !p.initializer.isEmpty else {
      usedProperties.insert(name)
      if let given = memberwiseArgument(p), !evaluating.contains(name) {
        // `ParticlesView(color: .systemYellow)` elsewhere in the file gives `color`.
        evaluating.insert(name)
        defer { evaluating.remove(name) }
        var value = ImportValue.null
        if let projected = try projectedArgument(given) {
          value = projected
        } else {
          value = try expression(given)
        }
        instance[name] = value
        return value
      }
      if program.language == .swift, let declared = declaredType(of: p), !isAssigned(p),
        !declared.hasSuffix("?"), case let type = String(declared.filter { $0 != "!" }),
        program.structNames.contains(type),
        let made = try? typeCall(type, [], at: at)
      {
        // `@ObservedObject var model: RainModel` (another view passes it) or `var settings:
        // Settings!` of a data type the file declares, which nothing here gives: **(choice)**
        // one made with the type's declared values, as `RainModel()` would be. (`Settings?`
        // stays nil, below, as Swift starts it.)
        warn(
          at,
          "'\(name)' is declared without a value here: taken as \(type)(), with the"
            + " type's declared values",
          hint: "another part of the app gives it")
        instance[name] = made
        return made
      }
      if program.language == .swift, let declared = declaredType(of: p), !isAssigned(p),
        !declared.hasSuffix("?"), let owner = p.owner, program.structNames.contains(owner)
      {
        // `var isEnabled: Bool` of a SwiftUI view or representable (a struct its caller makes
        // with the memberwise initializer, in another file): **(choice)** what a root's
        // parameter of its type is given. One of another file's enumeration that its methods
        // switch on (`var type: MainValues`, `switch type { case .Rain, .Snow: return 200 … }`)
        // is, like such a parameter, the first case whose branch builds, else the first case.
        var (value, text) = plausibleArgument(
          type: declared.filter { $0 != "!" }, name: name, at: at)
        if value == .null,
          let member = program.functions.lazy.filter({ $0.owner == owner })
            .compactMap({ self.switchedCase(name, in: $0.body) }).first
        {
          (value, text) = (
            .constant("." + member), ".\(member), the first case the code switches on"
          )
        }
        if value != .null {
          warn(
            at,
            "'\(name)' is given by the code that makes \(owner): taken as \(text ?? "a stand-in")",
            hint: "as a parameter of its type is (docs/import.md, \"What a root is given\")")
          instance[name] = value
          return value
        }
      }
      if let type = declaredType(of: p), type.filter({ $0.isLetter }) == "UIWindow" {
        // **(choice)** An app delegate's (or scene delegate's) `var window: UIWindow?`, which
        // UIKit sets as the app starts: the window fills the screen, which the hosting view
        // stands for.
        warn(at, "'\(name)' is the app's window: the hosting view (the screen) stands for it")
        instance[name] = .host
        return .host
      }
      if program.language == .swift, let type = declaredType(of: p),
        type.hasSuffix("?") || type.hasSuffix("!"), !isAssigned(p)
      {
        // `var origin: CGPoint?` that no code of the file sets: nil, as Swift starts it. One
        // that a method sets (`image = newImage`) is the app's to give, so stays not known.
        return .null
      }
      throw skip("'\(name)' is declared without a value here (set by a storyboard or later)", at)
    }
    guard !evaluating.contains(name) else { throw skip("'\(name)' refers to itself", at) }
    evaluating.insert(name)
    defer { evaluating.remove(name) }
    usedProperties.insert(name)
    if let given = memberwiseArgument(p), isMemberwiseVariable(p) {
      // `var color: UIColor = .systemYellow` of a struct that the file makes as
      // `SparkleBackground(color: .systemPink)`: the value it is made with.
      let value = try expression(given)
      instance[name] = value
      return value
    }
    frames.append([:])
    let made = objects.count
    let value: ImportValue
    do throws(ImportSkip) {
      value = try expression(p.initializer)
    } catch {
      frames.removeLast()
      throw error
    }
    frames.removeLast()
    // A layer its initializer made (`lazy var sparkles: CAEmitterLayer = { let e = …; return
    // e }()`) is named by the property, not by the closure's local.
    if case .object(let o) = value, objects[o].variable == nil || o >= made {
      objects[o].variable = name
    }
    instance[name] = value
    return value
  }

  /// Whether a bare name in the code running now can mean the file's stored property `p`: not
  /// when `p` is a field (not a `static` member) of a struct (or a base-less class) of the file
  /// and the code is another type's that does not inherit from it. A settings struct's
  /// `birthRate` is not the `birthRate` a cell subclass's initializer sets (`birthRate =
  /// config.birthRate`).
  func reaches(_ p: SourceProperty) -> Bool {
    guard !p.isStatic, let owner = p.owner, program.structNames.contains(owner),
      let f = runningFunctions.last, var type = program.functions[f].owner
    else { return true }
    var seen: Set<String> = []
    while type != owner {
      guard seen.insert(type).inserted, let next = program.superclasses[type] else { return false }
      type = next
    }
    return true
  }

  /// Whether code of the file assigns property `p` (`image = x`, `self.image = x`), besides
  /// its declaration (and the declarations of other variables of its name).
  func isAssigned(_ p: SourceProperty) -> Bool {
    let tokens = program.tokens
    return tokens.indices.dropLast().contains { k in
      tokens[k].isIdentifier(p.name) && tokens[k + 1].isPunctuation("=")
        && !(tokens[k].line == p.at.line && tokens[k].column == p.at.column)
        && !(k > 0 && (tokens[k - 1].isIdentifier("var") || tokens[k - 1].isIdentifier("let")))
        && (k == 0 || !tokens[k - 1].isPunctuation(".")
          || (k > 1 && tokens[k - 2].isIdentifier("self")))
    }
  }

  /// What a name means here: a local, an instance variable (a stored property evaluated now),
  /// a computed property, a function, the view's own members, a type or a constant.
  func variable(_ name: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    let gesturePrefix = "UIGestureRecognizerState"
    if name.hasPrefix(gesturePrefix), name.count > gesturePrefix.count, frames.last?[name] == nil {
      // Objective-C's gesture states, as Swift spells them (`UIGestureRecognizerStateEnded`
      // is `.ended`), so `sameCase` compares both.
      let state = name.dropFirst(gesturePrefix.count)
      return .constant("." + state.prefix(1).lowercased() + state.dropFirst())
    }
    if let macro = program.macros[name], !evaluating.contains("#" + name) {
      // The preprocessor's: the value stands where the name is written.
      guard macro.parameters == nil else { return .function("#" + name) }
      evaluating.insert("#" + name)
      defer { evaluating.remove("#" + name) }
      return try expression(macro.body)
    }
    if let v = frames.last?[name] ?? instanceValue(name) ?? globals[name] { return v }
    if let own = frames.last?["self"], Self.readsMembersOfSelf(own),
      let v = try? member(own, name, at: at)
    {
      // In an extension's member, a bare name is a member of `self` (`midX` of a CGRect).
      return v
    }
    if program.selfIsEmitter, Self.objectMethods.contains(name),
      !program.functions.contains(where: { $0.name == name })
    {
      // `add(animation, forKey: "b")` in the file's CAEmitterLayer subclass: its own method.
      return .method(try ownEmitter(at: at), name)
    }
    if (["window", "superview", "convert", "convertPoint", "convertRect"]
      + Self.containerControllers).contains(name),
      !program.properties.contains(where: { $0.name == name }),
      !program.functions.contains(where: { $0.name == name })
    {
      // Inside a view, the view's own `window` and `convert(_:to:)`.
      return try member(.host, name, at: at)
    }
    if let view = try outletView(name, at: at) { return view }
    if let p = program.properties.first(where: { $0.name == name && reaches($0) }) {
      return try storedProperty(p, at: at)
    }
    if let f = program.functions.firstIndex(where: { $0.name == name && $0.isProperty }) {
      let value = try call(f, args: [], at: at)
      if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
      return value
    }
    if program.functions.contains(where: { $0.name == name }) { return .function(name) }
    if [
      "bounds", "frame", "layer", "view", "center", "addSubview", "insertSubview",
      "bringSubviewToFront", "sendSubviewToBack",
      // A layer subclass's own (`addSublayer(e)` in a class of another file's layer type).
      "addSublayer", "insertSublayer",
      // A table or collection view cell's, or a visual effect view's: where its content goes.
      "contentView",
    ].contains(name) {
      return try member(.host, name, at: at)
    }
    if Self.types.contains(name) { return .type(name) }
    if ["CATransform3DIdentity", "CGAffineTransformIdentity"].contains(name) {
      return .transform("identity")
    }
    switch name {
    // Core Graphics' zero constants (Objective-C, and Swift before 3).
    case "CGPointZero": return .point(Point(0, 0))
    case "CGSizeZero": return .size(Size(0, 0))
    case "CGRectZero": return .rect(Rect(0, 0, 0, 0))
    default: break
    }
    if let n = Self.infinite[name], name.first?.isUppercase == true { return .number(n) }
    if let n = program.objcEnumValues[name] { return .number(n) }
    if let extent = Self.screenExtent(name) {
      // **(choice)** `kScreenWidth`, `SCREEN_HEIGHT`: the usual macros of another file of the
      // app (`#define kScreenWidth [UIScreen mainScreen].bounds.size.width`).
      return screenExtentValue(extent, name, at: at)
    }
    if name.hasPrefix("kCA") || name.hasPrefix("kCG") { return .constant(name) }
    if name.hasPrefix(Self.idiomPrefix), name.count > Self.idiomPrefix.count {
      // `UIUserInterfaceIdiomPad`: the case `.pad`.
      let rest = name.dropFirst(Self.idiomPrefix.count)
      return .constant("." + rest.prefix(1).lowercased() + rest.dropFirst())
    }
    if name == "UI_USER_INTERFACE_IDIOM" { return .function(name) }
    if name == "type", program.language == .swift { return .function(name) }  // `type(of:)`
    if let n = ImportNames.number(name) { return .number(n) }
    if let n = ImportNames.spelledNumber(name), !program.typeNames.contains(name) {
      warn(
        at,
        "\(name) is not in the file: taken as the number its name spells, \(ValueFormatting.number(n))",
        hint: "a constant of another file of the app")
      return .number(n)
    }
    if name == "Self", let f = runningFunctions.last, let owner = program.functions[f].owner {
      return .type(owner)  // `Self()` in a type's own code: that type
    }
    if name.first?.isUppercase == true { return .type(name) }
    if program.language == .objc, name.hasPrefix("_"),
      program.objcProperties.contains(String(name.dropFirst()))
    {
      return .null  // `_emitter` before the code gives it a value: nil, as in Objective-C
    }
    if let type = program.objcInstanceVariables[name] {
      // An instance variable the code has not set yet: Objective-C's zero for its type.
      if type.contains(where: { ["BOOL", "bool", "Boolean"].contains($0) }) { return .bool(false) }
      return type.contains(where: { Self.scalarTypes.contains($0) }) ? .number(0) : .null
    }
    if let v = headerDeclared(name, at: at) { return v }
    if Self.isColorFunction(name) { return .type(name) }  // `hexColor("#…")` of another file
    if name == Self.withHelper, program.language == .swift { return .type(name) }
    if name == Self.performNow, program.language == .swift {
      // `perform(#selector(pause))` inside the view or view controller: its own method.
      return .method(program.selfIsEmitter ? try ownEmitter(at: at) : .host, name)
    }
    if name == "traitCollection" { return .constant(Self.traits) }
    if let v = frameExtension(name, at: at) { return v }
    throw skip("'\(name)' is not known to the importer", at)
  }

  /// An emitter the view reads but the file never declares (`self.emitterLayer` of a
  /// superclass in another file, which backs the view with it through `+layerClass`):
  /// **(choice)** the view's own layer as an emitter filling it, with a warning. nil for names
  /// that do not name an emitter (see `namesEmitter`).
  func inheritedEmitter(_ name: String, at: SourceToken) throws(ImportSkip) -> ImportValue? {
    guard Self.namesEmitter(name), recording.isEmpty else { return nil }
    let own = try ownEmitter(at: at)
    instance[name] = own
    if case .object(let o) = own, objects[o].variable == nil { objects[o].variable = name }
    warn(
      at, "\(name) is not in the file: taken as the view's own emitter layer, filling it",
      hint: "a superclass or header of another file declares it (and +layerClass)")
    return own
  }

  /// Whether a name the file never declares names an emitter layer: its last word is
  /// `emitter`, or `emitter` then `layer` (`emitter`, `_fireEmitter`, `snowEmitterLayer2`,
  /// `emitter_layer`). A name that only contains the word names something of an emitter
  /// (`emitterBirthRate`, `caEmitterShape`, `emitterView`): a property of another file.
  static func namesEmitter(_ name: String) -> Bool {
    var word = name.lowercased().filter { $0 != "_" }
    while word.last?.isNumber == true { word.removeLast() }
    if word.hasSuffix("layer") { word.removeLast(5) }
    return word.hasSuffix("emitter")
  }

  /// C's and Foundation's number types: an instance variable of one starts at 0.
  static let scalarTypes: Set<String> = [
    "int", "float", "double", "long", "short", "unsigned", "CGFloat", "NSInteger", "NSUInteger",
    "NSTimeInterval", "CFTimeInterval", "uint32_t", "int32_t", "size_t",
  ]

  /// The words that name a colour, in a parameter's or a header property's name.
  static let colourNames = ["color", "colour", "tint"]

  /// An Objective-C instance variable (`_level`) or property (`self.level`) that only the
  /// header, another file, declares: **(choice)** nil, which is 0 where a number goes, as
  /// Objective-C starts every instance variable, until the code gives it a value; said once
  /// per name. One named as a colour (`showColor`) is white, as the app would give it. nil for
  /// other names and other languages.
  func headerDeclared(_ ivar: String, at: SourceToken) -> ImportValue? {
    guard program.language == .objc, ivar.hasPrefix("_"), ivar.count > 1,
      ivar.dropFirst().first?.isLowercase == true
    else { return nil }
    let name = String(ivar.dropFirst())
    // **(choice)** Named as a colour (`showColor`, `tint`): a property the app gives the view,
    // white, as a root's colour parameter is (docs/import.md, "What a root is given").
    let lower = name.lowercased()
    if Self.colourNames.contains(where: lower.contains), !assignedInFile(name) {
      // `colors`: an array of one.
      let plural = lower.hasSuffix("s")
      if headerNames.insert(name).inserted {
        warn(
          at,
          "\(name) is declared in the header (another file) and named as a colour: "
            + (plural ? "an array of one white" : "white") + ", as the app would give it",
          hint: "nothing in the file sets it")
      }
      let white = ImportValue.color(Color(1, 1, 1, 1))
      return plural ? .array([white]) : white
    }
    if headerNames.insert(name).inserted {
      warn(
        at,
        "\(name) is declared in the header (another file): nil, 0 as a number, until the"
          + " code sets it", hint: "as Objective-C starts every instance variable")
    }
    return .null
  }

  /// The name of property `name`'s setter, as Objective-C and UIKit spell it (`preset` →
  /// `setPreset`).
  static func setterName(of name: String) -> String {
    "set" + name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Whether the file's own code gives Objective-C property `name` a value: `_name = …`,
  /// `self.name = …`, `[self setName:…]` (a lazy getter's `if (!_name) { _name = … }` too).
  func assignedInFile(_ name: String) -> Bool {
    let t = program.tokens
    let setter = Self.setterName(of: name)
    return t.indices.contains { k in
      guard t[k].kind == .identifier else { return false }
      if t[k].text == setter { return true }
      guard
        t[k].text == "_" + name
          || t[k].text == name && k >= 2 && t[k - 1].isPunctuation(".")
            && t[k - 2].isIdentifier("self")
      else { return false }
      return k + 1 < t.count && t[k + 1].isPunctuation("=")
    }
  }

  /// The view's geometry under the names apps' `UIView` extensions give it (`width`, `height`,
  /// `x`, `y`, `left`, `top`, `right`, `bottom`, `centerX`, `centerY`, also with a prefix:
  /// `kj_width`): **(choice)** such an extension lives in another file of the app, and each
  /// reads the view's frame; with a warning. nil for other names.
  func frameExtension(_ name: String, at: SourceToken) -> ImportValue? {
    let base = name.split(separator: "_").last.map(String.init) ?? name
    let w = viewSize.width
    let h = viewSize.height
    let values: [String: Double] = [
      "width": w, "height": h, "x": 0, "y": 0, "left": 0, "top": 0, "right": w, "bottom": h,
      "centerX": w / 2, "centerY": h / 2,
    ]
    guard let n = values[base], base == name || name.hasSuffix("_" + base) else { return nil }
    warn(
      at,
      "\(name) is not in the file: taken as the view's frame's \(base), \(ValueFormatting.number(n))",
      hint: "a UIView extension of another file of the app")
    return .number(n)
  }
}
