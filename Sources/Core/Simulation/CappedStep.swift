/// The particle cap, decided on exact times (docs/semantics.md, "The particle cap").
///
/// Taking the births of every cell and sub-cell of the scene in time order (scene time; ties
/// by layer tree order, then the emitter's own clock, then cell preorder, then key), a birth at
/// time t is kept exactly when fewer than `maxParticles` particles are alive just before t.
/// Deaths count at their exact times, and a death at t comes before a birth at t. A dropped
/// birth has no descendants. Because the rule only looks at exact times, the particles kept do
/// not depend on how time is cut into steps.
///
/// The usual step (`EmitterRuntime.advance`) is used whenever the step cannot reach the cap:
/// when the particles alive plus an upper bound on the step's births fit. Otherwise this
/// event-ordered step runs: births and deaths of the whole scene merged by time. While the
/// scene is full, a source's births up to the next death are dropped as one batch, counted from
/// the emission integral without being drawn, so dropping costs nothing per particle.
extension Scene {
  /// One emitter's part of a capped step.
  struct CappedEmitter {
    let id: LayerID
    let layer: Layer
    let compiled: [CompiledCell]
    /// The emitter's clock at the start and the end of the step.
    let s0: Double
    let s1: Double
    /// Scene time at the end of the step, and emitter seconds per scene second.
    let t1: Double
    let slope: Double

    /// The scene time of emitter time `s` (the emitter's clock is linear in scene time over
    /// the part of the step where it runs).
    @inline(__always)
    func sceneTime(_ s: Double) -> Double { s >= s1 ? t1 : t1 - (s1 - s) / slope }

    /// The emitter time of scene time `t`.
    @inline(__always)
    func emitterTime(_ t: Double) -> Double { t >= t1 ? s1 : s1 - (t1 - t) * slope }
  }

  /// Where a source's births come from.
  enum SourceParent {
    /// A top-level cell of the emitter.
    case top
    /// A particle stored before the step (cell slot, index in its store).
    case stored(Int)
    /// A particle born (and kept) during this step (index in `CappedRun.newborns`).
    case newborn(Int)
  }

  /// A stream of births: a top-level cell, or one sub-cell of one live particle.
  struct BirthSource {
    var emitter: Int
    /// The cell whose particles are born (its index in the emitter's compiled cells).
    var cell: Int
    /// For sub-cells: the parent's cell index and the sub-cell slot.
    var parentCell: Int
    var slot: Int
    var parent: SourceParent
    var segment: EmissionSegment
    /// The integral at `from`, and the last birth index due by the end.
    var acc: Double
    var from: Double
    var end: Double
    var next: Int
    var last: Int
    /// The top-level key base, or the parent's key.
    var keyBase: UInt64

    /// The emitter time of birth `n`.
    @inline(__always)
    func time(_ n: Int, s0: Double) -> Double {
      max(s0, segment.time(ofBirth: n, acc0: acc, from: from))
    }
  }

  /// A death in the step: when (scene time), in which emitter, at which emitter time. A death
  /// comes before a birth at the same scene time, unless both are in the same emitter and the
  /// emitter's own clock puts the birth first (scene times are rounded conversions).
  struct DeathEvent: Comparable {
    var time: Double
    var emitter: Int
    var local: Double

    @inline(__always)
    static func < (a: DeathEvent, b: DeathEvent) -> Bool {
      if a.time != b.time { return a.time < b.time }
      if a.emitter != b.emitter { return a.emitter < b.emitter }
      return a.local < b.local
    }

    /// Whether this death is handled before `birth`.
    @inline(__always)
    func precedes(_ birth: BirthEvent) -> Bool {
      if time != birth.time { return time < birth.time }
      return emitter != birth.emitter || local <= birth.local
    }
  }

  /// A kept birth of this step.
  struct KeptBirth {
    var emitter: Int
    var cell: Int
    var particle: Newborn
  }

  /// A heap entry: the next birth of a source, ordered by (scene time, layer order, emitter
  /// time, cell order, key).
  struct BirthEvent: Comparable {
    var time: Double
    var emitter: Int
    var local: Double
    var cellOrder: Int
    var key: UInt64
    var source: Int

    @inline(__always)
    static func < (a: BirthEvent, b: BirthEvent) -> Bool {
      if a.time != b.time { return a.time < b.time }
      if a.emitter != b.emitter { return a.emitter < b.emitter }
      if a.local != b.local { return a.local < b.local }
      if a.cellOrder != b.cellOrder { return a.cellOrder < b.cellOrder }
      return a.key < b.key
    }
  }

  /// Whether any birth in the coming step could find the scene full: an upper bound on the
  /// particles alive at any instant of the step exceeds the cap. Per cell, in preorder: the
  /// births in any window of W seconds are at most the step's births, and at most `rate·W + 1`
  /// per emitting parent alive in that window; the particles alive at an instant are at most
  /// those stored now plus the births of the last lifetime.
  func mayReachCap(_ parts: [CappedEmitter], cap: Int) -> Bool {
    var total = 0.0
    for part in parts {
      guard let rt = runtimes[part.id] else { continue }
      total += Double(rt.liveCount)
    }
    guard total <= Double(cap) else { return true }
    for part in parts {
      guard let rt = runtimes[part.id], part.s1 > part.s0 else { continue }
      let dt = part.s1 - part.s0
      let n = part.compiled.count
      // Births in the whole step, and the most alive at once, per cell.
      var inStep = [Double](repeating: 0, count: n)
      var alive = [Double](repeating: 0, count: n)
      // Births of a cell in any window of `w` seconds (parents alive then emit at most
      // rate·w + 1 each).
      func births(_ ci: Int, within w: Double) -> Double {
        let c = part.compiled[ci]
        guard ci < rt.cells.count else { return 0 }
        if let p = c.parent {
          guard let j = part.compiled[p].subs.firstIndex(of: ci) else { return 0 }
          let rate = rt.cells[p].subSegments[j].rate
          guard rate > 0 else { return 0 }
          let parents = alive[p] + births(p, within: w)
          return min(inStep[ci], parents * ((rate * w).rounded(.down) + 1))
        }
        let rate = rt.cells[ci].segment.rate
        return min(inStep[ci], (rate * w).rounded(.down) + 1)
      }
      for (ci, c) in part.compiled.enumerated() where ci < rt.cells.count {
        let cr = rt.cells[ci]
        if c.parent == nil {
          let last = cr.segment.lastBirth(by: part.s1, acc0: cr.acc0, from: cr.segment.start)
          inStep[ci] = Double(max(0, last - cr.emitted))
        } else if let p = c.parent, let j = part.compiled[p].subs.firstIndex(of: ci) {
          let seg = rt.cells[p].subSegments[j]
          if seg.rate > 0 {
            let perParent = (seg.rate * dt + Tolerance.birthCount).rounded(.down) + 1
            inStep[ci] = perParent * (Double(rt.cells[p].store.count) + inStep[p])
          }
        }
        alive[ci] = Double(cr.store.count) + births(ci, within: c.maxLifetime)
        total += alive[ci] - Double(cr.store.count)
        if !(total <= Double(cap)) { return true }
      }
    }
    return false
  }

  /// About how many births the event-ordered step over `parts` decides one by one: the births
  /// it keeps and the runs of births it drops (docs/semantics.md, "The particle cap"). Each
  /// kept birth takes room that was free at the start or that a death in the step freed, so the
  /// kept births are at most `cap − alive + deaths`, and never more than the births due. The
  /// deaths are those of stored particles (counted) and of births that can die within the step:
  /// at most the births due in such cells, and at most `cap` per shortest mean lifetime the
  /// step spans (each needs room for one). A birth kept and the run of drops after it count as
  /// one; every further source (a cell, or one parent of a sub-cell) ends a run at each death.
  /// Births that are dropped in one batch while nothing dies cost nothing: a full scene whose
  /// particles outlive the step decides almost nothing, however long the step.
  func capWork(_ parts: [CappedEmitter], cap: Int) -> Double {
    var alive = 0.0
    var due = 0.0
    var dying = 0.0
    var sources = 0.0
    // Births of cells that can die within the step, and the most lifetimes the step spans.
    var dueShort = 0.0
    var spans = 0.0
    for part in parts {
      guard let rt = runtimes[part.id] else { continue }
      alive += Double(rt.liveCount)
      let dt = part.s1 - part.s0
      var inStep = [Double](repeating: 0, count: part.compiled.count)
      let multiplier = part.layer.emitter.lifetime
      for (ci, c) in part.compiled.enumerated() where ci < rt.cells.count {
        let cr = rt.cells[ci]
        cr.store.forEachDeath(by: part.s1 + Tolerance.deathTime) { _ in dying += 1 }
        guard dt > 0 else { continue }
        if c.parent == nil {
          guard cr.segment.rate > 0 else { continue }
          let last = cr.segment.lastBirth(by: part.s1, acc0: cr.acc0, from: cr.segment.start)
          inStep[ci] = Double(max(0, last - cr.emitted))
          if inStep[ci] > 0 { sources += 1 }
        } else if let p = c.parent, let j = part.compiled[p].subs.firstIndex(of: ci) {
          let seg = rt.cells[p].subSegments[j]
          guard seg.rate > 0 else { continue }
          let parents = Double(rt.cells[p].store.count) + inStep[p]
          let perParent = (seg.rate * dt + Tolerance.birthCount).rounded(.down) + 1
          inStep[ci] = perParent * parents
          sources += parents
        }
        due += inStep[ci]
        let half = abs(c.cell.lifetimeRange) * c.rangeFactor / 2
        let a = (c.cell.lifetime - half) * multiplier
        let b = (c.cell.lifetime + half) * multiplier
        guard inStep[ci] > 0, min(a, b) < dt else { continue }
        dueShort += inStep[ci]
        spans = max(spans, dt / max(abs(c.cell.lifetime * multiplier), 1e-6))
      }
    }
    let deaths = dying + min(dueShort, Double(cap) * spans)
    let kept = min(due, max(0, Double(cap) - alive) + deaths)
    let runs = min(due - kept, deaths * max(0, sources - 1))
    return kept + runs
  }

  /// Advances every emitter in `parts` to the step's end with the cap decided on exact times.
  /// `stop` is polled now and then; when it says so, the step ends at the time of the last
  /// event handled (the state is then exactly that of a step to that time), which is returned.
  mutating func cappedAdvance(
    _ parts: [CappedEmitter], cap: Int, report: inout StepReport, stop: () -> Bool
  ) -> Double? {
    var run = CappedRun(parts: parts, cap: cap)
    // Take the runtimes out, so that writing them does not copy their particle arrays.
    for (e, part) in parts.enumerated() {
      run.runtimes[e] = runtimes.removeValue(forKey: part.id) ?? EmitterRuntime()
    }
    let stoppedAt = run.simulate(report: &report, stop: stop)
    for (e, part) in parts.enumerated() { runtimes[part.id] = run.runtimes[e] }
    return stoppedAt
  }
}

/// The state of one capped step: the merged event queue and what it has decided.
struct CappedRun {
  typealias Part = Scene.CappedEmitter
  let parts: [Part]
  let cap: Int
  var runtimes: [EmitterRuntime]
  var sources: [Scene.BirthSource] = []
  var heap = MinHeap<Scene.BirthEvent>()
  var kept: [Scene.KeptBirth] = []
  /// Scene death times of particles stored before the step that die in it, ascending.
  var storedDeaths: [Scene.DeathEvent] = []
  var nextStoredDeath = 0
  /// Scene death times of particles kept in this step that die in it (a min-heap).
  var newDeaths = MinHeap<Scene.DeathEvent>()
  var live = 0
  /// Stored particles looked at to find the deaths, and births drawn (`StepWork`).
  var scanned = 0
  var drawn = 0

  init(parts: [Part], cap: Int) {
    self.parts = parts
    self.cap = cap
    self.runtimes = Array(repeating: EmitterRuntime(), count: parts.count)
  }

  // MARK: - Setting up

  mutating func collect() {
    for (e, part) in parts.enumerated() {
      let rt = runtimes[e]
      live += rt.liveCount
      for (ci, c) in part.compiled.enumerated() where ci < rt.cells.count {
        let cr = rt.cells[ci]
        let store = cr.store
        scanned += store.forEachDeath(by: part.s1 + Tolerance.deathTime) { i in
          let d = store.death(i)
          storedDeaths.append(Scene.DeathEvent(time: part.sceneTime(d), emitter: e, local: d))
        }
        guard part.s1 > part.s0 else { continue }
        if c.parent == nil {
          let seg = cr.segment
          if seg.rate > 0 {
            let lastN = seg.lastBirth(by: part.s1, acc0: cr.acc0, from: seg.start)
            if lastN > cr.emitted {
              addSource(
                Scene.BirthSource(
                  emitter: e, cell: ci, parentCell: -1, slot: -1, parent: .top, segment: seg,
                  acc: cr.acc0, from: seg.start, end: part.s1, next: cr.emitted + 1, last: lastN,
                  keyBase: cr.base))
            }
          }
        }
        for (j, si) in c.subs.enumerated() {
          let seg = cr.subSegments[j]
          guard seg.rate > 0 else { continue }
          for i in 0..<store.count {
            let tb = store.birth(i)
            addSubSource(
              e: e, parentCell: ci, slot: j, sub: si, segment: seg, parent: .stored(i),
              birth: tb, death: store.death(i), key: store.key(i), acc: store.subAcc(j, i),
              done: store.subEmitted(j, i), from: max(seg.start, tb))
          }
        }
      }
    }
    storedDeaths.sort { $0 < $1 }
  }

  /// Adds the source of one parent's births of one sub-cell, if it has any in the step.
  mutating func addSubSource(
    e: Int, parentCell: Int, slot: Int, sub: Int, segment seg: EmissionSegment,
    parent: Scene.SourceParent, birth tb: Double, death td: Double, key: UInt64, acc: Double,
    done: Int, from a: Double
  ) {
    let s = seg.forParent(bornAt: tb)
    let end = min(parts[e].s1, td)
    guard end > a else { return }
    let lastN = s.lastBirth(by: end, acc0: acc, from: a)
    guard lastN > done else { return }
    addSource(
      Scene.BirthSource(
        emitter: e, cell: sub, parentCell: parentCell, slot: slot, parent: parent, segment: s,
        acc: acc, from: a, end: end, next: done + 1, last: lastN, keyBase: key))
  }

  mutating func addSource(_ s: Scene.BirthSource) {
    sources.append(s)
    push(sources.count - 1)
  }

  /// The heap entry for a source's next birth.
  func event(_ k: Int) -> Scene.BirthEvent {
    let s = sources[k]
    let part = parts[s.emitter]
    let local = s.time(s.next, s0: part.s0)
    let c = part.compiled[s.cell]
    let key: UInt64
    if case .top = s.parent {
      key = ParticleRandom.topLevelKey(base: s.keyBase, n: s.next)
    } else {
      key = ParticleRandom.subKey(parent: s.keyBase, subHash: c.nameHash, n: s.next)
    }
    return Scene.BirthEvent(
      time: part.sceneTime(local), emitter: s.emitter, local: local, cellOrder: c.order,
      key: key, source: k)
  }

  // MARK: - Heaps

  mutating func push(_ k: Int) { heap.push(event(k)) }

  mutating func popBirth() -> Scene.BirthEvent { heap.pop() }

  mutating func pushDeath(_ t: Scene.DeathEvent) { newDeaths.push(t) }

  /// The earliest pending death, if any.
  var nextDeath: Scene.DeathEvent? {
    let a = nextStoredDeath < storedDeaths.count ? storedDeaths[nextStoredDeath] : nil
    let b = newDeaths.first
    switch (a, b) {
    case (let x?, let y?): return y < x ? y : x
    case (let x?, nil): return x
    case (nil, let y?): return y
    case (nil, nil): return nil
    }
  }

  mutating func takeDeath() {
    if nextStoredDeath < storedDeaths.count,
      newDeaths.first.map({ !($0 < storedDeaths[nextStoredDeath]) }) ?? true
    {
      nextStoredDeath += 1
    } else {
      _ = newDeaths.pop()
    }
    live -= 1
  }

  // MARK: - The event loop

  mutating func simulate(report: inout StepReport, stop: () -> Bool) -> Double? {
    collect()
    report.work.scanned += scanned
    var stoppedAt: Double? = nil
    var handled = 0
    var turns = 0
    defer {
      report.work.capTurns += turns
      report.work.draws += drawn
    }
    while let first = heap.first {
      turns += 1
      // Deaths at or before the next birth free their room first.
      if let d = nextDeath, d.precedes(first) {
        takeDeath()
        continue
      }
      handled += 1
      if handled & 0xFFF == 0, stop() {
        // Finish every event at this instant, then end the step here.
        stoppedAt = first.time
        while let e = heap.first, e.time <= first.time {
          turns += 1
          if let d = nextDeath, d.precedes(e) {
            takeDeath()
            continue
          }
          birth(popBirth(), report: &report)
        }
        break
      }
      if live >= cap && nextDeath == nil {
        dropEverything(report: &report)
        break
      }
      birth(popBirth(), report: &report)
    }
    finish(at: stoppedAt)
    return stoppedAt
  }

  /// Handles the next birth of a source: kept when there is room, otherwise dropped together
  /// with the source's other births before the next death.
  mutating func birth(_ ev: Scene.BirthEvent, report: inout StepReport) {
    let k = ev.source
    let s = sources[k]
    let part = parts[s.emitter]
    if live < cap {
      keep(ev, s)
      sources[k].next += 1
    } else {
      // Full: nothing can be kept before the next death.
      var hi = s.next
      if let limit = nextDeath {
        // The births of this source that come before that death, by the same order.
        func before(_ n: Int) -> Bool {
          let local = s.time(n, s0: part.s0)
          let b = Scene.BirthEvent(
            time: part.sceneTime(local), emitter: s.emitter, local: local, cellOrder: 0, key: 0,
            source: k)
          return !limit.precedes(b)
        }
        let sd = part.emitterTime(limit.time)
        let est = saturatingInt(
          (s.acc + s.segment.integral(from: s.from, to: sd) + Tolerance.birthCount).rounded(.down))
        hi = max(s.next, min(s.last, est))
        while hi > s.next && !before(hi) { hi -= 1 }
        while hi < s.last && before(hi + 1) { hi += 1 }
      } else {
        hi = s.last
      }
      let n = hi - s.next + 1
      runtimes[s.emitter].cells[s.cell].dropped += n
      runtimes[s.emitter].cells[s.cell].born += n
      report.dropped += n
      sources[k].next = hi + 1
    }
    if sources[k].next <= sources[k].last { push(k) }
  }

  /// The scene is full and nothing dies before the step ends: every remaining birth is dropped.
  mutating func dropEverything(report: inout StepReport) {
    for ev in heap.elements {
      let s = sources[ev.source]
      let n = s.last - s.next + 1
      runtimes[s.emitter].cells[s.cell].dropped += n
      runtimes[s.emitter].cells[s.cell].born += n
      report.dropped += n
      sources[ev.source].next = s.last + 1
    }
    heap.elements.removeAll()
  }

  /// Draws and keeps one birth.
  mutating func keep(_ ev: Scene.BirthEvent, _ s: Scene.BirthSource) {
    let part = parts[s.emitter]
    let c = part.compiled[s.cell]
    let emitter = part.layer.emitter
    let p: Newborn?
    switch s.parent {
    case .top:
      p = Spawner.topLevel(c, emitter: emitter, key: ev.key, birth: ev.local)
    case .stored(let i):
      let b = CompiledBehaviors(emitter.behaviors)
      let parent = runtimes[s.emitter].cells[s.parentCell]
      let state = parent.store.behavingState(i, at: ev.local, b, parent.offsets(b))
      p = Spawner.sub(c, parent: state, emitter: emitter, key: ev.key, birth: ev.local)
    case .newborn(let i):
      let state = kept[i].particle.state(at: ev.local, CompiledBehaviors(emitter.behaviors))
      p = Spawner.sub(c, parent: state, emitter: emitter, key: ev.key, birth: ev.local)
    }
    drawn += 1
    guard var particle = p else {
      runtimes[s.emitter].cells[s.cell].stillborn += 1  // a lifetime ≤ 0: never in the live set
      return
    }
    runtimes[s.emitter].cells[s.cell].born += 1
    live += 1
    if particle.death <= part.s1 + Tolerance.deathTime {
      pushDeath(
        Scene.DeathEvent(
          time: part.sceneTime(particle.death), emitter: s.emitter, local: particle.death))
    }
    let slots = runtimes[s.emitter].cells[s.cell].subIDs.count
    particle.subAcc = Array(repeating: 0, count: slots)
    particle.subEmitted = Array(repeating: 0, count: slots)
    kept.append(Scene.KeptBirth(emitter: s.emitter, cell: s.cell, particle: particle))
    let index = kept.count - 1
    for (j, si) in c.subs.enumerated() where j < slots {
      addSubSource(
        e: s.emitter, parentCell: s.cell, slot: j, sub: si,
        segment: runtimes[s.emitter].cells[s.cell].subSegments[j], parent: .newborn(index),
        birth: particle.birth, death: particle.death, key: particle.key, acc: 0, done: 0,
        from: particle.birth)
    }
  }

  /// Writes back what the step decided: counters, sub-cell progress, deaths, the new
  /// particles in birth order. With `at` the step ends early at that scene time.
  mutating func finish(at stop: Double?) {
    for s in sources {
      let done = s.next - 1
      switch s.parent {
      case .top:
        runtimes[s.emitter].cells[s.cell].emitted = done
      case .stored(let i):
        runtimes[s.emitter].cells[s.parentCell].store.setSubEmitted(s.slot, i, done)
      case .newborn(let i):
        kept[i].particle.subEmitted[s.slot] = done
      }
    }
    for (e, part) in parts.enumerated() {
      let end = stop.map { part.emitterTime($0) } ?? part.s1
      for ci in runtimes[e].cells.indices { runtimes[e].cells[ci].store.removeDead(at: end) }
      runtimes[e].simTime = end
    }
    for b in kept {
      let end = stop.map { parts[b.emitter].emitterTime($0) } ?? parts[b.emitter].s1
      guard b.particle.death > end + Tolerance.deathTime else { continue }
      let slots = runtimes[b.emitter].cells[b.cell].subIDs.count
      runtimes[b.emitter].cells[b.cell].store.append(b.particle, subSlots: slots)
      let last = runtimes[b.emitter].cells[b.cell].store.count - 1
      for j in 0..<min(slots, b.particle.subEmitted.count) {
        runtimes[b.emitter].cells[b.cell].store.setSubAcc(j, last, 0)
        runtimes[b.emitter].cells[b.cell].store.setSubEmitted(j, last, b.particle.subEmitted[j])
      }
    }
  }
}
