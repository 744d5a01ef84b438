import Core

/// Postfix expressions: members (`.x`), calls and the closures given to them, subscripts,
/// `!`/`?` and casts, read left to right after a value.
extension ImportInterpreter {
  /// Where the braces of the only argument of the call whose `(` is at `c` open, when that
  /// argument is a closure, unlabelled or labelled (`where:`, `by:`); nil otherwise.
  func closureArgument(_ c: Int, _ end: Int) -> Int? {
    let close = program.closing(c, in: c..<end)
    var open = c + 1
    if open + 2 < close, tokens[open].kind == .identifier, tokens[open + 1].isPunctuation(":") {
      open += 2
    }
    guard open < close, tokens[open].isPunctuation("{"),
      program.closing(open, in: c..<end) + 1 == close
    else { return nil }
    return open
  }

  /// A reference to an initializer of one argument given where a closure goes: `TYPE.init`
  /// or `TYPE.init(label:)` (`CAEmitterCell.init(config:)`, `UIImage.init(named:)`): the type
  /// and the argument's label (nil for `_:` or none); nil when `range` is not one.
  func initializerReference(_ range: Range<Int>) -> (ImportValue, String?)? {
    guard let dot = range.first(where: { tokens[$0].isPunctuation(".") }), dot > range.lowerBound,
      dot + 1 < range.upperBound, tokens[dot + 1].isIdentifier("init")
    else { return nil }
    let after = (dot + 2)..<range.upperBound
    var label: String? = nil
    if !after.isEmpty {
      // `(label:)` and nothing else.
      guard after.count == 4, tokens[after.lowerBound].isPunctuation("("),
        tokens[after.lowerBound + 1].kind == .identifier,
        tokens[after.lowerBound + 2].isPunctuation(":"),
        tokens[after.upperBound - 1].isPunctuation(")")
      else { return nil }
      let text = tokens[after.lowerBound + 1].text
      label = text == "_" ? nil : text
    }
    guard let type = try? expression(range.lowerBound..<dot), case .type = type else { return nil }
    return (type, label)
  }

  /// Swift's `unsafeBitCast(_:to:)`, which gives its value another type.
  static let bitCast = "unsafeBitCast"
  /// Dispatch's work item: a closure kept to be scheduled (`asyncAfter(…, execute: item)`).
  static let workItem = "DispatchWorkItem"

  /// The configuring helper apps declare elsewhere: `with(value) { $0.… }`.
  static let withHelper = "with"

  func postfix(_ v: inout ImportValue, _ c: inout Int, _ end: Int) throws(ImportSkip) {
    while c < end {
      let t = tokens[c]
      if t.isPunctuation(".") || t.isPunctuation("?."), c + 1 < end {
        let name = tokens[c + 1]
        c += 2
        if case .object(let o) = v, try chainedSetter(o, name, &c, end) { continue }
        if case .array = v, Self.closureMethods.contains(name.text), c < end, !tokens[c].startsLine,
          tokens[c].isPunctuation("(") || tokens[c].isPunctuation("{")
        {
          v = .method(v, name.text)  // `cells.first(where: …)`, not the property `first`
          continue
        }
        v = try member(v, name.text, at: name)
      } else if t.isPunctuation("("), !t.startsLine, case .method(.array(let items), "reduce") = v {
        // `values.reduce(0) { $0 + $1 }`, `reduce(0, { … })`, `reduce(0, +)`.
        let close = program.closing(c, in: c..<end)
        let comma = topLevelIndex(of: ",", in: (c + 1)..<close) ?? close
        let initial = try expression((c + 1)..<comma)
        var closure: Range<Int>
        if comma < close {
          let r = (comma + 1)..<close
          if r.count == 1, ["+", "*"].contains(tokens[r.lowerBound].text) {
            v = try reduced(items, initial, operator: tokens[r.lowerBound].text, at: t)
            c = close + 1
            continue
          }
          guard tokens[r.lowerBound].isPunctuation("{"),
            program.closing(r.lowerBound, in: r) == r.upperBound - 1
          else { throw skip("reduce takes a closure", t) }
          closure = (r.lowerBound + 1)..<(r.upperBound - 1)
          c = close + 1
        } else {
          guard close + 1 < end, tokens[close + 1].isPunctuation("{") else {
            throw skip("reduce takes a closure", t)
          }
          let closing = program.closing(close + 1, in: c..<end)
          closure = (close + 2)..<closing
          c = closing + 1
        }
        v = try reduced(items, initial, closure: closure, at: t)
      } else if t.isPunctuation("("), !t.startsLine, Self.takesClosure(v),
        case .method(.array(let items), let name) = v, let open = closureArgument(c, end)
      {
        // The closure in parentheses: `colors.map({ cell(color: $0) })`, `forEach({ … })`,
        // labelled: `first(where: { … })`, `sorted(by: { $0.birthRate < $1.birthRate })`.
        let close = program.closing(c, in: c..<end)
        v = try mapped(items, name, closure: (open + 1)..<(close - 1), at: t)
        c = close + 1
      } else if t.isPunctuation("("), !t.startsLine, Self.takesClosure(v),
        case .method(.array(let items), let name) = v,
        let f = functionReference((c + 1)..<program.closing(c, in: c..<end))
      {
        // `colors.compactMap(cell(color:))`: the function named, given each item, as
        // `colors.compactMap { cell(color: $0) }` would.
        c = program.closing(c, in: c..<end) + 1
        v = try collected(items, name, at: t) { item throws(ImportSkip) in
          try call(f, args: [item], at: t)
        }
      } else if t.isPunctuation("("), !t.startsLine, Self.takesClosure(v),
        case .method(.array(let items), let name) = v,
        let (type, label) = initializerReference((c + 1)..<program.closing(c, in: c..<end))
      {
        // `configs.map(CAEmitterCell.init(config:))`, `names.compactMap(UIImage.init(named:))`:
        // the type made from each item, as `configs.map { CAEmitterCell(config: $0) }` would.
        c = program.closing(c, in: c..<end) + 1
        v = try collected(items, name, at: t) { item throws(ImportSkip) in
          try call(type, [(label, item)], at: t)
        }
      } else if t.isPunctuation("("), !t.startsLine, case .type(Self.withHelper) = v {
        // `with(CAEmitterCell()) { $0.birthRate = 4 }` (also `with(x, { … })`) of another file:
        // the usual helper, which gives the value to the closure and returns it.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        let comma = topLevelIndex(of: ",", in: (c + 1)..<close)
        let value = try expression((c + 1)..<(comma ?? close))
        var body: Range<Int>
        if let comma, tokens[comma + 1].isPunctuation("{"),
          program.closing(comma + 1, in: c..<close) == close - 1
        {
          body = (comma + 2)..<(close - 1)
          c = close + 1
        } else if comma == nil, close + 1 < end, tokens[close + 1].isPunctuation("{") {
          let brace = program.closing(close + 1, in: c..<end)
          guard brace < end else { throw skip("an unclosed '{'", t) }
          body = (close + 2)..<brace
          c = brace + 1
        } else {
          throw skip("with(_:_:) takes a value and a closure", t)
        }
        _ = try mapped([value], "forEach", closure: body, at: t)
        warn(
          t,
          "with(_:_:) is not in the file: taken as the usual helper that gives the value to"
            + " its closure and returns it")
        v = value
      } else if t.isPunctuation("("), !t.startsLine, case .type(Self.bitCast) = v {
        // `unsafeBitCast(imp, to: (@convention(c) (…) -> NSObject).self)`: the value itself,
        // whatever type it is read as (a C function type is not read here).
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        v = try expression((c + 1)..<(topLevelIndex(of: ",", in: (c + 1)..<close) ?? close))
        c = close + 1
      } else if t.isPunctuation("("), !t.startsLine {
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        var args = try list((c + 1)..<close, lenient: true)
        c = close + 1
        if args.isEmpty, c < end, tokens[c].isPunctuation("{"), Self.takesClosure(v) { continue }
        if c < end, tokens[c].isPunctuation("{") {
          // A trailing closure given to a function of the file (`delay(0.5) { … }`), or to
          // an image renderer (`renderer.image(actions:) { … }` has none, but may).
          if case .function(let name) = v, !name.hasPrefix("#") {
          } else if case .type(Self.workItem) = v {
          } else if !Self.drawsWithClosure(v) {
            throw skip("closures are not followed", t)
          }
          let close = program.closing(c, in: c..<end)
          guard close < end else { throw skip("an unclosed '{'", t) }
          args.append((nil, closure((c + 1)..<close)))
          c = close + 1
        }
        v = try call(v, args, at: t)
      } else if t.isPunctuation("{"), !t.startsLine, case .constant(let c) = v, c.hasPrefix("."),
        program.functions.contains(where: { $0.name == c.dropFirst() && !$0.isProperty })
      {
        // `.make { $0.birthRate = 6 }` where a cell goes: a static function of the file's
        // extension, given the trailing closure (read again as `.function` below).
        v = .function(String(c.dropFirst()))
      } else if t.isPunctuation("{"), !t.startsLine, case .function(let name) = v,
        !name.hasPrefix("#"), program.language == .swift
      {
        // `twice { … }`: a function of the file called with only a trailing closure.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        let argument = closure((c + 1)..<close)
        c = close + 1
        v = try call(v, [(nil, argument)], at: t)
      } else if t.isPunctuation("{"), !t.startsLine, case .type(Self.workItem) = v {
        // `DispatchWorkItem { … }`: the closure itself, which `execute:` schedules.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        v = closure((c + 1)..<close)
        c = close + 1
      } else if t.isPunctuation("{"), !t.startsLine, Self.drawsWithClosure(v) {
        // `renderer.image { ctx in … }`: the closure draws the image.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        let argument = closure((c + 1)..<close)
        c = close + 1
        v = try call(v, [(nil, argument)], at: t)
      } else if t.isPunctuation("{"), case .method(let receiver, let name) = v,
        name == "then" || name == "do", case .object = receiver
      {
        // `CAEmitterCell().then { $0.birthRate = 5 }` (the Then style): the closure configures
        // the object, which is the value; `emitter.do { $0.birthRate = 0 }` the same, as a
        // statement.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        _ = try mapped([receiver], "forEach", closure: (c + 1)..<close, at: t)
        v = receiver
        c = close + 1
      } else if t.isPunctuation("{"), Self.takesClosure(v),
        case .method(.array(let items), let name) = v
      {
        // A trailing closure: `cells.forEach { $0.birthRate = 0 }`, `colors.map { c in … }`.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        v = try mapped(items, name, closure: (c + 1)..<close, at: t)
        c = close + 1
      } else if t.isPunctuation("["), !t.startsLine,
        program.language == .swift || Self.isSubscript(tokens, at: c, end: end)
      {
        let close = program.closing(c, in: c..<end)
        if case .record(Self.dictionaryType, let fields) = v {
          // `config["rate"]`, `config[@"rate"]`: the value at that key, or nil.
          v = dictionaryValue(fields, try expression((c + 1)..<close))
          c = close + 1
          continue
        }
        let index = try number(try expression((c + 1)..<close), at: t)
        c = close + 1
        // An item of a value not known here is not known either, for the same reason.
        if case .unknown(let why) = v { throw skip(why, t) }
        guard case .array(let items) = v else { throw skip("an index out of range", t) }
        v = try item(of: items, at: index, t)
      } else if t.isPunctuation("?"), v == .null, c + 1 < end, tokens[c + 1].isPunctuation("("),
        !tokens[c + 1].startsLine
      {
        // `completion?()` of a closure property that is nil: optional chaining calls nothing.
        let close = program.closing(c + 1, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        c = close + 1
      } else if t.isPunctuation("!") || t.isPunctuation("?") {
        c += 1
      } else if t.isIdentifier("as") {
        c += 1
        if c < end, tokens[c].isPunctuation("!") || tokens[c].isPunctuation("?") { c += 1 }
        var type = ""
        var nesting = 0
        while c < end,
          tokens[c].kind == .identifier || tokens[c].isPunctuation(".")
            || tokens[c].isPunctuation("[") || tokens[c].isPunctuation("<")
            || (nesting > 0
              && (tokens[c].isPunctuation("]") || tokens[c].isPunctuation(">")
                || tokens[c].isPunctuation(":") || tokens[c].isPunctuation(",")))
        {
          // `as [AnyObject]`, `as! [String: Any]`, `as Set<UITouch>`: the whole type.
          if tokens[c].isPunctuation("[") || tokens[c].isPunctuation("<") { nesting += 1 }
          if tokens[c].isPunctuation("]") || tokens[c].isPunctuation(">") { nesting -= 1 }
          type += tokens[c].text
          c += 1
        }
        if type == "CAEmitterLayer", case .hostLayer = v { v = try ownEmitter(at: t) }
      } else {
        return
      }
    }
  }

  /// Whether Objective-C's `[` at `c`, after a value, indexes it (`imgs[i]`, `colors[i % 3]`)
  /// rather than starting a message (`[receiver selector]`: two names in a row).
  static func isSubscript(_ tokens: [SourceToken], at c: Int, end: Int) -> Bool {
    guard c + 1 < end, !tokens[c + 1].isPunctuation("]") else { return false }
    if c + 2 < end, tokens[c + 1].kind == .identifier, tokens[c + 2].kind == .identifier {
      return false
    }
    return true
  }

  /// Item `index` of an array, as `items[index]` and `[items objectAtIndex:index]` read it: an
  /// index is an Int in Swift and C, so a quotient of Ints (`i / 4`), worked out here in
  /// Doubles, truncates toward zero as theirs does.
  func item(of items: [ImportValue], at index: Double, _ at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    items[try place(in: items, of: index, at)]
  }

  /// The place in `items` an index gives (the rule of `item(of:at:)`), for reading or
  /// replacing the item there; a skip when it is out of range.
  func place(in items: [ImportValue], of index: Double, _ at: SourceToken) throws(ImportSkip)
    -> Int
  {
    guard index.isFinite, abs(index) < 1e15, case let i = Int(index.rounded(.towardZero)),
      items.indices.contains(i)
    else { throw skip("an index out of range", at) }
    return i
  }
}
