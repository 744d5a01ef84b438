/// The declarations `SourceProgram` finds in a file: Swift's types, functions, properties
/// and observers; Objective-C's methods, C functions and `#define`s.
extension SourceProgram {
  /// Objective-C's nullability, constness and ownership qualifiers: not part of a type's name
  /// (`(nonnull GOConfig *)config` is a `GOConfig *`).
  static let typeQualifiers: Set<String> = [
    "nonnull", "nullable", "null_unspecified", "_Nonnull", "_Nullable", "_Null_unspecified",
    "__nonnull", "__nullable", "const", "__kindof", "__weak", "__strong", "__unsafe_unretained",
    "__autoreleasing", "__block",
  ]

  mutating func scan(_ range: Range<Int>, inType: Bool) {
    let list = statements(in: range)
    var n = 0
    while n < list.count {
      var s = list[n]
      n += 1
      // `- (CAEmitterCell *)cell:(int)n;{ … }`: a `;` before a method's body is allowed in
      // Objective-C; the signature and the brace block after it are one definition.
      if language == .objc, n < list.count,
        tokens[s.lowerBound].isPunctuation("-")
          || tokens[s.lowerBound].isPunctuation("+"), firstBrace(in: s) == nil,
        tokens[list[n].lowerBound].isPunctuation("{"),
        (s.upperBound..<list[n].lowerBound).allSatisfy({ tokens[$0].isPunctuation(";") })
      {
        s = s.lowerBound..<list[n].upperBound
        n += 1
      }
      switch language {
      case .swift: scanSwift(s, inType: inType)
      case .objc: scanObjC(s)
      }
    }
  }

  mutating func scanSwift(_ s: Range<Int>, inType: Bool) {
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
          || Self.modifiers.contains(tokens[i + 1].text)
      {
        // `class func`, and Swift's other order of modifiers: `class open func`.
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
        // `extension Confetti.Shape`: the members are the nested type's.
        var named = i + 1
        while named + 2 < brace, tokens[named + 1].isPunctuation("."),
          tokens[named + 2].kind == .identifier
        {
          named += 2
        }
        owner = named < s.upperBound ? tokens[named].text : nil
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

  func name(after i: Int, in s: Range<Int>) -> String {
    i + 1 < s.upperBound ? tokens[i + 1].text : ""
  }

  mutating func function(swift i: Int, in s: Range<Int>) {
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
    let body = (brace + 1)..<closing(brace, in: s)
    functions.append(
      SourceFunction(
        name: base, signature: signature, parameters: names, parameterTypes: types,
        parameterDefaults: defaults, returnsValue: returns, body: body,
        at: tokens[head.text == "func" ? i + 1 : i], owner: owner))
    // Types the function declares in its body (`class ConfettiType { … }` inside an `init`):
    // their members are read as any type's of the file; the statement itself does nothing
    // when the body runs. (A function declared in the body is a local closure, read there.)
    for t in statements(in: body) {
      var k = t.lowerBound
      while k < t.upperBound, tokens[k].kind == .identifier,
        tokens[k].text.hasPrefix("@") || Self.modifiers.contains(tokens[k].text)
      {
        k += 1
      }
      if k + 1 < t.upperBound, Self.localTypeWords.contains(tokens[k].text),
        tokens[k].kind == .identifier, tokens[k + 1].kind == .identifier
      {
        scanSwift(t, inType: true)
      }
    }
  }

  /// The words that declare a type inside a function's body.
  static let localTypeWords: Set<String> = ["class", "struct", "enum", "actor"]

  mutating func property(swift i: Int, in s: Range<Int>) {
    guard i + 1 < s.upperBound, tokens[i + 1].kind == .identifier else {
      skipped.append((tokens[i], "declaration '\(snippet(s))'"))
      return
    }
    let nameToken = tokens[i + 1]
    let isStatic = tokens[s.lowerBound..<i].contains {
      $0.isIdentifier("static") || $0.isIdentifier("class")
    }
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
            observer: observer, isStatic: isStatic))
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
        if let (setBody, value) = setterBlock(in: body) {
          setters.append(
            SourceProperty(
              name: nameToken.text, initializer: s.upperBound..<s.upperBound, at: nameToken,
              owner: owner, observer: setBody, isStatic: isStatic, newValueName: value))
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

  /// The body of the `set { … }` (or `set(v) { … }`) of a computed property whose braces hold
  /// `body`, with the name it gives the new value.
  func setterBlock(in body: Range<Int>) -> (Range<Int>, String)? {
    var k = body.lowerBound
    while k < body.upperBound {
      let t = tokens[k]
      if t.isPunctuation("{") {
        k = closing(k, in: body) + 1
        continue
      }
      if t.isIdentifier("set"), k + 1 < body.upperBound {
        var open = k + 1
        var value = "newValue"
        if tokens[open].isPunctuation("("), open + 2 < body.upperBound,
          tokens[open + 1].kind == .identifier, tokens[open + 2].isPunctuation(")")
        {
          value = tokens[open + 1].text
          open += 3
        }
        if open < body.upperBound, tokens[open].isPunctuation("{") {
          return ((open + 1)..<closing(open, in: body), value)
        }
      }
      k += 1
    }
    return nil
  }

  /// The body of the `didSet` (else `willSet`) in the block opening at `open`, when the block
  /// holds observers (`{ didSet { … } }`, `{ willSet(new) { … } }`).
  func observerBody(_ open: Int, in s: Range<Int>) -> Range<Int>? {
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

  mutating func scanObjC(_ s: Range<Int>) {
    let head = tokens[s.lowerBound]
    switch head.text {
    case "@implementation":
      implementation = s.count > 1 ? tokens[s.lowerBound + 1].text : nil
      if let brace = firstBrace(in: s) {
        instanceVariables(in: (brace + 1)..<closing(brace, in: s))
      }
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
    case "@end":
      implementation = nil
      return
    case "@synthesize", "@dynamic", "@import", "@class", "@protocol":
      return
    case "@interface":
      if s.count >= 4, tokens[s.lowerBound + 2].isPunctuation(":"),
        tokens[s.lowerBound + 3].isIdentifier("CAEmitterLayer")
      {
        selfIsEmitter = true
      }
      if let brace = firstBrace(in: s) {
        instanceVariables(in: (brace + 1)..<closing(brace, in: s))
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
    if head.isPunctuation("{") {
      instanceVariables(in: (s.lowerBound + 1)..<closing(s.lowerBound, in: s))
      return
    }
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

  /// The declarations of an Objective-C instance-variable block (`BOOL liked, shown;
  /// CAEmitterLayer *_burst;`): each name with its type's words, its value until the code
  /// gives it one being Objective-C's zero for that type (`objcInstanceVariables`).
  mutating func instanceVariables(in block: Range<Int>) {
    var start = block.lowerBound
    for k in block where tokens[k].isPunctuation(";") || k == block.upperBound - 1 {
      let end = tokens[k].isPunctuation(";") ? k : k + 1
      let words = tokens[start..<end].filter { $0.kind == .identifier }.map(\.text)
      let names = tokens[start..<end].indices.filter { i in
        tokens[i].kind == .identifier && i + 1 <= end
          && (i + 1 == end || tokens[i + 1].isPunctuation(",") || tokens[i + 1].isPunctuation("["))
      }
      if words.count >= 2 {
        let type = words.filter { w in !names.contains { tokens[$0].text == w } }
        for i in names { objcInstanceVariables[tokens[i].text] = type }
      }
      start = k + 1
    }
  }

  /// A C function definition, `void BuildBurstScene(UIView *view) { … }` (the return type
  /// may be a pointer or generic: `NSDictionary<…> *F(…)`): a function like a method, its
  /// parameters named by the last word of each.
  mutating func function(c s: Range<Int>) -> Bool {
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
  mutating func method(objc s: Range<Int>) {
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
          // Without the qualifiers (`nonnull`, `const`, `__kindof`): the type's own words.
          type = tokens[(j + 1)..<close].map(\.text).filter { !Self.typeQualifiers.contains($0) }
            .joined(separator: " ")
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
        returnsValue: returns, body: body, at: nameToken, implementation: implementation))
  }

  /// Records a `#define` (the statement holds its line): `NAME VALUE`, or `NAME(A, B) VALUE`
  /// when the `(` follows the name without a space.
  mutating func define(_ s: Range<Int>) {
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
}
