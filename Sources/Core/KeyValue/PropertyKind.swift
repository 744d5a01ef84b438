/// What a property holds, which decides how its value is read and printed.
package enum PropertyKind: Sendable, Equatable {
  /// A finite number within `range`.
  case number(ClosedRange<Double>)
  /// An angle in radians within `range`; also reads degrees, `45deg` or `45°` (and, as every
  /// number does, expressions such as `pi/4`, `-.pi/2`, `3pi/4`).
  case angle(ClosedRange<Double>)
  /// A whole number within `range`.
  case integer(ClosedRange<Double>)
  case point
  case size
  case rect
  case color
  case bool
  /// One of `cases` (Core Animation's names in lower camel case). `names` gives the other
  /// spellings: `.circle`, `CAEmitterLayerEmitterShape.circle`, `kCAEmitterLayerCircle`.
  case enumeration(cases: [String], names: ConstantNames)
  case image
  /// A CATransform3D (`TransformExpression`).
  case transform3D
  /// A name (`set` renames the object; see `PropertyInfo.renames`).
  case text
  /// A CGPath (`ShapePath`): `path(moveTo 10,50 lineTo 40,80 close)` or a shorthand
  /// (`ellipse(…)`, `rect(…)`, `roundedRect(x,y,w,h,r)`, a bare rect `x,y,w,h`).
  case path
  /// A list of numbers, each within the range, in square brackets: `[6, 3]`.
  case numberList(ClosedRange<Double>)
  /// A list of colours in square brackets: `[red, #0000ff]`.
  case colorList
  /// Any text, always written in double quotes (`"Score: #1"`, so `#` is not a comment).
  case string

  /// A short word for messages and `keys`: `number`, `point`, `colour`, ….
  package var word: String {
    switch self {
    case .number: return "number"
    case .angle: return "angle"
    case .integer: return "integer"
    case .point: return "point"
    case .size: return "size"
    case .rect: return "rect"
    case .color: return "colour"
    case .bool: return "boolean"
    case .enumeration: return "enumeration"
    case .image: return "image"
    case .transform3D: return "transform"
    case .text: return "name"
    case .path: return "path"
    case .numberList: return "list of numbers"
    case .colorList: return "list of colours"
    case .string: return "text in double quotes"
    }
  }

  /// A choice Burst made for every property of this kind, which `explain` prints beside the
  /// property's own.
  package var choice: String? {
    switch self {
    case .color:
      return "a component outside 0…1 is extended-range sRGB, as UIColor accepts (1.2 is"
        + " brighter than 1): set keeps it and warns, and Burst's renderer clamps each"
        + " component, alpha too, to 0…1 when drawing"
    default: return nil
    }
  }

  /// Whether `value` is a colour with a component outside 0…1 (extended-range sRGB).
  package static func isExtendedRange(_ value: PropertyValue) -> Bool {
    guard case .color(let c) = value else { return false }
    return [c.red, c.green, c.blue, c.alpha].contains { !(0...1).contains($0) }
  }

  /// An example of a valid value, used in hints.
  package var example: String {
    switch self {
    case .number: return "1.5"
    case .angle: return "pi/4"
    case .integer: return "42"
    case .point: return "100,100"
    case .size: return "30,30"
    case .rect: return "0,0,1,1"
    case .color: return "#ff8800"
    case .bool: return Self.boolWord(true)
    case .enumeration(let cases, _): return cases.first ?? ""
    case .image: return "sparkle"
    case .transform3D: return "rotate(pi/4, 0, 1, 0)"
    case .text: return "name"
    case .path: return "path(moveTo 10,50 lineTo 40,80 close)"
    case .numberList: return "[6, 3]"
    case .colorList: return "[red, #0000ff]"
    case .string: return "\"Hello, world\""
    }
  }
}
