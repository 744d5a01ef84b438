/// Births staged for `ParticleStore.append(_:subSlots:)`: up to `capacity` particles, in the
/// order they are appended, each column's values side by side (so the store checks and copies
/// a column at a time). Its buffers are allocated once and reused batch after batch.
struct BirthBatch {
  static let capacity = 64
  private(set) var count = 0
  private(set) var births = [Double](repeating: 0, count: capacity)
  private(set) var deaths = [Double](repeating: 0, count: capacity)
  private(set) var keys = [UInt64](repeating: 0, count: capacity)
  /// Column `c`'s values at `c * capacity ..< c * capacity + count`.
  private(set) var values = [Float](repeating: 0, count: Newborn.Values.count * capacity)

  var isFull: Bool { count == Self.capacity }

  /// Whether every staged value of column `c` is `value`, bit for bit.
  func holds(_ value: Float, inColumn c: Int) -> Bool {
    let u = value.bitPattern
    let m = count
    return values.withUnsafeBufferPointer { v in
      // Unsafe: column c's m values lie inside the batch's values; read through a pointer to
      // the column so the loop has no index arithmetic to check (and vectorises).
      let column = v.baseAddress.unsafelyUnwrapped + c * Self.capacity
      var differs: UInt32 = 0
      for j in 0..<m { differs |= column[j].bitPattern ^ u }
      return differs == 0
    }
  }

  /// Stages one particle (the batch must not be full).
  mutating func add(birth: Double, death: Double, key: UInt64, values v: Newborn.Values) {
    filling { w in
      guard let slot = w.next() else { preconditionFailure("BirthBatch.add: the batch is full") }
      for c in Column.allCases { slot.put(c, v[c.rawValue]) }
      w.add(birth: birth, death: death, key: key)
    }
  }

  /// Runs `body` with a writer that stages particles straight into the batch's buffers: each
  /// buffer's uniqueness is checked once for the whole call instead of once per particle and
  /// column, and a particle's values go into their columns without an intermediate copy.
  @inline(__always)
  mutating func filling(_ body: (inout Writer) -> Void) {
    var n = count
    births.withUnsafeMutableBufferPointer { b in
      deaths.withUnsafeMutableBufferPointer { d in
        keys.withUnsafeMutableBufferPointer { k in
          values.withUnsafeMutableBufferPointer { v in
            // Unsafe: every buffer holds `capacity` elements per column (made so in the
            // declarations above and never resized), which `Writer` indexes within.
            var w = Writer(
              births: b.baseAddress.unsafelyUnwrapped, deaths: d.baseAddress.unsafelyUnwrapped,
              keys: k.baseAddress.unsafelyUnwrapped, values: v.baseAddress.unsafelyUnwrapped,
              count: n)
            body(&w)
            n = w.count
          }
        }
      }
    }
    count = n
  }

  /// Stages particles into a batch's buffers, only inside `BirthBatch.filling`.
  struct Writer {
    fileprivate let births: UnsafeMutablePointer<Double>
    fileprivate let deaths: UnsafeMutablePointer<Double>
    fileprivate let keys: UnsafeMutablePointer<UInt64>
    fileprivate let values: UnsafeMutablePointer<Float>
    fileprivate(set) var count: Int

    /// Where the next particle's values go, or nil when the batch is full. Values written there
    /// are staged by `add`, and overwritten by the next particle's otherwise.
    @inline(__always)
    func next() -> Slot? {
      count < BirthBatch.capacity ? Slot(first: values + count) : nil
    }

    /// Stages the particle whose values were written through `next()`'s slot.
    @inline(__always)
    mutating func add(birth: Double, death: Double, key: UInt64) {
      precondition(count < BirthBatch.capacity, "BirthBatch: the batch is full")
      births[count] = birth
      deaths[count] = death
      keys[count] = key
      count &+= 1
    }
  }

  /// One particle's place in every value column of a batch.
  struct Slot {
    /// Its value in column 0; column `c`'s is `c · capacity` further.
    fileprivate let first: UnsafeMutablePointer<Float>

    /// Writes the particle's value of column `c`.
    @inline(__always)
    func put(_ c: Column, _ x: Float) {
      // Unsafe: `first` is below column 0's end (`next` checks) and c < Column count, so this
      // is inside column c of the batch.
      first[c.rawValue &* BirthBatch.capacity] = x
    }
  }

  mutating func removeAll() { count = 0 }
}

/// A particle being born: its times, key and initial values in `Column` order.
struct Newborn: Sendable {
  var birth: Double
  var death: Double
  var key: UInt64
  /// Where it sorts among same-time births: the cell's preorder position.
  var cellOrder: Int
  var values: Values
  /// The initial values, inline (no allocation per particle), in `Column` order.
  typealias Values = InlineArray<21, Float>
  /// Sub-cell integrals and births during the step it was born in.
  var subAcc: [Double] = []
  var subEmitted: [Int] = []

  /// Its state at emitter time `t`, as `ParticleStore.state` would give once stored.
  func state(at t: Double) -> ParticleState {
    ParticleState(age: Float(t - birth)) { values[$0.rawValue] }
  }
}
