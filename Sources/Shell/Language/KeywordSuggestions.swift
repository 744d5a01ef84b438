import Core

/// "Did you mean" for the fixed words of a command: option keywords (`duration`, `in`, `to`,
/// `scale`), and the names an option takes (`forwards`, `easeIn`, `ascii`, `cell`).
enum KeywordSuggestion {
  /// The keyword `word` most likely misspells, or nil. Stricter than for property names: at
  /// most one edit for words of up to five letters (`ot` is taken for `to`, `xy` is not), and
  /// nothing for a word that does not start with a letter (numbers, colours, groups).
  static func keyword(for word: String, among keywords: [String]) -> String? {
    guard let first = word.unicodeScalars.first, first.properties.isAlphabetic,
      let near = Suggestions.nearest(to: word, in: keywords)
    else { return nil }
    let n = min(word.unicodeScalars.count, near.unicodeScalars.count)
    let d = Suggestions.distance(word.lowercased(), near.lowercased())
    return d <= max(1, n / 3) ? near : nil
  }

  /// "Did you mean 'K'?" for `word`, or nil.
  static func suggestion(for word: String, among keywords: [String]) -> Suggestion? {
    keyword(for: word, among: keywords).map { .didYouMean($0) }
  }
}

extension Invocation {
  /// "unexpected 'WORD'" at `token`, suggesting the keyword it misspells, or else the usage.
  func unexpected(_ token: Token, expected keywords: [String]) -> Diagnostic {
    let near = token.quoted ? nil : KeywordSuggestion.suggestion(for: token.text, among: keywords)
    return error(
      "unexpected '\(Diagnostic.window(token.text, column: 1).0)'", suggestion: near ?? usage,
      at: token)
  }

  /// The error for the first of `tokens` that misspells one of `keywords`, or nil: a word
  /// left over after a clause is most often the next keyword, mistyped.
  func misspeltKeyword<Words: Sequence<Token>>(in tokens: Words, keywords: [String])
    -> Diagnostic?
  {
    for t in tokens where !t.quoted {
      if let near = KeywordSuggestion.keyword(for: t.text, among: keywords) {
        return error("unexpected '\(t.text)'", suggestion: .didYouMean(near), at: t)
      }
    }
    return nil
  }

  /// Resolves a token that names a layer, or (where the command also takes keywords there)
  /// reports a misspelt keyword: with no layer of that name, a word nearer to one of
  /// `keywords` than to any layer's name is taken for that keyword.
  func layer(_ token: Token, in model: SceneModel, orKeyword keywords: [String])
    throws(Diagnostic) -> LayerID
  {
    do throws(Diagnostic) {
      return try layer(token, in: model)
    } catch {
      throw misspeltKeyword(token, in: model, keywords: keywords, message: "unexpected") ?? error
    }
  }

  /// "MESSAGE 'WORD' (did you mean 'K'?)" when `token` names no layer and is nearer to one of
  /// `keywords` than to any layer's name; else nil.
  func misspeltKeyword(
    _ token: Token, in model: SceneModel, keywords: [String], message: String
  ) -> Diagnostic? {
    guard !token.quoted, model.layerID(named: token.text) == nil,
      let near = KeywordSuggestion.keyword(for: token.text, among: keywords),
      Suggestions.nearest(to: token.text, in: [near] + model.layerNames) == near
    else { return nil }
    return error("\(message) '\(token.text)'", suggestion: .didYouMean(near), at: token)
  }
}
