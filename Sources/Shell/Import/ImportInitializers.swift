import Core
import Foundation

/// Initializers and free functions called by a type's or a function's name: `CGPoint(x:y:)`,
/// `UIColor(red:…)`, `CAEmitterCell()`, `String(format:)`, `stride(from:to:by:)`, the file's
/// own structs and initializers, and the colour helpers of other files.
extension ImportInterpreter {
  /// The math functions of one number, as Swift, C and its `float` variants spell them.
  static let unaryMath: [String: @Sendable (Double) -> Double] = [
    "sin": { sin($0) }, "sinf": { sin($0) }, "cos": { cos($0) }, "cosf": { cos($0) },
    "tan": { tan($0) }, "tanf": { tan($0) }, "sqrt": { sqrt($0) }, "sqrtf": { sqrt($0) },
    "abs": { abs($0) }, "fabs": { abs($0) }, "fabsf": { abs($0) }, "ABS": { abs($0) },
    "floor": { $0.rounded(.down) }, "floorf": { $0.rounded(.down) },
    "ceil": { $0.rounded(.up) }, "ceilf": { $0.rounded(.up) },
    "round": { $0.rounded() }, "roundf": { $0.rounded() },
    "trunc": { $0.rounded(.towardZero) }, "truncf": { $0.rounded(.towardZero) },
    "asin": { asin($0) }, "asinf": { asin($0) }, "acos": { acos($0) }, "acosf": { acos($0) },
    "atan": { atan($0) }, "atanf": { atan($0) }, "exp": { exp($0) }, "expf": { exp($0) },
    "log": { log($0) }, "logf": { log($0) }, "log2": { log2($0) }, "log2f": { log2($0) },
    "log10": { log10($0) }, "log10f": { log10($0) }, "cbrt": { cbrt($0) }, "cbrtf": { cbrt($0) },
  ]

  /// The math functions of two numbers (C's `MIN` and `MAX` macros among them).
  static let binaryMath: [String: @Sendable (Double, Double) -> Double] = [
    "min": { Swift.min($0, $1) }, "fmin": { Swift.min($0, $1) }, "fminf": { Swift.min($0, $1) },
    "MIN": { Swift.min($0, $1) }, "max": { Swift.max($0, $1) }, "fmax": { Swift.max($0, $1) },
    "fmaxf": { Swift.max($0, $1) }, "MAX": { Swift.max($0, $1) }, "pow": { pow($0, $1) },
    "powf": { pow($0, $1) }, "atan2": { atan2($0, $1) }, "atan2f": { atan2($0, $1) },
    "hypot": { hypot($0, $1) }, "hypotf": { hypot($0, $1) }, "fmod": { fmod($0, $1) },
    "fmodf": { fmod($0, $1) },
  ]

  /// A new instance of the file's class `type` (a `CAEmitterCell` subclass, or a layer
  /// subclass of `madeLayerClasses`), set up by its initializer that a call with these
  /// `labels` reaches (`init(tint:)`, Objective-C's `initWithTint:` as one label; parameters
  /// left out take their defaults) with `self` the new object; a plain one when the class
  /// writes no initializer without arguments.
  func newInstance(_ type: String, labels: [String], _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    let base = program.layerClasses[type].flatMap(ImportedObject.Kind.init(className:)) ?? .cell
    let object = try create(base, at: at)
    if case .object(let o) = object { instanceClasses[o] = type }
    let objc = labels.count == 1 && labels[0].hasPrefix("init") && labels[0].hasSuffix(":")
    var found: (Int, [ImportValue])?
    for f in program.functions.indices where madeClass(of: program.functions[f]) == type {
      let function = program.functions[f]
      guard Self.isInitializer(function), !onlyTraps(function) else { continue }
      if objc || function.labels == nil {
        let signature = objc ? labels[0] : (labels.isEmpty ? "init" : "")
        if function.signature == signature { found = (f, values) }
      } else if let binding = function.binding(labels: labels) {
        found = (f, try arguments(function, binding, values))
      }
      if found != nil { break }
    }
    guard let (f, args) = found else {
      guard values.isEmpty else {
        throw skip("\(type) has no initializer \(labels.map { $0 + ":" }.joined())", at)
      }
      return object
    }
    called.insert(f)
    let function = program.functions[f]
    guard case .object(let o) = object else { return object }
    let made = try asInstance(o) { () throws(ImportSkip) in
      try invoke(
        body: function.body, parameters: ["self"] + function.parameters, args: [object] + args,
        at: at, returnsValue: false, returnsSelf: true)
    }
    if case .object = made { return made }
    return object
  }

  /// Runs `body` as code of object `o`'s class: the bare names of its stored properties
  /// (`configuration`, `self.configuration`) are `o`'s own (`instanceFields`).
  func asInstance<T>(_ o: Int, _ body: () throws(ImportSkip) -> T) throws(ImportSkip) -> T {
    if runningInstance == o { return try body() }
    let outer = runningInstance
    // The fields of what ran before: the hosting object's stay here, an instance's in
    // `instanceFields`, where code of `o` may read or change them.
    let host = instance
    if let outer { instanceFields[outer] = instance }
    instance = instanceFields[o] ?? [:]
    runningInstance = o
    defer {
      instanceFields[o] = instance
      instance = outer.map { instanceFields[$0] ?? [:] } ?? host
      runningInstance = outer
    }
    return try body()
  }

  /// Whether `name` is a stored property of the file's class of object `o` (`newInstance`).
  func isStoredProperty(_ name: String, ofInstance o: Int) -> Bool {
    guard let type = instanceClasses[o] else { return false }
    return program.properties.contains { $0.owner == type && $0.name == name }
  }

  /// Foundation's `Measurement`, read for angles (`UnitAngle`).
  static let measurementType = "Measurement"

  /// A unit of angle as the code names it (`UnitAngle.degrees`, `.radians`), in radians.
  static func angleUnit(_ unit: ImportValue) -> Double? {
    let name: String
    switch unit {
    case .constant(let c): name = c
    case .string(let s): name = s
    default: return nil
    }
    let word = name.split(separator: ".").last.map(String.init) ?? name
    return angleUnits[word]
  }

  /// `UnitAngle`'s units, in radians.
  static let angleUnits: [String: Double] = [
    "radians": 1, "degrees": Double.pi / 180, "revolutions": 2 * Double.pi,
    "gradians": Double.pi / 200, "arcMinutes": Double.pi / 10800, "arcSeconds": Double.pi / 648_000,
  ]

  /// `measurement.converted(to: unit)` of an angle: the same angle in `unit`, or nil.
  static func convertedAngle(_ fields: [String: ImportValue], to unit: ImportValue)
    -> ImportValue?
  {
    guard case .number(let v)? = fields["value"], let from = fields["unit"],
      let fromRadians = angleUnit(from), let toRadians = angleUnit(unit)
    else { return nil }
    return .record(
      type: measurementType, fields: ["value": .number(v * fromRadians / toRadians), "unit": unit])
  }

  func typeCall(_ type: String, _ args: [(String?, ImportValue)], at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    let labels = args.map { $0.0 ?? "_" }
    let values = args.map(\.1)
    func arg(_ label: String) throws(ImportSkip) -> Double {
      guard let a = args.first(where: { $0.0 == label }) else {
        throw skip("missing '\(label):'", at)
      }
      return try number(a.1, at: at)
    }
    func numbers() throws(ImportSkip) -> [Double] {
      var out: [Double] = []
      for v in values { out.append(try number(v, at: at)) }
      return out
    }
    if let renderer = rendererValue(type, labels, values) { return renderer }
    switch (type, labels) {
    case ("NSAttributedString", ["string"]), ("NSAttributedString", ["string", "attributes"]),
      ("NSMutableAttributedString", ["string"]),
      ("NSMutableAttributedString", ["string", "attributes"]):
      return values[0]  // its text: what drawing it shows
    case ("String", ["_"]):
      // `String($0)`, `String(n)`: the text of a value.
      switch values[0] {
      case .string: return values[0]
      case .number(let n): return .string(ValueFormatting.number(n))
      default: break
      }
    case (_, let l)
    where program.structNames.contains(type)
      && program.functions.contains(where: { $0.owner == type && $0.name == "init" }):
      // `Configuration(rate: 4)` of a struct with its own initializer: the fields it sets
      // (`self.rate = rate`), its parameters' defaults filling what the call leaves out.
      guard let (f, bound) = try initializer(of: type, labels: l, values: values) else { break }
      called.insert(f)
      let function = program.functions[f]
      return try invoke(
        body: function.body, parameters: ["self"] + function.parameters,
        args: [.record(type: type, fields: try storedDefaults(of: type))] + bound, at: at,
        returnsValue: false, returnsSelf: true)
    case (_, [])
    where program.structNames.contains(type)
      && !program.functions.contains(where: { $0.owner == type && $0.name == "init" }):
      // `Tuning()`: the memberwise initializer with every field left at its declared value.
      return .record(type: type, fields: try storedDefaults(of: type))
    case (_, let l)
    where program.structNames.contains(type) && !l.isEmpty && !l.contains("_")
      && !program.functions.contains(where: { $0.owner == type && $0.name == "init" }):
      // `ConfettiType(color: .red, shape: .circle)`: a struct's memberwise initializer.
      var fields: [String: ImportValue] = [:]
      for (label, value) in zip(l, values) { fields[label] = value }
      return .record(type: type, fields: fields)
    case (_, let l)
    where program.cellClasses.contains(type) || program.madeLayerClasses.contains(type):
      // `Flake()`, `Flake(tint: .red)`, `GlowLayer(rate: 5)`: a new cell or layer, set up by
      // its class's initializer.
      return try newInstance(type, labels: l, values, at: at)
    case (_, []) where isOwnType(type), (_, ["frame"]) where isOwnType(type):
      return try instantiate(type, at: at)  // `EmitterView()`: the file's own view
    case ("NSClassFromString", ["_"]) where values[0] == .string(Self.behaviorClass):
      return .type(Self.behaviorClass)
    case ("NSClassFromString", ["_"]):
      // `[NSClassFromString(@"CAEmitterLayer") layer]`: a class the importer knows, by name.
      guard case .string(let name) = values[0], Self.isKnownType(name) else { break }
      return .type(name)
    case ("NSSelectorFromString", ["_"]), ("Selector", ["_"]):
      return values[0]
    case (Self.workItem, _):
      // `DispatchWorkItem(block: { … })`, `DispatchWorkItem(qos: .default) { … }`: its closure.
      if let block = values.last(where: { if case .closure = $0 { true } else { false } }) {
        return block
      }
    case ("CAValueFunction", ["name"]):
      return values[0]  // `CAValueFunction(name: .rotateZ)`: the function, by its name
    case (_, _) where type.hasSuffix("GestureRecognizer"):
      // `UITapGestureRecognizer(target: self, action: #selector(tapped))`: a gesture, whose
      // handler is an action; its location is the action's point.
      return .event
    case (_, ["rawValue"]) where type.hasPrefix("CA") && !Self.isKnownType(type):
      // `CAEmitterLayerRenderMode(rawValue: "additive")`: Core Animation's string constant of
      // that name, as `CAEmitterLayerRenderMode.additive` is.
      if case .string(let raw) = values[0], !raw.isEmpty { return .constant("." + raw) }
    case (Self.imageNameType, ["_"]), (Self.imageNameType, ["rawValue"]):
      // AppKit's `NSImage.Name("flake")` (Swift 4's `NSImage.Name(rawValue: "flake")`): the
      // name itself, for `NSImage(named:)`.
      if case .string = values[0] { return values[0] }
    case (Self.behaviorClass, ["type"]):
      return try newBehavior(values[0], at: at)
    // `init(layer:)`, the copying initializer Core Animation uses for presentation layers,
    // written as a constructor (`CAEmitterLayer(layer: self.layer)`): a new layer; what it
    // would copy of a plain layer is not an emitter's.
    case ("CAEmitterLayer", []), ("CAEmitterLayer", ["layer"]): return try create(.emitter, at: at)
    case ("CAEmitterCell", []): return try create(.cell, at: at)
    case ("CALayer", []), ("CALayer", ["layer"]): return try create(.layer, at: at)
    case ("CAShapeLayer", []), ("CAShapeLayer", ["layer"]): return try create(.shape, at: at)
    case ("CAGradientLayer", []), ("CAGradientLayer", ["layer"]):
      return try create(.gradient, at: at)
    case ("CAReplicatorLayer", []), ("CAReplicatorLayer", ["layer"]):
      return try create(.replicator, at: at)
    case ("CATextLayer", []), ("CATextLayer", ["layer"]): return try create(.text, at: at)
    // A text layer's font: its family name (CATextLayer ignores a font object's size).
    case ("UIFont", ["name", "size"]), ("CTFontCreateWithName", ["_", "_", "_"]):
      if case .string = values[0] { return values[0] }
    case ("UIBezierPath", _):
      if let path = try bezierPath(labels, values, at: at) { return path }
    case (_, []) where ImportedAnimation.Kind(rawValue: type) != nil:
      return try newAnimation(type, keyPath: nil, at: at)
    case (_, ["keyPath"]) where ImportedAnimation.Kind(rawValue: type) != nil:
      return try newAnimation(type, keyPath: values[0], at: at)
    case ("CAMediaTimingFunction", ["name"]):
      return try timingFunction(values[0], at: at)
    case ("CAMediaTimingFunction", ["controlPoints", "_", "_", "_"]):
      return try bezier(values, at: at)
    case ("CGMutablePath", []), ("CGPathCreateMutable", []):
      guard paths.count < Self.maxObjects else {
        throw skip("the import builds at most \(Self.maxObjects) paths", at)
      }
      paths.append([])
      return .path(paths.count - 1)
    case ("CGPathRelease", ["_"]), ("CFRelease", ["_"]):
      return .void
    case ("CGPath", ["ellipseIn", "transform"]), ("CGPathCreateWithEllipseInRect", ["_", "_"]),
      ("CGPath", ["rect", "transform"]), ("CGPathCreateWithRect", ["_", "_"]):
      guard paths.count < Self.maxObjects else {
        throw skip("the import builds at most \(Self.maxObjects) paths", at)
      }
      paths.append([])
      let ellipse = labels.first == "ellipseIn" || type.contains("Ellipse")
      try pathElement(
        paths.count - 1, ellipse ? "addEllipse" : "addRect", labels: [ellipse ? "in" : "_"],
        values: [values[0]], at: at)
      return .path(paths.count - 1)
    case ("NSValue", ["cgPoint"]), ("NSValue", ["cgSize"]), ("NSValue", ["cgRect"]),
      ("NSValue", ["caTransform3D"]), ("NSValue", ["cgAffineTransform"]),
      // Swift 2's spellings.
      ("NSValue", ["CGPoint"]), ("NSValue", ["CGSize"]), ("NSValue", ["CGRect"]),
      ("NSValue", ["CATransform3D"]), ("NSValue", ["CGAffineTransform"]):
      return values[0]
    case (_, let l)
    where Self.viewClasses.contains(type)
      && (l.isEmpty || l == ["frame"] || l == ["type"] || l == ["image"]):
      return try createView(type, labels, values, at: at)
    case (let t, let l)
    where values.contains(where: isFormula)
      && [
        ["CGPoint", "x", "y"], ["CGPointMake", "_", "_"], ["CGSize", "width", "height"],
        ["CGSizeMake", "_", "_"],
      ].contains([t] + l):
      // Worked out from the action's parameters when it runs: `X,Y` of two formulas.
      guard let x = formulaText(values[0]), let y = formulaText(values[1]) else { break }
      return .formula(x + "," + y)
    case ("CGPoint", []): return .point(Point(0, 0))  // Swift's zero initializers
    case ("CGSize", []): return .size(Size(0, 0))
    case ("CGRect", []): return .rect(Rect(0, 0, 0, 0))
    case ("CGPoint", ["x", "y"]), ("CGPointMake", ["_", "_"]):
      let n = try numbers()
      return .point(Point(n[0], n[1]))
    case ("CGSize", ["width", "height"]), ("CGSizeMake", ["_", "_"]):
      let n = try numbers()
      return .size(Size(n[0], n[1]))
    case ("CGRect", ["x", "y", "width", "height"]), ("CGRectMake", ["_", "_", "_", "_"]):
      let n = try numbers()
      return .rect(Rect(n[0], n[1], n[2], n[3]))
    case ("CGRect", ["origin", "size"]):
      // `.zero` written without its type reads as the constant.
      var p = Point(0, 0)
      var s = Size(0, 0)
      switch values[0] {
      case .point(let q): p = q
      case .constant(".zero"): break
      default: throw skip("CGRect(origin:size:) needs a point first", at)
      }
      switch values[1] {
      case .size(let z): s = z
      case .constant(".zero"): break
      default: throw skip("CGRect(origin:size:) needs a size second", at)
      }
      return .rect(Rect(p.x, p.y, s.width, s.height))
    case (_, ["_"]) where Self.floatTypes.contains(type), ("NSNumber", ["value"]),
      ("NSNumber", ["float"]), ("NSNumber", ["double"]), ("NSNumber", ["integer"]),
      ("NSNumber", ["int"]), ("NSNumber", ["bool"]), ("CGFloat", ["value"]),
      ("NSNumber", ["floatLiteral"]), ("NSNumber", ["integerLiteral"]),
      ("NSNumber", ["booleanLiteral"]):
      // NSNumber(float:) and its kin are Swift 1 and 2's spellings of NSNumber(value:).
      if isFormula(values[0]), labels != ["bool"], let f = formulaText(values[0]) {
        return .formula(f)  // `Float(count)`
      }
      return .number(try number(values[0], at: at))
    case ("Array", ["repeating", "count"]):
      return try Self.repeated(values[0], values[1], at: at)
    case ("String", let l) where l.first == "format" && l.dropFirst().allSatisfy({ $0 == "_" }):
      // `String(format: "spark-%d", i)`: as `stringWithFormat:`.
      guard case .string(let format) = values[0] else { break }
      return .string(try formatted(format, Array(values.dropFirst()), at: at))
    case ("zip", ["_", "_"]):
      // `zip(colors, names)`: pairs, as long as the shorter.
      guard case .array(let a) = values[0], case .array(let b) = values[1] else { break }
      return .array(zip(a, b).map { .array([$0, $1]) })
    case ("Array", []), ("NSMutableArray", []), ("NSArray", []):
      return .array([])  // `Array<CAEmitterCell>()`, an empty array
    case ("Array", let l) where l.first == "arrayLiteral":
      return .array(values)  // `Array(arrayLiteral: a, b)`
    case ("NSArray", ["array"]), ("NSMutableArray", ["array"]), ("Array", ["_"]):
      // `NSArray(array: [a, b])`, `Array(cells)`: the same items.
      guard case .array = values[0] else { break }
      return values[0]
    case (_, ["_"]) where Self.integerTypes.contains(type):
      return .number(try number(values[0], at: at).rounded(.towardZero))
    // **(choice)** Display P3 components are read as sRGB ones (the gamut is not modelled).
    case ("UIColor", ["red", "green", "blue", "alpha"]),
      ("UIColor", ["displayP3Red", "green", "blue", "alpha"]),
      ("UIColor", ["colorLiteralRed", "green", "blue", "alpha"]),  // Swift 3's literal form
      ("CGColor", ["red", "green", "blue", "alpha"]):
      let c = try numbers()
      return .color(Color(c[0], c[1], c[2], c[3]))
    case ("CGColorCreateGenericRGB", ["_", "_", "_", "_"]),
      ("CGColorCreateSRGB", ["_", "_", "_", "_"]),
      ("CGColor", ["genericRGBRed", "green", "blue", "alpha"]),
      ("CGColor", ["srgbRed", "green", "blue", "alpha"]):
      let c = try numbers()
      return .color(Color(c[0], c[1], c[2], c[3]))
    case ("CGColorCreateGenericGray", ["_", "_"]),
      ("CGColor", ["genericGrayGamma2_2Gray", "alpha"]):
      let c = try numbers()
      return .color(Color(c[0], c[0], c[0], c[1]))
    case ("CGColorSpaceCreateDeviceRGB", []), ("CGColorSpaceCreateDeviceGray", []),
      ("CGColorSpaceCreateWithName", ["_"]), ("CGColorSpace", ["name"]):
      // **(choice)** A colour space: components in it are read as sRGB's (or gray's, by their
      // count), as colour spaces are not modelled.
      return .constant(Self.colorSpace)
    case ("CGColorCreate", ["_", "_"]), ("CGColor", ["colorSpace", "components"]):
      // `CGColorCreate(space, components)` with `CGFloat components[4] = {r, g, b, a}`: red,
      // green, blue and alpha; two components are gray and alpha.
      guard values[0] == .constant(Self.colorSpace), case .array(let items) = values[1] else {
        break
      }
      let c = try items.map { (v) throws(ImportSkip) in try number(v, at: at) }
      if c.count == 4 { return .color(Color(c[0], c[1], c[2], c[3])) }
      if c.count == 2 { return .color(Color(c[0], c[0], c[0], c[1])) }
      throw skip("a colour of \(c.count) components (RGBA has 4, gray and alpha 2)", at)
    case ("CGColorRelease", ["_"]), ("CGColorSpaceRelease", ["_"]):
      return .void
    case ("UIColor", ["white", "alpha"]), ("CGColor", ["gray", "alpha"]):
      let w = try number(values[0], at: at)
      return .color(Color(w, w, w, try arg("alpha")))
    case ("UIColor", ["hue", "saturation", "brightness", "alpha"]):
      return .color(
        Self.hsb(try arg("hue"), try arg("saturation"), try arg("brightness"), try arg("alpha")))
    case ("UIColor", ["cgColor"]):
      return values[0]
    case ("UIColor", ["named"]), ("UIColor", ["named", "in", "compatibleWith"]):
      guard case .string(let name) = values[0] else { break }
      return try assetColor(name, at: at)
    case ("Color", ["_"]) where { if case .string = values[0] { true } else { false } }():
      // SwiftUI's `Color("Brand")`: a colour set of the asset catalog.
      guard case .string(let name) = values[0] else { break }
      return try assetColor(name, at: at)
    case ("UIColor", ["_"]), ("Color", ["_"]), ("CGColor", ["_"]):
      // `UIColor(color)` of a SwiftUI colour, `Color(.systemPink)`, `Color(uiColor)`.
      if case .color = values[0] { return values[0] }
      if type == "UIColor", case .constant(let name) = values[0],
        let c = ImportNames.swiftUIColor(name)
      {
        // UIKit's `UIColor(_:)` takes a SwiftUI colour: `.mint` of `[Color]` is `Color.mint`.
        return .color(c)
      }
      if case .constant(let name) = values[0], let c = ImportNames.color(name) {
        return .color(c)
      }
    case ("Bundle", ["for"]), ("Bundle", ["identifier"]):
      return .constant("Bundle")  // where images are looked up: beside the file here
    case ("UIImage", ["named"]), ("UIImage", ["named", "in", "compatibleWith"]),
      ("UIImage", ["named", "in", "with"]):
      guard case .string(let name) = values[0] else { break }
      return .image(image(named: name, at: at))
    case ("#colorLiteral", ["red", "green", "blue", "alpha"]):
      // Xcode's colour literal.
      return .color(Color(try arg("red"), try arg("green"), try arg("blue"), try arg("alpha")))
    case ("#imageLiteral", ["resourceName"]):
      guard case .string(let name) = values[0] else { break }
      return .image(image(named: name, at: at))
    case ("UIImage", ["systemName"]), ("UIImage", ["systemName", "withConfiguration"]):
      guard case .string(let name) = values[0] else { break }
      return .image(symbol(name, at: at))
    case ("UIImage", ["contentsOfFile"]):
      guard case .string(let path) = values[0] else { break }
      return .image(image(named: Self.imageName(ofPath: path), at: at))
    case ("sizeof", ["_"]):
      // **(choice)** C's `sizeof` counts items: an array's is its count and anything else's 1,
      // so `sizeof(colors) / sizeof(colors[0])` is the array's count.
      if case .array(let items) = values[0] { return .number(Double(items.count)) }
      return .number(1)
    case ("CACurrentMediaTime", []):
      return .number(now)
    case ("UUID", []), ("NSUUID", []):
      // **(choice)** A fresh identifier (`cell.name = UUID().uuidString`, then key paths
      // built from it): a fixed one per `UUID()`, in the order the code makes them, so every
      // import names the same way.
      madeUUIDs += 1
      return .record(type: "UUID", fields: ["uuidString": .string("uuid\(madeUUIDs)")])
    case ("CGRectInset", ["_", "_", "_"]), ("CGRectOffset", ["_", "_", "_"]):
      guard case .rect(let r) = values[0] else { break }
      return .rect(Self.moved(r, type == "CGRectInset", Array(values.dropFirst()), at: at, self))
    case (let getter, ["_"]) where getter.hasPrefix(Self.rectGetterPrefix):
      // CGRectGetMidX(r) is r.midX, and so on for CGGeometry's other getters.
      let field = getter.dropFirst(Self.rectGetterPrefix.count)
      guard let head = field.first else { break }
      return try member(values[0], head.lowercased() + field.dropFirst(), at: at)
    case (let name, ["_"]) where Self.unaryMath[name] != nil:
      guard let f = Self.unaryMath[name] else { break }
      return .number(f(try number(values[0], at: at)))
    case (let name, ["_", "_"]) where Self.binaryMath[name] != nil:
      guard let f = Self.binaryMath[name] else { break }
      let n = try numbers()
      return .number(f(n[0], n[1]))
    case ("stride", ["from", "to", "by"]), ("stride", ["from", "through", "by"]):
      // `stride(from: 0, to: 10, by: 2)`: the numbers, as a range's are.
      let n = try numbers()
      guard n[2] != 0, ((n[1] - n[0]) / n[2]).magnitude <= Double(Self.maxLoopIterations) else {
        throw skip("a stride of at most \(Self.maxLoopIterations) numbers is followed", at)
      }
      let through = labels[1] == "through"
      var out: [ImportValue] = []
      var x = n[0]
      while n[2] > 0 ? (through ? x <= n[1] : x < n[1]) : (through ? x >= n[1] : x > n[1]) {
        out.append(.number(x))
        x += n[2]
      }
      return .array(out)
    default:
      if let d = try drawingFunction(type, labels, values, at: at) { return d }
      if let t = try transform(type, labels, values, at: at) { return t }
      if let p = try pathFunction(type, values, at: at) { return p }
    }
    let signature = "init(" + labels.map { $0 + ":" }.joined() + ")"
    if let f = program.functions.firstIndex(where: {
      $0.owner == type && $0.signature == signature
    }) {
      // `UIColor(hex: 0xFF8800)`: an initializer the file adds in an extension; its
      // `self.init(…)` gives the value.
      called.insert(f)
      let function = program.functions[f]
      // Digits in a string are read with a `Scanner` that is not followed: read here.
      if case .string = values.first,
        let c = colorHelper(type: type, labels: labels, values, at: at)
      {
        return c
      }
      do throws(ImportSkip) {
        return try invoke(
          body: function.body, parameters: ["self"] + function.parameters,
          args: [.type(type)] + values, at: at, returnsSelf: true)
      } catch {
        // A body that reads the digits with a `Scanner`: the colour they spell.
        if let c = colorHelper(type: type, labels: labels, values, at: at) { return c }
        throw error
      }
    }
    if let c = colorHelper(type: type, labels: labels, values, at: at) { return c }
    if type == Self.measurementType, labels == ["value", "unit"], case .number = values[0],
      Self.angleUnit(values[1]) != nil
    {
      // Foundation's `Measurement(value: 180, unit: UnitAngle.degrees)`: its value and unit.
      return .record(type: type, fields: ["value": values[0], "unit": values[1]])
    }
    if labels == ["frame"], let view = foreignViewClass(type) {
      return try foreignView(type, as: view, frame: values[0], at: at)
    }
    if isForeignType(type), !labels.isEmpty, !labels.contains("_") {
      // `ConfettiType(color: .red, shape: .circle)` of a struct in another file: a value whose
      // fields are the arguments, as its memberwise initializer makes.
      var fields: [String: ImportValue] = [:]
      for (label, value) in zip(labels, values) { fields[label] = value }
      warn(
        at, "\(type) is not in the file: taken as a struct whose fields are the arguments given",
        hint: "what it computes from them (an image, a colour) is not known here")
      return .record(type: type, fields: fields)
    }
    if let c = colorFunction(type, labels: labels, values, at: at) { return c }
    if isForeignType(type), type.hasSuffix("View"), labels.isEmpty,
      let running = runningFunctions.last,
      Self.representableMakers.contains(program.functions[running].name)
    {
      // `let glitter = GlitterView()` in a representable's makeUIView: the view it makes and
      // returns is the one SwiftUI shows, the hosting view.
      warn(
        at, "\(type) is declared in another file: the view makeUIView makes is the hosting view",
        hint: "what its own class does is not imported")
      return .host
    }
    if isForeignType(type), labels.isEmpty {
      // `Confetti()` of a class in another file: a value of no known fields, so that what
      // holds it goes on (an array of them given to `emitterCells` becomes a stand-in cell).
      warn(
        at, "\(type) is not in the file: taken as a value whose fields are not known here",
        hint: otherFileNote(type))
      return .record(type: type, fields: [:])
    }
    if isForeignType(type) { throw skip(otherFileNote(type), at) }
    throw skip("\(type)(\(labels.map { $0 + ":" }.joined())) is not understood", at)
  }

  /// The methods of a SwiftUI representable that make the view it shows.
  static let representableMakers: Set<String> = ["makeUIView", "makeNSView"]

  /// A Core Graphics colour space (`CGColorSpaceCreateDeviceRGB()`), as a value.
  static let colorSpace = "CGColorSpace"
}
