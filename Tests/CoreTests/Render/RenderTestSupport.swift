@testable import Core

/// Helpers shared by the Render tests.
enum RenderTestSupport {
  /// A solid image of `width`×`height` pixels of one premultiplied colour.
  static func solidImage(_ width: Int, _ height: Int, _ color: RGBA = .white) -> SpriteImage {
    var data: [Float] = []
    for _ in 0..<(width * height) { data += [color.r, color.g, color.b, color.a] }
    return SpriteImage(width: width, height: height, premultiplied: data)
  }

  /// A checkerboard of 1-px black and white opaque squares.
  static func checkerboard(_ size: Int) -> SpriteImage {
    var data: [Float] = []
    for y in 0..<size {
      for x in 0..<size {
        let v: Float = (x + y).isMultiple(of: 2) ? 1 : 0
        data += [v, v, v, 1]
      }
    }
    return SpriteImage(width: size, height: size, premultiplied: data)
  }

  /// Sum of one channel (0 = r … 3 = a) over the whole canvas.
  static func channelSum(_ canvas: Canvas, _ channel: Int) -> Double {
    var sum = 0.0
    var i = channel
    while i < canvas.pixels.count {
      sum += Double(canvas.pixels[i])
      i += 4
    }
    return sum
  }

  /// A sprite transform: `width`×`height` pixels, rotated by `angle`, centred on `(x, y)`.
  static func place(
    width: Double, height: Double, angle: Double = 0, x: Double, y: Double
  ) -> Affine2D {
    Affine2D.scale(x: width, y: height).concatenating(.rotation(angle))
      .concatenating(.translation(x: x, y: y))
  }
}
