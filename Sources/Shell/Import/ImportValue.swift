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
  /// A range of numbers whose bounds are not whole (`0.5...1.5`); whole-number ranges are
  /// arrays, for loops.
  case range(Double, Double)
  /// What an event handler is given: a touch, the touches, an event or a gesture. Its
  /// location (`location(in:)`, `locationInView:`) is the action's `point` parameter.
  case event
  /// A parameter of the action being recorded: `$NAME` in its commands.
  case parameter(String)
  /// A closure the code passes (`delay(0.5) { layer.birthRate = 0 }`): its body's tokens and
  /// the variables it captured where it was written.
  case closure(body: Range<Int>, captured: [String: ImportValue])
  case null
  case void

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
    case .closure: return "a closure"
    case .null: return "nil"
    case .void: return "no value"
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
  /// UIKit's named colours (`UIColor.red`, `.red`, `[UIColor redColor]`), as UIKit defines
  /// them in sRGB.
  static let colors: [(name: String, color: Color)] = [
    ("black", Color(0, 0, 0)), ("darkGray", Color(1 / 3, 1 / 3, 1 / 3)),
    ("lightGray", Color(2 / 3, 2 / 3, 2 / 3)), ("white", Color(1, 1, 1)),
    ("gray", Color(0.5, 0.5, 0.5)), ("red", Color(1, 0, 0)), ("green", Color(0, 1, 0)),
    ("blue", Color(0, 0, 1)), ("cyan", Color(0, 1, 1)), ("yellow", Color(1, 1, 0)),
    ("magenta", Color(1, 0, 1)), ("orange", Color(1, 0.5, 0)), ("purple", Color(0.5, 0, 0.5)),
    ("brown", Color(0.6, 0.4, 0.2)), ("clear", Color(0, 0, 0, 0)),
    // The system colours in their light appearance.
    ("systemRed", rgb(255, 59, 48)), ("systemOrange", rgb(255, 149, 0)),
    ("systemYellow", rgb(255, 204, 0)), ("systemGreen", rgb(52, 199, 89)),
    ("systemTeal", rgb(90, 200, 250)), ("systemBlue", rgb(0, 122, 255)),
    ("systemIndigo", rgb(88, 86, 214)), ("systemPurple", rgb(175, 82, 222)),
    ("systemPink", rgb(255, 45, 85)), ("systemGray", rgb(142, 142, 147)),
    ("systemBrown", rgb(162, 132, 94)), ("systemMint", rgb(0, 199, 190)),
    ("systemCyan", rgb(50, 173, 230)), ("systemGray2", rgb(174, 174, 178)),
    ("systemGray3", rgb(199, 199, 204)), ("systemGray4", rgb(209, 209, 214)),
    ("systemGray5", rgb(229, 229, 234)), ("systemGray6", rgb(242, 242, 247)),
    // The semantic colours in their light appearance (**(choice)**: Burst has no dark mode).
    ("label", Color(0, 0, 0)), ("secondaryLabel", Color(60 / 255, 60 / 255, 67 / 255, 0.6)),
    ("tertiaryLabel", Color(60 / 255, 60 / 255, 67 / 255, 0.3)),
    ("quaternaryLabel", Color(60 / 255, 60 / 255, 67 / 255, 0.18)),
    ("systemBackground", Color(1, 1, 1)), ("secondarySystemBackground", rgb(242, 242, 247)),
    ("tertiarySystemBackground", Color(1, 1, 1)), ("systemGroupedBackground", rgb(242, 242, 247)),
    ("link", rgb(0, 122, 255)), ("tint", rgb(0, 122, 255)),
    ("placeholderText", Color(60 / 255, 60 / 255, 67 / 255, 0.3)),
    ("separator", Color(60 / 255, 60 / 255, 67 / 255, 0.29)),
    ("systemFill", Color(120 / 255, 120 / 255, 128 / 255, 0.2)),
  ]

  private static func rgb(_ r: Double, _ g: Double, _ b: Double) -> Color {
    Color(r / 255, g / 255, b / 255)
  }

  /// The colour a name gives (`red`, `redColor`, `.red`), if it is one.
  static func color(_ word: String) -> Color? {
    var w = word.hasPrefix(".") ? String(word.dropFirst()) : word
    if w.hasSuffix("Color") { w = String(w.dropLast(5)) }
    return colors.first { $0.name == w }?.color
  }

  /// Numbers C names (`M_PI`, `M_PI_2`): `CGFloat.pi` and `.pi` are members, read elsewhere.
  static func number(_ word: String) -> Double? {
    // dispatch_time counts nanoseconds: `(int64_t)(0.5 * NSEC_PER_SEC)`.
    if let n = ["NSEC_PER_SEC": 1e9, "NSEC_PER_MSEC": 1e6, "USEC_PER_SEC": 1e6][word] { return n }
    guard word.hasPrefix("M_PI") else { return nil }
    return (try? PropertyKind.number(-10...10).parseClamping(word))?.0.number
  }

  /// The built-in image of the same role as an asset name (`flake` → a dot, `Spark` → spark),
  /// when the file is not beside the source.
  static func builtinImage(for asset: String) -> String {
    // A name Burst has (what `export` writes for a built-in image) is that image.
    if BuiltinImages.names.contains(asset) { return asset }
    let a = asset.lowercased()
    let roles: [(words: [String], image: String)] = [
      (["heart"], "heart.fill"), (["sparkle", "twinkle", "glitter"], "sparkle"),
      (["spark", "fire", "flame", "ember"], "spark"),
      (["smoke", "cloud", "fog", "steam"], "smoke"),
      (["confetti", "paper", "ribbon", "rect"], "confetti"), (["star"], "star"),
      (["rain", "drop", "water"], "drop"), (["ring", "bubble"], "ring"),
      (["circle", "ball", "snow", "flake"], "circle"), (["check"], "check"),
    ]
    return roles.first { r in r.words.contains { a.contains($0) } }?.image ?? "dot"
  }
}
