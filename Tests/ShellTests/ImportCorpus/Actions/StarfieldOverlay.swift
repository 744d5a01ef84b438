// Written for Burst's import tests: an overlay that starts its timer once it is in a window
// (guarded so it starts only once), the selector qualified by its type, and a random size
// folded with truncatingRemainder.
import UIKit

final class StarfieldOverlay: UIView {
  private let stars = CAEmitterLayer()
  private var ticker: Timer?

  override init(frame: CGRect) {
    super.init(frame: frame)
    stars.emitterShape = .circle
    stars.emitterMode = .outline
    stars.emitterPosition = CGPoint(x: 150, y: 150)
    let star = CAEmitterCell()
    star.name = "star"
    star.birthRate = 15
    star.lifetime = 3
    star.velocity = 20
    star.contents = UIImage(named: "star")?.cgImage
    stars.emitterCells = [star]
    layer.addSublayer(stars)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    if ticker == nil {
      ticker = Timer.scheduledTimer(
        timeInterval: 0.5, target: self, selector: #selector(StarfieldOverlay.reshape),
        userInfo: nil, repeats: true)
    }
  }

  @objc private func reshape() {
    let side = CGFloat(1234).truncatingRemainder(dividingBy: 100)
    stars.emitterSize = CGSize(width: side, height: side.rounded(.down))
    stars.birthRate += 1
  }
}
