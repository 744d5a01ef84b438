import Testing

@testable import Core

@Suite("Canvas")
struct CanvasTests {
  @Test("a canvas filled with a stop that never says stop is the canvas filled without one")
  func fillWithStop() throws {
    let fill = RGBA(r: 0.25, g: 0.5, b: 0.75, a: 1)
    var polls = 0
    // 700×500 is 1.4 M floats: six chunks, the last one short.
    let chunked = try #require(
      Canvas(
        width: 700, height: 500, fill: fill,
        stop: {
          polls += 1
          return false
        }))
    #expect(chunked.pixels == Canvas(width: 700, height: 500, fill: fill).pixels)
    #expect(polls == (700 * 500 * 4 + Canvas.fillChunk - 1) / Canvas.fillChunk)
  }

  @Test("a maximal canvas stops being filled as soon as its stop says so (Ctrl-C, fuzz run 27)")
  func fillStops() {
    var polls = 0
    let canvas = Canvas(
      width: 8192, height: 8192,
      stop: {
        polls += 1
        return polls > 2
      })
    #expect(canvas == nil)
    // Two chunks filled (2 MiB of its 1 GiB), then the third poll stopped it.
    #expect(polls == 3)
  }

  struct BlendCase: Sendable, CustomTestStringConvertible {
    let mode: BlendMode
    let dst: RGBA
    let src: RGBA
    let expected: RGBA
    var testDescription: String { "\(mode) \(src) onto \(dst)" }
  }

  static let blendCases: [BlendCase] = [
    // source-over: dst = src + dst·(1 − src.a)
    BlendCase(
      mode: .sourceOver, dst: RGBA(r: 0, g: 0, b: 1, a: 1), src: RGBA(r: 0.5, g: 0, b: 0, a: 0.5),
      expected: RGBA(r: 0.5, g: 0, b: 0.5, a: 1)),
    BlendCase(
      mode: .sourceOver, dst: .clear, src: RGBA(r: 0.2, g: 0.3, b: 0.4, a: 0.5),
      expected: RGBA(r: 0.2, g: 0.3, b: 0.4, a: 0.5)),
    BlendCase(
      mode: .sourceOver, dst: RGBA(r: 0.25, g: 0.25, b: 0.25, a: 0.5), src: .white,
      expected: .white),
    BlendCase(
      mode: .sourceOver, dst: RGBA(r: 0.25, g: 0.5, b: 0.75, a: 1), src: .clear,
      expected: RGBA(r: 0.25, g: 0.5, b: 0.75, a: 1)),
    // additive: dst = min(1, dst + src)
    BlendCase(
      mode: .additive, dst: RGBA(r: 0.25, g: 0.5, b: 0.75, a: 0.5),
      src: RGBA(r: 0.25, g: 0.25, b: 0.5, a: 0.25), expected: RGBA(r: 0.5, g: 0.75, b: 1, a: 0.75)),
    BlendCase(
      mode: .additive, dst: RGBA(r: 0.9, g: 0, b: 0, a: 0.9),
      src: RGBA(r: 0.9, g: 0.1, b: 0, a: 0.9), expected: RGBA(r: 1, g: 0.1, b: 0, a: 1)),
  ]

  @Test("blend arithmetic on a single pixel", arguments: blendCases)
  func blendArithmetic(_ c: BlendCase) {
    var canvas = Canvas(width: 1, height: 1, fill: c.dst)
    canvas.blend(c.src, x: 0, y: 0, mode: c.mode)
    let p = canvas[x: 0, y: 0]
    #expect(abs(p.r - c.expected.r) < 1e-6)
    #expect(abs(p.g - c.expected.g) < 1e-6)
    #expect(abs(p.b - c.expected.b) < 1e-6)
    #expect(abs(p.a - c.expected.a) < 1e-6)
  }

  @Test("init fills, sizes are sanitised, out-of-range access is harmless")
  func initAndAccess() {
    var canvas = Canvas(width: 3, height: 2, fill: RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4))
    #expect(canvas.pixels.count == 24)
    #expect(canvas[x: 2, y: 1] == RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4))
    #expect(canvas[x: 3, y: 0] == .clear)
    canvas[x: -1, y: 0] = .white
    canvas.blend(.white, x: 0, y: 5)
    #expect(canvas[x: 0, y: 0] == RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4))
    #expect(Canvas(width: -5, height: 3).pixels.isEmpty)
    let huge = Canvas(width: Int.max, height: Int.max)
    #expect(huge.width == 0 && huge.pixels.isEmpty)
  }

  @Test("an axis-aligned integer rectangle fills exactly its pixels")
  func fillQuadExact() {
    var canvas = Canvas(width: 10, height: 10)
    canvas.fillQuad(.translation(x: 2, y: 3), width: 4, height: 5, color: .white)
    for y in 0..<10 {
      for x in 0..<10 {
        let inside = x >= 2 && x < 6 && y >= 3 && y < 8
        #expect(canvas[x: x, y: y].a == (inside ? 1 : 0), "pixel \(x), \(y)")
      }
    }
  }

  @Test("a half-pixel edge gets half coverage")
  func fillQuadHalfEdge() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.fillQuad(.translation(x: 0.5, y: 0), width: 2, height: 1, color: .white)
    #expect(canvas[x: 0, y: 0].a == 0.5)
    #expect(canvas[x: 1, y: 0].a == 1)
    #expect(canvas[x: 2, y: 0].a == 0.5)
    #expect(canvas[x: 3, y: 0].a == 0)
  }

  @Test(
    "a rotated or rounded rectangle covers its area",
    arguments: [(0.0, 0.0), (0.3, 0.0), (1.1, 0.0), (0.0, 8.0), (0.7, 10.0)])
  func fillQuadArea(_ angle: Double, _ radius: Double) {
    var canvas = Canvas(width: 80, height: 80)
    let t = Affine2D.translation(x: -20, y: -15).concatenating(.rotation(angle))
      .concatenating(.translation(x: 40, y: 40))
    canvas.fillQuad(t, width: 40, height: 30, cornerRadius: radius, color: .white)
    let expected = 40 * 30 - (4 - Double.pi) * radius * radius
    let area = RenderTestSupport.channelSum(canvas, 3)
    #expect(abs(area - expected) / expected < 0.01)
  }

  @Test("a border covers the strip inside the bounds")
  func strokeQuadArea() {
    var canvas = Canvas(width: 60, height: 60)
    canvas.strokeQuad(
      .translation(x: 10, y: 10), width: 40, height: 30, lineWidth: 3, color: .white)
    let area = RenderTestSupport.channelSum(canvas, 3)
    #expect(abs(area - (40 * 30 - 34 * 24)) < 1)
    #expect(canvas[x: 30, y: 25].a == 0)
    #expect(canvas[x: 11, y: 25].a == 1)
  }

  @Test("degenerate quads draw nothing")
  func degenerateQuads() {
    var canvas = Canvas(width: 8, height: 8)
    canvas.fillQuad(.scale(x: 0, y: 1), width: 4, height: 4, color: .white)
    canvas.fillQuad(.translation(x: .nan, y: 0), width: 4, height: 4, color: .white)
    canvas.fillQuad(.identity, width: .infinity, height: 4, color: .white)
    canvas.fillQuad(.identity, width: -3, height: 4, color: .white)
    canvas.fillQuad(.identity, width: 3, height: 4, color: RGBA(r: .nan, g: 0, b: 0, a: 1))
    canvas.strokeQuad(.identity, width: 3, height: 4, lineWidth: .nan, color: .white)
    #expect(RenderTestSupport.channelSum(canvas, 3) == 0)
  }

  @Test("a huge quad is clipped to the canvas")
  func hugeQuad() {
    var canvas = Canvas(width: 16, height: 16)
    canvas.fillQuad(
      .translation(x: -1e12, y: -1e12), width: 3e12, height: 3e12, color: .white)
    #expect(RenderTestSupport.channelSum(canvas, 3) == 256)
  }

  struct ByteCase: Sendable {
    let value: Float
    let byte: UInt8
  }

  @Test(
    "byte conversion clamps and rounds without trapping",
    arguments: [
      ByteCase(value: 0, byte: 0), ByteCase(value: 1, byte: 255), ByteCase(value: 0.5, byte: 128),
      ByteCase(value: 0.2, byte: 51), ByteCase(value: -3, byte: 0), ByteCase(value: 7, byte: 255),
      ByteCase(value: .nan, byte: 0), ByteCase(value: .infinity, byte: 255),
      ByteCase(value: -.infinity, byte: 0), ByteCase(value: 1.0 / 255 * 0.49, byte: 0),
      ByteCase(value: 1.0 / 255 * 0.51, byte: 1),
    ])
  func byteConversion(_ c: ByteCase) {
    #expect(RGBA.byte(c.value) == c.byte)
  }

  @Test("rgba8 un-premultiplies")
  func straightBytes() {
    var canvas = Canvas(width: 2, height: 1)
    canvas[x: 0, y: 0] = RGBA(r: 0.25, g: 0, b: 0.5, a: 0.5)
    #expect(canvas.rgba8() == [128, 0, 255, 128, 0, 0, 0, 0])
  }

  @Test(
    "rgba8(into:) writes rgba8()'s bytes over whatever the buffer held, of any size",
    arguments: [0, 3, 8, 100])
  func straightBytesIntoBuffer(held: Int) {
    var canvas = Canvas(width: 2, height: 1)
    canvas[x: 0, y: 0] = RGBA(r: 0.25, g: 0, b: 0.5, a: 0.5)
    canvas[x: 1, y: 0] = RGBA(r: 1, g: 0.5, b: 0, a: 1)
    var bytes = [UInt8](repeating: 7, count: held)
    canvas.rgba8(into: &bytes)
    #expect(bytes == canvas.rgba8())
  }

  @Test("rgba8(into:) keeps a buffer of the right size instead of allocating another")
  func straightBytesReuseTheBuffer() {
    let canvas = Canvas(width: 64, height: 64, fill: RGBA(r: 0.5, g: 0, b: 0, a: 0.5))
    var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
    let before = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    canvas.rgba8(into: &bytes)
    #expect(bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == before)
    #expect(bytes == canvas.rgba8())
  }
}
