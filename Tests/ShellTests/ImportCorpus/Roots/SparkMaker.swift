// Written for Burst's import tests: a factory whose caller, in another file, passes the birth
// rate, lifetime and speed; nothing here calls it.
import UIKit

enum SparkMaker {
  static func make(birthRate: Float, lifetime: Float, speed: CGFloat) -> CAEmitterLayer {
    let layer = CAEmitterLayer()
    layer.emitterShape = .point
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = birthRate
    spark.lifetime = lifetime
    spark.velocity = speed
    spark.emissionRange = .pi * 2
    spark.contents = UIImage(named: "spark")?.cgImage
    layer.emitterCells = [spark]
    return layer
  }
}
