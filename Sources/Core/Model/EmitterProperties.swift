/// CAEmitterLayer's own properties (beyond CALayer's).
///
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply the cells' values **at
/// birth only**: changing them never alters particles already alive.
package struct EmitterProperties: Sendable, Equatable {
  package var birthRate = 1.0
  package var lifetime = 1.0
  package var velocity = 1.0
  package var scale = 1.0
  package var spin = 1.0
  package var emitterPosition = Point.zero
  package var emitterZPosition = 0.0
  package var emitterSize = Size.zero
  package var emitterDepth = 0.0
  package var emitterShape = EmitterShape.point
  package var emitterMode = EmitterMode.volume
  package var renderMode = RenderMode.unordered
  package var preservesDepth = false
  /// Seeds the layer's random generator. Default 0.
  package var seed = 0
  /// `emitterBehaviors` (a private API), in array order: see `EmitterBehavior`.
  package var behaviors: [EmitterBehavior] = []

  package init() {}
}

/// CAEmitterLayerEmitterShape.
package enum EmitterShape: String, Sendable, CaseIterable, AppleEnumeration {
  case point, line, rectangle, cuboid, circle, sphere

  package static let constantNames = ConstantNames(
    swiftType: "CAEmitterLayerEmitterShape", objcPrefix: "kCAEmitterLayer")
}

/// CAEmitterLayerEmitterMode.
package enum EmitterMode: String, Sendable, CaseIterable, AppleEnumeration {
  case points, outline, surface, volume

  package static let constantNames = ConstantNames(
    swiftType: "CAEmitterLayerEmitterMode", objcPrefix: "kCAEmitterLayer")
}

/// CAEmitterLayerRenderMode.
package enum RenderMode: String, Sendable, CaseIterable, AppleEnumeration {
  case unordered, oldestFirst, oldestLast, backToFront, additive

  package static let constantNames = ConstantNames(
    swiftType: "CAEmitterLayerRenderMode", objcPrefix: "kCAEmitterLayer")
}
