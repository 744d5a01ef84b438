/// CAEmitterLayer's own properties (beyond CALayer's).
///
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply the cells' values **at
/// birth only**: changing them never alters particles already alive.
public struct EmitterProperties: Sendable, Equatable {
  public var birthRate = 1.0
  public var lifetime = 1.0
  public var velocity = 1.0
  public var scale = 1.0
  public var spin = 1.0
  public var emitterPosition = Point.zero
  public var emitterZPosition = 0.0
  public var emitterSize = Size.zero
  public var emitterDepth = 0.0
  public var emitterShape = EmitterShape.point
  public var emitterMode = EmitterMode.volume
  public var renderMode = RenderMode.unordered
  public var preservesDepth = false
  /// Seeds the layer's random generator. Default 0.
  public var seed = 0

  public init() {}
}

/// CAEmitterLayerEmitterShape.
public enum EmitterShape: String, Sendable, CaseIterable {
  case point, line, rectangle, cuboid, circle, sphere
}

/// CAEmitterLayerEmitterMode.
public enum EmitterMode: String, Sendable, CaseIterable {
  case points, outline, surface, volume
}

/// CAEmitterLayerRenderMode.
public enum RenderMode: String, Sendable, CaseIterable {
  case unordered, oldestFirst, oldestLast, backToFront, additive
}
