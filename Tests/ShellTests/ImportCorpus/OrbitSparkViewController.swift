// Written for Burst's import tests, modelled on sjcode/AnimationPlayground's
// CircleAroundViewController (a layer sent round an ellipse path by a paced CAKeyframeAnimation
// with rotationMode .rotateAuto and an endless repeatCount) and BearRan/AnimaitonExplainDemo's
// orbit (a beginTime of CACurrentMediaTime() + d): here the orbiting layer is a comet's emitter,
// a second comet follows a curve built with CGMutablePath, and a timer swaps the sky with a
// CATransition.
import UIKit

class OrbitSparkViewController: UIViewController {
  var comet: CAEmitterLayer!
  let sky = CALayer()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .black
    sky.frame = view.bounds
    sky.backgroundColor = UIColor(red: 0.02, green: 0.02, blue: 0.12, alpha: 1).cgColor
    view.layer.addSublayer(sky)

    comet = CAEmitterLayer()
    comet.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    comet.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    comet.emitterPosition = CGPoint(x: 5, y: 5)
    comet.renderMode = .additive
    comet.emitterCells = [tail(color: .systemYellow)]
    view.layer.addSublayer(comet)

    let frame = CGRect(x: 60, y: 140, width: 200, height: 200)
    let orbit = CAKeyframeAnimation()
    orbit.keyPath = "position"
    orbit.path = CGPath(ellipseIn: frame, transform: nil)
    orbit.duration = 4
    orbit.calculationMode = .paced
    orbit.rotationMode = .rotateAuto
    orbit.repeatCount = .greatestFiniteMagnitude
    comet.add(orbit, forKey: "orbit")

    let second = CAEmitterLayer()
    second.emitterCells = [tail(color: .systemTeal)]
    view.layer.addSublayer(second)
    let curve = CGMutablePath()
    curve.move(to: CGPoint(x: 0, y: 400))
    curve.addCurve(
      to: CGPoint(x: 320, y: 80), control1: CGPoint(x: 100, y: 100),
      control2: CGPoint(x: 220, y: 420))
    curve.addLine(to: CGPoint(x: 320, y: 0))
    let flight = CAKeyframeAnimation(keyPath: "position")
    flight.path = curve
    flight.keyTimes = [0, 0.8, 1]
    flight.timingFunctions = [
      CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear),
    ]
    flight.duration = 3
    flight.beginTime = CACurrentMediaTime() + 1
    flight.fillMode = .both
    flight.isRemovedOnCompletion = false
    second.add(flight, forKey: "flight")

    Timer.scheduledTimer(
      timeInterval: 2, target: self, selector: #selector(dusk), userInfo: nil, repeats: false)
  }

  func tail(color: UIColor) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.birthRate = 120
    cell.lifetime = 0.8
    cell.velocity = 8
    cell.emissionRange = .pi * 2
    cell.scale = 0.15
    cell.scaleSpeed = -0.15
    cell.alphaSpeed = -1.2
    cell.color = color.cgColor
    cell.contents = UIImage(named: "spark")?.cgImage
    return cell
  }

  @objc func dusk() {
    let fade = CATransition()
    fade.type = .fade
    fade.duration = 1.5
    fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    sky.add(fade, forKey: kCATransition)
    sky.backgroundColor = UIColor(red: 0.2, green: 0.05, blue: 0.2, alpha: 1).cgColor
  }
}
