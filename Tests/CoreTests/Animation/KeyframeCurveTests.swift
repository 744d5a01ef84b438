import Testing

@testable import Core

/// Euclidean distance between two vectors of equal length.
private func gap(_ a: [Double], _ b: [Double]) -> Double {
  zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
}

/// Path length travelled in each of `intervals` equal time slices, each measured with 200 chords.
private func sliceLengths(_ curve: KeyframeCurve, intervals: Int = 20) -> [Double] {
  let fine = 200
  return (0..<intervals).map { k in
    var length = 0.0
    var previous = curve.value(at: Double(k) / Double(intervals))
    for j in 1...fine {
      let point = curve.value(at: (Double(k) + Double(j) / Double(fine)) / Double(intervals))
      length += gap(previous, point)
      previous = point
    }
    return length
  }
}

private let likeValues: [[Double]] = [[1.5], [0.8], [1.0], [1.2], [1.0]]

@Suite("CAKeyframeAnimation: keyframe curves")
struct KeyframeCurveTests {
  @Test(
    "keyframe values are hit exactly at their key times",
    arguments: [
      (KeyframeCurve.CalculationMode.linear, [0, 0.1, 0.7, 1] as [Double]?),
      (.linear, nil), (.cubic, [0, 0.1, 0.7, 1]), (.cubic, nil), (.cubic, [0, 0.5, 0.5, 1]),
    ])
  func exactHits(mode: KeyframeCurve.CalculationMode, keyTimes: [Double]?) {
    let values: [[Double]] = [[0, 1], [10, -3], [5, 7.25], [20, 0.1]]
    let curve = KeyframeCurve(values: values, keyTimes: keyTimes, mode: mode)
    #expect(curve.warnings.isEmpty)
    for (i, value) in values.enumerated() {
      // With a repeated key time the later value holds from that time on.
      if i + 1 < values.count && curve.keyTimes[i] == curve.keyTimes[i + 1] { continue }
      #expect(curve.value(at: curve.keyTimes[i]) == value, "\(mode) key \(i)")
    }
  }

  @Test(
    "linear interpolation inside segments, with per-segment timing functions",
    arguments: [
      (0.05, 5.0), (0.4, 7.5), (0.85, 12.5), (1, 20), (-1, 0), (2, 20), (.nan, 0),
    ] as [(Double, Double)])
  func linear(f: Double, expected: Double) {
    let values: [[Double]] = [[0], [10], [5], [20]]
    let plain = KeyframeCurve(values: values, keyTimes: [0, 0.1, 0.7, 1])
    #expect(abs(plain.value(at: f)[0] - expected) < 1e-12)
    let eased = KeyframeCurve(
      values: values, keyTimes: [0, 0.1, 0.7, 1], timingFunctions: [.easeIn, .linear, .linear])
    let expectedEased = f == 0.05 ? 10 * TimingFunction.easeIn(0.5) : expected
    #expect(abs(eased.value(at: f)[0] - expectedEased) < 1e-12)
  }

  @Test(
    "discrete holds each value from its key time (Apple's example)",
    arguments: [
      (0, 310), (0.2499, 310), (0.25, 60), (0.4, 60), (0.5, 120), (0.75, 60), (0.99, 60), (1, 60),
    ] as [(Double, Double)])
  func discrete(f: Double, expected: Double) {
    let values: [[Double]] = [[310], [60], [120], [60]]
    let given = KeyframeCurve(values: values, keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete)
    let even = KeyframeCurve(values: values, mode: .discrete)
    #expect(given.warnings.isEmpty)
    #expect(even.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    #expect(given.value(at: f) == [expected])
    #expect(even.value(at: f) == [expected])
  }

  @Test(
    "invalid key times are ignored with a warning naming the rule",
    arguments: [
      (KeyframeCurve.CalculationMode.linear, [0, 0.5, 1] as [Double], "needs 4 key times"),
      (.cubic, [0, 0.2, 0.4, 0.6, 1], "needs 4 key times"),
      (.discrete, [0, 0.3, 0.6, 1], "needs 5 key times (one more than the 4 values)"),
      (.linear, [0.1, 0.2, 0.5, 1], "first key time must be 0"),
      (.linear, [0, 0.2, 0.5, 0.9], "last key time must be 1"),
      (.cubic, [0, 0.7, 0.6, 1], "must not decrease"),
      (.discrete, [0, 0.5, 0.4, 0.6, 1], "must not decrease"),
      (.linear, [0, .nan, 0.5, 1], "finite"),
    ])
  func invalidKeyTimes(mode: KeyframeCurve.CalculationMode, keyTimes: [Double], rule: String) {
    let curve = KeyframeCurve(values: [[0], [1], [2], [3]], keyTimes: keyTimes, mode: mode)
    #expect(curve.warnings.count == 1)
    #expect(curve.warnings.first?.contains(rule) == true, "\(curve.warnings)")
    let even = KeyframeCurve(values: [[0], [1], [2], [3]], mode: mode)
    #expect(curve.keyTimes == even.keyTimes)
    #expect(curve.value(at: 0.3) == even.value(at: 0.3))
  }

  @Test(
    "paced modes ignore key times and timing functions silently",
    arguments: [KeyframeCurve.CalculationMode.paced, .cubicPaced])
  func pacedIgnores(mode: KeyframeCurve.CalculationMode) {
    let values: [[Double]] = [[0], [10], [40], [30]]
    let plain = KeyframeCurve(values: values, mode: mode)
    let decorated = KeyframeCurve(
      values: values, keyTimes: [0.5, 0.1], mode: mode,
      timingFunctions: [.easeIn, .easeOut, .default])
    #expect(decorated.warnings.isEmpty)
    for i in 0...10 {
      let f = Double(i) / 10
      #expect(decorated.value(at: f) == plain.value(at: f))
    }
  }

  @Test(
    "paced moves an equal distance in equal time (within 1%)",
    arguments: [
      [[0], [10], [40], [30]], [[0, 0], [3, 4], [3, 9], [0, 13], [100, 13]],
      [[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 1, 1]],
    ] as [[[Double]]])
  func pacedSpeed(values: [[Double]]) {
    let curve = KeyframeCurve(values: values, mode: .paced)
    let slices = sliceLengths(curve)
    let mean = slices.reduce(0, +) / Double(slices.count)
    for slice in slices { #expect(abs(slice - mean) <= 0.01 * mean) }
    #expect(curve.value(at: 0) == values[0])
    #expect(curve.value(at: 1) == values[values.count - 1])
  }

  @Test("paced key times are proportional to distance")
  func pacedKeyTimes() {
    let curve = KeyframeCurve(values: [[0], [10], [40], [30]], mode: .paced)
    #expect(curve.keyTimes == [0, 0.2, 0.8, 1])
    #expect(abs(curve.value(at: 0.5)[0] - 25) < 1e-12)
  }

  @Test(
    "the like-button cubic hits 1.5 0.8 1.0 1.2 1.0 at evenly spaced keys",
    arguments: [
      (0, 1.5), (0.25, 0.8), (0.5, 1.0), (0.75, 1.2), (1, 1.0), (0.375, 0.84375),
    ] as [(Double, Double)])
  func likeButton(f: Double, expected: Double) {
    let curve = KeyframeCurve(values: likeValues, mode: .cubic)
    #expect(curve.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    #expect(abs(curve.value(at: f)[0] - expected) < 1e-12)
  }

  @Test("Catmull-Rom is smooth through interior keys (equal left and right slopes)")
  func cubicSmooth() {
    let curve = KeyframeCurve(values: likeValues, mode: .cubic)
    let h = 1e-6
    for key in [0.25, 0.5, 0.75] {
      let left = (curve.value(at: key)[0] - curve.value(at: key - h)[0]) / h
      let right = (curve.value(at: key + h)[0] - curve.value(at: key)[0]) / h
      #expect(abs(left - right) < 1e-3)
    }
  }

  @Test("non-uniform key times: tangent scaling keeps speed continuous; off, it jumps")
  func tangentScaling() {
    let values: [[Double]] = [[0], [1], [3], [4]]
    let keys = [0, 0.1, 0.8, 1.0]
    let scaled = KeyframeCurve(values: values, keyTimes: keys, mode: .cubic)
    let unscaled = KeyframeCurve(
      values: values, keyTimes: keys, mode: .cubic, scalesTangentsForKeyTimes: false)
    let h = 1e-7
    func slopes(_ c: KeyframeCurve, at k: Double) -> (Double, Double) {
      (
        (c.value(at: k)[0] - c.value(at: k - h)[0]) / h,
        (c.value(at: k + h)[0] - c.value(at: k)[0]) / h
      )
    }
    let s = slopes(scaled, at: 0.1)
    let u = slopes(unscaled, at: 0.1)
    #expect(abs(s.0 - s.1) < 1e-3 * abs(s.0))
    #expect(abs(u.0 - u.1) > 0.1 * abs(u.0))
    for (i, k) in keys.enumerated() { #expect(scaled.value(at: k) == values[i]) }
  }

  @Test("tension 1 flattens tangents: segment midpoints are plain averages")
  func tension() {
    let curve = KeyframeCurve(values: likeValues, mode: .cubic, tension: [1, 1, 1, 1, 1])
    #expect(abs(curve.value(at: 0.125)[0] - 1.15) < 1e-12)
    #expect(abs(curve.value(at: 0.625)[0] - 1.1) < 1e-12)
  }

  @Test("continuity and bias change the curve but not the keys")
  func continuityBias() {
    let plain = KeyframeCurve(values: likeValues, mode: .cubic)
    let shaped = KeyframeCurve(
      values: likeValues, mode: .cubic, continuity: [0, 0.5, -0.5, 0, 0], bias: [0, 1, 0, -1, 0])
    #expect(shaped.warnings.isEmpty)
    #expect(shaped.value(at: 0.375) != plain.value(at: 0.375))
    for (i, v) in likeValues.enumerated() { #expect(shaped.value(at: Double(i) / 4) == v) }
  }

  @Test(
    "cubicPaced travels the spline at constant speed (within 1%)",
    arguments: [
      [[0, 0], [100, 0], [100, 10], [0, 50]], [[1.5], [0.8], [1.0], [1.2], [1.0]],
      [[0, 0], [1, 1]],
    ] as [[[Double]]])
  func cubicPaced(values: [[Double]]) {
    let curve = KeyframeCurve(values: values, mode: .cubicPaced)
    let slices = sliceLengths(curve)
    let mean = slices.reduce(0, +) / Double(slices.count)
    for slice in slices { #expect(abs(slice - mean) <= 0.01 * mean) }
    #expect(curve.value(at: 0) == values[0])
    #expect(curve.value(at: 1) == values[values.count - 1])
    // The path is the cubic spline's: every paced point lies on it.
    let cubic = KeyframeCurve(values: values, mode: .cubic)
    let onSpline = (0...400).map { cubic.value(at: Double($0) / 400) }
    for i in 0...10 {
      let p = curve.value(at: Double(i) / 10)
      let nearest = onSpline.map { gap($0, p) }.min() ?? .infinity
      #expect(nearest < 0.01 * max(mean, 1e-9) * 20)
    }
  }

  @Test(
    "two values: every mode goes from one to the other",
    arguments: [
      (KeyframeCurve.CalculationMode.linear, 0.25, 2.5), (.linear, 0.5, 5),
      (.paced, 0.5, 5), (.cubic, 0.5, 5), (.cubicPaced, 0.5, 5),
      (.cubic, 0.25, 2.03125), (.discrete, 0.49, 0), (.discrete, 0.5, 10), (.discrete, 1, 10),
    ] as [(KeyframeCurve.CalculationMode, Double, Double)])
  func twoValues(mode: KeyframeCurve.CalculationMode, f: Double, expected: Double) {
    let curve = KeyframeCurve(values: [[0], [10]], mode: mode)
    #expect(abs(curve.value(at: f)[0] - expected) < 1e-9)
    #expect(curve.value(at: 0) == [0])
    #expect(curve.value(at: 1) == [10])
  }

  @Test("degenerate inputs never trap", arguments: KeyframeCurve.CalculationMode.allCases)
  func degenerate(mode: KeyframeCurve.CalculationMode) {
    #expect(KeyframeCurve(values: [], mode: mode).value(at: 0.5) == [])
    #expect(KeyframeCurve(values: [[3, 4]], keyTimes: [0.3], mode: mode).value(at: 0.5) == [3, 4])
    let same = KeyframeCurve(values: [[2], [2], [2]], mode: mode)
    #expect(same.value(at: 0.4) == [2])
    let messy = KeyframeCurve(values: [[1, .nan], [2], [.infinity, 4, 5]], mode: mode)
    #expect(messy.warnings.count == 2)
    #expect(messy.values == [[1, 0], [2, 0], [0, 4]])
    for i in 0...10 {
      let finite = messy.value(at: Double(i) / 10).allSatisfy { $0.isFinite }
      #expect(finite)
    }
  }

  @Test("a timing-function count that does not match the segments is reported")
  func timingFunctionCount() {
    let curve = KeyframeCurve(values: [[0], [1], [2]], timingFunctions: [.easeIn])
    #expect(curve.warnings.count == 1)
    #expect(curve.warnings.first?.contains("expected 2") == true)
    #expect(abs(curve.value(at: 0.75)[0] - 1.5) < 1e-12)
  }
}
