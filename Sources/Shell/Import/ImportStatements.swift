import Core

/// Statements: what one statement of the file does (`statement`), in the order it tries the forms
/// it knows: the superclass's part, actions and schedules, declarations (`let`, `var`,
/// Objective-C's `CAEmitterCell *cell = …`), `return`, loops (`for … in`, C's `for (int i = …)`),
/// `if`, `guard` and `switch` with their conditions, assignments and appends to an array; any
/// other statement is an expression, run for what it does.
extension ImportInterpreter {
  /// `let (w, h) = (bounds.width, bounds.height)`: each name takes the item in its place
  /// (`_` takes none); the right-hand side is a tuple written out, or a value that is one
  /// (`let (base, spark) = makeCells()`); a type may follow the names (`let (rate, life):
  /// (Float, Double) = (12, 3.5)`).
  private func destructure(_ open: Int, _ s: Range<Int>) throws(ImportSkip) {
    let close = program.closing(open, in: s)
    var equals = close + 1
    if equals < s.upperBound, tokens[equals].isPunctuation(":") {
      equals = topLevelIndex(of: "=", in: equals..<s.upperBound) ?? s.upperBound
    }
    guard equals + 1 < s.upperBound, tokens[equals].isPunctuation("=") else {
      throw skip("only 'let (A, B) = VALUE' is read")
    }
    var targets: [String] = []
    var start = open + 1
    while true {
      let end = topLevelIndex(of: ",", in: start..<close) ?? close
      // `w`, `w: CGFloat`, `_`.
      guard start < end, tokens[start].kind == .identifier else {
        throw skip("only names are read on the left of 'let (…) ='")
      }
      targets.append(tokens[start].text)
      if end == close { break }
      start = end + 1
    }
    let values: [ImportValue]
    let value = equals + 1
    if tokens[value].isPunctuation("("), program.closing(value, in: s) == s.upperBound - 1 {
      values = try list((value + 1)..<(s.upperBound - 1)).map(\.1)
    } else {
      switch try expression(value..<s.upperBound) {
      case .array(let items): values = items
      case .record("tuple", let fields):
        values = (0..<fields.count).compactMap { fields[String($0)] }
      case let other: throw skip("a tuple of \(targets.count) given \(other.kindName)")
      }
    }
    guard values.count == targets.count else {
      throw skip("\(targets.count) names for \(values.count) values")
    }
    for (name, value) in zip(targets, values) where name != "_" {
      bind(name, value, declare: true)
    }
  }

  /// Directives that only the compiler or Xcode reads.
  static let compilerOnly: Set<String> = [
    "#pragma", "#warning", "#sourceLocation", "#define", "#undef",
  ]

  /// Functions that only log or check while debugging.
  static let logging: Set<String> = [
    "print", "debugPrint", "dump", "NSLog", "os_log", "assert", "assertionFailure",
    "precondition", "NSAssert", "NSCAssert", "NSParameterAssert", "NSCParameterAssert",
  ]

  /// The words that begin a statement holding other statements in braces.
  static let compoundHeads: Set<String> = [
    "if", "guard", "switch", "for", "while", "repeat", "do",
  ]

  /// Runs one statement; a `return` gives its value (`.void` for a bare one).
  func statement(_ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    steps += 1
    guard steps <= Self.maxSteps else {
      throw skip(
        wasInterrupted ? "interrupted" : "the import stops after \(Self.maxSteps) statements")
    }
    // Ctrl-C, polled every 256 statements: every statement after it is skipped at once.
    if steps & 255 == 0, interrupted() {
      wasInterrupted = true
      steps = Self.maxSteps + 1
      throw skip("interrupted")
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
    if program.language == .objc, head.isPunctuation("{"),
      program.closing(i, in: s) == s.upperBound - 1
    {
      // C's compound statement (`case A: { …; break; }`, a bare block): its statements.
      return try body((i + 1)..<(s.upperBound - 1))
    }
    if head.isIdentifier("super"), i + 3 < s.upperBound, tokens[i + 1].isPunctuation("."),
      tokens[i + 2].kind == .identifier, tokens[i + 3].isPunctuation("("),
      program.closing(i + 3, in: s) == s.upperBound - 1
    {
      // `super.commonInit()` in an override of the file's own superclass: that class's. (The
      // arguments are worked out only then: UIKit's `super.init(frame:)` stays unread.)
      let items = arguments((i + 4)..<(s.upperBound - 1))
      let labels = items.map { $0.label ?? "_" }
      if let f = superFunction(tokens[i + 2].text, labels: labels),
        let binding = program.functions[f].binding(labels: labels)
      {
        let values = try values(of: items, lenient: false).map(\.1)
        _ = try call(f, args: try arguments(program.functions[f], binding, values), at: head)
        return nil
      }
    }
    if program.language == .swift, head.isIdentifier("self"), i + 3 < s.upperBound,
      tokens[i + 1].isPunctuation("."), tokens[i + 2].isIdentifier("init"),
      tokens[i + 3].isPunctuation("("), program.closing(i + 3, in: s) == s.upperBound - 1
    {
      // `self.init(frame: .zero)` in a convenience initializer of the file's view class: the
      // class's own initializer when the file declares one with those labels (read below),
      // else UIKit's, whose part is not the emitter's, as `super.init(frame:)`.
      let labels = arguments((i + 4)..<(s.upperBound - 1)).map { $0.label ?? "_" }
      let owner = runningFunctions.last.flatMap { program.functions[$0].owner }
      if labels == ["frame"] || labels == ["coder"], let owner,
        program.declaredClasses.contains(owner),
        !program.functions.contains(where: {
          $0.name == "init" && $0.owner == owner && $0.binding(labels: labels) != nil
        })
      {
        return nil
      }
    }
    if head.isPunctuation("["), i + 1 < s.upperBound, tokens[i + 1].isIdentifier("super"),
      program.closing(i, in: s) == s.upperBound - 1,
      let base = runningClass.flatMap({ program.superclasses[$0] }),
      program.declaredClasses.contains(base)
    {
      // `[super setup]` in an override of the file's own superclass: that class's method
      // (`message` finds it; UIKit's otherwise).
      _ = try expression(i..<s.upperBound)
      return nil
    }
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
      } else if head.isIdentifier("self"), i + 2 < s.upperBound,
        !tokens[(i + 2)..<min(i + 4, s.upperBound)].contains(where: { $0.isIdentifier("super") }),
        !frames.isEmpty, case .object(let o)? = try? expression((i + 2)..<s.upperBound)
      {
        // `self = [CAEmitterCell emitterCell];` in a cell class declared in a header: the
        // initializer configures that new cell (or layer), which it returns.
        frames[frames.count - 1]["self"] = .object(o)
      }
      return nil  // the superclass's part: UIKit's, not the emitter's
    }
    // Directives for the compiler and Xcode only (`#pragma mark - Emitter` inside a method,
    // `#warning("…")`) change nothing when the code runs.
    if head.kind == .identifier, Self.compilerOnly.contains(head.text) { return nil }
    // Logging and debug checks (`print(…)`, `NSLog(@"…")`) change nothing on screen.
    if head.kind == .identifier, Self.logging.contains(head.text), i + 1 < s.upperBound,
      tokens[i + 1].isPunctuation("("), program.closing(i + 1, in: s) == s.upperBound - 1,
      !program.functions.contains(where: { $0.name == head.text })
    {
      return nil
    }
    // A statement that holds others (`if`, a loop, `switch`) is not itself a schedule, though
    // its branches may make one: each branch's statements are read when it runs (the timer of
    // `if (!self.timer) { self.timer = [NSTimer …]; [self fire]; }` is not the whole `if`).
    if !(head.kind == .identifier && Self.compoundHeads.contains(head.text)) {
      if try localAction(i, s) { return nil }
      if try invalidate(i, s) { return nil }
      if try uiViewAnimate(i, s) { return nil }
      if eventWiring(s) { return nil }
      if try transactionCompletion(i, s) { return nil }
      if try scheduledBlock(i, s) { return nil }
      if try dispatchAfter(i, s) { return nil }
      if try delayHelper(i, s) { return nil }
      if try mainQueueBlock(i, s) { return nil }
      if try inPlaceBlock(i, s) { return nil }
      if try enumerateStatement(i, s) { return nil }
      if try blockAfterDelay(i, s) { return nil }
      if try performAfterDelay(i, s) { return nil }
      if try scheduledTimer(i, s) { return nil }
      if runLoopAdd(i, s) { return nil }
      // A schedule this statement itself makes but no form above read. (One in a compound
      // statement, inside braces or in C's braceless `if (c) a; else b;`, is the inner
      // statement's to read when it runs.)
      var outside: Set<String> = []
      var braces = 0
      for t in tokens[s] {
        if t.isPunctuation("{") { braces += 1 }
        if t.isPunctuation("}") { braces -= 1 }
        if braces == 0 { outside.insert(t.text) }
      }
      if let scheduling = ["asyncAfter", "dispatch_after", "scheduledTimer", "afterDelay"].first(
        where: outside.contains)
      {
        throw skip("\(scheduling): only the forms docs/import.md lists are scheduled")
      }
    }
    switch head.kind == .identifier ? head.text : "" {
    case let word
    where program.language == .swift && SourceProgram.localTypeWords.contains(word)
      && i + 1 < s.upperBound && tokens[i + 1].kind == .identifier:
      return nil  // a type declared in a function: SourceProgram read its members
    case "let", "var":
      if program.language == .swift, i + 1 < s.upperBound, tokens[i + 1].isPunctuation("(") {
        try destructure(i + 1, s)
        return nil
      }
      guard program.language == .swift, i + 1 < s.upperBound,
        tokens[i + 1].kind == .identifier
      else { throw skip("only 'let NAME = VALUE' declarations are read") }
      let name = tokens[i + 1].text
      guard let eq = topLevelIndex(of: "=", in: (i + 2)..<s.upperBound) else {
        bind(name, .null)
        return nil
      }
      bind(name, try declaredValue(name, (eq + 1)..<s.upperBound), declare: true)
      noteCopy(name, (eq + 1)..<s.upperBound)
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
    case "try" where i + 1 < s.upperBound, "await" where i + 1 < s.upperBound:
      // `try x.foo()`, `try? …`, `await f()`: the call, as when it does not throw or wait.
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
      if let eq, eq + 1 < s.upperBound, tokens[eq + 1].isPunctuation("{"),
        program.closing(eq + 1, in: s) == s.upperBound - 1
      {
        // C's `{ a, b, c }` after an array declarator: the items.
        bind(name, .array(try list((eq + 2)..<(s.upperBound - 1)).map(\.1)), declare: true)
      } else if let eq, s.upperBound - eq == 3, tokens[eq + 1].isPunctuation("&"),
        tokens[eq + 2].isIdentifier(name)
      {
        // `static const void *kConfettiKey = &kConfettiKey;`: a key for associated objects,
        // whose address is all it is; `objc_getAssociatedObject` reads the key by its name
        // (and keeps the object under it), so nothing is bound here.
        return nil
      } else if let eq {
        bind(name, try declaredValue(name, (eq + 1)..<s.upperBound), declare: true)
        noteCopy(name, (eq + 1)..<s.upperBound)
      } else {
        bind(name, .null, declare: true)
      }
      return nil
    }
    if let (target, op) = incrementStatement(i..<s.upperBound) {
      // C's `self.tick++`, `--count`, `_frame += 1`'s shorthand: a statement on its own.
      try assign(target, op: op, value: .number(1))
      return nil
    }
    if let op = ["=", "+=", "-=", "*=", "/="].lazy.compactMap({ op in
      self.topLevelIndex(of: op, in: i..<s.upperBound).map { (op, $0) }
    }).first {
      let rhs = (op.1 + 1)..<s.upperBound
      // `cell.contents = image.cgImage` of an image drawn in code, or loaded by a helper of
      // the app: a built-in image of the role its names suggest, so the cell shows.
      let setsContents = op.0 == "=" && op.1 > i && tokens[op.1 - 1].isIdentifier("contents")
      func standIn(_ why: String) -> ImportValue {
        let words = tokens[rhs].filter { $0.kind == .identifier || $0.kind == .string }
          .map(\.text).filter {
            !["cgImage", "CGImage", "UIImage", "id", "as", "__bridge"].contains($0)
          }
        let name = ImportNames.builtinImage(for: words.joined(separator: " "))
        warn(
          tokens[op.1 + 1 < s.upperBound ? op.1 + 1 : op.1],
          "this image is made in code that is not followed: using the built-in '\(name)'",
          hint: why)
        return .image(.builtin(name))
      }
      if op.0 == "=", !recording.isEmpty, let (compound, operand) = selfUpdate(i..<op.1, rhs) {
        // `emitter.birthRate = emitter.birthRate - 0.1` in an action: `-= 0.1`.
        try assign(i..<op.1, op: compound, value: try expression(operand))
        return nil
      }
      let target = tokens[i..<op.1]
      if op.0 == "=", let name = target.last, Self.inertViewProperties.contains(name.text),
        target.count == 1 || (target.count == 3 && target.first?.text == "self"),
        frames.last?[name.text] == nil,
        !program.properties.contains(where: { $0.name == name.text }),
        !program.objcProperties.contains(name.text)
      {
        // `self.autoresizingMask = UIViewAutoresizingFlexibleWidth | …`: the view's own
        // setting that changes nothing drawn, read past whatever its value (see `setProperty`).
        return nil
      }
      let setsCells = op.0 == "=" && op.1 > i && tokens[op.1 - 1].isIdentifier("emitterCells")
      var value: ImportValue
      let made = objects.count
      do throws(ImportSkip) {
        value = try expression(rhs)
        // `trail = makeTrail()` (`self.trail = …`): a layer the call made is named by the
        // stored property that keeps it, not by the function's local.
        if op.0 == "=", case .object(let o) = value, o >= made, objects[o].kind != .cell,
          let property = storedTarget(i..<op.1)
        {
          objects[o].variable = property
        }
      } catch {
        if setsCells, let cells = try standInCells(i..<op.1, rhs, why: error.message) {
          value = cells
        } else {
          guard setsContents else { throw error }
          value = standIn(error.message)
        }
      }
      if setsCells, case .unknown(let why) = value,
        let cells = try standInCells(i..<op.1, rhs, why: why)
      {
        value = cells
      } else if setsCells, case .array(let items) = value, !items.isEmpty,
        items.allSatisfy({ item in
          switch item {
          case .unknown, .constant, .record: return true  // a value of another file's type
          default: return false
          }
        }),
        let cells = try standInCells(i..<op.1, rhs, why: "every cell of it is made elsewhere")
      {
        value = cells  // `@[[LeafCell leafCell]]`: cells of other files' classes
      }
      // A helper that draws the image (`UIGraphicsGetCurrentContext()` … `makeImage()`)
      // returns no value here; a written `nil` stays nil.
      if setsContents, case .unknown(let why) = value {
        value = standIn(why)
      } else if setsContents, value.isNoImage,
        !(rhs.count == 1 && ["nil", "NULL"].contains(tokens[rhs.lowerBound].text))
      {
        value = standIn("the code that makes it gives no image the importer can read")
      }
      if op.0 == "=", try writeBackCopy(i..<op.1, rhs) { return nil }
      try assign(i..<op.1, op: op.0, value: value)
      return nil
    }
    if try appendStatement(i, s) { return nil }
    if try arrayMutation(i, s) { return nil }
    if try mutableArrayMessage(i, s) { return nil }
    if try dictionaryMutation(i, s) { return nil }
    if s.upperBound - i > 4, spells([".", "toggle", "(", ")"], at: s.upperBound - 4, in: s) {
      // `once.toggle()`, `self.isOn.toggle()`: the flag turned over.
      let flag = i..<(s.upperBound - 4)
      guard case .bool(let on) = try expression(flag) else {
        throw skip("toggle() turns over a Bool, and '\(program.snippet(flag))' is not one")
      }
      try assign(flag, op: "=", value: .bool(!on))
      return nil
    }
    if head.isIdentifier("self"), i + 2 < s.upperBound, tokens[i + 2].isIdentifier("init"),
      case .type? = frames.last?["self"]
    {
      // `self.init(red: …)` makes the value. A layer or a cell (`CAEmitterLayer(image:)` in an
      // extension) is then `self` for the rest of the initializer, which configures it.
      let made = try expression(i..<s.upperBound)
      guard case .object = made else { return made }
      frames[frames.count - 1]["self"] = made
      return nil
    }
    _ = try expression(i..<s.upperBound)
    return nil
  }

  /// The index of a punctuation token at bracket depth 0, if any.
  func topLevelIndex(of p: String, in range: Range<Int>) -> Int? {
    topLevelIndex(in: range) { $0.kind == .punctuation && $0.text == p }
  }

  /// `range` cut at its commas outside brackets (`a, f(b, c), d`: three parts).
  func topLevelParts(_ range: Range<Int>) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    while let comma = topLevelIndex(of: ",", in: start..<range.upperBound) {
      parts.append(start..<comma)
      start = comma + 1
    }
    parts.append(start..<range.upperBound)
    return parts
  }

  /// The first token outside brackets in `range` that `matches` accepts.
  func topLevelIndex(in range: Range<Int>, where matches: (SourceToken) -> Bool) -> Int? {
    var depth = 0
    for j in range {
      let t = tokens[j]
      if t.kind == .punctuation {
        if ["(", "[", "{"].contains(t.text) { depth += 1 }
        if [")", "]", "}"].contains(t.text) { depth -= 1 }
      }
      if depth == 0 && matches(t) { return j }
    }
    return nil
  }

  /// `CAEmitterCell *cell = …`, `CGFloat w = …`, `NSArray *cells;`: the name and the `=`.
  func objcDeclaration(_ i: Int, _ s: Range<Int>) -> (String, Int?)? {
    var j = i
    var words = 0
    while j < s.upperBound,
      tokens[j].kind == .identifier || tokens[j].isPunctuation("*")
        || (tokens[j].isPunctuation("<") && words > 0)
    {
      if tokens[j].isPunctuation("<") {
        // Lightweight generics, `NSMutableArray<CAEmitterCell *> *cells`: the type's own.
        var depth = 0
        while j < s.upperBound {
          if tokens[j].isPunctuation("<") { depth += 1 }
          if tokens[j].isPunctuation(">") { depth -= 1 }
          if tokens[j].isPunctuation(">>") { depth -= 2 }
          j += 1
          if depth <= 0 { break }
        }
        continue
      }
      if tokens[j].kind == .identifier { words += 1 }
      if ["typeof", "__typeof", "__typeof__"].contains(tokens[j].text), j + 1 < s.upperBound,
        tokens[j + 1].isPunctuation("(")
      {
        j = program.closing(j + 1, in: s)  // `__weak typeof(self) weakSelf = self;`
      }
      j += 1
    }
    guard words >= 2, tokens[j - 1].kind == .identifier else { return nil }
    let name = tokens[j - 1].text
    // A C array, `UIColor *colors[] = { … }`, `CGFloat speeds[3] = { … }`.
    while j < s.upperBound, tokens[j].isPunctuation("[") {
      j = program.closing(j, in: s) + 1
    }
    if j >= s.upperBound { return (name, nil) }
    guard tokens[j].isPunctuation("=") else { return nil }
    return (name, j)
  }

  /// The value a local declaration gives `name` (`let v = …`, `XLView *v = …`). When it
  /// cannot be worked out (another file's class, a call not followed) the declaration is
  /// skipped, but the local is still declared, as a value not known here: a later statement
  /// reading it says so rather than reading what the name means outside (a function of the
  /// file such as the getter `catEarView` declaring a local `catEarView`, a property, or the
  /// hosting view's own `view` and `bounds`).
  func declaredValue(_ name: String, _ value: Range<Int>) throws(ImportSkip) -> ImportValue {
    do throws(ImportSkip) {
      return try expression(value)
    } catch {
      if !wasInterrupted { bind(name, .unknown(error.message), declare: true) }
      throw error
    }
  }

  func bind(_ name: String, _ value: ImportValue, declare: Bool = false) {
    // An alias of `self` (`__weak typeof(self) wself = self`, `strongSelf`) does not name it.
    if case .object(let o) = value, !name.lowercased().hasSuffix("self") {
      if objects[o].variable == nil { objects[o].variable = name }
      objects[o].held(by: name)
    }
    if frames.isEmpty {
      instance[name] = value
      if declare || globals[name] != nil { globals[name] = value }
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
    guard
      let p = program.settableProperties.first(where: { $0.name == name }),
      let body = p.observer, !observing.contains(name)
    else { return }
    usedProperties.insert(name)
    observing.insert(name)
    defer { observing.remove(name) }
    // A computed property's setter reads the value set as `newValue`.
    frames.append(p.newValueName.map { [$0: instance[name] ?? .null] } ?? [:])
    defer { frames.removeLast() }
    _ = try self.body(body)
  }

  /// The Boolean and number properties a setter observes (`override var isSelected: Bool {
  /// didSet { … } }`, `var intensity: Double = 0 { didSet { … } }`) that nothing in the setup
  /// sets: each is an action, `setSelected`, that sets it to true (a number to 1), as the
  /// user's tap or a slider at its end does, and runs what its observer does. A computed
  /// property's setter counts as its observer when the property is a Boolean (`var isRunning:
  /// Bool { get { … } set { … } }`). (An observed image or colour is the app's to give:
  /// ``runGivenProperties()``.)
  func observerActions() {
    for p in program.settableProperties
    where p.observer != nil && !usedProperties.contains(p.name) {
      let type = declaredType(of: p)?.filter { !"?! ".contains($0) }
      let literal = p.initializer.count == 1 ? tokens[p.initializer.lowerBound] : nil
      let on: ImportValue
      if type == "Bool" || (type == nil && (literal?.text == "true" || literal?.text == "false")) {
        on = .bool(true)
      } else if p.newValueName == nil,
        type.map(Self.numberTypes.contains) ?? (literal?.kind == .number)
      {
        // (A number a computed property forwards, `set { emitter.birthRate = newValue }`,
        // is the app's setting, not an event.)
        on = .number(1)
      } else {
        continue
      }
      var base = p.name
      if base.hasPrefix("is"), base.count > 2, base.dropFirst(2).first?.isUppercase == true {
        base = String(base.dropFirst(2))
      }
      let name = Self.setterName(of: base)
      guard !actions.contains(where: { $0.name == name }),
        !program.functions.contains(where: { $0.name == name }), let body = p.observer
      else { continue }
      usedProperties.insert(p.name)
      let saved = instance[p.name]
      instance[p.name] = on
      observing.insert(p.name)
      frames.append(p.newValueName.map { [$0: on] } ?? [:])
      let steps = recordSteps(program.statements(in: body))
      frames.removeLast()
      observing.remove(p.name)
      instance[p.name] = saved
      guard !steps.isEmpty else { continue }
      warn(
        p.at,
        "action \(name) sets \(p.name) to \(on == .bool(true) ? "true" : "1") and runs its"
          + " \(p.newValueName == nil ? "didSet" : "setter"), as a tap would")
      actions.append(ImportAction(name: name, at: p.at, steps: steps))
    }
  }

  /// `cells.append(cell)`, `[cells addObject:cell]`: appends to an array variable.
  private func appendStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let t = Array(tokens[i..<s.upperBound])
    let (name, argument): (String, Range<Int>)
    // Swift's `append`, and NSMutableArray's `add(_:)` (Swift 2: `addObject(_:)`) seen from
    // Swift, on a variable holding an array.
    if t.count >= 5, t[0].kind == .identifier, t[1].isPunctuation("."),
      ["append", "add", "addObject"].contains(t[2].text), t[2].kind == .identifier,
      t[3].isPunctuation("("), t.last?.isPunctuation(")") == true
    {
      (name, argument) = (t[0].text, (i + 4)..<(s.upperBound - 1))
    } else if t.count >= 6, t[0].isPunctuation("["), t[1].kind == .identifier,
      t[2].isIdentifier("addObject"), t[3].isPunctuation(":"), t.last?.isPunctuation("]") == true
    {
      (name, argument) = (t[1].text, (i + 4)..<(s.upperBound - 1))
    } else if t.count >= 8, t[0].isPunctuation("["), t[1].isIdentifier("self"),
      t[2].isPunctuation("."), t[3].kind == .identifier, t[4].isIdentifier("addObject"),
      t[5].isPunctuation(":"), t.last?.isPunctuation("]") == true
    {
      // `[self.cells addObject:cell]`, through the property's lazy getter (`if (!_cells) {
      // _cells = [NSMutableArray array]; } return _cells;`): read once, so the getter makes the
      // array, then grown where it keeps it.
      guard case .array(let list) = try expression((i + 1)..<(i + 4)) else { return false }
      let held = instance["_" + t[3].text] != nil ? "_" + t[3].text : t[3].text
      bind(held, .array(list + (try appended((i + 6)..<(s.upperBound - 1)))))
      return true
    } else {
      return false  // `e.emitterCells?.append(c)`: `arrayMutation`
    }
    guard case .array(let list) = try variable(name, at: t[0]) else { return false }
    bind(name, .array(list + (try appended(argument))))
    return true
  }

  /// NSMutableArray's other changes in place, on an array variable or property:
  /// `[cells removeAllObjects]`, `removeLastObject`, `removeObject:` (every item equal to it),
  /// `removeObjectAtIndex:`, `insertObject:atIndex:`, `addObjectsFromArray:`
  /// (`[self.layers removeAllObjects]` too). (`addObject:` is `appendStatement`'s.)
  private func mutableArrayMessage(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard program.language == .objc, tokens[i].isPunctuation("["), let last = s.last,
      tokens[last].isPunctuation("]"), program.closing(i, in: s) == last
    else { return false }
    // The receiver: `cells` or `self.cells`.
    guard let word = selectorAfterHeld(i, last) else { return false }
    let held = tokens[word - 1].text
    let selector = tokens[word].text
    guard Self.mutableArrayMessages.contains(selector),
      case .array(var list) = try expression((i + 1)..<word)
    else { return false }
    func argument(after k: Int, upTo end: Int) throws(ImportSkip) -> ImportValue {
      guard tokens[k + 1].isPunctuation(":") else { throw skip("\(selector) takes an argument") }
      return try expression((k + 2)..<end)
    }
    switch selector {
    case "removeAllObjects": list = []
    case "removeLastObject":
      if !list.isEmpty { list.removeLast() }  // (no-op on an empty array, as NSArray's)
    case "removeObject":
      let item = try argument(after: word, upTo: last)
      list.removeAll { $0 == item }
    case "removeObjectAtIndex":
      list.remove(at: try removalIndex(try argument(after: word, upTo: last), in: list))
    case "addObjectsFromArray":
      guard case .array(let more) = try argument(after: word, upTo: last) else {
        throw skip("addObjectsFromArray: takes an array")
      }
      list += more
    case "insertObject":
      guard
        let at = ((word + 2)..<last).first(where: {
          tokens[$0].isIdentifier("atIndex") && tokens[$0 + 1].isPunctuation(":")
        })
      else { throw skip("insertObject: takes atIndex:") }
      let item = try argument(after: word, upTo: at)
      list.insert(item, at: try insertionIndex(try argument(after: at, upTo: last), in: list))
    default:
      return false
    }
    bind(instance["_" + held] != nil ? "_" + held : held, .array(list))
    return true
  }

  /// NSMutableArray's in-place changes `mutableArrayMessage` reads.
  static let mutableArrayMessages: Set<String> = [
    "removeAllObjects", "removeLastObject", "removeObject", "removeObjectAtIndex",
    "insertObject", "addObjectsFromArray",
  ]

  /// The array methods that add, remove or insert in place, as statements.
  static let arrayMutations: Set<String> = [
    "append", "remove", "removeFirst", "removeLast", "removeAll", "insert",
  ]

  /// `cells.remove(at: 0)`, `cells.removeLast()`, `cells.insert(c, at: 0)`, `cells.removeAll
  /// { $0.name == "smoke" }` on an array variable, and the same on a layer's or cell's
  /// `emitterCells` (`emitter.emitterCells?.removeAll()`, `emitterCells!.append(cell)`,
  /// `append(contentsOf:)`; `+= [cell]` is an assignment): the array changed in place. (An
  /// array variable's `append` is `appendStatement`'s, with NSMutableArray's forms.)
  private func arrayMutation(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    // The method's name: `NAME(…)` at the end, or `NAME { … }` (a trailing closure).
    guard s.count >= 4 else { return false }
    let last = s.upperBound - 1
    let open: Int
    if tokens[last].isPunctuation(")"),
      let o = (i..<last).last(where: {
        tokens[$0].isPunctuation("(") && program.closing($0, in: s) == last
      })
    {
      open = o
    } else if tokens[last].isPunctuation("}"),
      let o = (i..<last).last(where: {
        tokens[$0].isPunctuation("{") && program.closing($0, in: s) == last
      })
    {
      open = o
    } else {
      return false
    }
    let m = open - 1
    guard m - 1 > i, tokens[m].kind == .identifier, Self.arrayMutations.contains(tokens[m].text),
      tokens[m - 1].isPunctuation(".") || tokens[m - 1].isPunctuation("?.")
    else { return false }
    let name = tokens[m].text
    var end = m - 1
    while end > i, tokens[end - 1].isPunctuation("?") || tokens[end - 1].isPunctuation("!") {
      end -= 1
    }
    let target = i..<end
    let owner: ImportValue?
    let items: [ImportValue]
    if target.count >= 3, tokens[target.upperBound - 1].isIdentifier("emitterCells"),
      tokens[target.upperBound - 2].isPunctuation(".")
        || tokens[target.upperBound - 2].isPunctuation("?.")
    {
      let o = try expression(i..<(target.upperBound - 2))
      guard
        case .array(let cells) = try member(o, "emitterCells", at: tokens[target.upperBound - 1])
      else { return false }
      (owner, items) = (o, cells)
    } else if target.count == 1, tokens[i].kind == .identifier,
      case .array(let list) = try variable(tokens[i].text, at: tokens[i])
    {
      (owner, items) = (nil, list)
    } else {
      return false
    }
    var list = items
    let inside = tokens[open].isPunctuation("(") ? (open + 1)..<last : open..<(last + 1)
    let args = arguments(inside)
    switch (name, args.map { $0.label ?? "_" }) {
    case ("append", ["_"]) where tokens[open].isPunctuation("("),
      ("append", ["contentsOf"]) where tokens[open].isPunctuation("("):
      list += try appended(inside)
    case ("remove", ["at"]):
      list.remove(at: try removalIndex(try expression(args[0].value), in: list))
    case ("removeFirst", []), ("removeLast", []):
      guard !list.isEmpty else { throw skip("\(name)() of an empty array") }
      _ = name == "removeFirst" ? list.removeFirst() : list.removeLast()
    case ("removeAll", []), ("removeAll", ["keepingCapacity"]), ("removeAll", ["keepCapacity"]):
      list = []  // (Swift 2 spelled the label keepCapacity)
    case ("removeAll", ["_"]) where tokens[open].isPunctuation("{"),
      ("removeAll", ["where"]):
      // The items the closure holds true for go.
      let closure: Range<Int>
      if tokens[open].isPunctuation("{") {
        closure = (open + 1)..<last
      } else {
        let r = args[0].value
        guard tokens[r.lowerBound].isPunctuation("{"),
          program.closing(r.lowerBound, in: r) == r.upperBound - 1
        else { throw skip("removeAll(where:) takes a closure") }
        closure = (r.lowerBound + 1)..<(r.upperBound - 1)
      }
      let parts = closureParts(closure)
      var kept: [ImportValue] = []
      for item in list {
        guard let goes = Self.truth(try runClosure(parts, [item], at: tokens[m])) else {
          throw skip("a test whose value is not known here")
        }
        if !goes { kept.append(item) }
      }
      list = kept
    case ("insert", ["_", "at"]):
      let k = try insertionIndex(try expression(args[1].value), in: list)
      list.insert(try expression(args[0].value), at: k)
    default:
      return false
    }
    if let owner {
      try setProperty(owner, "emitterCells", .array(list), at: tokens[m])
    } else {
      bind(tokens[i].text, .array(list))
    }
    return true
  }

  /// A dictionary changed in place: Swift's `emitters.updateValue(e, forKey: name)`,
  /// `removeValue(forKey:)` and `removeAll()`, Objective-C's `[cache setObject:e forKey:name]`
  /// (`setValue:forKey:`), `removeObjectForKey:` and `removeAllObjects`, on a dictionary
  /// variable or property: as `d[k] = v` and `d[k] = nil` are (`assignItem`). Other receivers
  /// (a layer's `setValue:forKey:`) are left to the message.
  private func dictionaryMutation(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let last = s.upperBound - 1
    guard s.count >= 4 else { return false }
    // The receiver's tokens, the method, and its key's and value's tokens (nil: none).
    let base: Range<Int>
    let method: String
    var keyRange: Range<Int>?
    var valueRange: Range<Int>?
    if program.language == .objc, tokens[i].isPunctuation("["), tokens[last].isPunctuation("]"),
      program.closing(i, in: s) == last
    {
      // `[d sel…]`, `[self.d sel…]`
      guard let word = selectorAfterHeld(i, last) else { return false }
      (base, method) = ((i + 1)..<word, tokens[word].text)
      let forKey = ((word + 1)..<last).first {
        tokens[$0].isIdentifier("forKey") && tokens[$0 + 1].isPunctuation(":")
      }
      switch method {
      case "removeAllObjects" where word + 1 == last:
        break
      case "removeObjectForKey" where tokens[word + 1].isPunctuation(":"):
        keyRange = (word + 2)..<last
      case "setObject", "setValue":
        guard tokens[word + 1].isPunctuation(":"), let forKey else { return false }
        (valueRange, keyRange) = ((word + 2)..<forKey, (forKey + 2)..<last)
      default:
        return false
      }
    } else {
      // `BASE.NAME(ARGUMENTS)`
      guard tokens[last].isPunctuation(")"),
        let open = (i..<last).last(where: {
          tokens[$0].isPunctuation("(") && program.closing($0, in: s) == last
        }),
        open - 2 >= i, tokens[open - 1].kind == .identifier,
        tokens[open - 2].isPunctuation(".") || tokens[open - 2].isPunctuation("?.")
      else { return false }
      (base, method) = (i..<(open - 2), tokens[open - 1].text)
      let args = arguments((open + 1)..<last)
      switch (method, args.map { $0.label ?? "_" }) {
      case ("updateValue", ["_", "forKey"]):
        (valueRange, keyRange) = (args[0].value, args[1].value)
      case ("removeValue", ["forKey"]):
        keyRange = args[0].value
      case ("removeAll", []), ("removeAll", ["keepingCapacity"]):
        break
      default:
        return false
      }
    }
    guard !base.isEmpty, case .record(let type, var fields)? = try? expression(base),
      type == Self.dictionaryType
    else { return false }
    if let keyRange {
      let key = try itemKey(try expression(keyRange))
      let value = try valueRange.map { r throws(ImportSkip) in try expression(r) }
      Self.store(value ?? .null, at: key, in: &fields)
    } else {
      fields = [:]
    }
    try assign(base, op: "=", value: .record(type: type, fields: fields))
    return true
  }

  /// Where the selector of a message statement to a held collection starts, `[cells sel…]` or
  /// `[self.cells sel…]` (the collection's name just before it); nil for other receivers.
  private func selectorAfterHeld(_ i: Int, _ last: Int) -> Int? {
    if tokens[i + 1].kind == .identifier, i + 2 < last, tokens[i + 2].kind == .identifier {
      return i + 2
    }
    if tokens[i + 1].isIdentifier("self"), i + 4 < last, tokens[i + 2].isPunctuation("."),
      tokens[i + 3].kind == .identifier, tokens[i + 4].kind == .identifier
    {
      return i + 4
    }
    return nil
  }

  /// A dictionary's key for `value` (`dictionaryKey`), or a skip saying what keys can be.
  private func itemKey(_ value: ImportValue) throws(ImportSkip) -> String {
    guard let key = Self.dictionaryKey(value) else {
      throw skip("a dictionary's key here is a string, a number or an enumeration case")
    }
    return key
  }

  /// `fields[key] = value` of a dictionary, nil removing the key, as Swift's subscript does.
  private static func store(
    _ value: ImportValue, at key: String, in fields: inout [String: ImportValue]
  ) {
    if case .null = value { fields[key] = nil } else { fields[key] = value }
  }

  /// The index of an item of `list` to remove (`remove(at:)`, `removeObjectAtIndex:`).
  private func removalIndex(_ value: ImportValue, in list: [ImportValue]) throws(ImportSkip)
    -> Int
  {
    let k = try arrayIndex(value)
    guard list.indices.contains(k) else { throw skip("no item \(k) in an array of \(list.count)") }
    return k
  }

  /// The place in `list` to insert at (`insert(_:at:)`, `insertObject:atIndex:`).
  private func insertionIndex(_ value: ImportValue, in list: [ImportValue]) throws(ImportSkip)
    -> Int
  {
    let k = try arrayIndex(value)
    guard k >= 0, k <= list.count else { throw skip("no place \(k) in an array of \(list.count)") }
    return k
  }

  /// An index: a whole number.
  private func arrayIndex(_ value: ImportValue) throws(ImportSkip) -> Int {
    guard case .number(let n) = value, let k = Int(exactly: n) else {
      throw skip("an index is a whole number")
    }
    return k
  }

  /// What an `append` call's argument adds: the value, or each of `contentsOf:`'s.
  private func appended(_ argument: Range<Int>) throws(ImportSkip) -> [ImportValue] {
    guard argument.count > 2, tokens[argument.lowerBound].isIdentifier("contentsOf"),
      tokens[argument.lowerBound + 1].isPunctuation(":")
    else { return [try expression(argument)] }
    let more = try expression((argument.lowerBound + 2)..<argument.upperBound)
    guard case .array(let items) = more else {
      throw skip("append(contentsOf:) takes an array, not \(more.kindName)")
    }
    return items
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
    guard let updated = try withField(held, fields[...], value, at: first) else { return false }
    bind(first.text, updated)
    return true
  }

  /// `old` (a point, size or rect) with the field at `path` (`x`, `size.width`,
  /// `origin.y`) set to `value`; nil when `old` has no such field. What an assignment to a
  /// field gives, of a local value or of a layer's property (`emitter.emitterPosition.x = 40`).
  private func withField(
    _ old: ImportValue, _ path: ArraySlice<String>, _ value: ImportValue, at: SourceToken
  ) throws(ImportSkip) -> ImportValue? {
    func number(_ v: ImportValue) throws(ImportSkip) -> Double { try self.number(v, at: at) }
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
      guard case .point(let p)? = try withField(.point(r.origin), rest, value, at: at) else {
        return nil
      }
      return .rect(Rect(p.x, p.y, r.size.width, r.size.height))
    case (.rect(let r), "size"):
      guard case .size(let z)? = try withField(.size(r.size), rest, value, at: at) else {
        return nil
      }
      return .rect(Rect(r.origin.x, r.origin.y, z.width, z.height))
    case (.record(let type, var fields), _):
      // `self.rate = rate` in a struct's initializer, `config.rate = 4`: the field.
      if rest.isEmpty {
        fields[field] = value
      } else {
        guard let old = fields[field], let new = try withField(old, rest, value, at: at) else {
          return nil
        }
        fields[field] = new
      }
      return .record(type: type, fields: fields)
    default: return nil
    }
  }

  /// `x.p = x.p - 0.1` (`+`, `*`, `/`): the compound word (`-=`) and its operand, when the
  /// right side is the left side, one operator and an operand without operators of its own at
  /// the top (`(a + b)` is one), so that the two mean the same.
  func selfUpdate(_ lhs: Range<Int>, _ rhs: Range<Int>) -> (String, Range<Int>)? {
    let n = lhs.count
    guard n >= 3, rhs.count > n + 1,
      zip(tokens[lhs], tokens[rhs.prefix(n)]).allSatisfy({
        $0.kind == $1.kind && $0.text == $1.text
      })
    else { return nil }
    let o = tokens[rhs.lowerBound + n]
    guard o.kind == .punctuation, ["+", "-", "*", "/"].contains(o.text) else { return nil }
    let operand = (rhs.lowerBound + n + 1)..<rhs.upperBound
    let operators = ["+", "-", "*", "/", "%", "?", "??", "<", ">", "==", "&&", "||"]
    guard
      topLevelIndex(
        in: operand,
        where: { t in
          t.kind == .punctuation && operators.contains(t.text)
        }) == nil || (operand.count == 2 && tokens[operand.lowerBound].isPunctuation("-"))
    else { return nil }
    return (o.text + "=", operand)
  }

  /// The fields of a point or size that code assigns one at a time (`position.x = 40`).
  static let pairFields: Set<String> = ["x", "y", "width", "height"]

  /// An assignment's target written `RECEIVER.PROPERTY` (`.` or `?.`), or
  /// `RECEIVER.PROPERTY.FIELD` for a field of a point or size (`emitter.emitterPosition.x`):
  /// the receiver's tokens, the property's token and the field. Nil for any other shape.
  func memberTarget(_ lhs: Range<Int>) -> (receiver: Range<Int>, property: Int, field: String?)? {
    func isDot(_ k: Int) -> Bool {
      tokens[k].isPunctuation(".") || tokens[k].isPunctuation("?.")
    }
    let last = lhs.upperBound - 1
    guard lhs.count >= 3, tokens[last].kind == .identifier, isDot(last - 1) else { return nil }
    if Self.pairFields.contains(tokens[last].text), lhs.count >= 5,
      tokens[last - 2].kind == .identifier, isDot(last - 3)
    {
      return (lhs.lowerBound..<(last - 3), last - 2, tokens[last].text)
    }
    return (lhs.lowerBound..<(last - 1), last, nil)
  }

  /// The layer or cell and the property that `RECEIVER.NAME` changes in an action or a block,
  /// when code outside the block made it (the block's own objects' values are known), it is
  /// no view, and the property is one the code can set.
  func blockProperty(_ receiver: Range<Int>, _ name: SourceToken) -> (Int, PropertyInfo)? {
    guard case .object(let o)? = try? expression(receiver), !gathering(o), objects[o].view == nil,
      let info = Self.info(name.text, of: objects[o].kind), info.writable
    else { return nil }
    return (o, info)
  }

  /// `emitter.birthRate -= 0.25` (`+=`, `*=`, `/=`) in an action or a scheduled block, on a
  /// number property of a layer or cell that code outside the block made: `set PATH -= 0.25`,
  /// so each run (each tick of a repeating timer) changes the value again, as on iOS. In the
  /// setup, and on an object the block itself makes, the result is known and is set as it is.
  /// `result` is what one run gives, which the rest of the block reads.
  func compoundStep(_ lhs: Range<Int>, op: String, operand: ImportValue, result: ImportValue)
    throws(ImportSkip) -> Bool
  {
    guard !recording.isEmpty, case .number(let n) = operand, n.isFinite,
      SceneCommands.compoundWords.contains(where: { $0.word == op }),
      let target = memberTarget(lhs),
      let (o, info) = blockProperty(target.receiver, tokens[target.property])
    else { return false }
    let field = target.field
    let at = tokens[target.property]
    var value = result
    switch (info.kind, field) {
    case (.number, nil), (.angle, nil), (.integer, nil): break
    case (.point, .some(let f)), (.size, .some(let f)):
      // What the rest of the block reads: the whole value with that field changed.
      guard let whole = try? member(.object(o), info.name, at: at),
        let updated = try? withField(whole, [f], result, at: at)
      else { return false }
      value = updated
    default: return false
    }
    try record(
      o,
      ImportAssignment(
        key: info.name + (field.map { "." + $0 } ?? ""),
        text: "\(op) \(ValueFormatting.number(n))", value: value,
        at: tokens[current.lowerBound], statement: program.snippet(current)))
    return true
  }

  /// A local copy of a point or size property of a layer the block did not make (`CGPoint p =
  /// emitter.emitterPosition;`, Objective-C's way to change a struct property), in an action or
  /// a block: kept with the compound changes made to its fields (`p.x += 1`), so that writing
  /// it back (`emitter.emitterPosition = p`) is `set … .x += 1`, each run moving it again.
  func noteCopy(_ name: String, _ rhs: Range<Int>) {
    localCopies[name] = nil
    guard !recording.isEmpty, let target = memberTarget(rhs), target.field == nil,
      let (o, info) = blockProperty(target.receiver, tokens[target.property])
    else { return }
    switch info.kind {
    case .point, .size: localCopies[name] = (o, info.name, [])
    default: return
    }
  }

  /// `emitter.emitterPosition = p` of a local copy (`noteCopy`) of that same property whose
  /// fields only compound assignments changed: those changes, as `set PATH.x += 1` steps.
  func writeBackCopy(_ lhs: Range<Int>, _ rhs: Range<Int>) throws(ImportSkip) -> Bool {
    guard rhs.count == 1, let copy = localCopies[tokens[rhs.lowerBound].text],
      !copy.deltas.isEmpty, let target = memberTarget(lhs), target.field == nil,
      tokens[target.property].text == copy.property,
      case .object(copy.object)? = try? expression(target.receiver)
    else { return false }
    let whole = try expression(rhs)
    for d in copy.deltas {
      try record(
        copy.object,
        ImportAssignment(
          key: copy.property + "." + d.field, text: "\(d.op) \(ValueFormatting.number(d.n))",
          value: whole, at: tokens[current.lowerBound], statement: program.snippet(current)))
    }
    localCopies[tokens[rhs.lowerBound].text] = nil
    return true
  }

  /// The stored property of the file's own type that `lhs` names (`trail`, `self.trail`,
  /// `_trail` in Objective-C), when no local of that name hides it.
  private func storedTarget(_ lhs: Range<Int>) -> String? {
    var r = lhs
    if r.count == 3, tokens[r.lowerBound].isIdentifier("self"),
      tokens[r.lowerBound + 1].isPunctuation(".")
    {
      r = (r.lowerBound + 2)..<r.upperBound
    }
    guard r.count == 1, tokens[r.lowerBound].kind == .identifier else { return nil }
    let word = tokens[r.lowerBound].text
    let name = word.count > 1 && word.hasPrefix("_") ? String(word.dropFirst()) : word
    guard frames.last?[word] == nil,
      program.properties.contains(where: { ($0.name == name || $0.name == word) && reaches($0) })
    else { return nil }
    return name
  }

  /// The class whose method is running, if any.
  var runningClass: String? {
    runningFunctions.last.flatMap { program.functions[$0].declaringType }
  }

  /// The function `name` (taking `labels`; Objective-C: the selector `name`) that the
  /// superclass of the running method's class declares in the file, or a class above it:
  /// what `super.name(…)` (`[super name…]`) runs. nil when UIKit's is meant.
  func superFunction(_ name: String, labels: [String]?) -> Int? {
    guard let owner = runningClass else { return nil }
    var type = program.superclasses[owner]
    var seen: Set<String> = [owner]
    while let t = type, seen.insert(t).inserted {
      if let f = program.functions.indices.first(where: {
        let g = program.functions[$0]
        guard g.declaringType == t else { return false }
        if let labels { return g.name == name && g.binding(labels: labels) != nil }
        return g.signature == name
      }) {
        return f
      }
      type = program.superclasses[t]
    }
    return nil
  }

  /// The target and compound operator (`+=`, `-=`) of an increment or decrement statement
  /// (`x++`, `++x`, `x--`, `--x`: the tokenizer's two adjacent `+` or `-`); nil otherwise.
  func incrementStatement(_ s: Range<Int>) -> (Range<Int>, String)? {
    guard s.count >= 3 else { return nil }
    func pair(_ k: Int) -> String? {
      let (a, b) = (tokens[k], tokens[k + 1])
      guard a.kind == .punctuation, a.text == b.text, ["+", "-"].contains(a.text),
        a.line == b.line, b.column == a.column + 1
      else { return nil }
      return a.text + "="
    }
    if let op = pair(s.upperBound - 2) {
      return (s.lowerBound..<(s.upperBound - 2), op)
    }
    if let op = pair(s.lowerBound) {
      return ((s.lowerBound + 2)..<s.upperBound, op)
    }
    return nil
  }

  /// `byName["spark"] = cell`, `colors[2] = .red` (Objective-C `dict[@"k"] = v` too): the
  /// dictionary with that key set (`nil` removes it) or the array with that item replaced,
  /// assigned back to what holds it. False when `lhs` is no subscript of a dictionary or array.
  private func assignItem(_ lhs: Range<Int>, _ value: ImportValue) throws(ImportSkip) -> Bool {
    guard tokens[lhs.upperBound - 1].isPunctuation("]"),
      let open = lhs.first(where: {
        tokens[$0].isPunctuation("[") && program.closing($0, in: lhs) == lhs.upperBound - 1
      }),
      open > lhs.lowerBound
    else { return false }
    let base = lhs.lowerBound..<open
    switch try expression(base) {
    case .record(let type, var fields) where type == Self.dictionaryType:
      let key = try itemKey(try expression((open + 1)..<(lhs.upperBound - 1)))
      Self.store(value, at: key, in: &fields)
      try assign(base, op: "=", value: .record(type: type, fields: fields))
    case .array(var items):
      guard case .number(let n) = try expression((open + 1)..<(lhs.upperBound - 1)) else {
        throw skip("an array's index is a number", tokens[open])
      }
      // The index rule of reads (`item(of:at:)`): a C quotient truncates.
      items[try place(in: items, of: n, tokens[open])] = value
      try assign(base, op: "=", value: .array(items))
    default:
      return false
    }
    return true
  }

  func assign(_ lhs: Range<Int>, op: String, value: ImportValue) throws(ImportSkip) {
    guard !lhs.isEmpty else { throw skip("an assignment without a target") }
    // What a local copy of a layer's point or size is changed by (`noteCopy`).
    let target = tokens[lhs.lowerBound].text
    if lhs.count == 1 {
      localCopies[target] = nil
    } else if localCopies[target] != nil {
      let field = tokens[lhs.upperBound - 1].text
      if lhs.count == 3, tokens[lhs.lowerBound + 1].isPunctuation("."),
        Self.pairFields.contains(field), op != "=", case .number(let n) = value,
        n.isFinite
      {
        localCopies[target]?.deltas.append((field, op, n))
      } else {
        localCopies[target] = nil
      }
    }
    let last = tokens[lhs.upperBound - 1]
    var v = value
    if op != "=" {
      let old = try expression(lhs)
      v = try arithmetic(String(op.dropLast()), old, value, at: tokens[lhs.lowerBound])
      if try compoundStep(lhs, op: op, operand: value, result: v) { return }
    }
    if try assignField(lhs, v) { return }
    if lhs.count == 1, last.kind == .identifier {
      let isProperty = program.properties.contains { $0.name == last.text && reaches($0) }
      if frames.last?[last.text] == nil, isProperty {
        usedProperties.insert(last.text)  // `comet = CAEmitterLayer()` sets the stored property
      }
      let declared = frames.last?[last.text] != nil || instance[last.text] != nil || isProperty
      if !declared, case .object(let o)? = frames.last?["self"],
        Self.info(last.text, of: objects[o].kind) != nil
          || (objects[o].kind == .emitter && last.text == "emitterCells")
          || (objects[o].kind == .cell && last.text == "emitterCells")
      {
        // `emitterCells = [cell]` in an extension's initializer: the new object's property.
        try setProperty(.object(o), last.text, v, at: last)
        return
      }
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
    if try assignItem(lhs, v) { return }
    guard let target = memberTarget(lhs) else {
      throw skip(
        "only NAME = VALUE, OBJECT.PROPERTY = VALUE and NAME[KEY] = VALUE assignments are read")
    }
    if target.field != nil, case .object(let o) = try expression(target.receiver) {
      // `emitter.emitterPosition.x = 40`: the point (size) with that component changed.
      let property = tokens[target.property].text
      let old = try member(.object(o), property, at: last)
      guard let updated = try withField(old, [last.text], v, at: last) else {
        throw skip("\(property) has no part '\(last.text)' that is set here", last)
      }
      try setProperty(.object(o), property, updated, at: last)
      return
    }
    if let setter = customSetter(lhs) {
      // `self.preset = p` of a property whose setter the file writes (`-setPreset:`): the
      // setter runs, as Objective-C's dot syntax sends it; the value is kept as well, for
      // what reads the property where its getter cannot be followed.
      called.insert(setter)
      _ = try call(setter, args: [v], at: last)
    }
    let receiver = try expression(lhs.lowerBound..<(lhs.upperBound - 2))
    try setProperty(receiver, last.text, v, at: last)
  }

  /// The Objective-C setter the file writes for `self.NAME` (`-setNAME:`, its first letter
  /// capitalised), when `lhs` is that and the setter is not the method running (inside it,
  /// `self.name = …` would call itself again; the file's own setters assign `_name`).
  func customSetter(_ lhs: Range<Int>) -> Int? {
    guard program.language == .objc, lhs.count == 3, tokens[lhs.lowerBound].isIdentifier("self"),
      tokens[lhs.lowerBound + 1].isPunctuation("."),
      case let name = tokens[lhs.upperBound - 1].text, !name.isEmpty
    else { return nil }
    let signature = Self.setterName(of: name) + ":"
    guard let f = program.functions.firstIndex(where: { $0.signature == signature }),
      !runningFunctions.contains(f)
    else { return nil }
    return f
  }

  /// A stand-in for cells that cannot be read here, mostly made in another file of the app
  /// (`emitter.emitterCells = ConfettiFactory.cells()`): one cell whose image, colour and fall
  /// come from the words of the statement (the role table of `ImportNames.builtinImage(for:)`),
  /// so that the effect the file sets up shows something like what its author saw; the
  /// warning says why the cells were not read.
  func standInCells(_ lhs: Range<Int>, _ rhs: Range<Int>, why: String) throws(ImportSkip)
    -> ImportValue?
  {
    // `e.emitterCells =` with nothing after it (a file cut short): no cells to stand in for.
    guard !rhs.isEmpty else { return nil }
    // The target's name tells the role too (`leavesLayer.emitterCells = @[cell]`).
    let words = tokens[lhs.lowerBound..<rhs.upperBound].filter {
      $0.kind == .identifier || $0.kind == .string
    }.map(\.text)
    return try standInCells(words: words, at: tokens[rhs.lowerBound], why: why)
  }

  /// The stand-in cell of `standInCells(_:_:why:)` for a statement whose words are `words`.
  func standInCells(words: [String], at: SourceToken, why: String) throws(ImportSkip)
    -> ImportValue?
  {
    // Else the method's, its class's or the file's name (`reloadEmitter` of a
    // `SwiftyConfettiView` in `ConfettiView.swift`).
    let places = [
      words.joined(separator: " "),
      runningFunctions.last.map {
        [program.functions[$0].name, program.functions[$0].owner ?? ""].joined(separator: " ")
      } ?? "",
      fileName,
    ]
    let image =
      places.lazy.map(ImportNames.builtinImage(for:)).first { $0 != "dot" } ?? "dot"
    guard case .object(let c) = try create(.cell, at: at) else { return nil }
    let role = StandInCell.role(image: image)
    // Named as the one cell the file's key paths name (`"emitterCells.heart.birthRate"` of
    // an animation), when no cell of the file has that name: what animates it reaches it.
    var keyPathCells: Set<String> = []
    for t in tokens where t.kind == .string {
      for part in t.text.components(separatedBy: "emitterCells.").dropFirst() {
        let name = part.prefix { $0 != "." && $0 != "\"" }
        if !name.isEmpty { keyPathCells.insert(String(name)) }
      }
    }
    let named = objects.contains {
      $0.kind == .cell && keyPathCells.contains($0.explicitName ?? "")
    }
    objects[c].explicitName =
      keyPathCells.count == 1 && !named ? keyPathCells.first ?? "standIn" : "standIn"
    for (key, text) in role.values {
      objects[c].assignments.append(
        ImportAssignment(
          key: key, text: text, value: .void, at: at, statement: "a stand-in cell"))
    }
    warn(
      at,
      "the cells cannot be read here: a stand-in cell takes their place (the built-in"
        + " '\(image)', \(role.summary))", hint: why)
    return .array([.object(c)])
  }

  /// `CAEmitterLayer.heartEmitter(at: p, size: s)` (Objective-C: `[CAEmitterLayer
  /// heartEmitterAt:…]`), a factory of a category or extension in another file: a new
  /// emitter placed where its point argument says (sized by its size argument), holding a
  /// stand-in cell chosen from the factory's name (see `standInCells`). **(choice)** The
  /// factory's other settings are not known here; the warning says so.
  func foreignEmitterFactory(
    _ name: String, _ values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    let emitter = try create(.emitter, at: at)
    for value in values {
      switch value {
      case .point(let p): try setProperty(emitter, "emitterPosition", .point(p), at: at)
      case .size(let z): try setProperty(emitter, "emitterSize", .size(z), at: at)
      default: continue
      }
    }
    // The words of its line name the role too (`let heartEmitter = CAEmitterLayer.make(…)`).
    let line = tokens.filter { $0.line == at.line && $0.kind == .identifier }.map(\.text)
    if let cells = try standInCells(
      words: line + [name], at: at,
      why: (program.language == .objc ? "[CAEmitterLayer \(name)]" : "CAEmitterLayer.\(name)")
        + " is a factory of another file of the app: an emitter placed by its arguments stands"
        + " in for what it makes")
    {
      try setProperty(emitter, "emitterCells", cells, at: at)
    }
    return emitter
  }
}
