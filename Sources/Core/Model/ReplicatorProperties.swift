/// CAReplicatorLayer's own properties (beyond CALayer's), with Apple's defaults.
package struct ReplicatorProperties: Sendable, Equatable {
  /// How many copies of the sublayers are drawn, the sublayers themselves included. Default 1.
  package var instanceCount = 1
  /// The transform that takes instance k − 1 to instance k, about the centre of the
  /// replicator's bounds. Default the identity.
  package var instanceTransform = LayerTransform()
  /// How much earlier (s) each instance's animations are seen than the one before. Default 0.
  package var instanceDelay = 0.0
  /// The colour the first instance's drawing is multiplied by. Default opaque white.
  package var instanceColor = Color.white
  /// Added to the multiplying colour's components once per instance. Default 0.
  package var instanceRedOffset = 0.0
  package var instanceGreenOffset = 0.0
  package var instanceBlueOffset = 0.0
  package var instanceAlphaOffset = 0.0
  /// Whether the sublayers keep their depth (a transform layer's) or are flattened. Default no.
  package var preservesDepth = false

  package init() {}

  /// The colour instance `i`'s drawing is multiplied by: instanceColor plus `i` times the
  /// offsets, each component clamped to 0…1.
  package func color(ofInstance i: Int) -> Color {
    func c(_ base: Double, _ offset: Double) -> Double {
      let v = base + Double(i) * offset
      return v.isFinite ? min(max(v, 0), 1) : (v > 0 ? 1 : 0)
    }
    return Color(
      c(instanceColor.red, instanceRedOffset), c(instanceColor.green, instanceGreenOffset),
      c(instanceColor.blue, instanceBlueOffset), c(instanceColor.alpha, instanceAlphaOffset))
  }

  /// Instance `i`'s map in the replicator's own space: instanceTransform applied `i` times about
  /// the centre `(cx, cy)` of the replicator's bounds.
  package func transform(ofInstance i: Int, centerX cx: Double, centerY cy: Double) -> Matrix3D {
    let step = instanceTransform.matrix
    var m = Matrix3D.identity
    for _ in 0..<max(i, 0) { m = m.concatenating(step) }
    return Matrix3D.translation(-cx, -cy, 0).concatenating(m).concatenating(
      .translation(cx, cy, 0))
  }
}
