import CPNGEncoder
import Core
import Foundation

/// An animated PNG (APNG) streamed to its file frame by frame through the atomic writer. The
/// first frame is the PNG's default image (IHDR, sRGB, acTL, fcTL, IDAT); each later frame is
/// an fcTL and fdAT chunk holding only the rectangle that changed since the frame before,
/// which replaces that rectangle (blend "source", dispose "none"), so pixels that turn clear
/// are drawn too. Frames are compressed by the project's PNG encoder (``PNGFile``), whose IDAT
/// data becomes the fdAT data. Only the previous frame is held.
final class APNGFile {
  static let fileExtensions = [".png", ".apng"]

  let width: Int
  let height: Int
  let limit: Int
  private let frames: Int
  private let fps: Double
  private let pending: PendingFile
  private var previous: [UInt8]?
  /// The next chunk sequence number (fcTL and fdAT share one count).
  private var sequence: UInt32 = 0

  /// **(choice)** How APNG frames are compressed: zlib level 6 with its default strategy, each
  /// row "up" or "Paeth". A frame is written once and shared many times, so it is worth more
  /// time than `record DIR`'s run-length frames (not measured against other levels).
  static let compression = PNGFile.Compression(
    level: 6, strategy: Int32(BURST_Z_DEFAULT_STRATEGY), rows: Int32(BURST_PNG_ROWS_UP_OR_PAETH))

  /// Opens the temporary file (nothing is written until the first frame).
  init(
    _ target: AtomicFile.Target, width: Int, height: Int, frames: Int, fps: Double,
    limit: Int = Limits.maxAnimationBytes
  ) throws(OutputError) {
    self.width = width
    self.height = height
    self.frames = frames
    self.fps = fps
    self.limit = limit
    pending = try PendingFile(target)
  }

  /// The chunks of a PNG file (type and data), in order.
  static func chunks(_ png: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
    var out: [(String, ArraySlice<UInt8>)] = []
    var i = 8
    while i + 12 <= png.count {
      let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
      let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
      guard i + 12 + n <= png.count else { break }
      out.append((type, png[(i + 8)..<(i + 8 + n)]))
      i += 12 + n
    }
    return out
  }

  /// One chunk's bytes: length, type, data and CRC.
  static func chunk(_ type: String, _ data: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count + 12)
    append32(&out, UInt32(data.count))
    out += Array(type.utf8)
    out += data
    let crc = out[4...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    append32(&out, UInt32(crc))
    return out
  }

  static func append32(_ out: inout [UInt8], _ v: UInt32) {
    out += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// The fcTL frame delay as a fraction of a second: 100 / (fps·100), exact for fps in
  /// hundredths.
  private var delay: (UInt16, UInt16) {
    (100, UInt16(min(65535, max(1, (fps * 100).rounded()))))
  }

  /// Appends one RGBA frame (straight alpha, `width`×`height`).
  func append(rgba: [UInt8]) throws(OutputError) {
    var rect = (x: 0, y: 0, w: width, h: height)
    var pixels = rgba
    if let previous {
      var x0 = width
      var y0 = height
      var x1 = -1
      var y1 = -1
      rgba.withUnsafeBytes { a in
        previous.withUnsafeBytes { b in
          let pa = a.bindMemory(to: UInt32.self)
          let pb = b.bindMemory(to: UInt32.self)
          for y in 0..<height {
            let row = y * width
            for x in 0..<width where pa[row + x] != pb[row + x] {
              if x < x0 { x0 = x }
              if x > x1 { x1 = x }
              if y < y0 { y0 = y }
              y1 = y
            }
          }
        }
      }
      if x1 < 0 { (x0, y0, x1, y1) = (0, 0, 0, 0) }
      rect = (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
      if rect.w != width || rect.h != height {
        pixels = []
        pixels.reserveCapacity(rect.w * rect.h * 4)
        for y in rect.y..<(rect.y + rect.h) {
          let start = 4 * (y * width + rect.x)
          pixels += rgba[start..<(start + 4 * rect.w)]
        }
      }
    }
    let png = try PNGFile.encode(
      pixels: pixels, channels: 4, width: rect.w, height: rect.h, compression: Self.compression,
      path: pending.target.path, parallel: false)
    let parts = Self.chunks(png)
    var out: [UInt8] = []
    if previous == nil {
      out += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      for (type, data) in parts where type == "IHDR" || type == "sRGB" {
        out += Self.chunk(type, data)
      }
      var actl: [UInt8] = []
      Self.append32(&actl, UInt32(frames))
      Self.append32(&actl, 0)  // loop forever
      out += Self.chunk("acTL", actl)
    }
    out += Self.chunk("fcTL", frameControl(rect))
    for (type, data) in parts where type == "IDAT" {
      if previous == nil {
        out += Self.chunk("IDAT", data)
      } else {
        var fdat: [UInt8] = []
        Self.append32(&fdat, sequence)
        sequence += 1
        fdat += data
        out += Self.chunk("fdAT", fdat)
      }
    }
    previous = rgba
    try add(out)
  }

  private func frameControl(_ rect: (x: Int, y: Int, w: Int, h: Int)) -> [UInt8] {
    var data: [UInt8] = []
    Self.append32(&data, sequence)
    sequence += 1
    Self.append32(&data, UInt32(rect.w))
    Self.append32(&data, UInt32(rect.h))
    Self.append32(&data, UInt32(rect.x))
    Self.append32(&data, UInt32(rect.y))
    let (num, den) = delay
    data += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF)]
    data += [0, 0]  // dispose none, blend source
    return data
  }

  /// Writes IEND, syncs the file and renames it into place.
  func finish() throws(OutputError) {
    try add(Self.chunk("IEND", [UInt8]()))
    try pending.commit(sync: true)
  }

  /// Removes the temporary file (nothing happens after ``finish()``).
  func discard() { pending.discard() }

  var byteCount: Int { pending.byteCount }

  private func add(_ bytes: [UInt8]) throws(OutputError) {
    guard bytes.count <= limit - pending.byteCount else {
      pending.discard()
      throw .sizeLimit(
        path: pending.target.path, limit: limit, what: "animated PNG recordings")
    }
    try pending.append(bytes)
  }
}
