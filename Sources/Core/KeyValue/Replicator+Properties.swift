extension Layer {
  /// CAReplicatorLayer's own properties.
  package static let replicatorDescriptors: [PropertyDescriptor<Layer>] = ReplicatorProperties
    .descriptors.map { $0.lifted(\Layer.replicator) }
}

extension ReplicatorProperties {
  /// (choice) What an emitter's particles do inside a replicator, for `explain` and the docs.
  static let particlesChoice =
    "an emitter inside a replicator is simulated once: every instance draws the same particles,"
    + " as they are at the current time, through that instance's transform and colour (the"
    + " emitter layer's own animated properties follow the instance's delayed time, as every"
    + " layer's do)"

  static let descriptors: [PropertyDescriptor<ReplicatorProperties>] =
    [
      PropertyDescriptor<ReplicatorProperties>(
        "instanceCount", kind: .integer(0...Double(Limits.maxInstanceCount)),
        default: .number(1), unit: "instances",
        summary: "how many copies of the sublayers are drawn, the sublayers themselves included",
        choice: "at most \(Limits.maxInstanceCount) (a simulator bound). An animation of it"
          + " steps: the count shown is the interpolated value rounded down, a whole number of"
          + " instances at every instant. Particles: " + particlesChoice,
        get: { .number(Double($0.instanceCount)) },
        set: { r, v in
          // The kind's range bounds a set value; a presented (interpolated) one is clamped.
          if let n = v.number, n.isFinite {
            r.instanceCount = Int(min(max(n, 0), Double(Limits.maxInstanceCount)).rounded(.down))
          }
        }),
      .number(
        "instanceDelay", \.instanceDelay, default: 0, unit: "s",
        summary: "how much later each instance shows its sublayers' animations than the one"
          + " before: instance i is drawn as they are at t − i × instanceDelay",
        choice: "instance i's sublayers are presented at scene time t − i × instanceDelay, so an"
          + " animation that has not begun there shows the model value, as on iOS; particles"
          + " are the exception: " + particlesChoice),
      .color(
        "instanceColor", \.instanceColor, default: .white,
        summary: "the colour the first instance's drawing is multiplied by (opaque white: none)"),
      .number(
        "instanceRedOffset", \.instanceRedOffset, default: 0, unit: "per instance",
        summary: "added to the multiplying colour's red once per instance",
        choice: "instance i multiplies by instanceColor + i × the offsets, each component"
          + " clamped to 0…1"),
      .number(
        "instanceGreenOffset", \.instanceGreenOffset, default: 0, unit: "per instance",
        summary: "added to the multiplying colour's green once per instance"),
      .number(
        "instanceBlueOffset", \.instanceBlueOffset, default: 0, unit: "per instance",
        summary: "added to the multiplying colour's blue once per instance"),
      .number(
        "instanceAlphaOffset", \.instanceAlphaOffset, default: 0, unit: "per instance",
        summary: "added to the multiplying colour's alpha once per instance"),
      .bool(
        "preservesDepth", \.preservesDepth, default: false,
        summary: "whether the instances keep their depth (a transform layer's) or are flattened",
        choice: "stored; the instances are always flattened into the replicator's plane and"
          + " drawn in instance order (no depth sort)"),
    ]
    + LayerTransform.descriptors(
      prefix: "instanceTransform", summary: "each next instance's"
    ).map { $0.lifted(\ReplicatorProperties.instanceTransform) }
}
