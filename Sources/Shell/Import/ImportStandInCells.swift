import Core

/// The cell that stands in for cells made in another file of the app
/// (`ImportInterpreter.standInCells`): a look and a motion by the role of the built-in image
/// the expression's words choose, one table (docs/import.md, "Stand-in cells").
enum StandInCell {
  /// About how wide a stand-in particle is drawn, in points.
  static let size = 12.0

  /// The property values of a stand-in cell showing `image`, as `set` reads them, and a few
  /// words on them for the warning.
  static func role(image: String) -> (values: [(String, String)], summary: String) {
    let pixels = Double(max(1, BuiltinImages.named(image)?.width ?? 32))
    var scale = size / pixels
    // **(choice)** Every role: 20 a second for 3 s, at 60 ± 30 pt/s in every direction.
    var values: [(String, String)] = [
      ("contents", image), ("birthRate", "20"), ("lifetime", "3"), ("velocity", "60"),
      ("velocityRange", "30"), ("emissionRange", "pi"),
    ]
    var motion = "in every direction"
    switch image {
    case "circle", "snowflake", "coin", "drop", "confetti", "leaf", "petal":
      // Snow, coins, rain, paper, leaves and petals fall.
      values.append(("yAcceleration", "60"))
      motion = "falling"
      if image == "confetti" {
        values += [("redRange", "1"), ("greenRange", "1"), ("blueRange", "1"), ("spinRange", "4")]
      }
      if image == "leaf" || image == "petal" { values.append(("spinRange", "2")) }
    case "smoke", "ring", "heart", "heart.fill":
      // Smoke, bubbles and hearts rise.
      values.append(("yAcceleration", "-40"))
      motion = "rising"
      if image == "smoke" { scale *= 3 }
    case "spark", "sparkle", "star":
      values.append(("alphaSpeed", "-0.3"))
      motion = "fading out"
    default:
      break
    }
    values.append(("scale", ValueFormatting.number((scale * 1000).rounded() / 1000)))
    return (values, "20 a second for 3 s, \(motion)")
  }
}
