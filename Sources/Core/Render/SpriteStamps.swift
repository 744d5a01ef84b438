/// The cheaper sprite drawing of terminal text frames (`ascii` and `ansi` in `show`, `play`,
/// `sweep` and `.cast` recordings; docs/terminal-graphics.md, "Text frames draw sprites from
/// stamps").
///
/// A particle sprite that is small on the canvas (at most ``maxSide`` pixels across each axis,
/// not a splat, and not filtered `nearest`, whose hard texel edges a rounded position would
/// move by a whole pixel) is drawn from a *stamp*: the premultiplied picture of its image drawn by the
/// exact path (``SpritePen/draw(_:transform:tint:blend:)``, white, on a scratch canvas) at a
/// quantised footprint and sub-pixel position, then multiplied by the particle's tint and
/// blended pixel by pixel. The footprint's two sprite axes (the columns of the transform's
/// linear part) are each rounded to 1/``octaveSteps`` octave of length and 1/``turnSteps``
/// turn of direction, and the sprite's centre to 1/``phaseSteps`` pixel; everything else
/// (sampling, mip levels, edge coverage) is the exact path's, at those rounded values.
///
/// A stamp is a pure function of its key (the image, contents rect and filter, and the rounded
/// footprint and phase), so which stamps happen to be cached never changes a byte drawn: a
/// fresh cache and a warm one give the same frame. The cache keeps at most
/// ``Limits/maxStampBytes`` of stamps (it starts over when full) and forgets the stamps of
/// images a frame did not draw, so it holds no image for longer than one frame after its last
/// use.
package final class SpriteStamps {
  /// Sprites wider or taller than this many pixels on the canvas are drawn exactly: big sprites
  /// would need big stamps, and there are few of them on a terminal's canvas.
  package static let maxSide = 24.0
  /// Sub-pixel positions per pixel on each axis.
  package static let phaseSteps = 4
  /// Directions per turn of each sprite axis.
  package static let turnSteps = 64
  /// Lengths per octave of each sprite axis.
  package static let octaveSteps = 16

  /// The most bytes of stamps kept.
  let budget: Int
  /// Every stamp, one after the other, row by row: a row's first non-transparent column and
  /// how many columns follow it (the first two bytes of one word), then those columns'
  /// premultiplied pixels in 8 bits a channel. A quarter of the floats' memory, and nothing
  /// outside the rows' spans, so the stamps of a frame stay in the processor's caches and a
  /// stamp is read front to back; the rounding, at most 1/510, is far below what a text frame
  /// shows.
  @exclusivity(unchecked) private var words: [SIMD4<UInt8>] = []
  /// The stamps of each look drawn since the cache last started over.
  private var looks: [LookKey: LookStamps] = [:]
  /// The looks this frame has met so far (at most ``recentLimit``), compared by identity so
  /// that most sprites find theirs without hashing.
  @exclusivity(unchecked) private var recent: [(look: SpriteLook, stamps: LookStamps)] = []
  private static let recentLimit = 8
  /// Counts frames, so that a look not drawn in a frame is forgotten at its end.
  @exclusivity(unchecked) private var frame = 0

  /// A deliberate error in where stamps are made, in sub-pixel steps (0 but in the test that
  /// shows the quality check catches a broken stamp path).
  var misplacement = (x: 0, y: 0)

  /// Stamps made so far (for tests and benchmarks).
  package private(set) var stampsMade = 0
  /// Sprites drawn from a stamp so far.
  @exclusivity(unchecked) package private(set) var stampsDrawn = 0

  package init(budget: Int = Limits.maxStampBytes) {
    self.budget = max(0, budget)
  }

  /// The bytes the stamps now take.
  package var bytes: Int {
    words.count * MemoryLayout<SIMD4<UInt8>>.stride
  }

  /// Ends a frame: forgets the looks (and their images) it did not draw.
  func finishFrame() {
    looks = looks.filter { $0.value.frame == frame }
    recent.removeAll()
    frame &+= 1
    if looks.isEmpty { startOver() }
  }

  /// Draws a sprite as `pen.draw(look, transform:tint:blend:)` would but from a stamp, when the
  /// sprite qualifies (see the type's summary); false when it does not and the caller should
  /// draw it exactly.
  func draw(
    _ look: SpriteLook, transform t: Affine2D, tint: RGBA, blend: BlendMode, with pen: SpritePen
  ) -> Bool {
    guard t.isFinite, look.rectDraws, look.filter.magnification != .nearest,
      look.filter.minification != .nearest
    else { return false }
    let extentX = t.a.magnitude + t.c.magnitude
    let extentY = t.b.magnitude + t.d.magnitude
    guard extentX <= Self.maxSide, extentY <= Self.maxSide,
      extentX >= Canvas.splatThreshold || extentY >= Canvas.splatThreshold,
      t.tx.magnitude < 1e6, t.ty.magnitude < 1e6,
      let u = Self.axisKey(t.a, t.b), let v = Self.axisKey(t.c, t.d)
    else { return false }
    // The exact path draws nothing for this tint either.
    guard let color = pen.spriteTint(tint) else { return true }
    // The centre in sub-pixel steps, rounded to nearest: |tx|, |ty| < 10⁶, so with the offset
    // the sums are positive and truncation is floor (and cannot trap).
    let steps = Double(Self.phaseSteps)
    let qx = Int(t.tx * steps + Self.roundingOffset) - Self.roundingBias
    let qy = Int(t.ty * steps + Self.roundingOffset) - Self.roundingBias
    let phaseX = qx & (Self.phaseSteps - 1)
    let phaseY = qy & (Self.phaseSteps - 1)
    let key = UInt64(u) | UInt64(v) << 20 | UInt64(phaseX) << 40 | UInt64(phaseY) << 44
    let stamps = self.stamps(for: look)
    stamps.frame = frame
    let stamp: StampRef
    if let found = stamps.table.find(key) {
      stamp = found
    } else {
      // A stamp larger than the whole budget is not made: the sprite is drawn exactly.
      guard let made = make(look, u: u, v: v, phaseX: phaseX, phaseY: phaseY) else {
        return false
      }
      stamp = made
      // Making the stamp may have started the cache over, forgetting `stamps`.
      let owner = self.stamps(for: look)
      owner.frame = frame
      owner.table.insert(key, stamp)
    }
    stampsDrawn &+= 1
    // The pixel the stamp's origin lands on: the centre's whole pixel plus the stamp's offset.
    let x = (qx - phaseX) / Self.phaseSteps + stamp.x
    let y = (qy - phaseY) / Self.phaseSteps + stamp.y
    switch blend {
    case .sourceOver: put(stamp, at: x, y, color, pen, SourceOverStamp())
    case .additive: put(stamp, at: x, y, color, pen, AdditiveStamp())
    }
    return true
  }

  /// The stamps of `look`'s image, contents rect and filter.
  @inline(__always)
  private func stamps(for look: SpriteLook) -> LookStamps {
    // Most sprites find the look among this frame's first few.
    for i in recent.indices where recent[i].look === look { return recent[i].stamps }
    return stamps(known: look)
  }

  /// ``stamps(for:)`` for a look this frame has not met yet.
  @inline(never)
  private func stamps(known look: SpriteLook) -> LookStamps {
    let key = LookKey(look)
    let found: LookStamps
    if let known = looks[key] {
      found = known
    } else {
      found = LookStamps(look)
      looks[key] = found
    }
    // This frame's look object (holding it keeps its identity), the newest kept.
    if recent.count >= Self.recentLimit { recent.removeFirst() }
    recent.append((look, found))
    return found
  }

  /// Makes the stamp of `look` for the rounded axes `u`, `v` and sub-pixel phase: the exact
  /// path's drawing of the sprite in white on a transparent scratch canvas, trimmed to its
  /// non-transparent pixels; nil when it alone would take more than the budget.
  private func make(_ look: SpriteLook, u: Int, v: Int, phaseX: Int, phaseY: Int) -> StampRef? {
    let (a, b) = Self.axis(u)
    let (c, d) = Self.axis(v)
    let width = Int((a.magnitude + c.magnitude).rounded(.up)) + 4
    let height = Int((b.magnitude + d.magnitude).rounded(.up)) + 4
    let originX = width / 2
    let originY = height / 2
    let steps = Double(Self.phaseSteps)
    var scratch = Canvas(width: width, height: height)
    let transform = Affine2D(
      a: a, b: b, c: c, d: d, tx: Double(originX) + Double(phaseX + misplacement.x) / steps,
      ty: Double(originY) + Double(phaseY + misplacement.y) / steps)
    scratch.withSpritePen {
      $0.draw(look, transform: transform, tint: .white, blend: .sourceOver)
    }
    stampsMade &+= 1
    // The rows and columns with any light.
    var x0 = width
    var x1 = 0
    var y0 = height
    var y1 = 0
    for y in 0..<height {
      for x in 0..<width where Self.inked(scratch, x, y) {
        x0 = min(x0, x)
        x1 = max(x1, x + 1)
        y0 = min(y0, y)
        y1 = max(y1, y + 1)
      }
    }
    if x0 >= x1 {
      (x0, x1, y0, y1) = (0, 0, 0, 0)
    }
    // Each row's span: its first and last-plus-one non-transparent column.
    var rows: [(first: Int, end: Int)] = []
    var needed = 0
    for y in y0..<y1 {
      var first = x1
      var end = x0
      for x in x0..<x1 where Self.inked(scratch, x, y) {
        first = min(first, x)
        end = x + 1
      }
      end = max(first, end)
      rows.append((first, end))
      needed += 1 + end - first
    }
    needed *= MemoryLayout<SIMD4<UInt8>>.stride
    // (A stamp is at most about 2·maxSide + 5 pixels across, so it always fits its packing.)
    guard needed <= budget, x1 - x0 < 128, y1 - y0 < 128 else { return nil }
    if bytes + needed > budget { startOver() }
    let ref = StampRef(
      start: words.count, x: x0 - originX, y: y0 - originY, width: x1 - x0, height: y1 - y0)
    for (row, span) in zip(y0..<y1, rows) {
      words.append(SIMD4(UInt8(span.first - x0), UInt8(span.end - span.first), 0, 0))
      for x in span.first..<span.end {
        let p = scratch[x: x, y: row]
        words.append(SIMD4(RGBA.byte(p.r), RGBA.byte(p.g), RGBA.byte(p.b), RGBA.byte(p.a)))
      }
    }
    return ref
  }

  /// Forgets every stamp.
  private func startOver() {
    words.removeAll()
    looks.removeAll()
    recent.removeAll()
  }

  private static func inked(_ canvas: Canvas, _ x: Int, _ y: Int) -> Bool {
    let p = canvas[x: x, y: y]
    return p.r != 0 || p.g != 0 || p.b != 0 || p.a != 0
  }

  /// Blends a stamp × `color` into the pen's canvas with its origin at pixel (x, y), clipped.
  @inline(__always)
  private func put<B: StampBlend>(
    _ stamp: StampRef, at x: Int, _ y: Int, _ color: SIMD4<Float>, _ pen: SpritePen, _ blend: B
  ) {
    guard let base = pen.base else { return }
    let width = pen.width
    // The tint, and the bytes' scale back to [0, 1].
    let color = color * (1 / 255)
    let height = pen.height
    words.withUnsafeBufferPointer { words in
      guard let wordBase = words.baseAddress else { return }
      // Unsafe (rasteriser inner loop): the stamp's rows lie one after the other from its
      // start, each a word giving its span and then the span's pixels (``words``).
      var rowWord = wordBase + stamp.start
      if x >= 0, y >= 0, x &+ stamp.width <= width, y &+ stamp.height <= height {
        // The whole stamp lies in the canvas (most do): no row or column is clipped.
        var rowTarget = base + (y &* width &+ x) &* 4
        for _ in 0..<stamp.height {
          let span = rowWord.pointee
          let count = Int(span.y)
          Self.blendRow(
            rowWord + 1, into: rowTarget + Int(span.x) &* 4, count: count, color, blend)
          rowWord += 1 &+ count
          rowTarget += width &* 4
        }
        return
      }
      let rowStart = max(0, -y)
      let rowEnd = min(stamp.height, height - y)
      guard rowStart < rowEnd else { return }
      for row in 0..<rowEnd {
        let span = rowWord.pointee
        let spanFirst = Int(span.x)
        let spanCount = Int(span.y)
        let source = rowWord + 1
        rowWord += 1 &+ spanCount
        if row < rowStart { continue }
        let first = max(spanFirst, -x)
        let end = min(spanFirst &+ spanCount, width &- x)
        if first >= end { continue }
        // The columns first ..< end of this stamp row lie in its span and, moved by (x, y),
        // inside the canvas (clipped just above).
        Self.blendRow(
          source + (first &- spanFirst), into: base + ((y &+ row) &* width &+ x &+ first) &* 4,
          count: end &- first, color, blend)
      }
    }
  }

  /// Blends `count` stamp pixels from `texel` on, each × `color`, into the canvas pixels from
  /// `target` on.
  @inline(__always)
  private static func blendRow<B: StampBlend>(
    _ texel: UnsafePointer<SIMD4<UInt8>>, into target: UnsafeMutablePointer<Float>, count: Int,
    _ color: SIMD4<Float>, _ blend: B
  ) {
    // Unsafe (rasteriser inner loop): the caller passes a run of one stamp row's span that
    // lies inside the canvas.
    var texel = texel
    var target = UnsafeMutableRawPointer(target)
    for _ in 0..<count {
      let below = target.loadUnaligned(as: SIMD4<Float>.self)
      let source = SIMD4<Float>(texel.pointee)
      target.storeBytes(of: blend.apply(source * color, below), as: SIMD4<Float>.self)
      texel += 1
      target += MemoryLayout<SIMD4<Float>>.stride
    }
  }

  // MARK: Keys

  /// Added before truncating to round to nearest a non-negative sum: 2²³ + ½.
  private static let roundingOffset = 8_388_608.5
  private static let roundingBias = 8_388_608

  /// The rounded length and direction of a sprite axis (a, b) in pixels, packed in 20 bits:
  /// the octave step (offset to be positive) above the turn step; nil for an axis too short or
  /// too long to have a stamp.
  @inline(__always)
  static func axisKey(_ a: Double, _ b: Double) -> Int? {
    let squared = a * a + b * b
    // 2⁻²⁰ px² up to maxSide²: a sprite axis under 1/1024 px is left to the exact path.
    guard squared >= 0x1p-20, squared <= maxSide * maxSide else { return nil }
    // 16·log2(length) = 8·log2(squared), rounded: the exponent's 8 steps, and the steps of
    // the significand in [1, 2) from a table of its first 8 fraction bits.
    // `squared` is positive and normal, so its exponent is its biased exponent bits less the
    // bias (read from the bits: `exponent` is a call here).
    let fraction = Int(truncatingIfNeeded: squared.significandBitPattern >> 44)
    let exponent = Int(truncatingIfNeeded: squared.bitPattern >> 52) - 1023
    let octave = exponent * (octaveSteps / 2) + octaveTable[fraction]
    return (octave + 512) << 8 | turnStep(a, b)
  }

  /// For each of 256 equal parts of a significand's [1, 2), 8·log2 of its middle, rounded.
  private static let octaveTable: [Int] = (0..<256).map {
    Int((CoreMath.log2(1 + (Double($0) + 0.5) / 256) * Double(octaveSteps / 2)).rounded())
  }

  /// The sprite axis a key stands for, in pixels.
  static func axis(_ key: Int) -> (Double, Double) {
    let octave = Double((key >> 8) - 512) / Double(octaveSteps)
    let length = CoreMath.pow(2, octave)
    let angle = Double(key & 0xFF) * 2 * CoreMath.pi / Double(turnSteps)
    let (s, c) = CoreMath.sincos(angle)
    return (length * c, length * s)
  }

  /// The direction of (a, b) rounded to 1/``turnSteps`` turn, as 0 ..< turnSteps. An
  /// arctangent accurate to 0.002 rad is enough to choose the step (the rounding moves by at
  /// most that much, and it is the same arithmetic every time).
  @inline(__always)
  static func turnStep(_ a: Double, _ b: Double) -> Int {
    let x = a.magnitude
    let y = b.magnitude
    let small = min(x, y)
    let large = max(x, y)
    let r = large > 0 ? small / large : 0
    // atan(r) for r in [0, 1] (Rajan, Wang, Inkol and Joyal's approximation).
    var angle = r * (0.785_398_163_397_448_3 + (1 - r) * (0.2447 + 0.0663 * r))
    if y > x { angle = CoreMath.pi / 2 - angle }
    if a < 0 { angle = CoreMath.pi - angle }
    if b < 0 { angle = 2 * CoreMath.pi - angle }
    // angle ∈ [0, 2π]: the sum is positive, so truncation rounds to nearest.
    let step = Int(angle * (Double(turnSteps) / (2 * CoreMath.pi)) + 0.5)
    return step & (turnSteps - 1)
  }
}

/// Where one stamp lies in the cache's storage and where its first pixel goes relative to the
/// whole pixel under the sprite's (rounded) centre, packed in one word so that a table slot is
/// its key and this.
private struct StampRef {
  private let packed: UInt64

  /// `start` is below 2³² (the budget is far less), the offsets and height small (a stamp is
  /// at most a few dozen pixels across).
  init(start: Int, x: Int, y: Int, width: Int, height: Int) {
    packed =
      UInt64(UInt32(truncatingIfNeeded: start)) | UInt64(UInt8(truncatingIfNeeded: x)) << 32
      | UInt64(UInt8(truncatingIfNeeded: y)) << 40 | UInt64(UInt8(truncatingIfNeeded: height)) << 48
      | UInt64(UInt8(truncatingIfNeeded: width)) << 56
  }

  init(packed: UInt64) { self.packed = packed }

  /// The word of the stamp's first row.
  var start: Int { Int(UInt32(truncatingIfNeeded: packed)) }
  /// The stamp's first column and row relative to the whole pixel under the centre.
  var x: Int { Int(Int8(truncatingIfNeeded: packed >> 32)) }
  var y: Int { Int(Int8(truncatingIfNeeded: packed >> 40)) }
  /// Its rows, and its columns (every row's span lies in 0 ..< width).
  var height: Int { Int(UInt8(truncatingIfNeeded: packed >> 48)) }
  var width: Int { Int(UInt8(truncatingIfNeeded: packed >> 56)) }
  var bits: UInt64 { packed }
}

/// What makes two sprite looks draw alike: the same image object, contents rect and filter.
private struct LookKey: Hashable {
  let image: ObjectIdentifier
  let rect: SIMD4<UInt64>
  let magnification: ContentsFilter
  let minification: ContentsFilter
  let bias: UInt64

  init(_ look: SpriteLook) {
    image = ObjectIdentifier(look.image)
    rect = SIMD4(
      look.rect.x.bitPattern, look.rect.y.bitPattern, look.rect.w.bitPattern,
      look.rect.h.bitPattern)
    magnification = look.filter.magnification
    minification = look.filter.minification
    bias = look.filter.bias.bitPattern
  }
}

/// One look's stamps, by packed key. It holds the look (and so its image) while cached, so the
/// image's identity cannot be taken by another image meanwhile.
private final class LookStamps {
  let look: SpriteLook
  @exclusivity(unchecked) var table = StampTable()
  /// The last frame that drew it.
  @exclusivity(unchecked) var frame = 0

  init(_ look: SpriteLook) { self.look = look }
}

/// A blend mode as a type, so that the stamp loop is compiled once per mode; each does what
/// ``blendPixel(_:_:_:_:_:_:)`` does, on a whole pixel at once.
private protocol StampBlend {
  func apply(_ source: SIMD4<Float>, _ below: SIMD4<Float>) -> SIMD4<Float>
}

private struct SourceOverStamp: StampBlend {
  @inline(__always)
  func apply(_ source: SIMD4<Float>, _ below: SIMD4<Float>) -> SIMD4<Float> {
    source + below * (1 - source.w)
  }
}

private struct AdditiveStamp: StampBlend {
  @inline(__always)
  func apply(_ source: SIMD4<Float>, _ below: SIMD4<Float>) -> SIMD4<Float> {
    let sum = source + below
    return sum.replacing(with: 1, where: .!(sum .< 1))
  }
}

/// Stamps by packed key: open addressing with linear probing in a power-of-two table at most
/// half full (cheaper per sprite than a Dictionary's seeded hashing; only lookups, never
/// iteration, so no order can reach a frame). A slot is a key and its stamp side by side, so a
/// lookup reads one cache line.
private struct StampTable {
  private var slots: [SIMD2<UInt64>] = Array(repeating: StampTable.vacant, count: 64)
  private var count = 0
  /// No key has every bit set (keys use the low 48 bits).
  private static let empty = UInt64.max
  private static let vacant = SIMD2<UInt64>(empty, 0)

  @inline(__always)
  private static func slot(_ key: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
  }

  @inline(__always)
  func find(_ key: UInt64) -> StampRef? {
    let mask = slots.count &- 1
    var i = Self.slot(key, mask)
    while true {
      let s = slots[i]
      if s.x == key { return StampRef(packed: s.y) }
      if s.x == Self.empty { return nil }
      i = (i &+ 1) & mask
    }
  }

  mutating func insert(_ key: UInt64, _ value: StampRef) {
    if (count + 1) * 2 > slots.count { grow() }
    let mask = slots.count &- 1
    var i = Self.slot(key, mask)
    while slots[i].x != Self.empty && slots[i].x != key { i = (i &+ 1) & mask }
    if slots[i].x == Self.empty { count += 1 }
    slots[i] = SIMD2(key, value.bits)
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Self.vacant, count: old.count * 2)
    count = 0
    for s in old where s.x != Self.empty { insert(s.x, StampRef(packed: s.y)) }
  }
}
