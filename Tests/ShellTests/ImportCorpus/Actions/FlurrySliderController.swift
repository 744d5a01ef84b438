// Written for Burst's import tests: a screen whose snowfall is tuned by two storyboard sliders
// and a switch; their values are read when the screen appears and when they move.
import UIKit

final class FlurrySliderController: UIViewController {
  @IBOutlet weak var amountSlider: UISlider!
  @IBOutlet weak var windSwitch: UISwitch!
  private let flurry = CAEmitterLayer()

  override func viewDidLoad() {
    super.viewDidLoad()
    let flake = CAEmitterCell()
    flake.name = "flake"
    flake.birthRate = amountSlider.value * 40
    flake.lifetime = 6
    flake.velocity = 60
    flake.xAcceleration = windSwitch.isOn ? 15 : 0
    flake.contents = UIImage(named: "flake")?.cgImage
    flurry.emitterCells = [flake]
    flurry.emitterPosition = CGPoint(x: view.bounds.midX, y: 0)
    view.layer.addSublayer(flurry)
  }

  @IBAction func amountChanged(_ sender: UISlider) {
    flurry.setValue(sender.value * 40, forKeyPath: "emitterCells.flake.birthRate")
  }
}
