import CPNG
import Core
import Dispatch
import Foundation

/// Reading PNG files through libpng's simplified API.
extension PNGFile {
  /// Reads any PNG (palette, grey, 16-bit, interlaced, with or without alpha) as a premultiplied
  /// ``SpriteImage``, converted by libpng to 8-bit sRGB RGBA.
  ///
  /// The size is checked against `maxPixels` (and ``SpriteImage/maximumPixelCount``) from the
  /// header, before the pixel buffer is allocated.
  static func read(
    path: String, maxPixels: Int = Limits.maxImagePixels
  ) throws(PNGFile.Error) -> SpriteImage {
    try decodeFile(path, maxPixels: maxPixels, with: readPNG(_:path:maxPixels:budget:))
  }

  static func readPNG(
    _ file: UnsafeMutablePointer<FILE>, path: String, maxPixels: Int, budget: MemoryBudget?
  ) throws(PNGFile.Error) -> SpriteImage {
    var head = [UInt8](repeating: 0, count: signature.count)
    let got = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard got == signature.count, head == signature else { throw .notPNG(path: path) }
    guard fseek(file, 0, SEEK_SET) == 0 else {
      throw .unreadable(path: path, reason: SystemError.text(errno))
    }

    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_stdio(&image, file) != 0,
      image.warning_or_error & UInt32(PNG_IMAGE_ERROR) == 0
    else {
      let detail = libpngMessage(image)
      png_image_free(&image)
      throw .corruptPNG(path: path, detail: detail)
    }
    let width = Int(image.width)
    let height = Int(image.height)
    let limit = min(maxPixels, SpriteImage.maximumPixelCount)
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area >= 1, area <= limit else {
      png_image_free(&image)
      throw .tooLarge(path: path, width: width, height: height, limit: max(0, limit))
    }
    do throws(PNGFile.Error) {
      try admit(width: width, height: height, path: path, budget: budget)
    } catch {
      png_image_free(&image)
      throw error
    }

    image.format = UInt32(BURST_PNG_FORMAT_RGBA)
    var bytes = [UInt8](repeating: 0, count: area * 4)
    let status = bytes.withUnsafeMutableBytes { raw in
      png_image_finish_read(&image, nil, raw.baseAddress, 0, nil)
    }
    let failed = status == 0 || image.warning_or_error & UInt32(PNG_IMAGE_ERROR) != 0
    let detail = failed ? libpngMessage(image) : ""
    png_image_free(&image)
    guard !failed else { throw .corruptPNG(path: path, detail: detail) }

    let table = unitTable
    var premultiplied = [Float](repeating: 0, count: area * 4)
    var i = 0
    while i < premultiplied.count {
      let alpha = table[Int(bytes[i + 3])]
      premultiplied[i] = table[Int(bytes[i])] * alpha
      premultiplied[i + 1] = table[Int(bytes[i + 1])] * alpha
      premultiplied[i + 2] = table[Int(bytes[i + 2])] * alpha
      premultiplied[i + 3] = alpha
      i += 4
    }
    return SpriteImage(width: width, height: height, premultiplied: premultiplied)
  }

  /// The message libpng left in `image` (lowercased), or a generic one.
  static func libpngMessage(_ image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text.lowercased()
  }
}
