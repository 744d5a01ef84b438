/// Burst's readings of the four conventions Apple's documentation leaves open or contradicts
/// (docs/semantics.md, "Readings"). They are scene settings (`scene.rangeRule`,
/// `scene.emissionRangeRule`, `scene.emissionCone`, `scene.lineDirection`), so a user can compare them side by side
/// with `sweep`; every particle draws the same random numbers under every reading, so a sweep
/// differs only by the rule.
package struct Readings: Sendable, Equatable {
  package var rangeRule = RangeRule.half
  /// The defaults follow the evidence in docs/semantics.md, "Readings": a recording of a
  /// public effect shows halfAngle and cone; nothing observed decides rangeRule, and Apple's
  /// header says half; six public effects need lineDirection up, one suggests down.
  package var emissionRangeRule = EmissionRangeRule.halfAngle
  package var emissionCone = EmissionCone.cone
  package var lineDirection = LineDirection.up

  package init() {}

  /// What every reading's `explain` says first.
  static let switchChoice =
    "a scene switch for a convention Apple's documentation leaves open, not a Core Animation"
    + " property (export writes it as a comment only); sweep it to compare the readings side by"
    + " side: particles draw the same random numbers under each. docs/semantics.md, \"Readings\","
    + " gives the evidence each default was chosen from; export calibration swift writes a view"
    + " to check them on a device."

  /// What a range R is multiplied by before a draw `M + R·(u − 0.5)`: 1 for
  /// [M − R/2, M + R/2], 2 for [M − R, M + R]. Multiplying by 1 keeps every bit.
  package var rangeFactor: Double { rangeRule == .half ? 1 : 2 }

  /// The same for `emissionRange` around the emission direction: 1 when it is the full angle
  /// of the spread, 2 when it is the half-angle.
  package var angleFactor: Double { emissionRangeRule == .fullAngle ? 1 : 2 }

  /// What a line emitter adds to a cell's longitude to get its central direction.
  var lineTurn: Double { lineDirection == .up ? -Double.pi / 2 : Double.pi / 2 }

  /// How far from its mean a value with range `r` can be drawn: |r|/2 or |r|.
  package func halfWidth(_ r: Double) -> Double { abs(r) * rangeFactor / 2 }

  /// How far from the emission direction a particle can leave (radians, at most π).
  package func halfAngle(_ emissionRange: Double) -> Double {
    min(Double.pi, abs(emissionRange) * angleFactor / 2)
  }

  /// The interval a mean/range pair spans, written as a formula: `[M − R/2, M + R/2]`.
  package var intervalFormula: String { Self.interval(factor: rangeFactor) }

  /// The interval M + k·R·(u − 0.5) spans for k = `factor` (1 or 2), as a formula.
  package static func interval(factor: Double) -> String {
    factor == 1 ? "[M − R/2, M + R/2]" : "[M − R, M + R]"
  }
}

/// How every mean/range pair but `emissionRange` is drawn.
package enum RangeRule: String, Sendable, CaseIterable, AppleEnumeration {
  /// Uniform in [M − R/2, M + R/2]: Apple's header on `seed`, SpriteKit's and SceneKit's
  /// documentation.
  case half
  /// Uniform in [M − R, M + R]: Apple's `lifetimeRange` page, WinObjC's reimplementation.
  case full

  package static let constantNames = ConstantNames.burstOwn
}

/// What `emissionRange` measures.
package enum EmissionRangeRule: String, Sendable, CaseIterable, AppleEnumeration {
  /// The full angle of the spread: directions within ±R/2 of the emission direction.
  case fullAngle
  /// The half-angle: directions within ±R (WinObjC's and CAPlayground's reading).
  case halfAngle

  package static let constantNames = ConstantNames.burstOwn
}

/// The shape of the set of directions particles leave in.
package enum EmissionCone: String, Sendable, CaseIterable, AppleEnumeration {
  /// A fan in the plane of the emission direction, tilted by `emissionLatitude`; every
  /// particle moves at its full speed on screen.
  case flat
  /// Directions uniform over the 3-D cone around the emission direction, projected on the
  /// screen (so a spread of 2π fills a disc rather than a ring).
  case cone

  package static let constantNames = ConstantNames.burstOwn
}

/// Which way a line emitter's `emissionLongitude = 0` points: along the line's normal, up
/// (−y) or down (+y).
package enum LineDirection: String, Sendable, CaseIterable, AppleEnumeration {
  case up
  case down

  package static let constantNames = ConstantNames.burstOwn
}
