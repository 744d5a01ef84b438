/// Pieces the terminal graphics encoders share: an opaque 8-bit RGB frame and base64.
///
/// ``KittyEncoder``, ``SixelEncoder`` and ``ITermEncoder`` are pure functions from a frame to
/// the bytes a terminal reads; they know nothing of the terminal itself (its cell size and
/// what it supports are the Shell's business).

/// An opaque picture of 8-bit RGB, 3 bytes a pixel, row-major from the top-left: a canvas
/// composited over its background, as the terminal shows it.
package struct RGB8Frame: Sendable, Equatable {
  package let width: Int
  package let height: Int
  /// `3 × width × height` bytes.
  package let bytes: [UInt8]

  /// A frame from raw bytes; `bytes` must hold `3 × width × height` of them (a shorter array
  /// is padded with black, a longer one cut, so the frame is always whole).
  package init(width: Int, height: Int, bytes: [UInt8]) {
    let w = max(0, width)
    let h = max(0, height)
    let count = w * h * 3
    self.width = w
    self.height = h
    if bytes.count == count {
      self.bytes = bytes
    } else {
      self.bytes =
        Array(bytes.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - bytes.count))
    }
  }

  /// `canvas` composited over the opaque `background` (its alpha is ignored), as
  /// ``Canvas/rgb8(background:)`` converts it.
  package init(_ canvas: Canvas, background: RGBA) {
    self.width = canvas.width
    self.height = canvas.height
    self.bytes = canvas.rgb8(background: background)
  }
}

/// Standard base64 (RFC 4648, `A–Z a–z 0–9 + /`, `=` padding, no line breaks), as the kitty
/// and iTerm2 protocols carry their payloads.
enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The encoded length of `count` bytes.
  static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

  /// Appends the base64 of `bytes` to `out`.
  package static func encode(_ bytes: [UInt8], into out: inout [UInt8]) {
    let n = bytes.count
    let start = out.count
    let total = encodedCount(n)
    out.append(contentsOf: repeatElement(UInt8(ascii: "="), count: total))
    alphabet.withUnsafeBufferPointer { a in
      bytes.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
          var i = 0
          var o = start
          while i + 3 <= n {
            let v = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
            dst[o] = a[Int(v >> 18)]
            dst[o + 1] = a[Int(v >> 12 & 63)]
            dst[o + 2] = a[Int(v >> 6 & 63)]
            dst[o + 3] = a[Int(v & 63)]
            i += 3
            o += 4
          }
          let left = n - i
          if left > 0 {
            let v = UInt32(src[i]) << 16 | (left == 2 ? UInt32(src[i + 1]) << 8 : 0)
            dst[o] = a[Int(v >> 18)]
            dst[o + 1] = a[Int(v >> 12 & 63)]
            if left == 2 { dst[o + 2] = a[Int(v >> 6 & 63)] }
          }
        }
      }
    }
  }

  /// The base64 of `bytes`.
  package static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(encodedCount(bytes.count))
    encode(bytes, into: &out)
    return out
  }
}

extension Array where Element == UInt8 {
  /// Appends the ASCII (or UTF-8) bytes of `text`.
  @inline(__always)
  mutating func append(text: String) { append(contentsOf: text.utf8) }

  /// Appends the decimal digits of a non-negative `n`.
  mutating func append(decimal n: Int) {
    if n < 10 {
      append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: Swift.max(0, n)))
      return
    }
    append(decimal: n / 10)
    append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
  }
}
