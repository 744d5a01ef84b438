extension PropertyValue {
  /// The value as numbers, for animation: a number is one component, a point or size two, a rect
  /// or colour four. nil for kinds that do not animate.
  package var components: [Double]? {
    switch self {
    case .number(let x): return [x]
    case .point(let p): return [p.x, p.y]
    case .size(let s): return [s.width, s.height]
    case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c): return [c.red, c.green, c.blue, c.alpha]
    case .transform(let t): return t.components
    case .path(let p): return p.components
    case .numbers(let v): return v
    case .colors(let c): return c.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
    default: return nil
    }
  }

  /// The same kind of value built from components (nil when the count does not fit).
  /// A path is rebuilt from the elements its components encode (`ShapePath.components`), so
  /// its count may differ from this one's.
  package func withComponents(_ v: [Double]) -> PropertyValue? {
    if case .path = self {
      guard v.allSatisfy(\.isFinite) else { return nil }
      return ShapePath(components: v).map(PropertyValue.path)
    }
    guard v.count == components?.count, v.allSatisfy(\.isFinite) else { return nil }
    switch self {
    case .number: return .number(v[0])
    case .point: return .point(Point(v[0], v[1]))
    case .size: return .size(Size(v[0], v[1]))
    case .rect: return .rect(Rect(v[0], v[1], v[2], v[3]))
    case .color: return .color(Color(v[0], v[1], v[2], v[3]))
    case .transform: return LayerTransform(components: v).map(PropertyValue.transform)
    case .numbers: return .numbers(v)
    case .colors:
      return .colors(
        stride(from: 0, to: v.count, by: 4).map { Color(v[$0], v[$0 + 1], v[$0 + 2], v[$0 + 3]) })
    default: return nil
    }
  }
}
