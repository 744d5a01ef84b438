import Foundation

/// A line-based unified diff for golden files, written for readability in a test report:
/// numbered hunks with a few lines of context, control characters made visible (so ANSI goldens
/// do not repaint the terminal), long lines clipped around their first difference, and the
/// whole capped so that a golden that is entirely wrong still gives a short report.
package enum GoldenDiff {
  /// Lines of unchanged context shown around each change.
  package static let context = 3
  /// At most this many `-`, `+` and context lines are shown; the rest are counted.
  package static let maxShownLines = 60
  /// Longer lines are clipped to this many characters around their first difference.
  package static let maxLineWidth = 160
  /// Above this many cells (middle lines of expected × actual) the LCS table is not built and
  /// the differing middle is shown as replaced whole.
  package static let maxTableCells = 4_000_000

  /// One line of the edit script.
  package enum Edit: Equatable {
    case same(expected: Int, actual: Int)
    case removed(expected: Int)
    case added(actual: Int)
  }

  /// The shortest edit script from `a` to `b` by longest common subsequence, after trimming
  /// the common prefix and suffix (so the table is only as big as the part that differs).
  package static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    var out: [Edit] = (0..<prefix).map { .same(expected: $0, actual: $0) }
    let aEnd = a.count - suffix
    let bEnd = b.count - suffix
    let n = aEnd - prefix
    let m = bEnd - prefix
    if n * m > maxTableCells {
      out += (prefix..<aEnd).map { .removed(expected: $0) }
      out += (prefix..<bEnd).map { .added(actual: $0) }
    } else {
      // lcs[i][j]: length of the LCS of a[prefix + i ..< aEnd] and b[prefix + j ..< bEnd].
      var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          lcs[i][j] =
            a[prefix + i] == b[prefix + j]
            ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < n || j < m {
        if i < n, j < m, a[prefix + i] == b[prefix + j] {
          out.append(.same(expected: prefix + i, actual: prefix + j))
          i += 1
          j += 1
        } else if j == m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
          out.append(.removed(expected: prefix + i))
          i += 1
        } else {
          out.append(.added(actual: prefix + j))
          j += 1
        }
      }
    }
    out += (0..<suffix).map { .same(expected: aEnd + $0, actual: bEnd + $0) }
    return out
  }

  /// The text's lines; a final newline gives a last empty line, so a missing or extra newline
  /// at the end shows up as a changed line.
  package static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// A unified diff of `expected` against `actual`, or nil when they are equal.
  package static func unified(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let a = lines(expected)
    let b = lines(actual)
    let script = edits(a, b)
    // Group changes into hunks: a change within 2·context lines of the previous one joins it.
    var hunks: [Range<Int>] = []
    for (k, e) in script.enumerated() {
      if case .same = e { continue }
      let lo = max(0, k - context)
      let hi = min(script.count, k + context + 1)
      if let last = hunks.last, lo <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, hi)
      } else {
        hunks.append(lo..<hi)
      }
    }
    var out: [String] = []
    var shown = 0
    var hidden = 0
    for hunk in hunks {
      let slice = script[hunk]
      let expectedLines = slice.filter { if case .added = $0 { false } else { true } }.count
      let actualLines = slice.filter { if case .removed = $0 { false } else { true } }.count
      let (aStart, bStart) = start(of: hunk, in: script)
      if shown < maxShownLines {
        out.append(
          "@@ -\(aStart + 1),\(expectedLines) +\(bStart + 1),\(actualLines) @@")
      }
      let pairs = changedPairs(in: slice)
      for e in slice {
        guard shown < maxShownLines else {
          if case .same = e {} else { hidden += 1 }
          continue
        }
        shown += 1
        switch e {
        case .same(let i, _):
          out.append(" " + visible(a[i], around: nil))
        case .removed(let i):
          let other = pairs.removedToAdded[i].map { b[$0] }
          out.append("-" + visible(a[i], around: other.map { firstDifference(a[i], $0) }))
        case .added(let j):
          let other = pairs.addedToRemoved[j].map { a[$0] }
          out.append("+" + visible(b[j], around: other.map { firstDifference(b[j], $0) }))
        }
      }
    }
    if hidden > 0 {
      out.append("… \(hidden) more changed line\(hidden == 1 ? "" : "s") not shown")
    }
    return out.joined(separator: "\n")
  }

  /// Expected and actual line index (0-based) at which a hunk starts.
  private static func start(of hunk: Range<Int>, in script: [Edit]) -> (Int, Int) {
    var a = 0
    var b = 0
    for e in script[..<hunk.lowerBound] {
      switch e {
      case .same: (a, b) = (a + 1, b + 1)
      case .removed: a += 1
      case .added: b += 1
      }
    }
    return (a, b)
  }

  /// Within each run of removals followed by additions, the k-th removed line is paired with
  /// the k-th added line, so both can be clipped around the column where they first differ.
  private static func changedPairs(in slice: ArraySlice<Edit>) -> (
    removedToAdded: [Int: Int], addedToRemoved: [Int: Int]
  ) {
    var removedToAdded: [Int: Int] = [:]
    var addedToRemoved: [Int: Int] = [:]
    var removed: [Int] = []
    var added: [Int] = []
    func flush() {
      for (r, a) in zip(removed, added) {
        removedToAdded[r] = a
        addedToRemoved[a] = r
      }
      removed = []
      added = []
    }
    for e in slice {
      switch e {
      case .same: flush()
      case .removed(let i):
        if !added.isEmpty { flush() }
        removed.append(i)
      case .added(let j): added.append(j)
      }
    }
    flush()
    return (removedToAdded, addedToRemoved)
  }

  /// The index (in characters) of the first character where two lines differ.
  package static func firstDifference(_ x: Substring, _ y: Substring) -> Int {
    var k = 0
    for (c, d) in zip(x, y) {
      if c != d { break }
      k += 1
    }
    return k
  }

  /// The line with control characters escaped, clipped to `maxLineWidth` characters (around
  /// the column `around` when given, else from the start), with `…` marking what is cut.
  package static func visible(_ line: Substring, around column: Int?) -> String {
    var escaped: [String] = []
    var escapedColumn: Int?
    for (k, c) in line.enumerated() {
      if k == column { escapedColumn = escaped.count }
      let text: String =
        switch c {
        case "\u{1B}": "\\e"
        case "\t": "\\t"
        case "\r": "\\r"
        case "\\": "\\\\"
        default:
          c.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            ? c.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
            : String(c)
        }
      // Keep each escape together as one unit so a clip never cuts one in half.
      escaped.append(text)
    }
    if column == escaped.count { escapedColumn = escaped.count }
    guard escaped.count > maxLineWidth else { return escaped.joined() }
    let focus = escapedColumn ?? 0
    let lo = max(0, min(focus - maxLineWidth / 4, escaped.count - maxLineWidth))
    let hi = min(escaped.count, lo + maxLineWidth)
    return (lo > 0 ? "…" : "") + escaped[lo..<hi].joined() + (hi < escaped.count ? "…" : "")
  }

  /// The first byte offset at which two byte strings differ (the shorter length when one is a
  /// prefix of the other), or nil when they are equal.
  package static func firstDifferingOffset(_ x: Data, _ y: Data) -> Int? {
    guard x != y else { return nil }
    let a = [UInt8](x)
    let b = [UInt8](y)
    var k = 0
    while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
    return k
  }

  /// Up to 8 bytes either side of `offset` in hex, with the byte at `offset` in brackets.
  package static func hexWindow(_ data: Data, at offset: Int) -> String {
    let bytes = [UInt8](data)
    let lo = max(0, offset - 8)
    let hi = min(bytes.count, offset + 9)
    guard lo < hi else { return "(end of data)" }
    return (lo..<hi).map { k in
      let h = String(bytes[k], radix: 16)
      let hex = h.count == 1 ? "0" + h : h
      return k == offset ? "[\(hex)]" : hex
    }.joined(separator: " ") + (offset >= bytes.count ? " [end]" : "")
  }
}
