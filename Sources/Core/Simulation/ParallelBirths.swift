/// How Core runs pieces of work that do not depend on each other: one after another, or at the
/// same time on several threads. Core starts no threads of its own; the program hands it a
/// `Workers` that does (the Shell's runs on every core through Dispatch).
///
/// Whatever the workers, results are the same bits: work is cut into pieces by its size (never
/// by the number of threads), every piece is a pure function of its inputs, and the pieces'
/// results are put together in piece order.
package struct Workers: Sendable {
  /// Calls `body(k)` once for each k in 0 ..< count, in any order and possibly at the same time
  /// on several threads, returning when every call has returned.
  package let forEach: @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void
  /// Whether `forEach` may use more than one thread (else work is not cut up for it).
  package let isParallel: Bool

  package init(
    isParallel: Bool,
    forEach: @escaping @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void
  ) {
    self.isParallel = isParallel
    self.forEach = forEach
  }

  /// Everything on the calling thread, in order.
  package static let serial = Workers(isParallel: false) { count, body in
    for k in 0..<count { body(k) }
  }
}

/// What drawing a run of a top-level cell's births came to.
struct BirthTally {
  /// Births whose drawn lifetime was ≤ 0 (never rendered, never stored).
  var stillborn = 0
  /// Births that lived, stored or not (born and gone within the step are counted here too).
  var born = 0
  /// Whether the stored ones are in (birth time, key) order, the order `sortTail` makes.
  var ordered = true
  /// The first and the last stored one's (birth time, key).
  var first: (birth: Double, key: UInt64)?
  var last: (birth: Double, key: UInt64)?
  /// Whether the stored ones' death times never decrease, and the first one's.
  var deathsSorted = true
  var firstDeath = 0.0
  var lastDeath = 0.0

  /// Counts a stored birth after the others.
  @inline(__always)
  mutating func stored(birth: Double, key: UInt64, death: Double) {
    if let p = last {
      if !(p.birth < birth || (p.birth == birth && p.key < key)) { ordered = false }
      if !(death >= lastDeath) { deathsSorted = false }
    } else {
      first = (birth, key)
      firstDeath = death
    }
    last = (birth, key)
    lastDeath = death
  }

  /// The tally of this run followed by `next`.
  mutating func append(_ next: BirthTally) {
    stillborn += next.stillborn
    born += next.born
    guard let f = next.first, let l = next.last else { return }
    if let p = last {
      if !(p.birth < f.birth || (p.birth == f.birth && p.key < f.key)) { ordered = false }
      if !(next.firstDeath >= lastDeath) { deathsSorted = false }
    } else {
      first = f
      firstDeath = next.firstDeath
    }
    ordered = ordered && next.ordered
    deathsSorted = deathsSorted && next.deathsSorted
    last = l
    lastDeath = next.lastDeath
  }
}

/// A top-level cell's births in one step: everything needed to draw the n-th (a pure function of
/// n), so runs of them can be drawn anywhere, in any order.
struct TopLevelDraw: @unchecked Sendable {
  // @unchecked: only value types inside (the cell's and the emitter's properties); the cell's
  // sub-cell array is never read here.
  let cell: CompiledCell
  let emitter: EmitterProperties
  let segment: EmissionSegment
  let acc0: Double
  let base: UInt64
  /// The step's start: births due earlier are clamped to it.
  let t0: Double
  /// Births that die by then are counted but not stored.
  let gone: Double

  /// Stages births `n`, `n + 1`, … (through `last`) into `w` until it is full, advancing `n`.
  @inline(__always)
  func fill(_ w: inout BirthBatch.Writer, n: inout Int, last: Int, tally: inout BirthTally) {
    // Local copies: the compiler cannot tell that the batch's pointers never point into `self`,
    // so it would load (and spill) every property of the cell again for each birth.
    let (cell, emitter, segment) = (self.cell, self.emitter, self.segment)
    let (acc0, base, t0, gone) = (self.acc0, self.base, self.t0, self.gone)
    while n <= last, let slot = w.next() {
      let tb = max(t0, segment.time(ofBirth: n, acc0: acc0, from: segment.start))
      let key = ParticleRandom.topLevelKey(base: base, n: n)
      n += 1
      let death = Spawner.topLevelValues(cell, emitter: emitter, key: key, birth: tb) {
        slot.put($0, $1)
      }
      guard let death else {
        tally.stillborn += 1  // a lifetime ≤ 0: never rendered, never stored
        continue
      }
      tally.born += 1
      // Born and gone within the step: counted, never stored.
      guard death > gone else { continue }
      tally.stored(birth: tb, key: key, death: death)
      w.add(birth: tb, death: death, key: key)
    }
  }
}

/// Top-level births drawn on several threads straight into a store's free slots.
package enum ParallelBirths {
  /// Births per piece of work. Pieces are cut by this size, never by the number of threads, so
  /// the result does not depend on them.
  package static let chunk = 8192

  /// Whether births `first ... last` are worth cutting into pieces for `workers`.
  static func worthIt(_ first: Int, _ last: Int, workers: Workers) -> Bool {
    workers.isParallel && last - first + 1 >= 2 * chunk
  }

  /// Draws births `first ... last` in pieces of `chunk` on `workers`, each into its own range of
  /// the store's free slots, then counts them in, in order. Returns the first birth not stored:
  /// `last + 1`, or where a piece found a value that would give a one-value column storage
  /// (only the store can, so that piece and the rest are left to the caller's serial path).
  static func draw(
    _ first: Int, through last: Int, with draw: TopLevelDraw, into store: inout ParticleStore,
    workers: Workers, tally: inout BirthTally
  ) -> Int {
    let total = last - first + 1
    let pieces = (total + chunk - 1) / chunk
    let results = PieceResults(count: pieces)
    store.withOpenSlots { slots in
      precondition(slots.room >= total, "ParallelBirths: births without reserved room")
      workers.forEach(pieces) { k in
        let n0 = first + k * chunk
        let n1 = min(last, n0 + chunk - 1)
        var n = n0
        var out = k * chunk
        var batch = BirthBatch()
        var piece = BirthTally()
        var complete = true
        while n <= n1 {
          batch.filling { w in draw.fill(&w, n: &n, last: n1, tally: &piece) }
          guard slots.place(batch, at: out) else {
            complete = false
            break
          }
          out += batch.count
          batch.removeAll()
        }
        results.set(k, PieceResult(tally: piece, kept: out - k * chunk, complete: complete))
      }
    }
    var next = first
    var placed = 0
    for k in 0..<pieces {
      let r = results[k]
      guard r.complete else { break }
      store.adopt(
        r.kept, from: k * chunk - placed, sorted: r.tally.deathsSorted,
        firstDeath: r.tally.firstDeath)
      placed += r.kept
      tally.append(r.tally)
      next = min(last, first + (k + 1) * chunk - 1) + 1
    }
    return next
  }

  /// What one piece came to.
  struct PieceResult {
    var tally = BirthTally()
    /// How many it placed, from the start of its range of slots.
    var kept = 0
    /// False when it stopped at a value only the store can take (see `draw`).
    var complete = false
  }

  /// One result per piece, each written by the thread that drew it.
  final class PieceResults: @unchecked Sendable {
    // @unchecked: each piece writes only its own element, and the elements are read after
    // `Workers.forEach` has returned.
    private let storage: UnsafeMutableBufferPointer<PieceResult>

    init(count: Int) {
      storage = .allocate(capacity: count)
      storage.initialize(repeating: PieceResult())
    }

    deinit { storage.deallocate() }

    func set(_ k: Int, _ r: PieceResult) { storage[k] = r }

    subscript(k: Int) -> PieceResult { storage[k] }
  }
}
