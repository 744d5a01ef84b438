// Written for Burst's import tests: a view that starts its effect when it joins a window, by
// animating the emitter's lifetime with a key declared at file scope; its cell comes from a
// class function with default arguments, called through the type.
import UIKit

private let fadeKey = "lifetime"

class GlobeView: UIView {
  override class var layerClass: AnyClass { CAEmitterLayer.self }
  private var emitter: CAEmitterLayer { layer as! CAEmitterLayer }

  override init(frame: CGRect) {
    super.init(frame: frame)
    emitter.emitterShape = .line
    emitter.emitterPosition = CGPoint(x: frame.midX, y: 0)
    emitter.emitterSize = CGSize(width: frame.width, height: 1)
    emitter.emitterCells = [GlobeView.makeFlake()]
    emitter.lifetime = 0
  }

  required init?(coder: NSCoder) { fatalError() }

  override func willMove(toWindow newWindow: UIWindow?) {
    super.willMove(toWindow: newWindow)
    if newWindow != nil {
      fadeIn()
    }
  }

  func fadeIn() {
    let anim = CABasicAnimation(keyPath: fadeKey)
    anim.fromValue = emitter.presentation()?.lifetime
    anim.toValue = 1
    anim.setValue(0.5, forKey: "duration")
    emitter.add(anim, forKey: fadeKey)
    emitter.lifetime = 1
  }

  func fadeOut() {
    let anim = CAKeyframeAnimation(keyPath: fadeKey)
    anim.values = [emitter.presentation()!.lifetime, 0.0]
    anim.duration = 2
    emitter.add(anim, forKey: fadeKey)
    emitter.lifetime = 0
  }

  class func makeFlake(_ heavy: Bool = false, rate: Float = 30) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.birthRate = heavy ? rate * 2 : rate
    cell.lifetime = 8
    cell.velocity = 40
    cell.emissionLongitude = .pi
    cell.contents = UIImage(named: "flake")?.cgImage
    return cell
  }
}
