/// A scene: the model, the clock `now`, and each emitter layer's particle system.
///
/// Pure: nothing here reads the wall clock or does I/O. Only `advance(to:)` moves time.
package struct Scene: Sendable {
  package var model = SceneModel()
  /// Scene time (s), starting at 0.
  package private(set) var now = 0.0
  var runtimes: [LayerID: EmitterRuntime] = [:]
  /// Images loaded from files for `contents`, by the path the user wrote.
  package var images: [String: SpriteImage] = [:]
  /// The font faces text layers draw with, loaded by the program (Core reads no files); with
  /// none, Burst's built-in bitmap face.
  package var fonts = FontBook()
  /// Each layer's CATransition (`transition`), by layer: pixels only, not the model.
  package var transitions: [LayerID: LayerTransition] = [:]

  /// Advances to `t` while an animation changes emission: a closed-form jump over the births
  /// that cannot matter (see `emissionPlan`), then the grid, polling `stop` every 64 cells.
  mutating func advanceAnimated(to t: Double, report: inout StepReport, stop: () -> Bool) {
    let plan = emissionPlan(to: t)
    if let jump = plan.jumpTo {
      // Births before `jump` are all gone by `t`, descendants included, and their number does
      // not depend on the animations: one closed-form step takes them.
      advanceEmitters(to: jump, using: presentedModel(at: now), report: &report)
    }
    // Whole grid cells of scene time, each evaluated at its start.
    let grid = Scene.animationGrid
    var polled = 0
    while now < t {
      let start = (now / grid).rounded(.down) * grid
      var end = min(t, start + grid)
      if end <= now { end = min(t, now.nextUp + grid) }
      let presented = presentedModel(at: start)
      advanceEmitters(to: end, using: presented, report: &report, stop: stop)
      if report.stoppedAt != nil { break }
      polled += 1
      if now < t && polled % 64 == 0 && stop() {
        report.stoppedAt = now
        break
      }
    }
  }

  /// About how many births one piece of a step may draw before `stop` is polled again (a
  /// tuning knob, not part of the scene: it changes when Ctrl-C is noticed, never the result).
  package var birthsPerPiece = 250_000.0

  /// Who draws long runs of births (`ParallelBirths`): the calling thread alone unless the
  /// program supplies more. Like `birthsPerPiece`, a knob that never changes the result.
  package var workers = Workers.serial

  package init() {}

  /// An empty scene at time 0 (the tuning knobs are kept).
  package mutating func reset() {
    let (pieces, kept, faces) = (birthsPerPiece, workers, fonts)
    self = Scene()
    birthsPerPiece = pieces
    workers = kept
    fonts = faces
  }

  /// The image a `contents` value names, if it is available.
  package func image(_ ref: ImageRef) -> SpriteImage? {
    switch ref {
    case .none: return nil
    case .builtin(let name): return BuiltinImages.named(name)
    case .file(let path): return images[path]
    case .drawn(let d): return d.image
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

  /// Layer seconds per scene second: the product of the speeds from the root down to `id`.
  func speedProduct(of id: LayerID) -> Double {
    let chain = timingChain(id)
    var product = 1.0
    for i in Swift.stride(from: 1, to: chain.count, by: 3) { product *= chain[i] }
    return product
  }

  /// A layer's local time at scene time `t`: each level applies
  /// `(parent − beginTime) · speed + timeOffset`, root first.
  package func localTime(of id: LayerID, at t: Double) -> Double {
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
  /// integrated with the value at the start of each 1 ms cell of scene time, and particles take
  /// the animated values of the cell they are born in. The grid is anchored at scene time 0, so
  /// the result does not depend on how time is cut into steps.
  package static let animationGrid = 0.001

  /// How a step to `t` with animated emission is done: where a closed-form step may take it
  /// first (`jumpTo`), and how many grid cells remain after that.
  ///
  /// When no animation changes birth counts or lifetimes (`countKeys`) and the step cannot
  /// reach the particle cap, births earlier than the longest lifetime chain before `t` are
  /// gone by `t` with all their descendants: their values do not matter, only their number,
  /// which the animation does not change. Those are stepped in closed form; the rest on the
  /// grid.
  mutating func emissionPlan(from a: Double? = nil, to t: Double) -> (
    jumpTo: Double?, gridCells: Double
  ) {
    let grid = Scene.animationGrid
    let start = a ?? now
    var from = start
    var jump: Double? = nil
    if !emissionAnimationRuns(from: start, to: t, countsOnly: true) {
      var horizon = 0.0
      let presented = presentedModel(at: start)
      for id in presented.treeOrder {
        guard let layer = presented.layer(id), layer.kind == .emitter else { continue }
        let compiled = CompiledCell.compile(
          layer.cells, emitter: layer.emitter, readings: model.root.settings.readings)
        let slope = abs(speedProduct(of: id))
        for c in compiled where c.parent == nil {
          // A lifetime in the emitter's clock lasts 1/slope of scene time.
          horizon = max(horizon, c.treeLifetime / max(slope, 1e-300))
        }
      }
      let target = ((t - horizon) / grid).rounded(.down) * grid - grid
      if target > start + grid {
        // Only a plan for the step at hand can look at the particles; a later stretch of the
        // same step is assumed to allow the jump (an estimate, for the Shell's bound).
        var allowed = true
        if a == nil {
          var probe = StepReport()
          let (parts, _) = emitterParts(to: target, using: presented, report: &probe)
          allowed = !mayReachCap(parts, cap: presented.root.settings.maxParticles)
        }
        if allowed {
          jump = target
          from = target
        }
      }
    }
    return (jump, ((t - from) / grid).rounded(.up))
  }

  /// The stretches of a step to `t` between the moments an animation that changes emission
  /// starts or ends, each with whether such an animation runs in it. Outside them emission is
  /// constant and is stepped in closed form; inside them it is sampled on the grid.
  func emissionIntervals(to t: Double) -> [(end: Double, animated: Bool)] {
    var cuts: [Double] = []
    for id in model.treeOrder {
      guard let l = model.layer(id), l.kind == .emitter, !l.animations.isEmpty else { continue }
      // The layer's local time is linear in scene time: L(x) = l0 + rate·x.
      let l0 = localTime(of: id, at: 0)
      let rate = localTime(of: id, at: 1) - l0
      guard rate != 0, rate.isFinite else { continue }
      // A group counts for its whole window when one of its children changes emission.
      for a in l.animations where a.contains(where: { Scene.changesEmission($0, false) }) {
        let clock = a.clock
        let speed = a.timing.speed
        guard speed != 0, speed.isFinite else { continue }
        // Active from beginTime for activeDuration of the animation's own time.
        let begin = a.timing.beginTime
        let end = begin + clock.activeDuration / abs(speed)
        for edge in [begin, end, a.restsAt ?? .infinity] where edge.isFinite {
          let x = (edge - l0) / rate
          if x > now && x < t { cuts.append(x) }
        }
      }
    }
    cuts.sort()
    var out: [(end: Double, animated: Bool)] = []
    var a = now
    for b in cuts + [t] where b > a {
      let mid = a + (b - a) / 2
      out.append((b, emissionAnimationRuns(from: mid, to: mid)))
      a = b
    }
    return out
  }

  /// How many 1 ms grid cells a step to `t` would evaluate one by one (0 when no animation
  /// changes emission). Steps over `Limits.maxEmissionGridCells` are refused by the Shell
  /// before they start.
  package mutating func emissionGridCells(to t: Double) -> Double {
    guard t > now, t.isFinite, hasAnimations, emissionAnimationRuns(from: now, to: t) else {
      return 0
    }
    var cells = 0.0
    var a = now
    for (b, animated) in emissionIntervals(to: t) {
      if animated { cells += emissionPlan(from: a == now ? nil : a, to: b).gridCells }
      a = b
    }
    return cells
  }

  /// Advances the clock to `t` (no earlier than `now`), moving every emitter's particles.
  /// Scheduled commands are the Shell's business: it calls this up to each one's time.
  ///
  /// `stop` is polled between pieces of work (grid cells, batches of births at the cap); when
  /// it returns true the clock stops at the last time fully reached, and the state is exactly
  /// that of a step to that time (`report.stoppedAt` says which).
  ///
  /// While an emitter has an attractor behaviour the step is cut at the instants of
  /// `Limits.attractorGrid` (scene time, anchored at 0), and the attractors act at each
  /// (`kickAttractors`); how the step is otherwise cut changes nothing.
  @discardableResult
  package mutating func advance(to t: Double, stop: () -> Bool = { false }) -> StepReport {
    guard t > now, t.isFinite, hasAttractors else { return advanceBetweenKicks(to: t, stop: stop) }
    var report = StepReport()
    var instants = 0
    while now < t {
      let g = Scene.nextAttractorInstant(after: now)
      let end = min(t, g)
      let part = advanceBetweenKicks(to: end, stop: stop)
      report.dropped += part.dropped
      report.rateCapped = report.rateCapped || part.rateCapped
      report.droppedTransitions += part.droppedTransitions
      report.work.draws += part.work.draws
      report.work.capTurns += part.work.capTurns
      report.work.scanned += part.work.scanned
      report.work.pieces += part.work.pieces
      if let stopped = part.stoppedAt {
        report.stoppedAt = stopped
        break
      }
      if now == g { kickAttractors() }
      instants += 1
      if now < t && instants % 256 == 0 && stop() {
        report.stoppedAt = now
        break
      }
    }
    return report
  }

  /// The first instant of the attractor grid after `x`: k × `Limits.attractorGrid` for a whole
  /// k, computed from k alone so that every step meets the same instants.
  static func nextAttractorInstant(after x: Double) -> Double {
    let h = Limits.attractorGrid
    var k = (x / h).rounded(.down) + 1
    while k * h <= x { k += 1 }
    return k * h
  }

  /// Whether an emitter of the model has an enabled attractor that pulls.
  var hasAttractors: Bool {
    model.treeOrder.contains { id in
      guard let l = model.layer(id), l.kind == .emitter, !l.emitter.behaviors.isEmpty else {
        return false
      }
      return !CompiledBehaviors(l.emitter.behaviors).attractors.isEmpty
    }
  }

  /// The attractors act at one grid instant: each emitter with attractors updates the
  /// corrections of its live particles at its clock; one without drops any it had.
  mutating func kickAttractors() {
    for id in model.treeOrder {
      guard let l = model.layer(id), l.kind == .emitter, var rt = runtimes[id] else { continue }
      let b = CompiledBehaviors(l.emitter.behaviors)
      runtimes[id] = nil  // so the stores are not copied as the tables are rebuilt
      for c in rt.cells.indices {
        if b.attractors.isEmpty {
          rt.cells[c].attracted = [:]
        } else {
          rt.cells[c].attracted = b.kick(rt.cells[c].store, rt.cells[c].attracted, at: rt.simTime)
        }
      }
      runtimes[id] = rt
    }
  }

  /// About how many particle updates the attractors would make in a step to `t`: the grid
  /// instants it crosses times the particles that may be alive (those alive now plus the
  /// births due, up to the cap), at least 1 each. 0 without attractors. A step above
  /// `Limits.maxAttractorWork` is refused before it starts (see the Shell).
  package func attractorWork(to t: Double) -> Double {
    guard t > now, t.isFinite, hasAttractors else { return 0 }
    let h = Limits.attractorGrid
    let instants = (t / h).rounded(.down) - (now / h).rounded(.down)
    let live = Double(runtimes.values.reduce(0) { $0 + $1.liveCount })
    let (rate, horizon) = emission(of: model)
    let births = rate * min(t - now, horizon)
    let particles = min(live + births, Double(model.root.settings.maxParticles))
    return max(0, instants) * max(1, particles)
  }

  /// `advance` between two attractor instants (or without attractors).
  mutating func advanceBetweenKicks(to t: Double, stop: () -> Bool) -> StepReport {
    var report = StepReport()
    guard t > now, t.isFinite else { return report }
    if !transitions.isEmpty { report.droppedTransitions = startTransitions() }
    if hasAnimations && emissionAnimationRuns(from: now, to: t) {
      for (end, animated) in emissionIntervals(to: t) {
        if animated {
          advanceAnimated(to: end, report: &report, stop: stop)
        } else {
          // No animation changes emission here: the closed form, as without animations.
          advanceInPieces(to: end, using: presentedModel(at: now), report: &report, stop: stop)
        }
        if report.stoppedAt != nil { break }
      }
    } else {
      advanceInPieces(to: t, using: presentedModel(at: now), report: &report, stop: stop)
    }
    pruneFinishedAnimations()
    pruneFinishedTransitions()
    return report
  }

  /// Advances to `t` with constant emission, in pieces: the state at `t` does not depend on
  /// how time is cut, so pieces change only what the step costs and how soon `stop` is
  /// noticed. While the step cannot reach the particle cap, it goes as `advanceUncapped` says.
  /// When it can, the stretch up to the last moment the cap cannot be reached (found by
  /// halving) goes that way too, its births drawn in bulk, and the rest by the event-ordered
  /// step of CappedStep.swift, in pieces of about `birthsPerPiece` of its events (`capWork`).
  /// So a step costs what its events cost (births kept, deaths), never the seconds it spans:
  /// while the scene is full and nothing dies, its births are dropped as one batch.
  mutating func advanceInPieces(
    to t: Double, using presented: SceneModel, report: inout StepReport, stop: () -> Bool
  ) {
    let cap = presented.root.settings.maxParticles
    while now < t {
      var probe = StepReport()
      let (parts, _) = emitterParts(to: t, using: presented, report: &probe)
      guard mayReachCap(parts, cap: cap) else {
        advanceUncapped(to: t, using: presented, report: &report, stop: stop)
        return
      }
      if let fill = lastUncapped(before: t, using: presented, cap: cap) {
        advanceUncapped(to: fill, using: presented, report: &report, stop: stop)
        if report.stoppedAt != nil { return }
        continue
      }
      let work = capWork(parts, cap: cap)
      let start = now
      let pieces = Int(min(1e6, max(1, (work / birthsPerPiece).rounded(.up))))
      for i in 1...pieces {
        if i > 1 && stop() {
          report.stoppedAt = now
          return
        }
        let end = i == pieces ? t : start + (t - start) * Double(i) / Double(pieces)
        guard end > now else { continue }
        advanceEmitters(to: end, using: presented, report: &report, stop: stop)
        if report.stoppedAt != nil { return }
      }
      return
    }
  }

  /// Top-level births per scene second of every emitter in `presented`, and the longest
  /// lifetime chain of its emitting cells in scene seconds.
  func emission(of presented: SceneModel) -> (rate: Double, horizon: Double) {
    var horizon = 0.0
    var rate = 0.0
    for id in presented.treeOrder {
      guard let layer = presented.layer(id), layer.kind == .emitter else { continue }
      let slope = abs(speedProduct(of: id))
      guard slope > 0, slope.isFinite else { continue }
      for c in CompiledCell.compile(
        layer.cells, emitter: layer.emitter, readings: model.root.settings.readings)
      where c.parent == nil && c.emission.rate > 0 {
        rate += c.emission.rate * slope
        horizon = max(horizon, c.treeLifetime / slope)
      }
    }
    return (rate, horizon)
  }

  /// The fewest births a stretch below the cap must hold to be drawn in bulk before the rest
  /// of a step goes to the event-ordered step (a tuning knob: it never changes the result).
  static let bulkFillBirths = 4096.0

  /// The last moment before `t` that a step from now cannot reach the cap, when the births up to
  /// it are worth drawing in bulk (`bulkFillBirths`); nil otherwise. Whether a step may reach
  /// the cap only grows with its end, so halving finds it, to within a birth.
  mutating func lastUncapped(before t: Double, using presented: SceneModel, cap: Int) -> Double? {
    let rate = emission(of: presented).rate
    guard rate * (t - now) >= Self.bulkFillBirths,
      runtimes.values.reduce(0, { $0 + $1.liveCount }) < cap
    else { return nil }
    var lo = now
    var hi = t
    for _ in 0..<80 {
      let mid = lo + (hi - lo) / 2
      guard mid > lo, mid < hi, rate * (hi - lo) >= 0.5 else { break }
      var probe = StepReport()
      let (parts, _) = emitterParts(to: mid, using: presented, report: &probe)
      if mayReachCap(parts, cap: cap) { hi = mid } else { lo = mid }
    }
    return rate * (lo - now) >= Self.bulkFillBirths ? lo : nil
  }

  /// Advances to `t` where the step cannot reach the cap, cutting the stretch where births are
  /// drawn into pieces of about `birthsPerPiece` births and polling `stop` between them. Births
  /// earlier than the longest lifetime chain before `t` are not drawn at all, so that stretch is
  /// taken in one piece.
  mutating func advanceUncapped(
    to t: Double, using presented: SceneModel, report: inout StepReport, stop: () -> Bool
  ) {
    let (rate, horizon) = emission(of: presented)
    let window = min(t - now, horizon)
    let births = rate * window
    guard births > birthsPerPiece, window > 0 else {
      advanceEmitters(to: t, using: presented, report: &report, stop: stop)
      return
    }
    let start = t - window
    if start > now {
      advanceEmitters(to: start, using: presented, report: &report, stop: stop)
      if report.stoppedAt != nil { return }
    }
    let pieces = Int(min(1e6, (births / birthsPerPiece).rounded(.up)))
    for i in 1...pieces {
      if stop() {
        report.stoppedAt = now
        return
      }
      let end = i == pieces ? t : start + window * Double(i) / Double(pieces)
      guard end > now else { continue }
      // Each piece makes room for the births of the pieces after it, so the stores grow once.
      advanceEmitters(to: end, using: presented, report: &report, stop: stop, roomUntil: t)
      if report.stoppedAt != nil { return }
    }
  }

  /// Moves every emitter to scene time `t` with the properties of `presented` (the model, or
  /// the model with animations applied), then sets `now` (to `t`, or where `stop` ended it).
  /// With `roomUntil`, the stores also make room for the births due by that later time (a step
  /// cut into pieces), up to the particle cap.
  mutating func advanceEmitters(
    to t: Double, using presented: SceneModel, report: inout StepReport,
    stop: () -> Bool = { false }, roomUntil: Double? = nil
  ) {
    let cap = presented.root.settings.maxParticles
    let (parts, locals) = emitterParts(to: t, using: presented, report: &report)
    report.work.pieces += 1
    if mayReachCap(parts, cap: cap) {
      let stoppedAt = cappedAdvance(parts, cap: cap, report: &report, stop: stop)
      for part in parts {
        let local = max(0, localTime(of: part.id, at: stoppedAt ?? t))
        runtimes[part.id]?.lastLocal = local
      }
      if let stoppedAt {
        report.stoppedAt = stoppedAt
        now = stoppedAt
        return
      }
    } else {
      // Nothing can be dropped: each emitter steps on its own.
      for (part, local1) in zip(parts, locals) {
        let roomLocal = roomUntil.map { max(0, localTime(of: part.id, at: $0)) }
        let drawn = runtimes[part.id]?.draws ?? 0
        runtimes[part.id, default: EmitterRuntime()].advance(
          toLocal: local1, layer: part.layer, compiled: part.compiled, roomUntil: roomLocal,
          roomLimit: cap, workers: workers)
        report.work.draws += (runtimes[part.id]?.draws ?? 0) - drawn
      }
    }
    now = t
  }

  /// Each emitter's part of a step to `t` (its runtime brought in line with `presented`
  /// first), and its effective local time at `t`.
  mutating func emitterParts(
    to t: Double, using presented: SceneModel, report: inout StepReport
  ) -> ([CappedEmitter], [Double]) {
    var parts: [CappedEmitter] = []
    var locals: [Double] = []
    for id in presented.treeOrder {
      guard let layer = presented.layer(id), layer.kind == .emitter else { continue }
      let compiled = CompiledCell.compile(
        layer.cells, emitter: layer.emitter, readings: model.root.settings.readings)
      syncRuntime(id, layer: layer, compiled: compiled)
      for c in compiled
      where c.cell.birthRate * layer.emitter.birthRate * c.cell.timing.speed > Limits.maxBirthRate {
        report.rateCapped = true
      }
      let rt = runtimes[id] ?? EmitterRuntime()
      let local1 = max(0, localTime(of: id, at: t))
      locals.append(local1)
      let s1 = EmitterRuntime.clock(simTime: rt.simTime, lastLocal: rt.lastLocal, local: local1)
      let dt = s1 - rt.simTime
      // Emitter seconds per scene second.
      var slope = speedProduct(of: id)
      if !(slope > 0 && slope.isFinite) { slope = dt / max(t - now, .leastNonzeroMagnitude) }
      parts.append(
        CappedEmitter(
          id: id, layer: layer, compiled: compiled, s0: rt.simTime, s1: s1, t1: t,
          slope: slope))
    }
    return (parts, locals)
  }

  /// About how many births a step to `t` would have to decide one by one at the particle cap
  /// (0 when the step cannot reach the cap): `capWork`, the same count that cuts the step into
  /// pieces. Long steps at the cap are refused above `Limits.maxCapDecisions` before any work
  /// (see the Shell).
  package mutating func capDecisions(to t: Double) -> Double {
    guard t > now, t.isFinite else { return 0 }
    var report = StepReport()
    let presented = presentedModel(at: now)
    let cap = presented.root.settings.maxParticles
    let (parts, _) = emitterParts(to: t, using: presented, report: &report)
    guard mayReachCap(parts, cap: cap) else { return 0 }
    return capWork(parts, cap: cap)
  }

  /// Brings an emitter's runtime in line with the model (or the presented `layer`) at `now`,
  /// creating it if needed.
  mutating func syncRuntime(
    _ id: LayerID, layer presented: Layer? = nil, compiled given: [CompiledCell]? = nil
  ) {
    guard let layer = presented ?? model.layer(id) else { return }
    let compiled =
      given
      ?? CompiledCell.compile(
        layer.cells, emitter: layer.emitter, readings: model.root.settings.readings)
    let chain = timingChain(id)
    let local = localTime(of: id, at: now)
    runtimes[id, default: EmitterRuntime(seed: layer.emitter.seed)].sync(
      layer: layer, compiled: compiled, chain: chain, local: local,
      futureParticles: model.root.settings.futureParticles, sceneTime: now)
  }

  /// The emitters that started emitting in the way that makes iOS 7+ back-fill "future
  /// particles" (a birthRate raised from 0, or a cell added, on a layer whose beginTime was
  /// never set and whose time has run on), with the scene time they did, in tree order: those
  /// seen by a step so far, and those the next step would see. Reported whether or not
  /// `scene.futureParticles` models it.
  package func futureParticleStarts() -> [(layer: LayerID, at: Double)] {
    var probe = self
    var out: [(layer: LayerID, at: Double)] = []
    for id in model.treeOrder where model.layer(id)?.kind == .emitter {
      probe.syncRuntime(id)
      if let t = probe.runtimes[id]?.futureRaisedAt { out.append((id, t)) }
    }
    return out
  }

  /// Drops runtimes of removed layers and particles of removed cells at once, so a removed
  /// object takes its particles with it.
  package mutating func pruneRuntimes() {
    for id in runtimes.keys.sorted() {
      guard let l = model.layer(id), l.kind == .emitter else {
        runtimes[id] = nil
        continue
      }
      syncRuntime(id)
    }
  }
}
