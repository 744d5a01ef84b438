import Core

// Export's statements and literals: how a statement ends and how each kind of value is
// written, through the language's dialect (ExportDialect.swift).

extension SceneExporter {

  // MARK: - Statements

  mutating func statement(_ s: String) {
    body.append(dialect.statement(s))
  }

  mutating func comment(_ s: String) {
    body.append("// " + s)
  }

  mutating func setValue(_ v: String, keyPath: String, on target: String) {
    statement(dialect.setValue(v, forKeyPath: string(keyPath), on: target))
  }

  /// `CACurrentMediaTime() + d`, in `layer`'s time when its timing differs from the scene's.
  func relativeTime(_ d: Double, to layer: String?) -> String {
    var now = "CACurrentMediaTime()"
    if let layer {
      now = dialect.convertTime(now, to: layer)
    }
    guard d != 0 else { return now }
    return now + (d < 0 ? " - " : " + ") + number(abs(d))
  }

  // MARK: - Values

  /// The shortest literal that reads back to the same Double.
  func number(_ x: Double) -> String { ValueFormatting.number(x) }

  /// A colour component: short decimals as they are, 8-bit values as `k / 255.0`.
  func component(_ x: Double) -> String {
    let short = number(x)
    guard short.count > 6, abs(x) <= 1 else { return short }
    let k = (x * 255).rounded()
    return abs(k / 255 - x) < 1e-12 ? "\(Int(k)) / 255.0" : short
  }

  func point(_ p: Point) -> String { dialect.point(p) }

  // MARK: - Layout relative to the hosting view

  /// The fractions of the scene's width or height that a coordinate is written relative to
  /// the hosting view's bounds at: the whole, a half, the thirds and the quarters.
  static let viewFractions: [(n: Double, d: Double)] = [
    (1, 1), (1, 2), (1, 3), (2, 3), (1, 4), (3, 4),
  ]

  /// `x` along the scene's width (`horizontal`) or height: relative to the hosting view's
  /// bounds when it is a `place` at exactly one of `viewFractions` of the scene's (the half
  /// and the whole are `midX` and `maxX`), or an extent that is the whole (`width`); else
  /// nil. A smaller extent (a 60 pt button in a 120 pt scene) keeps its points. The
  /// expression evaluates to the same Double as `x` for a view of the scene's size.
  func viewCoordinate(_ x: Double, horizontal: Bool, place: Bool) -> String? {
    let whole = horizontal ? viewSize.width : viewSize.height
    guard x != 0, whole > 0 else { return nil }
    let extent = dialect.viewBounds(horizontal ? .width : .height)
    for (n, d) in Self.viewFractions where place || d == 1 {
      let value = n == 1 ? whole / d : whole * n / d
      guard value == x else { continue }
      switch (n, d, place) {
      case (1, 1, true): return dialect.viewBounds(horizontal ? .maxX : .maxY)
      case (1, 2, true): return dialect.viewBounds(horizontal ? .midX : .midY)
      case (1, 1, false): return extent
      case (1, _, _): return "\(extent) / \(Int(d))"
      default: return "\(extent) * \(Int(n)) / \(Int(d))"
      }
    }
    return nil
  }

  /// A point, size or rect written relative to the hosting view's bounds where any of its
  /// coordinates is (`viewCoordinate`); nil when none is. A rect's origin stays in points
  /// (it is a bounds origin); a rect that is the scene's whole is `view.bounds`.
  func viewRelative(_ v: PropertyValue) -> String? {
    func c(_ x: Double, _ horizontal: Bool, _ place: Bool) -> (String, Bool) {
      if let r = viewCoordinate(x, horizontal: horizontal, place: place) { return (r, true) }
      return (number(x), false)
    }
    switch v {
    case .point(let p):
      let (x, y) = (c(p.x, true, true), c(p.y, false, true))
      return x.1 || y.1 ? dialect.point(x.0, y.0) : nil
    case .size(let s):
      let (w, h) = (c(s.width, true, false), c(s.height, false, false))
      return w.1 || h.1 ? dialect.size(w.0, h.0) : nil
    case .rect(let r):
      if r == Rect(0, 0, viewSize.width, viewSize.height) { return dialect.viewBounds }
      let (w, h) = (c(r.size.width, true, false), c(r.size.height, false, false))
      guard w.1 || h.1 else { return nil }
      return dialect.rect(number(r.origin.x), number(r.origin.y), w.0, h.0)
    default:
      return nil
    }
  }

  func size(_ s: Size) -> String { dialect.size(s) }

  func rect(_ r: Rect) -> String { dialect.rect(r) }

  func uiColor(_ c: Color) -> String {
    dialect.uiColor(component(c.red), component(c.green), component(c.blue), component(c.alpha))
  }

  func cgColor(_ c: Color) -> String { uiColor(c) + dialect.cgColorSuffix }

  func bool(_ b: Bool) -> String { dialect.bool(b) }

  /// A string literal.
  func string(_ s: String) -> String {
    var out = ""
    for ch in s {
      switch ch {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      default: out.append(ch)
      }
    }
    return dialect.stringOpening + out + "\""
  }

  /// An enumeration constant: `.circle`, or `kCAEmitterLayerCircle`.
  func enumeration(_ name: String, names: ConstantNames) -> String {
    dialect.enumeration(name, names: names)
  }

  /// An array literal: on one line, or one item a line when that would be long.
  func array(_ items: [String]) -> String {
    let open = dialect.arrayOpening
    let line = items.joined(separator: ", ")
    guard line.count > 60, items.count > 1 else { return open + line + "]" }
    return open + "\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
  }

  func boxedNumber(_ x: Double) -> String {
    dialect.boxedNumber(x)
  }

  /// The name an image is loaded by: a built-in image's name, or a file's base name.
  static func imageName(_ ref: ImageRef) -> String? {
    let name: String
    switch ref {
    case .none: return nil
    case .builtin(let n): name = n
    case .drawn: return nil  // drawn by the code, not loaded by name
    case .file(let path):
      let file = path.split(separator: "/").last.map(String.init) ?? path
      if let dot = file.lastIndex(of: "."), dot != file.startIndex {
        name = String(file[..<dot])
      } else {
        name = file
      }
    }
    return name
  }

  /// An image as `contents` wants it: a built-in image that looks like an SF Symbol as that
  /// symbol (`SymbolImages`), any other by name.
  func image(_ ref: ImageRef) -> String {
    if case .builtin(let n) = ref, let s = SymbolImages.symbol(forBuiltin: n) {
      return dialect.symbolImage(string(s.symbol), tint: s.tint)
    }
    if case .drawn(let d) = ref { return drawnImage(d) }
    guard let name = Self.imageName(ref) else { return "nil" }
    return dialect.image(named: string(name))
  }

  /// A value assigned to a property of its own type.
  func expression(_ v: PropertyValue, kind: PropertyKind) -> String {
    switch v {
    case .number(let x) where x.isInfinite:
      return (x < 0 ? "-" : "") + dialect.infinity
    case .number(let x):
      if case .angle = kind, let (n, d) = Self.piFraction(x) { return dialect.pi(n, over: d) }
      return number(x)
    case .point(let p): return point(p)
    case .size(let s): return size(s)
    case .rect(let r): return rect(r)
    case .color(let c): return cgColor(c)
    case .bool(let b): return bool(b)
    case .enumeration(let e):
      guard case .enumeration(_, let names) = kind else { return string(e) }
      return enumeration(e, names: names)
    case .image(let ref): return image(ref)
    case .transform(let t): return transform3D(t)
    case .text(let t), .string(let t): return string(t)
    case .path(let p): return shapePath(p)
    case .numbers(let v): return array(v.map(boxedNumber))
    case .colors(let c): return array(c.map { dialect.bridged(cgColor($0)) })
    }
  }

  /// The fraction n/d (d ≤ 12, |n/d| ≤ 4, lowest terms) with `(n · π) / d` exactly `x`, so
  /// that an angle is written as `.pi / 4` rather than 0.7853981633974483; nil when none is.
  static func piFraction(_ x: Double) -> (Int, Int)? {
    guard x != 0, x.isFinite else { return nil }
    for d in 1...12 {
      let n = (x / Double.pi * Double(d)).rounded()
      guard n != 0, abs(n) <= Double(4 * d), (n * Double.pi) / Double(d) == x else { continue }
      var (a, b) = (Int(abs(n)), d)
      while b != 0 { (a, b) = (b, a % b) }
      guard a == 1 else { continue }  // a smaller d found it already
      return (Int(n), d)
    }
    return nil
  }

  /// `CATransform3D(m11: …, m44: …)` / `(CATransform3D){…}`: Apple's struct, entry by entry.
  func transform3D(_ t: LayerTransform) -> String {
    if t.isIdentity { return "CATransform3DIdentity" }
    let m = t.matrix.m
    return dialect.transform3D((0..<16).map { number(m[$0]) })
  }

  /// A CGPath in one expression when `p` is a rect (`CGPath(rect:transform:)`), a rounded rect
  /// as UIBezierPath makes it, or one ellipse (`CGPath(ellipseIn:transform:)`); nil for the
  /// empty path and any other, which is built in statements (`shapePathAssignment`).
  func shortPath(_ p: ShapePath) -> String? {
    guard !p.elements.isEmpty else { return nil }
    if let r = p.roundRect { return dialect.path(r) }
    if p.elements.count == 1, case .ellipse(let r) = p.elements[0] {
      return dialect.ellipsePath(r)
    }
    return nil
  }

  /// A value as an object (`Any` / `id`): for key paths and animation values.
  func boxed(_ v: PropertyValue, kind: PropertyKind) -> String {
    switch v {
    case .number(let x): return boxedNumber(x)
    case .point(let p): return dialect.nsValue("CGPoint", point(p))
    case .size(let s): return dialect.nsValue("CGSize", size(s))
    case .rect(let r): return dialect.nsValue("CGRect", rect(r))
    case .color(let c): return dialect.bridged(cgColor(c))
    case .bool(let b): return dialect.boxedBool(b)
    case .enumeration(let e):
      guard case .enumeration(_, let names) = kind else { return string(e) }
      return dialect.boxedEnumeration(e, names: names, string: string)
    case .image(let ref): return dialect.boxedImage(image(ref))
    case .transform(let t): return dialect.nsValue("CATransform3D", transform3D(t))
    case .text(let t), .string(let t): return string(t)
    case .path(let p): return dialect.bridged(shapePath(p))
    case .numbers(let v): return array(v.map(boxedNumber))
    case .colors(let c): return array(c.map { dialect.bridged(cgColor($0)) })
    }
  }

  /// `CAMediaTimingFunction(name: .easeIn)` or `(controlPoints: …)`.
  func timingFunction(_ f: TimingFunction) -> String {
    if let named = TimingFunction.named.first(where: { $0.function == f }) {
      return dialect.namedTimingFunction(named.name)
    }
    return dialect.timingFunction(controlPoints: [f.c1x, f.c1y, f.c2x, f.c2y].map(number))
  }
}
