/// The CAMediaTiming properties shared by layers and cells.
///
/// Local time from parent time `tp`: `t = (tp − beginTime) · speed + timeOffset`.
package struct MediaTiming: Sendable, Equatable {
  /// When the object's timeline starts, in its parent's time (s). Default 0.
  package var beginTime = 0.0
  /// How fast local time runs relative to the parent (1 = same pace, 0 = frozen). Default 1.
  package var speed = 1.0
  /// Added to local time after scaling (s). Default 0.
  package var timeOffset = 0.0
  /// The length of one cycle (s). 0 for a cell means it emits forever.
  package var duration = 0.0
  /// How many cycles to run (0 = one). Default 0.
  package var repeatCount = 0.0
  /// How long to repeat (s), overriding repeatCount when > 0. Default 0.
  package var repeatDuration = 0.0
  /// Whether each cycle plays backwards after playing forwards. Default no.
  package var autoreverses = false
  /// What shows outside the active window. Default removed.
  package var fillMode = FillMode.removed

  package init() {}

  /// Local time for a parent time.
  package func localTime(_ parentTime: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
  }

  /// The active duration: `repeatDuration` if set, else `cycle × max(repeatCount, 1)`, where a
  /// cycle doubles with `autoreverses`. Infinite when `duration` is 0 (a cell that never stops).
  var activeDuration: Double {
    guard duration > 0 else { return .infinity }
    if repeatDuration > 0 { return repeatDuration }
    let cycle = duration * (autoreverses ? 2 : 1)
    return cycle * max(repeatCount, 1)
  }
}

/// CAMediaTimingFillMode.
package enum FillMode: String, Sendable, CaseIterable, AppleEnumeration {
  case removed, forwards, backwards, both

  package static let constantNames = ConstantNames(
    swiftType: "CAMediaTimingFillMode", objcPrefix: "kCAFillMode")
}
