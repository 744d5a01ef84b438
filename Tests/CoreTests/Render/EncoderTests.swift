import Testing

@testable import Core

@Suite("Encoders")
struct EncoderTests {
  /// 2×2: opaque red, half-transparent white, transparent, NaN.
  static func sample() -> Canvas {
    var canvas = Canvas(width: 2, height: 2)
    canvas[x: 0, y: 0] = RGBA(r: 1, g: 0, b: 0, a: 1)
    canvas[x: 1, y: 0] = RGBA(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
    canvas[x: 1, y: 1] = RGBA(r: .nan, g: .nan, b: .nan, a: .nan)
    return canvas
  }

  @Test("P6 header and bytes for a 2×2 canvas over blue")
  func p6() {
    let bytes = PPMEncoder.p6(Self.sample(), background: RGBA(r: 0, g: 0, b: 1, a: 1))
    let header = Array("P6\n2 2\n255\n".utf8)
    #expect(Array(bytes.prefix(header.count)) == header)
    #expect(
      Array(bytes.dropFirst(header.count)) == [
        255, 0, 0, 128, 128, 255,
        0, 0, 255, 0, 0, 0,
      ])
  }

  @Test("a NaN pixel encodes to 0")
  func nanPixel() {
    var canvas = Canvas(width: 1, height: 1)
    canvas[x: 0, y: 0] = RGBA(r: .nan, g: .infinity, b: -.infinity, a: 0)
    #expect(canvas.rgb8(background: .black) == [0, 255, 0])
  }

  @Test("P3 puts each row on its own line, at most 12 values a line")
  func p3() {
    let text = PPMEncoder.p3(Self.sample(), background: .black)
    #expect(text == "P3\n2 2\n255\n255 0 0 128 128 128\n0 0 0 0 0 0\n")
    let wide = PPMEncoder.p3(Canvas(width: 5, height: 1, fill: .white), background: .black)
    let lines = wide.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[3].split(separator: " ").count == 12)
    #expect(lines[4] == "255 255 255")
    #expect(lines.allSatisfy { $0.count <= 70 })
  }

  @Test("ASCII of a half-white canvas: spaces on the left, @ on the right")
  func asciiHalfWhite() {
    var canvas = Canvas(width: 8, height: 4)
    canvas.fillQuad(.translation(x: 4, y: 0), width: 4, height: 4, color: .white)
    #expect(AsciiEncoder.encode(canvas, columns: 4, rows: 2) == ["  @@", "  @@"])
    // A cell straddling the edge averages to 0.5 → ramp[5] = "+".
    #expect(AsciiEncoder.encode(canvas, columns: 1, rows: 1) == ["+"])
  }

  @Test("ASCII handles sizes that are not multiples of the grid")
  func asciiRemainders() {
    let canvas = Canvas(width: 7, height: 5, fill: .white)
    let lines = AsciiEncoder.encode(canvas, columns: 3, rows: 2)
    #expect(lines == ["@@@", "@@@"])
    let more = AsciiEncoder.encode(Canvas(width: 2, height: 1, fill: .white), columns: 5, rows: 3)
    #expect(more == ["@@@@@", "@@@@@", "@@@@@"])
    #expect(AsciiEncoder.encode(Canvas(width: 0, height: 0), columns: 2, rows: 1) == ["  "])
    #expect(AsciiEncoder.encode(canvas, columns: 0, rows: 3).isEmpty)
  }

  @Test(
    "luminance maps onto the ramp",
    arguments: [
      (Float(0), " "), (0.05, " "), (0.09, " "), (0.1, "."), (0.5, "+"), (0.89, "%"),
      (0.9, "@"), (1, "@"),
      (7, "@"), (-1, " "), (.nan, " "),
    ] as [(Float, Character)])
  func ramp(_ luminance: Float, _ character: Character) {
    #expect(Array(AsciiEncoder.ramp)[AsciiEncoder.index(luminance: luminance)] == character)
  }

  @Test("ASCII uses luminance of the premultiplied colour")
  func asciiLuminance() {
    let green = Canvas(width: 1, height: 1, fill: RGBA(r: 0, g: 1, b: 0, a: 1))
    #expect(AsciiEncoder.encode(green, columns: 1, rows: 1) == ["#"])  // ⌊0.7152 × 10⌋ = 7
    let blue = Canvas(width: 1, height: 1, fill: RGBA(r: 0, g: 0, b: 1, a: 1))
    #expect(AsciiEncoder.encode(blue, columns: 1, rows: 1) == [" "])  // ⌊0.0722 × 10⌋ = 0
  }
}
