import Core

/// The clauses of `transition` (its timing function is `animate`'s `timing`).
enum TransitionClause {
  static let duration = Clause<Double>.number(
    "duration", "SECONDS", range: -1e9...1e9, minimum: .above(0),
    help: "how long the transition takes (default 0.25, as in Core Animation)")

  static let all: [ClauseSpec] = [duration.spec, AnimateClause.timing.spec]
}

extension AnimationCommands {
  static let transitionTypes = TransitionType.allCases.map(\.rawValue)
  static let transitionSubtypes = TransitionSubtype.allCases.map(\.rawValue)

  static let transition = Command(
    name: "transition", usage: "transition LAYER TYPE [SUBTYPE] [duration D] [timing T]",
    abstract:
      "add a CATransition: the layer's picture now gives way to what the next changes make of"
      + " it (fade, moveIn, push, reveal)",
    discussion:
      "The layer's rendering (its sublayers too; particles frozen) is captured when the command"
      + " runs. The changes made to the layer or its sublayers before the clock next moves, also"
      + " by commands scheduled for this instant, are then shown as a CATransition shows them:"
      + " fade cross-dissolves from the old picture to the new; moveIn slides the new one in"
      + " over the old from the SUBTYPE's side; push slides the new one in and the old one out;"
      + " reveal slides the old one away, uncovering the new. SUBTYPE is fromLeft (the default),"
      + " fromRight, fromTop or fromBottom; fade ignores it. The vertical names follow Core"
      + " Animation's unflipped axis, as on iOS (as contentsGravity's do): fromTop starts at the"
      + " bottom of the screen and moves up, fromBottom at the top. Sliding pictures show only"
      + " inside the layer's bounds; outside them (a shadow, sublayers that stick out) the old"
      + " picture fades into the new one. The timing function defaults to linear (CAAnimation's"
      + " nil). The transition starts when the clock next moves and runs in the layer's time;"
      + " it changes pixels only, never the model or the presented values. If nothing in the"
      + " layer changed by then, it is dropped with a warning. animations lists it under the key"
      + " transition (kCATransition); cancel LAYER transition removes it, and a new transition on"
      + " the layer replaces it.",
    examples: [
      "transition card fade duration 0.5",
      "transition card push fromRight duration 0.3 timing easeInEaseOut",
    ], hints: [.layer, .keywords(transitionTypes), .keywords(transitionSubtypes), .clauses],
    clauses: TransitionClause.all
  ) { s, inv throws(Diagnostic) in
    let layerToken = try inv.argument(1, "LAYER")
    let id = try inv.layer(layerToken, in: s.scene.model)
    guard id != SceneModel.rootID else {
      throw inv.error(
        "the scene's root takes no transition",
        hint: "add the transition to a layer that holds what changes", at: layerToken)
    }
    let type = try transitionType(try inv.argument(2, "TYPE"), inv)
    var subtype = TransitionSubtype.fromLeft
    var clausesStart = 3
    if inv.text.tokens.count > 3 {
      let t = inv.text.tokens[3]
      if t.quoted || !inv.command.clauses.contains(where: { $0.name == t.text }) {
        subtype = try transitionSubtype(t, inv)
        clausesStart = 4
      }
    }
    let c = try inv.clauses(from: clausesStart)
    let duration = try c.value(TransitionClause.duration, default: 0.25)
    let timing = try c.value(AnimateClause.timing)
    s.scene.addTransition(
      type, subtype: subtype, duration: duration, timingFunction: timing, to: id)
  }

  /// A transition type in any of Apple's spellings (`push`, `.push`, `CATransitionType.push`,
  /// `kCATransitionPush`).
  static func transitionType(_ t: Token, _ inv: Invocation) throws(Diagnostic) -> TransitionType {
    try appleCase(t, inv, what: "TYPE")
  }

  /// A transition subtype in any of Apple's spellings (`fromLeft`, `kCATransitionFromLeft`, …).
  static func transitionSubtype(_ t: Token, _ inv: Invocation) throws(Diagnostic)
    -> TransitionSubtype
  {
    try appleCase(t, inv, what: "SUBTYPE")
  }

  private static func appleCase<E: AppleEnumeration>(
    _ t: Token, _ inv: Invocation, what: String
  ) throws(Diagnostic) -> E {
    if !t.quoted, let v = E(spelling: t.text) { return v }
    let cases = E.allCases.map(\.rawValue)
    let near =
      t.quoted
      ? nil : KeywordSuggestion.suggestion(for: E.constantNames.plainName(t.text), among: cases)
    throw inv.error(
      "\(what) is one of \(cases.joined(separator: ", "))", suggestion: near, at: t)
  }
}
