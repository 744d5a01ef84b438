extension MediaTiming {
  /// CAMediaTiming's properties, shared by layers and cells.
  /// Every one decides when an object's clock runs, so animating any changes birth counts.
  package static let descriptors: [PropertyDescriptor<MediaTiming>] =
    ([
      .number(
        "beginTime", \.beginTime, default: 0, unit: "s",
        summary: "when the timeline starts, in the parent's time", animatable: false,
        choice:
          "an emitter layer's beginTime left at 0 (never set) is what makes iOS 7+ back-fill"
          + " \"future particles\" when the emitter starts emitting after its layer's time has"
          + " run on; Burst shows it with set scene.futureParticles yes and lint flags it."
          + " Apps set beginTime = CACurrentMediaTime() first, as fire does, to avoid it"),
      .number(
        "speed", \.speed, default: 1, range: -1000...1000,
        summary: "how fast local time runs (2 = twice as fast, 0 = frozen)", animatable: false),
      .number(
        "timeOffset", \.timeOffset, default: 0, unit: "s",
        summary: "added to local time after scaling by speed", animatable: false),
      .number(
        "duration", \.duration, default: 0, range: 0...Limits.maxMagnitude, unit: "s",
        summary: "length of one cycle; for a cell, 0 means it emits forever", animatable: false,
        choice: "a cell emits only while its local time lies in [0, active duration); duration 0"
          + " means forever, and speed scales its emission clock (Apple is silent on both)"),
      .number(
        "repeatCount", \.repeatCount, default: 0, range: 0...Limits.maxMagnitude,
        summary: "how many cycles run (0 = one)", animatable: false),
      .number(
        "repeatDuration", \.repeatDuration, default: 0, range: 0...Limits.maxMagnitude, unit: "s",
        summary: "how long cycles repeat, overriding repeatCount when > 0", animatable: false),
      .bool(
        "autoreverses", \.autoreverses, default: false,
        summary: "whether each cycle plays backwards after playing forwards"),
      .enumeration(
        "fillMode", \.fillMode, default: .removed,
        summary: "what shows outside the active window"),
    ] as [PropertyDescriptor<MediaTiming>]).map { $0.changingCounts() }
}
