// Written for Burst's import tests, modelled on the confetti view controller of
// joliejuly/Confetti and the Auto Layout around an emitter in drvirens/testEmitterLayer: a
// leaderboard screen (a table view, constraints, a network fetch, a gesture recogniser, a
// label) that drops confetti and pops a banner view with UIView.animate.
import UIKit

final class CelebrationViewController: UIViewController, UITableViewDataSource {
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let titleLabel = UILabel()
  private var scores: [String] = []
  private let confettiLayer = CAEmitterLayer()
  private let banner = UIView(frame: CGRect(x: 40, y: 60, width: 240, height: 48))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    title = "Leaderboard"

    titleLabel.text = "You made the top ten!"
    titleLabel.font = .preferredFont(forTextStyle: .headline)
    titleLabel.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(titleLabel)

    tableView.dataSource = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "score")
    tableView.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(tableView)
    NSLayoutConstraint.activate([
      titleLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
      titleLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      tableView.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 8),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ])

    let tap = UITapGestureRecognizer(target: self, action: #selector(celebrate))
    view.addGestureRecognizer(tap)

    confettiLayer.emitterPosition = CGPoint(x: view.bounds.midX, y: -10)
    confettiLayer.emitterShape = .line
    confettiLayer.emitterSize = CGSize(width: view.bounds.width, height: 1)
    confettiLayer.birthRate = 0
    let colors: [UIColor] = [.systemRed, .systemYellow, .systemGreen, .systemBlue]
    var cells: [CAEmitterCell] = []
    for color in colors {
      let cell = CAEmitterCell()
      cell.birthRate = 6
      cell.lifetime = 6
      cell.velocity = 120
      cell.velocityRange = 40
      cell.emissionLongitude = .pi
      cell.emissionRange = .pi / 6
      cell.spin = 3
      cell.spinRange = 4
      cell.scale = 0.4
      cell.color = color.cgColor
      cell.contents = UIImage(named: "confetti")?.cgImage
      cells.append(cell)
    }
    confettiLayer.emitterCells = cells
    view.layer.addSublayer(confettiLayer)

    banner.backgroundColor = UIColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
    banner.layer.cornerRadius = 12
    banner.alpha = 0
    banner.transform = CGAffineTransform(translationX: 0, y: -40)
    view.addSubview(banner)

    loadScores()
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    confettiLayer.beginTime = CACurrentMediaTime()
    confettiLayer.birthRate = 1
    UIView.animate(
      withDuration: 0.6, delay: 0.3, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.5,
      options: [.allowUserInteraction],
      animations: {
        self.banner.alpha = 1
        self.banner.transform = .identity
      },
      completion: { _ in
        self.confettiLayer.birthRate = 0
      })
  }

  private func loadScores() {
    let url = URL(string: "https://example.com/scores.json")!
    URLSession.shared.dataTask(with: url) { data, _, _ in
      guard let data else { return }
      let names = (try? JSONDecoder().decode([String].self, from: data)) ?? []
      DispatchQueue.main.async {
        self.scores = names
        self.tableView.reloadData()
      }
    }.resume()
  }

  @objc func celebrate() {
    confettiLayer.birthRate = 1
    UIView.animate(withDuration: 0.25, delay: 0, options: .curveEaseIn) {
      self.banner.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
    } completion: { _ in
      self.confettiLayer.birthRate = 0
    }
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    scores.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "score", for: indexPath)
    cell.textLabel?.text = "\(indexPath.row + 1). \(scores[indexPath.row])"
    return cell
  }
}
