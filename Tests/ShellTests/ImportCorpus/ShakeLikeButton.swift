// Written for Burst's import tests, modelled on dobreandl/Kisi-Challenge's addSpringEffect (a
// helper that builds a CASpringAnimation and adds it with forKey: nil) and the like-button
// samples: a bare excerpt, as pasted into a playground or a README, with no class around it. A
// heart button bounces back with UIView.animate's spring while a helper function returns the
// shake animation and the sparks are started and stopped through their key path.
import UIKit

let hostView = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))

let likeButton = UIButton(type: .custom)
likeButton.frame = CGRect(x: 76, y: 76, width: 48, height: 48)
likeButton.setImage(UIImage(named: "heart"), for: .normal)
likeButton.isHidden = false
view.addSubview(likeButton)

let sparks = CAEmitterLayer()
sparks.emitterPosition = CGPoint(x: 100, y: 100)
sparks.emitterShape = .circle
sparks.emitterMode = .outline
sparks.emitterSize = CGSize(width: 40, height: 40)
let spark = CAEmitterCell()
spark.name = "spark"
spark.birthRate = 0
spark.lifetime = 0.6
spark.velocity = 50
spark.scale = 0.12
spark.alphaSpeed = -1.5
spark.emissionRange = .pi * 2
spark.contents = UIImage(named: "sparkle")?.cgImage
sparks.emitterCells = [spark]
view.layer.insertSublayer(sparks, below: likeButton.layer)

func makeShake(amplitude: CGFloat) -> CAKeyframeAnimation {
  let shake = CAKeyframeAnimation(keyPath: "transform.translation.x")
  shake.values = [0, -amplitude, amplitude, -amplitude / 2, amplitude / 2, 0]
  shake.duration = 0.4
  shake.timingFunction = CAMediaTimingFunction(name: .easeOut)
  return shake
}

func addSpringEffect(to layer: CALayer) {
  let spring = CASpringAnimation(keyPath: "transform.scale")
  spring.fromValue = 0.7
  spring.toValue = 1
  spring.damping = 7
  spring.duration = spring.settlingDuration
  layer.add(spring, forKey: nil)
}

likeButton.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
sparks.setValue(300, forKeyPath: "emitterCells.spark.birthRate")
UIView.animate(
  withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 2,
  options: [.beginFromCurrentState, .autoreverse],
  animations: {
    likeButton.transform = .identity
  },
  completion: { _ in
    sparks.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
    likeButton.layer.add(makeShake(amplitude: 8), forKey: "shake")
  })
addSpringEffect(to: likeButton.layer)
