// Written for Burst's import tests: a SwiftUI representable made by the app with its contents
// (init(pieces:) keeps them; updateUIView emits them once, a flag toggled after), pieces of an
// enumeration whose nested kind is extended as `extension Piece.Kind`, and a struct whose field
// has no declared value.
import SwiftUI
import UIKit

public enum Piece {
  public enum Kind { case streamer, star }

  public struct Look {
    public var spins: Bool
    public var rate: Float = 20
  }

  case plain(Kind, Look)
}

extension Piece.Kind {
  var imageName: String {
    switch self {
    case .streamer: return "confetti"
    case .star: return "star"
    }
  }
}

public struct Stage: UIViewRepresentable {
  private var pieces: [Piece] = []

  public init(pieces: [Piece]) {
    self.pieces = pieces
  }

  public func makeUIView(context: Context) -> StageView { StageView() }

  public func updateUIView(_ view: StageView, context: Context) {
    view.emit(pieces)
  }
}

public final class StageView: UIView {
  private var fired = false

  func emit(_ pieces: [Piece]) {
    guard !fired else { return }
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: bounds.width, height: 1)
    emitter.emitterCells = pieces.map { piece in
      let cell = CAEmitterCell()
      switch piece {
      case .plain(let kind, let look):
        cell.birthRate = look.rate
        cell.spinRange = look.spins ? .pi * 4 : 0
        cell.contents = UIImage(named: kind.imageName)?.cgImage
      }
      cell.lifetime = 5
      cell.velocity = 120
      cell.emissionLongitude = .pi
      return cell
    }
    layer.addSublayer(emitter)
    fired.toggle()
  }
}
