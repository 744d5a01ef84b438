import UIKit

// A file that only makes a cell; the app puts it in an emitter of its own.
func makeSparkCell() -> CAEmitterCell {
  let spark = CAEmitterCell()
  spark.birthRate = 50
  spark.lifetime = 1.5
  spark.velocity = 80
  spark.emissionRange = CGFloat.pi * 2
  spark.contents = UIImage(named: "spark")?.cgImage
  return spark
}
