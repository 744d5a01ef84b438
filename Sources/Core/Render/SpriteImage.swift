/// An immutable premultiplied RGBA image with a precomputed mip chain, used as layer contents and
/// particle sprites.
///
/// Level 0 is the image itself; each further level halves each dimension (rounding down, never
/// below 1) with an exact area-weighted box filter, down to 1×1, so the last level is the
/// image's mean colour. All levels live in one allocation, which the image owns.
package final class SpriteImage: @unchecked Sendable {
  // @unchecked: `texels` is written once, in `init`, and only read after; the image frees it.
  /// Width of level 0 in pixels (≥ 1).
  package let width: Int
  /// Height of level 0 in pixels (≥ 1).
  package let height: Int
  /// Every level's premultiplied RGBA, level 0 first; then, for an image of at most
  /// ``paddedPixelCount`` pixels, each level again padded (see ``MipLevel/paddedOffset``).
  /// Memory of the image's own rather than an array, so that a sprite reads it without
  /// touching a reference count (which both cores drawing the same look would otherwise
  /// contend for, sprite after sprite).
  let texels: UnsafeBufferPointer<Float>
  /// Per level: width, height and float offset into `texels`.
  let levels: [MipLevel]

  struct MipLevel: Sendable {
    let width: Int
    let height: Int
    let offset: Int
    /// Where the level's padded copy starts: `width + 1` texels a row and `height + 1` rows,
    /// the last column and row repeating the level's own last, which is what bilinear
    /// sampling's clamp reads there. So the four taps around any point of the level lie at
    /// fixed steps from the first (``LevelSampler/packedTaps(_:_:)``). nil: not padded.
    var paddedOffset: Int? = nil
    /// The distance in texels from the level's centre beyond which a point of the level
    /// samples exactly 0, bilinear or nearest (see ``support(_:_:)``).
    var support = Double.infinity
    /// Whether every texel of the level's border is transparent, so that a point clamped to
    /// its edge samples 0 too.
    var clearBorder = false
  }

  /// The largest image whose levels get a padded copy (which takes a little more than the
  /// levels themselves again).
  static let paddedPixelCount = 1 << 22

  /// The largest accepted image, in pixels; larger requests give a 1×1 transparent image.
  package static let maximumPixelCount = 1 << 26

  /// Creates an image from premultiplied RGBA floats (4 per pixel, row-major from the top-left).
  ///
  /// Input is sanitised rather than trapped on: sizes below 1 or above
  /// ``maximumPixelCount`` give a 1×1 transparent image, a short array is padded with
  /// transparent pixels, NaN becomes 0, alpha is clamped to [0, 1] and colour to [0, alpha].
  package init(width: Int, height: Int, premultiplied: [Float]) {
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    let valid = width >= 1 && height >= 1 && !overflow && area <= Self.maximumPixelCount
    let w = valid ? width : 1
    let h = valid ? height : 1
    var levels: [MipLevel] = []
    var total = 0
    var lw = w
    var lh = h
    while true {
      levels.append(MipLevel(width: lw, height: lh, offset: total))
      total += lw * lh * 4
      if lw == 1 && lh == 1 { break }
      lw = max(1, lw / 2)
      lh = max(1, lh / 2)
    }
    var storage = [Float](repeating: 0, count: total)
    if valid {
      let count = min(premultiplied.count, w * h * 4) / 4 * 4
      var i = 0
      while i < count {
        let a = Self.unit(premultiplied[i + 3])
        storage[i] = min(Self.unit(premultiplied[i]), a)
        storage[i + 1] = min(Self.unit(premultiplied[i + 1]), a)
        storage[i + 2] = min(Self.unit(premultiplied[i + 2]), a)
        storage[i + 3] = a
        i += 4
      }
    }
    for index in levels.indices.dropFirst() {
      Self.downsample(&storage, from: levels[index - 1], to: levels[index])
    }
    if w * h <= Self.paddedPixelCount {
      Self.pad(&storage, &levels)
    }
    for index in levels.indices {
      (levels[index].support, levels[index].clearBorder) = Self.support(storage, levels[index])
    }
    self.width = w
    self.height = h
    let texels = UnsafeMutableBufferPointer<Float>.allocate(capacity: storage.count)
    _ = texels.initialize(from: storage)
    self.texels = UnsafeBufferPointer(texels)
    self.levels = levels
  }

  deinit { texels.deallocate() }

  /// Creates an image from straight (non-premultiplied) RGBA floats, premultiplying them.
  package convenience init(width: Int, height: Int, straight: [Float]) {
    var premultiplied = straight
    var i = 0
    while i + 3 < premultiplied.count {
      let a = premultiplied[i + 3]
      premultiplied[i] *= a
      premultiplied[i + 1] *= a
      premultiplied[i + 2] *= a
      i += 4
    }
    self.init(width: width, height: height, premultiplied: premultiplied)
  }

  /// A copy of level 0: premultiplied RGBA, `4 × width × height` floats.
  package var pixels: [Float] { Array(texels[0..<(width * height * 4)]) }

  /// The number of mip levels (1 for a 1×1 image).
  var levelCount: Int { levels.count }

  /// The size of mip level `level` (clamped to the valid range).
  func levelSize(_ level: Int) -> (width: Int, height: Int) {
    let m = levels[min(max(level, 0), levels.count - 1)]
    return (m.width, m.height)
  }

  /// The texel at `(x, y)` of mip `level`; `.clear` outside the level.
  package func pixel(x: Int, y: Int, level: Int = 0) -> RGBA {
    guard level >= 0, level < levels.count else { return .clear }
    let m = levels[level]
    guard x >= 0, y >= 0, x < m.width, y < m.height else { return .clear }
    let i = m.offset + (y * m.width + x) * 4
    return RGBA(r: texels[i], g: texels[i + 1], b: texels[i + 2], a: texels[i + 3])
  }

  /// The mean premultiplied colour of the whole image (its 1×1 level).
  package var meanColor: RGBA { pixel(x: 0, y: 0, level: levels.count - 1) }

  private static func unit(_ v: Float) -> Float {
    v > 0 ? (v < 1 ? v : 1) : 0
  }

  /// How far from the centre of level `m` its visible texels reach, with the reach of a
  /// sample: the farthest texel centre that is not transparent (all four floats 0), plus √2
  /// (a bilinear sample's taps lie within a texel of its point along each axis; a nearest
  /// sample's within half), plus a margin for the Float arithmetic of a sprite's points. A
  /// point of the level farther than that samples transparent texels only. 0 for a level with
  /// no visible texel. Also whether the level's border is transparent.
  static func support(_ storage: [Float], _ m: MipLevel) -> (Double, clearBorder: Bool) {
    let centreX = Double(m.width) / 2
    let centreY = Double(m.height) / 2
    var farthest = -1.0
    var clearBorder = true
    for y in 0..<m.height {
      let row = m.offset + y * m.width * 4
      for x in 0..<m.width {
        let i = row + x * 4
        if storage[i] == 0 && storage[i + 1] == 0 && storage[i + 2] == 0 && storage[i + 3] == 0 {
          continue
        }
        if x == 0 || y == 0 || x == m.width - 1 || y == m.height - 1 { clearBorder = false }
        let dx = Double(x) + 0.5 - centreX
        let dy = Double(y) + 0.5 - centreY
        farthest = max(farthest, dx * dx + dy * dy)
      }
    }
    guard farthest >= 0 else { return (0, true) }
    let margin = 2.0.squareRoot() + 0.05 + 1e-4 * Double(max(m.width, m.height))
    return (farthest.squareRoot() + margin, clearBorder)
  }

  /// Exact area-weighted box filter from one level to the next.
  /// Appends each level's padded copy to `storage` and says where it is.
  private static func pad(_ storage: inout [Float], _ levels: inout [MipLevel]) {
    var total = storage.count
    for k in levels.indices {
      levels[k].paddedOffset = total
      total += (levels[k].width + 1) * (levels[k].height + 1) * 4
    }
    var copies: [Float] = []
    copies.reserveCapacity(total - storage.count)
    storage.withUnsafeBufferPointer { source in
      for level in levels {
        for y in 0...level.height {
          let row = level.offset + min(y, level.height - 1) * level.width * 4
          copies.append(
            contentsOf: UnsafeBufferPointer(rebasing: source[row..<(row + level.width * 4)]))
          let last = row + (level.width - 1) * 4
          copies.append(contentsOf: UnsafeBufferPointer(rebasing: source[last..<(last + 4)]))
        }
      }
    }
    storage += copies
  }

  private static func downsample(_ storage: inout [Float], from src: MipLevel, to dst: MipLevel) {
    let sx = Double(src.width) / Double(dst.width)
    let sy = Double(src.height) / Double(dst.height)
    let norm = 1 / (sx * sy)
    for y in 0..<dst.height {
      let top = Double(y) * sy
      let bottom = top + sy
      let rows = Int(top)..<min(src.height, Int(bottom.rounded(.up)))
      for x in 0..<dst.width {
        let left = Double(x) * sx
        let right = left + sx
        let columns = Int(left)..<min(src.width, Int(right.rounded(.up)))
        var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
        for ky in rows {
          let wy = overlap(ky, top, bottom)
          for kx in columns {
            let w = wy * overlap(kx, left, right)
            let i = src.offset + (ky * src.width + kx) * 4
            sum.0 += w * Double(storage[i])
            sum.1 += w * Double(storage[i + 1])
            sum.2 += w * Double(storage[i + 2])
            sum.3 += w * Double(storage[i + 3])
          }
        }
        let o = dst.offset + (y * dst.width + x) * 4
        storage[o] = Float(sum.0 * norm)
        storage[o + 1] = Float(sum.1 * norm)
        storage[o + 2] = Float(sum.2 * norm)
        storage[o + 3] = Float(sum.3 * norm)
      }
    }
  }

  /// The length of the overlap of cell [k, k + 1] with [start, end].
  private static func overlap(_ k: Int, _ start: Double, _ end: Double) -> Double {
    max(0, min(end, Double(k + 1)) - max(start, Double(k)))
  }
}
