import Core

// Planning a sweep: its command read and checked (target, values, times, format, layout)
// before anything is simulated.

/// `sweep`: reading the command, simulating its panels on copies of the session, and laying
/// them out in the terminal or on a contact sheet.
enum Sweep {
  /// What a sweep varies.
  enum Target {
    case property(PropertyRef)
    case option(AnimationOptionRef)
  }

  /// One value of the sweep: what is stored, and its caption.
  struct Value {
    var value: PropertyValue
    var label: String
    var token: Token
  }

  /// A sweep as read from its command, checked before anything is simulated.
  struct Plan {
    var target: Target
    /// The name in contact-sheet labels: the property (with its field) or the option.
    var name: String
    var values: [Value]
    /// Seconds from now, one band of panels each, in the order given.
    var times: [Double]
    var format: SweepFormat
    /// A panel's size: terminal cells or pixels.
    var width: Int
    var height: Int
    /// Panels per line in the terminal.
    var perRow: Int
    var file: (token: Token, target: AtomicFile.Target)?
  }

  /// The space between panels in the terminal, in columns.
  static let gap = 2
  /// The narrowest panel the terminal layout makes before it wraps, in columns.
  static let minColumns = 12

  // MARK: - Reading

  static func plan(_ s: Session, _ inv: Invocation) throws(Diagnostic) -> Plan {
    typealias C = SweepClause
    let pathToken = try inv.argument(1, "PATH")
    let model = s.scene.model
    let target: Target
    let name: String
    if let option = try inv.animationOption(pathToken, in: model) {
      target = .option(option)
      name = option.option
    } else {
      let ref = try inv.property(pathToken, in: model)
      guard let info = model.info(ref), info.writable, !info.renames else {
        throw inv.error(
          "'\(ref.name)' cannot be swept: it is not a value set can change", at: pathToken)
      }
      target = .property(ref)
      name = ref.field.map { "\(ref.name).\($0)" } ?? ref.name
    }
    let tokens = inv.text.tokens
    let keywords = inv.command.clauses.map(\.name)
    var values: [Value] = []
    var clauseStart = 2
    if tokens.count > 2, !tokens[2].quoted, tokens[2].text == C.from.name {
      values = try evenlySpaced(target, s, inv)
      clauseStart = 8
    } else {
      while clauseStart < tokens.count,
        tokens[clauseStart].quoted || !keywords.contains(tokens[clauseStart].text)
      {
        let t = tokens[clauseStart]
        // A value that does not read and misspells a keyword is taken for it (`aftr 2`).
        let v: PropertyValue
        do throws(Diagnostic) {
          v = try parse(t, target, s, inv)
        } catch {
          throw inv.misspeltKeyword(in: [t], keywords: keywords.sorted()) ?? error
        }
        values.append(Value(value: v, label: t.text, token: t))
        clauseStart += 1
      }
      guard !values.isEmpty else {
        throw inv.error(
          "missing values", hint: "sweep PATH V1 V2 … or sweep PATH from A to B count N",
          at: tokens.count > 2 ? tokens[2] : pathToken)
      }
    }
    let c = try inv.clauses(from: clauseStart)
    for clause in [C.from, C.count] {
      if let k = c.keyword(clause) {
        throw inv.error(
          "'\(k.text)' comes right after PATH", hint: "sweep PATH from A to B count N", at: k)
      }
    }
    var times = [try c.value(C.after, default: 1)]
    if let over = try c.value(C.over) {
      if let k = c.keyword(C.after) {
        throw inv.error("give after S or over S1 S2 …, not both", at: k)
      }
      times = over
    }
    let panels = values.count * times.count
    guard panels <= Limits.maxSweepPanels else {
      throw inv.error(
        "a sweep of \(panels) panels is too large",
        hint: "at most \(Limits.maxSweepPanels) panels (values × times)",
        at: inv.nameToken)
    }
    let (format, formatToken) = try readFormat(s, c)
    var plan = Plan(
      target: target, name: name, values: values, times: times, format: format, width: 1,
      height: 1, perRow: 1, file: nil)
    let sizeToken = try c.value(C.size)
    if format == .png {
      guard let fileToken = try c.value(C.to) else {
        throw inv.error(
          "png writes a file", hint: "name it: to FILE.png", at: formatToken ?? inv.nameToken)
      }
      guard SnapshotFormat(path: fileToken.text) == .png else {
        throw inv.error(
          "a contact sheet is written as a .png file", hint: "name the file FILE.png",
          at: fileToken)
      }
      try pngLayout(&plan, s, inv, size: sizeToken, file: fileToken)
      // The target is checked before anything is simulated: a bad path costs nothing.
      let target = try inv.writing(fileToken) { () throws(OutputError) in
        try AtomicFile.check(fileToken.text)
      }
      plan.file = (fileToken, target)
    } else {
      try terminalLayout(&plan, s, inv, size: sizeToken)
    }
    return plan
  }

  /// The format: the one keyword given (png when `to` is given), else as `show` draws; and
  /// the keyword, when given.
  private static func readFormat(_ s: Session, _ c: ParsedClauses) throws(Diagnostic)
    -> (SweepFormat, Token?)
  {
    let inv = c.invocation
    var format: (SweepFormat, Token)? = nil
    for (f, clause) in SweepClause.formats {
      guard let k = c.keyword(clause) else { continue }
      if format != nil {
        throw inv.error(
          "give one of \(Suggestion.list(SweepFormat.allCases.map(\.rawValue)))", at: k)
      }
      format = (f, k)
    }
    if let to = c.keyword(SweepClause.to) {
      if let (f, _) = format, f != .png {
        throw inv.error(
          "to FILE.png writes a png contact sheet; \(f.rawValue) draws in the terminal",
          hint: "drop \(f.rawValue), or drop to FILE.png", at: to)
      }
      return (.png, format?.1)
    }
    if let format { return format }
    return (s.colorByDefault ? .ansi : .ascii, nil)
  }

  /// A value of the target, as `set` reads it (a number beyond a property's range is clamped
  /// with set's warning).
  private static func parse(_ t: Token, _ target: Target, _ s: Session, _ inv: Invocation)
    throws(Diagnostic) -> PropertyValue
  {
    let model = s.scene.model
    switch target {
    case .property(let ref):
      return try inv.lift(t) { () throws(ValueError) in
        s.scriptRelative(
          try SceneCommands.parseForSet(t.text, ref: ref, model: model, session: s, at: inv).value,
          in: inv.line)
      }
    case .option(let ref):
      return try inv.lift(t) { () throws(ValueError) in try model.parseValue(t.text, for: ref) }
    }
  }

  /// `from A to B count N`: N values from A to B, evenly spaced in each component.
  private static func evenlySpaced(_ target: Target, _ s: Session, _ inv: Invocation)
    throws(Diagnostic) -> [Value]
  {
    let fromToken = inv.text.tokens[2]
    let a = try inv.argument(3, "A")
    let toToken = try inv.argument(4, "'to B'")
    guard !toToken.quoted, toToken.text == SweepClause.to.name else {
      throw inv.error("expected 'to B' after 'from A'", hint: "from A to B count N", at: toToken)
    }
    let b = try inv.argument(5, "B")
    let countToken = try inv.argument(6, "'count N'")
    guard !countToken.quoted, countToken.text == SweepClause.count.name else {
      throw inv.error(
        "expected 'count N' after 'to B'", hint: "from A to B count N", at: countToken)
    }
    let n = Int(
      try inv.number(
        try inv.argument(7, "N"), range: 2...Double(Limits.maxSweepPanels), what: "count",
        integer: true))
    // The values are read as the property itself holds them (a field: its number).
    let field: String?
    var integer = false
    if case .property(let ref) = target {
      field = ref.field
      if ref.field == nil, case .integer? = s.scene.model.info(ref)?.kind { integer = true }
    } else {
      field = nil
    }
    func own(_ v: PropertyValue) -> PropertyValue {
      guard let field, let x = v.field(field) else { return v }
      return .number(x)
    }
    let start = own(try parse(a, target, s, inv))
    let end = own(try parse(b, target, s, inv))
    guard let ca = start.components, let cb = end.components, ca.count == cb.count else {
      throw inv.error(
        "from A to B needs a number, angle, point, size, rect or colour",
        hint: "list the values instead: sweep PATH V1 V2 …", at: fromToken)
    }
    var out: [Value] = []
    for k in 0..<n {
      let f = Double(k) / Double(n - 1)
      var comps = zip(ca, cb).map { k == n - 1 ? $1 : $0 + ($1 - $0) * f }
      if integer { comps = comps.map { $0.rounded() } }
      guard let v = start.withComponents(comps) else {
        throw inv.error("cannot space values from A to B", at: fromToken)
      }
      // Read back through the same path as a listed value, so a field merges into its whole.
      let exact = Token(text: ValueFormatting.value(v), column: a.column, length: a.length)
      out.append(Value(value: try parse(exact, target, s, inv), label: label(v), token: a))
    }
    return out
  }

  /// A computed value's caption: its numbers to 4 decimals.
  static func label(_ v: PropertyValue) -> String {
    guard let c = v.components, let rounded = v.withComponents(c.map(round4)) else {
      return ValueFormatting.value(v)
    }
    return ValueFormatting.value(rounded)
  }

  private static func round4(_ x: Double) -> Double {
    abs(x) < 1e9 ? (x * 1e4).rounded() / 1e4 : x
  }

  /// `size W` or `size WxH`, each side in `range`; the height nil when not given.
  private static func size(_ t: Token, range: ClosedRange<Int>, _ inv: Invocation)
    throws(Diagnostic) -> (width: Int, height: Int?)
  {
    let parts = t.text.split(separator: "x", omittingEmptySubsequences: false)
    let sides = parts.map { Int($0) }
    guard parts.count <= 2, sides.allSatisfy({ $0.map(range.contains) == true }),
      let w = sides[0]
    else {
      throw inv.error(
        "bad size '\(t.text)'",
        hint: "W or WxH, each from \(range.lowerBound) to \(range.upperBound)", at: t)
    }
    return (w, sides.count == 2 ? sides[1] : nil)
  }

  /// The scene's height over its width.
  private static func aspect(_ s: Session) -> Double {
    let bounds = s.scene.model.root.properties.bounds.size
    return max(0, bounds.height) / max(bounds.width, 1)
  }

  /// Terminal panels: the given size, or as wide as lets every value sit on one line (but at
  /// least `minColumns`), as tall as keeps the scene's aspect.
  private static func terminalLayout(
    _ plan: inout Plan, _ s: Session, _ inv: Invocation, size sizeToken: Token?
  ) throws(Diagnostic) {
    let columns = max(1, s.defaultColumns)
    var width: Int
    var rows: Int? = nil
    if let sizeToken {
      (width, rows) = try size(sizeToken, range: 1...ViewCommands.maxShowRows, inv)
    } else {
      let n = plan.values.count
      width = max(minColumns, (columns - gap * (n - 1)) / n)
    }
    let fitted = ViewCommands.showSize(
      s, columns: width, rows: rows,
      fitting: sizeToken == nil
        ? s.defaultRows.map { max(1, $0 - ViewCommands.promptRows - 2) } : nil)
    plan.width = fitted.columns
    plan.height = fitted.rows
    plan.perRow = max(1, min(plan.values.count, (columns + gap) / (plan.width + gap)))
  }

  /// PNG panels: the given size, or the scene's size in pixels (times its pixelScale); the
  /// sheet within `Limits.maxSnapshotSide` each way and `Limits.maxSweepSheetPixels`.
  private static func pngLayout(
    _ plan: inout Plan, _ s: Session, _ inv: Invocation, size sizeToken: Token?, file: Token
  ) throws(Diagnostic) {
    let most = Int(Limits.maxSnapshotSide)
    if let sizeToken {
      let (w, h) = try size(sizeToken, range: 1...most, inv)
      plan.width = w
      plan.height = h ?? max(1, Int((Double(w) * aspect(s)).rounded()))
    } else {
      let root = s.scene.model.root
      let k = root.settings.pixelScale
      plan.width = max(1, Int(min(root.properties.bounds.size.width * k, Double(most)).rounded()))
      plan.height = max(
        1, Int(min(root.properties.bounds.size.height * k, Double(most)).rounded()))
    }
    let sheet = contactSheet(plan)
    guard sheet.width <= most, sheet.height <= most,
      Double(sheet.width) * Double(sheet.height) <= Limits.maxSweepSheetPixels
    else {
      let square = Int(Limits.maxSweepSheetPixels.squareRoot())
      throw inv.error(
        "a \(sheet.width)×\(sheet.height) contact sheet is too large",
        hint: "at most \(Limits.quoted(Limits.maxSnapshotSide)) pixels each way and"
          + " \(Limits.quoted(Limits.maxSweepSheetPixels)) (\(square)×\(square)) in all; make the"
          + " panels smaller with size WxH",
        at: sizeToken ?? file)
    }
  }

  /// The contact sheet's layout: values across, times down.
  static func contactSheet(_ plan: Plan) -> ContactSheet {
    ContactSheet(
      panelWidth: plan.width, panelHeight: plan.height, columns: plan.values.count,
      rows: plan.times.count)
  }
}
