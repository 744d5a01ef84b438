/// CAKeyframeAnimation's value curve (docs/semantics.md, "Keyframes"): keyframe values (component
/// vectors), their key times and the calculation mode, evaluated at a time fraction.
///
/// The fraction given to `value(at:)` has already been through the animation's own
/// `timingFunction`; the per-segment `timingFunctions` are applied here (global first, then
/// per segment).
package struct KeyframeCurve: Sendable, Equatable {
  /// `calculationMode`.
  package enum CalculationMode: String, Sendable, CaseIterable, AppleEnumeration {
    /// Straight lines between keyframes, paced by key times and per-segment timing functions.
    case linear
    /// Each value held from its key time until the next (n + 1 key times).
    case discrete
    /// Straight lines at constant speed; key times and timing functions are ignored.
    case paced
    /// A Kochanek–Bartels (by default Catmull-Rom) spline through the keyframes.
    case cubic
    /// The cubic spline travelled at constant speed; key times and timing functions are ignored.
    case cubicPaced

    package static let constantNames = ConstantNames(
      swiftType: "CAAnimationCalculationMode", objcPrefix: "kCAAnimation")
  }

  /// The calculation mode.
  package let mode: CalculationMode
  /// The keyframe values, all with the same number of components (non-finite components
  /// replaced by 0).
  package let values: [[Double]]
  /// The key times in use: the given ones when valid, else evenly spaced (i/(n−1), or i/n with
  /// n + 1 entries for discrete); the distance-proportional times for paced; the spline's evenly
  /// spaced knots for cubicPaced (whose pacing comes from the arc-length table).
  package let keyTimes: [Double]
  /// Human-readable notes on inputs that were ignored or repaired, each naming the rule.
  package let warnings: [String]
  /// Whether cubic tangents are scaled for non-uniform key times (Kochanek–Bartels' rule).
  let scalesTangentsForKeyTimes: Bool

  /// The per-segment timing functions in use (one per segment at most; missing ones linear).
  package let segmentFunctions: [TimingFunction]
  /// The per-keyframe tension, continuity and bias as given (nil when not given).
  package let tension: [Double]?
  package let continuity: [Double]?
  package let bias: [Double]?
  private let outTangents: [[Double]]
  private let inTangents: [[Double]]
  /// cubicPaced: cumulative arc length at u = j / (count − 1).
  private let arcLengths: [Double]
  /// `path`: when set, the values are its keyframe points and the value moves along it (see
  /// `KeyframePath`).
  package let path: KeyframePath?
  /// `rotationMode` (with a path only): the layer turns along the path's tangent.
  package let rotationMode: RotationMode?

  /// Builds a curve.
  ///
  /// - Parameters:
  ///   - values: the keyframe values V₀…Vₙ₋₁ (components of numbers, points, sizes, rects,
  ///     colours).
  ///   - keyTimes: fractions in [0, 1]; n entries for linear and cubic, n + 1 for discrete,
  ///     starting at 0, ending at 1, never decreasing. Invalid ones are ignored with a warning
  ///     naming the rule (evenly spaced instead); with paced modes they are ignored silently, as
  ///     Apple documents.
  ///   - timingFunctions: one per segment (n − 1); missing ones are linear. Ignored by paced
  ///     modes.
  ///   - tension, continuity, bias: per keyframe, in [−1, 1] (clamped), missing ones 0 (all 0 is
  ///     Catmull-Rom). Used by cubic modes.
  ///   - scalesTangentsForKeyTimes: (choice, default on) scale tangents by 2Δᵢ/(Δᵢ₋₁+Δᵢ).
  ///   - path: when given, `values` are ignored (as Apple documents) and the path's points are
  ///     the keyframes: one key time per point; cubic moves along the path like linear (the
  ///     path's own curves shape it, so no tangents are made); paced and cubicPaced move at
  ///     constant speed along its length.
  ///   - rotationMode: with a path, turns the layer along the tangent (see `rotation(at:)`).
  package init(
    values: [[Double]], keyTimes: [Double]? = nil, mode: CalculationMode = .linear,
    timingFunctions: [TimingFunction]? = nil, tension: [Double]? = nil,
    continuity: [Double]? = nil, bias: [Double]? = nil, scalesTangentsForKeyTimes: Bool = true,
    path: KeyframePath? = nil, rotationMode: RotationMode? = nil
  ) {
    var warnings: [String] = []
    let points = Self.sanitised(
      path.map { $0.points.map { [$0.x, $0.y] } } ?? values, warnings: &warnings)
    self.path = path
    self.rotationMode = path == nil ? nil : rotationMode
    let n = points.count
    self.mode = mode
    self.values = points
    self.scalesTangentsForKeyTimes = scalesTangentsForKeyTimes

    // Key times.
    let keys: [Double]
    switch mode {
    case .paced,
      .cubicPaced where path != nil:
      keys = path?.pacedKeyTimes ?? Self.pacedKeyTimes(points)
    case .cubicPaced:
      keys = Self.evenKeyTimes(count: n)
    case .linear, .cubic, .discrete:
      let expected = mode == .discrete ? n + 1 : n
      if let given = keyTimes, n >= 2 || mode == .discrete,
        let problem = Self.keyTimeProblem(given, expected: expected, mode: mode, values: n)
      {
        warnings.append("keyTimes ignored: \(problem); using evenly spaced key times")
        keys = Self.evenKeyTimes(count: expected)
      } else if let given = keyTimes, n >= 2 || mode == .discrete {
        keys = given
      } else {
        keys = Self.evenKeyTimes(count: expected)
      }
    }
    self.keyTimes = keys

    // Per-segment timing functions.
    var functions: [TimingFunction] = []
    if mode == .linear || mode == .cubic || mode == .discrete, let given = timingFunctions {
      let segments = mode == .discrete ? n : max(n - 1, 0)
      if given.count != segments && mode != .discrete {
        warnings.append(
          "timingFunctions: expected \(segments) (one per segment), got \(given.count); "
            + "missing segments are linear, extra functions unused")
      }
      functions = Array(given.prefix(segments))
    }
    segmentFunctions = functions
    self.tension = tension
    self.continuity = continuity
    self.bias = bias

    // Tangents.
    if mode == .cubic || mode == .cubicPaced, n >= 2, path == nil {
      let tcb = [("tension", tension), ("continuity", continuity), ("bias", bias)]
      for (name, list) in tcb {
        if let list, list.count != n {
          warnings.append(
            "\(name)Values: expected \(n) (one per keyframe), got \(list.count); missing are 0")
        }
      }
      let tangents = Self.tangents(
        points, keys: keys, tension: tension ?? [], continuity: continuity ?? [],
        bias: bias ?? [], scaled: scalesTangentsForKeyTimes && mode == .cubic)
      outTangents = tangents.out
      inTangents = tangents.in
    } else {
      outTangents = []
      inTangents = []
    }
    self.warnings = warnings
    arcLengths =
      mode == .cubicPaced && n >= 2 && path == nil
      ? Self.arcLengthTable(points, outs: outTangents, ins: inTangents) : []
  }

  /// The value at fraction `f` (clamped to [0, 1]; NaN reads as 0). Empty when there are no
  /// values; the single value when there is one.
  package func value(at f: Double) -> [Double] {
    guard let first = values.first else { return [] }
    let n = values.count
    guard n >= 2 else { return first }
    let f = VectorMath.clamp(f, 0, 1)
    if let path, let u = pathParameter(at: f) {
      let p = path.point(at: u)
      return [p.x, p.y]
    }
    switch mode {
    case .discrete:
      let i = Self.lastIndex(in: keyTimes, before: n, notAfter: f) ?? 0
      return values[i]
    case .linear, .paced:
      guard let i = segment(at: f) else { return values[n - 1] }
      return VectorMath.lerp(values[i], values[i + 1], localFraction(f, segment: i))
    case .cubic:
      guard let i = segment(at: f) else { return values[n - 1] }
      return hermite(segment: i, s: localFraction(f, segment: i))
    case .cubicPaced:
      guard f < 1 else { return values[n - 1] }
      return splineValue(atKnotFraction: pacedKnotFraction(f))
    }
  }

  // MARK: Evaluation

  /// With a path of at least one segment: the segment parameter at fraction `f` in [0, 1]
  /// (nil when discrete holds a keyframe point, which `values` gives).
  private func pathParameter(at f: Double) -> Double? {
    guard let path, !path.segments.isEmpty else { return nil }
    switch mode {
    case .discrete:
      return nil
    case .paced, .cubicPaced:
      return path.parameter(atLengthFraction: f)
    case .linear, .cubic:
      guard let i = segment(at: f) else { return Double(path.segments.count) }
      return Double(i) + localFraction(f, segment: i)
    }
  }

  /// `rotationMode`'s angle at fraction `f`: the path's tangent there (π more for
  /// autoReverse), in radians turning clockwise on a y-down screen; nil without a path or a
  /// rotation mode. Discrete holds each point with the tangent leaving it (arriving at the
  /// last).
  package func rotation(at f: Double) -> Double? {
    guard let path, let rotationMode else { return nil }
    let f = VectorMath.clamp(f.isNaN ? 0 : f, 0, 1)
    let u: Double
    if let p = pathParameter(at: f) {
      u = p
    } else {
      let n = values.count
      u = Double(Self.lastIndex(in: keyTimes, before: n, notAfter: f) ?? 0)
    }
    let turn = rotationMode == .rotateAutoReverse ? CoreMath.pi : 0
    return path.tangentAngle(at: u) + turn
  }

  /// The segment i with kᵢ ≤ f < kᵢ₊₁, or nil at or past the last key.
  private func segment(at f: Double) -> Int? {
    let n = values.count
    guard f < keyTimes[n - 1] else { return nil }
    return Self.lastIndex(in: keyTimes, before: n - 1, notAfter: f) ?? 0
  }

  /// The position s in segment i, through the segment's timing function (linear and cubic).
  private func localFraction(_ f: Double, segment i: Int) -> Double {
    let span = keyTimes[i + 1] - keyTimes[i]
    let s = span > 0 ? VectorMath.clamp((f - keyTimes[i]) / span, 0, 1) : 0
    return i < segmentFunctions.count ? segmentFunctions[i](s) : s
  }

  private func hermite(segment i: Int, s: Double) -> [Double] {
    Self.hermite(values, outTangents, inTangents, segment: i, s: s)
  }

  private func splineValue(atKnotFraction u: Double) -> [Double] {
    Self.splineValue(values, outTangents, inTangents, atKnotFraction: u)
  }

  /// The Hermite segment from Pᵢ to Pᵢ₊₁ at s (exactly Pᵢ at s = 0, Pᵢ₊₁ at s = 1).
  private static func hermite(
    _ p: [[Double]], _ outs: [[Double]], _ ins: [[Double]], segment i: Int, s: Double
  ) -> [Double] {
    let s2 = s * s
    let s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return VectorMath.combine([
      (h00, p[i]), (h10, outs[i]), (h01, p[i + 1]), (h11, ins[i + 1]),
    ])
  }

  /// The spline at knot fraction u in [0, 1] (evenly spaced knots).
  private static func splineValue(
    _ p: [[Double]], _ outs: [[Double]], _ ins: [[Double]], atKnotFraction u: Double
  ) -> [Double] {
    let segments = Double(p.count - 1)
    let x = VectorMath.clamp(u, 0, 1) * segments
    let i = min(Int(x.rounded(.down)), p.count - 2)
    return hermite(p, outs, ins, segment: i, s: x - Double(i))
  }

  /// cubicPaced: the knot fraction whose arc length is `f` of the total.
  private func pacedKnotFraction(_ f: Double) -> Double {
    guard let total = arcLengths.last, total > 0 else { return f }
    let target = f * total
    let last = arcLengths.count - 1
    let j = min(Self.lastIndex(in: arcLengths, before: last, notAfter: target) ?? 0, last - 1)
    let span = arcLengths[j + 1] - arcLengths[j]
    let within = span > 0 ? VectorMath.clamp((target - arcLengths[j]) / span, 0, 1) : 0
    return (Double(j) + within) / Double(last)
  }

  /// (choice) The arc length is measured numerically: chords between `64·(n − 1)` (at least
  /// 512) evenly spaced knot fractions, then interpolated linearly.
  private static func arcLengthTable(
    _ p: [[Double]], outs: [[Double]], ins: [[Double]]
  ) -> [Double] {
    let samples = max(512, 64 * (p.count - 1))
    var table = [0.0]
    table.reserveCapacity(samples + 1)
    var previous = p[0]
    var length = 0.0
    for j in 1...samples {
      let point = splineValue(p, outs, ins, atKnotFraction: Double(j) / Double(samples))
      length += VectorMath.distance(previous, point)
      table.append(length)
      previous = point
    }
    return table
  }

  // MARK: Construction helpers

  /// The values with a common component count (the first value's) and finite components.
  private static func sanitised(_ values: [[Double]], warnings: inout [String]) -> [[Double]] {
    guard let dimension = values.first?.count else { return [] }
    var out: [[Double]] = []
    var mismatched = false
    var nonFinite = false
    for value in values {
      var v = Array(value.prefix(dimension))
      if v.count < dimension { v += Array(repeating: 0, count: dimension - v.count) }
      if value.count != dimension { mismatched = true }
      for (i, x) in v.enumerated() where !x.isFinite {
        v[i] = 0
        nonFinite = true
      }
      out.append(v)
    }
    if mismatched {
      warnings.append(
        "values: every value must have \(dimension) components like the first; "
          + "others were padded with 0 or cut")
    }
    if nonFinite { warnings.append("values: non-finite components were replaced by 0") }
    return out
  }

  /// 0, 1/(count−1), …, 1 (a single 0 for count 1).
  private static func evenKeyTimes(count: Int) -> [Double] {
    guard count > 1 else { return count == 1 ? [0] : [] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// Key times proportional to the cumulative Euclidean distance; even when all values agree.
  private static func pacedKeyTimes(_ points: [[Double]]) -> [Double] {
    guard points.count > 1 else { return evenKeyTimes(count: points.count) }
    var cumulative = [0.0]
    for i in 1..<points.count {
      cumulative.append(cumulative[i - 1] + VectorMath.distance(points[i - 1], points[i]))
    }
    guard let total = cumulative.last, total > 0, total.isFinite else {
      return evenKeyTimes(count: points.count)
    }
    var keys = cumulative.map { $0 / total }
    keys[keys.count - 1] = 1
    return keys
  }

  /// The first broken key-time rule, or nil when `keys` are valid.
  private static func keyTimeProblem(
    _ keys: [Double], expected: Int, mode: CalculationMode, values n: Int
  ) -> String? {
    guard keys.count == expected else {
      let need =
        mode == .discrete
        ? "\(expected) key times (one more than the \(n) values)"
        : "\(expected) key times (one per value)"
      return "\(mode.rawValue) mode needs \(need), got \(keys.count)"
    }
    guard keys.allSatisfy(\.isFinite) else { return "key times must be finite numbers" }
    guard let first = keys.first, let last = keys.last else { return "no key times" }
    guard first == 0 else { return "the first key time must be 0, got \(first)" }
    guard last == 1 else { return "the last key time must be 1, got \(last)" }
    for i in 1..<keys.count where keys[i] < keys[i - 1] {
      return "key times must not decrease (\(keys[i - 1]) then \(keys[i]) at index \(i))"
    }
    return nil
  }

  /// Kochanek–Bartels tangents (docs/semantics.md, "Keyframes"): end neighbours duplicated;
  /// optionally scaled for non-uniform key times by 2Δᵢ/(Δᵢ₋₁+Δᵢ) (out) and 2Δᵢ₋₁/(Δᵢ₋₁+Δᵢ) (in),
  /// with Δ₋₁ := Δ₀ and Δₙ₋₁ := Δₙ₋₂ at the ends.
  private static func tangents(
    _ p: [[Double]], keys: [Double], tension: [Double], continuity: [Double], bias: [Double],
    scaled: Bool
  ) -> (out: [[Double]], in: [[Double]]) {
    let n = p.count
    var outs: [[Double]] = []
    var ins: [[Double]] = []
    func parameter(_ list: [Double], _ i: Int) -> Double {
      i < list.count && list[i].isFinite ? min(max(list[i], -1), 1) : 0
    }
    for i in 0..<n {
      let t = parameter(tension, i)
      let c = parameter(continuity, i)
      let b = parameter(bias, i)
      let incoming = VectorMath.difference(p[i], p[max(i - 1, 0)])
      let outgoing = VectorMath.difference(p[min(i + 1, n - 1)], p[i])
      var out = VectorMath.combine([
        ((1 - t) * (1 + b) * (1 + c) / 2, incoming), ((1 - t) * (1 - b) * (1 - c) / 2, outgoing),
      ])
      var into = VectorMath.combine([
        ((1 - t) * (1 + b) * (1 - c) / 2, incoming), ((1 - t) * (1 - b) * (1 + c) / 2, outgoing),
      ])
      if scaled {
        let before = keys[max(i, 1)] - keys[max(i, 1) - 1]
        let after = keys[min(i, n - 2) + 1] - keys[min(i, n - 2)]
        let sum = before + after
        if sum > 0 {
          out = VectorMath.scaled(out, by: 2 * after / sum)
          into = VectorMath.scaled(into, by: 2 * before / sum)
        }
      }
      outs.append(out)
      ins.append(into)
    }
    return (outs, ins)
  }

  /// The largest index i < `limit` with `list[i] ≤ x`, by binary search on a non-decreasing list.
  private static func lastIndex(in list: [Double], before limit: Int, notAfter x: Double) -> Int? {
    var lo = 0
    var hi = min(limit, list.count)  // search [lo, hi)
    guard hi > 0, list[0] <= x else { return nil }
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if list[mid] <= x { lo = mid } else { hi = mid }
    }
    return lo
  }
}
