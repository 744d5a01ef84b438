import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// PNG and PPM files: writes checked by an independent decoder (Python's zlib), reads of
/// hand-made files of every PNG colour type, and refusal of bad paths and bad data.
@Suite("PNG and PPM files")
struct PNGFileTests {
  // MARK: - Writing

  @Test(
    "a written PNG decodes, independently, to exactly the bytes of rgba8()",
    .enabled(if: PNGFixtures.python != nil, "needs python3"))
  func independentDecode() throws {
    try withTemporaryDirectory { dir in
      let canvas = PNGFixtures.sampleCanvas()
      let path = dir + "/out.png"
      try PNGFile.write(canvas, to: path)
      let decoded = try #require(PNGFixtures.decodeWithPython(path))
      #expect(decoded.width == canvas.width)
      #expect(decoded.height == canvas.height)
      #expect(decoded.bytes == canvas.rgba8())
      // Nothing else is left in the directory (no temporary file).
      let contents = try FileManager.default.contentsOfDirectory(atPath: dir)
      #expect(contents == ["out.png"])
    }
  }

  @Test(
    "a written PNG holds IHDR, sRGB, IDAT and IEND, each row filtered with up or Paeth",
    .enabled(if: PNGFixtures.python != nil, "needs python3"))
  func chunksAndRowFilters() throws {
    let script = """
      import struct, sys, zlib
      d, p, kinds, idat = open(sys.argv[1], 'rb').read(), 8, [], b''
      while p < len(d):
          n, = struct.unpack('>I', d[p:p + 4])
          kinds.append(d[p + 4:p + 8].decode())
          if kinds[-1] == 'IDAT': idat += d[p + 8:p + 8 + n]
          p += 12 + n
      w, = struct.unpack('>I', d[16:20])
      raw = zlib.decompress(idat)
      rows = {raw[i] for i in range(0, len(raw), w * 4 + 1)}
      sys.stdout.write(' '.join(kinds) + ' / ' + ' '.join(str(f) for f in sorted(rows)))
      """
    try withTemporaryDirectory { dir in
      let path = dir + "/f.png"
      try PNGFile.write(PNGFixtures.sampleCanvas(), to: path)
      let text = try #require(PNGFixtures.runPython(script, path))
      let parts = text.components(separatedBy: " / ")
      #expect(parts.first == "IHDR sRGB IDAT IEND")
      let filters = Set((parts.last ?? "").split(separator: " ").map(String.init))
      #expect(!filters.isEmpty && filters.isSubset(of: ["2", "4"]), "row filters \(filters)")
    }
  }

  @Test(
    "a PNG of several bands decodes, independently, to rgba8(), the same bytes on one thread or all",
    .enabled(if: PNGFixtures.python != nil, "needs python3"))
  func bandsDecodeAndAgree() throws {
    let canvas = PNGFixtures.bandedCanvas()
    let pixels = canvas.rgba8()
    // More than two bands of filtered rows, the last one short.
    let rowsPerBand = PNGFile.bandBytes / (canvas.width * 4 + 1)
    #expect(canvas.height > 2 * rowsPerBand && !canvas.height.isMultiple(of: rowsPerBand))
    let encode = { (parallel: Bool) throws(OutputError) -> [UInt8] in
      try PNGFile.encode(
        pixels: pixels, channels: 4, width: canvas.width, height: canvas.height,
        compression: .frames, path: "bands.png", parallel: parallel)
    }
    let together = try encode(true)
    #expect(together == (try encode(false)))
    try withTemporaryDirectory { dir in
      let path = dir + "/bands.png"
      try Data(together).write(to: URL(fileURLWithPath: path))
      let decoded = try #require(PNGFixtures.decodeWithPython(path))
      #expect(decoded.width == canvas.width && decoded.height == canvas.height)
      #expect(decoded.bytes == pixels)
    }
  }

  @Test(
    "each row is filtered Paeth exactly when that sums fewer |signed byte| than up",
    .enabled(if: PNGFixtures.python != nil, "needs python3"),
    arguments: ["small", "banded"])
  func rowFilterRule(_ name: String) throws {
    let canvas = name == "small" ? PNGFixtures.sampleCanvas() : PNGFixtures.bandedCanvas()
    // Python recomputes both costs from the decoded pixels and prints the rows that disagree.
    let script = """
      import struct, sys, zlib
      d, p, idat = open(sys.argv[1], 'rb').read(), 8, b''
      while p < len(d):
          n, = struct.unpack('>I', d[p:p + 4])
          if d[p + 4:p + 8] == b'IDAT': idat += d[p + 8:p + 8 + n]
          p += 12 + n
      w, = struct.unpack('>I', d[16:20])
      raw, s, prev, bad, seen = zlib.decompress(idat), w * 4, bytearray(w * 4), [], set()
      cost = lambda v: v if v < 128 else 256 - v
      for y in range(len(raw) // (s + 1)):
          f, line = raw[y * (s + 1)], raw[y * (s + 1) + 1:(y + 1) * (s + 1)]
          seen.add(f)
          row = bytearray((line[i] + prev[i]) & 255 for i in range(s)) if f == 2 else bytearray(s)
          if f == 4:
              for i in range(s):
                  a, b, c = (row[i - 4] if i >= 4 else 0), prev[i], (prev[i - 4] if i >= 4 else 0)
                  pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                  row[i] = (line[i] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
          up = sum(cost((row[i] - prev[i]) & 255) for i in range(s))
          paeth = 0
          for i in range(s):
              a, b, c = (row[i - 4] if i >= 4 else 0), prev[i], (prev[i - 4] if i >= 4 else 0)
              pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
              paeth += cost((row[i] - (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255)
          if f != (4 if up != 0 and paeth < up else 2): bad.append(y)
          prev = row
      sys.stdout.write('filters %s bad %s' % (sorted(seen), bad[:5]))
      """
    try withTemporaryDirectory { dir in
      let path = dir + "/\(name).png"
      try PNGFile.write(canvas, to: path)
      let text = try #require(PNGFixtures.runPython(script, path))
      #expect(text == "filters [2, 4] bad []")
    }
  }

  @Test("write then read gives the written pixels, premultiplied")
  func roundTrip() throws {
    try withTemporaryDirectory { dir in
      let canvas = PNGFixtures.sampleCanvas()
      let path = dir + "/round.png"
      try PNGFile.write(canvas, to: path)
      let image = try PNGFile.read(path: path)
      #expect(image.width == canvas.width)
      #expect(image.height == canvas.height)
      #expect(image.pixels == PNGFixtures.premultiplied(canvas.rgba8()))
      // Replacing an existing file works and leaves the new image.
      try PNGFile.write(Canvas(width: 1, height: 2, fill: .white), to: path)
      let replaced = try PNGFile.read(path: path)
      #expect(replaced.width == 1 && replaced.height == 2)
      #expect(replaced.pixels == [1, 1, 1, 1, 1, 1, 1, 1])
    }
  }

  @Test("writing to a directory, into a missing directory or an empty canvas is refused")
  func badWriteTargets() throws {
    try withTemporaryDirectory { dir in
      let canvas = Canvas(width: 2, height: 2, fill: .white)
      #expect(throws: PNGFile.Error.isDirectory(path: dir)) {
        try PNGFile.write(canvas, to: dir)
      }
      let missing = dir + "/nope/out.png"
      #expect(throws: PNGFile.Error.missingDirectory(path: missing, directory: dir + "/nope")) {
        try PNGFile.write(canvas, to: missing)
      }
      let empty = dir + "/empty.png"
      #expect(throws: PNGFile.Error.emptyImage(path: empty)) {
        try PNGFile.write(Canvas(width: 0, height: 3), to: empty)
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir)
      #expect(leftovers.isEmpty)
      #expect(
        PNGFile.Error.missingDirectory(path: missing, directory: dir + "/nope").message
          == "the directory '\(dir)/nope' does not exist")
      #expect(PNGFile.Error.isDirectory(path: dir).message == "'\(dir)' is a directory")
    }
  }

  @Test("writing where the file system refuses gives an unwritable error")
  func unwritable() throws {
    try withTemporaryDirectory { dir in
      let path: String
      if geteuid() == 0 {
        // Root ignores permission bits; sysfs and procfs refuse new files even to root.
        var isDirectory: ObjCBool = false
        let sysfs = FileManager.default.fileExists(atPath: "/sys", isDirectory: &isDirectory)
        path = sysfs && isDirectory.boolValue ? "/sys/burst-png-test.png" : "/proc/burst-png.png"
      } else {
        let locked = dir + "/locked"
        try FileManager.default.createDirectory(
          atPath: locked, withIntermediateDirectories: false,
          attributes: [.posixPermissions: 0o555])
        path = locked + "/out.png"
      }
      let error = #expect(throws: PNGFile.Error.self) {
        try PNGFile.write(Canvas(width: 1, height: 1), to: path)
      }
      guard case .unwritable(let failed, let reason) = error else {
        Issue.record("expected .unwritable, got \(String(describing: error))")
        return
      }
      #expect(failed == path)
      #expect(!reason.isEmpty && reason == reason.lowercased())
      #expect(error?.message.hasPrefix("cannot write '\(path)': ") == true)
    }
  }

  // MARK: - Reading PNG of every kind

  @Test("8-bit greyscale")
  func grey() throws {
    let values: [Int] = [0, 128, 255, 10, 20, 30]
    let data = PNGFixtures.png(width: 3, height: 2, colorType: 0, bitDepth: 8) { x, y in
      [values[y * 3 + x]]
    }
    let bytes = try readRGBA8(data)
    #expect(bytes == values.flatMap { [UInt8($0), UInt8($0), UInt8($0), 255] })
  }

  @Test("greyscale with alpha is premultiplied")
  func greyAlpha() throws {
    let data = PNGFixtures.png(width: 2, height: 1, colorType: 4, bitDepth: 8) { x, _ in
      x == 0 ? [200, 255] : [100, 51]
    }
    let image = try withFile(data) { try PNGFile.read(path: $0) }
    let v = Float(200) / 255
    let w = Float(100) / 255
    let a = Float(51) / 255
    #expect(image.pixels == [v, v, v, 1, w * a, w * a, w * a, a])
  }

  @Test("2-bit palette with transparency (tRNS)")
  func palette() throws {
    let plte: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
    let indices = [0, 1, 2, 1]
    let data = PNGFixtures.png(
      width: 2, height: 2, colorType: 3, bitDepth: 2,
      chunks: [("PLTE", plte), ("tRNS", [255, 128])]
    ) { x, y in [indices[y * 2 + x]] }
    let bytes = try readRGBA8(data)
    #expect(bytes == [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 0, 255, 0, 128])
  }

  @Test("16-bit RGBA is reduced to 8 bits (sRGB when tagged, linear otherwise)")
  func sixteenBit() throws {
    let samples: (Int, Int) -> [Int] = { x, _ in
      x == 0 ? [0xABAB, 0x1212, 0xFFFF, 0xFFFF] : [0, 0, 0, 0]
    }
    let tagged = PNGFixtures.png(
      width: 2, height: 1, colorType: 6, bitDepth: 16, chunks: [("sRGB", [0])], samples: samples)
    #expect(try readRGBA8(tagged) == [0xAB, 0x12, 0xFF, 0xFF, 0, 0, 0, 0])
    // libpng's simplified API takes untagged 16-bit data as linear and encodes it as sRGB.
    let untagged = PNGFixtures.png(
      width: 2, height: 1, colorType: 6, bitDepth: 16, samples: samples)
    let bytes = try readRGBA8(untagged)
    func srgb(_ linear: Double) -> Int {
      Int((255 * (1.055 * pow(linear, 1 / 2.4) - 0.055)).rounded())
    }
    #expect(abs(Int(bytes[0]) - srgb(Double(0xABAB) / 65_535)) <= 1)
    #expect(abs(Int(bytes[1]) - srgb(Double(0x1212) / 65_535)) <= 1)
    #expect(Array(bytes[2...]) == [0xFF, 0xFF, 0, 0, 0, 0])
  }

  @Test("Adam7-interlaced RGB")
  func interlaced() throws {
    let data = PNGFixtures.png(width: 5, height: 5, colorType: 2, bitDepth: 8, interlaced: true) {
      x, y in [x * 50, y * 60, (x * 7 + y * 13) % 256]
    }
    let bytes = try readRGBA8(data)
    var expected: [UInt8] = []
    for y in 0..<5 {
      for x in 0..<5 {
        expected += [UInt8(x * 50), UInt8(y * 60), UInt8((x * 7 + y * 13) % 256), 255]
      }
    }
    #expect(bytes == expected)
  }

  // MARK: - Refusing bad PNG input

  @Test("missing files and directories are refused")
  func badReadPaths() throws {
    try withTemporaryDirectory { dir in
      let missing = dir + "/missing.png"
      #expect(throws: PNGFile.Error.notFound(path: missing)) {
        try PNGFile.read(path: missing)
      }
      #expect(throws: PNGFile.Error.isDirectory(path: dir)) { try PNGFile.read(path: dir) }
      #expect(throws: PNGFile.Error.notFound(path: missing)) {
        try PNGFile.readPPM(path: missing)
      }
      #expect(throws: PNGFile.Error.isDirectory(path: dir)) { try PNGFile.readPPM(path: dir) }
      #expect(PNGFile.Error.notFound(path: "a.png").message == "no such file 'a.png'")
    }
  }

  @Test("a PNG cut in half is rejected as damaged")
  func truncated() throws {
    try withTemporaryDirectory { dir in
      let path = dir + "/whole.png"
      try PNGFile.write(PNGFixtures.sampleCanvas(), to: path)
      let whole = try #require(FileManager.default.contents(atPath: path))
      for cut in [whole.count / 2, 40, 20, whole.count - 13] {
        let error = #expect(throws: PNGFile.Error.self) {
          try withFile(whole.prefix(cut)) { try PNGFile.read(path: $0) }
        }
        guard case .corruptPNG(_, let detail) = error else {
          Issue.record("cut at \(cut): expected .corruptPNG, got \(String(describing: error))")
          continue
        }
        #expect(!detail.isEmpty)
      }
    }
  }

  @Test("random garbage, with or without the PNG signature, is rejected")
  func garbage() throws {
    var state: UInt32 = 12_345
    let noise = (0..<2000).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    // A valid file with one flipped bit in the IHDR fails its CRC.
    var flipped = PNGFixtures.png(width: 1, height: 1, colorType: 0, bitDepth: 8) { _, _ in [7] }
    flipped[17] ^= 1
    let inputs: [(name: String, data: [UInt8], kind: String)] = [
      ("noise", noise, "notPNG"),
      ("empty", [], "notPNG"),
      ("signature and noise", PNGFixtures.signature + noise, "corruptPNG"),
      ("flipped IHDR bit", flipped, "corruptPNG"),
    ]
    for (name, data, kind) in inputs {
      let error = #expect(throws: PNGFile.Error.self, "\(name)") {
        try withFile(data) { try PNGFile.read(path: $0) }
      }
      guard let error else { continue }
      #expect(PNGFixtures.kind(error) == kind, "\(name): \(error.message)")
    }
  }

  @Test("a header claiming 100000×100000 is refused before allocating")
  func hugeHeader() throws {
    // Signature, a hand-made IHDR with a valid CRC, a token IDAT and IEND.
    var ihdr = PNGFixtures.bigEndian(100_000) + PNGFixtures.bigEndian(100_000)
    ihdr += [8, 6, 0, 0, 0]
    var data = PNGFixtures.signature + PNGFixtures.chunk("IHDR", ihdr)
    data += PNGFixtures.chunk("IDAT", PNGFixtures.zlibStored([0, 0, 0, 0, 0]))
    data += PNGFixtures.chunk("IEND", [])
    for cap in [Limits.maxImagePixels, Int.max] {
      let limit = min(cap, SpriteImage.maximumPixelCount)
      let expected = { (path: String) in
        PNGFile.Error.tooLarge(path: path, width: 100_000, height: 100_000, limit: limit)
      }
      try withFile(data) { path in
        #expect(throws: expected(path)) { try PNGFile.read(path: path, maxPixels: cap) }
      }
    }
    // A small image over a small cap is refused too.
    let small = PNGFixtures.png(width: 5, height: 5, colorType: 0, bitDepth: 8) { _, _ in [1] }
    try withFile(small) { path in
      #expect(throws: PNGFile.Error.tooLarge(path: path, width: 5, height: 5, limit: 24)) {
        try PNGFile.read(path: path, maxPixels: 24)
      }
      let image = try PNGFile.read(path: path, maxPixels: 25)
      #expect(image.width == 5)
    }
  }

  // MARK: - PPM

  @Test("binary P6 and plain P3 with comments")
  func goodPPM() throws {
    let expected: [Float] = [1, 0, 0, 1, 0, Float(128) / 255, 1, 1]
    let p6 =
      Array("P6\n# made by hand\n2 1 # a trailing comment\n255\n".utf8)
      + [255, 0, 0, 0, 128, 255]
    let image = try withFile(p6) { try PNGFile.readPPM(path: $0) }
    #expect(image.width == 2 && image.height == 1)
    #expect(image.pixels == expected)
    let p3 = Array("P3\n# plain\n2 1\n255\n255 0 0 # red\n0\n128 255".utf8)
    #expect(try withFile(p3) { try PNGFile.readPPM(path: $0) }.pixels == expected)
    // Binary data that happens to start with whitespace or '#' bytes is kept.
    let tricky = Array("P6 1 1 255\n".utf8) + [0x0A, 0x23, 0x20]
    let pixel = try withFile(tricky) { try PNGFile.readPPM(path: $0) }.pixels
    #expect(pixel == [Float(10) / 255, Float(35) / 255, Float(32) / 255, 1])
    // A smaller maxval scales the values.
    let scaled = try withFile(Array("P3 1 1 15 15 0 5".utf8)) { try PNGFile.readPPM(path: $0) }
    #expect(scaled.pixels[0] == 1 && scaled.pixels[1] == 0)
    #expect(abs(scaled.pixels[2] - 1.0 / 3) < 1e-6)
  }

  @Test("bad PPM input gives clear errors")
  func badPPM() throws {
    let cases: [(name: String, data: [UInt8], kind: String)] = [
      ("P5 magic", Array("P5\n1 1\n255\n".utf8) + [0], "notPPM"),
      ("text", Array("hello world".utf8), "notPPM"),
      ("empty", [], "notPPM"),
      ("P61", Array("P61 1 255\n".utf8), "notPPM"),
      ("header cut", Array("P6\n2 ".utf8), "malformedPPM"),
      ("letters", Array("P6 2 x 255\n".utf8), "malformedPPM"),
      ("12a", Array("P6 12a 1 255\n".utf8), "malformedPPM"),
      ("zero", Array("P6 0 1 255\n".utf8), "malformedPPM"),
      ("16-bit", Array("P6 1 1 65535\n".utf8) + [0, 0, 0, 0, 0, 0], "malformedPPM"),
      ("maxval 0", Array("P6 1 1 0\n".utf8), "malformedPPM"),
      ("no space", Array("P6 1 1 255".utf8), "malformedPPM"),
      ("P3 > max", Array("P3 1 1 255 1 2 300".utf8), "malformedPPM"),
      ("P3 junk", Array("P3 1 1 255 1 x 3".utf8), "malformedPPM"),
      ("P3 -1", Array("P3 1 1 255 1 -1 3".utf8), "malformedPPM"),
      ("digits", Array("P6 99999999999 1 255\n".utf8), "malformedPPM"),
      ("P6 short", Array("P6 2 1 255\n".utf8) + [1, 2, 3], "truncatedPPM"),
      ("P3 short", Array("P3 2 1 255 1 2 3 4".utf8), "truncatedPPM"),
      ("huge", Array("P6 100000 100000 255\n".utf8), "tooLarge"),
    ]
    for (name, data, kind) in cases {
      try withFile(data) { path in
        let error = #expect(throws: PNGFile.Error.self, "\(name)") {
          try PNGFile.readPPM(path: path)
        }
        guard let error else { return }
        #expect(PNGFixtures.kind(error) == kind, "\(name): \(error.message)")
        let text = error.message.replacingOccurrences(of: path, with: "")
        #expect(text == text.lowercased(), "\(name)")
      }
    }
    // The counts and the cap are reported exactly.
    try withFile(Array("P6 2 1 255\n".utf8) + [1, 2, 3]) { path in
      #expect(throws: PNGFile.Error.truncatedPPM(path: path, expected: 6, found: 3)) {
        try PNGFile.readPPM(path: path)
      }
    }
    try withFile(Array("P6 100000 100000 255\n".utf8)) { path in
      let error = PNGFile.Error.tooLarge(
        path: path, width: 100_000, height: 100_000, limit: 4096 * 4096)
      #expect(throws: error) { try PNGFile.readPPM(path: path) }
    }
  }
}

// MARK: - Helpers

/// Runs `body` with a fresh temporary directory, removed afterwards.
@discardableResult
private func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
  let dir = testScratchFolder.path + "/burst-png-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  defer {
    chmod(dir + "/locked", 0o755)
    try? FileManager.default.removeItem(atPath: dir)
  }
  return try body(dir)
}

/// Writes `bytes` to a temporary file and runs `body` with its path.
@discardableResult
private func withFile<T, Bytes: Sequence<UInt8>>(
  _ bytes: Bytes, _ body: (String) throws -> T
) throws -> T {
  try withTemporaryDirectory { dir in
    let path = dir + "/input"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return try body(path)
  }
}

/// Reads PNG bytes and returns level 0 as straight 8-bit RGBA (exact for these tests' values).
private func readRGBA8(_ data: [UInt8]) throws -> [UInt8] {
  let image = try withFile(data) { try PNGFile.read(path: $0) }
  let premultiplied = image.pixels
  var bytes: [UInt8] = []
  for i in stride(from: 0, to: premultiplied.count, by: 4) {
    let a = premultiplied[i + 3]
    let scale: Float = a > 0 ? 1 / a : 0
    bytes += [
      RGBA.byte(premultiplied[i] * scale), RGBA.byte(premultiplied[i + 1] * scale),
      RGBA.byte(premultiplied[i + 2] * scale), RGBA.byte(a),
    ]
  }
  return bytes
}

/// Hand-made PNG files and an independent decoder.
enum PNGFixtures {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A 37×23 canvas with smooth and noisy areas, partial, zero and NaN alpha.
  static func sampleCanvas() -> Canvas {
    var canvas = Canvas(width: 37, height: 23)
    var state: UInt32 = 99
    for y in 0..<23 {
      for x in 0..<37 {
        state = state &* 1_664_525 &+ 1_013_904_223
        let noise = Float(state >> 24) / 255
        let a: Float = x < 3 ? 0 : (y < 12 ? Float(x) / 36 : 1)
        let r = Float(x) / 36
        let g = x.isMultiple(of: 2) ? noise : Float(y) / 22
        canvas[x: x, y: y] = .premultiplying(r: r, g: g, b: 1 - r, a: a)
      }
    }
    canvas[x: 5, y: 5] = RGBA(r: .nan, g: 0.5, b: .infinity, a: 0.5)
    return canvas
  }

  /// A 61×4500 canvas, tall enough for three bands of compression: smooth gradients, noisy
  /// patches (odd widths, so rows end off the 16-byte step), rows equal to the one above, and a
  /// half-transparent part.
  static func bandedCanvas() -> Canvas {
    var canvas = Canvas(width: 61, height: 4500)
    var state: UInt32 = 7
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        state = state &* 1_664_525 &+ 1_013_904_223
        let noise = Float(state >> 24) / 255
        let flat = (y / 100).isMultiple(of: 3)
        let patch = !flat && (x + y / 7) % 23 < 9
        let r: Float = flat ? 0.2 : Float(x) / 60
        let g: Float = flat ? 0.5 : patch ? noise : Float(y % 300) / 299
        let a: Float = y % 1000 < 150 ? Float(x) / 60 : 1
        canvas[x: x, y: y] = .premultiplying(r: r, g: g, b: 1 - r, a: a)
      }
    }
    return canvas
  }

  /// Straight 8-bit RGBA → premultiplied floats, as ``PNGFile/read(path:maxPixels:)`` makes them.
  static func premultiplied(_ bytes: [UInt8]) -> [Float] {
    var out: [Float] = []
    for i in stride(from: 0, to: bytes.count, by: 4) {
      let a = Float(bytes[i + 3]) / 255
      out += [
        (Float(bytes[i]) / 255) * a, (Float(bytes[i + 1]) / 255) * a,
        (Float(bytes[i + 2]) / 255) * a, a,
      ]
    }
    return out
  }

  /// The name of an error's case, e.g. `"notPPM"`.
  static func kind(_ error: PNGFile.Error) -> String {
    Mirror(reflecting: error).children.first?.label ?? "\(error)"
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// A chunk: length, type, data and CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc ^ 0xFFFF_FFFF)
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let length = UInt16(end - start)
      out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      out += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  /// A PNG of the given colour type and bit depth, unfiltered; `samples(x, y)` gives one pixel's
  /// samples (1–4 of them). Interlaced images are split into the seven Adam7 passes.
  static func png(
    width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, interlaced: Bool = false,
    chunks: [(String, [UInt8])] = [], samples: (Int, Int) -> [Int]
  ) -> [UInt8] {
    let passes: [(Int, Int, Int, Int)] =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    var raw: [UInt8] = []
    for (x0, y0, dx, dy) in passes {
      let xs = Array(stride(from: x0, to: width, by: dx))
      guard !xs.isEmpty else { continue }
      for y in stride(from: y0, to: height, by: dy) {
        raw.append(0)
        var bits: [Int] = []
        for x in xs {
          for sample in samples(x, y) {
            for bit in (0..<Int(bitDepth)).reversed() { bits.append(sample >> bit & 1) }
          }
        }
        while !bits.count.isMultiple(of: 8) { bits.append(0) }
        for i in stride(from: 0, to: bits.count, by: 8) {
          raw.append(UInt8(bits[i..<(i + 8)].reduce(0) { $0 << 1 | $1 }))
        }
      }
    }
    let ihdr =
      bigEndian(UInt32(width)) + bigEndian(UInt32(height))
      + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    var data = signature + chunk("IHDR", ihdr)
    for (type, body) in chunks { data += chunk(type, body) }
    data += chunk("IDAT", zlibStored(raw))
    data += chunk("IEND", [])
    return data
  }

  /// The path of a python3 interpreter, if one is installed.
  static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// An independent PNG decoder (Python's zlib, all five filters, CRCs checked) for 8-bit RGBA
  /// non-interlaced files; prints `width height hex`.
  private static let decoder = """
    import struct, sys, zlib
    d = open(sys.argv[1], 'rb').read()
    assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    p, idat, ihdr, end = 8, b'', None, False
    while p < len(d):
        n, = struct.unpack('>I', d[p:p + 4])
        t, c = d[p + 4:p + 8], d[p + 8:p + 8 + n]
        assert zlib.crc32(t + c) == struct.unpack('>I', d[p + 8 + n:p + 12 + n])[0], 'crc'
        if t == b'IHDR':
            ihdr = struct.unpack('>IIBBBBB', c)
        elif t == b'IDAT':
            idat += c
        elif t == b'IEND':
            end = True
        p += 12 + n
    assert end and p == len(d), 'structure'
    w, h, depth, ctype, comp, filt, inter = ihdr
    assert (depth, ctype, comp, filt, inter) == (8, 6, 0, 0, 0), ihdr
    raw, s = zlib.decompress(idat), w * 4
    assert len(raw) == h * (s + 1), 'size'
    out, prev = bytearray(), bytearray(s)
    for y in range(h):
        f, line = raw[y * (s + 1)], bytearray(raw[y * (s + 1) + 1:(y + 1) * (s + 1)])
        for i in range(s):
            a, b, c = (line[i - 4] if i >= 4 else 0), prev[i], (prev[i - 4] if i >= 4 else 0)
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
            else: assert f == 0, 'filter'
        out += line
        prev = line
    sys.stdout.write('%d %d %s' % (w, h, out.hex()))
    """

  /// Runs the Python `script` on `path`; its standard output, or nil (and a recorded issue)
  /// when Python is missing or fails.
  static func runPython(_ script: String, _ path: String) -> String? {
    guard let python else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, path]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do {
      try process.run()
    } catch {
      Issue.record("cannot run python: \(error)")
      return nil
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      Issue.record("python failed: \(String(decoding: errors, as: UTF8.self))")
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Decodes `path` with Python; nil (and a recorded issue) when Python fails.
  static func decodeWithPython(_ path: String) -> (width: Int, height: Int, bytes: [UInt8])? {
    guard let text = runPython(decoder, path) else { return nil }
    let parts = text.split(separator: " ")
    guard parts.count == 3, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
    var bytes: [UInt8] = []
    var digits = parts[2].utf8.makeIterator()
    while let high = digits.next(), let low = digits.next() {
      guard let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else {
        return nil
      }
      bytes.append(value)
    }
    return (w, h, bytes)
  }
}
