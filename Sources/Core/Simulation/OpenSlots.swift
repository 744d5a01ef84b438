/// The free slots after a store's live particles, as pointers that several threads may write
/// through at once, each inside its own range (`ParticleStore.withOpenSlots`).
struct OpenSlots: @unchecked Sendable {
  // @unchecked: raw pointers into the store's columns. They are valid while `withOpenSlots`
  // runs (the workers finish before it returns), and threads write disjoint slot ranges.
  /// How many slots there are.
  let room: Int
  let stored: Int
  let columnAt: InlineArray<21, Int8>
  /// Slot 0 of each stored column (by storage index).
  let columnStarts: InlineArray<21, UnsafeMutablePointer<Float>?>
  let uniform: InlineArray<21, Float>
  let unstoredMask: InlineArray<21, UInt32>
  let births: UnsafeMutablePointer<Double>
  let deaths: UnsafeMutablePointer<Double>
  let keys: UnsafeMutablePointer<UInt64>

  /// Writes `batch` into slots `at ..< at + batch.count`, as `ParticleStore.append` would
  /// store it; false (nothing meaningful written) when a value of a one-value column differs
  /// from the store's: that column would need storage, which only the store can give.
  func place(_ batch: BirthBatch, at i: Int) -> Bool {
    for c in 0..<Newborn.Values.count
    where unstoredMask[c] != 0 && !batch.holds(uniform[c], inColumn: c) {
      return false
    }
    write(batch, at: i)
    return true
  }

  /// Writes `batch` into slots `at ..< at + batch.count` of the stored columns, the births,
  /// deaths and keys (its values of the one-value columns are taken to match the store's).
  func write(_ batch: BirthBatch, at i: Int) {
    let m = batch.count
    precondition(i >= 0 && i + m <= room, "OpenSlots.write: outside the open slots")
    let w = BirthBatch.capacity
    batch.values.withUnsafeBufferPointer { v in
      // Unsafe: column c's m values lie inside the batch's values.
      let values = v.baseAddress.unsafelyUnwrapped
      for k in 0..<stored {
        // Unsafe: slots i ..< i + m lie inside the open slots of stored column k.
        (columnStarts[k].unsafelyUnwrapped + i).update(
          from: values + Int(columnAt[k]) * w, count: m)
      }
      batch.births.withUnsafeBufferPointer {
        (births + i).update(from: $0.baseAddress.unsafelyUnwrapped, count: m)
      }
      batch.deaths.withUnsafeBufferPointer {
        (deaths + i).update(from: $0.baseAddress.unsafelyUnwrapped, count: m)
      }
      batch.keys.withUnsafeBufferPointer {
        (keys + i).update(from: $0.baseAddress.unsafelyUnwrapped, count: m)
      }
    }
  }
}
