/// A scene: the model, the clock `now`, and each emitter layer's particle system.
///
/// Pure: nothing here reads the wall clock or does I/O. Only `advance(to:)` moves time.
public struct Scene: Sendable {
  public var model = SceneModel()
  /// Scene time (s), starting at 0.
  public private(set) var now = 0.0
  var runtimes: [LayerID: EmitterRuntime] = [:]

  public init() {}

  /// An empty scene at time 0.
  public mutating func reset() { self = Scene() }

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

  /// Advances the clock to `t` (no earlier than `now`), moving every emitter's particles.
  /// Scheduled commands are the Shell's business: it calls this up to each one's time.
  @discardableResult
  public mutating func advance(to t: Double) -> StepReport {
    var report = StepReport()
    guard t > now, t.isFinite else { return report }
    let cap = model.root.settings.maxParticles
    var live = 0
    for r in runtimes.values { live += r.cells.reduce(0) { $0 + $1.store.count } }
    for id in model.treeOrder {
      guard let layer = model.layer(id), layer.kind == .emitter else { continue }
      var rt = syncedRuntime(id)
      let compiled = CompiledCell.compile(layer.cells, emitter: layer.emitter)
      let local1 = max(0, localTime(of: id, at: t))
      let dt = max(0, local1 - rt.lastLocal)
      rt.lastLocal = local1
      // This emitter may fill what the other emitters leave; its own survivors are
      // subtracted inside the step, after its deaths.
      let before = rt.liveCount
      var room = max(0, cap - (live - before))
      rt.advance(
        to: rt.simTime + dt, layer: layer, compiled: compiled, room: &room, report: &report)
      live += rt.liveCount - before
      runtimes[id] = rt
    }
    now = t
    return report
  }

  /// The runtime of an emitter brought in line with the model at `now`.
  mutating func syncedRuntime(_ id: LayerID) -> EmitterRuntime {
    guard let layer = model.layer(id) else { return EmitterRuntime() }
    var rt =
      runtimes[id]
      ?? {
        var r = EmitterRuntime()
        r.seed = layer.emitter.seed
        return r
      }()
    let compiled = CompiledCell.compile(layer.cells, emitter: layer.emitter)
    rt.sync(
      layer: layer, compiled: compiled, chain: timingChain(id),
      local: localTime(of: id, at: now))
    return rt
  }

  /// Drops runtimes of removed layers and particles of removed cells at once, so a removed
  /// object takes its particles with it.
  public mutating func pruneRuntimes() {
    for id in runtimes.keys.sorted() {
      guard let l = model.layer(id), l.kind == .emitter else {
        runtimes[id] = nil
        continue
      }
      runtimes[id] = syncedRuntime(id)
    }
  }
}
