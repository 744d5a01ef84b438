// Written for Burst's import tests: the emitter is built only in a property observer, and the
// property is set only from callbacks another file of the app calls (a keyboard helper's
// closures): the observer runs once at import, as the first event would.
import UIKit

final class StreakObserverController: KeyboardAwareController {
  private let streak = CAEmitterLayer()

  var celebrating = false {
    didSet {
      if celebrating {
        streak.emitterPosition = CGPoint(x: view.bounds.midX, y: -8)
        streak.emitterShape = .line
        streak.emitterSize = CGSize(width: view.bounds.width, height: 1)
        let ribbon = CAEmitterCell()
        ribbon.name = "ribbon"
        ribbon.birthRate = 12
        ribbon.lifetime = 6
        ribbon.velocity = 140
        ribbon.emissionLongitude = .pi
        ribbon.contents = UIImage(named: "ribbon")?.cgImage
        streak.emitterCells = [ribbon]
        view.layer.addSublayer(streak)
      } else {
        streak.removeFromSuperlayer()
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    onKeyboardShown = { [weak self] _ in self?.celebrating = true }
    onKeyboardHidden = { [weak self] _ in self?.celebrating = false }
  }
}
