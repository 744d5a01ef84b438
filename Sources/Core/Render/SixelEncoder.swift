/// Sixel graphics (DEC), with a fixed palette and ordered dithering: fast and deterministic.
///
/// **Palette (Burst's choice).** 252 colour registers: 6 levels of red × 7 of green × 6 of blue
/// (green gets the extra level because the eye is most sensitive to it). Register
/// `42·r + 6·g + b` holds the levels `(r, g, b)`; level `k` of `n` is `k/(n−1)` of full
/// intensity, written in percent (`#i;2;R;G;B`, rounded). Only the registers a frame uses are
/// defined, in ascending order.
///
/// **Dithering.** Each channel byte `v` is mapped to level `⌊v·(n−1)/255 + (2t+1)/32⌋`, where
/// `t` is the 4×4 Bayer matrix entry (0…15) at `(x mod 4, y mod 4)`: a fixed threshold per
/// pixel, so a frame always encodes to the same bytes, neighbouring frames do not shimmer, and
/// the average of a flat area keeps its colour between two levels.
///
/// **Layout.** `ESC P q` starts the image, `"1;1;W;H` sets square pixels and the size. The
/// picture goes in bands of six rows: for each colour used in a band, in ascending register
/// order, `#i` selects it and one sixel character per column follows (`?` + the six bits of the
/// rows drawn in that colour, top row in the lowest bit), with runs of more than three equal
/// characters written `!n c` and trailing empty sixels dropped; `$` returns to the band's
/// start for the next colour and `-` moves to the next band. `ESC \` ends it.
package enum SixelEncoder {
  /// Levels of red, green and blue.
  package static let levels = (r: 6, g: 7, b: 6)

  /// The number of colour registers.
  static let paletteSize = levels.r * levels.g * levels.b

  /// The 4×4 Bayer matrix (thresholds 0…15), row by row.
  package static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

  /// The register of `(r, g, b)` levels.
  @inline(__always)
  package static func register(r: Int, g: Int, b: Int) -> Int {
    r * (levels.g * levels.b) + g * levels.b + b
  }

  /// The level (0…n−1) of channel byte `v` with Bayer threshold `t` (0…15).
  @inline(__always)
  package static func level(_ v: UInt8, of n: Int, threshold t: Int) -> Int {
    (Int(v) * (n - 1) * 32 + (2 * t + 1) * 255) / (255 * 32)
  }

  /// The register's colour in percent of full intensity.
  static func percent(of register: Int) -> (r: Int, g: Int, b: Int) {
    let gb = levels.g * levels.b
    let r = register / gb
    let g = register % gb / levels.b
    let b = register % levels.b
    func pct(_ k: Int, _ n: Int) -> Int { (k * 200 + (n - 1)) / (2 * (n - 1)) }
    return (pct(r, levels.r), pct(g, levels.g), pct(b, levels.b))
  }

  /// What each channel adds to the register, for threshold `t` and byte `v` at `t·256 + v`:
  /// ``level(_:of:threshold:)`` times the channel's weight in ``register(r:g:b:)``.
  private static let contributions: (r: [UInt8], g: [UInt8], b: [UInt8]) = {
    func table(_ n: Int, weight: Int) -> [UInt8] {
      (0..<(16 * 256)).map { UInt8(level(UInt8($0 & 255), of: n, threshold: $0 >> 8) * weight) }
    }
    return (
      table(levels.r, weight: levels.g * levels.b), table(levels.g, weight: levels.b),
      table(levels.b, weight: 1)
    )
  }()

  /// The palette register of every pixel of `frame` (dithered), row-major.
  package static func registers(_ frame: RGB8Frame) -> [UInt8] {
    let w = frame.width
    let h = frame.height
    let (rs, gs, bs) = contributions
    return [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
      frame.bytes.withUnsafeBufferPointer { src in
        rs.withUnsafeBufferPointer { rs in
          gs.withUnsafeBufferPointer { gs in
            bs.withUnsafeBufferPointer { bs in
              for y in 0..<h {
                let row = (y & 3) * 4
                var i = y * w * 3
                var o = y * w
                for x in 0..<w {
                  let t = bayer[row + (x & 3)] << 8
                  out[o] = rs[t | Int(src[i])] + gs[t | Int(src[i + 1])] + bs[t | Int(src[i + 2])]
                  i += 3
                  o += 1
                }
              }
            }
          }
        }
      }
      initialized = w * h
    }
  }

  /// The whole sixel image of `frame`; empty when it has no pixels.
  package static func encode(_ frame: RGB8Frame) -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else { return [] }
    let indices = registers(frame)
    var out: [UInt8] = []
    out.reserveCapacity(frame.width * frame.height / 2 + 4096)
    out.append(text: "\u{1B}Pq\"1;1;")
    out.append(decimal: frame.width)
    out.append(UInt8(ascii: ";"))
    out.append(decimal: frame.height)
    var used = [Bool](repeating: false, count: paletteSize)
    for i in indices { used[Int(i)] = true }
    for register in 0..<paletteSize where used[register] {
      let p = percent(of: register)
      out.append(UInt8(ascii: "#"))
      out.append(decimal: register)
      out.append(text: ";2;")
      out.append(decimal: p.r)
      out.append(UInt8(ascii: ";"))
      out.append(decimal: p.g)
      out.append(UInt8(ascii: ";"))
      out.append(decimal: p.b)
    }
    appendBands(indices, width: frame.width, height: frame.height, into: &out)
    out.append(text: "\u{1B}\\")
    return out
  }

  /// The bands of a picture given as palette registers (row-major, `width × height`), without
  /// the introducer, raster attributes, palette or terminator.
  package static func bands(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    var out: [UInt8] = []
    appendBands(indices, width: width, height: height, into: &out)
    return out
  }

  private static func appendBands(
    _ indices: [UInt8], width w: Int, height h: Int, into out: inout [UInt8]
  ) {
    guard w > 0, h > 0, indices.count >= w * h else { return }
    // bits[c·w + x]: the rows of the band at column x drawn in register c, which the band uses
    // from column first[c] to last[c] only (so a colour costs the columns it spans).
    var bits = [UInt8](repeating: 0, count: 256 * w)
    var first = [Int](repeating: -1, count: 256)
    var last = [Int](repeating: 0, count: 256)
    var colours: [Int] = []
    colours.reserveCapacity(256)
    func put(_ ch: UInt8, _ run: Int) {
      if run > 3 {
        out.append(UInt8(ascii: "!"))
        out.append(decimal: run)
        out.append(ch)
      } else {
        for _ in 0..<run { out.append(ch) }
      }
    }
    indices.withUnsafeBufferPointer { px in
      bits.withUnsafeMutableBufferPointer { bits in
        var y0 = 0
        while y0 < h {
          colours.removeAll(keepingCapacity: true)
          for dy in 0..<min(6, h - y0) {
            let bit = UInt8(1) << UInt8(dy)
            var i = (y0 + dy) * w
            for x in 0..<w {
              let c = Int(px[i])
              if first[c] < 0 {
                first[c] = x
                last[c] = x
                colours.append(c)
              } else {
                if x < first[c] { first[c] = x }
                if x > last[c] { last[c] = x }
              }
              bits[c * w + x] |= bit
              i += 1
            }
          }
          colours.sort()
          for (k, c) in colours.enumerated() {
            if k > 0 { out.append(UInt8(ascii: "$")) }
            out.append(UInt8(ascii: "#"))
            out.append(decimal: c)
            // Empty columns before the first are one run; those after the last are dropped.
            let start = first[c]
            let end = last[c] + 1
            if start > 0 { put(63, start) }
            var x = start
            while x < end {
              let v = bits[c * w + x]
              var run = 1
              while x + run < end && bits[c * w + x + run] == v { run += 1 }
              put(63 + v, run)
              x += run
            }
            for x in start..<end { bits[c * w + x] = 0 }
            first[c] = -1
          }
          y0 += 6
          if y0 < h { out.append(UInt8(ascii: "-")) }
        }
      }
    }
  }
}
