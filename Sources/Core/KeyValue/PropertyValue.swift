/// A reference to an image used as `contents`.
package enum ImageRef: Sendable, Equatable, Hashable {
  /// No image: a cell without contents is invisible but still lives and emits.
  case none
  /// One of the procedurally drawn built-in images (see `BuiltinImages`).
  case builtin(String)
  /// A PNG or PPM file, loaded by the Shell into `Scene.images` under its path.
  case file(String)
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
  case text(String)

  /// The value as a number, when it is one.
  package var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
}

// MARK: - Fields

extension PropertyValue {
  /// The sub-field names of this kind of value (`x`, `width`, …), for key paths such as
  /// `emitterPosition.x`.
  package var fieldNames: [String] {
    switch self {
    case .point: return ["x", "y"]
    case .size: return ["width", "height"]
    case .rect:
      return ["origin.x", "origin.y", "size.width", "size.height", "x", "y", "width", "height"]
    case .color: return ["red", "green", "blue", "alpha"]
    default: return []
    }
  }

  /// Reads one numeric field, or nil when this kind has no such field.
  package func field(_ name: String) -> Double? {
    switch (self, name) {
    case (.point(let p), "x"): return p.x
    case (.point(let p), "y"): return p.y
    case (.size(let s), "width"): return s.width
    case (.size(let s), "height"): return s.height
    case (.rect(let r), "origin.x"), (.rect(let r), "x"): return r.origin.x
    case (.rect(let r), "origin.y"), (.rect(let r), "y"): return r.origin.y
    case (.rect(let r), "size.width"), (.rect(let r), "width"): return r.size.width
    case (.rect(let r), "size.height"), (.rect(let r), "height"): return r.size.height
    case (.color(let c), "red"): return c.red
    case (.color(let c), "green"): return c.green
    case (.color(let c), "blue"): return c.blue
    case (.color(let c), "alpha"): return c.alpha
    default: return nil
    }
  }

  /// This value with one numeric field replaced, or nil when this kind has no such field.
  package func setting(field name: String, to v: Double) -> PropertyValue? {
    switch (self, name) {
    case (.point(var p), "x"):
      p.x = v
      return .point(p)
    case (.point(var p), "y"):
      p.y = v
      return .point(p)
    case (.size(var s), "width"):
      s.width = v
      return .size(s)
    case (.size(var s), "height"):
      s.height = v
      return .size(s)
    case (.rect(var r), "origin.x"), (.rect(var r), "x"):
      r.origin.x = v
      return .rect(r)
    case (.rect(var r), "origin.y"), (.rect(var r), "y"):
      r.origin.y = v
      return .rect(r)
    case (.rect(var r), "size.width"), (.rect(var r), "width"):
      r.size.width = v
      return .rect(r)
    case (.rect(var r), "size.height"), (.rect(var r), "height"):
      r.size.height = v
      return .rect(r)
    case (.color(var c), "red"):
      c.red = v
      return .color(c)
    case (.color(var c), "green"):
      c.green = v
      return .color(c)
    case (.color(var c), "blue"):
      c.blue = v
      return .color(c)
    case (.color(var c), "alpha"):
      c.alpha = v
      return .color(c)
    default: return nil
    }
  }
}
