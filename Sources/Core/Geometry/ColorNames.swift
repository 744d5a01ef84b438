extension Color {
  /// The named colours, declared once: `set` and `scene` read them as plain words (`red`),
  /// `import` (and `set`, through the importer's reader) in Swift's and Objective-C's spellings
  /// (`UIColor.red`, `.systemPink`, `[UIColor redColor]`), completion offers them and `help set`
  /// lists them, in this order. The values are UIKit's, in sRGB.
  package static let named: [(name: String, color: Color)] = [
    // UIKit's named colours.
    ("black", Color(0, 0, 0)), ("white", Color(1, 1, 1)), ("clear", Color(0, 0, 0, 0)),
    ("red", Color(1, 0, 0)), ("green", Color(0, 1, 0)), ("blue", Color(0, 0, 1)),
    ("cyan", Color(0, 1, 1)), ("yellow", Color(1, 1, 0)), ("magenta", Color(1, 0, 1)),
    ("orange", Color(1, 0.5, 0)), ("purple", Color(0.5, 0, 0.5)), ("brown", Color(0.6, 0.4, 0.2)),
    ("gray", Color(0.5, 0.5, 0.5)), ("darkGray", Color(1 / 3, 1 / 3, 1 / 3)),
    ("lightGray", Color(2 / 3, 2 / 3, 2 / 3)),
    // Burst's own name, kept from before the table was UIKit's (UIKit has `systemPink`).
    ("pink", Color(1, 0.75, 0.8)),
    // The system colours in their light appearance.
    ("systemRed", bytes(255, 59, 48)), ("systemOrange", bytes(255, 149, 0)),
    ("systemYellow", bytes(255, 204, 0)), ("systemGreen", bytes(52, 199, 89)),
    ("systemTeal", bytes(90, 200, 250)), ("systemBlue", bytes(0, 122, 255)),
    ("systemIndigo", bytes(88, 86, 214)), ("systemPurple", bytes(175, 82, 222)),
    ("systemPink", bytes(255, 45, 85)), ("systemGray", bytes(142, 142, 147)),
    ("systemBrown", bytes(162, 132, 94)), ("systemMint", bytes(0, 199, 190)),
    ("systemCyan", bytes(50, 173, 230)), ("systemGray2", bytes(174, 174, 178)),
    ("systemGray3", bytes(199, 199, 204)), ("systemGray4", bytes(209, 209, 214)),
    ("systemGray5", bytes(229, 229, 234)), ("systemGray6", bytes(242, 242, 247)),
    // The semantic colours (text, backgrounds, fills) invert between UIKit's light and dark
    // appearances, so which one is right depends on what they are drawn over. **(choice)**
    // Burst's canvas is black, so they take their dark-appearance values, the ones that read
    // on black, as on a phone in dark mode: `label` is white. (The system colours above read
    // on either and keep their light values.)
    ("label", Color(1, 1, 1)), ("secondaryLabel", bytes(235, 235, 245, 0.6)),
    ("tertiaryLabel", bytes(235, 235, 245, 0.3)), ("quaternaryLabel", bytes(235, 235, 245, 0.18)),
    ("systemBackground", Color(0, 0, 0)), ("secondarySystemBackground", bytes(28, 28, 30)),
    ("tertiarySystemBackground", bytes(44, 44, 46)), ("systemGroupedBackground", Color(0, 0, 0)),
    ("link", bytes(9, 132, 255)), ("tint", bytes(10, 132, 255)),
    ("placeholderText", bytes(235, 235, 245, 0.3)), ("separator", bytes(84, 84, 88, 0.6)),
    ("systemFill", bytes(120, 120, 128, 0.36)),
  ]

  /// The colour `name` names in `named` (exactly, as written there), or nil.
  package init?(named name: String) {
    guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
    self = match.color
  }

  /// A colour given as 0–255 components and a 0…1 alpha.
  private static func bytes(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
    Color(r / 255, g / 255, b / 255, a)
  }
}
