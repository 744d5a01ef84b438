// Where each layer stands: the transforms from a layer's coordinates to its parent's and the
// scene's (position, anchor point, 2-D and 3-D transform), and the frame its contents fill
// (contentsGravity, contentsRect). The renderer's tree walk (SceneRenderer.swift) reads them.

extension SceneRenderer {
  /// Maps a layer's own coordinates to the scene's (the root's bounds), through every
  /// ancestor's position, anchor point and transform.
  package static func transformToScene(_ model: SceneModel, _ id: LayerID) -> Projective2D {
    var m = Projective2D(Affine2D.identity)
    var cur: LayerID? = id
    while let c = cur, c != SceneModel.rootID, let l = model.layer(c) {
      m = Projective2D.compose(toParent(l, in: model), m)
      cur = l.parent
    }
    return m
  }

  /// `m1 ∘ m2`: apply `m2`, then `m1`.
  static func compose(_ m1: Affine2D, _ m2: Affine2D) -> Affine2D {
    Affine2D(
      a: m1.a * m2.a + m1.c * m2.b, b: m1.b * m2.a + m1.d * m2.b,
      c: m1.a * m2.c + m1.c * m2.d, d: m1.b * m2.c + m1.d * m2.d,
      tx: m1.a * m2.tx + m1.c * m2.ty + m1.tx, ty: m1.b * m2.tx + m1.d * m2.ty + m1.ty)
  }

  /// Maps a layer's own coordinates to its superlayer's: the anchor point of the bounds goes
  /// to `position` (and `zPosition`), through the layer's transform about it, then through the
  /// superlayer's sublayerTransform about the superlayer's anchor point, and is flattened into
  /// the superlayer's plane (z dropped) as Core Animation flattens a plain layer's sublayers.
  /// A planar transform under a superlayer without a sublayerTransform keeps the exact 2-D
  /// arithmetic: translation · rotation · scale about the anchor point.
  static func toParent(_ l: Layer, in model: SceneModel) -> Projective2D {
    let p = l.properties
    let t = p.transform
    let (ax, ay) = anchor(p)
    let above = l.parent.flatMap { model.layer($0)?.properties }
    let sublayerTransform = above?.sublayerTransform ?? LayerTransform()
    if t.isPlanar && sublayerTransform.isIdentity {
      var m = Affine2D.translation(
        x: p.position.x + t.translationX, y: p.position.y + t.translationY)
      m = compose(m, .rotation(t.rotation))
      m = compose(m, .scale(x: t.scaleX, y: t.scaleY))
      return Projective2D(compose(m, .translation(x: -ax, y: -ay)))
    }
    return toParent3D(l, in: model).planar
  }

  /// The layer's space (x, y and z) mapped into its superlayer's 3-D space, before flattening:
  /// anchor point to (position, zPosition) through the transform, then the superlayer's
  /// sublayerTransform about the superlayer's anchor point. Particles of an emitter that
  /// preserves depth go through this with their z.
  static func toParent3D(_ l: Layer, in model: SceneModel) -> Matrix3D {
    let p = l.properties
    let (ax, ay) = anchor(p)
    let above = l.parent.flatMap { model.layer($0)?.properties }
    var m = Matrix3D.translation(-ax, -ay, 0).concatenating(p.transform.matrix)
      .concatenating(.translation(p.position.x, p.position.y, p.zPosition))
    if let above, !above.sublayerTransform.isIdentity {
      let (px, py) = anchor(above)
      m = m.concatenating(.translation(-px, -py, 0))
        .concatenating(above.sublayerTransform.matrix).concatenating(.translation(px, py, 0))
    }
    return m
  }

  /// The anchor point in the layer's own coordinates.
  static func anchor(_ p: LayerProperties) -> (Double, Double) {
    (
      p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
      p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
    )
  }

  /// Whether a layer's 3-D map into its superlayer leaves every point's x and y independent
  /// of its z (no turn out of the plane, no perspective), so that preserving depth changes
  /// nothing drawn and the flat path is kept.
  static func keepsDepthFlat(_ m: Matrix3D) -> Bool {
    m[3, 1] == 0 && m[3, 2] == 0 && m[3, 4] == 0 && m[1, 4] == 0 && m[2, 4] == 0
  }

  /// Whether a layer mapped to the canvas by `m` is seen from behind: its drawing is mirrored
  /// where its bounds' centre lands (or that point is behind the viewer).
  static func turnedAway(_ p: LayerProperties, _ m: Projective2D) -> Bool {
    guard let local = m.local(at: p.bounds.center) else { return true }
    return local.determinant < 0
  }

  /// Where a layer's contents image goes in its own coordinates, by contentsGravity: resize
  /// stretches it over the bounds, resizeAspect fits and resizeAspectFill fills keeping the
  /// aspect ratio, and the rest place it at its natural size (pixels / contentsScale). Vertical
  /// names follow Core Animation's unflipped axis, as on iOS: `bottom` is the top of the screen.
  /// The pixels of an `n`-pixel image that a contentsRect extent of `fraction` shows: at least 1,
  /// and at most 10⁹, because a presented contentsRect may be huge or NaN while an animation
  /// with an extreme bezier timing function runs, and the conversion to Int must not trap.
  static func shownPixels(_ n: Int, _ fraction: Double) -> Int {
    let shown = (Double(n) * abs(fraction)).rounded()
    guard shown.isFinite else { return 1 }
    return Int(min(max(shown, 1), 1e9))
  }

  static func contentsFrame(_ p: LayerProperties, imageWidth: Int, imageHeight: Int) -> Rect {
    let b = p.bounds
    let iw = Double(imageWidth) / max(p.contentsScale, 1e-9)
    let ih = Double(imageHeight) / max(p.contentsScale, 1e-9)
    guard iw > 0, ih > 0 else { return b }
    var w = iw
    var h = ih
    switch p.contentsGravity {
    case .resize:
      return b
    case .resizeAspect, .resizeAspectFill:
      let fit = min(b.size.width / iw, b.size.height / ih)
      let fill = max(b.size.width / iw, b.size.height / ih)
      let k = p.contentsGravity == .resizeAspect ? fit : fill
      w = iw * k
      h = ih * k
    default:
      break
    }
    let g = p.contentsGravity.rawValue.lowercased()
    var x = b.origin.x + (b.size.width - w) / 2
    var y = b.origin.y + (b.size.height - h) / 2
    if g.hasSuffix("left") { x = b.origin.x }
    if g.hasSuffix("right") { x = b.origin.x + b.size.width - w }
    if g.hasPrefix("bottom") { y = b.origin.y }
    if g.hasPrefix("top") { y = b.origin.y + b.size.height - h }
    return Rect(x, y, w, h)
  }
}
