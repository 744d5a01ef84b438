import Core

/// Dictionaries: Swift's `["rate": 12, "life": 3.5]` and `[:]`, Objective-C's `@{ @"rate": @12 }`
/// and `[NSDictionary dictionaryWithObjectsAndKeys:v, k, …, nil]`, read with a subscript
/// (`config["rate"]`, `config[@"rate"]`), `objectForKey:`/`valueForKey:`, `.keys`, `.values`,
/// `.count` and in `for (key, value) in …` loops, and changed by subscript (`assignItem`) or in
/// place (`dictionaryMutation`: `updateValue(_:forKey:)`, `setObject:forKey:`, …).
/// **(choice)** Keys are strings (an enumeration case's name, a number's text), and a
/// dictionary is walked in the order of its keys sorted, since Swift's own order is unspecified
/// and changes from run to run.
extension ImportInterpreter {
  /// The record type a dictionary is.
  static let dictionaryType = "Dictionary"

  /// Whether the brackets `open ..< close` (exclusive) hold a dictionary literal: `[:]`, or a
  /// `:` at their top level in the first item that no `?` owns.
  func isDictionaryLiteral(_ inside: Range<Int>) -> Bool {
    if inside.count == 1, tokens[inside.lowerBound].isPunctuation(":") { return true }
    let first = topLevelIndex(of: ",", in: inside).map { inside.lowerBound..<$0 } ?? inside
    guard let colon = topLevelIndex(of: ":", in: first), colon > first.lowerBound else {
      return false
    }
    return topLevelIndex(of: "?", in: first.lowerBound..<colon) == nil
  }

  /// The dictionary the items `inside` the brackets spell (`KEY: VALUE, …`); an item whose key
  /// or value cannot be worked out is left out.
  func dictionaryLiteral(_ inside: Range<Int>) -> ImportValue {
    var fields: [String: ImportValue] = [:]
    guard !(inside.count == 1 && tokens[inside.lowerBound].isPunctuation(":")) else {
      return .record(type: Self.dictionaryType, fields: fields)
    }
    var start = inside.lowerBound
    while start < inside.upperBound {
      let end = topLevelIndex(of: ",", in: start..<inside.upperBound) ?? inside.upperBound
      if let colon = topLevelIndex(of: ":", in: start..<end), colon > start,
        let key = (try? expression(start..<colon)).flatMap(Self.dictionaryKey),
        let value = try? expression((colon + 1)..<end)
      {
        fields[key] = value
      }
      start = end + 1
    }
    return .record(type: Self.dictionaryType, fields: fields)
  }

  /// `[NSDictionary dictionaryWithObjectsAndKeys:v1, k1, v2, k2, nil]`: value then key.
  func dictionary(objectsAndKeys items: [ImportValue]) -> ImportValue {
    var fields: [String: ImportValue] = [:]
    var k = 0
    while k + 1 < items.count {
      if let key = Self.dictionaryKey(items[k + 1]) { fields[key] = items[k] }
      k += 2
    }
    return .record(type: Self.dictionaryType, fields: fields)
  }

  /// A key as the dictionary keeps it: a string, an enumeration case's name, a number's text, a
  /// constant's name.
  static func dictionaryKey(_ v: ImportValue) -> String? {
    switch v {
    case .string(let s): return s
    case .number(let n): return ValueFormatting.number(n)
    case .constant(let c): return String(c.split(separator: ".").last ?? Substring(c))
    case .type(let name): return name  // a constant of another module (`NSFontAttributeName`)
    default: return nil
    }
  }

  /// The value at `key` of a dictionary (nil: none there, as Swift's subscript gives).
  func dictionaryValue(_ fields: [String: ImportValue], _ key: ImportValue) -> ImportValue {
    Self.dictionaryKey(key).flatMap { fields[$0] } ?? .null
  }

  /// `dict.keys`, `dict.values`, `dict.count`, and the pairs a loop walks, keys sorted.
  func dictionaryMember(_ fields: [String: ImportValue], _ name: String) -> ImportValue? {
    let keys = fields.keys.sorted()
    switch name {
    case "keys", "allKeys": return .array(keys.map { .string($0) })
    case "values", "allValues": return .array(keys.compactMap { fields[$0] })
    case "count": return .number(Double(fields.count))
    case "isEmpty": return .bool(fields.isEmpty)
    case _ where Self.closureMethods.contains(name):
      // `palette.sorted(by: { $0.key < $1.key })`, `rates.map { … }`: over its pairs.
      return .method(.array(Self.dictionaryPairs(fields)), name)
    default: return nil
    }
  }

  /// The `(key, value)` pairs of a dictionary, keys sorted: each an array of two, whose `key`
  /// and `value` are its items (`ImportMembers`).
  static func dictionaryPairs(_ fields: [String: ImportValue]) -> [ImportValue] {
    fields.keys.sorted().compactMap { k in fields[k].map { .array([.string(k), $0]) } }
  }
}
