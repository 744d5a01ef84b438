/// A method, function, initializer or computed property found in the source.
struct SourceFunction: Sendable {
  /// The base name (`viewDidLoad`, `init`, `makeCell`), or for Objective-C the selector's first
  /// part without its colon (`initWithFrame`, `cellWithColor`).
  var name: String
  /// How messages name it: `makeCell(color:)`, `initWithFrame:`, `confetti` for a property.
  var signature: String
  /// The parameters' names inside the body, in order.
  var parameters: [String]
  /// The parameters' types as written (`UIView`, `CGPoint`, `Set<UITouch>`, `UIColor *`), in
  /// order; empty where the code gives none. What an import root is given (`ImportRoots`).
  var parameterTypes: [String] = []
  /// The tokens of each parameter's default value (`slowSnow: Bool = false`), nil for none.
  var parameterDefaults: [Range<Int>?] = []
  /// Whether it returns a value (`-> CAEmitterCell`, `- (CAEmitterCell *)…`, a computed
  /// property): such a function is a helper, not an action.
  var returnsValue: Bool
  /// A computed property (`var cell: CAEmitterCell { … }`), read without a call.
  var isProperty = false
  /// The token indices of the body, inside its braces.
  var body: Range<Int>
  /// The token that names it, for warnings.
  var at: SourceToken
  /// The type whose body or extension declares it (`UIColor` for `extension UIColor { init(hex:) }`),
  /// nil at the file's top level.
  var owner: String? = nil
}

/// A stored property or instance variable with an initializer (`let cell = CAEmitterCell()`,
/// `lazy var emitter: CAEmitterLayer = { … }()`), evaluated the first time code reads it.
struct SourceProperty: Sendable {
  var name: String
  /// The token indices of the initializer expression (after `=`).
  var initializer: Range<Int>
  var at: SourceToken
  /// The type whose body declares it, nil for an Objective-C instance variable.
  var owner: String? = nil
  /// The body of its `didSet` (else `willSet`) observer: what runs when code sets it.
  var observer: Range<Int>? = nil
}

/// The declarations of one Swift or Objective-C file: what the importer runs and what it only
/// reports. Found by a small structural scan, not a compiler: class, struct and extension
/// bodies, `@implementation … @end`, functions, initializers, methods, properties and
/// top-level statements.
struct SourceProgram: Sendable {
  var language: ImportLanguage
  var tokens: [SourceToken]
  var topLevel: [Range<Int>] = []
  var functions: [SourceFunction] = []
  var properties: [SourceProperty] = []
  /// Views a storyboard or a nib makes and connects (`@IBOutlet weak var box: UIView!`,
  /// `@property (weak) IBOutlet UIView *box;`): their names and their types.
  var outlets: [String: String] = [:]
  /// The properties an Objective-C file declares with `@property`; until the code gives one a
  /// value it is nil, as Objective-C's instance variables start.
  var objcProperties: Set<String> = []
  /// A view declares `layerClass` as `CAEmitterLayer`: its own layer is the emitter.
  var layerIsEmitter = false
  /// The file declares a subclass of `CAEmitterLayer` (`class Snow: CAEmitterLayer`,
  /// `@interface Snow : CAEmitterLayer`): `self` and its bare property names are the emitter.
  var selfIsEmitter = false
  /// The types the file declares or extends (`SnowGlobeView`, `HeartEmitter`).
  var typeNames: Set<String> = []
  /// The structs the file declares (`struct ConfettiType { … }`), made field by field.
  var structNames: Set<String> = []
  /// The cases of each enumeration the file declares, in order, with their raw values
  /// (`enum Snow: String { case a, b = "x" }`: a → "a", b → "x"; an `Int` enum counts from 0
  /// or from the last explicit value), for `allCases` and `rawValue`. Cases with associated
  /// values are left out.
  var enumCases: [String: [(name: String, raw: SourceToken?)]] = [:]
  /// The raw type each enumeration declares first (`String`, `Int`), if any.
  var enumRawTypes: [String: String] = [:]
  /// The methods the file's own control sends its events to (`[self addTarget:self
  /// action:@selector(boom:) …]`, `addTarget(self, action: #selector(boom), for: …)`): their
  /// `sender` is that control, the hosting view itself.
  var ownControlActions: Set<String> = []
  /// Declarations it could not read, with why.
  var skipped: [(at: SourceToken, message: String)] = []
  /// Conditional-compilation branches taken on a guess (`ConditionalCompilation`), with why.
  var compilationNotes: [(at: SourceToken, message: String)] = []
  /// Objective-C's `#define NAME VALUE` and `#define NAME(A, B) VALUE`: the parameters (nil
  /// for an object-like macro) and the tokens of the value, which the interpreter evaluates
  /// where the name is used.
  var macros: [String: (parameters: [String]?, body: Range<Int>)] = [:]
  /// Objective-C enumeration constants (`typedef NS_ENUM(NSInteger, Kind) { KindSmall,
  /// KindBig = 5 }`, `enum { … }`) and their values: 0, 1, … or as written.
  var objcEnumValues: [String: Double] = [:]

  /// A closure's capture list (`{ [weak self] in … }`, `{ [unowned self, cell] _ in … }`)
  /// says how the closure holds what it uses, which changes nothing here: the list goes, and
  /// with it an `in` that no parameters precede.
  static func withoutCaptureLists(_ tokens: [SourceToken]) -> [SourceToken] {
    var out: [SourceToken] = []
    out.reserveCapacity(tokens.count)
    var i = 0
    while i < tokens.count {
      out.append(tokens[i])
      guard tokens[i].isPunctuation("{"), i + 1 < tokens.count, tokens[i + 1].isPunctuation("[")
      else {
        i += 1
        continue
      }
      // `[` NAME-ish items `]`, then the parameters (if any) and `in`, on that line.
      var j = i + 2
      while j < tokens.count, j < i + 40,
        tokens[j].kind == .identifier
          || [",", ".", "=", "?"].contains(where: tokens[j].isPunctuation)
      {
        j += 1
      }
      guard j < tokens.count, j > i + 2, tokens[j].isPunctuation("]") else {
        i += 1
        continue
      }
      var k = j + 1
      while k < tokens.count, k < j + 40, !tokens[k].isIdentifier("in"), !tokens[k].startsLine,
        !tokens[k].isPunctuation("{"), !tokens[k].isPunctuation("}")
      {
        k += 1
      }
      guard k < tokens.count, tokens[k].isIdentifier("in") else {
        i += 1
        continue
      }
      // Keep the parameters and `in`; with none, drop `in` as well.
      i = k == j + 1 ? k + 1 : j + 1
    }
    return out
  }

  /// The constants of each Objective-C enumeration: `NS_ENUM(T, Name) { … }` (also
  /// `NS_OPTIONS`, `NS_CLOSED_ENUM`) and `enum [Name] { … }`. A value is counted on from the
  /// one before, or written: a number, `1 << n`, or an earlier constant.
  static func objcEnumerations(_ tokens: [SourceToken]) -> [String: Double] {
    var values: [String: Double] = [:]
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      let t = tokens[i]
      guard t.isIdentifier("enum") || ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM"].contains(t.text)
      else { continue }
      // The body's opening brace, a few tokens on (the type and name between).
      guard
        let open = (i + 1..<min(tokens.count, i + 12)).first(where: {
          tokens[$0].isPunctuation("{")
        }), !(i + 1..<open).contains(where: { tokens[$0].isPunctuation(";") })
      else { continue }
      var depth = 0
      var close = open
      for j in open..<tokens.count {
        if tokens[j].isPunctuation("{") { depth += 1 }
        if tokens[j].isPunctuation("}") { depth -= 1 }
        if depth == 0 {
          close = j
          break
        }
      }
      guard close > open else { continue }
      var next = 0.0
      var k = open + 1
      while k < close {
        var end = k
        while end < close, !tokens[end].isPunctuation(",") { end += 1 }
        if tokens[k].kind == .identifier {
          var value = next
          if k + 2 < end, tokens[k + 1].isPunctuation("=") {
            let expr = Array(tokens[(k + 2)..<end])
            func operand(_ s: SourceToken) -> Double? {
              s.kind == .number ? numberLiteral(s.text) : values[s.text]
            }
            if expr.count == 1, let v = operand(expr[0]) {
              value = v
            } else if expr.count == 3, expr[1].isPunctuation("<<"), let a = operand(expr[0]),
              let b = operand(expr[2]), b >= 0, b < 53
            {
              value = a * Double(1 << Int(b))
            } else if expr.count == 2, expr[0].isPunctuation("-"), let v = operand(expr[1]) {
              value = -v
            }
          }
          values[tokens[k].text] = value
          next = value + 1
        }
        k = end + 1
      }
      i = close
    }
    return values
  }

  /// A C integer or floating literal's value (`10`, `0x1F`, `2.5f`), nil when it is not one.
  static func numberLiteral(_ text: String) -> Double? {
    var t = text.lowercased().replacingOccurrences(of: "_", with: "")
    if t.hasPrefix("0x") {
      return UInt64(t.dropFirst(2).filter(\.isHexDigit), radix: 16).map(Double.init)
    }
    while let last = t.last, "ulf".contains(last) { t.removeLast() }
    return Double(t)
  }

  init(source: String, language: ImportLanguage) {
    self.language = language
    var notes: [(at: SourceToken, message: String)] = []
    tokens = ConditionalCompilation.resolve(SourceTokenizer.tokens(source), notes: &notes)
    compilationNotes = notes
    if language == .objc {
      // `self->_emitter`: an instance variable through the pointer, the same variable that
      // `_emitter` and `self._emitter` name here (blocks spell it so, to show they keep self).
      for i in tokens.indices where tokens[i].isPunctuation("->") { tokens[i].text = "." }
      objcEnumValues = Self.objcEnumerations(tokens)
    } else {
      tokens = Self.withoutCaptureLists(tokens)
    }
    scan(0..<tokens.count, inType: false)
    for i in tokens.indices.dropLast()
    where ["class", "struct", "enum", "extension", "actor", "@implementation", "@interface"]
      .contains(tokens[i].text) && tokens[i + 1].kind == .identifier
    {
      typeNames.insert(tokens[i + 1].text)
      // A Swift class that inherits from nothing holds data, as a struct does (a view or a
      // layer always has a superclass).
      let plainClass =
        language == .swift && tokens[i].text == "class" && i + 2 < tokens.count
        && tokens[i + 2].isPunctuation("{")
      if tokens[i].text == "struct" || plainClass { structNames.insert(tokens[i + 1].text) }
    }
    if !layerIsEmitter && !selfIsEmitter { selfIsEmitter = setsOwnEmitterProperties }
    scanEnumerations()
    scanOwnControlActions()
  }

  /// Fills `ownControlActions`: an `addTarget` sent to `self` (or bare, in Swift) with `self`
  /// as the target names its selector.
  private mutating func scanOwnControlActions() {
    for i in tokens.indices where tokens[i].isIdentifier("addTarget") {
      let objcSelf = i > 0 && tokens[i - 1].isIdentifier("self")
      let swiftSelf =
        (i == 0 || !tokens[i - 1].isPunctuation(".")
          || (i > 1 && tokens[i - 2].isIdentifier("self")))
        && i + 2 < tokens.count && tokens[i + 1].isPunctuation("(")
        && tokens[i + 2].isIdentifier("self")
      let objcTarget =
        i + 2 < tokens.count && tokens[i + 1].isPunctuation(":")
        && tokens[i + 2].isIdentifier("self")
      guard (objcSelf && objcTarget) || swiftSelf else { continue }
      guard
        let sel = (i..<min(tokens.count, i + 16)).first(where: {
          tokens[$0].isIdentifier("@selector") || tokens[$0].isIdentifier("#selector")
        }), sel + 2 < tokens.count
      else { continue }
      // `#selector(boom(_:))` or `#selector(Self.boom)`: the method's base name.
      var k = sel + 2
      while k + 2 < tokens.count, tokens[k + 1].isPunctuation("."),
        tokens[k + 2].kind == .identifier
      {
        k += 2
      }
      ownControlActions.insert(tokens[k].text)
    }
  }

  /// Fills `enumCases` and `enumRawTypes` from each `enum NAME[: RAW, …] { … }`.
  private mutating func scanEnumerations() {
    guard language == .swift else { return }
    for i in tokens.indices.dropLast() where tokens[i].isIdentifier("enum") {
      guard tokens[i + 1].kind == .identifier else { continue }
      let name = tokens[i + 1].text
      guard
        let open = (i + 2..<min(tokens.count, i + 40)).first(where: {
          tokens[$0].isPunctuation("{")
        })
      else { continue }
      if i + 3 < open, tokens[i + 2].isPunctuation(":"), tokens[i + 3].kind == .identifier {
        enumRawTypes[name] = tokens[i + 3].text
      }
      let close = closing(open, in: open..<tokens.count)
      var list: [(name: String, raw: SourceToken?)] = []
      var depth = 0
      var j = open + 1
      while j < close {
        let t = tokens[j]
        if t.isPunctuation("{") || t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
        if t.isPunctuation("}") || t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1 }
        if depth == 0, t.isIdentifier("case") {
          // `case a, b = 2, c`: names up to the end of the line.
          var k = j + 1
          while k < close, tokens[k].kind == .identifier {
            let caseName = tokens[k].text
            var raw: SourceToken? = nil
            var next = k + 1
            if next < close, tokens[next].isPunctuation("(") {
              next = closing(next, in: next..<close) + 1  // associated values: left out
              k = next
            } else {
              if next + 1 < close, tokens[next].isPunctuation("=") {
                raw = tokens[next + 1]
                next += 2
              }
              list.append((caseName, raw))
            }
            guard next < close, tokens[next].isPunctuation(","),
              !tokens[next + 1].startsLine
                || tokens[next + 1].kind == .identifier
            else {
              k = next
              break
            }
            k = next + 1
          }
          j = max(j + 1, k)
          continue
        }
        j += 1
      }
      if !list.isEmpty { enumCases[name] = list }
    }
  }

  /// Properties only an emitter layer has: `self.emitterShape = …` in a file that declares no
  /// class (an Objective-C `.m` whose `@interface` is in its header) says `self` is one.
  static let emitterOnly: Set<String> = [
    "emitterShape", "emitterPosition", "emitterSize", "emitterMode", "emitterCells",
    "renderMode", "emitterZPosition", "emitterDepth", "preservesDepth",
  ]

  /// Whether the code assigns an emitter-only property of `self` (`self.emitterCells = …`,
  /// `[self setEmitterCells:…]`) while no view of the file declares an emitter `layerClass`.
  private var setsOwnEmitterProperties: Bool {
    guard language == .objc else { return false }
    // `parentLayer = self;` then `parentLayer.emitterShape = …`: a name for `self`.
    var selves: Set<String> = ["self"]
    for i in tokens.indices.dropFirst().dropLast(2)
    where tokens[i].isPunctuation("=") && tokens[i + 1].isIdentifier("self")
      && tokens[i + 2].isPunctuation(";") && tokens[i - 1].kind == .identifier
    {
      selves.insert(tokens[i - 1].text)
    }
    // `Snow *layer = [Snow layer];` in Snow's own class factory: an instance of the class.
    let implemented = Set(
      tokens.indices.dropLast().filter { tokens[$0].isIdentifier("@implementation") }
        .map { tokens[$0 + 1].text })
    for i in tokens.indices.dropFirst().dropLast(3)
    where tokens[i].isPunctuation("=") && tokens[i - 1].kind == .identifier
      && tokens[i + 1].isPunctuation("[")
      && (implemented.contains(tokens[i + 2].text)
        || (tokens[i + 2].isPunctuation("[") && implemented.contains(tokens[i + 3].text)))
    {
      selves.insert(tokens[i - 1].text)
    }
    for i in tokens.indices.dropLast(3)
    where tokens[i].kind == .identifier && selves.contains(tokens[i].text) {
      if tokens[i + 1].isPunctuation("."), Self.emitterOnly.contains(tokens[i + 2].text),
        tokens[i + 3].isPunctuation("=")
      {
        return true
      }
      let setter = tokens[i + 1].text
      if setter.hasPrefix("set"), tokens[i + 2].isPunctuation(":") {
        let name = setter.dropFirst(3)
        if Self.emitterOnly.contains(name.prefix(1).lowercased() + name.dropFirst()) { return true }
      }
    }
    return false
  }

  // MARK: - Statements

  /// The index of the bracket closing the one at `open`, or the end of `range`.
  func closing(_ open: Int, in range: Range<Int>) -> Int {
    var depth = 0
    var i = open
    while i < range.upperBound {
      let t = tokens[i]
      if t.kind == .punctuation {
        if ["(", "[", "{"].contains(t.text) { depth += 1 }
        if [")", "]", "}"].contains(t.text) {
          depth -= 1
          if depth == 0 { return i }
        }
      }
      i += 1
    }
    return range.upperBound
  }

  /// Operators that, ending a line or starting the next, continue a Swift statement (and `?`
  /// starting a line: a ternary's; ending one it closes an optional type).
  private static let continuing: Set<String> = [
    ".", "?.", "=", "+", "-", "*", "/", ",", "&&", "||", "??", "==", "!=", "->", ":", "..<",
    "...", "+=", "-=", "*=", "/=", "<", ">", "<=", ">=",
  ]

  /// Splits a range of tokens into statements: Swift ends one at a line break (unless an
  /// operator, a dot or a bracket carries it on) or `;`; Objective-C at `;` or after a block's
  /// closing brace. Brackets nest, so a body stays in its statement.
  func statements(in range: Range<Int>) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var start = range.lowerBound
    var depth = 0
    var i = range.lowerBound
    func end(at j: Int, next: Int) {
      if start < j { out.append(start..<j) }
      start = next
    }
    while i < range.upperBound {
      let t = tokens[i]
      if depth == 0 && i > start {
        let prev = tokens[i - 1]
        switch language {
        case .swift:
          let carried =
            (prev.kind == .punctuation && Self.continuing.contains(prev.text))
            || (t.kind == .punctuation
              && (Self.continuing.contains(t.text) || t.text == "{" || t.text == "?"))
            || t.isIdentifier("else") || t.isIdentifier("where")
            || (prev.kind == .identifier && prev.text.hasPrefix("@"))
          if t.startsLine && !carried { end(at: i, next: i) }
        case .objc:
          let directive = t.kind == .identifier && t.text.hasPrefix("@") && t.startsLine
          let lineStatement =
            tokens[start].kind == .identifier
            && (tokens[start].text.hasPrefix("#")
              || ["@end", "@implementation", "@interface"]
                .contains(tokens[start].text))
          if directive || (lineStatement && t.startsLine) || (t.startsLine && t.text.hasPrefix("#"))
          {
            end(at: i, next: i)
          } else if prev.isPunctuation("}") && !t.isIdentifier("else") && !t.isPunctuation(";")
            && !t.isPunctuation(")") && !t.isPunctuation(",") && !t.isPunctuation("(")
            && !(t.isIdentifier("while") && tokens[start].isIdentifier("do"))
          {
            end(at: i, next: i)
          }
        }
      }
      if t.kind == .punctuation {
        switch t.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth = max(0, depth - 1)
        case ";" where depth == 0:
          end(at: i, next: i + 1)
        default: break
        }
      }
      i += 1
    }
    end(at: range.upperBound, next: range.upperBound)
    return out
  }

  /// The first `{` at bracket depth 0 in a range, if any.
  /// What the parentheses hold when `range` is one parenthesized group (C's `while (n < 3)`,
  /// `switch (mode)`, `for (id x in xs)`); else `range` itself.
  func unparenthesized(_ range: Range<Int>) -> Range<Int> {
    guard range.count >= 2, tokens[range.lowerBound].isPunctuation("("),
      closing(range.lowerBound, in: range) == range.upperBound - 1
    else { return range }
    return (range.lowerBound + 1)..<(range.upperBound - 1)
  }

  func firstBrace(in range: Range<Int>) -> Int? {
    var depth = 0
    for i in range {
      let t = tokens[i]
      guard t.kind == .punctuation else { continue }
      if t.text == "{" && depth == 0 { return i }
      if ["(", "["].contains(t.text) { depth += 1 }
      if [")", "]"].contains(t.text) { depth -= 1 }
    }
    return nil
  }

  // MARK: - Declarations

  /// Words that qualify a declaration and change nothing the importer does.
  static let modifiers: Set<String> = [
    "override", "private", "fileprivate", "public", "open", "internal", "final", "static",
    "lazy", "weak", "unowned", "required", "convenience", "dynamic", "mutating", "nonisolated",
    "optional", "indirect",
  ]

  private mutating func scan(_ range: Range<Int>, inType: Bool) {
    for s in statements(in: range) {
      switch language {
      case .swift: scanSwift(s, inType: inType)
      case .objc: scanObjC(s)
      }
    }
  }

  /// The type whose body is being scanned (`class X`, `extension UIColor`).
  private var owner: String? = nil

  private mutating func scanSwift(_ s: Range<Int>, inType: Bool) {
    var i = s.lowerBound
    while i < s.upperBound {
      let t = tokens[i]
      if t.kind == .identifier && t.text.hasPrefix("@") {
        i += 1
        if i < s.upperBound, tokens[i].isPunctuation("(") { i = closing(i, in: s) + 1 }
      } else if t.kind == .identifier && Self.modifiers.contains(t.text) {
        i += 1
        if i < s.upperBound, tokens[i].isPunctuation("(") { i = closing(i, in: s) + 1 }
      } else if t.isIdentifier("class"), i + 1 < s.upperBound,
        ["func", "var", "let"].contains(tokens[i + 1].text)
      {
        i += 1
      } else {
        break
      }
    }
    guard i < s.upperBound else { return }
    let head = tokens[i]
    switch head.kind == .identifier ? head.text : "" {
    case "import", "typealias", "protocol", "precedencegroup", "associatedtype":
      if head.text == "protocol" { skipped.append((head, "protocol \(name(after: i, in: s))")) }
    case "#Preview":
      break  // Xcode's canvas preview: not the app's code
    case "class", "struct", "extension", "enum", "actor":
      if let brace = firstBrace(in: (i + 1)..<s.upperBound),
        tokens[(i + 1)..<brace].contains(where: { $0.isIdentifier("PreviewProvider") })
      {
        break  // `struct X_Previews: PreviewProvider`: Xcode's canvas preview
      }
      if head.text == "class", i + 3 < s.upperBound, tokens[i + 2].isPunctuation(":"),
        tokens[i + 3].isIdentifier("CAEmitterLayer")
      {
        selfIsEmitter = true
      }
      if let brace = firstBrace(in: (i + 1)..<s.upperBound) {
        let outer = owner
        owner = i + 1 < s.upperBound ? tokens[i + 1].text : nil
        scan((brace + 1)..<closing(brace, in: s), inType: true)
        owner = outer
      }
    case "func", "init", "deinit":
      function(swift: i, in: s)
    case "var", "let":
      if inType {
        property(swift: i, in: s)
      } else {
        topLevel.append(s)
      }
    case "case":
      break
    default:
      if inType {
        skipped.append((head, "declaration '\(snippet(s))'"))
      } else {
        topLevel.append(s)
      }
    }
  }

  private func name(after i: Int, in s: Range<Int>) -> String {
    i + 1 < s.upperBound ? tokens[i + 1].text : ""
  }

  private mutating func function(swift i: Int, in s: Range<Int>) {
    let head = tokens[i]
    var j = i + 1
    var base = head.text
    if head.text == "func", j < s.upperBound {
      base = tokens[j].text
      j += 1
    }
    if head.text == "deinit" { return }
    while j < s.upperBound, !tokens[j].isPunctuation("(") { j += 1 }
    guard j < s.upperBound, let brace = firstBrace(in: j..<s.upperBound) else {
      skipped.append((head, "declaration '\(snippet(s))'"))
      return
    }
    let close = closing(j, in: s)
    guard close < brace else {
      // The parameters' `)` is missing or after the body's `{`: not a declaration to read.
      skipped.append((head, "declaration '\(snippet(s))'"))
      return
    }
    var labels: [String] = []
    var names: [String] = []
    var types: [String] = []
    var defaults: [Range<Int>?] = []
    // Each parameter: [label] name ':' type, separated by commas at depth 1.
    var k = j + 1
    while k < close {
      var end = k
      var depth = 0
      while end < close {
        let t = tokens[end]
        if t.kind == .punctuation {
          if ["(", "[", "<"].contains(t.text) { depth += 1 }
          if [")", "]", ">"].contains(t.text) { depth -= 1 }
          if t.text == "," && depth == 0 { break }
        }
        end += 1
      }
      let words = tokens[k..<end].prefix { !$0.isPunctuation(":") }.filter {
        $0.kind == .identifier
      }
      if let last = words.last {
        labels.append(words.first?.text ?? "_")
        names.append(last.text)
        let type = tokens[k..<end].drop { !$0.isPunctuation(":") }.dropFirst()
          .prefix { !$0.isPunctuation("=") }
        types.append(type.map(\.text).joined())
        let eq = tokens[k..<end].firstIndex { $0.isPunctuation("=") }
        defaults.append(eq.map { ($0 + 1)..<end })
      }
      k = end + 1
    }
    let returns = tokens[close..<brace].contains { $0.isPunctuation("->") }
    let signature = base + "(" + labels.map { $0 + ":" }.joined() + ")"
    functions.append(
      SourceFunction(
        name: base, signature: signature, parameters: names, parameterTypes: types,
        parameterDefaults: defaults, returnsValue: returns,
        body: (brace + 1)..<closing(brace, in: s),
        at: tokens[head.text == "func" ? i + 1 : i], owner: owner))
  }

  private mutating func property(swift i: Int, in s: Range<Int>) {
    guard i + 1 < s.upperBound, tokens[i + 1].kind == .identifier else {
      skipped.append((tokens[i], "declaration '\(snippet(s))'"))
      return
    }
    let nameToken = tokens[i + 1]
    var depth = 0
    for j in (i + 2)..<s.upperBound {
      let t = tokens[j]
      guard t.kind == .punctuation else { continue }
      if t.text == "=" && depth == 0 {
        // `var on = false { didSet { … } }`: the value, then its observers.
        var end = s.upperBound
        var observer: Range<Int>? = nil
        var d = 0
        for k in (j + 1)..<s.upperBound {
          if tokens[k].kind == .punctuation, ["(", "["].contains(tokens[k].text) { d += 1 }
          if tokens[k].kind == .punctuation, [")", "]"].contains(tokens[k].text) { d -= 1 }
          if d == 0, tokens[k].isPunctuation("{"), let body = observerBody(k, in: s) {
            (end, observer) = (k, body)
            break
          }
        }
        properties.append(
          SourceProperty(
            name: nameToken.text, initializer: (j + 1)..<end, at: nameToken, owner: owner,
            observer: observer))
        return
      }
      if t.text == "{" && depth == 0, let body = observerBody(j, in: s) {
        // `override var isSelected: Bool { didSet { … } }`: a stored property with observers.
        properties.append(
          SourceProperty(
            name: nameToken.text, initializer: s.upperBound..<s.upperBound, at: nameToken,
            owner: owner, observer: body))
        return
      }
      if t.text == "{" && depth == 0 {
        // A computed property: `var layerClass: AnyClass { CAEmitterLayer.self }` or a getter.
        let body = (j + 1)..<closing(j, in: s)
        if nameToken.text == "layerClass" {
          layerIsEmitter = tokens[body].contains { $0.isIdentifier("CAEmitterLayer") }
          return
        }
        var inner = body
        if let get = tokens[body].firstIndex(where: { $0.isIdentifier("get") }),
          get + 1 < body.upperBound, tokens[get + 1].isPunctuation("{")
        {
          inner = (get + 2)..<closing(get + 1, in: body)
        }
        functions.append(
          SourceFunction(
            name: nameToken.text, signature: nameToken.text, parameters: [], returnsValue: true,
            isProperty: true, body: inner, at: nameToken, owner: owner))
        return
      }
      if ["(", "[", "<"].contains(t.text) { depth += 1 }
      if [")", "]", ">"].contains(t.text) { depth -= 1 }
    }
    // Declared without a value (`@IBOutlet var tableView: UITableView!`): set from outside
    // the code unless the code assigns it.
    if tokens[s.lowerBound..<i].contains(where: { $0.text == "@IBOutlet" }),
      i + 3 < s.upperBound, tokens[i + 2].isPunctuation(":"), tokens[i + 3].kind == .identifier
    {
      outlets[nameToken.text] = tokens[i + 3].text
    }
    properties.append(
      SourceProperty(
        name: nameToken.text, initializer: s.upperBound..<s.upperBound, at: nameToken,
        owner: owner))
  }

  /// The body of the `didSet` (else `willSet`) in the block opening at `open`, when the block
  /// holds observers (`{ didSet { … } }`, `{ willSet(new) { … } }`).
  private func observerBody(_ open: Int, in s: Range<Int>) -> Range<Int>? {
    let close = closing(open, in: s)
    guard open + 1 < close,
      tokens[open + 1].isIdentifier("didSet") || tokens[open + 1].isIdentifier("willSet")
    else { return nil }
    var found: Range<Int>? = nil
    var k = open + 1
    while k < close {
      let word = tokens[k].text
      k += 1
      if k < close, tokens[k].isPunctuation("(") { k = closing(k, in: s) + 1 }
      guard k < close, tokens[k].isPunctuation("{") else { break }
      let end = closing(k, in: s)
      if word == "didSet" || found == nil { found = (k + 1)..<end }
      k = end + 1
    }
    return found
  }

  private mutating func scanObjC(_ s: Range<Int>) {
    let head = tokens[s.lowerBound]
    switch head.text {
    case "@implementation":
      return
    case "@property":
      // `@property (nonatomic, weak) IBOutlet UIView *box;`: its name is the last word.
      let words = tokens[s].filter { $0.kind == .identifier }
      guard let name = words.last else { return }
      objcProperties.insert(name.text)
      if words.contains(where: { $0.text == "IBOutlet" }), words.count >= 2 {
        outlets[name.text] = words[words.count - 2].text
      }
      return
    case "@end", "@synthesize", "@dynamic", "@import", "@class", "@protocol":
      return
    case "@interface":
      if s.count >= 4, tokens[s.lowerBound + 2].isPunctuation(":"),
        tokens[s.lowerBound + 3].isIdentifier("CAEmitterLayer")
      {
        selfIsEmitter = true
      }
      return
    default:
      break
    }
    if head.text == "#define" { define(s) }
    if head.text.hasPrefix("#") { return }
    // A brace block at file level follows `@interface Name ()` or `@implementation Name`: the
    // instance variables (`{ CAEmitterLayer *_emitter; }`), declarations with no value, which
    // the methods assign and read like any variable.
    if head.isPunctuation("{") { return }
    if head.isPunctuation("-") || head.isPunctuation("+") {
      method(objc: s)
      return
    }
    if head.text == "static" || head.text == "extern",
      tokens[s].contains(where: { $0.isPunctuation("=") }), firstBrace(in: s) == nil
    {
      // `static NSString * const kName = @"flake";`: a constant the file's code reads.
      topLevel.append(s)
      return
    }
    if ["static", "inline", "extern"].contains(head.text), s.count > 1 {
      // `static CAEmitterCell *MakeCell(UIColor *color) { … }`: a C function of the file.
      var k = s.lowerBound
      while k < s.upperBound, ["static", "inline", "extern", "__inline__"].contains(tokens[k].text)
      {
        k += 1
      }
      if k < s.upperBound, function(c: k..<s.upperBound) { return }
    }
    if ["typedef", "static", "extern", "enum"].contains(head.text) {
      // A type, or storage declared without a value (`static char kKey;`): nothing to build.
      // An enumeration's constants are read apart (`objcEnumValues`).
      return
    }
    if function(c: s) { return }
    topLevel.append(s)
  }

  /// A C function definition, `void BuildBurstScene(UIView *view) { … }` (the return type
  /// may be a pointer or generic: `NSDictionary<…> *F(…)`): a function like a method, its
  /// parameters named by the last word of each.
  private mutating func function(c s: Range<Int>) -> Bool {
    guard s.count > 4, tokens[s.lowerBound].kind == .identifier, let brace = firstBrace(in: s)
    else { return false }
    // The name is the word before the parameters' `(`, after the return type.
    var i = s.lowerBound + 1
    if tokens[i].isPunctuation("<") {
      var depth = 0
      while i < brace {
        if tokens[i].isPunctuation("<") { depth += 1 }
        if tokens[i].isPunctuation(">") { depth -= 1 }
        i += 1
        if depth == 0 { break }
      }
    }
    while i < brace, tokens[i].isPunctuation("*") { i += 1 }
    guard i + 1 < brace, tokens[i].kind == .identifier, tokens[i + 1].isPunctuation("(") else {
      return false
    }
    let start = i - 1
    let close = closing(start + 2, in: s)
    guard close + 1 == brace else { return false }
    var names: [String] = []
    var types: [String] = []
    var words: [String] = []
    func finish() {
      guard let l = words.last else { return }
      names.append(l)
      types.append(words.dropLast().joined(separator: " "))
      words = []
    }
    for t in tokens[(start + 3)..<close] {
      if t.isPunctuation(",") {
        finish()
      } else if (t.kind == .identifier && t.text != "void") || t.isPunctuation("*") {
        words.append(t.text)
      }
    }
    finish()
    functions.append(
      SourceFunction(
        name: tokens[start + 1].text, signature: tokens[start + 1].text, parameters: names,
        parameterTypes: types,
        returnsValue: tokens[s.lowerBound].text != "void",
        body: (brace + 1)..<closing(brace, in: s),
        at: tokens[start + 1]))
    return true
  }

  /// `- (CAEmitterCell *)cellWithColor:(UIColor *)color scale:(CGFloat)s { … }`.
  private mutating func method(objc s: Range<Int>) {
    let head = tokens[s.lowerBound]
    guard let brace = firstBrace(in: s) else { return }  // a declaration in @interface
    var j = s.lowerBound + 1
    var returns = false
    if j < brace, tokens[j].isPunctuation("(") {
      let close = closing(j, in: s)
      let type = tokens[(j + 1)..<close].map(\.text)
      returns = type != ["void"] && type != ["IBAction"]
      j = close + 1
    }
    var parts: [String] = []
    var names: [String] = []
    var types: [String] = []
    var nameToken = head
    while j < brace {
      guard tokens[j].kind == .identifier else {
        j += 1
        continue
      }
      if parts.isEmpty { nameToken = tokens[j] }
      let part = tokens[j].text
      j += 1
      if j < brace, tokens[j].isPunctuation(":") {
        parts.append(part + ":")
        j += 1
        var type = ""
        if j < brace, tokens[j].isPunctuation("(") {
          let close = closing(j, in: s)
          type = tokens[(j + 1)..<close].map(\.text).joined(separator: " ")
          j = close + 1
        }
        if j < brace, tokens[j].kind == .identifier {
          names.append(tokens[j].text)
          types.append(type)
          j += 1
        }
      } else {
        parts.append(part)
        break
      }
    }
    guard let first = parts.first else { return }
    let body = (brace + 1)..<closing(brace, in: s)
    if first == "layerClass" {
      layerIsEmitter = tokens[body].contains { $0.isIdentifier("CAEmitterLayer") }
      return
    }
    functions.append(
      SourceFunction(
        name: first.hasSuffix(":") ? String(first.dropLast()) : first,
        signature: parts.joined(), parameters: names, parameterTypes: types,
        returnsValue: returns, body: body, at: nameToken))
  }

  /// Records a `#define` (the statement holds its line): `NAME VALUE`, or `NAME(A, B) VALUE`
  /// when the `(` follows the name without a space.
  private mutating func define(_ s: Range<Int>) {
    guard s.count >= 3, tokens[s.lowerBound + 1].kind == .identifier else { return }
    let name = tokens[s.lowerBound + 1]
    var start = s.lowerBound + 2
    var parameters: [String]? = nil
    let open = tokens[start]
    if open.isPunctuation("("), open.line == name.line,
      open.column == name.column + name.text.count
    {
      let close = closing(start, in: s)
      parameters = tokens[(start + 1)..<close].filter { $0.kind == .identifier }.map(\.text)
      start = close + 1
    }
    guard start < s.upperBound else { return }
    macros[name.text] = (parameters, start..<s.upperBound)
  }

  // MARK: - Text

  /// A statement as one line of at most about 60 characters, for warnings.
  func snippet(_ range: Range<Int>) -> String {
    var out = ""
    var previous: SourceToken? = nil
    for t in tokens[range] {
      if let p = previous, needsSpace(p, t) { out += " " }
      switch t.kind {
      case .string: out += (language == .objc ? "@\"" : "\"") + t.text + "\""
      default: out += t.text
      }
      previous = t
      if out.count > 60 { return String(out.prefix(57)) + "…" }
    }
    return out
  }

  private func needsSpace(_ a: SourceToken, _ b: SourceToken) -> Bool {
    let tight: Set<String> = [".", "?.", "(", "[", ")", "]", ",", ":", "!", "?", ";"]
    if b.kind == .punctuation && tight.contains(b.text) {
      // After an operator, a `.member` or `[…]` starts a new operand: `= .circle`, `= [a]`.
      let opens: Set<String> = ["(", "[", ".", "?.", ")", "]", "!", "?", "@", "^"]
      return [".", "["].contains(b.text) && a.kind == .punctuation && !opens.contains(a.text)
    }
    if a.kind == .punctuation && [".", "?.", "(", "[", "@", "^"].contains(a.text) { return false }
    if a.isPunctuation("-"), b.kind == .number { return false }
    return true
  }
}
