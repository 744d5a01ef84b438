/// A scene: the model, the clock `now`, and each emitter layer's particle system.
///
/// Pure: nothing here reads the wall clock or does I/O. Only `advance(to:)` moves time.
public struct Scene: Sendable {
  public var model = SceneModel()
  /// Scene time (s), starting at 0.
  public private(set) var now = 0.0
  var runtimes: [LayerID: EmitterRuntime] = [:]
  /// Images loaded from files for `contents`, by the path the user wrote.
  public var images: [String: SpriteImage] = [:]

  public init() {}

  /// An empty scene at time 0.
  public mutating func reset() { self = Scene() }

  /// The image a `contents` value names, if it is available.
  public func image(_ ref: ImageRef) -> SpriteImage? {
    switch ref {
    case .none: return nil
    case .builtin(let name): return BuiltinImages.named(name)
    case .file(let path): return images[path]
    }
  }

  // MARK: - Time

  /// The timing chain of a layer, root first: (beginTime, speed, timeOffset) triples.
  func timingChain(_ id: LayerID) -> [Double] {
    var chain: [Double] = []
    var cur: LayerID? = id
    while let c = cur, let l = model.layer(c) {
      let t = l.properties.timing
      chain.insert(contentsOf: [t.beginTime, t.speed, t.timeOffset], at: 0)
      cur = l.parent
    }
    return chain
  }

  /// A layer's local time at scene time `t`: each level applies
  /// `(parent − beginTime) · speed + timeOffset`, root first.
  public func localTime(of id: LayerID, at t: Double) -> Double {
    let chain = timingChain(id)
    var x = t
    var i = 0
    while i + 2 < chain.count {
      x = (x - chain[i]) * chain[i + 1] + chain[i + 2]
      i += 3
    }
    return x
  }

  /// The grid on which animated emission is evaluated (s): births from an animated rate are
  /// integrated with the value at the start of each 1 ms cell of scene time, so the result does
  /// not depend on how time is cut into steps (counts agree within ±1 of the exact integral).
  public static let animationGrid = 0.001

  /// Advances the clock to `t` (no earlier than `now`), moving every emitter's particles.
  /// Scheduled commands are the Shell's business: it calls this up to each one's time.
  @discardableResult
  public mutating func advance(to t: Double) -> StepReport {
    var report = StepReport()
    guard t > now, t.isFinite else { return report }
    if hasAnimations && emissionAnimationRuns(from: now, to: t) {
      // Whole grid cells of scene time, each evaluated at its start.
      var grid = Scene.animationGrid
      let cells = (t - now) / grid
      // At most 100,000 cells a call (100 s of scene time at 1 ms), so no step hangs.
      if cells > 1e5 {
        grid = (t - now) / 1e5
        report.coarseAnimation = true
      }
      while now < t {
        let start = (now / grid).rounded(.down) * grid
        var end = min(t, start + grid)
        if end <= now { end = min(t, now.nextUp + grid) }
        let presented = presentedModel(at: start)
        advanceEmitters(to: end, using: presented, report: &report)
      }
    } else {
      advanceEmitters(to: t, using: presentedModel(at: now), report: &report)
    }
    pruneFinishedAnimations()
    return report
  }

  /// Moves every emitter to scene time `t` with the properties of `presented` (the model, or
  /// the model with animations applied), then sets `now`.
  mutating func advanceEmitters(to t: Double, using presented: SceneModel, report: inout StepReport)
  {
    let cap = presented.root.settings.maxParticles
    var live = 0
    for r in runtimes.values { live += r.liveCount }
    for id in presented.treeOrder {
      guard let layer = presented.layer(id), layer.kind == .emitter else { continue }
      let compiled = CompiledCell.compile(layer.cells, emitter: layer.emitter)
      syncRuntime(id, layer: layer, compiled: compiled)
      let local1 = max(0, localTime(of: id, at: t))
      // This emitter may fill what the other emitters leave; its own survivors are
      // subtracted inside the step, after its deaths.
      let before = runtimes[id]?.liveCount ?? 0
      var room = max(0, cap - (live - before))
      // Mutated in place: a copy would duplicate every particle array (copy-on-write).
      runtimes[id, default: EmitterRuntime()].advance(
        toLocal: local1, layer: layer, compiled: compiled, room: &room, report: &report)
      live += (runtimes[id]?.liveCount ?? 0) - before
    }
    now = t
  }

  /// Brings an emitter's runtime in line with the model (or the presented `layer`) at `now`,
  /// creating it if needed.
  mutating func syncRuntime(
    _ id: LayerID, layer presented: Layer? = nil, compiled given: [CompiledCell]? = nil
  ) {
    guard let layer = presented ?? model.layer(id) else { return }
    let compiled = given ?? CompiledCell.compile(layer.cells, emitter: layer.emitter)
    let chain = timingChain(id)
    let local = localTime(of: id, at: now)
    runtimes[id, default: EmitterRuntime(seed: layer.emitter.seed)].sync(
      layer: layer, compiled: compiled, chain: chain, local: local)
  }

  /// Drops runtimes of removed layers and particles of removed cells at once, so a removed
  /// object takes its particles with it.
  public mutating func pruneRuntimes() {
    for id in runtimes.keys.sorted() {
      guard let l = model.layer(id), l.kind == .emitter else {
        runtimes[id] = nil
        continue
      }
      syncRuntime(id)
    }
  }
}
