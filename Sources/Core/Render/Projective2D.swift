/// A plane-to-plane projective map (a homography), the 2-D part of a CATransform3D with
/// perspective: `(x, y)` maps to `((a·x + c·y + tx) / w, (b·x + d·y + ty) / w)` with
/// `w = p·x + q·y + r`. With p = q = 0 and r = 1 it is exactly the `Affine2D` of the same
/// entries, and the renderer then takes its affine paths, so a scene without perspective draws
/// exactly as it did before 3-D transforms existed.
package struct Projective2D: Sendable, Equatable {
  package var a: Double
  package var b: Double
  package var p: Double
  package var c: Double
  package var d: Double
  package var q: Double
  package var tx: Double
  var ty: Double
  package var r: Double

  package init(
    a: Double, b: Double, p: Double, c: Double, d: Double, q: Double, tx: Double, ty: Double,
    r: Double
  ) {
    self.a = a
    self.b = b
    self.p = p
    self.c = c
    self.d = d
    self.q = q
    self.tx = tx
    self.ty = ty
    self.r = r
  }

  /// The affine map as a projective one.
  package init(_ m: Affine2D) {
    self.init(a: m.a, b: m.b, p: 0, c: m.c, d: m.d, q: 0, tx: m.tx, ty: m.ty, r: 1)
  }

  /// The affine map this is, when it has no perspective (p = q = 0, r = 1 exactly).
  var affine: Affine2D? {
    guard p == 0, q == 0, r == 1 else { return nil }
    return Affine2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }

  package var isFinite: Bool {
    a.isFinite && b.isFinite && p.isFinite && c.isFinite && d.isFinite && q.isFinite
      && tx.isFinite && ty.isFinite && r.isFinite
  }

  /// `m1 ∘ m2`: apply `m2`, then `m1`. Two affine maps compose exactly as `Affine2D`s do.
  static func compose(_ m1: Projective2D, _ m2: Projective2D) -> Projective2D {
    if let f = m1.affine, let g = m2.affine {
      return Projective2D(SceneRenderer.compose(f, g))
    }
    // Row vectors: (x, y, 1) · m2 · m1.
    return Projective2D(
      a: m2.a * m1.a + m2.b * m1.c + m2.p * m1.tx,
      b: m2.a * m1.b + m2.b * m1.d + m2.p * m1.ty,
      p: m2.a * m1.p + m2.b * m1.q + m2.p * m1.r,
      c: m2.c * m1.a + m2.d * m1.c + m2.q * m1.tx,
      d: m2.c * m1.b + m2.d * m1.d + m2.q * m1.ty,
      q: m2.c * m1.p + m2.d * m1.q + m2.q * m1.r,
      tx: m2.tx * m1.a + m2.ty * m1.c + m2.r * m1.tx,
      ty: m2.tx * m1.b + m2.ty * m1.d + m2.r * m1.ty,
      r: m2.tx * m1.p + m2.ty * m1.q + m2.r * m1.r)
  }

  /// The homogeneous image of `(x, y)`: the point is `(X / w, Y / w)`, in front of the viewer
  /// only when w > 0.
  func homogeneous(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
    (a * x + c * y + tx, b * x + d * y + ty, p * x + q * y + r)
  }

  /// The image of `(x, y)` (not finite when the point maps to infinity).
  package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    let h = homogeneous(x: x, y: y)
    return (h.x / h.w, h.y / h.w)
  }

  /// The affine map that agrees with this one to first order at `(x, y)`: the point goes to
  /// the same place and small offsets map through the Jacobian there. nil when the point is
  /// not in front of the viewer (w ≤ 0). Used for particles, whose sprites are small enough
  /// that the difference is well under a pixel.
  func tangent(atX x: Double, y: Double) -> Affine2D? {
    let h = homogeneous(x: x, y: y)
    guard h.w > 0, h.w.isFinite else { return nil }
    let u = h.x / h.w
    let v = h.y / h.w
    // d(X/w) = (dX − u·dw) / w.
    let ja = (a - u * p) / h.w
    let jb = (b - v * p) / h.w
    let jc = (c - u * q) / h.w
    let jd = (d - v * q) / h.w
    return Affine2D(a: ja, b: jb, c: jc, d: jd, tx: u - ja * x - jc * y, ty: v - jb * x - jd * y)
  }

  /// The affine map that stands for this one near `p`: itself when it is affine (exactly),
  /// else its tangent there (nil when `p` is behind the viewer).
  package func local(at p: Point) -> Affine2D? {
    affine ?? tangent(atX: p.x, y: p.y)
  }

  /// The determinant of the 3×3 matrix.
  var determinant: Double {
    a * (d * r - q * ty) - b * (c * r - q * tx) + p * (c * ty - d * tx)
  }

  /// The inverse (up to scale: the adjugate, whose w is positive for points in front), or nil
  /// when singular or not finite.
  func inverted() -> Projective2D? {
    let det = determinant
    guard isFinite, det.isFinite, det != 0 else { return nil }
    let k = 1 / det
    let inv = Projective2D(
      a: (d * r - q * ty) * k, b: (p * ty - b * r) * k, p: (b * q - p * d) * k,
      c: (q * tx - c * r) * k, d: (a * r - p * tx) * k, q: (p * c - a * q) * k,
      tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k, r: (a * d - b * c) * k)
    return inv.isFinite ? inv : nil
  }
}
