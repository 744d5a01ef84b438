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
  /// The Objective-C class whose `@implementation` holds it, if any.
  var implementation: String? = nil
  /// The class (or type) whose code it is, in either language.
  var declaringType: String? { owner ?? implementation }

  /// A Swift function's argument labels, `_` for none (`twinkle(_:image:)` gives `_`, `image`);
  /// nil for an Objective-C selector or a property.
  var labels: [String]? {
    guard !isProperty, signature.hasSuffix(")") else { return nil }
    let inner = signature.drop { $0 != "(" }.dropFirst().dropLast()
    let own = inner.split(separator: ":").map(String.init)
    return own.count == parameters.count ? own : nil
  }

  /// Which argument of a call with these labels each parameter takes, in order (nil: its
  /// default value), as Swift binds them: each parameter takes the next argument when its label
  /// matches, else its default, and every argument must be taken. Nil when the call cannot
  /// reach this function (a label it lacks, a parameter without a default left over).
  ///
  /// A call that binds only with Swift 1 and 2's labels binds so (``exactBinding(labels:)``
  /// first): then a method's first parameter, and every parameter of a function at the file's
  /// top level, took no label unless the declaration wrote one apart from the name
  /// (`func addFade(beginTime: Double)` called `addFade(0.3)`). Swift 3 and later would not
  /// compile such a call, so code of those versions never reaches the second try.
  func binding(labels call: [String]) -> [Int?]? {
    if let exact = exactBinding(labels: call) { return exact }
    guard let own = labels, name != "init" else { return nil }
    var old = own
    for k in old.indices where (k == 0 || owner == nil) && k < parameters.count {
      if old[k] == parameters[k] { old[k] = "_" }
    }
    return old == own ? nil : Self.bind(old, call, defaults: parameterDefaults)
  }

  /// ``binding(labels:)`` with the labels as declared today alone.
  func exactBinding(labels call: [String]) -> [Int?]? {
    guard let own = labels else { return nil }
    return Self.bind(own, call, defaults: parameterDefaults)
  }

  private static func bind(
    _ own: [String], _ call: [String], defaults parameterDefaults: [Range<Int>?]
  )
    -> [Int?]?
  {
    var next = 0
    var bound: [Int?] = []
    for (k, label) in own.enumerated() {
      if next < call.count, call[next] == label {
        bound.append(next)
        next += 1
      } else if k < parameterDefaults.count, parameterDefaults[k] != nil {
        bound.append(nil)
      } else {
        return nil
      }
    }
    return next == call.count ? bound : nil
  }
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
  /// Declared `static` (or `class`): the type's own, not each value's.
  var isStatic = false
  /// For a computed property's `set { … }` (whose body is `observer`): the name the body
  /// gives the new value, `newValue` unless `set(v)` names it.
  var newValueName: String? = nil
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
  /// The computed properties with a setter (`var intensity: Float { get { … } set { … } }`):
  /// what runs when code sets them, the body in `observer`. Reading one calls its getter.
  var setters: [SourceProperty] = []
  /// The stored properties, then the computed ones with a setter: what setting a property
  /// may run (its `didSet`, its `set`).
  var settableProperties: FlattenSequence<[[SourceProperty]]> { [properties, setters].joined() }
  /// Views a storyboard or a nib makes and connects (`@IBOutlet weak var box: UIView!`,
  /// `@property (weak) IBOutlet UIView *box;`): their names and their types.
  var outlets: [String: String] = [:]
  /// The properties an Objective-C file declares with `@property`; until the code gives one a
  /// value it is nil, as Objective-C's instance variables start.
  var objcProperties: Set<String> = []
  /// The instance variables an Objective-C file declares in a brace block after `@interface
  /// Name ()` or `@implementation Name`, with their type's words (`BOOL`; `CAEmitterLayer`).
  var objcInstanceVariables: [String: [String]] = [:]
  /// A view declares `layerClass` as `CAEmitterLayer`: its own layer is the emitter.
  var layerIsEmitter = false
  /// The file declares a subclass of `CAEmitterLayer` (`class Snow: CAEmitterLayer`,
  /// `@interface Snow : CAEmitterLayer`): `self` and its bare property names are the emitter.
  var selfIsEmitter = false
  /// The types the file declares or extends (`SnowGlobeView`, `HeartEmitter`).
  var typeNames: Set<String> = []
  /// The structs the file declares (`struct ConfettiType { … }`), made field by field.
  var structNames: Set<String> = []
  /// Each class the file declares with a superclass, and that superclass
  /// (`class Flake: CAEmitterCell`: `CAEmitterCell`).
  var superclasses: [String: String] = [:]
  /// The types each Swift type of the file names after its `:` (`struct Snow: EmitterPreset`,
  /// `extension Snow: Equatable`), superclass included: where a member it lacks may come from
  /// (a protocol extension's `var shape { .line }`).
  var conformances: [String: [String]] = [:]
  /// **(choice)** A class of the file that the file also subclasses (`class WeatherView:
  /// UIView` with `SnowView: WeatherView` and `RainView: WeatherView`) is shown as its first
  /// subclass: the base's code runs with the subclass's overrides (`override var cells`),
  /// as an instance of that subclass would. Each base, with the subclass shown.
  var shownSubclasses: [(base: String, sub: String)] = []
  /// The classes the file declares (`class`, `@interface`, `@implementation`), not those it
  /// only extends.
  var declaredClasses: Set<String> = []
  /// The members of a base that its shown subclass overrides (indices of `functions`): not
  /// what runs, so not "skipped" either.
  var overridden: Set<Int> = []
  /// The subclasses of `CAEmitterCell` the file declares (`class Flake: CAEmitterCell`,
  /// `@interface Flake : CAEmitterCell`): each instance is a new cell its initializer sets up.
  var cellClasses: Set<String> = []
  /// The subclasses of Core Animation's layer classes the file declares, with the class each
  /// extends (`class GlowLayer: CAEmitterLayer`: `CAEmitterLayer`).
  var layerClasses: [String: String] = [:]
  /// The layer subclasses of `layerClasses` that code outside the class makes instances of
  /// (`GlowLayer(rate: 5)`, `[Glow layer]`): each instance is a layer of its own, set up by the
  /// class's initializer with `self` the new layer, as `cellClasses`' cells are.
  var madeLayerClasses: Set<String> = []
  /// Every class of the file whose instances its code makes (`[[Helper alloc]
  /// initWithFrame:…]`), whatever its superclass: its initializers set up those instances,
  /// never the hosting view.
  var madeClasses: Set<String> = []
  /// The labels of each labelled tuple type the file writes (`[(color: UIColor, image:
  /// UIImage)]`, `-> (base: CAEmitterCell, spark: CAEmitterCell)`), in order: an unlabelled
  /// tuple given that type is read by them.
  var tupleLabels: [[String]] = []
  /// Whether the file swaps method implementations (`method_exchangeImplementations`):
  /// then a method that calls itself calls the original it replaced.
  var swizzles = false
  /// The selectors each `method_exchangeImplementations(…(@selector(a)), …(@selector(b)))`
  /// swaps, both ways (`kj_setSelected:` → `setSelected:`).
  var swappedSelectors: [String: String] = [:]
  /// The methods that only get or set an associated object (`objc_getAssociatedObject(self,
  /// @selector(emitter))`): a category's stored property's accessors, by function index.
  var associationAccessors: Set<Int> = []
  /// The cases of each enumeration the file declares, in order, with their raw values
  /// (`enum Snow: String { case a, b = "x" }`: a → "a", b → "x"; an `Int` enum counts from 0
  /// or from the last explicit value), for `allCases` and `rawValue`. Cases with associated
  /// values are left out.
  var enumCases: [String: [(name: String, raw: SourceToken?)]] = [:]
  /// The raw type each enumeration declares first (`String`, `Int`), if any.
  var enumRawTypes: [String: String] = [:]
  /// The cases with associated values of the file's enumerations, by case name: the
  /// enumeration and the payload's types as written (`case shape(Shape, UIColor?)`: `Content`,
  /// `Shape`, `UIColor?`), in the order of the file.
  var payloadCases: [String: (type: String, types: [String])] = [:]
  /// The first case of each enumeration of the file, with or without associated values.
  var firstCases: [String: String] = [:]
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
  /// The type whose body is being scanned (`class X`, `extension UIColor`).
  var owner: String? = nil
  /// The Objective-C `@implementation` being scanned.
  var implementation: String? = nil

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

  /// Swift 2's selectors were strings: `selector: "tick"`, `action: "tapped:"`,
  /// `Selector("tick")`, `performSelector("stop", withObject: nil, afterDelay: 1)`. Each of
  /// these becomes `#selector(NAME)` when the file declares `func NAME`, so its timers, targets
  /// and delays read as later Swift's do.
  static func withSelectorsFromStrings(_ tokens: [SourceToken]) -> [SourceToken] {
    var functions: Set<String> = []
    for i in tokens.indices.dropLast() where tokens[i].isIdentifier("func") {
      if tokens[i + 1].kind == .identifier { functions.insert(tokens[i + 1].text) }
    }
    var out: [SourceToken] = []
    out.reserveCapacity(tokens.count)
    for (i, t) in tokens.enumerated() {
      let name = t.text.prefix { $0 != ":" }
      guard t.kind == .string, i >= 2, functions.contains(String(name)),
        !t.text.contains(" ")
      else {
        out.append(t)
        continue
      }
      let before = tokens[i - 2]
      if tokens[i - 1].isPunctuation("("), before.isIdentifier("Selector"),
        i + 1 < tokens.count, tokens[i + 1].isPunctuation(")")
      {
        // `Selector("tick")`: the call's name becomes `#selector`, the string the method.
        out[out.count - 2].text = "#selector"
        out.append(
          SourceToken(kind: .identifier, text: String(name), line: t.line, column: t.column))
        continue
      }
      let labelled =
        tokens[i - 1].isPunctuation(":")
        && (before.isIdentifier("selector") || before.isIdentifier("action"))
      let performed =
        tokens[i - 1].isPunctuation("(")
        && (before.isIdentifier("performSelector") || before.isIdentifier("perform"))
      guard labelled || performed else {
        out.append(t)
        continue
      }
      var selector = SourceToken(
        kind: .identifier, text: "#selector", line: t.line, column: t.column)
      selector.startsLine = t.startsLine
      out.append(selector)
      for (kind, text) in [
        (SourceToken.Kind.punctuation, "("), (.identifier, String(name)), (.punctuation, ")"),
      ] {
        out.append(SourceToken(kind: kind, text: text, line: t.line, column: t.column))
      }
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
    if let macOS = AppKitNames.note(tokens) { notes.append(macOS) }
    compilationNotes = notes
    if language == .objc {
      // `self->_emitter`: an instance variable through the pointer, the same variable that
      // `_emitter` and `self._emitter` name here (blocks spell it so, to show they keep self).
      for i in tokens.indices where tokens[i].isPunctuation("->") { tokens[i].text = "." }
      objcEnumValues = Self.objcEnumerations(tokens)
    } else {
      tokens = Self.withSelectorsFromStrings(Self.withoutCaptureLists(tokens))
    }
    scan(0..<tokens.count, inType: false)
    // A `#define` inside a body (`#define which 0` in a method) is the preprocessor's too: a
    // macro from there on, as one at the file's level is (each holds its line).
    for k in tokens.indices where tokens[k].isIdentifier("#define") {
      let end = tokens[k...].firstIndex { $0.line != tokens[k].line } ?? tokens.count
      if k + 1 < end, macros[tokens[k + 1].text] == nil { define(k..<end) }
    }
    // The classes the file declares with their superclass.
    var subclasses: Set<String> = []
    var inOrder: [(sub: String, base: String)] = []
    var classNames: Set<String> = []
    for i in tokens.indices.dropLast()
    where ["class", "struct", "enum", "extension", "actor", "@implementation", "@interface"]
      .contains(tokens[i].text) && tokens[i + 1].kind == .identifier
    {
      typeNames.insert(tokens[i + 1].text)
      if ["class", "@interface", "@implementation"].contains(tokens[i].text) {
        classNames.insert(tokens[i + 1].text)  // declared here, not only extended
      }
      // A Swift class that inherits from nothing holds data, as a struct does (a view or a
      // layer always has a superclass).
      // An `ObservableObject` holds a SwiftUI view's data, the same.
      let plainClass =
        language == .swift && tokens[i].text == "class" && i + 2 < tokens.count
        && (tokens[i + 2].isPunctuation("{")
          || (i + 3 < tokens.count && tokens[i + 2].isPunctuation(":")
            && tokens[i + 3].isIdentifier("ObservableObject")))
      if tokens[i].text == "struct" || plainClass { structNames.insert(tokens[i + 1].text) }
      if language == .swift, i + 2 < tokens.count, tokens[i + 2].isPunctuation(":") {
        // `struct Snow: EmitterPreset, Equatable {`: the names up to the body (or `where`).
        var j = i + 3
        while j < tokens.count, j < i + 40, !tokens[j].isPunctuation("{"),
          !tokens[j].isIdentifier("where")
        {
          if tokens[j].kind == .identifier,
            tokens[j - 1].isPunctuation(":") || tokens[j - 1].isPunctuation(",")
          {
            conformances[tokens[i + 1].text, default: []].append(tokens[j].text)
          }
          j += 1
        }
      }
      if ["class", "@interface"].contains(tokens[i].text), i + 3 < tokens.count,
        tokens[i + 2].isPunctuation(":"), tokens[i + 3].kind == .identifier
      {
        subclasses.insert(tokens[i + 1].text)
        superclasses[tokens[i + 1].text] = tokens[i + 3].text
        inOrder.append((tokens[i + 1].text, tokens[i + 3].text))
        switch ImportedObject.Kind(className: tokens[i + 3].text) {
        case .cell?: cellClasses.insert(tokens[i + 1].text)
        case _?: layerClasses[tokens[i + 1].text] = tokens[i + 3].text
        case nil: break
        }
      }
    }
    madeLayerClasses = Set(layerClasses.keys.filter(isMadeOutsideItself))
    // Classes whose superclass is declared elsewhere (`@interface Helper ()` beside a header)
    // count too when the code makes them.
    let declared = Set(functions.compactMap(\.declaringType))
    madeClasses = madeLayerClasses.union(
      declared.subtracting(subclasses).filter(isMadeOutsideItself))
    declaredClasses = classNames
    dispatchOverrides(inOrder, classes: classNames)
    tupleLabels = language == .swift ? scanTupleLabels() : []
    swizzles = tokens.contains {
      $0.kind == .identifier
        && ["method_exchangeImplementations", "method_setImplementation", "class_replaceMethod"]
          .contains($0.text)
    }
    for i in tokens.indices where tokens[i].isIdentifier("method_exchangeImplementations") {
      guard i + 1 < tokens.count, tokens[i + 1].isPunctuation("(") else { continue }
      let close = closing(i + 1, in: i..<tokens.count)
      var selectors: [String] = []
      var k = i + 2
      while k + 1 < close {
        if tokens[k].isIdentifier("@selector"), tokens[k + 1].isPunctuation("(") {
          let end = closing(k + 1, in: k..<close)
          selectors.append(tokens[(k + 2)..<end].map(\.text).joined())
          k = end
        }
        k += 1
      }
      if selectors.count == 2 {
        swappedSelectors[selectors[0]] = selectors[1]
        swappedSelectors[selectors[1]] = selectors[0]
      }
    }
    associationAccessors = Set(
      functions.indices.filter { i in
        let body = tokens[functions[i].body]
        return body.contains {
          $0.isIdentifier("objc_getAssociatedObject") || $0.isIdentifier("objc_setAssociatedObject")
        } && body.filter { $0.isPunctuation(";") }.count <= 1
      })
    if !layerIsEmitter && !selfIsEmitter { selfIsEmitter = setsOwnEmitterProperties }
    // The file's only emitter subclasses are made by its code: `self` is not an emitter.
    let emitterClasses = layerClasses.filter { $0.value == "CAEmitterLayer" }.keys
    if !emitterClasses.isEmpty, emitterClasses.allSatisfy(madeLayerClasses.contains) {
      selfIsEmitter = false
    }
    scanEnumerations()
    scanOwnControlActions()
  }

  /// Whether code outside class `type`'s own methods makes an instance of it: Swift's
  /// `Type(…)` or `Type.init(…)`, Objective-C's `[Type layer]`, `[Type new]`, `[Type alloc]`.
  /// The labelled tuple types written after `:`, `->` or `[` (see `tupleLabels`).
  private func scanTupleLabels() -> [[String]] {
    var out: [[String]] = []
    for i in tokens.indices.dropFirst() where tokens[i].isPunctuation("(") {
      guard [":", "->", "["].contains(tokens[i - 1].text) else { continue }
      let close = closing(i, in: i..<tokens.count)
      var labels: [String] = []
      var k = i + 1
      var depth = 0
      var expectLabel = true
      while k < close {
        let t = tokens[k]
        if ["(", "[", "<"].contains(t.text) { depth += 1 }
        if [")", "]", ">"].contains(t.text) { depth -= 1 }
        if depth == 0 {
          if expectLabel {
            guard t.kind == .identifier, k + 1 < close, tokens[k + 1].isPunctuation(":") else {
              break
            }
            labels.append(t.text)
            expectLabel = false
          } else if t.isPunctuation(",") {
            expectLabel = true
          }
        }
        k += 1
      }
      if k == close, labels.count >= 2, !out.contains(labels) { out.append(labels) }
    }
    return out
  }

  private static let declarationKeywords: Set<String> = [
    "@interface", "@implementation", "@class", "@protocol", "class", "struct", "extension",
    "enum", "protocol", "actor",
  ]

  private func isMadeOutsideItself(_ type: String) -> Bool {
    for k in tokens.indices.dropLast() where tokens[k].isIdentifier(type) {
      // A declaration naming it (`@interface Type ()`, a class extension) makes nothing.
      if k > 0, Self.declarationKeywords.contains(tokens[k - 1].text) { continue }
      let swift =
        tokens[k + 1].isPunctuation("(")
        || (k + 2 < tokens.count && tokens[k + 1].isPunctuation(".")
          && tokens[k + 2].isIdentifier("init"))
      let objc =
        k > 0 && tokens[k - 1].isPunctuation("[")
        && ["layer", "new", "alloc"].contains(tokens[k + 1].text)
      guard swift || objc else { continue }
      let inside = functions.first { $0.body.contains(k) }
      if inside.map({ $0.owner != type && $0.implementation != type }) ?? true { return true }
    }
    return false
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
            if firstCases[name] == nil { firstCases[name] = caseName }
            if next < close, tokens[next].isPunctuation("(") {
              // Associated values: not in `enumCases`; their types in `payloadCases`.
              let end = closing(next, in: next..<close)
              payloadCases[caseName] = (name, payloadTypes((next + 1)..<end))
              next = end + 1
              k = next
            } else {
              if next + 1 < close, tokens[next].isPunctuation("=") {
                raw = tokens[next + 1]
                next += 2
              }
              list.append((caseName, raw))
            }
            guard next + 1 < close, tokens[next].isPunctuation(","),
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
    // An enumeration of another file that this one extends, switching over `self` (`extension
    // ConfettiMode { var shape: … { switch self { case .topToBottom: … } } }`): its first case
    // is the first the extension names, so a value of it can stand in for the app's.
    for i in tokens.indices.dropLast(2)
    where tokens[i].isIdentifier("extension") && tokens[i + 1].kind == .identifier
      && firstCases[tokens[i + 1].text] == nil
    {
      guard
        let open = (i + 2..<min(tokens.count, i + 40)).first(where: {
          tokens[$0].isPunctuation("{")
        })
      else { continue }
      let close = closing(open, in: open..<tokens.count)
      for j in open..<max(open, close - 4)
      where tokens[j].isIdentifier("switch") && tokens[j + 1].isIdentifier("self")
        && tokens[j + 2].isPunctuation("{") && tokens[j + 3].isIdentifier("case")
        && tokens[j + 4].isPunctuation(".") && j + 5 < close && tokens[j + 5].kind == .identifier
      {
        firstCases[tokens[i + 1].text] = tokens[j + 5].text
        break
      }
    }
  }

  /// The types of a case's associated values as written, labels left out (`(Shape, color:
  /// UIColor?)`: `Shape`, `UIColor?`).
  private func payloadTypes(_ inner: Range<Int>) -> [String] {
    var out: [String] = []
    var start = inner.lowerBound
    var depth = 0
    for k in inner.lowerBound...inner.upperBound {
      if k < inner.upperBound {
        let t = tokens[k]
        if ["(", "[", "<"].contains(t.text) { depth += 1 }
        if [")", "]", ">"].contains(t.text) { depth -= 1 }
        guard depth == 0, t.isPunctuation(",") else { continue }
      }
      var piece = start..<k
      if piece.count >= 2, tokens[piece.lowerBound + 1].isPunctuation(":") {
        piece = (piece.lowerBound + 2)..<piece.upperBound
      }
      out.append(tokens[piece].map(\.text).joined())
      start = k + 1
    }
    return out
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
    guard language == .objc else { return swiftSubclassSetsOwnEmitterProperties }
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
    // A property the file declares by an emitter's name (`@property NSArray *emitterCells;`
    // of a button that keeps its cells) is its own, not a sign that `self` is an emitter.
    let emitterOnly = Self.emitterOnly.subtracting(objcProperties)
      .subtracting(properties.map(\.name))
    for i in tokens.indices.dropLast(3)
    where tokens[i].kind == .identifier && selves.contains(tokens[i].text) {
      if tokens[i + 1].isPunctuation("."), emitterOnly.contains(tokens[i + 2].text),
        tokens[i + 3].isPunctuation("=")
      {
        return true
      }
      let setter = tokens[i + 1].text
      if setter.hasPrefix("set"), tokens[i + 2].isPunctuation(":") {
        let name = setter.dropFirst(3)
        if emitterOnly.contains(name.prefix(1).lowercased() + name.dropFirst()) { return true }
      }
    }
    return false
  }

  /// Whether a Swift class whose superclass another file declares (`class FireworkLayer:
  /// Layer`, not a UIKit or Core Animation class) assigns emitter-only properties of `self`
  /// bare or through `self` (`emitterCells = [cell]`, `self.emitterShape = .line`) that the
  /// file does not declare itself: its superclass is a CAEmitterLayer subclass.
  private var swiftSubclassSetsOwnEmitterProperties: Bool {
    guard
      superclasses.values.contains(where: { base in
        !ImportInterpreter.systemTypePrefixes.contains(where: base.hasPrefix)
          && !declaredClasses.contains(base)
      })
    else { return false }
    let own = Self.emitterOnly.subtracting(properties.map(\.name))
    let declared = Set(
      tokens.indices.dropLast().filter {
        tokens[$0].isIdentifier("var") || tokens[$0].isIdentifier("let")
      }.map { tokens[$0 + 1].text })
    return tokens.indices.dropFirst(2).dropLast().contains { i in
      guard tokens[i].kind == .identifier, own.contains(tokens[i].text),
        !declared.contains(tokens[i].text), tokens[i + 1].isPunctuation("=")
      else { return false }
      return tokens[i].startsLine
        || (tokens[i - 1].isPunctuation(".") && tokens[i - 2].isIdentifier("self"))
    }
  }

  // MARK: - Statements

  /// The index of the bracket closing the one at `open`, or the end of `range`.
  func closing(_ open: Int, in range: Range<Int>) -> Int {
    Self.closing(tokens, open, in: range)
  }

  /// The index in `tokens` of the bracket closing the one at `open` (`(`, `[` or `{`, nested
  /// in any order), or with `depth` 1 the one already open around `open`; the end of `range`
  /// when none does.
  static func closing(
    _ tokens: [SourceToken], _ open: Int, in range: Range<Int>, depth start: Int = 0
  ) -> Int {
    var depth = start
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

  /// Orders `functions` so that a name the base's code calls finds the shown subclass's
  /// override first (`shownSubclasses`): the classes the file declares (`classes`, not those
  /// it only extends) and subclasses, each shown as its first subclass, unless the code makes
  /// instances of its classes itself.
  mutating func dispatchOverrides(_ inOrder: [(sub: String, base: String)], classes: Set<String>) {
    var shown: [String: String] = [:]
    for (sub, base) in inOrder
    where shown[base] == nil && classes.contains(base) && layerClasses[base] == nil
      && !cellClasses.contains(base) && !madeClasses.contains(sub)
      && !madeClasses.contains(base)
      && functions.contains(where: { $0.declaringType == base })
    {
      shown[base] = sub
      shownSubclasses.append((base, sub))
    }
    guard !shown.isEmpty else { return }
    // The shown class of each type: a base's shown subclass, followed down (a subclass may
    // be subclassed again).
    func shownClass(of type: String) -> String {
      var t = type
      var seen: Set<String> = [t]
      while let next = shown[t], seen.insert(next).inserted { t = next }
      return t
    }
    // For each function of a base, the override its shown class (or a class between) gives.
    var overrideOf: [Int: Int] = [:]
    for (k, f) in functions.enumerated() {
      guard let owner = f.declaringType, shown[owner] != nil else { continue }
      var t = shownClass(of: owner)
      var seen: Set<String> = []
      while t != owner, seen.insert(t).inserted {
        if let g = functions.indices.first(where: {
          functions[$0].declaringType == t
            && functions[$0].signature == f.signature
            && functions[$0].isProperty == f.isProperty
        }) {
          overrideOf[k] = g
          break
        }
        guard let up = superclasses[t] else { break }
        t = up
      }
    }
    guard !overrideOf.isEmpty else { return }
    let moved = Set(overrideOf.values)
    var order: [Int] = []
    for k in functions.indices where !moved.contains(k) {
      if let g = overrideOf[k], !order.contains(g) { order.append(g) }
      order.append(k)
    }
    for g in moved where !order.contains(g) { order.append(g) }
    let old = functions
    functions = order.map { old[$0] }
    overridden = Set(
      order.indices.filter { overrideOf[order[$0]] != nil })
  }

  /// Splits a range of tokens into statements: Swift ends one at a line break (unless an
  /// operator, a dot or a bracket carries it on) or `;`; Objective-C at `;` or after a block's
  /// closing brace. Brackets nest, so a body stays in its statement.
  func statements(in range: Range<Int>) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var start = range.lowerBound
    var depth = 0
    var i = range.lowerBound
    // Whether the statement has opened a brace: Swift 2's `for var i = 0; i < 3; i++ {`
    // keeps its `;`s until its body opens.
    var opened = false
    func end(at j: Int, next: Int) {
      if start < j { out.append(start..<j) }
      start = next
      opened = false
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
        case "{":
          depth += 1
          opened = true
        case "(", "[": depth += 1
        case ")", "]", "}": depth = max(0, depth - 1)
        case ";"
        where depth == 0 && language == .swift && tokens[start].isIdentifier("for")
          && !opened:
          break
        case ";"
        where depth == 0 && language == .objc && i + 1 < range.upperBound
          && tokens[i + 1].isIdentifier("else"):
          // C's `if (c) a; else b;`: the `else` continues the `if`.
          break
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

  func needsSpace(_ a: SourceToken, _ b: SourceToken) -> Bool {
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
