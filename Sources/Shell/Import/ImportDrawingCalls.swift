import Core

// The calls that draw (ImportDrawing.swift): a context's methods in Swift (`ctx.fill(rect)`,
// `cgContext.setFillColor(…)`, `addPath`, `fillPath()`), Core Graphics' C functions
// (`CGContextFillRect(ctx, rect)`), read as the Swift methods, and UIKit's functions
// (`UIGraphicsBeginImageContextWithOptions`, `UIRectFill`).

extension ImportInterpreter {
  /// UIKit's drawing functions, and Core Graphics' C functions as the Swift context methods;
  /// nil for other names.
  func drawingFunction(_ type: String, _ labels: [String], _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    func size(_ v: ImportValue) throws(ImportSkip) -> Size {
      guard case .size(let s) = v else { throw skip("expected a size, not \(v.kindName)", at) }
      return s
    }
    switch (type, values.count) {
    case ("UIGraphicsBeginImageContext", 1):
      try beginDrawing(try size(values[0]), scale: 1, opaque: false, at: at)
      return .void
    case ("UIGraphicsBeginImageContextWithOptions", 3):
      // **(choice)** Scale 0 is the screen's: 1 here (docs/import.md).
      try beginDrawing(
        try size(values[0]), scale: try number(values[2], at: at),
        opaque: try number(values[1], at: at) != 0, at: at)
      return .void
    case ("UIGraphicsGetCurrentContext", 0):
      return drawings.isEmpty ? .null : .record(type: Self.contextType, fields: [:])
    case ("UIGraphicsGetImageFromCurrentImageContext", 0):
      return drawnImage()
    case ("UIGraphicsEndImageContext", 0):
      if !drawings.isEmpty { drawings.removeLast() }
      return .void
    case ("UIGraphicsPushContext", 1), ("UIGraphicsPopContext", 0):
      return .void
    case ("UIRectFill", 1), ("UIRectFillUsingBlendMode", 2):
      try contextCall("fill", labels: ["_"], values: [values[0]], at: at)
      return .void
    default:
      break
    }
    guard type.hasPrefix("CGContext"), let ctx = values.first,
      case .record(Self.contextType, _) = ctx
    else { return nil }
    let args = Array(values.dropFirst())
    /// Argument `i`, a number.
    func x(_ i: Int) throws(ImportSkip) -> Double {
      guard args.indices.contains(i) else { throw skip("\(type) takes more arguments", at) }
      return try number(args[i], at: at)
    }
    func n(_ i: Int) throws(ImportSkip) -> ImportValue { .number(try x(i)) }
    func pt(_ i: Int) throws(ImportSkip) -> ImportValue { .point(Point(try x(i), try x(i + 1))) }
    func rgba(_ i: Int) throws(ImportSkip) -> ImportValue {
      .color(Color(try x(i), try x(i + 1), try x(i + 2), try x(i + 3)))
    }
    func gray(_ i: Int) throws(ImportSkip) -> ImportValue {
      let g = try x(i)
      return .color(Color(g, g, g, try x(i + 1)))
    }
    let name = String(type.dropFirst("CGContext".count))
    let call: (String, [String], [ImportValue])
    switch name {
    case "SetFillColorWithColor": call = ("setFillColor", ["_"], args)
    case "SetStrokeColorWithColor": call = ("setStrokeColor", ["_"], args)
    case "SetRGBFillColor": call = ("setFillColor", ["_"], [try rgba(0)])
    case "SetRGBStrokeColor": call = ("setStrokeColor", ["_"], [try rgba(0)])
    case "SetGrayFillColor": call = ("setFillColor", ["_"], [try gray(0)])
    case "SetGrayStrokeColor": call = ("setStrokeColor", ["_"], [try gray(0)])
    case "SetLineWidth", "SetLineCap", "SetLineJoin", "SetMiterLimit", "SetAlpha", "AddRect",
      "AddPath":
      call = (name.prefix(1).lowercased() + name.dropFirst(), ["_"], args)
    case "FillRect", "StrokeRect", "ClearRect":
      call = (name.dropLast(4).lowercased(), ["_"], args)
    case "StrokeRectWithWidth": call = ("stroke", ["_", "width"], args)
    case "AddEllipseInRect": call = ("addEllipse", ["in"], args)
    case "FillEllipseInRect": call = ("fillEllipse", ["in"], args)
    case "StrokeEllipseInRect": call = ("strokeEllipse", ["in"], args)
    case "MoveToPoint": call = ("move", ["to"], [try pt(0)])
    case "AddLineToPoint": call = ("addLine", ["to"], [try pt(0)])
    case "AddQuadCurveToPoint": call = ("addQuadCurve", ["to", "control"], [try pt(2), try pt(0)])
    case "AddCurveToPoint":
      call = ("addCurve", ["to", "control1", "control2"], [try pt(4), try pt(0), try pt(2)])
    case "AddArc":
      call = (
        "addArc", ["center", "radius", "startAngle", "endAngle", "clockwise"],
        [try pt(0), try n(2), try n(3), try n(4), try n(5)]
      )
    case "ClosePath", "FillPath", "EOFillPath", "StrokePath", "SaveGState", "RestoreGState":
      call = (
        name == "EOFillPath" ? "eoFillPath" : name.prefix(1).lowercased() + name.dropFirst(), [], []
      )
    case "DrawPath": call = ("drawPath", ["using"], args)
    case "Clip", "EOClip": call = ("clip", [], [])
    case "SetLineDash":
      // `(c, phase, lengths, count)`: the first `count` lengths.
      guard args.count == 3, case .array(let lengths) = args[1] else {
        throw skip("CGContextSetLineDash takes a phase, the lengths and their count", at)
      }
      let count = Int(max(0, min(try number(args[2], at: at), Double(lengths.count))))
      call = (
        "setLineDash", ["phase", "lengths"], [args[0], .array(Array(lengths.prefix(count)))]
      )
    case "TranslateCTM": call = ("translateBy", ["x", "y"], args)
    case "ScaleCTM": call = ("scaleBy", ["x", "y"], args)
    default:
      throw skip("\(type) is not followed in an image drawn in code", at)
    }
    guard call.1.count == call.2.count else {
      throw skip("\(type) takes \(call.1.count + 1) arguments", at)
    }
    try contextCall(call.0, labels: call.1, values: call.2, at: at)
    return .void
  }

  /// A method of the drawing context on the innermost drawing (Core Graphics' Swift names, and
  /// a renderer context's `fill(_:)` and `stroke(_:)`).
  func contextCall(_ name: String, labels: [String], values: [ImportValue], at: SourceToken)
    throws(ImportSkip)
  {
    guard var d = drawings.last else { return }  // no context: nothing is drawn
    func color(_ v: [ImportValue]) throws(ImportSkip) -> Color {
      switch (labels, v.first) {
      case (["_"], .color(let c)?): return c
      case (["_"], .constant(let c)?) where ImportNames.color(c) != nil:
        return ImportNames.color(c) ?? .black
      case (["red", "green", "blue", "alpha"], _), (["gray", "alpha"], _):
        var c: [Double] = []
        for x in v { c.append(try number(x, at: at)) }
        return c.count == 4 ? Color(c[0], c[1], c[2], c[3]) : Color(c[0], c[0], c[0], c[1])
      default:
        throw skip("\(name) takes a colour the importer does not read", at)
      }
    }
    func rects(_ v: ImportValue) throws(ImportSkip) -> [Rect] {
      switch v {
      case .rect(let r): return [r]
      case .array(let items):
        var out: [Rect] = []
        for item in items { out += try rects(item) }
        return out
      default: throw skip("expected a rect, not \(v.kindName)", at)
      }
    }
    /// Marks `shape` as a path of its own, the current path kept (as CGContextFillRect does).
    func draw(_ words: [String], fill: Bool, stroke: Bool, width: Double? = nil)
      throws(ImportSkip)
    {
      let kept = paths[d.path]
      paths[d.path] = words
      defer { paths[d.path] = kept }
      var style: ImportPathStyle?
      if let width {
        style = ImportPathStyle(
          lineWidth: width, lineCap: d.state.lineCap, lineJoin: d.state.lineJoin,
          miterLimit: d.state.miterLimit)
      }
      try mark(path: d.path, fill: fill, stroke: stroke, style: style, at: at)
    }
    func rectWords(_ r: Rect, ellipse: Bool) -> String {
      (ellipse ? "ellipse " : "rect ") + ValueFormatting.value(.rect(r))
    }
    /// Fills and/or strokes the current path, which is then empty.
    func usePath(fill: Bool, stroke: Bool, evenOdd: Bool) throws(ImportSkip) {
      try mark(path: d.path, fill: fill, stroke: stroke, style: nil, evenOdd: evenOdd, at: at)
      paths[d.path] = []
    }
    switch (name, labels) {
    case ("setFillColor", _): d.state.fill = try color(values)
    case ("setStrokeColor", _): d.state.stroke = try color(values)
    case ("setLineWidth", ["_"]): d.state.lineWidth = max(0, try number(values[0], at: at))
    case ("setMiterLimit", ["_"]): d.state.miterLimit = max(0, try number(values[0], at: at))
    case ("setAlpha", ["_"]): d.state.alpha = min(max(try number(values[0], at: at), 0), 1)
    case ("setLineCap", ["_"]): d.state.lineCap = try lineCap(values[0], at: at)
    case ("setLineJoin", ["_"]): d.state.lineJoin = try lineJoin(values[0], at: at)
    case ("setLineDash", ["phase", "lengths"]):
      d.state.dashPhase = try number(values[0], at: at)
      guard case .array(let items) = values[1] else { throw skip("expected the dash lengths", at) }
      var lengths: [Double] = []
      for item in items.prefix(Limits.maxListCount) {
        lengths.append(max(0, try number(item, at: at)))
      }
      d.state.dash = lengths
    case ("saveGState", []):
      if d.saved.count < Self.maxOpenDrawings { d.saved.append(d.state) }
    case ("restoreGState", []):
      if let s = d.saved.popLast() { d.state = s }
    case ("translateBy", ["x", "y"]):
      let x = try number(values[0], at: at)
      let y = try number(values[1], at: at)
      d.state.shift = Point(
        d.state.shift.x + x * d.state.scale, d.state.shift.y + y * d.state.scale)
    case ("scaleBy", ["x", "y"]):
      let x = try number(values[0], at: at)
      guard x == (try number(values[1], at: at)), x > 0 else {
        throw skip("only a drawing scaled the same way each way is followed", at)
      }
      d.state.scale *= x
    case ("move", _), ("addLine", _), ("addQuadCurve", _), ("addCurve", _), ("addArc", _),
      ("addEllipse", _), ("addRect", _):
      drawings[drawings.count - 1] = d
      try pathElement(d.path, name, labels: labels, values: values, at: at)
      return
    case ("closePath", []):
      drawings[drawings.count - 1] = d
      try pathElement(d.path, "closeSubpath", labels: [], values: [], at: at)
      return
    case ("addLines", ["between"]):
      guard case .array(let points) = values[0] else { throw skip("expected points", at) }
      drawings[drawings.count - 1] = d
      for (k, p) in points.enumerated() {
        try pathElement(d.path, k == 0 ? "move" : "addLine", labels: ["to"], values: [p], at: at)
      }
      return
    case ("addRects", ["_"]):
      drawings[drawings.count - 1] = d
      for r in try rects(values[0]) {
        try pathElement(d.path, "addRect", labels: ["_"], values: [.rect(r)], at: at)
      }
      return
    case ("addPath", ["_"]):
      guard case .path(let q) = values[0] else { throw skip("expected a path", at) }
      paths[d.path] += paths[q]
      return
    case ("fillPath", []), ("eoFillPath", []):
      try usePath(fill: true, stroke: false, evenOdd: name == "eoFillPath")
      return
    case ("fillPath", ["using"]):
      try usePath(fill: true, stroke: false, evenOdd: values[0] == .constant(".evenOdd"))
      return
    case ("strokePath", []):
      try usePath(fill: false, stroke: true, evenOdd: false)
      return
    case ("drawPath", ["using"]):
      let mode = (try? constantWord(values[0], prefix: "kCGPath", at: at)) ?? ""
      guard ["fill", "eoFill", "stroke", "fillStroke", "eoFillStroke"].contains(mode) else {
        throw skip("a drawing mode the importer does not read", at)
      }
      try usePath(
        fill: mode != "stroke", stroke: mode.hasSuffix("troke"), evenOdd: mode.hasPrefix("eo"))
      return
    case ("fill", let l) where l.first == "_":
      for r in try rects(values[0]) {
        try draw([rectWords(r, ellipse: false)], fill: true, stroke: false)
      }
      return
    case ("fillEllipse", ["in"]):
      for r in try rects(values[0]) {
        try draw([rectWords(r, ellipse: true)], fill: true, stroke: false)
      }
      return
    case ("stroke", let l) where l.first == "_":
      let width = l.count == 2 && l[1] == "width" ? try number(values[1], at: at) : nil
      for r in try rects(values[0]) {
        try draw([rectWords(r, ellipse: false)], fill: false, stroke: true, width: width)
      }
      return
    case ("strokeEllipse", ["in"]):
      for r in try rects(values[0]) {
        try draw([rectWords(r, ellipse: true)], fill: false, stroke: true)
      }
      return
    case ("clip", _):
      // The clip's path is used up, as Core Graphics does; what follows is drawn unclipped.
      paths[d.path] = []
      drawings[drawings.count - 1] = d
      throw skip("clipping is not followed: what is drawn after it is not clipped", at)
    case ("clear", ["_"]), ("setShouldAntialias", _), ("setAllowsAntialiasing", _),
      ("interpolationQuality", _), ("setBlendMode", _):
      return  // the canvas starts clear; Burst always anti-aliases
    default:
      throw skip("the drawing context's \(name) is not followed", at)
    }
    drawings[drawings.count - 1] = d
  }
}
