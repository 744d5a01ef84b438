import Dispatch
import Testing

@testable import Core

/// Sprites drawn band by band (`Canvas.drawSprites`), on one worker or several, must give the
/// bits one pen gives drawing them one after another.
@Suite("Sprites drawn in bands give the bits of one pen")
struct SpriteBandsTests {
  /// Every band at once, through Dispatch.
  static let parallel = Workers(isParallel: true) { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }
  /// One band after another, last band first: a band may not depend on the ones before it.
  static let backwards = Workers(isParallel: true) { count, body in
    for k in (0..<count).reversed() { body(k) }
  }

  /// What the canvas holds before any sprite is drawn.
  static let background = RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.5)

  /// A `side`×`side` image of varied premultiplied texels.
  static func image(side: Int, seed: UInt64) -> SpriteImage {
    var stream = XorshiftStream(state: seed | 1)
    var texels: [Float] = []
    for _ in 0..<(side * side) {
      let a = stream.float(0, 1)
      texels += [a * stream.float(0, 1), a * stream.float(0, 1), a * stream.float(0, 1), a]
    }
    return SpriteImage(width: side, height: side, premultiplied: texels)
  }

  /// Looks that take the sampler's three ways (one level, two levels, nearest), a part of the
  /// image and a flipped one.
  static let looks: [SpriteLook] = [
    SpriteLook(image(side: 16, seed: 3), contentsRect: (0, 0, 1, 1), filter: .linear),
    SpriteLook(
      image(side: 32, seed: 5), contentsRect: (0.25, 0.1, 0.5, 0.7),
      filter: SpriteFilter(minification: .trilinear, bias: 0.3)),
    SpriteLook(
      image(side: 8, seed: 7), contentsRect: (1, 0, -1, 1),
      filter: SpriteFilter(magnification: .nearest, minification: .nearest)),
  ]

  /// `count` random sprites of sizes in `sizes` (px per axis, some sheared and stretched) on a
  /// `width`×`height` canvas, many across band edges and the canvas's edges, with a few that
  /// draw nothing (not finite, transparent).
  static func jobs(
    count: Int, sizes: ClosedRange<Double>, width: Int, height: Int, seed: UInt64
  ) -> [SpriteJob] {
    var stream = XorshiftStream(state: seed)
    var jobs: [SpriteJob] = []
    for k in 0..<count {
      let w = stream.double(sizes.lowerBound, sizes.upperBound)
      let h = stream.next() % 3 == 0 ? w : stream.double(sizes.lowerBound, sizes.upperBound)
      let angle = stream.next() % 4 == 0 ? 0 : stream.double(-4, 4)
      let shear = stream.next() % 5 == 0 ? stream.double(-0.5, 0.5) : 0
      let (c, s) = (CoreMath.cos(angle), CoreMath.sin(angle))
      // One in four centred on a band's edge row.
      let y =
        stream.next() % 4 == 0
        ? Double(Canvas.bandRows * Int(stream.next() % 8)) + stream.double(-1, 1)
        : stream.double(-20, Double(height) + 20)
      var transform = Affine2D(
        a: c * w, b: s * w, c: (shear * c - s) * h, d: (shear * s + c) * h,
        tx: stream.double(-20, Double(width) + 20), ty: y)
      if k % 97 == 13 { transform.ty = .nan }
      let tint = RGBA(
        r: stream.float(0, 1), g: stream.float(0, 1), b: stream.float(0, 1),
        a: k % 89 == 5 ? 0 : stream.float(0.2, 1))
      jobs.append(SpriteJob(look: Int(stream.next() % 3), transform: transform, tint: tint))
    }
    return jobs
  }

  /// The bits of the canvas after one pen draws `jobs` one after another (the straightforward
  /// path: the plain span, each pixel blended at once).
  static func penBits(
    _ jobs: [SpriteJob], width: Int, height: Int, blend: BlendMode
  ) -> [UInt32] {
    var canvas = Canvas(width: width, height: height, fill: background)
    canvas.withSpritePen(deferring: false, packed: false) { pen in
      for job in jobs {
        pen.draw(looks[job.look], transform: job.transform, tint: job.tint, blend: blend)
      }
    }
    return canvas.pixels.map(\.bitPattern)
  }

  /// The bits after `drawSprites` draws `jobs` on `workers` (listed under the bands in
  /// chunks of at least `chunkJobs` sprites).
  static func bandBits(
    _ jobs: [SpriteJob], width: Int, height: Int, blend: BlendMode, workers: Workers,
    deferring: Bool = true, chunkJobs: Int = Canvas.chunkJobs
  ) -> [UInt32] {
    var canvas = Canvas(width: width, height: height, fill: background)
    canvas.drawSprites(
      jobs, looks: looks, blend: blend, workers: workers, deferring: deferring,
      chunkJobs: chunkJobs)
    return canvas.pixels.map(\.bitPattern)
  }

  @Test(
    "bands on one worker, on every core and backwards give one pen's bits",
    arguments: [
      // Sizes (px), sprites, whether additive, and the canvas.
      (0.3...2.5, 3000, false, 150, 100), (0.3...2.5, 3000, true, 150, 100),
      (2.0...8.0, 1500, false, 150, 100), (2.0...8.0, 1500, true, 97, 131),
      (6.0...40.0, 300, false, 160, 120), (6.0...40.0, 300, true, 160, 33),
      (40.0...300.0, 12, false, 160, 120), (16.0...16.0, 800, false, 200, 70),
    ])
  func sameBits(
    _ sizes: ClosedRange<Double>, _ count: Int, _ additive: Bool, _ width: Int, _ height: Int
  ) {
    let blend: BlendMode = additive ? .additive : .sourceOver
    let seed =
      UInt64(count * 131 + width * 7 + height + (additive ? 5 : 0)) &* 0x9E37_79B9_7F4A_7C15
    let jobs = Self.jobs(count: count, sizes: sizes, width: width, height: height, seed: seed)
    let straight = Self.penBits(jobs, width: width, height: height, blend: blend)
    let untouched = Canvas(width: width, height: height, fill: Self.background).pixels
      .map(\.bitPattern)
    #expect(straight != untouched, "the sprites drew something")
    // Small chunks, so that the batch is listed in several (as a large batch is).
    let ways: [(String, Workers, Bool, Int)] = [
      ("one worker", .serial, true, Canvas.chunkJobs),
      ("every core", Self.parallel, true, Canvas.chunkJobs),
      ("backwards", Self.backwards, true, Canvas.chunkJobs),
      ("every core, not deferring", Self.parallel, false, Canvas.chunkJobs),
      ("every core, chunks of 50", Self.parallel, true, 50),
      ("backwards, chunks of 7", Self.backwards, true, 7),
    ]
    for (name, workers, deferring, chunkJobs) in ways {
      let bits = Self.bandBits(
        jobs, width: width, height: height, blend: blend, workers: workers, deferring: deferring,
        chunkJobs: chunkJobs)
      let differing = zip(bits, straight).filter { $0 != $1 }.count
      #expect(differing == 0, "\(differing) floats differ, \(name)")
    }
  }

  @Test("a scene renders the same bits on one worker and on every core")
  func sceneOnEveryCore() throws {
    var s = Scene()
    try CoreKit.build(
      &s,
      """
      like.emitterPosition 160,120
      like.emitterShape rectangle
      like.emitterSize 320,240
      \(CoreKit.sparkle).contents sparkle
      \(CoreKit.sparkle).birthRate 4000
      \(CoreKit.sparkle).lifetime 2
      \(CoreKit.sparkle).velocity 40
      \(CoreKit.sparkle).emissionRange 6.28
      \(CoreKit.sparkle).spinRange 6
      \(CoreKit.sparkle).scale 0.3
      \(CoreKit.sparkle).scaleRange 0.3
      \(CoreKit.sparkle).alphaRange 0.5
      """)
    s.advance(to: 0.8)
    var bits: [[UInt32]] = []
    for workers in [Workers.serial, Self.parallel, Self.backwards] {
      s.workers = workers
      bits.append(SceneRenderer.render(s, width: 320, height: 240).pixels.map(\.bitPattern))
    }
    #expect(bits[0] == bits[1])
    #expect(bits[0] == bits[2])
    let background = SceneRenderer.render(Scene(), width: 320, height: 240).pixels
    #expect(bits[0] != background.map(\.bitPattern))
  }
}
