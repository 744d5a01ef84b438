import Core

/// UIKit's view animations: `UIView.animate(withDuration:…)` and Objective-C's `[UIView
/// animateWithDuration:…]`, in their overloads, become `uiview` commands with the block's
/// changes of views' properties; the completion block runs `after` the delay and the duration.
extension ImportInterpreter {
  /// Where a closure's statements start after its `{` at `open`: past its parameters
  /// (`_ in`, `finished in`, `[weak self] _ in`) when it has them.
  func closureStart(_ open: Int, end: Int) -> Int {
    let start = open + 1
    if let word = (start..<min(end, start + 8)).first(where: { tokens[$0].isIdentifier("in") }),
      !(start..<word).contains(where: {
        tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("=")
          || tokens[$0].isPunctuation(".") || tokens[$0].isIdentifier("for")
      })
    {
      return word + 1
    }
    return start
  }

  /// The arguments of a call between brackets `open` and `close`, split at the commas at
  /// depth 0, each with its label (`_` when it has none).
  private func callArguments(_ open: Int, _ close: Int) -> [(label: String, range: Range<Int>)] {
    var out: [(String, Range<Int>)] = []
    var start = open + 1
    var depth = 0
    func item(_ r: Range<Int>) {
      guard !r.isEmpty else { return }
      if r.count >= 3, tokens[r.lowerBound].kind == .identifier,
        tokens[r.lowerBound + 1].isPunctuation(":")
      {
        out.append((tokens[r.lowerBound].text, (r.lowerBound + 2)..<r.upperBound))
      } else {
        out.append(("_", r))
      }
    }
    for j in (open + 1)..<close {
      let t = tokens[j]
      guard t.kind == .punctuation else { continue }
      if ["(", "[", "{"].contains(t.text) { depth += 1 }
      if [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.text == "," {
        item(start..<j)
        start = j + 1
      }
    }
    item(start..<close)
    return out
  }

  /// UIView.animate's options that change nothing Burst shows.
  private static let quietViewOptions: Set<String> = [
    "allowUserInteraction", "beginFromCurrentState", "layoutSubviews", "overrideInheritedDuration",
    "overrideInheritedCurve", "overrideInheritedOptions", "allowAnimatedContent",
    "showHideTransitionViews", "preferredFramesPerSecondDefault", "preferredFramesPerSecond60",
    "preferredFramesPerSecond30",
  ]

  /// `UIView.animate(withDuration:delay:options:animations:completion:)` in its overloads (also
  /// `usingSpringWithDamping:initialSpringVelocity:`, trailing closures, and Objective-C's
  /// `[UIView animateWithDuration:… animations:^{ … } completion:^(BOOL finished){ … }]`): each
  /// change of a view's property in the block becomes `uiview PATH to VALUE duration D …`, other
  /// layers' changes are made at once (UIKit animates views), and the completion block runs
  /// `after` the delay and the duration.
  func uiViewAnimate(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    var arguments: [(label: String, range: Range<Int>)] = []
    if spells(["UIView", ".", "animate", "("], at: i, in: s) {
      let open = i + 3
      let close = program.closing(open, in: s)
      guard close < s.upperBound else { return false }
      arguments = callArguments(open, close)
      // Trailing closures: `{ … }`, then `completion: { … }`.
      var k = close + 1
      while k < s.upperBound {
        var label = "_"
        if tokens[k].kind == .identifier, k + 1 < s.upperBound, tokens[k + 1].isPunctuation(":") {
          label = tokens[k].text
          k += 2
        }
        guard k < s.upperBound, tokens[k].isPunctuation("{") else {
          throw skip(
            "UIView.animate: only closures follow its arguments",
            tokens[Swift.min(k, s.upperBound - 1)])
        }
        let end = program.closing(k, in: s)
        if label == "_" {
          label = arguments.contains { $0.label == "animations" } ? "completion" : "animations"
        }
        arguments.append((label, k..<Swift.min(end + 1, s.upperBound)))
        k = end + 1
      }
    } else if spells(["[", "UIView", "animateWithDuration", ":"], at: i, in: s) {
      let close = program.closing(i, in: s)
      var c = i + 2
      while c < close {
        guard tokens[c].kind == .identifier, c + 1 < close, tokens[c + 1].isPunctuation(":") else {
          throw skip("'\(tokens[c].text)' is not understood in a message", tokens[c])
        }
        let label = tokens[c].text == "animateWithDuration" ? "withDuration" : tokens[c].text
        var end = c + 2
        var depth = 0
        while end < close {
          let t = tokens[end]
          if t.kind == .punctuation {
            if ["(", "[", "{"].contains(t.text) { depth += 1 }
            if [")", "]", "}"].contains(t.text) { depth -= 1 }
          }
          if depth == 0, t.kind == .identifier, end + 1 < close, tokens[end + 1].isPunctuation(":"),
            end > c + 2
          {
            break
          }
          end += 1
        }
        arguments.append((label, (c + 2)..<end))
        c = end
      }
    } else {
      return false
    }
    func argument(_ label: String) -> Range<Int>? {
      arguments.first { $0.label == label }?.range
    }
    /// The statements of a closure argument (`{ … }`, `^{ … }`, `^(BOOL finished) { … }`).
    func closure(_ label: String) throws(ImportSkip) -> Range<Int>? {
      guard let r = argument(label) else { return nil }
      if r.count == 1, tokens[r.lowerBound].isIdentifier("nil") { return nil }
      guard let brace = r.first(where: { tokens[$0].isPunctuation("{") }) else {
        throw skip(
          "UIView.animate's \(label) must be a closure written in place", tokens[r.lowerBound])
      }
      let end = program.closing(brace, in: r)
      return closureStart(brace, end: end)..<end
    }
    guard let durationRange = argument("withDuration") else {
      throw skip("UIView.animate needs withDuration:")
    }
    let duration = try seconds(durationRange)
    guard duration > 0 else { throw skip("a UIView animation lasts more than 0 seconds") }
    let delay =
      try argument("delay").map { (r: Range<Int>) throws(ImportSkip) in try seconds(r) } ?? 0
    var damping: Double? = nil
    var velocity = 0.0
    if let r = argument("usingSpringWithDamping") {
      damping = try number(try expression(r), at: tokens[r.lowerBound])
      if let v = argument("initialSpringVelocity") {
        velocity = try number(try expression(v), at: tokens[v.lowerBound])
      }
    }
    var curve = UIViewSpring.Curve.easeInOut
    if let r = argument("options") {
      for j in r where tokens[j].kind == .identifier {
        var word = tokens[j].text
        if ["UIView", "AnimationOptions", "UIViewAnimationOptions"].contains(word) { continue }
        if word.hasPrefix("UIViewAnimationOption") {
          word = String(word.dropFirst("UIViewAnimationOption".count))
          word = word.prefix(1).lowercased() + word.dropFirst()
        }
        if word.hasPrefix("curve") {
          let name = String(word.dropFirst(5))
          if let c = UIViewSpring.Curve(rawValue: name.prefix(1).lowercased() + name.dropFirst()) {
            curve = c
            continue
          }
        }
        if Self.quietViewOptions.contains(word) { continue }
        warn(
          tokens[j], "skipped: UIView.animate's option \(word)",
          hint: word == "repeat" || word == "autoreverse"
            ? "uiview animates once: write animate … repeat forever autoreverses for a layer"
            : "Burst's uiview takes a duration, a delay, a curve or a spring")
      }
    }
    guard let body = try closure("animations") else {
      throw skip("UIView.animate needs its animations block")
    }
    var timing = "duration \(ValueFormatting.number(duration))"
    if delay > 0 { timing += " delay \(ValueFormatting.number(delay))" }
    if let damping {
      timing += " damping \(ValueFormatting.number(damping))"
      if velocity != 0 { timing += " velocity \(ValueFormatting.number(velocity))" }
    } else if curve != .easeInOut {
      timing += " curve \(curve.rawValue)"
    }
    for step in recordSteps(program.statements(in: body)) {
      guard case .set(let o, let a) = step else {
        add(step)
        continue
      }
      guard objects[o].view != nil, !a.reachesCells else {
        // A layer's own property is not a view's: UIKit sets it at once.
        try record(o, a)
        continue
      }
      var commands: [ImportLayerCommand] = []
      if a.key == "frame", case .rect(let r) = a.value {
        // The frame is the bounds' size and the position: each animates.
        let size = ValueFormatting.value(.rect(Rect(0, 0, r.size.width, r.size.height)))
        let mid = ValueFormatting.value(
          .point(Point(r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2)))
        commands = [
          ImportLayerCommand(
            verb: "uiview", suffix: ".bounds", rest: "to \(size) \(timing)", what: "UIView.animate"),
          ImportLayerCommand(
            verb: "uiview", suffix: ".position", rest: "to \(mid) \(timing)",
            what: "UIView.animate"),
        ]
      } else {
        commands = [
          ImportLayerCommand(
            verb: "uiview", suffix: "." + a.key, rest: "to \(a.text) \(timing)",
            what: "UIView.animate")
        ]
      }
      add(.layer(object: o, commands: commands, at: a.at ?? tokens[i], statement: a.statement))
    }
    if let completion = try closure("completion") {
      let steps = recordSteps(program.statements(in: completion))
      if !steps.isEmpty {
        add(.after(delay: ((delay + duration) * 1e9).rounded() / 1e9, steps: steps))
      }
    }
    return true
  }
}
