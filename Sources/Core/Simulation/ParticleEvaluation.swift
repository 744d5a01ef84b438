// How a store's particles are evaluated for drawing: the closed form column by column, the
// loop kernels it specialises per column kind, and the evaluated frame and particle state.

extension ParticleStore {
  /// `out += p + q·τ` for each particle.
  @inline(__always)
  static func linear(
    _ p: some FloatColumn, _ q: some FloatColumn, _ tau: Stored, _ n: Int, _ out: inout [Float]
  ) {
    Self.extend(&out, by: n) { o in
      for i in 0..<n { o[i] = p[i] + q[i] * tau[i] }
    }
  }

  /// `out += p + v·τ + a·(½·τ²)` for each particle.
  @inline(__always)
  static func quadratic(
    _ p: some FloatColumn, _ v: some FloatColumn, _ a: some FloatColumn, _ tau: Stored, _ n: Int,
    _ out: inout [Float]
  ) {
    Self.extend(&out, by: n) { o in
      for i in 0..<n {
        let t = tau[i]
        o[i] = p[i] + v[i] * t + a[i] * (0.5 * t * t)
      }
    }
  }

  /// `out += spin·τ` for each particle.
  @inline(__always)
  static func rotation(
    _ spin: some FloatColumn, _ tau: Stored, _ n: Int, _ out: inout [Float]
  ) {
    Self.extend(&out, by: n) { o in
      for i in 0..<n { o[i] = spin[i] * tau[i] }
    }
  }

  /// Grows `out` by `n` elements and lets `fill` write them through a pointer to the first, so
  /// that the loops above store into place (and vectorise) instead of appending one by one.
  @inline(__always)
  private static func extend(
    _ out: inout [Float], by n: Int, _ fill: (UnsafeMutablePointer<Float>) -> Void
  ) {
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: n))
    // Unsafe: the n elements from `start` were just appended, so they are in bounds.
    out.withUnsafeMutableBufferPointer { fill($0.baseAddress.unsafelyUnwrapped + start) }
  }
}

// MARK: - Reading columns

/// Where evaluation reads a column: its live slots, or the one value every particle has.
enum FloatSource {
  case stored(UnsafePointer<Float>)
  case one(Float)
}

/// A column as evaluation loops read it (specialised per kind, so each loop is tight).
protocol FloatColumn {
  subscript(_ i: Int) -> Float { get }
}

/// A stored column's live slots (valid for the loop's count).
struct Stored: FloatColumn {
  var p: UnsafePointer<Float>
  @inline(__always) subscript(_ i: Int) -> Float { p[i] }
}

/// A column whose value is the same for every particle.
struct One: FloatColumn {
  var v: Float
  @inline(__always) subscript(_ i: Int) -> Float { v }
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
