internal import CMemoryAdvice

/// Big buffers (a particle store's columns, a canvas's pixels) ask Linux for huge pages before
/// anything is written to them, so that filling them takes a page fault every 2 MiB instead of
/// every 4 KiB. A hint only: no value changes, and where the system refuses it nothing happens.
enum HugePages {
  /// The size from which a buffer asks: several huge pages, so the parts that cannot have one
  /// (the ends, up to 2 MiB each) are a small share.
  static let worthwhile = 16 << 20

  /// Asks for huge pages behind `bytes` from `base`, when there are at least ``worthwhile``.
  @inline(__always)
  static func advise(_ base: UnsafeMutableRawPointer?, bytes: Int) {
    guard bytes >= worthwhile, let base else { return }
    burst_advise_huge_pages(base, bytes)
  }
}
