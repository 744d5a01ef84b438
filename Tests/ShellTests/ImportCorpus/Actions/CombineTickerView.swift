// Written for Burst's import tests: a view driven by Combine's timer publisher, one
// subscription kept in a set of cancellables, one in a property and cancelled later.
import Combine
import UIKit

final class CombineTickerView: UIView {
  private var subscriptions = Set<AnyCancellable>()
  private var fading: AnyCancellable?
  private let drizzle = CAEmitterLayer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    drizzle.emitterPosition = CGPoint(x: 40, y: 20)
    drizzle.emitterShape = .line
    drizzle.emitterSize = CGSize(width: 60, height: 1)
    let drop = CAEmitterCell()
    drop.name = "drop"
    drop.birthRate = 40
    drop.lifetime = 3
    drop.velocity = 80
    drop.emissionLongitude = .pi
    drop.contents = UIImage(named: "drop")?.cgImage
    drizzle.emitterCells = [drop]
    layer.addSublayer(drizzle)

    Timer.publish(every: 0.5, on: .main, in: .common)
      .autoconnect()
      .sink { [weak self] _ in
        self?.drizzle.emitterPosition.x += 10
      }
      .store(in: &subscriptions)

    fading = Timer.publish(every: 1, on: .main, in: .common)
      .autoconnect()
      .receive(on: RunLoop.main)
      .sink(receiveValue: { [weak self] _ in
        self?.drizzle.birthRate -= 0.25
      })
    DispatchQueue.main.asyncAfter(deadline: .now() + 2.5) { [weak self] in
      self?.fading?.cancel()
    }
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
