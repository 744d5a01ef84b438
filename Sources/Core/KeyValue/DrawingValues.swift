// The text form of an image drawn in code: `drawing(W,H PATH KEY=VALUE … PATH KEY=VALUE …)`.
// The size comes first, then each mark: its path (as a shape layer's `path` is written) and the
// shape layer's keys that change how it is filled and stroked.

extension ValueParsing {
  /// A drawing value (see `DrawnImage`).
  static func drawing(_ t: String) throws(ValueError) -> DrawnImage {
    let word = DrawnImage.word
    let hint = "for example \(DrawnImage.example)"
    let rest = t.dropFirst(word.count)
    guard t.hasPrefix(word + "("), t.hasSuffix(")"),
      closingParenthesis(of: rest) == t.index(before: t.endIndex)
    else {
      throw ValueError("expected a drawing, got '\(t)'", hint: hint)
    }
    let words = splitTopLevel(rest.dropFirst().dropLast(), brackets: true) {
      $0 == " " || $0 == "\t"
    }
    guard let first = words.first else {
      throw ValueError("a drawing starts with its size in points", hint: hint)
    }
    let v = try numbers(first, count: 2, what: "a drawing's size", example: hint, allowX: true)
    guard v[0] > 0, v[1] > 0 else {
      throw ValueError("a drawing's size must be more than 0 each way", hint: hint)
    }
    let size = Size(v[0], v[1])
    guard DrawnImage.pixels(v[0]) <= Limits.maxDrawingPixels / DrawnImage.pixels(v[1]) else {
      throw ValueError(
        "a drawing holds at most \(Limits.maxDrawingPixels) pixels",
        hint: "draw it smaller and scale the layer or cell up")
    }
    var marks: [ShapeProperties] = []
    for w in words.dropFirst() {
      guard let eq = w.keyValueEquals else {
        guard marks.count < Limits.maxDrawingMarks else {
          throw ValueError("a drawing holds at most \(Limits.maxDrawingMarks) marks")
        }
        var mark = ShapeProperties()
        mark.path = try shapePath(w)
        marks.append(mark)
        continue
      }
      let key = String(w[..<eq])
      let names = DrawnImage.markKeys.map(\.name)
      guard let d = DrawnImage.markKeys.first(where: { $0.name == key }) else {
        throw ValueError(
          "a drawing's mark has no key '\(key)'",
          suggestion: .nearest(to: key, in: names, otherwise: .oneOf(names)))
      }
      guard !marks.isEmpty else {
        throw ValueError(
          "'\(key)' comes before any path", hint: "each mark starts with its path: \(hint)")
      }
      d.set(&marks[marks.count - 1], try d.kind.parse(String(w[w.index(after: eq)...])))
    }
    return DrawnImage(size: size, marks: marks)
  }
}

extension ValueFormatting {
  /// A drawing as `set` reads it: its size, then each mark's path and the keys that differ
  /// from a shape layer's defaults.
  static func drawing(_ d: DrawnImage, _ print: (Double) -> String) -> String {
    var words = ["\(print(d.size.width)),\(print(d.size.height))"]
    for m in d.marks {
      words.append(path(m.path, print))
      for k in DrawnImage.markKeys where k.get(m) != k.defaultValue {
        words.append(k.name + "=" + text(of: k.get(m), numbers: print))
      }
    }
    return DrawnImage.word + "(" + words.joined(separator: " ") + ")"
  }
}
