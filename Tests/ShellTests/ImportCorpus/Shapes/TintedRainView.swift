// Written for Burst's import tests: an optional image the app sets through a method of the file
// (so it is the app's to give, not nil), read in a guard; and a colour made by a static factory
// of a UIColor extension that calls self.init.
import UIKit

final class TintedRainView: UIView {
  private let rain = CAEmitterLayer()
  private var image: UIImage?

  func setDropImage(_ newImage: UIImage) {
    image = newImage
  }

  func startRain() {
    guard let drop = image else { return }
    let cell = CAEmitterCell()
    cell.birthRate = 25
    cell.lifetime = 3
    cell.velocity = 150
    cell.emissionLongitude = .pi / 2
    cell.color = UIColor.storm().cgColor
    cell.contents = drop.cgImage
    rain.emitterCells = [cell]
    rain.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    layer.addSublayer(rain)
  }
}

extension UIColor {
  static func storm() -> Self {
    self.init(red: 0.4, green: 0.5, blue: 0.9, alpha: 1)
  }
}
