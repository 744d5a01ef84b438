// SparkleView.swift — an import corpus sample: a UIView subclass whose own layer is the
// emitter (layerClass returns CAEmitterLayer), configured in init(frame:) through a shared
// setup method.
// Shapes studied (values taken, not code): the ExplosionView.m sample of Fictorial's "Word War
// III" (emitter = (CAEmitterLayer *)self.layer, emitterPosition at the bounds' midpoint) and
// EricZhang90/Animation---TableView SnowEmitterCell.swift (a cell configured in one place).
import UIKit

final class SparkleView: UIView {
  override class var layerClass: AnyClass { CAEmitterLayer.self }

  private var emitterLayer: CAEmitterLayer { layer as! CAEmitterLayer }

  override init(frame: CGRect) {
    super.init(frame: frame)
    configure()
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
    configure()
  }

  private func configure() {
    isUserInteractionEnabled = false
    emitterLayer.emitterShape = .circle
    emitterLayer.emitterMode = .outline
    emitterLayer.emitterSize = CGSize(width: 40, height: 40)
    emitterLayer.renderMode = .additive

    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.contents = UIImage(named: "Spark")?.cgImage
    spark.birthRate = 60
    spark.lifetime = 1.2
    spark.lifetimeRange = 0.4
    spark.velocity = 45
    spark.velocityRange = 15
    spark.emissionRange = 2 * .pi
    spark.scale = 0.25
    spark.scaleSpeed = -0.15
    spark.alphaSpeed = -0.8
    spark.color = UIColor(red: 1.0, green: 0.8, blue: 0.3, alpha: 1).cgColor
    spark.greenRange = 0.2
    emitterLayer.emitterCells = [spark]
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    emitterLayer.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
  }
}
