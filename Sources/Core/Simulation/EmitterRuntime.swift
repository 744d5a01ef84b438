/// Per-cell simulation state of one emitter layer.
struct CellRuntime: Sendable {
  let id: CellID
  var store: ParticleStore
  /// This cell's own emission (top-level cells; in the emitter's clock).
  var segment: EmissionSegment
  /// The emission integral at `segment.start`.
  var acc0 = 0.0
  /// Births so far (also the stream counter of top-level particles).
  var emitted = 0
  /// The key base of this cell's top-level stream.
  var base: UInt64
  /// The cell name `base` was keyed with: renaming the cell re-keys its later births.
  var keyedName: String?
  /// Sub-cell ids in slot order and their emission segments (in parent age).
  var subIDs: [CellID] = []
  var subSegments: [EmissionSegment] = []
  /// Births that lived: drawn with a lifetime > 0 (dropped births included).
  var born = 0
  /// Births whose drawn lifetime was ≤ 0: never drawn, never stored, never emitting.
  var stillborn = 0
  /// Births skipped by a very long step in a cell whose lifetimes can fall either side of 0,
  /// too many to sort into `born` and `stillborn` (see `Limits.maxStillbornDraws`).
  var unsorted = 0
  var dropped = 0
  /// Attractor corrections of the live particles, by key (empty without attractors).
  var attracted: [UInt64: AttractorOffset] = [:]

  /// The offsets `behavingState` reads: only while the emitter has attractors.
  func offsets(_ b: CompiledBehaviors) -> [UInt64: AttractorOffset] {
    b.attractors.isEmpty ? [:] : attracted
  }

  /// Counts `count` births with keys `key(n)` for n in `range`, all certain to be gone by the
  /// end of a step and so never drawn in full: each is born or stillborn by its lifetime draw
  /// alone. Only a cell whose lifetimes can fall either side of 0 needs the draws.
  mutating func countSkipped(
    _ range: ClosedRange<Int>, of c: CompiledCell, multiplier: Double, key: (Int) -> UInt64
  ) {
    let count = range.count
    switch c.lifetimeSign(multiplier: multiplier) {
    case .positive: born += count
    case .nonPositive: stillborn += count
    case .mixed:
      guard Double(count) <= Limits.maxStillbornDraws else {
        unsorted += count
        return
      }
      var dead = 0
      for n in range where Spawner.lifetime(c, multiplier: multiplier, key: key(n)) <= 0 {
        dead += 1
      }
      stillborn += dead
      born += count - dead
    }
  }
}

/// What one call to `Scene.advance` reports.
package struct StepReport: Sendable, Equatable {
  /// Births dropped because the scene held `maxParticles`.
  package var dropped = 0
  /// Whether an effective birth rate was capped at `Limits.maxBirthRate`.
  package var rateCapped = false
  /// Where the step ended when it was asked to stop early (nil: it reached its end).
  package var stoppedAt: Double?
  /// Layers whose transition was dropped as the clock moved: nothing in them had changed.
  package var droppedTransitions: [LayerID] = []
  /// The work the step did (for tests: it depends on how time was cut, the result does not).
  package var work = StepWork()

  package init() {}
}

/// What a step cost, counted so that tests can check that a step costs what its events cost
/// (births kept, deaths) and not the seconds it spans. Not part of the result: how time is cut
/// into steps and pieces changes these counts, never the particles.
package struct StepWork: Sendable, Equatable {
  /// Births whose values were drawn, on any path.
  package var draws = 0
  /// Turns of the capped step's event loop: a death, a birth kept, a run of births dropped.
  var capTurns = 0
  /// Stored particles that capped steps looked at to find those dying in them.
  package var scanned = 0
  /// Calls that moved the emitters (a step is cut into pieces to stay stoppable).
  package var pieces = 0

  package init() {}
}

/// The particle system of one emitter layer: its clock, cells and particles.
struct EmitterRuntime: Sendable {
  /// The emitter's own clock: local time, kept continuous across timing edits and never
  /// running backwards.
  var simTime = 0.0
  /// The effective local time (max(0, local)) when `simTime` was last advanced.
  var lastLocal = 0.0
  /// (beginTime, speed, timeOffset) of the layer and its ancestors when last seen.
  var timingChain: [Double] = []
  var seed = 0
  var cells: [CellRuntime] = []
  /// Births drawn so far, on the paths that step without the cap (for `StepWork`).
  var draws = 0
  /// The scene time at which the emitter first started emitting in the way that back-fills
  /// iOS 7's "future particles" (see `startsFuture`), whether or not the scene models it:
  /// `lint` reports it.
  var futureRaisedAt: Double?

  init(seed: Int = 0) {
    self.seed = seed
  }

  func cell(_ id: CellID) -> CellRuntime? { cells.first { $0.id == id } }

  /// (cell slot, particle) pairs of `cells` in birth order: birth time, then the cell's
  /// position among `cells` (array order, preorder), then the particle's key.
  func birthOrder(_ cells: [CellRuntime]) -> [(slot: Int, i: Int)] {
    var order: [(slot: Int, i: Int)] = []
    order.reserveCapacity(cells.reduce(0) { $0 + $1.store.count })
    for (slot, c) in cells.enumerated() {
      for i in 0..<c.store.count { order.append((slot, i)) }
    }
    // Each store is already in birth order, so a single cell needs no sort.
    guard cells.count > 1 else { return order }
    order.sort { a, b in
      let ta = cells[a.slot].store.birth(a.i)
      let tb = cells[b.slot].store.birth(b.i)
      if ta != tb { return ta < tb }
      if a.slot != b.slot { return a.slot < b.slot }
      return cells[a.slot].store.key(a.i) < cells[b.slot].store.key(b.i)
    }
    return order
  }

  /// Live particles of every cell.
  var liveCount: Int { cells.reduce(0) { $0 + $1.store.count } }

  // MARK: - Following the model

  /// Brings the runtime in line with the model at scene time `now` (before advancing):
  /// a timing edit re-anchors the clock (or pre-warms, see `prewarms`), a new seed restarts
  /// the streams, added cells start empty, removed cells drop their particles, and changed
  /// rates start new segments.
  mutating func sync(
    layer: Layer, compiled: [CompiledCell], chain: [Double], local: Double,
    futureParticles: Bool = false, sceneTime: Double = 0
  ) {
    let t = simTime
    let wasIdle = liveCount == 0 && cells.allSatisfy { $0.segment.rate <= 0 }
    var prewarm = false
    if chain != timingChain {
      prewarm = EmitterRuntime.prewarms(from: timingChain, to: chain, local: local, clock: t)
      timingChain = chain
      // Pre-warming, the clock runs on from where it is to the layer's local time in the next
      // step, emitting as it goes; otherwise it keeps its pace from here.
      lastLocal = prewarm ? t : max(0, local)
    }
    let offset = simTime - lastLocal
    let reseed = layer.emitter.seed != seed
    seed = layer.emitter.seed
    var next: [CellRuntime] = []
    next.reserveCapacity(compiled.count)
    for c in compiled {
      var rt =
        cell(c.cell.id)
        ?? CellRuntime(
          id: c.cell.id, store: .forNewCell(), segment: .off(at: t), base: 0)
      if reseed || rt.base == 0 || rt.keyedName != c.cell.name {
        rt.base = ParticleRandom.cellBase(seed: seed, cellName: c.cell.name)
        rt.keyedName = c.cell.name
        if reseed {
          rt.emitted = 0
          rt.acc0 = 0
          rt.segment.start = t
        }
      }
      if c.parent == nil {
        // A top-level cell's window is in the layer's local time; the emitter's clock runs
        // `offset` ahead of it (the difference grows when beginTime restarts the layer).
        var e = c.emission
        e.ws += offset
        e.we += offset
        if !e.sameEmission(as: rt.segment) {
          rt.acc0 += rt.segment.integral(from: rt.segment.start, to: t)
          e.start = t
          rt.segment = e
        }
      }
      // Sub-cell slots of this cell's particles.
      let subIDs = c.subs.map { compiled[$0].cell.id }
      if subIDs != rt.subIDs {
        rt.store.remapSubSlots(from: rt.subIDs, to: subIDs)
        var segs: [EmissionSegment] = []
        for id in subIDs {
          if let j = rt.subIDs.firstIndex(of: id), j < rt.subSegments.count {
            segs.append(rt.subSegments[j])
          } else {
            segs.append(.off(at: t))
          }
        }
        rt.subIDs = subIDs
        rt.subSegments = segs
      }
      for (j, s) in c.subs.enumerated() {
        var e = compiled[s].emission
        let old = rt.subSegments[j]
        guard !e.sameEmission(as: old) else { continue }
        // Materialise each parent's integral up to now under the old rate.
        if old.rate > 0 {
          for i in 0..<rt.store.count {
            let tb = rt.store.birth(i)
            let seg = old.forParent(bornAt: tb)
            let a = max(old.start, tb)
            let b = min(t, rt.store.death(i))
            rt.store.setSubAcc(j, i, rt.store.subAcc(j, i) + seg.integral(from: a, to: b))
            // Later births of this parent count from the new segment's start.
          }
        }
        e.start = t
        rt.subSegments[j] = e
      }
      next.append(rt)
    }
    cells = next
    let starts = compiled.contains { $0.parent == nil && $0.emission.rate > 0 }
    guard wasIdle, starts, !prewarm, EmitterRuntime.startsFuture(layer, local: local) else {
      return
    }
    if futureRaisedAt == nil { futureRaisedAt = sceneTime }
    if futureParticles { backFill(compiled) }
  }

  /// Whether an emitter that goes from emitting nothing to emitting now back-fills "future
  /// particles" on iOS 7+: its own beginTime was never set (it is still 0) and its layer's
  /// local time has run on past 0.
  static func startsFuture(_ layer: Layer, local: Double) -> Bool {
    layer.properties.timing.beginTime == 0 && local > 0 && local.isFinite
  }

  /// Future particles (docs/semantics.md, "Future particles"): moves the emitter's clock back
  /// to max(its clock at local time 0, now − the longest lifetime chain of its emitting
  /// cells) and starts every emission there, so that the next step emits through that stretch
  /// with the current values, as a pre-warm does. The clock keeps its offset from the local
  /// time. Only for an emitter with no particles alive and no emission before this sync.
  private mutating func backFill(_ compiled: [CompiledCell]) {
    let chain =
      compiled.filter { $0.parent == nil && $0.emission.rate > 0 }.map(\.treeLifetime).max() ?? 0
    let t = simTime
    let offset = simTime - lastLocal
    let s = max(t - chain, t - max(0, lastLocal))
    guard s < t, s.isFinite else { return }
    for i in cells.indices {
      if cells[i].segment.rate > 0 { cells[i].segment.start = s }
      for j in cells[i].subSegments.indices { cells[i].subSegments[j].start = s }
    }
    simTime = s
    lastLocal = s - offset
  }

  /// Whether a timing edit pre-warms the emitter: the layer's own `beginTime` or `timeOffset`
  /// changed (from the defaults, for an emitter not stepped yet) and its local time is now
  /// ahead of the emitter's clock. The particle system is then filled as if it had been
  /// emitting up to that local time, back from where its clock stands (local time 0 for a new
  /// emitter), with the cells it has now. A default timing never pre-warms, nor does `fire`
  /// (beginTime = now puts local time at 0). Setting either to move local time back keeps
  /// the clock running on instead.
  static func prewarms(from old: [Double], to new: [Double], local: Double, clock: Double)
    -> Bool
  {
    guard new.count >= 3, local > clock, local.isFinite else { return false }
    let was = old.count >= 3 ? Array(old.suffix(3)) : [0, 1, 0]
    let now = Array(new.suffix(3))
    return now[0] != was[0] || now[2] != was[2]
  }

  // MARK: - Stepping

  /// Advances to the layer's effective local time `local` (time before the layer's beginTime,
  /// or running backwards, does not move the emitter's clock).
  /// With `roomUntil` (a later local time), the cells whose births go straight into their
  /// stores make room for the births due by then as well, at most `roomLimit` particles.
  mutating func advance(
    toLocal local: Double, layer: Layer, compiled: [CompiledCell], roomUntil: Double? = nil,
    roomLimit: Int = 0, workers: Workers = .serial
  ) {
    let target = EmitterRuntime.clock(simTime: simTime, lastLocal: lastLocal, local: local)
    let room = roomUntil.map {
      Room(
        until: EmitterRuntime.clock(simTime: simTime, lastLocal: lastLocal, local: $0),
        limit: roomLimit)
    }
    lastLocal = local
    advance(to: target, layer: layer, compiled: compiled, room: room, workers: workers)
  }

  /// Births to make room for beyond a step's own: those due by emitter time `until` (later
  /// pieces of a long step), keeping the store within `limit` particles.
  struct Room {
    var until: Double
    var limit: Int
  }

  /// The emitter's clock at effective local time `local`: it keeps its offset from the local
  /// time (so with default timing it *is* the local time, exactly, however time was cut), and
  /// never runs backwards.
  static func clock(simTime: Double, lastLocal: Double, local: Double) -> Double {
    guard local > lastLocal else { return simTime }
    let offset = simTime - lastLocal
    return max(simTime, offset == 0 ? local : local + offset)
  }

  /// Advances the emitter's clock from `simTime` to `t1`: births (with exact times), sub-cell
  /// births, then deaths. Only for steps that cannot reach the particle cap
  /// (`Scene.mayReachCap`): nothing is dropped here, and the newborns drawn are bounded by the
  /// particles that can be alive at once (births certain to be gone by `t1` are skipped).
  mutating func advance(
    to t1: Double, layer: Layer, compiled: [CompiledCell], room: Room? = nil,
    workers: Workers = .serial
  ) {
    let t0 = simTime
    guard t1 > t0 else { return }
    let emitter = layer.emitter
    let behaviors = CompiledBehaviors(emitter.behaviors)
    var pending: [[Newborn]] = Array(repeating: [], count: compiled.count)

    // A top-level cell without sub-cells is nobody's parent: its deaths can be removed first
    // and its births written straight into its store, already in birth order (the
    // straightforward path stages them with the others and sorts).
    var direct = [Bool](repeating: false, count: compiled.count)
    // Top-level births, then each cell's sub-cells in preorder (parents are complete first).
    for ci in compiled.indices {
      let c = compiled[ci]
      if c.parent == nil {
        if c.subs.isEmpty && ci < cells.count && !cells[ci].store.reference {
          direct[ci] = true
          cells[ci].store.removeDead(at: t1)
        }
        emitTopLevel(
          ci, c, t0: t0, t1: t1, emitter: emitter, direct: direct[ci], room: room,
          workers: workers, into: &pending)
      }
      for (j, si) in c.subs.enumerated() {
        emitSubCells(
          parentIndex: ci, slot: j, sub: compiled[si], subIndex: si, t0: t0, t1: t1,
          emitter: emitter, behaviors: behaviors, pending: &pending)
      }
    }

    // Deaths among the particles that were already alive.
    for ci in cells.indices where !(ci < direct.count && direct[ci]) {
      cells[ci].store.removeDead(at: t1)
    }

    // Newborns in birth order: time, then cell preorder, then key.
    var order: [(Double, Int, UInt64, Int, Int)] = []
    for (ci, list) in pending.enumerated() {
      for (k, p) in list.enumerated() { order.append((p.birth, p.cellOrder, p.key, ci, k)) }
    }
    order.sort { a, b in
      if a.0 != b.0 { return a.0 < b.0 }
      if a.1 != b.1 { return a.1 < b.1 }
      return a.2 < b.2
    }
    for (_, _, _, ci, k) in order {
      let p = pending[ci][k]
      cells[ci].born += 1  // pending holds only births that live
      guard p.death > t1 + Tolerance.deathTime else { continue }  // born and gone within the step
      let slots = cells[ci].subIDs.count
      cells[ci].store.append(p, subSlots: slots)
      let last = cells[ci].store.count - 1
      for j in 0..<min(slots, p.subEmitted.count) {
        cells[ci].store.setSubAcc(j, last, p.subAcc[j])
        cells[ci].store.setSubEmitted(j, last, p.subEmitted[j])
      }
    }
    simTime = t1
  }

  /// Whether `count` births of a cell, all certain to be gone by the end of the step, may be
  /// skipped. A cell without sub-cells always may: its births are counted exactly. A cell with
  /// sub-cells is simulated (so its descendants are counted in `born` exactly, whatever the
  /// step) unless the step is absurdly long, where memory and time bounds come first and the
  /// descendants of skipped particles go uncounted.
  static func maySkip(_ count: Int, of c: CompiledCell) -> Bool {
    c.subs.isEmpty || count > 100_000
  }

  /// Births of a top-level cell in (t0, t1]: staged in `pending`, or with `direct` appended to
  /// the cell's store (those alive at t1, in birth order; the cell has no sub-cells), which
  /// first makes room for them and for those due by `room` (reserved once, not grown birth by
  /// birth).
  private mutating func emitTopLevel(
    _ ci: Int, _ c: CompiledCell, t0: Double, t1: Double, emitter: EmitterProperties,
    direct: Bool, room: Room?, workers: Workers, into pending: inout [[Newborn]]
  ) {
    var rt = cells[ci]
    let seg = rt.segment
    guard seg.rate > 0 else { return }
    let lastN = seg.lastBirth(by: t1, acc0: rt.acc0, from: seg.start)
    guard lastN > rt.emitted else { return }
    var firstN = rt.emitted + 1
    // Births that (with all their descendants) must be gone by t1 need not be simulated: the
    // counter-based keys mean skipping them changes no other particle.
    let cutoff = t1 - c.treeLifetime - Tolerance.lifetimeChain
    if cutoff > seg.start {
      let nCut =
        saturatingInt((rt.acc0 + seg.integral(from: seg.start, to: cutoff)).rounded(.down)) - 1
      if nCut >= firstN && EmitterRuntime.maySkip(nCut - firstN + 1, of: c) {
        let base = rt.base
        rt.countSkipped(firstN...nCut, of: c, multiplier: emitter.lifetime) {
          ParticleRandom.topLevelKey(base: base, n: $0)
        }
        firstN = nCut + 1
      }
    }
    if firstN <= lastN { draws += lastN - firstN + 1 }
    if firstN <= lastN && direct {
      // The store is then only in `rt` (until `cells[ci] = rt` below), so appending to it does
      // not copy its columns.
      cells[ci].store = ParticleStore()
      let start = rt.store.count
      let slots = rt.subIDs.count
      var extra = lastN - firstN + 1
      if let room, room.until > t1 {
        let later = seg.lastBirth(by: room.until, acc0: rt.acc0, from: seg.start) - lastN
        extra += max(0, min(later, room.limit - start - extra))
      }
      rt.store.reserve(extra)
      let draw = TopLevelDraw(
        cell: c, emitter: emitter, segment: seg, acc0: rt.acc0, base: rt.base, t0: t0,
        gone: t1 + Tolerance.deathTime)
      // The values go into the columns a batch at a time (no `Newborn` staged per particle);
      // long runs, once the store has particles (and so its one-value columns), are drawn in
      // pieces on the workers.
      var batch = BirthBatch()
      var tally = BirthTally()
      var parallel = slots == 0
      var n = firstN
      while n <= lastN {
        if parallel && rt.store.count > 0 && ParallelBirths.worthIt(n, lastN, workers: workers) {
          n = ParallelBirths.draw(
            n, through: lastN, with: draw, into: &rt.store, workers: workers, tally: &tally)
          // Stopped short: the rest goes one batch at a time (giving columns storage).
          parallel = false
          continue
        }
        batch.filling { w in draw.fill(&w, n: &n, last: lastN, tally: &tally) }
        rt.store.append(batch, subSlots: slots)
        batch.removeAll()
      }
      rt.stillborn += tally.stillborn
      rt.born += tally.born
      // Births at the same instant (clamped to t0) go in key order, as the staged path sorts
      // them.
      if !tally.ordered { rt.store.sortTail(from: start) }
    } else if firstN <= lastN {
      pending[ci].reserveCapacity(pending[ci].count + (lastN - firstN + 1))
      for n in firstN...lastN {
        let tb = max(t0, seg.time(ofBirth: n, acc0: rt.acc0, from: seg.start))
        let key = ParticleRandom.topLevelKey(base: rt.base, n: n)
        if let p = Spawner.topLevel(c, emitter: emitter, key: key, birth: tb) {
          pending[ci].append(p)
        } else {
          rt.stillborn += 1  // a lifetime ≤ 0: never rendered, never stored
        }
      }
    }
    rt.emitted = lastN
    cells[ci] = rt
  }

  /// Births of one sub-cell from every live particle of its parent cell (stored ones and those
  /// born in this step) in (t0, t1].
  private mutating func emitSubCells(
    parentIndex ci: Int, slot j: Int, sub: CompiledCell, subIndex si: Int, t0: Double,
    t1: Double, emitter: EmitterProperties, behaviors: CompiledBehaviors,
    pending: inout [[Newborn]]
  ) {
    let seg = cells[ci].subSegments[j]
    guard seg.rate > 0 else { return }
    let cutoff = t1 - sub.treeLifetime - Tolerance.lifetimeChain

    // One parent: its birth, death, key, integral at `from`, births so far.
    func births(
      tb: Double, td: Double, key: UInt64, acc: Double, done: Int, from a: Double,
      state: (Double) -> ParticleState
    ) -> Int {
      let s = seg.forParent(bornAt: tb)
      let end = min(t1, td)
      guard end > a else { return done }
      let lastN = s.lastBirth(by: end, acc0: acc, from: a)
      guard lastN > done else { return done }
      var firstN = done + 1
      if cutoff > a {
        // Never past the parent's death: it emits nothing after it.
        let cut = min(cutoff, end)
        let nCut = min(
          lastN, saturatingInt((acc + s.integral(from: a, to: cut)).rounded(.down)) - 1)
        if nCut >= firstN && EmitterRuntime.maySkip(nCut - firstN + 1, of: sub) {
          let hash = sub.nameHash
          cells[si].countSkipped(firstN...nCut, of: sub, multiplier: emitter.lifetime) {
            ParticleRandom.subKey(parent: key, subHash: hash, n: $0)
          }
          firstN = nCut + 1
        }
      }
      guard firstN <= lastN else { return lastN }
      draws += lastN - firstN + 1
      for n in firstN...lastN {
        let t = max(t0, s.time(ofBirth: n, acc0: acc, from: a))
        let k = ParticleRandom.subKey(parent: key, subHash: sub.nameHash, n: n)
        if let p = Spawner.sub(sub, parent: state(t), emitter: emitter, key: k, birth: t) {
          pending[si].append(p)
        } else {
          cells[si].stillborn += 1
        }
      }
      return lastN
    }

    let store = cells[ci].store
    let offsets = cells[ci].offsets(behaviors)
    for i in 0..<store.count {
      let tb = store.birth(i)
      let done = births(
        tb: tb, td: store.death(i), key: store.key(i), acc: store.subAcc(j, i),
        done: store.subEmitted(j, i), from: max(seg.start, tb),
        state: { store.behavingState(i, at: $0, behaviors, offsets) })
      cells[ci].store.setSubEmitted(j, i, done)
    }
    let slots = cells[ci].subIDs.count
    for k in pending[ci].indices {
      if pending[ci][k].subEmitted.count != slots {
        pending[ci][k].subAcc = Array(repeating: 0, count: slots)
        pending[ci][k].subEmitted = Array(repeating: 0, count: slots)
      }
      let p = pending[ci][k]
      let done = births(
        tb: p.birth, td: p.death, key: p.key, acc: 0, done: p.subEmitted[j], from: p.birth,
        state: { p.state(at: $0, behaviors) })
      pending[ci][k].subEmitted[j] = done
    }
  }
}
