import Core

// Images the code draws: `UIGraphicsImageRenderer(size:).image { ctx in … }` and
// `UIGraphicsBeginImageContext…` … `UIGraphicsGetImageFromCurrentImageContext()`. The paths it
// fills and strokes, in the colours and widths it sets (UIKit's `setFill()`, `UIRectFill`,
// `UIBezierPath`'s `fill()` and `stroke()`, Core Graphics' context calls in Swift and C), become a
// drawing (`contents=drawing(W,H …)`), drawn as Core Graphics draws them at scale 1. What else is
// drawn (text, images, views) is not followed: a drawing with no mark gives no image, and the
// `contents =` that uses it takes the built-in image of its role, as before.

/// A picture the code is drawing: its size, the context's graphics state and the marks so far.
struct ImportDrawing {
  /// The graphics state `saveGState` keeps and `restoreGState` brings back.
  struct GraphicsState {
    var fill = Color.black
    var stroke = Color.black
    var lineWidth = 1.0
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit = 10.0
    var dash: [Double] = []
    var dashPhase = 0.0
    var alpha = 1.0
    /// The current transform: a uniform scale, then a translation (device = scale·p + shift).
    var scale = 1.0
    var shift = Point(0, 0)
  }

  /// The size in points, at scale 1 (what the drawing is written with).
  var size: Size
  var state = GraphicsState()
  var saved: [GraphicsState] = []
  /// The context's current path: an index into the interpreter's paths.
  var path: Int
  var marks: [ShapeProperties] = []
  /// Why the image's size is not known here (a label sized by `sizeToFit()`), if it is not.
  var unknownSize: String?
  /// Text drawn into it (an emoji, a label's or a text layer's string), not followed as marks.
  var texts: [String] = []
  /// Where the drawing began, for what is said about it.
  var at: SourceToken?
}

/// What `UIBezierPath`'s own properties say about stroking and filling it.
struct ImportPathStyle {
  var lineWidth = 1.0
  var lineCap = LineCap.butt
  var lineJoin = LineJoin.miter
  var miterLimit = 10.0
  var evenOdd = false
}

extension ImportInterpreter {
  /// The record type of a drawing context (a `CGContext`, a renderer's context, or the value
  /// `UIGraphicsGetCurrentContext()` gives): its calls draw on the innermost drawing.
  static let contextType = "CGContext"
  /// The record types of an image renderer and its format.
  static let rendererType = "UIGraphicsImageRenderer"
  static let rendererFormatType = "UIGraphicsImageRendererFormat"
  /// The most drawings begun and not ended at once.
  static let maxOpenDrawings = 16

  /// Whether `v` is an image renderer's method waiting for the closure that draws.
  static func drawsWithClosure(_ v: ImportValue) -> Bool {
    if case .method(.record(Self.rendererType, _), _) = v { return true }
    return false
  }

  private var context: ImportValue { .record(type: Self.contextType, fields: [:]) }

  /// Starts a drawing of `size` points at `scale` (0: the screen's, 1 here), its origin at
  /// `origin` (a renderer's bounds); opaque ones start black, as UIKit's do.
  func beginDrawing(
    _ size: Size, scale: Double, opaque: Bool, origin: Point = Point(0, 0), at: SourceToken
  )
    throws(ImportSkip)
  {
    let s = scale > 0 && scale.isFinite ? scale : 1
    let pixels = Size(size.width * s, size.height * s)
    guard
      DrawnImage.pixels(pixels.width) <= Limits.maxDrawingPixels / DrawnImage.pixels(pixels.height)
    else {
      throw skip(
        "an image drawn in code is followed up to \(Limits.maxDrawingPixels) pixels", at)
    }
    guard paths.count < Self.maxObjects else {
      throw skip("the import builds at most \(Self.maxObjects) paths", at)
    }
    paths.append([])
    var d = ImportDrawing(size: pixels, path: paths.count - 1)
    d.at = at
    if !(size.width > 0 && size.height > 0 && pixels.width.isFinite && pixels.height.isFinite) {
      // A size the code works out in ways not followed (a label's after `sizeToFit()`): the
      // context is there on the device, but what it gives is not known here.
      d.size = Size(1, 1)
      d.unknownSize = "the size of the image drawn in code is not known here"
    }
    d.state.scale = s
    d.state.shift = Point(-origin.x * s, -origin.y * s)
    if opaque {
      var back = ShapeProperties()
      back.path = ShapePath([.rect(Rect(0, 0, pixels.width, pixels.height))])
      back.fillColor = .black
      d.marks.append(back)
    }
    if drawings.count >= Self.maxOpenDrawings { drawings.removeFirst() }
    drawings.append(d)
  }

  /// The innermost drawing's image. When nothing followed was drawn (text, a view), or its
  /// size is not known, the image is there on the device but not known here: a `contents =`
  /// takes a stand-in, and an `if let` on it takes its branch.
  func drawnImage() -> ImportValue {
    guard let d = drawings.last else { return .null }
    let drew = d.marks.contains { !$0.path.elements.isEmpty }
    if !d.texts.isEmpty, !drew {
      // **(choice)** Text or an emoji, drawn alone: the built-in image of the role it
      // suggests (a heart for ❤️, a star for ⭐️, confetti for 🎉), as a stand-in.
      let text = d.texts.joined()
      let name = ImportNames.builtinImage(for: text)
      if let at = d.at {
        warn(
          at, "the text '\(text)' drawn as an image is not followed: using the built-in '\(name)'",
          hint: "Burst draws no emoji or text into images; the built-in image of its role stands in"
        )
      }
      return .image(.builtin(name))
    }
    if let why = d.unknownSize { return .unknown(why) }
    guard drew else {
      return .unknown("the image is drawn with what the importer does not follow (text, a view)")
    }
    return .image(.drawn(DrawnImage(size: d.size, marks: d.marks)))
  }

  /// `renderer.image { ctx in … }` (`imageWithActions:`): runs the closure with a context on
  /// a new drawing, and gives its image.
  func rendererImage(_ renderer: [String: ImportValue], _ closure: ImportValue, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard case .size(let size)? = renderer["size"] else {
      throw skip("an image renderer of a size the importer does not know", at)
    }
    var origin = Point(0, 0)
    if case .point(let o)? = renderer["origin"] { origin = o }
    var scale = 1.0
    var opaque = false
    if case .record(_, let format)? = renderer["format"] {
      if let s = format["scale"] { scale = try number(s, at: at) }
      if case .bool(let o)? = format["opaque"] { opaque = o }
    }
    try beginDrawing(size, scale: scale, opaque: opaque, origin: origin, at: at)
    let depth = drawings.count
    defer { if drawings.count == depth { drawings.removeLast() } }
    _ = try call(closure, [(nil, context)], at: at)
    return drawnImage()
  }

  /// `UIGraphicsImageRenderer(size:)`, `(bounds:)`, with `format:`; `nil` for other types.
  func rendererValue(_ type: String, _ labels: [String], _ values: [ImportValue])
    -> ImportValue?
  {
    switch (type, labels) {
    case (Self.rendererType, let l) where l.first == "size" || l.first == "bounds":
      var fields: [String: ImportValue] = [:]
      switch values[0] {
      case .size(let s): fields["size"] = .size(s)
      case .rect(let r):
        fields["size"] = .size(r.size)
        fields["origin"] = .point(r.origin)
      default: return nil
      }
      if l.count == 2, l[1] == "format" { fields["format"] = values[1] }
      return .record(type: Self.rendererType, fields: fields)
    case (Self.rendererFormatType, []):
      // **(choice)** The screen's scale is 1 here (docs/import.md), so a format's is too.
      return .record(type: Self.rendererFormatType, fields: ["scale": .number(1)])
    default:
      return nil
    }
  }

  /// A member of a drawing value: a context's methods (and `cgContext`, itself); a format's
  /// class methods; nil for other values.
  func drawingMember(_ v: ImportValue, _ name: String) -> ImportValue? {
    switch v {
    case .record(Self.contextType, _):
      if ["cgContext", "CGContext"].contains(name) { return v }
      if name == "currentImage" { return drawnImage() }
      return .method(v, name)
    case .record(Self.rendererType, _) where ["image", "imageWithActions"].contains(name):
      return .method(v, name)
    case .type(Self.rendererFormatType)
    where ["default", "preferred", "defaultFormat", "preferredFormat"].contains(name):
      return rendererValue(Self.rendererFormatType, [], [])
    case .color where Self.colorSetters.contains(name):
      return .method(v, name)
    case .path where Self.pathPainters.contains(name):
      return .method(v, name)
    case .image(.drawn) where Self.imageDrawers.contains(name):
      return .method(v, name)
    case .string where Self.imageDrawers.contains(name):
      return .method(v, name)
    case .object where Self.viewRenderers.contains(name):
      return .method(v, name)
    default:
      return nil
    }
  }

  /// A layer's or view's methods that draw it into the current context.
  static let viewRenderers: Set<String> = [
    "render", "renderInContext", "drawHierarchy", "drawViewHierarchyInRect",
  ]

  /// An image's (or a string's) methods that draw it into the current context.
  static let imageDrawers: Set<String> = ["draw", "drawInRect", "drawAtPoint"]

  /// UIColor's methods that set the current context's colours.
  static let colorSetters: Set<String> = ["setFill", "setStroke", "set"]

  /// UIBezierPath's methods that draw it.
  static let pathPainters: Set<String> = ["fill", "stroke"]

  /// A drawn image drawn into the innermost drawing (`image.draw(in: rect)`, `[image
  /// drawAtPoint:p]`): its marks, moved (and scaled, the same each way) to the place.
  func drawImage(_ image: DrawnImage, labels: [String], values: [ImportValue], at: SourceToken)
    throws(ImportSkip)
  {
    guard !drawings.isEmpty, let place = values.first else { return }
    var origin = Point(0, 0)
    var scale = 1.0
    switch place {
    case .point(let p): origin = p
    case .rect(let r):
      origin = r.origin
      let sx = r.size.width / image.size.width
      guard abs(r.size.height / image.size.height - sx) < 1e-9, sx > 0 else {
        throw skip("an image drawn stretched more one way than the other is not followed", at)
      }
      scale = sx
    default: throw skip("expected a point or a rect, not \(place.kindName)", at)
    }
    var d = drawings[drawings.count - 1]
    guard d.marks.count + image.marks.count <= Limits.maxDrawingMarks else {
      throw skip("an image drawn in code is followed up to \(Limits.maxDrawingMarks) marks", at)
    }
    let g = d.state
    let shift = Point(g.shift.x + origin.x * g.scale, g.shift.y + origin.y * g.scale)
    for var m in image.marks {
      m.path = Self.transformed(m.path, scale: g.scale * scale, shift: shift)
      m.lineWidth *= g.scale * scale
      m.lineDashPattern = m.lineDashPattern.map { $0 * g.scale * scale }
      m.lineDashPhase *= g.scale * scale
      m.fillColor.alpha *= g.alpha
      m.strokeColor.alpha *= g.alpha
      d.marks.append(m)
    }
    drawings[drawings.count - 1] = d
  }

  /// A method of a drawing value (see `drawingMember`); nil when `receiver` is not one.
  func drawingMethod(
    _ receiver: ImportValue, _ name: String, labels: [String], values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue? {
    switch receiver {
    case .record(Self.rendererType, let fields):
      guard let closure = values.last, case .closure = closure else {
        throw skip("an image renderer's \(name) takes a closure that draws", at)
      }
      return try rendererImage(fields, closure, at: at)
    case .record(Self.contextType, _):
      try contextCall(name, labels: labels, values: values, at: at)
      return .void
    case .color(let c) where Self.colorSetters.contains(name):
      guard !drawings.isEmpty else { return .void }  // no context: UIKit draws nothing
      if name != "setStroke" { drawings[drawings.count - 1].state.fill = c }
      if name != "setFill" { drawings[drawings.count - 1].state.stroke = c }
      return .void
    case .image(.drawn(let image)) where Self.imageDrawers.contains(name):
      try drawImage(image, labels: labels, values: values, at: at)
      return .void
    case .string(let text) where Self.imageDrawers.contains(name):
      if !drawings.isEmpty { drawings[drawings.count - 1].texts.append(text) }
      return .void  // `"✨".draw(at:withAttributes:)`
    case .object(let o) where Self.viewRenderers.contains(name):
      // `label.layer.render(in: context)`: its text, if it shows one.
      if !drawings.isEmpty, let text = shownText(o) {
        drawings[drawings.count - 1].texts.append(text)
      }
      return .void
    case .path(let p) where Self.pathPainters.contains(name):
      let style = pathStyles[p] ?? ImportPathStyle()
      var alpha = 1.0
      if labels.count == 2, labels[1] == "alpha" { alpha = try number(values[1], at: at) }
      try mark(
        path: p, fill: name == "fill", stroke: name == "stroke", style: style, alpha: alpha, at: at)
      return .void
    default:
      return nil
    }
  }

  /// The text a layer or view shows: a text layer's `string`, a label's `text`.
  func shownText(_ o: Int) -> String? {
    if let t = viewTexts[o] { return t }
    guard let a = objects[o].assignments.last(where: { $0.key == "string" }),
      case .string(let s) = a.value
    else { return nil }
    return s
  }

  /// `path.lineWidth = 3` and UIBezierPath's other drawing properties.
  func setPathStyle(_ p: Int, _ name: String, _ value: ImportValue, at: SourceToken)
    throws(ImportSkip) -> Bool
  {
    var style = pathStyles[p] ?? ImportPathStyle()
    switch name {
    case "lineWidth": style.lineWidth = max(0, try number(value, at: at))
    case "miterLimit": style.miterLimit = max(0, try number(value, at: at))
    case "usesEvenOddFillRule": style.evenOdd = try number(value, at: at) != 0
    case "lineCapStyle": style.lineCap = try lineCap(value, at: at)
    case "lineJoinStyle": style.lineJoin = try lineJoin(value, at: at)
    default: return false
    }
    pathStyles[p] = style
    return true
  }

  /// Draws path `p` on the innermost drawing: a mark filled and/or stroked with the context's
  /// colours (and a UIBezierPath's own style), through the context's transform.
  func mark(
    path p: Int, fill: Bool, stroke: Bool, style: ImportPathStyle?, evenOdd: Bool = false,
    alpha: Double = 1, at: SourceToken
  ) throws(ImportSkip) {
    guard var d = drawings.last else { return }  // no context: nothing is drawn
    guard case .path(let shape) = try? PropertyKind.path.parse(shapePathText(p)) else {
      throw skip("a path the importer cannot draw", at)
    }
    guard d.marks.count < Limits.maxDrawingMarks else {
      throw skip("an image drawn in code is followed up to \(Limits.maxDrawingMarks) marks", at)
    }
    let g = d.state
    var m = ShapeProperties()
    m.path = Self.transformed(shape, scale: g.scale, shift: g.shift)
    func faded(_ c: Color) -> Color {
      Color(c.red, c.green, c.blue, c.alpha * g.alpha * alpha)
    }
    m.fillColor = fill ? faded(g.fill) : .clear
    m.strokeColor = stroke ? faded(g.stroke) : .clear
    if fill { m.fillRule = (style?.evenOdd ?? evenOdd) ? .evenOdd : .nonZero }
    if stroke {
      // Only a stroke reads these: a fill leaves the mark's defaults, so it prints short.
      m.lineWidth = (style?.lineWidth ?? g.lineWidth) * g.scale
      m.lineCap = style?.lineCap ?? g.lineCap
      m.lineJoin = style?.lineJoin ?? g.lineJoin
      m.miterLimit = style?.miterLimit ?? g.miterLimit
      if style == nil {
        m.lineDashPattern = g.dash.map { $0 * g.scale }
        m.lineDashPhase = g.dashPhase * g.scale
      }
    }
    d.marks.append(m)
    drawings[drawings.count - 1] = d
  }

  /// A path through the transform `scale·p + shift`.
  static func transformed(_ path: ShapePath, scale s: Double, shift t: Point) -> ShapePath {
    guard s != 1 || t.x != 0 || t.y != 0 else { return path }
    func p(_ q: Point) -> Point { Point(q.x * s + t.x, q.y * s + t.y) }
    func r(_ q: Rect) -> Rect {
      Rect(q.origin.x * s + t.x, q.origin.y * s + t.y, q.size.width * s, q.size.height * s)
    }
    return ShapePath(
      path.elements.map { e in
        switch e {
        case .move(let q): return .move(to: p(q))
        case .line(let q): return .line(to: p(q))
        case .quad(let c, let q): return .quad(control: p(c), to: p(q))
        case .curve(let c1, let c2, let q):
          return .curve(control1: p(c1), control2: p(c2), to: p(q))
        case .arc(let c, let radius, let a0, let a1, let cw):
          return .arc(center: p(c), radius: radius * s, start: a0, end: a1, clockwise: cw)
        case .ellipse(let q): return .ellipse(in: r(q))
        case .rect(let q): return .rect(r(q))
        case .close: return .close
        }
      })
  }

  /// A line cap as UIKit and Core Graphics spell it (`.round`, `kCGLineCapRound`).
  func lineCap(_ v: ImportValue, at: SourceToken) throws(ImportSkip) -> LineCap {
    let word = try constantWord(v, prefix: "kCGLineCap", at: at)
    guard let cap = LineCap(rawValue: word) else { throw skip("no line cap '\(word)'", at) }
    return cap
  }

  /// A line join as UIKit and Core Graphics spell it (`.bevel`, `kCGLineJoinBevel`).
  func lineJoin(_ v: ImportValue, at: SourceToken) throws(ImportSkip) -> LineJoin {
    let word = try constantWord(v, prefix: "kCGLineJoin", at: at)
    guard let join = LineJoin(rawValue: word) else { throw skip("no line join '\(word)'", at) }
    return join
  }

  /// `.round` or `kCGLineCapRound` (prefix `kCGLineCap`) as `round`.
  func constantWord(_ v: ImportValue, prefix: String, at: SourceToken) throws(ImportSkip) -> String
  {
    guard case .constant(let c) = v else {
      throw skip("expected a constant, not \(v.kindName)", at)
    }
    var word = c.hasPrefix(".") ? String(c.dropFirst()) : c
    if word.hasPrefix(prefix) { word = String(word.dropFirst(prefix.count)) }
    return word.prefix(1).lowercased() + word.dropFirst()
  }
}
