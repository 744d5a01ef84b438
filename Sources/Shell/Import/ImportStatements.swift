import Core

/// Statements: what one statement of the file does (`statement`), in the order it tries the forms
/// it knows: the superclass's part, actions and schedules, declarations (`let`, `var`,
/// Objective-C's `CAEmitterCell *cell = …`), `return`, loops (`for … in`, C's `for (int i = …)`),
/// `if`, `guard` and `switch` with their conditions, assignments and appends to an array; any
/// other statement is an expression, run for what it does.
extension ImportInterpreter {
  /// Runs one statement; a `return` gives its value (`.void` for a bare one).
  func statement(_ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    steps += 1
    guard steps <= Self.maxSteps else {
      throw skip("the import stops after \(Self.maxSteps) statements")
    }
    let outer = current
    current = s
    defer { current = outer }
    var i = s.lowerBound
    while i < s.upperBound, tokens[i].kind == .identifier,
      tokens[i].text.hasPrefix("@")
        || ["const", "__block", "static", "extern", "__weak", "__strong", "__unsafe_unretained"]
          .contains(tokens[i].text)
        || (program.language == .swift && SourceProgram.modifiers.contains(tokens[i].text))
    {
      i += 1
    }
    guard i < s.upperBound else { return nil }
    let head = tokens[i]
    let words = tokens[s].map(\.text)
    if head.isIdentifier("super")
      || (head.isPunctuation("[") && i + 1 < s.upperBound
        && tokens[i + 1].isIdentifier("super"))
      || (head.isIdentifier("self") && i + 1 < s.upperBound && tokens[i + 1].isPunctuation("="))
    {
      // `self = [self initWithImageNameArray:…]`: another initializer of the class, run.
      if head.isIdentifier("self"), i + 3 < s.upperBound, tokens[i + 2].isPunctuation("["),
        tokens[i + 3].isIdentifier("self")
      {
        _ = try expression((i + 2)..<s.upperBound)
      }
      return nil  // the superclass's part: UIKit's, not the emitter's
    }
    if try localAction(i, s) { return nil }
    if try invalidate(i, s) { return nil }
    if try uiViewAnimate(i, s) { return nil }
    if try scheduledBlock(i, s) { return nil }
    if try dispatchAfter(i, s) { return nil }
    if try delayHelper(i, s) { return nil }
    if try mainQueueBlock(i, s) { return nil }
    if try performAfterDelay(i, s) { return nil }
    if try scheduledTimer(i, s) { return nil }
    if let scheduling = ["asyncAfter", "dispatch_after", "scheduledTimer", "afterDelay"].first(
      where: words.contains)
    {
      throw skip("\(scheduling): only the forms docs/import.md lists are scheduled")
    }
    switch head.kind == .identifier ? head.text : "" {
    case "let", "var":
      guard program.language == .swift, i + 1 < s.upperBound,
        tokens[i + 1].kind == .identifier
      else { throw skip("only 'let NAME = VALUE' declarations are read") }
      let name = tokens[i + 1].text
      guard let eq = topLevelIndex(of: "=", in: (i + 2)..<s.upperBound) else {
        bind(name, .null)
        return nil
      }
      bind(name, try expression((eq + 1)..<s.upperBound), declare: true)
      return nil
    case "return":
      if actionTable((i + 1)..<s.upperBound) { return .void }
      return i + 1 < s.upperBound ? try expression((i + 1)..<s.upperBound) : .void
    case "for":
      try loop(i, s)
      return nil
    case "break" where i + 1 == s.upperBound:
      // Leaves the innermost loop: it stops the blocks it is in as a `return` does.
      return .constant(Self.breakSignal)
    case "if":
      return try conditional(i, s)
    case "guard" where program.language == .swift:
      return try guardStatement(i, s)
    case "switch":
      return try switchStatement(i, s)
    case "while", "repeat":
      try whileLoop(i, s)
      return nil
    case "do" where i + 1 < s.upperBound && tokens[i + 1].isPunctuation("{"):
      let close = program.closing(i + 1, in: s)
      if close + 1 < s.upperBound, tokens[close + 1].isIdentifier("while") {
        try whileLoop(i, s)  // C's `do { … } while (…);`
        return nil
      }
      // `do { … } catch { … }`: the code that runs when nothing throws, as on the device.
      return try body((i + 2)..<close)
    case "try" where i + 1 < s.upperBound:
      // `try x.foo()`, `try? …`: the call, as when it does not throw.
      var k = i + 1
      if tokens[k].isPunctuation("?") || tokens[k].isPunctuation("!") { k += 1 }
      guard k < s.upperBound else { return nil }
      return try statement(k..<s.upperBound)
    case "guard", "do", "defer", "throw", "try", "await":
      throw skip("'\(head.text)' is not followed by the importer")
    default:
      break
    }
    if program.language == .objc, let (name, eq) = objcDeclaration(i, s) {
      if let eq {
        bind(name, try expression((eq + 1)..<s.upperBound), declare: true)
      } else {
        bind(name, .null, declare: true)
      }
      return nil
    }
    if let op = ["=", "+=", "-=", "*=", "/="].lazy.compactMap({ op in
      self.topLevelIndex(of: op, in: i..<s.upperBound).map { (op, $0) }
    }).first {
      let rhs = (op.1 + 1)..<s.upperBound
      let value: ImportValue
      do throws(ImportSkip) {
        value = try expression(rhs)
      } catch {
        // `cell.contents = image.cgImage` of an image drawn in code, or loaded by a helper
        // of the app: a built-in image of the role its names suggest, so the cell shows.
        guard op.0 == "=", op.1 > i, tokens[op.1 - 1].isIdentifier("contents") else { throw error }
        let words = tokens[rhs].filter { $0.kind == .identifier || $0.kind == .string }
          .map(\.text).filter {
            !["cgImage", "CGImage", "UIImage", "id", "as", "__bridge"].contains($0)
          }
        let name = ImportNames.builtinImage(for: words.joined(separator: " "))
        warn(
          tokens[op.1 + 1 < s.upperBound ? op.1 + 1 : op.1],
          "this image is made in code that is not followed: using the built-in '\(name)'",
          hint: error.message)
        value = .image(.builtin(name))
      }
      try assign(i..<op.1, op: op.0, value: value)
      return nil
    }
    if try appendStatement(i, s) { return nil }
    if head.isIdentifier("self"), i + 2 < s.upperBound, tokens[i + 2].isIdentifier("init"),
      case .type? = frames.last?["self"]
    {
      return try expression(i..<s.upperBound)  // `self.init(red: …)` makes the value
    }
    _ = try expression(i..<s.upperBound)
    return nil
  }

  /// The index of a punctuation token at bracket depth 0, if any.
  func topLevelIndex(of p: String, in range: Range<Int>) -> Int? {
    var depth = 0
    for j in range {
      let t = tokens[j]
      guard t.kind == .punctuation else { continue }
      if ["(", "[", "{"].contains(t.text) { depth += 1 }
      if [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0 && t.text == p { return j }
    }
    return nil
  }

  /// `CAEmitterCell *cell = …`, `CGFloat w = …`, `NSArray *cells;`: the name and the `=`.
  func objcDeclaration(_ i: Int, _ s: Range<Int>) -> (String, Int?)? {
    var j = i
    var words = 0
    while j < s.upperBound, tokens[j].kind == .identifier || tokens[j].isPunctuation("*") {
      if tokens[j].kind == .identifier { words += 1 }
      if ["typeof", "__typeof", "__typeof__"].contains(tokens[j].text), j + 1 < s.upperBound,
        tokens[j + 1].isPunctuation("(")
      {
        j = program.closing(j + 1, in: s)  // `__weak typeof(self) weakSelf = self;`
      }
      j += 1
    }
    guard words >= 2, tokens[j - 1].kind == .identifier else { return nil }
    if j == s.upperBound { return (tokens[j - 1].text, nil) }
    guard tokens[j].isPunctuation("=") else { return nil }
    return (tokens[j - 1].text, j)
  }

  func bind(_ name: String, _ value: ImportValue, declare: Bool = false) {
    if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
    if frames.isEmpty {
      instance[name] = value
    } else if declare || frames[frames.count - 1][name] != nil {
      frames[frames.count - 1][name] = value
    } else {
      instance[name] = value
      // `isSparkling = true` inside a method: its observer runs. (Errors there are its own
      // statements' warnings.)
      try? observe(name)
    }
  }

  /// Runs the `didSet` (or `willSet`) of property `name` when the code sets it, once at a time
  /// (an observer that sets its own property does not run again, as in Swift).
  func observe(_ name: String) throws(ImportSkip) {
    guard let p = program.properties.first(where: { $0.name == name }), let body = p.observer,
      !observing.contains(name)
    else { return }
    usedProperties.insert(name)
    observing.insert(name)
    defer { observing.remove(name) }
    frames.append([:])
    defer { frames.removeLast() }
    _ = try self.body(body)
  }

  /// The properties a setter observes (`override var isSelected: Bool { didSet { … } }`) that
  /// nothing in the setup sets: each is an action, `setSelected`, that sets it to true, as the
  /// user's tap does, and runs what its observer does.
  func observerActions() {
    for p in program.properties where p.observer != nil && !usedProperties.contains(p.name) {
      var base = p.name
      if base.hasPrefix("is"), base.count > 2, base.dropFirst(2).first?.isUppercase == true {
        base = String(base.dropFirst(2))
      }
      let name = "set" + base.prefix(1).uppercased() + base.dropFirst()
      guard !actions.contains(where: { $0.name == name }),
        !program.functions.contains(where: { $0.name == name }), let body = p.observer
      else { continue }
      usedProperties.insert(p.name)
      let saved = instance[p.name]
      instance[p.name] = .bool(true)
      observing.insert(p.name)
      frames.append([:])
      let steps = recordSteps(program.statements(in: body))
      frames.removeLast()
      observing.remove(p.name)
      instance[p.name] = saved
      guard !steps.isEmpty else { continue }
      warn(p.at, "action \(name) sets \(p.name) to true and runs its didSet, as a tap would")
      actions.append(ImportAction(name: name, at: p.at, steps: steps))
    }
  }

  /// `cells.append(cell)`, `[cells addObject:cell]`: appends to an array variable.
  private func appendStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let t = Array(tokens[i..<s.upperBound])
    let (name, argument): (String, Range<Int>)
    if t.count >= 5, t[0].kind == .identifier, t[1].isPunctuation("."),
      t[2].isIdentifier("append"), t[3].isPunctuation("("), t.last?.isPunctuation(")") == true
    {
      (name, argument) = (t[0].text, (i + 4)..<(s.upperBound - 1))
    } else if t.count >= 6, t[0].isPunctuation("["), t[1].kind == .identifier,
      t[2].isIdentifier("addObject"), t[3].isPunctuation(":"), t.last?.isPunctuation("]") == true
    {
      (name, argument) = (t[1].text, (i + 4)..<(s.upperBound - 1))
    } else {
      return try appendCell(i, s)
    }
    guard case .array(let list) = try variable(name, at: t[0]) else { return false }
    bind(name, .array(list + [try expression(argument)]))
    return true
  }

  /// `pos.y = 10`, `frame.origin.x += 5`, `size.width = w` of a local point, size or rect:
  /// the variable gets the value with that field changed (they are values, as in C and Swift).
  private func assignField(_ lhs: Range<Int>, _ value: ImportValue) throws(ImportSkip) -> Bool {
    let first = tokens[lhs.lowerBound]
    guard lhs.count >= 3, first.kind == .identifier,
      let held = frames.last?[first.text] ?? instance[first.text]
    else { return false }
    var fields: [String] = []
    var k = lhs.lowerBound + 1
    while k + 1 < lhs.upperBound, tokens[k].isPunctuation("."), tokens[k + 1].kind == .identifier {
      fields.append(tokens[k + 1].text)
      k += 2
    }
    guard k == lhs.upperBound, !fields.isEmpty else { return false }
    func number(_ v: ImportValue) throws(ImportSkip) -> Double { try self.number(v, at: first) }
    func changed(_ old: ImportValue, _ path: ArraySlice<String>) throws(ImportSkip) -> ImportValue?
    {
      guard let field = path.first else { return value }
      let rest = path.dropFirst()
      switch (old, field) {
      case (.point(let p), "x") where rest.isEmpty: return .point(Point(try number(value), p.y))
      case (.point(let p), "y") where rest.isEmpty: return .point(Point(p.x, try number(value)))
      case (.size(let z), "width") where rest.isEmpty:
        return .size(Size(try number(value), z.height))
      case (.size(let z), "height") where rest.isEmpty:
        return .size(Size(z.width, try number(value)))
      case (.rect(let r), "origin"):
        guard case .point(let p)? = try changed(.point(r.origin), rest) else { return nil }
        return .rect(Rect(p.x, p.y, r.size.width, r.size.height))
      case (.rect(let r), "size"):
        guard case .size(let z)? = try changed(.size(r.size), rest) else { return nil }
        return .rect(Rect(r.origin.x, r.origin.y, z.width, z.height))
      default: return nil
      }
    }
    guard let updated = try changed(held, fields[...]) else { return false }
    bind(first.text, updated)
    return true
  }

  /// `emitter.emitterCells?.append(cell)` (`emitterCells!.append`, `+= [cell]` is an
  /// assignment): the layer's or cell's cells with one more.
  private func appendCell(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard
      let dot = (i..<s.upperBound).last(where: {
        tokens[$0].isIdentifier("append") && $0 > i
          && (tokens[$0 - 1].isPunctuation(".") || tokens[$0 - 1].isPunctuation("?."))
      }),
      dot + 1 < s.upperBound, tokens[dot + 1].isPunctuation("("),
      program.closing(dot + 1, in: s) == s.upperBound - 1
    else { return false }
    var end = dot - 1
    while end > i, tokens[end - 1].isPunctuation("?") || tokens[end - 1].isPunctuation("!") {
      end -= 1
    }
    guard end - 2 >= i, tokens[end - 1].isIdentifier("emitterCells"),
      tokens[end - 2].isPunctuation(".") || tokens[end - 2].isPunctuation("?.")
    else { return false }
    let owner = try expression(i..<(end - 2))
    guard case .array(let cells) = try member(owner, "emitterCells", at: tokens[end - 1]) else {
      return false
    }
    let added = try expression((dot + 2)..<(s.upperBound - 1))
    try setProperty(owner, "emitterCells", .array(cells + [added]), at: tokens[end - 1])
    return true
  }

  /// `while COND { … }` and `repeat { … } while COND` (Objective-C's `while (…)` and `do { … }
  /// while (…);` too), while the condition is known, at most `maxLoopIterations` turns.
  private func whileLoop(_ i: Int, _ s: Range<Int>) throws(ImportSkip) {
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
    if condition.count >= 2, tokens[condition.lowerBound].isPunctuation("("),
      program.closing(condition.lowerBound, in: condition) == condition.upperBound - 1
    {
      condition = (condition.lowerBound + 1)..<(condition.upperBound - 1)
    }
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

  private func loop(_ i: Int, _ s: Range<Int>) throws(ImportSkip) {
    guard let brace = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a loop without a body")
    }
    let bodyRange = (brace + 1)..<program.closing(brace, in: s)
    var header = (i + 1)..<brace
    if program.language == .objc, tokens[header.lowerBound].isPunctuation("(") {
      header = (header.lowerBound + 1)..<(header.upperBound - 1)
    }
    guard let inIndex = tokens[header].firstIndex(where: { $0.isIdentifier("in") }) else {
      try cLoop(header, body: bodyRange)
      return
    }
    let pattern = tokens[header.lowerBound..<inIndex].filter { $0.kind == .identifier }.map(\.text)
    guard let name = pattern.last else { throw skip("a loop without a variable") }
    var sequence = try expression((inIndex + 1)..<header.upperBound)
    // `for touch in touches`: one turn, with the event.
    if sequence == .event { sequence = .array([.event]) }
    guard case .array(let items) = sequence else {
      throw skip("a loop over \(sequence.kindName): only arrays and ranges are followed")
    }
    guard items.count <= Self.maxLoopIterations else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    let tuple = program.language == .swift && tokens[header.lowerBound].isPunctuation("(")
    for item in items {
      if tuple, case .array(let parts) = item, parts.count == pattern.count {
        for (n, v) in zip(pattern, parts) { bind(n, v, declare: true) }
      } else {
        bind(name, item, declare: true)
      }
      if try body(bodyRange) != nil { return }  // `return`, or `break` (`breakSignal`)
    }
  }

  /// `for (int i = 0; i < N; i++)`.
  private func cLoop(_ header: Range<Int>, body bodyRange: Range<Int>) throws(ImportSkip) {
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

  /// `if COND { … } else if COND { … } else { … }`, in Swift and Objective-C (braces
  /// required). A condition is worked out where it can be (`docs/import.md`, "Conditions").
  private func conditional(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var k = i
    while true {
      guard let brace = program.firstBrace(in: (k + 1)..<s.upperBound) else {
        throw skip("an 'if' without a block")
      }
      let close = program.closing(brace, in: s)
      var rest: Range<Int>? = nil
      if close + 1 < s.upperBound, tokens[close + 1].isIdentifier("else") {
        rest = (close + 2)..<s.upperBound
      }
      guard let met = condition((k + 1)..<brace, branch: (brace + 1)..<close, otherwise: rest)
      else {
        throw skip("its condition is not known here, and no branch of it builds layers or cells")
      }
      if met { return try body((brace + 1)..<close) }
      guard let rest, !rest.isEmpty else { return nil }
      if tokens[rest.lowerBound].isIdentifier("if") {
        k = rest.lowerBound
        continue
      }
      guard tokens[rest.lowerBound].isPunctuation("{") else {
        throw skip("an 'else' without a block", tokens[rest.lowerBound])
      }
      return try body((rest.lowerBound + 1)..<program.closing(rest.lowerBound, in: s))
    }
  }

  /// `switch SUBJECT { case A, B: … case C: … default: … }` (also Objective-C's `case A:` with
  /// `break`): the first case whose pattern equals the subject runs, on through `fallthrough`.
  /// A subject that cannot be worked out here takes the first case that builds layers or cells,
  /// as an unknown `if` does; when none builds, the `switch` is skipped with a warning.
  private func switchStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    guard let open = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a 'switch' without a block")
    }
    let close = program.closing(open, in: s)
    var subjectRange = (i + 1)..<open
    if program.language == .objc, subjectRange.count >= 2,
      tokens[subjectRange.lowerBound].isPunctuation("(")
    {
      subjectRange = (subjectRange.lowerBound + 1)..<(subjectRange.upperBound - 1)
    }
    let subject = try? expression(subjectRange)
    // The cases: where each starts (`case` or `default` at the block's own depth), its
    // patterns and its body.
    var heads: [Int] = []
    var depth = 0
    for j in (open + 1)..<close {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("case") || t.isIdentifier("default") { heads.append(j) }
    }
    var cases: [(patterns: [Range<Int>]?, body: Range<Int>)] = []
    for (k, h) in heads.enumerated() {
      let end = k + 1 < heads.count ? heads[k + 1] : close
      guard let colon = topLevelIndex(of: ":", in: (h + 1)..<end) else { continue }
      var patterns: [Range<Int>]? = nil
      if tokens[h].isIdentifier("case") {
        var list: [Range<Int>] = []
        var start = h + 1
        while let comma = topLevelIndex(of: ",", in: start..<colon) {
          list.append(start..<comma)
          start = comma + 1
        }
        list.append(start..<colon)
        patterns = list
      }
      cases.append((patterns, (colon + 1)..<end))
    }
    func matches(_ patterns: [Range<Int>]?) -> Bool? {
      guard let patterns else { return true }  // default
      guard let subject else { return nil }
      for p in patterns {
        guard let value = try? expression(p) else { return nil }
        if value == subject { return true }
        if case .constant(let a) = value, case .constant(let b) = subject,
          a.split(separator: ".").last == b.split(separator: ".").last
        {
          return true  // `.snow` and `Kind.snow`
        }
      }
      return false
    }
    var chosen: Int? = nil
    for (k, c) in cases.enumerated() where c.patterns != nil || chosen == nil {
      guard let m = matches(c.patterns) else {
        chosen = cases.indices.first { builds(in: cases[$0].body) }
        break
      }
      if m {
        chosen = k
        break
      }
    }
    guard let start = chosen else {
      if subject == nil {
        throw skip("its subject is not known here, and no case of it builds layers or cells")
      }
      return nil
    }
    // Runs the chosen case, and the next ones while a case ends in `fallthrough`.
    var k = start
    while k < cases.count {
      let statements = program.statements(in: cases[k].body)
      var falls = false
      for st in statements {
        if tokens[st.lowerBound].isIdentifier("break") { return nil }
        if tokens[st.lowerBound].isIdentifier("fallthrough") {
          falls = true
          break
        }
        do throws(ImportSkip) {
          if let r = try statement(st) { return r }
        } catch {
          warn(tokens[st.lowerBound], "skipped: \(program.snippet(st))", hint: error.message)
        }
      }
      // Swift goes on only through `fallthrough`; C runs on into the next case until `break`.
      guard falls || statements.isEmpty || program.language == .objc else { return nil }
      k += 1
    }
    return nil
  }

  /// `guard CONDITION else { … }`: when the condition is known not to hold, the `else` block
  /// runs (and returns); otherwise (it holds, or it cannot be worked out here, as an unknown
  /// `if let` is taken) the code after it runs, binding its `let`s.
  private func guardStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var depth = 0
    var found: Int? = nil
    for j in (i + 1)..<s.upperBound where found == nil {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("else") { found = j }
    }
    guard let otherwise = found, otherwise + 1 < s.upperBound,
      tokens[otherwise + 1].isPunctuation("{")
    else { throw skip("a 'guard' without 'else { … }'") }
    let close = program.closing(otherwise + 1, in: s)
    let met = condition((i + 1)..<otherwise, branch: 0..<0, otherwise: nil) ?? true
    if met { return nil }
    return try body((otherwise + 2)..<close) ?? .void
  }

  /// Whether the condition in `range` holds: its clauses (separated by `,`; `let NAME = VALUE`
  /// binds NAME, and holds unless VALUE is `nil`) all hold. When one cannot be worked out
  /// here (a bundle's file, a setting of the app), the branch that builds layers or cells is
  /// taken; when none builds, an unknown `let` holds (the value is there on the device), and
  /// any other unknown clause gives nil: the whole `if` is skipped with a warning.
  private func condition(_ range: Range<Int>, branch: Range<Int>, otherwise: Range<Int>?) -> Bool? {
    var known = true
    var onlyBindings = true
    var clauses: [Range<Int>] = []
    var start = range.lowerBound
    while let comma = topLevelIndex(of: ",", in: start..<range.upperBound) {
      clauses.append(start..<comma)
      start = comma + 1
    }
    clauses.append(start..<range.upperBound)
    for clause in clauses where !clause.isEmpty {
      let head = tokens[clause.lowerBound]
      let words = tokens[clause].filter { $0.kind != .punctuation || $0.text == "=" }
      if words.count >= 2, words[0].isIdentifier("self"), words[1].isPunctuation("=") {
        continue  // Objective-C's `if (self = [super init…])`: the superclass's part holds.
      }
      if head.isIdentifier("let") || head.isIdentifier("var"),
        clause.count > 1, tokens[clause.lowerBound + 1].kind == .identifier
      {
        let name = tokens[clause.lowerBound + 1].text
        guard let eq = topLevelIndex(of: "=", in: clause) else {
          known = false
          continue
        }
        let value = try? expression((eq + 1)..<clause.upperBound)
        bind(name, value ?? .null, declare: true)
        if value == .null { return false }
        if value == nil { known = false }
        continue
      }
      if head.isIdentifier("#available") || head.isIdentifier("@available") {
        continue  // **(choice)** the device is a current one: `#available(iOS 13, *)` holds
      }
      guard let value = try? expression(clause), let truth = Self.truth(value) else {
        known = false
        onlyBindings = false
        continue
      }
      if !truth { return false }
    }
    if known { return true }
    if builds(in: branch) { return true }
    if let otherwise, builds(in: otherwise) { return false }
    return onlyBindings ? true : nil
  }

  /// Whether a value counts as true in a condition: a Bool, a number other than 0, or an
  /// object that exists; nil when it cannot say.
  static func truth(_ v: ImportValue) -> Bool? {
    switch v {
    case .bool(let b): return b
    case .number(let n): return n != 0
    case .null: return false
    case .void, .constant, .type, .function, .method: return nil
    default: return true
    }
  }

  private func assign(_ lhs: Range<Int>, op: String, value: ImportValue) throws(ImportSkip) {
    guard !lhs.isEmpty else { throw skip("an assignment without a target") }
    let last = tokens[lhs.upperBound - 1]
    var v = value
    if op != "=" {
      let old = try expression(lhs)
      v = try arithmetic(String(op.dropLast()), old, value, at: tokens[lhs.lowerBound])
    }
    if try assignField(lhs, v) { return }
    if lhs.count == 1, last.kind == .identifier {
      if frames.last?[last.text] == nil,
        program.properties.contains(where: { $0.name == last.text })
      {
        usedProperties.insert(last.text)  // `comet = CAEmitterLayer()` sets the stored property
      }
      let declared =
        frames.last?[last.text] != nil || instance[last.text] != nil
        || program.properties.contains { $0.name == last.text }
      if !declared, program.selfIsEmitter,
        Self.info(last.text, of: .emitter) != nil || last.text == "emitterCells"
      {
        // `emitterShape = .line` in a CAEmitterLayer subclass: the layer's own property.
        try setProperty(try ownEmitter(at: last), last.text, v, at: last)
        return
      }
      if !declared, Self.viewProperties.contains(last.text) || last.text == "backgroundColor" {
        // `backgroundColor = .black` inside the view: the hosting view's own property.
        try setProperty(.host, last.text, v, at: last)
        return
      }
      bind(last.text, v)
      return
    }
    guard lhs.count >= 3, last.kind == .identifier,
      tokens[lhs.upperBound - 2].isPunctuation(".")
        || tokens[lhs.upperBound - 2].isPunctuation("?.")
    else { throw skip("only NAME = VALUE and OBJECT.PROPERTY = VALUE assignments are read") }
    let receiver = try expression(lhs.lowerBound..<(lhs.upperBound - 2))
    try setProperty(receiver, last.text, v, at: last)
  }
}
