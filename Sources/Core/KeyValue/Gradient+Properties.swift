extension Layer {
  /// CAGradientLayer's own properties.
  package static let gradientDescriptors: [PropertyDescriptor<Layer>] = GradientProperties
    .descriptors.map { $0.lifted(\Layer.gradient) }
}

extension GradientProperties {
  static let descriptors: [PropertyDescriptor<GradientProperties>] = [
    PropertyDescriptor<GradientProperties>(
      "colors", kind: .colorList, default: .colors([]),
      summary: "the colours along the gradient, in square brackets: [red, #0000ff]",
      choice: "colours are interpolated component by component, unpremultiplied, as Core"
        + " Graphics does in sRGB; one colour fills the bounds; none (nil) draws nothing."
        + " Animating colors interpolates entry by entry when the two lists are as long",
      get: { .colors($0.colors) },
      set: { g, v in if case .colors(let c) = v { g.colors = c } }),
    PropertyDescriptor<GradientProperties>(
      "locations", kind: .numberList(ValueParsing.sane), default: .numbers([]),
      unit: "fraction",
      summary: "where each colour stops along the gradient (0…1), in square brackets",
      choice: "none (nil), or a list not as long as colors, spaces the colours evenly, as"
        + " iOS does; before the first stop the first colour, after the last the last",
      get: { .numbers($0.locations) },
      set: { g, v in if case .numbers(let n) = v { g.locations = n } }),
    .point(
      "startPoint", \.startPoint, default: Point(0.5, 0), unit: "unit",
      summary: "where the gradient starts, in the bounds' unit coordinates (radial, conic: the"
        + " centre)"),
    .point(
      "endPoint", \.endPoint, default: Point(0.5, 1), unit: "unit",
      summary: "where it ends: axial, the end of the line; radial, the edge of the ellipse"
        + " (radii |end − start| each way); conic, the direction of angle 0"),
    .enumeration(
      "type", \.type, default: .axial,
      summary: "axial (along a line), radial (ellipses around startPoint) or conic (a sweep"
        + " around startPoint)",
      choice: "conic sweeps a full turn clockwise on screen from endPoint's direction"),
  ]
}
