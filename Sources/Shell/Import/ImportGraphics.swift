import Core

/// Animations, paths, transforms and views: the CAAnimations the code creates and adds
/// (`newAnimation`, `addAnimation`), timing functions, `CGMutablePath`s as Burst's path elements,
/// `CATransform3D` and `CGAffineTransform` functions as Burst's transform words, and UIKit views
/// made layers (`createView`) with their geometry.
extension ImportInterpreter {
  /// `Float.infinity` and the like: what repeatCount reads as forever (`ForeverSpellings`).
  static let infinite = ForeverSpellings.values

  /// CGMutablePath's methods the importer follows.
  static let pathMethods: Set<String> = [
    "move", "addLine", "addQuadCurve", "addCurve", "addArc", "addEllipse", "addRect",
    "closeSubpath",
  ]

  /// The UIKit views the importer builds as layers.
  static let viewClasses: Set<String> = ["UIView", "UIButton", "UIImageView", "UILabel"]

  /// A new CAAnimation of a class, with its key path.
  func newAnimation(_ type: String, keyPath: ImportValue?, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard let kind = ImportedAnimation.Kind(rawValue: type) else {
      throw skip("\(type) is not an animation", at)
    }
    guard animations.count < Self.maxObjects else {
      throw skip("the import creates at most \(Self.maxObjects) animations", at)
    }
    var path: String? = nil
    if let keyPath {
      guard case .string(let k) = keyPath else { throw skip("a keyPath is a string", at) }
      path = k
    }
    animations.append(ImportedAnimation(kind: kind, keyPath: path, created: at))
    return .animation(animations.count - 1)
  }

  /// A timing function by name (`.easeIn`, `kCAMediaTimingFunctionEaseIn`, `"easeIn"`).
  func timingFunction(_ v: ImportValue, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    var word = ""
    switch v {
    case .constant(let c): word = c
    case .string(let s): word = s
    default: break
    }
    guard let f = TimingFunction(name: word),
      let named = TimingFunction.named.first(where: { $0.function == f })
    else { throw skip("no timing function named \(v.kindName)", at) }
    return .timing(named.name)
  }

  /// `CAMediaTimingFunction(controlPoints:…)`: `bezier(x1,y1,x2,y2)`.
  func bezier(_ values: [ImportValue], at: SourceToken) throws(ImportSkip) -> ImportValue {
    var n: [String] = []
    for v in values { n.append(ValueFormatting.number(try number(v, at: at))) }
    return .timing("bezier(" + n.joined(separator: ",") + ")")
  }

  /// A transform function as Burst writes it: `scale(2,2,1)`.
  static func transformWord(_ name: String, _ n: [Double]) -> String {
    name + "(" + n.map(ValueFormatting.number).joined(separator: ",") + ")"
  }

  /// `a` then `b` (CATransform3DConcat(a, b), `a.concatenating(b)`).
  static func product(_ a: String, _ b: String) -> String {
    if a == "identity" { return b }
    if b == "identity" { return a }
    return a + "*" + b
  }

  /// The transforms Apple's functions make, by name and argument count.
  func transform(
    _ type: String, _ labels: [String], _ values: [ImportValue], at: SourceToken
  )
    throws(ImportSkip) -> ImportValue?
  {
    func numbers(_ vs: ArraySlice<ImportValue>) throws(ImportSkip) -> [Double] {
      var out: [Double] = []
      for v in vs { out.append(try number(v, at: at)) }
      return out
    }
    let made: [String: String] = [
      "CATransform3DMakeScale": "scale", "CATransform3DMakeRotation": "rotate",
      "CATransform3DMakeTranslation": "translate", "CGAffineTransformMakeScale": "scale",
      "CGAffineTransformMakeRotation": "rotate", "CGAffineTransformMakeTranslation": "translate",
    ]
    if let f = made[type] {
      var n = try numbers(values[...])
      if type == "CGAffineTransformMakeScale", n.count == 2 { n.append(1) }
      return .transform(Self.transformWord(f, n))
    }
    switch (type, labels) {
    case ("CGAffineTransform", ["scaleX", "y"]):
      let n = try numbers(values[...])
      return .transform(Self.transformWord("scale", n + [1]))
    case ("CGAffineTransform", ["rotationAngle"]):
      return .transform(Self.transformWord("rotate", try numbers(values[...])))
    case ("CGAffineTransform", ["translationX", "y"]):
      return .transform(Self.transformWord("translate", try numbers(values[...])))
    case ("CATransform3DConcat", ["_", "_"]), ("CGAffineTransformConcat", ["_", "_"]):
      guard case .transform(let a) = values[0], case .transform(let b) = values[1] else { break }
      return .transform(Self.product(a, b))
    case ("CATransform3DMakeAffineTransform", ["_"]):
      return values[0]
    case ("CATransform3D", let l) where l == Matrix3D.entryNames:
      return .transform(Self.transformWord("matrix", try numbers(values[...])))
    case ("CATransform3DScale", ["_", "_", "_", "_"]),
      ("CATransform3DTranslate", ["_", "_", "_", "_"]),
      ("CATransform3DRotate", ["_", "_", "_", "_", "_"]),
      ("CGAffineTransformScale", ["_", "_", "_"]),
      ("CGAffineTransformTranslate", ["_", "_", "_"]), ("CGAffineTransformRotate", ["_", "_"]):
      guard case .transform(let t) = values[0] else { break }
      var n = try numbers(values.dropFirst())
      let f =
        type.hasSuffix("Scale") ? "scale" : type.hasSuffix("Translate") ? "translate" : "rotate"
      if type == "CGAffineTransformScale" { n.append(1) }
      return .transform(Self.product(Self.transformWord(f, n), t))
    default:
      break
    }
    return nil
  }

  /// One element of a CGMutablePath (`move(to:)`, `CGPathMoveToPoint(p, NULL, x, y)`) as Burst
  /// writes it in `animate … path`.
  func pathElement(
    _ p: Int, _ method: String, labels: [String], values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) {
    func point(_ v: ImportValue) throws(ImportSkip) -> String {
      guard case .point(let pt) = v else { throw skip("expected a point, not \(v.kindName)", at) }
      return ValueFormatting.value(.point(pt))
    }
    func rect(_ v: ImportValue) throws(ImportSkip) -> String {
      guard case .rect(let r) = v else { throw skip("expected a rect, not \(v.kindName)", at) }
      return ValueFormatting.value(.rect(r))
    }
    func n(_ v: ImportValue) throws(ImportSkip) -> String {
      ValueFormatting.number(try number(v, at: at))
    }
    func arg(_ label: String) throws(ImportSkip) -> ImportValue {
      guard let i = labels.firstIndex(of: label) else { throw skip("missing '\(label):'", at) }
      return values[i]
    }
    let element: String
    switch method {
    case "move": element = "moveTo " + (try point(try arg("to")))
    case "addLine": element = "lineTo " + (try point(try arg("to")))
    case "addQuadCurve":
      element = "quadTo \(try point(try arg("control"))) \(try point(try arg("to")))"
    case "addCurve":
      element =
        "curveTo \(try point(try arg("control1"))) \(try point(try arg("control2")))"
        + " \(try point(try arg("to")))"
    case "addArc":
      element =
        "arc \(try point(try arg("center"))) \(try n(try arg("radius")))"
        + " \(try n(try arg("startAngle"))) \(try n(try arg("endAngle")))"
        + (try number(try arg("clockwise"), at: at) != 0 ? " clockwise" : "")
    case "addEllipse": element = "ellipse " + (try rect(try arg("in")))
    case "addRect": element = "rect " + (try rect(values.first ?? .null))
    default: element = "close"
    }
    guard paths[p].count < Self.maxLoopIterations else {
      throw skip("a path of more than \(Self.maxLoopIterations) elements", at)
    }
    paths[p].append(element)
  }

  /// Objective-C's path functions, `CGPathMoveToPoint(p, NULL, x, y)` and the like, as the
  /// Swift methods.
  func pathFunction(_ type: String, _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    let forms: [String: (method: String, labels: [String])] = [
      "CGPathMoveToPoint": ("move", ["x", "y"]), "CGPathAddLineToPoint": ("addLine", ["x", "y"]),
      "CGPathAddQuadCurveToPoint": ("addQuadCurve", ["cx", "cy", "x", "y"]),
      "CGPathAddCurveToPoint": ("addCurve", ["c1x", "c1y", "c2x", "c2y", "x", "y"]),
      "CGPathAddArc": ("addArc", ["cx", "cy", "r", "a0", "a1", "cw"]),
      "CGPathAddEllipseInRect": ("addEllipse", ["rect"]), "CGPathAddRect": ("addRect", ["rect"]),
      "CGPathCloseSubpath": ("closeSubpath", []),
    ]
    guard let form = forms[type] else { return nil }
    let extra = form.method == "closeSubpath" ? 1 : 2
    guard values.count == form.labels.count + extra, case .path(let p) = values[0] else {
      throw skip("\(type) takes a path, NULL and \(form.labels.count) values", at)
    }
    let v = Array(values.dropFirst(extra))
    func pt(_ i: Int) throws(ImportSkip) -> ImportValue {
      .point(Point(try number(v[i], at: at), try number(v[i + 1], at: at)))
    }
    let (labels, args): ([String], [ImportValue])
    switch form.method {
    case "move", "addLine": (labels, args) = (["to"], [try pt(0)])
    case "addQuadCurve": (labels, args) = (["to", "control"], [try pt(2), try pt(0)])
    case "addCurve":
      (labels, args) = (["to", "control1", "control2"], [try pt(4), try pt(0), try pt(2)])
    case "addArc":
      (labels, args) = (
        ["center", "radius", "startAngle", "endAngle", "clockwise"],
        [try pt(0), v[2], v[3], v[4], v[5]]
      )
    case "addEllipse": (labels, args) = (["in"], [v[0]])
    case "addRect": (labels, args) = (["_"], [v[0]])
    default: (labels, args) = ([], [])
    }
    try pathElement(p, form.method, labels: labels, values: args, at: at)
    return .void
  }

  /// Why a key path's `emitterCells.NAME` reaches no cell on iOS, or nil when a cell the code
  /// made is named NAME (`cell.name = "spark"`).
  func unnamedCell(_ name: String) -> String? {
    if objects.contains(where: { $0.kind == .cell && $0.explicitName == name }) { return nil }
    if objects.contains(where: { $0.kind == .cell && $0.explicitName == nil && $0.variable == name }
    ) {
      return "the cell in '\(name)' has no name, so on iOS this key path reaches no cell"
        + " (a cell is found by its name property: \(name).name = \"\(name)\")"
    }
    return "no cell named '\(name)' was imported (the code that makes it is not read)"
  }

  /// `layer.add(animation, forKey: key)`: the animation as it is now becomes Burst's commands.
  func addAnimation(_ value: ImportValue, key: ImportValue, to o: Int, at: SourceToken)
    throws(ImportSkip)
  {
    guard case .animation(let a) = value else {
      throw skip("add(_:forKey:) takes an animation, not \(value.kindName)", at)
    }
    guard objects[o].kind != .cell else { throw skip("a cell takes no animations", at) }
    var k: String? = nil
    switch key {
    case .string(let s): k = s
    case .null, .constant("kCATransition"): break
    default: throw skip("an animation's key is a string or nil", at)
    }
    // A keyframe value read from the presentation layer (`presentation()!.lifetime`) is the
    // value the code gave the property last: what is on screen when no animation runs.
    var animation = animations[a]
    for (index, entry) in animation.properties.enumerated() where entry.0 == "values" {
      guard case .array(let items) = entry.1, items.contains(where: { $0.isPresented }) else {
        continue
      }
      animation.properties[index].1 = .array(
        items.map { item in
          guard case .presented(let p, let key) = item else { return item }
          return modelValue(p, key) ?? item
        })
      warn(at, "a keyframe value read from the presentation layer is taken as the model value")
    }
    let translated: (commands: [ImportLayerCommand], notes: [String])
    do throws(ImportSkip) {
      translated = try ImportAnimationTranslation.commands(
        animation, key: k, animations: animations, paths: paths, now: now)
    } catch {
      throw skip(error.message, error.at ?? at)
    }
    // A behaviour's field (`emitterBehaviors.gust.force`): Burst sets one (`set
    // LAYER.emitterBehaviors.NAME.KEY`) but does not animate it, so `run` would stop here.
    if translated.commands.contains(where: { $0.suffix.hasPrefix(".emitterBehaviors.") }) {
      throw skip(
        "an animation of a behaviour's field is not imported: Burst animates layers' and cells'"
          + " properties, and the field keeps the value the code set", at)
    }
    // A cell's key path names a cell the code named so (`cell.name = "spark"`); on iOS one
    // that names a cell only by its variable animates nothing.
    for command in translated.commands where command.suffix.hasPrefix(".emitterCells.") {
      let name = command.suffix.split(separator: ".").dropFirst().first.map(String.init) ?? ""
      if let why = unnamedCell(name) { throw skip(why, at) }
    }
    let start = tokens[current.lowerBound]
    for note in translated.notes {
      warn(start, "skipped: part of \(animations[a].kind.rawValue)", hint: note)
    }
    // A clause given an action's parameter (`duration $duration`): the action takes it.
    for command in translated.commands {
      for name in parameters.keys where command.rest.contains("$" + name) {
        usedParameters.insert(name)
      }
    }
    // When it ends: what an open transaction's completion block and its delegate wait for.
    let end = animationEnd(animations[a])
    noteTransactionAnimation(end)
    try scheduleAnimationDelegate(a, end: end, at: start)
    let step = ImportStep.layer(
      object: o, commands: translated.commands, at: start, statement: program.snippet(current))
    // Starting from the presentation value, as UIView.animate's code does after setting the
    // model value: that value is what showed before the change, so the animation goes ahead of
    // the change in the block.
    if case .presented(let p, let keyPath) = animations[a].value("fromValue"),
      var list = recording.last,
      let i = list.lastIndex(where: {
        // The same property, or the whole of which the key path is a field (`position` for
        // `position.x`), or a field of the animated property.
        guard case .set(p, let assignment) = $0 else { return false }
        let key = assignment.key
        return key == keyPath || keyPath.hasPrefix(key + ".") || key.hasPrefix(keyPath + ".")
      })
    {
      list.insert(step, at: i)
      recording[recording.count - 1] = list
      return
    }
    add(step)
  }

  /// A layer's or view's frame, bounds or center (position), from the frame, bounds and
  /// position the code gave it (the anchor point in the middle).
  func viewGeometry(_ o: Int, _ name: String) -> ImportValue {
    var size = Size(0, 0)
    var center = Point(0, 0)
    for a in objects[o].assignments {
      switch (a.key, a.value) {
      case ("frame", .rect(let r)):
        size = r.size
        center = Point(r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2)
      case ("bounds", .rect(let r)): size = r.size
      case ("position", .point(let p)): center = p
      default: break
      }
    }
    switch name {
    case "bounds": return .rect(Rect(0, 0, size.width, size.height))
    case "center": return .point(center)
    default:
      return .rect(Rect(center: center, size: size))
    }
  }

  /// A view of another file's class made with a frame: a view of the UIKit class
  /// `foreignViewClass` names, with that frame, and a warning.
  func foreignView(_ type: String, as view: String, frame: ImportValue, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    if isEmitterView(type) {
      let v = try create(.emitter, at: at)
      guard case .object(let o) = v else { return v }
      objects[o].view = view
      try setProperty(v, "frame", frame, at: at)
      warn(
        at,
        "\(type) is not in the file: taken as a view backed by a CAEmitterLayer with that"
          + " frame, as its name says",
        hint: "what its own class sets up is not imported: " + otherFileNote(type))
      return v
    }
    let v = try createView(view, ["frame"], [frame], at: at)
    warn(
      at, "\(type) is not in the file: taken as a \(view) with that frame",
      hint: "what its own class draws is not imported: " + otherFileNote(type))
    return v
  }

  /// A UIKit view, made a layer named after its variable: `UIView(frame:)`, `UIButton(type:)`,
  /// `UIImageView(image:)`, `UILabel()`.
  func createView(
    _ type: String, _ labels: [String], _ values: [ImportValue], at: SourceToken
  )
    throws(ImportSkip) -> ImportValue
  {
    let isLabel = type == Self.labelClass
    let v = try create(isLabel ? .text : .layer, at: at)
    guard case .object(let o) = v else { return v }
    objects[o].view = type
    if isLabel {
      // **(choice)** A label is a text layer with UILabel's defaults: 17-point text in black.
      try setProperty(v, "fontSize", .number(17), at: at)
      try setProperty(v, "foregroundColor", .color(.black), at: at)
    }
    for (label, value) in zip(labels, values) {
      switch label {
      case "frame": try setProperty(v, "frame", value, at: at)
      case "image": try setProperty(v, "contents", value, at: at)
      default: break
      }
    }
    return v
  }
}
