/// Closures passed to an array's `map`, `compactMap`, `flatMap` and `forEach`, the Swift way of
/// making one cell per colour or image: `colors.map { color in … }`, `cells.forEach {
/// $0.birthRate = 0 }`. Each item runs the closure's body, bound to its parameters (`$0` when
/// it names none), as a function of the file would.
extension ImportInterpreter {
  /// The array methods whose closure is followed.
  static let closureMethods: Set<String> = ["map", "compactMap", "flatMap", "forEach", "filter"]

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

  /// The result of `items.NAME { closure }`: the closure's tokens are `closure` (inside its
  /// braces).
  func mapped(_ items: [ImportValue], _ name: String, closure: Range<Int>, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard items.count <= Self.maxLoopIterations else {
      throw ImportSkip(
        message: "at most \(Self.maxLoopIterations) items are mapped", at: at)
    }
    var parameters = ["$0", "$1"]
    var body = closure
    let tokens = program.tokens
    if let inIndex = headerIn(closure) {
      // `color in`, `(i, color) in`, `(color: UIColor) -> CAEmitterCell in`.
      var names: [String] = []
      var afterColon = false
      for t in tokens[closure.lowerBound..<inIndex] {
        if t.isPunctuation("->") { break }
        if t.isPunctuation(":") { afterColon = true }
        if t.isPunctuation(",") { afterColon = false }
        if t.kind == .identifier, !afterColon { names.append(t.text) }
      }
      parameters = names
      body = (inIndex + 1)..<closure.upperBound
    }
    // The closure sees the variables of the code around it (`colors.map { c in Cell(c, shape) }`
    // inside another closure reads its `shape`).
    let outer = (frames.last ?? [:]).filter { !parameters.contains($0.key) }
    let captured = outer.keys.sorted()
    var out: [ImportValue] = []
    for item in items {
      var args = [item]
      if parameters.count > 1, case .array(let parts) = item, parts.count == parameters.count {
        args = parts
      }
      let value = try invoke(
        body: body, parameters: captured + parameters,
        args: captured.map { outer[$0] ?? .null } + args, at: at)
      switch (name, value) {
      case ("filter", _):
        // `cells.filter { $0.name != "smoke" }`: the items it holds true for.
        guard let keep = Self.truth(value) else {
          throw ImportSkip(message: "a filter whose test is not known here", at: at)
        }
        if keep { out.append(item) }
      case ("forEach", _), ("compactMap", .null), (_, .void): break
      case ("flatMap", .array(let inner)): out += inner
      default: out.append(value)
      }
    }
    return name == "forEach" ? .void : .array(out)
  }
}
