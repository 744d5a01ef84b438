// Written for Burst's import tests: a view that sets up two emitters whose cells come from
// other files of the app (a factory type and a cell subclass); stand-in cells take their place.
import UIKit

final class WeatherBackdropView: UIView {
  private let rain = CAEmitterLayer()
  private let snow = CAEmitterLayer()

  override func awakeFromNib() {
    super.awakeFromNib()
    rain.emitterShape = .line
    rain.emitterPosition = CGPoint(x: 150, y: 0)
    rain.emitterSize = CGSize(width: 300, height: 1)
    rain.emitterCells = WeatherCellFactory.cells(for: .downpour)
    layer.addSublayer(rain)

    snow.emitterPosition = CGPoint(x: 150, y: 150)
    snow.emitterCells = [FlurryCell(density: 2), FlurryCell(density: 3)]
    layer.addSublayer(snow)
  }
}
