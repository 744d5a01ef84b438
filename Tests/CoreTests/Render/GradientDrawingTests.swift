import Testing

@testable import Core

@Suite("Gradient drawing")
struct GradientDrawingTests {
  static func gradient(_ type: GradientType, _ colors: [Color], start: Point, end: Point)
    -> GradientProperties
  {
    var g = GradientProperties()
    g.type = type
    g.colors = colors
    g.startPoint = start
    g.endPoint = end
    return g
  }

  /// The red of pixel (x, y) of a 100×100 layer at the origin drawn on a 100×100 canvas.
  static func red(_ g: GradientProperties, _ x: Int, _ y: Int) -> Float {
    var c = Canvas(width: 100, height: 100)
    c.drawGradient(
      g, bounds: Rect(0, 0, 100, 100), transform: Projective2D(Affine2D.identity), opacity: 1)
    return c.pixels[(y * 100 + x) * 4]
  }

  @Test("an axial gradient from top to bottom ramps row by row, as worked out by hand")
  func axialRows() {
    let g = Self.gradient(.axial, [.black, .white], start: Point(0.5, 0), end: Point(0.5, 1))
    for y in [0, 10, 49, 99] {
      #expect(abs(Double(Self.red(g, 37, y)) - (Double(y) + 0.5) / 100) < 1e-6, "row \(y)")
    }
  }

  @Test("a radial gradient's rings: 1 − distance / radius")
  func radialRings() {
    let g = Self.gradient(.radial, [.white, .black], start: Point(0.5, 0.5), end: Point(1, 1))
    // Pixel centres of row 49 (y = 49.5, half a pixel above the centre), radius 50.
    for x in [50, 60, 74, 90, 99] {
      let dx = Double(x) + 0.5 - 50
      let d = (dx * dx + 0.25).squareRoot()
      #expect(abs(Double(Self.red(g, x, 49)) - (1 - d / 50)) < 1e-3, "x \(x)")
    }
  }

  @Test("a conic gradient sweeps clockwise from endPoint's direction")
  func conicQuarter() {
    let g = Self.gradient(.conic, [.white, .black], start: Point(0.5, 0.5), end: Point(1, 0.5))
    // Straight below the centre is a quarter turn clockwise on screen: 0.75 white.
    #expect(abs(Double(Self.red(g, 49, 90)) - 0.75) < 0.01)
    #expect(abs(Double(Self.red(g, 10, 49)) - 0.5) < 0.01)
  }

  @Test("locations place the stops; before the first the first colour, after the last the last")
  func locations() {
    var g = Self.gradient(.axial, [.black, .white], start: Point(0, 0), end: Point(1, 0))
    g.locations = [0.25, 0.75]
    #expect(Self.red(g, 10, 5) == 0)
    #expect(abs(Self.red(g, 49, 5) - 0.49) < 1e-5)
    #expect(Self.red(g, 90, 5) == 1)
  }
}
