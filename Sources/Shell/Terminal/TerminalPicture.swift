import Core

/// A rendered frame as the bytes of one of the pixel formats (kitty, sixel, iterm), for `show`
/// and `play`. The encoders are Core's; this adds the PNG that iTerm2 takes (libpng lives in
/// the Shell) and the scene's background.
enum TerminalPicture {
  /// The image id `play` gives its kitty frames, replaced in place each frame and deleted when
  /// it ends (an arbitrary constant, unlikely to clash with another program's).
  static let playImageID: UInt32 = 0x4255_5253

  /// The opaque colour a frame is composited over: the root layer's background colour.
  static func background(_ scene: Scene) -> RGBA {
    let bg = SceneRenderer.rgba(scene.model.root.properties.backgroundColor, opacity: 1)
    return RGBA(r: bg.r, g: bg.g, b: bg.b, a: 1)
  }

  /// `canvas` in `format` (a pixel format) shown over `columns × rows` cells at the cursor,
  /// which a kitty image leaves where it was (`C=1`). For kitty, `kittyImage` names the image
  /// and its placement, so the next frame replaces it; without it the image is anonymous.
  static func encode(
    _ canvas: Canvas, format: TerminalFormat, columns: Int, rows: Int, background: RGBA,
    kittyImage: UInt32? = nil
  ) throws(OutputError) -> [UInt8] {
    let frame = RGB8Frame(canvas, background: background)
    switch format {
    case .kitty:
      return KittyEncoder.encode(
        frame, columns: columns, rows: rows, imageID: kittyImage,
        placementID: kittyImage == nil ? nil : 1, moveCursor: false)
    case .sixel:
      return SixelEncoder.encode(frame)
    case .iterm:
      let png = try PNGFile.encode(frame, path: "the iTerm2 picture")
      return ITermEncoder.encode(file: png, columns: columns, rows: rows)
    case .ascii, .ansi:
      return []
    }
  }

  /// `picture` (`rows` cells tall) placed in the flow of text, as `show` writes it: `rows`
  /// newlines make room below the cursor (scrolling if needed), `CSI rows A` goes back up, the
  /// cursor is saved (`ESC 7`), the picture is drawn, and the cursor is restored (`ESC 8`) and
  /// moved `rows` lines down (`CSI rows B`), to the start of the line below the picture. Each
  /// terminal leaves the cursor elsewhere after a picture; this way none of them scrolls and the
  /// next line starts in the same place on all of them.
  static func inFlow(_ picture: [UInt8], rows: Int) -> [UInt8] {
    let n = max(1, rows)
    var out = Array(String(repeating: "\n", count: n).utf8)
    out += Array("\u{1B}[\(n)A\u{1B}7".utf8)
    out += picture
    out += Array("\u{1B}8\u{1B}[\(n)B".utf8)
    return out
  }
}
