import UIKit

/// Swift 2: a snow flurry that follows the finger, with that era's spellings
/// (`touchesBegan(touches:withEvent:)`, `locationInView(_:)`, `CGPointMake`).
class FlurryTouchController: UIViewController {
  var flurry: CAEmitterLayer!

  override func viewDidLoad() {
    super.viewDidLoad()
    flurry = CAEmitterLayer()
    flurry.emitterPosition = CGPointMake(CGRectGetMidX(view.bounds), 0)
    flurry.emitterShape = kCAEmitterLayerPoint
    let flake = CAEmitterCell()
    flake.birthRate = 30
    flake.lifetime = 4
    flake.velocity = 50
    flake.emissionRange = CGFloat(M_PI * 2)
    flake.contents = UIImage(named: "flake")!.CGImage
    flurry.emitterCells = [flake]
    view.layer.addSublayer(flurry)
  }

  override func touchesBegan(touches: Set<UITouch>, withEvent event: UIEvent?) {
    if let touch = touches.first {
      flurry.emitterPosition = touch.locationInView(self.view)
    }
  }
}
