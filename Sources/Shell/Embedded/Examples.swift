/// The example scripts of `examples/`, compiled into the binary (`EmbeddedExamples`, made by
/// scripts/embed-files.py) so that an installed `burst --example NAME` runs them from any
/// folder. A test compares each embedded copy with its file.
enum Examples {
  /// The repository folder they are made from.
  static let folder = "examples"

  static let files: [EmbeddedFile] = EmbeddedExamples.files

  /// Their names, without `.burst`, in name order: what `--example` takes and completes.
  static let names: [String] = files.map(\.stem)

  /// The example called `name`, or nil.
  static func named(_ name: String) -> EmbeddedFile? { files.first { $0.stem == name } }

  /// What `--example` alone prints: each name with the first line of its header comment.
  static var listing: String {
    let width = names.map(\.count).max() ?? 0
    var out = ""
    for file in files {
      out += "  \(file.stem.padded(to: width))  \(summary(file))\n"
    }
    return out + "Run one with: burst --example NAME\n"
  }

  /// The first line of a file's header comment, without `# NAME.burst — `.
  static func summary(_ file: EmbeddedFile) -> String {
    guard let line = file.text.split(separator: "\n").first, line.hasPrefix("#") else { return "" }
    var text = Substring(line.dropFirst().drop { $0 == " " })
    if text.hasPrefix(file.name), let dash = text.range(of: " — ") {
      text = text[dash.upperBound...]
    }
    return String(text)
  }
}
