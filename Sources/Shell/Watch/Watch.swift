import Core
import Glibc

/// `burst --watch FILE.burst [--at=T | --play[=S]]`: runs the script in a fresh scene, shows
/// the picture, and runs it again each time the script (or a file it loads or imports) is
/// saved. The picture of the last run without an error stays on screen when a run has one,
/// with the error (file:line:column) under it. Leaves on `q`, Ctrl-C, or the end of standard
/// input when it is not a terminal.
enum Watch {
  /// What the command line asked for.
  struct Options: Equatable {
    var path: String
    /// Show the scene at this time instead of where the script ends.
    var at: Double? = nil
    /// Play this many seconds in a loop instead of showing one picture.
    var play: Double? = nil
  }

  /// The option, declared with the others in `ProgramOption.all`.
  static let option = "--watch"

  /// The modifiers of the option: the time shown, and the seconds played.
  static let atFlag = "--at"
  static let playFlag = "--play"

  /// `--at=T`, `--at T` is not taken (T could be a script's name); `--play`, `--play=S`: how
  /// the option changes the watch, or the usage error; nil when `word` is neither.
  static func modifier(_ word: String) -> Result<(inout Options) -> Void, Burst.UsageError>? {
    func seconds(_ text: Substring, _ flag: String) -> Result<Double, Burst.UsageError> {
      guard let v = Double(text), v.isFinite, v >= 0, v <= Limits.maxRecordSeconds else {
        return .failure(
          Burst.UsageError(
            message: "\(flag) takes seconds from 0 to \(Limits.quoted(Limits.maxRecordSeconds))"))
      }
      return .success(v)
    }
    if word.hasPrefix(atFlag + "=") {
      return seconds(word.dropFirst(atFlag.count + 1), atFlag).map { t in { $0.at = t } }
    }
    if word == playFlag { return .success { $0.play = defaultPlaySeconds } }
    if word.hasPrefix(playFlag + "=") {
      return seconds(word.dropFirst(playFlag.count + 1), playFlag).map { t in
        { $0.play = max(t, 1 / playFramesPerSecond) }
      }
    }
    if word == atFlag {
      return .failure(
        Burst.UsageError(message: "\(atFlag) takes its time joined: \(atFlag)=T"))
    }
    return nil
  }

  /// The seconds `--play` alone plays before it starts again.
  static let defaultPlaySeconds = 2.0
  /// The frames a second `--play` draws.
  static let playFramesPerSecond = 15.0

  /// The commands skipped while watching: they write files or take over the terminal.
  static let skippedCommands = ["snapshot", "save", "record", "play", "sweep"]
  /// Commands skipped only when they write a file (`to FILE`); otherwise they print.
  static let skippedWhenWriting = ["export"]

  /// Whether `--watch` skips `cmd` (a `command`).
  static func skips(_ command: Command, _ cmd: CommandText) -> Bool {
    if skippedCommands.contains(command.name) { return true }
    guard skippedWhenWriting.contains(command.name) else { return false }
    return cmd.tokens.dropFirst().contains { $0.text == "to" && !$0.quoted }
  }

  /// The summary of what a run skipped: `skipped while watching: record ×2, snapshot`.
  static func skippedSummary(_ names: [String]) -> String? {
    guard !names.isEmpty else { return nil }
    var order: [String] = []
    var counts: [String: Int] = [:]
    for n in names {
      if counts[n] == nil { order.append(n) }
      counts[n, default: 0] += 1
    }
    let parts = order.map { counts[$0]! > 1 ? "\($0) ×\(counts[$0]!)" : $0 }
    return "skipped while watching (they write files or take over the terminal): "
      + parts.joined(separator: ", ")
  }

  /// The result of running the script once.
  struct Run {
    /// The picture, when the run had no error.
    var picture: String?
    /// Lines under the picture: what was skipped, the error.
    var report: [String]
    /// The files to watch: the script and every file it read.
    var files: [String]
    /// The session after the run (for `--play`), when it had no error.
    var session: Session?
  }

  /// How a run's session is set up: the terminal's size and graphics.
  struct Display {
    var graphics: TerminalFormat?
    var color: Bool
    var cellPixels: () -> CellSize
    var columns: Int
    var rows: Int?
  }

  /// The rows left under the picture for the status line and an error.
  static let reservedRows = 8

  /// Runs the script once in a fresh session and draws the scene.
  static func runOnce(
    _ options: Options, display: Display, imageCache: ImageCache,
    interrupted: @escaping () -> Bool
  ) -> Run {
    let out = CapturedOutput()
    let s = Session(sink: out, imageCache: imageCache)
    s.graphics = display.graphics
    s.colorByDefault = display.color
    s.cellPixels = display.cellPixels
    s.defaultColumns = display.columns
    s.defaultRows = display.rows.map { max(4, $0 - reservedRows) }
    s.interruptRequested = interrupted
    s.watchSkipped = []
    var files = [options.path]
    let text: String
    do throws(InputError) {
      text = try InputFile.readText(options.path)
    } catch {
      return Run(picture: nil, report: ["burst: \(error.message)"], files: files, session: nil)
    }
    let failure = s.run(source: text, file: options.path)
    files += s.filesRead
    var report: [String] = []
    if let skipped = skippedSummary(s.watchSkipped ?? []) { report.append(skipped) }
    if failure != nil {
      report.append(contentsOf: errorLines(out.stderr))
      return Run(picture: nil, report: report, files: files, session: nil)
    }
    if let at = options.at {
      guard at >= s.scene.now else {
        report.append(
          "burst: the script ends at t = \(Session.clockText(s.scene.now)) s, after --at"
            + " \(ValueFormatting.number(at))")
        return Run(picture: nil, report: report, files: files, session: nil)
      }
      if at > s.scene.now, s.run(source: "step to \(at)\n", file: atFlag) != nil {
        report.append(contentsOf: errorLines(out.stderr))
        return Run(picture: nil, report: report, files: files, session: nil)
      }
    }
    return Run(picture: picture(s, out), report: report, files: files, session: s)
  }

  /// The lines of a run's standard error (its diagnostics, each with file:line:column).
  static func errorLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
  }

  /// What `show` draws of the session's scene now.
  static func picture(_ s: Session, _ out: CapturedOutput) -> String {
    let before = out.stdout.utf8.count
    _ = s.run(source: "show\n", file: option)
    return String(decoding: Array(out.stdout.utf8.dropFirst(before)), as: UTF8.self)
  }

  /// The watch loop, writing to `write`; returns the exit status (0 when left with `q`,
  /// Ctrl-C or the end of input).
  static func loop(
    _ options: Options, display: Display, terminal: Bool, input: Int32?,
    write: (String) -> Void, interrupted: @escaping () -> Bool
  ) -> Int32 {
    guard let watcher = FileWatcher() else {
      write("burst: cannot watch files: \(SystemError.text(errno))\n")
      return ExitStatus.cannotWrite.code
    }
    let cache = ImageCache()
    var lastPicture: String? = nil
    var runs = 0
    // On a terminal each picture replaces the last in one synchronized update (no flicker
    // where the terminal supports it).
    let clear = terminal ? Playback.beginSynchronized + "\u{1B}[H\u{1B}[2J" : ""
    let end = terminal ? Playback.endSynchronized : ""
    func status(_ run: Run, time: Double?) -> String {
      let others = run.files.count - 1
      var line = "watching \(options.path)"
      if others > 0 { line += " and \(others) file\(others == 1 ? "" : "s") it reads" }
      if let time { line += " · t = \(MotionCommands.format(time)) s" }
      line += " · run \(runs) · q or Ctrl-C leaves"
      return line
    }
    /// Waits up to `milliseconds`: true to leave, false otherwise; `changed` is set on a save.
    func poll(_ milliseconds: Int32, _ changed: inout Bool) -> Bool {
      let r = watcher.wait(milliseconds: milliseconds, input: input)
      if interrupted() { return true }
      if r.changed {
        // An editor's save is often several events: let them settle, then read them all.
        usleep(50_000)
        _ = watcher.changed()
        changed = true
      }
      if r.input, let input {
        var byte: UInt8 = 0
        let n = read(input, &byte, 1)
        if n == 0 || byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 3 {
          return true
        }
      }
      return false
    }
    while true {
      runs += 1
      let run = runOnce(options, display: display, imageCache: cache, interrupted: interrupted)
      watcher.watch(run.files)
      if let p = run.picture { lastPicture = p }
      if interrupted() { return ExitStatus.ok.code }
      var changed = false
      if let s = run.session, let seconds = options.play {
        // Play `seconds` from where the script ends (or --at), again and again.
        let baseScene = s.scene
        let baseState = s.undoable
        let dt = 1 / playFramesPerSecond
        let frames = max(1, Int((seconds * playFramesPerSecond).rounded()))
        let out = s.sink as? CapturedOutput
        while !changed {
          for i in 0..<frames {
            let frame = i == 0 ? (run.picture ?? "") : (out.map { Self.picture(s, $0) } ?? "")
            write(
              clear + frame
                + ([status(run, time: s.scene.now)] + run.report).joined(
                  separator: "\n") + "\n" + end)
            if poll(Int32(dt * 1000), &changed) { return ExitStatus.ok.code }
            if changed { break }
            _ = s.run(source: "step \(dt)\n", file: Watch.playFlag)
          }
          s.scene = baseScene
          s.undoable = baseState
        }
        continue
      }
      let time = run.session?.scene.now
      write(
        clear + (lastPicture ?? "")
          + ([status(run, time: time)] + run.report).joined(
            separator: "\n") + "\n" + end)
      while !changed {
        if poll(250, &changed) { return ExitStatus.ok.code }
      }
    }
  }
}
