// Written for Burst's import tests: a fountain that a repeating timer winds down step by step
// (`birthRate -= 0.25`), and a tap that feeds it again (`+= 1`) and nudges it sideways (a
// field, `emitterPosition.x += 12`) and grows it (`scale = scale * 1.1`): compound
// assignments inside actions and timer blocks change the value again on every run.
import UIKit

final class EmberFadeView: UIView {
  private let embers = CAEmitterLayer()
  private var fadeTimer: Timer?

  override init(frame: CGRect) {
    super.init(frame: frame)
    embers.name = "embers"
    embers.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY - 20)
    embers.emitterShape = .point
    let ember = CAEmitterCell()
    ember.name = "ember"
    ember.birthRate = 40
    ember.lifetime = 2
    ember.velocity = 120
    ember.emissionLongitude = -.pi / 2
    ember.emissionRange = .pi / 6
    ember.contents = UIImage(named: "spark")?.cgImage
    embers.emitterCells = [ember]
    layer.addSublayer(embers)
    fadeTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
      guard let self else { return }
      self.embers.birthRate -= 0.25
    }
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  @objc func feed() {
    embers.birthRate += 1
    embers.emitterPosition.x += 12
    embers.scale = embers.scale * 1.1
    embers.setValue(60, forKeyPath: "emitterCells.ember.velocity")
  }
}
