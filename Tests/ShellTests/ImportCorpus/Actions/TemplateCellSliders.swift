// Written for Burst's import tests: a view controller keeps one cell as a template; its
// sliders change the template and hand the emitter a fresh copy of it (a layer keeps copies of
// its cells, so a changed template shows only once it is given again).
import UIKit

final class TemplateCellSliders: UIViewController {
  private let rateSlider = UISlider()
  private let fizz = CAEmitterLayer()
  private let bubble: CAEmitterCell = {
    let cell = CAEmitterCell()
    cell.birthRate = 12
    cell.lifetime = 3
    cell.velocity = 40
    cell.emissionRange = .pi * 2
    cell.contents = UIImage(named: "bubble")?.cgImage
    return cell
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    rateSlider.addTarget(self, action: #selector(rateChanged(_:)), for: .valueChanged)
    fizz.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.maxY - 20)
    fizz.emitterCells = [bubble]
    view.layer.addSublayer(fizz)
  }

  @objc private func rateChanged(_ sender: UISlider) {
    bubble.birthRate = sender.value * 10
    let fresh = bubble.copy() as! CAEmitterCell
    fizz.emitterCells = [fresh]
  }

  @objc private func sizeChanged(_ sender: UISlider) {
    bubble.scale = CGFloat(sender.value)
    fizz.emitterCells = [bubble]
  }
}
