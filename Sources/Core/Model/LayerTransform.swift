/// A layer's CATransform3D, kept as the components Core Animation's key paths name
/// (`transform.scale.x`, `transform.rotation.y`, `transform.translation.z`), plus the skew and
/// perspective that a whole matrix may also hold, so that every 4×4 matrix a layer can be
/// given has a place here and every key path reads back what was set (a rotation of 7 rad
/// reads 7, not 7 − 2π).
///
/// The matrix is, with row vectors as in CATransform3D: scale, then skew, then rotation about
/// x, then y, then z, then translation, then perspective (docs/semantics.md, "3-D transforms").
package struct LayerTransform: Sendable, Equatable, Hashable {
  package var scaleX = 1.0
  var scaleY = 1.0
  var scaleZ = 1.0
  /// Radians about x: +y turns toward +z (the layer's bottom edge comes toward the viewer).
  var rotationX = 0.0
  /// Radians about y: +x turns toward −z (the right edge goes away from the viewer).
  var rotationY = 0.0
  /// Radians about z; positive turns clockwise on screen (+y down).
  package var rotation = 0.0
  package var translationX = 0.0
  var translationY = 0.0
  var translationZ = 0.0
  /// Shear factors: x += skewXY·y + skewXZ·z, y += skewYZ·z (before rotating).
  var skewXY = 0.0
  var skewXZ = 0.0
  var skewYZ = 0.0
  /// The matrix's last column (m14, m24, m34, m44) before the rest is applied: w = p·(x, y, z, 1).
  package var perspective = SIMD4<Double>(0, 0, 0, 1)

  package init() {}

  /// `transform.scale` reads the average of the three scale factors, as Core Animation
  /// documents, and sets all three.
  package var scale: Double {
    get { (scaleX + scaleY + scaleZ) / 3 }
    set {
      scaleX = newValue
      scaleY = newValue
      scaleZ = newValue
    }
  }

  /// Whether the layer stays in its superlayer's plane with no perspective: only the
  /// translation, z rotation and x/y scale of a 2-D transform (scale.z moves nothing in a
  /// flat layer). The renderer keeps its exact 2-D arithmetic for these.
  var isPlanar: Bool {
    rotationX == 0 && rotationY == 0 && translationZ == 0 && skewXY == 0 && skewXZ == 0
      && skewYZ == 0 && perspective == SIMD4(0, 0, 0, 1)
  }

  /// Whether it is the identity.
  package var isIdentity: Bool { self == LayerTransform() }

  /// The components in a fixed order, for interpolating a whole-matrix animation component by
  /// component (decompose, interpolate, recompose).
  package var components: [Double] {
    [
      translationX, translationY, translationZ, rotationX, rotationY, rotation, scaleX, scaleY,
      scaleZ, skewXY, skewXZ, skewYZ, perspective[0], perspective[1], perspective[2],
      perspective[3],
    ]
  }

  /// The transform with these `components` (see `components`); nil for a wrong count.
  package init?(components v: [Double]) {
    guard v.count == 16 else { return nil }
    (translationX, translationY, translationZ) = (v[0], v[1], v[2])
    (rotationX, rotationY, rotation) = (v[3], v[4], v[5])
    (scaleX, scaleY, scaleZ) = (v[6], v[7], v[8])
    (skewXY, skewXZ, skewYZ) = (v[9], v[10], v[11])
    perspective = SIMD4(v[12], v[13], v[14], v[15])
  }

  // MARK: Matrix

  /// The CATransform3D these components make.
  package var matrix: Matrix3D {
    var shear = Matrix3D.identity
    shear[2, 1] = skewXY
    shear[3, 1] = skewXZ
    shear[3, 2] = skewYZ
    var persp = Matrix3D.identity
    persp[1, 4] = perspective[0]
    persp[2, 4] = perspective[1]
    persp[3, 4] = perspective[2]
    persp[4, 4] = perspective[3]
    return Matrix3D.scale(scaleX, scaleY, scaleZ)
      .concatenating(shear)
      .concatenating(.rotation(rotationX, 1, 0, 0))
      .concatenating(.rotation(rotationY, 0, 1, 0))
      .concatenating(.rotation(rotation, 0, 0, 1))
      .concatenating(.translation(translationX, translationY, translationZ))
      .concatenating(persp)
  }

  /// The components of `matrix`, or nil when it has none: it is not finite, or it puts points
  /// into w (perspective) while flattening space (a zero scale), or it does not survive
  /// the round trip (agrees with its recomposition within 1e-9 relative).
  package init?(matrix t: Matrix3D) {
    guard t.isFinite else { return nil }
    // The linear part, as the images of the three axes (rows 1–3 of the upper-left block).
    let axes = (0..<3).map { r in SIMD3(t[r + 1, 1], t[r + 1, 2], t[r + 1, 3]) }
    let w = SIMD3(t[1, 4], t[2, 4], t[3, 4])
    translationX = t[4, 1]
    translationY = t[4, 2]
    translationZ = t[4, 3]
    let shift = SIMD3(translationX, translationY, translationZ)
    if w == .zero {
      perspective = SIMD4(0, 0, 0, t[4, 4])
    } else {
      // m·4 = L·p, m44 = t·p + p4: solve L·p = w for the perspective row.
      guard let p = Self.solve(axes, w) else { return nil }
      perspective = SIMD4(p.x, p.y, p.z, t[4, 4] - (shift * p).sum())
    }
    // Gram–Schmidt on the axes: rotation (orthonormal), then the upper-triangular rest.
    func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    var unit: [SIMD3<Double>?] = [nil, nil, nil]
    var scales = [0.0, 0.0, 0.0]
    let tiny = 1e-12 * max(1, axes.map(length).max() ?? 1)
    for i in 0..<3 {
      var v = axes[i]
      for j in 0..<i { if let u = unit[j] { v -= dot(u, axes[i]) * u } }
      let n = length(v)
      if n > tiny {
        scales[i] = n
        unit[i] = v / n
      }
    }
    // Complete a basis where an axis was flattened away (a zero scale).
    for i in 0..<3 where unit[i] == nil {
      let (j, k) = ((i + 1) % 3, (i + 2) % 3)
      if let uj = unit[j], let uk = unit[k] {
        unit[i] = Self.cross(uj, uk)
      } else {
        var e = SIMD3<Double>.zero
        e[i] = 1
        for u in unit.compactMap({ $0 }) { e -= dot(u, e) * u }
        if length(e) < 0.5 {
          e = .zero
          e[j] = 1
          for u in unit.compactMap({ $0 }) { e -= dot(u, e) * u }
        }
        unit[i] = e / length(e)
      }
    }
    var q = unit.map { $0 ?? .zero }
    // A mirror is a negative x scale, not a rotation.
    if dot(Self.cross(q[0], q[1]), q[2]) < 0 {
      q[0] = -q[0]
      scales[0] = -scales[0]
    }
    (scaleX, scaleY, scaleZ) = (scales[0], scales[1], scales[2])
    skewXY = scaleY != 0 ? dot(q[0], axes[1]) / scaleY : 0
    skewXZ = scaleZ != 0 ? dot(q[0], axes[2]) / scaleZ : 0
    skewYZ = scaleZ != 0 ? dot(q[1], axes[2]) / scaleZ : 0
    // Rotation x, then y, then z (row vectors): row i of the rotation is q[i].
    let r20 = q[0].z
    let sinY = -min(max(r20, -1), 1)
    rotationY = CoreMath.atan2(sinY, (1 - sinY * sinY).squareRoot())
    if abs(r20) < 1 - 1e-12 {
      rotationX = CoreMath.atan2(q[1].z, q[2].z)
      rotation = CoreMath.atan2(q[0].y, q[0].x)
    } else {
      // Gimbal lock: the x and z turns share an axis; put it all in z.
      rotationX = 0
      rotation = CoreMath.atan2(-q[1].x, q[1].y)
    }
    // Whatever cannot be represented (shear of a flattened axis, perspective with a zero
    // scale) shows up as a recomposition that does not match.
    let back = matrix
    let size = (0..<16).map { abs(t.m[$0]) }.max() ?? 1
    for i in 0..<16 where abs(back.m[i] - t.m[i]) > 1e-9 * max(1, size) { return nil }
  }

  static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  /// Solves L·p = w for p, where `rows` are L's rows (Σₖ rowsᵢ[k]·p[k] = wᵢ), by Cramer's
  /// rule; nil when L is singular.
  static func solve(_ rows: [SIMD3<Double>], _ w: SIMD3<Double>) -> SIMD3<Double>? {
    func det(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) -> Double {
      (a * cross(b, c)).sum()
    }
    let cols = (0..<3).map { k in SIMD3(rows[0][k], rows[1][k], rows[2][k]) }
    let d = det(cols[0], cols[1], cols[2])
    guard d != 0, d.isFinite else { return nil }
    let p = SIMD3(
      det(w, cols[1], cols[2]) / d, det(cols[0], w, cols[2]) / d, det(cols[0], cols[1], w) / d)
    return p.x.isFinite && p.y.isFinite && p.z.isFinite ? p : nil
  }

  /// One entry of the matrix, read from and written through the components (`transform.m34`).
  package subscript(entry i: Int) -> Double {
    get { matrix.m[i] }
    set {
      var t = matrix
      t.m[i] = newValue
      if let d = LayerTransform(matrix: t) { self = d }
    }
  }
}

// MARK: - Key paths

extension LayerTransform {
  /// The key paths of one CATransform3D property (`transform` or `sublayerTransform`), as
  /// Core Animation names them: scale, rotation and translation per axis, their combined
  /// forms, and the whole matrix (whose fields are `m11` … `m44`). `whose` says whose drawing
  /// it moves, for the summaries. The whole matrix comes last, so that `save` and `export`
  /// write the parts and only add the matrix when skew or perspective need it.
  package static func descriptors(prefix p: String, summary whose: String)
    -> [PropertyDescriptor<LayerTransform>]
  {
    let axes = ["x", "y", "z"]
    func names(_ part: String) -> [String] { axes.map { "\(p).\(part).\($0)" } }
    let scales: [WritableKeyPath<LayerTransform, Double> & Sendable] = [
      \.scaleX, \.scaleY, \.scaleZ,
    ]
    let turns: [WritableKeyPath<LayerTransform, Double> & Sendable] = [
      \.rotationX, \.rotationY, \.rotation,
    ]
    let moves: [WritableKeyPath<LayerTransform, Double> & Sendable] = [
      \.translationX, \.translationY, \.translationZ,
    ]
    let turnSummaries = [
      "turns \(whose) drawing about the horizontal axis: + brings the bottom edge forward",
      "turns \(whose) drawing about the vertical axis: + sends the right edge back",
      "turns \(whose) drawing in its plane; positive turns clockwise on screen",
    ]
    let moveSummaries = [
      "moves \(whose) drawing right", "moves \(whose) drawing down",
      "moves \(whose) drawing toward the viewer (seen only through a perspective)",
    ]
    var rows: [PropertyDescriptor<LayerTransform>] = [
      .number(
        "\(p).scale", \.scale, default: 1,
        summary: "scales \(whose) drawing on every axis; reads the average of the three factors"
      ).combining(names("scale"))
    ]
    for i in 0..<3 {
      rows.append(
        .number(
          names("scale")[i], scales[i], default: 1,
          summary: "scales \(whose) drawing along \(axes[i]) about the anchor point"))
    }
    rows.append(
      .number(
        "\(p).rotation", \.rotation, default: 0, unit: "rad", angle: true,
        summary: turnSummaries[2]))
    for i in 0..<3 {
      let row = PropertyDescriptor<LayerTransform>.number(
        names("rotation")[i], turns[i], default: 0, unit: "rad", angle: true,
        summary: i == 2 ? "another name for the turn in the plane (.rotation)" : turnSummaries[i],
        choice: i == 2
          ? nil
          : "the three turns apply in the order x, then y, then z, after scale and before"
            + " translation; a whole matrix is decomposed into them (Apple does not say)")
      rows.append(i == 2 ? row.alias(of: "\(p).rotation") : row)
    }
    rows.append(
      .size(
        "\(p).translation", \.translationXY, default: Size(0, 0),
        summary: "moves \(whose) drawing by x,y after scaling and turning"
      ).combining(Array(names("translation").prefix(2))))
    for i in 0..<3 {
      rows.append(
        .number(
          names("translation")[i], moves[i], default: 0, unit: "pt", summary: moveSummaries[i]))
    }
    rows.append(
      PropertyDescriptor(
        p, kind: .transform3D, default: .transform(LayerTransform()),
        summary: "\(whose) whole CATransform3D; its fields m11 … m44 are the matrix entries"
          + (p == "sublayerTransform" ? " (m34 = -1/d gives the sublayers a perspective)" : ""),
        choice: "kept as scale, skew, rotation x/y/z, translation and perspective, so that"
          + " every key path reads back what was set; a whole-matrix animation interpolates"
          + " those parts, angles as angles (Apple interpolates the rotation as a quaternion)",
        get: { .transform($0) },
        set: { root, v in if case .transform(let t) = v { root = t } }
      ).combining(names("scale") + names("rotation") + names("translation")))
    return rows
  }

  /// `transform.translation`: the x and y translation as a size.
  var translationXY: Size {
    get { Size(translationX, translationY) }
    set {
      translationX = newValue.width
      translationY = newValue.height
    }
  }
}
