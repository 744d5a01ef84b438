/// Identifies a cell for the scene's lifetime (stable across renames of siblings and edits).
public typealias CellID = Int

/// A CAEmitterCell: the template its particles copy their randomised values from at birth.
///
/// Values with a mean and a range are drawn uniformly from [M − R/2, M + R/2].
///
/// The defaults below are Apple's, and stated a second time in the property table
/// (`EmitterCell.descriptors`), which `keys`, `explain`, `save` and `export` read: Swift needs
/// the stored values, the table needs them as values. The test "a new emitter layer and cell
/// hold exactly their tables' defaults" ties the two, so they cannot drift apart.
public struct EmitterCell: Sendable, Equatable {
  public internal(set) var id: CellID
  public let name: String
  public var enabled = true
  public var birthRate = 0.0
  public var lifetime = 0.0
  public var lifetimeRange = 0.0
  public var emissionLatitude = 0.0
  public var emissionLongitude = 0.0
  public var emissionRange = 0.0
  public var velocity = 0.0
  public var velocityRange = 0.0
  public var xAcceleration = 0.0
  public var yAcceleration = 0.0
  public var zAcceleration = 0.0
  public var scale = 1.0
  public var scaleRange = 0.0
  public var scaleSpeed = 0.0
  public var spin = 0.0
  public var spinRange = 0.0
  public var color = Color.white
  public var redRange = 0.0
  public var greenRange = 0.0
  public var blueRange = 0.0
  public var alphaRange = 0.0
  public var redSpeed = 0.0
  public var greenSpeed = 0.0
  public var blueSpeed = 0.0
  public var alphaSpeed = 0.0
  public var contents = ImageRef.none
  public var contentsRect = Rect.unit
  public var contentsScale = 1.0
  public var timing = MediaTiming()
  /// Sub-cells: every particle of this cell emits them.
  public var cells: [EmitterCell] = []

  public init(id: CellID, name: String) {
    self.id = id
    self.name = name
  }

}
