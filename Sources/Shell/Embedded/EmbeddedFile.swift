/// A text file compiled into the binary (presets, lessons), so that an installed `burst` needs
/// no data files beside it. The generated tables (scripts/embed-files.py) hold these; a test
/// compares each with the file in the repository it was made from.
struct EmbeddedFile: Sendable, Equatable {
  /// The file's name in its folder, with its extension.
  let name: String
  /// The file's whole text.
  let text: String

  /// The name without its extension (`fire` for `fire.burst`).
  var stem: String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[..<dot])
  }
}
