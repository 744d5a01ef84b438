import Testing

@testable import Core

/// The kitty, sixel and iTerm2 encoders against hand-worked bytes.
@Suite("Terminal graphics encoders")
struct TerminalGraphicsEncoderTests {
  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  struct Base64Case: Sendable, CustomTestStringConvertible {
    let input: String
    let output: String
    var testDescription: String { "\"\(input)\" → \"\(output)\"" }
  }

  /// RFC 4648 §10's test vectors.
  static let base64Cases = [
    Base64Case(input: "", output: ""), Base64Case(input: "f", output: "Zg=="),
    Base64Case(input: "fo", output: "Zm8="), Base64Case(input: "foo", output: "Zm9v"),
    Base64Case(input: "foob", output: "Zm9vYg=="), Base64Case(input: "fooba", output: "Zm9vYmE="),
    Base64Case(input: "foobar", output: "Zm9vYmFy"),
  ]

  @Test("base64 matches RFC 4648's test vectors", arguments: base64Cases)
  func base64(c: Base64Case) {
    #expect(Self.text(Base64.encode(Array(c.input.utf8))) == c.output)
  }

  @Test("base64 of every byte value uses the whole alphabet, high bits first")
  func base64HighBytes() {
    #expect(Self.text(Base64.encode([0xFF, 0x00, 0x00])) == "/wAA")
    #expect(Self.text(Base64.encode([0xFB, 0xEF, 0xBE])) == "++++")
  }

  @Test("an RGB frame composites the canvas over the background")
  func rgbFrame() {
    var canvas = Canvas(width: 2, height: 1)
    canvas[x: 0, y: 0] = RGBA(r: 1, g: 0, b: 0, a: 1)
    canvas[x: 1, y: 0] = RGBA(r: 0.25, g: 0.25, b: 0.25, a: 0.25)
    let frame = RGB8Frame(canvas, background: RGBA(r: 0, g: 0, b: 1, a: 1))
    #expect(frame.bytes == [255, 0, 0, 64, 64, 255])
    #expect(RGB8Frame(width: 2, height: 1, bytes: [1, 2]).bytes == [1, 2, 0, 0, 0, 0])
  }

  static let red = RGB8Frame(width: 1, height: 1, bytes: [255, 0, 0])

  @Test("kitty: one red pixel is one APC sequence with its keys and base64 payload")
  func kittyOnePixel() {
    #expect(
      Self.text(KittyEncoder.encode(Self.red, columns: 1, rows: 1))
        == "\u{1B}_Ga=T,f=24,s=1,v=1,c=1,r=1,q=2,m=0;/wAA\u{1B}\\")
    #expect(
      Self.text(
        KittyEncoder.encode(
          Self.red, columns: 3, rows: 2, imageID: 7, placementID: 1, moveCursor: false))
        == "\u{1B}_Ga=T,f=24,s=1,v=1,c=3,r=2,i=7,p=1,C=1,q=2,m=0;/wAA\u{1B}\\")
    #expect(
      Self.text(KittyEncoder.delete(imageID: 9)) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
  }

  @Test("kitty: payloads are cut at 4096 bytes, m=1 on all but the last, keys on the first")
  func kittyChunks() throws {
    // 40×50 pixels: 6000 bytes, 8000 base64 characters: chunks of 4096 and 3904.
    let bytes = (0..<6000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    let frame = RGB8Frame(width: 40, height: 50, bytes: bytes)
    let out = Self.text(KittyEncoder.encode(frame, columns: 5, rows: 3))
    let parts = out.split(separator: "\u{1B}\\", omittingEmptySubsequences: true)
    #expect(parts.count == 2)
    let first = try #require(parts.first)
    let last = try #require(parts.last)
    #expect(first.hasPrefix("\u{1B}_Ga=T,f=24,s=40,v=50,c=5,r=3,q=2,m=1;"))
    #expect(last.hasPrefix("\u{1B}_Gm=0;"))
    let payload1 = first.split(separator: ";").last.map(String.init) ?? ""
    let payload2 = last.split(separator: ";").last.map(String.init) ?? ""
    #expect(payload1.utf8.count == 4096)
    #expect(payload2.utf8.count == 3904)
    #expect(payload1 + payload2 == Self.text(Base64.encode(bytes)))
    // Exactly one chunk's worth (32×32 pixels, 4096 characters) is one sequence, m=0.
    let square = RGB8Frame(width: 32, height: 32, bytes: [UInt8](repeating: 9, count: 3072))
    let one = Self.text(KittyEncoder.encode(square, columns: 4, rows: 2))
    #expect(one.components(separatedBy: "\u{1B}_G").count == 2)
    #expect(one.contains(",m=0;"))
  }

  @Test("iTerm2: OSC 1337 with the file's size, the cells, and the base64 file, ended by BEL")
  func iterm() {
    #expect(
      Self.text(ITermEncoder.encode(file: Array("abc".utf8), columns: 4, rows: 2))
        == "\u{1B}]1337;File=inline=1;size=3;width=4;height=2;preserveAspectRatio=0:YWJj\u{07}")
    #expect(ITermEncoder.encode(file: [], columns: 4, rows: 2).isEmpty)
  }

  @Test("sixel: a hand-worked 5×7 picture in two bands, colours in register order")
  func sixelBands() {
    // Register 0 everywhere except (1, 0) and the whole seventh row, which are register 1.
    var indices = [UInt8](repeating: 0, count: 5 * 7)
    indices[1] = 1
    for x in 0..<5 { indices[6 * 5 + x] = 1 }
    // Band 1, register 0: full columns (~) but column 1 without its top row (}).
    // Band 1, register 1: only column 1's top row (@); trailing empty sixels are dropped.
    // Band 2 is one row: register 1 across all five columns, run-length coded.
    #expect(Self.text(SixelEncoder.bands(indices, width: 5, height: 7)) == "#0~}~~~$#1?@-#1!5@")
  }

  struct RunCase: Sendable, CustomTestStringConvertible {
    let width: Int
    let expected: String
    var testDescription: String { "\(width) equal columns → \(expected)" }
  }

  @Test(
    "sixel: runs longer than three are written !n",
    arguments: [
      RunCase(width: 1, expected: "#3@"), RunCase(width: 3, expected: "#3@@@"),
      RunCase(width: 4, expected: "#3!4@"), RunCase(width: 10, expected: "#3!10@"),
    ])
  func sixelRuns(c: RunCase) {
    let indices = [UInt8](repeating: 3, count: c.width)
    #expect(Self.text(SixelEncoder.bands(indices, width: c.width, height: 1)) == c.expected)
  }

  @Test("sixel: registers hold 6×7×6 levels, in percent")
  func sixelPalette() {
    #expect(SixelEncoder.paletteSize == 252)
    #expect(SixelEncoder.register(r: 5, g: 6, b: 5) == 251)
    #expect(SixelEncoder.percent(of: 0) == (0, 0, 0))
    #expect(SixelEncoder.percent(of: 251) == (100, 100, 100))
    #expect(SixelEncoder.percent(of: SixelEncoder.register(r: 1, g: 1, b: 1)) == (20, 17, 20))
    #expect(SixelEncoder.percent(of: SixelEncoder.register(r: 3, g: 4, b: 2)) == (60, 67, 40))
  }

  @Test("sixel: ordered dithering keeps black and white exact and splits a midtone evenly")
  func sixelDither() {
    for t in 0..<16 {
      #expect(SixelEncoder.level(0, of: 6, threshold: t) == 0)
      #expect(SixelEncoder.level(255, of: 6, threshold: t) == 5)
      #expect(SixelEncoder.level(255, of: 7, threshold: t) == 6)
    }
    // 127 is 2.49 of 5 steps: half the thresholds round it up to 3.
    let levels = (0..<16).map { SixelEncoder.level(127, of: 6, threshold: $0) }
    #expect(levels.filter { $0 == 3 }.count == 8)
    #expect(levels.filter { $0 == 2 }.count == 8)
    #expect(Set(SixelEncoder.bayer) == Set(0..<16))
  }

  @Test("sixel: each pixel's register is its three levels, dithered by its place in the 4×4 tile")
  func sixelRegistersFollowTheTile() {
    // 8×4 pixels of different colours: every threshold of the tile, twice.
    let bytes = (0..<(8 * 4 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 17) }
    let frame = RGB8Frame(width: 8, height: 4, bytes: bytes)
    let registers = SixelEncoder.registers(frame)
    for y in 0..<4 {
      for x in 0..<8 {
        let i = (y * 8 + x) * 3
        let t = SixelEncoder.bayer[(y % 4) * 4 + x % 4]
        let expected = SixelEncoder.register(
          r: SixelEncoder.level(bytes[i], of: 6, threshold: t),
          g: SixelEncoder.level(bytes[i + 1], of: 7, threshold: t),
          b: SixelEncoder.level(bytes[i + 2], of: 6, threshold: t))
        #expect(Int(registers[y * 8 + x]) == expected, "pixel \(x),\(y)")
      }
    }
    // A flat midtone is not one colour: the tile spreads it over two levels.
    let grey = RGB8Frame(width: 4, height: 4, bytes: [UInt8](repeating: 127, count: 48))
    #expect(Set(SixelEncoder.registers(grey)).count == 2)
  }

  @Test("sixel: a white pixel is the introducer, raster attributes, one register and ST")
  func sixelWhitePixel() {
    let frame = RGB8Frame(width: 1, height: 1, bytes: [255, 255, 255])
    #expect(
      Self.text(SixelEncoder.encode(frame))
        == "\u{1B}Pq\"1;1;1;1#251;2;100;100;100#251@\u{1B}\\")
    #expect(SixelEncoder.encode(RGB8Frame(width: 0, height: 3, bytes: [])).isEmpty)
  }
}
