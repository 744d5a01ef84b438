import Core

/// A CAAnimation or CATransition the imported code created, with the properties it set in the
/// order set (the last of each wins). Core Animation copies an animation when it is added, so
/// `add(_:forKey:)` translates it as it is then.
struct ImportedAnimation: Sendable {
  enum Kind: String, Sendable, CaseIterable {
    case basic = "CABasicAnimation"
    case keyframe = "CAKeyframeAnimation"
    case spring = "CASpringAnimation"
    case group = "CAAnimationGroup"
    case transition = "CATransition"
  }

  var kind: Kind
  var keyPath: String?
  var properties: [(name: String, value: ImportValue)] = []
  /// Values the code keeps in the animation under keys of its own (`setValue(layer, forKey:
  /// "confettiLayer")`, read back by its delegate with `value(forKey:)`): CAAnimation is a
  /// key-value coding container.
  var userValues: [String: ImportValue] = [:]
  /// Where it was created.
  var created: SourceToken

  /// The value the code last gave a property, by its Objective-C name.
  func value(_ name: String) -> ImportValue? { properties.last { $0.name == name }?.value }

  /// The properties the importer reads, by their Objective-C names, and Swift's other
  /// spellings of them.
  static let known: [String] = [
    "fromValue", "toValue", "byValue", "values", "keyTimes", "path", "rotationMode",
    "calculationMode", "timingFunctions", "tensionValues", "continuityValues", "biasValues",
    "mass", "stiffness", "damping", "initialVelocity", "animations", "type", "subtype",
    "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
    "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive",
    "cumulative", "keyPath", "valueFunction", "delegate",
  ]
  /// Swift's other spellings (`isAdditive`), from the animation options' table.
  static let swiftSpellings = Dictionary(
    uniqueKeysWithValues: AnimationOption.table.compactMap { o in o.swiftName.map { ($0, o.name) } }
  )

  /// The property `name` is, or nil when the importer does not read it.
  static func property(_ name: String) -> String? {
    let n = swiftSpellings[name] ?? name
    return known.contains(n) ? n : nil
  }
}

/// A Burst command about one layer, written once the layer's name is known: `animate`,
/// `group`, `transition`, `uiview` or `cancel`.
struct ImportLayerCommand: Sendable {
  var verb: String
  /// What follows the layer's path in the same word (`.transform.scale`), if anything.
  var suffix: String
  /// The words after the path.
  var rest: String
  /// What it is, for the import's report (`CAKeyframeAnimation`, `UIView.animate`).
  var what: String

  func text(path: String) -> String {
    "\(verb) \(path)\(suffix)" + (rest.isEmpty ? "" : " " + rest)
  }

  /// Whether it adds an animation (`animate`, `group`, `transition`), which a layer keeps until
  /// it is shown; not a removal or a `cancel`.
  var addsAnimation: Bool { ["animate", "group", "transition"].contains(verb) }
}

/// Turns what the code built into `animate`, `group`, `transition` and `uiview` commands.
enum ImportAnimationTranslation {
  /// A value as one word of a command (`30,30`, `rgba(1,0,0,1)`, `scale(2,2,1)`), or nil.
  static func word(_ v: ImportValue) -> String? {
    switch v {
    case .number(let n): return ValueFormatting.number(n)
    case .bool(let b): return b ? "1" : "0"
    case .point(let p): return ValueFormatting.value(.point(p))
    case .size(let s): return ValueFormatting.value(.size(s))
    case .rect(let r): return ValueFormatting.value(.rect(r))
    case .color(let c): return SceneSaver.colorText(c)
    case .constant(let c): return ImportNames.color(c).map(SceneSaver.colorText)
    case .transform(let t): return t
    case .image(let ref): return ValueFormatting.value(.image(ref))
    case .presented: return AnimateClause.presentationWord
    case .formula(let f): return f  // worked out when the action runs
    default: return nil
    }
  }

  /// The key path a `transform` animation with a value function animates: its numbers are one
  /// field's (`CAValueFunction(name: .rotateZ)` → `transform.rotation.z`, `scaleX` →
  /// `transform.scale.x`, `translateY` → `transform.translation.y`).
  static func valueFunctionPath(_ keyPath: String?, _ f: ImportValue) throws(ImportSkip)
    -> String?
  {
    guard let spelled = name(f) else {
      throw ImportSkip(message: "valueFunction is \(f.kindName), not a CAValueFunction", at: nil)
    }
    let n = ImportNames.unprefixed(spelled, "kCAValueFunction")
    let fields = ["rotate": "rotation", "scale": "scale", "translate": "translation"]
    guard keyPath == "transform", let axis = n.last, "XYZ".contains(axis),
      let field = fields[String(n.dropLast())]
    else {
      throw ImportSkip(
        message: "a value function of \(keyPath ?? "no key path") (\(n)) is not imported: only one"
          + " axis's rotate, scale or translate of transform is", at: nil)
    }
    return "transform.\(field).\(axis.lowercased())"
  }

  /// Core Animation's key path as Burst spells it: the rect fields without `size`/`origin`
  /// (`bounds.size.width` → `bounds.width`).
  static func keyPath(_ path: String) -> String {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    var out: [String] = []
    for (i, p) in parts.enumerated() {
      if ["size", "origin"].contains(p), i > 0, i + 1 < parts.count,
        ["width", "height", "x", "y"].contains(parts[i + 1])
      {
        continue
      }
      out.append(p)
    }
    return out.joined(separator: ".")
  }

  private static func number(_ v: ImportValue?) -> Double? {
    switch v {
    case .number(let n): return n
    case .bool(let b): return b ? 1 : 0
    default: return nil
    }
  }

  /// A name an enumeration is given in: `.forwards`, `kCAFillModeForwards`, `"forwards"`.
  private static func name(_ v: ImportValue?) -> String? {
    switch v {
    case .constant(let c): return c
    case .string(let s): return s
    default: return nil
    }
  }

  private static func enumeration<E: AppleEnumeration>(
    _ v: ImportValue?, _ property: String, as type: E.Type
  ) throws(ImportSkip) -> E? {
    guard let v else { return nil }
    guard let n = name(v), let e = E(spelling: n) else {
      let cases = E.allCases.map(\.rawValue).joined(separator: ", ")
      throw ImportSkip(message: "\(property) is one of \(cases), not \(v.kindName)", at: nil)
    }
    return e
  }

  /// The timing clauses of an animation or a group (`duration`, `delay`, `timing`, `repeat`,
  /// …). `now` is `CACurrentMediaTime()`; a group's child counts its beginTime from its group.
  static func timingClauses(
    _ a: ImportedAnimation, inGroup: Bool, now: Double, notes: inout [String]
  ) throws(ImportSkip) -> [String] {
    var out: [String] = []
    let durationValue = a.value("duration")
    if a.kind == .spring, case .constant("settlingDuration") = durationValue {
      // Burst's spring lasts its settling time unless told otherwise.
    } else if let d = number(durationValue) {
      if d > 0 { out.append("duration \(ValueFormatting.number(d))") }
    } else if case .parameter(let p) = durationValue {
      out.append("duration $\(p)")  // `func emit(duration: CFTimeInterval = 1)`: the action's
    } else if durationValue != nil {
      throw ImportSkip(message: "duration is a number of seconds", at: nil)
    } else if a.kind == .spring {
      // Core Animation's default 0.25 s cuts a spring off; Burst's default is its settling time.
      out.append("duration 0.25")
    }
    if let b = number(a.value("beginTime")), b != 0 {
      // A beginTime before now (`CACurrentMediaTime() - 0.1`, as `export` writes an animation
      // already running) is a negative delay: it began that long ago.
      let delay = ((inGroup ? b : b - now) * 1e9).rounded() / 1e9
      if delay != 0 { out.append("delay \(ValueFormatting.number(delay))") }
    }
    if case .timing(let t) = a.value("timingFunction") { out.append("timing \(t)") }
    if let n = number(a.value("repeatCount")), n > 0 {
      let repeatWord = AnimateClause.repeatCount.name
      out.append(
        n >= Double(Float.greatestFiniteMagnitude)
          ? "\(repeatWord) \(AnimationOption.forever)"
          : "\(repeatWord) \(ValueFormatting.number(n))")
    }
    if let d = number(a.value("repeatDuration")), d > 0 {
      out.append("repeatDuration \(ValueFormatting.number(d))")
    }
    if let s = number(a.value("speed")), s != 1 { out.append("speed \(ValueFormatting.number(s))") }
    if number(a.value("autoreverses")) == 1 { out.append("autoreverses") }
    if let t = number(a.value("timeOffset")), t != 0 {
      notes.append("timeOffset is not imported: animate has no timeOffset")
    }
    let fill = try enumeration(a.value("fillMode"), "fillMode", as: FillMode.self)
    let keep = number(a.value("removedOnCompletion")) == 0
    if inGroup {
      if fill != nil || keep {
        notes.append("a group's child takes its group's fillMode and removedOnCompletion")
      }
    } else {
      if let fill, fill != .removed { out.append("fill \(fill.rawValue)") }
      if keep { out.append("keep") }
    }
    return out
  }

  /// The commands `layer.add(a, forKey: key)` becomes, with notes on what was left out.
  static func commands(
    _ a: ImportedAnimation, key: String?, animations: [ImportedAnimation], paths: [[String]],
    now: Double
  ) throws(ImportSkip) -> (commands: [ImportLayerCommand], notes: [String]) {
    var notes: [String] = []
    switch a.kind {
    case .transition:
      var type = TransitionType.fade
      do throws(ImportSkip) {
        type = try enumeration(a.value("type"), "type", as: TransitionType.self) ?? .fade
      } catch {
        // **(choice)** A type Burst does not draw (the private `cube`, `rippleEffect`,
        // `pageCurl`) is shown as Core Animation's default, a fade.
        notes.append(error.message + ": shown as a fade")
      }
      let subtype = try enumeration(a.value("subtype"), "subtype", as: TransitionSubtype.self)
      var words = [type.rawValue]
      if let subtype, type != .fade { words.append(subtype.rawValue) }
      if let d = number(a.value("duration")), d > 0 {
        words.append("duration \(ValueFormatting.number(d))")
      }
      if case .timing(let t) = a.value("timingFunction") { words.append("timing \(t)") }
      if a.value("beginTime") != nil {
        notes.append("a transition's beginTime is not imported: it starts when the clock moves")
      }
      return (
        [
          ImportLayerCommand(
            verb: "transition", suffix: "", rest: words.joined(separator: " "),
            what: a.kind.rawValue)
        ], notes
      )
    case .group:
      let groupKey = key ?? "group"
      var words = [HistoryRecorder.quoted(groupKey)]
      words += try timingClauses(a, inGroup: false, now: now, notes: &notes)
      var out = [
        ImportLayerCommand(
          verb: "group", suffix: "", rest: words.joined(separator: " "), what: a.kind.rawValue)
      ]
      guard case .array(let items) = a.value("animations") ?? .array([]) else {
        throw ImportSkip(message: "a group's animations is an array of animations", at: nil)
      }
      for item in items {
        guard case .animation(let c) = item, animations[c].kind != .group,
          animations[c].kind != .transition
        else {
          throw ImportSkip(
            message: "a group holds basic, keyframe and spring animations, not \(item.kindName)",
            at: nil)
        }
        var child = try animate(
          animations[c], inGroup: true, paths: paths, now: now, notes: &notes)
        child.rest += " in " + HistoryRecorder.quoted(groupKey)
        child.what += " in group " + groupKey
        out.append(child)
      }
      return (out, notes)
    case .basic, .keyframe, .spring:
      var a = a
      if a.keyPath?.isEmpty ?? true, let key, !key.isEmpty {
        // Core Animation animates the key's property when the animation names none
        // (`CABasicAnimation()` added `forKey: "birthRate"`).
        a.keyPath = key
      }
      if let f = a.value("valueFunction") { a.keyPath = try valueFunctionPath(a.keyPath, f) }
      var command = try animate(a, inGroup: false, paths: paths, now: now, notes: &notes)
      if let key { command.rest += " key " + HistoryRecorder.quoted(key) }
      return ([command], notes)
    }
  }

  /// **(choice)** A whole transform given to an animation of one of its fields
  /// (`transform.scale` from `CATransform3DIdentity` to `CATransform3DMakeScale(5, 5, 2)`):
  /// that field of it, as `get LAYER.transform.scale` reads it (1, then 4: the mean of the
  /// three factors), since the key path animates a number. Other values are as they are.
  static func field(of value: ImportValue, _ keyPath: String) -> ImportValue {
    guard case .transform(let text) = value, keyPath.hasPrefix("transform.") else { return value }
    var model = SceneModel()
    let root = model.root.name
    guard let whole = try? model.resolveProperty(root + ".transform"),
      let field = try? model.resolveProperty(root + "." + keyPath),
      let parsed = try? model.parseValue(text, for: whole)
    else { return value }
    model.apply(parsed, to: whole)
    guard case .number(let n)? = model.value(field) else { return value }
    return .number(n)
  }

  /// One `animate PATH.KEYPATH SPEC OPTIONS` (its layer's path filled in later).
  private static func animate(
    _ a: ImportedAnimation, inGroup: Bool, paths: [[String]], now: Double,
    notes: inout [String]
  ) throws(ImportSkip) -> ImportLayerCommand {
    guard let keyPath = a.keyPath, !keyPath.isEmpty else {
      throw ImportSkip(message: "an animation without a keyPath animates nothing", at: nil)
    }
    func words(_ property: String) throws(ImportSkip) -> String? {
      guard let v = a.value(property).map({ field(of: $0, keyPath) }), v != .null else {
        return nil
      }
      guard let w = word(v) else {
        throw ImportSkip(
          message: "\(property) is \(v.kindName), which Burst cannot animate", at: nil)
      }
      return w
    }
    func list(_ property: String) throws(ImportSkip) -> [ImportValue]? {
      guard let v = a.value(property), v != .null else { return nil }
      guard case .array(let items) = v else {
        throw ImportSkip(message: "\(property) is an array, not \(v.kindName)", at: nil)
      }
      return items
    }
    func numbers(_ property: String) throws(ImportSkip) -> String? {
      guard let items = try list(property) else { return nil }
      var out: [String] = []
      for i in items {
        guard let n = number(i) else {
          throw ImportSkip(message: "\(property) holds numbers, not \(i.kindName)", at: nil)
        }
        out.append(ValueFormatting.number(n))
      }
      return out.joined(separator: " ")
    }
    var spec: [String] = []
    switch a.kind {
    case .basic:
      for (property, clause) in [("fromValue", "from"), ("toValue", "to"), ("byValue", "by")] {
        if let w = try words(property) { spec.append("\(clause) \(w)") }
      }
      guard !spec.isEmpty else {
        throw ImportSkip(
          message: "a CABasicAnimation without fromValue, toValue or byValue changes nothing",
          at: nil)
      }
    case .spring:
      guard let to = try words("toValue") else {
        throw ImportSkip(message: "a CASpringAnimation needs a toValue", at: nil)
      }
      spec.append("spring to \(to)")
      if let from = try words("fromValue") { spec.append("from \(from)") }
      for (property, clause) in [
        ("mass", "mass"), ("stiffness", "stiffness"), ("damping", "damping"),
        ("initialVelocity", "velocity"),
      ] {
        if let n = number(a.value(property)) {
          spec.append("\(clause) \(ValueFormatting.number(n))")
        }
      }
    case .keyframe:
      if case .path(let p) = a.value("path") {
        guard !paths[p].isEmpty else {
          throw ImportSkip(message: "its path is empty", at: nil)
        }
        spec.append("path " + paths[p].joined(separator: " "))
        if let r = try enumeration(a.value("rotationMode"), "rotationMode", as: RotationMode.self) {
          spec.append("rotate " + (r == .rotateAuto ? "auto" : "autoReverse"))
        }
      } else {
        guard let items = try list("values"), !items.isEmpty else {
          throw ImportSkip(message: "a CAKeyframeAnimation needs values or a path", at: nil)
        }
        var out: [String] = []
        for i in items.map({ field(of: $0, keyPath) }) {
          guard let w = word(i) else {
            throw ImportSkip(
              message: "values holds \(i.kindName), which Burst cannot animate", at: nil)
          }
          out.append(w)
        }
        spec.append("values " + out.joined(separator: " "))
      }
      if let k = try numbers("keyTimes") { spec.append("keyTimes \(k)") }
      if let m = try enumeration(
        a.value("calculationMode"), "calculationMode", as: KeyframeCurve.CalculationMode.self),
        m != .linear
      {
        spec.append("mode \(m.rawValue)")
      }
      if let items = try list("timingFunctions") {
        var names: [String] = []
        for i in items {
          guard case .timing(let t) = i else {
            throw ImportSkip(message: "timingFunctions holds timing functions", at: nil)
          }
          names.append(t)
        }
        if !names.isEmpty { spec.append("timings " + names.joined(separator: " ")) }
      }
      for (property, clause) in [
        ("tensionValues", "tension"), ("continuityValues", "continuity"), ("biasValues", "bias"),
      ] {
        if let n = try numbers(property) { spec.append("\(clause) \(n)") }
      }
    case .group, .transition:
      throw ImportSkip(message: "\(a.kind.rawValue) has no key path", at: nil)
    }
    spec += try timingClauses(a, inGroup: inGroup, now: now, notes: &notes)
    if number(a.value("additive")) == 1 { spec.append("additive") }
    if number(a.value("cumulative")) == 1 { spec.append("cumulative") }
    return ImportLayerCommand(
      verb: "animate", suffix: "." + Self.keyPath(keyPath), rest: spec.joined(separator: " "),
      what: a.kind.rawValue)
  }
}
