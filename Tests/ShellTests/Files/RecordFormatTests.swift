import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Shell

/// A small scene whose sparkles move every frame, on the default opaque background.
private let sparkles = """
  scene 60x40
  emitter like; cell like sparkle
  set like emitterShape=circle emitterMode=outline emitterSize=10,0 emitterPosition=30,20
  set like.emitterCells.sparkle birthRate=300 lifetime=0.7 velocity=30 scale=0.2 \\
      contents=sparkle color=orange alphaSpeed=-1
  cell like ring
  set like.emitterCells.ring birthRate=40 lifetime=0.5 velocity=20 scale=0.15 \\
      contents=dot color=#3fa9f5 greenRange=0.4

  """

private func scratch(_ name: String) -> String {
  let u = testScratchFolder.appendingPathComponent(
    "rec-\(name)-\(UInt64.random(in: 0...UInt64.max))")
  try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
  return u.path
}

private func entries(_ directory: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// The frames `record DIR` writes for `script` + `record DIR seconds fps N`, decoded (RGBA).
private func trueColourFrames(_ script: String, seconds: String, fps: Int) throws -> [[UInt8]] {
  let dir = scratch("frames") + "/frames"
  let run = runScript(script + "record \(dir) \(seconds) fps \(fps)\n")
  #expect(run.error == nil, "\(run.stderr)")
  return try entries(dir).map { name in
    try #require(PNGFixtures.decodeWithPython(dir + "/" + name)).bytes
  }
}

/// One decoded frame of an animation: its pixels as shown (RGBA) and how it was stored.
private struct DecodedFrame {
  var rgba: [UInt8]
  var rect: [Int]
  var delay: [Int]
  var dispose: Int
}

private struct DecodedAnimation {
  var width: Int
  var height: Int
  /// GIF: the NETSCAPE2.0 loop count; APNG: acTL's num_plays (0 = for ever).
  var loop: Int?
  /// GIF: the global colour table's size.
  var colors: Int
  var frames: [DecodedFrame]
}

private func decode(_ script: String, _ path: String) throws -> DecodedAnimation {
  let text = try #require(PNGFixtures.runPython(script, path))
  let json = try #require(
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  let frames = try #require(json["frames"] as? [[String: Any]]).map { f in
    DecodedFrame(
      rgba: hexBytes(f["rgba"] as? String ?? ""), rect: f["rect"] as? [Int] ?? [],
      delay: (f["delay"] as? [Int]) ?? [(f["delay"] as? Int) ?? -1],
      dispose: f["dispose"] as? Int ?? -1)
  }
  return DecodedAnimation(
    width: json["width"] as? Int ?? 0, height: json["height"] as? Int ?? 0,
    loop: (json["loop"] as? Int) ?? (json["plays"] as? Int), colors: json["colors"] as? Int ?? 0,
    frames: frames)
}

private func hexBytes(_ s: String) -> [UInt8] {
  var out: [UInt8] = []
  out.reserveCapacity(s.utf8.count / 2)
  var it = s.utf8.makeIterator()
  func digit(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }
  while let hi = it.next(), let lo = it.next() { out.append(digit(hi) << 4 | digit(lo)) }
  return out
}

/// The PSNR (dB) of the RGB channels of `a` against `b` (RGBA each).
private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
  var sum = 0.0
  var n = 0
  for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
    for c in 0..<3 {
      let d = Double(a[i + c]) - Double(b[i + c])
      sum += d * d
      n += 1
    }
  }
  let mse = sum / Double(max(n, 1))
  return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

@Suite("record FILE.gif, .png/.apng, .mp4/.mov/.webm")
struct RecordFormatTests {
  struct Choice: CustomTestStringConvertible, Sendable {
    var path: String
    var isDirectory: Bool
    var format: RecordFormat?
    var testDescription: String { "\(path)\(isDirectory ? " (a directory)" : "")" }
  }

  @Test(
    "the path alone chooses what record writes; an unknown extension is refused",
    arguments: [
      Choice(path: "out", isDirectory: false, format: .frames),
      Choice(path: "out/", isDirectory: false, format: .frames),
      Choice(path: "a.gif/", isDirectory: false, format: .frames),
      Choice(path: "takes/v1.2", isDirectory: true, format: .frames),
      Choice(path: ".frames", isDirectory: false, format: .frames),
      Choice(path: "x.cast", isDirectory: false, format: .cast),
      Choice(path: "x.GIF", isDirectory: false, format: .gif),
      Choice(path: "x.gif", isDirectory: true, format: .gif),
      Choice(path: "x.png", isDirectory: false, format: .apng),
      Choice(path: "x.apng", isDirectory: false, format: .apng),
      Choice(path: "x.mp4", isDirectory: false, format: .video(.h264)),
      Choice(path: "x.mov", isDirectory: false, format: .video(.h264)),
      Choice(path: "x.webm", isDirectory: false, format: .video(.vp9)),
      Choice(path: "x.avi", isDirectory: false, format: nil),
      Choice(path: "dir.d/x.jpeg", isDirectory: false, format: nil),
    ])
  func pathChoosesFormat(c: Choice) {
    switch RecordFormat.choose(c.path, isDirectory: c.isDirectory) {
    case .success(let f): #expect(f == c.format)
    case .failure(let refusal):
      #expect(c.format == nil, "\(refusal.message)")
      #expect(refusal.hint.contains(RecordFormat.extensionList))
    }
  }

  @Test("an unknown extension is refused before any work: the clock stays and nothing is written")
  func unknownExtensionRefused() throws {
    let dir = scratch("refuse")
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: sparkles + "step 0.1\n", file: "t") == nil)
    let before = s.scene.now
    let error = try #require(s.run(source: "record \(dir)/clip.avi 1\n", file: "t"))
    #expect(error.message == "record cannot write '.avi' files")
    #expect(error.hint?.contains(".gif, .png, .apng, .mp4, .mov, .webm") == true)
    #expect(error.column == 8)
    #expect(s.scene.now == before)
    #expect(entries(dir).isEmpty)
  }

  @Test(
    "a .gif loops, has one palette of at most 256 entries, and each frame is the true-colour frame within tolerance",
    arguments: ["ordered", "none"])
  func gifMatchesTrueColour(dither: String) throws {
    let dir = scratch("gif")
    let file = dir + "/take.gif"
    let run = runScript(sparkles + "record \(file) 0.6 fps 10 dither \(dither)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(entries(dir) == ["take.gif"], "nothing else is left beside it")
    let gif = try decode(AnimationFixtures.gifDecoder, file)
    let truth = try trueColourFrames(sparkles, seconds: "0.6", fps: 10)
    #expect(gif.width == 60 && gif.height == 40)
    #expect(gif.loop == 0, "loops for ever")
    #expect(gif.colors >= 2 && gif.colors <= 256 && gif.colors & (gif.colors - 1) == 0)
    #expect(gif.frames.count == 6 && truth.count == 6)
    // Delays in hundredths add up to the recording's length.
    #expect(gif.frames.map { $0.delay[0] }.reduce(0, +) == 60)
    #expect(gif.frames[0].rect == [0, 0, 60, 40], "the first frame is whole")
    for (i, (g, t)) in zip(gif.frames, truth).enumerated() {
      let q = psnr(g.rgba, t)
      #expect(q > 40, "frame \(i + 1): PSNR \(q) dB")
      #expect(g.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }
    #expect(Set(gif.frames.map(\.rgba)).count == 6, "every frame differs")
    #expect(run.stdout.contains("wrote 6 frames of 60×40, "))
    #expect(run.stdout.contains(" colours, "))
  }

  @Test("a .gif of a scene with a clear background is transparent where the frame is clear")
  func gifTransparency() throws {
    let dir = scratch("gif-clear")
    let file = dir + "/clear.gif"
    let script = sparkles + "set scene backgroundColor=clear\n"
    let run = runScript(script + "record \(file) 0.4 fps 10\n")
    #expect(run.error == nil, "\(run.stderr)")
    let gif = try decode(AnimationFixtures.gifDecoder, file)
    let truth = try trueColourFrames(script, seconds: "0.4", fps: 10)
    #expect(gif.frames.count == 4)
    for (g, t) in zip(gif.frames, truth) {
      #expect(g.dispose == 2, "each frame is cleared before the next")
      var mismatched = 0
      for i in stride(from: 3, to: t.count, by: 4) where (t[i] >= 128) != (g.rgba[i] == 255) {
        mismatched += 1
      }
      #expect(mismatched == 0)
      #expect(g.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
    }
    // Nothing is born yet at t = 0; the later frames have opaque sparkles.
    for g in gif.frames.dropFirst() {
      #expect(g.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
    }
  }

  @Test(
    "a palette holds each colour exactly when there are few, and they map to themselves undithered",
    arguments: [GIFDither.ordered, .none])
  func exactColours(dither: GIFDither) {
    let colours: [[UInt8]] = [[16, 16, 24, 255], [255, 128, 0, 255], [63, 169, 245, 255]]
    var rgba: [UInt8] = []
    for i in 0..<(32 * 8) { rgba += colours[(i * 7 + i / 32) % 3] }
    var histogram = ColorHistogram()
    histogram.add(rgba: rgba, clear: false)
    let palette = histogram.palette()
    #expect(palette.colors == [0x10_1018, 0x3F_A9F5, 0xFF_8000])
    let q = GIFQuantizer(palette: palette, clear: false, dither: dither)
    var out: [UInt8] = []
    q.map(rgba: rgba, width: 32, into: &out)
    for i in 0..<out.count {
      let c = palette.colors[Int(out[i])]
      #expect(
        [UInt8(c >> 16), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF), 255]
          == Array(rgba[4 * i..<4 * i + 4]))
    }
    // A colour between two entries is dithered between them (ordered) or mapped to one (none).
    let between =
      [UInt8](repeating: 0, count: 0) + (0..<64).flatMap { _ in [136, 72, 12, 255] as [UInt8] }
    q.map(rgba: between, width: 8, into: &out)
    #expect(Set(out).count == (dither == .ordered ? 2 : 1))
  }

  @Test("a .gif and an animated PNG are the same bytes on one thread and on several, run after run")
  func sameBytes() throws {
    let dir = scratch("same")
    var seen: [String: Data] = [:]
    for (k, workers) in [1, 3, 1].enumerated() {
      for ext in ["gif", "png"] {
        let file = dir + "/\(k).\(ext)"
        let run = MotionCommands.$recordWorkers.withValue(workers) {
          runScript(sparkles + "record \(file) 0.5 fps 12\n")
        }
        #expect(run.error == nil, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: file))
        if let first = seen[ext] {
          #expect(bytes == first, "\(ext) on \(workers) workers")
        } else {
          seen[ext] = bytes
        }
      }
    }
  }

  @Test(
    "an animated PNG is, frame by frame, exactly the PNG frames record DIR writes",
    arguments: ["png", "apng"])
  func apngIsExact(ext: String) throws {
    let dir = scratch("apng")
    let file = dir + "/take.\(ext)"
    let run = runScript(sparkles + "record \(file) 0.5 fps 10\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains("wrote 5 frames of 60×40, "))
    // The decoder checks every CRC, the sequence numbers of fcTL and fdAT and acTL's count.
    let apng = try decode(AnimationFixtures.apngDecoder, file)
    let truth = try trueColourFrames(sparkles, seconds: "0.5", fps: 10)
    #expect(apng.loop == 0)
    #expect(apng.frames.count == 5)
    #expect(apng.frames.map(\.rgba) == truth)
    #expect(apng.frames.allSatisfy { $0.delay == [100, 1000] })
    #expect(apng.frames.dropFirst().contains { $0.rect[2] < 60 || $0.rect[3] < 40 }, "cropped")
  }

  @Test("dither applies to .gif only, and is one of its names")
  func ditherChecked() throws {
    let dir = scratch("dither")
    let a = runScript(sparkles + "record \(dir)/x.png 0.2 dither none\n")
    #expect(a.error?.message == "dither applies to .gif recordings only")
    let b = runScript(sparkles + "record \(dir)/x.gif 0.2 dither noen\n")
    #expect(b.error?.message.contains("dither is one of ordered, none") == true)
    #expect(b.error?.hint?.contains("none") == true)
    #expect(entries(dir).isEmpty)
  }

  @Test("a .gif is refused above 50 fps before any work")
  func gifFrameRate() throws {
    let dir = scratch("gif-fps")
    let run = runScript(sparkles + "record \(dir)/x.gif 0.2 fps 60\ntime\n")
    #expect(run.error?.message.contains("at most 50 frames a second") == true)
    #expect(entries(dir).isEmpty)
  }

  @Test("a GIF or animated PNG past its size limit is refused and leaves no file")
  func sizeLimit() throws {
    let dir = scratch("limit")
    let target = try AtomicFile.check(dir + "/x.png")
    let apng = try APNGFile(target, width: 60, height: 40, frames: 2, fps: 10, limit: 100)
    var rgba = [UInt8](repeating: 0, count: 60 * 40 * 4)
    for i in rgba.indices { rgba[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
    #expect(throws: OutputError.self) { try apng.append(rgba: rgba) }
    let palette = GIFPalette(colors: [0, 0xFFFFFF])
    let gifTarget = try AtomicFile.check(dir + "/x.gif")
    #expect(throws: OutputError.self) {
      let gif = try GIFFile(
        gifTarget, width: 60, height: 40, palette: palette, clear: false, fps: 10, limit: 10)
      try gif.append(indices: [UInt8](repeating: 0, count: 60 * 40))
    }
    #expect(entries(dir).isEmpty)
  }

  @Test("video without ffmpeg on PATH is refused before any work, naming the package")
  func videoWithoutFFmpeg() throws {
    let dir = scratch("noff")
    let out = CapturedOutput()
    let s = Session(sink: out)
    #expect(s.run(source: sparkles, file: "t") == nil)
    let error = VideoFile.$searchPath.withValue("/nonexistent") {
      s.run(source: "record \(dir)/x.mp4 1\n", file: "t")
    }
    #expect(error?.message == "writing video needs ffmpeg, which is not on PATH")
    #expect(error?.hint?.contains("apt-get install ffmpeg") == true)
    #expect(s.scene.now == 0)
    #expect(entries(dir).isEmpty)
  }

  @Test(
    "video through ffmpeg has every frame, in a pixel format every player opens, odd sides rounded",
    arguments: ["mp4", "mov", "webm"])
  func video(ext: String) throws {
    guard VideoFile.ffmpegPath() != nil,
      let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return }
    let dir = scratch("video")
    let file = dir + "/take.\(ext)"
    let run = runScript(sparkles + "scene 61x40\nrecord \(file) 0.5 fps 10\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(run.stdout.contains("5 frames of 60×40 (61×40 rounded down to even sides)"))
    #expect(entries(dir) == ["take.\(ext)"])
    let p = Process()
    p.executableURL = URL(fileURLWithPath: ffprobe)
    p.arguments = [
      "-v", "error", "-count_frames", "-show_entries",
      "stream=codec_name,width,height,nb_read_frames,pix_fmt", "-of", "compact=p=0:nk=0", file,
    ]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let codec = ext == "webm" ? "vp9" : "h264"
    #expect(text.contains("codec_name=\(codec)"), "\(text)")
    #expect(text.contains("width=60|height=40"), "\(text)")
    #expect(text.contains("pix_fmt=yuv420p"), "\(text)")
    #expect(text.contains("nb_read_frames=5"), "\(text)")
  }
}

/// Independent decoders, in Python, for the animations `record` writes.
enum AnimationFixtures {
  /// A GIF decoder (LZW, local and global tables, transparency and disposal) printing JSON:
  /// the screen, the loop count, the global table's size, and each frame as shown.
  static let gifDecoder = """
    import json, struct, sys
    d = open(sys.argv[1], 'rb').read()
    assert d[:6] == b'GIF89a', 'signature'
    w, h, packed, bg, aspect = struct.unpack('<HHBBB', d[6:13])
    p = 13
    def table(flags, p):
        n = 2 << (flags & 7)
        return [tuple(d[p + 3 * i:p + 3 * i + 3]) for i in range(n)], p + 3 * n
    gct = None
    if packed & 0x80:
        gct, p = table(packed, p)
    def blocks(p):
        out = b''
        while True:
            n = d[p]; p += 1
            if n == 0: return out, p
            out += d[p:p + n]; p += n
    def lzw(data, minimum, count):
        clear, end = 1 << minimum, (1 << minimum) + 1
        def reset():
            return [[k] for k in range(clear)] + [None, None]
        codes, size, out, prev = reset(), minimum + 1, [], None
        bits, nbits, i = 0, 0, 0
        while len(out) < count:
            while nbits < size:
                assert i < len(data), 'LZW data ended early'
                bits |= data[i] << nbits; nbits += 8; i += 1
            code = bits & ((1 << size) - 1); bits >>= size; nbits -= size
            if code == clear:
                codes, size, prev = reset(), minimum + 1, None
                continue
            if code == end: break
            if code < len(codes) and codes[code] is not None:
                entry = codes[code]
                if prev is not None: codes.append(prev + entry[:1])
            else:
                assert code == len(codes) and prev is not None, 'bad code'
                entry = prev + prev[:1]
                codes.append(entry)
            out += entry
            prev = entry
            if len(codes) == (1 << size) and size < 12: size += 1
        assert len(out) >= count, 'short image'
        return out[:count]
    canvas = bytearray(w * h * 4)
    frames, loop, gce = [], None, (0, 0, None)
    while True:
        b = d[p]; p += 1
        if b == 0x3B: break
        if b == 0x21:
            label = d[p]; p += 1
            body, p = blocks(p)
            if label == 0xF9:
                flags, delay, t = struct.unpack('<BHB', body[:4])
                gce = ((flags >> 2) & 7, delay, t if flags & 1 else None)
            elif label == 0xFF and body[:11] == b'NETSCAPE2.0':
                loop = struct.unpack('<H', body[12:14])[0]
            continue
        assert b == 0x2C, 'block %x' % b
        x, y, fw, fh, flags = struct.unpack('<HHHHB', d[p:p + 9]); p += 9
        assert not flags & 0x40, 'interlaced'
        colors = gct
        if flags & 0x80: colors, p = table(flags, p)
        minimum = d[p]; p += 1
        data, p = blocks(p)
        idx = lzw(data, minimum, fw * fh)
        dispose, delay, t = gce
        assert x + fw <= w and y + fh <= h, 'frame outside the screen'
        saved = bytes(canvas)
        for j in range(fh):
            for i in range(fw):
                k = idx[j * fw + i]
                if k == t: continue
                o = 4 * ((y + j) * w + x + i)
                canvas[o:o + 4] = bytes(colors[k]) + b'\\xff'
        frames.append({'delay': delay, 'dispose': dispose, 'rect': [x, y, fw, fh],
                       'rgba': canvas.hex()})
        if dispose == 2:
            for j in range(fh):
                o = 4 * ((y + j) * w + x)
                canvas[o:o + 4 * fw] = bytes(4 * fw)
        elif dispose == 3:
            canvas = bytearray(saved)
        gce = (0, 0, None)
    assert p == len(d), 'bytes after the trailer'
    print(json.dumps({'width': w, 'height': h, 'loop': loop, 'colors': len(gct or []),
                      'frames': frames}))
    """

  /// An APNG decoder (CRCs, acTL before IDAT, fcTL/fdAT sequence numbers, acTL's frame
  /// count, the five filters, dispose and source blending) printing each frame as shown.
  static let apngDecoder = """
    import json, struct, sys, zlib
    d = open(sys.argv[1], 'rb').read()
    assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    p, chunks = 8, []
    while p < len(d):
        n, = struct.unpack('>I', d[p:p + 4])
        t, c = d[p + 4:p + 8], d[p + 8:p + 8 + n]
        assert zlib.crc32(t + c) == struct.unpack('>I', d[p + 8 + n:p + 12 + n])[0], 'crc'
        chunks.append((t.decode(), c)); p += 12 + n
    assert p == len(d) and chunks[-1][0] == 'IEND', 'structure'
    assert chunks[0][0] == 'IHDR', 'IHDR first'
    w, h, depth, ctype, comp, filt, inter = struct.unpack('>IIBBBBB', chunks[0][1])
    assert (depth, ctype, comp, filt, inter) == (8, 6, 0, 0, 0)
    types = [t for t, _ in chunks]
    assert types.index('acTL') < types.index('IDAT'), 'acTL before IDAT'
    nframes, plays = struct.unpack('>II', dict(chunks)['acTL'])
    seq, frames, cur = 0, [], None
    for t, c in chunks:
        if t == 'fcTL':
            s, fw, fh, x, y, dn, dd, dop, bop = struct.unpack('>IIIIIHHBB', c)
            assert s == seq, 'fcTL sequence'; seq += 1
            cur = {'rect': [x, y, fw, fh], 'delay': [dn, dd], 'dispose': dop, 'blend': bop,
                   'data': b''}
            frames.append(cur)
        elif t == 'IDAT':
            assert cur is not None and len(frames) == 1, 'the first frame is the default image'
            cur['data'] += c
        elif t == 'fdAT':
            s, = struct.unpack('>I', c[:4])
            assert s == seq, 'fdAT sequence'; seq += 1
            cur['data'] += c[4:]
    assert len(frames) == nframes, 'acTL frame count'
    def unfilter(raw, fw, fh):
        s = fw * 4
        assert len(raw) == fh * (s + 1), 'size'
        out, prev = bytearray(), bytearray(s)
        for y in range(fh):
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
            out += line; prev = line
        return out
    canvas, out = bytearray(w * h * 4), []
    for f in frames:
        x, y, fw, fh = f['rect']
        assert x + fw <= w and y + fh <= h, 'frame outside the image'
        assert f['blend'] == 0, 'source blending'
        px = unfilter(zlib.decompress(f['data']), fw, fh)
        saved = bytes(canvas)
        for j in range(fh):
            o = 4 * ((y + j) * w + x)
            canvas[o:o + 4 * fw] = px[4 * j * fw:4 * (j + 1) * fw]
        out.append({'rect': f['rect'], 'delay': f['delay'], 'dispose': f['dispose'],
                    'rgba': canvas.hex()})
        if f['dispose'] == 1:
            for j in range(fh):
                o = 4 * ((y + j) * w + x); canvas[o:o + 4 * fw] = bytes(4 * fw)
        elif f['dispose'] == 2:
            canvas = bytearray(saved)
    print(json.dumps({'width': w, 'height': h, 'plays': plays, 'frames': out}))
    """
}
