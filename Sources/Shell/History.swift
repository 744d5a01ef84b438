import Core
import Foundation

/// The compacted history that `save FILE` writes: the commands that changed the scene, in the
/// order they ran, and the clock's moves between them, each run of moves merged into one
/// `step to T`. Replaying it in a fresh session rebuilds the scene exactly (same clock to the
/// bit, particles, animations and schedule), because everything Burst computes is a function
/// of the commands and the clock times at which they ran, and stepping does not depend on how
/// time is cut.
///
/// What is kept follows each command's declared effect (`CommandEffect`), never its name:
/// - `.model` commands are kept as written (their image file paths resolved when they ran);
/// - `.clock` commands are kept as the time the clock reached (even when they failed or were
///   interrupted after it moved);
/// - `.display` commands are dropped, and `.script` commands (`load`) are replaced by the
///   commands they ran, each recorded on its own;
/// - a command that failed before the clock moved leaves no trace: the recorder rolls back
///   with the session's checkpoints;
/// - commands run by the schedule (`after`, `at`, `fire`'s stop) are not kept: the command
///   that scheduled them is, and replaying it schedules them again. When a scheduled command
///   fails, and all the command that scheduled it did was schedule it (`after`, `at`, also
///   through nested `after`s), that command is dropped as well, since replaying it would only
///   fail again (and stop the replaying script);
/// - a command after which the scene is indistinguishable from a new one (`reset`) starts a
///   fresh history.
struct HistoryRecorder {
  /// One item of the history.
  enum Item {
    /// A state-changing command, with the image files it names.
    case command(RecordedCommand)
    /// The clock moved to exactly this time.
    case clock(Double)
  }

  struct Entry {
    /// Identifies the entry for the schedule's bookkeeping.
    var id: Int
    var item: Item
  }

  /// A command as it was written, and where in its line it names image files.
  struct RecordedCommand {
    var text: CommandText
    var images: [ImageSpan]
  }

  /// An image file named by a command: the characters of the command's line that spell it
  /// (1-based column, length) and the absolute file they named when the command ran.
  struct ImageSpan: Equatable {
    var column: Int
    var length: Int
    var file: String
    /// For a `KEY=VALUE` word of `set`: the key, the word's index among the command's tokens,
    /// and the index of that `set` (whose next word is the object path).
    var pair: Pair?

    struct Pair: Equatable {
      var key: String
      var token: Int
      var set: Int
    }
  }

  /// A command being executed.
  private struct Frame {
    var effect: CommandEffect
    /// Whether the command is kept when it completes: only commands run at the top level or
    /// by `load` (every enclosing command is a script), never scheduled ones.
    var recordable: Bool
    /// The history before the command, restored when it fails before the clock moved.
    var undo: [Entry]?
    /// The model before a `.model` command, to tell whether it only scheduled.
    var modelBefore: SceneModel?
    /// Sequence numbers of the events scheduled while the command ran (and not accounted to
    /// a command nested in it).
    var scheduled: [Int] = []
    /// Some of `scheduled` were scheduled by nested commands, so this one did more than
    /// schedule.
    var nestedScheduling = false
  }

  /// Which kept entry a pending scheduled event goes back to, and whether every command on
  /// the way only scheduled.
  fileprivate struct Origin {
    var entry: Int
    var onlyScheduled: Bool
  }

  private(set) var entries: [Entry] = []
  private var nextID = 0
  private var frames: [Frame] = []
  private var origins: [Int: Origin] = [:]
  /// Scheduled events being run: their sequence numbers and the frame depth of their command.
  private var firing: [(sequence: Int, depth: Int)] = []
  /// The absolute file of each image path a kept command named, by the path as written.
  private(set) var imageFiles: [String: String] = [:]

  // MARK: - Recording

  /// Before a command runs (called by `Session.execute`).
  mutating func willRun(_ effect: CommandEffect, model: SceneModel) {
    frames.append(
      Frame(
        effect: effect, recordable: frames.allSatisfy { $0.effect == .script },
        undo: effect == .display ? nil : entries,
        modelBefore: effect == .model ? model : nil))
  }

  /// After a command completed.
  mutating func didRun(_ cmd: CommandText, in session: Session) {
    let f = popFrame()
    let onlyScheduled =
      f.effect == .model && f.scheduled.count == 1 && !f.nestedScheduling
      && f.modelBefore == session.scene.model
    var keptAs: Int? = nil
    if f.recordable {
      switch f.effect {
      case .model:
        let images = imageSpans(cmd, in: session)
        keptAs = append(.command(RecordedCommand(text: cmd, images: images)))
      case .clock:
        appendClock(session.scene.now)
      case .display, .script:
        break
      }
    }
    account(f.scheduled, keptAs: keptAs, onlyScheduled: onlyScheduled)
    if f.recordable && f.effect == .model && Self.isFresh(session) { entries = [] }
  }

  /// After a command failed; `clockMoved` says whether the session kept its state.
  mutating func didFail(clockMoved: Bool, now: Double) {
    let undo = frames[frames.count - 1].undo
    let f = popFrame()
    if !clockMoved {
      if let undo { entries = undo }
    } else if f.recordable && f.effect == .clock {
      appendClock(now)
    }
  }

  /// Removes the innermost frame and returns it without its undo copy, so that appending to the
  /// entries afterwards does not copy them.
  private mutating func popFrame() -> Frame {
    var f = frames.removeLast()
    f.undo = nil
    return f
  }

  /// A scheduled event is about to run (called by `Session.fire`).
  mutating func willFire(_ sequence: Int) {
    firing.append((sequence, frames.count))
  }

  mutating func didFire() {
    if let last = firing.popLast() { origins[last.sequence] = nil }
  }

  /// An event was scheduled (called by `Session.schedule`).
  mutating func didSchedule(_ sequence: Int) {
    if frames.isEmpty {
      origins[sequence] = nil
    } else {
      frames[frames.count - 1].scheduled.append(sequence)
    }
  }

  /// A repeating timer scheduled its next run: it goes back to the same entry as this one.
  mutating func didReschedule(_ sequence: Int, as next: Int) {
    origins[next] = origins[sequence]
  }

  /// A repeating timer's run after its first failed, which stopped it. When the timer goes
  /// back to an `every` command that only scheduled it, that command is kept with `until` at
  /// its last good run, so that replaying it makes the same runs and no failing one.
  mutating func timerFailed(_ sequence: Int, definition: CommandText, lastRun: Double) {
    guard let origin = origins[sequence], origin.onlyScheduled,
      let i = entries.firstIndex(where: { $0.id == origin.entry }),
      case .command(var recorded) = entries[i].item, recorded.text == definition,
      let cut = Self.stopped(definition, at: lastRun)
    else { return }
    recorded.text = cut
    entries[i].item = .command(recorded)
  }

  /// `every` command `cmd` with its `until` at `t` (replacing one it had), its line kept up
  /// to the command so that columns (image paths) stay where they were.
  private static func stopped(_ cmd: CommandText, at t: Double) -> CommandText? {
    let chars = Array(cmd.line.text)
    var end = min(cmd.end, chars.count)
    let n = cmd.tokens.count
    if n >= 5, !cmd.tokens[n - 2].quoted, cmd.tokens[n - 2].text == "until" {
      end = min(end, cmd.tokens[n - 2].column - 1)
    }
    var line = cmd.line
    line.text =
      String(chars[..<max(0, end)]).trimmingTrailingSpaces() + " until "
      + ValueFormatting.number(t)
    guard let last = try? Lexer.commands(inLine: line).last,
      last.tokens.first?.column == cmd.tokens.first?.column
    else { return nil }
    return last
  }

  /// A scheduled command failed: the entry that only scheduled it goes.
  mutating func scheduledCommandFailed(_ sequence: Int) {
    guard let origin = origins[sequence], origin.onlyScheduled else { return }
    entries.removeAll { $0.id == origin.entry }
  }

  /// Accounts the events a finished command scheduled to the entry they go back to.
  private mutating func account(_ scheduled: [Int], keptAs: Int?, onlyScheduled: Bool) {
    guard !scheduled.isEmpty else { return }
    if let keptAs {
      for s in scheduled { origins[s] = Origin(entry: keptAs, onlyScheduled: onlyScheduled) }
    } else if let f = firing.last, f.depth == frames.count {
      // The command a scheduled event ran: its events go back to the same entry.
      let parent = origins[f.sequence]
      for s in scheduled {
        origins[s] = parent.map {
          Origin(entry: $0.entry, onlyScheduled: $0.onlyScheduled && onlyScheduled)
        }
      }
    } else if !frames.isEmpty {
      frames[frames.count - 1].scheduled += scheduled
      frames[frames.count - 1].nestedScheduling = true
    } else {
      for s in scheduled { origins[s] = nil }
    }
  }

  private mutating func append(_ item: Item) -> Int {
    let id = nextID
    nextID += 1
    entries.append(Entry(id: id, item: item))
    return id
  }

  /// The history as it stands, to tell later whether anything was added since (`save`'s and
  /// `load`'s mark, which `quit` and `reset` compare with).
  struct Mark: Equatable {
    var count = 0
    var lastID: Int? = nil
    /// The time of a clock entry at the end, which later moves change in place.
    var clock: Double? = nil
  }

  /// The mark of the history now.
  var mark: Mark {
    var clock: Double? = nil
    if case .clock(let t) = entries.last?.item { clock = t }
    return Mark(count: entries.count, lastID: entries.last?.id, clock: clock)
  }

  /// Records that the clock is at `t`, merged with a clock entry just before.
  private mutating func appendClock(_ t: Double) {
    if let last = entries.indices.last, case .clock = entries[last].item {
      entries[last].item = .clock(t)
    } else {
      _ = append(.clock(t))
    }
  }

  /// Whether the scene is as a new session's: then no history is needed to rebuild it.
  private static func isFresh(_ s: Session) -> Bool {
    s.scene.now == 0 && s.events.isEmpty && s.scene.model == SceneModel() && s.actions.isEmpty
      && s.nextTimerID == 1
  }

  // MARK: - Keeping a history aside

  /// What a history holds between commands, kept aside while a lesson runs (`learn N`) and
  /// put back by `learn quit`.
  struct Kept {
    fileprivate var entries: [Entry]
    fileprivate var nextID: Int
    fileprivate var origins: [Int: Origin]
    fileprivate var imageFiles: [String: String]
  }

  /// The history as it is now (the commands in progress are not part of it).
  func kept() -> Kept {
    Kept(entries: entries, nextID: nextID, origins: origins, imageFiles: imageFiles)
  }

  /// Replaces the history with `k`, keeping the bookkeeping of the commands in progress.
  mutating func restore(_ k: Kept) {
    entries = k.entries
    nextID = k.nextID
    origins = k.origins
    imageFiles = k.imageFiles
  }

  // MARK: - Image paths

  /// Names of the properties whose values are images.
  static let imageProperties: Set<String> = {
    var names: Set<String> = []
    let layer = Layer.layerDescriptors + Layer.emitterDescriptors + Layer.sceneDescriptors
    for d in layer where d.kind == .image { names.insert(d.name) }
    for d in EmitterCell.descriptors where d.kind == .image { names.insert(d.name) }
    return names
  }()

  /// The image files a `set` names (also one scheduled by `after` or `at`, which is resolved
  /// now, as it would be when it runs), with the words that spell them. It reads the words as
  /// `set` does: `set PATH VALUE…`, `set PATH = VALUE…` or `set OBJECT KEY=VALUE …`.
  private mutating func imageSpans(_ cmd: CommandText, in session: Session) -> [ImageSpan] {
    let tokens = cmd.tokens
    var i = 0
    // A command that schedules another (a non-display command whose declaration hints
    // `.command` at that argument, as `after` and `at` do) is skipped down to the scheduled one.
    while i < tokens.count, !tokens[i].quoted,
      let c = session.commands.lookup(tokens[i].text), c.effect != .display,
      let tail = c.hints.firstIndex(of: .command)
    {
      i += tail + 1
    }
    guard i + 2 < tokens.count, !tokens[i].quoted,
      session.commands.lookup(tokens[i].text)?.name == SceneCommands.set.name
    else { return [] }
    let setIndex = i
    // `set PATH = VALUE`: the value starts after the '='.
    let assigns = !tokens[i + 2].quoted && tokens[i + 2].text == SceneCommands.assignWord
    guard !assigns || i + 3 < tokens.count else { return [] }
    let first = tokens[assigns ? i + 3 : i + 2]
    var spans: [ImageSpan] = []
    if !assigns, !first.quoted, first.text.keyValueEquals != nil {
      for k in (i + 2)..<tokens.count where !tokens[k].quoted {
        let t = tokens[k]
        guard let eq = t.text.keyValueEquals else { continue }
        let key = String(t.text[..<eq])
        let value = String(t.text[t.text.index(after: eq)...])
        guard Self.imageProperties.contains(Self.lastComponent(key)),
          let file = imageFile(value, in: cmd.line)
        else { continue }
        spans.append(
          ImageSpan(
            column: t.column + key.count + 1, length: value.count, file: file,
            pair: ImageSpan.Pair(key: key, token: k, set: setIndex)))
      }
    } else if Self.imageProperties.contains(Self.lastComponent(tokens[i + 1].text)) {
      let values = tokens[(assigns ? i + 3 : i + 2)...]
      guard let last = values.last,
        let file = imageFile(values.map(\.text).joined(separator: " "), in: cmd.line)
      else { return [] }
      spans.append(
        ImageSpan(
          column: first.column, length: last.column + last.length - first.column, file: file,
          pair: nil))
    }
    return spans
  }

  /// The absolute file an image value in `line` names (as `set` resolves it), or nil for a
  /// built-in image or `none`.
  private mutating func imageFile(_ text: String, in line: SourceLine) -> String? {
    guard case .image(.file(let written))? = try? PropertyKind.image.parse(text) else {
      return nil
    }
    let path = Session.scriptRelative(written, in: line)
    let file = Self.absolute(path)
    imageFiles[path] = file
    return file
  }

  /// `path` made absolute against the working directory (as images are loaded), without `.`
  /// and `..` components.
  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).absoluteURL.standardized.path
  }

  /// The absolute directory that holds `file`.
  static func directory(of file: String) -> String {
    URL(fileURLWithPath: file).absoluteURL.standardized.deletingLastPathComponent().path
  }

  private static func lastComponent(_ key: String) -> String {
    key.split(separator: ".").last.map(String.init) ?? key
  }
}

// MARK: - Writing

extension HistoryRecorder {
  /// The history as a script, for a file in directory `directory` (absolute): image paths are
  /// written relative to it. `now` is the session's clock, which the script ends at.
  func script(now: Double, directory: String) -> String {
    var out = "# Burst history: replays to t = \(Session.clockText(now)) s.\n"
    out += "# The commands that changed the scene, in order, with each run of clock moves merged"
    out += " into\n# one `step to`. Load it in a new session (or after reset) to get the same"
    out += " scene, particles,\n# animations and schedule; `save model FILE` writes the model"
    out += " alone.\n"
    var clock = 0.0
    func stepTo(_ t: Double) {
      // A merged move longer than one step allows goes in steps of the longest allowed.
      while t > clock + Limits.maxStep {
        clock += Limits.maxStep
        out += "step to \(ValueFormatting.number(clock))\n"
      }
      out += "step to \(ValueFormatting.number(t))\n"
      clock = t
    }
    var pendingClock: Double? = nil
    for entry in entries {
      switch entry.item {
      case .clock(let t):
        pendingClock = t
      case .command(let c):
        if let t = pendingClock { stepTo(t) }
        pendingClock = nil
        for line in Self.lines(c, directory: directory) { out += line + "\n" }
      }
    }
    if let t = pendingClock { stepTo(t) }
    // Saved while the clock was moving (a scheduled `save`): the move so far.
    if now > clock { stepTo(now) }
    return out
  }

  /// A kept command's line(s), with its image paths relative to `directory`.
  static func lines(_ c: RecordedCommand, directory: String) -> [String] {
    let tokens = c.text.tokens
    guard let firstToken = tokens.first else { return [] }
    var chars = Array(c.text.line.text)
    let start = max(0, min(firstToken.column - 1, chars.count))
    var end = max(start, min(c.text.end, chars.count))
    func raw(_ from: Int, _ to: Int) -> String {
      let a = max(start, min(from, chars.count))
      return String(chars[a..<max(a, min(to, chars.count))])
    }
    var edits: [(from: Int, to: Int, text: String)] = []
    var extra: [String] = []
    var removedPairs: [Int: Int] = [:]
    for span in c.images {
      let text = imageText(span.file, directory: directory)
      if let pair = span.pair, text.hasPrefix("\"") {
        // A quoted value cannot stand in a KEY=VALUE word: that pair becomes its own `set`.
        let t = tokens[pair.token]
        var from = t.column - 1
        while from > start, chars[from - 1] == " " || chars[from - 1] == "\t" { from -= 1 }
        edits.append((from, t.column - 1 + t.length, ""))
        let object = tokens[pair.set + 1]
        extra.append(
          raw(start, tokens[pair.set].column - 1) + SceneCommands.set.name + " "
            + raw(object.column - 1, object.column - 1 + object.length) + "." + pair.key + " "
            + text)
        removedPairs[pair.set, default: 0] += 1
      } else {
        edits.append((span.column - 1, span.column - 1 + span.length, text))
      }
    }
    for e in edits.sorted(by: { $0.from > $1.from }) {
      let from = max(start, min(e.from, chars.count))
      let to = max(from, min(e.to, chars.count))
      chars.replaceSubrange(from..<to, with: Array(e.text))
      if from < end { end = max(from, end + e.text.count - (to - from)) }
    }
    // A `set` left without any KEY=VALUE word is not written.
    let emptied = removedPairs.contains { set, n in n == tokens.count - set - 2 }
    let main = String(chars[start..<end]).trimmingTrailingSpaces()
    return (emptied ? [] : [main]) + extra
  }

  /// An image file as a value word: relative to `directory`, with a `/` so that it reads as a
  /// file (not as a built-in image), quoted when the lexer would split or change it.
  static func imageText(_ file: String, directory: String) -> String {
    var path = relativePath(of: file, from: directory)
    if !path.contains("/") { path = "./" + path }
    return quoted(path)
  }

  /// `text` as one word the lexer reads back unchanged.
  static func quoted(_ text: String) -> String {
    let special: Set<Character> = [" ", "\t", ";", "\"", "'", "(", ")", "\\", "#"]
    guard text.isEmpty || text.contains(where: { special.contains($0) }) else { return text }
    var out = "\""
    for ch in text {
      if ch == "\"" || ch == "\\" { out.append("\\") }
      out.append(ch)
    }
    return out + "\""
  }

  /// The path of absolute `file` relative to absolute `directory`.
  static func relativePath(of file: String, from directory: String) -> String {
    let target = URL(fileURLWithPath: file).absoluteURL.standardized.pathComponents
    let base = URL(fileURLWithPath: directory).absoluteURL.standardized.pathComponents
    var common = 0
    while common < target.count, common < base.count, target[common] == base[common] {
      common += 1
    }
    let parts =
      Array(repeating: "..", count: base.count - common) + target[common...].map { $0 }
    return parts.joined(separator: "/")
  }
}

// MARK: - Session hooks

extension Session {
  /// The image path as `save model` writes it: relative to `directory`.
  func savedImagePath(_ path: String, directory: String) -> String {
    HistoryRecorder.imageText(
      history.imageFiles[path] ?? HistoryRecorder.absolute(path), directory: directory)
  }
}

// MARK: - Image paths in scripts

extension Session {
  /// An image file path written in a script file, made relative to that script's directory
  /// (as a path from the working directory), so a script and its images can be loaded from
  /// anywhere; paths typed at the prompt, given with -e or read from standard input, and
  /// absolute paths, are unchanged.
  func scriptRelative(_ value: PropertyValue, in line: SourceLine) -> PropertyValue {
    guard case .image(.file(let path)) = value else { return value }
    return .image(.file(Self.scriptRelative(path, in: line)))
  }

  static func scriptRelative(_ path: String, in line: SourceLine) -> String {
    guard !path.hasPrefix("/"), line.file != ProgramFlag.commands, !line.file.hasPrefix("<") else {
      return path
    }
    let slash = line.file.lastIndex(of: "/")
    guard let slash else { return path }
    return normalized(String(line.file[...slash]) + path)
  }

  /// `path` without `.` components, empty components, or `name/..` pairs (lexically).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", path.hasPrefix("/"), parts.isEmpty { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if path.hasPrefix("/") { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
