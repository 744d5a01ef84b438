// Written for Burst's import tests: a view controller whose only cells are tinted black and
// which gives its view no background; its author saw them on the storyboard view's white.
import UIKit

final class InkDropsController: UIViewController {
  private let ink = CAEmitterLayer()

  override func viewDidLoad() {
    super.viewDidLoad()
    ink.name = "ink"
    ink.emitterPosition = CGPoint(x: view.bounds.midX, y: 40)
    ink.emitterShape = .line
    ink.emitterSize = CGSize(width: view.bounds.width / 2, height: 1)
    let drop = CAEmitterCell()
    drop.name = "drop"
    drop.birthRate = 20
    drop.lifetime = 4
    drop.velocity = 60
    drop.emissionLongitude = .pi / 2
    drop.color = UIColor.black.cgColor
    drop.contents = UIImage(named: "drop")?.cgImage
    ink.emitterCells = [drop]
    view.layer.addSublayer(ink)
  }
}
