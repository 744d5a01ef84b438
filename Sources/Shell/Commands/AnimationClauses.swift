import Core

/// The clauses of `animate`: the spec (from/to/by, values …, spring …) and the options.
enum AnimateClause {
  static let valueHint = "write it as one word, e.g. 30,30"

  // The basic (and spring) spec.
  static let from = Clause<Token>.word(
    "from", "VALUE",
    help:
      "the start value (default: the current one); from presentation: the value on screen when"
      + " the command runs, as code reading presentation() gets it",
    arityHint: valueHint)
  /// `from presentation`: the presentation value when the command runs.
  static let presentationWord = SceneModel.presentationWord
  static let to = Clause<Token>.word(
    "to", "VALUE", help: "the end value", arityHint: valueHint)
  static let by = Clause<Token>.word(
    "by", "VALUE", help: "the change, added to the start value", arityHint: valueHint)

  // The keyframe spec.
  static let values = Clause<[Token]>.words("values", "VALUE", help: "the keyframe values")
  static let keyTimes = Clause<[Double]>.numbers(
    "keyTimes", range: -1e9...1e9, help: "the time of each value, from 0 to 1")
  static let mode = Clause<KeyframeCurve.CalculationMode>.oneOf(
    "mode", placeholder: "MODE", help: "how the values are joined (calculationMode)")
  static let timings = Clause<[TimingFunction]>(
    "timings", arity: .oneOrMore, placeholder: "NAME", expects: "at least one name",
    values: timingNames, forms: [bezierForm],
    help: "the pacing between each pair of values"
  ) { words, clauses throws(Diagnostic) in
    var out: [TimingFunction] = []
    for t in words {
      out.append(
        try clauses.word(t) { t throws(Diagnostic) in
          try AnimationCommands.timingFunction(t, clauses.invocation)
        })
    }
    return out
  }
  static let tension = Clause<[Double]>.numbers(
    "tension", range: -1...1, help: "per value, for mode cubic: tightness of the curve")
  static let continuity = Clause<[Double]>.numbers(
    "continuity", range: -1...1, help: "per value, for mode cubic: sharpness of the corner")
  static let bias = Clause<[Double]>.numbers(
    "bias", range: -1...1, help: "per value, for mode cubic: direction of the curve")

  // The path spec (with `keyTimes`, `mode` and `timings`): CAKeyframeAnimation's path.
  static let path = Clause<KeyframePath>(
    "path", arity: .oneOrMore, placeholder: "ELEMENT", expects: "at least one path element",
    values: PathSyntax.elementNames, forms: PathSyntax.forms.map(\.usage), closed: false,
    help:
      "a CGPath a point (position, emitterPosition) follows (CAKeyframeAnimation.path), each ELEMENT with its"
      + " numbers"
  ) { words, clauses throws(Diagnostic) in
    try PathSyntax.path(words, clauses)
  }
  static let rotate = Clause<RotationMode>(
    "rotate", arity: .one, placeholder: "MODE", expects: "one name",
    values: ["auto", "autoReverse"],
    help: "with path: turn the layer along the path (rotationMode)"
  ) { words, clauses throws(Diagnostic) in
    let t = words[0]
    if !t.quoted, let v = RotationMode(spelling: t.text) { return v }
    let near =
      t.quoted ? nil : KeywordSuggestion.suggestion(for: t.text, among: ["auto", "autoReverse"])
    throw clauses.invocation.error("rotate is one of auto, autoReverse", suggestion: near, at: t)
  }

  // The spring spec (with `from` and `to`).
  static let spring = Clause<Bool>.flag(
    "spring", help: "a CASpringAnimation to 'to VALUE'; its duration is its settling time")
  static let mass = Clause<Double>.number(
    "mass", range: -1e9...1e9, minimum: .above(0), help: "the mass on the spring (default 1)")
  static let stiffness = Clause<Double>.number(
    "stiffness", range: -1e9...1e9, minimum: .above(0), help: "the spring constant (default 100)")
  static let damping = Clause<Double>.number(
    "damping", range: -1e9...1e9, minimum: .atLeast(0, hint: "Apple: \"must be >= 0\""),
    help: "the friction (default 10)")
  static let velocity = Clause<Double>.number(
    "velocity", range: -1e6...1e6, help: "the initial velocity, in units of the change per second")

  // Options for every kind.
  static let duration = Clause<Double>.number(
    "duration", "SECONDS", range: -1e9...1e9, minimum: .above(0),
    help: "the length of one cycle (default 0.25)")
  static let delay = Clause<Double>.number(
    "delay", "SECONDS", range: -1e9...1e9,
    help: "start this long after now (negative: it began that long ago, as a past beginTime)")
  static let timing = Clause<TimingFunction>(
    "timing", arity: .one, placeholder: "NAME", expects: "one name", values: timingNames,
    forms: [bezierForm], help: "the pacing of each cycle"
  ) { words, clauses throws(Diagnostic) in
    try AnimationCommands.timingFunction(words[0], clauses.invocation)
  }
  static let repeatCount = Clause<Double>.number(
    "repeat", "COUNT", range: 0...1e9, named: [(AnimationOption.forever, .infinity)],
    alsoNamed: ForeverSpellings.spellings.map { ($0, .infinity) },
    saturating: (ForeverSpellings.floatMax, .infinity),
    expects: "a count or \(AnimationOption.forever)",
    help: "how many cycles (a fraction ends mid-cycle; MAXFLOAT and .infinity are forever too)")
  static let repeatDuration = Clause<Double>.number(
    "repeatDuration", "SECONDS", range: 0...1e9, help: "repeat for this long")
  static let autoreverses = Clause<Bool>.flag(
    "autoreverses", help: "play each cycle forwards, then backwards")
  static let fill = Clause<FillMode>.oneOf(
    "fill", placeholder: "MODE", help: "what shows outside the active time")
  static let keep = Clause<Bool>.flag(
    "keep", help: "keep the animation when it ends (removedOnCompletion = false)")
  static let additive = Clause<Bool>.flag("additive", help: "add the value to the model value")
  static let cumulative = Clause<Bool>.flag(
    "cumulative", help: "each repeat continues from where the last ended")
  static let speed = Clause<Double>.number(
    "speed", range: -1000...1000, minimum: .above(0), help: "the rate of its local time")
  static let key = Clause<Token>.word(
    "key", "NAME", expects: "one name", help: "the name cancel uses (default: the key path)")
  /// `in KEY`: a child of the group with that key (`group`).
  static let inGroup = Clause<Token>.word(
    "in", "KEY", expects: "one group key",
    help:
      "add it to the group KEY on the same layer (see group): its delay counts from the group's"
      + " start, and it is cut off at the group's end; key, keep and fill belong to the group")

  static let all: [ClauseSpec] = [
    from.spec, to.spec, by.spec, values.spec, path.spec, rotate.spec, keyTimes.spec, mode.spec,
    timings.spec, tension.spec, continuity.spec, bias.spec, spring.spec, mass.spec, stiffness.spec,
    damping.spec, velocity.spec, duration.spec, delay.spec, timing.spec, repeatCount.spec,
    repeatDuration.spec, autoreverses.spec, fill.spec, keep.spec, additive.spec,
    cumulative.spec, speed.spec, key.spec, inGroup.spec,
  ]

  /// The clauses of `group`: the timing options a CAAnimationGroup shares with an animation.
  static let groupTiming: [ClauseSpec] = [
    duration.spec, delay.spec, timing.spec, repeatCount.spec, repeatDuration.spec,
    autoreverses.spec, fill.spec, keep.spec, speed.spec,
  ]

  /// The clauses a group's child may not take: its group's apply.
  static let groupOnly: [ClauseSpec] = [key.spec, keep.spec, fill.spec]

  /// The clauses only some kinds of animation take, and what to say to the others.
  static let restricted: [(specs: [ClauseSpec], kinds: Set<AnimationKind>, message: String)] = [
    (
      [keyTimes.spec, mode.spec, timings.spec], [.keyframe, .path],
      "applies to keyframe animations (values …) only"
    ),
    (
      [tension.spec, continuity.spec, bias.spec], [.keyframe],
      "applies to keyframe animations (values …) only"
    ),
    ([rotate.spec], [.path], "applies to path animations (path …) only"),
    ([from.spec, to.spec], [.basic, .spring], "does not apply to keyframe animations (values …)"),
    ([values.spec], [.keyframe], "does not apply to path animations (the path gives the values)"),
    ([by.spec], [.basic], "applies to basic animations (from/to/by) only"),
    (
      [mass.spec, stiffness.spec, damping.spec, velocity.spec], [.spring], "applies to springs only"
    ),
  ]

  /// Names a timing function may be.
  static let timingNames = TimingFunction.named.map(\.name)
  /// The other form a timing function may take.
  static let bezierForm = "bezier(x1,y1,x2,y2)"
}

/// What `animate` builds.
enum AnimationKind: Sendable, Hashable {
  case basic, keyframe, spring
  /// A CAKeyframeAnimation with a path.
  case path
}

/// The clauses of `uiview`.
enum UIViewClause {
  static let to = Clause<Token>.word(
    "to", "VALUE", help: "the new model value", arityHint: AnimateClause.valueHint)
  static let duration = Clause<Double>.number(
    "duration", "SECONDS", range: -1e9...1e9, minimum: .above(0), help: "how long it takes")
  static let delay = Clause<Double>.number(
    "delay", "SECONDS", range: 0...1e9, help: "start this long after now")
  static let curve = Clause<UIViewSpring.Curve>.oneOf(
    "curve", placeholder: "CURVE", help: "the pacing (default easeInOut)")
  static let damping = Clause<Double>.number(
    "damping", "RATIO", range: -1e9...1e9, minimum: .above(0), what: "damping ratio",
    help: "a spring: 1 settles without overshoot, less bounces")
  static let velocity = Clause<Double>.number(
    "velocity", range: -1e6...1e6, help: "the spring's initial velocity, in changes per second")

  static let all: [ClauseSpec] = [
    to.spec, duration.spec, delay.spec, curve.spec, damping.spec, velocity.spec,
  ]
}

/// The options of `record`, `play` and `snapshot`.
enum OutputClause {
  static let fps = Clause<Double>.number(
    "fps", range: 1...240, help: "frames per second of scene time (default 30)")
  static let recordScale = Clause<Double>.number(
    "scale", range: 0.01...16, help: "pixels per point, times the scene's pixelScale")
  static let snapshotScale = Clause<Double>.number(
    "scale", range: 0.01...64, help: "pixels per point, times the scene's pixelScale")
  static let speed = Clause<Double>.number(
    "speed", "X", range: 0.01...100, help: "scene seconds per wall-clock second (default 1)")
  static let dither: Clause<GIFDither> = {
    let names = GIFDither.allCases.map(\.rawValue)
    return Clause(
      "dither", arity: .one, placeholder: "KIND", expects: "one name", values: names,
      help: "how a .gif's colours are dithered (default ordered)"
    ) { words, clauses throws(Diagnostic) in
      let t = words[0]
      if let d = GIFDither(rawValue: t.text) { return d }
      throw clauses.invocation.error(
        "dither is one of \(names.joined(separator: ", "))",
        suggestion: KeywordSuggestion.suggestion(for: t.text, among: names), at: t)
    }
  }()
}
