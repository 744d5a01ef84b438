import Testing

@testable import Core

/// The slide's four-channel shift against the channel-by-channel one.
@Suite("CATransition drawing: the four-channel shift keeps the bits")
struct TransitionDrawingTests {
  /// A canvas of `w`×`h` pixels whose floats follow a fixed pattern (no two neighbours equal).
  static func patterned(_ w: Int, _ h: Int) -> Canvas {
    var c = Canvas(width: w, height: h)
    for i in c.pixels.indices {
      c.pixels[i] = Float((i &* 7919) % 1000) / 997
    }
    return c
  }

  @Test(
    "the four-channel shift gives every float the channel-by-channel shift's bits",
    arguments: [
      (3.25, -1.5, 1.0), (-0.4, 0.7, 0.5), (10.0, 0.0, -0.3), (0.0, -2.0, 1.0),
      (33.0, 1.0, 1.0), (-40.5, 12.25, 0.75),
    ])
  func shiftKeepsTheBits(x: Double, y: Double, k: Double) {
    let canvas = Self.patterned(37, 23)
    let fast = TransitionDrawing.shifted(canvas, by: (x, y), times: k)
    let plain = TransitionDrawing.shiftedPlainly(canvas, by: (x, y), times: k)
    #expect(fast.pixels.map(\.bitPattern) == plain.pixels.map(\.bitPattern))
  }
}
