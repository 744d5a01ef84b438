// The sprite pen: how a sprite's rows are worked out and blended into a canvas's pixels.

import CSpriteRecord

/// Draws sprites into a canvas's pixels (see ``Canvas/withSpritePen(_:)``).
struct SpritePen {
  /// The canvas's first float; nil for an empty canvas.
  let base: UnsafeMutablePointer<Float>?
  let width: Int
  let height: Int
  /// Scratch space for a narrow sprite's pixels, blended only once all its rows are worked out
  /// (see ``DeferredPixel``); nil: each pixel is blended as soon as it is worked out.
  let deferred: UnsafeMutablePointer<DeferredPixel>?
  let deferredCount: UnsafeMutablePointer<Int>?
  /// Whether rows skip the pixels of the box that cannot be covered (see `draw`); false: every
  /// pixel of each row's box is worked out, as before the trimming.
  var trimming = true
  /// Whether rows take the packed span (``SpriteSpan/drawPacked(_:_:_:_:_:)`` and
  /// ``SpriteSpan/record(_:_:_:_:_:)``) where the image's levels allow; false: the plain span
  /// (``SpriteSpan/draw(_:_:_:_:_:)``) everywhere, as before it (for tests: the bytes must be
  /// the same).
  var packed = true
  /// Whether a sprite's recorded rows sampled bilinearly are worked out eight pixels at a
  /// time, in C (Sources/CSpriteRecord), where the processor allows (``eightLanes``), and
  /// boxes up to ``DeferredPixel/widestEight`` wide recorded; false: four, in Swift (for
  /// tests: the bytes must be the same).
  var vectorised = true
  /// The rows the pen may write, `rowLow ..< rowHigh` (clipped to the canvas): a band of the
  /// canvas, when several bands are drawn at once (``Canvas/drawSprites(_:looks:blend:workers:)``).
  /// A pixel's bytes do not depend on the band: every row of a sprite is worked out from the
  /// sprite alone.
  var rowLow = 0
  var rowHigh = Int.max

  /// Draws one sprite of `look`: see ``Canvas/drawSprite(_:contentsRect:transform:tint:blend:filter:)``.
  func draw(_ look: SpriteLook, transform: Affine2D, tint: RGBA, blend: BlendMode) {
    guard transform.isFinite, look.rectDraws,
      let tintColor = spriteTint(tint)
    else { return }

    let extentX = transform.a.magnitude + transform.c.magnitude
    let extentY = transform.b.magnitude + transform.d.magnitude
    // Tiny sprites (most particles in a terminal frame) splat before any inversion is needed.
    if extentX < Canvas.splatThreshold && extentY < Canvas.splatThreshold {
      splat(
        look, center: transform.apply(x: 0, y: 0), area: transform.determinant.magnitude,
        tint: tintColor, blend: blend)
      return
    }
    // The box first: a sprite outside the pen's rows needs nothing more.
    guard
      let box = PixelBox(
        transform, minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5, margin: 0.5, width: width,
        height: height),
      let base
    else { return }
    let firstRow = max(box.y0, rowLow)
    let endRow = min(box.y1, rowHigh)
    if firstRow >= endRow { return }
    guard let inverse = transform.inverted() else { return }

    let (lod, nearest) = Canvas.level(
      imageWidth: look.imageW, imageHeight: look.imageH, inverse: inverse, filter: look.filter)
    // Sprite units per pixel along each sprite axis's normal, for the edge coverage.
    let gradU = (inverse.a * inverse.a + inverse.c * inverse.c).squareRoot()
    let gradV = (inverse.b * inverse.b + inverse.d * inverse.d).squareRoot()
    let pixelsPerU = 1 / gradU
    let pixelsPerV = 1 / gradV
    let halfU = 0.5 * pixelsPerU
    let halfV = 0.5 * pixelsPerV
    // Beyond these |u|, |v| a pixel centre gets no coverage.
    let limitU = 0.5 + 0.5 * gradU
    let limitV = 0.5 + 0.5 * gradV
    let canvasWidth = width
    let stepU = Float(inverse.a)
    let stepV = Float(inverse.b)
    let pixelsPerUf = Float(pixelsPerU)
    let pixelsPerVf = Float(pixelsPerV)
    let halfUf = Float(halfU)
    let halfVf = Float(halfV)
    // Whether a row may skip the pixels of its box whose centres lie half a pixel or more
    // outside the span `narrow` solves (see below). Their coverage is 0: exactly, they lie
    // past the band's edge, and the Float arithmetic of a lane errs by under 2⁻¹⁵ of a pixel
    // while the sprite is at most 64 px across each axis, an eighth of the 2⁻¹² within which
    // edgeCoverage snaps to 0. Larger sprites visit the whole box, as before.
    let trims = trimming && pixelsPerU <= 64 && pixelsPerV <= 64

    // A narrow sprite's pixels are worked out first and blended after, so that the canvas
    // reads of all its rows are in flight together rather than one row after another (the
    // canvas is far larger than the caches, and most sprites' rows miss them).
    var recorder: Recorder?
    let widest = vectorised && Self.eightLanes ? DeferredPixel.widestEight : DeferredPixel.widest
    if let deferred, let count = deferredCount, box.x1 &- box.x0 <= widest {
      count.pointee = 0
      recorder = Recorder(entries: deferred, count: count)
    }
    defer { if let recorder { flush(recorder, blend) } }

    guard let texelBase = look.texels else { return }
    // In a closure, as the pixel loops were tuned in (inlined straight into this function,
    // they lost the inlining of the lane arithmetic).
    withExtendedLifetime(look) {
      // The levels a sampler for `lod` reads (the coarse one is never larger than the fine).
      let (fineLevel, coarseLevel, mix) = MipSampler.levels(look.levels.count, lod: lod)
      let packs = packed && look.recordLevels[fineLevel].packs
      // Eight pixels at a time, for recorded rows sampled bilinearly (see `vectorised`).
      let eight = vectorised && recorder != nil && packs && !nearest && Self.eightLanes
      // Where the image is visible (see `inside`), when that can cut a row: not for a sprite
      // under `cutSide` pixels across (the cut's margins leave its rows almost whole, and
      // working it out costs more than it saves), nor when the ellipse holds the corners of
      // the points that get coverage (an image visible to its corners).
      let cuts = trimming && min(pixelsPerU, pixelsPerV) >= Self.cutSide
      let reach =
        cuts
        ? MipSampler.reach(look.levels, lod: lod, nearest: nearest, gradU: gradU, gradV: gradV)
        : nil
      let visibleReach = reach.flatMap {
        r -> SIMD2<Double>? in
        let cornerU = (0.5 + 0.5 * gradU) / r.x
        let cornerV = (0.5 + 0.5 * gradV) / r.y
        return cornerU * cornerU + cornerV * cornerV > 1 ? r : nil
      }
      if eight, visibleReach == nil, let recorder {
        // The rows below, worked out with the same operations eight pixels at a time, up to
        // `rowsAtOnce` in a call, the scratch space blended between calls.
        var sprite = burst_record_sprite(
          a: inverse.a, b: inverse.b, c: inverse.c, d: inverse.d, tx: inverse.tx,
          ty: inverse.ty, limit_u: limitU, limit_v: limitV, box_x0: box.x0, box_x1: box.x1,
          first_row: firstRow, end_row: endRow, trims: trims ? 1 : 0, base: base,
          canvas_width: canvasWidth, step_u: stepU, step_v: stepV, pixels_per_u: pixelsPerUf,
          pixels_per_v: pixelsPerVf, half_u: halfUf, half_v: halfVf,
          tint: (tintColor.x, tintColor.y, tintColor.z, tintColor.w))
        let (fine, coarse) = (
          look.recordLevels[fineLevel].level, look.recordLevels[coarseLevel].level
        )
        var from = firstRow
        while from < endRow {
          if from > firstRow { flush(recorder, blend) }
          sprite.first_row = from
          sprite.end_row = min(endRow, from &+ Self.rowsAtOnce)
          // Unsafe: the pen's scratch space, empty (the call's rows' entries fit:
          // `rowsAtOnce`); DeferredPixel's layout is the C side's: the address at byte 0,
          // the colour at byte 16, 32 bytes each.
          recorder.count.pointee = burst_record_rows(
            sprite, fine, coarse, mix, UnsafeMutableRawPointer(recorder.entries),
            recorder.count.pointee)
          from = sprite.end_row
        }
        return
      }
      let sampler = MipSampler(look.levels, texelBase, lod: lod, nearest: nearest)
      for y in firstRow..<endRow {
        let py = Double(y) + 0.5
        let rowU = inverse.c * py + inverse.tx
        let rowV = inverse.d * py + inverse.ty
        // The pixel centres of this row that can be covered: |u| < limitU and |v| < limitV.
        var low = Double(box.x0)
        var high = Double(box.x1)
        narrow(&low, &high, slope: inverse.a, offset: rowU, limit: limitU)
        narrow(&low, &high, slope: inverse.b, offset: rowV, limit: limitV)
        if !(low < high) { continue }
        // low, high ∈ [box.x0, box.x1] ⊂ [0, width]: truncation is floor, and cannot trap.
        let x0 = max(box.x0, Int(low) - 1)
        let x1 = min(box.x1, Int(high) + 2)
        if x0 >= x1 { continue }
        // The pixels drawn, x0 + first ..< x0 + count: trimmed, the first and last whose
        // centres lie less than half a pixel outside [low, high]. The lanes keep their
        // arithmetic (each pixel's sprite point is worked out from x0 either way), so the
        // pixels drawn get the bytes they got untrimmed.
        var first = 0
        var count = x1 &- x0
        if trims {
          // 0 ≤ low < high ≤ width: truncation is floor, and the conversions cannot trap.
          let end = Int(high)
          first = max(0, Int(low) &- x0)
          count = min(count, (Double(end) < high ? end &+ 1 : end) &- x0)
          if first >= count { continue }
        }
        if let reach = visibleReach {
          // The pixels whose sprite points lie inside the ellipse where the image is not
          // transparent (see LevelGeometry.reach), and one more at each end: the others sample
          // exactly 0, so drawing them would add 0 (or cover by 0), leaving their bits as
          // they are.
          guard let visible = Self.inside(reach, inverse, rowU, rowV) else { continue }
          let lowest = Double(x0) - 2
          let highest = Double(x1) + 2
          // Pixel x's centre is x + 0.5; both ends clamped first, so the truncations cannot
          // trap, and truncation of a value ≥ x0 − 2 − 1.5 rounds towards x0 as floor would,
          // or is below `first` anyway.
          let from = Int(min(max(visible.low - 1.5, lowest), highest)) &- x0
          let to = Int(min(max(visible.high + 1.5, lowest), highest)) &+ 1 &- x0
          first = max(first, from)
          count = min(count, to)
          if first >= count { continue }
        }
        // Per pixel in Float, from the row's first centre so magnitudes stay small.
        let startX = Double(x0) + 0.5
        let u0 = Float(inverse.a * startX + rowU)
        let v0 = Float(inverse.b * startX + rowV)
        // Unsafe: x0 ..< x1 lies inside the canvas row y (the box is clipped to the canvas).
        let row = base + (y &* canvasWidth &+ x0) &* 4
        let span = SpriteSpan(
          u0: u0, v0: v0, stepU: stepU, stepV: stepV, pixelsPerU: pixelsPerUf,
          pixelsPerV: pixelsPerVf, halfU: halfUf, halfV: halfVf, tint: tintColor)
        let (n, f) = (count, first)
        if let recorder {
          // The packed span may write one entry past the pixels it records (DeferredPixel).
          if recorder.count.pointee >= DeferredPixel.capacity &- widest {
            flush(recorder, blend)
          }
          prefetchPixels(row + f &* 4, n &- f)
          if packs {
            switch sampler.kind {
            case .one: span.record(row, f, n, recorder, OneLevel(sampler))
            case .two: span.record(row, f, n, recorder, TwoLevels(sampler))
            case .nearest: span.record(row, f, n, recorder, Nearest(sampler))
            }
            continue
          }
          switch sampler.kind {
          case .one: span.draw(row, f, n, recorder, OneLevel(sampler))
          case .two: span.draw(row, f, n, recorder, TwoLevels(sampler))
          case .nearest: span.draw(row, f, n, recorder, Nearest(sampler))
          }
          continue
        }
        if packs {
          switch (blend, sampler.kind) {
          case (.sourceOver, .one): span.drawPacked(row, f, n, SourceOver(), OneLevel(sampler))
          case (.sourceOver, .two): span.drawPacked(row, f, n, SourceOver(), TwoLevels(sampler))
          case (.sourceOver, .nearest): span.drawPacked(row, f, n, SourceOver(), Nearest(sampler))
          case (.additive, .one): span.drawPacked(row, f, n, Additive(), OneLevel(sampler))
          case (.additive, .two): span.drawPacked(row, f, n, Additive(), TwoLevels(sampler))
          case (.additive, .nearest): span.drawPacked(row, f, n, Additive(), Nearest(sampler))
          }
          continue
        }
        switch (blend, sampler.kind) {
        case (.sourceOver, .one): span.draw(row, f, n, SourceOver(), OneLevel(sampler))
        case (.sourceOver, .two): span.draw(row, f, n, SourceOver(), TwoLevels(sampler))
        case (.sourceOver, .nearest): span.draw(row, f, n, SourceOver(), Nearest(sampler))
        case (.additive, .one): span.draw(row, f, n, Additive(), OneLevel(sampler))
        case (.additive, .two): span.draw(row, f, n, Additive(), TwoLevels(sampler))
        case (.additive, .nearest): span.draw(row, f, n, Additive(), Nearest(sampler))
        }
      }
    }
  }

  /// Blends the pixels `recorder` holds, in the order they were worked out, and empties it.
  private func flush(_ recorder: Recorder, _ blend: BlendMode) {
    switch blend {
    case .sourceOver: recorder.replay(SourceOver())
    case .additive: recorder.replay(Additive())
    }
  }

  /// Whether this processor runs the eight-pixel recorded rows (x86-64 with AVX2).
  static let eightLanes = burst_record_available() != 0
  /// The most rows one call of the eight-pixel rows records: what C takes, and what the
  /// scratch space holds of boxes up to `widestEight` wide with the entry written past them.
  static let rowsAtOnce = min(
    Int(BURST_RECORD_ROWS), (DeferredPixel.capacity - 1) / DeferredPixel.widestEight)

  /// The smallest sprite, in pixels along each axis, whose rows are cut to where its image is
  /// visible (measured with callgrind: a 16-px sprite's rows lost nothing to the cut, whose
  /// working out added about 1% to a frame of them).
  static let cutSide = 24.0

  /// The pixel centres x of a row, `low ... high`, whose sprite points (u, v) = (a·x + rowU,
  /// b·x + rowV) lie in the ellipse (u / reach.x)² + (v / reach.y)² ≤ 1 (a quadratic in x);
  /// nil when none does; every x when the row does not move across the sprite.
  static func inside(
    _ reach: SIMD2<Double>, _ inverse: Affine2D, _ rowU: Double, _ rowV: Double
  ) -> (low: Double, high: Double)? {
    let au = inverse.a / reach.x
    let bu = rowU / reach.x
    let av = inverse.b / reach.y
    let bv = rowV / reach.y
    let a = au * au + av * av
    let b = 2 * (au * bu + av * bv)
    let c = bu * bu + bv * bv - 1
    let discriminant = b * b - 4 * a * c
    guard a > 0, a.isFinite, discriminant.isFinite else {
      return (-Double.infinity, Double.infinity)
    }
    guard discriminant >= 0 else { return nil }
    let root = discriminant.squareRoot()
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))
  }

  /// Deposits a tiny sprite's light: see ``Canvas/drawSprite(_:contentsRect:transform:tint:blend:filter:)``.
  private func splat(
    _ look: SpriteLook, center: (x: Double, y: Double), area: Double, tint: SIMD4<Float>,
    blend: BlendMode
  ) {
    guard area > 0, area.isFinite, center.x.isFinite, center.y.isFinite, let base else { return }
    let side = max(1, area.squareRoot())
    let density = Float(area / (side * side))
    let color = look.splatMean * tint * density
    let left = center.x - side / 2
    let top = center.y - side / 2
    // The box spans at most 3 pixels per axis (side < 2); clamp before converting to Int.
    let limit = Double(max(width, height)) + 4
    let firstX = Int(min(max(left.rounded(.down), -4), limit))
    let firstY = Int(min(max(top.rounded(.down), -4), limit))
    let canvasWidth = width
    let lowRow = max(0, rowLow)
    let highRow = min(height, rowHigh)
    // The overlap of the box with each of the ≤ 3 columns and rows, computed once.
    var wxs = SIMD3<Float>(repeating: 0)
    var wys = SIMD3<Float>(repeating: 0)
    for k in 0..<3 {
      let x = Double(firstX + k)
      let y = Double(firstY + k)
      wxs[k] = Float(max(0, min(left + side, x + 1) - max(left, x)))
      wys[k] = Float(max(0, min(top + side, y + 1) - max(top, y)))
    }
    for j in 0..<3 {
      let y = firstY + j
      let wy = wys[j]
      if y < lowRow || y >= highRow || wy <= 0 { continue }
      for i in 0..<3 {
        let x = firstX + i
        let wx = wxs[i]
        if x < 0 || x >= canvasWidth || wx <= 0 { continue }
        let c = color * (wx * wy)
        // Unsafe: (x, y) was checked to lie inside the canvas just above.
        blendPixel(base + (y * canvasWidth + x) * 4, c.x, c.y, c.z, c.w, blend)
      }
    }
  }

  /// The premultiplied tint a sprite is drawn with, or nil when it would draw nothing: an
  /// empty canvas, or a tint that is not finite or fully transparent.
  func spriteTint(_ tint: RGBA) -> SIMD4<Float>? {
    guard width > 0, height > 0, tint.isFinite else { return nil }
    let alpha = unitClamp(tint.a)
    guard alpha > 0 else { return nil }
    return SIMD4<Float>(
      unitClamp(tint.r) * alpha, unitClamp(tint.g) * alpha, unitClamp(tint.b) * alpha, alpha)
  }
}

/// One row of a sprite: where its first pixel centre lies in sprite space, the steps per pixel,
/// the edge coverage's scales and the tint.
struct SpriteSpan {
  let u0: Float
  let v0: Float
  let stepU: Float
  let stepV: Float
  let pixelsPerU: Float
  let pixelsPerV: Float
  let halfU: Float
  let halfV: Float
  let tint: SIMD4<Float>

  /// The tint once per pixel of four, laid out as ``fourPixels(_:_:_:_:)``.
  @inline(__always)
  var tintFour: SIMD16<Float> { fourPixels(tint, tint, tint, tint) }

  /// Draws pixels `first ..< count` of the row that starts at `start`, specialised for the
  /// blend and the sampling so that the loop holds no per-pixel choice.
  ///
  /// Four pixels at a time: their sprite points, edge coverage and sampling taps are computed
  /// in SIMD lanes, each lane doing exactly the arithmetic a pixel-by-pixel loop would (the
  /// same operations in the same order, as ``edgeCoverage(_:_:)`` and ``MipSampler`` do), so
  /// the bytes are the same; the lanes past `count` get no coverage. The texels are then read
  /// and blended pixel by pixel. Pixel `i`'s sprite point is `u0 + stepU·i` wherever the loop
  /// starts, so skipping pixels changes none of the others.
  @inline(__always)
  func draw<B: PixelBlend, S: SpriteSampling>(
    _ start: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ blend: B, _ sampler: S
  ) {
    let lanes = SIMD4<Int32>(0, 1, 2, 3)
    // count ≤ the canvas width, far inside Int32.
    let end = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: count))
    // Unsafe: the lanes at or past `count` get no coverage, so their pixel pointers (up to
    // three pixels past the span) are formed but never read or written.
    var p = start + first &* 4
    var i = first
    while i < count {
      let index = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: i)) &+ lanes
      // Float(Int32) is exact here and rounds as Float(i) does in any case.
      let step = SIMD4<Float>(index)
      let u = u0 + stepU * step
      let v = v0 + stepV * step
      let coverage =
        (lanewiseEdgeCoverage(lanewiseMagnitude(u) * pixelsPerU, halfU)
        * lanewiseEdgeCoverage(lanewiseMagnitude(v) * pixelsPerV, halfV))
        .replacing(with: 0, where: index .>= end)
      if any(coverage .> 0) {
        let cu = u.replacing(with: 0.5, where: u .> 0.5).replacing(with: -0.5, where: u .< -0.5)
        let cv = v.replacing(with: 0.5, where: v .> 0.5).replacing(with: -0.5, where: v .< -0.5)
        let taps = sampler.taps(cu, cv)
        // Lane by lane with constant lane numbers, so each reads its lane from a register.
        put(p, coverage[0], taps, 0, blend, sampler)
        put(p + 4, coverage[1], taps, 1, blend, sampler)
        put(p + 8, coverage[2], taps, 2, blend, sampler)
        put(p + 12, coverage[3], taps, 3, blend, sampler)
      }
      p += 16
      i &+= 4
    }
  }

  /// Blends pixel `p`, lane `lane` of `taps`, when it has coverage (channel by channel: the
  /// plain form the packed span is tested against).
  @inline(__always)
  private func put<B: PixelBlend, S: SpriteSampling>(
    _ p: UnsafeMutablePointer<Float>, _ coverage: Float, _ taps: S.Taps, _ lane: Int, _ blend: B,
    _ sampler: S
  ) {
    if coverage > 0 {
      let color = sampler.sample(taps, lane) * (tint * coverage)
      blend.apply(p, color.x, color.y, color.z, color.w)
    }
  }

  /// The coverage of four pixels, pixel `i` (lane 0) to `i + 3`, and their sprite points:
  /// lane by lane as ``draw(_:_:_:_:_:)`` works them out; 0 past `count`.
  @inline(__always)
  private func lanes(
    _ i: Int, _ end: SIMD4<Int32>
  ) -> (coverage: SIMD4<Float>, u: SIMD4<Float>, v: SIMD4<Float>) {
    let index = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: i)) &+ SIMD4(0, 1, 2, 3)
    let step = SIMD4<Float>(index)
    let u = u0 + stepU * step
    let v = v0 + stepV * step
    let coverage =
      (lanewiseEdgeCoverage(lanewiseMagnitude(u) * pixelsPerU, halfU)
      * lanewiseEdgeCoverage(lanewiseMagnitude(v) * pixelsPerV, halfV))
      .replacing(with: 0, where: index .>= end)
    let cu = u.replacing(with: 0.5, where: u .> 0.5).replacing(with: -0.5, where: u .< -0.5)
    let cv = v.replacing(with: 0.5, where: v .> 0.5).replacing(with: -0.5, where: v .< -0.5)
    return (coverage, cu, cv)
  }

  /// ``draw(_:_:_:_:_:)`` with the sampler's packed taps, inlined (for levels that
  /// ``LevelSampler/packs``), and each pixel blended in one vector, four neighbouring pixels
  /// in one vector of sixteen floats where all four lie in the span: the same pixels get the
  /// same bits.
  @inline(__always)
  func drawPacked<B: PixelBlend, S: SpriteSampling>(
    _ start: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ blend: B, _ sampler: S
  ) {
    let end = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: count))
    // Unsafe: as in `draw`, the pointers of lanes past `count` are formed, never used.
    var p = start + first &* 4
    var i = first
    while i < count {
      let (coverage, u, v) = lanes(i, end)
      if any(coverage .> 0) {
        let taps = sampler.packedTaps(u, v)
        if i &+ 4 <= count {
          // Four pixels of the span in one vector: each float as below.
          let covered = perPixel(coverage)
          blend.apply(
            four: p, sampler.sampleFour(packed: taps) * (tintFour * covered),
            covered: covered .> 0)
          p += 16
          i &+= 4
          continue
        }
        let tinted0 = tint * coverage[0]
        let tinted1 = tint * coverage[1]
        let tinted2 = tint * coverage[2]
        let tinted3 = tint * coverage[3]
        if coverage[0] > 0 { blend.apply(p, sampler.sample(packed: taps, 0) * tinted0) }
        if coverage[1] > 0 { blend.apply(p + 4, sampler.sample(packed: taps, 1) * tinted1) }
        if coverage[2] > 0 { blend.apply(p + 8, sampler.sample(packed: taps, 2) * tinted2) }
        if coverage[3] > 0 { blend.apply(p + 12, sampler.sample(packed: taps, 3) * tinted3) }
      }
      p += 16
      i &+= 4
    }
  }

  /// ``drawPacked(_:_:_:_:_:)`` into `recorder`, without a branch per pixel: every lane's
  /// colour is worked out and written to the next entry, which only a covered pixel keeps (so
  /// the row writes one entry past those it records: see ``SpritePen``'s flush). A lane
  /// without coverage samples texels inside the level all the same (its point is clamped).
  @inline(__always)
  func record<S: SpriteSampling>(
    _ start: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ recorder: Recorder,
    _ sampler: S
  ) {
    let end = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: count))
    let entries = recorder.entries
    var n = recorder.count.pointee
    // Unsafe: as in `draw`, the pointers of lanes past `count` are formed, never blended.
    var p = start + first &* 4
    var i = first
    while i < count {
      let (coverage, u, v) = lanes(i, end)
      if any(coverage .> 0) {
        let taps = sampler.packedTaps(u, v)
        let colors = sampler.sampleFour(packed: taps) * (tintFour * perPixel(coverage))
        // Unsafe: entries n ... n + 3 are inside the scratch space (see SpritePen's flush).
        (entries + n).initialize(to: DeferredPixel(pixel: p, color: colors.lowHalf.lowHalf))
        n &+= coverage[0] > 0 ? 1 : 0
        (entries + n).initialize(to: DeferredPixel(pixel: p + 4, color: colors.lowHalf.highHalf))
        n &+= coverage[1] > 0 ? 1 : 0
        (entries + n).initialize(to: DeferredPixel(pixel: p + 8, color: colors.highHalf.lowHalf))
        n &+= coverage[2] > 0 ? 1 : 0
        (entries + n).initialize(
          to: DeferredPixel(pixel: p + 12, color: colors.highHalf.highHalf))
        n &+= coverage[3] > 0 ? 1 : 0
      }
      p += 16
      i &+= 4
    }
    recorder.count.pointee = n
  }
}
