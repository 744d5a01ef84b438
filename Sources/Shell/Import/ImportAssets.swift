import Core
import Foundation

/// `UIImage(named:)` and `UIColor(named:)` in an asset catalog: `NAME.imageset/` (or
/// `NAME.colorset/`) inside an `…xcassets` folder beside the imported file or in one of its three
/// nearest ancestor folders (the nearest first), its `Contents.json` naming the files (or the
/// colour).
enum ImportAssets {
  /// How many folders up from the imported file's catalogs are looked for.
  static let ancestorLevels = 3

  /// The path of the PNG file the catalog gives for `name`, or nil. `listings` keeps each
  /// folder's sorted entries for the rest of the import: a file that names many images next to
  /// a large folder (a Downloads folder, /tmp) lists it once, not once per name.
  static func image(
    named name: String, near directory: String, listings: inout [String: [String]]
  ) -> String? {
    let base = directory.isEmpty ? "." : directory
    var folder = base
    var budget = Limits.maxImportAssetFolders
    for _ in 0...ancestorLevels {
      for catalog in sorted(folder, &listings).filter({ $0.hasSuffix(".xcassets") }) {
        let root = folder + "/" + catalog
        if let set = imageSet(name, in: root, budget: &budget, listings: &listings),
          let file = chosenFile(in: set)
        {
          let path = set + "/" + file
          // As the importer's other paths: relative to the current directory like the file's.
          return directory.isEmpty && path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
      }
      folder = parent(of: folder)
    }
    return nil
  }

  /// The folder above `folder`, as a path of the same kind (relative or absolute).
  private static func parent(of folder: String) -> String {
    if folder == "." { return ".." }
    if folder == "/" { return "/" }
    let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
    if parts.last == ".." { return folder + "/.." }
    guard parts.count > 1 else { return "." }
    let up = parts.dropLast().joined(separator: "/")
    return up.isEmpty ? "/" : up
  }

  /// A folder's entries in a fixed order, listed once per import.
  private static func sorted(_ folder: String, _ listings: inout [String: [String]]) -> [String] {
    if let known = listings[folder] { return known }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    listings[folder] = entries
    return entries
  }

  private static func isDirectory(_ path: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
  }

  /// `UIColor(named:)`: the colour of `NAME.colorset` in a catalog near the file, its light
  /// (any-appearance) universal entry; nil when there is none.
  static func color(
    named name: String, near directory: String, listings: inout [String: [String]]
  ) -> Color? {
    var folder = directory.isEmpty ? "." : directory
    var budget = Limits.maxImportAssetFolders
    for _ in 0...ancestorLevels {
      for catalog in sorted(folder, &listings).filter({ $0.hasSuffix(".xcassets") }) {
        let root = folder + "/" + catalog
        guard
          let set = imageSet(
            name, in: root, budget: &budget, listings: &listings, suffix: ".colorset"),
          let data = contents(of: set)
        else { continue }
        return color(contents: data)
      }
      folder = parent(of: folder)
    }
    return nil
  }

  /// A `Contents.json` of at most the bound's size, or nil.
  private static func contents(of set: String) -> Data? {
    let path = set + "/Contents.json"
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber, size.intValue <= Limits.maxImportAssetJSONBytes
    else { return nil }
    return FileManager.default.contents(atPath: path)
  }

  /// The colour a colour set's `Contents.json` gives: its universal (else iPhone) entry without
  /// `appearances` (the light one), components written as Xcode writes them (`"0.500"`,
  /// `"0x80"`, `"128"`).
  static func color(contents data: Data) -> Color? {
    guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let colors = json["colors"] as? [[String: Any]]
    else { return nil }
    let light = colors.filter { $0["appearances"] == nil }
    let entry =
      light.first { ($0["idiom"] as? String ?? "universal") == "universal" }
      ?? light.first { ($0["idiom"] as? String) == "iphone" }
    guard let color = entry?["color"] as? [String: Any],
      let parts = color["components"] as? [String: Any]
    else { return nil }
    func component(_ key: String) -> Double? {
      guard let raw = parts[key] else { return nil }
      let text = (raw as? String) ?? (raw as? NSNumber)?.stringValue ?? ""
      if text.lowercased().hasPrefix("0x"), let n = Int(text.dropFirst(2), radix: 16) {
        return Double(n) / 255
      }
      guard let n = Double(text) else { return nil }
      return n > 1 || (!text.contains(".") && n == 1 && key != "alpha") ? n / 255 : n
    }
    guard let r = component("red"), let g = component("green"), let b = component("blue") else {
      return nil
    }
    return Color(r, g, b, component("alpha") ?? 1)
  }

  /// The `NAME.imageset` folder in a catalog, also inside its groups (breadth first).
  private static func imageSet(
    _ name: String, in root: String, budget: inout Int, listings: inout [String: [String]],
    suffix: String = ".imageset"
  ) -> String? {
    var queue = [root]
    var next = 0
    while next < queue.count, budget > 0 {
      let folder = queue[next]
      next += 1
      budget -= 1
      let direct = folder + "/" + name + suffix
      if isDirectory(direct) { return direct }
      for entry in sorted(folder, &listings)
      where !entry.hasSuffix(suffix) && !entry.hasPrefix(".") && !entry.contains(".")
        && isDirectory(folder + "/" + entry)
      {
        queue.append(folder + "/" + entry)
      }
    }
    return nil
  }

  /// The scales in the order they win: 1x first (see docs/import.md).
  static let scaleOrder = ["1x", "", "2x", "3x"]

  /// The PNG file an image set's `Contents.json` names: of the universal (else iPhone) images,
  /// the 1x one, else the one without a scale, else 2x, else 3x.
  static func chosenFile(in set: String) -> String? {
    contents(of: set).flatMap(chosenFile(contents:))
  }

  /// The file chosen from a `Contents.json`'s bytes (see `chosenFile(in:)`).
  static func chosenFile(contents data: Data) -> String? {
    guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let images = json["images"] as? [[String: Any]]
    else { return nil }
    var best: (rank: Int, file: String)? = nil
    for image in images {
      guard let file = image["filename"] as? String, file.lowercased().hasSuffix(".png"),
        !file.contains("/")
      else { continue }
      let idiom = image["idiom"] as? String ?? "universal"
      guard let idiomRank = ["universal", "iphone"].firstIndex(of: idiom) else { continue }
      let scale = image["scale"] as? String ?? ""
      guard let scaleRank = scaleOrder.firstIndex(of: scale) else { continue }
      let rank = idiomRank * scaleOrder.count + scaleRank
      if let b = best, b.rank <= rank { continue }
      best = (rank, file)
    }
    return best?.file
  }
}
