/// A point in a layer's coordinate space, in points (+x right, +y down).
package struct Point: Sendable, Equatable, Hashable {
  package var x: Double
  package var y: Double

  package init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  package static let zero = Point(0, 0)
}

/// A width and height, in points.
package struct Size: Sendable, Equatable, Hashable {
  package var width: Double
  package var height: Double

  package init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  package static let zero = Size(0, 0)
}

/// An origin and a size, in points (or in unit space for `contentsRect`).
package struct Rect: Sendable, Equatable, Hashable {
  package var origin: Point
  package var size: Size

  /// The middle of the rect.
  package var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

  package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    origin = Point(x, y)
    size = Size(width, height)
  }

  /// The rect of `size` whose middle is `center` (a layer's frame from its position and
  /// bounds, the anchor point in the middle).
  package init(center: Point, size: Size) {
    self.init(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height)
  }

  package static let zero = Rect(0, 0, 0, 0)
  package static let unit = Rect(0, 0, 1, 1)
}

/// A rect with rounded corners, as `UIBezierPath(roundedRect:cornerRadius:)` makes it: a
/// radius of 0 is the plain rect.
package struct RoundRect: Sendable, Equatable, Hashable {
  package var rect: Rect
  package var radius: Double

  package init(_ rect: Rect, radius: Double = 0) {
    self.rect = rect
    self.radius = radius
  }

  package static let zero = RoundRect(.zero)
}

/// A straight (not premultiplied) sRGB colour with components in 0…1.
///
/// Components may leave 0…1 while a particle's colour evolves; they are clamped only when read
/// for drawing.
package struct Color: Sendable, Equatable, Hashable {
  package var red: Double
  package var green: Double
  package var blue: Double
  package var alpha: Double

  package init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  package static let clear = Color(0, 0, 0, 0)
  package static let black = Color(0, 0, 0, 1)
  package static let white = Color(1, 1, 1, 1)
}
