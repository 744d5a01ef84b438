import Testing

@testable import Core

/// A group of `duration` starting at `begin`, with the other options given.
private func group(
  duration: Double = 1, begin: Double = 0, speed: Double = 1, repeatCount: Double = 0,
  autoreverses: Bool = false, fill: FillMode = .removed, kept: Bool = false,
  timing: TimingFunction? = nil
) -> LayerAnimation {
  var t = MediaTiming()
  t.duration = duration
  t.beginTime = begin
  t.speed = speed
  t.repeatCount = repeatCount
  t.autoreverses = autoreverses
  t.fillMode = fill
  var g = LayerAnimation.group(timing: t)
  g.removedOnCompletion = !kept
  g.timingFunction = timing
  return g
}

/// A child animating opacity from 0 to 1 over `duration`, beginning `delay` into its group.
private func child(duration: Double, delay: Double = 0) -> LayerAnimation {
  var t = MediaTiming()
  t.duration = duration
  t.beginTime = delay
  return LayerAnimation(
    keyPath: "opacity", cellPath: [], property: "opacity", field: nil,
    spec: .basic(from: [0], to: [1], by: nil), timing: t)
}

@Suite("CAAnimationGroup: the group's local time is its children's parent time")
struct AnimationGroupClockTests {
  @Test(
    "the children's time at a layer time (nil: the group shows nothing)",
    arguments: [
      ("before the window", group(begin: 1), 0.5, nil),
      ("running", group(begin: 1), 1.25, 0.25),
      ("after the window", group(), 1.5, nil),
      ("fill backwards before", group(begin: 1, fill: .backwards), 0.5, 0),
      ("fill forwards, not kept", group(fill: .forwards), 1.5, nil),
      ("fill forwards, kept: the end time", group(fill: .forwards, kept: true), 5, 1),
      ("speed", group(speed: 2), 0.25, 0.5),
      ("second repeat", group(repeatCount: 2), 1.25, 0.25),
      ("reverse half", group(autoreverses: true), 1.25, 0.75),
      ("duration 2", group(duration: 2), 1.5, 1.5),
    ] as [(String, LayerAnimation, Double, Double?)])
  func childTime(name: String, g: LayerAnimation, t: Double, expected: Double?) {
    let got = g.childTime(atLayerTime: t)
    #expect((got == nil) == (expected == nil), "\(name)")
    if let got, let expected { #expect(abs(got - expected) < 1e-12, "\(name): \(got)") }
  }

  @Test("the group's timing function warps its children's time")
  func timingFunctionWarps() throws {
    let easeIn = try #require(TimingFunction(name: "easeIn"))
    let g = group(duration: 2, timing: easeIn)
    let got = try #require(g.childTime(atLayerTime: 0.5))
    #expect(abs(got - easeIn(0.25) * 2) < 1e-12)
  }

  @Test("a child is cut off at the group's duration; children apply in order at the group time")
  func applyingClipsChildren() {
    var g = group(duration: 1)
    g.spec = .group([child(duration: 2), child(duration: 0.5, delay: 0.25)])
    let at = g.applying(atLayerTime: 0.5)
    #expect(at.map(\.time) == [0.5, 0.5])
    #expect(at.first?.animation.value(atLayerTime: 0.5, underlying: [1]) == [0.25])
    #expect(at.last?.animation.value(atLayerTime: 0.5, underlying: [1]) == [0.5])
    #expect(g.applying(atLayerTime: 1.2).isEmpty, "after the group's end none apply")
    #expect(g.isRemoved(atLayerTime: 1.2))
    #expect(!g.isRemoved(atLayerTime: 0.9))
    // Any other animation applies itself, at the layer time.
    #expect(child(duration: 1).applying(atLayerTime: 0.3).map(\.time) == [0.3])
  }
}
