// The text forms of a shape layer's values: a path (`path(moveTo 10,50 lineTo 40,80 close)`,
// `ellipse(x,y,w,h)`, `rect(x,y,w,h)`, `roundedRect(x,y,w,h,r)`) and a list of numbers in
// square brackets as Swift writes an array (`[6, 3]`).

extension ValueParsing {
  /// A path value: `path(ELEMENT …)` with the words of `PathWords.forms`, one of the one-word
  /// shorthands, or `none` (the empty path, Swift's nil).
  static func shapePath(_ t: String) throws(ValueError) -> ShapePath {
    if t == ImageRef.noneWord || t == "nil" { return .empty }
    guard let open = t.firstIndex(of: "("), t.hasSuffix(")"),
      closingParenthesis(of: t[open...]) == t.index(before: t.endIndex)
    else {
      throw ValueError(
        "expected a path, got '\(t)'", hint: "for example \(PropertyKind.path.example)")
    }
    let word = String(t[..<open])
    let inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
    var elements: [KeyframePath.Element]
    switch word {
    case PathWords.pathWord:
      elements = try pathElements(Substring(inner))
    case "ellipse", "rect":
      let v = try numbers(String(inner), count: 4, what: word, example: "\(word)(0,0,100,50)")
      let r = Rect(v[0], v[1], v[2], v[3])
      elements = [word == "ellipse" ? .ellipse(in: r) : .rect(r)]
    case PathWords.roundedRectWord:
      let r = try roundedRect(t)
      try check(r.radius, in: radius)
      elements = PathWords.roundedRect(r.rect, radius: r.radius)
    default:
      throw ValueError(
        "'\(word)(…)' is not a path",
        suggestion: .nearest(
          to: word, in: [PathWords.pathWord] + PathWords.shorthandWords,
          otherwise: .text("for example \(PropertyKind.path.example)")))
    }
    do throws(KeyframePath.Failure) {
      _ = try KeyframePath(elements)
    } catch {
      throw ValueError(error.message, hint: "for example \(PropertyKind.path.example)")
    }
    return ShapePath(elements)
  }

  /// The elements of `path(…)`'s words.
  private static func pathElements(_ inner: Substring) throws(ValueError) -> [KeyframePath.Element]
  {
    let words = splitTopLevel(inner) { $0 == " " || $0 == "\t" }
    var out: [KeyframePath.Element] = []
    var i = 0
    while i < words.count {
      guard let form = PathWords.forms.first(where: { $0.name == words[i] }) else {
        throw ValueError(
          "unknown path element '\(words[i])'",
          suggestion: .nearest(to: words[i], in: PathWords.elementNames))
      }
      i += 1
      var values: [[Double]] = []
      for operand in form.operands {
        guard i < words.count, !PathWords.elementNames.contains(words[i]) else {
          throw ValueError(
            "'\(form.name)' takes \(form.operands.count) "
              + (form.operands.count == 1 ? "value" : "values") + ", got \(values.count)",
            hint: "write it as \(form.usage)")
        }
        let w = words[i]
        switch operand {
        case .point:
          values.append(try numbers(w, count: 2, what: "point", example: "10,50"))
        case .rect:
          values.append(try numbers(w, count: 4, what: "rect", example: "0,0,100,50"))
        case .number:
          let n = try number(w, angles: true)
          try check(n, in: PathWords.range(of: operand))
          values.append([n])
        }
        i += 1
      }
      var clockwise = false
      if form.name == "arc", i < words.count, words[i] == PathWords.clockwiseWord {
        clockwise = true
        i += 1
      }
      out.append(PathWords.element(form.name, values, clockwise: clockwise))
    }
    return out
  }

  /// A list of numbers in square brackets (`[6, 3]`, `[]`), each within `range`; `none` is
  /// the empty list (Swift's nil).
  static func numberList(_ t: String, range: ClosedRange<Double>) throws(ValueError) -> [Double] {
    if t == ImageRef.noneWord || t == "nil" { return [] }
    guard t.hasPrefix("["), t.hasSuffix("]"), t.count >= 2 else {
      throw ValueError(
        "expected a list in square brackets, got '\(t)'", hint: "for example [6, 3]")
    }
    let inner = t.dropFirst().dropLast()
    let pieces = splitTopLevel(inner) { $0 == "," || $0 == " " || $0 == "\t" }
    guard pieces.count <= Limits.maxListCount else {
      throw ValueError("a list holds at most \(Limits.maxListCount) values")
    }
    var out: [Double] = []
    for p in pieces {
      let n = try number(p, angles: false)
      try check(n, in: range)
      out.append(n)
    }
    return out
  }
}

extension ValueParsing {
  /// A list of colours in square brackets (`[red, #0000ff, rgb(0, 0.5, 1)]`, `[]`), each as
  /// `.color` reads it; `none` is the empty list (Swift's nil).
  static func colorList(_ t: String) throws(ValueError) -> [Color] {
    if t == ImageRef.noneWord || t == "nil" { return [] }
    guard t.hasPrefix("["), t.hasSuffix("]"), t.count >= 2 else {
      throw ValueError(
        "expected a list in square brackets, got '\(t)'", hint: "for example [red, #0000ff]")
    }
    let pieces = splitTopLevel(t.dropFirst().dropLast()) { $0 == "," || $0 == " " || $0 == "\t" }
    guard pieces.count <= Limits.maxListCount else {
      throw ValueError("a list holds at most \(Limits.maxListCount) values")
    }
    var out: [Color] = []
    for p in pieces {
      guard case .color(let c) = try PropertyKind.color.parse(p) else { continue }
      out.append(c)
    }
    return out
  }
}

extension ValueFormatting {
  /// A path as `set` reads it: a shorthand when it is one ellipse or rect or exactly a rounded
  /// rect, else `path(…)`.
  static func path(_ p: ShapePath, _ print: (Double) -> String) -> String {
    if p.elements.isEmpty { return ImageRef.noneWord }
    if p.elements.count == 1, case .ellipse = p.elements[0] {
      return "ellipse(" + PathWords.words(p.elements[0], print)[1] + ")"
    }
    if p.elements.count == 1, case .rect = p.elements[0] {
      return "rect(" + PathWords.words(p.elements[0], print)[1] + ")"
    }
    if p.elements.count > 1, let r = p.roundRect {
      let rect = [r.rect.origin.x, r.rect.origin.y, r.rect.size.width, r.rect.size.height]
      return PathWords.roundedRectWord + "("
        + (rect + [r.radius]).map(print).joined(separator: ",") + ")"
    }
    let words = p.elements.flatMap { PathWords.words($0, print) }
    return PathWords.pathWord + "(" + words.joined(separator: " ") + ")"
  }

  /// A list as Swift writes an array: `[6, 3]`.
  static func list(_ v: [Double], _ print: (Double) -> String) -> String {
    "[" + v.map(print).joined(separator: ", ") + "]"
  }
}
