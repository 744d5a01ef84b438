import Foundation

/// What `record PATH` writes, chosen by PATH alone before any frame is made: the one table of
/// the formats and the extensions that name them (`record`'s help, its refusal and the tests
/// all read ``table``).
enum RecordFormat: Sendable, Equatable {
  /// A directory of numbered PNG frames (a path ending in `/`, an existing directory, or a
  /// name without an extension).
  case frames
  /// An asciinema recording of the terminal picture.
  case cast
  /// An animated GIF that loops.
  case gif
  /// An animated PNG.
  case apng
  /// A video made by ffmpeg.
  case video(VideoCodec)

  /// The video encodings `record` asks ffmpeg for.
  enum VideoCodec: Sendable, Equatable {
    /// H.264 in 4:2:0 (`yuv420p`), which every player opens.
    case h264
    /// VP9 in 4:2:0, for the web.
    case vp9
  }

  /// One row of the table: the extensions (with their dot, lower case) and what they make.
  struct Entry: Sendable {
    let extensions: [String]
    let format: RecordFormat
    let what: String
  }

  /// Every format a file name may choose, in the order help lists them.
  static let table: [Entry] = [
    Entry(extensions: [".cast"], format: .cast, what: "an asciinema recording"),
    Entry(extensions: [".gif"], format: .gif, what: "an animated GIF that loops"),
    Entry(extensions: [".png", ".apng"], format: .apng, what: "an animated PNG"),
    Entry(extensions: [".mp4", ".mov"], format: .video(.h264), what: "H.264 video (ffmpeg)"),
    Entry(extensions: [".webm"], format: .video(.vp9), what: "VP9 video (ffmpeg)"),
  ]

  /// Every extension of the table, as the refusal lists them.
  static let extensionList = table.flatMap(\.extensions).joined(separator: ", ")

  /// The extension of the last component of `path` (with its dot, lower case), or nil when it
  /// has none (a leading dot alone, as in `.frames`, is not one).
  static func pathExtension(_ path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[dot...]
    return ext.count > 1 ? ext.lowercased() : nil
  }

  /// Why a path names no format: the message and the hint.
  struct Refusal: Error, Equatable {
    let message: String
    let hint: String
  }

  /// The format `path` names; `isDirectory` says whether something at `path` is a directory.
  /// An extension of the table wins (so `record x.gif` never writes frames into a directory
  /// named `x.gif`: the atomic writer refuses it); an existing directory with any other
  /// extension is a frame directory.
  static func choose(_ path: String, isDirectory: Bool) -> Result<RecordFormat, Refusal> {
    if path.hasSuffix("/") { return .success(.frames) }
    guard let ext = pathExtension(path) else { return .success(.frames) }
    if let entry = table.first(where: { $0.extensions.contains(ext) }) {
      return .success(entry.format)
    }
    if isDirectory { return .success(.frames) }
    return .failure(
      Refusal(
        message: "record cannot write '\(ext)' files",
        hint: "name a directory for PNG frames (a name without an extension, or ending in /),"
          + " or a file ending in one of \(extensionList)"))
  }

  /// The format `path` names, looking at the file system for an existing directory.
  static func choose(_ path: String) -> Result<RecordFormat, Refusal> {
    var info = stat()
    let isDirectory = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    return choose(path, isDirectory: isDirectory)
  }

  /// Whether the format is made of pixels (so `scale` applies).
  var isPixels: Bool { self != .cast }
}
