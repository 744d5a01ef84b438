import Core

// Export's animation stage: animations, transitions, keyframes and paths.

extension SceneExporter {
  // MARK: - Animations

  /// An animation's declaration, values, timing and `add(_:forKey:)`; a group's children are
  /// declared after it and set as its `animations`. A child (`inGroup`) is not added to the
  /// layer, and its `beginTime` counts from its group's start. Returns its identifier.
  @discardableResult
  mutating func animation(
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
      statement(dialect.new(ident, type, factory: "animation"))
    } else {
      statement(dialect.newAnimation(ident, type, keyPath: string(keyPath)))
    }
    func set(_ key: String, _ v: String) { statement("\(ident).\(key) = \(v)") }
    /// An animation option by its name in `AnimationOption.table`, spelled as the language does.
    func option(_ name: String, _ v: String) {
      set(dialect.key(objc: name, swift: AnimationOption.swiftName(of: name)), v)
    }
    // UIView.animate starts from what is on screen when it runs.
    let presented = dialect.presentationValue(of: owner, keyPath: string(keyPath))
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
      option("removedOnCompletion", bool(false))
    }
    if a.additive { option("additive", bool(true)) }
    if a.cumulative { option("cumulative", bool(true)) }
    if inGroup { return ident }
    let key = a.key.map(string) ?? "nil"
    statement(dialect.addAnimation(ident, to: owner, forKey: key))
    return ident
  }

  /// A CATransition's declaration, type, subtype (none for fade, which ignores it), timing and
  /// `add(_:forKey: kCATransition)`.
  mutating func transition(_ tr: LayerTransition, on l: Layer) {
    let owner = target(l)
    let ident = unique(owner + "-transition")
    func set(_ key: String, _ v: String) { statement("\(ident).\(key) = \(v)") }
    func constant<E: AppleEnumeration>(_ v: E) -> String {
      enumeration(v.rawValue, names: E.constantNames)
    }
    statement(dialect.new(ident, "CATransition", factory: "animation"))
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
    statement(dialect.addAnimation(ident, to: owner, forKey: "kCATransition"))
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
  mutating func keyframes(_ curve: KeyframeCurve, ident: String, values: [String]) {
    func set(_ key: String, _ v: String) { statement("\(ident).\(key) = \(v)") }
    if let path = curve.path {
      // The path replaces the values (Core Animation ignores them when it is set).
      let name = unique(ident + "-path")
      self.path(path, name: name)
      set("path", name)
      if let release = dialect.releasePath(name) { statement(release) }
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
  mutating func path(_ path: KeyframePath, name: String) {
    statement(dialect.newPath(name))
    for e in path.elements {
      switch e {
      case .move(let p): statement(dialect.move(name, to: p))
      case .line(let p): statement(dialect.addLine(name, to: p))
      case .quad(let c, let p): statement(dialect.addQuadCurve(name, to: p, control: c))
      case .curve(let c1, let c2, let p):
        statement(dialect.addCurve(name, to: p, control1: c1, control2: c2))
      case .arc(let c, let r, let a0, let a1, let clockwise):
        statement(
          dialect.addArc(name, center: c, radius: r, start: a0, end: a1, clockwise: clockwise))
      case .ellipse(let r): statement(dialect.addEllipse(name, in: r))
      case .rect(let r): statement(dialect.addRect(name, r))
      case .close: statement(dialect.closeSubpath(name))
      }
    }
  }

  /// Evenly spaced key times: i / (count − 1).
  static func evenKeyTimes(count: Int) -> [Double] {
    guard count > 1 else { return count == 1 ? [0] : [] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }
}
