/// An emitter behaviour: Core Animation's private `CAEmitterBehavior`, as public
/// reverse-engineering write-ups describe it (docs/semantics.md, "Emitter behaviours"). A layer
/// holds them in `emitterBehaviors`, in array order; each acts on every particle of the layer.
package struct EmitterBehavior: Sendable, Equatable {
  package var type: BehaviorType
  /// Unique among the layer's behaviours (Core Animation's `name`, used in key paths).
  package var name: String
  package var enabled = true
  /// The fields set to something other than their default, by name.
  package var values: [String: BehaviorValue] = [:]

  package init(type: BehaviorType, name: String) {
    self.type = type
    self.name = name
  }

  /// The field's value (its default when it was never set).
  package func value(_ field: String) -> BehaviorValue? {
    values[field] ?? type.fields.first { $0.name == field }?.defaultValue
  }

  package func number(_ field: String) -> Double {
    if case .number(let x) = value(field) { return x }
    return 0
  }

  package func numbers(_ field: String) -> [Double] {
    switch value(field) {
    case .numbers(let xs), .vector(let xs): return xs
    case .point(let p): return [p.x, p.y]
    default: return []
    }
  }

  package func word(_ field: String) -> String {
    if case .word(let w) = value(field) { return w }
    return ""
  }

  package func colors(_ field: String) -> [Color] {
    if case .colors(let cs) = value(field) { return cs }
    return []
  }

  /// Sets a field from the text `set` reads; an unknown field or a bad value is an error.
  package mutating func set(_ field: String, text: String) throws(ValueError) {
    if field == "enabled" {
      guard case .bool(let b) = try PropertyKind.bool.parse(text) else { return }
      enabled = b
      return
    }
    guard let f = type.fields.first(where: { $0.name == field }) else {
      throw ValueError(
        "a \(type.rawValue) behaviour has no field '\(field)'",
        suggestion: .nearest(
          to: field, in: type.fields.map(\.name) + ["enabled"],
          otherwise: .text("fields: \(type.fields.map(\.name).joined(separator: ", "))")))
    }
    let v = try f.kind.parse(text, field: f.name)
    if v == f.defaultValue { values[field] = nil } else { values[field] = v }
  }

  /// `KEY=VALUE` words for the fields that differ from their defaults, in table order, and
  /// `enabled=no` when disabled: what `save` and `behavior … list` write.
  package var assignments: [String] {
    var out: [String] = []
    for f in type.fields {
      if let v = values[f.name] { out.append("\(f.name)=\(v.text)") }
    }
    if !enabled { out.append("enabled=\(PropertyKind.boolWord(false))") }
    return out
  }
}

/// Core Animation's behaviour types (`CAEmitterBehavior.behaviorTypes()`).
package enum BehaviorType: String, Sendable, CaseIterable {
  case wave, drag, alignToMotion, valueOverLife, colorOverLife, attractor, simpleAttractor, light

  /// What `explain` says about every behaviour: where its facts come from.
  package static let provenance = "private API, as reverse-engineered; may differ from iOS"

  /// One line: what the behaviour does here.
  package var summary: String {
    switch self {
    case .wave: return "a force that swings as sin(2π·frequency·t) along the force vector"
    case .drag: return "slows particles: an acceleration of −drag × velocity"
    case .alignToMotion: return "turns each particle to its direction of motion"
    case .valueOverLife:
      return "sets a particle value (keyPath) from keyframes over the particle's life"
    case .colorOverLife: return "tints particles with keyframed colours over their life"
    case .attractor: return "pulls particles toward a point, an axis or a plane"
    case .simpleAttractor: return "pulls particles toward a point"
    case .light: return "lights particles (declared only: Burst does not draw it)"
    }
  }

  /// The behaviour's fields besides `name` and `enabled`, declared once: `keys`, `explain`,
  /// `set`, `save` and `export` read them from here.
  package var fields: [BehaviorField] {
    switch self {
    case .wave:
      return [
        BehaviorField(
          "force", .vector, .vector([0, 0, 0]), unit: "pt/s²",
          summary: "the largest acceleration of the wave, x,y,z (y down)"),
        BehaviorField(
          "frequency", .number, .number(0), unit: "Hz",
          summary: "turns of the wave per second (ω = 2π·frequency); 0 gives no force"),
      ]
    case .drag:
      return [
        BehaviorField(
          "drag", .number, .number(0), unit: "1/s",
          summary: "the velocity decays as e^(−drag·age): speed halves in ln 2 / drag seconds"
        )
      ]
    case .alignToMotion:
      return [
        BehaviorField(
          "rotation", .number, .number(0), unit: "rad",
          summary: "added to the direction of motion: the particle's angle is atan2(vy, vx)"
            + " + rotation"),
        BehaviorField(
          "preservesDepth", .bool, .bool(false), unit: "",
          summary: "accepted and kept; Burst's particles turn in the layer's plane only"),
      ]
    case .valueOverLife:
      return [
        BehaviorField(
          "keyPath", .word(BehaviorTarget.allCases.map(\.rawValue)), .word(""), unit: "",
          summary: "the particle value the keyframes set: "
            + BehaviorTarget.allCases.map(\.rawValue).joined(separator: ", ")),
        BehaviorField(
          "values", .numbers, .numbers([]), unit: "",
          summary: "the keyframe values, interpolated linearly"),
        BehaviorField(
          "locations", .numbers, .numbers([]), unit: "",
          summary: "where each value falls in the particle's life, 0…1 (evenly spaced when"
            + " not as many as the values)"),
        BehaviorField(
          "additive", .bool, .bool(false), unit: "",
          summary: "add the keyframed value to the particle's own instead of replacing it"),
      ]
    case .colorOverLife:
      return [
        BehaviorField(
          "colors", .colors, .colors([]), unit: "",
          summary: "the keyframe colours, interpolated linearly; each multiplies the"
            + " particle's colour"),
        BehaviorField(
          "locations", .numbers, .numbers([]), unit: "",
          summary: "where each colour falls in the particle's life, 0…1 (evenly spaced when"
            + " not as many as the colours)"),
      ]
    case .attractor, .simpleAttractor:
      var list = [
        BehaviorField(
          "position", .point, .point(.zero), unit: "pt",
          summary: "the attractor's centre, in the layer's coordinates"),
        BehaviorField(
          "radius", .number, .number(0), unit: "pt",
          summary: "the pull reaches this far (0: everywhere)"),
        BehaviorField(
          "stiffness", .number, .number(0), unit: "1/s²",
          summary: "the pull is stiffness × the distance to the attractor (a spring);"
            + " negative pushes"),
        BehaviorField(
          "falloff", .number, .number(0), unit: "",
          summary: "accepted and kept; its meaning is not known well enough to model"),
      ]
      guard self == .attractor else { return list }
      list += [
        BehaviorField(
          "attractorType", .word(AttractorKind.allCases.map(\.rawValue)), .word("radial"),
          unit: "",
          summary: "radial pulls toward the point, axial toward the line through it along"
            + " the orientation, planar toward the plane through it across the orientation"),
        BehaviorField(
          "zPosition", .number, .number(0), unit: "pt", summary: "the attractor's z"),
        BehaviorField(
          "falloffDistance", .number, .number(0), unit: "pt",
          summary: "beyond the radius the pull fades linearly to 0 over this distance"),
        BehaviorField(
          "orientationLatitude", .number, .number(0), unit: "rad",
          summary: "tilts the orientation out of the layer's plane"),
        BehaviorField(
          "orientationLongitude", .number, .number(0), unit: "rad",
          summary: "the orientation's angle in the layer's plane (0: along x)"),
      ]
      return list
    case .light:
      return [
        BehaviorField(
          "color", .colors, .colors([Color(1, 1, 1)]), unit: "",
          summary: "the light's colour (not drawn)"),
        BehaviorField(
          "position", .point, .point(.zero), unit: "pt", summary: "where the light is (not drawn)"),
      ]
    }
  }

  /// The choice Burst made for this type, for `explain`.
  package var choice: String {
    switch self {
    case .wave:
      return "the force is F·sin(2π·frequency·t), t the emitter's clock, the same at every"
        + " position; with drag its effect on a particle is integrated exactly in the"
        + " particle's age"
    case .drag:
      return "velocity decays exponentially in the particle's age, also the velocity the"
        + " accelerations and waves add; several drags add up"
    case .alignToMotion:
      return "rotation 0 puts the image's x axis along the velocity; a particle at rest"
        + " faces the direction it was fired in; it replaces spin"
    case .valueOverLife:
      return "keyPath scale, color.red/green/blue/alpha; values replace the particle's own"
        + " value (added to it with additive); age/lifetime is the life fraction"
    case .colorOverLife:
      return "the keyframed colour multiplies the particle's own colour"
    case .attractor, .simpleAttractor:
      return "integrated on a fixed grid of 1/\(ValueFormatting.number(1 / Limits.attractorGrid))"
        + " s of scene time anchored at 0 (a step is refused when particles × grid"
        + " instants would pass \(Limits.quoted(Limits.maxAttractorWork))); drag also slows"
        + " the velocity it adds; falloff is kept but not modelled"
    case .light:
      return "accepted, kept, saved and exported, but Burst does not light particles"
    }
  }
}

/// The particle values `valueOverLife` can set.
enum BehaviorTarget: String, Sendable, CaseIterable {
  case scale
  case red = "color.red"
  case green = "color.green"
  case blue = "color.blue"
  case alpha = "color.alpha"
}

/// An attractor's shape (`attractorType`).
enum AttractorKind: String, Sendable, CaseIterable {
  case radial, axial, planar
}

/// One field of a behaviour type.
package struct BehaviorField: Sendable {
  package let name: String
  package let kind: BehaviorFieldKind
  package let defaultValue: BehaviorValue
  package let unit: String
  package let summary: String

  init(
    _ name: String, _ kind: BehaviorFieldKind, _ defaultValue: BehaviorValue, unit: String,
    summary: String
  ) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.unit = unit
    self.summary = summary
  }
}

/// What a behaviour field holds.
package enum BehaviorFieldKind: Sendable, Equatable {
  case number, vector, point, bool, numbers, colors
  /// One of these words.
  case word([String])

  package var word: String {
    switch self {
    case .number: return "number"
    case .vector: return "vector x,y,z"
    case .point: return "point"
    case .bool: return "boolean"
    case .numbers: return "numbers a,b,…"
    case .colors: return "colours a,b,…"
    case .word: return "word"
    }
  }

  func parse(_ text: String, field: String) throws(ValueError) -> BehaviorValue {
    switch self {
    case .number:
      return .number(try ValueParsing.number(text, angles: true))
    case .vector:
      let xs = try ValueParsing.numbers(
        text, count: 3, what: "vector", example: "\(field)=0,40,0")
      return .vector(xs)
    case .point:
      guard case .point(let p) = try PropertyKind.point.parse(text) else { return .point(.zero) }
      return .point(p)
    case .bool:
      guard case .bool(let b) = try PropertyKind.bool.parse(text) else { return .bool(false) }
      return .bool(b)
    case .numbers:
      let pieces = ValueParsing.splitTopLevel(Substring(text)) { $0 == "," }
      var xs: [Double] = []
      for p in pieces where !p.isEmpty { xs.append(try ValueParsing.number(p, angles: false)) }
      guard xs.count <= Self.maxKeyframes else { throw Self.tooMany(field) }
      return .numbers(xs)
    case .colors:
      let pieces = ValueParsing.splitTopLevel(Substring(text)) { $0 == "," }
      var cs: [Color] = []
      for p in pieces where !p.isEmpty { cs.append(try ValueParsing.color(p)) }
      guard cs.count <= Self.maxKeyframes else { throw Self.tooMany(field) }
      return .colors(cs)
    case .word(let allowed):
      guard allowed.contains(text) else {
        throw ValueError(
          "'\(text)' is not a \(field)",
          suggestion: .nearest(to: text, in: allowed, otherwise: .oneOf(allowed)))
      }
      return .word(text)
    }
  }

  /// The most keyframes one list holds (a bound, so a value is evaluated in bounded time).
  static let maxKeyframes = 256

  static func tooMany(_ field: String) -> ValueError {
    ValueError("\(field) holds at most \(maxKeyframes) entries")
  }
}

/// A behaviour field's value.
package enum BehaviorValue: Sendable, Equatable {
  case number(Double)
  case vector([Double])
  case point(Point)
  case bool(Bool)
  case numbers([Double])
  case colors([Color])
  case word(String)

  /// The text `set` reads back.
  package var text: String {
    switch self {
    case .number(let x): return ValueFormatting.number(x)
    case .vector(let xs), .numbers(let xs):
      return xs.map(ValueFormatting.number).joined(separator: ",")
    case .point(let p): return ValueFormatting.number(p.x) + "," + ValueFormatting.number(p.y)
    case .bool(let b): return PropertyKind.boolWord(b)
    case .colors(let cs): return cs.map(ValueFormatting.color).joined(separator: ",")
    case .word(let w): return w
    }
  }
}

extension BehaviorType {
  /// Each field as `keys` and `explain` list a property.
  package var infos: [PropertyInfo] {
    fields.map { f in
      PropertyInfo(
        name: f.name, kind: .text, defaultValue: .text(f.defaultValue.text), unit: f.unit,
        summary: f.summary + " (" + f.kind.word + ")", animatable: false,
        choice: BehaviorType.provenance + ". " + choice, writable: true)
    }
  }
}

// MARK: - In the model

extension SceneModel {
  /// The behaviours of an emitter layer, in array order (none for another layer).
  package func behaviors(of id: LayerID) -> [EmitterBehavior] {
    layer(id)?.emitter.behaviors ?? []
  }

  /// The emitter layer `id`, or an error saying it is none.
  private func emitterLayer(_ id: LayerID) throws(ValueError) -> Layer {
    guard let l = layer(id) else { throw ValueError("no such layer") }
    guard l.kind == .emitter else {
      throw ValueError(
        "'\(l.name)' is not an emitter layer, so it has no emitterBehaviors",
        hint: "create one with: emitter NAME")
    }
    return l
  }

  /// The index of the behaviour `name` of layer `l`, or an error with the nearest name.
  private func behaviorIndex(_ name: String, in l: Layer) throws(ValueError) -> Int {
    let names = l.emitter.behaviors.map(\.name)
    guard let i = names.firstIndex(of: name) else {
      throw ValueError(
        "emitter layer '\(l.name)' has no behaviour '\(name)'",
        suggestion: .nearest(
          to: name, in: names,
          otherwise: .text(
            names.isEmpty
              ? "add one with: behavior \(l.name) add TYPE"
              : "behaviours: " + names.joined(separator: ", "))))
    }
    return i
  }

  /// Appends a behaviour of `type` to an emitter layer with the fields `assignments`; its name
  /// is `name`, or the type's name made unique with a number (`wave`, `wave2`). Returns the
  /// name. All or nothing: a bad field leaves the layer as it was.
  @discardableResult
  package mutating func addBehavior(
    _ type: BehaviorType, named name: String?, to id: LayerID,
    assignments: [(key: String, value: String)] = []
  ) throws(ValueError) -> String {
    let l = try emitterLayer(id)
    let taken = Set(l.emitter.behaviors.map(\.name))
    var chosen = name ?? type.rawValue
    if let name {
      try SceneModel.validateName(name, what: "behaviour")
      guard !taken.contains(name) else {
        throw ValueError(
          "a behaviour named '\(name)' already exists on '\(l.name)'",
          hint: "behaviour names are unique on their layer")
      }
    } else {
      var n = 2
      while taken.contains(chosen) {
        chosen = type.rawValue + String(n)
        n += 1
      }
    }
    var b = EmitterBehavior(type: type, name: chosen)
    for (key, value) in assignments { try b.set(key, text: value) }
    update(id) { $0.emitter.behaviors.append(b) }
    return chosen
  }

  /// Sets fields of the behaviour `name` of an emitter layer (all or nothing).
  package mutating func setBehavior(
    _ name: String, on id: LayerID, _ assignments: [(key: String, value: String)]
  ) throws(ValueError) {
    let l = try emitterLayer(id)
    let i = try behaviorIndex(name, in: l)
    var b = l.emitter.behaviors[i]
    for (key, value) in assignments { try b.set(key, text: value) }
    update(id) { $0.emitter.behaviors[i] = b }
  }

  /// Removes the behaviour `name` of an emitter layer.
  package mutating func removeBehavior(_ name: String, from id: LayerID) throws(ValueError) {
    let l = try emitterLayer(id)
    let i = try behaviorIndex(name, in: l)
    update(id) { $0.emitter.behaviors.remove(at: i) }
  }

  /// `emitterBehaviors = [...]` with behaviours the layer already has: keeps those named, in
  /// that order (none: an empty array).
  package mutating func keepBehaviors(_ names: [String], on id: LayerID) throws(ValueError) {
    let l = try emitterLayer(id)
    var kept: [EmitterBehavior] = []
    for name in names {
      let i = try behaviorIndex(name, in: l)
      guard !kept.contains(where: { $0.name == name }) else {
        throw ValueError("'\(name)' is named twice", hint: "each behaviour appears once")
      }
      kept.append(l.emitter.behaviors[i])
    }
    update(id) { $0.emitter.behaviors = kept }
  }
}
