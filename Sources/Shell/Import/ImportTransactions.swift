import Core

/// `CATransaction`'s completion block: Core Animation runs it once every animation added
/// between the transaction's `begin()` and `commit()` has ended, so it is recorded as `after D
/// { … }`, D the latest end of those animations (0 when none was added, the next turn of the
/// run loop). The other settings (`setDisableActions`, `setAnimationDuration`) change nothing
/// here: the importer makes no implicit animations (docs/import.md).
extension ImportInterpreter {
  /// An open transaction: the frame depth it was begun at, its completion block (the body's
  /// tokens) and the end, in seconds from now, of each animation added in it (nil: never).
  struct OpenTransaction {
    var depth: Int
    var completion: Range<Int>?
    var ends: [Double?] = []
    /// Whether an end was worked out from the action's parameters' values when it runs
    /// without arguments.
    var fromParameters = false
  }

  /// `CATransaction.begin()` and `commit()` (and the settings, which do nothing).
  func transactionCall(_ name: String, at: SourceToken) throws(ImportSkip) {
    // A transaction begun in a function that has returned was left open: gone.
    transactions.removeAll { $0.depth > frames.count }
    switch name {
    case "begin":
      transactions.append(OpenTransaction(depth: frames.count))
    case "commit":
      guard let t = transactions.popLast(), let body = t.completion else { return }
      guard !t.ends.contains(where: { $0 == nil }) else {
        throw skip(
          "its completion block runs when its animations end, and one of them never does here"
            + " (it repeats forever, or its timing is not a number)", at)
      }
      let delay = t.ends.compactMap { $0 }.max() ?? 0
      if t.fromParameters {
        warn(
          at,
          "the completion block runs after \(ValueFormatting.number(delay)) s: its animations'"
            + " timing from the action's parameters' values when it runs without arguments")
      }
      try delayed(delay, body)
    default:
      break
    }
  }

  /// `CATransaction.setCompletionBlock { … }` (also `({ … })`) and `[CATransaction
  /// setCompletionBlock:^{ … }]`: the block, kept for the open transaction's commit.
  func transactionCompletion(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let name = "setCompletionBlock"
    guard
      spells([Self.transactionClass, ".", name], at: i, in: s)
        || spells(["[", Self.transactionClass, name, ":"], at: i, in: s)
    else { return false }
    guard let open = (i..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") }),
      case let close = program.closing(open, in: s), close < s.upperBound
    else { throw skip("setCompletionBlock takes a block { … }") }
    transactions.removeAll { $0.depth > frames.count }
    guard !transactions.isEmpty else {
      throw skip("a completion block is read between CATransaction.begin() and commit()")
    }
    transactions[transactions.count - 1].completion = closureStart(open, end: close)..<close
    return true
  }

  /// Notes an animation added now: its end (`animationEnd`), for the open transaction's
  /// completion block.
  func noteTransactionAnimation(_ end: (end: Double?, fromParameters: Bool)) {
    guard !transactions.isEmpty else { return }
    transactions[transactions.count - 1].ends.append(end.end)
    if end.fromParameters { transactions[transactions.count - 1].fromParameters = true }
  }

  /// When an animation added now ends, in seconds: its delay and active duration (Core
  /// Animation's default 0.25 s when it sets none, its repeats, autoreverse and speed); nil
  /// when it never ends or its timing is not a number. A timing from the action's parameters
  /// (`duration = duration`) takes their values when it runs without arguments, and says so.
  func animationEnd(_ a: ImportedAnimation) -> (end: Double?, fromParameters: Bool) {
    var timing: [String: Double] = [:]
    var fromParameters = false
    for name in ["duration", "beginTime", "repeatCount", "repeatDuration", "autoreverses", "speed"]
    {
      switch a.value(name) {
      case nil: continue
      case .number(let n)?: timing[name] = n
      case .bool(let b)?: timing[name] = b ? 1 : 0
      case let v?:
        guard let n = parameterDefault(v) else { return (nil, false) }
        timing[name] = n
        fromParameters = true
      }
    }
    var d = timing["duration", default: 0]
    if d <= 0 { d = 0.25 }
    if timing["autoreverses"] == 1 { d *= 2 }
    if let r = timing["repeatDuration"], r > 0 {
      d = r
    } else if let n = timing["repeatCount"], n > 0 {
      d *= n
    }
    if let s = timing["speed"], s != 1 {
      guard s > 0 else { return (nil, false) }
      d /= s
    }
    let begin = timing["beginTime", default: 0]
    let end = (begin == 0 ? 0 : max(0, begin - now)) + d
    let finite = end.isFinite && end < Double(Float.greatestFiniteMagnitude)
    return (finite ? end : nil, fromParameters)
  }

  /// The delegate's `animationDidStop(_:finished:)` (`animationDidStop:finished:`) of an
  /// animation whose `delegate` is the file's own view or controller: recorded as `after END`
  /// of its body, with the animation and `true` as its arguments, END when the animation ends
  /// (`animationEnd`); an animation that never ends never calls it.
  func scheduleAnimationDelegate(
    _ a: Int, end ending: (end: Double?, fromParameters: Bool), at: SourceToken
  ) throws(ImportSkip) {
    guard let delegate = animations[a].value("delegate"), isSelf(delegate),
      let f = program.functions.firstIndex(where: {
        ($0.name == "animationDidStop" && $0.parameters.count == 2)
          || $0.signature == "animationDidStop:finished:"
      })
    else { return }
    called.insert(f)
    guard let end = ending.end else { return }
    if ending.fromParameters {
      warn(
        at,
        "animationDidStop runs after \(ValueFormatting.number(end)) s: the animation's timing"
          + " from the action's parameters' values when it runs without arguments")
    }
    let function = program.functions[f]
    frames.append([function.parameters[0]: .animation(a), function.parameters[1]: .bool(true)])
    defer { frames.removeLast() }
    try delayed(end, function.body)
  }
}
