// Written for Burst's import tests: a static factory the app calls with the name of a kind of
// weather, which a switch tells apart; nothing in the file calls it.
import UIKit

enum WeatherFactory {
  static func emitter(for kind: String, width: CGFloat) -> CAEmitterLayer {
    let layer = CAEmitterLayer()
    layer.emitterPosition = CGPoint(x: width / 2, y: 0)
    layer.emitterShape = .line
    layer.emitterSize = CGSize(width: width, height: 1)
    let drop = CAEmitterCell()
    switch kind {
    case "rain":
      drop.birthRate = 60
      drop.velocity = 400
    case "snow":
      drop.birthRate = 10
      drop.velocity = 40
    default:
      break
    }
    drop.lifetime = 4
    drop.emissionLongitude = .pi
    drop.contents = UIImage(named: "drop")?.cgImage
    layer.emitterCells = [drop]
    return layer
  }
}

enum SkyFactory {
  static func sky(named kind: String) -> CAEmitterLayer {
    let night = CAEmitterLayer()
    night.emitterPosition = CGPoint(x: 150, y: 150)
    night.emitterCells = cells(for: kind)
    return night
  }

  private static func cells(for kind: String) -> [CAEmitterCell] {
    let star = CAEmitterCell()
    star.lifetime = 2
    star.contents = UIImage(named: "star")?.cgImage
    if kind == "night" {
      star.birthRate = 7
    } else {
      star.birthRate = 0
    }
    return [star]
  }
}
