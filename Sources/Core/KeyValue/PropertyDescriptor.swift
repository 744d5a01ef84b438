/// One property of a model type: its name, kind, default, unit, meaning, and how to read and
/// write it. `set`, `get`, `keys`, `explain` and completion are generated from tables of these.
public struct PropertyDescriptor<Root>: Sendable {
  /// The key, exactly as Core Animation spells it (`birthRate`, `transform.scale`).
  public let name: String
  public let kind: PropertyKind
  public let defaultValue: PropertyValue
  /// The unit, e.g. `particles/s`, `pt`, `rad`, `s`; empty for unitless values.
  public let unit: String
  /// One line: what the property does.
  public let summary: String
  /// Whether Core Animation can animate it.
  public let animatable: Bool
  /// A choice this simulator made where Apple is silent or contradicts itself, if any.
  public let choice: String?
  /// Whether `set` may change it.
  public let writable: Bool
  let getter: @Sendable (Root) -> PropertyValue
  let setter: @Sendable (inout Root, PropertyValue) -> Void

  public init(
    _ name: String, kind: PropertyKind, default defaultValue: PropertyValue, unit: String = "",
    summary: String, animatable: Bool = true, choice: String? = nil, writable: Bool = true,
    get: @escaping @Sendable (Root) -> PropertyValue,
    set: @escaping @Sendable (inout Root, PropertyValue) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.unit = unit
    self.summary = summary
    self.animatable = animatable
    self.choice = choice
    self.writable = writable
    self.getter = get
    self.setter = set
  }

  public func get(_ root: Root) -> PropertyValue { getter(root) }
  public func set(_ root: inout Root, _ value: PropertyValue) { setter(&root, value) }

  /// The same descriptor reached through a path from another root.
  public func lifted<Outer>(_ path: WritableKeyPath<Outer, Root> & Sendable)
    -> PropertyDescriptor<Outer>
  {
    let g = getter
    let s = setter
    return PropertyDescriptor<Outer>(
      name, kind: kind, default: defaultValue, unit: unit, summary: summary,
      animatable: animatable, choice: choice, writable: writable,
      get: { g($0[keyPath: path]) }, set: { s(&$0[keyPath: path], $1) })
  }
}

// MARK: - Builders

extension PropertyDescriptor {
  /// A Double property.
  static func number(
    _ name: String, _ path: WritableKeyPath<Root, Double> & Sendable, default d: Double,
    range: ClosedRange<Double> = ValueParsing.sane, unit: String = "", angle: Bool = false,
    summary: String, animatable: Bool = true, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: angle ? .angle(range) : .number(range), default: .number(d), unit: unit,
      summary: summary, animatable: animatable, choice: choice,
      get: { .number($0[keyPath: path]) },
      set: { root, v in if let n = v.number { root[keyPath: path] = n } })
  }

  /// A whole-number property stored as a Double-convertible integer.
  static func integer(
    _ name: String, _ path: WritableKeyPath<Root, Int> & Sendable, default d: Int,
    range: ClosedRange<Double>, unit: String = "", summary: String, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .integer(range), default: .number(Double(d)), unit: unit, summary: summary,
      animatable: false, choice: choice,
      get: { .number(Double($0[keyPath: path])) },
      set: { root, v in
        // The kind's range check has already bounded the value, so the conversion cannot trap.
        if let n = v.number, n.isFinite, abs(n) < 9e15 { root[keyPath: path] = Int(n) }
      })
  }

  static func point(
    _ name: String, _ path: WritableKeyPath<Root, Point> & Sendable, default d: Point,
    unit: String = "pt", summary: String, animatable: Bool = true, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .point, default: .point(d), unit: unit, summary: summary,
      animatable: animatable, choice: choice,
      get: { .point($0[keyPath: path]) },
      set: { root, v in if case .point(let p) = v { root[keyPath: path] = p } })
  }

  static func size(
    _ name: String, _ path: WritableKeyPath<Root, Size> & Sendable, default d: Size,
    unit: String = "pt", summary: String, animatable: Bool = true, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .size, default: .size(d), unit: unit, summary: summary,
      animatable: animatable, choice: choice,
      get: { .size($0[keyPath: path]) },
      set: { root, v in if case .size(let s) = v { root[keyPath: path] = s } })
  }

  static func rect(
    _ name: String, _ path: WritableKeyPath<Root, Rect> & Sendable, default d: Rect,
    unit: String = "pt", summary: String, animatable: Bool = true, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .rect, default: .rect(d), unit: unit, summary: summary,
      animatable: animatable, choice: choice,
      get: { .rect($0[keyPath: path]) },
      set: { root, v in if case .rect(let r) = v { root[keyPath: path] = r } })
  }

  static func color(
    _ name: String, _ path: WritableKeyPath<Root, Color> & Sendable, default d: Color,
    summary: String, animatable: Bool = true, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .color, default: .color(d), summary: summary, animatable: animatable,
      choice: choice,
      get: { .color($0[keyPath: path]) },
      set: { root, v in if case .color(let c) = v { root[keyPath: path] = c } })
  }

  static func bool(
    _ name: String, _ path: WritableKeyPath<Root, Bool> & Sendable, default d: Bool,
    summary: String, animatable: Bool = false, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .bool, default: .bool(d), summary: summary, animatable: animatable,
      choice: choice,
      get: { .bool($0[keyPath: path]) },
      set: { root, v in if case .bool(let b) = v { root[keyPath: path] = b } })
  }

  /// An enumeration stored as a Swift enum whose raw values are Core Animation's names.
  static func enumeration<E: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ path: WritableKeyPath<Root, E> & Sendable, default d: E,
    objcPrefix: String, summary: String, choice: String? = nil
  ) -> Self where E.RawValue == String {
    Self(
      name, kind: .enumeration(cases: E.allCases.map(\.rawValue), objcPrefix: objcPrefix),
      default: .enumeration(d.rawValue), summary: summary, animatable: false, choice: choice,
      get: { .enumeration($0[keyPath: path].rawValue) },
      set: { root, v in
        if case .enumeration(let s) = v, let e = E(rawValue: s) { root[keyPath: path] = e }
      })
  }

  static func image(
    _ name: String, _ path: WritableKeyPath<Root, ImageRef> & Sendable, summary: String,
    choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .image, default: .image(.none), summary: summary, animatable: false,
      choice: choice,
      get: { .image($0[keyPath: path]) },
      set: { root, v in if case .image(let i) = v { root[keyPath: path] = i } })
  }
}
