// Written for Burst's import tests: a view controller whose storyboard slider and stepper send
// actions with themselves as the sender; the handlers read `sender.value` into the emitter.
import UIKit

final class RateSliderController: UIViewController {
  @IBOutlet weak var canvas: UIView!
  let fountain = CAEmitterLayer()

  override func viewDidLoad() {
    super.viewDidLoad()
    fountain.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    let dot = CAEmitterCell()
    dot.name = "dot"
    dot.birthRate = 30
    dot.lifetime = 2
    dot.velocity = 50
    dot.emissionRange = .pi * 2
    dot.contents = UIImage(named: "dot")?.cgImage
    fountain.emitterCells = [dot]
    view.layer.addSublayer(fountain)
  }

  @IBAction func rateChanged(_ sender: UISlider) {
    fountain.birthRate = sender.value * 4
  }

  @IBAction func speedStepped(_ sender: UIStepper) {
    fountain.setValue(CGFloat(sender.value) * 10 + 20, forKeyPath: "emitterCells.dot.velocity")
  }
}
