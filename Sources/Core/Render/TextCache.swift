import Synchronization

/// Text layers' rasterised text, kept from frame to frame (docs/semantics.md, "Text layers"), so
/// that an unchanged label is laid out and rasterised once rather than every frame.
///
/// An entry is keyed by everything its coverage depends on: the string, the family asked for,
/// the font size, wrapping, truncation and alignment, the image's size in pixels (the bounds'
/// width and height at the scale the layer has on screen) and the glyphs' pixel size (that
/// scale). The face is the font book's, and the cache belongs to one `FontBook`, so a new book
/// starts empty. A hit gives the very coverage a miss would compute: caching changes no pixel.
/// The tinted image of the last colour drawn is kept beside it, so neither is remade while the
/// colour stays.
///
/// Bounded by `Limits.maxTextCacheBytes`: the least recently used entries go first (an image
/// larger than the whole budget is drawn without being kept). Safe from any thread.
package final class TextImageCache: Sendable {
  package struct Key: Hashable, Sendable {
    var string: String
    var font: String
    var fontSize: Double
    var isWrapped: Bool
    var truncation: TextTruncation
    var alignment: TextAlignment
    var width: Int
    var height: Int
    var pixelSize: Int
  }

  private struct Entry {
    var coverage: [UInt8]
    var tinted: (color: RGBA, image: SpriteImage)?
    var lastUse: Int
    /// Bytes held: the coverage, and the tinted image's levels (at most 4/3 of level 0).
    var bytes: Int { coverage.count + (tinted == nil ? 0 : coverage.count * 16 * 4 / 3) }
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var bytes = 0
    var clock = 0
    var rasterisations = 0
  }

  private let state = Mutex(State())

  package init() {}

  /// How many times text has been laid out and rasterised through this cache (misses).
  package var rasterisations: Int { state.withLock { $0.rasterisations } }

  /// The image of `key`'s text tinted `color`: kept, or made by `rasterise` (the coverage,
  /// `key.width` × `key.height` bytes) and `tint`, and kept.
  func image(
    _ key: Key, color: RGBA, rasterise: () -> [UInt8], tint: ([UInt8]) -> SpriteImage
  ) -> SpriteImage {
    let kept: (coverage: [UInt8]?, image: SpriteImage?) = state.withLock { s in
      guard var e = s.entries[key] else { return (nil, nil) }
      s.clock += 1
      e.lastUse = s.clock
      s.entries[key] = e
      if let t = e.tinted, t.color == color { return (e.coverage, t.image) }
      return (e.coverage, nil)
    }
    if let image = kept.image { return image }
    let coverage: [UInt8]
    if let c = kept.coverage {
      coverage = c
    } else {
      coverage = rasterise()
    }
    let image = tint(coverage)
    state.withLock { s in
      if kept.coverage == nil { s.rasterisations += 1 }
      s.clock += 1
      if let old = s.entries[key] { s.bytes -= old.bytes }
      let entry = Entry(coverage: coverage, tinted: (color, image), lastUse: s.clock)
      s.entries[key] = nil
      guard entry.bytes <= Limits.maxTextCacheBytes else { return }
      // The least recently used go first (every entry's lastUse is distinct).
      while s.bytes + entry.bytes > Limits.maxTextCacheBytes,
        let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        s.bytes -= oldest.value.bytes
        s.entries[oldest.key] = nil
      }
      s.entries[key] = entry
      s.bytes += entry.bytes
    }
    return image
  }
}
