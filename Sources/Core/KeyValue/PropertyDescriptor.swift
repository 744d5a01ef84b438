/// What Burst knows about one property, independent of the object's type: everything `keys`,
/// `explain`, `save`, `export`, `lint` and completion say or decide about it comes from here.
/// Each fact is declared once, in the property's row of its table (`Layer+Properties.swift`,
/// `EmitterCell+Properties.swift`, `MediaTiming+Properties.swift`).
package struct PropertyInfo: Sendable {
  /// The key, exactly as Core Animation spells it (`birthRate`, `transform.scale`).
  package let name: String
  package let kind: PropertyKind
  package let defaultValue: PropertyValue
  /// The unit, e.g. `particles/s`, `pt`, `rad`, `s`; empty for unitless values.
  package let unit: String
  /// One line: what the property does.
  package let summary: String
  /// Whether Core Animation can animate it.
  package let animatable: Bool
  /// A choice this simulator made where Apple is silent or contradicts itself, if any.
  package let choice: String?
  /// Whether `set` may change it.
  package let writable: Bool
  /// How it relates to the other properties of its table.
  package internal(set) var relation: PropertyRelation = .own
  /// The Swift spelling, where Apple's Swift API renames the key (`hidden` → `isHidden`).
  /// `set` and `get` accept it too; `export swift` writes it.
  package internal(set) var swiftName: String?
  /// On the scene's root layer, the hosting view sets it (its bounds and background) or owns it
  /// (its name and position), so `export` writes it on the view or not at all.
  package internal(set) var placedByHost = false
  /// Why setting it changes nothing in Burst's picture (a hint to a GPU cache, say), when that
  /// is so: it is accepted and stored so that real code runs, and `explain` says so.
  package internal(set) var noEffectHere: String?
  /// Whether animating it changes how many particles are born or how long they live (not
  /// only the values they are born with), so that births are counted on a fine time grid
  /// while such an animation runs.
  package internal(set) var changesCounts = false
  /// The object's name: not a value `save` or `export` assign (they write it where the object
  /// is created), but `set` renames the object, checked as when it is created.
  package internal(set) var renames = false
  /// Which layer's coordinate space a point, size or rect in points is measured in, when it
  /// is a place or an extent there (not an offset such as `shadowOffset`): `export` writes
  /// such a value relative to the hosting view's bounds where that space is the view's.
  package internal(set) var coordinates: CoordinateSpace?
  /// Its value is another layer, by name (`mask`): checked against the tree when set, and
  /// written by `save` and `export` after every layer exists.
  package internal(set) var namesLayer = false
}

/// The layer whose coordinate space a property's value is in.
package enum CoordinateSpace: Sendable, Equatable {
  /// The superlayer's (`position`; `bounds`, whose size is the layer's extent there).
  case superlayer
  /// The layer's own (`emitterPosition`, `emitterSize`).
  case own
}

/// How a property relates to the others in its table. `save` and `export` write each value
/// once from these facts: never an alias, a combined property only when it says it all.
package enum PropertyRelation: Sendable, Equatable {
  /// A value of its own.
  case own
  /// Another name for `of` (`transform.rotation.z` for `transform.rotation`).
  case alias(of: String)
  /// Reads from and writes to the properties `parts` (`transform.scale` sets both
  /// `transform.scale.x` and `transform.scale.y`, and reads their mean).
  case combines([String])
  /// Computed from the properties `from` (`frame` from `bounds`, `position` and
  /// `anchorPoint`): setting it sets them, and `save` and `export` write them, never it.
  case derived(from: [String])
  /// The range of values drawn around the mean `of` (`lifetimeRange` spreads `lifetime`;
  /// `redRange` spreads `color.red`), as `[M − R/2, M + R/2]`.
  case spread(of: String)
}

/// One property of a model type: its facts (`info`) and how to read and write it. `set`,
/// `get`, `keys`, `explain`, `save`, `export`, `lint` and completion are generated from tables
/// of these. The facts read as the descriptor's own (`d.name`, `d.kind`).
@dynamicMemberLookup
package struct PropertyDescriptor<Root>: Sendable {
  package private(set) var info: PropertyInfo
  let getter: @Sendable (Root) -> PropertyValue
  let setter: @Sendable (inout Root, PropertyValue) -> Void

  package init(
    _ name: String, kind: PropertyKind, default defaultValue: PropertyValue, unit: String = "",
    summary: String, animatable: Bool = true, choice: String? = nil, writable: Bool = true,
    get: @escaping @Sendable (Root) -> PropertyValue,
    set: @escaping @Sendable (inout Root, PropertyValue) -> Void
  ) {
    self.info = PropertyInfo(
      name: name, kind: kind, defaultValue: defaultValue, unit: unit, summary: summary,
      animatable: animatable, choice: choice, writable: writable)
    self.getter = get
    self.setter = set
  }

  init(
    info: PropertyInfo, get: @escaping @Sendable (Root) -> PropertyValue,
    set: @escaping @Sendable (inout Root, PropertyValue) -> Void
  ) {
    self.info = info
    self.getter = get
    self.setter = set
  }

  package subscript<T>(dynamicMember fact: KeyPath<PropertyInfo, T>) -> T { info[keyPath: fact] }

  package func get(_ root: Root) -> PropertyValue { getter(root) }
  package func set(_ root: inout Root, _ value: PropertyValue) { setter(&root, value) }

  /// The same descriptor reached through a path from another root.
  package func lifted<Outer>(_ path: WritableKeyPath<Outer, Root> & Sendable)
    -> PropertyDescriptor<Outer>
  {
    let g = getter
    let s = setter
    return PropertyDescriptor<Outer>(
      info: info, get: { g($0[keyPath: path]) }, set: { s(&$0[keyPath: path], $1) })
  }

  // MARK: Facts, stated in the row that declares the property

  /// Another name for `target`.
  func alias(of target: String) -> Self { with { $0.relation = .alias(of: target) } }
  /// Computed from the properties `parts`.
  func derived(from parts: [String]) -> Self { with { $0.relation = .derived(from: parts) } }
  /// Reads and writes the properties `parts`.
  func combining(_ parts: [String]) -> Self { with { $0.relation = .combines(parts) } }
  /// The range around the mean `mean`.
  func spread(of mean: String) -> Self { with { $0.relation = .spread(of: mean) } }
  /// Apple's Swift spelling of the key.
  func swift(_ name: String) -> Self { with { $0.swiftName = name } }
  /// Placed by the hosting view on the scene's root layer.
  func placedByHost() -> Self { with { $0.placedByHost = true } }
  /// A place or extent in `space` (see `PropertyInfo.coordinates`).
  func measured(in space: CoordinateSpace) -> Self { with { $0.coordinates = space } }
  /// Accepted and stored, but nothing Burst draws depends on it; `why` says so in `explain`.
  func noEffectHere(_ why: String) -> Self { with { $0.noEffectHere = why } }

  /// Its value names another layer (see `PropertyInfo.namesLayer`).
  func namingLayer() -> Self { with { $0.namesLayer = true } }

  /// The object's name, which `set` renames (see `PropertyInfo.renames`).
  func renaming() -> Self { with { $0.renames = true } }

  /// Animating it changes birth counts or lifetimes.
  func changingCounts() -> Self { with { $0.changesCounts = true } }

  private func with(_ change: (inout PropertyInfo) -> Void) -> Self {
    var copy = self
    change(&copy.info)
    return copy
  }
}

// MARK: - Writing each value once

extension PropertyDescriptor {
  /// The assignments that turn `baseline` into `object` for the writable properties of
  /// `table`, each value written once, in table order: aliases are never written; a combined
  /// property is written when it alone reproduces its parts (`transform.scale 2` for equal
  /// factors), otherwise the parts that differ are (`transform.scale.x 2`). `save` and
  /// `export` both write exactly these.
  package static func assignments(
    _ table: [Self], of object: Root, from baseline: Root
  ) -> [(descriptor: Self, value: PropertyValue)] {
    var current = baseline
    var out: [(descriptor: Self, value: PropertyValue)] = []
    for d in table where d.writable {
      let value = d.get(object)
      guard d.get(current) != value else { continue }
      switch d.relation {
      case .alias, .derived:
        continue
      case .combines(let parts):
        var trial = current
        d.set(&trial, value)
        let whole = table.filter { parts.contains($0.name) }
        guard whole.allSatisfy({ $0.get(trial) == $0.get(object) }) else { continue }
        current = trial
      case .own, .spread:
        d.set(&current, value)
      }
      out.append((d, value))
    }
    return out
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

  /// An enumeration stored as a Swift enum whose raw values are Core Animation's names (and
  /// which declares Apple's other spellings of them).
  static func enumeration<E: AppleEnumeration>(
    _ name: String, _ path: WritableKeyPath<Root, E> & Sendable, default d: E,
    summary: String, choice: String? = nil
  ) -> Self {
    Self(
      name, kind: .enumeration(cases: E.allCases.map(\.rawValue), names: E.constantNames),
      default: .enumeration(d.rawValue), summary: summary, animatable: false, choice: choice,
      get: { .enumeration($0[keyPath: path].rawValue) },
      set: { root, v in
        if case .enumeration(let s) = v, let e = E(rawValue: s) { root[keyPath: path] = e }
      })
  }

  /// A property Burst accepts and stores so that real code runs, but that changes nothing it
  /// draws (`shouldRasterize`): its value is kept by name in `store`, so its row in the table
  /// is all it takes, and `explain` says why it has no effect (`why`).
  static func kept(
    _ name: String, _ store: WritableKeyPath<Root, KeptValues> & Sendable, kind: PropertyKind,
    default d: PropertyValue, unit: String = "", summary: String, noEffect why: String
  ) -> Self {
    Self(
      name, kind: kind, default: d, unit: unit, summary: summary, animatable: false,
      get: { $0[keyPath: store][name] ?? d },
      set: { root, v in root[keyPath: store][name] = v == d ? nil : v }
    ).noEffectHere(why)
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
