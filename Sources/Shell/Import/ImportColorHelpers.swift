import Core

/// **(choice)** The colour helpers apps define in a file of their own and call everywhere:
/// `UIColor(hex: "#FF3B30")`, `UIColor(hexString:)`, `UIColor(rgb: 0x007AFF)`, `UIColor(red: 255,
/// green: 59, blue: 48)` without `alpha:`, `[UIColor colorWithHexString:@"#FF9500"]`,
/// `UIColorFromRGB(0x34C759)`, `RGBA(255, 149, 0, 1)`. When the file does not define the
/// helper, or its body cannot be followed (a `Scanner` reading the string), the colour its name
/// and arguments spell is taken, with a warning: what such helpers almost always do.
extension ImportInterpreter {
  /// The colour types a helper initializer may extend.
  static let colorTypes: Set<String> = ["UIColor", "NSColor", "CGColor", "Color"]

  /// A colour from an initializer or a class method of a colour type that no UIKit signature
  /// matches: `labels` are the argument labels (Swift) or the selector's parts (Objective-C).
  func colorHelper(
    type: String, labels: [String], _ values: [ImportValue], spelled: String? = nil,
    at: SourceToken
  ) -> ImportValue? {
    guard Self.colorTypes.contains(type), let first = labels.first?.lowercased(),
      !values.isEmpty
    else { return nil }
    let spelled = spelled ?? "\(type)(\(labels.map { $0 + ":" }.joined()))"
    if first.contains("hex") || first.contains("rgb") || (first == "_" && values.count <= 2) {
      return hexHelper(spelled, values, alpha: labels.dropFirst().first, at: at)
    }
    // `UIColor(red: 255, green: 59, blue: 48)` (also `r:g:b:`, `a:`): UIKit's needs `alpha:`.
    let channels = [["red", "green", "blue"], ["r", "g", "b"]]
    if channels.contains(where: { Array(labels.prefix(3)) == $0 }),
      labels.count == 3 || labels.count == 4
    {
      return rgbHelper(spelled, values, at: at)
    }
    return nil
  }

  /// `[UIColor colorWithHexString:@"#FF9500"]`, `[UIColor colorWithRed:255 green:0 blue:0]`:
  /// `colorHelper` of the selector's parts (`colorWithHexString` read as `hexString`).
  func colorCategory(_ type: String, _ selector: String, _ args: [ImportValue], at: SourceToken)
    -> ImportValue?
  {
    var parts = selector.split(separator: ":").map(String.init)
    if let head = parts.first, head.hasPrefix("colorWith"), head.count > 9 {
      parts[0] = head.dropFirst(9).prefix(1).lowercased() + head.dropFirst(10)
    }
    return colorHelper(type: type, labels: parts, args, spelled: "[\(type) \(selector)]", at: at)
  }

  /// Whether `name`, a member of a colour type, is a random-colour helper of another file:
  /// `UIColor.random()`, `.randomColor`, `[UIColor randomColor]`, `UIColor.randomPastel`.
  static func isRandomColorMember(_ name: String) -> Bool {
    name.lowercased().hasPrefix("random") || isRandomColorFunction(name)
  }

  /// Whether `name`, a function of another file, makes a random colour: `randomColor()`,
  /// `getRandomColour()`, `randomColor(luminosity: .light)`.
  static func isRandomColorFunction(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.contains("randomcolor") || lower.contains("randomcolour")
  }

  /// **(choice)** A random-colour helper the file does not define: red, green and blue each
  /// drawn from the import's fixed stream (docs/import.md, "Random values"), alpha 1 unless an
  /// `alpha:` argument gives it; other arguments (a luminosity, a hue) are not followed.
  func randomColor(
    _ spelled: String, labels: [String] = [], _ values: [ImportValue] = [], at: SourceToken
  ) -> ImportValue {
    var color = Color(uniform(at: at), uniform(at: at), uniform(at: at), 1)
    if let k = labels.firstIndex(where: { $0.lowercased().contains("alpha") }),
      k < values.count, case .number(let a) = values[k], a >= 0, a <= 1
    {
      color.alpha = a
    }
    warn(
      at, "\(spelled) is not in the file: taken as a colour drawn at random",
      hint: "the app defines this helper elsewhere; each call draws red, green and blue anew")
    return .color(color)
  }

  /// A function of another file whose name says it makes a colour from a hex number or from
  /// 0–255 channels: `UIColorFromRGB(0xFF0000)`, `HEXCOLOR(0x…)`, `colorFromHex("#…")`,
  /// `RGB(255, 0, 0)`, `RGBA(255, 0, 0, 0.5)`, `RGBCOLOR(…)`; or one whose name says it makes
  /// a random colour (`randomColor()`).
  func colorFunction(
    _ name: String, labels: [String], _ values: [ImportValue], at: SourceToken
  ) -> ImportValue? {
    if Self.isRandomColorFunction(name) {
      return randomColor(
        "\(name)(\(labels.map { $0 + ":" }.joined()))", labels: labels, values, at: at)
    }
    guard Self.isColorFunction(name), labels.allSatisfy({ $0 == "_" }) else { return nil }
    let lower = name.lowercased()
    let spelled = "\(name)(\(values.map { _ in "_:" }.joined()))"
    switch values.count {
    case 1, 2: return hexHelper(spelled, values, alpha: values.count == 2 ? "alpha" : nil, at: at)
    case 3, 4: return lower.contains("rgb") ? rgbHelper(spelled, values, at: at) : nil
    default: return nil
    }
  }

  /// `.rgb(255, 0, 128)`, `.rgba(red:green:blue:)`, `.hex("#FF3B30")` where a colour goes: a
  /// static colour helper of another file, read as `colorHelper` reads `UIColor(…)`; nil for
  /// names without `rgb` or `hex`.
  func implicitColorHelper(
    _ name: String, _ labels: [String], _ values: [ImportValue], at: SourceToken
  ) -> ImportValue? {
    let lower = name.lowercased()
    let spelled = ".\(name)(\(labels.map { $0 + ":" }.joined()))"
    if Self.isRandomColorFunction(name) {
      return randomColor(spelled, labels: labels, values, at: at)  // `.randomColor()`
    }
    guard lower.contains("rgb") || lower.contains("hex"), !values.isEmpty else { return nil }
    if let c = colorHelper(type: "UIColor", labels: labels, values, spelled: spelled, at: at) {
      return c
    }
    switch values.count {
    case 1, 2: return hexHelper(spelled, values, alpha: values.count == 2 ? "alpha" : nil, at: at)
    case 3, 4: return lower.contains("rgb") ? rgbHelper(spelled, values, at: at) : nil
    default: return nil
    }
  }

  /// Whether `name` reads as a colour helper's: `hex` or `rgb` in it, and `color` too unless
  /// it is a macro's capitals (`RGBA`, `HEXCOLOR`).
  static func isColorFunction(_ name: String) -> Bool {
    let lower = name.lowercased()
    return (lower.contains("hex") || lower.contains("rgb"))
      && (lower.contains("color") || lower.contains("colour") || name == name.uppercased())
      || isRandomColorFunction(name)
  }

  /// `values[0]` as a hex colour: a string of 3, 6 or 8 hex digits (after `#` or `0x`; eight
  /// are RRGGBBAA, as CSS writes them) or a number up to 0xFFFFFF; `values[1]`, when `alpha`
  /// names it, the alpha.
  private func hexHelper(
    _ spelled: String, _ values: [ImportValue], alpha: String?, at: SourceToken
  ) -> ImportValue? {
    // Spelled as `set` reads a colour (`#rrggbb`, `#rrggbbaa`), which parses it.
    var hex: String
    switch values[0] {
    case .string(let text):
      hex = text.trimmingCharacters(in: .whitespaces)
      if hex.hasPrefix("#") { hex.removeFirst() }
      if hex.lowercased().hasPrefix("0x") { hex.removeFirst(2) }
      guard [3, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
      if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }  // `0f8` is `00ff88`
    case .number(let n) where n >= 0 && n <= 0xFF_FFFF && n == n.rounded():
      hex = String(Int(n), radix: 16)
      hex = String(repeating: "0", count: 6 - hex.count) + hex
    default:
      return nil
    }
    guard case .color(var color)? = try? PropertyKind.color.parse("#" + hex) else { return nil }
    if values.count == 2 {
      guard let label = alpha?.lowercased(), label.contains("alpha") || label == "a",
        case .number(let a) = values[1]
      else { return nil }
      color.alpha = a
    }
    warn(
      at,
      "\(spelled) is not in the file (or not followed): taken as the colour its hex digits spell",
      hint: "the app defines this helper elsewhere; eight digits are read as RRGGBBAA")
    return .color(color)
  }

  /// Red, green and blue from 0 to 255 (as given when none is over 1), then alpha from 0 to 1.
  private func rgbHelper(_ spelled: String, _ values: [ImportValue], at: SourceToken)
    -> ImportValue?
  {
    var n: [Double] = []
    for v in values {
      guard case .number(let x) = v else { return nil }
      n.append(x)
    }
    let scale = n.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
    warn(
      at,
      "\(spelled) is not in the file: taken as red, green and blue"
        + (scale == 1 ? " from 0 to 1" : " from 0 to 255"),
      hint: "the app defines this helper elsewhere")
    return .color(Color(n[0] * scale, n[1] * scale, n[2] * scale, n.count == 4 ? n[3] : 1))
  }
}
