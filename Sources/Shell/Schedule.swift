import Core

// What a session schedules: commands at a time, repeating timers, named actions and their
// parameters.

/// A command scheduled by `after`, `at` or `fire`, run when the clock reaches `time`.
struct ScheduledEvent: Sendable {
  enum Action: Sendable {
    /// A command written by the user, run as if typed at that moment.
    case command(CommandText)
    /// `fire`'s stop: the layer's birthRate back to 0.
    case stopFire(LayerID)
    /// One run of a repeating timer (`every`), which schedules the next when it succeeds.
    case timer(RepeatingTimer)
  }

  var time: Double
  var sequence: Int
  var action: Action
}

/// A repeating timer (`every S COMMAND [until T]`): its runs are at the exact scene times
/// start + S, start + 2S, …, each the Double `step` lands on for that time, up to `until`
/// (inclusive). Only the next run is ever scheduled.
struct RepeatingTimer: Sendable {
  /// Its number, for `timers` and `cancel every ID`.
  var id: Int
  /// The command each run executes.
  var body: CommandText
  /// The `every` command that made it.
  var definition: CommandText
  var start: Double
  var interval: Double
  var until: Double?
  /// Which run this event is (1 for the first).
  var index: Int

  /// The scene time of run `n`.
  func time(_ n: Int) -> Double { TimeCommands.snapped(start + interval * Double(n)) }

  /// How many runs it would make from this one up to scene time `t` (0 when none).
  func runs(to t: Double) -> Double {
    let last = min(t, until ?? t)
    guard time(index) <= last else { return 0 }
    let n = ((last - start) / interval).rounded(.down)
    // One more than the quotient when rounding put a run exactly at `last` past it.
    var count = n - Double(index) + 1
    if n < 1e15, time(Int(n) + 1) <= last { count += 1 }
    return max(1, count)
  }
}

/// A named action (`action NAME COMMAND`), run by `run NAME`.
struct NamedAction: Sendable {
  var name: String
  var body: CommandText
  /// Its parameters (`action tap(point=160,120) …`), each read in the body as `$NAME`.
  var parameters: [ActionParameter] = []
}

/// A parameter of a named action: its name and the value `run` gives it when left out.
struct ActionParameter: Sendable, Equatable {
  var name: String
  var fallback: String?

  /// `(P1, P2=DEFAULT, …)` as written after an action's name. A piece that is not
  /// `NAME` or `NAME=…` continues the default before it, so `point=160,120` is one default.
  static func list(_ text: Substring) -> [ActionParameter]? {
    var out: [ActionParameter] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      func trim(_ s: Substring) -> String {
        String(s.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      }
      let word = trim(piece)
      let eq = word.firstIndex(of: "=")
      let name = trim(eq.map { word[..<$0] } ?? Substring(word))
      if Binding.isReference("$" + name) {
        let value = eq.map { trim(word[word.index(after: $0)...]) }
        out.append(ActionParameter(name: name, fallback: value))
      } else if let last = out.last, let fallback = last.fallback {
        out[out.count - 1].fallback = fallback + "," + word
      } else if word.isEmpty && out.isEmpty && text.allSatisfy(\.isWhitespace) {
        return []
      } else {
        return nil
      }
    }
    return out
  }

  /// A word written `NAME(…)` (not quoted): the name and what the parentheses hold, as
  /// `action tap(point=1,2)` declares parameters and `run tap(point=3,4)` gives them.
  static func call(_ token: Token) -> (name: String, inside: Substring)? {
    let word = token.text
    guard !token.quoted, let open = word.firstIndex(of: "("), word.hasSuffix(")") else {
      return nil
    }
    return (
      String(word[..<open]), word[word.index(after: open)..<word.index(before: word.endIndex)]
    )
  }

  /// As `actions` writes it: `point=160,120`.
  var spelled: String { fallback.map { "\(name)=\($0)" } ?? name }

  /// A parameter list as `actions` and `import` write it after an action's name, with a space
  /// before it (` (point=160,120, rate=5)`; empty for none): the name stays a word of its own
  /// for anything that reads the listing word by word.
  static func written(_ list: [ActionParameter]) -> String {
    list.isEmpty ? "" : " (" + list.map(\.spelled).joined(separator: ", ") + ")"
  }
}

/// What a failed command restores besides the scene, declared once: the schedule, the named
/// actions, the counters that name new events and timers, and the warnings already given.
/// `Session.execute` saves it whole in its checkpoint and puts it back whole, so a field added
/// here cannot escape undo.
struct Undoable: Sendable {
  var events: [ScheduledEvent] = []
  var nextSequence = 0
  var actions: [NamedAction] = []
  var nextTimerID = 1
  var warned: Set<String> = []
  /// For each `$X`, the name its latest binding gave a new layer (see `Binding`).
  var latestBindings: [String: String] = [:]
}
