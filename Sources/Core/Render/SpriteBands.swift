// Drawing a batch of sprites band by band: the canvas is cut into bands of rows, each sprite is
// listed (in batch order) under every band it may touch, and the bands are drawn on the
// workers, each by a pen that writes only its own rows (docs/semantics.md, "Drawing").

/// A sprite of a batch: its look (an index into the batch's looks), its map to pixels and its
/// tint, as ``SpritePen/draw(_:transform:tint:blend:)`` takes them.
struct SpriteJob {
  var look: Int
  var transform: Affine2D
  var tint: RGBA
}

extension Canvas {
  /// Rows per band: a band of a 1920-pixel-wide canvas (30 KiB a row) fits in a core's 2 MiB
  /// second-level cache while its sprites are drawn. The bands are cut by the canvas's size
  /// alone, never by the number of workers.
  static let bandRows = 32

  /// Draws `jobs` in order, as a pen would one after another: see
  /// ``SpritePen/draw(_:transform:tint:blend:)``.
  ///
  /// The bytes are those of the pen drawing the sprites in order, whatever `workers` are: a
  /// band's pen writes only the band's rows and meets its sprites in batch order, so every
  /// pixel sees the sprites that cover it in that order; and a sprite's rows are worked out
  /// from the sprite alone (its box, its rows' spans and lanes do not depend on the band), so
  /// a pixel gets the same bits in any band. Bands run at the same time on `workers`; no two
  /// share a row.
  mutating func drawSprites(
    _ jobs: [SpriteJob], looks: [SpriteLook], blend: BlendMode, workers: Workers,
    deferring: Bool = true
  ) {
    let (w, h) = (width, height)
    guard w > 0, h > 0, !jobs.isEmpty else { return }
    let rows = Self.bandRows
    let bands = (h + rows - 1) / rows
    // The bands each sprite may touch: its centre ± half its extent, with two pixels to spare
    // (the box's half-pixel margin and rounding out, a splat's ≤ 3 rows about its centre);
    // listing a sprite under a band it misses only costs a look at its box there.
    var spans = [SIMD2<Int32>](repeating: SIMD2(1, 0), count: jobs.count)
    var counts = [Int](repeating: 0, count: bands + 1)
    let height = Double(h)
    for (j, job) in jobs.enumerated() {
      let t = job.transform
      let half = 0.5 * (t.b.magnitude + t.d.magnitude) + 2
      let top = min(max(t.ty - half, 0), height)
      let bottom = min(max(t.ty + half, 0), height)
      // Not finite (drawn as nothing) or wholly above or below the canvas.
      guard top < bottom else { continue }
      let first = Int(top) / rows
      let last = min(bands - 1, Int(bottom) / rows)
      spans[j] = SIMD2(Int32(first), Int32(last))
      for band in first...last { counts[band] += 1 }
    }
    // Where each band's list starts in `entries`, then the lists, in batch order: copies of
    // the sprites, so that a band reads its own one after the other (picking a band's sprites
    // out of the whole batch would miss the cache on nearly every one).
    var starts = [Int](repeating: 0, count: bands + 1)
    for band in 0..<bands { starts[band + 1] = starts[band] + counts[band] }
    var next = Array(starts.dropLast())
    let entries = [SpriteJob](unsafeUninitializedCapacity: starts[bands]) { entries, filled in
      // Unsafe: each band's slots starts[band] ..< starts[band + 1] are written once each, in
      // batch order (counts[band] of them); SpriteJob is trivial.
      for (j, span) in spans.enumerated() where span.x <= span.y {
        for band in Int(span.x)...Int(span.y) {
          (entries.baseAddress! + next[band]).initialize(to: jobs[j])
          next[band] += 1
        }
      }
      filled = starts[bands]
    }
    pixels.withUnsafeMutableBufferPointer { pixels in
      looks.withUnsafeBufferPointer { looks in
        entries.withUnsafeBufferPointer { entries in
          starts.withUnsafeBufferPointer { starts in
            let batch = BandBatch(
              pixels: pixels.baseAddress, width: w, height: h, looks: looks, entries: entries,
              starts: starts, blend: blend, deferring: deferring)
            if bands == 1 || !workers.isParallel {
              for band in 0..<bands { batch.draw(band: band) }
            } else {
              workers.forEach(bands) { batch.draw(band: $0) }
            }
          }
        }
      }
    }
  }
}

/// What the bands of one batch read, shared by the workers drawing them.
private struct BandBatch: @unchecked Sendable {
  // @unchecked: pointers into the canvas's pixels and the batch's arrays, valid while
  // `drawSprites` holds them (the workers finish before it returns); the looks and their
  // images are only read, and each band writes only its own rows of the pixels.
  let pixels: UnsafeMutablePointer<Float>?
  let width: Int
  let height: Int
  let looks: UnsafeBufferPointer<SpriteLook>
  /// Each band's sprites, one band after another (from `starts[band]`), in batch order.
  let entries: UnsafeBufferPointer<SpriteJob>
  let starts: UnsafeBufferPointer<Int>
  let blend: BlendMode
  let deferring: Bool

  /// Draws the sprites listed under `band`, in batch order, into its rows.
  func draw(band: Int) {
    let (first, end) = (starts[band], starts[band + 1])
    guard first < end else { return }
    let rowLow = band * Canvas.bandRows
    withUnsafeTemporaryAllocation(of: DeferredPixel.self, capacity: DeferredPixel.capacity) {
      scratch in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { count in
        let pen = SpritePen(
          base: pixels, width: width, height: height,
          deferred: deferring ? scratch.baseAddress : nil, deferredCount: count.baseAddress,
          rowLow: rowLow, rowHigh: min(height, rowLow + Canvas.bandRows))
        for k in first..<end {
          let job = entries[k]
          pen.draw(looks[job.look], transform: job.transform, tint: job.tint, blend: blend)
        }
      }
    }
  }
}
