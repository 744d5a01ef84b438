/// CALayer's model properties, as `get PATH` prints them.
///
/// Defaults are stated here and in the property table (`Layer.caLayerDescriptors`); the test
/// "a new emitter layer and cell hold exactly their tables' defaults" ties the two.
package struct LayerProperties: Sendable, Equatable {
  /// The layer's own coordinate space: origin and size (pt). Default 0,0,0,0.
  package var bounds = Rect.zero
  /// Where the anchor point lands in the superlayer (pt). Default 0,0.
  package var position = Point.zero
  /// The point of the bounds, in unit coordinates, that `position` places. Default 0.5,0.5.
  package var anchorPoint = Point(0.5, 0.5)
  /// Orders siblings: lower draws first; negative goes under siblings. Default 0.
  package var zPosition = 0.0
  /// Multiplies the alpha of everything the layer draws, down the tree. Default 1.
  package var opacity = 1.0
  package var hidden = false
  package var backgroundColor = Color.clear
  package var cornerRadius = 0.0
  package var borderWidth = 0.0
  package var borderColor = Color.black
  package var masksToBounds = false
  package var contents = ImageRef.none
  package var contentsGravity = ContentsGravity.resize
  /// Image pixels per point of the contents. Default 1.
  package var contentsScale = 1.0
  /// The part of the contents image shown, in unit coordinates. Default 0,0,1,1.
  package var contentsRect = Rect.unit
  /// The transform, decomposed into the key paths Core Animation exposes.
  package var transform = LayerTransform()
  package var timing = MediaTiming()
  /// Properties kept without an effect on what Burst draws (`shouldRasterize`).
  package var kept = KeptValues()

  package init() {}
}

/// A layer transform kept as its key-path components: scale, rotation about z, translation.
/// Applied as translate · rotate · scale about the anchor point.
package struct LayerTransform: Sendable, Equatable {
  package var scaleX = 1.0
  package var scaleY = 1.0
  /// Radians; positive turns clockwise on screen (+y down).
  package var rotation = 0.0
  package var translationX = 0.0
  package var translationY = 0.0

  package init() {}

  /// `transform.scale` reads the average of the scale factors, as Core Animation documents.
  package var scale: Double {
    get { (scaleX + scaleY) / 2 }
    set {
      scaleX = newValue
      scaleY = newValue
    }
  }
}

/// CALayerContentsGravity (how `contents` fills the bounds). As on iOS, the vertical names
/// follow Core Animation's unflipped axis: `bottom` places the image at the top of the screen.
package enum ContentsGravity: String, Sendable, CaseIterable {
  case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
  case topLeft, topRight, bottomLeft, bottomRight
}
