import Core

/// Members: what `value.NAME` reads (`member`) for each kind of value: the hosting view and its
/// layer, geometry, colours, arrays and strings, animations, and a layer's or cell's property
/// as the code last set it (`modelValue`); also the file's own instance and its variables.
extension ImportInterpreter {
  /// `UInt32.max`, `Int.min` and the like: the integer types' limits (Int is 64 bits).
  static let integerLimits: [String: [String: Double]] = [
    "UInt32": ["max": 4_294_967_295, "min": 0],
    "Int32": ["max": 2_147_483_647, "min": -2_147_483_648],
    "UInt16": ["max": 65535, "min": 0], "Int16": ["max": 32767, "min": -32768],
    "UInt8": ["max": 255, "min": 0], "Int8": ["max": 127, "min": -128],
    "Int": ["max": Double(Int64.max), "min": -9_223_372_036_854_775_808],
    "Int64": ["max": Double(Int64.max), "min": -9_223_372_036_854_775_808],
    "UInt": ["max": Double(UInt64.max), "min": 0],
    "UInt64": ["max": Double(UInt64.max), "min": 0],
  ]

  /// Floating-point number types, Swift's and Core Foundation's: a conversion `T(x)` keeps the
  /// value (`CFTimeInterval(arc4random_uniform(6) + 5)`).
  static let floatTypes: Set<String> = [
    "CGFloat", "Double", "Float", "Float32", "Float64", "TimeInterval", "NSTimeInterval",
    "CFTimeInterval",
  ]

  /// Whole-number types: a conversion `T(x)` truncates toward zero.
  static let integerTypes: Set<String> = Set(integerLimits.keys).union(["NSInteger", "NSUInteger"])

  /// The number types a declaration may name: Swift's and C's (`NSInteger`, `NSTimeInterval`).
  static let numberTypes: Set<String> = floatTypes.union(integerTypes)

  /// C's number types and the words that make them (`unsigned long`, `int32_t`), as casts and
  /// parameters write them.
  static let cNumberTypes: Set<String> = [
    "float", "double", "int", "long", "unsigned", "signed", "short", "char", "int64_t",
    "uint64_t", "int32_t", "uint32_t", "u_int32_t", "uint8_t", "size_t",
  ]

  /// An array's own members, never a tuple label's (`(count: Int, size: CGFloat)` declared
  /// somewhere does not make `cells.count` an item).
  static let arrayWords: Set<String> = [
    "count", "first", "last", "isEmpty", "indices", "randomElement", "shuffled", "reversed",
    "enumerated", "joined", "append", "insert", "remove", "removeAll", "removeFirst",
    "removeLast", "dropFirst", "dropLast", "prefix", "suffix", "startIndex", "endIndex",
  ]

  /// The system version `UIDevice.current.systemVersion` reads (see `member`).
  static let systemVersion = "17.0"

  /// NSNumber's views of its value (`floatValue`, `[n doubleValue]`): the same number.
  static let numberViews: Set<String> = [
    "floatValue", "doubleValue", "intValue", "integerValue", "unsignedIntValue",
    "unsignedIntegerValue", "longValue", "cgFloatValue",
  ]

  /// Swift's methods of a number the importer works out (`number(_:_:labels:values:)`).
  static let numberMethods: Set<String> = [
    "truncatingRemainder", "remainder", "squareRoot", "rounded",
  ]

  /// Swift's `n.truncatingRemainder(dividingBy: d)`, `remainder(dividingBy:)`, `squareRoot()`,
  /// `rounded()` and `rounded(.down)` (`.up`, `.towardZero`, `.toNearestOrEven`,
  /// `.toNearestOrAwayFromZero`, `.awayFromZero`); nil for any other call.
  static func number(
    _ n: Double, _ name: String, labels: [String], values: [ImportValue]
  ) -> Double? {
    switch (name, labels, values.first) {
    case ("truncatingRemainder", ["dividingBy"], .number(let d)?):
      return n.truncatingRemainder(dividingBy: d)
    case ("remainder", ["dividingBy"], .number(let d)?): return n.remainder(dividingBy: d)
    case ("squareRoot", [], nil): return n.squareRoot()
    case ("rounded", [], nil): return n.rounded()
    case ("rounded", ["_"], .constant(let rule)?):
      let rules: [String: FloatingPointRoundingRule] = [
        ".down": .down, ".up": .up, ".towardZero": .towardZero,
        ".toNearestOrEven": .toNearestOrEven, ".toNearestOrAwayFromZero": .toNearestOrAwayFromZero,
        ".awayFromZero": .awayFromZero,
      ]
      return rules[rule].map { n.rounded($0) }
    default: return nil
    }
  }

  /// Methods of an image that keep its picture here (`withTintColor(_:)`, `resized(to:)` of an
  /// app's extension): the cell's colour and scale do that work in Burst.
  static let imageKeepers: Set<String> = [
    "withTintColor", "withRenderingMode", "imageWithRenderingMode", "withConfiguration",
    "withAlignmentRectInsets", "imageFlippedForRightToLeftLayoutDirection", "resized", "resize",
    "scaled", "tinted", "withColor", "imageWithTintColor",
  ]

  /// The type whose code declares member `name` for a value of the file's `type`: the type
  /// itself, else the first protocol (or base) it names after its `:` whose extension does
  /// (`extension EmitterPreset { var shape … }` for `struct Snow: EmitterPreset`); nil when none.
  func memberOwner(_ type: String, _ name: String) -> String? {
    var seen: Set<String> = []
    var queue = [type]
    while let t = queue.first, seen.count < 16 {
      queue.removeFirst()
      guard seen.insert(t).inserted else { continue }
      if program.functions.contains(where: { $0.owner == t && $0.name == name }) { return t }
      queue += program.conformances[t] ?? []
    }
    return nil
  }

  /// The file's type of a value whose members its code declares: a struct's record, an
  /// enumeration's case (`.shape(…)`, or `.circle` of the one enumeration with that case).
  func valueType(_ v: ImportValue) -> String? {
    switch v {
    case .record(let type, _), .enumCase(let type, _, _): return type
    case .constant(let c) where c.hasPrefix("."):
      let caseName = String(c.dropFirst())
      let types = program.enumCases.keys.filter { t in
        program.enumCases[t]?.contains { $0.name == caseName } == true
      }
      return types.count == 1 ? types[0] : nil
    default: return nil
    }
  }

  /// A computed property (run with `self` the value: its `switch self` picks the case) or a
  /// method (`.method`) the file declares on enumeration `type`; nil when it declares none.
  func enumMember(_ v: ImportValue, of type: String, _ name: String, at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    let mine = program.functions.indices.filter {
      program.functions[$0].owner == type && program.functions[$0].name == name
    }
    guard let f = mine.first(where: { program.functions[$0].isProperty }) ?? mine.first else {
      return nil
    }
    guard program.functions[f].isProperty else { return .method(v, name) }
    called.insert(f)
    return try invoke(
      body: program.functions[f].body, parameters: ["self"], args: [v], at: at,
      returnsValue: true)
  }

  /// The state of a control a storyboard made, as Interface Builder gives a new one.
  static let controlDefaults: [String: [String: (value: ImportValue, text: String)]] = [
    "UISlider": [
      "value": (.number(0.5), "0.5"), "minimumValue": (.number(0), "0"),
      "maximumValue": (.number(1), "1"),
    ],
    "UISwitch": ["isOn": (.bool(true), "on"), "on": (.bool(true), "on")],
    "UIStepper": [
      "value": (.number(0), "0"), "minimumValue": (.number(0), "0"),
      "maximumValue": (.number(100), "100"), "stepValue": (.number(1), "1"),
    ],
    "UISegmentedControl": ["selectedSegmentIndex": (.number(0), "0")],
  ]

  /// The methods of a layer, cell or view that the importer reads (`method`): a member of an
  /// object by these names is that method.
  static let objectMethods: Set<String> = [
    "addSublayer", "insertSublayer", "setValue", "add", "removeFromSuperlayer",
    "removeAllAnimations", "addAnimation", "removeAnimation", "removeAnimationForKey",
    "presentation", "convertTime", "addSubview", "insertSubview", "bringSubviewToFront",
    "sendSubviewToBack", "setImage", "value", "valueForKeyPath", "valueForKey",
    "setValuesForKeys",
  ]

  /// Whether `name`, a member of `CAEmitterLayer` that the file does not declare, is a
  /// factory of another file's extension or category (`initAtPosition`, `snowEmitter`), not
  /// one of Core Animation's own class members.
  static func isForeignFactory(_ name: String) -> Bool {
    name.first?.isLowercase == true
      && !["init", "self", "layer", "new", "alloc", "defaultValue", "needsDisplay", "description"]
        .contains(where: { name == $0 || name.hasPrefix($0 + ":") })
  }

  /// Whether the member named at `at` is `self.NAME` of a stored property the file declares.
  func readsOwnProperty(_ at: SourceToken) -> Bool {
    let name = at.text
    guard
      program.objcProperties.contains(name)
        || program.properties.contains(where: { $0.name == name && !$0.isStatic }),
      let k = tokenIndex[TokenPlace(line: at.line, column: at.column)], k >= 2
    else { return false }
    return tokens[k - 1].isPunctuation(".") && tokens[k - 2].isIdentifier("self")
  }

  /// An instance variable or property by name; Objective-C's `_emitter` is the variable behind
  /// the property `emitter` (and the other way round).
  func instanceValue(_ name: String) -> ImportValue? {
    if let v = instance[name] { return v }
    if name.hasPrefix("_"), name.count > 1 { return instance[String(name.dropFirst())] }
    return instance["_" + name]
  }

  /// An outlet a storyboard connects (`@IBOutlet weak var box: UIView!`, `IBOutlet UIView
  /// *box`), the first time the setup code reads it: **(choice)** a view of its type filling
  /// the hosting view, added to it below the code's own layers and named after the outlet
  /// (docs/import.md, "Views"). nil for
  /// other names, and inside an action, which does not make layers of its own this way.
  func outletView(_ name: String, at: SourceToken) throws(ImportSkip) -> ImportValue? {
    let base = name.hasPrefix("_") ? String(name.dropFirst()) : name
    guard recording.isEmpty, let type = program.outlets[base],
      type.hasPrefix("UI") || type.hasSuffix("View") || type.hasSuffix("Button")
    else { return nil }
    let frame = ImportValue.rect(Rect(0, 0, viewSize.width, viewSize.height))
    let view = try createView(type, ["frame"], [frame], at: at)
    guard case .object(let o) = view else { return view }
    objects[o].variable = base
    // The storyboard's views are there before the code runs: below what the code adds.
    try attach(view, to: .host, first: true, at: at)
    instance[base] = view
    usedProperties.insert(base)
    warn(
      at, "\(base) is an outlet a storyboard connects: taken as a \(type) filling the view",
      hint: "import FILE view WxH sets the view's size")
    return view
  }

  /// The UIKit class a name says a view is (its last word: `storyImageView` a `UIImageView`,
  /// `likeButton` a `UIButton`, `containerView` a `UIView`; with `labels`, `scoreLabel` a
  /// `UILabel`), or nil.
  static func viewType(named name: String, labels: Bool = false) -> String? {
    for (suffix, type) in [
      ("ImageView", "UIImageView"), ("Button", "UIButton"), ("Label", labelClass),
      ("View", "UIView"),
    ] where name.hasSuffix(suffix) && name.count > suffix.count {
      if type == labelClass && !labels { continue }
      return type
    }
    return nil
  }

  /// What code sends a view as Objective-C messages (`[theView setLayer:rootLayer]`, AppKit's
  /// layer-hosting view).
  static let viewMessages: Set<String> = [
    "setLayer", "setWantsLayer", "addSubview", "layer", "setFrame", "setBackgroundColor",
  ]

  /// What code does with a view (`v.layer`, `v.frame`, `v.addSubview(…)`): a name before one
  /// of these is used as a view.
  static let viewMembers: Set<String> = [
    "layer", "frame", "bounds", "center", "addSubview", "insertSubview", "backgroundColor",
    "alpha", "isHidden", "hidden", "addSublayer",
  ]

  /// **(choice)** Views a superclass in another file declares that the file's code uses as
  /// views (`storyImageView.layer.addSublayer(emitter)` in a subclass of the app's base
  /// controller): each is made before any code runs, as the storyboard's outlets are, a view
  /// of the class its name says filling the view, below what the code adds, with a warning.
  /// A name the file declares anywhere (a property, a variable, a parameter, a function, a
  /// type, an instance variable) or assigns is not one, nor a capitalised name (a type of
  /// another file) or an Objective-C `_name` (the variable behind a property its header
  /// declares).
  func makeInheritedViews() {
    var made: Set<String> = []
    let parameters = Set(program.functions.flatMap(\.parameters))
    let assigned = Set(
      tokens.indices.dropLast().filter {
        tokens[$0].kind == .identifier && tokens[$0 + 1].isPunctuation("=")
      }.map { tokens[$0].text })
    for k in tokens.indices.dropLast(2) where tokens[k].kind == .identifier {
      let name = tokens[k].text
      guard !made.contains(name), name.first?.isLowercase == true, !assigned.contains(name),
        let type = Self.viewType(named: name),
        (tokens[k + 1].isPunctuation(".") && Self.viewMembers.contains(tokens[k + 2].text))
          || (k > 0 && tokens[k - 1].isPunctuation("[")
            && Self.viewMessages.contains(tokens[k + 1].text)),
        k < 2 || !tokens[k - 1].isPunctuation(".") || tokens[k - 2].isIdentifier("self"),
        instance[name] == nil, program.outlets[name] == nil, !declaresVariable(name),
        !parameters.contains(name), !program.typeNames.contains(name),
        !program.functions.contains(where: { $0.name == name })
      else { continue }
      made.insert(name)
      let at = tokens[k]
      let frame = ImportValue.rect(Rect(0, 0, viewSize.width, viewSize.height))
      guard let view = try? createView(type, ["frame"], [frame], at: at),
        case .object(let o) = view, (try? attach(view, to: .host, first: true, at: at)) != nil
      else { continue }
      objects[o].variable = name
      instance[name] = view
      warn(
        at,
        "\(name) is not in the file: taken as a \(type) its superclass (another file) declares,"
          + " filling the view",
        hint: "import FILE view WxH sets the view's size")
    }
  }

  /// `UIImage.pinkDot` (`[UIImage pinkDot]`): an image a static member of an extension in
  /// another file makes; taken as the image of that name (a file beside the imported one, or
  /// the built-in image of its role), with a warning. nil for names that are not such members.
  func imageMember(_ name: String, at: SourceToken) -> ImportValue? {
    guard name.first?.isLowercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }),
      !["init", "self", "new", "alloc", "imageNamed", "imageWithContentsOfFile"].contains(name),
      !program.functions.contains(where: { $0.name == name })
    else { return nil }
    warn(
      at, "UIImage.\(name) is not in the file: taken as the image named '\(name)'",
      hint: "an extension in another file of the app makes it")
    return .image(image(named: name, at: at))
  }

  /// An instance of the file's own class (`EmitterView()`, `[[HelperLayer alloc] init]`): the
  /// hosting view, or the layer itself in a CAEmitterLayer subclass. **(choice)** The file
  /// stands for one object of its class, so every instance is that one.
  func instantiate(_ type: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    if program.selfIsEmitter { return try ownEmitter(at: at) }
    return .host
  }

  /// The value the code last gave property `key` of object `o`, or its default.
  func modelValue(_ o: Int, _ key: String) -> ImportValue? {
    guard let info = Self.info(key, of: objects[o].kind) else { return nil }
    if let last = objects[o].assignments.last(where: { $0.key == info.name }) { return last.value }
    switch info.defaultValue {
    case .number(let n): return .number(n)
    case .point(let p): return .point(p)
    case .size(let s): return .size(s)
    case .color(let c): return .color(c)
    default: return nil
    }
  }

  /// The raw value of the case `name` of an enumeration the file declares: its literal, else
  /// (a `String` enumeration) its name or (an `Int` one) its place counted on from the last
  /// literal; nil when no enumeration of the file has such a case.
  func rawValue(of name: String) -> ImportValue? {
    for (type, cases) in program.enumCases.sorted(by: { $0.key < $1.key }) {
      guard let k = cases.firstIndex(where: { $0.name == name }) else { continue }
      let rawType = program.enumRawTypes[type] ?? ""
      if let token = cases[k].raw {
        switch token.kind {
        case .string: return .string(token.text)
        case .number: return Double(token.text).map { .number($0) }
        default: return nil
        }
      }
      if ["Int", "Double", "Float", "CGFloat", "UInt"].contains(rawType) {
        // Counted on from the nearest literal before it (or from 0).
        var base = 0.0
        var from = 0
        for j in stride(from: k - 1, through: 0, by: -1) {
          if let t = cases[j].raw, let n = Double(t.text) {
            base = n + 1
            from = j + 1
            break
          }
        }
        return .number(base + Double(k - from))
      }
      return .string(name)
    }
    return nil
  }

  /// The members of the view's own layer that go to it as an emitter once it is taken as one.
  static let ownEmitterMembers: Set<String> = [
    "add", "addAnimation", "removeAllAnimations", "removeAnimation", "setValue", "value",
    "valueForKey", "valueForKeyPath", "animation", "animationForKey",
  ]

  func member(_ v: ImportValue, _ name: String, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    let whole = Rect(0, 0, viewSize.width, viewSize.height)
    if case .number = v, Self.numberViews.contains(name) { return v }  // `n.floatValue`
    if case .number(let n) = v, name == "stringValue" || name == "description" {
      return .string(ValueFormatting.number(n))  // `@(i).stringValue`: "3"
    }
    if case .number(let n) = v {
      if name == "magnitude" { return .number(n.magnitude) }
      if Self.numberMethods.contains(name) { return .method(v, name) }  // `x.rounded(.down)`
    }
    if case .image(let ref) = v, name == "size", let size = Self.pointSize(of: ref) {
      return .size(size)  // `image.size`: the image's size in points
    }
    if case .parameter(let p) = v, parameters[p]?.kind == .point, name == "x" || name == "y" {
      // `point.y` of a touch's location: the field, worked out when the action runs.
      usedParameters.insert(p)
      return .formula("$\(p).\(name)")
    }
    if case .parameter(let p) = v, let control = controlParameters[p] {
      // `sender.value` of the slider that sent the action: the parameter; its other state
      // (`minimumValue`) as Interface Builder gives a new one.
      if name == "value" { return v }
      if let state = Self.controlDefaults[control]?[name] { return state.value }
    }
    if let m = drawingMember(v, name) { return m }  // `ctx.cgContext`, `UIColor.red.setFill`
    if case .unknown = v {
      // `player.view.layer.addSublayer(emitter)` of a player not known here, or a delegate's
      // `showEmitter(e)`: the call goes on (`attachLayer` places an emitter added into a layer
      // not known here; see `handOff`).
      if Self.isHandOffName(name) { return .method(v, name) }
      // Any other member of a value not known here (`particle.birthRate` of another file's
      // type): not known either, for the same reason; what needs it says so (`?? 37` takes
      // its fallback).
      return v
    }
    if case .constant("Bundle") = v, name == "path" || name == "url" { return .method(v, name) }
    if case .constant(let app) = v,
      [Self.sharedApplication, Self.appDelegate, Self.windowScene].contains(app)
    {
      // **(choice)** The app's window (`UIApplication.shared.keyWindow`, `windows.first`, the
      // delegate's `window`, a connected scene's windows) is the hosting view: here both fill
      // the screen.
      switch name {
      case "keyWindow", "window":
        appWindowNote(at)
        return .host
      case "windows":
        appWindowNote(at)
        return .array([.host])
      case "delegate" where app == Self.sharedApplication: return .constant(Self.appDelegate)
      case "connectedScenes" where app == Self.sharedApplication:
        return .array([.constant(Self.windowScene)])  // (`.first as? UIWindowScene`)
      default: break
      }
    }
    if case .constant(Self.currentDevice) = v, name == "userInterfaceIdiom" {
      return .constant(".phone")  // **(choice)** the app runs on an iPhone
    }
    if case .constant(Self.currentDevice) = v, name == "systemVersion" {
      // **(choice)** A current system, as `#available` holds: version checks take the new path.
      return .string(Self.systemVersion)
    }
    if case .string(let text) = v, Self.numberViews.contains(name) {
      // `[systemVersion doubleValue]`, `@"12".intValue`: the number the text starts with.
      let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "-" }
      let n =
        Double(digits) ?? Double(digits.split(separator: ".").prefix(2).joined(separator: "."))
      return .number(
        name.hasPrefix("int") || name.hasPrefix("long") || name.hasPrefix("unsigned")
          ? (n ?? 0).rounded(.towardZero) : n ?? 0)
    }
    if case .constant(Self.traits) = v {
      // **(choice)** Light mode at the default text size, as the system colours are read.
      switch name {
      case "userInterfaceStyle": return .constant(".light")
      case "userInterfaceIdiom": return .constant(".phone")
      case "horizontalSizeClass": return .constant(".compact")
      case "verticalSizeClass": return .constant(".regular")
      case "displayScale": return .number(3)
      default: break
      }
    }
    if case .constant(let c) = v, c.hasPrefix("."), name == "rawValue",
      let raw = rawValue(of: String(c.dropFirst()))
    {
      return raw
    }
    if case .constant(let c) = v, c.hasPrefix("."), c.count > 1, name == "rawValue" {
      // `CALayerContentsFilter.nearest.rawValue`, `CAEmitterLayerEmitterShape.circle.rawValue`:
      // Core Animation's string constants are their names (`kCAFilterNearest` is "nearest").
      return .string(String(c.dropFirst()))
    }
    if case .constant = v, let type = valueType(v),
      let m = try enumMember(v, of: type, name, at: at)
    {
      return m  // `shape.path` of `.circle`, a case of the file's enumeration
    }
    if name == "map" || name == "flatMap" {
      switch v {
      case .color, .image, .object, .number, .point, .size:
        // An optional's map: its closure runs once with the value. (A string's maps its
        // characters, below.)
        return .method(.array([v]), Self.optionalMap)
      default: break
      }
    }
    switch v {
    case .array(let items) where Int(name) != nil:
      // `acceleration.0`: a tuple's item.
      guard let k = Int(name), items.indices.contains(k) else {
        throw skip("no item \(name) in a tuple of \(items.count)", at)
      }
      return items[k]
    case .array(let items) where items.count == 2 && (name == "key" || name == "value"):
      // A dictionary's pair (`$0.key` in `palette.sorted { $0.key < $1.key }`); an array has
      // no such members in Swift.
      return items[name == "key" ? 0 : 1]
    case .array(let items)
    where !Self.arrayWords.contains(name) && !Self.closureMethods.contains(name)
      && program.tupleLabels.contains { $0.count == items.count && $0.contains(name) }:
      // `confetti.color` of an item written `(.red, image)` where the declared type labels it
      // (`[(color: UIColor, image: UIImage)]`, `-> (base: CAEmitterCell, spark: …)`).
      let labels = program.tupleLabels.first { $0.count == items.count && $0.contains(name) }
      guard let k = labels?.firstIndex(of: name) else { break }
      return items[k]
    case .enumCase(let type, _, _):
      // `content.image` of a case of the file's enumeration: its computed property (or method).
      if let m = try enumMember(v, of: type, name, at: at) { return m }
    case .record(let type, let fields):
      if type == Self.measurementType, name == "converted" { return .method(v, name) }
      if type == Self.dictionaryType {
        if let m = dictionaryMember(fields, name) { return m }
        throw skip("a dictionary has no member '\(name)' that the importer reads", at)
      }
      if let field = fields[name] { return field }
      if let owner = memberOwner(type, name) {
        if let f = program.functions.firstIndex(where: {
          $0.owner == owner && $0.name == name && $0.isProperty
        }) {
          // A computed property of the value (`var cell: CAEmitterCell { … }`).
          called.insert(f)
          return try invoke(
            body: program.functions[f].body, parameters: ["self"], args: [v], at: at)
        }
        return .method(v, name)
      }
      if let p = program.properties.first(where: { $0.owner == type && $0.name == name }),
        !p.initializer.isEmpty
      {
        // A lazy property of the value, worked out from its fields (`lazy var image = …`).
        usedProperties.insert(name)
        return try invoke(
          body: p.initializer, parameters: ["self"], args: [v], at: at, returnsValue: true)
      }
    case .event:
      // `touches.first`, `event.allTouches`, `sender.view`: still the event; its methods
      // wait for their arguments (`touch.location(in: view)`).
      if Self.eventMethods.contains(name) { return .method(v, name) }
      if name == "state" { return gestureState() }
      if name == "tag", let tag = senderTagOverride { return .number(Double(tag)) }
      return name == "view" ? .host : .event
    case .type(let type):
      if name == "self" || name == "init" { return v }
      if program.typeNames.contains(name), name.first?.isUppercase == true,
        !program.functions.contains(where: { $0.name == name })
      {
        return .type(name)  // `Sparkle.Config`: a type the file nests in another
      }
      if type == "Self" {
        // `Self.shapes()` inside a type of the file: its static function or property.
        if let f = program.functions.firstIndex(where: { $0.name == name }) {
          if program.functions[f].isProperty { return try call(f, args: [], at: at) }
          return .function(name)
        }
        if program.properties.contains(where: { $0.name == name }) {
          return try variable(name, at: at)
        }
        return .constant("." + name)
      }
      if name == "new", program.language == .objc {
        return try call(v, [], at: at)  // `CAEmitterLayer.new`: `[CAEmitterLayer new]`
      }
      if type == Self.behaviorClass, ["perform", "behaviorWithType", "method"].contains(name) {
        return .method(v, name)
      }
      if type == "PlaygroundPage", name == "current" { return .type("PlaygroundPage.current") }
      if type == "UIImage", name == "Name" { return .type(Self.imageNameType) }  // AppKit's
      if type == "UIFont", Self.systemFonts.contains(name) { return .method(v, name) }
      if type == "Bundle", name == "main" || name == "module" { return .constant("Bundle") }
      if type == Self.transactionClass, Self.transactionSettings.contains(name) {
        return .method(v, name)
      }
      if ["DispatchTime", "DispatchWallTime"].contains(type), name == "now" {
        return .method(v, name)  // the dispatch clock's `now()` (`dispatchClock`)
      }
      if Self.isKnownType(type),
        program.properties.contains(where: { $0.name == name && $0.owner == type })
      {
        return try variable(name, at: at)  // `UIColor.brand`: a static property it adds
      }
      if program.typeNames.contains(type),
        let f = program.functions.firstIndex(where: { $0.name == name })
      {
        // `SnowGlobeView.newEmitterCell()`: a class function of the file; `UIColor.random`: a
        // static computed property it adds, read without a call.
        if program.functions[f].isProperty { return try call(f, args: [], at: at) }
        return .function(name)
      }
      if isOwnType(type), name == "allCases", let cases = program.enumCases[type] {
        // `Snow.allCases` of a CaseIterable enumeration of the file: its cases, in order.
        return .array(cases.map { .constant("." + $0.name) })
      }
      if isOwnType(type) {
        // `Palette.accent`: a static property of the file's type; `Kind.rain`: a case of its
        // enumeration, the same as `.rain`.
        if program.properties.contains(where: { $0.name == name }) {
          return try variable(name, at: at)
        }
        return .constant("." + name)
      }
      if name == "pi", ["CGFloat", "Double", "Float"].contains(type) { return .number(.pi) }
      if let n = Self.integerLimits[type]?[name] {
        return .number(n)  // `CGFloat(arc4random()) / CGFloat(UInt32.max)`
      }
      if ["CGFloat", "Double", "Float"].contains(type), let n = Self.infinite[name] {
        return .number(n)
      }
      if type == "CGAffineTransform", name == "identity" { return .transform("identity") }
      if name == "random", Self.randomTypes.contains(type) { return .type(type + ".random") }
      if name == "zero" {
        switch type {
        case "CGPoint": return .point(Point(0, 0))
        case "CGSize": return .size(Size(0, 0))
        case "CGRect": return .rect(Rect(0, 0, 0, 0))
        default: return .constant(".zero")
        }
      }
      if type == "UIColor" || type == "CGColor", let color = ImportNames.color(name) {
        return .color(color)
      }
      if Self.colorTypes.contains(type), program.language == .swift,
        Self.isRandomColorMember(name)
      {
        // `UIColor.random()`, `UIColor.randomColor.cgColor` of another file's extension (read
        // whether called or not: a colour called without arguments is itself).
        return randomColor("\(type).\(name)", at: at)
      }
      if type == "Color", let color = ImportNames.swiftUIColor(name) { return .color(color) }
      if type == "UIScreen", name == "main" || name == "mainScreen" { return .host }
      if type == "UIApplication", name == "shared" || name == "sharedApplication" {
        return .constant(Self.sharedApplication)
      }
      if type == "UIDevice", name == "current" || name == "currentDevice" {
        return .constant(Self.currentDevice)
      }
      if type == "UITraitCollection", name == "current" { return .constant(Self.traits) }
      if type == "UIImage", let image = imageMember(name, at: at) { return image }
      if program.language == .objc, name.first?.isLowercase == true,
        let sent = try? message(v, [(name, nil)], at: at)
      {
        return sent  // `CAEmitterLayer.layer`: dot syntax for `[CAEmitterLayer layer]`
      }
      if type == "CAEmitterLayer", Self.isForeignFactory(name) {
        return .method(.type(type), name)  // a factory of another file's extension
      }
      if type.hasPrefix("CA") { return .constant("." + name) }
      if let extent = Self.screenExtent(name), isOtherFilesName(type) {
        // **(choice)** `SL.SCREEN_WIDTH`, `Metrics.screenHeight`: the screen's extent, as a
        // bare `kScreenWidth` is, from another file's type of shared constants.
        return screenExtentValue(extent, "\(type).\(name)", at: at)
      }
      if isForeignType(type), name.first?.isLowercase == true {
        // `ConfettiShape.rectangle` of an enumeration in another file: the case, as `.rectangle`.
        return .constant("." + name)
      }
    case .host:
      switch name {
      case "view", "window", "superview", "contentView": return .host
      case _ where Self.containerControllers.contains(name):
        // **(choice)** The controller that contains the screen (`navigationController?.view`,
        // `tabBarController`, `parent`): its view fills the screen, as the hosting view does.
        return .host
      case "isKeyWindow": return .bool(true)  // `windows.filter { $0.isKeyWindow }`
      case "traitCollection": return .constant(Self.traits)
      case "addSubview", "insertSubview", "bringSubviewToFront", "sendSubviewToBack", "convert",
        "convertPoint", "convertRect", "removeFromSuperview", Self.performNow:
        return .method(v, name)
      case "layer" where readsOwnProperty(at):
        // A controller's own `@property CAEmitterLayer *layer` read as `self.layer` (a view
        // controller has no layer of its own): the property, not the view's layer, which
        // `self.view.layer` still is.
        if let p = program.properties.first(where: { $0.name == name && reaches($0) }) {
          return try storedProperty(p, at: at)
        }
        return instanceValue(name) ?? .null
      case "layer": return layerIsOwn ? try ownEmitter(at: at) : .hostLayer
      case _
      where Self.controlMethods.contains(name)
        && !program.functions.contains(where: { $0.name == name }):
        return .method(v, name)  // a UIButton subclass's own `setTitle:forState:`, `addTarget:…`
      case "selected", "isSelected", "highlighted",
        "isHighlighted"
      where !program.properties.contains(where: { $0.name == name })
        && !program.objcProperties.contains(name):
        // UIControl's state, of a button subclass: off until the code (a tap) sets it.
        return instanceValue(name) ?? .bool(false)
      case "addSublayer", "insertSublayer":
        // `[unitView addSublayer:gun]` of a view parameter whose class (in another file) takes
        // sublayers: the hosting view's layer, as `unitView.layer` is.
        return .method(layerIsOwn ? try ownEmitter(at: at) : .hostLayer, name)
      case "bounds", "frame", "applicationFrame": return .rect(whole)
      case "center": return .point(Point(whole.size.width / 2, whole.size.height / 2))
      case "scale", "nativeScale":
        // **(choice)** `UIScreen.main.scale`: 1. Burst draws a point as a pixel (pixelScale
        // scales snapshots) and reads an image set's 1x file first, so a `contentsScale` set
        // from the screen keeps images at the size they are drawn here (docs/import.md).
        return .number(1)
      default:
        if let value = instanceValue(name) { return value }
        if let view = try outletView(name, at: at) { return view }
        if program.language == .objc, !program.properties.contains(where: { $0.name == name }),
          let f = program.functions.firstIndex(where: {
            $0.name == name && $0.parameters.isEmpty && $0.returnsValue
          })
        {
          return try call(f, args: [], at: at)  // `self.emitter`: the getter the file writes
        }
        if program.properties.contains(where: { $0.name == name })
          || program.functions.contains(where: { $0.name == name })
        {
          return try variable(name, at: at)
        }
        if Self.viewProperties.contains(name) || name == "backgroundColor" {
          throw skip("the hosting view's \(name) is not imported", at)
        }
        if program.objcProperties.contains(name) { return .null }  // not given a value yet
        if let v = frameExtension(name, at: at) { return v }
        if let v = try inheritedEmitter(name, at: at) { return v }
        if let v = headerDeclared("_" + name, at: at) { return v }
        throw skip("'\(name)' is not known to the importer", at)
      }
    case .hostLayer:
      if ["bounds", "frame"].contains(name) { return .rect(whole) }
      // The view's own layer taken as its emitter (`ownEmitter`): its animations, key-value
      // coding and emitter properties are that emitter's (`layer.add(fade, forKey:
      // "birthRate")`, `layer.setValue(…, forKey: "emitterBehaviors")`).
      if let own = ownLayer,
        Self.emitterSpecific(name) || Self.ownEmitterMembers.contains(name)
      {
        return try member(.object(own), name, at: at)
      }
      // `view.layer.sublayers`: the layers the code added to the view, in order.
      if name == "sublayers" { return .array(hostSublayers.map { .object($0) }) }
      if ["addSublayer", "insertSublayer"].contains(name) { return .method(v, name) }
      if ["add", "addAnimation", "removeAllAnimations", "removeAnimation"].contains(name) {
        throw skip("animations of the hosting view's own layer are not imported", at)
      }
    case .rect(let r):
      switch name {
      case "width": return .number(r.size.width)
      case "height": return .number(r.size.height)
      case "midX": return .number(r.origin.x + r.size.width / 2)
      case "midY": return .number(r.origin.y + r.size.height / 2)
      case "minX": return .number(r.origin.x)
      case "minY": return .number(r.origin.y)
      case "maxX": return .number(r.origin.x + r.size.width)
      case "maxY": return .number(r.origin.y + r.size.height)
      case "size": return .size(r.size)
      case "origin": return .point(r.origin)
      case "insetBy", "offsetBy": return .method(v, name)
      default: break
      }
    case .size(let s):
      if name == "width" { return .number(s.width) }
      if name == "height" { return .number(s.height) }
    case .point(let p):
      if name == "x" { return .number(p.x) }
      if name == "y" { return .number(p.y) }
    case .color:
      if name == "cgColor" || name == "CGColor" { return v }
      // `withAlphaComponent(_:)`, Objective-C's `colorWithAlphaComponent:`, CGColor's
      // `copy(alpha:)`.
      if ["withAlphaComponent", "colorWithAlphaComponent", "copy"].contains(name) {
        return .method(v, name)
      }
    case .constant(let c):
      // `.red` of the file's own enumeration, with its own members, before UIKit's red.
      if let value = try extensionMember(v, name, at: at) { return value }
      if c.hasPrefix("."), c.count > 1, name == "image" || name == "color" {
        // A generated asset enumeration of another file (SwiftGen's `Asset.spark.image`,
        // `Asset.brand.color`): the asset of the case's name.
        let asset = String(c.dropFirst())
        if name == "image" { return .image(image(named: asset, at: at)) }
        // SwiftGen names the case after the asset with a lowercase first letter.
        if let c = try? assetColor(asset.prefix(1).uppercased() + asset.dropFirst(), at: at) {
          return c
        }
        return try assetColor(asset, at: at)
      }
      if let color = ImportNames.color(c) { return try member(.color(color), name, at: at) }
    case .image(let ref):
      if name == "cgImage" || name == "CGImage" { return v }
      if name == "size", case .drawn(let d) = ref { return .size(d.size) }  // at scale 1
      if Self.imageKeepers.contains(name) { return .method(v, name) }
    case .null:
      // `delegate?.addSublayer(layer: e)` of a delegate another file sets: see `handOff`.
      if Self.isHandOffName(name) { return .method(v, name) }
      return .null
    case .string(let text):
      // A string is its characters: `string.characters` (Swift 3), `string.map { … }`.
      let characters = ImportValue.array(text.map { .string(String($0)) })
      if name == "characters" { return characters }
      if name == "count" { return .number(Double(text.count)) }
      if let value = Self.stringProperty(text, name) { return value }  // `name.isEmpty`
      if Self.stringTests.contains(name) { return .method(v, name) }  // `name.hasPrefix("c")`
      if Self.textMeasures.contains(name) { return .method(v, name) }  // `size(withAttributes:)`
      if Self.closureMethods.contains(name) { return .method(characters, name) }
    case .array(let items):
      switch name {
      case "count": return .number(Double(items.count))
      case "copy" where program.language == .objc, "mutableCopy" where program.language == .objc:
        return v  // `@[].mutableCopy`: the same items, in a value of its own
      case "first", "firstObject": return items.first ?? .null  // (NSArray's `firstObject`)
      case "last", "lastObject": return items.last ?? .null
      case "enumerated", "reversed", "randomElement", "shuffled", "prefix", "suffix", "dropFirst",
        "dropLast", "objectAtIndex", "objectAtIndexedSubscript", "joined",
        "componentsJoinedByString":
        return .method(v, name)
      case _ where Self.closureMethods.contains(name): return .method(v, name)
      default: break
      }
    case .animation(let a):
      if name == "settlingDuration" { return .constant("settlingDuration") }
      if ["setValue", "value", "valueForKey"].contains(name) { return .method(v, name) }
      if name == "keyPath" { return animations[a].keyPath.map { .string($0) } ?? .null }
      if let property = ImportedAnimation.property(name),
        let value = animations[a].value(property)
      {
        return value
      }
    case .presentation(let o):
      if name == "value" || name == "valueForKeyPath" { return .method(v, name) }
      if Self.info(name, of: objects[o].kind) != nil {
        // `emitter.presentation()?.lifetime`: what is on screen when the code runs.
        return .presented(object: o, keyPath: name)
      }
    case .path:
      if Self.pathMethods.contains(name) || Self.bezierMethods[name] != nil {
        return .method(v, name)
      }
      if name == "cgPath" || name == "CGPath" { return v }  // a UIBezierPath's CGPath
    case .behavior(let b):
      if Self.behaviorMethods.contains(name) { return .method(v, name) }
      if name == "name" { return .string(behaviors[b].name) }
    case .transform:
      if ["concatenating", "scaledBy", "rotated", "translatedBy"].contains(name) {
        return .method(v, name)
      }
    case .object(let o):
      if objects[o].view != nil, name == "layer" { return v }
      // `CAEmitterCell().then { … }`, `layer.do { … }` (the Then library's two forms).
      if name == "then" || name == "do" { return .method(v, name) }
      if name == "copy" || name == "mutableCopy" { return .method(v, name) }
      if o == ownLayer, let f = program.functions.firstIndex(where: { $0.name == name }) {
        let function = program.functions[f]
        if function.isProperty
          || (program.language == .objc && function.parameters.isEmpty && function.returnsValue)
        {
          // `layer.emitterCell` of the file's own layer class: its (lazy) getter.
          return try call(f, args: [], at: at)
        }
        return .function(name)  // `self.setup()` in a CAEmitterLayer subclass
      }
      if let type = instanceClasses[o],
        let f = program.functions.firstIndex(where: { madeClass(of: $0) == type && $0.name == name }
        )
      {
        // A method or computed property of the file's class of the object (`newInstance`).
        let function = program.functions[f]
        guard function.isProperty else { return .method(v, name) }
        called.insert(f)
        return try asInstance(o) { () throws(ImportSkip) in
          try invoke(
            body: function.body, parameters: ["self"], args: [v], at: at, returnsValue: true)
        }
      }
      if isStoredProperty(name, ofInstance: o), let type = instanceClasses[o],
        let p = program.properties.first(where: { $0.owner == type && $0.name == name })
      {
        // `twinkle.configuration`: the object's own stored property.
        return try asInstance(o) { () throws(ImportSkip) in try storedProperty(p, at: at) }
      }
      if o == ownLayer, Self.info(name, of: objects[o].kind) == nil,
        let p = program.properties.first(where: {
          $0.name == name && $0.owner.map(isOwnType) == true
        })
      {
        // `self.tints` in the file's CAEmitterLayer subclass: its own stored property.
        return try storedProperty(p, at: at)
      }
      if objects[o].kind != .cell,
        ["frame", "bounds", "position"].contains(name)
          || (objects[o].view != nil && name == "center")
      {
        return viewGeometry(o, name == "position" ? "center" : name)
      }
      let name = objects[o].view != nil ? Self.viewToLayer[name] ?? name : name
      switch name {
      case "presentationLayer": return .presentation(o)
      case "superlayer", "superview":
        // The layer (or view) it was added to: the view's, another layer, or nil when none.
        if hostSublayers.contains(o) { return name == "superview" ? .host : .hostLayer }
        if let parent = objects.indices.first(where: { objects[$0].sublayers.contains(o) }) {
          return .object(parent)
        }
        return .null
      // (A control's `value` is its state, `slider.value`, not `value(forKeyPath:)`.)
      case _
      where Self.objectMethods.contains(name) && !(name == "value" && objects[o].view != nil):
        return .method(v, name)
      case "emitterCells":
        return .array((stepCells[o] ?? objects[o].cells).map { .object($0) })
      case "sublayers" where objects[o].kind != .cell:
        return .array(objects[o].sublayers.map { .object($0) })
      case "name": return objects[o].explicitName.map { .string($0) } ?? .null
      default:
        guard let info = Self.info(name, of: objects[o].kind) else {
          // `self.imageNameArray`, or a property of the header kept in its instance variable
          // (`_color = …` in `init`, read as `self.color`).
          if o == ownLayer, let own = instance[name] ?? instance["_" + name] { return own }
          break
        }
        if let last = objects[o].assignments.last(where: { $0.key == info.name }) {
          return last.value
        }
        switch info.defaultValue {
        case .number(let n): return .number(n)
        case .point(let p): return .point(p)
        case .size(let s): return .size(s)
        case .rect(let r): return .rect(r)
        case .color(let c): return .color(c)
        case .bool(let b): return .bool(b)
        default: break
        }
      }
    default:
      break
    }
    if let value = try extensionMember(v, name, at: at) { return value }
    if case .object(let o) = v, let view = objects[o].view {
      if let state = Self.controlDefaults[view]?[name] {
        // **(choice)** A control the storyboard made: its state as Interface Builder gives a
        // new one (a slider at 0.5 of 0…1, a switch on), said once per control and property.
        if controlStates.insert("\(o).\(name)").inserted {
          warn(
            at,
            "\(view).\(name) is set in the storyboard: taken as Interface Builder's default,"
              + " \(state.text)", hint: "the value a user moves it to is an action's to set")
        }
        return state.value
      }
      throw skip("\(view) has no member '\(name)' that the importer reads", at)
    }
    throw skip("\(v.kindName) has no member '\(name)' that the importer reads", at)
  }

  /// The system types a value is, as an `extension TYPE` of the file names them: geometry,
  /// numbers, colours, layers and cells. A string's or an image's extension members draw
  /// pictures in code, which the importer stands a built-in image in for (`standIn`).
  /// `UIDevice.current`, whose `userInterfaceIdiom` is `.phone`: the importer reads code as an
  /// iPhone app runs it (as conditional compilation does).
  static let currentDevice = "UIDevice.current"
  static let sharedApplication = "UIApplication.shared"
  /// A view controller's containers, whose views fill the screen as its own does.
  static let containerControllers = [
    "navigationController", "tabBarController", "splitViewController", "parent",
    "presentingViewController", "parentViewController",
  ]
  /// The app's one window scene (`UIApplication.shared.connectedScenes.first`).
  static let windowScene = "UIWindowScene"
  static let appDelegate = "UIApplication.shared.delegate"

  /// Says once that the app's window stands for the hosting view.
  func appWindowNote(_ at: SourceToken) {
    guard !appWindowNoted else { return }
    appWindowNoted = true
    warn(at, "the app's window is taken as the hosting view: here both fill the screen")
  }
  /// `traitCollection`, `UITraitCollection.current`: an iPhone in light mode.
  static let traits = "UITraitCollection.current"

  /// The types (and protocols) an array's extension may name.
  static let collectionTypes = [
    "Array", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection",
    "MutableCollection", "RangeReplaceableCollection",
  ]

  func extendedTypes(of v: ImportValue) -> [String] {
    switch v {
    case .rect: return ["CGRect"]
    case .point: return ["CGPoint"]
    case .size: return ["CGSize"]
    case .number: return ["CGFloat", "Double", "Float", "Int"]
    case .color: return ["UIColor", "CGColor"]
    case .array: return Self.collectionTypes  // `extension Array { func cycled(to:) … }`
    case .string: return ["String", "StringProtocol"]
    case .constant(let c) where c.hasPrefix("."):
      // A case of the file's own enumerations (`.circle` of `enum Shape { case circle … }`).
      let name = String(c.dropFirst())
      return program.enumCases.keys.sorted().filter { type in
        program.enumCases[type]?.contains(where: { $0.name == name }) == true
      }
    case .object(let o):
      switch objects[o].kind {
      case .emitter: return ["CAEmitterLayer", "CALayer"]
      case .cell: return ["CAEmitterCell"]
      default: return ["CALayer"]
      }
    default: return []
    }
  }

  /// A computed property the file adds to the value's type in an extension (`extension CGRect
  /// { var center: CGPoint { CGPoint(x: midX, y: midY) } }`): its body, run with `self` the
  /// value (bare names read its members); nil when the file adds none by that name.
  func extensionMember(_ v: ImportValue, _ name: String, at: SourceToken) throws(ImportSkip)
    -> ImportValue?
  {
    let types = extendedTypes(of: v)
    guard !types.isEmpty else { return nil }
    if program.functions.contains(where: {
      !$0.isProperty && $0.name == name && $0.owner.map(types.contains) == true
    }) {
      return .method(v, name)  // called by `method`, with `self` the value
    }
    guard
      let f = program.functions.firstIndex(where: {
        $0.isProperty && $0.name == name && $0.owner.map(types.contains) == true
      })
    else { return nil }
    called.insert(f)
    let function = program.functions[f]
    return try invoke(body: function.body, parameters: ["self"], args: [v], at: at)
  }

  private var layerIsOwn: Bool { program.layerIsEmitter }

  /// **(choice)** A gesture's `state` when its handler runs as an action: a tap or a swipe is
  /// recognised (`.ended`), any other gesture (a long press, a pan, a pinch) has just begun
  /// (`.began`), so the branch an action takes is the one that starts the effect.
  func gestureState() -> ImportValue {
    if let state = gestureStateOverride { return .constant(state) }
    let types = recordingAction.map { program.functions[$0].parameterTypes } ?? []
    let discrete = types.contains { $0.contains("Tap") || $0.contains("Swipe") }
    return .constant(discrete ? ".ended" : ".began")  // Objective-C's constants read so too
  }
}
