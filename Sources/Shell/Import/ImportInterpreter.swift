import Core

/// Runs the emitter-building part of a Swift or Objective-C file over a documented subset
/// (docs/import.md): declarations and assignments of layers and cells, the value expressions
/// emitter code uses, helper functions and computed properties, and simple `for` loops. It
/// builds a list of objects; `ImportCommands` (ImportCommand.swift) turns them into Burst
/// commands. What it does not understand it skips, with a warning naming the line.
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

  var objects: [ImportedObject] = []
  /// Layers added to the hosting view, in order.
  var hostSublayers: [Int] = []
  /// The hosting view's own background colour, when the code sets it.
  var hostBackground: ImportAssignment?
  /// Whether the hosting view clips what it holds (`clipsToBounds`, `layer.masksToBounds`),
  /// when the code says: the hosting layer's, inside a larger scene (`view WxH in WxH`); a
  /// view that is the scene clips at the canvas's edge anyway.
  var hostClips: ImportAssignment?
  /// How the hosting view's own layer looks (`self.layer.cornerRadius = 22`, `borderWidth`,
  /// `shadowOpacity`, …), in the order the code sets it: the hosting layer's, inside a larger
  /// scene; skipped with a warning when the view is the scene.
  var hostLooks: [ImportAssignment] = []
  private(set) var warnings: [ImportWarning] = []

  var instance: [String: ImportValue] = [:]
  var frames: [[String: ImportValue]] = []
  /// The file's top-level constants and variables (`private let ShapeKey = "circle"`, C's
  /// `static const float kRate = 7;`): global in both languages, so code of every type reads
  /// them, also a layer subclass's initializer running with an instance of its own.
  var globals: [String: ImportValue] = [:]
  var evaluating: Set<String> = []
  var usedProperties: Set<String> = []
  var called: Set<Int> = []
  /// The file's class of each object made as an instance of it (`newInstance`), by object:
  /// its methods run with `self` that object (`glow.addAnimations()`).
  var instanceClasses: [Int: String] = [:]
  /// The instances whose class's `layoutSublayers()` has run (`layOut`), by object.
  var laidOut: Set<Int> = []
  /// The file's functions running now, innermost last (`call(_:args:at:)`).
  var runningFunctions: [Int] = []
  /// The stored properties of each such object (`private let configuration`), by object;
  /// while a method of the object's class runs they are `instance` (`asInstance`).
  var instanceFields: [Int: [String: ImportValue]] = [:]
  /// The object whose class's method is running, if any (its fields are then `instance`).
  var runningInstance: Int?
  /// How many random values each place in the file has drawn (`ImportRandom.swift`).
  var randomDraws: [TokenPlace: UInt64] = [:]
  /// Folders listed while looking for asset catalogs, kept for the rest of the import.
  var folderListings: [String: [String]] = [:]
  var ownLayer: Int?
  /// Whether a function is an initializer (`init`, `init(layer:)`, `initWithImageName:`).
  static func isInitializer(_ f: SourceFunction) -> Bool {
    if let owner = f.owner, isKnownType(owner) { return false }  // `extension UIColor { init… }`
    return initializers.contains(f.signature) || f.name == "init"
      || (f.name.hasPrefix("initWith") && f.name.dropFirst(8).first?.isUppercase == true)
  }

  /// Whether parameter `k` of `f` is the event: a `sender`, or a touch, event, control, gesture
  /// recognizer, timer or `id` by its type (`eventTypes`).
  /// Whether `f` belongs to a type the file declares (or to no type), not to an extension of
  /// a system type (`extension CAEmitterLayer { convenience init(image:) }` makes a layer
  /// where the code calls it; it is not the file's own initializer).
  func isFileClassMember(_ f: SourceFunction) -> Bool {
    (f.owner.map(isOwnType) ?? true) && madeClass(of: f) == nil && !initializesMadeObject(f)
  }

  /// Whether `f` is an initializer of a class the file's code makes instances of (a helper
  /// layer whose superclass is in its header): it sets up those, not the hosting view.
  func initializesMadeObject(_ f: SourceFunction) -> Bool {
    Self.isInitializer(f)
      && [f.owner, f.implementation].contains { $0.map(program.madeClasses.contains) ?? false }
  }

  /// The class of the file that declares `f` when the code makes instances of it (a
  /// `CAEmitterCell` subclass, or a layer subclass of `madeLayerClasses`), if any: its methods
  /// set up each instance the code makes, never the view.
  func madeClass(of f: SourceFunction) -> String? {
    [f.owner, f.implementation].compactMap { $0 }.first {
      program.cellClasses.contains($0) || program.madeLayerClasses.contains($0)
    }
  }

  /// Whether every parameter of `f` is an event's (none, `sender`, a timer, a touch): a
  /// method the app's events call, which can be an action, a selector or a timer's target.
  static func takesOnlyEvents(_ f: SourceFunction) -> Bool {
    f.parameters.indices.allSatisfy { isEventParameter(f, $0) }
  }

  static func isEventParameter(_ f: SourceFunction, _ k: Int) -> Bool {
    let type = k < f.parameterTypes.count ? f.parameterTypes[k] : ""
    let words = Set(type.split { !$0.isLetter && !$0.isNumber }.map(String.init))
    return f.parameters[k] == "sender" || !words.isDisjoint(with: eventTypes)
  }

  /// Whether action `a` is function `f`'s (by the name's place: functions may share a name).
  func isAction(_ a: ImportAction, of f: Int) -> Bool {
    let at = program.functions[f].at
    return a.name == actionName(of: f) && a.at.line == at.line && a.at.column == at.column
  }

  /// The name of the action function `f` becomes: its own, and for the second and later of
  /// overloads that share it (`show(in:)`, `show(in:duration:)`) the name with their place
  /// among them (`show2`), so that no overload replaces another.
  func actionName(of f: Int) -> String {
    let name = program.functions[f].name
    let before = program.functions[..<f].count { $0.name == name && !$0.isProperty }
    return before == 0 ? name : name + String(before + 1)
  }

  /// Whether `f`'s body only traps (`fatalError(…)`, `preconditionFailure(…)`,
  /// `[self doesNotRecognizeSelector:_cmd]`) or only fails (`required init?(coder:) { nil }`,
  /// `return nil`): a declaration the compiler wants, never one that builds.
  func onlyTraps(_ f: SourceFunction) -> Bool {
    let body = program.tokens[f.body].filter { !$0.isPunctuation(";") }
    guard let first = body.first else { return false }
    if first.kind == .identifier, Self.traps.contains(first.text) { return true }
    let fails = body.map(\.text) == ["nil"] || body.map(\.text) == ["return", "nil"]
    if fails, Self.isInitializer(f) { return true }
    return body.count > 1 && body[1].isIdentifier("self")
      && body.contains { $0.isIdentifier("doesNotRecognizeSelector") }
  }

  /// Whether every parameter of `f` is the event (a touch, a gesture, a sender) or has a value
  /// an app plausibly passes (docs/import.md, "What a root is given"): `f` becomes an action,
  /// its points parameters and its other arguments fixed at those values
  /// (`animationWithStars:(CGFloat)value`, `setCellImage:(UIImage *)image`).
  ///
  /// A method the file's own code calls (`createParticles(thisView:)` from `startRain`) gets
  /// its arguments from that call: unless `isRoot`, only points are taken as given, as a
  /// touch's place is (`emitterWithPosition(point:)`).
  func takesValues(_ f: SourceFunction, isRoot: Bool) -> Bool {
    // Only asks: the values are worked out again when the function runs, so what working
    // them out here made (an emitter for a CAEmitterLayer parameter, an image's warning) goes.
    let (saved, said, standing) = (snapshot(), warnings, standIns)
    defer {
      restore(saved)
      (warnings, standIns) = (said, standing)
    }
    return !f.parameters.isEmpty && !Self.isCallback(f)
      && f.parameters.indices.allSatisfy { k in
        if Self.isEventParameter(f, k) { return true }
        // A declared default (`style: Style = Style()`) is what a call without it gives.
        if isRoot, k < f.parameterDefaults.count, f.parameterDefaults[k] != nil { return true }
        let type = k < f.parameterTypes.count ? f.parameterTypes[k] : ""
        switch plausibleArgument(type: type, name: f.parameters[k], at: f.at).0 {
        case .null: return false
        case .point: return true
        default: return isRoot
        }
      }
  }

  /// The methods a `#selector(…)` or `@selector(…)` of the file names (`selectorTargets`),
  /// read once.
  lazy var selectorNames: Set<String> = selectorTargets()

  /// Each token's index by its place, made once: where a declaration's name stands
  /// (`declarationModifiers`, `declaredType`).
  lazy var tokenIndex: [TokenPlace: Int] = Dictionary(
    program.tokens.indices.map {
      (TokenPlace(line: tokens[$0].line, column: tokens[$0].column), $0)
    },
    uniquingKeysWith: { first, _ in first })

  /// The properties whose observer is running (`observe`).
  var observing: Set<String> = []

  /// Whether one of the file's initializers runs as its setup.
  var initializerRan = false

  /// The methods that become actions (`action(_:)`), once the setup has run.
  var actionMethods: Set<Int> = []
  /// The event-like root that runs once at import as an action, when nothing else builds.
  var firstEvent: Int?
  /// The types whose initializer ran before a root of theirs (`initializeOwner`).
  var initializedOwners: Set<String> = []
  /// The action run once at import (`run NAME` after the actions), if any.
  private(set) var runsAtImport: String?
  var depth = 0
  var steps = 0
  /// The statement running, for the warning when `set` refuses a value it assigned.
  var current: Range<Int> = 0..<0
  /// The images not found beside the file (`image(named:)`), by the built-in that stands in
  /// for them, the latest last: a layer's picture given one may go without
  /// (`layerGoesWithout`).
  var standIns: [String: (at: SourceToken, name: String)] = [:]
  /// While a method runs as an action or a scheduled block runs: the steps recorded so far,
  /// innermost last. Property changes are then recorded instead of made.
  var recording: [[ImportStep]] = []
  /// Scheduled blocks of the setup code (`after`, `every`).
  var scheduled: [ImportStep] = []
  /// The methods that became actions, in the file's order.
  var actions: [ImportAction] = []
  /// The local functions and blocks that became actions (`func tap()` in the builder).
  var localActions: Set<String> = []
  /// The layers that a block inserts as copies (`copy`): added there, not by the setup.
  var blockCopies: Set<Int> = []
  /// Repeating timers of the setup code held in a variable (`let timer = Timer…`): the index
  /// of their `every` in `scheduled`.
  var heldTimers: [String: Int] = [:]
  /// Timers and display links made but not yet given to a run loop, by the variable that
  /// holds them (`madeTimer`).
  var madeTimers: [String: (repeats: Bool, interval: Double, steps: [ImportStep])] = [:]
  /// The names the file declares (`findDeclaredNames`), for `configuresInheritedEmitter`.
  lazy var declaredNames: Set<String> = findDeclaredNames()
  /// When a held timer is invalidated (`timer.invalidate()` in a block the setup code
  /// schedules): the scene time, by the index of its `every` in `scheduled` (`every … until`).
  var timerUntil: [Int: Double] = [:]
  /// The delays of the `after` blocks being recorded, outermost first.
  var blockDelays: [Double] = []
  /// The `CATransaction`s begun and not yet committed, innermost last.
  var transactions: [OpenTransaction] = []
  /// Blocks the setup schedules whose statements change nothing when they are scheduled
  /// (`asyncAfter { self.pops.forEach { … } }` before `layoutSubviews` fills `pops`): read
  /// again once the setup has run, in the state the block finds when it runs (`laterBlocks`).
  var laterBlocks:
    [(delay: Double, body: Range<Int>, frames: [[String: ImportValue]], at: Range<Int>)] =
      []
  var readingLaterBlocks = false
  /// The method being recorded as an action: a call to itself (a recursion that removes
  /// sublayers one by one) runs its body again, not `run` of itself.
  var recordingAction: Int?
  /// The control states read (`controlDefaults`), each said once.
  var controlStates: Set<String> = []
  /// The layers the setup added and then removed, with the line of the removal.
  var removedBySetup: [Int: Int] = [:]
  /// How many assignments `record` has numbered (`ImportAssignment.serial`).
  var assignmentsMade = 0
  /// Whether the import said that the app's window stands for the hosting view.
  var appWindowNoted = false
  /// The enumerations whose stand-in is being made (`fileValue`), against a case that holds
  /// its own type.
  var stubbing: Set<String> = []
  /// The cells an action being recorded gave an emitter of the setup (`.cells`), which the
  /// action's later statements read instead of the setup's.
  var stepCells: [Int: [Int]] = [:]
  /// Cells the setup made and added nowhere that an action gives a layer: not "never added".
  var givenByActions: Set<Int> = []
  /// Whether the block being recorded invalidated a held timer.
  var invalidated = false
  /// While a repeating timer's block is run tick by tick (`unrolledTicks`): the names its
  /// block invalidates it by (its parameter, the variable holding it), and whether a tick did.
  var tickingTimer: (names: Set<String>, stopped: Bool)? = nil
  /// The method being read tick by tick because it schedules itself again (`rescheduling`),
  /// whether the tick being read did, and after how long.
  var reschedulingTick: (function: Int, again: Bool, delay: Double?)? = nil
  /// The state a gesture handler's action is recorded for, after its first (`.changed`,
  /// `.ended`): what `gesture.state` reads then.
  var gestureStateOverride: String? = nil
  /// The sender's `tag` while an action is recorded for one of the values its handler switches
  /// on (`switch sender.tag { case 1: … }`); nil: not known here.
  var senderTagOverride: Int? = nil
  /// The animations the code created (`CABasicAnimation(keyPath:)`, …).
  var animations: [ImportedAnimation] = []
  /// The `CGMutablePath`s the code built, as Burst's path elements (`moveTo 0,0`).
  var paths: [[String]] = []
  /// The text a label shows (`label.text = "❤️"`), by object, for images it is drawn into.
  var viewTexts: [Int: String] = [:]
  /// The header-declared names already said to be nil (`headerDeclared`).
  var headerNames: Set<String> = []
  /// How many `UUID()`s the code has made (each a fixed name: `typeCall`).
  var madeUUIDs = 0
  /// The images being drawn in code, innermost last (ImportDrawing.swift).
  var drawings: [ImportDrawing] = []
  /// What a UIBezierPath's own properties (`lineWidth`, …) say, by path.
  var pathStyles: [Int: ImportPathStyle] = [:]
  /// The `CAEmitterBehavior`s the code created (ImportBehaviors.swift).
  var behaviors: [EmitterBehavior] = []
  /// The parameters of the action being recorded that its code used, by name: the kind of
  /// value and the default `run` gives (`point`: the view's centre).
  var parameters: [String: (kind: PropertyKind, text: String)] = [:]
  /// The parameters a command of the action being recorded reads.
  var usedParameters: Set<String> = []
  /// The action's parameters that stand for a slider or stepper that sent it (`_ sender:
  /// UISlider`): `sender.value` is the parameter, by control type.
  var controlParameters: [String: String] = [:]
  /// Locals copying a layer's point or size in an action or block, with the compound changes
  /// made to their fields since (`noteCopy`).
  var localCopies:
    [String: (object: Int, property: String, deltas: [(field: String, op: String, n: Double)])] =
      [:]
  /// How many `unary` calls are in progress: signs, casts and brackets inside an expression.
  var expressionDepth = 0

  /// Bounds that keep the interpreter finite on any input (declared in `Limits`).
  static let maxCallDepth = Limits.maxImportCallDepth
  static let maxLoopIterations = Limits.maxImportLoopTurns
  static let maxSteps = Limits.maxImportStatements
  /// Whether the user pressed Ctrl-C (the session's poll); once it says yes, `wasInterrupted`
  /// is set and the rest of the file is skipped, so that the import stops within 256
  /// statements.
  var interrupted: () -> Bool = { false }
  var wasInterrupted = false
  static let maxObjects = Limits.maxImportObjects

  /// The setup methods, run in this order (one initializer only: the view's frame one first).
  static let setupMethods = [
    "awakeFromNib", "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing",
    "viewDidAppear", "willMove",
    "willMoveToWindow", "willMoveToSuperview", "didMoveToWindow", "didMoveToSuperview",
  ]
  /// Objective-C's class setup, which the runtime calls before the class's first message, so
  /// before its initializer: `+load` as the class is loaded, `+initialize` (which sets the
  /// file's statics: `kTints = @[…]`) before its first use. In order, without parameters.
  static let classSetupMethods = ["load", "initialize"]
  /// The app's launch, which UIKit calls as it starts (an app or scene delegate's): run first
  /// of the setup methods, by signature (`application(_:open:…)` and the rest are not).
  static let launchMethods = [
    "application(_:willFinishLaunchingWithOptions:)",
    "application(_:didFinishLaunchingWithOptions:)",
    "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
    "scene(_:willConnectTo:options:)", "scene:willConnectToSession:options:",
  ]
  /// Whether `f` is one of the setup methods (`load` and `initialize` only in Objective-C,
  /// where the runtime calls them; in Swift they are the app's own methods).
  func isSetupMethod(_ f: SourceFunction) -> Bool {
    Self.setupMethods.contains(f.name) || isClassSetupMethod(f)
      || Self.launchMethods.contains(f.signature)
  }
  func isClassSetupMethod(_ f: SourceFunction) -> Bool {
    program.language == .objc && Self.classSetupMethods.contains(f.name) && f.parameters.isEmpty
  }
  /// The teardown methods: UIKit (or the runtime) calls them as a screen or an object goes
  /// away, never a user; they are not actions.
  static let teardownMethods: Set<String> = [
    "viewWillUnload", "viewDidUnload", "viewWillDisappear", "viewDidDisappear", "dealloc",
    "deinit", "didReceiveMemoryWarning", "applicationDidEnterBackground",
    "applicationWillResignActive", "applicationWillTerminate", "sceneDidEnterBackground",
    "sceneWillResignActive", "dismantleUIView", "removeFromSuperview", "prepareForReuse",
  ]
  /// The layout methods: UIKit calls them once a view is on screen, so they run last, after
  /// the roots (which may make the view: a SwiftUI `makeUIView(context:)`).
  static let layoutMethods = [
    "layoutSubviews", "layoutSublayers", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
  ]
  /// The initializers a storyboard or a nib runs (`init(coder:)`), never the app's code.
  static let coderInitializers: Set<String> = ["init(coder:)", "initWithCoder:"]
  static let initializers = [
    "init(frame:)", "initWithFrame:",
    // A table view cell's designated initializer (the table calls it with its style).
    "init(style:reuseIdentifier:)", "initWithStyle:reuseIdentifier:",
    "init()", "init", "init(coder:)", "initWithCoder:",
    // A layer subclass's copying initializer, when it is the only one the file writes
    // (`override init(layer: Any) { super.init(layer: layer); emitterCells = [cell] }`).
    "init(layer:)", "initWithLayer:",
  ]

  init(program: SourceProgram, viewSize: Size, now: Double, directory: String, fileName: String) {
    self.program = program
    self.viewSize = viewSize
    self.now = now
    self.directory = directory
    self.fileName = fileName
  }

  var tokens: [SourceToken] { program.tokens }

  // MARK: - Running

  /// Runs the file: top-level statements, one initializer, then the setup methods; then warns
  /// about what did not run.
  func run() {
    for (at, message) in program.compilationNotes { warn(at, message) }
    for (base, sub) in program.shownSubclasses {
      guard
        let k = tokens.indices.dropFirst().first(where: {
          tokens[$0].isIdentifier(sub) && ["class", "@interface"].contains(tokens[$0 - 1].text)
        })
      else { continue }
      warn(
        tokens[k],
        "\(base) is shown as \(sub), its first subclass here: \(base)'s code runs with"
          + " \(sub)'s overrides", hint: "import the subclass's file alone to see another")
    }
    for (at, message) in program.skipped { warn(at, "skipped: \(message)") }
    _ = run(program.topLevel)
    // A category's property accessors kept by association are its stored properties: never
    // roots, actions or skipped methods.
    called.formUnion(program.associationAccessors)
    var setup: [Int] = []
    // An initializer that only traps (`required init?(coder:) { fatalError(…) }`, kept so the
    // class compiles) is never the one that runs; one whose parameters all have defaults
    // (`init(amount: Float = 10)`) runs with them when the usual ones are missing.
    // Of several classes' initializers of one signature (a helper view's `initWithFrame:` before
    // the emitter view's), the first that builds.
    // A layer's copying initializer (`init(layer:)`, which Core Animation calls to copy a
    // layer for its presentation) is the setup only when no other initializer of the file
    // builds (`init(slot:)` beside it is what the app calls).
    let copying: Set<String> = ["init(layer:)", "initWithLayer:"]
    let otherBuilds = program.functions.indices.contains { k in
      let f = program.functions[k]
      return (f.name == "init" || f.name.hasPrefix("initWith")) && !f.parameters.isEmpty
        && !copying.contains(f.signature) && !Self.coderInitializers.contains(f.signature)
        && !onlyTraps(f) && initializerBuilds(k)
    }
    if let chosen = Self.initializers.lazy.compactMap({ sig -> Int? in
      if copying.contains(sig), otherBuilds { return nil }
      let matches = self.program.functions.indices.filter { k in
        let f = self.program.functions[k]
        return f.signature == sig && !self.onlyTraps(f) && self.madeClass(of: f) == nil
          && !self.initializesMadeObject(f)
      }
      return matches.first(where: self.builds) ?? matches.first
    }).first {
      setup.append(chosen)
    } else if let defaulted = program.functions.firstIndex(where: { f in
      f.name == "init" && !f.parameters.isEmpty && !onlyTraps(f) && isFileClassMember(f)
        && f.parameterDefaults.count == f.parameters.count
        && f.parameterDefaults.allSatisfy { $0 != nil }
    }) {
      setup.append(defaulted)
    } else if let given = program.functions.firstIndex(where: { f in
      Self.isInitializer(f) || ((f.name == "init" || f.name.hasPrefix("initWith")) && !f.isProperty)
    }).flatMap({ _ in
      // Only initializers with parameters the app gives (`init(frame:emoticons:)`): the first
      // that builds and whose every parameter has a plausible value runs with those.
      program.functions.indices.first { i in
        let f = program.functions[i]
        return (f.name == "init" || f.name.hasPrefix("initWith")) && !f.parameters.isEmpty
          && !onlyTraps(f) && initializerBuilds(i) && isFileClassMember(f)
          && f.parameters.indices.allSatisfy { initializerArgument(f, $0).0 != .null }
      }
    }) {
      setup.append(given)
      let f = program.functions[given]
      let said = f.parameters.indices.compactMap { k -> String? in
        initializerArgument(f, k).1.map { "\(f.parameters[k]) = \($0)" }
      }
      warn(
        f.at,
        "ran \(f.signature) at import"
          + (said.isEmpty ? "" : " with \(said.joined(separator: ", "))")
          + ": the file has no initializer without arguments",
        hint: "the app gives its arguments; these stand in for them")
    }
    initializerRan = !setup.isEmpty
    for signature in Self.launchMethods {
      setup += program.functions.indices.filter { program.functions[$0].signature == signature }
    }
    for name in Self.setupMethods {
      setup += program.functions.indices.filter { program.functions[$0].name == name }
    }
    setup.insert(
      contentsOf: Self.classSetupMethods.flatMap { name in
        program.functions.indices.filter {
          program.functions[$0].name == name && isClassSetupMethod(program.functions[$0])
        }
      }, at: 0)
    // A function that builds into a view it is given (`func buildBurstScene(in view: UIView)`,
    // `BuildBurstScene(UIView *view)`, as `export` writes them) runs last, given the hosting
    // view, unless the setup code calls it; export's own entry points return their actions.
    let builders = program.functions.indices.filter {
      let f = program.functions[$0]
      return f.parameters == ["view"] && !f.isProperty && !setup.contains($0)
        && (!f.returnsValue || SceneExporter.entryPoints.contains(f.name))
    }
    // The storyboard's views are there before any code runs: each outlet the code reads is
    // made first, in declaration order, so that an action or a block may use it too.
    for p in program.properties where program.outlets[p.name] != nil && instance[p.name] == nil {
      let uses = tokens.indices.contains { k in
        (tokens[k].text == p.name || tokens[k].text == "_" + p.name)
          && tokens[k].kind == .identifier
          && !(tokens[k].line == p.at.line && tokens[k].column == p.at.column)
      }
      if uses { _ = try? outletView(p.name, at: p.at) }
    }
    makeInheritedViews()
    for f in setup {
      let function = program.functions[f]
      var args: [ImportValue] = function.parameters.map { _ in .null }
      if function.signature == "init(frame:)" || function.signature == "initWithFrame:" {
        args = [.rect(Rect(0, 0, viewSize.width, viewSize.height))]
      }
      if function.name.hasPrefix("willMove") {
        args = function.parameters.map { _ in .host }  // the window or superview it joins
      }
      for k in args.indices {
        if let value = declaredDefault(function, k) { args[k] = value }  // `amount: Float = 10`
      }
      if !Self.initializers.contains(function.signature),
        function.name == "init"
          || function.name.hasPrefix("initWith"), !function.parameters.isEmpty
      {
        // An initializer the app calls with its own arguments: their stand-ins.
        args = function.parameters.indices.map { initializerArgument(function, $0).0 }
      }
      do throws(ImportSkip) {
        let made = try call(f, args: args, at: function.at)
        // An initializer that makes `self` a cell or a layer of its own (`self =
        // [CAEmitterCell emitterCell];` in a cell class declared in a header) and
        // configures it: what it returns is shown, as a root's returned cell is.
        if Self.isInitializer(function) || function.name.hasPrefix("initWith"),
          case .object(let o) = made, !objects[o].attached
        {
          try show(made, at: function.at)
          warn(
            function.at,
            "\(function.signature) makes self a new \(objects[o].className) that nothing in the"
              + " file adds: shown"
              + (objects[o].kind == .cell ? " in an emitter of its own" : "")
              + " at the view's centre",
            hint: "the app's code that adds it is in another file")
        }
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
    runGivenProperties()
    for f in program.functions.indices
    where Self.layoutMethods.contains(program.functions[f].name) && !called.contains(f) {
      let function = program.functions[f]
      do throws(ImportSkip) {
        _ = try call(f, args: function.parameters.map { _ in .null }, at: function.at)
      } catch {
        warn(error.at ?? function.at, "skipped: \(function.signature)", hint: error.message)
      }
    }
    runFallbackRoots()
    readLaterBlocks()
    let chosen = setup.first.map { program.functions[$0].signature }
    let uncalled = program.functions.indices.filter { !called.contains($0) }
    var helpers: [Int] = []
    // The methods that become actions: an action that calls one runs it (`run NAME`).
    actionMethods = Set(
      uncalled.filter { i in
        let f = program.functions[i]
        return !(Self.isInitializer(f) && chosen != nil) && !f.returnsValue
          && Self.takesOnlyEvents(f)
      })
    let rootSet = Set(roots())
    // Whether method `i`, past the branches below that skip it, is run as an action: an event
    // takes it, or values the importer can give it.
    func takenAsAction(_ i: Int) -> Bool {
      let f = program.functions[i]
      return Self.takesOnlyEvents(f)
        || (rootSet.contains(i) ? isEventLike(f) : handlesEvents(f))
        || takesValues(f, isRoot: rootSet.contains(i))
    }
    // The actions that make layers are recorded first, whatever their place in the file: a
    // stop method written above its start reads the layer the start keeps in a property, as
    // it does on iOS once the start has run. They are listed in the file's order all the same.
    let firstAction = actions.count
    let makers = uncalled.filter { i in
      let f = program.functions[i]
      return builds(in: f.body) && madeClass(of: f) == nil
        && !(Self.isInitializer(f) && chosen != nil) && !Self.teardownMethods.contains(f.name)
        && !f.returnsValue && !f.body.isEmpty && takenAsAction(i)
    }
    for i in makers { action(i) }
    let recordedFirst = Set(makers)
    // Cell classes whose initializers nothing runs: shown once each when nothing else builds.
    var unmadeCells: [(type: String, f: Int)] = []
    for i in uncalled where !recordedFirst.contains(i) {
      let f = program.functions[i]
      if let cellType = madeClass(of: f) {
        // A layer class is made by the file's code (`madeLayerClasses`), perhaps in an action.
        if !onlyTraps(f), !Self.coderInitializers.contains(f.signature),
          program.cellClasses.contains(cellType)
        {
          unmadeCells.append((cellType, i))
        }
      } else if Self.isInitializer(f), let chosen {
        // One that only traps (`fatalError(…)`, as `init?(coder:)` is written) says nothing.
        if !onlyTraps(f) {
          warn(f.at, "skipped: \(f.signature): only one initializer runs, \(chosen)")
        }
      } else if Self.teardownMethods.contains(f.name) {
        warn(
          f.at,
          "skipped: method \(f.signature): UIKit calls it to wind down (a screen leaving,"
            + " memory running low), never a user",
          hint: "what it tears down stays until then; it is not an action")
      } else if f.returnsValue {
        helpers.append(i)  // said once the actions ran, which may call it
      } else if f.body.isEmpty {
        continue  // `func updateUIView(_:context:) {}`: nothing in it to carry over
      } else if !takenAsAction(i) {
        // A helper the file's own code calls with the arguments it gives runs there (in an
        // action or a block as they run), so there is nothing to say of it here.
        // (A callback an action's animation schedules, `animationDidStop`, ran there.)
        guard rootSet.contains(i) || Self.isCallback(f), !called.contains(i) else { continue }
        warn(
          f.at, "skipped: method \(f.signature) takes arguments",
          hint: Self.isCallback(f)
            ? "UIKit calls it with its own values; no code of the app does"
            : "a parameter of a kind an app's call cannot be guessed for (docs/import.md,"
              + " \"What a root is given\")")
      } else {
        action(i)
      }
    }
    let recorded = actions[firstAction...].enumerated().sorted {
      ($0.element.at.line, $0.element.at.column, $0.offset)
        < ($1.element.at.line, $1.element.at.column, $1.offset)
    }.map(\.element)
    actions.replaceSubrange(firstAction..., with: recorded)
    observerActions()
    for i in helpers where !called.contains(i) && !program.overridden.contains(i) {
      let f = program.functions[i]
      // The getter of a computed property whose setter ran: the property was used.
      if f.isProperty, usedProperties.contains(f.name) { continue }
      warn(f.at, "skipped: \(f.signature) is not called by the setup code")
    }
    // When nothing shows particles yet, the first action that builds an emitter runs once.
    // Not when a block the setup schedules builds one (`performSelector:… afterDelay:1`).
    let showsParticles = objects.contains {
      $0.kind == .emitter && $0.attached && !$0.inStep && !$0.cells.isEmpty
    }
    // (The first event-like root that configures layers may only wind them down, as a
    // `stopEmitter` before `beginEmitter` does: then the first whose action builds one.)
    func actionBuilds(_ f: Int) -> Bool {
      actions.contains { isAction($0, of: f) && buildsEmitter($0.steps) }
    }
    let chosenEvent =
      buildsEmitter(scheduled)
      ? nil
      : firstEvent.flatMap { actionBuilds($0) ? $0 : nil }
        ?? (showsParticles ? nil : program.functions.indices.first(where: actionBuilds))
    // The action run once at import, said so where its code is.
    func runAtImport(_ a: ImportAction, at: SourceToken, _ what: String) {
      scheduled.append(.run(a.name))
      runsAtImport = a.name
      warn(
        at,
        "ran \(what) at import: nothing else builds an emitter, so it runs once, as a first"
          + " event would",
        hint: "it stays an action: run \(a.name) runs it again (a layer it makes anew gets a fresh"
          + " name)")
    }
    if let f = chosenEvent, let a = actions.first(where: { isAction($0, of: f) }),
      buildsEmitter(a.steps)
    {
      runAtImport(a, at: program.functions[f].at, program.functions[f].signature)
    }
    // Else the first property observer that builds one (`var animate = false { didSet { if
    // animate { …; view.layer.addSublayer(emitter) } } }`, set by another file's callback).
    if runsAtImport == nil, chosenEvent == nil, !buildsEmitter(scheduled), !showsParticles,
      let a = actions.first(where: { a in
        program.settableProperties.contains { $0.observer != nil && $0.at == a.at }
          && buildsEmitter(a.steps)
      })
    {
      runAtImport(a, at: a.at, a.name)
    }
    showUnmadeCells(unmadeCells, nothingBuilt: runsAtImport == nil && !buildsEmitter(scheduled))
    // A struct's fields are its values' (`.record`), not the setup's to use.
    for p in program.properties
    where !usedProperties.contains(p.name) && !program.structNames.contains(p.owner ?? "") {
      warn(p.at, "skipped: property \(p.name) is not used by the setup code")
    }
    showUnaddedEmitters()
    for (i, o) in objects.enumerated()
    where !o.attached && !blockCopies.contains(i) && !givenByActions.contains(i) {
      if let line = removedBySetup[i] {
        warn(
          o.created, "this \(o.className) is removed by the setup (line \(line)) before it shows")
        continue
      }
      let holder = o.kind == .cell ? "an emitter's emitterCells" : "a layer or the view"
      warn(o.created, "skipped: this \(o.className) is never added to \(holder)")
    }
  }

  /// Whether layer `o`'s code sets its `renderMode` to additive.
  func isAdditive(_ o: Int) -> Bool {
    objects[o].assignments.last(where: { $0.key == "renderMode" })?.text.lowercased()
      .contains("additive") == true
  }

  /// The cells of the layers the setup added to the view, through their sub-cells and
  /// sublayers (to depth 64), in tree order. `enter` is asked of each layer (not cell) before
  /// what it holds: false passes over its cells and sublayers.
  func cellsInView(entering enter: (Int) -> Bool) -> [Int] {
    var cells: [Int] = []
    func gather(_ o: Int, depth: Int) {
      if objects[o].kind != .cell, !enter(o) { return }
      guard depth < 64 else { return }
      for c in objects[o].cells {
        cells.append(c)
        gather(c, depth: depth + 1)
      }
      for l in objects[o].sublayers { gather(l, depth: depth + 1) }
    }
    for o in hostSublayers where objects[o].attached { gather(o, depth: 0) }
    return cells
  }

  /// **(choice)** A built-in image standing in for an image not beside the file has its own
  /// few pixels (a dot is 8), while the author's picture, drawn at the cell's `scale`, had as
  /// many as made the particle the size they wanted: a cell at `scale` 0.02 was given a picture
  /// of hundreds of pixels. A stand-in that the cell's scale (its largest start, `scale` or
  /// half its `scaleRange`, plus half a life of growth) would draw under
  /// `standInSmallest` points across is drawn `standInSize` points across (smoke three times
  /// that, as stand-in cells are) by a `contentsScale`, said once per image. A cell whose code
  /// sets `contentsScale` keeps it.
  func sizeStandInsToScale() {
    var told: Set<String> = []
    for c in objects.indices where objects[c].kind == .cell {
      guard let contents = objects[c].assignments.last(where: { $0.key == "contents" }),
        case .image(.builtin(let b)) = contents.value, let standIn = standIns[b],
        !objects[c].assignments.contains(where: { $0.key == "contentsScale" }),
        let image = BuiltinImages.named(b)
      else { continue }
      func number(_ key: String) -> Double {
        if case .number(let n)? = modelValue(c, key) { return n }
        return 0
      }
      let scale =
        max(abs(number("scale")), abs(number("scaleRange")) / 2)
        + max(0, number("scaleSpeed")) * max(0, number("lifetime")) / 2
      let pixels = Double(max(image.width, image.height))
      let drawn = pixels * scale
      guard scale > 0, drawn < Self.standInSmallest else { continue }
      let wanted = Self.standInSize * (b == "smoke" ? 3 : 1)
      let contentsScale = drawn / wanted
      objects[c].assignments.append(
        ImportAssignment(
          key: "contentsScale", text: ValueFormatting.number(contentsScale),
          value: .number(contentsScale), at: nil, statement: "a stand-in's size"))
      guard told.insert(b).inserted else { continue }
      warn(
        standIn.at,
        "at scale \(ValueFormatting.number(scale)) the built-in '\(b)' (\(Int(pixels)) px) standing"
          + " in for image '\(standIn.name)' would be \(ValueFormatting.number((drawn * 100).rounded() / 100))"
          + " pt across: drawn \(ValueFormatting.number(wanted)) pt across, as a picture of about"
          + " \(Int((wanted / scale).rounded())) px would be",
        hint: "put the image beside the file to see the author's size")
    }
  }

  /// Under this many points across, a stand-in is drawn `standInSize` across.
  static let standInSmallest = 3.0
  /// Points across that a too-small stand-in is drawn (a typical particle's).
  static let standInSize = 12.0

  /// **(choice)** A built-in image standing in for an image not beside the file is white (the
  /// particle colour tints it); on a view the file makes white (or as light), a cell that keeps
  /// it white would draw nothing visible where the author's picture showed. Such a cell, whose
  /// colour the file leaves white (or sets light) and whose emitter draws over the view itself
  /// (no layer between them with a background of its own, not `additive`), or that an action
  /// builds, is tinted grey, said once per image.
  func tintStandInsOnLightView() {
    // A colour as the code gave it: a value, or an implicit member (`.white`, `.red`).
    func color(_ v: ImportValue?) -> Color? {
      switch v {
      case .color(let c)?: return c
      case .constant(let name)?: return ImportNames.color(name)
      default: return nil
      }
    }
    guard let back = color(hostBackground?.value), back.alpha >= 0.9,
      min(back.red, back.green, back.blue) >= 0.85
    else { return }
    func light(_ c: Color) -> Bool { min(c.red, c.green, c.blue) >= 0.85 }
    // Not past a layer with a background of its own, or one that adds its particles' light.
    var cells = cellsInView { o in
      !(color(modelValue(o, "backgroundColor")).map { $0.alpha > 0 } ?? false) && !isAdditive(o)
    }
    // And the cells the actions build, over the same view: given their properties when built
    // (then as above) or as steps of the action (then a step after the contents' gives the
    // tint).
    for o in built(by: actions.map { .run($0.name) }) where objects[o].kind == .cell {
      cells.append(o)
    }
    let grey = Color(0.56, 0.56, 0.58)
    let tint = ImportAssignment(
      key: "color", text: ValueFormatting.value(.color(grey)), value: .color(grey), at: nil,
      statement: "a stand-in's tint")
    var told: Set<String> = []
    /// The stand-in `value` is, when it is a white built-in standing in for a missing image.
    func whiteStandIn(_ value: ImportValue) -> String? {
      guard case .image(.builtin(let b)) = value, standIns[b] != nil,
        let image = BuiltinImages.named(b), case let mean = image.meanColor, mean.a > 0,
        min(mean.r, mean.g, mean.b) >= 0.9 * mean.a
      else { return nil }
      return b
    }
    func tell(_ b: String) {
      guard let standIn = standIns[b], told.insert(b).inserted else { return }
      warn(
        standIn.at,
        "the built-in '\(b)' standing in for image '\(standIn.name)' is white, as the view is:"
          + " its cells are tinted grey so that they show",
        hint: "put the image beside the file to see the author's picture")
    }
    var inSteps: Set<Int> = []
    for c in Set(cells).sorted() {
      if let value = modelValue(c, "color"), !(color(value).map(light) ?? false) { continue }
      if let contents = objects[c].assignments.last(where: { $0.key == "contents" }) {
        guard let b = whiteStandIn(contents.value) else { continue }
        objects[c].assignments.append(tint)
        tell(b)
      } else {
        inSteps.insert(c)
      }
    }
    guard !inSteps.isEmpty else { return }
    // A tint step after each contents step of those cells, unless the steps tint them.
    func tinted(_ steps: [ImportStep]) -> [ImportStep] {
      var out: [ImportStep] = []
      for step in steps {
        switch step {
        case .after(let delay, let inner): out.append(.after(delay: delay, steps: tinted(inner)))
        case .every(let interval, let inner):
          out.append(.every(interval: interval, steps: tinted(inner)))
        case .set(let c, let a) where inSteps.contains(c) && a.key == "contents":
          out.append(step)
          if let b = whiteStandIn(a.value),
            !steps.contains(where: {
              if case .set(c, let other) = $0 { other.key == "color" } else { false }
            })
          {
            out.append(.set(object: c, assignment: tint))
            tell(b)
          }
        default: out.append(step)
        }
      }
      return out
    }
    for i in actions.indices { actions[i].steps = tinted(actions[i].steps) }
    scheduled = tinted(scheduled)
  }

  /// **(choice)** When the file gives the view no background (or a clear one) and every cell on screen is tinted
  /// dark (`cell.color = UIColor.black.cgColor`), the view's background is white: a storyboard
  /// view's default, the only one on which its author saw them. Burst's black scene would hide
  /// them. Said once, at the first cell.
  func lightBackgroundForDarkCells() {
    // A clear background (`[UIColor clearColor]`) shows what is behind the view: no more a
    // background of its own than none.
    if let given = hostBackground {
      guard case .color(let c) = given.value, c.alpha == 0 else { return }
    }
    // Dark particles added to any background show nothing anyway: a layer that adds them
    // decides nothing here.
    var additive = false
    var cells = cellsInView { o in
      if isAdditive(o) { additive = true }
      return true
    }
    // And what the action run once at import builds (through the actions it runs): the cells
    // the view first shows.
    for o in runsAtImport.map({ built(by: [.run($0)]) }) ?? [] {
      if objects[o].kind == .cell { cells.append(o) } else if isAdditive(o) { additive = true }
    }
    func number(_ c: Int, _ key: String) -> Double {
      if case .number(let n)? = modelValue(c, key) { return n }
      return 0
    }
    // Dark however its ranges and speeds vary it: every channel stays at most 0.25.
    func isDark(_ c: Int) -> Bool {
      guard case .color(let tint)? = modelValue(c, "color") else { return false }
      let channels = [
        (tint.red, "redRange", "redSpeed"), (tint.green, "greenRange", "greenSpeed"),
        (tint.blue, "blueRange", "blueSpeed"),
      ]
      return channels.allSatisfy { value, range, speed in
        value + abs(number(c, range)) <= 0.25 && number(c, speed) <= 0
      }
    }
    guard !additive, let first = cells.first, cells.allSatisfy(isDark) else { return }
    let given = hostBackground == nil ? "no background" : "a clear background"
    let white = Color(1, 1, 1, 1)
    hostBackground = ImportAssignment(
      key: "backgroundColor", text: ValueFormatting.value(.color(white)), value: .color(white),
      at: nil, statement: "the view's default background")
    warn(
      objects[first].created,
      "every cell is tinted dark and the file gives the view \(given): shown on white,"
        + " a storyboard view's default, on which its author saw them",
      hint: "set scene.backgroundColor to see them on another")
  }

  /// **(choice)** When nothing shows particles, an emitter with cells that the setup code
  /// configured but never added to a layer (a helper's static emitter that the app's other
  /// file adds, `SnowAnimation.emitter`) is added to the view, with a warning: what the
  /// calling code would do, rather than an empty scene.
  private func showUnaddedEmitters() {
    guard runsAtImport == nil,
      !objects.contains(where: { $0.kind == .emitter && $0.attached && !$0.cells.isEmpty })
    else { return }
    for o in objects.indices
    where objects[o].kind == .emitter && !objects[o].attached && !objects[o].inStep
      && !objects[o].cells.isEmpty && !blockCopies.contains(o)
    {
      let at = objects[o].created
      do throws(ImportSkip) {
        try attach(.object(o), to: .hostLayer, first: false, at: at)
      } catch {
        continue
      }
      warn(
        at, "added this CAEmitterLayer to the view: nothing in the file adds it to a layer",
        hint: "the code that adds it is elsewhere in the app; here it is added as it is")
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

  /// Rewords the warning given at `at` as `message` (a later statement learned more about it).
  func reword(_ at: SourceToken, _ message: String, as newMessage: String) {
    guard
      let i = warnings.firstIndex(where: {
        $0.line == at.line && $0.column == at.column && $0.message == message
      })
    else { return }
    warnings[i].message = newMessage
  }

  /// What a `break` gives the blocks it leaves, up to its loop (not a name code can spell).
  static let breakSignal = " break"

  /// Runs a body; returns what a `return` returned.
  func body(_ range: Range<Int>) throws(ImportSkip) -> ImportValue? {
    run(program.statements(in: range))
  }

  /// Runs statements, each one that fails skipped with a warning: `defer` blocks as they end,
  /// a pause scheduling the rest; returns what a `return` returned.
  private func run(_ list: [Range<Int>]) -> ImportValue? {
    var deferred: [Range<Int>] = []
    defer { runDeferred(deferred) }
    for (n, s) in list.enumerated() {
      if let block = deferredBlock(s) {
        deferred.append(block)
        continue
      }
      if pauseSchedulesRest(list, at: n) { return nil }
      do throws(ImportSkip) {
        if let r = try statement(s) { return r }
      } catch {
        warn(tokens[s.lowerBound], "skipped: \(program.snippet(s))", hint: error.message)
      }
    }
    return nil
  }

  /// The block of `defer { … }`: it runs as the body it is in ends, after what follows it.
  func deferredBlock(_ s: Range<Int>) -> Range<Int>? {
    guard program.language == .swift, s.count >= 3, tokens[s.lowerBound].isIdentifier("defer"),
      tokens[s.lowerBound + 1].isPunctuation("{"),
      program.closing(s.lowerBound + 1, in: s) == s.upperBound - 1
    else { return nil }
    return (s.lowerBound + 2)..<(s.upperBound - 1)
  }

  /// Runs the `defer` blocks of a body as it ends, the last one written first.
  func runDeferred(_ blocks: [Range<Int>]) {
    for block in blocks.reversed() {
      do throws(ImportSkip) {
        _ = try body(block)
      } catch {
        warn(tokens[block.lowerBound], "skipped: \(program.snippet(block))", hint: error.message)
      }
    }
  }

  func skip(_ message: String, _ at: SourceToken? = nil) -> ImportSkip {
    ImportSkip(message: message, at: at)
  }
}
