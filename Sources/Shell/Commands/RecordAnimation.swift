import Core
import Foundation

/// `record` into one file of moving pictures: an animated GIF, an animated PNG or a video.
extension MotionCommands {
  /// Whether the scene's background is clear (alpha 0): a GIF's background is then its
  /// transparent index, and video has nothing to show there (it is black).
  static func clearBackground(_ s: Session) -> Bool {
    SceneRenderer.rgba(s.scene.model.root.properties.backgroundColor, opacity: 1).a == 0
  }

  /// `record FILE.gif|.png|.apng|.mp4|.mov|.webm`: everything about the output is checked (and
  /// its temporary file made) before the clock moves; frames are made on every core and
  /// written in order, one at a time, so memory does not grow with the length.
  static func recordAnimation(
    _ s: Session, _ inv: Invocation, format: RecordFormat, path pathToken: Token, count n: Int,
    fps: Double, start: Double, width: Int, height: Int, dither: GIFDither
  ) throws(Diagnostic) {
    let path = pathToken.text
    let size = "\(width)×\(height)"
    switch format {
    case .gif:
      guard fps <= Limits.maxGIFFramesPerSecond else {
        throw inv.error(
          "a GIF has at most \(ValueFormatting.number(Limits.maxGIFFramesPerSecond)) frames a second",
          hint: "its delays are in hundredths of a second; use fps 50 or less", at: pathToken)
      }
      let target = try inv.writing(pathToken) { () throws(OutputError) in
        try AtomicFile.check(path)
      }
      let clear = clearBackground(s)
      // First pass: the frames' colours, from up to maxPaletteSamples frames spread over the
      // recording; the scene is put back as it was afterwards.
      let palette = try gifPalette(
        s, inv, count: n, fps: fps, start: start, at: pathToken, width: width, height: height,
        clear: clear)
      let quantizer = GIFQuantizer(palette: palette, clear: clear, dither: dither)
      let gif = try inv.writing(pathToken) { () throws(OutputError) in
        try GIFFile(
          target, width: width, height: height, palette: palette, clear: clear, fps: fps)
      }
      defer { gif.discard() }
      try recordMade(
        s, inv, count: n, fps: fps, start: start, at: pathToken,
        make: { scene, _, buffers, stop throws(OutputError) in
          try renderRGBA(
            scene, width: width, height: height, into: &buffers, stop: stop, path: path)
          var indices: [UInt8] = []
          quantizer.map(rgba: buffers.rgba, width: width, into: &indices)
          return indices
        },
        write: { _, indices throws(OutputError) in try gif.append(indices: indices) },
        finish: { () throws(OutputError) in try gif.finish() })
      s.wrote(
        "\(Session.counted(n, "frame")) of \(size), \(palette.colors.count) colours, "
          + byteText(gif.byteCount), to: path)
    case .apng:
      let apng = try inv.writing(pathToken) { () throws(OutputError) in
        try APNGFile(try AtomicFile.check(path), width: width, height: height, frames: n, fps: fps)
      }
      defer { apng.discard() }
      try recordMade(
        s, inv, count: n, fps: fps, start: start, at: pathToken,
        make: { scene, _, buffers, stop throws(OutputError) in
          try renderRGBA(
            scene, width: width, height: height, into: &buffers, stop: stop, path: path)
          return buffers.rgba
        },
        write: { _, rgba throws(OutputError) in try apng.append(rgba: rgba) },
        finish: { () throws(OutputError) in try apng.finish() })
      s.wrote(
        "\(Session.counted(n, "frame")) of \(size), " + byteText(apng.byteCount)
          + " (animated PNG)",
        to: path)
    case .video(let codec):
      guard let ffmpeg = VideoFile.ffmpegPath() else {
        throw inv.error(
          "writing video needs ffmpeg, which is not on PATH",
          hint: "install it (Debian: apt-get install \(VideoFile.package)), or record a .gif or"
            + " .png instead", at: pathToken)
      }
      let even = VideoFile.evenSize(width: width, height: height)
      let video = try inv.writing(pathToken) { () throws(OutputError) in
        try VideoFile(
          try AtomicFile.check(path), ffmpeg: ffmpeg, codec: codec, width: width, height: height,
          fps: fps)
      }
      defer { video.discard() }
      try recordMade(
        s, inv, count: n, fps: fps, start: start, at: pathToken,
        make: { scene, _, buffers, stop throws(OutputError) in
          try renderRGBA(
            scene, width: width, height: height, into: &buffers, stop: stop, path: path)
          return buffers.rgba
        },
        write: { _, rgba throws(OutputError) in try video.append(rgba: rgba) },
        finish: { () throws(OutputError) in try video.finish() })
      let rounded =
        even.width == width && even.height == height
        ? "\(size)" : "\(even.width)×\(even.height) (\(size) rounded down to even sides)"
      s.wrote(
        "\(Session.counted(n, "frame")) of \(rounded), " + byteText(video.byteCount)
          + " (\(codec == .h264 ? "H.264" : "VP9"))", to: path)
    case .frames, .cast:
      preconditionFailure("record writes \(format) itself")
    }
  }

  /// `1,234,567 bytes (1.2 MiB)`.
  static func byteText(_ n: Int) -> String {
    "\(ProgressLine.grouped(n)) bytes (\(SystemError.mebibytes(n)))"
  }

  /// The frames `gifPalette` samples out of `n`: at most `Limits.maxPaletteSamples`, spread
  /// evenly from the first to the last.
  static func paletteSamples(_ n: Int) -> [Int] {
    let k = min(n, Limits.maxPaletteSamples)
    guard k > 1 else { return [0] }
    var out: [Int] = []
    for j in 0..<k {
      let i = (j * (n - 1) + (k - 1) / 2) / (k - 1)
      if out.last != i { out.append(i) }
    }
    return out
  }

  /// A GIF's palette from a first pass over the recording: the clock moves as it will for the
  /// frames (scheduled commands run, their output dropped), the sampled frames are drawn and
  /// their colours counted, and the scene is put back as it was.
  static func gifPalette(
    _ s: Session, _ inv: Invocation, count n: Int, fps: Double, start: Double, at pathToken: Token,
    width: Int, height: Int, clear: Bool
  ) throws(Diagnostic) -> GIFPalette {
    let samples = paletteSamples(n)
    var histogram = ColorHistogram()
    var buffers = FrameBuffers()
    try s.rehearse { () throws(Diagnostic) in
      var next = 0
      for i in 0...samples[samples.count - 1] {
        if i == samples[next] {
          try inv.writing(pathToken) { () throws(OutputError) in
            try renderRGBA(
              s.scene, width: width, height: height, into: &buffers, stop: { false },
              path: pathToken.text)
          }
          histogram.add(rgba: buffers.rgba, clear: clear)
          next += 1
          s.progress?.update(next, of: samples.count, "frames sampled for the palette")
        }
        if i < samples[samples.count - 1] {
          try s.advance(to: TimeCommands.snapped(start + Double(i + 1) / fps), for: inv.text)
        }
      }
    }
    return histogram.palette()
  }
}
