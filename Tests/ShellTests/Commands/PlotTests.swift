import Foundation
import Testing

@testable import Shell

/// `plot`'s times read `now` as `set` does, and a window that misses every animation of the
/// path says so (issue 22 §4).
@Suite("plot reads now and says when the window misses the animations")
struct PlotTests {
  static let button = """
    layer button; set button bounds=40x40 position=160,120
    step 1
    animate button.transform.scale values 1.5 0.8 1.0 1.2 1.0 mode cubic duration 0.5

    """

  @Test(
    "now, now+E and now-E in plot's times are the scene's clock, as written in numbers",
    arguments: [
      ("now now+0.6", "1 1.6"),
      ("now-1 now+0.5", "0 1.5"),
      ("now+0.25 now+0.5", "1.25 1.5"),
    ])
  func nowTimes(written: String, numbers: String) {
    let a = runScript(Self.button + "plot button.transform.scale \(written) 30x6\n")
    let b = runScript(Self.button + "plot button.transform.scale \(numbers) 30x6\n")
    #expect(a.error == nil, "\(a.stderr)")
    #expect(a.stdout == b.stdout)
    #expect(a.stdout.contains("*"))
  }

  @Test("a now before 0 is refused as any time out of range is")
  func nowOutOfRange() {
    let run = runScript(Self.button + "plot button.transform.scale now-5 now\n")
    #expect(run.error?.message == "FROM: -4 is out of range", "\(run.stderr)")
  }

  @Test(
    "a window that misses every animation of the path says when they run",
    arguments: [
      (
        "plot button.transform.scale 0 0.6 30x6",
        "note: no animation of button.transform.scale runs between 0 and 0.6 s; its animation"
          + " runs from 1 to 1.5 s"
      ),
      (
        "animate button.opacity from 1 to 0 duration 1 delay 3\n"
          + "animate button.opacity from 0 to 1 duration 1 delay 5 key fadeIn\n"
          + "plot button.opacity now now+1 30x6",
        "note: no animation of button.opacity runs between 1 and 2 s; its animations run from 4"
          + " to 7 s"
      ),
      (
        "animate button.position.x from 0 to 10 duration 1 delay 2 repeat forever\n"
          + "plot button.position 0 1 30x6",
        "note: no animation of button.position runs between 0 and 1 s; its animation runs from"
          + " 3 s on, without end"
      ),
    ])
  func missedWindow(commands: String, note: String) {
    let run = runScript(Self.button + commands + "\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.hasSuffix(note + "\n"), "\(run.stdout)")
  }

  @Test(
    "a window that meets an animation, or a path that nothing animates, has no note",
    arguments: [
      "plot button.transform.scale 0.5 1.2 30x6",
      "plot button.transform.scale now now+0.6 30x6",
      // The end of the animation is in the window.
      "plot button.transform.scale 1.5 2 30x6",
      "plot button.opacity 0 0.6 30x6",
    ])
  func noNote(command: String) {
    let run = runScript(Self.button + command + "\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(!run.stdout.contains("note:"), "\(run.stdout)")
  }
}
