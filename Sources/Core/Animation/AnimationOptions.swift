/// An option of one animation on a layer, named by the key path `LAYER.animations.KEY.OPTION`
/// (`button.animations.transform.scale.timingFunction`): `get` reads it, `set` changes it and
/// `sweep` varies it. KEY is the animation's key (an animation added without `key` is keyed by
/// its key path); a group's children have no key of their own and are not reachable this way.
package struct AnimationOptionRef: Sendable, Equatable, Hashable {
  package var layer: LayerID
  package var key: String
  /// The option's name in `AnimationOption.table` (never an alias).
  package var option: String
}

/// One row of the table of animation options: its name as Core Animation spells it, the
/// shorter word `animate` uses for it, what it holds and which animations have it. Declared
/// once; resolving, reading, parsing and writing all come from the row.
package struct AnimationOption: Sendable {
  /// Which animations have the option.
  package enum Scope: Sendable {
    /// Every animation and group (CAMediaTiming, CAAnimation).
    case any
    /// Every animation but a group (CAPropertyAnimation).
    case property
    /// CASpringAnimation only.
    case spring
  }

  /// What the option holds, which decides how its value is read and printed.
  package enum Kind: Sendable {
    /// A number in `range`, greater than its lower bound when `aboveLower`.
    case number(ClosedRange<Double>, aboveLower: Bool)
    /// A count, or `forever` (infinite).
    case count
    case bool
    case fillMode
    case timingFunction
  }

  package let name: String
  /// The word `animate` uses for it, also accepted here (`timing`, `repeat`, `fill`).
  package let alias: String?
  /// Swift's name for it where its Objective-C getter is `isX` (`isRemovedOnCompletion`); the
  /// importer reads it and the exporter writes it from here.
  package var swiftName: String? = nil
  package let kind: Kind
  package let scope: Scope
  package let summary: String
  let get: @Sendable (LayerAnimation) -> PropertyValue
  let set: @Sendable (inout LayerAnimation, PropertyValue) -> Void

  /// Swift's spelling of the option `name` (its own name unless `swiftName` says otherwise).
  package static func swiftName(of name: String) -> String {
    table.first { $0.name == name }?.swiftName ?? name
  }

  /// Every option, in the order `animate`'s help lists its clauses.
  package static let table: [AnimationOption] = [
    AnimationOption(
      name: "duration", alias: nil, kind: .number(0...1e9, aboveLower: true), scope: .any,
      summary: "the length of one cycle, in seconds",
      get: { .number($0.timing.duration) }, set: { $0.timing.duration = $1.number ?? 0 }),
    AnimationOption(
      name: "timingFunction", alias: "timing", kind: .timingFunction, scope: .any,
      summary: "the pacing of each cycle",
      get: { .text(($0.timingFunction ?? TimingFunction.linear).description) },
      set: { a, v in
        if case .text(let t) = v { a.timingFunction = try? TimingFunction(parsing: t) }
      }),
    AnimationOption(
      name: "repeatCount", alias: "repeat", kind: .count, scope: .any,
      summary: "how many cycles (forever for no end)",
      get: { .number($0.timing.repeatCount) }, set: { $0.timing.repeatCount = $1.number ?? 0 }),
    AnimationOption(
      name: "repeatDuration", alias: nil, kind: .number(0...1e9, aboveLower: false), scope: .any,
      summary: "how long to repeat, in seconds",
      get: { .number($0.timing.repeatDuration) },
      set: { $0.timing.repeatDuration = $1.number ?? 0 }),
    AnimationOption(
      name: "autoreverses", alias: nil, kind: .bool, scope: .any,
      summary: "each cycle plays forwards, then backwards",
      get: { .bool($0.timing.autoreverses) },
      set: { a, v in if case .bool(let b) = v { a.timing.autoreverses = b } }),
    AnimationOption(
      name: "speed", alias: nil, kind: .number(0...1000, aboveLower: true), scope: .any,
      summary: "the rate of its local time",
      get: { .number($0.timing.speed) }, set: { $0.timing.speed = $1.number ?? 1 }),
    AnimationOption(
      name: "fillMode", alias: "fill", kind: .fillMode, scope: .any,
      summary: "what shows outside the active time",
      get: { .enumeration($0.timing.fillMode.rawValue) },
      set: { a, v in
        if case .enumeration(let e) = v, let f = FillMode(rawValue: e) { a.timing.fillMode = f }
      }),
    AnimationOption(
      name: "removedOnCompletion", alias: nil, swiftName: "isRemovedOnCompletion", kind: .bool,
      scope: .any,
      summary: "removed when it ends (animate's keep makes it false)",
      get: { .bool($0.removedOnCompletion) },
      set: { a, v in if case .bool(let b) = v { a.removedOnCompletion = b } }),
    AnimationOption(
      name: "additive", alias: nil, swiftName: "isAdditive", kind: .bool, scope: .property,
      summary: "the value is added to the model value",
      get: { .bool($0.additive) }, set: { a, v in if case .bool(let b) = v { a.additive = b } }),
    AnimationOption(
      name: "cumulative", alias: nil, swiftName: "isCumulative", kind: .bool, scope: .property,
      summary: "each repeat continues from where the last ended",
      get: { .bool($0.cumulative) },
      set: { a, v in if case .bool(let b) = v { a.cumulative = b } }),
    spring(
      "mass", alias: nil, .number(0...1e9, aboveLower: true), "the mass on the spring", \.mass),
    spring(
      "stiffness", alias: nil, .number(0...1e9, aboveLower: true), "the spring constant",
      \.stiffness),
    spring("damping", alias: nil, .number(0...1e9, aboveLower: false), "the friction", \.damping),
    spring(
      "initialVelocity", alias: "velocity", .number(-1e6...1e6, aboveLower: false),
      "the initial velocity, in units of the change per second", \.initialVelocity),
  ]

  /// A parameter of a CASpringAnimation's spring. Changing it keeps the animation's duration
  /// (as in Core Animation, where `duration` and `settlingDuration` are separate).
  private static func spring(
    _ name: String, alias: String?, _ kind: Kind, _ summary: String,
    _ field: KeyPath<SpringCurve, Double> & Sendable
  ) -> AnimationOption {
    AnimationOption(
      name: name, alias: alias, kind: kind, scope: .spring, summary: summary,
      get: { a in
        guard case .spring(_, _, let c) = a.spec else { return .number(0) }
        return .number(c[keyPath: field])
      },
      set: { a, v in
        guard case .spring(let from, let to, let c) = a.spec, let x = v.number else { return }
        func pick(_ k: KeyPath<SpringCurve, Double>) -> Double { k == field ? x : c[keyPath: k] }
        let curve = SpringCurve(
          mass: pick(\.mass), stiffness: pick(\.stiffness), damping: pick(\.damping),
          initialVelocity: pick(\.initialVelocity))
        a.spec = .spring(from: from, to: to, curve)
      })
  }

  /// Every name and alias, sorted (for suggestions).
  package static var words: [String] {
    (table.map(\.name) + table.compactMap(\.alias)).sorted()
  }

  /// The row named (or aliased) `word`.
  package static func named(_ word: String) -> AnimationOption? {
    table.first { $0.name == word || $0.alias == word }
  }

  /// Whether `animation` has this option.
  package func applies(to animation: LayerAnimation) -> Bool {
    switch scope {
    case .any: return true
    case .property: return !animation.isGroup
    case .spring:
      if case .spring = animation.spec { return true }
      return false
    }
  }

  /// Reads a value of this option.
  package func parse(_ text: String) throws(ValueError) -> PropertyValue {
    switch kind {
    case .number(let range, let aboveLower):
      let v = try PropertyKind.number(range).parse(text)
      if aboveLower, v.number == range.lowerBound {
        throw ValueError(
          "\(name) must be greater than \(ValueFormatting.number(range.lowerBound))")
      }
      return v
    case .count:
      if text == Self.forever { return .number(.infinity) }
      do throws(ValueError) {
        return try PropertyKind.number(0...1e9).parse(text)
      } catch {
        var e = error
        e.suggestion = .text("a count from 0 to 1e9, or \(Self.forever)")
        throw e
      }
    case .bool:
      return try PropertyKind.bool.parse(text)
    case .fillMode:
      guard let f = FillMode(spelling: text) else {
        let cases = FillMode.allCases.map(\.rawValue)
        throw ValueError(
          "fillMode is one of \(cases.joined(separator: ", "))",
          suggestion: .nearest(to: text, in: cases))
      }
      return .enumeration(f.rawValue)
    case .timingFunction:
      do throws(TimingFunction.ParseError) {
        return .text(try TimingFunction(parsing: text).description)
      } catch {
        throw ValueError(error.message)
      }
    }
  }

  /// A value as `set` reads it back.
  package func format(_ v: PropertyValue) -> String {
    if case .count = kind, v.number == .infinity { return Self.forever }
    return ValueFormatting.value(v)
  }

  /// How an endless repeat count is written.
  package static let forever = "forever"

  /// What the option's values are, for `explain` and messages: "a number greater than 0".
  var valueWords: String {
    switch kind {
    case .number(let r, let above):
      let low = ValueFormatting.number(r.lowerBound)
      return above
        ? "a number greater than \(low)"
        : "a number from \(low) to \(Limits.quoted(r.upperBound))"
    case .count: return "a count, or \(Self.forever)"
    case .bool: return "a boolean"
    case .fillMode: return FillMode.allCases.map(\.rawValue).joined(separator: ", ")
    case .timingFunction:
      return TimingFunction.named.map(\.name).joined(separator: ", ") + ", or bezier(x1,y1,x2,y2)"
    }
  }
}

extension LayerAnimation {
  /// What kind of animation this is, for messages.
  var kindWord: String {
    switch spec {
    case .basic: return "a basic animation"
    case .keyframe: return "a keyframe animation"
    case .spring: return "a spring"
    case .group: return "a group"
    }
  }
}

extension SceneModel {
  /// The keyword that names a layer's animations in a key path.
  static let animationsWord = "animations"

  /// Resolves `LAYER.animations.KEY.OPTION` (KEY may have dots: `transform.scale`, or be quoted);
  /// nil when `path` does not name a layer's `animations` (it names a property, or nothing:
  /// `resolveProperty` tells why).
  package func resolveAnimationOption(_ path: String) throws(ValueError) -> AnimationOptionRef? {
    guard let parts = try? KeyPathSyntax.components(path), let walked = try? walk(parts),
      walked.1 < parts.count, !parts[walked.1].quoted, parts[walked.1].text == Self.animationsWord
    else { return nil }
    let (ref, used) = walked
    let word = parts[used]
    guard case .layer(let id) = ref, let layer = layer(id) else {
      throw ValueError(
        "a cell has no animations of its own: they are its layer's",
        hint: "name the layer: LAYER.animations.KEY.OPTION", offset: word.offset,
        length: word.length)
    }
    let keys = layer.animations.compactMap(\.key)
    let rest = parts[(used + 1)...]
    guard rest.count >= 2, let last = rest.last else {
      throw ValueError(
        "expected KEY.OPTION after 'animations'",
        hint: keys.isEmpty
          ? "\(describe(ref)) has no animations"
          : "keys: " + keys.map(KeyPathSyntax.spelled).joined(separator: ", "),
        offset: word.offset, length: word.length)
    }
    let keyParts = rest.dropLast()
    let key = keyParts.map(\.text).joined(separator: ".")
    let keyStart = keyParts.first?.offset ?? 0
    let keyLength = (keyParts.last.map { $0.offset + $0.length } ?? keyStart) - keyStart
    guard let animation = layer.animations.first(where: { $0.key == key }) else {
      throw ValueError(
        "\(describe(ref)) has no animation with key '\(key)'",
        suggestion: .nearest(
          to: key, in: keys,
          otherwise: .text(
            keys.isEmpty
              ? "it has no animations"
              : "keys: " + keys.map(KeyPathSyntax.spelled).joined(separator: ", "))),
        offset: keyStart, length: keyLength)
    }
    guard !last.quoted, let option = AnimationOption.named(last.text) else {
      throw ValueError(
        "unknown animation option '\(last.text)'",
        suggestion: .nearest(
          to: last.text, in: AnimationOption.words,
          otherwise: .oneOf(AnimationOption.table.map(\.name))),
        offset: last.offset, length: last.length)
    }
    guard option.applies(to: animation) else {
      let who = option.scope == .spring ? "springs" : "animations, not groups"
      throw ValueError(
        "'\(option.name)' applies to \(who); '\(key)' is \(animation.kindWord)",
        offset: last.offset, length: last.length)
    }
    return AnimationOptionRef(layer: id, key: key, option: option.name)
  }

  /// The animation an option belongs to.
  func animation(_ ref: AnimationOptionRef) -> LayerAnimation? {
    layer(ref.layer)?.animations.first { $0.key == ref.key }
  }

  /// An option's value, or nil when the reference is stale.
  package func value(_ ref: AnimationOptionRef) -> PropertyValue? {
    guard let a = animation(ref), let option = AnimationOption.named(ref.option) else {
      return nil
    }
    return option.get(a)
  }

  /// An option's value as `set` reads it back, or nil when the reference is stale.
  package func text(_ ref: AnimationOptionRef) -> String? {
    guard let v = value(ref), let option = AnimationOption.named(ref.option) else { return nil }
    return option.format(v)
  }

  /// Reads `text` as a value of the option.
  package func parseValue(_ text: String, for ref: AnimationOptionRef) throws(ValueError)
    -> PropertyValue
  {
    guard let option = AnimationOption.named(ref.option) else {
      throw ValueError("no such option")
    }
    do throws(ValueError) {
      return try option.parse(text)
    } catch {
      var e = error
      e.message = "bad value for \(option.name): " + e.message
      e.offset = nil
      throw e
    }
  }

  /// Stores a value `parseValue` produced: the animation keeps its place, key and begin time,
  /// and runs from now on as if it had been added with the new option. (choice: Core Animation
  /// copies an animation when it is added, so its options cannot change afterwards.)
  package mutating func apply(_ value: PropertyValue, to ref: AnimationOptionRef) {
    guard let option = AnimationOption.named(ref.option) else { return }
    update(ref.layer) { l in
      guard let i = l.animations.firstIndex(where: { $0.key == ref.key }) else { return }
      option.set(&l.animations[i], value)
    }
  }
}
