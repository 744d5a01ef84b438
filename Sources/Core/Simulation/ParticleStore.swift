/// The Float columns of a particle store (one per per-particle value).
enum Column: Int, CaseIterable {
  case px, py, pz, vx, vy, vz, ax, ay, az
  case red, green, blue, alpha, redSpeed, greenSpeed, blueSpeed, alphaSpeed
  case scale, scaleSpeed, spin, theta
}

/// One cell's live particles in structure-of-arrays form, kept in birth order.
///
/// The Float columns share one allocation whose columns start 64 bytes apart modulo 4 KiB, so
/// the many streams a loop reads do not fall into the same cache sets. Birth and
/// death times are Doubles (seconds of the emitter's clock); keys are UInt64. Birth order is
/// (birth time, cell order, key): it follows from the particles' own values, so it is the same
/// however time was cut into steps.
/// Particles are evaluated in closed form from their age, so nothing per particle changes after
/// birth except removal. Deaths are removed by an order-preserving compaction in its own pass.
struct ParticleStore: Sendable {
  private(set) var count = 0
  private(set) var capacity = 0
  private(set) var floats: [Float] = []
  private(set) var birth: [Double] = []
  private(set) var death: [Double] = []
  private(set) var key: [UInt64] = []
  /// Per sub-cell slot: the emission integral at the slot's segment start (or at birth).
  var subAcc: [[Double]] = []
  /// Per sub-cell slot: how many sub-particles each particle has emitted.
  var subEmitted: [[Int]] = []
  /// Scratch for `removeDead`: (start, length) pairs of surviving runs.
  private var runs: [Int] = []

  /// Floats between column starts: capacity plus 16 (64 bytes) of stagger.
  var stride: Int { capacity + 16 }

  @inline(__always)
  func offset(_ c: Column) -> Int { c.rawValue * stride }

  @inline(__always)
  func value(_ c: Column, _ i: Int) -> Float { floats[c.rawValue * stride + i] }

  /// Makes room for `extra` more particles.
  mutating func reserve(_ extra: Int) {
    let needed = count + extra
    guard needed > capacity else { return }
    // Capacities are multiples of 1024 floats (4 KiB) so the 64-byte stagger holds.
    var newCap = max(1024, capacity * 2)
    while newCap < needed { newCap *= 2 }
    let newStride = newCap + 16
    var nf = [Float](repeating: 0, count: newStride * Column.allCases.count)
    floats.withUnsafeBufferPointer { old in
      nf.withUnsafeMutableBufferPointer { new in
        for c in 0..<Column.allCases.count {
          for i in 0..<count { new[c * newStride + i] = old[c * stride + i] }
        }
      }
    }
    floats = nf
    capacity = newCap
    birth.reserveCapacity(newCap)
    death.reserveCapacity(newCap)
    key.reserveCapacity(newCap)
  }

  /// Appends one particle (callers append in birth order).
  mutating func append(_ p: Newborn, subSlots: Int) {
    reserve(1)
    let i = count
    let s = stride
    floats.withUnsafeMutableBufferPointer { f in
      for c in 0..<Newborn.Values.count { f[c * s + i] = p.values[c] }
    }
    birth.append(p.birth)
    death.append(p.death)
    key.append(p.key)
    if subAcc.count != subSlots {
      subAcc = Array(repeating: [], count: subSlots)
      subEmitted = Array(repeating: [], count: subSlots)
    }
    for j in 0..<subSlots {
      subAcc[j].append(0)
      subEmitted[j].append(0)
    }
    count += 1
  }

  /// Removes particles whose death time is ≤ `t` (with `Tolerance.deathTime`, so cutting time
  /// differently never changes who is alive), keeping the others in order. Returns how many.
  @discardableResult
  mutating func removeDead(at t: Double) -> Int {
    let limit = t + Tolerance.deathTime
    // One pass over the death times finds the runs of survivors after the first death; the
    // columns are then compacted run by run with block moves (order preserved, in place, the
    // run list reuses its buffer).
    runs.removeAll(keepingCapacity: true)
    var first = -1
    let n = count
    death.withUnsafeBufferPointer { d in
      var i = 0
      while i < n && d[i] > limit { i += 1 }
      guard i < n else { return }
      first = i
      while i < n {
        while i < n && d[i] <= limit { i += 1 }
        let start = i
        while i < n && d[i] > limit { i += 1 }
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
    let runList = runs
    let s = stride
    let columns = Column.allCases.count
    floats.withUnsafeMutableBufferPointer { f in
      guard let base = f.baseAddress else { return }
      for c in 0..<columns {
        Self.compactRuns(base + c * s, runs: runList, first: first)
      }
    }
    func compact<T: BitwiseCopyable>(_ a: inout [T]) {
      a.withUnsafeMutableBufferPointer { p in
        if let base = p.baseAddress { Self.compactRuns(base, runs: runList, first: first) }
      }
      a.removeLast(a.count - newCount)
    }
    compact(&birth)
    compact(&key)
    for j in 0..<subAcc.count {
      compact(&subAcc[j])
      compact(&subEmitted[j])
    }
    compact(&death)
    let removed = count - newCount
    count = newCount
    return removed
  }

  /// Moves the survivor runs in `runs` down to start at `first`, in order (memmove: a run may
  /// overlap where it lands).
  @inline(__always)
  private static func compactRuns<T: BitwiseCopyable>(
    _ p: UnsafeMutablePointer<T>, runs: [Int], first: Int
  ) {
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

  /// Removes everything.
  mutating func removeAll() {
    count = 0
    birth.removeAll(keepingCapacity: true)
    death.removeAll(keepingCapacity: true)
    key.removeAll(keepingCapacity: true)
    for j in 0..<subAcc.count {
      subAcc[j].removeAll(keepingCapacity: true)
      subEmitted[j].removeAll(keepingCapacity: true)
    }
  }

  /// Rebuilds the sub-cell slots when the cell's sub-cells changed: kept ids keep their data,
  /// new ones start empty.
  mutating func remapSubSlots(from old: [CellID], to new: [CellID]) {
    guard old != new else { return }
    var acc: [[Double]] = []
    var emitted: [[Int]] = []
    for id in new {
      if let j = old.firstIndex(of: id), j < subAcc.count {
        acc.append(subAcc[j])
        emitted.append(subEmitted[j])
      } else {
        acc.append(Array(repeating: 0, count: count))
        emitted.append(Array(repeating: 0, count: count))
      }
    }
    subAcc = acc
    subEmitted = emitted
  }

  // MARK: - Evaluation

  /// Appends every particle's drawing state at emitter time `t` to `frame`, in storage order:
  /// the closed form evaluated column by column in tight loops.
  func evaluate(at t: Double, into frame: inout ParticleFrame) {
    let n = count
    guard n > 0 else { return }
    let s = stride
    frame.reserve(n)
    floats.withUnsafeBufferPointer { f in
      birth.withUnsafeBufferPointer { b in
        @inline(__always) func col(_ c: Column) -> UnsafePointer<Float> {
          f.baseAddress.unsafelyUnwrapped + c.rawValue * s  // n > 0: not empty
        }
        var age = [Float](repeating: 0, count: n)
        for i in 0..<n { age[i] = Float(t - b[i]) }
        func linear(_ v0: Column, _ dv: Column, into out: inout [Float]) {
          let p = col(v0)
          let q = col(dv)
          for i in 0..<n { out.append(p[i] + q[i] * age[i]) }
        }
        func quadratic(_ p0: Column, _ v0: Column, _ a: Column, into out: inout [Float]) {
          let p = col(p0)
          let v = col(v0)
          let acc = col(a)
          for i in 0..<n {
            let tau = age[i]
            out.append(p[i] + v[i] * tau + acc[i] * (0.5 * tau * tau))
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
        let spin = col(.spin)
        for i in 0..<n { frame.rotation.append(spin[i] * age[i]) }
      }
    }
  }

  /// A particle's state at emitter time `t`, in closed form from its age.
  func state(_ i: Int, at t: Double) -> ParticleState {
    let s = stride
    return floats.withUnsafeBufferPointer { f in
      ParticleState(age: Float(t - birth[i])) { f[$0.rawValue * s + i] }
    }
  }
}

/// Particles evaluated for one frame, in structure-of-arrays form (what drawing needs).
struct ParticleFrame {
  var x: [Float] = []
  var y: [Float] = []
  var z: [Float] = []
  var red: [Float] = []
  var green: [Float] = []
  var blue: [Float] = []
  var alpha: [Float] = []
  var scale: [Float] = []
  var rotation: [Float] = []

  var count: Int { x.count }

  mutating func reserve(_ extra: Int) {
    let n = count + extra
    for k in [\ParticleFrame.x, \.y, \.z, \.red, \.green, \.blue, \.alpha, \.scale, \.rotation] {
      self[keyPath: k].reserveCapacity(n)
    }
  }
}

/// A particle evaluated at one time. Colours are unclamped; clamp when drawing.
package struct ParticleState: Sendable, Equatable {
  package var x, y, z: Float
  package var vx, vy, vz: Float
  package var red, green, blue, alpha: Float
  package var scale: Float
  package var rotation: Float
  /// The direction it was fired in (rad), used when it is at rest.
  package var theta: Float
  package var age: Float
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

extension ParticleState {
  /// The closed form (docs/semantics.md, "How a particle changes with age"): position
  /// `p0 + v0·τ + ½·a·τ²`, velocity `v0 + a·τ`, colour `c0 + speed·τ` (unclamped), scale
  /// `s0 + scaleSpeed·τ`, rotation `spin·τ`.
  @inline(__always)
  init(age tau: Float, _ v: (Column) -> Float) {
    let h = 0.5 * tau * tau
    self.init(
      x: v(.px) + v(.vx) * tau + v(.ax) * h,
      y: v(.py) + v(.vy) * tau + v(.ay) * h,
      z: v(.pz) + v(.vz) * tau + v(.az) * h,
      vx: v(.vx) + v(.ax) * tau,
      vy: v(.vy) + v(.ay) * tau,
      vz: v(.vz) + v(.az) * tau,
      red: v(.red) + v(.redSpeed) * tau,
      green: v(.green) + v(.greenSpeed) * tau,
      blue: v(.blue) + v(.blueSpeed) * tau,
      alpha: v(.alpha) + v(.alphaSpeed) * tau,
      scale: v(.scale) + v(.scaleSpeed) * tau,
      rotation: v(.spin) * tau,
      theta: v(.theta),
      age: tau)
  }
}
