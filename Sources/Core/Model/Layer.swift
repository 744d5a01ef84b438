/// Identifies a layer for the scene's lifetime.
public typealias LayerID = Int

/// What a layer is: the scene's root, a plain CALayer or a CAEmitterLayer.
public enum LayerKind: String, Sendable {
  case scene
  case layer
  case emitter
}

/// Scene-wide settings, held by the root layer.
public struct SceneSettings: Sendable, Equatable {
  /// The most particles alive at once in the whole scene. Default 2,000,000.
  public var maxParticles = 2_000_000
  /// Pixels per point in snapshots. Default 1.
  public var pixelScale = 1.0

  public init() {}
}

/// A node of the layer tree: a CALayer, a CAEmitterLayer, or the scene's root.
public struct Layer: Sendable, Equatable {
  public let id: LayerID
  public let name: String
  public let kind: LayerKind
  public internal(set) var parent: LayerID?
  /// Sublayers in insertion order (drawing order also depends on zPosition).
  public internal(set) var sublayers: [LayerID] = []
  public var properties = LayerProperties()
  /// Meaningful for emitter layers only.
  public var emitter = EmitterProperties()
  /// The emitter's `emitterCells`, in array order.
  public var cells: [EmitterCell] = []
  /// Meaningful for the root only.
  public var settings = SceneSettings()
  /// Animations in the order they were added (later ones apply over earlier ones). Not part of
  /// what `copy` duplicates.
  public var animations: [LayerAnimation] = []

  init(id: LayerID, name: String, kind: LayerKind, parent: LayerID?) {
    self.id = id
    self.name = name
    self.kind = kind
    self.parent = parent
  }

  /// A layer of `kind` as `layer` and `emitter` add it, holding every default: what `save`
  /// and `export` compare a layer with to write only what differs.
  public static func new(_ kind: LayerKind) -> Layer {
    Layer(id: 0, name: "", kind: kind, parent: nil)
  }

  /// The property table for this layer's kind: CALayer's, plus CAEmitterLayer's for emitters,
  /// plus the scene settings for the root.
  public var descriptors: [PropertyDescriptor<Layer>] {
    switch kind {
    case .scene: return Layer.layerDescriptors + Layer.sceneDescriptors
    case .layer: return Layer.layerDescriptors
    case .emitter: return Layer.layerDescriptors + Layer.emitterDescriptors
    }
  }
}
