// ProfileViewController.swift — an import corpus sample: a table view controller whose
// emitter (hearts rising behind the header) sits among unrelated UIKit code: outlets, a
// button target, table view data source and delegate methods, and a tap handler.
// Shapes studied (values taken, not code): teruto.yamasaki's EmitterViewController.swift
// (stored UIKit properties around the emitter), the CAEmitterLayerViewController sample
// (@objc stored emitterLayer and emitterCell set up from viewDidAppear) and the like-button
// samples in examples/ (a heart cell and a tap that fires it).
import UIKit

final class ProfileViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  @IBOutlet weak var tableView: UITableView!
  private let likeButton = UIButton(type: .system)
  private let items = ["Posts", "Followers", "Following"]
  @objc var heartLayer = CAEmitterLayer()
  @objc var heartCell = CAEmitterCell()

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.dataSource = self
    tableView.delegate = self
    likeButton.addTarget(self, action: #selector(likeTapped), for: .touchUpInside)
    navigationItem.title = "Profile"
    setUpHearts()
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    heartLayer.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.maxY - 40)
  }

  private func setUpHearts() {
    heartCell.name = "heart"
    heartCell.contents = UIImage(named: "heart")?.cgImage
    heartCell.birthRate = 3
    heartCell.lifetime = 5
    heartCell.velocity = 60
    heartCell.velocityRange = 20
    heartCell.emissionLongitude = -CGFloat.pi / 2
    heartCell.emissionRange = .pi / 6
    heartCell.scale = 0.3
    heartCell.scaleRange = 0.1
    heartCell.alphaSpeed = -0.2
    heartCell.color = UIColor.systemPink.cgColor
    heartCell.redRange = 0.1

    heartLayer.emitterShape = .point
    heartLayer.emitterCells = [heartCell]
    if traitCollection.userInterfaceStyle == .dark {
      heartLayer.opacity = 0.8
    }
    view.layer.insertSublayer(heartLayer, at: 0)
  }

  @objc private func likeTapped() {
    heartLayer.setValue(40, forKeyPath: "emitterCells.heart.birthRate")
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
      self.heartLayer.setValue(3, forKeyPath: "emitterCells.heart.birthRate")
    }
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    cell.textLabel?.text = items[indexPath.row]
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
  }
}
