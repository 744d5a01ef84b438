/// A 4×4 matrix with CATransform3D's conventions: points are row vectors multiplied on the
/// left, `p′ = p · M`, so `m41 m42 m43` translate and `m14 m24 m34` put a point's x, y and z
/// into w (perspective: `m34 = −1/d`). `a.concatenating(b)` applies `a` first, then `b`, as
/// `CATransform3DConcat(a, b)` does.
package struct Matrix3D: Sendable, Equatable, Hashable {
  /// The entries row by row: `m[4·(r − 1) + (c − 1)]` is `m_rc`.
  package var m: SIMD16<Double>

  package init(_ m: SIMD16<Double>) { self.m = m }

  /// The matrix from its 16 entries, row by row (m11, m12, … m44).
  package init(rows e: [Double]) {
    var v = SIMD16<Double>()
    for i in 0..<min(16, e.count) { v[i] = e[i] }
    m = v
  }

  package static let identity = Matrix3D(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

  /// The entry `m_rc` (r, c in 1…4).
  package subscript(_ r: Int, _ c: Int) -> Double {
    get { m[4 * (r - 1) + (c - 1)] }
    set { m[4 * (r - 1) + (c - 1)] = newValue }
  }

  /// The entries' names as Core Animation spells them: `m11` … `m44`, row by row.
  package static let entryNames: [String] = (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }

  /// `CATransform3DMakeTranslation`.
  package static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix3D {
    var t = identity
    t[4, 1] = x
    t[4, 2] = y
    t[4, 3] = z
    return t
  }

  /// `CATransform3DMakeScale`.
  package static func scale(_ x: Double, _ y: Double, _ z: Double) -> Matrix3D {
    var t = identity
    t[1, 1] = x
    t[2, 2] = y
    t[3, 3] = z
    return t
  }

  /// `CATransform3DMakeRotation(angle, x, y, z)`: a rotation by `angle` radians about the axis
  /// (x, y, z); a zero axis gives the identity, as on iOS. About z, +x turns toward +y
  /// (clockwise on a y-down screen); about y, +x turns toward −z (away from the viewer).
  package static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Matrix3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    // Exact for the axis-aligned cases so that, for example, a quarter turn about z has
    // exact zeros off its 2×2 block.
    let c = CoreMath.cos(angle)
    let s = CoreMath.sin(angle)
    let k = 1 - c
    // The right-handed rotation of column vectors, transposed for row vectors.
    let column: [[Double]] = [
      [c + ux * ux * k, ux * uy * k - uz * s, ux * uz * k + uy * s],
      [uy * ux * k + uz * s, c + uy * uy * k, uy * uz * k - ux * s],
      [uz * ux * k - uy * s, uz * uy * k + ux * s, c + uz * uz * k],
    ]
    var t = identity
    for r in 0..<3 { for col in 0..<3 { t[col + 1, r + 1] = column[r][col] } }
    return t
  }

  /// `CATransform3DConcat(self, other)`: `self` applied first, then `other`.
  package func concatenating(_ other: Matrix3D) -> Matrix3D {
    var out = SIMD16<Double>()
    for r in 0..<4 {
      for c in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += m[4 * r + k] * other.m[4 * k + c] }
        out[4 * r + c] = sum
      }
    }
    return Matrix3D(out)
  }

  /// The image of the point (x, y, z) in homogeneous coordinates (x′, y′, z′, w′).
  package func apply(x: Double, y: Double, z: Double)
    -> (x: Double, y: Double, z: Double, w: Double)
  {
    (
      x * m[0] + y * m[4] + z * m[8] + m[12], x * m[1] + y * m[5] + z * m[9] + m[13],
      x * m[2] + y * m[6] + z * m[10] + m[14], x * m[3] + y * m[7] + z * m[11] + m[15]
    )
  }

  /// Whether every entry is finite.
  package var isFinite: Bool { (0..<16).allSatisfy { m[$0].isFinite } }

  /// The mapping of the plane z = 0 into the target's plane with z dropped (how a layer is
  /// flattened into its superlayer): rows and columns x, y and w.
  package var planar: Projective2D {
    Projective2D(
      a: m[0], b: m[1], p: m[3], c: m[4], d: m[5], q: m[7], tx: m[12], ty: m[13], r: m[15])
  }
}
