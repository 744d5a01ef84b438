/// A CALayer, CAEmitterLayer or CAEmitterCell the imported code created.
struct ImportedObject: Sendable {
  enum Kind: Sendable, CaseIterable {
    case layer, emitter, cell, shape, gradient, replicator, text

    /// What Core Animation calls the class.
    var className: String {
      switch self {
      case .layer: return "CALayer"
      case .emitter: return "CAEmitterLayer"
      case .shape: return "CAShapeLayer"
      case .gradient: return "CAGradientLayer"
      case .replicator: return "CAReplicatorLayer"
      case .text: return "CATextLayer"
      case .cell: return "CAEmitterCell"
      }
    }

    /// The kind Core Animation's class `name` makes (`CAShapeLayer`: a shape), if any.
    init?(className name: String) {
      guard let kind = Self.allCases.first(where: { $0.className == name }) else { return nil }
      self = kind
    }
  }

  var kind: Kind
  /// The first variable it was bound to: its name unless the code names it.
  var variable: String?
  /// The variables and stored properties that held it after the first, in order (at most
  /// `maxHolders`): the first with a name of its own names it when the first variable's is
  /// none (`layer`, `e`; `ImportRun.translate`), as in `let layer = make(); self.embers =
  /// layer`.
  var holders: [String] = []
  static let maxHolders = 8

  /// Notes that `name` holds it now.
  mutating func held(by name: String) {
    guard name != variable, holders.count < Self.maxHolders, !holders.contains(name) else {
      return
    }
    holders.append(name)
  }
  /// The `name` the code gave it.
  var explicitName: String?
  /// Its property assignments, in the order the code made them.
  var assignments: [ImportAssignment] = []
  /// Its `emitterCells` (the last assignment wins).
  var cells: [Int] = []
  var sublayers: [Int] = []
  /// The layer the code made its `mask` (kept among its sublayers, where Burst draws it from).
  var mask: Int? = nil
  /// Whether something holds it: the hosting view, a layer or a cell.
  var attached = false
  /// Where it was created.
  var created: SourceToken
  /// The UIKit class when it is a view (`UIView`, `UIButton`, …): a layer whose properties the
  /// code sets by UIKit's names (`alpha`, `center`).
  var view: String? = nil
  /// Created by an action or a scheduled block (`let e = CAEmitterLayer()` in a tap handler):
  /// its properties are gathered until it is added, which builds it there (`ImportStep.build`).
  var inStep = false
  /// How many actions and blocks were being recorded when it was created: a change inside a
  /// block scheduled from there is a step of that block, not one of its properties.
  var stepDepth = 0
  /// An object created by a step that a `build` step has built (with its layer).
  var built = false
  /// A copy's original (`cell.copy()`), with how many assignments and cells the copy had when
  /// made: an action that gives a layer unchanged copies of the cells it holds keeps them.
  var copied: (of: Int, assignments: Int, cells: Int)? = nil

  /// The names of the behaviours the code gave an emitter layer (`setValue([…], forKey:
  /// "emitterBehaviors")`) as the import read them; nil before it gave any.
  var behaviorNames: [String]? = nil

  /// What Core Animation calls it, for messages.
  var className: String { view ?? kind.className }
}

/// One property the code set: the key path below the object (`birthRate`,
/// `emitterCells.fire.birthRate` through `setValue(_:forKeyPath:)`), the value as `set` reads
/// it, and where.
struct ImportAssignment: Sendable {
  var key: String
  var text: String
  var value: ImportValue
  /// Where the statement starts, and the statement, for a warning if `set` refuses the value.
  var at: SourceToken?
  var statement: String
  /// A key path into the cells (`setValue(_:forKeyPath:)`): set after they are created.
  var reachesCells = false
  /// Instead of `set`, a `behavior LAYER …` command with these words after the layer (an
  /// `emitterBehaviors` array: ImportBehaviors.swift).
  var behaviorWords: String? = nil
  /// When the code made it, among all the assignments of the import (`record` numbers them):
  /// which of two that reach one property through different objects came last.
  var serial = 0

  /// The command it becomes on the object at `path`.
  func command(path: String) -> String {
    if let words = behaviorWords { return "\(BehaviorCommands.behavior.name) \(path) \(words)" }
    return "\(SceneCommands.set.name) \(path).\(key) \(text)"
  }
}

/// What an action or a scheduled block does: property changes, nested schedules, actions run.
indirect enum ImportStep: Sendable {
  case set(object: Int, assignment: ImportAssignment)
  case after(delay: Double, steps: [ImportStep])
  case every(interval: Double, steps: [ImportStep])
  case run(String)
  /// Commands about a layer: an animation added (`animate`, `group`, `transition`),
  /// `UIView.animate` (`uiview`), or animations removed (`cancel`).
  case layer(object: Int, commands: [ImportLayerCommand], at: SourceToken, statement: String)
  /// `copy SOURCE as COPY`: a layer the setup built but did not add, inserted above `source`
  /// (what `export` writes for Burst's `copy` in a block).
  case copy(source: Int, copy: Int, at: SourceToken, statement: String)
  /// A layer the action or block created, added to the view (`parent` nil) or to a layer:
  /// `emitter $NAME`, its properties, cells and sublayers as they were when it was added.
  case build(object: Int, parent: Int?, at: SourceToken, statement: String)
  /// A layer the setup made and added that an action adds again (`view.layer
  /// .addSublayer(emitter)` in `start`, after an import-time run put it there): UIKit moves it
  /// to the top, so nothing is written unless an action or block may have removed it; then it
  /// is built again as the setup made it (see the translation).
  case readd(object: Int, parent: Int?, at: SourceToken, statement: String)
  /// `emitter.emitterCells = [cell]` in an action, of an emitter the setup made: the cells it
  /// `had` and does not keep go (`remove … ifPresent`, so a second run replaces the first
  /// run's), and the new ones are built in their place as they were when given.
  case cells(object: Int, cells: [Int], had: [Int], at: SourceToken, statement: String)
}

/// A method that became `action NAME { … }`.
struct ImportAction: Sendable {
  var name: String
  var at: SourceToken
  var steps: [ImportStep]
  /// Its parameters (`point` for a touch's location) with the defaults `run` gives.
  var parameters: [ActionParameter] = []
}

/// A warning about the imported file: where, what was skipped, and why.
struct ImportWarning: Sendable {
  var line: Int
  var column: Int
  var message: String
  var hint: String?
}
