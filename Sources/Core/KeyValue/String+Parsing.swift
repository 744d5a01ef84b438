// Character and string helpers the value parsers use.

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
  /// The `=` that makes this word `KEY=VALUE` (`birthRate=10`, `contents=drawing(…)`): the
  /// first one before any `(` or `[`, so a value that holds its own `=` (a drawing's
  /// `fillColor=red`) is not read as a key. nil when the word is not `KEY=VALUE`. `set`'s
  /// arguments and a drawing's marks are both read this way.
  package var keyValueEquals: String.Index? {
    guard let eq = firstIndex(of: "=") else { return nil }
    if let open = firstIndex(where: { $0 == "(" || $0 == "[" }), open < eq { return nil }
    return eq
  }

  /// The string without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
