import Core
import Foundation

/// A CALayer, CAEmitterLayer or CAEmitterCell the imported code created.
struct ImportedObject: Sendable {
  enum Kind: Sendable { case layer, emitter, cell }

  var kind: Kind
  /// The first variable it was bound to: its name unless the code names it.
  var variable: String?
  /// The `name` the code gave it.
  var explicitName: String?
  /// Its property assignments, in the order the code made them.
  var assignments: [ImportAssignment] = []
  /// Its `emitterCells` (the last assignment wins).
  var cells: [Int] = []
  var sublayers: [Int] = []
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

  /// What Core Animation calls it, for messages.
  var className: String {
    if let view { return view }
    switch kind {
    case .layer: return "CALayer"
    case .emitter: return "CAEmitterLayer"
    case .cell: return "CAEmitterCell"
    }
  }
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

/// Runs the emitter-building part of a Swift or Objective-C file over a documented subset
/// (docs/import.md): declarations and assignments of layers and cells, the value expressions
/// emitter code uses, helper functions and computed properties, and simple `for` loops. It
/// builds a list of objects; `ImportTranslation` turns them into Burst commands. What it does
/// not understand it skips, with a warning naming the line.
final class ImportInterpreter {
  /// The file; an interpolation's tokens are appended for the time they are read.
  var program: SourceProgram
  /// The hosting view's size (the scene's).
  let viewSize: Size
  /// `CACurrentMediaTime()`: the scene's clock.
  let now: Double
  /// The directory of the imported file, where `UIImage(named:)` looks (empty: the current one).
  let directory: String
  /// The file's name, for the image warning.
  let fileName: String

  private(set) var objects: [ImportedObject] = []
  /// Layers added to the hosting view, in order.
  private(set) var hostSublayers: [Int] = []
  /// The hosting view's own background colour, when the code sets it.
  private(set) var hostBackground: ImportAssignment?
  private(set) var warnings: [ImportWarning] = []

  private var instance: [String: ImportValue] = [:]
  private var frames: [[String: ImportValue]] = []
  private var evaluating: Set<String> = []
  private var usedProperties: Set<String> = []
  var called: Set<Int> = []
  /// How many random values each place in the file has drawn (`ImportRandom.swift`).
  var randomDraws: [TokenPlace: UInt64] = [:]
  private var ownLayer: Int?
  /// Whether a function is an initializer (`init`, `init(layer:)`, `initWithImageName:`).
  static func isInitializer(_ f: SourceFunction) -> Bool {
    initializers.contains(f.signature) || f.name == "init"
      || (f.name.hasPrefix("initWith") && f.name.dropFirst(8).first?.isUppercase == true)
  }

  /// Whether every parameter of `f` is a place (`emitterWithPosition(point: CGPoint)`): what
  /// the app calls with a touch's location, so `f` is an action with point parameters.
  func takesPlaces(_ f: SourceFunction) -> Bool {
    !f.parameters.isEmpty
      && f.parameters.indices.allSatisfy { k in
        let type = k < f.parameterTypes.count ? f.parameterTypes[k] : ""
        let (value, _) = plausibleArgument(type: type, name: f.parameters[k], at: f.at)
        if case .point = value { return true }
        return false
      }
  }

  /// Whether one of the file's initializers runs as its setup.
  var initializerRan = false

  /// The methods that become actions (`action(_:)`), once the setup has run.
  private var actionMethods: Set<Int> = []
  /// The event-like root that runs once at import as an action, when nothing else builds.
  var firstEvent: Int?
  /// The action run once at import (`run NAME` after the actions), if any.
  private(set) var runsAtImport: String?
  private var depth = 0
  private var steps = 0
  /// The statement running, for the warning when `set` refuses a value it assigned.
  private var current: Range<Int> = 0..<0
  /// While a method runs as an action or a scheduled block runs: the steps recorded so far,
  /// innermost last. Property changes are then recorded instead of made.
  private var recording: [[ImportStep]] = []
  /// Scheduled blocks of the setup code (`after`, `every`).
  private(set) var scheduled: [ImportStep] = []
  /// The methods that became actions, in the file's order.
  private(set) var actions: [ImportAction] = []
  /// The local functions and blocks that became actions (`func tap()` in the builder).
  private var localActions: Set<String> = []
  /// The layers that a block inserts as copies (`copy`): added there, not by the setup.
  private var blockCopies: Set<Int> = []
  /// Repeating timers of the setup code held in a variable (`let timer = Timer…`): the index
  /// of their `every` in `scheduled`.
  private var heldTimers: [String: Int] = [:]
  /// When a held timer is invalidated (`timer.invalidate()` in a block the setup code
  /// schedules): the scene time, by the index of its `every` in `scheduled` (`every … until`).
  private(set) var timerUntil: [Int: Double] = [:]
  /// The delays of the `after` blocks being recorded, outermost first.
  private var blockDelays: [Double] = []
  /// Whether the block being recorded invalidated a held timer.
  private var invalidated = false
  /// The animations the code created (`CABasicAnimation(keyPath:)`, …).
  private(set) var animations: [ImportedAnimation] = []
  /// The `CGMutablePath`s the code built, as Burst's path elements (`moveTo 0,0`).
  private(set) var paths: [[String]] = []

  /// Records a property change of object `o`, now or (in an action or a scheduled block) later.
  private func record(_ o: Int, _ a: ImportAssignment) throws(ImportSkip) {
    if recording.isEmpty || gathering(o) {
      objects[o].assignments.append(a)
    } else {
      recording[recording.count - 1].append(.set(object: o, assignment: a))
    }
  }

  /// Whether object `o` was created by an action or a block and is not built yet: its
  /// properties, cells and sublayers are then gathered on it.
  func pending(_ o: Int) -> Bool { objects[o].inStep && !objects[o].built }

  /// Whether the action or block that created object `o` is the one running its statements:
  /// its changes are then gathered on it, and the `build` step makes it as they leave it.
  func gathering(_ o: Int) -> Bool {
    pending(o) && objects[o].stepDepth == recording.count
  }

  /// Marks a layer a `build` step builds, and everything it holds, as built.
  private func markBuilt(_ o: Int, depth: Int = 0) {
    guard depth < 64 else { return }
    objects[o].built = true
    for c in objects[o].cells + objects[o].sublayers { markBuilt(c, depth: depth + 1) }
  }

  /// Adds a step to the action or block being recorded, or to the setup code's schedule.
  private func add(_ step: ImportStep) {
    if recording.isEmpty {
      scheduled.append(step)
    } else {
      recording[recording.count - 1].append(step)
    }
  }

  /// Runs statements as the body of an action or a scheduled block: each one may only change
  /// properties of layers and cells (or schedule, or run an action); one that does anything
  /// else is undone and skipped with a warning. Returns the steps recorded.
  private func recordSteps(_ list: [Range<Int>]) -> [ImportStep] {
    recording.append([])
    for s in list {
      let (before, host, mark) = (objects, hostSublayers, recording[recording.count - 1].count)
      do throws(ImportSkip) {
        let returned = try statement(s)
        // Layers and cells the action creates are built by it; the setup's keep their shape.
        let ownAdded = ownLayer.map { hostSublayers == host + [$0] && $0 >= before.count } ?? false
        guard objects.count >= before.count, hostSublayers == host || ownAdded,
          zip(objects, before).allSatisfy({
            $0.inStep
              || ($0.cells == $1.cells && $0.sublayers == $1.sublayers
                && $0.attached == $1.attached)
          })
        else {
          throw skip("an action or a scheduled block only changes layers' and cells' properties")
        }
        if returned != nil { break }
      } catch {
        objects = before
        hostSublayers = host
        if let o = ownLayer, o >= before.count { ownLayer = nil }
        recording[recording.count - 1].removeLast(recording[recording.count - 1].count - mark)
        warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      }
    }
    // What this action or block created is built as it leaves it.
    for o in objects.indices where gathering(o) && objects[o].attached { markBuilt(o) }
    return recording.removeLast()
  }

  /// Bounds that keep the interpreter finite on any input (declared in `Limits`).
  static let maxCallDepth = Limits.maxImportCallDepth
  static let maxLoopIterations = Limits.maxImportLoopTurns
  static let maxSteps = Limits.maxImportStatements
  static let maxObjects = Limits.maxImportObjects

  /// The setup methods, run in this order (one initializer only: the view's frame one first).
  static let setupMethods = [
    "awakeFromNib", "viewDidLoad", "viewWillAppear", "viewDidAppear", "willMove",
    "willMoveToWindow", "willMoveToSuperview", "didMoveToWindow", "didMoveToSuperview",
  ]
  /// The layout methods: UIKit calls them once a view is on screen, so they run last, after
  /// the roots (which may make the view: a SwiftUI `makeUIView(context:)`).
  static let layoutMethods = ["layoutSubviews", "layoutSublayers", "viewDidLayoutSubviews"]
  static let initializers = [
    "init(frame:)", "initWithFrame:", "init()", "init", "init(coder:)", "initWithCoder:",
  ]

  init(program: SourceProgram, viewSize: Size, now: Double, directory: String, fileName: String) {
    self.program = program
    self.viewSize = viewSize
    self.now = now
    self.directory = directory
    self.fileName = fileName
  }

  private var tokens: [SourceToken] { program.tokens }

  // MARK: - Running

  /// Runs the file: top-level statements, one initializer, then the setup methods; then warns
  /// about what did not run.
  func run() {
    for (at, message) in program.skipped { warn(at, "skipped: \(message)") }
    runStatements(program.topLevel)
    var setup: [Int] = []
    if let chosen = Self.initializers.lazy.compactMap({ sig in
      self.program.functions.firstIndex { $0.signature == sig }
    }).first {
      setup.append(chosen)
    }
    initializerRan = !setup.isEmpty
    for name in Self.setupMethods {
      setup += program.functions.indices.filter { program.functions[$0].name == name }
    }
    // A function that builds into a view it is given (`func buildBurstScene(in view: UIView)`,
    // `BuildBurstScene(UIView *view)`, as `export` writes them) runs last, given the hosting
    // view, unless the setup code calls it; export's own entry points return their actions.
    let builders = program.functions.indices.filter {
      let f = program.functions[$0]
      return f.parameters == ["view"] && !f.isProperty && !setup.contains($0)
        && (!f.returnsValue || SceneExporter.entryPoints.contains(f.name))
    }
    for f in setup {
      let function = program.functions[f]
      var args: [ImportValue] = function.parameters.map { _ in .null }
      if function.signature == "init(frame:)" || function.signature == "initWithFrame:" {
        args = [.rect(Rect(0, 0, viewSize.width, viewSize.height))]
      }
      if function.name.hasPrefix("willMove") {
        args = function.parameters.map { _ in .host }  // the window or superview it joins
      }
      do throws(ImportSkip) {
        _ = try call(f, args: args, at: function.at)
      } catch {
        warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
      }
    }
    for f in builders where !called.contains(f) {
      let function = program.functions[f]
      do throws(ImportSkip) {
        _ = try call(f, args: [.host], at: function.at)
      } catch {
        warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
      }
    }
    runRoots()
    for f in program.functions.indices
    where Self.layoutMethods.contains(program.functions[f].name) && !called.contains(f) {
      let function = program.functions[f]
      do throws(ImportSkip) {
        _ = try call(f, args: function.parameters.map { _ in .null }, at: function.at)
      } catch {
        warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
      }
    }
    let chosen = setup.first.map { program.functions[$0].signature }
    let uncalled = program.functions.indices.filter { !called.contains($0) }
    // The methods that become actions: an action that calls one runs it (`run NAME`).
    actionMethods = Set(
      uncalled.filter { i in
        let f = program.functions[i]
        return !(Self.isInitializer(f) && chosen != nil) && !f.returnsValue
          && (f.parameters.isEmpty || f.parameters == ["sender"])
      })
    for i in uncalled {
      let f = program.functions[i]
      if Self.isInitializer(f), let chosen {
        warn(f.at, "skipped: \(f.signature): only one initializer runs, \(chosen)")
      } else if f.returnsValue {
        warn(f.at, "skipped: \(f.signature) is not called by the setup code")
      } else if !(f.parameters.isEmpty || f.parameters == ["sender"] || isEventLike(f)
        || takesPlaces(f))
      {
        warn(
          f.at, "skipped: method \(f.signature) takes arguments",
          hint: "an action runs without arguments, so its parameters would have no value")
      } else {
        action(i)
      }
    }
    // When nothing shows particles yet, the first action that builds an emitter runs once.
    let chosenEvent =
      firstEvent
      ?? (objects.contains { $0.kind == .emitter && $0.attached && !$0.inStep && !$0.cells.isEmpty }
        ? nil
        : program.functions.indices.first { f in
          actions.contains { $0.name == program.functions[f].name && buildsEmitter($0.steps) }
        })
    if let f = chosenEvent,
      let a = actions.first(where: { $0.name == program.functions[f].name }),
      buildsEmitter(a.steps)
    {
      scheduled.append(.run(a.name))
      runsAtImport = a.name
      warn(
        program.functions[f].at,
        "ran \(program.functions[f].signature) at import: nothing else builds an emitter, so it"
          + " runs once, as a first event would",
        hint: "it stays an action: run \(a.name) runs it again, with fresh names")
    }
    for p in program.properties where !usedProperties.contains(p.name) {
      warn(p.at, "skipped: property \(p.name) is not used by the setup code")
    }
    for (i, o) in objects.enumerated() where !o.attached && !blockCopies.contains(i) {
      let holder = o.kind == .cell ? "an emitter's emitterCells" : "a layer or the view"
      warn(o.created, "skipped: this \(o.className) is never added to \(holder)")
    }
  }

  func warn(_ at: SourceToken, _ message: String, hint: String? = nil) {
    // A loop or a helper called twice says the same thing once.
    guard
      !warnings.contains(where: {
        $0.line == at.line && $0.column == at.column && $0.message == message
      })
    else { return }
    warnings.append(
      ImportWarning(line: at.line, column: at.column, message: message, hint: hint))
  }

  private func runStatements(_ list: [Range<Int>]) {
    for s in list {
      do throws(ImportSkip) {
        if try statement(s) != nil { return }
      } catch {
        warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      }
    }
  }

  /// Runs a body; returns what a `return` returned.
  private func body(_ range: Range<Int>) throws(ImportSkip) -> ImportValue? {
    for s in program.statements(in: range) {
      do throws(ImportSkip) {
        if let r = try statement(s) { return r }
      } catch {
        warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      }
    }
    return nil
  }

  // MARK: - Statements

  private func skip(_ message: String, _ at: SourceToken? = nil) -> ImportSkip {
    ImportSkip(message: message, at: at)
  }

  /// Runs one statement; a `return` gives its value (`.void` for a bare one).
  private func statement(_ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    steps += 1
    guard steps <= Self.maxSteps else {
      throw skip("the import stops after \(Self.maxSteps) statements")
    }
    let outer = current
    current = s
    defer { current = outer }
    var i = s.lowerBound
    while i < s.upperBound, tokens[i].kind == .identifier,
      tokens[i].text.hasPrefix("@") || ["const", "__block", "static"].contains(tokens[i].text)
        || (program.language == .swift && SourceProgram.modifiers.contains(tokens[i].text))
    {
      i += 1
    }
    guard i < s.upperBound else { return nil }
    let head = tokens[i]
    let words = tokens[s].map(\.text)
    if head.isIdentifier("super")
      || (head.isPunctuation("[") && i + 1 < s.upperBound
        && tokens[i + 1].isIdentifier("super"))
      || (head.isIdentifier("self") && i + 1 < s.upperBound && tokens[i + 1].isPunctuation("="))
    {
      // `self = [self initWithImageNameArray:…]`: another initializer of the class, run.
      if head.isIdentifier("self"), i + 3 < s.upperBound, tokens[i + 2].isPunctuation("["),
        tokens[i + 3].isIdentifier("self")
      {
        _ = try expression((i + 2)..<s.upperBound)
      }
      return nil  // the superclass's part: UIKit's, not the emitter's
    }
    if try localAction(i, s) { return nil }
    if try invalidate(i, s) { return nil }
    if try uiViewAnimate(i, s) { return nil }
    if try scheduledBlock(i, s) { return nil }
    if try dispatchAfter(i, s) { return nil }
    if try delayHelper(i, s) { return nil }
    if try performAfterDelay(i, s) { return nil }
    if try scheduledTimer(i, s) { return nil }
    if let scheduling = ["asyncAfter", "dispatch_after", "scheduledTimer", "afterDelay"].first(
      where: words.contains)
    {
      throw skip("\(scheduling): only the forms docs/import.md lists are scheduled")
    }
    switch head.kind == .identifier ? head.text : "" {
    case "let", "var":
      guard program.language == .swift, i + 1 < s.upperBound,
        tokens[i + 1].kind == .identifier
      else { throw skip("only 'let NAME = VALUE' declarations are read") }
      let name = tokens[i + 1].text
      guard let eq = topLevelIndex(of: "=", in: (i + 2)..<s.upperBound) else {
        bind(name, .null)
        return nil
      }
      bind(name, try expression((eq + 1)..<s.upperBound), declare: true)
      return nil
    case "return":
      if actionTable((i + 1)..<s.upperBound) { return .void }
      return i + 1 < s.upperBound ? try expression((i + 1)..<s.upperBound) : .void
    case "for":
      try loop(i, s)
      return nil
    case "if":
      return try conditional(i, s)
    case "guard" where program.language == .swift:
      return try guardStatement(i, s)
    case "switch":
      return try switchStatement(i, s)
    case "guard", "while", "repeat", "do", "defer", "throw", "try", "await":
      throw skip("'\(head.text)' is not followed by the importer")
    default:
      break
    }
    if program.language == .objc, let (name, eq) = objcDeclaration(i, s) {
      if let eq {
        bind(name, try expression((eq + 1)..<s.upperBound), declare: true)
      } else {
        bind(name, .null, declare: true)
      }
      return nil
    }
    if let op = ["=", "+=", "-=", "*=", "/="].lazy.compactMap({ op in
      self.topLevelIndex(of: op, in: i..<s.upperBound).map { (op, $0) }
    }).first {
      let rhs = (op.1 + 1)..<s.upperBound
      let value: ImportValue
      do throws(ImportSkip) {
        value = try expression(rhs)
      } catch {
        // `cell.contents = image.cgImage` of an image drawn in code, or loaded by a helper
        // of the app: a built-in image of the role its names suggest, so the cell shows.
        guard op.0 == "=", op.1 > i, tokens[op.1 - 1].isIdentifier("contents") else { throw error }
        let words = tokens[rhs].filter { $0.kind == .identifier || $0.kind == .string }
          .map(\.text).filter {
            !["cgImage", "CGImage", "UIImage", "id", "as", "__bridge"].contains($0)
          }
        let name = ImportNames.builtinImage(for: words.joined(separator: " "))
        warn(
          tokens[op.1 + 1 < s.upperBound ? op.1 + 1 : op.1],
          "this image is made in code that is not followed: using the built-in '\(name)'",
          hint: error.message)
        value = .image(.builtin(name))
      }
      try assign(i..<op.1, op: op.0, value: value)
      return nil
    }
    if try appendStatement(i, s) { return nil }
    _ = try expression(i..<s.upperBound)
    return nil
  }

  /// Runs method `f` as an action: what it changes becomes `action NAME { … }`.
  private func action(_ f: Int) {
    let function = program.functions[f]
    called.insert(f)
    parameters = [:]
    usedParameters = []
    var frame: [String: ImportValue] = [:]
    var given: [String] = []
    for (k, name) in function.parameters.enumerated() {
      let type = k < function.parameterTypes.count ? function.parameterTypes[k] : ""
      let words = Set(type.split { !$0.isLetter && !$0.isNumber }.map(String.init))
      if name == "sender" || !words.isDisjoint(with: Self.eventTypes) {
        frame[name] = .event  // a touch, an event, a gesture, a sender
        continue
      }
      let (value, text) = plausibleArgument(type: type, name: name, at: function.at)
      if case .point(let p) = value, Binding.isReference("$" + name) {
        // A point it is given (`burst(at point: CGPoint)`): a parameter, the centre by default.
        parameters[name] = (.point, ValueFormatting.value(.point(p)))
        frame[name] = .parameter(name)
        continue
      }
      frame[name] = value
      if let text { given.append("\(name) = \(text)") }
    }
    frames.append(frame)
    let steps = recordSteps(program.statements(in: function.body))
    frames.removeLast()
    if !given.isEmpty, !steps.isEmpty {
      warn(
        function.at, "action \(function.name) is given \(given.joined(separator: ", "))",
        hint: "an action's parameters are the places of touches; its other arguments are fixed")
    }
    guard !steps.isEmpty else {
      warn(
        function.at, "skipped: method \(function.signature): nothing in it becomes a command",
        hint: "an action changes properties of layers and cells, or schedules such changes")
      return
    }
    let list = parameters.keys.sorted().filter(usedParameters.contains).map {
      ActionParameter(name: $0, fallback: parameters[$0]?.text)
    }
    actions.append(
      ImportAction(name: function.name, at: function.at, steps: steps, parameters: list))
  }

  /// A local function without parameters (`func tap() { … }`) or an Objective-C block
  /// variable (`void (^tap)(void) = ^{ … };`), as `export` writes named actions: an action
  /// named after it (renamed by the table the function returns, see `actionTable`); calling it
  /// runs the action.
  private func localAction(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let name: String
    var open: Int
    if program.language == .swift {
      guard spells(["func"], at: i, in: s), i + 4 < s.upperBound,
        tokens[i + 1].kind == .identifier, tokens[i + 2].isPunctuation("("),
        tokens[i + 3].isPunctuation(")"), tokens[i + 4].isPunctuation("{")
      else { return false }
      (name, open) = (tokens[i + 1].text, i + 4)
    } else {
      guard spells(["void", "(", "^"], at: i, in: s), i + 5 < s.upperBound,
        tokens[i + 3].kind == .identifier,
        tokens[i + 4].isPunctuation(")"),
        let eq = topLevelIndex(of: "=", in: (i + 5)..<s.upperBound),
        eq + 1 < s.upperBound, tokens[eq + 1].isPunctuation("^"),
        let brace = (eq + 2..<s.upperBound).first(where: { tokens[$0].isPunctuation("{") })
      else { return false }
      (name, open) = (tokens[i + 3].text, brace)
    }
    let close = program.closing(open, in: s)
    guard close < s.upperBound else { return false }
    guard recording.isEmpty else { throw skip("an action is defined outside other actions") }
    bind(name, .function(name), declare: true)
    localActions.insert(name)
    let steps = recordSteps(program.statements(in: (open + 1)..<close))
    guard !steps.isEmpty else {
      throw skip(
        "nothing in \(name) becomes a command",
        tokens[i])
    }
    actions.append(ImportAction(name: name, at: tokens[i], steps: steps))
    return true
  }

  /// `return ["tap": tap]` (`return @{@"tap": tap};`): the table of local actions by name,
  /// as `export` returns them; each action takes the name it is returned by.
  private func actionTable(_ range: Range<Int>) -> Bool {
    var renamed: [String: String] = [:]
    for j in range where tokens[j].kind == .string && j + 2 < range.upperBound {
      guard tokens[j + 1].isPunctuation(":"), tokens[j + 2].kind == .identifier,
        localActions.contains(tokens[j + 2].text)
      else { continue }
      renamed[tokens[j + 2].text] = tokens[j].text
    }
    guard !renamed.isEmpty else { return false }
    func rename(_ step: ImportStep) -> ImportStep {
      switch step {
      case .run(let n): return .run(renamed[n] ?? n)
      case .after(let d, let steps): return .after(delay: d, steps: steps.map(rename))
      case .every(let d, let steps): return .every(interval: d, steps: steps.map(rename))
      case .set, .layer, .copy, .build: return step
      }
    }
    for k in actions.indices {
      actions[k].name = renamed[actions[k].name] ?? actions[k].name
      actions[k].steps = actions[k].steps.map(rename)
    }
    scheduled = scheduled.map(rename)
    return true
  }

  /// `after DELAY { … }` of a block's statements; a block that only invalidates a timer adds
  /// nothing (the timer's `until` says it).
  private func delayed(_ delay: Double, _ body: Range<Int>) throws(ImportSkip) {
    blockDelays.append(delay)
    let outer = invalidated
    invalidated = false
    defer {
      blockDelays.removeLast()
      invalidated = outer
    }
    let steps = recordSteps(program.statements(in: body))
    if steps.isEmpty && invalidated { return }
    guard !steps.isEmpty else {
      throw skip("only property changes of layers and cells are scheduled")
    }
    add(.after(delay: delay, steps: steps))
  }

  /// `timer.invalidate()` (`[timer invalidate]`) of a held timer, in a block the setup code
  /// schedules: the timer runs until then.
  private func invalidate(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let name: String
    if spells([".", "invalidate", "(", ")"], at: i + 1, in: s), s.upperBound == i + 5 {
      name = tokens[i].text
    } else if spells(["invalidate", "]"], at: i + 2, in: s), tokens[i].isPunctuation("["),
      s.upperBound == i + 4
    {
      name = tokens[i + 1].text
    } else {
      return false
    }
    guard let k = heldTimers[name] else { return false }
    guard recording.count == 1, blockDelays.count == 1 else {
      throw skip("a timer's invalidate() is read in a block that the setup code schedules")
    }
    timerUntil[k] = now + blockDelays[0]
    invalidated = true
    return true
  }

  /// A scheduled block's statements, recorded; none recorded skips the whole statement.
  private func block(_ body: Range<Int>) throws(ImportSkip) -> [ImportStep] {
    let steps = recordSteps(program.statements(in: body))
    guard !steps.isEmpty else {
      throw skip("only property changes of layers and cells are scheduled")
    }
    return steps
  }

  /// A delay or interval in seconds: finite, 0 or more.
  private func seconds(_ range: Range<Int>) throws(ImportSkip) -> Double {
    guard !range.isEmpty else { throw skip("a delay in seconds is missing") }
    let d = try number(try expression(range), at: tokens[range.lowerBound])
    guard d >= 0, d.isFinite else { throw skip("a delay must be 0 or more seconds") }
    return d
  }

  /// Whether the tokens from `i` spell `words`.
  private func spells(_ words: [String], at i: Int, in s: Range<Int>) -> Bool {
    i + words.count <= s.upperBound
      && zip(tokens[i..<(i + words.count)], words).allSatisfy { $0.text == $1 }
  }

  /// `DispatchQueue.main.asyncAfter(deadline: .now() + D) { … }`: `after D { … }`.
  private func scheduledBlock(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let words = ["DispatchQueue", ".", "main", ".", "asyncAfter", "("]
    guard s.upperBound - i > words.count + 3, spells(words, at: i, in: s) else { return false }
    let open = i + words.count - 1
    let close = program.closing(open, in: s)
    guard close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{"),
      program.closing(close + 1, in: s) == s.upperBound - 1,
      tokens[open + 1].isIdentifier("deadline"),
      tokens[open + 2].isPunctuation(":")
    else { return false }
    // The deadline: `.now()` or `.now() + D` (also `DispatchTime.now()`).
    var d = open + 3
    if tokens[d].isIdentifier("DispatchTime") { d += 1 }
    guard d + 3 < close + 1, tokens[d].isPunctuation("."), tokens[d + 1].isIdentifier("now"),
      tokens[d + 2].isPunctuation("("), tokens[d + 3].isPunctuation(")")
    else { throw skip("only a deadline of .now() + SECONDS is scheduled") }
    d += 4
    var delay = 0.0
    if d < close {
      guard tokens[d].isPunctuation("+") else {
        throw skip("only a deadline of .now() + SECONDS is scheduled")
      }
      delay = try seconds((d + 1)..<close)
    }
    try delayed(delay, (close + 2)..<(s.upperBound - 1))
    return true
  }

  /// `dispatch_after(dispatch_time(DISPATCH_TIME_NOW, NANOSECONDS), QUEUE, ^{ … })`:
  /// `after SECONDS { … }`.
  private func dispatchAfter(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard spells(["dispatch_after", "("], at: i, in: s) else { return false }
    let close = program.closing(i + 1, in: s)
    guard spells(["dispatch_time", "(", "DISPATCH_TIME_NOW"], at: i + 2, in: s) else {
      throw skip("only dispatch_time(DISPATCH_TIME_NOW, …) is scheduled")
    }
    let timeClose = program.closing(i + 3, in: s)
    var delay = 0.0
    if i + 5 < timeClose, tokens[i + 5].isPunctuation(",") {
      delay = try seconds((i + 6)..<timeClose) / 1e9
    }
    guard
      let caret = (timeClose..<close).first(where: {
        tokens[$0].isPunctuation("^") && $0 + 1 < close && tokens[$0 + 1].isPunctuation("{")
      })
    else { throw skip("only a block ^{ … } is scheduled") }
    let end = program.closing(caret + 1, in: s)
    try delayed(delay, (caret + 2)..<end)
    return true
  }

  /// **(choice)** The helper apps define elsewhere to run a closure later, called as
  /// `delay(D) { … }` (also `after`, `runAfter`, `afterDelay`), when the file does not define
  /// it: `after D { … }`, as the helper does with `asyncAfter`.
  static let delayHelpers: Set<String> = ["delay", "after", "runAfter", "afterDelay"]

  private func delayHelper(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard tokens[i].kind == .identifier, Self.delayHelpers.contains(tokens[i].text),
      i + 1 < s.upperBound, tokens[i + 1].isPunctuation("("),
      !program.functions.contains(where: { $0.name == tokens[i].text })
    else { return false }
    let close = program.closing(i + 1, in: s)
    guard close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{"),
      program.closing(close + 1, in: s) == s.upperBound - 1, close > i + 2
    else { return false }
    var argument = (i + 2)..<close
    if argument.count > 2, tokens[argument.lowerBound].kind == .identifier,
      tokens[argument.lowerBound + 1].isPunctuation(":")
    {
      argument = (argument.lowerBound + 2)..<argument.upperBound  // `delay(seconds: 1)`
    }
    try delayed(try seconds(argument), (close + 2)..<(s.upperBound - 1))
    warn(
      tokens[i],
      "\(tokens[i].text)(_:) is not in the file: taken as the usual helper that runs its"
        + " closure after that many seconds")
    return true
  }

  /// `perform(#selector(m), with: nil, afterDelay: D)` and
  /// `[self performSelector:@selector(m) withObject:nil afterDelay:D]`: `after D run m`.
  private func performAfterDelay(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard
      let delayWord = s.first(where: {
        tokens[$0].isIdentifier("afterDelay") && $0 + 1 < s.upperBound
          && tokens[$0 + 1].isPunctuation(":")
      }),
      s.contains(where: {
        tokens[$0].isIdentifier("perform") || tokens[$0].isIdentifier("performSelector")
      })
    else { return false }
    let method = try selector(in: i..<delayWord)
    let last = s.upperBound - 1
    guard tokens[last].isPunctuation(")") || tokens[last].isPunctuation("]") else {
      throw skip("only perform(_:with:afterDelay:) on self is scheduled")
    }
    add(.after(delay: try seconds((delayWord + 2)..<last), steps: [.run(method)]))
    return true
  }

  /// The method a `#selector(m)` or `@selector(m)` in the range names: one without arguments.
  private func selector(in range: Range<Int>) throws(ImportSkip) -> String {
    guard
      let sel = range.first(where: {
        tokens[$0].isIdentifier("#selector") || tokens[$0].isIdentifier("@selector")
      }), sel + 2 < range.upperBound, tokens[sel + 2].kind == .identifier
    else { throw skip("a #selector(METHOD) is needed") }
    let name = tokens[sel + 2].text
    guard
      program.functions.contains(where: {
        $0.name == name && !$0.returnsValue
          && ($0.parameters.isEmpty || $0.parameters == ["sender"])
      })
    else { throw skip("'\(name)' is not a method of this file that can become an action") }
    return name
  }

  /// `Timer.scheduledTimer(withTimeInterval: S, repeats: true) { _ in … }`: `every S { … }`
  /// (`repeats: false`: `after S { … }`); with `timeInterval:target:selector:`, `every S run m`.
  private func scheduledTimer(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    if try objcTimer(i, s) { return true }
    guard let t = s.first(where: { spells(["Timer", ".", "scheduledTimer", "("], at: $0, in: s) })
    else { return false }
    let open = t + 3
    let close = program.closing(open, in: s)
    func argument(_ label: String) -> Range<Int>? {
      guard
        let l = (open..<close).first(where: {
          tokens[$0].isIdentifier(label) && tokens[$0 + 1].isPunctuation(":")
        })
      else { return nil }
      let end = topLevelIndex(of: ",", in: (l + 2)..<close) ?? close
      return (l + 2)..<end
    }
    guard let interval = argument("withTimeInterval") ?? argument("timeInterval"),
      let repeatsRange = argument("repeats")
    else { throw skip("only scheduledTimer(withTimeInterval:repeats:) is scheduled") }
    let s0 = try seconds(interval)
    guard s0 > 0 else { throw skip("a timer's interval must be more than 0 seconds") }
    guard case .bool(let repeats) = try expression(repeatsRange) else {
      throw skip("repeats must be true or false")
    }
    let steps: [ImportStep]
    if close + 1 < s.upperBound, tokens[close + 1].isPunctuation("{") {
      let end = program.closing(close + 1, in: s)
      var start = close + 2
      // The closure's parameters: `_ in`, `timer in`, `[weak self] _ in`.
      if let word = (start..<min(end, start + 8)).first(where: { tokens[$0].isIdentifier("in") }),
        !(start..<word).contains(where: {
          tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("=")
            || tokens[$0].isPunctuation(".") || tokens[$0].isIdentifier("for")
        })
      {
        start = word + 1
      }
      steps = try block(start..<end)
    } else {
      guard let sel = argument("selector") else {
        throw skip("a timer needs a block or a selector")
      }
      steps = [.run(try selector(in: sel))]
    }
    hold(i, s, repeats: repeats)
    add(repeats ? .every(interval: s0, steps: steps) : .after(delay: s0, steps: steps))
    return true
  }

  /// `[NSTimer scheduledTimerWithTimeInterval:S repeats:YES block:^(NSTimer *t) { … }]`:
  /// `every S { … }` (`repeats:NO`: `after S { … }`); with `target:self
  /// selector:@selector(m) userInfo:nil repeats:YES`, `every S run m`.
  private func objcTimer(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    guard program.language == .objc,
      let open = s.first(where: {
        spells(["[", "NSTimer", "scheduledTimerWithTimeInterval", ":"], at: $0, in: s)
      })
    else { return false }
    let close = program.closing(open, in: s)
    /// A part of the message: from after `label:` to the next part at the same depth.
    func argument(_ label: String) -> Range<Int>? {
      var depth = 0
      var start: Int? = nil
      for j in (open + 1)..<close {
        let t = tokens[j]
        if t.kind == .punctuation {
          if ["(", "[", "{"].contains(t.text) { depth += 1 }
          if [")", "]", "}"].contains(t.text) { depth -= 1 }
        }
        guard depth == 0, t.kind == .identifier, j + 1 < close, tokens[j + 1].isPunctuation(":")
        else { continue }
        if let start { return start..<j }
        if t.text == label { start = j + 2 }
      }
      return start.map { $0..<close }
    }
    guard let interval = argument("scheduledTimerWithTimeInterval"),
      let repeatsRange = argument("repeats")
    else { throw skip("only scheduledTimerWithTimeInterval:…repeats:… is scheduled") }
    let s0 = try seconds(interval)
    guard s0 > 0 else { throw skip("a timer's interval must be more than 0 seconds") }
    guard case .bool(let repeats) = try expression(repeatsRange) else {
      throw skip("repeats must be YES or NO")
    }
    let steps: [ImportStep]
    if let block = argument("block") {
      guard let brace = block.first(where: { tokens[$0].isPunctuation("{") }) else {
        throw skip("a timer's block is written in place: ^(NSTimer *timer) { … }")
      }
      steps = try self.block((brace + 1)..<program.closing(brace, in: block))
    } else {
      guard let sel = argument("selector") else {
        throw skip("a timer needs a block or a selector")
      }
      steps = [.run(try selector(in: sel))]
    }
    hold(i, s, repeats: repeats)
    add(repeats ? .every(interval: s0, steps: steps) : .after(delay: s0, steps: steps))
    return true
  }

  /// `let timer = Timer.scheduledTimer(…)` (`NSTimer *timer = […]`) in setup code: the timer
  /// is held, so a later `timer.invalidate()` ends it.
  private func hold(_ i: Int, _ s: Range<Int>, repeats: Bool) {
    guard repeats, recording.isEmpty else { return }
    if program.language == .swift {
      guard ["let", "var"].contains(tokens[i].text), i + 2 < s.upperBound,
        tokens[i + 1].kind == .identifier, tokens[i + 2].isPunctuation("=")
      else { return }
      heldTimers[tokens[i + 1].text] = scheduled.count
    } else if let (name, eq) = objcDeclaration(i, s), eq != nil {
      heldTimers[name] = scheduled.count
    }
  }

  /// Where a closure's statements start after its `{` at `open`: past its parameters
  /// (`_ in`, `finished in`, `[weak self] _ in`) when it has them.
  private func closureStart(_ open: Int, end: Int) -> Int {
    let start = open + 1
    if let word = (start..<min(end, start + 8)).first(where: { tokens[$0].isIdentifier("in") }),
      !(start..<word).contains(where: {
        tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("=")
          || tokens[$0].isPunctuation(".") || tokens[$0].isIdentifier("for")
      })
    {
      return word + 1
    }
    return start
  }

  /// The arguments of a call between brackets `open` and `close`, split at the commas at
  /// depth 0, each with its label (`_` when it has none).
  private func callArguments(_ open: Int, _ close: Int) -> [(label: String, range: Range<Int>)] {
    var out: [(String, Range<Int>)] = []
    var start = open + 1
    var depth = 0
    func item(_ r: Range<Int>) {
      guard !r.isEmpty else { return }
      if r.count >= 3, tokens[r.lowerBound].kind == .identifier,
        tokens[r.lowerBound + 1].isPunctuation(":")
      {
        out.append((tokens[r.lowerBound].text, (r.lowerBound + 2)..<r.upperBound))
      } else {
        out.append(("_", r))
      }
    }
    for j in (open + 1)..<close {
      let t = tokens[j]
      guard t.kind == .punctuation else { continue }
      if ["(", "[", "{"].contains(t.text) { depth += 1 }
      if [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.text == "," {
        item(start..<j)
        start = j + 1
      }
    }
    item(start..<close)
    return out
  }

  /// UIView.animate's options that change nothing Burst shows.
  private static let quietViewOptions: Set<String> = [
    "allowUserInteraction", "beginFromCurrentState", "layoutSubviews", "overrideInheritedDuration",
    "overrideInheritedCurve", "overrideInheritedOptions", "allowAnimatedContent",
    "showHideTransitionViews", "preferredFramesPerSecondDefault", "preferredFramesPerSecond60",
    "preferredFramesPerSecond30",
  ]

  /// `UIView.animate(withDuration:delay:options:animations:completion:)` in its overloads (also
  /// `usingSpringWithDamping:initialSpringVelocity:`, trailing closures, and Objective-C's
  /// `[UIView animateWithDuration:… animations:^{ … } completion:^(BOOL finished){ … }]`): each
  /// change of a view's property in the block becomes `uiview PATH to VALUE duration D …`, other
  /// layers' changes are made at once (UIKit animates views), and the completion block runs
  /// `after` the delay and the duration.
  private func uiViewAnimate(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    var arguments: [(label: String, range: Range<Int>)] = []
    if spells(["UIView", ".", "animate", "("], at: i, in: s) {
      let open = i + 3
      let close = program.closing(open, in: s)
      guard close < s.upperBound else { return false }
      arguments = callArguments(open, close)
      // Trailing closures: `{ … }`, then `completion: { … }`.
      var k = close + 1
      while k < s.upperBound {
        var label = "_"
        if tokens[k].kind == .identifier, k + 1 < s.upperBound, tokens[k + 1].isPunctuation(":") {
          label = tokens[k].text
          k += 2
        }
        guard k < s.upperBound, tokens[k].isPunctuation("{") else {
          throw skip(
            "UIView.animate: only closures follow its arguments",
            tokens[Swift.min(k, s.upperBound - 1)])
        }
        let end = program.closing(k, in: s)
        if label == "_" {
          label = arguments.contains { $0.label == "animations" } ? "completion" : "animations"
        }
        arguments.append((label, k..<Swift.min(end + 1, s.upperBound)))
        k = end + 1
      }
    } else if spells(["[", "UIView", "animateWithDuration", ":"], at: i, in: s) {
      let close = program.closing(i, in: s)
      var c = i + 2
      while c < close {
        guard tokens[c].kind == .identifier, c + 1 < close, tokens[c + 1].isPunctuation(":") else {
          throw skip("'\(tokens[c].text)' is not understood in a message", tokens[c])
        }
        let label = tokens[c].text == "animateWithDuration" ? "withDuration" : tokens[c].text
        var end = c + 2
        var depth = 0
        while end < close {
          let t = tokens[end]
          if t.kind == .punctuation {
            if ["(", "[", "{"].contains(t.text) { depth += 1 }
            if [")", "]", "}"].contains(t.text) { depth -= 1 }
          }
          if depth == 0, t.kind == .identifier, end + 1 < close, tokens[end + 1].isPunctuation(":"),
            end > c + 2
          {
            break
          }
          end += 1
        }
        arguments.append((label, (c + 2)..<end))
        c = end
      }
    } else {
      return false
    }
    func argument(_ label: String) -> Range<Int>? {
      arguments.first { $0.label == label }?.range
    }
    /// The statements of a closure argument (`{ … }`, `^{ … }`, `^(BOOL finished) { … }`).
    func closure(_ label: String) throws(ImportSkip) -> Range<Int>? {
      guard let r = argument(label) else { return nil }
      if r.count == 1, tokens[r.lowerBound].isIdentifier("nil") { return nil }
      guard let brace = r.first(where: { tokens[$0].isPunctuation("{") }) else {
        throw skip(
          "UIView.animate's \(label) must be a closure written in place", tokens[r.lowerBound])
      }
      let end = program.closing(brace, in: r)
      return closureStart(brace, end: end)..<end
    }
    guard let durationRange = argument("withDuration") else {
      throw skip("UIView.animate needs withDuration:")
    }
    let duration = try seconds(durationRange)
    guard duration > 0 else { throw skip("a UIView animation lasts more than 0 seconds") }
    let delay =
      try argument("delay").map { (r: Range<Int>) throws(ImportSkip) in try seconds(r) } ?? 0
    var damping: Double? = nil
    var velocity = 0.0
    if let r = argument("usingSpringWithDamping") {
      damping = try number(try expression(r), at: tokens[r.lowerBound])
      if let v = argument("initialSpringVelocity") {
        velocity = try number(try expression(v), at: tokens[v.lowerBound])
      }
    }
    var curve = UIViewSpring.Curve.easeInOut
    if let r = argument("options") {
      for j in r where tokens[j].kind == .identifier {
        var word = tokens[j].text
        if ["UIView", "AnimationOptions", "UIViewAnimationOptions"].contains(word) { continue }
        if word.hasPrefix("UIViewAnimationOption") {
          word = String(word.dropFirst("UIViewAnimationOption".count))
          word = word.prefix(1).lowercased() + word.dropFirst()
        }
        if word.hasPrefix("curve") {
          let name = String(word.dropFirst(5))
          if let c = UIViewSpring.Curve(rawValue: name.prefix(1).lowercased() + name.dropFirst()) {
            curve = c
            continue
          }
        }
        if Self.quietViewOptions.contains(word) { continue }
        warn(
          tokens[j], "skipped: UIView.animate's option \(word)",
          hint: word == "repeat" || word == "autoreverse"
            ? "uiview animates once: write animate … repeat forever autoreverses for a layer"
            : "Burst's uiview takes a duration, a delay, a curve or a spring")
      }
    }
    guard let body = try closure("animations") else {
      throw skip("UIView.animate needs its animations block")
    }
    var timing = "duration \(ValueFormatting.number(duration))"
    if delay > 0 { timing += " delay \(ValueFormatting.number(delay))" }
    if let damping {
      timing += " damping \(ValueFormatting.number(damping))"
      if velocity != 0 { timing += " velocity \(ValueFormatting.number(velocity))" }
    } else if curve != .easeInOut {
      timing += " curve \(curve.rawValue)"
    }
    for step in recordSteps(program.statements(in: body)) {
      guard case .set(let o, let a) = step else {
        add(step)
        continue
      }
      guard objects[o].view != nil, !a.reachesCells else {
        // A layer's own property is not a view's: UIKit sets it at once.
        try record(o, a)
        continue
      }
      var commands: [ImportLayerCommand] = []
      if a.key == "frame", case .rect(let r) = a.value {
        // The frame is the bounds' size and the position: each animates.
        let size = ValueFormatting.value(.rect(Rect(0, 0, r.size.width, r.size.height)))
        let mid = ValueFormatting.value(
          .point(Point(r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2)))
        commands = [
          ImportLayerCommand(
            verb: "uiview", suffix: ".bounds", rest: "to \(size) \(timing)", what: "UIView.animate"),
          ImportLayerCommand(
            verb: "uiview", suffix: ".position", rest: "to \(mid) \(timing)",
            what: "UIView.animate"),
        ]
      } else {
        commands = [
          ImportLayerCommand(
            verb: "uiview", suffix: "." + a.key, rest: "to \(a.text) \(timing)",
            what: "UIView.animate")
        ]
      }
      add(.layer(object: o, commands: commands, at: a.at ?? tokens[i], statement: a.statement))
    }
    if let completion = try closure("completion") {
      let steps = recordSteps(program.statements(in: completion))
      if !steps.isEmpty {
        add(.after(delay: ((delay + duration) * 1e9).rounded() / 1e9, steps: steps))
      }
    }
    return true
  }

  /// The index of a punctuation token at bracket depth 0, if any.
  private func topLevelIndex(of p: String, in range: Range<Int>) -> Int? {
    var depth = 0
    for j in range {
      let t = tokens[j]
      guard t.kind == .punctuation else { continue }
      if ["(", "[", "{"].contains(t.text) { depth += 1 }
      if [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0 && t.text == p { return j }
    }
    return nil
  }

  /// `CAEmitterCell *cell = …`, `CGFloat w = …`, `NSArray *cells;`: the name and the `=`.
  private func objcDeclaration(_ i: Int, _ s: Range<Int>) -> (String, Int?)? {
    var j = i
    var words = 0
    while j < s.upperBound, tokens[j].kind == .identifier || tokens[j].isPunctuation("*") {
      if tokens[j].kind == .identifier { words += 1 }
      j += 1
    }
    guard words >= 2, tokens[j - 1].kind == .identifier else { return nil }
    if j == s.upperBound { return (tokens[j - 1].text, nil) }
    guard tokens[j].isPunctuation("=") else { return nil }
    return (tokens[j - 1].text, j)
  }

  private func bind(_ name: String, _ value: ImportValue, declare: Bool = false) {
    if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
    if frames.isEmpty {
      instance[name] = value
    } else if declare || frames[frames.count - 1][name] != nil {
      frames[frames.count - 1][name] = value
    } else {
      instance[name] = value
    }
  }

  /// `cells.append(cell)`, `[cells addObject:cell]`: appends to an array variable.
  private func appendStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> Bool {
    let t = Array(tokens[i..<s.upperBound])
    let (name, argument): (String, Range<Int>)
    if t.count >= 5, t[0].kind == .identifier, t[1].isPunctuation("."),
      t[2].isIdentifier("append"), t[3].isPunctuation("("), t.last?.isPunctuation(")") == true
    {
      (name, argument) = (t[0].text, (i + 4)..<(s.upperBound - 1))
    } else if t.count >= 6, t[0].isPunctuation("["), t[1].kind == .identifier,
      t[2].isIdentifier("addObject"), t[3].isPunctuation(":"), t.last?.isPunctuation("]") == true
    {
      (name, argument) = (t[1].text, (i + 4)..<(s.upperBound - 1))
    } else {
      return false
    }
    guard case .array(let list) = try variable(name, at: t[0]) else { return false }
    bind(name, .array(list + [try expression(argument)]))
    return true
  }

  private func loop(_ i: Int, _ s: Range<Int>) throws(ImportSkip) {
    guard let brace = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a loop without a body")
    }
    let bodyRange = (brace + 1)..<program.closing(brace, in: s)
    var header = (i + 1)..<brace
    if program.language == .objc, tokens[header.lowerBound].isPunctuation("(") {
      header = (header.lowerBound + 1)..<(header.upperBound - 1)
    }
    guard let inIndex = tokens[header].firstIndex(where: { $0.isIdentifier("in") }) else {
      try cLoop(header, body: bodyRange)
      return
    }
    let pattern = tokens[header.lowerBound..<inIndex].filter { $0.kind == .identifier }.map(\.text)
    guard let name = pattern.last else { throw skip("a loop without a variable") }
    var sequence = try expression((inIndex + 1)..<header.upperBound)
    // `for touch in touches`: one turn, with the event.
    if sequence == .event { sequence = .array([.event]) }
    guard case .array(let items) = sequence else {
      throw skip("a loop over \(sequence.kindName): only arrays and ranges are followed")
    }
    guard items.count <= Self.maxLoopIterations else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    let tuple = program.language == .swift && tokens[header.lowerBound].isPunctuation("(")
    for item in items {
      if tuple, case .array(let parts) = item, parts.count == pattern.count {
        for (n, v) in zip(pattern, parts) { bind(n, v, declare: true) }
      } else {
        bind(name, item, declare: true)
      }
      if try body(bodyRange) != nil { return }
    }
  }

  /// `for (int i = 0; i < N; i++)`.
  private func cLoop(_ header: Range<Int>, body bodyRange: Range<Int>) throws(ImportSkip) {
    let parts = program.statements(in: header)
    guard parts.count == 3, let (name, eq) = objcDeclaration(parts[0].lowerBound, parts[0]),
      let eq
    else { throw skip("only 'for (int i = A; i < B; i++)' and for-in loops are followed") }
    let start = try number(try expression((eq + 1)..<parts[0].upperBound), at: tokens[eq])
    let cond = parts[1]
    guard tokens[cond.lowerBound].isIdentifier(name), cond.count >= 3,
      ["<", "<="].contains(tokens[cond.lowerBound + 1].text)
    else { throw skip("only 'i < N' loop conditions are followed") }
    let bound = try number(
      try expression((cond.lowerBound + 2)..<cond.upperBound), at: tokens[cond.lowerBound])
    let step = tokens[parts[2]].map(\.text).joined()
    guard [name + "++", "++" + name, name + "+=1"].contains(step) else {
      throw skip("only loops counting up by one are followed")
    }
    let end = tokens[cond.lowerBound + 1].text == "<" ? bound : bound + 1
    guard end - start <= Double(Self.maxLoopIterations) else {
      throw skip("a loop of more than \(Self.maxLoopIterations) turns")
    }
    var k = start
    while k < end {
      bind(name, .number(k), declare: true)
      if try body(bodyRange) != nil { return }
      k += 1
    }
  }

  /// `if COND { … } else if COND { … } else { … }`, in Swift and Objective-C (braces
  /// required). A condition is worked out where it can be (`docs/import.md`, "Conditions").
  private func conditional(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var k = i
    while true {
      guard let brace = program.firstBrace(in: (k + 1)..<s.upperBound) else {
        throw skip("an 'if' without a block")
      }
      let close = program.closing(brace, in: s)
      var rest: Range<Int>? = nil
      if close + 1 < s.upperBound, tokens[close + 1].isIdentifier("else") {
        rest = (close + 2)..<s.upperBound
      }
      guard let met = condition((k + 1)..<brace, branch: (brace + 1)..<close, otherwise: rest)
      else {
        throw skip("its condition is not known here, and no branch of it builds layers or cells")
      }
      if met { return try body((brace + 1)..<close) }
      guard let rest, !rest.isEmpty else { return nil }
      if tokens[rest.lowerBound].isIdentifier("if") {
        k = rest.lowerBound
        continue
      }
      guard tokens[rest.lowerBound].isPunctuation("{") else {
        throw skip("an 'else' without a block", tokens[rest.lowerBound])
      }
      return try body((rest.lowerBound + 1)..<program.closing(rest.lowerBound, in: s))
    }
  }

  /// `switch SUBJECT { case A, B: … case C: … default: … }` (also Objective-C's `case A:` with
  /// `break`): the first case whose pattern equals the subject runs, on through `fallthrough`.
  /// A subject that cannot be worked out here takes the first case that builds layers or cells,
  /// as an unknown `if` does; when none builds, the `switch` is skipped with a warning.
  private func switchStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    guard let open = program.firstBrace(in: (i + 1)..<s.upperBound) else {
      throw skip("a 'switch' without a block")
    }
    let close = program.closing(open, in: s)
    var subjectRange = (i + 1)..<open
    if program.language == .objc, subjectRange.count >= 2,
      tokens[subjectRange.lowerBound].isPunctuation("(")
    {
      subjectRange = (subjectRange.lowerBound + 1)..<(subjectRange.upperBound - 1)
    }
    let subject = try? expression(subjectRange)
    // The cases: where each starts (`case` or `default` at the block's own depth), its
    // patterns and its body.
    var heads: [Int] = []
    var depth = 0
    for j in (open + 1)..<close {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("case") || t.isIdentifier("default") { heads.append(j) }
    }
    var cases: [(patterns: [Range<Int>]?, body: Range<Int>)] = []
    for (k, h) in heads.enumerated() {
      let end = k + 1 < heads.count ? heads[k + 1] : close
      guard let colon = topLevelIndex(of: ":", in: (h + 1)..<end) else { continue }
      var patterns: [Range<Int>]? = nil
      if tokens[h].isIdentifier("case") {
        var list: [Range<Int>] = []
        var start = h + 1
        while let comma = topLevelIndex(of: ",", in: start..<colon) {
          list.append(start..<comma)
          start = comma + 1
        }
        list.append(start..<colon)
        patterns = list
      }
      cases.append((patterns, (colon + 1)..<end))
    }
    func matches(_ patterns: [Range<Int>]?) -> Bool? {
      guard let patterns else { return true }  // default
      guard let subject else { return nil }
      for p in patterns {
        guard let value = try? expression(p) else { return nil }
        if value == subject { return true }
        if case .constant(let a) = value, case .constant(let b) = subject,
          a.split(separator: ".").last == b.split(separator: ".").last
        {
          return true  // `.snow` and `Kind.snow`
        }
      }
      return false
    }
    var chosen: Int? = nil
    for (k, c) in cases.enumerated() where c.patterns != nil || chosen == nil {
      guard let m = matches(c.patterns) else {
        chosen = cases.indices.first { builds(in: cases[$0].body) }
        break
      }
      if m {
        chosen = k
        break
      }
    }
    guard let start = chosen else {
      if subject == nil {
        throw skip("its subject is not known here, and no case of it builds layers or cells")
      }
      return nil
    }
    // Runs the chosen case, and the next ones while a case ends in `fallthrough`.
    var k = start
    while k < cases.count {
      let statements = program.statements(in: cases[k].body)
      var falls = false
      for st in statements {
        if tokens[st.lowerBound].isIdentifier("break") { return nil }
        if tokens[st.lowerBound].isIdentifier("fallthrough") {
          falls = true
          break
        }
        do throws(ImportSkip) {
          if let r = try statement(st) { return r }
        } catch {
          warn(tokens[st.lowerBound], "skipped: \(program.snippet(st))", hint: error.message)
        }
      }
      // Swift goes on only through `fallthrough`; C runs on into the next case until `break`.
      guard falls || statements.isEmpty || program.language == .objc else { return nil }
      k += 1
    }
    return nil
  }

  /// `guard CONDITION else { … }`: when the condition is known not to hold, the `else` block
  /// runs (and returns); otherwise (it holds, or it cannot be worked out here, as an unknown
  /// `if let` is taken) the code after it runs, binding its `let`s.
  private func guardStatement(_ i: Int, _ s: Range<Int>) throws(ImportSkip) -> ImportValue? {
    var depth = 0
    var found: Int? = nil
    for j in (i + 1)..<s.upperBound where found == nil {
      let t = tokens[j]
      if t.kind == .punctuation, ["(", "[", "{"].contains(t.text) { depth += 1 }
      if t.kind == .punctuation, [")", "]", "}"].contains(t.text) { depth -= 1 }
      if depth == 0, t.isIdentifier("else") { found = j }
    }
    guard let otherwise = found, otherwise + 1 < s.upperBound,
      tokens[otherwise + 1].isPunctuation("{")
    else { throw skip("a 'guard' without 'else { … }'") }
    let close = program.closing(otherwise + 1, in: s)
    let met = condition((i + 1)..<otherwise, branch: 0..<0, otherwise: nil) ?? true
    if met { return nil }
    return try body((otherwise + 2)..<close) ?? .void
  }

  /// Whether the condition in `range` holds: its clauses (separated by `,`; `let NAME = VALUE`
  /// binds NAME, and holds unless VALUE is `nil`) all hold. When one cannot be worked out
  /// here (a bundle's file, a setting of the app), the branch that builds layers or cells is
  /// taken; when none builds, an unknown `let` holds (the value is there on the device), and
  /// any other unknown clause gives nil: the whole `if` is skipped with a warning.
  private func condition(_ range: Range<Int>, branch: Range<Int>, otherwise: Range<Int>?) -> Bool? {
    var known = true
    var onlyBindings = true
    var clauses: [Range<Int>] = []
    var start = range.lowerBound
    while let comma = topLevelIndex(of: ",", in: start..<range.upperBound) {
      clauses.append(start..<comma)
      start = comma + 1
    }
    clauses.append(start..<range.upperBound)
    for clause in clauses where !clause.isEmpty {
      let head = tokens[clause.lowerBound]
      let words = tokens[clause].filter { $0.kind != .punctuation || $0.text == "=" }
      if words.count >= 2, words[0].isIdentifier("self"), words[1].isPunctuation("=") {
        continue  // Objective-C's `if (self = [super init…])`: the superclass's part holds.
      }
      if head.isIdentifier("let") || head.isIdentifier("var"),
        clause.count > 1, tokens[clause.lowerBound + 1].kind == .identifier
      {
        let name = tokens[clause.lowerBound + 1].text
        guard let eq = topLevelIndex(of: "=", in: clause) else {
          known = false
          continue
        }
        let value = try? expression((eq + 1)..<clause.upperBound)
        bind(name, value ?? .null, declare: true)
        if value == .null { return false }
        if value == nil { known = false }
        continue
      }
      guard let value = try? expression(clause), let truth = Self.truth(value) else {
        known = false
        onlyBindings = false
        continue
      }
      if !truth { return false }
    }
    if known { return true }
    if builds(in: branch) { return true }
    if let otherwise, builds(in: otherwise) { return false }
    return onlyBindings ? true : nil
  }

  /// Whether a value counts as true in a condition: a Bool, a number other than 0, or an
  /// object that exists; nil when it cannot say.
  static func truth(_ v: ImportValue) -> Bool? {
    switch v {
    case .bool(let b): return b
    case .number(let n): return n != 0
    case .null: return false
    case .void, .constant, .type, .function, .method: return nil
    default: return true
    }
  }

  private func assign(_ lhs: Range<Int>, op: String, value: ImportValue) throws(ImportSkip) {
    guard !lhs.isEmpty else { throw skip("an assignment without a target") }
    let last = tokens[lhs.upperBound - 1]
    var v = value
    if op != "=" {
      let old = try expression(lhs)
      v = try arithmetic(String(op.dropLast()), old, value, at: tokens[lhs.lowerBound])
    }
    if lhs.count == 1, last.kind == .identifier {
      if frames.last?[last.text] == nil,
        program.properties.contains(where: { $0.name == last.text })
      {
        usedProperties.insert(last.text)  // `comet = CAEmitterLayer()` sets the stored property
      }
      let declared =
        frames.last?[last.text] != nil || instance[last.text] != nil
        || program.properties.contains { $0.name == last.text }
      if !declared, program.selfIsEmitter,
        Self.info(last.text, of: .emitter) != nil || last.text == "emitterCells"
      {
        // `emitterShape = .line` in a CAEmitterLayer subclass: the layer's own property.
        try setProperty(try ownEmitter(at: last), last.text, v, at: last)
        return
      }
      if !declared, Self.viewProperties.contains(last.text) || last.text == "backgroundColor" {
        // `backgroundColor = .black` inside the view: the hosting view's own property.
        try setProperty(.host, last.text, v, at: last)
        return
      }
      bind(last.text, v)
      return
    }
    guard lhs.count >= 3, last.kind == .identifier,
      tokens[lhs.upperBound - 2].isPunctuation(".")
        || tokens[lhs.upperBound - 2].isPunctuation("?.")
    else { throw skip("only NAME = VALUE and OBJECT.PROPERTY = VALUE assignments are read") }
    let receiver = try expression(lhs.lowerBound..<(lhs.upperBound - 2))
    try setProperty(receiver, last.text, v, at: last)
  }

  // MARK: - Objects and properties

  func create(_ kind: ImportedObject.Kind, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    guard objects.count < Self.maxObjects else {
      throw skip("the import creates at most \(Self.maxObjects) layers and cells")
    }
    objects.append(
      ImportedObject(
        kind: kind, created: at, inStep: !recording.isEmpty, stepDepth: recording.count))
    return .object(objects.count - 1)
  }

  /// The property table of an object's kind.
  static func infos(_ kind: ImportedObject.Kind) -> [PropertyInfo] {
    switch kind {
    case .cell: return EmitterCell.descriptors.map(\.info)
    case .layer: return Layer.new(.layer).descriptors.map(\.info)
    case .emitter: return Layer.new(.emitter).descriptors.map(\.info)
    }
  }

  /// A property by its Core Animation name or Apple's Swift spelling.
  static func info(_ name: String, of kind: ImportedObject.Kind) -> PropertyInfo? {
    infos(kind).first { $0.name == name || $0.swiftName == name }
  }

  func setProperty(
    _ receiver: ImportValue, _ name: String, _ value: ImportValue, at: SourceToken
  ) throws(ImportSkip) {
    let text = program.snippet(current)
    var name = name
    switch receiver {
    case .animation(let a):
      if name == "keyPath" {
        guard case .string(let k) = value else { throw skip("a keyPath is a string", at) }
        animations[a].keyPath = k
        return
      }
      guard let property = ImportedAnimation.property(name) else {
        throw skip("\(animations[a].kind.rawValue)'s \(name) is not imported", at)
      }
      var value = value
      if case .constant(let c) = value, let n = Self.infinite[String(c.dropFirst())] {
        value = .number(n)
      }
      animations[a].properties.append((property, value))
    case .path:
      throw skip("a path is built with move(to:), addLine(to:) and the like", at)
    case .type("PlaygroundPage.current") where name == "liveView":
      // A playground's live view is what it shows: here, a layer of the scene.
      guard recording.isEmpty else { throw skip("a live view is set by the setup code", at) }
      if case .object(let o) = value, objects[o].kind != .cell, !objects[o].attached {
        try attach(value, to: .host, first: false, at: at)
      }
    case .object(let o):
      let kind = objects[o].kind
      if objects[o].view != nil { name = Self.viewToLayer[name] ?? name }
      if !recording.isEmpty, !gathering(o), name == "emitterCells" || name == "name" {
        throw skip("only property values are scheduled, not \(name)", at)
      }
      if name == "emitterCells" {
        guard kind != .layer else { throw skip("a CALayer has no emitterCells", at) }
        let cells = try cellList(value, at: at)
        objects[o].cells = cells
        return
      }
      if name == "name" {
        guard case .string(let s) = value else { throw skip("a name is a string", at) }
        objects[o].explicitName = s
        return
      }
      guard let info = Self.info(name, of: kind) else {
        if o == ownLayer, recording.isEmpty {
          // `self.imageNameArray = …` in a CAEmitterLayer subclass: the class's own property.
          instance[name] = value
          return
        }
        throw skip("\(objects[o].className) has no property '\(name)' that Burst knows", at)
      }
      let set = try recordedText(value, kind: info.kind, at: at)
      try record(
        o,
        ImportAssignment(
          key: info.name, text: set, value: value, at: tokens[current.lowerBound],
          statement: text))
    case .host, .hostLayer:
      if !recording.isEmpty {
        throw skip("actions and scheduled blocks only change layers and cells", at)
      }
      if name == "backgroundColor" {
        let set = try valueText(value, kind: .color, at: at)
        hostBackground = ImportAssignment(
          key: "backgroundColor", text: set, value: value, at: tokens[current.lowerBound],
          statement: text)
        return
      }
      guard case .host = receiver, !Self.viewProperties.contains(name) else {
        throw skip("the hosting view's \(name) is not imported", at)
      }
      // `self.name = value` is the instance's, also when a local has the same name.
      if program.properties.contains(where: { $0.name == name }) { usedProperties.insert(name) }
      if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
      instance[name] = value
    default:
      throw skip("cannot set '\(name)' on \(receiver.kindName)", at)
    }
  }

  /// The parameters of the action being recorded that its code used, by name: the kind of
  /// value and the default `run` gives (`point`: the view's centre).
  var parameters: [String: (kind: PropertyKind, text: String)] = [:]
  /// The parameters a command of the action being recorded reads.
  private var usedParameters: Set<String> = []

  /// A method of a touch, the touches, an event or a gesture: its location is the action's
  /// `point` parameter (the place of the tap); `first`, `anyObject` and the like the event.
  static let eventMethods: Set<String> = [
    "location", "preciseLocation", "translation", "velocity", "previousLocation",
  ]

  private func eventMethod(_ name: String) throws(ImportSkip) -> ImportValue {
    switch name {
    case "location", "locationInView", "locationInView:", "preciseLocation":
      if parameters["point"] == nil {
        let centre = Point(viewSize.width / 2, viewSize.height / 2)
        parameters["point"] = (.point, ValueFormatting.value(.point(centre)))
      }
      return .parameter("point")
    case "translation", "velocity", "translationInView:", "velocityInView:",
      "previousLocation", "previousLocationInView:":
      throw skip("a gesture's \(name) is not followed: only its location is a parameter")
    default:
      return .event
    }
  }

  /// A view's properties by UIKit's names, as its layer's (a view's other layer properties are
  /// set through `view.layer`, which is the same object here).
  static let viewToLayer: [String: String] = [
    "alpha": "opacity", "center": "position", "isHidden": "hidden",
    "clipsToBounds": "masksToBounds", "image": "contents",
  ]

  /// UIView properties that are not the code's own variables.
  private static let viewProperties: Set<String> = [
    "alpha", "isHidden", "hidden", "frame", "bounds", "center", "transform", "layer",
    "clipsToBounds", "isUserInteractionEnabled", "userInteractionEnabled", "tintColor",
    "contentMode", "autoresizingMask", "translatesAutoresizingMaskIntoConstraints", "view",
    "isOpaque", "opaque", "title", "navigationItem",
  ]

  private func cellList(_ value: ImportValue, at: SourceToken) throws(ImportSkip) -> [Int] {
    switch value {
    case .null: return []
    case .array(let items):
      var out: [Int] = []
      for item in items {
        guard case .object(let c) = item, objects[c].kind == .cell else {
          throw skip("emitterCells holds cells, not \(item.kindName)", at)
        }
        objects[c].attached = true
        out.append(c)
      }
      return out
    default:
      throw skip("emitterCells is an array of cells, not \(value.kindName)", at)
    }
  }

  func attach(_ child: ImportValue, to parent: ImportValue, first: Bool, at: SourceToken)
    throws(ImportSkip)
  {
    guard case .object(let c) = child, objects[c].kind != .cell else {
      throw skip("addSublayer takes a layer, not \(child.kindName)", at)
    }
    if !recording.isEmpty, !objects[c].inStep, !objects[c].attached, !blockCopies.contains(c) {
      // A layer the setup made but did not add (`[self.layer addSublayer:self.snowLayer]` in
      // `start`): built where the action adds it, with what the action changed before.
      let level = recording.count - 1
      let earlier = recording[level].filter {
        switch $0 {
        case .set(c, _), .layer(c, _, _, _): return true
        default: return false
        }
      }
      recording[level].removeAll {
        switch $0 {
        case .set(c, _), .layer(c, _, _, _): return true
        default: return false
        }
      }
      var parentIndex: Int? = nil
      if case .object(let p) = parent, objects[p].kind != .cell, p != c { parentIndex = p }
      add(.build(object: c, parent: parentIndex, at: at, statement: program.snippet(current)))
      recording[level] += earlier
      objects[c].inStep = true
      objects[c].attached = true
      markBuilt(c)
      return
    }
    if !recording.isEmpty {
      // In an action or a block: a layer it created is built where it is added.
      guard gathering(c), !objects[c].attached else {
        throw skip("an action adds only the layers it creates, once", at)
      }
      switch parent {
      case .host, .hostLayer:
        add(.build(object: c, parent: nil, at: at, statement: program.snippet(current)))
      case .object(let p) where objects[p].kind != .cell && p != c && gathering(p):
        objects[p].sublayers.removeAll { $0 == c }
        if first { objects[p].sublayers.insert(c, at: 0) } else { objects[p].sublayers.append(c) }
      case .object(let p) where objects[p].kind != .cell && p != c:
        add(.build(object: c, parent: p, at: at, statement: program.snippet(current)))
      default:
        throw skip("cannot add a sublayer to \(parent.kindName)", at)
      }
      objects[c].attached = true
      return
    }
    switch parent {
    case .host, .hostLayer:
      hostSublayers.removeAll { $0 == c }
      if first { hostSublayers.insert(c, at: 0) } else { hostSublayers.append(c) }
    case .object(let p) where objects[p].kind != .cell && p != c:
      objects[p].sublayers.removeAll { $0 == c }
      if first { objects[p].sublayers.insert(c, at: 0) } else { objects[p].sublayers.append(c) }
    default:
      throw skip("cannot add a sublayer to \(parent.kindName)", at)
    }
    objects[c].attached = true
  }

  /// A value as `set` reads it; in an action or a scheduled block, a number worked out from
  /// `CACurrentMediaTime()` is `now` (`now+0.2`): the time when the block runs.
  private func recordedText(_ value: ImportValue, kind: PropertyKind, at: SourceToken)
    throws(ImportSkip) -> String
  {
    if !recording.isEmpty, case .number = kind, case .number(let n) = value,
      tokens[current].contains(where: { $0.isIdentifier("CACurrentMediaTime") })
    {
      let offset = ((n - now) * 1e9).rounded() / 1e9
      let w = SceneCommands.nowWord
      return offset == 0 ? w : w + (offset > 0 ? "+" : "") + ValueFormatting.number(offset)
    }
    return try valueText(value, kind: kind, at: at)
  }

  /// A value as `set` reads it for a property of `kind`.
  func valueText(_ value: ImportValue, kind: PropertyKind, at: SourceToken)
    throws(ImportSkip) -> String
  {
    func wrong() -> ImportSkip {
      skip("expected a \(kind.word) here, not \(value.kindName)", at)
    }
    if case .parameter(let name) = value, let fallback = parameters[name] {
      guard fallback.kind == kind else { throw wrong() }
      usedParameters.insert(name)
      return "$" + name
    }
    switch (kind, value) {
    case (.number, .number(let n)), (.angle, .number(let n)), (.integer, .number(let n)):
      return ValueFormatting.number(n)
    case (.number, .bool(let b)), (.integer, .bool(let b)):
      return b ? "1" : "0"
    case (.point, .point(let p)): return ValueFormatting.value(.point(p))
    case (.size, .size(let s)): return ValueFormatting.value(.size(s))
    case (.rect, .rect(let r)), (.roundedRect, .rect(let r)): return ValueFormatting.value(.rect(r))
    case (.point, .constant(".zero")): return "0,0"
    case (.size, .constant(".zero")): return "0,0"
    case (.rect, .constant(".zero")), (.roundedRect, .constant(".zero")): return "0,0,0,0"
    case (.color, .color(let c)): return SceneSaver.colorText(c)
    case (.color, .constant(let c)):
      guard let color = ImportNames.color(c) else { throw wrong() }
      return SceneSaver.colorText(color)
    case (.color, .null): return SceneSaver.colorText(.clear)
    case (.bool, .bool(let b)): return PropertyKind.boolWord(b)
    case (.bool, .number(let n)): return PropertyKind.boolWord(n != 0)
    case (.enumeration, .constant(let c)): return c
    case (.enumeration, .string(let s)): return s
    case (.image, .image(let ref)): return ValueFormatting.value(.image(ref))
    case (.transform3D, .transform(let t)): return t
    case (.transform3D, .constant(".identity")): return "identity"
    case (.image, .null): return ImageRef.noneWord
    case (.text, .string(let s)): return "\"\(s)\""
    default: throw wrong()
    }
  }

  // MARK: - Expressions

  /// The value of the tokens in `range`, or why it cannot be worked out.
  func expression(_ range: Range<Int>) throws(ImportSkip) -> ImportValue {
    guard !range.isEmpty else { throw skip("a missing value") }
    if let q = topLevelIndex(of: "?", in: range), q > range.lowerBound,
      !tokens[q - 1].isIdentifier("as"),
      let colon = topLevelIndex(of: ":", in: (q + 1)..<range.upperBound)
    {
      // `heavy ? rate * 2 : rate`: the branch its condition picks.
      guard let truth = Self.truth(try expression(range.lowerBound..<q)) else {
        throw skip("the condition of '? :' is not known here", tokens[q])
      }
      return try expression(truth ? (q + 1)..<colon : (colon + 1)..<range.upperBound)
    }
    var c = range.lowerBound
    let v = try binary(&c, range.upperBound, 0)
    guard c <= range.upperBound else {
      throw skip("an unclosed bracket", tokens[range.lowerBound])
    }
    guard c == range.upperBound else {
      throw skip("'\(tokens[c].text)' is not understood here", tokens[c])
    }
    return v
  }

  /// The value of an expression written in `text` (the inside of an interpolation), read
  /// with the file's own frames: its tokens are put after the file's for the reading.
  func expression(of text: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    let inner = SourceTokenizer.tokens(text).map { t -> SourceToken in
      var t = t
      t.line = at.line
      t.column = at.column
      return t
    }
    guard !inner.isEmpty, inner.count <= 64 else {
      throw skip("an interpolation that is empty or too long", at)
    }
    let start = program.tokens.count
    program.tokens += inner
    defer { program.tokens.removeLast(inner.count) }
    return try expression(start..<(start + inner.count))
  }

  private static let precedence: [String: Int] = [
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, ">": 3, "<=": 3, ">=": 3, "??": 4, "..<": 5,
    "...": 5, "+": 6, "-": 6, "*": 7, "/": 7, "%": 7,
  ]

  private func binary(_ c: inout Int, _ end: Int, _ minimum: Int) throws(ImportSkip)
    -> ImportValue
  {
    var lhs = try unary(&c, end)
    while c < end, tokens[c].kind == .punctuation, let p = Self.precedence[tokens[c].text],
      p >= minimum
    {
      let op = tokens[c]
      c += 1
      let rhs = try binary(&c, end, p + 1)
      lhs = try arithmetic(op.text, lhs, rhs, at: op)
    }
    return lhs
  }

  private func arithmetic(_ op: String, _ a: ImportValue, _ b: ImportValue, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    if op == "??" {
      if case .null = a { return b }
      return a
    }
    if op == "&&" || op == "||" {
      guard let x = Self.truth(a), let y = Self.truth(b) else {
        throw skip("a condition whose value is not known here", at)
      }
      return .bool(op == "&&" ? x && y : x || y)
    }
    if op == "==" || op == "!=" {
      if case .number = a, case .number = b {
      } else if a == .null || b == .null {
        return .bool((a == b) == (op == "=="))
      } else if case .string = a, case .string = b {
        return .bool((a == b) == (op == "=="))
      }
    }
    if op == "+", case .array(let x) = a, case .array(let y) = b { return .array(x + y) }
    let x = try number(a, at: at)
    let y = try number(b, at: at)
    switch op {
    case "+": return .number(x + y)
    case "-": return .number(x - y)
    case "*": return .number(x * y)
    case "/":
      guard y != 0 else { throw skip("a division by zero", at) }
      return .number(x / y)
    case "%":
      guard y != 0 else { throw skip("a division by zero", at) }
      return .number(x.truncatingRemainder(dividingBy: y))
    case "==": return .bool(x == y)
    case "!=": return .bool(x != y)
    case "<": return .bool(x < y)
    case ">": return .bool(x > y)
    case "<=": return .bool(x <= y)
    case ">=": return .bool(x >= y)
    default:
      if x.rounded() != x || y.rounded() != y {
        // `0.5...1.5`: a range of numbers, for `CGFloat.random(in:)`.
        return .range(x, y)
      }
      guard (y - x) <= Double(Self.maxLoopIterations), x.rounded() == x, y.rounded() == y else {
        throw skip("ranges of at most \(Self.maxLoopIterations) whole numbers are followed", at)
      }
      let last = op == "..." ? y : y - 1
      return .array(last < x ? [] : stride(from: x, through: last, by: 1).map { .number($0) })
    }
  }

  private func number(_ v: ImportValue, at: SourceToken) throws(ImportSkip) -> Double {
    switch v {
    case .number(let n): return n
    case .bool(let b): return b ? 1 : 0
    case .constant(let c) where Self.infinite[String(c.dropFirst())] != nil:
      // `.infinity`, `.greatestFiniteMagnitude` (repeatCount's forever).
      return Self.infinite[String(c.dropFirst())] ?? 0
    default: throw skip("expected a number, not \(v.kindName)", at)
    }
  }

  /// Types whose names an Objective-C cast `(CGFloat)x` uses.
  private static let castTypes: Set<String> = [
    "id", "CGFloat", "float", "double", "int", "long", "NSInteger", "NSUInteger", "CGColorRef",
    "CGImageRef", "Float", "BOOL", "int64_t", "uint64_t",
  ]

  /// How many `unary` calls are in progress: signs, casts and brackets inside an expression.
  private var expressionDepth = 0

  private func unary(_ c: inout Int, _ end: Int) throws(ImportSkip) -> ImportValue {
    guard c < end else { throw skip("a missing value", c > 0 ? tokens[c - 1] : nil) }
    let t = tokens[c]
    expressionDepth += 1
    defer { expressionDepth -= 1 }
    guard expressionDepth <= Limits.maxImportNesting else {
      throw skip("an expression nested more than \(Limits.maxImportNesting) deep", t)
    }
    if t.isPunctuation("-") || t.isPunctuation("+") {
      c += 1
      let v = try unary(&c, end)
      return t.text == "-" ? .number(-(try number(v, at: t))) : v
    }
    if t.isPunctuation("!") {
      c += 1
      guard let truth = Self.truth(try unary(&c, end)) else {
        throw skip("a condition whose value is not known here", t)
      }
      return .bool(!truth)
    }
    if t.isPunctuation("("), program.language == .objc, c + 3 < end,
      tokens[c + 1].isIdentifier("CATransform3D"), tokens[c + 2].isPunctuation(")"),
      tokens[c + 3].isPunctuation("{")
    {
      // `(CATransform3D){m11, …, m44}` (what `export objc` writes): a matrix.
      let close = program.closing(c + 3, in: (c + 3)..<end)
      guard close < end else { throw skip("an unclosed '{'", t) }
      var n: [Double] = []
      for (_, v) in try list((c + 4)..<close) { n.append(try number(v, at: t)) }
      guard n.count == 16 else { throw skip("a CATransform3D has 16 entries", t) }
      c = close + 1
      return .transform(Self.transformWord("matrix", n))
    }
    if t.isPunctuation("("), program.language == .objc, let after = castEnd(c, end) {
      c = after
      return try unary(&c, end)
    }
    var v = try primary(&c, end)
    try postfix(&v, &c, end)
    return v
  }

  /// After an Objective-C cast `(__bridge id)` or `(CGFloat)`, where its operand starts.
  private func castEnd(_ c: Int, _ end: Int) -> Int? {
    let close = program.closing(c, in: c..<end)
    guard close + 1 < end else { return nil }
    let inside = tokens[(c + 1)..<close]
    guard let first = inside.first, first.kind == .identifier,
      inside.allSatisfy({ $0.kind == .identifier || $0.isPunctuation("*") }),
      Self.castTypes.contains(first.text) || first.text.hasPrefix("__bridge")
        || inside.last?.isPunctuation("*") == true
    else { return nil }
    let next = tokens[close + 1]
    guard next.kind != .punctuation || ["(", "[", "-"].contains(next.text) else { return nil }
    return close + 1
  }

  private func primary(_ c: inout Int, _ end: Int) throws(ImportSkip) -> ImportValue {
    let t = tokens[c]
    switch t.kind {
    case .number:
      c += 1
      return .number(try literal(t))
    case .string:
      c += 1
      guard program.language == .swift else { return .string(t.text) }
      return .string(
        try interpolated(t.text, at: t) { (inside: String) throws(ImportSkip) -> ImportValue in
          try self.expression(of: inside, at: t)
        })
    case .identifier:
      c += 1
      switch t.text {
      case "true", "YES", "@YES": return .bool(true)
      case "false", "NO", "@NO": return .bool(false)
      case "nil", "NULL", "Nil": return .null
      case "self": return program.selfIsEmitter ? try ownEmitter(at: t) : .host
      case "@selector", "#selector": throw skip("selectors are not followed", t)
      default: return try variable(t.text, at: t)
      }
    case .punctuation:
      switch t.text {
      case ".":
        guard c + 1 < end, tokens[c + 1].kind == .identifier else { break }
        c += 2
        let name = tokens[c - 1].text
        return name == "pi" ? .number(.pi) : .constant("." + name)
      case "(":
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        let v = try expression((c + 1)..<close)
        c = close + 1
        return v
      case "{"
      where program.language == .swift && c > 0
        && [",", "(", ":"].contains(tokens[c - 1].text):
        // A closure passed as an argument (`delay(0.5, closure: { … })`).
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        defer { c = close + 1 }
        return closure((c + 1)..<close)
      case "@":
        // `@(expr)`, `@[…]`, `@10`: Objective-C literals.
        c += 1
        guard c < end else { break }
        if tokens[c].isPunctuation("[") {
          let close = program.closing(c, in: c..<end)
          guard close < end else { throw skip("an unclosed '@['", t) }
          let items = try list((c + 1)..<close)
          c = close + 1
          return .array(items.map(\.1))
        }
        return try unary(&c, end)
      case "[":
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '['", t) }
        defer { c = close + 1 }
        if program.language == .swift {
          return .array(try list((c + 1)..<close).map(\.1))
        }
        return try send((c + 1)..<close, at: t)
      case "{":
        // `{ … }()`: a closure run at once (a stored property's initializer).
        let close = program.closing(c, in: c..<end)
        guard close + 2 < end, tokens[close + 1].isPunctuation("("),
          tokens[close + 2].isPunctuation(")")
        else { throw skip("closures are not followed", t) }
        var bodyRange = (c + 1)..<close
        if let inIndex = tokens[bodyRange].firstIndex(where: { $0.isIdentifier("in") }),
          tokens[bodyRange.lowerBound..<inIndex].allSatisfy({ !$0.isPunctuation("{") })
        {
          bodyRange = (inIndex + 1)..<close
        }
        c = close + 3
        return try invoke(body: bodyRange, parameters: [], args: [], at: t)
      default: break
      }
    }
    throw skip("'\(t.text)' is not understood here", t)
  }

  private func literal(_ t: SourceToken) throws(ImportSkip) -> Double {
    var text = t.text.replacingOccurrences(of: "_", with: "")
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      guard let n = Int(text.dropFirst(2), radix: 16) else { throw skip("a bad number", t) }
      return Double(n)
    }
    while let last = text.last, "fFlLuU".contains(last) { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    guard let n = Double(text) else { throw skip("a bad number '\(t.text)'", t) }
    return n
  }

  /// Comma-separated values, each with its label (`x: 1`), of a call or an array.
  private func list(_ range: Range<Int>) throws(ImportSkip) -> [(String?, ImportValue)] {
    var out: [(String?, ImportValue)] = []
    var start = range.lowerBound
    var depth = 0
    var j = range.lowerBound
    func item(_ r: Range<Int>) throws(ImportSkip) {
      guard !r.isEmpty else { return }
      if r.count >= 3, tokens[r.lowerBound].kind == .identifier,
        tokens[r.lowerBound + 1].isPunctuation(":")
      {
        out.append((tokens[r.lowerBound].text, try expression((r.lowerBound + 2)..<r.upperBound)))
      } else {
        out.append((nil, try expression(r)))
      }
    }
    while j < range.upperBound {
      let t = tokens[j]
      if t.kind == .punctuation {
        if ["(", "[", "{"].contains(t.text) { depth += 1 }
        if [")", "]", "}"].contains(t.text) { depth -= 1 }
        if t.text == "," && depth == 0 {
          try item(start..<j)
          start = j + 1
        }
      }
      j += 1
    }
    try item(start..<range.upperBound)
    return out
  }

  private func postfix(_ v: inout ImportValue, _ c: inout Int, _ end: Int) throws(ImportSkip) {
    while c < end {
      let t = tokens[c]
      if t.isPunctuation(".") || t.isPunctuation("?."), c + 1 < end {
        let name = tokens[c + 1]
        c += 2
        v = try member(v, name.text, at: name)
      } else if t.isPunctuation("("), !t.startsLine {
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '('", t) }
        var args = try list((c + 1)..<close)
        c = close + 1
        if args.isEmpty, c < end, tokens[c].isPunctuation("{"), Self.takesClosure(v) { continue }
        if c < end, tokens[c].isPunctuation("{") {
          // A trailing closure given to a function of the file (`delay(0.5) { … }`).
          guard case .function(let name) = v, !name.hasPrefix("#") else {
            throw skip("closures are not followed", t)
          }
          let close = program.closing(c, in: c..<end)
          guard close < end else { throw skip("an unclosed '{'", t) }
          args.append((nil, closure((c + 1)..<close)))
          c = close + 1
        }
        v = try call(v, args, at: t)
      } else if t.isPunctuation("{"), !t.startsLine, case .function(let name) = v,
        !name.hasPrefix("#"), program.language == .swift
      {
        // `twice { … }`: a function of the file called with only a trailing closure.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        let argument = closure((c + 1)..<close)
        c = close + 1
        v = try call(v, [(nil, argument)], at: t)
      } else if t.isPunctuation("{"), Self.takesClosure(v),
        case .method(.array(let items), let name) = v
      {
        // A trailing closure: `cells.forEach { $0.birthRate = 0 }`, `colors.map { c in … }`.
        let close = program.closing(c, in: c..<end)
        guard close < end else { throw skip("an unclosed '{'", t) }
        v = try mapped(items, name, closure: (c + 1)..<close, at: t)
        c = close + 1
      } else if t.isPunctuation("["), !t.startsLine,
        program.language == .swift || Self.isSubscript(tokens, at: c, end: end)
      {
        let close = program.closing(c, in: c..<end)
        let index = try number(try expression((c + 1)..<close), at: t)
        c = close + 1
        guard case .array(let items) = v, let i = Int(exactly: index), items.indices.contains(i)
        else { throw skip("an index out of range", t) }
        v = items[i]
      } else if t.isPunctuation("!") || t.isPunctuation("?") {
        c += 1
      } else if t.isIdentifier("as") {
        c += 1
        if c < end, tokens[c].isPunctuation("!") || tokens[c].isPunctuation("?") { c += 1 }
        var type = ""
        var nesting = 0
        while c < end,
          tokens[c].kind == .identifier || tokens[c].isPunctuation(".")
            || tokens[c].isPunctuation("[") || tokens[c].isPunctuation("<")
            || (nesting > 0
              && (tokens[c].isPunctuation("]") || tokens[c].isPunctuation(">")
                || tokens[c].isPunctuation(":") || tokens[c].isPunctuation(",")))
        {
          // `as [AnyObject]`, `as! [String: Any]`, `as Set<UITouch>`: the whole type.
          if tokens[c].isPunctuation("[") || tokens[c].isPunctuation("<") { nesting += 1 }
          if tokens[c].isPunctuation("]") || tokens[c].isPunctuation(">") { nesting -= 1 }
          type += tokens[c].text
          c += 1
        }
        if type == "CAEmitterLayer", case .hostLayer = v { v = try ownEmitter(at: t) }
      } else {
        return
      }
    }
  }

  /// Whether Objective-C's `[` at `c`, after a value, indexes it (`imgs[i]`, `colors[i % 3]`)
  /// rather than starting a message (`[receiver selector]`: two names in a row).
  static func isSubscript(_ tokens: [SourceToken], at c: Int, end: Int) -> Bool {
    guard c + 1 < end, !tokens[c + 1].isPunctuation("]") else { return false }
    if c + 2 < end, tokens[c + 1].kind == .identifier, tokens[c + 2].kind == .identifier {
      return false
    }
    return true
  }

  /// NSNumber's views of its value (`floatValue`, `[n doubleValue]`): the same number.
  static let numberViews: Set<String> = [
    "floatValue", "doubleValue", "intValue", "integerValue", "unsignedIntValue",
    "unsignedIntegerValue", "longValue", "cgFloatValue",
  ]

  /// An instance variable or property by name; Objective-C's `_emitter` is the variable behind
  /// the property `emitter` (and the other way round).
  func instanceValue(_ name: String) -> ImportValue? {
    if let v = instance[name] { return v }
    if name.hasPrefix("_"), name.count > 1 { return instance[String(name.dropFirst())] }
    return instance["_" + name]
  }

  /// Whether a type is one the file declares (and not one the importer knows by itself).
  func isOwnType(_ type: String) -> Bool {
    program.typeNames.contains(type) && !Self.types.contains(type)
  }

  /// An instance of the file's own class (`EmitterView()`, `[[HelperLayer alloc] init]`): the
  /// hosting view, or the layer itself in a CAEmitterLayer subclass. **(choice)** The file
  /// stands for one object of its class, so every instance is that one.
  func instantiate(_ type: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    if program.selfIsEmitter { return try ownEmitter(at: at) }
    return .host
  }

  /// The value the code last gave property `key` of object `o`, or its default.
  func modelValue(_ o: Int, _ key: String) -> ImportValue? {
    guard let info = Self.info(key, of: objects[o].kind) else { return nil }
    if let last = objects[o].assignments.last(where: { $0.key == info.name }) { return last.value }
    switch info.defaultValue {
    case .number(let n): return .number(n)
    case .point(let p): return .point(p)
    case .size(let s): return .size(s)
    case .color(let c): return .color(c)
    default: return nil
    }
  }

  /// A closure literal's value: its body (after a `params in` header) and what it captures.
  private func closure(_ inside: Range<Int>) -> ImportValue {
    var start = inside.lowerBound
    // `{ _ in … }`, `{ (finished) in … }`, `{ [weak self] in … }`: the header ends at `in`.
    var j = inside.lowerBound
    while j < inside.upperBound, j < inside.lowerBound + 16, !tokens[j].startsLine || j == start {
      if tokens[j].isIdentifier("in") {
        start = j + 1
        break
      }
      j += 1
    }
    var captured: [String: ImportValue] = [:]
    for frame in frames { captured.merge(frame) { _, new in new } }
    return .closure(body: start..<inside.upperBound, captured: captured)
  }

  /// The view's own layer when `layerClass` is CAEmitterLayer: an emitter filling the view.
  private func ownEmitter(at: SourceToken) throws(ImportSkip) -> ImportValue {
    if let o = ownLayer { return .object(o) }
    guard case .object(let o) = try create(.emitter, at: at) else { return .null }
    ownLayer = o
    // The view's own layer is the setup's, also when an action reads it first.
    objects[o].inStep = false
    objects[o].stepDepth = 0
    objects[o].attached = true
    objects[o].assignments.append(
      ImportAssignment(
        key: "frame",
        text: ValueFormatting.value(.rect(Rect(0, 0, viewSize.width, viewSize.height))),
        value: .void, at: nil, statement: "the view's own layer fills it"))
    hostSublayers.append(o)
    return .object(o)
  }

  /// Type names the importer knows as values to call or to read members of.
  private static let types: Set<String> = Set([
    "CAEmitterLayer", "CAEmitterCell", "CALayer", "CGPoint", "CGSize", "CGRect", "CGFloat",
    "Float", "Double", "Int", "NSNumber", "NSValue", "UIColor", "CGColor", "UIImage", "UIScreen",
    "CGPointMake", "CGSizeMake", "CGRectMake", "CACurrentMediaTime", "NSArray", "NSMutableArray",
    "sin", "cos", "sqrt", "abs", "fabs", "min", "max", "fmin", "fmax", "floor", "ceil", "round",
    "CGRectGetMidX", "CGRectGetMidY", "CGRectGetWidth", "CGRectGetHeight", "#colorLiteral",
    "#imageLiteral",
  ]).union(randomFunctions)

  /// What a name means here: a local, an instance variable (a stored property evaluated now),
  /// a computed property, a function, the view's own members, a type or a constant.
  private func variable(_ name: String, at: SourceToken) throws(ImportSkip) -> ImportValue {
    if let macro = program.macros[name], !evaluating.contains("#" + name) {
      // The preprocessor's: the value stands where the name is written.
      guard macro.parameters == nil else { return .function("#" + name) }
      evaluating.insert("#" + name)
      defer { evaluating.remove("#" + name) }
      return try expression(macro.body)
    }
    if let v = frames.last?[name] ?? instanceValue(name) { return v }
    if ["window", "superview", "convert", "convertPoint", "convertRect"].contains(name),
      !program.properties.contains(where: { $0.name == name }),
      !program.functions.contains(where: { $0.name == name })
    {
      // Inside a view, the view's own `window` and `convert(_:to:)`.
      return try member(.host, name, at: at)
    }
    if let p = program.properties.first(where: { $0.name == name }) {
      guard !p.initializer.isEmpty else {
        usedProperties.insert(name)
        throw skip("'\(name)' is declared without a value here (set by a storyboard or later)", at)
      }
      guard !evaluating.contains(name) else { throw skip("'\(name)' refers to itself", at) }
      evaluating.insert(name)
      defer { evaluating.remove(name) }
      usedProperties.insert(name)
      frames.append([:])
      let value: ImportValue
      do throws(ImportSkip) {
        value = try expression(p.initializer)
      } catch {
        frames.removeLast()
        throw error
      }
      frames.removeLast()
      if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
      instance[name] = value
      return value
    }
    if let f = program.functions.firstIndex(where: { $0.name == name && $0.isProperty }) {
      let value = try call(f, args: [], at: at)
      if case .object(let o) = value, objects[o].variable == nil { objects[o].variable = name }
      return value
    }
    if program.functions.contains(where: { $0.name == name }) { return .function(name) }
    if [
      "bounds", "frame", "layer", "view", "center", "addSubview", "insertSubview",
      "bringSubviewToFront", "sendSubviewToBack",
    ].contains(name) {
      return try member(.host, name, at: at)
    }
    if Self.types.contains(name) { return .type(name) }
    if ["CATransform3DIdentity", "CGAffineTransformIdentity"].contains(name) {
      return .transform("identity")
    }
    if let n = Self.infinite[name], name.first?.isUppercase == true { return .number(n) }
    if name.hasPrefix("kCA") { return .constant(name) }
    if let n = ImportNames.number(name) { return .number(n) }
    if name.first?.isUppercase == true { return .type(name) }
    throw skip("'\(name)' is not known to the importer", at)
  }

  private func member(_ v: ImportValue, _ name: String, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    let whole = Rect(0, 0, viewSize.width, viewSize.height)
    if case .number = v, Self.numberViews.contains(name) { return v }  // `n.floatValue`
    switch v {
    case .event:
      // `touches.first`, `event.allTouches`, `sender.view`: still the event; its methods
      // wait for their arguments (`touch.location(in: view)`).
      if Self.eventMethods.contains(name) { return .method(v, name) }
      return name == "view" ? .host : .event
    case .type(let type):
      if name == "self" || name == "init" { return v }
      if type == "PlaygroundPage", name == "current" { return .type("PlaygroundPage.current") }
      if program.typeNames.contains(type), program.functions.contains(where: { $0.name == name }) {
        return .function(name)  // `SnowGlobeView.newEmitterCell()`: a class function of the file
      }
      if isOwnType(type) {
        // `Palette.accent`: a static property of the file's type; `Kind.rain`: a case of its
        // enumeration, the same as `.rain`.
        if program.properties.contains(where: { $0.name == name }) {
          return try variable(name, at: at)
        }
        return .constant("." + name)
      }
      if name == "pi", ["CGFloat", "Double", "Float"].contains(type) { return .number(.pi) }
      if ["CGFloat", "Double", "Float"].contains(type), let n = Self.infinite[name] {
        return .number(n)
      }
      if type == "CGAffineTransform", name == "identity" { return .transform("identity") }
      if name == "random", Self.randomTypes.contains(type) { return .type(type + ".random") }
      if name == "zero" { return .constant(".zero") }
      if type == "UIColor" || type == "CGColor", let color = ImportNames.color(name) {
        return .color(color)
      }
      if type == "UIScreen", name == "main" { return .host }
      if type.hasPrefix("CA") { return .constant("." + name) }
    case .host:
      switch name {
      case "view", "window", "superview", "contentView": return .host
      case "addSubview", "insertSubview", "bringSubviewToFront", "sendSubviewToBack", "convert",
        "convertPoint", "convertRect":
        return .method(v, name)
      case "layer": return layerIsOwn ? try ownEmitter(at: at) : .hostLayer
      case "bounds", "frame", "applicationFrame": return .rect(whole)
      case "center": return .point(Point(whole.size.width / 2, whole.size.height / 2))
      default:
        if let value = instanceValue(name) { return value }
        if program.properties.contains(where: { $0.name == name })
          || program.functions.contains(where: { $0.name == name })
        {
          return try variable(name, at: at)
        }
        if Self.viewProperties.contains(name) || name == "backgroundColor" {
          throw skip("the hosting view's \(name) is not imported", at)
        }
        throw skip("'\(name)' is not known to the importer", at)
      }
    case .hostLayer:
      if ["bounds", "frame"].contains(name) { return .rect(whole) }
      if ["addSublayer", "insertSublayer"].contains(name) { return .method(v, name) }
      if ["add", "addAnimation", "removeAllAnimations", "removeAnimation"].contains(name) {
        throw skip("animations of the hosting view's own layer are not imported", at)
      }
    case .rect(let r):
      switch name {
      case "width": return .number(r.size.width)
      case "height": return .number(r.size.height)
      case "midX": return .number(r.origin.x + r.size.width / 2)
      case "midY": return .number(r.origin.y + r.size.height / 2)
      case "minX": return .number(r.origin.x)
      case "minY": return .number(r.origin.y)
      case "maxX": return .number(r.origin.x + r.size.width)
      case "maxY": return .number(r.origin.y + r.size.height)
      case "size": return .size(r.size)
      case "origin": return .point(r.origin)
      default: break
      }
    case .size(let s):
      if name == "width" { return .number(s.width) }
      if name == "height" { return .number(s.height) }
    case .point(let p):
      if name == "x" { return .number(p.x) }
      if name == "y" { return .number(p.y) }
    case .color:
      if name == "cgColor" || name == "CGColor" { return v }
      if name == "withAlphaComponent" { return .method(v, name) }
    case .constant(let c):
      if let color = ImportNames.color(c) { return try member(.color(color), name, at: at) }
    case .image:
      if name == "cgImage" || name == "CGImage" { return v }
    case .null:
      return .null
    case .string(let text):
      // A string is its characters: `string.characters` (Swift 3), `string.map { … }`.
      let characters = ImportValue.array(text.map { .string(String($0)) })
      if name == "characters" { return characters }
      if name == "count" { return .number(Double(text.count)) }
      if Self.closureMethods.contains(name) { return .method(characters, name) }
    case .array(let items):
      switch name {
      case "count": return .number(Double(items.count))
      case "first": return items.first ?? .null
      case "last": return items.last ?? .null
      case "enumerated", "reversed": return .method(v, name)
      case _ where Self.closureMethods.contains(name): return .method(v, name)
      default: break
      }
    case .animation(let a):
      if name == "settlingDuration" { return .constant("settlingDuration") }
      if name == "setValue" { return .method(v, name) }
      if name == "keyPath" { return animations[a].keyPath.map { .string($0) } ?? .null }
      if let property = ImportedAnimation.property(name),
        let value = animations[a].value(property)
      {
        return value
      }
    case .presentation(let o):
      if name == "value" || name == "valueForKeyPath" { return .method(v, name) }
      if Self.info(name, of: objects[o].kind) != nil {
        // `emitter.presentation()?.lifetime`: what is on screen when the code runs.
        return .presented(object: o, keyPath: name)
      }
    case .path:
      if Self.pathMethods.contains(name) { return .method(v, name) }
    case .transform:
      if ["concatenating", "scaledBy", "rotated", "translatedBy"].contains(name) {
        return .method(v, name)
      }
    case .object(let o):
      if objects[o].view != nil, name == "layer" { return v }
      if o == ownLayer, program.functions.contains(where: { $0.name == name }) {
        return .function(name)  // `self.setup()` in a CAEmitterLayer subclass
      }
      if objects[o].kind != .cell,
        ["frame", "bounds", "position"].contains(name)
          || (objects[o].view != nil && name == "center")
      {
        return viewGeometry(o, name == "position" ? "center" : name)
      }
      let name = objects[o].view != nil ? Self.viewToLayer[name] ?? name : name
      switch name {
      case "presentationLayer": return .presentation(o)
      case "addSublayer", "insertSublayer", "setValue", "add", "removeFromSuperlayer",
        "removeAllAnimations", "addAnimation", "removeAnimation", "removeAnimationForKey",
        "presentation",
        "convertTime", "addSubview", "insertSubview", "bringSubviewToFront", "sendSubviewToBack",
        "setImage":
        return .method(v, name)
      case "emitterCells": return .array(objects[o].cells.map { .object($0) })
      case "name": return objects[o].explicitName.map { .string($0) } ?? .null
      default:
        guard let info = Self.info(name, of: objects[o].kind) else {
          if o == ownLayer, let own = instance[name] { return own }  // `self.imageNameArray`
          break
        }
        if let last = objects[o].assignments.last(where: { $0.key == info.name }) {
          return last.value
        }
        switch info.defaultValue {
        case .number(let n): return .number(n)
        case .point(let p): return .point(p)
        case .size(let s): return .size(s)
        case .rect(let r): return .rect(r)
        case .color(let c): return .color(c)
        case .bool(let b): return .bool(b)
        default: break
        }
      }
    default:
      break
    }
    if case .object(let o) = v, let view = objects[o].view {
      throw skip("\(view) has no member '\(name)' that the importer reads", at)
    }
    throw skip("\(v.kindName) has no member '\(name)' that the importer reads", at)
  }

  private var layerIsOwn: Bool { program.layerIsEmitter }

  /// Whether a value is the code's `self`: the hosting view, or the layer itself in a
  /// CAEmitterLayer subclass.
  private func isSelf(_ v: ImportValue) -> Bool {
    switch v {
    case .host: return true
    case .object(let o): return o == ownLayer
    default: return false
    }
  }

  private func call(_ v: ImportValue, _ args: [(String?, ImportValue)], at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    let labels = args.map { $0.0 ?? "_" }
    let values = args.map(\.1)
    if case .type(let name) = v, let drawn = try randomCall(name, labels, values, at: at) {
      return drawn
    }
    func arg(_ label: String) throws(ImportSkip) -> Double {
      guard let a = args.first(where: { $0.0 == label }) else {
        throw skip("missing '\(label):'", at)
      }
      return try number(a.1, at: at)
    }
    func numbers() throws(ImportSkip) -> [Double] {
      var out: [Double] = []
      for v in values { out.append(try number(v, at: at)) }
      return out
    }
    switch v {
    case .type(let type):
      switch (type, labels) {
      case ("String", ["_"]):
        // `String($0)`, `String(n)`: the text of a value.
        switch values[0] {
        case .string: return values[0]
        case .number(let n): return .string(ValueFormatting.number(n))
        default: break
        }
      case (_, []) where isOwnType(type), (_, ["frame"]) where isOwnType(type):
        return try instantiate(type, at: at)  // `EmitterView()`: the file's own view
      case ("CAEmitterLayer", []): return try create(.emitter, at: at)
      case ("CAEmitterCell", []): return try create(.cell, at: at)
      case ("CALayer", []): return try create(.layer, at: at)
      case (_, []) where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: nil, at: at)
      case (_, ["keyPath"]) where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: values[0], at: at)
      case ("CAMediaTimingFunction", ["name"]):
        return try timingFunction(values[0], at: at)
      case ("CAMediaTimingFunction", ["controlPoints", "_", "_", "_"]):
        return try bezier(values, at: at)
      case ("CGMutablePath", []), ("CGPathCreateMutable", []):
        guard paths.count < Self.maxObjects else {
          throw skip("the import builds at most \(Self.maxObjects) paths", at)
        }
        paths.append([])
        return .path(paths.count - 1)
      case ("CGPathRelease", ["_"]), ("CFRelease", ["_"]):
        return .void
      case ("CGPath", ["ellipseIn", "transform"]), ("CGPathCreateWithEllipseInRect", ["_", "_"]),
        ("CGPath", ["rect", "transform"]), ("CGPathCreateWithRect", ["_", "_"]):
        guard paths.count < Self.maxObjects else {
          throw skip("the import builds at most \(Self.maxObjects) paths", at)
        }
        paths.append([])
        let ellipse = labels.first == "ellipseIn" || type.contains("Ellipse")
        try pathElement(
          paths.count - 1, ellipse ? "addEllipse" : "addRect", labels: [ellipse ? "in" : "_"],
          values: [values[0]], at: at)
        return .path(paths.count - 1)
      case ("NSValue", ["cgPoint"]), ("NSValue", ["cgSize"]), ("NSValue", ["cgRect"]),
        ("NSValue", ["caTransform3D"]), ("NSValue", ["cgAffineTransform"]):
        return values[0]
      case (_, let l)
      where Self.viewClasses.contains(type)
        && (l.isEmpty || l == ["frame"] || l == ["type"] || l == ["image"]):
        return try createView(type, labels, values, at: at)
      case ("CGPoint", ["x", "y"]), ("CGPointMake", ["_", "_"]):
        let n = try numbers()
        return .point(Point(n[0], n[1]))
      case ("CGSize", ["width", "height"]), ("CGSizeMake", ["_", "_"]):
        let n = try numbers()
        return .size(Size(n[0], n[1]))
      case ("CGRect", ["x", "y", "width", "height"]), ("CGRectMake", ["_", "_", "_", "_"]):
        let n = try numbers()
        return .rect(Rect(n[0], n[1], n[2], n[3]))
      case ("CGRect", ["origin", "size"]):
        guard case .point(let p) = values[0], case .size(let s) = values[1] else { break }
        return .rect(Rect(p.x, p.y, s.width, s.height))
      case ("CGFloat", ["_"]), ("Float", ["_"]), ("Double", ["_"]), ("NSNumber", ["value"]),
        ("NSNumber", ["float"]), ("NSNumber", ["double"]), ("NSNumber", ["integer"]),
        ("NSNumber", ["int"]), ("NSNumber", ["bool"]), ("CGFloat", ["value"]):
        // NSNumber(float:) and its kin are Swift 1 and 2's spellings of NSNumber(value:).
        return .number(try number(values[0], at: at))
      case ("Array", let l) where l.first == "arrayLiteral":
        return .array(values)  // `Array(arrayLiteral: a, b)`
      case ("NSArray", ["array"]), ("NSMutableArray", ["array"]), ("Array", ["_"]):
        // `NSArray(array: [a, b])`, `Array(cells)`: the same items.
        guard case .array = values[0] else { break }
        return values[0]
      case ("Int", ["_"]):
        return .number(try number(values[0], at: at).rounded(.towardZero))
      case ("UIColor", ["red", "green", "blue", "alpha"]),
        ("CGColor", ["red", "green", "blue", "alpha"]):
        return .color(
          Color(try arg("red"), try arg("green"), try arg("blue"), try arg("alpha")))
      case ("UIColor", ["white", "alpha"]), ("CGColor", ["gray", "alpha"]):
        let w = try number(values[0], at: at)
        return .color(Color(w, w, w, try arg("alpha")))
      case ("UIColor", ["hue", "saturation", "brightness", "alpha"]):
        return .color(
          Self.hsb(try arg("hue"), try arg("saturation"), try arg("brightness"), try arg("alpha")))
      case ("UIColor", ["cgColor"]):
        return values[0]
      case ("UIImage", ["named"]), ("UIImage", ["named", "in", "compatibleWith"]),
        ("UIImage", ["named", "in", "with"]):
        guard case .string(let name) = values[0] else { break }
        return .image(image(named: name, at: at))
      case ("#colorLiteral", ["red", "green", "blue", "alpha"]):
        // Xcode's colour literal.
        return .color(Color(try arg("red"), try arg("green"), try arg("blue"), try arg("alpha")))
      case ("#imageLiteral", ["resourceName"]):
        guard case .string(let name) = values[0] else { break }
        return .image(image(named: name, at: at))
      case ("UIImage", ["systemName"]), ("UIImage", ["systemName", "withConfiguration"]):
        guard case .string(let name) = values[0] else { break }
        return .image(symbol(name, at: at))
      case ("UIImage", ["contentsOfFile"]):
        guard case .string(let path) = values[0] else { break }
        return .image(image(named: Self.imageName(ofPath: path), at: at))
      case ("CACurrentMediaTime", []):
        return .number(now)
      case ("CGRectGetMidX", ["_"]), ("CGRectGetMidY", ["_"]), ("CGRectGetWidth", ["_"]),
        ("CGRectGetHeight", ["_"]):
        let field =
          ["CGRectGetMidX": "midX", "CGRectGetMidY": "midY", "CGRectGetWidth": "width"][
            type] ?? "height"
        return try member(values[0], field, at: at)
      case ("sin", ["_"]), ("cos", ["_"]), ("sqrt", ["_"]), ("abs", ["_"]), ("fabs", ["_"]),
        ("floor", ["_"]), ("ceil", ["_"]), ("round", ["_"]):
        let x = try number(values[0], at: at)
        let f: [String: Double] = [
          "sin": sin(x), "cos": cos(x), "sqrt": sqrt(x), "abs": abs(x), "fabs": abs(x),
          "floor": x.rounded(.down), "ceil": x.rounded(.up), "round": x.rounded(),
        ]
        return .number(f[type] ?? x)
      case ("min", ["_", "_"]), ("fmin", ["_", "_"]):
        let n = try numbers()
        return .number(Swift.min(n[0], n[1]))
      case ("max", ["_", "_"]), ("fmax", ["_", "_"]):
        let n = try numbers()
        return .number(Swift.max(n[0], n[1]))
      default:
        if let t = try transform(type, labels, values, at: at) { return t }
        if let p = try pathFunction(type, values, at: at) { return p }
      }
      throw skip("\(type)(\(labels.map { $0 + ":" }.joined())) is not understood", at)
    case .function(let name) where localActions.contains(name) && args.isEmpty:
      add(.run(name))
      return .void
    case .function(let name) where name.hasPrefix("#"):
      guard let macro = program.macros[String(name.dropFirst())],
        let parameters = macro.parameters, parameters.count == values.count,
        !evaluating.contains(name)
      else { throw skip("the macro \(name.dropFirst()) takes other arguments", at) }
      evaluating.insert(name)
      defer { evaluating.remove(name) }
      return try invoke(body: macro.body, parameters: parameters, args: values, at: at)
    case .function(let name):
      let candidates = program.functions.indices.filter {
        program.functions[$0].name == name && program.functions[$0].parameters.count == args.count
      }
      if let f = candidates.first { return try call(f, args: values, at: at) }
      // Fewer arguments than parameters: the rest take their default values.
      let defaulted = program.functions.indices.filter { k in
        let f = program.functions[k]
        return f.name == name && f.parameters.count > args.count
          && f.parameterDefaults.count == f.parameters.count
          && f.parameterDefaults[args.count...].allSatisfy { $0 != nil }
      }
      guard let f = defaulted.first else {
        throw skip("no function \(name) takes \(args.count) arguments", at)
      }
      var all = values
      for d in program.functions[f].parameterDefaults[args.count...] {
        guard let d else { break }
        all.append(try expression(d))
      }
      return try call(f, args: all, at: at)
    case .method(let receiver, let name):
      return try method(receiver, name, labels: labels, values: values, at: at)
    case .closure(let body, let captured):
      // `closure()`: its body runs where it is called (in a scheduled block, it is recorded).
      let names = captured.keys.sorted()
      return try invoke(
        body: body, parameters: names, args: names.map { captured[$0] ?? .null }, at: at)
    case .array(let items)
    where args.isEmpty && items.count == 1 && { if case .type = items[0] { true } else { false } }():
      // `[CAEmitterCell]()`: an empty array of that type.
      return .array([])
    default:
      throw skip("\(v.kindName) cannot be called", at)
    }
  }

  private func method(
    _ receiver: ImportValue, _ name: String, labels: [String], values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    if case .event = receiver { return try eventMethod(name) }
    switch (name, labels) {
    case ("addSublayer", ["_"]):
      try attach(values[0], to: receiver, first: false, at: at)
      return .void
    case ("insertSublayer", ["_", "above"]) where !recording.isEmpty:
      // In a block: the copy `export` declares ahead and inserts above its original.
      guard case .object(let c) = values[0], case .object(let a) = values[1],
        !objects[c].attached, objects[c].kind == objects[a].kind, objects[a].kind != .cell,
        objects[c].sublayers.isEmpty, objects[a].sublayers.isEmpty,
        objects[c].cells.map({ objects[$0].explicitName })
          == objects[a].cells.map({
            objects[$0].explicitName
          })
      else {
        throw skip(
          "in a block, only a copy is added: insertSublayer(_:above:) of a layer built like the"
            + " one it goes above, as export writes Burst's copy", at)
      }
      blockCopies.insert(c)
      add(
        .copy(
          source: a, copy: c, at: tokens[current.lowerBound], statement: program.snippet(current)))
      return .void
    case ("insertSublayer", let l) where l.count == 2:
      let front: Bool
      if case .number(let n) = values[1] { front = n == 0 } else { front = l[1] == "below" }
      try attach(values[0], to: receiver, first: front, at: at)
      return .void
    case ("setValue", ["_", "forKeyPath"]), ("setValue", ["_", "forKey"]):
      if case .animation = receiver, case .string(let key) = values[1] {
        try setProperty(receiver, key, values[0], at: at)  // `anim.setValue(2, forKey: "duration")`
        return .void
      }
      guard case .object(let o) = receiver, case .string(let path) = values[1] else { break }
      let parts = path.split(separator: ".").map(String.init)
      let reachesCells = parts.first == "emitterCells"
      let kind: ImportedObject.Kind = reachesCells ? .cell : objects[o].kind
      // A property whose name is a key path (`transform.scale`, `sublayerTransform.m34`).
      if !reachesCells, let info = Self.info(path, of: kind) {
        try record(
          o,
          ImportAssignment(
            key: info.name, text: try valueText(values[0], kind: info.kind, at: at),
            value: values[0], at: tokens[current.lowerBound], statement: program.snippet(current)))
        return .void
      }
      guard let last = parts.last, let info = Self.info(last, of: kind) else {
        if !reachesCells, parts.count > 1, let word = ImportAnimationTranslation.word(values[0]) {
          // A field of a property (`transform.scale.x`): `set` checks the key path.
          try record(
            o,
            ImportAssignment(
              key: path, text: word, value: values[0], at: tokens[current.lowerBound],
              statement: program.snippet(current)))
          return .void
        }
        throw skip("no property '\(path)' that Burst knows", at)
      }
      if !reachesCells, parts.count == 1 {
        try record(
          o,
          ImportAssignment(
            key: info.name, text: try valueText(values[0], kind: info.kind, at: at),
            value: values[0], at: tokens[current.lowerBound], statement: program.snippet(current)))
        return .void
      }
      try record(
        o,
        ImportAssignment(
          key: (parts.dropLast() + [info.name]).joined(separator: "."),
          text: try valueText(values[0], kind: info.kind, at: at), value: values[0],
          at: tokens[current.lowerBound], statement: program.snippet(current),
          reachesCells: reachesCells))
      return .void
    case ("withAlphaComponent", ["_"]):
      guard case .color(var c) = receiver else { break }
      c.alpha = try number(values[0], at: at)
      return .color(c)
    case ("reversed", []):
      guard case .array(let items) = receiver else { break }
      return .array(items.reversed())
    case ("enumerated", []):
      guard case .array(let items) = receiver else { break }
      return .array(items.enumerated().map { .array([.number(Double($0.offset)), $0.element]) })
    case ("add", ["_", "forKey"]), ("addAnimation", ["_", "forKey"]):
      guard case .object(let o) = receiver else { break }
      try addAnimation(values[0], key: values[1], to: o, at: at)
      return .void
    case ("removeAllAnimations", []), ("removeAnimation", ["forKey"]),
      ("removeAnimationForKey", ["_"]):
      guard case .object(let o) = receiver, objects[o].kind != .cell else { break }
      var rest = ""
      if let key = values.first {
        guard case .string(let k) = key else { throw skip("an animation's key is a string", at) }
        // Core Animation's removeAnimation(forKey:) does nothing when no animation has the key.
        rest = HistoryRecorder.quoted(k) + " " + AnimationCommands.ifPresent.name
      }
      add(
        .layer(
          object: o,
          commands: [ImportLayerCommand(verb: "cancel", suffix: "", rest: rest, what: name)],
          at: tokens[current.lowerBound], statement: program.snippet(current)))
      return .void
    case ("presentation", []):
      guard case .object(let o) = receiver, objects[o].kind != .cell else { break }
      return .presentation(o)
    case ("value", ["forKeyPath"]), ("valueForKeyPath", ["_"]):
      guard case .presentation(let o) = receiver, case .string(let k) = values[0] else { break }
      return .presented(object: o, keyPath: ImportAnimationTranslation.keyPath(k))
    case ("removeFromSuperlayer", []):
      // In an action or a scheduled block: `remove LAYER` when it runs.
      guard case .object(let o) = receiver, objects[o].kind != .cell, !recording.isEmpty else {
        break
      }
      add(
        .layer(
          object: o,
          commands: [ImportLayerCommand(verb: "remove", suffix: "", rest: "", what: name)],
          at: tokens[current.lowerBound], statement: program.snippet(current)))
      return .void
    case ("convert", ["_", "to"]), ("convert", ["_", "from"]), ("convertPoint", ["_", "toView"]),
      ("convertPoint", ["_", "fromView"]), ("convertPoint", ["_", "toLayer"]),
      ("convertPoint", ["_", "fromLayer"]), ("convertRect", ["_", "toView"]),
      ("convertRect", ["_", "fromView"]):
      // The hosting view is the whole scene: its coordinates and the window's are the same.
      return values[0]
    case ("convertTime", ["_", "from"]), ("convertTime", ["_", "fromLayer"]):
      // The layers' timing is the scene's here unless the code changed it; the time as given.
      return values[0]
    case ("addSubview", ["_"]), ("bringSubviewToFront", ["_"]):
      try attach(values[0], to: receiver, first: false, at: at)
      return .void
    case ("insertSubview", let l) where l.count == 2,
      ("sendSubviewToBack", let l) where l.count == 1:
      try attach(values[0], to: receiver, first: true, at: at)
      return .void
    case ("setImage", ["_", "for"]), ("setImage", ["_", "forState"]):
      try setProperty(receiver, "contents", values[0], at: at)
      return .void
    case ("concatenating", ["_"]):
      guard case .transform(let t) = receiver, case .transform(let u) = values[0] else { break }
      return .transform(Self.product(t, u))
    case ("scaledBy", ["x", "y"]), ("translatedBy", ["x", "y"]), ("rotated", ["by"]):
      guard case .transform(let t) = receiver else { break }
      var n: [Double] = []
      for v in values { n.append(try number(v, at: at)) }
      let first =
        name == "scaledBy"
        ? Self.transformWord("scale", [n[0], n[1], 1])
        : name == "translatedBy"
          ? Self.transformWord("translate", [n[0], n[1]]) : Self.transformWord("rotate", n)
      return .transform(Self.product(first, t))
    case (let m, _) where Self.pathMethods.contains(m):
      guard case .path(let p) = receiver else { break }
      try pathElement(p, m, labels: labels, values: values, at: at)
      return .void
    default:
      break
    }
    throw skip("\(name)(\(labels.map { $0 + ":" }.joined())) is not understood", at)
  }

  // MARK: - Animations, paths, transforms and views

  /// `Float.infinity` and the like: what repeatCount reads as forever.
  static let infinite: [String: Double] = [
    "infinity": .infinity, "greatestFiniteMagnitude": Double(Float.greatestFiniteMagnitude),
    "HUGE_VALF": .infinity, "HUGE_VAL": .infinity, "INFINITY": .infinity, "HUGE": .infinity,
    "MAXFLOAT": Double(Float.greatestFiniteMagnitude),
    "FLT_MAX": Double(Float.greatestFiniteMagnitude),
  ]

  /// CGMutablePath's methods the importer follows.
  static let pathMethods: Set<String> = [
    "move", "addLine", "addQuadCurve", "addCurve", "addArc", "addEllipse", "addRect",
    "closeSubpath",
  ]

  /// The UIKit views the importer builds as layers.
  static let viewClasses: Set<String> = ["UIView", "UIButton", "UIImageView", "UILabel"]

  /// A new CAAnimation of a class, with its key path.
  private func newAnimation(_ type: String, keyPath: ImportValue?, at: SourceToken)
    throws(ImportSkip) -> ImportValue
  {
    guard let kind = ImportedAnimation.Kind(rawValue: type) else {
      throw skip("\(type) is not an animation", at)
    }
    guard animations.count < Self.maxObjects else {
      throw skip("the import creates at most \(Self.maxObjects) animations", at)
    }
    var path: String? = nil
    if let keyPath {
      guard case .string(let k) = keyPath else { throw skip("a keyPath is a string", at) }
      path = k
    }
    animations.append(ImportedAnimation(kind: kind, keyPath: path, created: at))
    return .animation(animations.count - 1)
  }

  /// A timing function by name (`.easeIn`, `kCAMediaTimingFunctionEaseIn`, `"easeIn"`).
  private func timingFunction(_ v: ImportValue, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    var word = ""
    switch v {
    case .constant(let c): word = c
    case .string(let s): word = s
    default: break
    }
    guard let f = TimingFunction(name: word),
      let named = TimingFunction.named.first(where: { $0.function == f })
    else { throw skip("no timing function named \(v.kindName)", at) }
    return .timing(named.name)
  }

  /// `CAMediaTimingFunction(controlPoints:…)`: `bezier(x1,y1,x2,y2)`.
  private func bezier(_ values: [ImportValue], at: SourceToken) throws(ImportSkip) -> ImportValue {
    var n: [String] = []
    for v in values { n.append(ValueFormatting.number(try number(v, at: at))) }
    return .timing("bezier(" + n.joined(separator: ",") + ")")
  }

  /// A transform function as Burst writes it: `scale(2,2,1)`.
  static func transformWord(_ name: String, _ n: [Double]) -> String {
    name + "(" + n.map(ValueFormatting.number).joined(separator: ",") + ")"
  }

  /// `a` then `b` (CATransform3DConcat(a, b), `a.concatenating(b)`).
  static func product(_ a: String, _ b: String) -> String {
    if a == "identity" { return b }
    if b == "identity" { return a }
    return a + "*" + b
  }

  /// The transforms Apple's functions make, by name and argument count.
  private func transform(
    _ type: String, _ labels: [String], _ values: [ImportValue], at: SourceToken
  )
    throws(ImportSkip) -> ImportValue?
  {
    func numbers(_ vs: ArraySlice<ImportValue>) throws(ImportSkip) -> [Double] {
      var out: [Double] = []
      for v in vs { out.append(try number(v, at: at)) }
      return out
    }
    let made: [String: String] = [
      "CATransform3DMakeScale": "scale", "CATransform3DMakeRotation": "rotate",
      "CATransform3DMakeTranslation": "translate", "CGAffineTransformMakeScale": "scale",
      "CGAffineTransformMakeRotation": "rotate", "CGAffineTransformMakeTranslation": "translate",
    ]
    if let f = made[type] {
      var n = try numbers(values[...])
      if type == "CGAffineTransformMakeScale", n.count == 2 { n.append(1) }
      return .transform(Self.transformWord(f, n))
    }
    switch (type, labels) {
    case ("CGAffineTransform", ["scaleX", "y"]):
      let n = try numbers(values[...])
      return .transform(Self.transformWord("scale", n + [1]))
    case ("CGAffineTransform", ["rotationAngle"]):
      return .transform(Self.transformWord("rotate", try numbers(values[...])))
    case ("CGAffineTransform", ["translationX", "y"]):
      return .transform(Self.transformWord("translate", try numbers(values[...])))
    case ("CATransform3DConcat", ["_", "_"]), ("CGAffineTransformConcat", ["_", "_"]):
      guard case .transform(let a) = values[0], case .transform(let b) = values[1] else { break }
      return .transform(Self.product(a, b))
    case ("CATransform3DMakeAffineTransform", ["_"]):
      return values[0]
    case ("CATransform3D", let l) where l == Matrix3D.entryNames:
      return .transform(Self.transformWord("matrix", try numbers(values[...])))
    case ("CATransform3DScale", ["_", "_", "_", "_"]),
      ("CATransform3DTranslate", ["_", "_", "_", "_"]),
      ("CATransform3DRotate", ["_", "_", "_", "_", "_"]),
      ("CGAffineTransformScale", ["_", "_", "_"]),
      ("CGAffineTransformTranslate", ["_", "_", "_"]), ("CGAffineTransformRotate", ["_", "_"]):
      guard case .transform(let t) = values[0] else { break }
      var n = try numbers(values.dropFirst())
      let f =
        type.hasSuffix("Scale") ? "scale" : type.hasSuffix("Translate") ? "translate" : "rotate"
      if type == "CGAffineTransformScale" { n.append(1) }
      return .transform(Self.product(Self.transformWord(f, n), t))
    default:
      break
    }
    return nil
  }

  /// One element of a CGMutablePath (`move(to:)`, `CGPathMoveToPoint(p, NULL, x, y)`) as Burst
  /// writes it in `animate … path`.
  private func pathElement(
    _ p: Int, _ method: String, labels: [String], values: [ImportValue], at: SourceToken
  ) throws(ImportSkip) {
    func point(_ v: ImportValue) throws(ImportSkip) -> String {
      guard case .point(let pt) = v else { throw skip("expected a point, not \(v.kindName)", at) }
      return ValueFormatting.value(.point(pt))
    }
    func rect(_ v: ImportValue) throws(ImportSkip) -> String {
      guard case .rect(let r) = v else { throw skip("expected a rect, not \(v.kindName)", at) }
      return ValueFormatting.value(.rect(r))
    }
    func n(_ v: ImportValue) throws(ImportSkip) -> String {
      ValueFormatting.number(try number(v, at: at))
    }
    func arg(_ label: String) throws(ImportSkip) -> ImportValue {
      guard let i = labels.firstIndex(of: label) else { throw skip("missing '\(label):'", at) }
      return values[i]
    }
    let element: String
    switch method {
    case "move": element = "moveTo " + (try point(try arg("to")))
    case "addLine": element = "lineTo " + (try point(try arg("to")))
    case "addQuadCurve":
      element = "quadTo \(try point(try arg("control"))) \(try point(try arg("to")))"
    case "addCurve":
      element =
        "curveTo \(try point(try arg("control1"))) \(try point(try arg("control2")))"
        + " \(try point(try arg("to")))"
    case "addArc":
      element =
        "arc \(try point(try arg("center"))) \(try n(try arg("radius")))"
        + " \(try n(try arg("startAngle"))) \(try n(try arg("endAngle")))"
        + (try number(try arg("clockwise"), at: at) != 0 ? " clockwise" : "")
    case "addEllipse": element = "ellipse " + (try rect(try arg("in")))
    case "addRect": element = "rect " + (try rect(values.first ?? .null))
    default: element = "close"
    }
    guard paths[p].count < Self.maxLoopIterations else {
      throw skip("a path of more than \(Self.maxLoopIterations) elements", at)
    }
    paths[p].append(element)
  }

  /// Objective-C's path functions, `CGPathMoveToPoint(p, NULL, x, y)` and the like, as the
  /// Swift methods.
  private func pathFunction(_ type: String, _ values: [ImportValue], at: SourceToken)
    throws(ImportSkip) -> ImportValue?
  {
    let forms: [String: (method: String, labels: [String])] = [
      "CGPathMoveToPoint": ("move", ["x", "y"]), "CGPathAddLineToPoint": ("addLine", ["x", "y"]),
      "CGPathAddQuadCurveToPoint": ("addQuadCurve", ["cx", "cy", "x", "y"]),
      "CGPathAddCurveToPoint": ("addCurve", ["c1x", "c1y", "c2x", "c2y", "x", "y"]),
      "CGPathAddArc": ("addArc", ["cx", "cy", "r", "a0", "a1", "cw"]),
      "CGPathAddEllipseInRect": ("addEllipse", ["rect"]), "CGPathAddRect": ("addRect", ["rect"]),
      "CGPathCloseSubpath": ("closeSubpath", []),
    ]
    guard let form = forms[type] else { return nil }
    let extra = form.method == "closeSubpath" ? 1 : 2
    guard values.count == form.labels.count + extra, case .path(let p) = values[0] else {
      throw skip("\(type) takes a path, NULL and \(form.labels.count) values", at)
    }
    let v = Array(values.dropFirst(extra))
    func pt(_ i: Int) throws(ImportSkip) -> ImportValue {
      .point(Point(try number(v[i], at: at), try number(v[i + 1], at: at)))
    }
    let (labels, args): ([String], [ImportValue])
    switch form.method {
    case "move", "addLine": (labels, args) = (["to"], [try pt(0)])
    case "addQuadCurve": (labels, args) = (["to", "control"], [try pt(2), try pt(0)])
    case "addCurve":
      (labels, args) = (["to", "control1", "control2"], [try pt(4), try pt(0), try pt(2)])
    case "addArc":
      (labels, args) = (
        ["center", "radius", "startAngle", "endAngle", "clockwise"],
        [try pt(0), v[2], v[3], v[4], v[5]]
      )
    case "addEllipse": (labels, args) = (["in"], [v[0]])
    case "addRect": (labels, args) = (["_"], [v[0]])
    default: (labels, args) = ([], [])
    }
    try pathElement(p, form.method, labels: labels, values: args, at: at)
    return .void
  }

  /// `layer.add(animation, forKey: key)`: the animation as it is now becomes Burst's commands.
  private func addAnimation(_ value: ImportValue, key: ImportValue, to o: Int, at: SourceToken)
    throws(ImportSkip)
  {
    guard case .animation(let a) = value else {
      throw skip("add(_:forKey:) takes an animation, not \(value.kindName)", at)
    }
    guard objects[o].kind != .cell else { throw skip("a cell takes no animations", at) }
    var k: String? = nil
    switch key {
    case .string(let s): k = s
    case .null, .constant("kCATransition"): break
    default: throw skip("an animation's key is a string or nil", at)
    }
    // A keyframe value read from the presentation layer (`presentation()!.lifetime`) is the
    // value the code gave the property last: what is on screen when no animation runs.
    var animation = animations[a]
    for (index, entry) in animation.properties.enumerated() where entry.0 == "values" {
      guard case .array(let items) = entry.1, items.contains(where: { $0.isPresented }) else {
        continue
      }
      animation.properties[index].1 = .array(
        items.map { item in
          guard case .presented(let p, let key) = item else { return item }
          return modelValue(p, key) ?? item
        })
      warn(at, "a keyframe value read from the presentation layer is taken as the model value")
    }
    let translated: (commands: [ImportLayerCommand], notes: [String])
    do throws(ImportSkip) {
      translated = try ImportAnimationTranslation.commands(
        animation, key: k, animations: animations, paths: paths, now: now)
    } catch {
      throw skip(error.message, error.at ?? at)
    }
    let start = tokens[current.lowerBound]
    for note in translated.notes {
      warn(start, "skipped: part of \(animations[a].kind.rawValue)", hint: note)
    }
    let step = ImportStep.layer(
      object: o, commands: translated.commands, at: start, statement: program.snippet(current))
    // Starting from the presentation value, as UIView.animate's code does after setting the
    // model value: that value is what showed before the change, so the animation goes ahead of
    // the change in the block.
    if case .presented(let p, let keyPath) = animations[a].value("fromValue"),
      var list = recording.last,
      let i = list.lastIndex(where: {
        // The same property, or the whole of which the key path is a field (`position` for
        // `position.x`), or a field of the animated property.
        guard case .set(p, let assignment) = $0 else { return false }
        let key = assignment.key
        return key == keyPath || keyPath.hasPrefix(key + ".") || key.hasPrefix(keyPath + ".")
      })
    {
      list.insert(step, at: i)
      recording[recording.count - 1] = list
      return
    }
    add(step)
  }

  /// A layer's or view's frame, bounds or center (position), from the frame, bounds and
  /// position the code gave it (the anchor point in the middle).
  private func viewGeometry(_ o: Int, _ name: String) -> ImportValue {
    var size = Size(0, 0)
    var center = Point(0, 0)
    for a in objects[o].assignments {
      switch (a.key, a.value) {
      case ("frame", .rect(let r)):
        size = r.size
        center = Point(r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2)
      case ("bounds", .rect(let r)): size = r.size
      case ("position", .point(let p)): center = p
      default: break
      }
    }
    switch name {
    case "bounds": return .rect(Rect(0, 0, size.width, size.height))
    case "center": return .point(center)
    default:
      return .rect(
        Rect(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height))
    }
  }

  /// A UIKit view, made a layer named after its variable: `UIView(frame:)`, `UIButton(type:)`,
  /// `UIImageView(image:)`, `UILabel()`.
  private func createView(
    _ type: String, _ labels: [String], _ values: [ImportValue], at: SourceToken
  )
    throws(ImportSkip) -> ImportValue
  {
    let v = try create(.layer, at: at)
    guard case .object(let o) = v else { return v }
    objects[o].view = type
    for (label, value) in zip(labels, values) {
      switch label {
      case "frame": try setProperty(v, "frame", value, at: at)
      case "image": try setProperty(v, "contents", value, at: at)
      default: break
      }
    }
    return v
  }

  /// An Objective-C message `[receiver part:arg part:arg]` (the tokens inside the brackets).
  private func send(_ range: Range<Int>, at: SourceToken) throws(ImportSkip) -> ImportValue {
    var c = range.lowerBound
    let receiver: ImportValue
    if tokens[c].isIdentifier("super") {
      c += 1
      receiver = .host
    } else {
      receiver = try unary(&c, range.upperBound)
    }
    var parts: [(String, ImportValue?)] = []
    while c < range.upperBound {
      let part = tokens[c]
      if part.isPunctuation(":"), !parts.isEmpty {
        // A part without a name (`functionWithControlPoints:0.2 :0 :0.2 :1`).
        c += 1
        var end = c
        while end < range.upperBound, !tokens[end].isPunctuation(":") { end += 1 }
        parts.append(("", try expression(c..<end)))
        c = end
        continue
      }
      guard part.kind == .identifier else {
        throw skip("'\(part.text)' is not understood in a message", part)
      }
      c += 1
      guard c < range.upperBound, tokens[c].isPunctuation(":") else {
        parts.append((part.text, nil))
        continue
      }
      c += 1
      var end = c
      var depth = 0
      while end < range.upperBound {
        let t = tokens[end]
        if t.kind == .punctuation {
          if ["(", "[", "{"].contains(t.text) { depth += 1 }
          if [")", "]", "}"].contains(t.text) { depth -= 1 }
        }
        if depth == 0, t.kind == .identifier, end + 1 < range.upperBound,
          tokens[end + 1].isPunctuation(":"), end > c
        {
          break
        }
        if depth == 0, t.isPunctuation(":"), end > c { break }
        end += 1
      }
      if topLevelIndex(of: ",", in: c..<end) != nil {
        // A variadic argument (`arrayWithObjects:a, b, nil`): its items, without the `nil`.
        var items = try list(c..<end).map(\.1)
        if items.last == .null { items.removeLast() }
        parts.append((part.text, .array(items)))
      } else {
        parts.append((part.text, try expression(c..<end)))
      }
      c = end
    }
    guard let first = parts.first else { throw skip("an empty message", at) }
    let selector = parts.map { $0.1 == nil ? $0.0 : $0.0 + ":" }.joined()
    let args = parts.compactMap(\.1)
    if tokens[range.lowerBound].isIdentifier("super") { return .host }
    if case .event = receiver { return try eventMethod(first.0) }
    switch receiver {
    case .type(let type):
      switch (type, selector) {
      case ("CAEmitterLayer", "layer"), ("CAEmitterLayer", "new"):
        return try create(.emitter, at: at)
      case ("CAEmitterCell", "emitterCell"), ("CAEmitterCell", "new"):
        return try create(.cell, at: at)
      case ("CALayer", "layer"), ("CALayer", "new"): return try create(.layer, at: at)
      case (_, "animation") where ImportedAnimation.Kind(rawValue: type) != nil,
        (_, "new") where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: nil, at: at)
      case (_, "animationWithKeyPath:") where ImportedAnimation.Kind(rawValue: type) != nil:
        return try newAnimation(type, keyPath: args[0], at: at)
      case ("CAMediaTimingFunction", "functionWithName:"):
        return try timingFunction(args[0], at: at)
      case ("CAMediaTimingFunction", "functionWithControlPoints::::"):
        return try bezier(args, at: at)
      case (_, "new") where Self.viewClasses.contains(type),
        (_, "init") where Self.viewClasses.contains(type):
        return try createView(type, [], [], at: at)
      case (_, "initWithFrame:") where Self.viewClasses.contains(type):
        return try createView(type, ["frame"], args, at: at)
      case ("UIImageView", "initWithImage:"):
        return try createView(type, ["image"], args, at: at)
      case ("UIButton", "buttonWithType:"):
        return try createView(type, [], [], at: at)
      case ("NSMutableArray", "init"), ("NSArray", "init"), ("NSMutableArray", "new"),
        ("NSArray", "new"), ("NSMutableArray", "initWithCapacity:"):
        return .array([])
      case (_, "alloc"): return .type(type)
      case (_, "new") where isOwnType(type),
        (_, _) where isOwnType(type) && selector.hasPrefix("init"):
        return try instantiate(type, at: at)  // `[[CAEmitterHelperLayer alloc] init]`
      case (_, "init"): return try call(.type(type), [], at: at)
      case ("UIColor", "colorWithRed:green:blue:alpha:"):
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Color(n[0], n[1], n[2], n[3]))
      case ("UIColor", "colorWithWhite:alpha:"):
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Color(n[0], n[0], n[0], n[1]))
      case ("UIColor", "colorWithHue:saturation:brightness:alpha:"):
        let n = try args.map { (v: ImportValue) throws(ImportSkip) in try number(v, at: at) }
        return .color(Self.hsb(n[0], n[1], n[2], n[3]))
      case ("UIImage", "imageNamed:"):
        guard case .string(let name) = args[0] else { break }
        return .image(image(named: name, at: at))
      case ("UIImage", "systemImageNamed:"):
        guard case .string(let name) = args[0] else { break }
        return .image(symbol(name, at: at))
      case ("UIImage", "imageWithContentsOfFile:"):
        guard case .string(let path) = args[0] else { break }
        return .image(image(named: Self.imageName(ofPath: path), at: at))
      case ("NSString", "stringWithFormat:"), ("NSString", "initWithFormat:"):
        guard case .array(let items) = args[0], case .string(let format) = items.first else {
          if case .string = args[0] { return args[0] }
          break
        }
        return .string(try formatted(format, Array(items.dropFirst()), at: at))
      case ("NSNumber", _) where selector.hasPrefix("numberWith") && args.count == 1:
        return .number(try number(args[0], at: at))
      case ("NSValue", _) where selector.hasPrefix("valueWith") && args.count == 1:
        return args[0]
      case ("NSMutableArray", "array"), ("NSArray", "array"),
        ("NSMutableArray", "arrayWithCapacity:"):
        return .array([])
      case ("NSArray", "arrayWithObject:"), ("NSMutableArray", "arrayWithObject:"):
        return .array([args[0]])
      case ("NSArray", "arrayWithObjects:"), ("NSMutableArray", "arrayWithObjects:"),
        ("NSArray", "arrayWithArray:"), ("NSMutableArray", "arrayWithArray:"),
        ("NSArray", "initWithArray:"), ("NSMutableArray", "initWithArray:"),
        ("NSArray", "initWithObjects:"), ("NSMutableArray", "initWithObjects:"):
        if case .array = args[0] { return args[0] }
        return .array([args[0]])
      case ("UIScreen", "mainScreen"):
        return .host
      default:
        if args.isEmpty, let color = ImportNames.color(first.0), type == "UIColor" {
          return .color(color)
        }
      }
      throw skip("[\(type) \(selector)] is not understood", at)
    default:
      if isSelf(receiver),
        let f = program.functions.firstIndex(where: { $0.signature == selector })
      {
        return try call(f, args: args, at: at)
      }
      if parts.count == 1, args.count == 1, first.0.hasPrefix("set"), first.0.count > 3 {
        // `[cell setBirthRate:10]`: the property setter.
        let property = first.0.dropFirst(3)
        let name = property.prefix(1).lowercased() + property.dropFirst()
        try setProperty(receiver, name, args[0], at: at)
        return .void
      }
      if args.isEmpty {
        let m = try member(receiver, first.0, at: at)
        // `[layer removeAllAnimations]`, `CGPathCloseSubpath`-like messages: called.
        if case .method(let r, let name) = m {
          return try method(r, name, labels: [], values: [], at: at)
        }
        return m
      }
      let labels = ["_"] + parts.dropFirst().map(\.0)
      return try method(
        try member(receiver, first.0, at: at).methodReceiver(receiver), first.0, labels: labels,
        values: args, at: at)
    }
  }

  func call(_ f: Int, args: [ImportValue], at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    if !recording.isEmpty, actionMethods.contains(f) {
      // An action that calls another action's method runs that action.
      add(.run(program.functions[f].name))
      return .void
    }
    called.insert(f)
    let function = program.functions[f]
    return try invoke(body: function.body, parameters: function.parameters, args: args, at: at)
  }

  func invoke(
    body range: Range<Int>, parameters: [String], args: [ImportValue], at: SourceToken
  ) throws(ImportSkip) -> ImportValue {
    guard depth < Self.maxCallDepth else {
      throw skip("calls nest deeper than \(Self.maxCallDepth)", at)
    }
    depth += 1
    var frame: [String: ImportValue] = [:]
    for (p, a) in zip(parameters, args) { frame[p] = a }
    frames.append(frame)
    defer {
      frames.removeLast()
      depth -= 1
    }
    // A body of one expression returns it (`var emitter: CAEmitterLayer { layer as! … }`).
    let statements = program.statements(in: range)
    if statements.count == 1, let first = statements.first,
      !["let", "var", "return", "for", "if", "guard", "super", "self"].contains(
        tokens[first.lowerBound].text),
      ["=", "+=", "-=", "*=", "/="].allSatisfy({ topLevelIndex(of: $0, in: first) == nil }),
      !program.tokens[first].contains(where: {
        $0.isIdentifier("asyncAfter")
      })
    {
      do throws(ImportSkip) {
        return try expression(first)
      } catch {
        warn(tokens[first.lowerBound], "skipped: \(program.snippet(first))", hint: error.message)
        return .void
      }
    }
    return try body(range) ?? .void
  }

  /// `UIColor(hue:saturation:brightness:alpha:)` in RGB.
  static func hsb(_ h: Double, _ s: Double, _ b: Double, _ a: Double) -> Color {
    let hue = (h - h.rounded(.down)) * 6
    let sector = Int(hue) % 6
    let f = hue - Double(Int(hue))
    let p = b * (1 - s)
    let q = b * (1 - s * f)
    let t = b * (1 - s * (1 - f))
    let rgb: (Double, Double, Double)
    switch sector {
    case 0: rgb = (b, t, p)
    case 1: rgb = (q, b, p)
    case 2: rgb = (p, b, t)
    case 3: rgb = (p, q, b)
    case 4: rgb = (t, p, b)
    default: rgb = (b, p, q)
    }
    return Color(rgb.0, rgb.1, rgb.2, a)
  }

  /// `path` (found from the current directory) as an absolute path: the translation's commands
  /// run as lines of the imported file, where a relative path would be read from the file's
  /// folder, not the current one.
  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(path)
    return url.standardizedFileURL.path
  }

  /// `UIImage(named:)`: a PNG beside the file (`x.png`, `x@2x.png`, `x@3x.png`), else in an
  /// asset catalog `Assets.xcassets/x.imageset/` beside the file or in one of its three nearest
  /// ancestor folders, else the built-in image of the same role, with a warning.
  /// An SF Symbol (`UIImage(systemName: "heart.fill")`): Burst's built-in image of its role.
  func symbol(_ name: String, at: SourceToken) -> ImageRef {
    let builtin = ImportNames.builtinImage(for: name)
    if builtin != name {
      warn(at, "SF Symbol '\(name)' is drawn as Burst's built-in '\(builtin)'")
    }
    return .builtin(builtin)
  }

  /// The image name a file path gives (`/app/Snow.png` → `Snow.png`).
  static func imageName(ofPath path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  func image(named name: String, at: SourceToken) -> ImageRef {
    let candidates =
      name.hasSuffix(".png") ? [name] : [name + ".png", name + "@2x.png", name + "@3x.png"]
    for c in candidates {
      let path = directory.isEmpty ? c : directory + "/" + c
      if FileManager.default.fileExists(atPath: path) { return .file(Self.absolute(path)) }
    }
    if let path = ImportAssets.image(named: name, near: directory) {
      return .file(Self.absolute(path))
    }
    let builtin = ImportNames.builtinImage(for: name)
    warn(
      at, "image '\(name)' is not beside \(fileName): using the built-in '\(builtin)'",
      hint: "put \(candidates[0]) beside the file to use it")
    return .builtin(builtin)
  }
}

extension ImportValue {
  /// For `[obj method:…]`: the receiver a method value was read from.
  fileprivate func methodReceiver(_ receiver: ImportValue) -> ImportValue {
    if case .method(let r, _) = self { return r }
    return receiver
  }
}
