import Core

/// The words of `animate … path ELEMENT …`: CGPath's elements, each a name and its numbers
/// (points `x,y`, rects `x,y,w,h`, plain numbers), up to the next clause keyword. Numbers may be
/// expressions as elsewhere (`pi/2`, `(320/2),40`).
enum PathSyntax {
  /// An element's name and what follows it.
  struct Form {
    let name: String
    /// The words after the name: a point, a rect or a number (named for messages).
    let operands: [Operand]
    /// How the element is written, for messages.
    let usage: String
  }

  enum Operand {
    case point(String)
    case rect
    case number(String)
  }

  static let forms: [Form] = [
    Form(name: "moveTo", operands: [.point("x,y")], usage: "moveTo x,y"),
    Form(name: "lineTo", operands: [.point("x,y")], usage: "lineTo x,y"),
    Form(
      name: "quadTo", operands: [.point("cx,cy"), .point("x,y")], usage: "quadTo cx,cy x,y"),
    Form(
      name: "curveTo", operands: [.point("c1x,c1y"), .point("c2x,c2y"), .point("x,y")],
      usage: "curveTo c1x,c1y c2x,c2y x,y"),
    Form(
      name: "arc",
      operands: [.point("cx,cy"), .number("radius"), .number("start angle"), .number("end angle")],
      usage: "arc cx,cy r a0 a1 [clockwise]"),
    Form(name: "ellipse", operands: [.rect], usage: "ellipse x,y,w,h"),
    Form(name: "rect", operands: [.rect], usage: "rect x,y,w,h"),
    Form(name: "close", operands: [], usage: "close"),
  ]

  static let elementNames = forms.map(\.name)

  /// Reads the path clause's words into a path.
  static func path(_ words: [Token], _ clauses: ParsedClauses) throws(Diagnostic) -> KeyframePath {
    let inv = clauses.invocation
    var elements: [KeyframePath.Element] = []
    var elementTokens: [Token] = []
    var i = 0
    while i < words.count {
      let t = words[i]
      guard !t.quoted, let form = forms.first(where: { $0.name == t.text }) else {
        let near = t.quoted ? nil : KeywordSuggestion.keyword(for: t.text, among: elementNames)
        throw inv.misspeltKeyword(in: [t], keywords: clauses.keywords)
          ?? inv.error(
            "unknown path element '\(t.text)'",
            suggestion: near.map { .didYouMean($0, among: elementNames) }
              ?? .oneOf(elementNames), at: t)
      }
      i += 1
      var numbers: [[Double]] = []
      for operand in form.operands {
        guard i < words.count, words[i].quoted || !elementNames.contains(words[i].text) else {
          let got = numbers.count
          throw inv.error(
            "'\(form.name)' takes \(form.operands.count) "
              + (form.operands.count == 1 ? "value" : "values") + ", got \(got)",
            hint: "write it as \(form.usage)", at: t)
        }
        let w = words[i]
        numbers.append(try operandValue(operand, w, form, clauses))
        i += 1
      }
      var clockwise = false
      if form.name == "arc", i < words.count, !words[i].quoted, words[i].text == "clockwise" {
        clockwise = true
        i += 1
      }
      elements.append(element(form.name, numbers, clockwise: clockwise))
      elementTokens.append(t)
    }
    do throws(KeyframePath.Failure) {
      return try KeyframePath(elements)
    } catch {
      throw inv.error(error.message, at: elementTokens[error.element])
    }
  }

  private static func operandValue(
    _ operand: Operand, _ w: Token, _ form: Form, _ clauses: ParsedClauses
  ) throws(Diagnostic) -> [Double] {
    let inv = clauses.invocation
    return try clauses.word(w) { w throws(Diagnostic) in
      switch operand {
      case .point(let what):
        return try inv.lift(w, prefix: "bad point \(what) for \(form.name)") {
          () throws(ValueError) in
          try PropertyKind.point.parse(w.text).components ?? []
        }
      case .rect:
        return try inv.lift(w, prefix: "bad rect x,y,w,h for \(form.name)") {
          () throws(ValueError) in
          try PropertyKind.rect.parse(w.text).components ?? []
        }
      case .number(let what):
        let range: ClosedRange<Double> = what == "radius" ? 0...1e9 : -1e9...1e9
        return [try inv.number(w, range: range, what: "\(form.name) \(what)")]
      }
    }
  }

  private static func element(_ name: String, _ v: [[Double]], clockwise: Bool)
    -> KeyframePath.Element
  {
    func p(_ i: Int) -> Point { Point(v[i][0], v[i][1]) }
    func r(_ i: Int) -> Rect { Rect(v[i][0], v[i][1], v[i][2], v[i][3]) }
    switch name {
    case "moveTo": return .move(to: p(0))
    case "lineTo": return .line(to: p(0))
    case "quadTo": return .quad(control: p(0), to: p(1))
    case "curveTo": return .curve(control1: p(0), control2: p(1), to: p(2))
    case "arc":
      return .arc(center: p(0), radius: v[1][0], start: v[2][0], end: v[3][0], clockwise: clockwise)
    case "ellipse": return .ellipse(in: r(0))
    case "rect": return .rect(r(0))
    default: return .close
    }
  }
}
