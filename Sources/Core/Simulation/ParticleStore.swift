// The particle store: one type whose column layout is private, so every operation that reads or
// changes that layout (reading, room, adding, removing, evaluating) stays in this one file; the
// pieces that need no access to it are in the sibling files named below `ParticleStore`'s
// comment. That is why this file runs past 600 lines.

/// The Float columns of a particle store (one per per-particle value).
enum Column: Int, CaseIterable {
  case px, py, pz, vx, vy, vz, ax, ay, az
  case red, green, blue, alpha, redSpeed, greenSpeed, blueSpeed, alphaSpeed
  case scale, scaleSpeed, spin, theta
}

/// One cell's live particles in structure-of-arrays form, kept in birth order.
///
/// Birth and death times are Doubles (seconds of the emitter's clock); keys are UInt64. Birth
/// order is (birth time, cell order, key): it follows from the particles' own values, so it is
/// the same however time was cut into steps. Particles are evaluated in closed form from their
/// age, so nothing per particle changes after birth except removal.
///
/// How it is laid out (none of this shows outside the store):
/// - The live particles are slots `head ..< head + count` of every column. Deaths that form a
///   prefix (the oldest die first, as with a fixed lifetime) only move `head`; the room before
///   it is taken back when the columns would otherwise grow.
/// - Other deaths are removed by an order-preserving compaction toward whichever end moves
///   fewer survivors: the young particles after the last death usually stay where they are.
/// - A Float column whose value is the same (bit for bit) for every live particle is held once
///   (`uniform`); it gets storage only when a particle with another value arrives. Per-cell
///   constants (accelerations, colour speeds, z in a flat scene) cost nothing per particle.
/// - The Float columns that have storage share one allocation whose columns start 64 bytes
///   apart modulo 4 KiB, so the many streams a loop reads do not fall into the same cache sets.
///
/// A store made with `reference: true` does everything the straightforward way (every column
/// stored, every removal compacted toward the front, births staged and sorted by
/// `EmitterRuntime`): tests compare the two on every example.
///
/// Costs, for n live particles and k stored Float columns (k ≤ 21):
/// - Reading one value, birth, death or key: O(1).
/// - `append` (one particle): amortised O(k), the capacity doubling when full; `append` of a
///   batch of m: O(m·k) copied a column at a time, `reserve` growing by an eighth (each birth
///   pays for copying at most about 8 others). A one-value column that gains storage costs O(n)
///   once, filling its live slots.
/// - `removeDead`: O(d + 1) for d deaths when death times never decrease (only `head` moves);
///   otherwise one O(n) pass over the death times plus moving the fewer survivors, O(n·k) at
///   the most. `forEachDeath` likewise.
/// - `sortTail` over m particles: O(m) to see they are in order, O(m log m) when they are not.
/// - `evaluate`: O(n·k), in tight loops per column kind (ParticleEvaluation.swift).
///
/// Its parts live beside it: ColumnMovers.swift (what every column undergoes when the store
/// grows or compacts), OpenSlots.swift (births written by several threads), BirthBatch.swift
/// (births staged a column at a time) and ParticleEvaluation.swift (the closed form per frame).
struct ParticleStore: Sendable {
  /// Makes new stores straightforward (see `reference`) for the current task: for tests that
  /// compare the optimised paths with the plain ones.
  @TaskLocal static var straightforward = false

  /// Whether this store takes the straightforward paths only.
  let reference: Bool
  private(set) var count = 0
  /// The first live slot.
  private(set) var head = 0
  private(set) var capacity = 0
  /// How many times the columns were reallocated to grow (for tests).
  private(set) var growths = 0
  /// The stored Float columns: column `c` is at `slot[c] * stride` when `slot[c] >= 0`.
  private var floats: [Float] = []
  private var slot = InlineArray<21, Int8>(repeating: -1)
  /// The column stored at each slot (`slot` inverted, for the first `stored` slots).
  private var columnAt = InlineArray<21, Int8>(repeating: 0)
  /// All ones for a column without storage, 0 for a stored one: `append` checks every
  /// one-value column at once by masking the bits that differ.
  private var unstoredMask = InlineArray<21, UInt32>(repeating: ~0)
  /// The value of each column that has no storage (meaningful while `count > 0`).
  private var uniform = InlineArray<21, Float>(repeating: 0)
  /// How many columns have storage.
  private var stored = 0
  private var birthSlots: [Double] = []
  private var deathSlots: [Double] = []
  private var keySlots: [UInt64] = []
  /// Per sub-cell slot: the emission integral at the slot's segment start (or at birth).
  private var subAccSlots: [[Double]] = []
  /// Per sub-cell slot: how many sub-particles each particle has emitted.
  private var subEmittedSlots: [[Int]] = []
  /// Whether death times never decrease along the live slots (then the dead are a prefix).
  private var deathsSorted = true
  /// Scratch for `removeDead`: (start, length) pairs of surviving runs.
  private var runs: [Int] = []

  init(reference: Bool = false) {
    self.reference = reference
  }

  /// A store for a new cell: straightforward when the current task asks for it.
  static func forNewCell() -> ParticleStore { ParticleStore(reference: straightforward) }

  /// Floats between column starts: capacity plus 16 (64 bytes) of stagger.
  var stride: Int { capacity + 16 }

  /// Bytes allocated for the particles (every column's capacity, the scratch included).
  var bytes: Int {
    var total = floats.capacity * 4
    total += (birthSlots.capacity + deathSlots.capacity + keySlots.capacity) * 8
    for j in 0..<subAccSlots.count {
      total += (subAccSlots[j].capacity + subEmittedSlots[j].capacity) * 8
    }
    return total + runs.capacity * 8
  }

  // MARK: - Reading

  @inline(__always)
  func value(_ c: Column, _ i: Int) -> Float {
    let k = Int(slot[c.rawValue])
    return k < 0 ? uniform[c.rawValue] : floats[k * stride + head + i]
  }

  /// The birth time of live particle `i` (0 ..< count, in birth order).
  @inline(__always)
  func birth(_ i: Int) -> Double { birthSlots[head + i] }

  @inline(__always)
  func death(_ i: Int) -> Double { deathSlots[head + i] }

  @inline(__always)
  func key(_ i: Int) -> UInt64 { keySlots[head + i] }

  /// Sub-cell slots per particle.
  var subSlotCount: Int { subAccSlots.count }

  func subAcc(_ j: Int, _ i: Int) -> Double { subAccSlots[j][head + i] }

  mutating func setSubAcc(_ j: Int, _ i: Int, _ v: Double) { subAccSlots[j][head + i] = v }

  func subEmitted(_ j: Int, _ i: Int) -> Int { subEmittedSlots[j][head + i] }

  mutating func setSubEmitted(_ j: Int, _ i: Int, _ v: Int) { subEmittedSlots[j][head + i] = v }

  /// The live birth times, keys and one sub-cell slot's counts, in order (for tests).
  var births: [Double] { (0..<count).map(birth) }
  var keys: [UInt64] { (0..<count).map(key) }
  func subEmittedColumn(_ j: Int) -> [Int] { (0..<count).map { subEmitted(j, $0) } }

  /// Whether column `c` has per-particle storage (false: one value for all).
  func isStored(_ c: Column) -> Bool { slot[c.rawValue] >= 0 }

  /// Calls `body` with each live particle (0 ..< count, in birth order) whose death time is
  /// ≤ `limit`, and returns how many particles it looked at. When death times never decrease
  /// those are a prefix, so only they (and the first survivor) are looked at; otherwise every
  /// live particle is.
  @discardableResult
  func forEachDeath(by limit: Double, _ body: (Int) -> Void) -> Int {
    let n = count
    guard n > 0 else { return 0 }
    if deathsSorted && !reference {
      var i = 0
      while i < n && death(i) <= limit {
        body(i)
        i += 1
      }
      return min(n, i + 1)
    }
    for i in 0..<n where death(i) <= limit { body(i) }
    return n
  }

  // MARK: - Room

  /// A Swift array of `n` trivially copyable elements whose contents are left unset: the
  /// slots are written before they are read (every read is of a live slot), and leaving them
  /// unset lets pages be touched when first used instead of all at once.
  @inline(__always)
  private static func slots<T: BitwiseCopyable>(_ n: Int, of _: T.Type) -> [T] {
    Array(unsafeUninitializedCapacity: n) { buffer, initialized in
      // Before anything is written: a big store (a step of millions of births) then takes a
      // page fault every 2 MiB instead of every 4 KiB.
      HugePages.advise(buffer.baseAddress, bytes: n * MemoryLayout<T>.stride)
      initialized = n
    }
  }

  /// Makes room for a batch of `extra` more particles after the live ones (a step's births,
  /// reserved at once): when the columns must grow, they grow to what is needed plus an eighth,
  /// never geometrically, so a store filled in big steps is never more than about 1/8 empty
  /// (doubling could leave half of it unused). Amortised: a growth adds room for at least an
  /// eighth of the live count, so each birth pays for copying at most about 8 others.
  mutating func reserve(_ extra: Int) {
    let needed = count + extra
    guard head + needed > capacity else { return }
    if needed <= capacity {
      // The room freed before `head` suffices: move the live slots down to 0.
      shiftToFront()
      return
    }
    grow(to: needed + needed / 8)
  }

  /// Makes room for one more particle, for births appended one at a time: the capacity
  /// doubles, so appends cost amortised constant time.
  private mutating func reserveOne() {
    let needed = count + 1
    if needed <= capacity {
      shiftToFront()
      return
    }
    grow(to: max(1024, capacity * 2))
  }

  /// Reallocates every column with room for at least `wanted` particles, the live ones moved to
  /// slot 0 (only they are copied).
  private mutating func grow(to wanted: Int) {
    // Capacities are multiples of 1024 floats (4 KiB) so the 64-byte stagger holds.
    let newCap = (wanted + 1023) / 1024 * 1024
    let newStride = newCap + 16
    var nf = Self.slots(newStride * stored, of: Float.self)
    let n = count
    let h = head
    let s = stride
    floats.withUnsafeBufferPointer { old in
      nf.withUnsafeMutableBufferPointer { new in
        // Both bases are non-nil when any column is stored (their sizes are then > 0).
        guard let src = old.baseAddress, let dst = new.baseAddress, n > 0 else { return }
        for k in 0..<stored {
          (dst + k * newStride).update(from: src + k * s + h, count: n)
        }
      }
    }
    floats = nf
    func regrow<T: BitwiseCopyable>(_ a: inout [T]) {
      var b = Self.slots(newCap, of: T.self)
      if n > 0 {
        a.withUnsafeBufferPointer { old in
          b.withUnsafeMutableBufferPointer { new in
            // n > 0 and both hold at least n slots past h and 0: bases are non-nil.
            new.baseAddress.unsafelyUnwrapped.update(
              from: old.baseAddress.unsafelyUnwrapped + h, count: n)
          }
        }
      }
      a = b
    }
    regrow(&birthSlots)
    regrow(&deathSlots)
    regrow(&keySlots)
    for j in 0..<subAccSlots.count {
      regrow(&subAccSlots[j])
      regrow(&subEmittedSlots[j])
    }
    capacity = newCap
    head = 0
    growths += 1
  }

  /// Moves the live slots of every column down to start at 0.
  private mutating func shiftToFront() {
    guard head > 0 else { return }
    eachColumn(MoveDown(from: head, to: 0, count: count))
    head = 0
  }

  /// Calls `mover` with the base of every column that has storage (Float, Double, UInt64 and
  /// Int). Only for columns of the current capacity, where every base is non-nil.
  private mutating func eachColumn(_ mover: some ColumnMover) {
    let s = stride
    let k = stored
    floats.withUnsafeMutableBufferPointer { b in
      guard let base = b.baseAddress else { return }
      for c in 0..<k { mover.move(base + c * s) }
    }
    birthSlots.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { mover.move(p) } }
    deathSlots.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { mover.move(p) } }
    keySlots.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { mover.move(p) } }
    for j in 0..<subAccSlots.count {
      subAccSlots[j].withUnsafeMutableBufferPointer { if let p = $0.baseAddress { mover.move(p) } }
      subEmittedSlots[j].withUnsafeMutableBufferPointer {
        if let p = $0.baseAddress { mover.move(p) }
      }
    }
  }

  /// Gives column `c` its own storage, every live particle holding its uniform value.
  private mutating func giveStorage(_ c: Column) {
    let k = stored
    let needed = (k + 1) * stride
    if floats.count < needed {
      // Exactly one more column, its slots unset (written below or before they are read);
      // only the live slots of the stored columns are copied. Appending zeros instead would
      // write every slot of the new column and let the array's growth round it up.
      var grown = Self.slots(needed, of: Float.self)
      let (n, h, s) = (count, head, stride)
      floats.withUnsafeBufferPointer { old in
        grown.withUnsafeMutableBufferPointer { new in
          // Both hold every stored column's live slots (their bases are then non-nil).
          guard let src = old.baseAddress, let dst = new.baseAddress, n > 0 else { return }
          for j in 0..<k { (dst + j * s + h).update(from: src + j * s + h, count: n) }
        }
      }
      floats = grown
    }
    let v = uniform[c.rawValue]
    let start = k * stride + head
    for i in 0..<count { floats[start + i] = v }
    slot[c.rawValue] = Int8(k)
    columnAt[k] = Int8(c.rawValue)
    unstoredMask[c.rawValue] = 0
    stored = k + 1
  }

  /// Forgets the column layout of an empty store: the next particle's values become uniform.
  private mutating func emptied() {
    head = 0
    count = 0
    stored = 0
    slot = InlineArray(repeating: -1)
    unstoredMask = InlineArray(repeating: ~0)
    deathsSorted = true
  }

  // MARK: - Adding

  /// Appends one particle (callers append in birth order).
  @inline(__always)
  mutating func append(_ p: Newborn, subSlots: Int) {
    append(birth: p.birth, death: p.death, key: p.key, values: p.values, subSlots: subSlots)
  }

  /// Appends one particle from its times, key and initial values (callers append in birth
  /// order): births drawn straight into the store, with no `Newborn` staged.
  @inline(__always)
  mutating func append(
    birth: Double, death: Double, key: UInt64, values: Newborn.Values, subSlots: Int
  ) {
    if head + count >= capacity { reserveOne() }
    if subAccSlots.count != subSlots {
      // Sub-cell slots out of step with the cell (callers remap them first): start at 0.
      subAccSlots = Array(repeating: Array(repeating: 0, count: capacity), count: subSlots)
      subEmittedSlots = Array(repeating: Array(repeating: 0, count: capacity), count: subSlots)
    }
    if count == 0 {
      emptied()
      for c in 0..<Newborn.Values.count { uniform[c] = values[c] }
      if reference {
        for c in Column.allCases { giveStorage(c) }
      }
    } else if !(death >= deathSlots[head + count - 1]) {
      deathsSorted = false
    }
    let i = head + count
    // The bits in which a one-value column's value differs from this particle's, all at once.
    var differs: UInt32 = 0
    for c in 0..<Newborn.Values.count {
      differs |= (values[c].bitPattern ^ uniform[c].bitPattern) & unstoredMask[c]
    }
    if differs != 0 {
      for c in 0..<Newborn.Values.count
      where slot[c] < 0 && values[c].bitPattern != uniform[c].bitPattern {
        // A value that differs from the others: the column needs its own storage.
        giveStorage(Column.allCases[c])
      }
    }
    let s = stride
    let n = stored
    let columns = columnAt
    floats.withUnsafeMutableBufferPointer { f in
      guard let base = f.baseAddress else { return }  // no column has storage
      for k in 0..<n {
        // Unchecked: slot i < capacity lies inside column k, which has storage.
        base[k * s + i] = values[Int(columns[k])]
      }
    }
    birthSlots[i] = birth
    deathSlots[i] = death
    keySlots[i] = key
    for j in 0..<subSlots {
      subAccSlots[j][i] = 0
      subEmittedSlots[j][i] = 0
    }
    count += 1
  }

  /// Appends the particles staged in `batch` (callers append in birth order), exactly as
  /// appending them one by one would, a column at a time: whether a one-value column needs
  /// storage is checked once per column for the whole batch, and each stored column's new values
  /// are copied in one go.
  mutating func append(_ batch: BirthBatch, subSlots: Int) {
    let m = batch.count
    guard m > 0 else { return }
    if head + count + m > capacity { reserve(m) }
    if subAccSlots.count != subSlots {
      // Sub-cell slots out of step with the cell (callers remap them first): start at 0.
      subAccSlots = Array(repeating: Array(repeating: 0, count: capacity), count: subSlots)
      subEmittedSlots = Array(repeating: Array(repeating: 0, count: capacity), count: subSlots)
    }
    let wasEmpty = count == 0
    let w = BirthBatch.capacity
    if wasEmpty {
      emptied()
      for c in 0..<Newborn.Values.count { uniform[c] = batch.values[c * w] }
      if reference {
        for c in Column.allCases { giveStorage(c) }
      }
    }
    if deathsSorted {
      // As `append` checks each particle against the one before it (none for the first).
      var prev = wasEmpty ? batch.deaths[0] : deathSlots[head + count - 1]
      for j in (wasEmpty ? 1 : 0)..<m {
        let d = batch.deaths[j]
        if !(d >= prev) {
          deathsSorted = false
          break
        }
        prev = d
      }
    }
    // A one-value column gets storage when any newborn's value differs from it (bit for bit).
    for c in 0..<Newborn.Values.count where slot[c] < 0 && !batch.holds(uniform[c], inColumn: c) {
      giveStorage(Column.allCases[c])
    }
    // Every value now fits the columns: one copy per stored column.
    openSlots { $0.write(batch, at: 0) }
    let i = head + count
    for j in 0..<subSlots {
      for r in i..<i + m {
        subAccSlots[j][r] = 0
        subEmittedSlots[j][r] = 0
      }
    }
    count += m
  }

  /// Runs `body` with the free slots after the live particles (as many as are reserved), for
  /// births drawn on several threads at once (`ParallelBirths`): each thread fills its own
  /// range of them, and `adopt` then counts them in. The store must have particles (its
  /// one-value columns are settled), and no sub-cell slots.
  mutating func withOpenSlots<R>(_ body: (OpenSlots) -> R) -> R {
    precondition(count > 0 && subAccSlots.isEmpty, "withOpenSlots: an empty store or sub-cells")
    return openSlots(body)
  }

  /// `withOpenSlots` without its conditions, for `append` (which settles the columns first).
  private mutating func openSlots<R>(_ body: (OpenSlots) -> R) -> R {
    let end = head + count
    let room = capacity - end
    let (s, k, columns, uniformValues) = (stride, stored, columnAt, uniform)
    let unstored = unstoredMask
    return floats.withUnsafeMutableBufferPointer { f in
      birthSlots.withUnsafeMutableBufferPointer { b in
        deathSlots.withUnsafeMutableBufferPointer { d in
          keySlots.withUnsafeMutableBufferPointer { keys in
            // Unsafe: the slots end ..< capacity exist in every column (capacity is what each
            // holds), and `OpenSlots.place` writes only inside `room` of them.
            var columnStarts = InlineArray<21, UnsafeMutablePointer<Float>?>(repeating: nil)
            if let base = f.baseAddress {
              for j in 0..<k { columnStarts[j] = base + j * s + end }
            }
            return body(
              OpenSlots(
                room: room, stored: k, columnAt: columns, columnStarts: columnStarts,
                uniform: uniformValues, unstoredMask: unstored,
                births: b.baseAddress.unsafelyUnwrapped + end,
                deaths: d.baseAddress.unsafelyUnwrapped + end,
                keys: keys.baseAddress.unsafelyUnwrapped + end))
          }
        }
      }
    }
  }

  /// Counts in `kept` particles that were placed in the open slots from `offset` on (see
  /// `withOpenSlots`), moving them down to the end of the live ones first when `offset` > 0.
  /// `sorted` says whether their death times never decrease, `firstDeath` is the first's.
  mutating func adopt(_ kept: Int, from offset: Int, sorted: Bool, firstDeath: Double) {
    guard kept > 0 else { return }
    if offset > 0 {
      eachColumn(MoveDown(from: head + count + offset, to: head + count, count: kept))
    }
    if deathsSorted && !(sorted && firstDeath >= deathSlots[head + count - 1]) {
      deathsSorted = false
    }
    count += kept
  }

  /// Sorts the particles from `start` (0 ..< count) to the end by (birth time, key), the order
  /// births of one cell are stored in. For the rare batch whose births were not appended in
  /// that order (births at the same instant are ordered by key).
  mutating func sortTail(from start: Int) {
    let n = count - start
    guard n > 1 else { return }
    let h = head + start
    var inOrder = true
    for i in h + 1..<h + n {
      let a = (birthSlots[i - 1], keySlots[i - 1])
      let b = (birthSlots[i], keySlots[i])
      if !(a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)) {
        inOrder = false
        break
      }
    }
    guard !inOrder else { return }
    let order = (h..<h + n).sorted { a, b in
      let ta = birthSlots[a]
      let tb = birthSlots[b]
      if ta != tb { return ta < tb }
      return keySlots[a] < keySlots[b]
    }
    func permute<T>(_ a: inout [T], from base: Int) {
      let moved = order.map { a[base - h + $0] }
      for (k, v) in moved.enumerated() { a[base + k] = v }
    }
    for k in 0..<stored { permute(&floats, from: k * stride + h) }
    permute(&birthSlots, from: h)
    permute(&deathSlots, from: h)
    permute(&keySlots, from: h)
    for j in 0..<subAccSlots.count {
      permute(&subAccSlots[j], from: h)
      permute(&subEmittedSlots[j], from: h)
    }
    deathsSorted = false
  }

  // MARK: - Removing

  /// Removes particles whose death time is ≤ `t` (with `Tolerance.deathTime`, so cutting time
  /// differently never changes who is alive), keeping the others in order. Returns how many.
  @discardableResult
  mutating func removeDead(at t: Double) -> Int {
    let limit = t + Tolerance.deathTime
    let n = count
    guard n > 0 else { return 0 }
    if deathsSorted && !reference {
      // The dead are a prefix: only `head` moves.
      var k = 0
      deathSlots.withUnsafeBufferPointer { d in
        let h = head
        while k < n && d[h + k] <= limit { k += 1 }
      }
      if k == n {
        emptied()
      } else {
        head += k
        count = n - k
      }
      return k
    }
    // One pass over the death times finds the runs of survivors after the first death
    // (relative to head; the run list reuses its buffer).
    runs.removeAll(keepingCapacity: true)
    var first = -1
    let h = head
    deathSlots.withUnsafeBufferPointer { d in
      var i = 0
      while i < n && d[h + i] > limit { i += 1 }
      guard i < n else { return }
      first = i
      while i < n {
        while i < n && d[h + i] <= limit { i += 1 }
        let start = i
        while i < n && d[h + i] > limit { i += 1 }
        if i > start {
          runs.append(start)
          runs.append(i - start)
        }
      }
    }
    guard first >= 0 else { return 0 }
    var survivorsAfter = 0
    for k in Swift.stride(from: 1, to: runs.count, by: 2) { survivorsAfter += runs[k] }
    let newCount = first + survivorsAfter
    let removed = n - newCount
    if newCount == 0 {
      emptied()
      return removed
    }
    // The survivors after the last death (a run reaching the end) stay put when moving the
    // older survivors up costs less than moving everything after the first death down.
    let tail =
      runs.count >= 2 && runs[runs.count - 2] + runs[runs.count - 1] == n
      ? runs[runs.count - 1] : 0
    let backward = !reference && first < tail
    let runList = runs
    let f = first
    if backward {
      eachColumn(CompactUp(head: h, runs: runList, first: f, end: n - tail))
      head = h + removed
    } else {
      eachColumn(CompactDown(head: h, runs: runList, first: f))
    }
    count = newCount
    return removed
  }

  /// Removes everything.
  mutating func removeAll() {
    emptied()
  }

  /// Rebuilds the sub-cell slots when the cell's sub-cells changed: kept ids keep their data,
  /// new ones start at 0.
  mutating func remapSubSlots(from old: [CellID], to new: [CellID]) {
    guard old != new else { return }
    var acc: [[Double]] = []
    var emitted: [[Int]] = []
    for id in new {
      if let j = old.firstIndex(of: id), j < subAccSlots.count {
        acc.append(subAccSlots[j])
        emitted.append(subEmittedSlots[j])
      } else {
        acc.append(Array(repeating: 0, count: capacity))
        emitted.append(Array(repeating: 0, count: capacity))
      }
    }
    subAccSlots = acc
    subEmittedSlots = emitted
  }

  // MARK: - Evaluation

  /// Appends every particle's drawing state at emitter time `t` to `frame`, in storage order:
  /// the closed form evaluated column by column in tight loops (one loop per combination of
  /// stored and one-value columns, the same arithmetic either way).
  func evaluate(at t: Double, into frame: inout ParticleFrame) {
    let n = count
    guard n > 0 else { return }
    let s = stride
    let h = head
    frame.reserve(n)
    floats.withUnsafeBufferPointer { f in
      birthSlots.withUnsafeBufferPointer { b in
        func source(_ c: Column) -> FloatSource {
          let k = Int(slot[c.rawValue])
          guard k >= 0 else { return .one(uniform[c.rawValue]) }
          // Stored: the column's live slots (a column has storage only when floats is not
          // empty).
          return .stored(f.baseAddress.unsafelyUnwrapped + k * s + h)
        }
        var age = [Float](repeating: 0, count: n)
        for i in 0..<n { age[i] = Float(t - b[h + i]) }
        age.withUnsafeBufferPointer { ages in
          let tau = Stored(p: ages.baseAddress.unsafelyUnwrapped)  // n > 0 ages
          func linear(_ v0: Column, _ dv: Column, into out: inout [Float]) {
            switch (source(v0), source(dv)) {
            case (.stored(let p), .stored(let q)):
              Self.linear(Stored(p: p), Stored(p: q), tau, n, &out)
            case (.stored(let p), .one(let q)): Self.linear(Stored(p: p), One(v: q), tau, n, &out)
            case (.one(let p), .stored(let q)): Self.linear(One(v: p), Stored(p: q), tau, n, &out)
            case (.one(let p), .one(let q)): Self.linear(One(v: p), One(v: q), tau, n, &out)
            }
          }
          func quadratic(_ p0: Column, _ v0: Column, _ a: Column, into out: inout [Float]) {
            switch (source(p0), source(v0), source(a)) {
            case (.stored(let p), .stored(let v), .stored(let a)):
              Self.quadratic(Stored(p: p), Stored(p: v), Stored(p: a), tau, n, &out)
            case (.stored(let p), .stored(let v), .one(let a)):
              Self.quadratic(Stored(p: p), Stored(p: v), One(v: a), tau, n, &out)
            case (.stored(let p), .one(let v), .stored(let a)):
              Self.quadratic(Stored(p: p), One(v: v), Stored(p: a), tau, n, &out)
            case (.stored(let p), .one(let v), .one(let a)):
              Self.quadratic(Stored(p: p), One(v: v), One(v: a), tau, n, &out)
            case (.one(let p), .stored(let v), .stored(let a)):
              Self.quadratic(One(v: p), Stored(p: v), Stored(p: a), tau, n, &out)
            case (.one(let p), .stored(let v), .one(let a)):
              Self.quadratic(One(v: p), Stored(p: v), One(v: a), tau, n, &out)
            case (.one(let p), .one(let v), .stored(let a)):
              Self.quadratic(One(v: p), One(v: v), Stored(p: a), tau, n, &out)
            case (.one(let p), .one(let v), .one(let a)):
              Self.quadratic(One(v: p), One(v: v), One(v: a), tau, n, &out)
            }
          }
          quadratic(.px, .vx, .ax, into: &frame.x)
          quadratic(.py, .vy, .ay, into: &frame.y)
          quadratic(.pz, .vz, .az, into: &frame.z)
          linear(.red, .redSpeed, into: &frame.red)
          linear(.green, .greenSpeed, into: &frame.green)
          linear(.blue, .blueSpeed, into: &frame.blue)
          linear(.alpha, .alphaSpeed, into: &frame.alpha)
          linear(.scale, .scaleSpeed, into: &frame.scale)
          switch source(.spin) {
          case .stored(let p): Self.rotation(Stored(p: p), tau, n, &frame.rotation)
          case .one(let v): Self.rotation(One(v: v), tau, n, &frame.rotation)
          }
        }
      }
    }
  }

  /// A particle's state at emitter time `t`, in closed form from its age.
  func state(_ i: Int, at t: Double) -> ParticleState {
    ParticleState(age: Float(t - birth(i))) { value($0, i) }
  }
}
