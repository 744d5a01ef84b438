// Written for Burst's import tests: timers made first and scheduled later by a run loop
// (`Timer(timeInterval:repeats:)` with `RunLoop.main.add`, `Timer(timeInterval:target:
// selector:…)`), and a display link that moves the fountain every frame.
import UIKit

final class TickingFountainView: UIView {
  private let fountain = CAEmitterLayer()
  private var pulse: Timer?
  private var link: CADisplayLink?

  override init(frame: CGRect) {
    super.init(frame: frame)
    fountain.name = "fountain"
    fountain.emitterPosition = CGPoint(x: 20, y: bounds.maxY)
    let drop = CAEmitterCell()
    drop.name = "drop"
    drop.birthRate = 20
    drop.lifetime = 2
    drop.velocity = 100
    drop.emissionLongitude = -.pi / 2
    drop.contents = UIImage(named: "drop")?.cgImage
    fountain.emitterCells = [drop]
    layer.addSublayer(fountain)

    let swell = Timer(timeInterval: 0.25, repeats: true) { [weak self] _ in
      self?.fountain.birthRate += 0.5
    }
    RunLoop.main.add(swell, forMode: .common)
    pulse = Timer(
      timeInterval: 1, target: self, selector: #selector(pulseOnce), userInfo: nil, repeats: false)
    RunLoop.current.add(pulse!, forMode: .default)
    link = CADisplayLink(target: self, selector: #selector(drift(_:)))
    link?.add(to: .main, forMode: .common)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  @objc private func drift(_ link: CADisplayLink) {
    fountain.emitterPosition.x += 1
  }

  @objc private func pulseOnce() {
    fountain.setValue(200, forKeyPath: "emitterCells.drop.velocity")
  }
}
