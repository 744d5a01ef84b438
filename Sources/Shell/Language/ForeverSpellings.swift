/// What Apple's code writes for "repeat forever", declared once: `repeat`'s clause reads the
/// spelled forms (`MAXFLOAT`, `.infinity`, `Float.greatestFiniteMagnitude`) beside `forever`, and
/// the importer reads the same words in Swift and Objective-C source.
enum ForeverSpellings {
  /// Float's largest finite value: `repeatCount` at or above it repeats forever.
  static let floatMax = Double(Float.greatestFiniteMagnitude)
  /// C's macros, written bare, with the value each stands for.
  static let macros: [(word: String, value: Double)] = [
    ("MAXFLOAT", floatMax), ("FLT_MAX", floatMax), ("HUGE_VALF", .infinity),
    ("HUGE_VAL", .infinity), ("INFINITY", .infinity), ("HUGE", .infinity),
  ]
  /// Swift's static members, written after a type or a bare `.`.
  static let members: [(word: String, value: Double)] = [
    ("infinity", .infinity), ("greatestFiniteMagnitude", floatMax),
  ]
  /// The types whose members are written out (`Float.infinity`).
  static let types = ["Float", "Double", "CGFloat"]

  /// Each word (a macro or a member's name) with its value: what the importer reads.
  static let values: [String: Double] = Dictionary(
    uniqueKeysWithValues: (macros + members).map { ($0.word, $0.value) })

  /// Every spelled form `repeat` takes as forever besides `forever` itself.
  static let spellings: [String] =
    macros.map(\.word)
    + members.flatMap { m in ["." + m.word] + types.map { "\($0).\(m.word)" } }
}
