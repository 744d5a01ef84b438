/// Component-vector helpers for animation values (numbers, points, sizes, rects, colours are all
/// plain `[Double]` here). Vectors of different lengths are treated as if the shorter one were
/// padded with zeros.
enum VectorMath {
  /// Linear interpolation `a + (b − a)·s`, component by component. At `s = 0` this returns `a`
  /// exactly (the keyframe value), whatever the components are.
  static func lerp(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] {
    let n = max(a.count, b.count)
    var out = [Double](repeating: 0, count: n)
    for i in 0..<n {
      let x = component(a, i)
      out[i] = x + (component(b, i) - x) * s
    }
    return out
  }

  /// The Euclidean distance `|b − a|` (the absolute difference for scalars).
  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    let n = max(a.count, b.count)
    var sum = 0.0
    for i in 0..<n {
      let d = component(b, i) - component(a, i)
      sum += d * d
    }
    return sum.squareRoot()
  }

  /// `Σ wₖ·vₖ`, component by component, for equally long vectors `vₖ`.
  static func combine(_ terms: [(Double, [Double])]) -> [Double] {
    let n = terms.map(\.1.count).max() ?? 0
    var out = [Double](repeating: 0, count: n)
    for (w, v) in terms {
      for i in 0..<v.count {
        out[i] += w * v[i]
      }
    }
    return out
  }

  /// `b − a`, component by component.
  static func difference(_ b: [Double], _ a: [Double]) -> [Double] {
    let n = max(a.count, b.count)
    var out = [Double](repeating: 0, count: n)
    for i in 0..<n {
      out[i] = component(b, i) - component(a, i)
    }
    return out
  }

  /// `a + b`, component by component.
  static func sum(_ a: [Double], _ b: [Double]) -> [Double] {
    let n = max(a.count, b.count)
    var out = [Double](repeating: 0, count: n)
    for i in 0..<n {
      out[i] = component(a, i) + component(b, i)
    }
    return out
  }

  /// `w·v`, component by component.
  static func scaled(_ v: [Double], by w: Double) -> [Double] {
    v.map { $0 * w }
  }

  /// Component `i` of `v`, or 0 past its end.
  static func component(_ v: [Double], _ i: Int) -> Double {
    i < v.count ? v[i] : 0
  }

  /// `x` clamped to `[lo, hi]`; NaN becomes `lo`.
  static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
    guard !x.isNaN else { return lo }
    return min(max(x, lo), hi)
  }
}
