/// A point in a layer's coordinate space, in points (+x right, +y down).
public struct Point: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double

  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)
}

/// A width and height, in points.
public struct Size: Sendable, Equatable, Hashable {
  public var width: Double
  public var height: Double

  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(0, 0)
}

/// An origin and a size, in points (or in unit space for `contentsRect`).
public struct Rect: Sendable, Equatable, Hashable {
  public var origin: Point
  public var size: Size

  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    origin = Point(x, y)
    size = Size(width, height)
  }

  public static let zero = Rect(0, 0, 0, 0)
  public static let unit = Rect(0, 0, 1, 1)
}

/// A straight (not premultiplied) sRGB colour with components in 0…1.
///
/// Components may leave 0…1 while a particle's colour evolves; they are clamped only when read
/// for drawing.
public struct Color: Sendable, Equatable, Hashable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let clear = Color(0, 0, 0, 0)
  public static let black = Color(0, 0, 0, 1)
  public static let white = Color(1, 1, 1, 1)

  /// The named colours the language accepts, in the order `keys` lists them.
  public static let named: [(name: String, color: Color)] = [
    ("clear", Color(0, 0, 0, 0)),
    ("black", Color(0, 0, 0)),
    ("white", Color(1, 1, 1)),
    ("red", Color(1, 0, 0)),
    ("green", Color(0, 1, 0)),
    ("blue", Color(0, 0, 1)),
    ("yellow", Color(1, 1, 0)),
    ("orange", Color(1, 0.5, 0)),
    ("purple", Color(0.5, 0, 0.5)),
    ("pink", Color(1, 0.75, 0.8)),
    ("gray", Color(0.5, 0.5, 0.5)),
    ("cyan", Color(0, 1, 1)),
    ("magenta", Color(1, 0, 1)),
  ]
}
