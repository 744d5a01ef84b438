import Testing

@testable import Core

@Suite("BuiltinImages")
struct BuiltinImagesTests {
  static let sizes: [(String, Int, Int)] = [
    ("check", 64, 64), ("circle", 32, 32), ("coin", 32, 32), ("confetti", 16, 8), ("dot", 8, 8),
    ("drop", 32, 32), ("heart", 64, 64), ("heart.fill", 64, 64), ("leaf", 32, 16),
    ("petal", 32, 16), ("ring", 32, 32), ("smoke", 64, 64),
    ("snowflake", 32, 32), ("spark", 32, 32), ("sparkle", 64, 64), ("star", 32, 32),
  ]

  @Test("names are sorted, complete and resolvable")
  func names() {
    #expect(BuiltinImages.names == BuiltinImages.names.sorted())
    #expect(BuiltinImages.names == Self.sizes.map(\.0))
    #expect(BuiltinImages.named("nope") == nil)
    #expect(BuiltinImages.named("sparkle") === BuiltinImages.named("sparkle"))
  }

  @Test("each image has its documented size and valid premultiplied pixels", arguments: sizes)
  func sizeAndPixels(_ name: String, _ width: Int, _ height: Int) throws {
    let image = try #require(BuiltinImages.named(name))
    #expect(image.width == width)
    #expect(image.height == height)
    let pixels = image.pixels
    #expect(pixels.count == width * height * 4)
    var covered = 0.0
    var partial = 0
    var i = 0
    while i < pixels.count {
      let a = pixels[i + 3]
      #expect(a >= 0 && a <= 1)
      #expect(pixels[i] <= a + 1e-6 && pixels[i + 1] <= a + 1e-6 && pixels[i + 2] <= a + 1e-6)
      #expect(pixels[i] >= 0 && pixels[i + 1] >= 0 && pixels[i + 2] >= 0)
      covered += Double(a)
      if a > 0.02 && a < 0.98 { partial += 1 }
      i += 4
    }
    #expect(covered > Double(width * height) * 0.05, "non-empty coverage")
    #expect(partial >= 4, "anti-aliased: has partial alpha")
  }

  @Test("edges are transparent so sprites have no visible border", arguments: sizes)
  func transparentBorder(_ name: String, _ width: Int, _ height: Int) throws {
    let image = try #require(BuiltinImages.named(name))
    // The corners of every image are empty (confetti's rounded corners included).
    for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
      #expect(image.pixel(x: x, y: y).a < 0.1, "\(name) corner \(x), \(y)")
    }
  }

  @Test("white images are white; heart.fill is red, check green and white, coin gold, petal pink")
  func colours() throws {
    for name in BuiltinImages.names where !["heart.fill", "check", "coin", "petal"].contains(name) {
      let image = try #require(BuiltinImages.named(name))
      let p = image.pixels
      var i = 0
      while i < p.count {
        #expect(abs(p[i] - p[i + 3]) < 1e-6 && abs(p[i + 1] - p[i + 3]) < 1e-6)
        i += 4
      }
    }
    let heart = try #require(BuiltinImages.named("heart.fill")).pixel(x: 32, y: 32)
    #expect(heart.a == 1)
    #expect(abs(heart.r - 1) < 1e-6 && abs(heart.g - 45.0 / 255) < 1e-6)
    let check = try #require(BuiltinImages.named("check"))
    let disc = check.pixel(x: 32, y: 10)
    #expect(abs(disc.g - 199.0 / 255) < 1e-6 && disc.a == 1)
    let mark = check.pixel(x: 27, y: 42)
    #expect(mark.r > 0.95 && mark.g > 0.95 && mark.b > 0.95)
    let coin = try #require(BuiltinImages.named("coin"))
    let face = coin.pixel(x: 16, y: 16)
    #expect(face.a == 1 && abs(face.g - 204.0 / 255) < 1e-6 && abs(face.b - 51.0 / 255) < 1e-6)
    let ring = coin.pixel(x: 16, y: 4)
    #expect(ring.a == 1 && ring.g < face.g)
    // Sakura pink, so a petal shows on a white view; its outer tip is notched.
    let petal = try #require(BuiltinImages.named("petal"))
    let middle = petal.pixel(x: 16, y: 8)
    #expect(
      middle.a == 1 && abs(middle.g - 183.0 / 255) < 1e-6 && abs(middle.b - 197.0 / 255) < 1e-6)
    #expect(petal.pixel(x: 31, y: 8).a == 0)
  }

  @Test("smoke stays faint and shapes point the right way")
  func looks() throws {
    let smoke = try #require(BuiltinImages.named("smoke"))
    #expect(smoke.pixels.max() ?? 1 <= 0.35 + 1e-6)
    #expect((smoke.pixels.max() ?? 0) > 0.3)
    let star = try #require(BuiltinImages.named("star"))
    #expect(star.pixel(x: 16, y: 3).a > 0.5)  // the top point
    // The snowflake: an arm straight up, a branch off it, nothing between two arms.
    let flake = try #require(BuiltinImages.named("snowflake"))
    #expect(flake.pixel(x: 16, y: 4).a > 0.5)
    #expect(flake.pixel(x: 12, y: 4).a > 0.5)
    #expect(flake.pixel(x: 16, y: 16).a > 0.5)
    #expect(flake.pixel(x: 22, y: 6).a < 0.1)
    // The leaf lies along x, pointed at both ends.
    let leaf = try #require(BuiltinImages.named("leaf"))
    #expect(leaf.pixel(x: 16, y: 8).a == 1)
    #expect(leaf.pixel(x: 16, y: 0).a < 0.1)
    #expect(leaf.pixel(x: 3, y: 4).a < 0.1)
    #expect(star.pixel(x: 16, y: 29).a < 0.1)  // no point straight down
    let drop = try #require(BuiltinImages.named("drop"))
    #expect(drop.pixel(x: 16, y: 26).a == 1)
    #expect(drop.pixel(x: 10, y: 5).a == 0)
    let ring = try #require(BuiltinImages.named("ring"))
    #expect(ring.pixel(x: 16, y: 16).a == 0)
    #expect(ring.pixel(x: 16, y: 2).a == 1)
    let spark = try #require(BuiltinImages.named("spark"))
    #expect(spark.pixel(x: 16, y: 16).a > 0.9)
    #expect(spark.pixel(x: 16, y: 16).a > spark.pixel(x: 24, y: 16).a)
  }

}
