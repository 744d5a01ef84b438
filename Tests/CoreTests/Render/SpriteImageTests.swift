import Testing

@testable import Core

@Suite("SpriteImage")
struct SpriteImageTests {
  @Test(
    "the mip chain halves down to 1×1",
    arguments: [(64, 64, 7), (16, 8, 5), (5, 3, 3), (1, 1, 1), (1, 9, 4)])
  func chainSizes(_ width: Int, _ height: Int, _ levels: Int) {
    let image = RenderTestSupport.solidImage(width, height)
    #expect(image.levelCount == levels)
    let last = image.levelSize(levels - 1)
    #expect(last.width == 1 && last.height == 1)
    if levels > 1 {
      #expect(image.levelSize(1) == (max(1, width / 2), max(1, height / 2)))
    }
  }

  @Test("every level keeps the mean colour", arguments: [(8, 8), (5, 3), (7, 2)])
  func meanPreserved(_ width: Int, _ height: Int) {
    var data: [Float] = []
    var total: Float = 0
    for i in 0..<(width * height) {
      let a = Float((i * 37) % 11) / 10
      total += a
      data += [a / 2, a, 0, a]
    }
    let image = SpriteImage(width: width, height: height, premultiplied: data)
    let mean = total / Float(width * height)
    for level in 0..<image.levelCount {
      let size = image.levelSize(level)
      var sum: Float = 0
      for y in 0..<size.height {
        for x in 0..<size.width { sum += image.pixel(x: x, y: y, level: level).a }
      }
      #expect(abs(sum / Float(size.width * size.height) - mean) < 1e-5, "level \(level)")
    }
    #expect(abs(image.meanColor.r - mean / 2) < 1e-5)
  }

  @Test("bad input is sanitised, not trapped on")
  func sanitised() {
    let nan = SpriteImage(width: 1, height: 1, premultiplied: [.nan, 2, 0.5, 0.25])
    #expect(nan.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0.25, b: 0.25, a: 0.25))
    let short = SpriteImage(width: 2, height: 2, premultiplied: [1, 1, 1, 1])
    #expect(short.pixel(x: 1, y: 1) == .clear)
    let zero = SpriteImage(width: 0, height: 5, premultiplied: [])
    #expect(zero.width == 1 && zero.height == 1)
    let huge = SpriteImage(width: Int.max, height: 2, premultiplied: [])
    #expect(huge.width == 1)
    #expect(short.pixel(x: 5, y: 0) == .clear && short.pixel(x: 0, y: 0, level: 9) == .clear)
  }

  @Test("straight colours are premultiplied")
  func straight() {
    let image = SpriteImage(width: 1, height: 1, straight: [1, 0.5, 0, 0.5])
    #expect(image.pixel(x: 0, y: 0) == RGBA(r: 0.5, g: 0.25, b: 0, a: 0.5))
  }
}
