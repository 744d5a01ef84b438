// Written for Burst's import tests: a CAEmitterLayer subclass whose setup method is handed the
// layer to configure (`prepare(_ layer: CAEmitterLayer)`), as its owner would pass `self`, and
// a lazily made cell.
import UIKit

final class BadgeEmitterLayer: CAEmitterLayer {
  lazy var badge: CAEmitterCell = {
    let cell = CAEmitterCell()
    cell.name = "badge"
    cell.birthRate = 8
    cell.lifetime = 2
    cell.velocity = 40
    cell.emissionRange = .pi
    cell.contents = UIImage(named: "badge")?.cgImage
    return cell
  }()

  func prepare(_ layer: CAEmitterLayer) {
    layer.emitterSize = CGSize(width: 40, height: 40)
    layer.emitterShape = .circle
    layer.emitterCells = [badge]
  }
}
