import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Xcode's asset catalog, as far as `export images` writes it: a folder per image,
/// `NAME.imageset`, holding the image at each screen scale and a `Contents.json` naming them.
enum AssetCatalog {
  /// The files of an image set and the scale each is for: `NAME.png` (1x), `NAME@2x.png`,
  /// `NAME@3x.png`.
  static func scales(of name: String) -> [(file: String, scale: String)] {
    [(name + ".png", "1x"), (name + "@2x.png", "2x"), (name + "@3x.png", "3x")]
  }

  /// The image set's `Contents.json`.
  static func contents(of name: String) -> String {
    let images = scales(of: name).map {
      "    { \"filename\" : \"\($0.file)\", \"idiom\" : \"universal\", \"scale\" : \"\($0.scale)\" }"
    }
    return "{\n  \"images\" : [\n" + images.joined(separator: ",\n")
      + "\n  ],\n  \"info\" : { \"author\" : \"burst\", \"version\" : 1 }\n}\n"
  }

  /// Makes the directory `path` unless it is one already; its parent must exist.
  static func makeDirectory(_ path: String) throws(OutputError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .notDirectory(path: path, kind: "a file") }
      return
    }
    guard mkdir(path, 0o777) == 0 else {
      let reason = String(cString: strerror(errno))
      throw .cannotCreateDirectory(path: path, reason: reason)
    }
  }
}
