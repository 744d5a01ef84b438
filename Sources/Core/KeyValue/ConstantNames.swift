/// How Apple spells the cases of one of its string enumerations, declared once per enumeration:
/// the Swift type (`CAEmitterLayerEmitterShape`) and the Objective-C constant prefix
/// (`kCAEmitterLayer`). Every spelling a case is read in derives from these two words: the plain
/// name `circle`, the Swift member `.circle`, the qualified `CAEmitterLayerEmitterShape.circle`
/// and the constant `kCAEmitterLayerCircle`.
package struct ConstantNames: Sendable, Equatable {
  /// The Swift type's name, e.g. `CAMediaTimingFillMode`.
  package let swiftType: String
  /// The Objective-C constant prefix, e.g. `kCAFillMode` (+ `Forwards`).
  package let objcPrefix: String
  /// Other names a case also reads as (and their spellings), mapped to the case: UIKit's
  /// `easeInOut` for Core Animation's `easeInEaseOut`.
  package let aliases: [String: String]

  package init(swiftType: String, objcPrefix: String, aliases: [String: String] = [:]) {
    self.swiftType = swiftType
    self.objcPrefix = objcPrefix
    self.aliases = aliases
  }

  /// The names of an enumeration of Burst's own (a scene setting), which Apple does not spell:
  /// its cases read only as their plain names.
  static let burstOwn = ConstantNames(swiftType: "", objcPrefix: "")

  /// Whether these are Apple's spellings (not `burstOwn`).
  var isApple: Bool { !swiftType.isEmpty }

  /// The Objective-C constant of `name`: `kCAFillMode` + `Forwards`.
  package func objcConstant(_ name: String) -> String {
    guard let first = name.first else { return objcPrefix }
    return objcPrefix + first.uppercased() + name.dropFirst()
  }

  /// Every way `name` may be written: plain, `.name`, `SwiftType.name` and the constant.
  package func spellings(of name: String) -> [String] {
    isApple ? [name, "." + name, swiftType + "." + name, objcConstant(name)] : [name]
  }

  /// The case among `cases` that `text` spells (or an alias of it spells), or nil. With
  /// `ignoringCase`, letter case does not matter.
  package func caseName(_ text: String, in cases: [String], ignoringCase: Bool = false) -> String? {
    let key = ignoringCase ? text.lowercased() : text
    func spells(_ name: String) -> Bool {
      spellings(of: name).contains { (ignoringCase ? $0.lowercased() : $0) == key }
    }
    if let c = cases.first(where: spells) { return c }
    for (alias, target) in aliases.sorted(by: { $0.key < $1.key })
    where cases.contains(target) && spells(alias) {
      return target
    }
    return nil
  }

  /// The plain name inside a spelling that names no case (`kCAFillModeForwad` → `forwad`), for
  /// "did you mean".
  package func plainName(_ text: String) -> String {
    var name = Substring(text)
    if name.hasPrefix(swiftType + ".") {
      name = name.dropFirst(swiftType.count + 1)
    } else if name.hasPrefix(".") {
      name = name.dropFirst()
    } else if !objcPrefix.isEmpty, name.hasPrefix(objcPrefix), name.count > objcPrefix.count {
      name = name.dropFirst(objcPrefix.count)
      // `RGBA8Uint` keeps its capitals; `Forwards` becomes `forwards`.
      if let first = name.first, name.dropFirst().first?.isUppercase != true {
        return first.lowercased() + name.dropFirst()
      }
    }
    return String(name)
  }
}

/// A Swift enumeration whose raw values are the cases of one of Apple's string enumerations,
/// with how Apple spells them.
package protocol AppleEnumeration: CaseIterable, RawRepresentable, Sendable
where RawValue == String {
  static var constantNames: ConstantNames { get }
}

extension AppleEnumeration {
  /// The case `text` spells in any of its spellings (see `ConstantNames`).
  package init?(spelling text: String) {
    guard
      let name = Self.constantNames.caseName(text, in: Self.allCases.map(\.rawValue)),
      let value = Self(rawValue: name)
    else { return nil }
    self = value
  }
}
