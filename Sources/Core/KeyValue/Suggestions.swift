/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
  /// The candidate nearest to `word` (ignoring case) among those close enough to be a
  /// plausible typo of it: at most `max(2, n / 3)` edits away, where n is the shorter length.
  /// Ties go to the earlier candidate.
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    var best: (name: String, distance: Int)? = nil
    let lowerWord = Array(word.lowercased().unicodeScalars)
    for c in candidates {
      let lower = Array(c.lowercased().unicodeScalars)
      if lower == lowerWord { return c }
      let limit = max(2, min(lowerWord.count, lower.count) / 3)
      // Each edit changes the length by at most one, so a candidate whose length differs by
      // more than the limit cannot qualify (and a very long word costs nothing to reject).
      guard abs(lowerWord.count - lower.count) <= limit else { continue }
      let d = distance(lowerWord, lower)
      guard d <= limit else { continue }
      if let b = best, b.distance <= d { continue }
      best = (c, d)
    }
    return best?.name
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// transpositions of two adjacent characters each cost 1 (`stpe` is 1 from `step`), and no
  /// substring is edited twice.
  package static func distance(_ a: String, _ b: String) -> Int {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
  }

  static func distance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    // Three rows of the dynamic-programming table: i − 2, i − 1 and i.
    var twoBack = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          d = min(d, twoBack[j - 2] + 1)
        }
        current[j] = d
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[y.count]
  }
}
