import Testing

@testable import Core

/// A timing from a few fields (the rest default).
private func timing(
  duration: Double = 1, begin: Double = 0, speed: Double = 1, offset: Double = 0,
  repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
  fill: FillMode = .removed
) -> MediaTiming {
  var t = MediaTiming()
  t.duration = duration
  t.beginTime = begin
  t.speed = speed
  t.timeOffset = offset
  t.repeatCount = repeatCount
  t.repeatDuration = repeatDuration
  t.autoreverses = autoreverses
  t.fillMode = fill
  return t
}

/// Whether two phases agree, fractions to 1e-9.
private func same(_ a: AnimationClock.Phase, _ b: AnimationClock.Phase) -> Bool {
  switch (a, b) {
  case (.before, .before): true
  case (.active(let f, let c), .active(let g, let d)), (.after(let f, let c), .after(let g, let d)):
    abs(f - g) < 1e-9 && c == d
  default: false
  }
}

@Suite("Animation timing: phases, cycles, fill")
struct AnimationClockTests {
  @Test(
    "phase at a parent time",
    arguments: [
      ("plain, before", timing(), -0.5, .before),
      ("plain, start", timing(), 0, .active(fraction: 0, cycle: 0)),
      ("plain, quarter", timing(), 0.25, .active(fraction: 0.25, cycle: 0)),
      ("plain, end", timing(), 1, .after(fraction: 1, cycle: 0)),
      ("plain, long after", timing(), 7, .after(fraction: 1, cycle: 0)),
      ("begin 2 speed 2", timing(begin: 2, speed: 2), 2.25, .active(fraction: 0.5, cycle: 0)),
      ("begin 2 speed 2, end", timing(begin: 2, speed: 2), 2.5, .after(fraction: 1, cycle: 0)),
      ("begin 2, before", timing(begin: 2), 1.99, .before),
      ("repeat 2.5", timing(repeatCount: 2.5), 1.25, .active(fraction: 0.25, cycle: 1)),
      ("repeat 2.5, end", timing(repeatCount: 2.5), 2.5, .after(fraction: 0.5, cycle: 2)),
      ("repeat 3, end", timing(repeatCount: 3), 3, .after(fraction: 1, cycle: 2)),
      (
        "repeat 3, rounding", timing(duration: 0.1, repeatCount: 3), 0.3,
        .after(fraction: 1, cycle: 2)
      ),
      ("repeat 0.5", timing(repeatCount: 0.5), 0.5, .after(fraction: 0.5, cycle: 0)),
      ("autoreverse, forward", timing(autoreverses: true), 0.5, .active(fraction: 0.5, cycle: 0)),
      ("autoreverse, back", timing(autoreverses: true), 1.25, .active(fraction: 0.75, cycle: 0)),
      ("autoreverse, end", timing(autoreverses: true), 2, .after(fraction: 0, cycle: 0)),
      (
        "autoreverse ×2", timing(repeatCount: 2, autoreverses: true), 3.5,
        .active(fraction: 0.5, cycle: 1)
      ),
      (
        "autoreverse ×2, end", timing(repeatCount: 2, autoreverses: true), 4,
        .after(fraction: 0, cycle: 1)
      ),
      (
        "autoreverse ×0.5 plays forward only", timing(repeatCount: 0.5, autoreverses: true), 1,
        .after(fraction: 1, cycle: 0)
      ),
      (
        "autoreverse ×1.5, end", timing(repeatCount: 1.5, autoreverses: true), 3,
        .after(fraction: 1, cycle: 1)
      ),
      ("repeatDuration", timing(repeatDuration: 1.5), 1.2, .active(fraction: 0.2, cycle: 1)),
      ("repeatDuration, end", timing(repeatDuration: 1.5), 1.5, .after(fraction: 0.5, cycle: 1)),
      ("forever", timing(repeatCount: .infinity), 1000.25, .active(fraction: 0.25, cycle: 1000)),
      (
        "HUGE_VALF", timing(repeatCount: Double(Float.greatestFiniteMagnitude)), 1e6,
        .active(fraction: 0, cycle: 1_000_000)
      ),
      ("offset, start", timing(offset: 0.25), 0, .active(fraction: 0.25, cycle: 0)),
      ("offset, wrapped", timing(offset: 0.25), 0.75, .active(fraction: 0, cycle: 1)),
      ("offset, still active", timing(offset: 0.25), 0.9, .active(fraction: 0.15, cycle: 1)),
      ("offset, end", timing(offset: 0.25), 1, .after(fraction: 0.25, cycle: 1)),
      ("offset 1, end", timing(offset: 1), 1, .after(fraction: 1, cycle: 1)),
      ("speed 0 freezes", timing(speed: 0, offset: 0.3), 5, .active(fraction: 0.3, cycle: 0)),
      ("negative speed", timing(speed: -1), 0.5, .before),
      ("NaN time", timing(), .nan, .before),
      ("+∞ time", timing(), .infinity, .after(fraction: 1, cycle: 0)),
      (
        "+∞ time, forever", timing(repeatCount: .infinity), .infinity,
        .active(fraction: 0, cycle: 0)
      ),
      ("no duration", timing(duration: 0), 0, .after(fraction: 1, cycle: 0)),
      ("no duration, before", timing(duration: 0), -1, .before),
      ("NaN duration", timing(duration: .nan), 3, .after(fraction: 1, cycle: 0)),
      ("NaN begin reads 0", timing(begin: .nan), 0.5, .active(fraction: 0.5, cycle: 0)),
      (
        "tiny cycle, huge time", timing(duration: 1e-300, repeatCount: .infinity), 1e300,
        .active(fraction: 0, cycle: 1 << 62)
      ),
    ] as [(String, MediaTiming, Double, AnimationClock.Phase)])
  func phase(label: String, timing: MediaTiming, time: Double, expected: AnimationClock.Phase) {
    let got = AnimationClock(timing: timing).phase(at: time)
    #expect(same(got, expected), "\(label): \(got)")
  }

  @Test(
    "active duration",
    arguments: [
      (timing(), 1), (timing(autoreverses: true), 2), (timing(repeatCount: 2.5), 2.5),
      (timing(repeatCount: 0.25, autoreverses: true), 0.5), (timing(repeatCount: -3), 1),
      (timing(repeatCount: .nan), 1), (timing(repeatCount: 3, repeatDuration: 0.5), 0.5),
      (timing(repeatCount: .infinity), .infinity), (timing(repeatDuration: .infinity), .infinity),
      (timing(duration: 0), 0),
    ] as [(MediaTiming, Double)])
  func activeDuration(timing: MediaTiming, expected: Double) {
    #expect(AnimationClock(timing: timing).activeDuration == expected)
  }

  @Test("isFinished follows the end of the active window")
  func finished() {
    let clock = AnimationClock(timing: timing(begin: 1, repeatCount: 2))
    #expect(!clock.isFinished(at: 0))
    #expect(!clock.isFinished(at: 2.999))
    #expect(clock.isFinished(at: 3))
    #expect(!AnimationClock(timing: timing(repeatCount: .infinity)).isFinished(at: 1e12))
    #expect(!AnimationClock(timing: timing(speed: 0)).isFinished(at: 1e12))
  }

  @Test(
    "fill rules",
    arguments: [
      (FillMode.removed, false, AnimationClock.Fill.modelValue, AnimationClock.Fill.modelValue),
      (.removed, true, .modelValue, .modelValue),
      (.forwards, false, .modelValue, .modelValue),
      (.forwards, true, .modelValue, .lastValue),
      (.backwards, false, .firstValue, .modelValue),
      (.backwards, true, .firstValue, .modelValue),
      (.both, false, .firstValue, .modelValue),
      (.both, true, .firstValue, .lastValue),
    ] as [(FillMode, Bool, AnimationClock.Fill, AnimationClock.Fill)])
  func fillRules(
    mode: FillMode, kept: Bool, before: AnimationClock.Fill,
    after: AnimationClock.Fill
  ) {
    let rules = AnimationClock.fill(mode, kept: kept)
    #expect(rules.before == before)
    #expect(rules.after == after)
  }

  @Test(
    "presentation outside and inside the active window",
    arguments: [
      (timing(begin: 1, fill: .backwards), false, 0, .animated(fraction: 0, cycle: 0)),
      (timing(begin: 1, offset: 0.25, fill: .both), false, 0, .animated(fraction: 0.25, cycle: 0)),
      (timing(begin: 1, fill: .forwards), true, 0, .modelValue),
      (timing(fill: .forwards), true, 0.5, .animated(fraction: 0.5, cycle: 0)),
      (timing(fill: .removed), false, 0.5, .animated(fraction: 0.5, cycle: 0)),
      (timing(fill: .forwards), true, 2, .animated(fraction: 1, cycle: 0)),
      (timing(autoreverses: true, fill: .both), true, 3, .animated(fraction: 0, cycle: 0)),
      (timing(fill: .forwards), false, 2, .modelValue),
      (timing(fill: .removed), true, 2, .modelValue),
      (timing(fill: .backwards), true, 2, .modelValue),
    ] as [(MediaTiming, Bool, Double, AnimationClock.Presentation)])
  func presentation(
    timing: MediaTiming, kept: Bool, time: Double, expected: AnimationClock.Presentation
  ) {
    #expect(AnimationClock(timing: timing).presentation(at: time, kept: kept) == expected)
  }

  @Test("reverse halves mirror the forward half")
  func mirror() {
    let clock = AnimationClock(timing: timing(duration: 0.8, repeatCount: 3, autoreverses: true))
    for i in 1..<80 {
      let t = Double(i) / 100
      guard case .active(let forward, 0) = clock.phase(at: t),
        case .active(let backward, 0) = clock.phase(at: 1.6 - t)
      else {
        Issue.record("not active at \(t)")
        continue
      }
      #expect(abs(forward - backward) < 1e-9)
    }
  }
}
