/// A user-facing problem with a value or a name: a message and, when there is one, a hint.
///
/// Messages are lowercase and say what is wrong and what would be right. The Shell adds the
/// source position.
package struct ValueError: Error, Sendable, Equatable {
  package var message: String
  /// What to tell the user beside the message, if anything.
  package var suggestion: Suggestion?
  /// Where in the text the problem starts (in characters), when narrower than the whole word.
  package var offset: Int?
  /// How many characters the problem spans, with `offset`.
  package var length: Int?

  package init(
    _ message: String, suggestion: Suggestion? = nil, offset: Int? = nil, length: Int? = nil
  ) {
    self.message = message
    self.suggestion = suggestion
    self.offset = offset
    self.length = length
  }

  /// An error with advice written as text.
  package init(_ message: String, hint: String?, offset: Int? = nil, length: Int? = nil) {
    self.init(message, suggestion: hint.map(Suggestion.text), offset: offset, length: length)
  }

  /// The suggestion as the user reads it.
  package var hint: String? { suggestion?.text }
}

/// What an error suggests: the name the user probably meant, the names that are allowed, or a
/// free hint. It is worded in one place, `text`; where it is shown (a "did you mean" on the
/// message's line, the others on a hint line) is the Shell's business.
package enum Suggestion: Sendable, Equatable {
  /// A name the word most likely misspells; `among`, when not empty, is every allowed name.
  case didYouMean(String, among: [String] = [])
  /// The allowed names: "use a, b or c".
  case oneOf([String])
  /// Any other advice.
  case text(String)

  /// The candidate nearest to `word` (see `Suggestions.nearest`) as a "did you mean", else
  /// `otherwise`.
  package static func nearest(
    to word: String, in candidates: [String], otherwise: Suggestion? = nil
  ) -> Suggestion? {
    Suggestions.nearest(to: word, in: candidates).map { .didYouMean($0) } ?? otherwise
  }

  /// The suggestion's words: "did you mean 'x'?", "use a, b or c", or the text.
  package var text: String {
    switch self {
    case .didYouMean(let name, _): return "did you mean '\(name)'?"
    case .oneOf(let names): return "use " + Suggestion.list(names)
    case .text(let t): return t
    }
  }

  /// The names of a `.didYouMean(_, among:)`, for a hint line of their own.
  package var alternatives: Suggestion? {
    if case .didYouMean(_, let among) = self, !among.isEmpty { return .oneOf(among) }
    return nil
  }

  /// `a, b or c`.
  package static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    let rest = names.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }
}
