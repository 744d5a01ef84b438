/// CATextLayer's own properties (beyond CALayer's), with Apple's defaults.
package struct TextProperties: Sendable, Equatable {
  /// The text shown. Default none (nil: nothing is drawn).
  package var string = ""
  /// The font's family name. Default Helvetica (Apple's), drawn with the default face here.
  package var font = "Helvetica"
  /// The font's size (pt). Default 36.
  package var fontSize = 36.0
  /// The text's colour. Default opaque white.
  package var foregroundColor = Color.white
  package var alignmentMode = TextAlignment.natural
  /// Whether lines wrap at the bounds' width. Default no.
  package var isWrapped = false
  package var truncationMode = TextTruncation.none

  package init() {}
}

/// CATextLayerAlignmentMode.
package enum TextAlignment: String, Sendable, CaseIterable, AppleEnumeration {
  case natural, left, right, center, justified

  package static let constantNames = ConstantNames(
    swiftType: "CATextLayerAlignmentMode", objcPrefix: "kCAAlignment")
}

/// CATextLayerTruncationMode.
package enum TextTruncation: String, Sendable, CaseIterable, AppleEnumeration {
  case none, start, middle, end

  package static let constantNames = ConstantNames(
    swiftType: "CATextLayerTruncationMode", objcPrefix: "kCATruncation")
}
