extension Layer {
  /// CAShapeLayer's own properties.
  package static let shapeDescriptors: [PropertyDescriptor<Layer>] = ShapeProperties.descriptors
    .map { $0.lifted(\Layer.shape) }
}

extension ShapeProperties {
  /// (choice) How a path animates, for `path`'s row and the docs.
  static let pathAnimationChoice =
    "the path is drawn as its elements flattened into at most \(Limits.maxCurvePieces) straight"
    + " pieces per curve (fewer when small on screen). Two paths with the same element list"
    + " animate point by point, every number of every element interpolated; when the element"
    + " lists differ (iOS's result is undefined-looking), Burst does not mix them: the"
    + " animation shows its from and to paths only at its ends and the model's path between"

  static let descriptors: [PropertyDescriptor<ShapeProperties>] = [
    PropertyDescriptor<ShapeProperties>(
      "path", kind: .path, default: .path(.empty), unit: "pt",
      summary: "the shape, in the layer's coordinates: path(moveTo 10,50 lineTo 40,80 close),"
        + " ellipse(x,y,w,h), rect(x,y,w,h), roundedRect(x,y,w,h,r), or none",
      choice: pathAnimationChoice,
      get: { .path($0.path) },
      set: { p, v in if case .path(let path) = v { p.path = path } }),
    .color(
      "fillColor", \.fillColor, default: .black,
      summary: "fills the path's inside (clear leaves it unfilled)"),
    .enumeration(
      "fillRule", \.fillRule, default: .nonZero,
      summary: "what is inside: nonZero (winding number not 0) or evenOdd (odd crossings)"),
    .color(
      "strokeColor", \.strokeColor, default: .clear,
      summary: "colour of the stroke along the path (clear, Apple's nil: none)"),
    .number(
      "lineWidth", \.lineWidth, default: 1, range: 0...Limits.maxMagnitude, unit: "pt",
      summary: "the stroke's width, centred on the path"),
    .number(
      "strokeStart", \.strokeStart, default: 0, range: 0...1, unit: "fraction",
      summary: "where along the path (0…1 of its length) the stroke starts",
      choice: "the length is measured over every subpath in order, curves by their flattened"
        + " pieces; a start after the end draws nothing"),
    .number(
      "strokeEnd", \.strokeEnd, default: 1, range: 0...1, unit: "fraction",
      summary: "where along the path (0…1 of its length) the stroke ends"),
    .enumeration(
      "lineCap", \.lineCap, default: .butt,
      summary: "the ends of open strokes and dashes: butt, round or square"),
    .enumeration(
      "lineJoin", \.lineJoin, default: .miter,
      summary: "the corners between pieces of the stroke: miter, round or bevel"),
    .number(
      "miterLimit", \.miterLimit, default: 10, range: 0...Limits.maxMagnitude,
      summary: "the longest miter, as a multiple of lineWidth, before the corner is beveled"),
    PropertyDescriptor<ShapeProperties>(
      "lineDashPattern", kind: .numberList(0...Limits.maxMagnitude), default: .numbers([]),
      unit: "pt", summary: "painted and unpainted lengths along the stroke, alternating: [6, 3]",
      animatable: false,
      choice: "an odd count repeats the list once more (as Core Graphics does); a list that"
        + " sums to 0 draws a solid line",
      get: { .numbers($0.lineDashPattern) },
      set: { p, v in if case .numbers(let n) = v { p.lineDashPattern = n } }),
    .number(
      "lineDashPhase", \.lineDashPhase, default: 0, unit: "pt",
      summary: "how far into the dash pattern the stroke starts"),
  ]
}
