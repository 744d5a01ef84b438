import Core

/// Objective-C messages: `[receiver part:arg part:arg]` (`send`), as the class methods that create
/// layers, cells, animations, colours, images and arrays, a method of the file, a property
/// setter (`[cell setBirthRate:10]`), or the Swift method of the same name.
extension ImportInterpreter {
  /// Whether a value is the code's `self`: the hosting view, or the layer itself in a
  /// CAEmitterLayer subclass.
  func isSelf(_ v: ImportValue) -> Bool {
    switch v {
    case .host: return true
    case .object(let o): return o == ownLayer
    default: return false
    }
  }

  /// An Objective-C message `[receiver part:arg part:arg]` (the tokens inside the brackets).
  func send(_ range: Range<Int>, at: SourceToken) throws(ImportSkip) -> ImportValue {
    var c = range.lowerBound
    let receiver: ImportValue
    if tokens[c].isIdentifier("super") {
      c += 1
      receiver = .host
    } else {
      receiver = try unary(&c, range.upperBound)
    }
    if case .unknown(let why) = receiver,
      c >= range.upperBound || !Self.isHandOffName(tokens[c].text)
    {
      // A layer added into one not known here, or handed to it to show, goes on
      // (`attachLayer` places an emitter; see `handOff`).
      throw skip(why, at)
    }
    var parts: [(String, ImportValue?)] = []
    while c < range.upperBound {
      let part = tokens[c]
      if part.isPunctuation(":"), !parts.isEmpty {
        // A part without a name (`functionWithControlPoints:0.2 :0 :0.2 :1`).
        c += 1
        var end = c
        while end < range.upperBound, !tokens[end].isPunctuation(":") { end += 1 }
        parts.append(("", try expression(c..<end)))
        c = end
        continue
      }
      guard part.kind == .identifier else {
        throw skip("'\(part.text)' is not understood in a message", part)
      }
      c += 1
      guard c < range.upperBound, tokens[c].isPunctuation(":") else {
        parts.append((part.text, nil))
        continue
      }
      c += 1
      var end = c
      var depth = 0
      // `numberWithInt:on ? 200 : 0`: a `?` at this level owns the next `:`, which does not
      // start the selector's next part.
      var ternaries = 0
      while end < range.upperBound {
        let t = tokens[end]
        if t.kind == .punctuation {
          if ["(", "[", "{"].contains(t.text) { depth += 1 }
          if [")", "]", "}"].contains(t.text) { depth -= 1 }
          if depth == 0, t.text == "?" { ternaries += 1 }
        }
        if depth == 0, ternaries == 0, t.kind == .identifier, end + 1 < range.upperBound,
          tokens[end + 1].isPunctuation(":"), end > c
        {
          break
        }
        if depth == 0, t.isPunctuation(":"), end > c {
          guard ternaries > 0 else { break }
          ternaries -= 1
        }
        end += 1
      }
      if topLevelIndex(of: ",", in: c..<end) != nil {
        // A variadic argument (`arrayWithObjects:a, b, nil`): its items, without the `nil`.
        var items = try list(c..<end).map(\.1)
        if items.last == .null { items.removeLast() }
        parts.append((part.text, .array(items)))
      } else {
        do throws(ImportSkip) {
          parts.append((part.text, try expression(c..<end)))
        } catch {
          parts.append((part.text, .unknown(error.message)))  // decided once the selector is known
        }
      }
      c = end
    }
    return try message(
      receiver, parts, toSuper: tokens[range.lowerBound].isIdentifier("super"), at: at)
  }

  /// The message `parts` (each a selector part and its argument, nil for a part without one)
  /// sent to `receiver` (`super`'s: the hosting view): what `send` reads, and Objective-C's
  /// dot syntax for a class method without arguments (`CAEmitterLayer.layer`).
  func message(
    _ receiver: ImportValue, _ parts: [(String, ImportValue?)], toSuper: Bool = false,
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    guard let first = parts.first else { throw skip("an empty message", at) }
    let selector = parts.map { $0.1 == nil ? $0.0 : $0.0 + ":" }.joined()
    let args = parts.compactMap(\.1)
    if try handOff(receiver, first.0, labels: nil, args, at: at) { return .void }
    if ["performSelector:", "performSelector:withObject:"].contains(selector), isSelf(receiver),
      case .string(let performed) = args[0]
    {
      return try performSelector(performed, Array(args.dropFirst()), at: at)
    }
    if ["insertSublayer:below:", "insertSublayer:above:"].contains(selector),
      try insertBesideUnknown(receiver, parts[1].0, args, at: at)
    {
      return .void
    }
    if let why = ImportValue.unknownReason(args) {
      // Only a method of the file runs without an argument it cannot be given.
      guard isSelf(receiver), program.functions.contains(where: { $0.signature == selector })
      else { throw skip(why, at) }
      warnUnknownArgument(selector, why, at: at)
    }
    if toSuper {
      // `[super setup]` in an override of the file's own superclass: that class's method.
      if let f = superFunction(selector, labels: nil),
        program.functions[f].parameters.count == args.count
      {
        return try call(f, args: args, at: at)
      }
      return .host
    }
    // Manual reference counting (before ARC): `[[… alloc] init] autorelease]`, `[x retain]`
    // give the object; `[x release]` changes nothing on screen.
    if args.isEmpty, ["retain", "autorelease"].contains(selector) { return receiver }
    if args.isEmpty, selector == "release" { return .void }
    if args.isEmpty, selector == "class" {
      // `[[self class] alloc]`, `[NSBundle bundleForClass:[self class]]`: the running method's
      // class (a class's `class` is itself).
      if case .type = receiver { return receiver }
      if isSelf(receiver), let type = runningClass ?? program.declaredClasses.sorted().first {
        return .type(type)
      }
    }
    if ["isEqualToString:", "isEqual:"].contains(selector) {
      // `[old.name isEqualToString:@"snow"]`: two texts (nil is equal to none).
      switch (receiver, args[0]) {
      case (.string(let a), .string(let b)): return .bool(a == b)
      case (.null, .string), (.string, .null): return .bool(false)
      default: break
      }
    }
    if case .record(Self.dictionaryType, let fields) = receiver {
      // `[config objectForKey:@"rate"]`, `[config count]`.
      switch selector {
      case "objectForKey:", "valueForKey:", "objectForKeyedSubscript:":
        return dictionaryValue(fields, args[0])
      default:
        if args.isEmpty, let m = dictionaryMember(fields, selector) { return m }
      }
    }
    if case .type(let type) = receiver, type == "NSDictionary" || type == "NSMutableDictionary" {
      switch selector {
      case "dictionaryWithObjectsAndKeys:", "initWithObjectsAndKeys:":
        guard case .array(let items) = args[0] else { break }
        return dictionary(objectsAndKeys: items)
      case "dictionary", "new", "alloc":
        return selector == "alloc" ? receiver : .record(type: Self.dictionaryType, fields: [:])
      case "dictionaryWithDictionary:", "initWithDictionary:":
        return args[0]
      default: break
      }
    }
    if case .type("NSPredicate") = receiver, selector == "predicateWithFormat:" {
      // A predicate on a cell's or layer's name (`@"name != %@", @"smoke"`), for
      // filteredArrayUsingPredicate:.
      guard case .array(let items) = args[0], items.count == 2, case .string(let format) = items[0],
        case .string(let value) = items[1],
        ["name != %@", "name == %@"].contains(format.trimmingCharacters(in: .whitespaces))
      else { throw skip("only a predicate on a cell's name (name != %@, name == %@) is read", at) }
      return .record(
        type: "NSPredicate",
        fields: ["keeps": .bool(format.contains("==")), "name": .string(value)])
    }
    if case .array(let items) = receiver, selector == "filteredArrayUsingPredicate:",
      case .record("NSPredicate", let fields) = args[0], case .bool(let keeps)? = fields["keeps"],
      let name = fields["name"]
    {
      return .array(
        items.filter { item in
          guard case .object(let o) = item else { return !keeps }
          return (objects[o].explicitName.map { ImportValue.string($0) } == name) == keeps
        })
    }
    if case .event = receiver { return try eventMethod(first.0) }
    switch receiver {
    case .type(let type):
      if type == Self.transactionClass, Self.transactionSettings.contains(first.0) {
        try transactionCall(first.0, at: at)
        return .void
      }
      if type.hasSuffix("GestureRecognizer") {
        return .event  // `[[UITapGestureRecognizer alloc] initWithTarget:self action:…]`
      }
      switch (type, selector) {
      case (Self.behaviorClass, Self.behaviorFactory):
        return try newBehavior(args[0], at: at)
      case ("CAValueFunction", "functionWithName:"):
        return args[0]  // `[CAValueFunction functionWithName:kCAValueFunctionRotateZ]`
      case (Self.behaviorClass, "performSelector:withObject:")
      where args[0] == .string(Self.behaviorFactory):
        return try newBehavior(args[1], at: at)
      case ("CAEmitterLayer", "layer"), ("CAEmitterLayer", "new"):
        return try create(.emitter, at: at)
      case ("CAEmitterLayer", _)
      where Self.isForeignFactory(selector)
        && !program.functions.contains(where: { $0.signature == selector }):
        // `[CAEmitterLayer snowEmitterAtPoint:p size:s]` of a category in another file.
        return try foreignEmitterFactory(selector, args, at: at)
      case ("CAEmitterCell", "emitterCell"), ("CAEmitterCell", "new"):
        return try create(.cell, at: at)
      case ("CALayer", "layer"), ("CALayer", "new"): return try create(.layer, at: at)
      case ("CAShapeLayer", "layer"), ("CAShapeLayer", "new"): return try create(.shape, at: at)
      case ("CAGradientLayer", "layer"), ("CAGradientLayer", "new"):
        return try create(.gradient, at: at)
      case ("CAReplicatorLayer", "layer"), ("CAReplicatorLayer", "new"):
        return try create(.replicator, at: at)
      case ("CATextLayer", "layer"), ("CATextLayer", "new"):
        return try create(.text, at: at)
      case ("UIFont", "fontWithName:size:"):
        if case .string = args[0] { return args[0] }
      case ("UIFont", let s) where Self.systemFontSelectors.contains(s):
        if case .number = args[0] { return args[0] }  // a system font: its size
      case ("UIBezierPath", _) where selector != "alloc":
        // `[[UIBezierPath alloc] init]` too: `alloc` gives the type, as below.
        if let path = try bezierPath(selector: selector, args, at: at) { return path }
      case (_, "animation") where ImportedAnimation.Kind(rawValue: type) != nil,
        (_, "new") where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: nil, at: at)
      case (_, "animationWithKeyPath:") where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: args[0], at: at)
      case ("CAMediaTimingFunction", "functionWithName:"):
        return try timingFunction(args[0], at: at)
      case ("CAMediaTimingFunction", "functionWithControlPoints::::"):
        return try bezier(args, at: at)
      case (_, "new") where Self.viewClasses.contains(type),
        (_, "init") where Self.viewClasses.contains(type):
        return try createView(type, [], [], at: at)
      case (_, "initWithFrame:") where Self.viewClasses.contains(type):
        return try createView(type, ["frame"], args, at: at)
      case (_, "initWithFrame:") where foreignViewClass(type) != nil:
        return try foreignView(type, as: foreignViewClass(type) ?? "UIView", frame: args[0], at: at)
      case ("UIImageView", "initWithImage:"):
        return try createView(type, ["image"], args, at: at)
      case ("UIButton", "buttonWithType:"):
        return try createView(type, [], [], at: at)
      case ("NSMutableArray", "init"), ("NSArray", "init"), ("NSMutableArray", "new"),
        ("NSArray", "new"), ("NSMutableArray", "initWithCapacity:"):
        return .array([])
      case (Self.rendererType, _) where selector.hasPrefix("initWith"):
        // `[[UIGraphicsImageRenderer alloc] initWithSize:size format:format]`.
        let labels = selector.dropFirst(8).split(separator: ":").map {
          $0.prefix(1).lowercased() + $0.dropFirst()
        }
        if let r = rendererValue(type, labels, args) { return r }
      case (Self.rendererFormatType, "defaultFormat"), (Self.rendererFormatType, "preferredFormat"),
        (Self.rendererFormatType, "new"):
        if let f = rendererValue(type, [], []) { return f }
      case (_, "alloc"): return .type(type)
      case (_, _)
      where (program.cellClasses.contains(type) || program.madeLayerClasses.contains(type))
        && (selector.hasPrefix("init") || ["new", "emitterCell", "layer"].contains(selector)):
        // `[[Flake alloc] init]`, `[Flake emitterCell]`, `[Glow layer]`: a cell or layer its
        // class's init sets up.
        let labels = selector.hasPrefix("init") && selector != "init" ? [selector] : []
        return try newInstance(type, labels: labels, args, at: at)
      case (_, "new") where isOwnType(type), (_, "layer") where isOwnType(type),
        (_, _) where isOwnType(type) && selector.hasPrefix("init"):
        if selector != "init",
          let f = program.functions.indices.first(where: {
            program.functions[$0].signature == selector
              && program.functions[$0].implementation == type
          }), !called.contains(f), !runningFunctions.contains(f)
        {
          // `[[Gunfire alloc] initFrom:view withAzimuth:a]` (a class factory of the file's
          // own class): the initializer it names runs, on the file's one instance, as making
          // the object would.
          _ = try call(f, args: args, at: at)
        }
        return try instantiate(type, at: at)  // `[[CAEmitterHelperLayer alloc] init]`
      case (_, "init"): return try call(.type(type), [], at: at)
      case ("UIColor", "colorWithRed:green:blue:alpha:"),
        ("UIColor", "colorWithDisplayP3Red:green:blue:alpha:"):  // P3 read as sRGB
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Color(n[0], n[1], n[2], n[3]))
      case ("UIColor", "colorWithWhite:alpha:"):
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Color(n[0], n[0], n[0], n[1]))
      case ("UIColor", "colorWithHue:saturation:brightness:alpha:"):
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Self.hsb(n[0], n[1], n[2], n[3]))
      case ("UIColor", "colorNamed:"):
        guard case .string(let name) = args[0] else { break }
        return try assetColor(name, at: at)
      case ("UIImage", "imageNamed:"):
        guard case .string(let name) = args[0] else { break }
        return .image(image(named: name, at: at))
      case ("UIImage", "systemImageNamed:"):
        guard case .string(let name) = args[0] else { break }
        return .image(symbol(name, at: at))
      case ("NSBundle", "mainBundle"), ("NSBundle", "bundleForClass:"):
        return .constant("Bundle")
      case ("UIImage", "imageWithContentsOfFile:"), ("UIImage", "initWithContentsOfFile:"):
        guard case .string(let path) = args[0] else { break }
        return .image(image(named: Self.imageName(ofPath: path), at: at))
      case ("NSString", "stringWithFormat:"), ("NSString", "initWithFormat:"):
        guard case .array(let items) = args[0], case .string(let format) = items.first else {
          if case .string = args[0] { return args[0] }
          break
        }
        return .string(try formatted(format, Array(items.dropFirst()), at: at))
      case ("NSNumber", _) where selector.hasPrefix("numberWith") && args.count == 1:
        if isFormula(args[0]), selector != "numberWithBool:", let f = formulaText(args[0]) {
          return .formula(f)
        }
        let n = try number(args[0], at: at)
        // An integer type keeps the whole part, as C's conversion does (`numberWithInt:0.8`
        // is 0 on the device too); a Boolean is 0 or 1.
        if selector == "numberWithBool:" { return .number(n != 0 ? 1 : 0) }
        let integer = ["Int", "Integer", "Long", "LongLong", "Short", "Char"].contains {
          selector == "numberWith\($0):" || selector == "numberWithUnsigned\($0):"
        }
        return .number(integer ? n.rounded(.towardZero) : n)
      case ("NSValue", _) where selector.hasPrefix("valueWith") && args.count == 1:
        return args[0]
      case ("NSMutableArray", "array"), ("NSArray", "array"),
        ("NSMutableArray", "arrayWithCapacity:"):
        return .array([])
      case ("NSArray", "arrayWithObject:"), ("NSMutableArray", "arrayWithObject:"):
        return .array([args[0]])
      case ("NSArray", "arrayWithObjects:"), ("NSMutableArray", "arrayWithObjects:"),
        ("NSArray", "arrayWithArray:"), ("NSMutableArray", "arrayWithArray:"),
        ("NSArray", "initWithArray:"), ("NSMutableArray", "initWithArray:"),
        ("NSArray", "initWithObjects:"), ("NSMutableArray", "initWithObjects:"):
        if case .array = args[0] { return args[0] }
        return .array([args[0]])
      case ("UIScreen", "mainScreen"):
        return .host
      case ("UIApplication", "sharedApplication"):
        return .constant(Self.sharedApplication)
      case ("UIDevice", "currentDevice"):
        return .constant(Self.currentDevice)
      default:
        if args.isEmpty, let color = ImportNames.color(first.0), type == "UIColor" {
          return .color(color)
        }
      }
      if type == "UIImage", args.isEmpty, let image = imageMember(selector, at: at) {
        return image
      }
      if program.typeNames.contains(type),
        let f = program.functions.firstIndex(where: {
          $0.signature == selector && ($0.owner == nil || $0.owner == type)
        })
      {
        // Digits in a string, read with an `NSScanner` that is not followed: read here.
        if case .string = args.first, let c = colorCategory(type, selector, args, at: at) {
          called.insert(f)
          return c
        }
        return try call(f, args: args, at: at)  // `[FireView flameWithSize:20]`: its class method
      }
      // `[UIColor colorWithHexString:@"#FF9500"]` of a category in another file.
      if let c = colorCategory(type, selector, args, at: at) { return c }
      if Self.colorTypes.contains(type), Self.isRandomColorMember(first.0) {
        return randomColor("[\(type) \(selector)]", labels: parts.map(\.0), args, at: at)
      }
      if isForeignType(type) { throw skip(otherFileNote(type), at) }
      throw skip("[\(type) \(selector)] is not understood", at)
    default:
      if case .path(let p) = receiver, let m = Self.bezierSelectors[selector] {
        try bezierElement(p, m, labels: [], values: args, at: at)  // `[path moveToPoint:p]`
        return .void
      }
      if isSelf(receiver),
        let f = program.functions.firstIndex(where: { $0.signature == selector })
      {
        return try call(f, args: args, at: at)
      }
      if case .array(let items) = receiver, args.count == 1 {
        // `[cells arrayByAddingObject:cell]`, `…ObjectsFromArray:more]`: a new array.
        if selector == "arrayByAddingObject:" { return .array(items + [args[0]]) }
        if selector == "arrayByAddingObjectsFromArray:", case .array(let more) = args[0] {
          return .array(items + more)
        }
        if selector == "indexOfObject:" {
          // `firstIndex(of:)`, but NSNotFound (NSIntegerMax) where Swift gives nil.
          let k = try method(receiver, "firstIndex", labels: ["of"], values: args, at: at)
          return k == .null ? .number(ImportNames.limitConstants["NSNotFound"] ?? -1) : k
        }
        if selector == "containsObject:" {
          return try method(receiver, "contains", labels: ["_"], values: args, at: at)
        }
      }
      if parts.count == 1, args.count == 1, first.0 == "setValuesForKeysWithDictionary" {
        return try method(receiver, "setValuesForKeys", labels: ["_"], values: args, at: at)
      }
      if parts.count == 1, args.count == 1, first.0.hasPrefix("set"), first.0.count > 3 {
        // `[cell setBirthRate:10]`: the property setter.
        let property = first.0.dropFirst(3)
        let name = property.prefix(1).lowercased() + property.dropFirst()
        try setProperty(receiver, name, args[0], at: at)
        return .void
      }
      if case .constant("Bundle") = receiver { return Self.resource(args) }
      if args.isEmpty, first.0 == "copy" || first.0 == "mutableCopy" {
        // `[cell copy]`: a new cell; `[cells copy]`: the same values.
        guard case .object(let o) = receiver, objects[o].kind == .cell else { return receiver }
        return .object(try copyObject(o, at: at))
      }
      if args.isEmpty {
        let m = try member(receiver, first.0, at: at)
        // `[layer removeAllAnimations]`, `CGPathCloseSubpath`-like messages: called.
        if case .method(let r, let name) = m {
          return try method(r, name, labels: [], values: [], at: at)
        }
        return m
      }
      let labels = ["_"] + parts.dropFirst().map(\.0)
      return try method(
        try member(receiver, first.0, at: at).methodReceiver(receiver), first.0, labels: labels,
        values: args, at: at)
    }
  }
}

extension ImportValue {
  /// For `[obj method:…]`: the receiver a method value was read from.
  fileprivate func methodReceiver(_ receiver: ImportValue) -> ImportValue {
    if case .method(let r, _) = self { return r }
    return receiver
  }
}
