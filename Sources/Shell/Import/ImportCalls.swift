import Core
import Foundation

/// Calls: a type called as an initializer or a function (`CAEmitterCell()`, `CGPoint(x:y:)`,
/// `UIColor(red:…)`, `sin(x)`), a function of the file (`call(_:args:at:)`, `invoke`), a macro, a
/// closure, and the methods of values (`method`): adding sublayers, `setValue(_:forKeyPath:)`,
/// animations added and removed, and the methods of an event.
extension ImportInterpreter {
  /// CGGeometry's C getters (`CGRectGetMaxX(r)`) read the rect's member (`r.maxX`).
  static let rectGetterPrefix = "CGRectGet"

  /// A method of a touch, the touches, an event or a gesture: its location is the action's
  /// `point` parameter (the place of the tap); `first`, `anyObject` and the like the event.
  static let eventMethods: Set<String> = [
    "location", "preciseLocation", "translation", "velocity", "previousLocation",
    "locationInView", "translationInView", "velocityInView", "previousLocationInView",
  ]

  func eventMethod(_ name: String) throws(ImportSkip) -> ImportValue {
    switch name {
    case "location", "locationInView", "locationInView:", "preciseLocation":
      let centre = Point(viewSize.width / 2, viewSize.height / 2)
      // Read by the setup (a method that builds at import reading a recognizer it keeps): the
      // touch is at the view's centre, a point like any other.
      guard !recording.isEmpty || recordingAction != nil else { return .point(centre) }
      if parameters["point"] == nil {
        parameters["point"] = (.point, ValueFormatting.value(.point(centre)))
      }
      return .parameter("point")
    case "translation", "velocity", "translationInView:", "velocityInView:",
      "previousLocation", "previousLocationInView:", "translationInView", "velocityInView",
      "previousLocationInView":
      throw skip("a gesture's \(name) is not followed: only its location is a parameter")
    default:
      return .event
    }
  }

  /// Says that function `name` runs without an argument the importer could not work out.
  func warnUnknownArgument(_ name: String, _ why: String, at: SourceToken) {
    warn(
      at, "\(name) runs without an argument that is not known here: what uses it is skipped",
      hint: why)
  }

  /// The type an implicit member's `.init(…)` makes, by its labels: a point, size, rect or
  /// colour, whichever the property takes.
  static let implicitInitTypes: [[String]: String] = [
    ["x", "y"]: "CGPoint", ["width", "height"]: "CGSize",
    ["x", "y", "width", "height"]: "CGRect", ["origin", "size"]: "CGRect",
    ["red", "green", "blue", "alpha"]: "UIColor", ["white", "alpha"]: "UIColor",
    ["hue", "saturation", "brightness", "alpha"]: "UIColor",
  ]

  /// Runs the file's method `f` with `self` the receiver and its arguments bound by their
  /// labels (those left out take their defaults); nil when the labels do not fit it.
  func method(
    _ f: Int, of receiver: ImportValue, labels: [String], _ values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue? {
    let function = program.functions[f]
    guard let binding = function.binding(labels: labels) else { return nil }
    called.insert(f)
    let bound = try arguments(function, binding, values)
    return try invoke(
      body: function.body, parameters: ["self"] + function.parameters,
      args: [receiver] + bound, at: at, returnsValue: function.returnsValue)
  }

  /// `layer.insertSublayer(ring, below: titleLabel?.layer)`, `[layer insertSublayer:ring
  /// below:self.badge.layer]`: when the layer it goes below (or above) is not known here (a
  /// button's own label, another file's view), it goes under (or over) all the others; false
  /// when that layer is known (or `side` is neither).
  func insertBesideUnknown(
    _ receiver: ImportValue, _ side: String, _ values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) -> Bool {
    guard ["below", "above"].contains(side), values.count == 2,
      case .unknown(let why) = values[1], ImportValue.unknownReason([values[0]]) == nil
    else { return false }
    let below = side == "below"
    warn(
      at,
      "the layer to insert it \(side) is not known here (\(why)): it goes "
        + (below ? "under its superlayer's other layers" : "over its superlayer's other layers"))
    try attach(values[0], to: receiver, first: below, at: at)
    return true
  }

  func call(_ v: ImportValue, _ args: [(String?, ImportValue)], at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    let labels = args.map { $0.0 ?? "_" }
    let values = args.map(\.1)
    if case .method(let receiver, "insertSublayer") = v, labels.count == 2,
      try insertBesideUnknown(receiver, labels[1], values, at: at)
    {
      return .void
    }
    if case .method(.type("CAEmitterLayer"), let name) = v {
      return try foreignEmitterFactory(name, values, at: at)
    }
    if let why = ImportValue.unknownReason(values) {
      // Only a function of the file runs without an argument it cannot be given.
      guard case .function(let name) = v, !name.hasPrefix("#"),
        program.functions.contains(where: { $0.name == name && !$0.isProperty })
      else { throw skip(why, at) }
      warnUnknownArgument(name, why, at: at)
    }
    if case .type(let name) = v, let drawn = try randomCall(name, labels, values, at: at) {
      return drawn
    }
    if case .constant(".init") = v, let type = Self.implicitInitTypes[labels] {
      return try typeCall(type, args, at: at)  // `position = .init(x: 10, y: 20)`
    }
    if case .constant(let c) = v, c.hasPrefix("."),
      program.functions.contains(where: { $0.name == String(c.dropFirst()) && !$0.isProperty })
    {
      // `.confetti(with: .red)` where a cell goes: a static function of the file's extension.
      return try call(.function(String(c.dropFirst())), args, at: at)
    }
    if let clock = try dispatchClock(v, labels, values, at: at) { return clock }
    if case .function("type") = v, labels == ["of"] {
      // `type(of: self).makeCell()`, `Bundle(for: type(of: self))`: the running method's class
      // (a value of the file's own type: that type).
      switch values[0] {
      case .record(let type, _) where program.typeNames.contains(type): return .type(type)
      case let x where isSelf(x):
        if let type = runningClass ?? program.declaredClasses.sorted().first { return .type(type) }
      default: break
      }
    }
    if case .function("UI_USER_INTERFACE_IDIOM") = v, labels.isEmpty {
      return .constant(".phone")  // the macro reads the device's idiom: an iPhone here
    }
    if case .constant(".init") = v, labels == ["_"] {
      return values[0]  // `.init(n * 2)`: a number converted to the property's type
    }
    if case .constant(".random") = v,
      let drawn = try randomCall("CGFloat.random", labels, values, at: at)
    {
      return drawn  // `.random(in: 0...1)` where a number goes: the numbers' own
    }
    switch v {
    case .type(let type):
      return try typeCall(type, args, at: at)
    case .function(let name) where localActions.contains(name) && args.isEmpty:
      add(.run(name))
      return .void
    case .function(let name) where name.hasPrefix("#"):
      guard let macro = program.macros[String(name.dropFirst())],
        let parameters = macro.parameters, parameters.count == values.count,
        !evaluating.contains(name)
      else { throw skip("the macro \(name.dropFirst()) takes other arguments", at) }
      evaluating.insert(name)
      defer { evaluating.remove(name) }
      return try invoke(body: macro.body, parameters: parameters, args: values, at: at)
    case .function(let name):
      // Swift's overloads are told apart by their labels (`rocket(trail:)` and
      // `rocket(children:tinted:)`): the function the labels reach, its defaults filled in.
      let named = program.functions.indices.filter { program.functions[$0].name == name }
      // One the labels reach as written wins over one they reach only as Swift 1 and 2 wrote
      // them (`SourceFunction.binding(labels:)`).
      if named.count > 1, program.language == .swift,
        let (f, binding) = named.lazy.compactMap({ f in
          self.program.functions[f].exactBinding(labels: labels).map { (f, $0) }
        }).first
          ?? named.lazy.compactMap({ f in
            self.program.functions[f].binding(labels: labels).map { (f, $0) }
          }).first
      {
        return try call(
          f, args: try arguments(program.functions[f], binding, values), at: at)
      }
      let candidates = named.filter { program.functions[$0].parameters.count == args.count }
      if let f = candidates.first { return try call(f, args: values, at: at) }
      // Fewer arguments than parameters: the rest take their default values.
      let defaulted = program.functions.indices.filter { k in
        let f = program.functions[k]
        return f.name == name && f.parameters.count > args.count
          && f.parameterDefaults.count == f.parameters.count
          && f.parameterDefaults[args.count...].allSatisfy { $0 != nil }
      }
      guard let f = defaulted.first else {
        throw skip("no function \(name) takes \(args.count) arguments", at)
      }
      var all = values
      for k in args.count..<program.functions[f].parameters.count {
        all.append(try defaultValue(program.functions[f], k))
      }
      return try call(f, args: all, at: at)
    case .method(let receiver, let name):
      return try method(receiver, name, labels: labels, values: values, at: at)
    case .closure(let body, var captured, let declared, let local):
      if local {
        // Swift's local functions see the ones declared after them in their scope, which
        // exist by the time one is called there.
        captured.merge(capturedVariables()) { mine, _ in mine }
      }
      // `closure()`: its body runs where it is called (in a scheduled block, it is recorded),
      // its parameters bound to the arguments (`lower(2)` of `{ (n: Float) in … }`; `$0`,
      // `$1` when it names none).
      let parameters =
        declared.isEmpty ? values.indices.map { "$\($0)" } : declared
      let names = captured.keys.sorted().filter { !parameters.contains($0) }
      var given = Array(values.prefix(parameters.count))
      given += Array(repeating: ImportValue.null, count: parameters.count - given.count)
      return try invoke(
        body: body, parameters: names + parameters,
        args: names.map { captured[$0] ?? .null } + given, at: at)
    case .array(let items)
    where args.isEmpty && items.count == 1 && { if case .type = items[0] { true } else { false } }():
      // `[CAEmitterCell]()`: an empty array of that type.
      return .array([])
    case .record(let type, let fields)
    where type == Self.dictionaryType && args.isEmpty
      && fields.values.allSatisfy({ if case .type = $0 { true } else { false } }):
      // `[String: CAEmitterCell]()`: an empty dictionary of those types.
      return .record(type: Self.dictionaryType, fields: [:])
    case .array(let items)
    where labels == ["repeating", "count"] && items.count == 1
      && { if case .type = items[0] { true } else { false } }():
      return try Self.repeated(values[0], values[1], at: at)  // `[UIColor](repeating:count:)`
    case .event where args.isEmpty:
      return v  // Swift 1's `touches.anyObject()`: the touch
    case .color where args.isEmpty, .host where args.isEmpty:
      // Swift 1 and 2 spelled class properties as methods: `UIColor.whiteColor()`,
      // `UIScreen.mainScreen()`: the value itself.
      return v
    case .constant(let c)
    where c.count > 1 && c.hasPrefix(".") && c.dropFirst().first?.isLowercase == true:
      // `.rgba(red: 149, green: 58, blue: 255)`, `.muriel(name: .purple)`: a static factory
      // of an extension in another file of the app. A colour helper's name gives its colour;
      // another is a value not known here, so only what uses it is skipped.
      let name = String(c.dropFirst())
      if args.isEmpty, ImportNames.color(name) != nil {
        return v  // Swift 2's `.whiteColor()` where a colour goes: `.white`
      }
      if let size = Self.systemFontSize(name, labels, values) {
        return size  // `.systemFont(ofSize: 28)` where a font goes
      }
      if let payload = program.payloadCases[name] {
        return .enumCase(type: payload.type, name: name, values: values)  // `.shape(.circle, nil)`
      }
      if name == "constant", labels == ["_"] {
        return values[0]  // SwiftUI's `.constant(true)` where a binding goes: its value
      }
      if let color = implicitColorHelper(name, labels, values, at: at) { return color }
      return .unknown("'\(c)' is made by code in another file of the app")
    default:
      throw skip("\(v.kindName) cannot be called", at)
    }
  }

  /// `Array(repeating: item, count: n)`: n copies, n bounded as a loop's iterations are.
  static func repeated(_ item: ImportValue, _ count: ImportValue, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard case .number(let n) = count, n >= 0, n <= Double(maxLoopIterations), n == n.rounded()
    else {
      throw ImportSkip(
        message: "a count of 0 to \(maxLoopIterations) copies is read", at: at)
    }
    return .array(Array(repeating: item, count: Int(n)))
  }

  /// `CATransaction`: the settings of implicit animations, which the importer does not make
  /// (a property set in code changes at once, as `set` does): its calls change nothing here.
  static let transactionClass = "CATransaction"

  /// UIFont's system fonts (Swift's names; Objective-C's selectors): read as their size, which
  /// is what a label's text layer takes of them.
  static let systemFonts: Set<String> = [
    "systemFont", "boldSystemFont", "italicSystemFont", "monospacedDigitSystemFont",
    "monospacedSystemFont",
  ]
  static let systemFontSelectors: Set<String> = [
    "systemFontOfSize:", "boldSystemFontOfSize:", "italicSystemFontOfSize:",
    "systemFontOfSize:weight:", "monospacedDigitSystemFontOfSize:weight:",
  ]

  /// The size a call of one of `systemFonts` gives (`systemFont(ofSize: 28)`), else nil.
  static func systemFontSize(_ name: String, _ labels: [String], _ values: [ImportValue])
    -> ImportValue?
  {
    guard systemFonts.contains(name), labels.first == "ofSize", case .number? = values.first
    else { return nil }
    return values[0]
  }
  static let transactionSettings: Set<String> = [
    "begin", "commit", "flush", "lock", "unlock", "setDisableActions", "setAnimationDuration",
    "setAnimationTimingFunction",
  ]

  func method(
    _ receiver: ImportValue, _ name: String, labels: [String], values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    if case .event = receiver { return try eventMethod(name) }
    if try handOff(receiver, name, labels: labels, values, at: at) { return .void }
    if case .null = receiver, Self.isHandOffName(name),
      !Self.isSublayerAdd(name, labels: labels)
    {
      throw skip("nil cannot be called", at)  // a `.method` of nil that `member` kept for it
    }
    if let drawn = try drawingMethod(receiver, name, labels: labels, values: values, at: at) {
      return drawn  // `renderer.image { … }`, `ctx.fill(rect)`, `color.setFill()`, `path.fill()`
    }
    if let type = valueType(receiver), let owner = memberOwner(type, name),
      let f = program.functions.firstIndex(where: {
        $0.owner == owner && $0.name == name && $0.parameters.count == values.count
      })
    {
      // `kind.makeCell()`: a method of the file's value type, `self` the value.
      called.insert(f)
      let function = program.functions[f]
      return try invoke(
        body: function.body, parameters: ["self"] + function.parameters,
        args: [receiver] + values, at: at, returnsValue: function.returnsValue)
    }
    if let type = valueType(receiver),
      let f = program.functions.firstIndex(where: {
        $0.owner == type && $0.name == name && $0.binding(labels: labels) != nil
      }), let value = try method(f, of: receiver, labels: labels, values, at: at)
    {
      // `ConfettiPresenter.shared.show(in: view)`: one whose arguments left out take their
      // defaults (`duration: TimeInterval = 3`).
      return value
    }
    if case .string(let text) = receiver,
      let value = Self.stringTest(text, name, labels: labels, values: values)
    {
      return value  // `name.hasPrefix("spark")`, `kind.lowercased()`
    }
    if case .string(let text) = receiver, Self.textMeasures.contains(name), values.count == 1 {
      return .size(Self.textSize(text, attributes: values[0]))  // `"🎉".size(withAttributes:)`
    }
    if case .number(let n) = receiver,
      let value = Self.number(n, name, labels: labels, values: values)
    {
      return .number(value)  // `x.truncatingRemainder(dividingBy: w)`, `x.rounded(.down)`
    }
    if case .object(let o) = receiver, let type = instanceClasses[o],
      let f = program.functions.firstIndex(where: {
        madeClass(of: $0) == type && $0.name == name && $0.binding(labels: labels) != nil
      }), let binding = program.functions[f].binding(labels: labels)
    {
      // `glow.addAnimations(beginTime: 0)`: a method of the file's class of the object, `self`
      // the object.
      called.insert(f)
      let function = program.functions[f]
      let bound = try arguments(function, binding, values)
      return try asInstance(o) { () throws(ImportSkip) in
        try invoke(
          body: function.body, parameters: ["self"] + function.parameters,
          args: [receiver] + bound, at: at, returnsValue: function.returnsValue)
      }
    }
    if case let types = extendedTypes(of: receiver), !types.isEmpty,
      let f = program.functions.firstIndex(where: {
        !$0.isProperty && $0.name == name && $0.binding(labels: labels) != nil
          && $0.owner.map(types.contains) == true
      }), let value = try method(f, of: receiver, labels: labels, values, at: at)
    {
      // `cell.setValuesForBurst()`: a method the file adds to the value's type in an extension
      // (`extension CAEmitterCell { func setValuesForBurst() { birthRate = 40 } }`), `self`
      // the value.
      return value
    }
    if case .type("UIFont") = receiver, let size = Self.systemFontSize(name, labels, values) {
      return size  // `UIFont.systemFont(ofSize: 28)`
    }
    if name == Self.performNow, isSelf(receiver), labels == ["_"] || labels == ["_", "with"],
      case .string(let selector) = values[0]
    {
      return try performSelector(selector, Array(values.dropFirst()), at: at)
    }
    if case .type(Self.transactionClass) = receiver, Self.transactionSettings.contains(name) {
      try transactionCall(name, at: at)
      return .void
    }
    if case .image = receiver, Self.imageKeepers.contains(name) { return receiver }
    if case .record(Self.measurementType, let fields) = receiver, name == "converted",
      labels == ["to"], let converted = Self.convertedAngle(fields, to: values[0])
    {
      return converted  // `Measurement(value: 90, unit: UnitAngle.degrees).converted(to: .radians)`
    }
    if case .constant("Bundle") = receiver { return Self.resource(values) }
    if let value = try behaviorMethod(receiver, name, labels: labels, values: values, at: at) {
      return value
    }
    switch (name, labels) {
    case ("copy", []), ("mutableCopy", []):
      // A cell's or a layer's copy is a new object; an array's, the same values.
      guard case .object(let o) = receiver, objects[o].kind == .cell else { return receiver }
      return .object(try copyObject(o, at: at))
    case ("addSublayer", ["_"]):
      try attach(values[0], to: receiver, first: false, at: at)
      return .void
    case ("insertSublayer", ["_", "above"]) where !recording.isEmpty:
      // In a block: the copy `export` declares ahead and inserts above its original.
      guard case .object(let c) = values[0], case .object(let a) = values[1],
        !objects[c].attached, objects[c].kind == objects[a].kind, objects[a].kind != .cell,
        objects[c].sublayers.isEmpty, objects[a].sublayers.isEmpty,
        objects[c].cells.map({ objects[$0].explicitName })
          == objects[a].cells.map({
            objects[$0].explicitName
          })
      else {
        throw skip(
          "in a block, only a copy is added: insertSublayer(_:above:) of a layer built like the"
            + " one it goes above, as export writes Burst's copy", at)
      }
      blockCopies.insert(c)
      add(
        .copy(
          source: a, copy: c, at: tokens[current.lowerBound], statement: program.snippet(current)))
      return .void
    case ("insertSublayer", let l) where l.count == 2:
      let front: Bool
      if case .number(let n) = values[1] { front = n == 0 } else { front = l[1] == "below" }
      try attach(values[0], to: receiver, first: front, at: at)
      return .void
    case ("setValuesForKeys", ["_"]):
      // `layer.setValuesForKeys(["emitterShape": …, "renderMode": …])`: each key as
      // `setValue(_:forKey:)` sets it, in the keys' order; a key that cannot be set is skipped
      // on its own.
      guard case .record(Self.dictionaryType, let fields) = values[0] else { break }
      for key in fields.keys.sorted() {
        guard let value = fields[key] else { continue }
        do throws(ImportSkip) {
          _ = try method(
            receiver, "setValue", labels: ["_", "forKey"], values: [value, .string(key)], at: at)
        } catch {
          warn(at, "skipped: the key '\(key)'", hint: error.message)
        }
      }
      return .void
    case ("value", ["forKey"]) where receiver.isAnimation,
      ("value", ["forKeyPath"]) where receiver.isAnimation,
      ("valueForKey", ["_"]) where receiver.isAnimation:
      guard case .animation(let a) = receiver, case .string(let key) = values[0] else { break }
      // `anim.value(forKey: "confettiLayer")`: what the code kept there, else the property.
      if let kept = animations[a].userValues[key] { return kept }
      if let p = ImportedAnimation.property(key), let v = animations[a].value(p) { return v }
      return .null
    case ("setValue", ["_", "forKeyPath"]), ("setValue", ["_", "forKey"]):
      if case .animation(let a) = receiver, case .string(let key) = values[1] {
        guard ImportedAnimation.property(key) != nil || key == "keyPath" else {
          animations[a].userValues[key] = values[0]  // a key of the code's own
          return .void
        }
        try setProperty(receiver, key, values[0], at: at)  // `anim.setValue(2, forKey: "duration")`
        return .void
      }
      guard case .object(let o) = receiver, case .string(let path) = values[1] else { break }
      if try setBehaviors(o, path, values[0], at: at) { return .void }
      let parts = path.split(separator: ".").map(String.init)
      if parts.count == 1, Self.info(path, of: objects[o].kind) == nil {
        // Key-value coding sets what the property's setter sets: `setValue(cells, forKey:
        // "emitterCells")` is `emitterCells = cells`.
        try setProperty(receiver, path, values[0], at: at)
        return .void
      }
      let reachesCells = parts.first == "emitterCells"
      if reachesCells, parts.count >= 3, let why = unnamedCell(parts[1]) {
        // A cell the code names but that was not imported (made in another file), or that
        // has no such name: the key path reaches nothing, so it is left out, with its line.
        throw skip(why, at)
      }
      if reachesCells, parts.count >= 3, recording.isEmpty || objects[o].inStep,
        !objects[o].cells.isEmpty,
        !objects[o].cells.contains(where: { objects[$0].explicitName == parts[1] })
      {
        // `fireEmitter.setValue(4, forKeyPath: "emitterCells.smoke.lifetime")` where the smoke
        // cell is another emitter's: this layer's cells are known here, and key-value coding
        // finds none of that name among them, so on iOS nothing is set.
        throw skip(
          "this layer's cells have no cell named '\(parts[1])' (another layer's may): on iOS the"
            + " key path reaches nothing and sets nothing", at)
      }
      let kind: ImportedObject.Kind = reachesCells ? .cell : objects[o].kind
      // A property whose name is a key path (`transform.scale`, `sublayerTransform.m34`).
      if !reachesCells, let info = Self.info(path, of: kind) {
        try record(
          o,
          ImportAssignment(
            key: info.name, text: try valueText(values[0], kind: info.kind, at: at),
            value: values[0], at: tokens[current.lowerBound], statement: program.snippet(current)))
        return .void
      }
      guard let last = parts.last, let info = Self.info(last, of: kind) else {
        if !reachesCells, parts.count > 1, let word = ImportAnimationTranslation.word(values[0]) {
          // A field of a property (`transform.scale.x`): `set` checks the key path.
          try record(
            o,
            ImportAssignment(
              key: path, text: word, value: values[0], at: tokens[current.lowerBound],
              statement: program.snippet(current)))
          return .void
        }
        throw skip("no property '\(path)' that Burst knows", at)
      }
      if !reachesCells, parts.count > 1, Self.info(parts[0], of: kind) == nil {
        // `setValue(0, forKey: "emitterCell.cell.birthRate")`: no key path of the layer starts
        // so; iOS keeps the value under a key of the layer's own (or finds nothing to set
        // along the path), which changes nothing drawn.
        let names = (kind == .emitter ? ["emitterCells"] : []) + Self.infos(kind).map(\.name)
        let near =
          Suggestions.nearest(to: parts[0], in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw skip(
          "the key path '\(path)' reaches nothing: '\(parts[0])' is not a property of the layer"
            + near + "; on iOS it changes nothing", at)
      }
      if !reachesCells, parts.count == 1 {
        try record(
          o,
          ImportAssignment(
            key: info.name, text: try valueText(values[0], kind: info.kind, at: at),
            value: values[0], at: tokens[current.lowerBound], statement: program.snippet(current)))
        return .void
      }
      try record(
        o,
        ImportAssignment(
          key: (parts.dropLast() + [info.name]).joined(separator: "."),
          text: try valueText(values[0], kind: info.kind, at: at), value: values[0],
          at: tokens[current.lowerBound], statement: program.snippet(current),
          reachesCells: reachesCells))
      return .void
    case ("withAlphaComponent", ["_"]), ("colorWithAlphaComponent", ["_"]), ("copy", ["alpha"]):
      guard case .color(var c) = receiver else { break }
      c.alpha = try number(values[0], at: at)
      return .color(c)
    case ("reversed", []):
      guard case .array(let items) = receiver else { break }
      return .array(items.reversed())
    case ("joined", []), ("joined", ["separator"]), ("componentsJoinedByString", ["_"]):
      // `["CA", "Emitter", "Behavior"].joined()`, `[parts componentsJoinedByString:@"-"]`:
      // the strings one after another, the separator between them.
      guard case .array(let items) = receiver else { break }
      var separator = ""
      if let v = values.first {
        guard case .string(let text) = v else { throw skip("a separator is a string", at) }
        separator = text
      }
      var parts: [String] = []
      for item in items {
        guard case .string(let text) = item else {
          throw skip("only strings are joined, not \(item.kindName)", at)
        }
        parts.append(text)
      }
      return .string(parts.joined(separator: separator))
    case ("objectAtIndex", ["_"]), ("objectAtIndexedSubscript", ["_"]):
      // `[emitter.emitterCells objectAtIndex:0]`: NSArray's item, as `cells[0]` is.
      guard case .array(let items) = receiver else { break }
      return try item(of: items, at: try number(values[0], at: at), at)
    case ("prefix", ["_"]), ("suffix", ["_"]), ("dropFirst", ["_"]), ("dropLast", ["_"]),
      ("dropFirst", []), ("dropLast", []):
      // `cells.prefix(5)`, `images.dropFirst()`: a part of the array, as Swift's slices are.
      guard case .array(let items) = receiver else { break }
      let n = values.isEmpty ? 1 : max(0, Int(exactly: try number(values[0], at: at)) ?? -1)
      guard !values.isEmpty || name.hasPrefix("drop"), n >= 0 else {
        throw skip("\(name) takes a count of items", at)
      }
      switch name {
      case "prefix": return .array(Array(items.prefix(n)))
      case "suffix": return .array(Array(items.suffix(n)))
      case "dropFirst": return .array(Array(items.dropFirst(n)))
      default: return .array(Array(items.dropLast(n)))
      }
    case ("randomElement", []):
      // A pick from the file's fixed random stream (docs/import.md, "Random values").
      guard case .array(let items) = receiver else { break }
      guard !items.isEmpty else { return .null }
      return items[min(items.count - 1, Int(uniform(at: at) * Double(items.count)))]
    case ("shuffled", []):
      guard case .array(var items) = receiver else { break }
      for k in stride(from: items.count - 1, to: 0, by: -1) {
        items.swapAt(k, min(k, Int(uniform(at: at) * Double(k + 1))))
      }
      return .array(items)
    case ("firstIndex", ["of"]), ("index", ["of"]), ("lastIndex", ["of"]):
      // `colors.firstIndex(of: color)` (Swift 4: `index(of:)`): where the item equal to the
      // value is, nil when none is.
      guard case .array(let items) = receiver else { break }
      let matches = items.indices.filter { Self.pattern(items[$0], matches: values[0]) }
      guard let k = name == "lastIndex" ? matches.last : matches.first else { return .null }
      return .number(Double(k))
    case ("contains", ["_"]):
      // `kinds.contains(.rain)`: whether an item equals the value.
      guard case .array(let items) = receiver else { break }
      return .bool(items.contains { Self.pattern($0, matches: values[0]) })
    case ("min", []), ("max", []), ("sorted", []):
      // Of numbers or strings, in their own order.
      guard case .array(let items) = receiver else { break }
      let numbers = items.compactMap { v -> Double? in if case .number(let n) = v { n } else { nil }
      }
      let strings = items.compactMap { v -> String? in if case .string(let t) = v { t } else { nil }
      }
      if numbers.count == items.count {
        let order = numbers.sorted()
        if name == "sorted" { return .array(order.map { .number($0) }) }
        return (name == "min" ? order.first : order.last).map { .number($0) } ?? .null
      }
      if strings.count == items.count {
        let order = strings.sorted()
        if name == "sorted" { return .array(order.map { .string($0) }) }
        return (name == "min" ? order.first : order.last).map { .string($0) } ?? .null
      }
      throw skip("\(name)() of items that are not all numbers or all strings", at)
    case ("enumerated", []):
      guard case .array(let items) = receiver else { break }
      return .array(items.enumerated().map { .array([.number(Double($0.offset)), $0.element]) })
    case ("add", ["_", "forKey"]), ("addAnimation", ["_", "forKey"]):
      guard case .object(let o) = receiver else { break }
      try addAnimation(values[0], key: values[1], to: o, at: at)
      return .void
    case ("removeAllAnimations", []), ("removeAnimation", ["forKey"]),
      ("removeAnimationForKey", ["_"]):
      guard case .object(let o) = receiver, objects[o].kind != .cell else { break }
      var rest = ""
      if let key = values.first {
        guard case .string(let k) = key else { throw skip("an animation's key is a string", at) }
        // Core Animation's removeAnimation(forKey:) does nothing when no animation has the key.
        rest = HistoryRecorder.quoted(k) + " " + AnimationCommands.ifPresent.name
      }
      add(
        .layer(
          object: o,
          commands: [ImportLayerCommand(verb: "cancel", suffix: "", rest: rest, what: name)],
          at: tokens[current.lowerBound], statement: program.snippet(current)))
      return .void
    case ("presentation", []):
      guard case .object(let o) = receiver, objects[o].kind != .cell else { break }
      return .presentation(o)
    case ("value", ["forKeyPath"]), ("valueForKeyPath", ["_"]), ("value", ["forKey"]),
      ("valueForKey", ["_"]):
      guard case .string(let k) = values[0] else { break }
      if case .presentation(let o) = receiver {
        return .presented(object: o, keyPath: ImportAnimationTranslation.keyPath(k))
      }
      // `emitter.value(forKeyPath: "emitterCells.spark.birthRate")`: the model value the code
      // last gave it (in an action, the setup's, as any read there is).
      guard case .object(var o) = receiver else { break }
      let layer = o
      var parts = k.split(separator: ".").map(String.init)
      while parts.count >= 3, parts[0] == "emitterCells",
        let c = objects[o].cells.first(where: { objects[$0].explicitName == parts[1] })
      {
        o = c
        parts.removeFirst(2)
      }
      guard parts.count == 1 else { break }
      if o != layer, let info = Self.info(parts[0], of: .cell) {
        // Set through the layer's key path (`setValue(12, forKeyPath:
        // "emitterCells.spark.birthRate")`) after the cell's own last assignment: that value.
        let path = (k.split(separator: ".").dropLast().map(String.init) + [info.name])
          .joined(separator: ".")
        let own = objects[o].assignments.last(where: { $0.key == info.name })?.serial ?? 0
        if let through = objects[layer].assignments.last(where: { $0.key == path }),
          through.serial > own
        {
          return through.value
        }
      }
      return try member(.object(o), parts[0], at: at)
    case ("removeFromSuperview", []), ("removeFromSuperlayer", []):
      // In an action or a scheduled block, `remove LAYER` when it runs: the layer, or (the
      // view itself leaving) every layer it holds.
      guard !recording.isEmpty else {
        // In the setup: a layer it added leaves the tree (`for old in layer.sublayers ?? []
        // where old.name == "snow" { old.removeFromSuperlayer() }` before it adds another).
        guard case .object(let o) = receiver, objects[o].kind != .cell,
          name == "removeFromSuperlayer"
        else { break }
        if objects[o].attached { removedBySetup[o] = at.line }
        detach(o)
        return .void
      }
      let removed: [Int]
      switch receiver {
      case .host where name == "removeFromSuperview": removed = hostSublayers
      case .object(let o) where objects[o].kind != .cell && name == "removeFromSuperlayer":
        removed = [o]
      default: removed = []
      }
      guard !removed.isEmpty else { break }
      for o in removed { add(removal(of: o, what: name)) }
      return .void
    case ("convert", ["_", "to"]), ("convert", ["_", "from"]), ("convertPoint", ["_", "toView"]),
      ("convertPoint", ["_", "fromView"]), ("convertPoint", ["_", "toLayer"]),
      ("convertPoint", ["_", "fromLayer"]), ("convertRect", ["_", "toView"]),
      ("convertRect", ["_", "fromView"]):
      // The hosting view is the whole scene: its coordinates and the window's are the same.
      return values[0]
    case ("convertTime", ["_", "from"]), ("convertTime", ["_", "fromLayer"]):
      // The layers' timing is the scene's here unless the code changed it; the time as given.
      return values[0]
    case ("addSubview", ["_"]), ("bringSubviewToFront", ["_"]):
      try attach(values[0], to: receiver, first: false, at: at)
      return .void
    case ("insertSubview", let l) where l.count == 2,
      ("sendSubviewToBack", let l) where l.count == 1:
      try attach(values[0], to: receiver, first: true, at: at)
      return .void
    case ("setImage", ["_", "for"]), ("setImage", ["_", "forState"]):
      if case .host = receiver {
        throw skip("a button's own images and titles are UIKit's drawing, not imported", at)
      }
      try setProperty(receiver, "contents", values[0], at: at)
      return .void
    case (let n, let l) where Self.controlContentSetters.contains(n):
      guard l.count == 2, ["for", "forState"].contains(l[1]) else { break }
      throw skip("a button's own images and titles are UIKit's drawing, not imported", at)
    case ("addTarget", let l), ("removeTarget", let l):
      // `[self addTarget:self action:@selector(tap) forControlEvents:…]`: the selector's
      // method is an action already (`run tap`).
      guard l.count == 3, l[1] == "action" else { break }
      return .void
    case ("insetBy", ["dx", "dy"]), ("offsetBy", ["dx", "dy"]):
      guard case .rect(let r) = receiver else { break }
      return .rect(Self.moved(r, name == "insetBy", values, at: at, self))
    case ("concatenating", ["_"]):
      guard case .transform(let t) = receiver, case .transform(let u) = values[0] else { break }
      return .transform(Self.product(t, u))
    case ("scaledBy", ["x", "y"]), ("translatedBy", ["x", "y"]), ("rotated", ["by"]):
      guard case .transform(let t) = receiver else { break }
      var n: [Double] = []
      for v in values { n.append(try number(v, at: at)) }
      let first =
        name == "scaledBy"
        ? Self.transformWord("scale", [n[0], n[1], 1])
        : name == "translatedBy"
          ? Self.transformWord("translate", [n[0], n[1]]) : Self.transformWord("rotate", n)
      return .transform(Self.product(first, t))
    case (let m, let l) where Self.isBezierCall(m, l):
      guard case .path(let p) = receiver else { break }
      try bezierElement(p, m, labels: labels, values: values, at: at)
      return .void
    case (let m, _) where Self.pathMethods.contains(m):
      guard case .path(let p) = receiver else { break }
      try pathElement(p, m, labels: labels, values: values, at: at)
      return .void
    default:
      break
    }
    throw skip("\(name)(\(labels.map { $0 + ":" }.joined())) is not understood", at)
  }

  /// A resource's file name in the app's bundle (`path(forResource: "snow", ofType: "png")`,
  /// `pathForResource:ofType:`): the file beside the imported one, `snow.png`.
  static func resource(_ values: [ImportValue]) -> ImportValue {
    guard case .string(let name) = values.first else { return .null }
    if values.count > 1, case .string(let ext) = values[1], !ext.isEmpty {
      return .string(name + "." + ext)
    }
    return .string(name)
  }

  /// Runs the file's function `f` with `args`; with a `receiver`, a method of it run with
  /// `self` that object.
  func call(_ f: Int, args: [ImportValue], at: SourceToken, receiver: ImportValue? = nil)
    throws(ImportSkip) -> ImportValue
  {
    if !recording.isEmpty, actionMethods.contains(f), f != recordingAction {
      // An action that calls another action's method runs that action.
      add(.run(actionName(of: f)))
      return .void
    }
    if program.swizzles, runningFunctions.last == f {
      // In a file that swaps method implementations, a method calling itself calls the one it
      // was swapped with: UIKit's original (`[self kj_setSelected:selected]` inside
      // `kj_setSelected:` is `setSelected:`). A setter's sets its property; others are not
      // imported.
      let original = program.swappedSelectors[program.functions[f].signature]
      if let original, original.hasPrefix("set"), original.hasSuffix(":"), args.count == 1 {
        let setter = String(original.dropLast())
        let property = Self.setterBase(setter)
        if property != setter {
          instance[property] = args[0]
          return .void
        }
      }
      let which = original.map { "UIKit's " + $0 } ?? "the original"
      warn(
        at, "a swizzled method's call to itself runs \(which), which is not imported",
        hint: "the rest of \(program.functions[f].signature) runs")
      return .void
    }
    if program.functions[f].isProperty, runningFunctions.contains(f) {
      // A computed property whose body reads itself never ends on iOS either; followed, each
      // read would branch again until the call depth (exponentially many statements).
      throw skip("'\(program.functions[f].name)' refers to itself", at)
    }
    guard runningFunctions.lazy.filter({ $0 == f }).count < Limits.maxImportRecursion else {
      throw skip(
        "\(program.functions[f].signature) calls itself more than"
          + " \(Limits.maxImportRecursion) deep", at)
    }
    called.insert(f)
    runningFunctions.append(f)
    defer { runningFunctions.removeLast() }
    let function = program.functions[f]
    var receiver = receiver
    if receiver == nil, let owner = function.owner, Self.isKnownType(owner),
      isTypeMember(function)
    {
      // `static func randomColor() -> Self { self.init(red: …) }` in `extension UIColor`:
      // `self` is the type.
      receiver = .type(owner)
    }
    if let receiver {
      return try invoke(
        body: function.body, parameters: ["self"] + function.parameters,
        args: [receiver] + args, at: at, returnsValue: function.returnsValue)
    }
    return try invoke(
      body: function.body, parameters: function.parameters, args: args, at: at,
      returnsValue: function.returnsValue)
  }

  /// The arguments `f` runs with for a call whose `binding` (`SourceFunction.binding`) took
  /// `values`: each parameter its argument, or its declared default.
  func arguments(_ f: SourceFunction, _ binding: [Int?], _ values: [ImportValue])
    throws(ImportSkip) -> [ImportValue]
  {
    var bound: [ImportValue] = []
    for (k, argument) in binding.enumerated() {
      if let argument {
        bound.append(values[argument])
      } else if f.parameterDefaults[k] != nil {
        bound.append(try defaultValue(f, k))
      }
    }
    return bound
  }

  /// Whether `f` is declared `static` or `class` (a member of the type, not of an instance).
  func isTypeMember(_ f: SourceFunction) -> Bool {
    guard let words = declarationModifiers(of: f.at, after: ["func", "var"]) else { return false }
    return words.contains("static") || words.contains("class")
  }

  /// Runs a body with its parameters bound. A body of one expression that may return a value
  /// (`returnsValue`: a computed property, a closure, a function with a result) returns it; a
  /// function that returns nothing runs its one statement as a statement, so the statement
  /// forms (a timer, a scheduled block) are read as such.
  func invoke(
    body range: Range<Int>, parameters: [String], args: [ImportValue], at: SourceToken,
    returnsValue: Bool = true, returnsSelf: Bool = false, writingBack: [String] = []
  ) throws(ImportSkip) -> ImportValue {
    guard depth < Self.maxCallDepth else {
      throw skip("calls nest deeper than \(Self.maxCallDepth)", at)
    }
    depth += 1
    var frame: [String: ImportValue] = [:]
    for (p, a) in zip(parameters, args) { frame[p] = a }
    frames.append(frame)
    var finished = false
    defer {
      // A closure's captured variables (`writingBack`) keep what it did to them, once it ran
      // to its end: `cells.append(cell)` inside `forEach` grows the caller's `cells`.
      if finished, frames.count >= 2 {
        for name in writingBack {
          if let value = frames[frames.count - 1][name] { frames[frames.count - 2][name] = value }
        }
      }
      frames.removeLast()
      depth -= 1
    }
    // A body of one expression returns it (`var emitter: CAEmitterLayer { layer as! … }`).
    let statements = program.statements(in: range)
    if returnsValue, statements.count == 1, let first = statements.first,
      !["let", "var", "return", "for", "if", "guard", "super", "switch", "while", "repeat", "do"]
        .contains(
          tokens[first.lowerBound].text),
      ["=", "+=", "-=", "*=", "/="].allSatisfy({ topLevelIndex(of: $0, in: first) == nil }),
      !program.tokens[first].contains(where: {
        $0.isIdentifier("asyncAfter")
      })
    {
      finished = true
      do throws(ImportSkip) {
        return try expression(first)
      } catch {
        warn(tokens[first.lowerBound], "skipped: \(program.snippet(first))", hint: error.message)
        return .void
      }
    }
    let returned = try body(range)
    finished = true
    if case .constant(Self.breakSignal)? = returned { return .void }
    // An initializer that made a layer or a cell with `self.init()` gives it, also when it
    // ends early with a bare `return` (`if image != nil { return }`).
    if returnsSelf, returned == nil || returned == .void, let made = frames.last?["self"] {
      switch made {
      case .object, .record: return made  // a struct's initializer gives its fields
      default: break
      }
    }
    return returned ?? .void
  }

  /// The initializer of the file's `type` that a call with these labels reaches, and its
  /// arguments: each parameter takes the next argument of its label, or its default.
  func initializer(of type: String, labels: [String], values: [ImportValue])
    throws(ImportSkip) -> (Int, [ImportValue])?
  {
    for f in program.functions.indices {
      let function = program.functions[f]
      guard function.owner == type, function.name == "init",
        let binding = function.binding(labels: labels)
      else { continue }
      return (f, try arguments(function, binding, values))
    }
    return nil
  }

  /// The stored properties of the file's struct `type` that are written with a value.
  func storedDefaults(of type: String) throws(ImportSkip) -> [String: ImportValue] {
    var fields: [String: ImportValue] = [:]
    for p in program.properties where p.owner == type && !p.initializer.isEmpty {
      // A static instance of the type (`static let standard = Configuration()`) is not a field.
      if tokens[p.initializer].contains(where: { $0.isIdentifier(type) }) { continue }
      let made = objects.count
      if let v = try? expression(p.initializer) {
        // A layer or cell the field's initializer made is named by the field, as a stored
        // property's is (`let sparks: CAEmitterLayer = { let layer = …; return layer }()`).
        if case .object(let o) = v, o >= made { objects[o].variable = p.name }
        fields[p.name] = v
      }
    }
    return fields
  }

  /// A rect inset (`insetBy(dx:dy:)`, `CGRectInset`) or moved (`offsetBy`, `CGRectOffset`) by
  /// the two numbers of `values`; numbers not known here leave it as it is.
  static func moved(
    _ r: Rect, _ inset: Bool, _ values: [ImportValue], at: SourceToken, _ i: ImportInterpreter
  ) -> Rect {
    guard let dx = try? i.number(values[0], at: at), let dy = try? i.number(values[1], at: at)
    else { return r }
    return inset
      ? Rect(r.origin.x + dx, r.origin.y + dy, r.size.width - 2 * dx, r.size.height - 2 * dy)
      : Rect(r.origin.x + dx, r.origin.y + dy, r.size.width, r.size.height)
  }

  /// `UIColor(hue:saturation:brightness:alpha:)` in RGB.
  static func hsb(_ h: Double, _ s: Double, _ b: Double, _ a: Double) -> Color {
    let hue = (h - h.rounded(.down)) * 6
    let sector = Int(hue) % 6
    let f = hue - Double(Int(hue))
    let p = b * (1 - s)
    let q = b * (1 - s * f)
    let t = b * (1 - s * (1 - f))
    let rgb: (Double, Double, Double)
    switch sector {
    case 0: rgb = (b, t, p)
    case 1: rgb = (q, b, p)
    case 2: rgb = (p, b, t)
    case 3: rgb = (p, q, b)
    case 4: rgb = (t, p, b)
    default: rgb = (b, p, q)
    }
    return Color(rgb.0, rgb.1, rgb.2, a)
  }
}
