/// One cell's numbers for `stats`.
package struct CellStats: Sendable, Equatable {
  /// The cell's key path, e.g. `like.emitterCells.sparkle`.
  package var path: String
  package var live: Int
  /// Births that lived (drawn lifetime > 0), dropped ones included.
  package var born: Int
  /// Births whose drawn lifetime was ≤ 0: they never show and never emit.
  package var stillborn: Int
  /// Births a very long step skipped without sorting them into born and stillborn.
  package var unsorted: Int
  package var dropped: Int
  /// Age of the oldest live particle (s), 0 when none.
  package var oldestAge: Double
}

/// A live particle as tests and tools see it: which cell, its place in birth order among the
/// layer's live particles, and its state.
package struct ParticleSnapshot: Sendable, Equatable {
  package var cell: CellID
  /// 0 for the oldest live particle of the layer, counting up in birth order.
  package var birthIndex: Int
  package var birthTime: Double
  package var lifetime: Double
  package var state: ParticleState
}

extension Scene {
  /// Live particles of a layer's subtree (every emitter in it, all cells and sub-cells), or of
  /// one cell (its own particles only).
  package func liveCount(of ref: ObjectRef) -> Int {
    switch ref {
    case .layer(let id):
      var total = 0
      var stack = [id]
      while let x = stack.popLast() {
        guard let l = model.layer(x) else { continue }
        total +=
          runtimes[x].map { rt in liveCells(of: l, rt).reduce(0) { $0 + $1.store.count } }
          ?? 0
        stack.append(contentsOf: l.sublayers)
      }
      return total
    case .cell(let id, let path):
      guard let last = path.last, model.cell(ref) != nil else { return 0 }
      return runtimes[id]?.cell(last)?.store.count ?? 0
    }
  }

  /// Removes the live particles of the whole scene (nil), of a layer's subtree (every emitter
  /// in it, all cells and sub-cells), or of one cell (its own particles only, as `liveCount`
  /// counts them), and returns how many. Everything else stays: the model, the clock, each
  /// cell's counters (`stats`) and its place in its random stream, so the births that follow
  /// are, bit for bit, those the scene would have had without the clear (docs/semantics.md,
  /// "Clearing particles"). The removed particles emit no more sub-particles.
  @discardableResult
  package mutating func clearParticles(of ref: ObjectRef? = nil) -> Int {
    var removed = 0
    func clear(_ id: LayerID, cell: CellID? = nil) {
      guard var rt = runtimes[id] else { return }
      // Out of the dictionary while it changes, so that the stores are not copied.
      runtimes[id] = nil
      for i in rt.cells.indices where cell == nil || rt.cells[i].id == cell {
        removed += rt.cells[i].store.count
        rt.cells[i].store.removeAll()
      }
      runtimes[id] = rt
    }
    switch ref {
    case nil:
      for id in runtimes.keys.sorted() { clear(id) }
    case .layer(let top)?:
      var stack = [top]
      while let id = stack.popLast() {
        guard let l = model.layer(id) else { continue }
        clear(id)
        stack.append(contentsOf: l.sublayers)
      }
    case .cell(let id, let path)?:
      guard let last = path.last, model.cell(.cell(id, path)) != nil else { return 0 }
      clear(id, cell: last)
    }
    return removed
  }

  /// The runtimes of cells that still exist in the model (a removed cell shows nothing even
  /// before the next step).
  func liveCells(of layer: Layer, _ rt: EmitterRuntime) -> [CellRuntime] {
    var ids: Set<CellID> = []
    var stack = layer.cells
    while let c = stack.popLast() {
      ids.insert(c.id)
      stack.append(contentsOf: c.cells)
    }
    return rt.cells.filter { ids.contains($0.id) }
  }

  /// Per cell of every emitter, in tree order then cell preorder.
  package func stats() -> [CellStats] {
    var out: [CellStats] = []
    for id in model.treeOrder {
      guard let l = model.layer(id), l.kind == .emitter else { continue }
      let rt = runtimes[id]
      func visit(_ c: EmitterCell, path: String) {
        let p = path + ".emitterCells." + KeyPathSyntax.spelled(c.name)
        let cr = rt?.cell(c.id)
        var oldest = 0.0
        if let cr, cr.store.count > 0, let rt {
          oldest = rt.simTime - cr.store.birth(0)
        }
        out.append(
          CellStats(
            path: p, live: cr?.store.count ?? 0, born: cr?.born ?? 0,
            stillborn: cr?.stillborn ?? 0, unsorted: cr?.unsorted ?? 0,
            dropped: cr?.dropped ?? 0, oldestAge: oldest))
        for s in c.cells { visit(s, path: p) }
      }
      for c in l.cells { visit(c, path: KeyPathSyntax.spelled(l.name)) }
    }
    return out
  }

  /// Every live particle of an emitter layer in birth order, evaluated now.
  package func particles(of id: LayerID) -> [ParticleSnapshot] {
    guard let l = model.layer(id), let rt = runtimes[id] else { return [] }
    let cells = liveCells(of: l, rt)
    let b = CompiledBehaviors(l.emitter.behaviors)
    var out: [ParticleSnapshot] = []
    for (slot, i) in rt.birthOrder(cells) {
      let c = cells[slot]
      out.append(
        ParticleSnapshot(
          cell: c.id, birthIndex: out.count, birthTime: c.store.birth(i),
          lifetime: c.store.death(i) - c.store.birth(i),
          state: c.store.behavingState(i, at: rt.simTime, b, c.offsets(b))))
    }
    return out
  }

  /// Bytes held by the particle stores of an emitter layer's cells, by their own accounting
  /// (allocated capacity of every column, not only the live part).
  package func particleStorageBytes(of id: LayerID) -> Int {
    runtimes[id]?.cells.reduce(0) { $0 + $1.store.bytes } ?? 0
  }

  /// Runs `body` with every particle store made in it taking the straightforward paths (every
  /// column stored, removal compacted toward the front, births staged and sorted): for tests
  /// that compare them with the optimised paths.
  package static func withStraightforwardStores<T>(_ body: () throws -> T) rethrows -> T {
    try ParticleStore.$straightforward.withValue(true, operation: body)
  }

  /// Whether every particle store of the scene takes the straightforward paths (true when
  /// there are none).
  package var storesAreStraightforward: Bool {
    runtimes.values.allSatisfy { rt in rt.cells.allSatisfy { $0.store.reference } }
  }

  /// The emitter's own clock (its local time, continuous across timing edits).
  package func emitterTime(of id: LayerID) -> Double { runtimes[id]?.simTime ?? 0 }
}
