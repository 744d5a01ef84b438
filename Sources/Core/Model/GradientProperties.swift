/// CAGradientLayer's own properties (beyond CALayer's), with Apple's defaults.
package struct GradientProperties: Sendable, Equatable {
  /// The colours along the gradient. Default none (Apple's nil: nothing is drawn).
  package var colors: [Color] = []
  /// Where each colour stops, 0…1 along the gradient. Default none: evenly spaced.
  package var locations: [Double] = []
  /// Where the gradient starts, in the unit coordinates of the bounds. Default 0.5,0.
  package var startPoint = Point(0.5, 0)
  /// Where the gradient ends, in the unit coordinates of the bounds. Default 0.5,1.
  package var endPoint = Point(0.5, 1)
  package var type = GradientType.axial

  package init() {}
}

/// CAGradientLayerType.
package enum GradientType: String, Sendable, CaseIterable, AppleEnumeration {
  case axial, radial, conic

  package static let constantNames = ConstantNames(
    swiftType: "CAGradientLayerType", objcPrefix: "kCAGradientLayer")
}
