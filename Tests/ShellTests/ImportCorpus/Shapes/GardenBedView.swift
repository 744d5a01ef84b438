// Written for Burst's import tests: the array idioms Swift code leans on around its cells —
// append(contentsOf:), a nested tuple pattern in a for-in, first(where:), firstIndex(where:),
// contains(where:), reduce with a closure and with +, sorted(by:), min(by:) and contains(_:).
import UIKit

final class GardenBedView: UIView {
  override init(frame: CGRect) {
    super.init(frame: frame)
    let bed = CAEmitterLayer()
    bed.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY)
    var blooms: [CAEmitterCell] = []
    let rows = [(name: "tulip", spot: (4.0, 1.0)), (name: "daisy", spot: (2.0, 3.0))]
    for (i, (name, (rate, speed))) in rows.enumerated() {
      let bloom = CAEmitterCell()
      bloom.name = name
      bloom.birthRate = Float(rate) + Float(i)
      bloom.velocity = CGFloat(speed * 20)
      bloom.lifetime = 3
      blooms.append(bloom)
    }
    let seeds = [5, 1, 3].map { n -> CAEmitterCell in
      let seed = CAEmitterCell()
      seed.birthRate = Float(n)
      seed.lifetime = 2
      return seed
    }
    blooms.append(contentsOf: seeds.sorted(by: { $0.birthRate < $1.birthRate }))
    if let daisy = blooms.first(where: { $0.name == "daisy" }) {
      daisy.contents = UIImage(named: "sparkle")?.cgImage
    }
    let loud = blooms.firstIndex(where: { $0.birthRate > 4 }) ?? 0
    blooms[loud].scale = 2
    let total = blooms.reduce(0) { sum, cell in sum + cell.birthRate }
    let counted = [1, 2, 3].reduce(0, +)
    bed.birthRate = blooms.contains(where: { $0.birthRate > 100 }) ? 0 : total / 10
    bed.emitterSize = CGSize(width: Double(counted) * 10, height: 1)
    let slowest = blooms.min(by: { $0.birthRate < $1.birthRate })
    slowest?.color = UIColor.red.cgColor
    if ["tulip", "rose"].contains("tulip") { bed.emitterShape = .line }
    bed.emitterCells = blooms
    layer.addSublayer(bed)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
