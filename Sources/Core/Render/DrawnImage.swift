/// An image drawn in code, as `UIGraphicsImageRenderer(size:).image { … }` or a bitmap context
/// draws it: a transparent canvas of `size` points, one pixel a point (Burst's scale), on which
/// each mark (a path, filled then stroked as a shape layer draws it) is drawn in order.
///
/// Written `drawing(W,H PATH KEY=VALUE … PATH KEY=VALUE …)`: each mark starts with its path and
/// takes the shape layer's keys that a context's fill and stroke read (`markKeys`). The pixels
/// are drawn once, when the value is made; equality and hashing compare what is drawn.
package struct DrawnImage: Sendable {
  /// The canvas, in points; a side that is not whole covers its last pixel in part, which is
  /// still a whole pixel of the image, as a bitmap context rounds its size up.
  package let size: Size
  /// The marks, drawn first to last.
  package let marks: [ShapeProperties]
  /// The pixels, premultiplied, with their mip levels.
  package let image: SpriteImage

  /// The word that starts the value's text.
  package static let word = "drawing"

  /// An example of the text, for hints and `explain`.
  package static let example = "drawing(12,10 ellipse(0,0,12,10) fillColor=red)"

  /// Draws `marks` on a canvas of `size` points. A side below 1 pixel is 1; an area past
  /// `Limits.maxDrawingPixels` is cut from the bottom (the parser and the importer refuse it
  /// before it gets here).
  package init(size: Size, marks: [ShapeProperties]) {
    self.size = size
    self.marks = marks
    let w = Self.pixels(size.width)
    let h = min(Self.pixels(size.height), max(1, Limits.maxDrawingPixels / w))
    var canvas = Canvas(width: w, height: h)
    for m in marks {
      canvas.drawShape(m, transform: Projective2D(.identity), opacity: 1)
    }
    image = SpriteImage(width: w, height: h, premultiplied: canvas.pixels)
  }

  /// The pixels a side of `points` takes: rounded up, at least 1, at most the pixel limit.
  package static func pixels(_ points: Double) -> Int {
    guard points.isFinite, points > 1 else { return 1 }
    return Int(min(points.rounded(.up), Double(Limits.maxDrawingPixels)))
  }

  /// The pixels a drawing of `size` takes in all (what `Limits.maxDrawingPixels` bounds).
  static func pixelCount(_ size: Size) -> Int {
    pixels(size.width) * pixels(size.height)
  }

  /// The shape layer keys a mark takes: all but `path` (the mark's first word) and
  /// `strokeStart`/`strokeEnd` (a context strokes whole paths).
  static let markKeys: [PropertyDescriptor<ShapeProperties>] = ShapeProperties.descriptors
    .filter { !["path", "strokeStart", "strokeEnd"].contains($0.name) }
}

extension DrawnImage: Equatable, Hashable {
  package static func == (a: DrawnImage, b: DrawnImage) -> Bool {
    a.size == b.size && a.marks == b.marks
  }

  package func hash(into h: inout Hasher) {
    h.combine(size)
    h.combine(marks)
  }
}
