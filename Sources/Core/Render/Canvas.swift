/// A floating-point frame buffer of premultiplied RGBA pixels.
///
/// `pixels` holds 4 floats per pixel (r, g, b, a), row-major from the top-left; pixel `(x, y)`
/// covers the square [x, x+1]×[y, y+1] and its centre is `(x + 0.5, y + 0.5)`. All drawing is
/// pure and deterministic, clips to the canvas and does nothing for degenerate input.
package struct Canvas: Sendable {
  /// Width in pixels (≥ 0).
  package let width: Int
  /// Height in pixels (≥ 0).
  package let height: Int
  /// Premultiplied RGBA, `4 × width × height` floats, row-major from the top-left.
  package internal(set) var pixels: [Float]

  /// Creates a canvas filled with `fill`. Negative sizes become 0; a size whose float count
  /// would overflow `Int` gives an empty 0×0 canvas.
  package init(width: Int, height: Int, fill: RGBA = .clear) {
    let (w, h, count) = Canvas.dimensions(width, height)
    self.width = w
    self.height = h
    // Never stopped, so always filled whole.
    self.pixels = Canvas.filled(count, with: fill, stop: { false }) ?? []
  }

  /// How many floats a canvas is filled with between two polls of a stop (1 MiB): a
  /// maximal snapshot's canvas (8192×8192, 1 GiB) takes about half a second to fill, which
  /// Ctrl-C must be able to cut short.
  static let fillChunk = 1 << 18

  /// Creates a canvas filled with `fill` as `init(width:height:fill:)` does, polling `stop`
  /// every `fillChunk` floats; nil when it said stop (Ctrl-C while a huge canvas is filled).
  package init?(width: Int, height: Int, fill: RGBA = .clear, stop: () -> Bool) {
    let (w, h, count) = Canvas.dimensions(width, height)
    guard let pixels = Canvas.filled(count, with: fill, stop: stop) else { return nil }
    self.width = w
    self.height = h
    self.pixels = pixels
  }

  /// A canvas's width, height and float count: negative sizes 0, and 0×0 when the float
  /// count would overflow `Int`.
  private static func dimensions(_ width: Int, _ height: Int) -> (Int, Int, Int) {
    let w = max(0, width)
    let h = max(0, height)
    let (area, overflowA) = w.multipliedReportingOverflow(by: h)
    let (count, overflowB) = area.multipliedReportingOverflow(by: 4)
    return overflowA || overflowB ? (0, 0, 0) : (w, h, count)
  }

  /// `count` floats holding `fill` pixel after pixel, written once (not zeroed first) a chunk
  /// at a time, `stop` polled before each; nil when it said stop.
  private static func filled(_ count: Int, with fill: RGBA, stop: () -> Bool) -> [Float]? {
    var stopped = false
    let pixels = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
      // A frame's canvas is new memory each time (a 1080p one is 32 MiB): filled through
      // huge pages, its whole 2 MiB blocks (14 or 15 of them) fault once each, and only its
      // two unaligned ends page by page, instead of about 8,100 faults of 4 KiB.
      HugePages.advise(buffer.baseAddress, bytes: count &* MemoryLayout<Float>.stride)
      var done = 0
      while done < count {
        if stop() {
          stopped = true
          break
        }
        // done < count: the chunk's end cannot pass count, nor overflow.
        let end = done &+ min(Canvas.fillChunk, count &- done)
        Canvas.fill(UnsafeMutableBufferPointer(rebasing: buffer[done..<end]), with: fill)
        done = end
      }
      initialized = done
    }
    return stopped ? nil : pixels
  }

  /// Sets every pixel to `color`.
  package mutating func clear(to color: RGBA = .clear) {
    pixels.withUnsafeMutableBufferPointer { Canvas.fill($0, with: color) }
  }

  /// Writes `color` into every whole pixel (4 floats) of `buffer`.
  private static func fill(_ buffer: UnsafeMutableBufferPointer<Float>, with color: RGBA) {
    guard let base = buffer.baseAddress else { return }
    let end = buffer.count - buffer.count % 4
    var i = 0
    // `i < end` and `end` is a multiple of 4, so `&+` cannot wrap.
    while i < end {
      base[i] = color.r
      base[i &+ 1] = color.g
      base[i &+ 2] = color.b
      base[i &+ 3] = color.a
      i = i &+ 4
    }
  }

  /// The pixel at `(x, y)`; reading outside the canvas gives `.clear`, writing there is ignored.
  package subscript(x x: Int, y y: Int) -> RGBA {
    get {
      guard x >= 0, y >= 0, x < width, y < height else { return .clear }
      let i = (y * width + x) * 4
      return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    set {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }

  /// Blends one premultiplied colour into the pixel at `(x, y)` (ignored outside the canvas).
  package mutating func blend(_ color: RGBA, x: Int, y: Int, mode: BlendMode = .sourceOver) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let i = (y * width + x) * 4
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      blendPixel(base + i, color.r, color.g, color.b, color.a, mode)
    }
  }

  /// Fills the rectangle [0, width]×[0, height], optionally with rounded corners, mapped to pixel
  /// space by `transform`, with anti-aliased edges (4×4 supersampled coverage).
  ///
  /// `color` is premultiplied. Used for a layer's `backgroundColor`; the layer's opacity should
  /// already be folded into `color`. Non-finite or singular input draws nothing.
  mutating func fillQuad(
    _ transform: Affine2D, width: Double, height: Double, cornerRadius: Double = 0,
    color: RGBA, blend: BlendMode = .sourceOver
  ) {
    fill(
      transform, width: width, height: height, cornerRadius: cornerRadius, color: color,
      blend: blend)
  }

  /// ``fillQuad(_:width:height:cornerRadius:color:blend:)`` through a projective map (a layer
  /// seen in perspective); an affine map takes the affine path exactly.
  mutating func fillQuad(
    _ transform: Projective2D, width: Double, height: Double, cornerRadius: Double = 0,
    color: RGBA, blend: BlendMode = .sourceOver
  ) {
    if let affine = transform.affine {
      fill(
        affine, width: width, height: height, cornerRadius: cornerRadius, color: color,
        blend: blend)
    } else {
      fill(
        transform, width: width, height: height, cornerRadius: cornerRadius, color: color,
        blend: blend)
    }
  }

  /// Strokes the inside edge of the rectangle [0, width]×[0, height] (a Core Animation layer
  /// border: `lineWidth` wide, inside the bounds, following `cornerRadius`), mapped by `transform`
  /// and anti-aliased like ``fillQuad(_:width:height:cornerRadius:color:blend:)``.
  mutating func strokeQuad(
    _ transform: Affine2D, width: Double, height: Double, cornerRadius: Double = 0,
    lineWidth: Double, color: RGBA, blend: BlendMode = .sourceOver
  ) {
    stroke(
      transform, width: width, height: height, cornerRadius: cornerRadius, lineWidth: lineWidth,
      color: color, blend: blend)
  }

  /// ``strokeQuad(_:width:height:cornerRadius:lineWidth:color:blend:)`` through a projective
  /// map; an affine map takes the affine path exactly.
  mutating func strokeQuad(
    _ transform: Projective2D, width: Double, height: Double, cornerRadius: Double = 0,
    lineWidth: Double, color: RGBA, blend: BlendMode = .sourceOver
  ) {
    if let affine = transform.affine {
      stroke(
        affine, width: width, height: height, cornerRadius: cornerRadius, lineWidth: lineWidth,
        color: color, blend: blend)
    } else {
      stroke(
        transform, width: width, height: height, cornerRadius: cornerRadius,
        lineWidth: lineWidth, color: color, blend: blend)
    }
  }

  /// The fill of both `fillQuad`s, for either kind of map.
  private mutating func fill<Map: PixelMap>(
    _ transform: Map, width: Double, height: Double, cornerRadius: Double, color: RGBA,
    blend: BlendMode
  ) {
    guard let shape = RoundedRect(width: width, height: height, radius: cornerRadius),
      let inverse = transform.inverted()
    else { return }
    rasterize(
      transform, inverse, width: width, height: height, color: color, blend: blend,
      fullIfCornersIn: shape.contains, emptyIfCornersIn: nil, contains: shape.contains)
  }

  /// The stroke of both `strokeQuad`s, for either kind of map.
  private mutating func stroke<Map: PixelMap>(
    _ transform: Map, width: Double, height: Double, cornerRadius: Double, lineWidth: Double,
    color: RGBA, blend: BlendMode
  ) {
    guard lineWidth.isFinite, lineWidth > 0,
      let outer = RoundedRect(width: width, height: height, radius: cornerRadius),
      let inverse = transform.inverted()
    else { return }
    let inner = RoundedRect(
      inset: lineWidth, width: width, height: height, radius: max(0, cornerRadius - lineWidth))
    // Convex regions: all four corners of a pixel inside the outer shape (or the inner hole)
    // means the whole pixel is.
    if let inner {
      rasterize(
        transform, inverse, width: width, height: height, color: color, blend: blend,
        fullIfCornersIn: nil, emptyIfCornersIn: inner.contains
      ) { outer.contains($0) && !inner.contains($0) }
    } else {
      rasterize(
        transform, inverse, width: width, height: height, color: color, blend: blend,
        fullIfCornersIn: outer.contains, emptyIfCornersIn: nil, contains: outer.contains)
    }
  }

  /// Shared scan of a shape's clipped bounding box with 4×4 supersampled coverage, for an
  /// affine or a projective map and its inverse (pixels to shape). A pixel whose four corners
  /// all satisfy `fullIfCornersIn` is fully covered; one whose corners all satisfy
  /// `emptyIfCornersIn` is skipped (both must describe convex regions).
  private mutating func rasterize<Map: PixelMap>(
    _ transform: Map, _ inverse: Map, width w: Double, height h: Double, color: RGBA,
    blend: BlendMode, fullIfCornersIn: ((ShapePoint) -> Bool)?,
    emptyIfCornersIn: ((ShapePoint) -> Bool)?, contains: (ShapePoint) -> Bool
  ) {
    guard color.isFinite,
      let box = PixelBox(transform, minX: 0, minY: 0, maxX: w, maxY: h, in: self)
    else { return }
    let canvasWidth = width
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in box.y0..<box.y1 {
        for x in box.x0..<box.x1 {
          let px = Double(x)
          let py = Double(y)
          let c0 = ShapePoint(inverse, px, py)
          let c1 = ShapePoint(inverse, px + 1, py)
          let c2 = ShapePoint(inverse, px, py + 1)
          let c3 = ShapePoint(inverse, px + 1, py + 1)
          var k: Float
          if let full = fullIfCornersIn, full(c0) && full(c1) && full(c2) && full(c3) {
            k = 1
          } else if let empty = emptyIfCornersIn, empty(c0) && empty(c1) && empty(c2) && empty(c3) {
            continue
          } else {
            var inside = 0
            for j in 0..<4 {
              for i in 0..<4 {
                let sample = ShapePoint(
                  inverse, px + (Double(i) + 0.5) / 4, py + (Double(j) + 0.5) / 4)
                if contains(sample) { inside += 1 }
              }
            }
            if inside == 0 { continue }
            k = Float(inside) / 16
          }
          blendPixel(
            base + (y * canvasWidth + x) * 4, color.r * k, color.g * k, color.b * k, color.a * k,
            blend)
        }
      }
    }
  }

  /// Premultiplied pixels composited over an opaque `background` (its alpha is ignored), as
  /// 8-bit RGB, 3 bytes per pixel, row-major. The conversion is ``RGBA/byte(_:)``.
  func rgb8(background: RGBA) -> [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
      pixels.withUnsafeBufferPointer { src in
        guard let s = src.baseAddress, let d = out.baseAddress else { return }
        let n = min(src.count / 4, out.count / 3)
        for p in 0..<n {
          let keep = 1 - s[p * 4 + 3]
          d[p * 3] = RGBA.byte(s[p * 4] + background.r * keep)
          d[p * 3 + 1] = RGBA.byte(s[p * 4 + 1] + background.g * keep)
          d[p * 3 + 2] = RGBA.byte(s[p * 4 + 2] + background.b * keep)
        }
        initialized = n * 3
      }
    }
  }

  /// Straight (un-premultiplied) 8-bit RGBA, 4 bytes per pixel, row-major, for image formats that
  /// keep transparency (PNG). Fully transparent pixels give (0, 0, 0, 0).
  package func rgba8() -> [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
      initialized = straight(into: out)
    }
  }

  /// Writes ``rgba8()``'s bytes into `bytes`, reusing its storage when it already holds exactly
  /// that many (`record` converts every frame of a worker into one buffer).
  package func rgba8(into bytes: inout [UInt8]) {
    let count = width * height * 4
    guard bytes.count == count else {
      bytes = rgba8()
      return
    }
    bytes.withUnsafeMutableBufferPointer { _ = straight(into: $0) }
  }

  /// ``rgba8()``'s conversion into `out`; returns how many bytes it wrote.
  private func straight(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
    pixels.withUnsafeBufferPointer { src in
      guard let s = src.baseAddress, let d = out.baseAddress else { return 0 }
      let n = min(src.count, out.count) / 4
      for i in stride(from: 0, to: n * 4, by: 4) {
        let alpha = s[i + 3]
        if alpha == 1 {
          // Opaque (most pixels of a frame): the scale below would be exactly 1.
          d[i] = RGBA.byte(s[i])
          d[i + 1] = RGBA.byte(s[i + 1])
          d[i + 2] = RGBA.byte(s[i + 2])
          d[i + 3] = 255
          continue
        }
        let scale: Float = alpha > 1e-6 ? 1 / alpha : 0
        d[i] = RGBA.byte(s[i] * scale)
        d[i + 1] = RGBA.byte(s[i + 1] * scale)
        d[i + 2] = RGBA.byte(s[i + 2] * scale)
        d[i + 3] = RGBA.byte(alpha)
      }
      return n * 4
    }
  }
}

extension Canvas {
  /// Draws `layer` over this canvas (source-over), each pixel weighted by `opacity` and by
  /// `mask`'s alpha when there is a mask.
  mutating func composite(_ layer: Canvas, mask: Canvas?, opacity: Float = 1) {
    guard layer.width == width, layer.height == height else { return }
    if let mask, mask.width != width || mask.height != height { return }
    let none: [Float] = []
    layer.pixels.withUnsafeBufferPointer { src in
      (mask?.pixels ?? none).withUnsafeBufferPointer { m in
        pixels.withUnsafeMutableBufferPointer { dst in
          let masked = !m.isEmpty
          var i = 0
          while i < dst.count {
            let k = (masked ? m[i + 3] : 1) * opacity
            if k > 0 {
              let a = src[i + 3] * k
              let keep = 1 - a
              dst[i] = src[i] * k + dst[i] * keep
              dst[i + 1] = src[i + 1] * k + dst[i + 1] * keep
              dst[i + 2] = src[i + 2] * k + dst[i + 2] * keep
              dst[i + 3] = a + dst[i + 3] * keep
            }
            i += 4
          }
        }
      }
    }
  }
}
