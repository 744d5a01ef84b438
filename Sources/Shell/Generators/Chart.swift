import Core

/// An ASCII line chart of sampled values over time, with labelled axes.
enum Chart {
  static let marks: [Character] = ["*", "+", "o", "x"]

  /// `samples[i]` holds the value's components at the i-th of evenly spaced times from `from`
  /// to `to`; each component is its own series (named in a legend when there are several).
  static func render(
    samples: [[Double]], from: Double, to: Double, height: Int, title: String,
    seriesNames: [String]
  ) -> String {
    let width = samples.count
    let series = samples.first?.count ?? 0
    guard width > 1, series > 0, height > 1 else { return "" }
    let all = samples.flatMap { $0 }.filter(\.isFinite)
    var lo = all.min() ?? 0
    var hi = all.max() ?? 1
    if hi - lo < 1e-12 {
      lo -= 0.5
      hi += 0.5
    }
    var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
    for (i, v) in samples.enumerated() {
      for k in (0..<min(series, marks.count)).reversed() where v[k].isFinite {
        grid[row(v[k], lo: lo, hi: hi, height: height)][i] = marks[k]
      }
    }
    let top = format(hi)
    let bottom = format(lo)
    let labelWidth = max(top.count, bottom.count)
    func pad(_ s: String) -> String { String(repeating: " ", count: labelWidth - s.count) + s }
    var out = title + "\n"
    for (r, row) in grid.enumerated() {
      let label = r == 0 ? pad(top) : r == height - 1 ? pad(bottom) : pad("")
      out += label + " |" + String(row).trimmingTrailingSpaces() + "\n"
    }
    out += pad("") + " +" + String(repeating: "-", count: width) + "\n"
    let left = format(from) + " s"
    let right = format(to) + " s"
    let gap = max(1, width - left.count - right.count)
    out += pad("") + "  " + left + String(repeating: " ", count: gap) + right + "\n"
    if series > 1 {
      let legend = (0..<min(series, marks.count)).map { k in
        "\(marks[k]) \(k < seriesNames.count ? seriesNames[k] : "component \(k)")"
      }
      out += pad("") + "  " + legend.joined(separator: "   ") + "\n"
    }
    return out
  }

  /// The row of finite `v` between `hi` (row 0) and `lo` (the last row). The values are halved
  /// first so that a span wider than the largest Double (say −1e308 to 1e308, which a bezier
  /// timing function with huge control points can reach) still gives a row and not NaN.
  static func row(_ v: Double, lo: Double, hi: Double, height: Int) -> Int {
    let f = (hi / 2 - v / 2) / (hi / 2 - lo / 2) * Double(height - 1)
    guard f.isFinite else { return 0 }
    return Int(min(max(f.rounded(), 0), Double(height - 1)))
  }

  /// A short label: at most four decimals (a value too large to scale is shown as it is).
  static func format(_ x: Double) -> String {
    let r = (x * 10000).rounded() / 10000
    return ValueFormatting.display(r.isFinite ? r : x)
  }
}
