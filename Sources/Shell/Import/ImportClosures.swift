/// Closures passed to an array's `map`, `compactMap`, `flatMap` and `forEach`, the Swift way of
/// making one cell per colour or image: `colors.map { color in … }`, `cells.forEach {
/// $0.birthRate = 0 }`. Each item runs the closure's body, bound to its parameters (`$0` when
/// it names none), as a function of the file would.
extension ImportInterpreter {
  /// The array methods whose closure is followed.
  static let closureMethods: Set<String> = [
    "map", "compactMap", "flatMap", "forEach", "filter", "first", "last", "firstIndex",
    "lastIndex", "contains", "allSatisfy", "sorted", "min", "max", "reduce", optionalMap,
  ]

  /// An optional's `map` or `flatMap` (`content.image.flatMap { cell.contents = $0.cgImage }`):
  /// its closure runs once with the value, as over an array of one, giving its result.
  static let optionalMap = "optional.map"

  /// Whether `v` is such a method, waiting for its closure.
  static func takesClosure(_ v: ImportValue) -> Bool {
    guard case .method(.array, let name) = v else { return false }
    return closureMethods.contains(name)
  }

  /// The `in` that ends a closure's header (`color in`, `(i, c) -> Cell in`) among the tokens
  /// inside its braces: not a label (`random(in: 1...2)`), and before any statement; nil when
  /// the closure has no header.
  func headerIn(_ inside: Range<Int>) -> Int? {
    let tokens = program.tokens
    guard
      let k = inside.first(where: {
        tokens[$0].isIdentifier("in")
          && !($0 + 1 < inside.upperBound && tokens[$0 + 1].isPunctuation(":"))
      }),
      tokens[inside.lowerBound..<k].allSatisfy({ t in
        !t.isPunctuation("{") && !t.isPunctuation("=")
          && !["let", "var", "return", "if", "for", "guard", "switch"].contains(
            where: t.isIdentifier)
      })
    else { return nil }
    return k
  }

  /// A closure's parameter names (`$0`, `$1` when it names none) and its body's tokens.
  func closureParts(_ closure: Range<Int>) -> (parameters: [String], body: Range<Int>) {
    guard let inIndex = headerIn(closure) else { return (["$0", "$1"], closure) }
    // `color in`, `(i, color) in`, `(color: UIColor) -> CAEmitterCell in`.
    var names: [String] = []
    var afterColon = false
    for t in program.tokens[closure.lowerBound..<inIndex] {
      if t.isPunctuation("->") { break }
      if t.isPunctuation(":") { afterColon = true }
      if t.isPunctuation(",") { afterColon = false }
      if t.kind == .identifier, !afterColon { names.append(t.text) }
    }
    return (names, (inIndex + 1)..<closure.upperBound)
  }

  /// Runs a closure's body given `args` (an item that is a tuple of as many parts as the
  /// closure has parameters is spread over them). The closure sees the variables of the code
  /// around it (`colors.map { c in Cell(c, shape) }` inside another closure reads its `shape`).
  func runClosure(
    _ parts: (parameters: [String], body: Range<Int>), _ args: [ImportValue], at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    let parameters = parts.parameters
    let outer = (frames.last ?? [:]).filter { !parameters.contains($0.key) }
    let captured = outer.keys.sorted()
    var given = args
    if parameters.count > 1, args.count == 1, case .array(let spread) = args[0],
      spread.count == parameters.count
    {
      given = spread
    }
    // What the closure declares itself shadows a captured name; the rest it may change.
    let declared = Set(
      parts.body.compactMap { declaresLocal($0, in: parts.body) ? tokens[$0].text : nil })
    return try invoke(
      body: parts.body, parameters: captured + parameters,
      args: captured.map { outer[$0] ?? .null } + given, at: at,
      writingBack: captured.filter { !declared.contains($0) })
  }

  /// The result of `items.NAME { closure }`: the closure's tokens are `closure` (inside its
  /// braces). `map`, `compactMap`, `flatMap`, `forEach` and `filter`; the searches
  /// `first(where:)`, `last(where:)`, `firstIndex(where:)`, `lastIndex(where:)`,
  /// `contains(where:)` and `allSatisfy`; and `sorted(by:)`, `min(by:)`, `max(by:)`, whose
  /// closure compares two items.
  func mapped(_ items: [ImportValue], _ name: String, closure: Range<Int>, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard items.count <= Self.maxLoopIterations else {
      throw ImportSkip(
        message: "at most \(Self.maxLoopIterations) items are mapped", at: at)
    }
    let parts = closureParts(closure)
    func holds(_ item: ImportValue) throws(ImportSkip) -> Bool {
      guard let truth = Self.truth(try runClosure(parts, [item], at: at)) else {
        throw ImportSkip(message: "a test whose value is not known here", at: at)
      }
      return truth
    }
    switch name {
    case Self.optionalMap:
      guard let item = items.first else { return .null }
      return try runClosure(parts, [item], at: at)
    case "first", "firstIndex", "contains":
      for (k, item) in items.enumerated() where try holds(item) {
        return name == "first" ? item : name == "firstIndex" ? .number(Double(k)) : .bool(true)
      }
      return name == "contains" ? .bool(false) : .null
    case "last", "lastIndex":
      for (k, item) in items.enumerated().reversed() where try holds(item) {
        return name == "last" ? item : .number(Double(k))
      }
      return .null
    case "allSatisfy":
      for item in items where try !holds(item) { return .bool(false) }
      return .bool(true)
    case "sorted", "min", "max":
      func less(_ a: ImportValue, _ b: ImportValue) throws(ImportSkip) -> Bool {
        guard let truth = Self.truth(try runClosure(parts, [a, b], at: at)) else {
          throw ImportSkip(message: "a comparison whose value is not known here", at: at)
        }
        return truth
      }
      if name == "sorted" { return .array(try Self.mergeSorted(items, by: less)) }
      guard var best = items.first else { return .null }
      for item in items.dropFirst() {
        if name == "min" ? try less(item, best) : try less(best, item) { best = item }
      }
      return best
    default:
      break
    }
    guard name == "filter" else {
      return try collected(items, name, at: at) { item throws(ImportSkip) in
        try runClosure(parts, [item], at: at)
      }
    }
    // `cells.filter { $0.name != "smoke" }`: the items it holds true for.
    var out: [ImportValue] = []
    for item in items {
      guard let keep = Self.truth(try runClosure(parts, [item], at: at)) else {
        throw ImportSkip(message: "a filter whose test is not known here", at: at)
      }
      if keep { out.append(item) }
    }
    return .array(out)
  }

  /// What `items.NAME` gives when `each` works out an item's value (the closure's, or that of
  /// a function or an initializer named where the closure goes): `map`'s values
  /// (`compactMap` without nils, `flatMap` joined), or nothing for `forEach`.
  func collected(
    _ items: [ImportValue], _ name: String, at t: SourceToken,
    _ each: (ImportValue) throws(ImportSkip) -> ImportValue
  ) throws(ImportSkip) -> ImportValue {
    guard items.count <= Self.maxLoopIterations else {
      throw skip("at most \(Self.maxLoopIterations) items are mapped", t)
    }
    var out: [ImportValue] = []
    for item in items {
      let value = try each(item)
      switch (name, value) {
      case ("forEach", _), ("compactMap", .null), (_, .void): break
      case ("flatMap", .array(let inner)): out += inner
      default: out.append(value)
      }
    }
    return name == "forEach" ? .void : .array(out)
  }

  /// `items.reduce(initial) { total, item in … }`: the closure folded over the items.
  func reduced(
    _ items: [ImportValue], _ initial: ImportValue, closure: Range<Int>, at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    guard items.count <= Self.maxLoopIterations else {
      throw ImportSkip(message: "at most \(Self.maxLoopIterations) items are reduced", at: at)
    }
    let parts = closureParts(closure)
    var total = initial
    for item in items { total = try runClosure(parts, [total, item], at: at) }
    return total
  }

  /// `items.reduce(initial, +)` (or `*`): the numbers' sum (product).
  func reduced(_ items: [ImportValue], _ initial: ImportValue, operator op: String, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    var total = initial
    for item in items { total = try arithmetic(op, total, item, at: at) }
    return total
  }

  /// `items` in the order `less` gives, stable (equal items keep their order), as Swift's
  /// `sorted(by:)` is; at most n log n comparisons.
  static func mergeSorted(
    _ items: [ImportValue], by less: (ImportValue, ImportValue) throws(ImportSkip) -> Bool
  ) throws(ImportSkip) -> [ImportValue] {
    guard items.count > 1 else { return items }
    let half = items.count / 2
    let a = try mergeSorted(Array(items[..<half]), by: less)
    let b = try mergeSorted(Array(items[half...]), by: less)
    var out: [ImportValue] = []
    var (i, j) = (0, 0)
    while i < a.count, j < b.count {
      if try less(b[j], a[i]) {
        out.append(b[j])
        j += 1
      } else {
        out.append(a[i])
        i += 1
      }
    }
    return out + a[i...] + b[j...]
  }
}
