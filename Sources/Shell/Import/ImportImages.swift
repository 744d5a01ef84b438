import Core
import Foundation

/// Images: `UIImage(named:)` found beside the imported file or in an asset catalog (else a
/// built-in image of the same role), an SF Symbol drawn as a built-in image, and an image file's
/// name from its path.
extension ImportInterpreter {
  /// AppKit's image-name type, `NSImage.Name`, as the AppKit names read it (`UIImage.Name`).
  static let imageNameType = "UIImage.Name"

  /// `path` (found from the current directory) as an absolute path: the translation's commands
  /// run as lines of the imported file, where a relative path would be read from the file's
  /// folder, not the current one.
  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(path)
    return url.standardizedFileURL.path
  }

  /// `UIImage(named:)`: a PNG beside the file (`x.png`, `x@2x.png`, `x@3x.png`), else in an
  /// asset catalog `Assets.xcassets/x.imageset/` beside the file or in one of its three nearest
  /// ancestor folders, else the built-in image of the same role, with a warning.
  /// An SF Symbol (`UIImage(systemName: "heart.fill")`): Burst's built-in image of its role.
  func symbol(_ name: String, at: SourceToken) -> ImageRef {
    // The symbols `export` draws built-in images as are those images, without a word.
    if let exact = SymbolImages.builtin(forSymbol: name) { return .builtin(exact) }
    let builtin = ImportNames.builtinImage(for: name)
    if builtin != name {
      warn(at, "SF Symbol '\(name)' is drawn as Burst's built-in '\(builtin)'")
    }
    return .builtin(builtin)
  }

  /// `image.size` (`[image size]`): its size in points, as UIKit gives it. A PNG's pixel size
  /// read from its header, divided by the scale its name says (`@2x`, `@3x`); a built-in image's
  /// pixels at scale 1. Nil when the file cannot be read.
  static func pointSize(of ref: ImageRef) -> Size? {
    switch ref {
    case .builtin(let name):
      guard let image = BuiltinImages.named(name) else { return nil }
      return Size(Double(image.width), Double(image.height))
    case .file(let path):
      guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
      defer { try? handle.close() }
      // The signature (8 bytes), IHDR's length and type (8), then width and height.
      guard let head = try? handle.read(upToCount: 24), head.count == 24,
        head.starts(with: [0x89, 0x50, 0x4E, 0x47])
      else { return nil }
      let bytes = [UInt8](head)
      func word(_ at: Int) -> Double {
        Double(bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
      }
      let scale: Double = path.contains("@3x") ? 3 : path.contains("@2x") ? 2 : 1
      return Size(word(16) / scale, word(20) / scale)
    default:
      return nil
    }
  }

  /// The image name a file path gives (`/app/Snow.png` → `Snow.png`).
  static func imageName(ofPath path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  /// `UIColor(named:)`, `[UIColor colorNamed:]`, SwiftUI's `Color("Brand")`: the colour set's
  /// light colour from an asset catalog near the file.
  func assetColor(_ name: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    guard let c = ImportAssets.color(named: name, near: directory, listings: &folderListings)
    else {
      throw skip(
        "the colour set '\(name)' is in no asset catalog beside the file (\(name).colorset)", at)
    }
    return .color(c)
  }

  /// The image formats an app's images come in that Burst does not read: a name with one of
  /// these extensions (`"snowflake.pdf"`) is looked for as a PNG of the same stem.
  static let unreadImageExtensions = [".pdf", ".jpg", ".jpeg", ".heic", ".svg", ".gif", ".webp"]

  func image(named name: String, at: SourceToken) -> ImageRef {
    let other = Self.unreadImageExtensions.first { name.lowercased().hasSuffix($0) }
    let stem = other.map { String(name.dropLast($0.count)) } ?? name
    let candidates =
      stem.hasSuffix(".png") ? [stem] : [stem + ".png", stem + "@2x.png", stem + "@3x.png"]
    for c in candidates {
      let path = directory.isEmpty ? c : directory + "/" + c
      if FileManager.default.fileExists(atPath: path) { return .file(Self.absolute(path)) }
    }
    if let path = ImportAssets.image(named: name, near: directory, listings: &folderListings) {
      return .file(Self.absolute(path))
    }
    let builtin = ImportNames.builtinImage(for: name)
    // A name that is one of Burst's own images (as `export` writes them) is that image: no
    // warning. Any other name gets the built-in of its role, said.
    if builtin != name {
      standIns[builtin] = (at, name)
      warn(
        at, "image '\(name)' is not beside \(fileName): using the built-in '\(builtin)'",
        hint: "put \(candidates[0]) beside the file to use it"
          + (other.map { " (Burst reads PNG images, not \($0.dropFirst().uppercased()))" } ?? ""))
    }
    return .builtin(builtin)
  }

  /// Words of an image name that say it is a backdrop (`bg_snow`, `snowBackground`, `背景`).
  static let backdropWords = ["background", "backdrop", "wallpaper", "bg", "背景"]

  /// **(choice)** Whether a layer's or view's picture (not a particle's), `value`, is the
  /// stand-in of an image not beside the file that shows nothing like it: a photo or a
  /// backdrop (a name with no role, or a backdrop's name), which a built-in image stretched
  /// over the layer would misrepresent, hiding what is in front. Such a layer keeps no
  /// picture, and the image's warning says so. An icon's stand-in (a heart, a star) stays.
  func layerGoesWithout(_ value: ImportValue) -> Bool {
    guard case .image(.builtin(let b)) = value, let s = standIns[b] else { return false }
    let lower = s.name.lowercased()
    guard b == ImportNames.fallbackImage || Self.backdropWords.contains(where: lower.contains)
    else { return false }
    reword(
      s.at, "image '\(s.name)' is not beside \(fileName): using the built-in '\(b)'",
      as: "image '\(s.name)' is not beside \(fileName): a layer or view shows nothing in its"
        + " place (the built-in '\(b)' stands in for it only in particles and icons)")
    return true
  }
}
