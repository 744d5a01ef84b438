/// Identifies a cell for the scene's lifetime (stable across renames of siblings and edits).
package typealias CellID = Int

/// A CAEmitterCell: the template its particles copy their randomised values from at birth.
///
/// Values with a mean and a range are drawn uniformly from [M − R/2, M + R/2].
///
/// The defaults below are Apple's, and stated a second time in the property table
/// (`EmitterCell.descriptors`), which `keys`, `explain`, `save` and `export` read: Swift needs
/// the stored values, the table needs them as values. The test "a new emitter layer and cell
/// hold exactly their tables' defaults" ties the two, so they cannot drift apart.
package struct EmitterCell: Sendable, Equatable {
  package internal(set) var id: CellID
  /// Changed only by `SceneModel.rename`.
  package internal(set) var name: String
  package var enabled = true
  package var birthRate = 0.0
  package var lifetime = 0.0
  package var lifetimeRange = 0.0
  var emissionLatitude = 0.0
  package var emissionLongitude = 0.0
  package var emissionRange = 0.0
  package var velocity = 0.0
  package var velocityRange = 0.0
  package var xAcceleration = 0.0
  package var yAcceleration = 0.0
  package var zAcceleration = 0.0
  package var scale = 1.0
  package var scaleRange = 0.0
  package var scaleSpeed = 0.0
  package var spin = 0.0
  package var spinRange = 0.0
  package var color = Color.white
  package var redRange = 0.0
  package var greenRange = 0.0
  package var blueRange = 0.0
  package var alphaRange = 0.0
  package var redSpeed = 0.0
  package var greenSpeed = 0.0
  package var blueSpeed = 0.0
  package var alphaSpeed = 0.0
  package var contents = ImageRef.none
  package var contentsRect = Rect.unit
  package var contentsScale = 1.0
  package var magnificationFilter = ContentsFilter.linear
  package var minificationFilter = ContentsFilter.linear
  package var minificationFilterBias = 0.0
  package var timing = MediaTiming()
  /// Sub-cells: every particle of this cell emits them.
  package var cells: [EmitterCell] = []

  package init(id: CellID, name: String) {
    self.id = id
    self.name = name
  }

}
