/// CAShapeLayer's own properties (beyond CALayer's), with Apple's defaults.
package struct ShapeProperties: Sendable, Equatable, Hashable {
  /// The shape, in the layer's coordinates. Default none (nil: nothing is drawn).
  package var path = ShapePath.empty
  /// Fills the path's inside. Default opaque black; `clear` leaves it unfilled.
  package var fillColor = Color.black
  package var fillRule = FillRule.nonZero
  /// Strokes the path. Default clear (Apple's nil): no stroke.
  package var strokeColor = Color.clear
  /// The stroke's width (pt). Default 1.
  package var lineWidth = 1.0
  /// Where the stroke starts and ends, as fractions of the path's length. Default 0 and 1.
  package var strokeStart = 0.0
  package var strokeEnd = 1.0
  package var lineCap = LineCap.butt
  package var lineJoin = LineJoin.miter
  /// The longest miter, as a multiple of the line width, before a miter join is beveled.
  /// Default 10.
  package var miterLimit = 10.0
  /// Lengths of painted and unpainted dash segments (pt), alternating. Default none.
  package var lineDashPattern: [Double] = []
  /// How far into the dash pattern the stroke starts (pt). Default 0.
  package var lineDashPhase = 0.0

  package init() {}
}

/// CAShapeLayerFillRule.
package enum FillRule: String, Sendable, CaseIterable, AppleEnumeration {
  case nonZero, evenOdd

  package static let constantNames = ConstantNames(
    swiftType: "CAShapeLayerFillRule", objcPrefix: "kCAFillRule")
}

/// CAShapeLayerLineCap.
package enum LineCap: String, Sendable, CaseIterable, AppleEnumeration {
  case butt, round, square

  package static let constantNames = ConstantNames(
    swiftType: "CAShapeLayerLineCap", objcPrefix: "kCALineCap")
}

/// CAShapeLayerLineJoin.
package enum LineJoin: String, Sendable, CaseIterable, AppleEnumeration {
  case miter, round, bevel

  package static let constantNames = ConstantNames(
    swiftType: "CAShapeLayerLineJoin", objcPrefix: "kCALineJoin")
}
