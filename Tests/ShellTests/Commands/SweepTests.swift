import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// A session with a small emitter scene, `columns` wide.
private func sweepSession(columns: Int = 80) -> (Session, CapturedOutput) {
  let out = CapturedOutput()
  let s = Session(sink: out)
  s.defaultColumns = columns
  s.run(source: SweepTests.setup, file: "setup.burst")
  return (s, out)
}

/// What `command` prints to standard output in `s` (its errors are recorded as issues).
private func output(_ s: Session, _ out: CapturedOutput, _ command: String) -> String {
  let before = out.stdout.count
  let error = s.run(source: command + "\n", file: "test.burst")
  #expect(error == nil, "\(command): \(error?.message ?? "")")
  return String(out.stdout.dropFirst(before))
}

/// Width and height from a PNG file's header.
private func pngSize(_ path: String) throws -> (Int, Int) {
  let data = try #require(FileManager.default.contents(atPath: path))
  let bytes = [UInt8](data)
  try #require(bytes.count > 24)
  func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (be(16), be(20))
}

@Suite("sweep: one scene, many values, side by side")
struct SweepTests {
  static let setup = """
    scene 80x60
    emitter like; cell like spark
    set like emitterPosition=40,30 emitterShape=point
    set like.emitterCells.spark birthRate=200 lifetime=1 velocity=30 contents=spark emissionLongitude=-pi/2

    """
  static let spark = "like.emitterCells.spark"

  @Test(
    "in the terminal: a header, one panel per value of the given size, a caption under each, in rows that fit the width",
    arguments: [
      // (columns, panels per row)
      (80, 3), (50, 2), (20, 1),
    ])
  func terminalPanels(columns: Int, perRow: Int) {
    let (s, out) = sweepSession(columns: columns)
    let text = output(s, out, "sweep \(Self.spark).emissionRange 0 pi/2 pi size 16x5 ascii")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.first == "\(Self.spark).emissionRange after 1 s")
    let groups = (3 + perRow - 1) / perRow
    // Each group: 5 panel lines and a caption line; a blank line between groups.
    #expect(lines.count == 1 + groups * 6 + (groups - 1))
    for line in lines.dropFirst() { #expect(line.count <= perRow * 16 + (perRow - 1) * 2) }
    let captions = lines.enumerated().filter { ($0.offset - 1) % 7 == 5 }.map(\.element)
    let words = captions.flatMap { $0.split(separator: " ").map(String.init) }
    #expect(words == ["0", "pi/2", "pi"])
    // Centred in its 16 columns: "pi/2" starts 6 columns into the second panel.
    if perRow >= 2 {
      #expect(
        captions[0].hasPrefix(
          String(repeating: " ", count: 7) + "0" + String(repeating: " ", count: 16) + "pi/2"))
    }
  }

  @Test("without a size, the panels share the width at the scene's aspect")
  func defaultTerminalSize() {
    let (s, out) = sweepSession(columns: 80)
    let text = output(s, out, "sweep \(Self.spark).velocity 10 20 30 40 ascii")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    // 4 panels of (80 − 3·2)/4 = 18 columns; 80x60 at 18 columns is 18·0.75/2 ≈ 7 rows.
    #expect(lines.count == 1 + 7 + 1)
    #expect(
      lines.last.map { $0.split(separator: " ").map(String.init) } == ["10", "20", "30", "40"])
  }

  @Test("from A to B count N: N evenly spaced values, captioned to 4 decimals")
  func evenlySpaced() {
    let (s, out) = sweepSession()
    let text = output(s, out, "sweep \(Self.spark).emissionRange from 0 to pi count 4 size 12x3")
    let caption = text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(caption.split(separator: " ") == ["0", "1.0472", "2.0944", "3.1416"])
  }

  @Test("two panels with the same value are identical, and a sweep repeats exactly")
  func deterministic() {
    let (s, out) = sweepSession()
    let command = "sweep \(Self.spark).velocity 25 25 size 30x10 ascii"
    let first = output(s, out, command)
    let lines = first.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .dropLast(2)
    #expect(lines.contains { $0.contains("@") || $0.contains("#") })
    for line in lines {
      let chars = Array(line)
      let left = String(chars.prefix(30)).trimmingTrailingSpaces()
      let right = chars.count > 32 ? String(chars[32...]).trimmingTrailingSpaces() : ""
      #expect(left == right)
    }
    #expect(output(s, out, command) == first)
    let (other, otherOut) = sweepSession()
    #expect(output(other, otherOut, command) == first)
  }

  @Test(
    "a panel is the scene with the value set, stepped on: as set, step and show would draw it",
    arguments: ["velocity 60", "emissionRange pi", "color #ff000080", "scale 2"])
  func panelIsSetAndStep(assignment: String) {
    let parts = assignment.split(separator: " ").map(String.init)
    let extra = "after 0.4 set like.emitterCells.spark.birthRate 20\nafter 0.5 echo scheduled\n"
    let (s, out) = sweepSession()
    s.run(source: extra, file: "extra.burst")
    let sweep = output(
      s, out, "sweep \(Self.spark).\(parts[0]) \(parts[1]) after 0.75 size 30x10 ascii")
    #expect(!sweep.contains("scheduled"), "a scheduled echo does not run in a panel")
    let panel = sweep.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .prefix(10).map { String($0).trimmingTrailingSpaces() }
    let (live, liveOut) = sweepSession()
    live.run(source: extra, file: "extra.burst")
    let shown = output(
      live, liveOut, "set \(Self.spark).\(parts[0]) \(parts[1]); step 0.75; show 30x10 ascii")
    #expect(shown.contains("scheduled"))
    let expected = shown.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 == "scheduled" }.prefix(10).map(String.init)
    #expect(panel == expected)
  }

  @Test(
    "the scene, its schedule and its random streams are unchanged afterwards",
    arguments: [
      "sweep like.emitterCells.spark.velocity 10 90 over 0.5 2 ascii",
      "sweep like.emitterCells.spark.emissionRange from 0 to 2pi count 3 ansi",
      "sweep like.birthRate 0 2 to OUT",
    ])
  func sceneUnchanged(command: String) throws {
    let dir = try temporaryDirectory("sweep")
    let file = dir.appendingPathComponent("sheet.png").path
    let snapshot = dir.appendingPathComponent("scheduled.png").path
    let extra =
      "step 0.3\nafter 0.2 set like.emitterCells.spark.birthRate 50\n"
      + "after 0.25 snapshot \(snapshot)\nevery 0.5 set like.opacity 0.9\n"
    let (s, out) = sweepSession()
    s.run(source: extra, file: "extra.burst")
    let before = SceneState(s)
    _ = output(s, out, command.replacingOccurrences(of: "OUT", with: file))
    #expect(SceneState(s) == before)
    #expect(
      !FileManager.default.fileExists(atPath: snapshot), "a scheduled snapshot is not written")
    // Stepping on gives exactly what a session that never swept gives.
    let (plain, plainOut) = sweepSession()
    plain.run(source: extra, file: "extra.burst")
    _ = output(s, out, "step 1")
    _ = output(plain, plainOut, "step 1")
    #expect(SceneState(s) == SceneState(plain))
  }

  @Test("to FILE.png: a contact sheet of values across and times down, sized from the panels")
  func contactSheet() throws {
    let dir = try temporaryDirectory("sweep")
    let (s, out) = sweepSession()
    let a = dir.appendingPathComponent("a.png").path
    _ = output(s, out, "sweep \(Self.spark).velocity 10 20 30 over 0.5 1 to \(a)")
    // 80x60 panels (the scene's size), label strips of 12 px, gutters of 4 px.
    #expect(try pngSize(a) == (4 + 3 * (80 + 4), 4 + 2 * (60 + 12 + 4)))
    let b = dir.appendingPathComponent("b.png").path
    _ = output(s, out, "sweep \(Self.spark).velocity 10 20 size 320x100 png to \(b)")
    // 320 px panels get labels at twice the size: strips of 24 px, gutters of 8 px.
    #expect(try pngSize(b) == (8 + 2 * (320 + 8), 8 + 100 + 24 + 8))
  }

  @Test("each panel of a contact sheet is labelled NAME=VALUE under it")
  func contactSheetLabels() {
    let layout = ContactSheet(panelWidth: 80, panelHeight: 20, columns: 2, rows: 1)
    var sheet = layout.canvas()
    let panel = Canvas(width: 80, height: 20, fill: .black)
    layout.place(panel, label: "velocity=10", column: 0, row: 0, on: &sheet)
    layout.place(panel, label: "", column: 1, row: 0, on: &sheet)
    func inked(column: Int) -> Int {
      let (x0, y0) = layout.origin(column: column, row: 0)
      var n = 0
      for y in (y0 + 20)..<(y0 + 20 + layout.labelHeight) {
        for x in x0..<(x0 + 80) where sheet[x: x, y: y] == ContactSheet.ink { n += 1 }
      }
      return n
    }
    #expect(inked(column: 0) > 11 * 5)
    #expect(inked(column: 1) == 0)
  }

  @Test(
    "bad sweeps are refused before anything runs, with the reason",
    arguments: [
      ("sweep like.emitterCells.spark.velocity", "missing values"),
      ("sweep like.emitterCells.spark.velocity after 2", "missing values"),
      ("sweep like.emitterCells.spark.velocity 1 fast", "bad value for velocity"),
      ("sweep like.emitterShape from point to line count 3", "from A to B needs a number"),
      ("sweep like.emitterCells.spark.velocity from 0 to 1 count 1", "count: 1 is out of range"),
      ("sweep like.emitterCells.spark.velocity from 0 until 1 count 3", "expected 'to B'"),
      ("sweep like.emitterCells.spark.velocity 1 2 count 3", "'count' comes right after PATH"),
      ("sweep like.emitterCells.spark.velocity 1 2 after 1 over 1 2", "not both"),
      ("sweep like.emitterCells.spark.velocity 1 2 png", "png writes a file"),
      ("sweep like.emitterCells.spark.velocity 1 2 ascii to x.png", "draws in the terminal"),
      ("sweep like.emitterCells.spark.velocity 1 2 to x.txt", "written as a .png file"),
      ("sweep like.emitterCells.spark.velocity 1 2 ascii ansi", "give one of"),
      ("sweep like.emitterCells.spark.velocity 1 2 size 0x3", "bad size '0x3'"),
      ("sweep like.emitterCells.spark.velocity 1 2 size 5000x5000 to x.png", "too large"),
      (
        "sweep like.emitterCells.spark.velocity 1 2 3 4 5 6 7 8 9 over 1 2 3 4 5 6 7 8",
        "72 panels is too large"
      ),
      ("sweep like.name a b", "cannot be swept"),
      ("sweep like.emitterCells.spark.velocty 1 2", "unknown property 'velocty'"),
      ("sweep like.emitterCells.spark.velocity 1 2 aftr 1", "unexpected 'aftr'"),
    ])
  func refused(line: String, message: String) throws {
    let (s, out) = sweepSession()
    let before = SceneState(s)
    let error = try #require(s.run(source: line + "\n", file: "test.burst"))
    #expect(error.message.contains(message), "\(error.message)")
    #expect(out.stdout.isEmpty)
    #expect(SceneState(s) == before)
    #expect(!FileManager.default.fileExists(atPath: "x.png"))
  }

  @Test("Ctrl-C between panels stops the sweep: nothing is printed or written, nothing changes")
  func interrupted() throws {
    let dir = try temporaryDirectory("sweep")
    let file = dir.appendingPathComponent("sheet.png").path
    let (s, out) = sweepSession()
    var polls = 0
    s.interruptRequested = {
      polls += 1
      return polls >= 12
    }
    let before = SceneState(s)
    let printed = out.stdout
    let error = try #require(
      s.run(source: "sweep \(Self.spark).velocity 10 20 30 40 over 1 2 to \(file)\n", file: "t"))
    #expect(error.isInterrupt)
    #expect(error.message.contains("the scene is as before the command"))
    #expect(polls >= 12)
    #expect(out.stdout == printed)
    #expect(SceneState(s) == before)
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test("help, explain and completion know sweep and its clauses from its declaration")
  func declaredOnce() {
    let run = runScript("help sweep\nhelp\n")
    #expect(run.stdout.contains("usage: sweep PATH V1 V2 …"))
    #expect(run.stdout.contains("over N …"))
    #expect(run.stdout.contains("  sweep "))
    let command = CommandTable.standard.lookup("sweep")
    #expect(command?.effect == .display)
    #expect(
      Set(command?.clauses.map(\.name) ?? []) == [
        "from", "to", "count", "after", "over", "size", "ascii", "ansi", "png",
      ])
  }
}

@Suite("animation options: LAYER.animations.KEY.OPTION for get, set and sweep")
struct AnimationOptionPathTests {
  static let setup = """
    scene 60x40
    layer button
    set button bounds=0,0,20,20 position=30,20 backgroundColor=#ffffff
    animate button.transform.scale from 1 to 2 duration 1
    animate button.position.y spring to 30 damping 5 key drop
    group button pop duration 2

    """

  @Test(
    "get reads an option; set changes it and get reads it back",
    arguments: [
      ("button.animations.transform.scale.duration", "1", "3", "3"),
      ("button.animations.transform.scale.timingFunction", "linear", "easeIn", "easeIn"),
      (
        "button.animations.transform.scale.timing", "linear", "kCAMediaTimingFunctionEaseOut",
        "easeOut"
      ),
      (
        "button.animations.transform.scale.timing", "linear", "bezier(0.1,0,0.2,1)",
        "bezier(0.1,0,0.2,1)"
      ),
      ("button.animations.transform.scale.repeatCount", "0", "forever", "forever"),
      ("button.animations.transform.scale.repeat", "0", "2.5", "2.5"),
      ("button.animations.transform.scale.autoreverses", "no", "yes", "yes"),
      ("button.animations.transform.scale.fillMode", "removed", ".forwards", "forwards"),
      ("button.animations.drop.damping", "5", "20", "20"),
      ("button.animations.drop.mass", "1", "2", "2"),
      ("button.animations.drop.stiffness", "100", "50", "50"),
      ("button.animations.drop.velocity", "0", "-3", "-3"),
      ("button.animations.pop.duration", "2", "4", "4"),
    ])
  func getAndSet(path: String, before: String, value: String, after: String) {
    let d = Driven()
    #expect(d.run(Self.setup) == nil)
    #expect(d.output("get \(path)") == before + "\n")
    #expect(d.output("set \(path) \(value)") == "")
    #expect(d.output("get \(path)") == after + "\n")
  }

  @Test("changing a spring's damping keeps its other parameters and its duration")
  func springKeepsTheRest() {
    let d = Driven()
    d.run(Self.setup)
    let duration = d.output("get button.animations.drop.duration")
    d.run("set button.animations.drop.damping 2")
    #expect(d.output("get button.animations.drop.mass") == "1\n")
    #expect(d.output("get button.animations.drop.stiffness") == "100\n")
    #expect(d.output("get button.animations.drop.duration") == duration)
    #expect(d.output("get presentation button.position.y") != "")
  }

  @Test(
    "a bad option path or value is refused, and changes nothing",
    arguments: [
      ("set button.animations.transform.scle.duration 2", "no animation with key 'transform.scle'"),
      ("set button.animations.transform.scale.durtion 2", "unknown animation option 'durtion'"),
      ("set button.animations.transform.scale.damping 2", "'damping' applies to springs"),
      ("set button.animations.pop.additive yes", "applies to animations, not groups"),
      ("set button.animations.transform.scale.duration 0", "greater than 0"),
      ("set button.animations.transform.scale.timing bouncy", "unknown timing function"),
      ("set button.animations.drop 2", "expected KEY.OPTION"),
      ("get button.animations", "expected KEY.OPTION"),
    ])
  func refused(line: String, message: String) throws {
    let d = Driven()
    d.run(Self.setup)
    let before = d.session.scene.model
    let error = try #require(d.run(line))
    #expect(error.message.contains(message), "\(error.message)")
    #expect(d.session.scene.model == before)
  }

  @Test("an animation added without key is keyed by its key path")
  func keyedByKeyPath() {
    let d = Driven()
    d.run(Self.setup)
    #expect(d.output("animations button").contains("transform.scale  transform.scale"))
  }

  @Test("sweep varies an animation's timing function: the panels differ, the scene does not")
  func sweepTiming() {
    let d = Driven()
    d.session.defaultColumns = 100
    d.run(Self.setup)
    let before = SceneState(d.session)
    let text = d.output(
      "sweep button.animations.transform.scale.timing linear easeIn easeOut after 0.5 size 30x8 ascii"
    )
    #expect(SceneState(d.session) == before)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(8)
    func panel(_ i: Int) -> [String] {
      lines.map { line in
        let chars = Array(line)
        let start = i * 32
        return start < chars.count
          ? String(chars[start..<min(chars.count, start + 30)]).trimmingTrailingSpaces() : ""
      }
    }
    #expect(panel(0) != panel(1))
    #expect(panel(1) != panel(2))
    #expect(
      text.split(separator: "\n").last?.split(separator: " ") == ["linear", "easeIn", "easeOut"])
  }
}
