/// The presentation layer: the model with the active animations applied, as a pure function of
/// (model, animations, time) (docs/semantics.md, "Animations").
extension Scene {
  /// Whether any layer has an animation attached.
  var hasAnimations: Bool {
    model.layers.contains { $0?.animations.isEmpty == false }
  }

  /// The model as it is presented at scene time `t`: every animated property replaced by its
  /// animations' value, applied in the order they were added (additive ones add to it). A path
  /// animation with a `rotationMode` then adds its tangent angle to the presented
  /// `transform.rotation`, after all of the layer's animations (so it turns the model's or the
  /// animated rotation further, as iOS applies it to the layer's transform while it runs).
  package func presentedModel(at t: Double) -> SceneModel {
    guard hasAnimations else { return model }
    var m = model
    for id in model.treeOrder {
      guard let l = model.layer(id), !l.animations.isEmpty else { continue }
      let lt = localTime(of: id, at: t)
      // A group's children apply in its place, at the group's local time.
      let applying = l.animations.flatMap { $0.applying(atLayerTime: lt) }
      defer {
        let turn = applying.compactMap { $0.animation.pathRotation(atLayerTime: $0.time) }
        if !turn.isEmpty {
          m.update(id) { $0.properties.transform.rotation += turn.reduce(0, +) }
        }
      }
      for (a, at) in applying {
        let target = PropertyRef(
          object: a.cellPath.isEmpty ? .layer(id) : .cell(id, a.cellPath), name: a.property)
        guard let whole = m.value(target) else { continue }
        let underlying: [Double]?
        if let f = a.field {
          underlying = whole.field(f).map { [$0] }
        } else {
          underlying = whole.components
        }
        guard let u = underlying, let v = a.value(atLayerTime: at, underlying: u) else {
          continue
        }
        let updated: PropertyValue?
        if let f = a.field {
          updated = v.first.flatMap { whole.setting(field: f, to: $0) }
        } else {
          updated = whole.withComponents(v)
        }
        if let updated { m.apply(updated, to: target) }
      }
    }
    return m
  }

  /// The presentation value of a property now (the model value when nothing animates it).
  package func presentationValue(_ ref: PropertyRef) -> PropertyValue? {
    presentedModel(at: now).value(ref)
  }

  /// Removes the animations that have ended and are not kept (removedOnCompletion).
  mutating func pruneFinishedAnimations() {
    for id in model.treeOrder {
      guard let l = model.layer(id), !l.animations.isEmpty else { continue }
      let lt = localTime(of: id, at: now)
      if l.animations.contains(where: { $0.isRemoved(atLayerTime: lt) }) {
        model.update(id) { $0.animations.removeAll { $0.isRemoved(atLayerTime: lt) } }
      }
    }
  }

  /// CAEmitterLayer's own property names (animating one changes what is emitted).
  static let emitterKeys = Set(Layer.emitterDescriptors.map(\.name))

  /// Properties (of a cell or an emitter layer) whose animation changes how many particles are
  /// born or how long they live, as their tables declare (`changesCounts`). Animating any other
  /// emission property changes only the values particles are born with.
  static let countKeys = Set(
    (EmitterCell.descriptors.map(\.info) + Layer.emitterDescriptors.map(\.info))
      .filter(\.changesCounts).map(\.name))

  /// Whether a (non-group) animation changes what an emitter emits: it animates a cell or an
  /// emitter layer's own property; with `countsOnly`, one of `countKeys`.
  static func changesEmission(_ a: LayerAnimation, _ countsOnly: Bool) -> Bool {
    guard !a.cellPath.isEmpty || emitterKeys.contains(a.property) else { return false }
    return !countsOnly || countKeys.contains(a.property)
  }

  /// Whether an animation that changes what an emitter emits runs at some time in [t0, t1]:
  /// then births are integrated on a fixed grid instead of with constant rates. With
  /// `countsOnly`, only animations of `countKeys` count.
  func emissionAnimationRuns(from t0: Double, to t1: Double, countsOnly: Bool = false) -> Bool {
    for id in model.treeOrder {
      guard let l = model.layer(id), l.kind == .emitter, !l.animations.isEmpty else { continue }
      let a0 = localTime(of: id, at: t0)
      let a1 = localTime(of: id, at: t1)
      for a in l.animations where a.contains(where: { Scene.changesEmission($0, countsOnly) }) {
        // A spring at rest for good changes nothing any more.
        if let rest = a.restsAt, min(a0, a1) >= rest { continue }
        let clock = a.clock
        if case .after = clock.phase(at: max(a0, a1)) {
          if case .after = clock.phase(at: min(a0, a1)) { continue }
        }
        if case .before = clock.phase(at: max(a0, a1)) { continue }
        return true
      }
    }
    return false
  }
}

extension SceneModel {
  /// Adds a child to the group with key `group` on a layer (`animate … in KEY`); its
  /// `beginTime` counts from the group's start. Returns whether there is such a group.
  @discardableResult
  package mutating func addChild(_ a: LayerAnimation, toGroup group: String, on id: LayerID)
    -> Bool
  {
    guard let i = layer(id)?.animations.firstIndex(where: { $0.isGroup && $0.key == group })
    else { return false }
    update(id) { l in
      if case .group(let list) = l.animations[i].spec { l.animations[i].spec = .group(list + [a]) }
    }
    return true
  }

  /// Adds an animation to a layer; one with the same key replaces the old one.
  package mutating func addAnimation(_ a: LayerAnimation, to id: LayerID) {
    update(id) { l in
      if let k = a.key { l.animations.removeAll { $0.key == k } }
      l.animations.append(a)
    }
  }

  /// Removes a layer's animations (those with `key`, or all); returns how many.
  @discardableResult
  package mutating func cancelAnimations(on id: LayerID, key: String?) -> Int {
    var n = 0
    update(id) { l in
      let before = l.animations.count
      l.animations.removeAll { key == nil || $0.key == key }
      n = before - l.animations.count
    }
    return n
  }
}

extension Scene {
  /// The animations on `ref`'s layer that animate it: its property, a field of it, or the whole
  /// property it is a field of (for a group, when one of its children does, at any depth).
  package func animations(affecting ref: PropertyRef) -> [LayerAnimation] {
    let path: [CellID]
    switch ref.object {
    case .layer: path = []
    case .cell(_, let ids): path = ids
    }
    return (model.layer(ref.object.layerID)?.animations ?? []).filter { a in
      a.contains { c in
        c.cellPath == path && c.property == ref.name
          && (c.field == nil || ref.field == nil || c.field == ref.field)
      }
    }
  }

  /// The span of scene time in which an animation of layer `id` is active (a group's own
  /// window, which its children never run past), open-ended for one that never ends; nil when
  /// the layer's clock or the animation's stands still, so that it is active always or never.
  package func activeWindow(of a: LayerAnimation, on id: LayerID) -> ClosedRange<Double>? {
    // The layer's time is affine in scene time: local = α·t + β.
    let beta = localTime(of: id, at: 0)
    let alpha = localTime(of: id, at: 1) - beta
    let clock = a.clock
    let speed = clock.timing.speed
    guard alpha != 0, alpha.isFinite, beta.isFinite, speed != 0 else { return nil }
    // Active for parent times from beginTime to beginTime + AD / speed (either way round).
    let begin = clock.timing.beginTime
    let end = begin + clock.activeDuration / speed
    let ends = [(begin - beta) / alpha, (end - beta) / alpha]
    let low = ends.min() ?? 0
    let high = ends.max() ?? 0
    guard !low.isNaN, !high.isNaN else { return nil }
    return low...high
  }
}
