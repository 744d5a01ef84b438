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
  /// Whether the layer shows when turned away from the viewer. Default yes.
  package var doubleSided = true
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
  /// How contents are sampled when drawn larger than their pixels. Default linear.
  package var magnificationFilter = ContentsFilter.linear
  /// How contents are sampled when drawn smaller than their pixels. Default linear.
  package var minificationFilter = ContentsFilter.linear
  /// Added to the mip level of detail when minifying with trilinear. Default 0.
  package var minificationFilterBias = 0.0
  /// The shadow's colour (its alpha multiplies shadowOpacity). Default opaque black.
  package var shadowColor = Color.black
  /// The shadow's opacity, 0…1; 0 draws no shadow. Default 0.
  package var shadowOpacity = 0.0
  /// The shadow's blur: the Gaussian's standard deviation (pt). Default 3.
  package var shadowRadius = 3.0
  /// Where the shadow is drawn relative to the layer (pt, +y down on screen). Default 0,-3.
  package var shadowOffset = Size(0, -3)
  /// The shape casting the shadow, in the layer's coordinates: a rect, with rounded corners
  /// when its radius is above 0; an empty rect (the default) means none: the layer's own
  /// alpha casts it.
  package var shadowPath = ShapePath.empty
  /// The name of the layer whose alpha masks this one's drawing (Apple's `mask`); empty: none.
  package var mask = ""
  /// The transform, decomposed into the key paths Core Animation exposes.
  package var transform = LayerTransform()
  /// The transform applied to the sublayers (not the layer's own drawing) about the anchor
  /// point: a perspective (`m34 = −1/d`) for the sublayers turned in 3-D.
  package var sublayerTransform = LayerTransform()
  package var timing = MediaTiming()
  /// Properties kept without an effect on what Burst draws (`shouldRasterize`).
  package var kept = KeptValues()

  package init() {}
}

/// CALayerContentsGravity (how `contents` fills the bounds). As on iOS, the vertical names
/// follow Core Animation's unflipped axis: `bottom` places the image at the top of the screen.
package enum ContentsGravity: String, Sendable, CaseIterable, AppleEnumeration {
  case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
  case topLeft, topRight, bottomLeft, bottomRight

  package static let constantNames = ConstantNames(
    swiftType: "CALayerContentsGravity", objcPrefix: "kCAGravity")
}

/// CALayerContentsFilter: how an image is sampled when drawn larger (magnification) or smaller
/// (minification) than its pixels (docs/semantics.md, "Drawing").
package enum ContentsFilter: String, Sendable, CaseIterable, AppleEnumeration {
  case linear, nearest, trilinear

  package static let constantNames = ConstantNames(
    swiftType: "CALayerContentsFilter", objcPrefix: "kCAFilter")
}
