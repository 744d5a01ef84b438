/// A reference to an image used as `contents`.
package enum ImageRef: Sendable, Equatable, Hashable {
  /// No image: a cell without contents is invisible but still lives and emits.
  case none
  /// One of the procedurally drawn built-in images (see `BuiltinImages`).
  case builtin(String)
  /// A PNG or PPM file, loaded by the Shell into `Scene.images` under its path.
  case file(String)
  /// An image drawn in code (`UIGraphicsImageRenderer`'s `image { … }`): paths filled and
  /// stroked on a transparent canvas, written `drawing(W,H PATH KEY=VALUE …)`.
  case drawn(DrawnImage)

  /// How `none` is written.
  package static let noneWord = "none"

  /// Every image named by a word rather than a path: `none`, then the built-in images.
  package static var words: [String] { [noneWord] + BuiltinImages.names }
}

/// A property value: a closed set of kinds, each parsed and printed in one form.
package enum PropertyValue: Sendable, Equatable, Hashable {
  case number(Double)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)
  case bool(Bool)
  case enumeration(String)
  case image(ImageRef)
  case transform(LayerTransform)
  case text(String)
  /// A CGPath (`CAShapeLayer.path`).
  case path(ShapePath)
  /// A list of numbers (`lineDashPattern`).
  case numbers([Double])
  /// A list of colours (`colors`).
  case colors([Color])
  /// Text shown (a text layer's `string`), always written in double quotes.
  case string(String)

  /// The value as a number, when it is one.
  package var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
}

// MARK: - Fields

extension PropertyValue {
  /// A named numeric field of one kind of value.
  private typealias Field<Whole> = (name: String, path: WritableKeyPath<Whole, Double> & Sendable)

  // Each kind's fields, declared once: listing, reading and writing them all come from here.
  private static let pointFields: [Field<Point>] = [("x", \.x), ("y", \.y)]
  private static let sizeFields: [Field<Size>] = [("width", \.width), ("height", \.height)]
  /// A rect's fields by their full key paths, then by the short names that mean the same.
  private static let rectFields: [Field<Rect>] = [
    ("origin.x", \.origin.x), ("origin.y", \.origin.y), ("size.width", \.size.width),
    ("size.height", \.size.height), ("x", \.origin.x), ("y", \.origin.y),
    ("width", \.size.width), ("height", \.size.height),
  ]
  /// A rect or rounded rect path's fields (`shadowPath.radius`): its rect's, then its corner
  /// radius. Other paths have none.
  private static let roundedRectFields: [Field<RoundRect>] = [
    ("origin.x", \.rect.origin.x), ("origin.y", \.rect.origin.y),
    ("size.width", \.rect.size.width), ("size.height", \.rect.size.height),
    ("x", \.rect.origin.x), ("y", \.rect.origin.y), ("width", \.rect.size.width),
    ("height", \.rect.size.height), ("radius", \.radius),
  ]
  private static let colorFields: [Field<Color>] = [
    ("red", \.red), ("green", \.green), ("blue", \.blue), ("alpha", \.alpha),
  ]
  /// A transform's matrix entries, m11 … m44, read from and written through its components.
  private static let transformFields: [Field<LayerTransform>] = Matrix3D.entryNames.enumerated()
    .map { ($0.element, \LayerTransform.[entry: $0.offset]) }

  /// The sub-field names of this kind of value (`x`, `width`, …), for key paths such as
  /// `emitterPosition.x`.
  package var fieldNames: [String] {
    switch self {
    case .point: return Self.pointFields.map(\.name)
    case .size: return Self.sizeFields.map(\.name)
    case .rect: return Self.rectFields.map(\.name)
    case .path(let p) where p.roundRect != nil: return Self.roundedRectFields.map(\.name)
    case .color: return Self.colorFields.map(\.name)
    case .transform: return Self.transformFields.map(\.name)
    default: return []
    }
  }

  /// Reads one numeric field, or nil when this kind has no such field.
  package func field(_ name: String) -> Double? {
    switch self {
    case .point(let p): return Self.read(name, of: p, Self.pointFields)
    case .size(let s): return Self.read(name, of: s, Self.sizeFields)
    case .rect(let r): return Self.read(name, of: r, Self.rectFields)
    case .path(let p):
      return p.roundRect.flatMap { Self.read(name, of: $0, Self.roundedRectFields) }
    case .color(let c): return Self.read(name, of: c, Self.colorFields)
    case .transform(let t): return Self.read(name, of: t, Self.transformFields)
    default: return nil
    }
  }

  /// This value with one numeric field replaced, or nil when this kind has no such field.
  package func setting(field name: String, to v: Double) -> PropertyValue? {
    switch self {
    case .point(let p): return Self.write(name, of: p, to: v, Self.pointFields).map(Self.point)
    case .size(let s): return Self.write(name, of: s, to: v, Self.sizeFields).map(Self.size)
    case .rect(let r): return Self.write(name, of: r, to: v, Self.rectFields).map(Self.rect)
    case .path(let p):
      return p.roundRect.flatMap { Self.write(name, of: $0, to: v, Self.roundedRectFields) }
        .map { .path(ShapePath(roundRect: $0)) }
    case .color(let c): return Self.write(name, of: c, to: v, Self.colorFields).map(Self.color)
    case .transform(let t):
      return Self.write(name, of: t, to: v, Self.transformFields).map(Self.transform)
    default: return nil
    }
  }

  private static func read<Whole>(_ name: String, of whole: Whole, _ fields: [Field<Whole>])
    -> Double?
  {
    fields.first { $0.name == name }.map { whole[keyPath: $0.path] }
  }

  private static func write<Whole>(
    _ name: String, of whole: Whole, to v: Double, _ fields: [Field<Whole>]
  ) -> Whole? {
    guard let field = fields.first(where: { $0.name == name }) else { return nil }
    var changed = whole
    changed[keyPath: field.path] = v
    return changed
  }
}
