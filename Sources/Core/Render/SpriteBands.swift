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
  /// The most chunks a batch's sprites are listed in (see `drawSprites`), and the fewest
  /// sprites a chunk of a batch drawn on several workers takes.
  static let chunks = 16
  static let chunkJobs = 8192

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
    deferring: Bool = true, chunkJobs: Int = Canvas.chunkJobs
  ) {
    let (w, h) = (width, height)
    guard w > 0, h > 0, !jobs.isEmpty else { return }
    let rows = Self.bandRows
    let bands = (h + rows - 1) / rows
    // The sprites are listed in chunks of the batch, on the workers: each chunk counts its
    // sprites per band, then copies them into its own slots of each band's list. The lists
    // hold the batch's sprites in batch order whatever the chunks (a band's list is chunk 0's
    // sprites for it, then chunk 1's, …), so the bytes do not depend on them either.
    let chunks = workers.isParallel ? max(1, min(Self.chunks, jobs.count / max(1, chunkJobs))) : 1
    let perChunk = (jobs.count + chunks - 1) / chunks
    var spans = [SIMD2<Int32>](repeating: SIMD2(1, 0), count: jobs.count)
    // counts[c · bands + band]: chunk c's sprites listed under `band`; then where they start.
    var counts = [Int](repeating: 0, count: chunks * bands)
    var starts = [Int](repeating: 0, count: bands + 1)
    // Runs `pass` on every chunk, on the workers when there are several.
    func eachChunk(_ pass: @escaping @Sendable (BandListing, Int) -> Void) {
      jobs.withUnsafeBufferPointer { jobs in
        spans.withUnsafeMutableBufferPointer { spans in
          counts.withUnsafeMutableBufferPointer { counts in
            let listing = BandListing(
              jobs: jobs, spans: spans, counts: counts, bands: bands, height: Double(h),
              perChunk: perChunk)
            if chunks == 1 {
              pass(listing, 0)
            } else {
              workers.forEach(chunks) { pass(listing, $0) }
            }
          }
        }
      }
    }
    eachChunk { listing, c in listing.count(chunk: c) }
    var total = 0
    for band in 0..<bands {
      starts[band] = total
      for c in 0..<chunks {
        let n = counts[c * bands + band]
        counts[c * bands + band] = total
        total += n
      }
    }
    starts[bands] = total
    // The lists, one band's after another: copies of the sprites, so that a band reads its
    // own one after the other (picking a band's sprites out of the whole batch would miss the
    // cache on nearly every one).
    let entries = [SpriteJob](unsafeUninitializedCapacity: total) { entries, filled in
      let out = SendablePointer(entries.baseAddress)
      eachChunk { listing, c in listing.copy(chunk: c, into: out.pointer) }
      filled = total
    }
    let unretained = looks.map { Unmanaged.passUnretained($0) }
    pixels.withUnsafeMutableBufferPointer { pixels in
      unretained.withUnsafeBufferPointer { looks in
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
  /// The batch's looks, unretained (the batch's caller holds them), so that a sprite's look is
  /// passed without a reference count's increment and decrement, which the workers would
  /// contend for.
  let looks: UnsafeBufferPointer<Unmanaged<SpriteLook>>
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
          looks[job.look]._withUnsafeGuaranteedRef {
            pen.draw($0, transform: job.transform, tint: job.tint, blend: blend)
          }
        }
      }
    }
  }
}

/// A pointer handed to the workers; each writes only its own slots of what it points to.
private struct SendablePointer: @unchecked Sendable {
  // @unchecked: see above; the memory outlives the workers' calls.
  let pointer: UnsafeMutablePointer<SpriteJob>?
  init(_ pointer: UnsafeMutablePointer<SpriteJob>?) { self.pointer = pointer }
}

/// Listing a batch's sprites under the bands they may touch, chunk by chunk (the batch's
/// sprites cut into runs of `perChunk`), shared by the workers.
private struct BandListing: @unchecked Sendable {
  // @unchecked: pointers into `drawSprites`'s arrays, valid while it holds them (the workers
  // finish before it goes on); each chunk writes only its own sprites' spans, its own row of
  // `counts` and its own slots of the lists.
  let jobs: UnsafeBufferPointer<SpriteJob>
  /// Each sprite's first and last band (first > last: none).
  let spans: UnsafeMutableBufferPointer<SIMD2<Int32>>
  /// Chunk c's count for each band (at `c · bands`); after the counting, where its
  /// sprites for that band go in the lists.
  let counts: UnsafeMutableBufferPointer<Int>
  let bands: Int
  let height: Double
  let perChunk: Int

  /// Works out the bands of chunk `c`'s sprites and counts them per band.
  func count(chunk c: Int) {
    let rows = Canvas.bandRows
    let row = counts.baseAddress! + c &* bands
    for j in c &* perChunk..<min(jobs.count, (c &+ 1) &* perChunk) {
      // The bands a sprite may touch: its centre ± half its extent, with two pixels to spare
      // (the box's half-pixel margin and rounding out, a splat's ≤ 3 rows about its centre);
      // listing a sprite under a band it misses only costs a look at its box there.
      let t = jobs[j].transform
      let half = 0.5 * (t.b.magnitude + t.d.magnitude) + 2
      let top = min(max(t.ty - half, 0), height)
      let bottom = min(max(t.ty + half, 0), height)
      // Not finite (drawn as nothing) or wholly above or below the canvas.
      guard top < bottom else { continue }
      let first = Int(top) / rows
      let last = min(bands &- 1, Int(bottom) / rows)
      spans[j] = SIMD2(Int32(first), Int32(last))
      for band in first...last { row[band] &+= 1 }
    }
  }

  /// Copies chunk `c`'s sprites into the lists at `entries`, in batch order.
  func copy(chunk c: Int, into entries: UnsafeMutablePointer<SpriteJob>?) {
    guard let entries else { return }
    let next = counts.baseAddress! + c &* bands
    for j in c &* perChunk..<min(jobs.count, (c &+ 1) &* perChunk) {
      let span = spans[j]
      guard span.x <= span.y else { continue }
      for band in Int(span.x)...Int(span.y) {
        // Unsafe: each slot of the lists is written once (the counts made room for it);
        // SpriteJob is trivial.
        (entries + next[band]).initialize(to: jobs[j])
        next[band] &+= 1
      }
    }
  }
}
