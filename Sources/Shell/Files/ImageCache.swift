import Core
import Foundation

/// Decoded images by file identity — device, inode, size and modification time — so every
/// spelling of one file (`x.png`, `./x.png`, a link to it) shares one decoded ``SpriteImage``
/// (a class: the scene's entries hold the same instance, its pixels are not copied), while a
/// file rewritten in place is decoded again.
///
/// The cache holds its images weakly: an image lives as long as a scene (or a checkpoint of
/// one) refers to it, and the memory it counts is what those images hold. Decoding an image that
/// would take that past ``limit`` is refused from the file's header, before its pixels are
/// decoded.
final class ImageCache {

  /// What identifies a file's contents.
  struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
  }

  private struct Entry {
    weak var image: SpriteImage?
    var bytes: Int
  }

  let limit: Int
  private var entries: [Identity: Entry] = [:]

  init(limit: Int = Limits.maxDecodedImageBytes) {
    self.limit = limit
  }

  /// The number of distinct files whose decoded images are alive.
  var count: Int {
    prune()
    return entries.count
  }

  /// The decoded bytes the live images hold.
  var bytesInUse: Int {
    prune()
    return entries.values.reduce(0) { $0 + $1.bytes }
  }

  /// The image in the file at `path` (PNG or PPM, told apart by its first bytes), decoded once
  /// per file identity.
  func image(at path: String, maxPixels: Int = Limits.maxImagePixels) throws(PNGFile.Error)
    -> SpriteImage
  {
    let (file, info) = try PNGFile.open(path)
    defer { fclose(file) }
    let identity = Identity(info)
    if let image = entries[identity]?.image { return image }
    let budget = PNGFile.MemoryBudget(available: max(0, limit - bytesInUse), limit: limit)
    let image = try PNGFile.readImage(file, path: path, maxPixels: maxPixels, budget: budget)
    entries[identity] = Entry(
      image: image, bytes: PNGFile.decodedBytes(width: image.width, height: image.height))
    return image
  }

  private func prune() {
    entries = entries.filter { $0.value.image != nil }
  }
}
