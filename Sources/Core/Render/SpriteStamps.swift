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
  /// Every stamp's premultiplied pixels, one after the other, in 8 bits a channel (a quarter
  /// of the floats' memory, so the stamps of a frame stay in the processor's caches; the
  /// rounding, at most 1/510, is far below what a text frame shows).
  @exclusivity(unchecked) private var texels: [SIMD4<UInt8>] = []
  /// Every stamp row's first and last-plus-one non-transparent column, one after the other.
  @exclusivity(unchecked) private var spans: [SIMD2<Int32>] = []
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
    texels.count * MemoryLayout<SIMD4<UInt8>>.stride + spans.count
      * MemoryLayout<SIMD2<Int32>>.stride
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
    let x = (qx - phaseX) / Self.phaseSteps + Int(stamp.x)
    let y = (qy - phaseY) / Self.phaseSteps + Int(stamp.y)
    switch blend {
    case .sourceOver: put(stamp, at: x, y, color, pen, SourceOverStamp())
    case .additive: put(stamp, at: x, y, color, pen, AdditiveStamp())
    }
    return true
  }

  /// The stamps of `look`'s image, contents rect and filter.
  private func stamps(for look: SpriteLook) -> LookStamps {
    for r in recent where r.look === look { return r.stamps }
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
    let w = x1 - x0
    let h = y1 - y0
    let needed =
      w * h * MemoryLayout<SIMD4<UInt8>>.stride + h * MemoryLayout<SIMD2<Int32>>.stride
    guard needed <= budget else { return nil }
    if bytes + needed > budget { startOver() }
    let ref = StampRef(
      texel: texels.count, span: spans.count, x: Int32(x0 - originX), y: Int32(y0 - originY),
      width: Int32(w), height: Int32(h))
    for y in y0..<y1 {
      var first = x1
      var last = x0
      for x in x0..<x1 {
        let p = scratch[x: x, y: y]
        texels.append(SIMD4(RGBA.byte(p.r), RGBA.byte(p.g), RGBA.byte(p.b), RGBA.byte(p.a)))
        if Self.inked(scratch, x, y) {
          first = min(first, x)
          last = x + 1
        }
      }
      spans.append(SIMD2(Int32(first - x0), Int32(max(first, last) - x0)))
    }
    return ref
  }

  /// Forgets every stamp.
  private func startOver() {
    texels.removeAll()
    spans.removeAll()
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
    let rowStart = max(0, -y)
    let rowEnd = min(Int(stamp.height), pen.height - y)
    guard rowStart < rowEnd else { return }
    texels.withUnsafeBufferPointer { texels in
      spans.withUnsafeBufferPointer { spans in
        guard let texelBase = texels.baseAddress, let spanBase = spans.baseAddress else {
          return
        }
        for row in rowStart..<rowEnd {
          let span = spanBase[stamp.span &+ row]
          let first = max(Int(span.x), -x)
          let end = min(Int(span.y), width &- x)
          if first >= end { continue }
          // Unsafe (rasteriser inner loop): the columns first ..< end of this stamp row lie in
          // the stamp (its span) and, moved by (x, y), inside the canvas (clipped just above).
          var source = texelBase + (stamp.texel &+ row &* Int(stamp.width) &+ first)
          var target = UnsafeMutableRawPointer(base + ((y &+ row) &* width &+ x &+ first) &* 4)
          for _ in first..<end {
            let below = target.loadUnaligned(as: SIMD4<Float>.self)
            let texel = SIMD4<Float>(source.pointee)
            target.storeBytes(of: blend.apply(texel * color, below), as: SIMD4<Float>.self)
            source += 1
            target += MemoryLayout<SIMD4<Float>>.stride
          }
        }
      }
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
    let fraction = Int(truncatingIfNeeded: squared.significandBitPattern >> 44)
    let octave = Int(squared.exponent) * (octaveSteps / 2) + octaveTable[fraction]
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
/// whole pixel under the sprite's (rounded) centre.
private struct StampRef {
  let texel: Int
  let span: Int
  let x: Int32
  let y: Int32
  let width: Int32
  let height: Int32
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
/// iteration, so no order can reach a frame).
private struct StampTable {
  private var keys: [UInt64] = Array(repeating: StampTable.empty, count: 64)
  private var values: [StampRef] = Array(
    repeating: StampRef(texel: 0, span: 0, x: 0, y: 0, width: 0, height: 0), count: 64)
  private var count = 0
  /// No key has every bit set (keys use the low 48 bits).
  private static let empty = UInt64.max

  @inline(__always)
  private static func slot(_ key: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
  }

  @inline(__always)
  func find(_ key: UInt64) -> StampRef? {
    let mask = keys.count &- 1
    var i = Self.slot(key, mask)
    while true {
      let k = keys[i]
      if k == key { return values[i] }
      if k == Self.empty { return nil }
      i = (i &+ 1) & mask
    }
  }

  mutating func insert(_ key: UInt64, _ value: StampRef) {
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count &- 1
    var i = Self.slot(key, mask)
    while keys[i] != Self.empty && keys[i] != key { i = (i &+ 1) & mask }
    if keys[i] == Self.empty { count += 1 }
    keys[i] = key
    values[i] = value
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
    values = Array(repeating: oldValues[0], count: oldKeys.count * 2)
    count = 0
    for (k, v) in zip(oldKeys, oldValues) where k != Self.empty { insert(k, v) }
  }
}
