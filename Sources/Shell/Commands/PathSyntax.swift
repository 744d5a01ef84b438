import Core

/// The words of `animate … path ELEMENT …`: CGPath's elements, each a name and its numbers
/// (points `x,y`, rects `x,y,w,h`, plain numbers), up to the next clause keyword. Numbers may be
/// expressions as elsewhere (`pi/2`, `(320/2),40`).
enum PathSyntax {
  typealias Form = PathWords.Form
  typealias Operand = PathWords.Operand

  static let forms = PathWords.forms
  static let elementNames = PathWords.elementNames

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
      if form.name == "arc", i < words.count, !words[i].quoted,
        words[i].text == PathWords.clockwiseWord
      {
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
        return [
          try inv.number(w, range: PathWords.range(of: operand), what: "\(form.name) \(what)")
        ]
      }
    }
  }

  private static func element(_ name: String, _ v: [[Double]], clockwise: Bool)
    -> KeyframePath.Element
  {
    PathWords.element(name, v, clockwise: clockwise)
  }
}
