// Written for Burst's import tests: a view that builds its emitter through a builder library's
// chained setters, declared in another file of the app (not here): each named after the
// property it sets, some with a prefix, some setting several properties by label (the name and
// the label together: `_scale(…, range:)`, an emitter's geometry by its short labels:
// `_place(position:size:)`), one given nil, and a wrapper (`chain`) that the setters hang from.
import UIKit

final class SparkBuilderView: UIView {
  private let sparks = CAEmitterLayer()

  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    let spark = CAEmitterCell()
      .birthRate(40)
      .lifetime(1.5)
      ._velocity(80)
      .setEmissionRange(.pi * 2)
      .withContents(UIImage(named: "spark")?.cgImage)
      ._scale(0.5, range: 0.2, speed: -0.1)
      ._acceleration(x: 0, y: 30)
      ._color(nil)
    sparks.chain.emitterPosition(CGPoint(x: 150, y: 150)).emitterCells([spark])
    sparks._setting(emitterShape: .circle, emitterSize: CGSize(width: 20, height: 20))
    sparks._place(position: CGPoint(x: 140, y: 160), size: CGSize(width: 30, height: 30))
    layer.addSublayer(sparks)
  }
}
