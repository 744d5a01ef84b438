import CPNG
import Core
import Dispatch
import Foundation

/// Reading Netpbm PPM files, binary (P6) and plain (P3).
extension PNGFile {
  /// Reads a Netpbm PPM image, binary (P6) or plain (P3), as an opaque ``SpriteImage``.
  ///
  /// The header is the magic, width, height and maxval separated by whitespace, with `#`
  /// comments running to the end of a line; maxval must be 1…255 (values are scaled by it and
  /// clamped to it). The pixel count is checked against `maxPixels` before allocating.
  static func readPPM(
    path: String, maxPixels: Int = Limits.maxImagePixels
  ) throws(PNGFile.Error) -> SpriteImage {
    try decodeFile(path, maxPixels: maxPixels, with: readPPM(_:path:maxPixels:budget:))
  }

  static func readPPM(
    _ file: UnsafeMutablePointer<FILE>, path: String, maxPixels: Int, budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage {
    var reader = ByteReader(file: file)
    guard reader.next() == UInt8(ascii: "P") else { throw .notPPM(path: path) }
    let plain: Bool
    switch reader.next() {
    case UInt8(ascii: "6"): plain = false
    case UInt8(ascii: "3"): plain = true
    default: throw .notPPM(path: path)
    }
    guard let separator = reader.peek(), isSpace(separator) || separator == UInt8(ascii: "#")
    else { throw .notPPM(path: path) }

    let width = try headerNumber(&reader, "width", path)
    let height = try headerNumber(&reader, "height", path)
    let maxval = try headerNumber(&reader, "maxval", path, lastInHeader: true)
    guard width >= 1, height >= 1 else {
      throw .malformedPPM(path: path, detail: "the size \(width)x\(height) is empty")
    }
    guard maxval <= 255 else {
      throw .malformedPPM(path: path, detail: "maxval \(maxval) is not supported (1 to 255 only)")
    }
    guard maxval >= 1 else { throw .malformedPPM(path: path, detail: "maxval must be at least 1") }
    let limit = min(maxPixels, SpriteImage.maximumPixelCount)
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area <= limit else {
      throw .tooLarge(path: path, width: width, height: height, limit: max(0, limit))
    }
    try admit(width: width, height: height, path: path, budget: budget)

    let count = area * 3
    var values = [UInt8](repeating: 0, count: count)
    if plain {
      for index in 0..<count {
        guard let value = try plainValue(&reader, path) else {
          throw .truncatedPPM(path: path, expected: count, found: index)
        }
        guard value <= maxval else {
          throw .malformedPPM(path: path, detail: "the value \(value) exceeds maxval \(maxval)")
        }
        values[index] = UInt8(truncatingIfNeeded: value)
      }
    } else {
      let found = values.withUnsafeMutableBytes { reader.read(into: $0) }
      guard found == count else {
        throw .truncatedPPM(path: path, expected: count, found: found)
      }
    }
    if reader.failed { throw .unreadable(path: path, reason: SystemError.text(EIO)) }

    let scale = 1 / Float(maxval)
    var pixels = [Float](repeating: 1, count: area * 4)
    for p in 0..<area {
      for c in 0..<3 {
        let value = min(Int(values[p * 3 + c]), maxval)
        pixels[p * 4 + c] = maxval == 255 ? unitTable[value] : Float(value) * scale
      }
    }
    return SpriteImage(width: width, height: height, premultiplied: pixels)
  }

  /// Whitespace as Netpbm defines it: space, tab, CR, LF, vertical tab, form feed.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Skips whitespace and `#` comments.
  private static func skipSpaceAndComments(_ reader: inout ByteReader) {
    while let byte = reader.peek() {
      if isSpace(byte) {
        _ = reader.next()
      } else if byte == UInt8(ascii: "#") {
        while let skipped = reader.next(), skipped != 0x0A, skipped != 0x0D {}
      } else {
        return
      }
    }
  }

  /// Reads decimal digits (at least one is at the reader's position); nil when too large.
  private static func digits(_ reader: inout ByteReader) -> Int? {
    var value = 0
    var tooLarge = false
    while let byte = reader.peek(), isDigit(byte) {
      _ = reader.next()
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      if value > 999_999_999 {
        tooLarge = true
        value = 0
      }
    }
    return tooLarge ? nil : value
  }

  /// One header number. The last one (maxval) must be followed by exactly one whitespace byte,
  /// which is consumed; the pixel data starts right after it.
  private static func headerNumber(
    _ reader: inout ByteReader, _ name: String, _ path: String, lastInHeader: Bool = false
  ) throws(PNGFile.Error) -> Int {
    skipSpaceAndComments(&reader)
    guard let first = reader.peek() else {
      throw .malformedPPM(path: path, detail: "the header ends before the \(name)")
    }
    guard isDigit(first) else {
      throw .malformedPPM(path: path, detail: "expected a number for the \(name)")
    }
    guard let value = digits(&reader) else {
      throw .malformedPPM(path: path, detail: "the \(name) is too large")
    }
    let next = reader.peek()
    if lastInHeader {
      guard let next, isSpace(next) else {
        throw .malformedPPM(path: path, detail: "expected whitespace after the maxval")
      }
      _ = reader.next()
    } else if let next, !isSpace(next), next != UInt8(ascii: "#") {
      throw .malformedPPM(path: path, detail: "expected a number for the \(name)")
    }
    return value
  }

  /// One plain (P3) value; nil at the end of the file.
  private static func plainValue(
    _ reader: inout ByteReader, _ path: String
  ) throws(PNGFile.Error) -> Int? {
    skipSpaceAndComments(&reader)
    guard let first = reader.peek() else { return nil }
    guard isDigit(first), let value = digits(&reader) else {
      throw .malformedPPM(path: path, detail: "expected a number in the pixel values")
    }
    if let next = reader.peek(), !isSpace(next), next != UInt8(ascii: "#") {
      throw .malformedPPM(path: path, detail: "expected a number in the pixel values")
    }
    return value
  }
}

/// Buffered byte-at-a-time reading from a `FILE`, with a bulk read for binary data.
private struct ByteReader {
  let file: UnsafeMutablePointer<FILE>
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  /// Set when `fread` reported an error (not just the end of the file).
  private(set) var failed = false

  init(file: UnsafeMutablePointer<FILE>) {
    self.file = file
  }

  /// The next byte without consuming it; nil at the end of the file.
  mutating func peek() -> UInt8? {
    if start == end && !refill() { return nil }
    return buffer[start]
  }

  /// Consumes and returns the next byte; nil at the end of the file.
  mutating func next() -> UInt8? {
    guard let byte = peek() else { return nil }
    start += 1
    return byte
  }

  /// Fills `destination` from the buffer, then straight from the file; returns the byte count.
  mutating func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = destination.baseAddress else { return 0 }
    let buffered = min(end - start, destination.count)
    buffer.withUnsafeBytes { source in
      if let from = source.baseAddress, buffered > 0 {
        base.copyMemory(from: from + start, byteCount: buffered)
      }
    }
    start += buffered
    var total = buffered
    while total < destination.count {
      let got = fread(base + total, 1, destination.count - total, file)
      if got == 0 {
        if ferror(file) != 0 { failed = true }
        break
      }
      total += got
    }
    return total
  }

  private mutating func refill() -> Bool {
    let file = self.file
    let got = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if got == 0 && ferror(file) != 0 { failed = true }
    start = 0
    end = got
    return got > 0
  }
}
