// The movers a particle store applies to every column at once (growing, shifting, compacting).

/// Something done the same way to every column of a store, whatever its element type.
protocol ColumnMover {
  func move<T: BitwiseCopyable>(_ p: UnsafeMutablePointer<T>)
}

/// Moves `count` slots from `from` down to `to` (memmove: the ranges may overlap).
struct MoveDown: ColumnMover {
  var from: Int
  var to: Int
  var count: Int

  func move<T: BitwiseCopyable>(_ p: UnsafeMutablePointer<T>) {
    UnsafeMutableRawPointer(p + to).copyMemory(
      from: p + from, byteCount: count * MemoryLayout<T>.stride)
  }
}

/// Moves the survivor runs in `runs` (relative to `head`) down to start at `first`, in order
/// (memmove: a run may overlap where it lands).
struct CompactDown: ColumnMover {
  var head: Int
  var runs: [Int]
  var first: Int

  func move<T: BitwiseCopyable>(_ base: UnsafeMutablePointer<T>) {
    let p = base + head
    var w = first
    var k = 0
    while k < runs.count {
      let start = runs[k]
      let length = runs[k + 1]
      if start != w {
        UnsafeMutableRawPointer(p + w).copyMemory(
          from: p + start, byteCount: length * MemoryLayout<T>.stride)
      }
      w += length
      k += 2
    }
  }
}

/// Moves the survivors before `end` (relative to `head`: the runs that end by it, then the
/// `first` survivors before the first death) up so that they end at `end`, in order; the dead
/// before `end` end up below the new head (memmove: a run may overlap where it lands).
struct CompactUp: ColumnMover {
  var head: Int
  var runs: [Int]
  var first: Int
  var end: Int

  func move<T: BitwiseCopyable>(_ base: UnsafeMutablePointer<T>) {
    let p = base + head
    var w = end
    var k = runs.count - 2
    while k >= 0 {
      let start = runs[k]
      let length = runs[k + 1]
      if start + length <= end {
        w -= length
        if start != w {
          UnsafeMutableRawPointer(p + w).copyMemory(
            from: p + start, byteCount: length * MemoryLayout<T>.stride)
        }
      }
      k -= 2
    }
    if first > 0 {
      w -= first
      UnsafeMutableRawPointer(p + w).copyMemory(from: p, byteCount: first * MemoryLayout<T>.stride)
    }
  }
}
