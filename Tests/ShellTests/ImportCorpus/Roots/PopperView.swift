// Written for Burst's import tests: a confetti view whose contents are an enumeration with
// associated values (one of them an enumeration of its own, one a struct with defaults), read
// through computed properties that switch over self with `case let` patterns; one entry point
// is given its contents, the other is the library's own demo.
import UIKit

public enum Sprinkle {
  public enum Shape { case dot, sliver }

  public struct Style {
    public var rate: Float = 30
    public var lifetime: Float = 4
    public init(rate: Float = 30) { self.rate = rate }
  }

  case shape(Shape, UIColor?)
  case emoji(String, Style)
}

extension Sprinkle {
  var tint: UIColor? {
    switch self {
    case .shape(_, let color?): return color
    default: return nil
    }
  }

  var style: Style {
    switch self {
    case .emoji(_, let style): return style
    case .shape: return Style()
    }
  }

  var imageName: String {
    switch self {
    case .shape(.dot, _): return "dot"
    case .shape(.sliver, _): return "confetti"
    case .emoji: return "star"
    }
  }
}

public final class PopperView: UIView {
  public func pop(with sprinkles: [Sprinkle]) {
    let popper = CAEmitterLayer()
    popper.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY)
    popper.emitterCells = sprinkles.map { sprinkle in
      let cell = CAEmitterCell()
      cell.birthRate = sprinkle.style.rate
      cell.lifetime = sprinkle.style.lifetime
      cell.velocity = 200
      cell.emissionLongitude = -.pi / 2
      cell.emissionRange = .pi / 4
      cell.yAcceleration = 150
      if let tint = sprinkle.tint { cell.color = tint.cgColor }
      cell.contents = UIImage(named: sprinkle.imageName)?.cgImage
      return cell
    }
    layer.addSublayer(popper)
  }

  public func demo() {
    pop(with: [.shape(.sliver, .systemPink), .emoji("party", Sprinkle.Style(rate: 12))])
  }
}
