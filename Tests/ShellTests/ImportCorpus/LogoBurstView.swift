// Written for Burst's import tests, modelled on grilyuk/Chatify's EmitterAnimation (a lazy
// logo cell whose image comes from the app's asset catalog) and LieonShelly/AnimationDemo's
// jumpSpring (a CASpringAnimation on position.y lasting its settlingDuration). The logo lives
// in Assets.xcassets/logo.imageset beside this file, as in an Xcode project; its two PNGs were
// drawn by Burst itself: scene 16x16, a layer with contents=star, snapshot logo.png (and
// logo@2x.png with scale 2).
import UIKit

final class LogoBurstView: UIView {
  private let emitterLayer = CAEmitterLayer()
  private let logoView = UIImageView(image: UIImage(named: "logo"))

  lazy var logoCell: CAEmitterCell = {
    let cell = CAEmitterCell()
    cell.name = "logo"
    cell.contents = UIImage(named: "logo")?.cgImage
    cell.birthRate = 12
    cell.lifetime = 2.5
    cell.velocity = 60
    cell.velocityRange = 20
    cell.emissionRange = .pi * 2
    cell.spin = -0.5
    cell.spinRange = 1
    cell.scale = 0.8
    cell.scaleSpeed = -0.2
    cell.alphaSpeed = -0.3
    return cell
  }()

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = UIColor(white: 0.1, alpha: 1)
    emitterLayer.frame = bounds
    emitterLayer.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
    emitterLayer.emitterShape = .point
    emitterLayer.emitterCells = [logoCell]
    layer.addSublayer(emitterLayer)

    logoView.frame = CGRect(x: bounds.midX - 16, y: bounds.midY - 16, width: 32, height: 32)
    logoView.contentMode = .scaleAspectFit
    addSubview(logoView)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    jump(logoView.layer)
  }

  private func jump(_ layer: CALayer) {
    let jump = CASpringAnimation(keyPath: "position.y")
    jump.fromValue = layer.position.y + 12
    jump.toValue = layer.position.y
    jump.initialVelocity = 8
    jump.mass = 1
    jump.stiffness = 180
    jump.damping = 6
    jump.duration = jump.settlingDuration
    layer.add(jump, forKey: "jump")
  }

  func burst() {
    emitterLayer.setValue(80, forKeyPath: "emitterCells.logo.birthRate")
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
      self.emitterLayer.setValue(12, forKeyPath: "emitterCells.logo.birthRate")
    }
  }
}
