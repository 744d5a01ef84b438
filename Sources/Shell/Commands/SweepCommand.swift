import Core

/// How `sweep` draws its panels; its words are `sweep`'s format keywords.
enum SweepFormat: String, CaseIterable, Sendable {
  case ascii
  case ansi
  case png

  /// The keyword and what it draws, for `sweep`'s help.
  var summary: String {
    switch self {
    case .ascii, .ansi:
      return
        "draw the panels in the terminal as \(TerminalFormat(rawValue: rawValue)?.summary ?? "")"
    case .png: return "write a contact sheet (with to FILE.png; the default when to is given)"
    }
  }
}

/// The clauses of `sweep`.
enum SweepClause {
  static let from = Clause<Token>.word(
    "from", "A", help: "right after PATH, with to B and count N: N evenly spaced values")
  static let to = Clause<Token>.word(
    "to", "FILE.png", expects: "one file name",
    help: "write the panels as a PNG contact sheet (right after from A, to B is the last value)")
  static let count = Clause<Token>.word(
    "count", "N", expects: "one whole number",
    help: "how many values from A to B, from 2 to \(Limits.maxSweepPanels)")
  static let after = Clause<Double>.number(
    "after", "SECONDS", range: 0...Limits.maxStep, what: "sweep time",
    help: "simulate this long on from now (default 1)")
  static let over = Clause<[Double]>.numbers(
    "over", range: 0...Limits.maxStep,
    help: "several times from now, one row of panels each (a grid of value × time)")
  static let size = Clause<Token>.word(
    "size", "WxH", expects: "one size",
    help: "a panel's size: characters in the terminal (default: the values fit its width),"
      + " pixels for png (default: the scene's size); W alone keeps the scene's aspect")
  static let formats: [(format: SweepFormat, clause: Clause<Bool>)] = SweepFormat.allCases.map {
    ($0, Clause<Bool>.flag($0.rawValue, help: $0.summary))
  }

  static let all: [ClauseSpec] =
    [from.spec, to.spec, count.spec, after.spec, over.spec, size.spec]
    + formats.map(\.clause.spec)
}

extension ViewCommands {
  static let sweep = Command(
    name: "sweep",
    usage:
      "sweep PATH V1 V2 … | sweep PATH from A to B count N, then [after S | over S1 S2 …]"
      + " [size WxH] [ascii|ansi|png] [to FILE.png]",
    abstract:
      "the scene once per value of a property (or animation option), simulated S seconds on"
      + " (default 1), side by side; the scene itself does not change",
    discussion:
      "Each panel is a copy of the scene and its schedule with PATH set to one value, stepped"
      + " on from now with the same random streams, so only the value differs. Scheduled"
      + " commands that only print or write files do not run in panels; the others do. In the"
      + " terminal the panels sit side by side in rows that fit its width, each captioned with"
      + " its value as written (from … count values to 4 decimals); with over, one band per"
      + " time. to FILE.png writes a contact sheet: values across, times down, each panel"
      + " labelled NAME=VALUE. PATH may name an animation's option:"
      + " LAYER.animations.KEY.OPTION (see set). At most \(Limits.maxSweepPanels) panels"
      + " (values × times).",
    examples: [
      "sweep like.emitterCells.sparkle.emissionRange 0 pi/4 pi/2 pi 2pi",
      "sweep like.emitterCells.sparkle.velocity from 20 to 200 count 4 after 0.5",
      "sweep like.emitterCells.sparkle.scale 0.5 1 over 0.25 0.5 1 ascii",
      "sweep like.emitterCells.sparkle.emissionRange 0 pi to sweep.png",
    ],
    hints: [.property, .clauses], clauses: SweepClause.all, effect: .display
  ) { s, inv throws(Diagnostic) in
    let plan = try Sweep.plan(s, inv)
    try Sweep.run(plan, s, inv)
  }
}
