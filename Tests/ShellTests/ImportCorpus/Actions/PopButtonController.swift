// Written for Burst's import tests: a view controller whose tap handler builds the effect
// each time, stops it after a moment and removes it later (the usual "celebrate" button).
import UIKit

final class PopButtonController: UIViewController {
  private var lastBurst: CAEmitterLayer?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .black
  }

  @IBAction func celebrateTapped(_ sender: UIButton) {
    let burst = CAEmitterLayer()
    burst.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    burst.emitterShape = .circle
    burst.emitterSize = CGSize(width: 20, height: 20)
    var cells: [CAEmitterCell] = []
    for (i, color) in [UIColor.systemPink, UIColor.systemYellow].enumerated() {
      let cell = CAEmitterCell()
      cell.name = "pop\(i)"
      cell.birthRate = 80
      cell.lifetime = 1.5
      cell.velocity = 120
      cell.emissionRange = .pi * 2
      cell.color = color.cgColor
      cell.contents = UIImage(named: "spark")?.cgImage
      cells.append(cell)
    }
    burst.emitterCells = cells
    view.layer.addSublayer(burst)
    lastBurst = burst
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
      burst.birthRate = 0
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
      burst.removeFromSuperlayer()
    }
  }

  func quiet() {
    lastBurst?.birthRate = 0
  }
}
