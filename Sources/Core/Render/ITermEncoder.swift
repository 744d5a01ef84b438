/// iTerm2's inline images: an image file, base64, in one OSC 1337 sequence.
///
/// `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R;preserveAspectRatio=0 : <base64> BEL`
/// shows the file (Burst sends a PNG) over `C × R` character cells at the cursor, stretched to
/// fill them exactly (the picture was rendered at that cell rectangle's aspect). `size` is the
/// file's length in bytes. BEL ends it, as iTerm2's own tools do.
package enum ITermEncoder {
  /// The sequence that shows `file` (the bytes of an image file) over `columns × rows` cells;
  /// empty when `file` is.
  package static func encode(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
    guard !file.isEmpty else { return [] }
    var out: [UInt8] = []
    out.reserveCapacity(Base64.encodedCount(file.count) + 96)
    out.append(
      text: "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(max(1, columns));"
        + "height=\(max(1, rows));preserveAspectRatio=0:")
    Base64.encode(file, into: &out)
    out.append(0x07)
    return out
  }
}
