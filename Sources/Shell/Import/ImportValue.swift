import Core

/// A value the importer computes while it runs Swift or Objective-C code: the few kinds emitter
/// code deals in. Objects are indices into the interpreter's list of created layers and cells.
indirect enum ImportValue: Sendable, Equatable {
  case number(Double)
  case bool(Bool)
  case string(String)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)
  case image(ImageRef)
  /// A name whose meaning depends on where it goes: `.circle`, `kCAEmitterLayerCircle`,
  /// `.red`, `.zero`.
  case constant(String)
  /// A created CALayer, CAEmitterLayer or CAEmitterCell.
  case object(Int)
  /// A created `CAEmitterBehavior`: an index into the interpreter's behaviours.
  case behavior(Int)
  case array([ImportValue])
  /// A transform as Burst writes it (`scale(1.2,1.2,1)*rotate(0.5)`, `identity`): from
  /// `CATransform3DMake…`, `CGAffineTransform(…)` and their products.
  case transform(String)
  /// A CAAnimation the code created: an index into the interpreter's animations.
  case animation(Int)
  /// A `CAMediaTimingFunction`, as Burst names it (`easeIn`, `bezier(0.2,0,0.2,1)`).
  case timing(String)
  /// A `CGMutablePath`: an index into the interpreter's paths.
  case path(Int)
  /// The hosting view (`self` in a view or view controller, `view`, `UIScreen.main`).
  case host
  /// The hosting view's layer (`view.layer`, `self.layer`).
  case hostLayer
  /// A type name, waiting for a call or a member (`CAEmitterCell`, `UIColor`, `CGFloat`).
  case type(String)
  /// A function of the file, waiting for its arguments.
  case function(String)
  /// A method of a value, waiting for its arguments (`layer.addSublayer`).
  case method(ImportValue, String)
  /// A layer's presentation layer (`layer.presentation()`, `[layer presentationLayer]`).
  case presentation(Int)
  /// A value read from a presentation layer (`presentation()?.value(forKeyPath: "opacity")`):
  /// what is on screen when the code runs, `from presentation` in an animation.
  case presented(object: Int, keyPath: String)
  /// A range of numbers whose bounds are not whole (`0.5...1.5`), or of whole numbers too many
  /// to list (`500...2000`, by its first and last); other whole-number ranges are arrays, for
  /// loops.
  case range(Double, Double)
  /// What an event handler is given: a touch, the touches, an event or a gesture. Its
  /// location (`location(in:)`, `locationInView:`) is the action's `point` parameter.
  case event
  /// A parameter of the action being recorded: `$NAME` in its commands.
  case parameter(String)
  /// A number the action works out from its number parameters when it runs: Burst's
  /// expression text, with `$NAME` for each (`($value-10)*3` from `(value - 10) * 3`).
  case formula(String)
  /// A closure the code passes (`delay(0.5) { layer.birthRate = 0 }`): its body's tokens and
  /// the variables it captured where it was written.
  /// `local`: a function declared inside a function (`func makeCell() -> CAEmitterCell`),
  /// which also sees, when called, the names its scope declared after it (another local
  /// function).
  case closure(
    body: Range<Int>, captured: [String: ImportValue], parameters: [String] = [],
    local: Bool = false)
  /// A value of a struct the file declares, made by its memberwise initializer
  /// (`ConfettiType(color: .red, shape: .circle)`): its fields by name.
  case record(type: String, fields: [String: ImportValue])
  /// A case with associated values of an enumeration the file declares (`.shape(.circle,
  /// .red)` of `enum Content { case shape(Shape, UIColor?) }`): its enumeration, its name and
  /// its values in order.
  case enumCase(type: String, name: String, values: [ImportValue])
  /// An argument the importer could not work out, given to a function of the file anyway so
  /// that the rest of the function runs (issue: skip the smallest thing): every use of it is
  /// skipped with the reason it was not known.
  case unknown(String)
  case null
  case void

  /// Why the first of `values` that is `.unknown` is not known, if one is.
  static func unknownReason(_ values: [ImportValue]) -> String? {
    for v in values {
      if case .unknown(let why) = v { return why }
    }
    return nil
  }

  /// The name of a constant (`.scaleAspectFit`, `UIViewContentModeCenter`), else nil.
  var constantName: String? {
    if case .constant(let c) = self { return c }
    return nil
  }

  /// Whether it is a CAAnimation the code created.
  var isAnimation: Bool {
    if case .animation = self { return true }
    return false
  }

  /// Whether it is a value read from a presentation layer.
  var isPresented: Bool {
    if case .presented = self { return true }
    return false
  }

  /// What the value is, for messages.
  var kindName: String {
    switch self {
    case .number: return "a number"
    case .bool: return "a boolean"
    case .string: return "a string"
    case .point: return "a point"
    case .size: return "a size"
    case .rect: return "a rect"
    case .color: return "a colour"
    case .image: return "an image"
    case .constant(let c): return "'\(c)'"
    case .object: return "a layer or cell"
    case .behavior: return "a CAEmitterBehavior"
    case .array: return "an array"
    case .transform: return "a transform"
    case .animation: return "an animation"
    case .timing: return "a timing function"
    case .path: return "a path"
    case .host: return "the hosting view"
    case .hostLayer: return "the hosting view's layer"
    case .type(let t): return "the type \(t)"
    case .function(let f): return "the function \(f)"
    case .method(_, let m): return "the method \(m)"
    case .presentation: return "a presentation layer"
    case .presented: return "a presentation value"
    case .range: return "a range"
    case .event: return "a touch or gesture"
    case .parameter(let p): return "the parameter \(p)"
    case .formula(let f): return "the number \(f) of the action's parameters"
    case .closure: return "a closure"
    case .record(let type, _): return "a \(type) value"
    case .enumCase(let type, let name, _): return "the \(type) case .\(name)"
    case .unknown(let why): return "a value not known here (\(why))"
    case .null: return "nil"
    case .void: return "a value not known here"
    }
  }
}

/// Why a statement could not be run: it is skipped with a warning at `at`.
struct ImportSkip: Error {
  var message: String
  var at: SourceToken?
}

/// Named values that Swift and Objective-C code spell in words.
enum ImportNames {
  /// An Objective-C constant's name without its prefix, as Swift's member spells it
  /// (`kCAValueFunctionRotateZ` → `rotateZ`, `UIViewContentModeCenter` → `center`); the name
  /// itself (without a leading `.`) when it has no such prefix.
  static func unprefixed(_ name: String, _ prefix: String) -> String {
    let plain = name.hasPrefix(".") ? String(name.dropFirst()) : name
    guard plain.hasPrefix(prefix), plain.count > prefix.count else { return plain }
    let rest = plain.dropFirst(prefix.count)
    return rest.prefix(1).lowercased() + rest.dropFirst()
  }

  /// The colour a name gives in Swift's or Objective-C's spelling (`red`, `.red`, `redColor`),
  /// if it is one of `Color.named`.
  static func color(_ word: String) -> Color? {
    var w = word.hasPrefix(".") ? String(word.dropFirst()) : word
    if w.hasSuffix("Color") { w = String(w.dropLast(5)) }
    return Color(named: w)
  }

  /// The colour a SwiftUI `Color` name gives (`pink`, `.pink`): SwiftUI's `Color.pink` is
  /// UIKit's `systemPink` (its `white`, `black` and `clear` are UIKit's).
  static func swiftUIColor(_ word: String) -> Color? {
    let w = word.hasPrefix(".") ? String(word.dropFirst()) : word
    guard let first = w.first else { return nil }
    return color("system" + first.uppercased() + w.dropFirst()) ?? color(w)
  }

  /// math.h's other constants, as C defines them (`M_PI` and its fractions are read by Burst's
  /// own number reader).
  static let mathConstants: [String: Double] = [
    "M_1_PI": 1 / Double.pi, "M_2_PI": 2 / Double.pi, "M_2_SQRTPI": 2 / Double.pi.squareRoot(),
    "M_SQRT2": 2.0.squareRoot(), "M_SQRT1_2": 0.5.squareRoot(), "M_E": 2.718281828459045,
    "M_LN2": 0.6931471805599453, "M_LN10": 2.302585092994046, "M_LOG2E": 1.4426950408889634,
    "M_LOG10E": 0.4342944819032518,
  ]

  /// The limits of C's integer and floating types, as Apple's headers define them (`RAND_MAX`
  /// is 0x7fffffff there): what `arc4random() / UINT32_MAX` divides by.
  static let limitConstants: [String: Double] = [
    "UINT32_MAX": 4_294_967_295, "UINT_MAX": 4_294_967_295, "INT32_MAX": 2_147_483_647,
    "INT_MAX": 2_147_483_647, "RAND_MAX": 2_147_483_647, "UINT16_MAX": 65535, "INT16_MAX": 32767,
    "UINT8_MAX": 255, "FLT_MAX": Double(Float.greatestFiniteMagnitude),
    // Foundation's "no such index" (`indexOfObject:`), NSIntegerMax on 64-bit devices.
    "NSNotFound": Double(Int64.max), "NSIntegerMax": Double(Int64.max),
    "MAXFLOAT": Double(Float.greatestFiniteMagnitude),
    "CGFLOAT_MAX": Double.greatestFiniteMagnitude, "DBL_MAX": Double.greatestFiniteMagnitude,
    "FLT_EPSILON": Double(Float.ulpOfOne), "DBL_EPSILON": Double.ulpOfOne,
  ]

  /// Constants another file of the app names after their values (`static const CGFloat One =
  /// 1.0f;` in a header, then `cell.redRange = One`), with or without a `k`: the number the
  /// name spells.
  static let numberWords: [String: Double] = [
    "Zero": 0, "One": 1, "Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6, "Seven": 7,
    "Eight": 8, "Nine": 9, "Ten": 10, "Half": 0.5, "Quarter": 0.25, "Hundred": 100,
  ]

  /// The number a constant's name spells (`Two`, `kHalf`), for a name the file never declares.
  static func spelledNumber(_ word: String) -> Double? {
    numberWords[word] ?? (word.hasPrefix("k") ? numberWords[String(word.dropFirst())] : nil)
  }

  /// Numbers C names (`M_PI`, `M_PI_2`): `CGFloat.pi` and `.pi` are members, read elsewhere.
  static func number(_ word: String) -> Double? {
    // dispatch_time counts nanoseconds: `(int64_t)(0.5 * NSEC_PER_SEC)`.
    if let n = ["NSEC_PER_SEC": 1e9, "NSEC_PER_MSEC": 1e6, "USEC_PER_SEC": 1e6][word] { return n }
    if let n = Self.mathConstants[word] { return n }
    if let n = Self.limitConstants[word] { return n }
    guard word.hasPrefix("M_PI") else { return nil }
    return (try? PropertyKind.number(-10...10).parseClamping(word))?.0.number
  }

  /// The built-in image of a name with no role.
  static let fallbackImage = "dot"

  /// The built-in image of the same role as an asset name (`flake` → snowflake, `Spark` → spark),
  /// when the file is not beside the source.
  static func builtinImage(for asset: String) -> String {
    // A name Burst has (what `export` writes for a built-in image) is that image.
    if BuiltinImages.names.contains(asset) { return asset }
    let a = asset.lowercased()
    // English, the pinyin and Chinese, and the Japanese (kira) that apps' image names use;
    // first match wins, so 烟花 (fireworks) is a spark before 烟 (smoke) is smoke, and 雪花
    // (snowflake) snow before 花 (flower) is a petal.
    let roles: [(words: [String], image: String)] = [
      (["heart", "love", "like", "zan", "thumb", "praise", "心", "爱", "赞"], "heart.fill"),
      (["sparkle", "twinkle", "glitter", "kira", "shine", "glow", "闪", "亮"], "sparkle"),
      (["spark", "fire", "flame", "ember", "烟花", "火", "焰"], "spark"),
      (["smoke", "cloud", "fog", "steam", "烟", "云", "雾"], "smoke"),
      (
        [
          "confetti", "paper", "ribbon", "rect", "triangle", "square", "box", "polygon", "diamond",
          "彩带", "纸",
        ], "confetti"
      ),
      (["snow", "flake", "frost", "winter", "雪"], "snowflake"),
      (["petal", "sakura", "blossom", "flower", "樱", "花", "瓣"], "petal"),
      (["leaf", "leaves", "autumn", "叶"], "leaf"),
      (["coin", "gold", "money", "cash", "币", "元宝"], "coin"),
      (["star", "星"], "star"),
      (["rain", "drop", "water", "shuidi", "yudi", "雨", "滴", "水"], "drop"),
      (["ring", "bubble", "泡"], "ring"),
      (["circle", "ball"], "circle"),
      (["check"], "check"),
    ]
    if let role = roles.first(where: { r in r.words.contains { a.contains($0) } }) {
      return role.image
    }
    // An emoji (drawn as text into the image) by what it shows, scalar by scalar so that a
    // variation selector (❤️ is ❤ and U+FE0F) does not matter.
    let emoji: [(scalars: String, image: String)] = [
      ("❤♥💖💕💗💓💘💝💞😍🥰😘", "heart.fill"), ("💛💚💙💜🧡🖤🤍🤎", "heart"),
      ("✨💫", "sparkle"), ("⭐🌟", "star"),
      ("🔥💥🎆🎇", "spark"), ("☁💨🌫", "smoke"), ("🎉🎊🎀", "confetti"),
      ("🍀🍃🍂🍁", "leaf"), ("🌸🌺💮", "petal"), ("🪙💰", "coin"),
      ("💧💦☔🌧", "drop"), ("🎈🫧⭕", "ring"),
      ("❄❅❆☃⛄", "snowflake"), ("⚪🟡🔵🔴⚽🏀🏈🎾🏐⚾🎱", "circle"), ("✅✔", "check"),
    ]
    let scalars = Set(asset.unicodeScalars)
    let match = emoji.first { !scalars.isDisjoint(with: $0.scalars.unicodeScalars) }
    return match?.image ?? fallbackImage
  }
}

extension ImportValue {
  /// Whether a value set as `contents` carries no image: what a helper that draws in code
  /// returns (`.void`, `.null`).
  var isNoImage: Bool {
    switch self {
    case .void, .null: return true
    default: return false
    }
  }
}
