/// The kitty graphics protocol: an image sent as raw 24-bit RGB and shown over a rectangle of
/// character cells.
///
/// A picture is one or more APC sequences `ESC _ G <keys> ; <payload> ESC \`. The payload is
/// the frame's RGB bytes in base64, cut into chunks of at most ``chunkSize`` bytes: every
/// chunk but the last says `m=1`, the last `m=0`, and only the first carries the other keys:
///
/// - `a=T` transmit and display; `f=24` RGB, `s=` width and `v=` height in pixels;
/// - `c=` columns and `r=` rows: the cells the image is scaled over;
/// - `i=` image id and `p=` placement id when given (for `play`, which replaces the same
///   placement every frame), `C=1` when the cursor must stay where it is;
/// - `q=2`: the terminal sends no reply (so nothing answers into the user's input).
///
/// ``delete(imageID:)`` frees an image (`a=d,d=I`): `play` sends it when it ends, so the
/// terminal does not keep the last frame's data.
package enum KittyEncoder {
  /// The largest base64 chunk of one escape sequence (the protocol's limit).
  static let chunkSize = 4096

  /// The sequences that transmit `frame` and show it over `columns × rows` cells at the
  /// cursor; empty when the frame has no pixels.
  package static func encode(
    _ frame: RGB8Frame, columns: Int, rows: Int, imageID: UInt32? = nil,
    placementID: UInt32? = nil, moveCursor: Bool = true
  ) -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else { return [] }
    let payload = Base64.encode(frame.bytes)
    var out: [UInt8] = []
    out.reserveCapacity(payload.count + (payload.count / chunkSize + 1) * 16 + 96)
    var keys = "a=T,f=24,s=\(frame.width),v=\(frame.height),c=\(max(1, columns)),r=\(max(1, rows))"
    if let imageID { keys += ",i=\(imageID)" }
    if let placementID { keys += ",p=\(placementID)" }
    if !moveCursor { keys += ",C=1" }
    keys += ",q=2"
    var start = 0
    repeat {
      let end = min(start + chunkSize, payload.count)
      let more = end < payload.count
      out.append(text: "\u{1B}_G")
      if start == 0 {
        out.append(text: keys + ",")
      }
      out.append(text: more ? "m=1;" : "m=0;")
      out.append(contentsOf: payload[start..<end])
      out.append(text: "\u{1B}\\")
      start = end
    } while start < payload.count
    return out
  }

  /// The sequence that deletes image `imageID` and frees its data, without a reply.
  package static func delete(imageID: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\".utf8)
  }
}
