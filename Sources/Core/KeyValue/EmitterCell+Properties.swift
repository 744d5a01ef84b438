extension EmitterCell {
  /// The range rule, stated once for every mean/range pair.
  static let rangeChoice =
    "values are drawn uniformly from [M − R/2, M + R/2] when scene.rangeRule is half, as"
    + " Apple's header on seed says, or from [M − R, M + R] when it is full, as Apple's"
    + " lifetimeRange page says (explain rangeRule)"

  /// CAEmitterCell's properties, with Apple's defaults.
  package static let descriptors: [PropertyDescriptor<EmitterCell>] =
    [
      PropertyDescriptor<EmitterCell>(
        "name", kind: .text, default: .text(""), summary: "the cell's name in key paths",
        animatable: false,
        choice:
          "the cell's random stream is keyed by its name (with the seed and the birth count), so"
          + " renaming a cell changes its future particles, while adding or removing other cells"
          + " does not. Any text real code uses as a name is allowed (a UUID such as 3F2A-9C01,"
          + " dashes, spaces), but not empty and not on two lines; one that is not a plain"
          + " identifier is written in double quotes, also in key paths"
          + " (set like.emitterCells.\"3F2A-9\".birthRate 10). set CELL.name NEW renames it"
          + " (unique among its sibling cells); its animations follow it", writable: false,
        get: { .text($0.name) }, set: { _, _ in }
      ).renaming(),
      .bool(
        "enabled", \.enabled, default: true,
        summary: "a disabled cell emits no new particles (those alive live on)"
      ).swift("isEnabled").changingCounts(),
      .number(
        "birthRate", \.birthRate, default: 0, range: ValueParsing.sane, unit: "particles/s",
        summary: "particles created per second, times the layer's birthRate",
        choice: "births happen when the integral of the rate crosses 1, 2, 3, … (no random"
          + " phase); a negative rate emits nothing"
      ).changingCounts(),
      .number(
        "lifetime", \.lifetime, default: 0, range: ValueParsing.sane, unit: "s",
        summary: "mean seconds a particle lives, times the layer's lifetime",
        choice: "a drawn lifetime ≤ 0 means the particle is never born"
      ).changingCounts(),
      .number(
        "lifetimeRange", \.lifetimeRange, default: 0, range: ValueParsing.sane, unit: "s",
        summary: "range of the lifetime", choice: rangeChoice
      ).spread(of: "lifetime").changingCounts(),
      .number(
        "emissionLatitude", \.emissionLatitude, default: 0, unit: "rad", angle: true,
        summary: "tilt out of the layer plane (0 = in the plane)",
        choice: "direction (cos φ·dx, cos φ·dy, sin φ): latitude 0 stays in the plane"),
      .number(
        "emissionLongitude", \.emissionLongitude, default: 0, unit: "rad", angle: true,
        summary: "direction in the plane: 0 right, -pi/2 up, pi/2 down (a line: 0 up, pi down,"
          + " as scene.lineDirection up says)",
        choice: "for a sub-cell it turns the parent's current velocity direction (its firing"
          + " direction when at rest)"),
      .number(
        "emissionRange", \.emissionRange, default: 0, unit: "rad", angle: true,
        summary: "the spread of directions around the emission direction: a cone's half-angle"
          + " by default (pi = every direction; explain emissionRangeRule)",
        choice: "directions within ±R/2 of the emission direction when scene.emissionRangeRule"
          + " is fullAngle, ±R when it is halfAngle; a flat fan (θc + R·(u − 0.5)) or a 3-D"
          + " cone as scene.emissionCone says; a negative range acts as |R|"
      ).spread(of: "emissionLongitude"),
      .number(
        "velocity", \.velocity, default: 0, unit: "pt/s",
        summary: "initial speed, signed (negative fires backwards), times the layer's velocity",
        choice: "sub-cell particles do not inherit their parent's velocity"),
      .number(
        "velocityRange", \.velocityRange, default: 0, unit: "pt/s",
        summary: "range of the velocity", choice: rangeChoice
      ).spread(of: "velocity"),
      .number(
        "xAcceleration", \.xAcceleration, default: 0, unit: "pt/s²",
        summary: "constant acceleration to the right"),
      .number(
        "yAcceleration", \.yAcceleration, default: 0, unit: "pt/s²",
        summary: "constant acceleration downward (gravity is positive)"),
      .number(
        "zAcceleration", \.zAcceleration, default: 0, unit: "pt/s²",
        summary: "constant acceleration along z"),
      .number(
        "scale", \.scale, default: 1, summary: "initial size factor of the image",
        choice: "a negative scale is drawn with |s|; a sub-cell particle starts at its parent's"
          + " current scale times this"),
      .number(
        "scaleRange", \.scaleRange, default: 0, summary: "range of the scale",
        choice: rangeChoice
      ).spread(of: "scale"),
      .number(
        "scaleSpeed", \.scaleSpeed, default: 0, unit: "1/s",
        summary: "change of the scale per second (not multiplied by the layer's scale)"),
      .number(
        "spin", \.spin, default: 0, unit: "rad/s", angle: true,
        summary: "rotation speed; positive turns clockwise on screen"),
      .number(
        "spinRange", \.spinRange, default: 0, unit: "rad/s", angle: true,
        summary: "range of the spin", choice: rangeChoice
      ).spread(of: "spin"),
      .color(
        "color", \.color, default: .white, summary: "multiplies the image's colours",
        choice: "a sub-cell particle starts at its parent's current colour times this"),
      .number(
        "redRange", \.redRange, default: 0, summary: "range of the red component",
        choice: rangeChoice
      ).spread(of: "color.red"),
      .number(
        "greenRange", \.greenRange, default: 0, summary: "range of the green component",
        choice: rangeChoice
      ).spread(of: "color.green"),
      .number(
        "blueRange", \.blueRange, default: 0, summary: "range of the blue component",
        choice: rangeChoice
      ).spread(of: "color.blue"),
      .number(
        "alphaRange", \.alphaRange, default: 0, summary: "range of the alpha component",
        choice: rangeChoice
      ).spread(of: "color.alpha"),
      .number(
        "redSpeed", \.redSpeed, default: 0, unit: "1/s",
        summary: "change of red per second (clamped to 0…1 only when drawn)"),
      .number(
        "greenSpeed", \.greenSpeed, default: 0, unit: "1/s",
        summary: "change of green per second (clamped to 0…1 only when drawn)"),
      .number(
        "blueSpeed", \.blueSpeed, default: 0, unit: "1/s",
        summary: "change of blue per second (clamped to 0…1 only when drawn)"),
      .number(
        "alphaSpeed", \.alphaSpeed, default: 0, unit: "1/s",
        summary: "change of alpha per second: -1 fades an opaque particle out in 1 s"),
      .image(
        "contents", \.contents,
        summary: "the particle's image: a built-in name, a PNG path or drawing(W,H PATH"
          + " fillColor=…); none makes it invisible (it still lives and emits)"),
      .rect(
        "contentsRect", \.contentsRect, default: .unit, unit: "unit",
        summary: "the part of the image used, in unit coordinates"),
      .number(
        "contentsScale", \.contentsScale, default: 1, range: 0.001...1000, unit: "px/pt",
        summary: "image pixels per point: 2 draws a @2x image at half size"),
      .enumeration(
        "magnificationFilter", \.magnificationFilter, default: .linear,
        summary: "how an image drawn larger than its pixels is sampled (nearest is blocky)",
        choice: ContentsFilter.magnificationChoice),
      .enumeration(
        "minificationFilter", \.minificationFilter, default: .linear,
        summary: "how an image drawn smaller than its pixels is sampled",
        choice: ContentsFilter.minificationChoice),
      .number(
        "minificationFilterBias", \.minificationFilterBias, default: 0, range: -64...64,
        summary: "added to the mip level chosen when minifying with trilinear",
        choice: ContentsFilter.biasChoice),
    ] + MediaTiming.descriptors.map { $0.lifted(\EmitterCell.timing) }
}
