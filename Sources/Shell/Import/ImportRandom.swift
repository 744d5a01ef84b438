/// Random values in imported code (`arc4random_uniform(100)`, `CGFloat.random(in: 0...1)`,
/// `drand48()`, `rand() % 20`): each is drawn from a stream keyed by the call's place in the
/// file (line and column) and how many times that place has drawn, so an import gives the same
/// scene every time, and a change elsewhere in the file does not move another line's values.
/// The import says once that it did so (docs/import.md, "Random values").
extension ImportInterpreter {
  /// The C functions that draw, and what each returns.
  static let randomFunctions: Set<String> = [
    "arc4random", "arc4random_uniform", "rand", "random", "drand48", "erand48", "srand", "srandom",
    "srand48",
  ]

  /// The Swift types whose `random(in:)` is read.
  static let randomTypes: Set<String> = numberTypes.union(["Bool"])

  /// A uniform value in [0, 1) for the call at `at`: SplitMix64 of its place and its count.
  func uniform(at: SourceToken) -> Double {
    let place = TokenPlace(line: at.line, column: at.column)
    let n = randomDraws[place, default: 0]
    randomDraws[place] = n + 1
    if randomDraws.count == 1 && n == 0 {
      warn(
        at, "random values are drawn from a fixed stream keyed by their place in the file",
        hint: "so every import of this file builds the same scene")
    }
    var z =
      (UInt64(truncatingIfNeeded: at.line) &* 0x9E37_79B9_7F4A_7C15)
      ^ (UInt64(truncatingIfNeeded: at.column) &* 0xC2B2_AE3D_27D4_EB4F)
      ^ ((n &+ 1) &* 0x1656_67B1_9E37_79F9)
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(UInt64(1) << 53)
  }

  /// The value of a random call, or nil when `name` is not one.
  func randomCall(_ name: String, _ labels: [String], _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    switch (name, labels) {
    case ("arc4random", []): return .number((uniform(at: at) * 4_294_967_296).rounded(.down))
    case ("rand", []), ("random", []):
      return .number((uniform(at: at) * 2_147_483_647).rounded(.down))
    case ("drand48", []), ("erand48", _): return .number(uniform(at: at))
    case ("srand", _), ("srandom", _), ("srand48", _): return .void
    case ("arc4random_uniform", ["_"]):
      guard case .number(let n) = values[0], n >= 1 else {
        throw ImportSkip(message: "arc4random_uniform takes a positive count", at: at)
      }
      return .number((uniform(at: at) * n.rounded(.down)).rounded(.down))
    case ("Bool.random", []):
      return .bool(uniform(at: at) < 0.5)
    default:
      break
    }
    guard name.hasSuffix(".random"), labels == ["in"] else { return nil }
    let type = String(name.dropLast(".random".count))
    let whole = ["Int", "Int32", "UInt32", "UInt"].contains(type)
    switch values[0] {
    case .range(let lo, let hi):
      if whole, lo.rounded() == lo, hi.rounded() == hi, hi >= lo {
        // A whole-number range too long to list: one of its numbers, each as likely.
        return .number(min(hi, lo + (uniform(at: at) * (hi - lo + 1)).rounded(.down)))
      }
      return .number(lo + uniform(at: at) * (hi - lo))
    case .array(let items) where !items.isEmpty:
      guard case .number(let lo) = items[0], case .number(let hi) = items[items.count - 1] else {
        break
      }
      if whole { return items[Int(uniform(at: at) * Double(items.count))] }
      // `CGFloat.random(in: 0...1)`: the whole-number bounds of a continuous range.
      return .number(lo + uniform(at: at) * (hi - lo))
    default:
      break
    }
    throw ImportSkip(message: "\(name)(in:) takes a range of numbers", at: at)
  }
}
