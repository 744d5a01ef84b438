extension Canvas {
  /// A canvas holding `image`'s full-size pixels (what `export images` writes as a PNG).
  package init(_ image: SpriteImage) {
    self.init(width: image.width, height: image.height)
    pixels = image.pixels
  }
}
