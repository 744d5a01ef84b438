/// Identifies a layer for the scene's lifetime.
package typealias LayerID = Int

/// What a layer is: the scene's root, a plain CALayer or a CAEmitterLayer.
package enum LayerKind: String, Sendable {
  case scene
  case layer
  case emitter
  /// A CAShapeLayer.
  case shape
  /// A CAGradientLayer.
  case gradient
  /// A CAReplicatorLayer.
  case replicator
  /// A CATextLayer.
  case text

  /// The command that adds a layer of this kind (`layer`, `emitter`, `shape`), as `save`
  /// writes it; the root's is `scene`.
  package var commandWord: String { rawValue }

  /// Core Animation's class of this kind, as `export` writes and `import` reads it.
  package var appleClass: String {
    switch self {
    case .scene, .layer: return "CALayer"
    case .emitter: return "CAEmitterLayer"
    case .shape: return "CAShapeLayer"
    case .gradient: return "CAGradientLayer"
    case .replicator: return "CAReplicatorLayer"
    case .text: return "CATextLayer"
    }
  }
}

/// Scene-wide settings, held by the root layer.
package struct SceneSettings: Sendable, Equatable {
  /// The most particles alive at once in the whole scene. Default 2,000,000.
  package var maxParticles = 2_000_000
  /// Pixels per point in snapshots. Default 1.
  package var pixelScale = 1.0
  /// Whether emitters back-fill iOS 7's "future particles" when they start emitting on a
  /// layer whose beginTime was never set (docs/semantics.md, "Future particles"). Default no.
  package var futureParticles = false
  /// How ranges and emission spreads are read (docs/semantics.md, "Readings").
  package var readings = Readings()

  package init() {}
}

/// A node of the layer tree: a CALayer, a CAEmitterLayer, or the scene's root.
package struct Layer: Sendable, Equatable {
  package let id: LayerID
  /// Changed only by `SceneModel.rename`, which keeps the name index in step.
  package internal(set) var name: String
  package let kind: LayerKind
  package internal(set) var parent: LayerID?
  /// Sublayers in insertion order (drawing order also depends on zPosition).
  package internal(set) var sublayers: [LayerID] = []
  package var properties = LayerProperties()
  /// Meaningful for emitter layers only.
  package var emitter = EmitterProperties()
  /// Meaningful for shape layers only.
  package var shape = ShapeProperties()
  /// Meaningful for gradient layers only.
  package var gradient = GradientProperties()
  /// Meaningful for replicator layers only.
  package var replicator = ReplicatorProperties()
  /// Meaningful for text layers only.
  package var text = TextProperties()
  /// The emitter's `emitterCells`, in array order.
  package var cells: [EmitterCell] = []
  /// Meaningful for the root only.
  package var settings = SceneSettings()
  /// Animations in the order they were added (later ones apply over earlier ones). Not part of
  /// what `copy` duplicates.
  package var animations: [LayerAnimation] = []

  init(id: LayerID, name: String, kind: LayerKind, parent: LayerID?) {
    self.id = id
    self.name = name
    self.kind = kind
    self.parent = parent
  }

  /// A layer of `kind` as `layer` and `emitter` add it, holding every default: what `save`
  /// and `export` compare a layer with to write only what differs.
  package static func new(_ kind: LayerKind) -> Layer {
    Layer(id: 0, name: "", kind: kind, parent: nil)
  }

  /// The property table for this layer's kind: CALayer's, plus CAEmitterLayer's for emitters,
  /// plus the scene settings for the root.
  package var descriptors: [PropertyDescriptor<Layer>] {
    switch kind {
    case .scene: return Layer.layerDescriptors + Layer.sceneDescriptors
    case .layer: return Layer.layerDescriptors
    case .emitter: return Layer.layerDescriptors + Layer.emitterDescriptors
    case .shape: return Layer.layerDescriptors + Layer.shapeDescriptors
    case .gradient: return Layer.layerDescriptors + Layer.gradientDescriptors
    case .replicator: return Layer.layerDescriptors + Layer.replicatorDescriptors
    case .text: return Layer.layerDescriptors + Layer.textDescriptors
    }
  }
}
