import CGIF
import Core
import Foundation

/// An animated GIF streamed to its file frame by frame through the atomic writer: the header,
/// the palette and the NETSCAPE2.0 loop extension when it is opened, one image per
/// ``append(indices:)`` (LZW by giflib), the trailer and the rename into place at
/// ``finish()``. Only the previous frame's indices are held.
///
/// When the background is opaque, a later frame is cropped to the rectangle that changed and
/// its unchanged pixels inside it are the transparent index (drawn over the frame before,
/// which stays: disposal "do not dispose"); long runs of it cost LZW almost nothing. When the
/// background is clear, each frame is whole and is cleared before the next (disposal
/// "restore to background"), since a pixel that turns clear cannot be drawn over.
final class GIFFile {
  static let fileExtension = ".gif"

  let width: Int
  let height: Int
  let limit: Int
  let palette: GIFPalette
  let clear: Bool
  private let pending: PendingFile
  private let sink = GIFBytes()
  private var gif: UnsafeMutablePointer<GifFileType>?
  private var previous: [UInt8]?
  private var frame = 0
  private let fps: Double

  /// Opens the temporary file and writes the header, palette and loop extension.
  init(
    _ target: AtomicFile.Target, width: Int, height: Int, palette: GIFPalette, clear: Bool,
    fps: Double, limit: Int = Limits.maxAnimationBytes
  ) throws(OutputError) {
    self.width = width
    self.height = height
    self.limit = limit
    self.palette = palette
    self.clear = clear
    self.fps = fps
    pending = try PendingFile(target)
    var error: Int32 = 0
    gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifOutput, &error)
    guard let gif else { throw fail("giflib could not start (error \(error))") }
    EGifSetGifVersion(gif, true)
    var colors = [GifColorType](
      repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: palette.tableSize)
    for (i, c) in palette.colors.enumerated() {
      colors[i] = GifColorType(
        Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
    }
    let map = GifMakeMapObject(Int32(palette.tableSize), colors)
    defer { GifFreeMapObject(map) }
    guard map != nil,
      EGifPutScreenDesc(
        gif, Int32(width), Int32(height), 8, Int32(palette.transparent), map) == BURST_GIF_OK
    else { throw fail("giflib refused the screen") }
    // NETSCAPE2.0: loop forever (a count of 0).
    var app: [UInt8] = Array("NETSCAPE2.0".utf8)
    var loop: [UInt8] = [1, 0, 0]
    guard EGifPutExtensionLeader(gif, BURST_GIF_APPLICATION_EXT) == BURST_GIF_OK,
      EGifPutExtensionBlock(gif, Int32(app.count), &app) == BURST_GIF_OK,
      EGifPutExtensionBlock(gif, Int32(loop.count), &loop) == BURST_GIF_OK,
      EGifPutExtensionTrailer(gif) == BURST_GIF_OK
    else { throw fail("giflib refused the loop extension") }
    try flush()
  }

  deinit { close() }

  /// The delay of frame `i` in hundredths of a second: frame times rounded to the hundredth,
  /// so the delays add up to the recording's length whatever the fps.
  static func delay(frame i: Int, fps: Double) -> Int {
    Int((Double(i + 1) * 100 / fps).rounded()) - Int((Double(i) * 100 / fps).rounded())
  }

  /// Appends one frame of palette indices (`width`×`height`, row by row).
  func append(indices: [UInt8]) throws(OutputError) {
    guard let gif else { throw fail("the file is closed") }
    let t = palette.transparent
    var rect = (x: 0, y: 0, w: width, h: height)
    var pixels = indices
    if !clear, let previous {
      // The rectangle that changed (one pixel when nothing did), unchanged pixels in it
      // transparent.
      var x0 = width
      var y0 = height
      var x1 = -1
      var y1 = -1
      for y in 0..<height {
        let row = y * width
        for x in 0..<width where indices[row + x] != previous[row + x] {
          if x < x0 { x0 = x }
          if x > x1 { x1 = x }
          if y < y0 { y0 = y }
          y1 = y
        }
      }
      if x1 < 0 { (x0, y0, x1, y1) = (0, 0, 0, 0) }
      rect = (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
      pixels = [UInt8](repeating: t, count: rect.w * rect.h)
      for y in 0..<rect.h {
        let src = (rect.y + y) * width + rect.x
        for x in 0..<rect.w where indices[src + x] != previous[src + x] {
          pixels[y * rect.w + x] = indices[src + x]
        }
      }
    }
    previous = indices
    let delay = Self.delay(frame: frame, fps: fps)
    frame += 1
    // Graphics control: disposal, delay, transparent index.
    let disposal = clear ? BURST_GIF_DISPOSE_BACKGROUND : BURST_GIF_DISPOSE_DO_NOT
    var control: [UInt8] = [
      UInt8(disposal << 2 | 1), UInt8(delay & 0xFF), UInt8(delay >> 8 & 0xFF), t,
    ]
    guard EGifPutExtension(gif, BURST_GIF_GRAPHICS_EXT, 4, &control) == BURST_GIF_OK,
      EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.w), Int32(rect.h), false, nil)
        == BURST_GIF_OK
    else { throw fail("giflib refused frame \(frame)") }
    let ok = pixels.withUnsafeMutableBufferPointer { p -> Bool in
      for y in 0..<rect.h
      where EGifPutLine(gif, p.baseAddress! + y * rect.w, Int32(rect.w)) != BURST_GIF_OK {
        return false
      }
      return true
    }
    guard ok else { throw fail("giflib refused frame \(frame)") }
    try flush()
  }

  /// Writes the trailer, syncs the file and renames it into place.
  func finish() throws(OutputError) {
    guard gif != nil else { throw fail("the file is closed") }
    close()
    try flush()
    try pending.commit(sync: true)
  }

  /// Removes the temporary file (nothing happens after ``finish()``).
  func discard() {
    close()
    pending.discard()
  }

  /// The bytes written so far.
  var byteCount: Int { pending.byteCount }

  private func close() {
    guard let g = gif else { return }
    gif = nil
    var error: Int32 = 0
    _ = EGifCloseFile(g, &error)
  }

  /// Moves what giflib has produced to the file, within the size limit.
  private func flush() throws(OutputError) {
    let bytes = sink.take()
    guard bytes.count <= limit - pending.byteCount else {
      discard()
      throw .sizeLimit(
        path: pending.target.path, limit: limit, what: "\(Self.fileExtension) recordings")
    }
    try pending.append(bytes)
  }

  private func fail(_ reason: String) -> OutputError {
    discard()
    return .system(path: pending.target.path, reason: reason)
  }
}

/// Where giflib's output goes until it is moved to the file.
private final class GIFBytes {
  var bytes: [UInt8] = []

  func take() -> [UInt8] {
    defer { bytes = [] }
    return bytes
  }
}

/// giflib's output function: appends to the ``GIFBytes`` in `UserData`.
private func gifOutput(
  _ file: UnsafeMutablePointer<GifFileType>?, _ data: UnsafePointer<GifByteType>?, _ n: Int32
) -> Int32 {
  guard let file, let user = file.pointee.UserData, let data, n > 0 else { return n }
  let sink = Unmanaged<GIFBytes>.fromOpaque(user).takeUnretainedValue()
  sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(n)))
  return n
}
