/// A 2-D affine transform with `CGAffineTransform` conventions.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. On a y-down screen a positive
/// rotation turns +x toward +y, i.e. clockwise, exactly as Core Animation draws it.
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
package struct Affine2D: Sendable, Equatable {
  /// The matrix entries, named as in `CGAffineTransform`.
  package var a: Double
  package var b: Double
  package var c: Double
  package var d: Double
  package var tx: Double
  var ty: Double

  /// Creates a transform from its six entries.
  package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that leaves every point where it is.
  package static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by `(x, y)`.
  package static func translation(x: Double, y: Double) -> Affine2D {
    Affine2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` horizontally and `y` vertically about the origin.
  package static func scale(x: Double, y: Double) -> Affine2D {
    Affine2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A uniform scale by `s` about the origin.
  package static func scale(_ s: Double) -> Affine2D {
    scale(x: s, y: s)
  }

  /// A rotation by `angle` radians about the origin; positive turns +x toward +y.
  package static func rotation(_ angle: Double) -> Affine2D {
    let cosine = CoreMath.cos(angle)
    let sine = CoreMath.sin(angle)
    return Affine2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// The transform that applies `self` first and then `other`.
  package func concatenating(_ other: Affine2D) -> Affine2D {
    Affine2D(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// `self` preceded by a translation (as `CGAffineTransform.translatedBy`).
  package func translatedBy(x: Double, y: Double) -> Affine2D {
    Affine2D.translation(x: x, y: y).concatenating(self)
  }

  /// `self` preceded by a scale (as `CGAffineTransform.scaledBy`).
  package func scaledBy(x: Double, y: Double) -> Affine2D {
    Affine2D.scale(x: x, y: y).concatenating(self)
  }

  /// `self` preceded by a rotation (as `CGAffineTransform.rotated`).
  package func rotated(by angle: Double) -> Affine2D {
    Affine2D.rotation(angle).concatenating(self)
  }

  /// The determinant `a·d − b·c`.
  var determinant: Double { a * d - b * c }

  /// True when every entry is finite.
  package var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// The inverse, or `nil` when the transform is singular or not finite.
  func inverted() -> Affine2D? {
    let det = determinant
    guard isFinite, det.isFinite, det != 0 else { return nil }
    let inv = 1 / det
    let result = Affine2D(
      a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
      tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
    return result.isFinite ? result : nil
  }

  /// The image of the point `(x, y)`.
  package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }
}
