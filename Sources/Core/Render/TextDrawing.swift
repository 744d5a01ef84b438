/// CATextLayer's drawing (docs/semantics.md, "Text layers"): the string laid out in lines from
/// the top of the bounds, with the face `font` names at the size the text has on screen,
/// rasterised into a coverage image over the bounds, then drawn through the layer's transform
/// as contents are.
package enum TextLayout {
  /// One laid-out line: its characters, its width in pixels (advances plus kerning), and
  /// whether it is its paragraph's last (which `justified` leaves as `left`).
  package struct Line: Sendable, Equatable {
    package var scalars: [Unicode.Scalar]
    package var width: Double
    package var endsParagraph = true
  }

  /// The ellipsis a truncated line shows: … when the face has it, else three dots.
  static func ellipsis(_ face: any GlyphSource, _ px: Int) -> [Unicode.Scalar] {
    face.glyph("\u{2026}", pixelSize: px) != nil ? ["\u{2026}"] : [".", ".", "."]
  }

  /// The lines of `t` in a box `width`×`height` pixels, with the face at `px` pixels.
  package static func lines(
    _ t: TextProperties, face: any GlyphSource, pixelSize px: Int, width: Double,
    height: Double
  ) -> [Line] {
    var advances: [Unicode.Scalar: Double] = [:]
    func advance(_ c: Unicode.Scalar) -> Double {
      if let a = advances[c] { return a }
      let a = face.glyph(c, pixelSize: px)?.advance ?? 0
      advances[c] = a
      return a
    }
    func measure(_ s: [Unicode.Scalar]) -> Double {
      var total = 0.0
      for (i, c) in s.enumerated() {
        total += advance(c)
        if i > 0 { total += face.kerning(s[i - 1], c, pixelSize: px) }
      }
      return total
    }
    let scalars = Array(t.string.unicodeScalars.prefix(Limits.maxTextCharacters))
    let paragraphs = scalars.split(separator: "\n", omittingEmptySubsequences: false).map(
      Array.init)
    var out: [[Unicode.Scalar]] = []
    // The index in `out` of each paragraph's last line.
    var paragraphEnds: Set<Int> = []
    for p in paragraphs {
      defer { paragraphEnds.insert(out.count - 1) }
      guard t.isWrapped else {
        out.append(p)
        continue
      }
      // Greedy: words (runs without a space) while they fit; a word wider than the box alone
      // is broken between characters.
      var line: [Unicode.Scalar] = []
      var i = 0
      while i < p.count {
        var j = i
        while j < p.count && p[j] != " " { j += 1 }
        let word = Array(p[i..<j])
        let candidate = line.isEmpty ? word : line + [" "] + word
        if measure(candidate) <= width || line.isEmpty && measure(word) <= width {
          line = candidate
        } else if line.isEmpty {
          // Break the word itself.
          var piece: [Unicode.Scalar] = []
          for c in word {
            if !piece.isEmpty && measure(piece + [c]) > width {
              out.append(piece)
              piece = []
            }
            piece.append(c)
          }
          line = piece
        } else {
          out.append(line)
          line = []
          continue  // the word again, on a line of its own
        }
        i = j
        while i < p.count && p[i] == " " { i += 1 }
      }
      out.append(line)
    }
    let dots = ellipsis(face, px)
    let lineHeight = face.metrics(pixelSize: px).lineHeight
    if t.isWrapped, t.truncationMode != .none, lineHeight > 0 {
      let fit = max(1, Int((height / lineHeight).rounded(.down)))
      if out.count > fit {
        out = Array(out.prefix(fit))
        out[fit - 1] = cut(out[fit - 1] + dots, to: width, mode: .end, dots: dots, measure)
        paragraphEnds.insert(fit - 1)
      }
    } else if t.truncationMode != .none {
      out = out.map {
        measure($0) > width ? cut($0, to: width, mode: t.truncationMode, dots: dots, measure) : $0
      }
    }
    return out.enumerated().map {
      Line(
        scalars: $0.element, width: measure($0.element),
        endsParagraph: paragraphEnds.contains($0.offset))
    }
  }

  /// `s` cut to `width` with the ellipsis where `mode` says (at the end: `s` already ends in it).
  static func cut(
    _ s: [Unicode.Scalar], to width: Double, mode: TextTruncation, dots: [Unicode.Scalar],
    _ measure: ([Unicode.Scalar]) -> Double
  ) -> [Unicode.Scalar] {
    var body = s
    if mode == .end, s.count >= dots.count, Array(s.suffix(dots.count)) == dots {
      body = Array(s.dropLast(dots.count))
    }
    var head = 0
    var tail = 0
    func built() -> [Unicode.Scalar] {
      let h = Array(body.prefix(head))
      let t = Array(body.suffix(tail))
      switch mode {
      case .start: return dots + t
      case .middle: return h + dots + t
      default: return h + dots
      }
    }
    // Take characters, from the side (or sides, in turn) the mode keeps, while they fit.
    while head + tail < body.count {
      let before = (head, tail)
      switch mode {
      case .start: tail += 1
      case .middle: if head <= tail { head += 1 } else { tail += 1 }
      default: head += 1
      }
      if measure(built()) > width {
        (head, tail) = before
        break
      }
    }
    return built()
  }

  /// The x of a line's pen start in a box `width` wide.
  package static func lineStart(_ line: Line, width: Double, alignment: TextAlignment) -> Double {
    switch alignment {
    case .center: return ((width - line.width) / 2).rounded()
    case .right: return (width - line.width).rounded()
    case .natural, .left, .justified: return 0
    }
  }

  /// Where each of a line's characters starts, in pixels from the box's left, and where the
  /// pen ends: from `lineStart`, each character's advance plus the kerning with the one before.
  /// `justified` spreads every line but its paragraph's last to the box's `width` by widening
  /// its spaces equally (as Core Text justifies a CATextLayer's lines); a line without spaces,
  /// or already as wide, stays as `left` sets it.
  package static func placement(
    _ line: Line, face: any GlyphSource, pixelSize px: Int, width: Double,
    alignment: TextAlignment
  ) -> (starts: [Double], end: Double) {
    var pen = lineStart(line, width: width, alignment: alignment)
    var extra = 0.0
    if alignment == .justified, !line.endsParagraph, line.width < width {
      let spaces = line.scalars.count { $0 == " " }
      if spaces > 0 { extra = (width - line.width) / Double(spaces) }
    }
    var starts: [Double] = []
    starts.reserveCapacity(line.scalars.count)
    for (i, c) in line.scalars.enumerated() {
      if i > 0 { pen += face.kerning(line.scalars[i - 1], c, pixelSize: px) }
      starts.append(pen)
      pen += face.glyph(c, pixelSize: px)?.advance ?? 0
      if c == " " { pen += extra }
    }
    return (starts, pen)
  }

  /// The text's coverage image: `width`×`height` pixels, one byte a pixel.
  package static func coverage(
    _ t: TextProperties, face: any GlyphSource, pixelSize px: Int, width: Int, height: Int
  ) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height)
    let m = face.metrics(pixelSize: px)
    let lines = lines(
      t, face: face, pixelSize: px, width: Double(width), height: Double(height))
    for (n, line) in lines.enumerated() {
      let baseline = Int((m.ascent + Double(n) * m.lineHeight).rounded())
      guard baseline - Int(m.ascent.rounded(.up)) < height else { break }
      let starts = placement(
        line, face: face, pixelSize: px, width: Double(width), alignment: t.alignmentMode
      ).starts
      for (c, pen) in zip(line.scalars, starts) {
        guard let g = face.glyph(c, pixelSize: px) else { continue }
        let x0 = Int(pen.rounded()) + g.left
        let y0 = baseline - g.top
        for gy in 0..<g.height {
          let y = y0 + gy
          guard y >= 0, y < height else { continue }
          for gx in 0..<g.width {
            let x = x0 + gx
            guard x >= 0, x < width else { continue }
            let k = g.coverage[gy * g.width + gx]
            guard k > 0 else { continue }
            let i = y * width + x
            out[i] = UInt8(min(255, Int(out[i]) + Int(k)))
          }
        }
      }
    }
    return out
  }
}

extension Canvas {
  /// Draws a text layer's text over its bounds, which `m` maps to pixels.
  mutating func drawText(
    _ t: TextProperties, bounds b: Rect, transform m: Projective2D, opacity: Double,
    fonts: FontBook
  ) {
    guard !t.string.isEmpty, t.fontSize > 0, t.foregroundColor.alpha > 0,
      b.size.width > 0, b.size.height > 0, let local = m.local(at: b.center)
    else { return }
    // The size on screen, in pixels per point, and the glyphs' pixel size there.
    let k = local.determinant.magnitude.squareRoot()
    guard k.isFinite, k > 0 else { return }
    // Pixels per point of the image: the size on screen, with the glyphs at most
    // maxGlyphPixels and the image at most maxTextImagePixels; then a whole glyph size.
    var scale = min(k, Double(Limits.maxGlyphPixels) / t.fontSize)
    scale = min(
      scale, (Double(Limits.maxTextImagePixels) / (b.size.width * b.size.height)).squareRoot())
    guard scale.isFinite, scale > 0 else { return }
    let px = max(1, Int(min(t.fontSize * scale, Double(Limits.maxGlyphPixels)).rounded()))
    scale = Double(px) / t.fontSize
    let w = Int((b.size.width * scale).rounded(.up))
    let h = Int((b.size.height * scale).rounded(.up))
    guard Double(w) * Double(h) <= 2 * Double(Limits.maxTextImagePixels) else { return }
    guard w > 0, h > 0 else { return }
    let c = SceneRenderer.rgba(t.foregroundColor, opacity: 1)
    let key = TextImageCache.Key(
      string: t.string, font: t.font, fontSize: t.fontSize, isWrapped: t.isWrapped,
      truncation: t.truncationMode, alignment: t.alignmentMode, width: w, height: h,
      pixelSize: px)
    let image = fonts.textImages.image(
      key, color: c,
      rasterise: {
        TextLayout.coverage(t, face: fonts.face(named: t.font), pixelSize: px, width: w, height: h)
      },
      tint: { cov in
        var pixels = [Float](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) where cov[i] > 0 {
          let a = Float(cov[i]) / 255
          pixels[4 * i] = c.r * a
          pixels[4 * i + 1] = c.g * a
          pixels[4 * i + 2] = c.b * a
          pixels[4 * i + 3] = c.a * a
        }
        return SpriteImage(width: w, height: h, premultiplied: pixels)
      })
    // The image covers the bounds (its last column and row may reach a little past them).
    let iw = Double(w) / scale
    let ih = Double(h) / scale
    let toLayer = SceneRenderer.compose(
      .translation(x: b.origin.x + iw / 2, y: b.origin.y + ih / 2), .scale(x: iw, y: ih))
    drawSprite(
      image, contentsRect: (0, 0, 1, 1), projective: Projective2D.compose(m, Projective2D(toLayer)),
      tint: RGBA(r: 1, g: 1, b: 1, a: Float(min(max(opacity, 0), 1))), filter: SpriteFilter())
  }
}
