import Core

/// Swift concurrency and background queues, as the code around an emitter uses them: a
/// `Task { … }` (also `Task.detached`, `Task(priority:)`, `await MainActor.run { … }`) and a
/// block sent to a background queue run where they are written, as the main queue's blocks do;
/// a pause inside such code (`try await Task.sleep(for: .seconds(2))`,
/// `Thread.sleep(forTimeInterval:)`, `sleep(1)`) makes the statements after it an `after`
/// block, so a burst that turns itself off two seconds later does so here too.
extension ImportInterpreter {
  /// The forms whose block runs in place: a task, the main actor, a background queue.
  static let inPlaceBlocks: [[String]] = [
    ["Task", "{"], ["Task", "("], ["Task", ".", "detached"],
    ["MainActor", ".", "run"], ["MainActor", ".", "assumeIsolated"],
    ["DispatchQueue", ".", "global"],
    ["dispatch_async", "(", "dispatch_get_global_queue"],
  ]

  /// `Task { … }` and the other forms of `inPlaceBlocks`, also as the value of a declaration
  /// or an assignment that keeps the task (`let task = Task { … }`, `_ = Task { … }`): the
  /// block's statements run here, a pause among them scheduling the rest.
  func inPlaceBlock(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    var k = i
    if tokens[i].isIdentifier("let") || tokens[i].isIdentifier("var")
      || !Self.inPlaceBlocks.contains(where: { spells($0, at: i, in: s) })
    {
      // The task kept in a name: what it names is not followed (its `cancel()` is skipped).
      guard let eq = topLevelIndex(of: "=", in: i..<s.upperBound), eq + 1 < s.upperBound
      else { return false }
      k = eq + 1
      while k < s.upperBound, tokens[k].isIdentifier("await") { k += 1 }
    }
    guard Self.inPlaceBlocks.contains(where: { spells($0, at: k, in: s) }),
      let open = (k..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") }),
      program.closing(open, in: s) < s.upperBound
    else { return false }
    let close = program.closing(open, in: s)
    // Past a header of attributes and parameters (`@MainActor in`, `_ in`).
    var start = open + 1
    if let word = (start..<min(close, start + 6)).first(where: { tokens[$0].isIdentifier("in") }),
      (start..<word).allSatisfy({
        tokens[$0].kind == .identifier && (tokens[$0].text.hasPrefix("@") || tokens[$0].text == "_")
      })
    {
      start = word + 1
    }
    _ = try body(start..<close)
    return true
  }

  /// The seconds a pause statement waits: `Task.sleep(nanoseconds:)`, `Task.sleep(for:)`
  /// with a `Duration` (`.seconds(2)`, `.milliseconds(500)`), the `Task.sleep(seconds:)`
  /// helper apps add, Swift 5.5's unlabelled nanoseconds, `Thread.sleep(forTimeInterval:)`,
  /// `[NSThread sleepForTimeInterval:]`, C's `sleep` and `usleep`; each may be marked `try`
  /// and `await`. Nil when `s` is not a pause.
  func pause(_ s: Range<Int>) throws(ImportSkip) -> Double? {
    var i = s.lowerBound
    while i < s.upperBound,
      tokens[i].isIdentifier("try") || tokens[i].isIdentifier("await")
        || tokens[i].isPunctuation("?") || tokens[i].isPunctuation("!")
    {
      i += 1
    }
    // A statement of only `try`, `await` or `!` (the last of a file, say) is no pause.
    guard i < s.upperBound else { return nil }
    let last = s.upperBound - 1
    if spells(["[", "NSThread", "sleepForTimeInterval", ":"], at: i, in: s),
      tokens[last].isPunctuation("]")
    {
      return try seconds((i + 4)..<last)
    }
    let call: (open: Int, scale: Double, label: String?)
    if spells(["Task", ".", "sleep", "("], at: i, in: s) {
      call = (i + 3, 1e-9, nil)
    } else if spells(["Thread", ".", "sleep", "(", "forTimeInterval", ":"], at: i, in: s) {
      call = (i + 3, 1, "forTimeInterval")
    } else if ["sleep", "usleep"].contains(tokens[i].text), tokens[i].kind == .identifier,
      spells(["("], at: i + 1, in: s),
      !program.functions.contains(where: { $0.name == tokens[i].text })
    {
      call = (i + 1, tokens[i].text == "sleep" ? 1 : 1e-6, nil)
    } else {
      return nil
    }
    guard program.closing(call.open, in: s) == last, call.open + 1 < last else {
      throw skip("a pause with no length")
    }
    var argument = (call.open + 1)..<last
    var scale = call.scale
    if argument.count > 2, tokens[argument.lowerBound].kind == .identifier,
      tokens[argument.lowerBound + 1].isPunctuation(":")
    {
      let label = tokens[argument.lowerBound].text
      switch label {
      case "nanoseconds": scale = 1e-9
      case "for", "seconds", "forTimeInterval": scale = 1
      default: throw skip("Task.sleep(\(label):) is not read: only a length of time is")
      }
      argument = (argument.lowerBound + 2)..<argument.upperBound
    }
    // `Duration.seconds(2)` is `.seconds(2)`.
    if argument.count > 2, tokens[argument.lowerBound].isIdentifier("Duration"),
      tokens[argument.lowerBound + 1].isPunctuation(".")
    {
      argument = (argument.lowerBound + 1)..<argument.upperBound
    }
    return try seconds(argument) * scale
  }

  /// When statement `n` of `list` is a pause, the statements after it become `after SECONDS {
  /// … }` and the result is true; a pause whose length cannot be read is skipped with a
  /// warning, and what follows it runs in place.
  func pauseSchedulesRest(_ list: [Range<Int>], at n: Int) -> Bool {
    let s = list[n]
    let delay: Double
    do throws(ImportSkip) {
      guard let d = try pause(s) else { return false }
      delay = d
    } catch {
      warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      return false
    }
    guard n + 1 < list.count, let last = list.last else { return true }
    let rest = list[n + 1].lowerBound..<last.upperBound
    do throws(ImportSkip) {
      try delayed(delay, rest)
    } catch {
      warn(
        tokens[rest.lowerBound], "skipped: what follows \(program.snippet(s))",
        hint: error.message)
    }
    return true
  }
}
