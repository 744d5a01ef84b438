import Foundation
import Testing

@testable import Core
@testable import Shell

/// The forms that imported code needs to run as it does on iOS: `now` in a `set` value
/// (`CACurrentMediaTime()` when a block runs), `from presentation` (what `presentation()` reads)
/// and `cancel … ifPresent` (`removeAnimation(forKey:)` of an absent key).
@Suite("now, from presentation and cancel ifPresent")
struct RoundTripFormTests {
  @Test(
    "set VALUE now is the clock when the command runs, as fire's beginTime",
    arguments: [
      ("now", "1.5"), ("now+0.25", "1.75"), ("now-0.5", "1"), ("now+2*0.5", "2.5"),
    ])
  func now(value: String, expected: String) {
    let run = runScript(
      """
      emitter e
      after 1.5 set e.beginTime \(value)
      step 2
      get e.beginTime

      """)
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").last.map(String.init) == expected)
  }

  @Test("set … now matches fire in a layer with its own time")
  func nowInLayerTime() {
    let script = """
      layer host
      set host speed=2 beginTime=0.5
      emitter e in host
      step 1

      """
    let a = runScript(script + "fire e 1\nget e.beginTime\n")
    let b = runScript(script + "set e.beginTime now\nget e.beginTime\n")
    #expect(a.error == nil && b.error == nil, "\(a.stderr)\(b.stderr)")
    #expect(a.stdout == b.stdout)
    #expect(a.stdout == "1\n")
  }

  @Test("now is refused for a property that is not a number")
  func nowNotANumber() {
    let run = runScript("layer a\nset a.position now\n")
    #expect(run.error?.message.contains("only number properties take it") == true)
  }

  @Test("animate … from presentation starts where the layer shows, before a model change")
  func fromPresentation() {
    let run = runScript(
      """
      layer a
      set a opacity=1
      animate a.opacity from 1 to 0 duration 2
      step 1
      animate a.opacity from presentation to 1 duration 1 key back
      set a.opacity 1
      get presentation a.opacity
      step 0.5
      get presentation a.opacity

      """)
    #expect(run.error == nil, "\(run.stderr)")
    // From 0.5 (halfway down) back to 1, linear, at half time: 0.75.
    #expect(run.stdout.split(separator: "\n").map(String.init) == ["0.5", "0.75"])
  }

  @Test("cancel LAYER KEY fails for an absent key; with ifPresent it does nothing")
  func cancelIfPresent() {
    let plain = runScript("layer a\ncancel a pulse\n")
    #expect(plain.error?.message == "no animation with key 'pulse'")
    let quiet = runScript(
      """
      layer a
      animate a.opacity from 1 to 0 duration 1 key pulse
      cancel a pulse ifPresent
      cancel a pulse ifPresent
      animations a

      """)
    #expect(quiet.error == nil, "\(quiet.stderr)")
    #expect(quiet.stdout == "no animations\n")
  }

  @Test("cancel LAYER ifPresent does nothing for a missing layer; without it, an error")
  func cancelMissingLayer() {
    let plain = runScript("cancel gone\n")
    #expect(plain.error != nil)
    let quiet = runScript(
      """
      layer a
      animate a.opacity from 1 to 0 duration 1 key pulse
      cancel gone ifPresent
      cancel gone pulse ifPresent
      cancel a ifPresent
      animations a

      """)
    #expect(quiet.error == nil, "\(quiet.stderr)")
    #expect(quiet.stdout == "no animations\n")
  }
}
