// Written for Burst's import tests: two methods nothing in the file calls, on the view's stored
// emitter: one that places it (a setup the app calls, run at import) and one that fades it out
// and removes it (an ending the app calls later, left as an action).
import UIKit

final class FadingSnowView: UIView {
  private let snow = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    snow.name = "snow"
    let flake = CAEmitterCell()
    flake.name = "flake"
    flake.birthRate = 30
    flake.lifetime = 6
    flake.velocity = 40
    flake.emissionLongitude = .pi / 2
    flake.contents = UIImage(named: "flake")?.cgImage
    snow.emitterCells = [flake]
    layer.addSublayer(snow)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  func placeSnow() {
    snow.emitterShape = .line
    snow.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    snow.emitterSize = CGSize(width: bounds.width, height: 1)
  }

  func fadeAway() {
    UIView.animate(withDuration: 0.5) {
      self.snow.opacity = 0
    } completion: { _ in
      self.snow.removeFromSuperlayer()
    }
  }
}
