import Core

/// Loops: `for … in` over arrays, ranges and strides, C's `for (…; …; …)`, `while` and
/// `repeat … while` (C's `do … while`), each at most `maxLoopIterations` turns, and `break`.
extension ImportInterpreter {
  /// `while COND { … }` and `repeat { … } while COND` (Objective-C's `while (…)` and `do { … }
  /// while (…);` too), while the condition is known, at most `maxLoopIterations` turns.
  func whileLoop(_ i: Int, _ s: Range<Int>) throws(ImportSkip) {
    let repeats = tokens[i].isIdentifier("repeat") || tokens[i].isIdentifier("do")
    var condition: Range<Int>
    let body: Range<Int>
    if repeats {
      guard i + 1 < s.upperBound, tokens[i + 1].isPunctuation("{") else {
        throw skip("a 'repeat' without a block")
      }
      let close = program.closing(i + 1, in: s)
      guard close + 1 < s.upperBound, tokens[close + 1].isIdentifier("while") else {
        throw skip("a 'repeat' without 'while'")
      }
      body = (i + 2)..<close
      condition = (close + 2)..<s.upperBound
    } else {
      guard let open = program.firstBrace(in: (i + 1)..<s.upperBound) else {
        throw skip("a 'while' without a block")
      }
      body = (open + 1)..<program.closing(open, in: s)
      condition = (i + 1)..<open
    }
    condition = program.unparenthesized(condition)
    var turns = 0
    while true {
      if !repeats || turns > 0 {
        guard let holds = Self.truth(try expression(condition)) else {
          throw skip("its condition is not known here")
        }
        if !holds { return }
      }
      turns += 1
      guard turns <= Self.maxLoopIterations else {
        throw skip("a loop of more than \(Self.maxLoopIterations) turns")
      }
      if try self.body(body) != nil { return }  // `return`, or `break` (`breakSignal`)
    }
  }

  func loop(_ i: Int, _ s: Range<Int>) throws(ImportSkip) {
    guard let brace = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a loop without a body")
    }
    let bodyRange = (brace + 1)..<program.closing(brace, in: s)
    var header = (i + 1)..<brace
    if tokens[header.lowerBound].isPunctuation("("),
      program.language == .objc || program.closing(header.lowerBound, in: header) == brace - 1
    {
      // C's `for (int i = 0; …)`, and Swift 2's with the same parentheses.
      header = (header.lowerBound + 1)..<(header.upperBound - 1)
    }
    guard let inIndex = tokens[header].firstIndex(where: { $0.isIdentifier("in") }) else {
      try cLoop(header, body: bodyRange)
      return
    }
    let pattern = tokens[header.lowerBound..<inIndex].filter { $0.kind == .identifier }.map(\.text)
    guard let name = pattern.last else { throw skip("a loop without a variable") }
    // `for i in 0...5 where i % 2 == 0`: the items its clause holds for.
    var depth = 0
    let filter = ((inIndex + 1)..<header.upperBound).first { j in
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      return depth == 0 && t.isIdentifier("where")
    }
    var sequence = try expression((inIndex + 1)..<(filter ?? header.upperBound))
    // `for touch in touches`: one turn, with the event.
    if sequence == .event { sequence = .array([.event]) }
    // `for c in emoji`: a string is its characters, as in Swift.
    if case .string(let text) = sequence { sequence = .array(text.map { .string(String($0)) }) }
    // `for (name, rate) in rates`: its pairs, keys sorted.
    if case .record(Self.dictionaryType, let fields) = sequence {
      sequence = .array(Self.dictionaryPairs(fields))
    }
    // `for shape in config.shapes` of another file's value: one turn with an item not known
    // here, as over an array of that file's type, so what the body makes from the rest is made.
    if case .unknown(let why) = sequence { sequence = .array([.unknown(why)]) }
    if case .range(let lo, let hi) = sequence, lo.rounded() == lo, hi.rounded() == hi {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")  // `0..<5000`
    }
    guard case .array(let items) = sequence else {
      throw skip("a loop over \(sequence.kindName): only arrays and ranges are followed")
    }
    guard items.count <= Self.maxLoopIterations else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    let tuple = program.language == .swift && tokens[header.lowerBound].isPunctuation("(")
    for item in items {
      if tuple {
        // `for (i, color) in …`, `for (i, (x, y)) in points.enumerated()`.
        try bindTuple(header.lowerBound..<inIndex, item)
      } else {
        bind(name, item, declare: true)
      }
      if let filter {
        guard let holds = Self.truth(try expression((filter + 1)..<header.upperBound)) else {
          throw skip("a loop's where clause that is not known here")
        }
        if !holds { continue }
      }
      if try body(bodyRange) != nil { return }  // `return`, or `break` (`breakSignal`)
    }
  }

  /// Binds the names of a tuple pattern (`(i, (x, y))`, `_` ignored) to the parts of `value`.
  func bindTuple(_ pattern: Range<Int>, _ value: ImportValue) throws(ImportSkip) {
    var p = pattern
    while let first = p.first,
      tokens[first].isIdentifier("let") || tokens[first].isIdentifier("var")
    {
      p = (first + 1)..<p.upperBound
    }
    guard let first = p.first else { throw skip("a loop without a variable") }
    if tokens[first].isPunctuation("("), program.closing(first, in: p) == p.upperBound - 1 {
      let parts = arguments((first + 1)..<(p.upperBound - 1))
      var values: [ImportValue] = []
      switch value {
      case .array(let items): values = items
      case .record("tuple", let fields):
        // A labelled tuple (`(name: "tulip", spot: (4, 1))`): its items by place.
        values = (0..<parts.count).compactMap { fields[String($0)] }
      default: break
      }
      guard values.count == parts.count else {
        throw skip("a tuple of \(parts.count) given \(value.kindName)", tokens[first])
      }
      for (part, v) in zip(parts, values) { try bindTuple(part.value, v) }
      return
    }
    // `i`, `color: UIColor`; `_` binds nothing.
    guard tokens[first].kind == .identifier else { throw skip("a loop without a variable") }
    if !tokens[first].isIdentifier("_") { bind(tokens[first].text, value, declare: true) }
  }

  /// `for (int i = 0; i < N; i++)`, and Swift 2's `for var i = 0; i < N; i++`.
  func cLoop(_ header: Range<Int>, body bodyRange: Range<Int>) throws(ImportSkip) {
    let parts = program.statements(in: header)
    guard parts.count == 3, let (name, eq) = objcDeclaration(parts[0].lowerBound, parts[0]),
      let eq
    else { throw skip("only 'for (int i = A; i < B; i++)' and for-in loops are followed") }
    let start = try number(try expression((eq + 1)..<parts[0].upperBound), at: tokens[eq])
    let cond = parts[1]
    guard tokens[cond.lowerBound].isIdentifier(name), cond.count >= 3,
      ["<", "<="].contains(tokens[cond.lowerBound + 1].text)
    else { throw skip("only 'i < N' loop conditions are followed") }
    let bound = try number(
      try expression((cond.lowerBound + 2)..<cond.upperBound), at: tokens[cond.lowerBound])
    let step = tokens[parts[2]].map(\.text).joined()
    guard [name + "++", "++" + name, name + "+=1"].contains(step) else {
      throw skip("only loops counting up by one are followed")
    }
    let end = tokens[cond.lowerBound + 1].text == "<" ? bound : bound + 1
    guard end - start <= Double(Self.maxLoopIterations) else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    var k = start
    while k < end {
      bind(name, .number(k), declare: true)
      if try body(bodyRange) != nil { return }  // `return`, or `break` (`breakSignal`)
      k += 1
    }
  }

}

extension ImportInterpreter {
  /// An Objective-C block's parameters, in the tokens from its `^` to its `{`: the last name
  /// before each `,` and `)` of `^(T *a, NSUInteger i, …)`.
  func blockParameters(_ header: Range<Int>) -> [String] {
    var names: [String] = []
    var last: String?
    for t in tokens[header] {
      if t.kind == .identifier { last = t.text }
      if t.isPunctuation(",") || t.isPunctuation(")"), let n = last {
        names.append(n)
        last = nil
      }
    }
    return names
  }

  /// Objective-C's loop as a message: `[items enumerateObjectsUsingBlock:^(UIColor *color,
  /// NSUInteger idx, BOOL *stop) { … }];` runs the block for each item, its first parameter the
  /// item and its second the index (also `…WithOptions:usingBlock:`). False for any other
  /// statement.
  func enumerateStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard program.language == .objc, tokens[i].isPunctuation("["),
      program.closing(i, in: s) == s.upperBound - 1,
      let word = ((i + 1)..<s.upperBound).first(where: {
        tokens[$0].isIdentifier("enumerateObjectsUsingBlock")
          || tokens[$0].isIdentifier("enumerateObjectsWithOptions")
      }),
      let caret = (word..<s.upperBound).first(where: { tokens[$0].isPunctuation("^") }),
      let open = (caret..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") })
    else { return false }
    let sequence = try expression((i + 1)..<word)
    guard case .array(let items) = sequence else {
      throw skip("enumerateObjectsUsingBlock: over \(sequence.kindName): only arrays are followed")
    }
    guard items.count <= Self.maxLoopIterations else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    let names = blockParameters(caret..<open)
    let body = (open + 1)..<program.closing(open, in: s)
    for (k, item) in items.enumerated() {
      if let n = names.first { bind(n, item, declare: true) }
      if names.count > 1 { bind(names[1], .number(Double(k)), declare: true) }
      if names.count > 2 { bind(names[2], .null, declare: true) }
      if try self.body(body) != nil { return true }  // `return` ends this turn's block only
    }
    return true
  }
}
