// Written for Burst's import tests: a view that joins its window before its first layout and
// schedules the moment its fuses catch; the fuses themselves are made in layoutSubviews, so the
// delayed block finds them only when it runs, after the setup.
import UIKit

final class FuseView: UIView {
  private var fuses: [CAEmitterLayer] = []

  override func didMoveToWindow() {
    super.didMoveToWindow()
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) { [weak self] in
      // swift-format-ignore: ReplaceForEachWithForLoop
      self?.fuses.forEach { $0.birthRate = 1 }
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    guard fuses.isEmpty else { return }
    for x in [bounds.width / 3, bounds.width * 2 / 3] {
      let fuse = CAEmitterLayer()
      fuse.emitterPosition = CGPoint(x: x, y: bounds.maxY)
      fuse.birthRate = 0
      let spark = CAEmitterCell()
      spark.birthRate = 40
      spark.lifetime = 1
      spark.velocity = 80
      spark.emissionLongitude = -.pi / 2
      spark.contents = UIImage(named: "spark")?.cgImage
      fuse.emitterCells = [spark]
      layer.addSublayer(fuse)
      fuses.append(fuse)
    }
  }
}
