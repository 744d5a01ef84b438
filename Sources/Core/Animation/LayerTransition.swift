/// CATransition's `type`: how the old picture of a layer gives way to the new one.
package enum TransitionType: String, Sendable, CaseIterable, AppleEnumeration {
  /// The old picture fades out while the new one fades in (a cross-dissolve).
  case fade
  /// The new picture slides in over the old one.
  case moveIn
  /// The new picture pushes the old one out.
  case push
  /// The old picture slides away, revealing the new one.
  case reveal

  package static let constantNames = ConstantNames(
    swiftType: "CATransitionType", objcPrefix: "kCATransition")
}

/// CATransition's `subtype`: the side of the layer a moving transition starts from.
package enum TransitionSubtype: String, Sendable, CaseIterable, AppleEnumeration {
  case fromLeft, fromRight, fromTop, fromBottom

  package static let constantNames = ConstantNames(
    swiftType: "CATransitionSubtype", objcPrefix: "kCATransition")

  /// The direction the new content moves in, in the layer's own axes (+x right, +y the way
  /// the layer's y grows, which is down the screen in Burst): `fromLeft` moves right. The
  /// vertical names follow Core Animation's unflipped axis, as `contentsGravity` does on iOS:
  /// `fromTop` starts at the layer's maximum y (the bottom of the screen) and moves up.
  package var direction: (x: Double, y: Double) {
    switch self {
    case .fromLeft: return (1, 0)
    case .fromRight: return (-1, 0)
    case .fromTop: return (0, -1)
    case .fromBottom: return (0, 1)
    }
  }
}

/// A CATransition added to a layer (`transition LAYER TYPE …`): the scene as it was when the
/// transition was added (the "before" picture, particles frozen at that instant), shown
/// giving way to the live rendering of the layer's subtree over `duration`.
///
/// It changes pixels only: the model and its presentation do not see it. It starts when the
/// clock next moves (`beginTime`, in the layer's local time, is set then), and is dropped
/// then if nothing in the layer's subtree changed.
package struct LayerTransition: Sendable {
  /// Core Animation's key for a transition (`kCATransition`): `cancel LAYER transition`.
  package static let key = "transition"

  package var type: TransitionType
  package var subtype: TransitionSubtype
  /// Seconds of the layer's local time (Core Animation's default 0.25).
  package var duration: Double
  /// nil: linear pacing (CAAnimation's `timingFunction` defaults to nil).
  package var timingFunction: TimingFunction?
  /// The scene when the transition was added: its model, images, clock and the particles of
  /// the layer's subtree.
  package var before: Scene
  /// When it starts, in the layer's local time; nil until the clock moves.
  package var beginTime: Double?

  package init(
    type: TransitionType, subtype: TransitionSubtype, duration: Double,
    timingFunction: TimingFunction?, before: Scene
  ) {
    self.type = type
    self.subtype = subtype
    self.duration = duration
    self.timingFunction = timingFunction
    self.before = before
  }

  /// The share of the new picture at layer time `t`, through the timing function: 0 before it
  /// starts (and while it waits for the clock), 1 once it has ended.
  package func progress(atLayerTime t: Double) -> Double {
    let raw = fraction(atLayerTime: t)
    guard let f = timingFunction, raw > 0, raw < 1 else { return raw }
    let g = f(raw)
    return g.isFinite ? g : raw
  }

  /// The fraction of its duration gone by at layer time `t` (0 while it waits, at most 1).
  package func fraction(atLayerTime t: Double) -> Double {
    guard let begin = beginTime else { return 0 }
    let d = duration.isFinite && duration > 0 ? duration : 0
    return d > 0 ? min(max((t - begin) / d, 0), 1) : 1
  }

  /// Whether it has ended by layer time `t` (and is removed, as `removedOnCompletion` does).
  package func isFinished(atLayerTime t: Double) -> Bool {
    guard let begin = beginTime else { return false }
    return t >= begin + max(duration, 0)
  }
}

extension Scene {
  /// Adds a transition of `type` to layer `id`, capturing its picture now: a copy of the scene
  /// (cheap: copy-on-write) holding only the particles of the layer's subtree. It replaces a
  /// transition already on the layer, as `add(_:forKey: kCATransition)` does.
  package mutating func addTransition(
    _ type: TransitionType, subtype: TransitionSubtype, duration: Double,
    timingFunction: TimingFunction?, to id: LayerID
  ) {
    var before = self
    let inside = Set(model.subtree(of: id))
    before.runtimes = runtimes.filter { inside.contains($0.key) }
    transitions[id] = LayerTransition(
      type: type, subtype: subtype, duration: duration, timingFunction: timingFunction,
      before: before)
  }

  /// Removes the transition on layer `id`; whether there was one.
  @discardableResult
  package mutating func cancelTransition(on id: LayerID) -> Bool {
    transitions.removeValue(forKey: id) != nil
  }

  /// Called as the clock is about to move: each transition still waiting starts now, unless
  /// nothing in its layer's subtree changed since it was added (then it is dropped and its
  /// layer is returned, in id order). Transitions of removed layers go with them.
  mutating func startTransitions() -> [LayerID] {
    var dropped: [LayerID] = []
    for id in transitions.keys.sorted() {
      guard let tr = transitions[id], tr.beginTime == nil else { continue }
      guard model.layer(id) != nil else {
        transitions[id] = nil
        continue
      }
      if model.subtreeMatches(tr.before.model, at: id) {
        transitions[id] = nil
        dropped.append(id)
      } else {
        let begin = localTime(of: id, at: now)
        transitions[id]?.beginTime = begin
      }
    }
    return dropped
  }

  /// Drops transitions that have ended, and those of removed layers.
  mutating func pruneFinishedTransitions() {
    for id in transitions.keys.sorted() {
      guard let tr = transitions[id] else { continue }
      if model.layer(id) == nil || tr.isFinished(atLayerTime: localTime(of: id, at: now)) {
        transitions[id] = nil
      }
    }
  }
}

extension SceneModel {
  /// A layer and all its descendants, parents first.
  package func subtree(of id: LayerID) -> [LayerID] {
    var out: [LayerID] = []
    var stack = [id]
    while let c = stack.popLast() {
      guard let l = layer(c) else { continue }
      out.append(c)
      stack.append(contentsOf: l.sublayers.reversed())
    }
    return out
  }

  /// Whether the subtree at `id` is the same in `other`: the same layers with the same
  /// properties, emitter properties, cells and sublayers (animations and names aside).
  func subtreeMatches(_ other: SceneModel, at id: LayerID) -> Bool {
    let mine = subtree(of: id)
    guard mine == other.subtree(of: id) else { return false }
    for c in mine {
      guard let a = layer(c), let b = other.layer(c) else { return false }
      if a.kind != b.kind || a.properties != b.properties || a.emitter != b.emitter
        || a.cells != b.cells || a.sublayers != b.sublayers
      {
        return false
      }
    }
    return true
  }
}
