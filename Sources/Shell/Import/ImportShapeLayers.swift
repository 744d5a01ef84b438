import Core

// CAShapeLayer's paths as the code builds them: `UIBezierPath`'s initializers and methods, in
// Swift and Objective-C, become the interpreter's path elements (the words of
// `PathWords.forms`), the same ones a `CGMutablePath` builds; `.cgPath` is that path.

extension ImportInterpreter {
  /// UIBezierPath's methods, with the CGMutablePath method and labels each is.
  static let bezierMethods: [String: (method: String, labels: [String])] = [
    "move": ("move", ["to"]), "addLine": ("addLine", ["to"]),
    "addCurve": ("addCurve", ["to", "control1", "control2"]),
    "addQuadCurve": ("addQuadCurve", ["to", "control"]),
    "addArc": ("addArc", ["center", "radius", "startAngle", "endAngle", "clockwise"]),
    "close": ("closeSubpath", []),
  ]

  /// Objective-C's UIBezierPath selectors, as the Swift method and labels.
  static let bezierSelectors: [String: String] = [
    "moveToPoint:": "move", "addLineToPoint:": "addLine",
    "addCurveToPoint:controlPoint1:controlPoint2:": "addCurve",
    "addQuadCurveToPoint:controlPoint:": "addQuadCurve",
    "addArcWithCenter:radius:startAngle:endAngle:clockwise:": "addArc", "closePath": "close",
  ]

  /// A new path (`UIBezierPath()` and its initializers), or nil when `labels` are not one of
  /// them. `UIBezierPath`'s `clockwise` turns with increasing angles on UIKit's y-down screen,
  /// so it is CGPath's (and Burst's) `clockwise` negated.
  func bezierPath(_ labels: [String], _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    func rect(_ v: ImportValue) throws(ImportSkip) -> Rect {
      guard case .rect(let r) = v else { throw skip("expected a rect, not \(v.kindName)", at) }
      return r
    }
    let elements: [KeyframePath.Element]
    switch labels {
    case []: elements = []
    case ["ovalIn"]: elements = [.ellipse(in: try rect(values[0]))]
    case ["rect"]: elements = [.rect(try rect(values[0]))]
    case ["roundedRect", "cornerRadius"]:
      elements = PathWords.roundedRect(try rect(values[0]), radius: try number(values[1], at: at))
    case ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]:
      guard case .point(let c) = values[0] else { throw skip("expected a centre point", at) }
      elements = [
        .arc(
          center: c, radius: max(0, try number(values[1], at: at)),
          start: try number(values[2], at: at), end: try number(values[3], at: at),
          clockwise: try number(values[4], at: at) == 0)
      ]
    default: return nil
    }
    guard paths.count < Self.maxObjects else {
      throw skip("the import builds at most \(Self.maxObjects) paths", at)
    }
    paths.append(
      elements.map { PathWords.words($0, ValueFormatting.number).joined(separator: " ") })
    return .path(paths.count - 1)
  }

  /// Objective-C's `[UIBezierPath bezierPathWith…]` class methods (and `[[UIBezierPath alloc]
  /// init]`), as the Swift initializers.
  func bezierPath(selector: String, _ args: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    let forms: [String: [String]] = [
      "bezierPath": [], "new": [], "init": [], "bezierPathWithOvalInRect:": ["ovalIn"],
      "bezierPathWithRect:": ["rect"],
      "bezierPathWithRoundedRect:cornerRadius:": ["roundedRect", "cornerRadius"],
      "bezierPathWithArcCenter:radius:startAngle:endAngle:clockwise:": [
        "arcCenter", "radius", "startAngle", "endAngle", "clockwise",
      ],
    ]
    guard let labels = forms[selector], labels.count == args.count else { return nil }
    return try bezierPath(labels, args, at: at)
  }

  /// A UIBezierPath method on path `p` (`path.addLine(to:)`), as the CGMutablePath element it
  /// adds; `clockwise` negated as for the initializer.
  func bezierElement(
    _ p: Int, _ method: String, labels: [String], values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) {
    guard let form = Self.bezierMethods[method] else {
      throw skip("UIBezierPath's \(method) is not imported", at)
    }
    var values = values
    if method == "addArc", values.count == 5 {
      values[4] = .bool(try number(values[4], at: at) == 0)
    }
    try pathElement(p, form.method, labels: form.labels, values: values, at: at)
  }

  /// A path as a shape layer's `path` value: `path(…)` of its elements, `none` when empty.
  func shapePathText(_ p: Int) -> String {
    paths[p].isEmpty ? ImageRef.noneWord : "path(" + paths[p].joined(separator: " ") + ")"
  }
}

extension ImportInterpreter {
  /// Whether `name(labels:)` is one of UIBezierPath's own spellings (not CGMutablePath's).
  static func isBezierCall(_ name: String, _ labels: [String]) -> Bool {
    switch name {
    case "close": return labels.isEmpty
    case "addCurve": return labels.contains("controlPoint1")
    case "addQuadCurve": return labels.contains("controlPoint")
    case "addArc": return labels.first == "withCenter"
    default: return false
    }
  }
}

extension ImportedObject.Kind {
  /// The command that makes an object of this kind (`layer`, `emitter`, `shape`, `cell`), also
  /// its default name.
  var word: String {
    switch self {
    case .layer: return SceneCommands.layer.name
    case .emitter: return SceneCommands.emitter.name
    case .shape: return SceneCommands.shape.name
    case .gradient: return SceneCommands.gradient.name
    case .replicator: return SceneCommands.replicator.name
    case .text: return SceneCommands.text.name
    case .cell: return SceneCommands.cell.name
    }
  }
}
