// Written for Burst's import tests: the method that builds the effect is called only from a
// closure another library runs (a view model's subscription), which the import cannot follow.
import UIKit

final class ForecastParticlesController: UIViewController {
  private let weather = CAEmitterLayer()
  var forecast: ForecastViewModel!

  override func viewDidLoad() {
    super.viewDidLoad()
    forecast.conditionName.observe(on: .main).subscribe(onNext: { [weak self] name in
      self?.applyWeather(named: name)
    }).disposed(by: forecast.bag)
  }

  func applyWeather(named name: String) {
    weather.emitterShape = .line
    weather.emitterPosition = CGPoint(x: view.bounds.midX, y: -20)
    weather.emitterSize = CGSize(width: view.bounds.width, height: 1)
    let piece = CAEmitterCell()
    switch name {
    case "hail":
      piece.birthRate = 30
      piece.velocity = 200
    case "drizzle":
      piece.birthRate = 60
      piece.velocity = 120
    default:
      piece.birthRate = 0
    }
    piece.lifetime = 5
    piece.emissionLongitude = .pi
    piece.contents = UIImage(named: "drop")?.cgImage
    weather.emitterCells = [piece]
    view.layer.addSublayer(weather)
  }
}
