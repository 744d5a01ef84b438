extension Layer {
  /// CATextLayer's own properties.
  package static let textDescriptors: [PropertyDescriptor<Layer>] = TextProperties.descriptors
    .map { $0.lifted(\Layer.text) }
}

extension TextProperties {
  static let descriptors: [PropertyDescriptor<TextProperties>] = [
    PropertyDescriptor<TextProperties>(
      "string", kind: .string, default: .string(""),
      summary: "the text shown, in double quotes (\"Score: #1\")",
      animatable: false,
      choice: "drawn from the top of the bounds, line by line (a newline in imported text"
        + " breaks one), each line's height the font's;"
        + " clipped to the bounds; no kerning and no ligatures (each character's own advance)",
      get: { .string($0.string) },
      set: { t, v in if case .string(let s) = v { t.string = s } }),
    PropertyDescriptor<TextProperties>(
      "font", kind: .string, default: .string("Helvetica"),
      summary: "the font's family name, in double quotes (\"DejaVu Sans\")",
      animatable: false,
      choice: "a family whose font file Burst found (Debian's fonts-dejavu-core: DejaVu Sans)"
        + " draws with it, by FreeType, unhinted; any other name (Helvetica, SF Pro) draws"
        + " with the default face, DejaVu Sans; with no font file, with Burst's built-in 5×8"
        + " bitmap face scaled to the size. The same font file gives the same pixels",
      get: { .string($0.font) },
      set: { t, v in if case .string(let s) = v { t.font = s } }),
    .number(
      "fontSize", \.fontSize, default: 36, range: 0...Limits.maxMagnitude, unit: "pt",
      summary: "the font's size (its em), in the layer's points",
      choice: "glyphs are rasterised at the size they have on screen (at most"
        + " \(Limits.maxGlyphPixels) px, scaled up past it)"),
    .color(
      "foregroundColor", \.foregroundColor, default: .white, summary: "the text's colour"),
    .enumeration(
      "alignmentMode", \.alignmentMode, default: .natural,
      summary: "where each line sits across the bounds: natural, left, right, center or"
        + " justified",
      choice: "natural is left (left-to-right text); justified lays lines out as left"
        + " (no space is stretched)"),
    .bool(
      "wrapped", \.isWrapped, default: false,
      summary: "whether lines wrap at the bounds' width (at spaces; a longer word is broken)"
    ).swift("isWrapped"),
    .enumeration(
      "truncationMode", \.truncationMode, default: .none,
      summary: "how a line too long for the bounds is cut: none (clipped), start, middle or"
        + " end, with an ellipsis …",
      choice: "an unwrapped line wider than the bounds loses characters where the mode says"
        + " and shows … (three dots when the face has no …); wrapped text that is taller than"
        + " the bounds ends its last whole line with …"),
  ]
}
