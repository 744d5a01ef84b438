import Core

/// The colours of a GIF recording: at most 255, chosen once for the whole recording from the
/// colours of sampled frames (``ColorHistogram``), plus one more index, the transparent one
/// (the clear background, and in later frames the pixels that did not change).
///
/// **(choice)** One global palette from a first pass over sampled frames rather than one per
/// frame: a local palette costs up to 768 bytes a frame, and a colour that moves between two
/// palettes defeats the unchanged-pixel transparency of later frames. docs/sharing.md has
/// the measurements of the GIFs this makes.
struct GIFPalette: Sendable, Equatable {
  /// The colours, 0xRRGGBB, at most 255.
  var colors: [UInt32]

  /// The index of the transparent entry, after the colours.
  var transparent: UInt8 { UInt8(colors.count) }

  /// The colour table's size: a power of two with room for the colours and the transparent
  /// entry (at least 2, as GIF requires).
  var tableSize: Int {
    var n = 2
    while n < colors.count + 1 { n *= 2 }
    return n
  }

  /// The most colours a palette holds (one of GIF's 256 entries is the transparent one).
  static let maxColors = 255
}

/// How many pixels of each colour sampled frames hold, in buckets of 6 bits a channel, with
/// the sums of the colours in each bucket (so a palette colour is the mean of what it stands
/// for, not a bucket's centre).
struct ColorHistogram {
  static let bits = 6
  static let buckets = 1 << (3 * bits)

  private(set) var counts = [UInt32](repeating: 0, count: buckets)
  private(set) var sums = [UInt64](repeating: 0, count: 3 * buckets)
  /// The pixels of each exact colour seen (0xRRGGBB), while there are at most
  /// `Limits.maxPaletteExactColors` of them (then the palette is chosen from these instead of
  /// the buckets); nil once there are more. Read in sorted order, never in hash order.
  private(set) var exact: [UInt32: UInt32]? = [:]

  /// The bucket of a colour.
  @inline(__always)
  static func key(_ r: Int, _ g: Int, _ b: Int) -> Int {
    (r >> 2) << 12 | (g >> 2) << 6 | b >> 2
  }

  /// Counts the pixels of an RGBA frame (straight alpha); when `clear`, pixels less than half
  /// opaque are the transparent entry's and not counted.
  mutating func add(rgba: [UInt8], clear: Bool) {
    var i = 0
    while i + 3 < rgba.count {
      if !clear || rgba[i + 3] >= 128 {
        let r = Int(rgba[i])
        let g = Int(rgba[i + 1])
        let b = Int(rgba[i + 2])
        let k = Self.key(r, g, b)
        if exact != nil {
          exact![UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b), default: 0] &+= 1
          if exact!.count > Limits.maxPaletteExactColors { exact = nil }
        }
        if counts[k] < UInt32.max {
          counts[k] += 1
          sums[3 * k] += UInt64(r)
          sums[3 * k + 1] += UInt64(g)
          sums[3 * k + 2] += UInt64(b)
        }
      }
      i += 4
    }
  }

  /// A palette of at most `maxColors` colours for these pixels: median cut (the box whose
  /// colours are furthest from their mean is split where the two halves are closest to
  /// theirs), then a few rounds of k-means over the buckets. Deterministic: every order is
  /// total (ties go to the lower bucket).
  func palette(maxColors: Int = GIFPalette.maxColors) -> GIFPalette {
    // Few enough colours: each exactly, in numeric order.
    if let exact, exact.count <= maxColors, !exact.isEmpty {
      return GIFPalette(colors: exact.keys.sorted())
    }
    // The colours in use, each with its weight: exact while there are not too many, else the
    // buckets' means.
    var entries: [Entry] = []
    if let exact {
      for c in exact.keys.sorted() {
        entries.append(
          Entry(
            key: Int(c), weight: Double(exact[c]!),
            color: (Double(c >> 16), Double(c >> 8 & 0xFF), Double(c & 0xFF))))
      }
    }
    for k in 0..<Self.buckets where exact == nil && counts[k] > 0 {
      let w = Double(counts[k])
      entries.append(
        Entry(
          key: k, weight: w,
          color: (Double(sums[3 * k]) / w, Double(sums[3 * k + 1]) / w, Double(sums[3 * k + 2]) / w)
        ))
    }
    guard !entries.isEmpty else { return GIFPalette(colors: [0]) }
    var boxes = [Box(range: 0..<entries.count, entries: entries)]
    while boxes.count < maxColors {
      var best = -1
      for (i, box) in boxes.enumerated() where box.range.count > 1 && box.error > 0 {
        if best < 0 || box.error > boxes[best].error { best = i }
      }
      guard best >= 0 else { break }
      let (a, b) = boxes[best].split(&entries)
      boxes[best] = a
      boxes.append(b)
    }
    var centres = boxes.map { $0.mean }
    // k-means: each bucket to its nearest centre, each centre to the mean of its buckets;
    // bounded so that a recording of many colours does not spend long here.
    let rounds = entries.count * centres.count <= 20_000_000 ? 4 : 0
    for _ in 0..<rounds {
      var sum = [(Double, Double, Double, Double)](repeating: (0, 0, 0, 0), count: centres.count)
      for e in entries {
        let j = Self.nearest(e.color, in: centres)
        sum[j].0 += e.weight * e.color.0
        sum[j].1 += e.weight * e.color.1
        sum[j].2 += e.weight * e.color.2
        sum[j].3 += e.weight
      }
      for j in centres.indices where sum[j].3 > 0 {
        centres[j] = (sum[j].0 / sum[j].3, sum[j].1 / sum[j].3, sum[j].2 / sum[j].3)
      }
    }
    var colors: [UInt32] = []
    for c in centres {
      let v = UInt32(channel(c.0)) << 16 | UInt32(channel(c.1)) << 8 | UInt32(channel(c.2))
      if !colors.contains(v) { colors.append(v) }
    }
    return GIFPalette(colors: colors)
  }

  private func channel(_ x: Double) -> Int { Int(min(255, max(0, x.rounded()))) }

  private static func nearest(
    _ c: (Double, Double, Double), in centres: [(Double, Double, Double)]
  ) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (j, p) in centres.enumerated() {
      let d = (c.0 - p.0) * (c.0 - p.0) + (c.1 - p.1) * (c.1 - p.1) + (c.2 - p.2) * (c.2 - p.2)
      if d < bestDistance {
        bestDistance = d
        best = j
      }
    }
    return best
  }

  struct Entry {
    var key: Int
    var weight: Double
    var color: (Double, Double, Double)

    func channel(_ axis: Int) -> Double {
      axis == 0 ? color.0 : axis == 1 ? color.1 : color.2
    }
  }

  /// Entries `range` of the shared array, with their weight, mean and squared error.
  struct Box {
    var range: Range<Int>
    var weight = 0.0
    var mean = (0.0, 0.0, 0.0)
    var error = 0.0

    init(range: Range<Int>, entries: [Entry]) {
      self.range = range
      var s = (0.0, 0.0, 0.0)
      var squares = 0.0
      for e in entries[range] {
        weight += e.weight
        s.0 += e.weight * e.color.0
        s.1 += e.weight * e.color.1
        s.2 += e.weight * e.color.2
        squares +=
          e.weight * (e.color.0 * e.color.0 + e.color.1 * e.color.1 + e.color.2 * e.color.2)
      }
      mean = (s.0 / weight, s.1 / weight, s.2 / weight)
      error = max(0, squares - (s.0 * s.0 + s.1 * s.1 + s.2 * s.2) / weight)
    }

    /// Splits along the axis of widest spread, where the halves' squared errors sum least.
    func split(_ entries: inout [Entry]) -> (Box, Box) {
      var variance = [0.0, 0.0, 0.0]
      for e in entries[range] {
        variance[0] += e.weight * (e.color.0 - mean.0) * (e.color.0 - mean.0)
        variance[1] += e.weight * (e.color.1 - mean.1) * (e.color.1 - mean.1)
        variance[2] += e.weight * (e.color.2 - mean.2) * (e.color.2 - mean.2)
      }
      let axis =
        variance[0] >= variance[1] && variance[0] >= variance[2]
        ? 0 : variance[1] >= variance[2] ? 1 : 2
      entries[range].sort {
        let a = $0.channel(axis)
        let b = $1.channel(axis)
        return a != b ? a < b : $0.key < $1.key
      }
      // Prefix sums: the error of entries[range.lowerBound..<i] and of the rest, for each cut.
      var w = 0.0
      var s = (0.0, 0.0, 0.0)
      var q = 0.0
      let total = (weight, mean.0 * weight, mean.1 * weight, mean.2 * weight)
      var totalSquares = 0.0
      for e in entries[range] {
        totalSquares +=
          e.weight * (e.color.0 * e.color.0 + e.color.1 * e.color.1 + e.color.2 * e.color.2)
      }
      var bestCut = range.lowerBound + 1
      var bestError = Double.infinity
      for i in range.lowerBound..<(range.upperBound - 1) {
        let e = entries[i]
        w += e.weight
        s.0 += e.weight * e.color.0
        s.1 += e.weight * e.color.1
        s.2 += e.weight * e.color.2
        q += e.weight * (e.color.0 * e.color.0 + e.color.1 * e.color.1 + e.color.2 * e.color.2)
        let rw = total.0 - w
        let r = (total.1 - s.0, total.2 - s.1, total.3 - s.2)
        let left = q - (s.0 * s.0 + s.1 * s.1 + s.2 * s.2) / w
        let right = (totalSquares - q) - (r.0 * r.0 + r.1 * r.1 + r.2 * r.2) / max(rw, 1e-9)
        if left + right < bestError {
          bestError = left + right
          bestCut = i + 1
        }
      }
      return (
        Box(range: range.lowerBound..<bestCut, entries: entries),
        Box(range: bestCut..<range.upperBound, entries: entries)
      )
    }
  }
}

/// Maps RGBA frames to a palette's indices, with ordered dithering or none. A pure function
/// of the pixels, so frames may be mapped on any thread in any order with the same bytes.
struct GIFQuantizer: Sendable {
  let palette: GIFPalette
  /// Whether pixels less than half opaque are transparent (the scene's background is clear).
  let clear: Bool
  let dither: GIFDither
  private let r: [Int32]
  private let g: [Int32]
  private let b: [Int32]

  init(palette: GIFPalette, clear: Bool, dither: GIFDither) {
    self.palette = palette
    self.clear = clear
    self.dither = dither
    r = palette.colors.map { Int32($0 >> 16 & 0xFF) }
    g = palette.colors.map { Int32($0 >> 8 & 0xFF) }
    b = palette.colors.map { Int32($0 & 0xFF) }
  }

  /// The 8×8 Bayer matrix, thresholds 0…63.
  static let bayer: [Int32] = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
  ]

  /// **(choice)** How far ordered dithering moves a colour before it is mapped: ±12 of 255 a
  /// channel, about half the spacing of 255 colours spread over the colour cube.
  static let ditherAmplitude: Int32 = 24

  /// The nearest palette index to a colour (squared distance; ties to the lower index).
  func nearest(_ cr: Int32, _ cg: Int32, _ cb: Int32) -> UInt8 {
    var best = 0
    var bestDistance = Int32.max
    for j in 0..<r.count {
      let dr = cr - r[j]
      let dg = cg - g[j]
      let db = cb - b[j]
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance {
        bestDistance = d
        best = j
      }
    }
    return UInt8(best)
  }

  /// The indices of a `width`-wide RGBA frame (straight alpha), row by row, into `out`. A
  /// colour of the palette is its own index, undithered; any other is dithered (when asked)
  /// and mapped to the nearest entry.
  func map(rgba: [UInt8], width: Int, into out: inout [UInt8]) {
    let n = rgba.count / 4
    if out.count != n { out = [UInt8](repeating: 0, count: n) }
    // Lookups only: the indices do not depend on the dictionaries' order.
    var exact: [UInt32: UInt8] = [:]
    for (i, c) in palette.colors.enumerated() { exact[c] = UInt8(i) }
    var nearestOf: [UInt32: UInt8] = [:]
    var spreadOf: [UInt32: Int32] = [:]
    let transparent = palette.transparent
    let amplitude = dither == .ordered ? Self.ditherAmplitude : 0
    rgba.withUnsafeBufferPointer { px in
      out.withUnsafeMutableBufferPointer { o in
        for i in 0..<n {
          let p = 4 * i
          if clear && px[p + 3] < 128 {
            o[i] = transparent
            continue
          }
          let colour = UInt32(px[p]) << 16 | UInt32(px[p + 1]) << 8 | UInt32(px[p + 2])
          if let k = exact[colour] {
            o[i] = k
            continue
          }
          var cr = Int32(px[p])
          var cg = Int32(px[p + 1])
          var cb = Int32(px[p + 2])
          if amplitude > 0 {
            // Dithered no further than the distance to the nearest entry (twice it, at most
            // the amplitude): a colour close to one is not turned into noise.
            let spread: Int32
            if let d = spreadOf[colour] {
              spread = d
            } else {
              let k = Int(nearest(cr, cg, cb))
              let (dr, dg, db) = (cr - r[k], cg - g[k], cb - b[k])
              let e = Double(dr * dr + dg * dg + db * db).squareRoot()
              spread = min(amplitude, Int32((2 * e).rounded(.up)))
              spreadOf[colour] = spread
            }
            let x = i % width
            let y = i / width
            let t = (2 * Self.bayer[(y & 7) << 3 | (x & 7)] - 63) * spread / 128
            cr = min(255, max(0, cr + t))
            cg = min(255, max(0, cg + t))
            cb = min(255, max(0, cb + t))
          }
          let key = UInt32(cr) << 16 | UInt32(cg) << 8 | UInt32(cb)
          if let k = nearestOf[key] {
            o[i] = k
          } else {
            let k = nearest(cr, cg, cb)
            nearestOf[key] = k
            o[i] = k
          }
        }
      }
    }
  }
}

/// How a GIF's colours are dithered: `dither ordered` (the default) or `dither none`.
enum GIFDither: String, Sendable, CaseIterable {
  /// An 8×8 Bayer pattern: stable from frame to frame, so still areas stay the same indices
  /// (and cost nothing in later frames), unlike error diffusion, which shimmers.
  case ordered
  case none
}
