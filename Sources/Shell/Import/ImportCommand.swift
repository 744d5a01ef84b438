import Core

/// `import`: builds the emitter scene that a Swift or Objective-C file's code builds.
enum ImportCommands {
  static let all: [Command] = [importFile]

  static let view = Clause<Token>.word(
    "view", "WxH", help: "the hosting view's size, given to the scene before the code runs")
  static let within = Clause<Token>.word(
    "in", "WxH",
    help: "with view: the scene's size around the view, which sits at its centre (a small"
      + " component whose effect reaches past its bounds)")
  static let quiet = Clause<Bool>.flag("quiet", help: "do not print what was skipped")
  static let save = Clause<Token>.word(
    "save", "FILE.burst", help: "also write the translation as a Burst script")

  static let importFile = Command(
    name: "import",
    usage:
      "import FILE.swift|FILE.m|FILE.sks [FILE …] [view WxH [in WxH]] [quiet] [save FILE.burst]",
    abstract:
      "build the layers and cells that a Swift or Objective-C file's emitter code builds",
    discussion:
      "Reads the file's top-level statements, then one initializer (init(frame:) first) and"
      + " the setup methods (awakeFromNib, viewDidLoad, viewWillAppear, viewDidAppear,"
      + " didMoveToWindow, didMoveToSuperview, layoutSubviews) with the helper functions and"
      + " computed properties they use, and runs them as Burst commands: a layer or cell is"
      + " named by its name, else by its variable. It prints a line per layer and cell it"
      + " created. Every other method without arguments becomes an action (run NAME), and"
      + " asyncAfter, dispatch_after, perform(afterDelay:) and scheduledTimer blocks become"
      + " after and every commands. Animations added with add(_:forKey:) become animate,"
      + " group and transition commands, UIView.animate blocks become uiview commands, and"
      + " views made in code (UIView(frame:), UIButton, UIImageView, UILabel) become layers."
      + " What it does not understand is skipped with a"
      + " warning naming the line, never an error; quiet hides those warnings. The hosting"
      + " view is the scene: view WxH sets its size first (into a new scene, a whole screen is"
      + " imported at a phone's size, \(ValueFormatting.dimensions(ImportRun.screenSize)), and a button or"
      + " other control at \(ValueFormatting.dimensions(ImportRun.controlSize)) at the scene's centre)."
      + " A file that is not Swift or"
      + " Objective-C, not UTF-8, or adds no emitter is an error. docs/import.md lists what it"
      + " reads. A SpriteKit particle file (.sks, from Xcode's particle editor) becomes an"
      + " emitter with one cell at the scene's centre, each field mapped as docs/import.md"
      + " lists. Several Swift files (or an Objective-C .m with its .h files) import together,"
      + " as one module: a view and the types, extensions and helpers it uses from the"
      + " others; each warning names its own file.",
    examples: [
      "import Snow.swift", "import ConfettiView.swift view 390x844",
      "import LikeButton.swift view 44x44 in 200x200",
      "import SnowViewController.m quiet save snow.burst",
      "import ConfettiView.swift ConfettiType.swift",
    ],
    hints: [.file, .clauses], clauses: [view.spec, within.spec, quiet.spec, save.spec],
    effect: .script
  ) { s, inv throws(Diagnostic) in
    let fileToken = try inv.argument(1, "FILE")
    // The files: every word before the first clause.
    let clauseWords = Set([view.name, within.name, quiet.name, save.name])
    var fileTokens = [fileToken]
    while fileTokens.count + 1 < inv.args.endIndex,
      case let t = inv.args[fileTokens.count + 1], t.quoted || !clauseWords.contains(t.text)
    {
      fileTokens.append(t)
    }
    let c = try inv.clauses(from: fileTokens.count + 1)
    let path = fileToken.text
    if SpriteKitImport.handles(path) {
      guard fileTokens.count == 1 else {
        throw inv.error(
          "a SpriteKit particle file is imported on its own", at: fileTokens[1])
      }
      guard !c.has(view), try c.value(within) == nil else {
        throw inv.error(
          "view and in size a view's code; a SpriteKit particle file has none",
          hint: "set the scene's size first: scene WxH", at: fileToken)
      }
      let run = ImportRun(
        session: s, path: path, language: .swift, source: "", quiet: c.has(quiet))
      try run.performSpriteKit(token: fileToken, inv: inv)
      if let saveToken = c.valueToken(save) {
        try inv.writing(saveToken) { () throws(OutputError) in
          try AtomicFile.write(Array(run.script.utf8), to: try AtomicFile.check(saveToken.text))
        }
      }
      return
    }
    var languages: [ImportLanguage] = []
    for t in fileTokens {
      guard let language = ImportLanguage.of(path: t.text) else {
        let known = ImportLanguage.extensions.map(\.ext)
        throw inv.error(
          "import reads Swift or Objective-C source (\(Suggestion.list(known))), not '\(t.text)'",
          hint: t.text.hasSuffix(".burst") ? "run a Burst script with: load \(t.text)" : nil,
          at: t)
      }
      if let first = languages.first, first != language {
        throw inv.error(
          "files imported together are of one language: '\(t.text)' is not \(first.name)",
          hint: "import the Swift files and the Objective-C files separately", at: t)
      }
      languages.append(language)
    }
    let language = languages[0]
    if fileTokens.allSatisfy({ $0.text.hasSuffix(ImportLanguage.headerExtension) }) {
      throw inv.error(
        "a header holds declarations, not the code that builds an effect",
        hint: "import it with its implementation: import \(path) \(path.dropLast(2)).m",
        at: fileToken)
    }
    func size(_ t: Token) throws(Diagnostic) -> Size {
      try inv.lift(t) { () throws(ValueError) in
        guard case .size(let v) = try PropertyKind.size.parse(t.text) else {
          throw ValueError("expected a size such as 390x844")
        }
        return v
      }
    }
    let viewSize = try c.value(view).map(size)
    var sceneSize: Size? = nil
    if let t = try c.value(within) {
      guard let inner = viewSize else {
        throw inv.error("'in WxH' sizes the scene around a view: give view WxH first", at: t)
      }
      let outer = try size(t)
      guard outer.width >= inner.width, outer.height >= inner.height else {
        throw inv.error(
          "the scene (in \(t.text)) is smaller than the view it holds", at: t)
      }
      sceneSize = outer
    }
    // One source, the files one after another, each remembered by the line it starts at.
    var source = ""
    var files: [ImportRun.File] = []
    var nextLine = 1
    for t in fileTokens {
      let text: String
      do throws(InputError) {
        text = SourceTokenizer.lineFeeds(
          try InputFile.readText(
            t.text, limit: Limits.maxImportBytes - source.utf8.count,
            what: fileTokens.count > 1
              ? "imported source files together" : "imported source files"))
        s.filesRead.append(t.text)
      } catch {
        var d = inv.error(error.message, hint: error.hint, at: t)
        d.exitCode = error.exitCode
        throw d
      }
      files.append(ImportRun.File(path: t.text, firstLine: nextLine))
      let joined = text + (text.hasSuffix("\n") ? "" : "\n")
      nextLine += joined.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
      source += joined
    }
    let run = ImportRun(
      session: s, path: path, language: language, source: source, quiet: c.has(quiet),
      files: files)
    try run.perform(viewSize: viewSize, sceneSize: sceneSize, token: fileToken, inv: inv)
    if let saveToken = c.valueToken(save) {
      try inv.writing(saveToken) { () throws(OutputError) in
        try AtomicFile.write(Array(run.script.utf8), to: try AtomicFile.check(saveToken.text))
      }
    }
  }
}

/// One `import`: interprets the file, translates what it built into Burst commands, runs them
/// through the session (so they are checked, undone together on failure, and kept by `save`),
/// and reports.
final class ImportRun {
  let session: Session
  let path: String
  let language: ImportLanguage
  let source: String
  let quiet: Bool
  /// The commands that ran, as a script (`import … save FILE`).
  var script = ""

  /// A file of the import and the line of the combined source its first line is.
  struct File {
    var path: String
    var firstLine: Int
    var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  }
  /// The files imported together (one, usually), in the order given.
  let files: [File]

  init(
    session: Session, path: String, language: ImportLanguage, source: String, quiet: Bool,
    files: [File] = []
  ) {
    self.session = session
    self.path = path
    self.language = language
    self.source = source
    self.quiet = quiet
    self.files = files.isEmpty ? [File(path: path, firstLine: 1)] : files
  }

  /// The files' names without their directories (`A.swift + B.swift`).
  var fileName: String { files.map(\.name).joined(separator: " + ") }

  /// The file and its own line number of line `line` of the combined source.
  func place(_ line: Int) -> (path: String, line: Int) {
    let file = files.last { $0.firstLine <= line } ?? files[0]
    return (file.path, line - file.firstLine + 1)
  }

  /// How the summary names line `line`: `line 12`, or `B.swift line 12` when several files
  /// were imported together.
  func lineText(_ line: Int) -> String {
    let (path, n) = place(line)
    guard files.count > 1 else { return "line \(n)" }
    return "\(path.split(separator: "/").last.map(String.init) ?? path) line \(n)"
  }

  /// One Burst command of the translation.
  struct Line {
    var text: String
    /// Where in the file it comes from (line, column).
    var line: Int
    var column: Int
    var statement: String
    /// The object it creates or sets, and the one that must exist for it to run.
    var object: Int
    var needs: Int?
    var creates = false
    /// It defines an action: its name and how many commands it holds.
    var action: (name: String, commands: Int)? = nil
    /// It schedules (`after`, `every`) rather than sets now.
    var schedules = false
    /// It animates a layer: what (`CABasicAnimation`, `UIView.animate`, …) and the key path.
    var animates: (what: String, path: String)? = nil
  }

  /// Refuses a file whose brackets (`(`, `[`, `{`) nest deeper than `Limits.maxImportNesting`,
  /// at the first bracket past the bound, before anything runs: reading and running it
  /// recurse once per level.
  func checkNesting(_ tokens: [SourceToken]) throws(Diagnostic) {
    var depth = 0
    for t in tokens where t.kind == .punctuation {
      if t.text == "(" || t.text == "[" || t.text == "{" {
        depth += 1
        guard depth <= Limits.maxImportNesting else {
          let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
          let text = t.line - 1 < lines.count ? String(lines[t.line - 1]) : ""
          let (file, n) = place(t.line)
          throw Diagnostic(
            "brackets nest more than \(Limits.maxImportNesting) deep; nothing was imported",
            hint: "at most \(Limits.maxImportNesting) levels of (, [ and { one inside another",
            at: SourceLine(file: file, number: n, text: text), column: t.column, length: 1)
        }
      } else if t.text == ")" || t.text == "]" || t.text == "}" {
        depth = max(0, depth - 1)
      }
    }
  }

  /// **(choice)** The size a whole screen is imported at into a new scene: an iPhone's in
  /// points (390×844, iPhone 12 to 14), the screen most such code was written for.
  static let screenSize = Size(390, 844)

  /// The largest scene `grown` makes, on each side.
  static let largestGrownSide = 2048.0

  /// Whether the value a statement assigns is written in numbers alone
  /// (`e.emitterPosition = CGPointMake(200, 450)`, `[e setPosition:CGPointMake(200, 450)]`),
  /// not worked out from the view (`bounds.height + 100`) or from names.
  static func writtenInNumbers(_ statement: String) -> Bool {
    let value =
      statement.range(of: "=", options: .backwards).map { statement[$0.upperBound...] }
      ?? statement.range(of: ":").map { statement[$0.upperBound...] } ?? ""
    let words = value.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.filter {
      $0.first?.isLetter == true || $0.first == "_"
    }
    let constructors: Set<Substring> = ["CGPoint", "CGPointMake", "NSMakePoint", "x", "y", "f"]
    return value.contains(where: \.isNumber) && words.allSatisfy(constructors.contains)
  }
  /// How far past the default scene's edge an emitter's point must lie for the scene to be
  /// a phone's screen (see `grown`): farther than code places an emitter past an edge on
  /// purpose.
  static let farPastEdge = 64.0

  /// The size that holds every frame the setup gave a layer the view holds (its right and
  /// bottom edges, from the view's top left corner; a frame given as a position and bounds
  /// too), when one reaches past `bounds`, or a phone's screen when a layer is placed in
  /// numbers at a point of it far past `bounds` (`phone`); nil otherwise. Positions worked out
  /// from the view do not count: code often places an emitter just past an edge on purpose
  /// (snow above the top, bubbles below the bottom).
  static func grown(_ bounds: Size, _ interpreter: ImportInterpreter) -> (
    size: Size, phone: Bool
  )? {
    var size = bounds
    var phone = false
    // The layers the view holds, and those the action run at import adds to it.
    var held = interpreter.hostSublayers
    if let a = interpreter.runsAtImport {
      held += interpreter.built(by: [.run(a)]).filter { !held.contains($0) }
    }
    for o in held where interpreter.objects[o].attached {
      let assignments = interpreter.objects[o].assignments
      func last(_ key: String) -> ImportValue? { assignments.last { $0.key == key }?.value }
      // **(choice)** An emitter placed at a point of a phone's screen far past the default
      // scene (`emitterPosition = CGPointMake(200, 450)` in a category with no view of its
      // own) was written for a phone: the scene is its screen. A point just past an edge
      // (snow above the top) is placed so on purpose and grows nothing.
      // (A position with bounds is a frame, below.)
      let sized = last("bounds") != nil || last("frame") != nil
      let placed = assignments.last {
        $0.key == "emitterPosition" || ($0.key == "position" && !sized)
      }
      if let placed, case .point(let p) = placed.value, Self.writtenInNumbers(placed.statement),
        p.x >= 0, p.y >= 0, p.x <= screenSize.width, p.y <= screenSize.height,
        p.x > bounds.width + farPastEdge || p.y > bounds.height + farPastEdge
      {
        size.width = max(size.width, screenSize.width)
        size.height = max(size.height, screenSize.height)
        phone = true
      }
      let box: Rect
      if case .rect(let r)? = last("frame") {
        box = r
      } else if case .point(let p)? = last("position"), case .rect(let b)? = last("bounds") {
        box = Rect(center: p, size: b.size)  // the frame given as a position and bounds
      } else {
        continue
      }
      let right = box.origin.x + box.size.width
      let bottom = box.origin.y + box.size.height
      guard right.isFinite, bottom.isFinite else { continue }
      size.width = max(size.width, min(largestGrownSide, right.rounded(.up)))
      size.height = max(size.height, min(largestGrownSide, bottom.rounded(.up)))
    }
    return size == bounds ? nil : (size, phone)
  }

  /// The size of a playground's live view when the file gives it in numbers:
  /// `PlaygroundPage.current.liveView = v` with `let v = UIView(frame: CGRect(x: 0, y: 0,
  /// width: 400, height: 300))` (or `CGRectMake(0, 0, 400, 300)`), or the frame written in
  /// the assignment itself, or in the function of the file that makes it (`let v = makeStage()`).
  /// The scene is then that size, as the live view shows it.
  static func liveViewSize(_ program: SourceProgram) -> Size? {
    let t = program.tokens
    guard
      let i = t.indices.first(where: {
        t[$0].isIdentifier("liveView") && $0 + 2 < t.count && t[$0 + 1].isPunctuation("=")
      })
    else { return nil }
    // Where the frame is written: after the assignment, or after the declaration it names.
    var from = i + 2
    if t[from].kind == .identifier, from + 1 >= t.count || t[from + 1].startsLine,
      let d = t.indices.first(where: { k in
        k > 0 && k + 1 < t.count && t[k].text == t[from].text
          && (t[k - 1].isIdentifier("let") || t[k - 1].isIdentifier("var"))
      })
    {
      from = d + 1
    }
    // The statement's tokens: up to the next line's start.
    var end = from + 1
    while end < t.count, !t[end].startsLine { end += 1 }
    if let size = frameSize(t, from..<end) { return size }
    // `let stage = makeStage()`: the first frame in numbers the function of the file writes.
    for k in from..<end where t[k].kind == .identifier && k + 1 < end && t[k + 1].isPunctuation("(")
    {
      guard let f = program.functions.first(where: { $0.name == t[k].text && !$0.body.isEmpty })
      else { continue }
      var line = f.body.lowerBound
      while line < f.body.upperBound {
        var next = line + 1
        while next < f.body.upperBound, !t[next].startsLine { next += 1 }
        if let size = frameSize(t, line..<next) { return size }
        line = next
      }
    }
    return nil
  }

  /// The size a frame in numbers written in `words` gives: `width: 400, height: 300` labels, or
  /// `CGRectMake(0, 0, 400, 300)`.
  static func frameSize(_ t: [SourceToken], _ words: Range<Int>) -> Size? {
    let end = words.upperBound
    func number(_ k: Int) -> Double? {
      guard k < end, t[k].kind == .number else { return nil }
      return Double(t[k].text.filter { $0 != "_" })
    }
    func labelled(_ label: String) -> Double? {
      guard
        let k = words.first(where: {
          t[$0].isIdentifier(label) && $0 + 1 < end && t[$0 + 1].isPunctuation(":")
        })
      else { return nil }
      return number(k + 2)
    }
    if let w = labelled("width"), let h = labelled("height"), w > 0, h > 0 {
      return Size(w, h)
    }
    if let k = words.first(where: { t[$0].isIdentifier("CGRectMake") }),
      k + 8 < end, let w = number(k + 6), let h = number(k + 8), w > 0, h > 0
    {
      return Size(w, h)
    }
    return nil
  }

  /// **(choice)** The size a button or other control is imported at, alone, into a new scene:
  /// 44×44 points, the smallest tap target Apple's guidelines give, at the scene's centre.
  static let controlSize = Size(44, 44)

  /// The classes a control subclass (or category) of the file extends.
  static let controlTypes: Set<String> = ["UIButton", "UIControl", "UISwitch"]

  /// Whether the file is a button or another control rather than a view (`class LikeButton:
  /// UIButton`, `extension UIButton`, Objective-C `@implementation LikeButton` whose superclass
  /// is in the header, `@implementation UIButton (Sparkle)`): the view it is sits inside a
  /// screen, much smaller than it.
  static func isControl(_ program: SourceProgram) -> Bool {
    let t = program.tokens
    return t.indices.contains { i in
      guard t[i].kind == .identifier, i > 0 else { return false }
      let before = t[i - 1]
      if before.isIdentifier("@implementation") {
        return controlTypes.contains(t[i].text) || t[i].text.hasSuffix("Button")
      }
      guard controlTypes.contains(t[i].text) else { return false }
      if before.isIdentifier("extension") { return true }
      // `class LikeButton: UIButton`, `@interface LikeButton : UIButton`
      return i > 2 && before.isPunctuation(":")
        && (t[i - 3].isIdentifier("class") || t[i - 3].isIdentifier("@interface"))
    }
  }

  /// The methods only a view controller has: a file that writes one is a screen.
  static let screenMethods: Set<String> = [
    "viewDidLoad", "loadView", "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews",
    "viewDidLayoutSubviews",
  ]

  /// The types whose code fills a screen: a view controller, a SwiftUI view, a playground's
  /// live view, an app or scene delegate (its window is the screen).
  static let screenTypes: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController",
    "UIViewRepresentable", "UIViewControllerRepresentable", "PlaygroundPage",
    "UIApplicationDelegate", "UIWindowSceneDelegate",
  ]

  /// Whether the file is a whole screen rather than a component (a `UIView` subclass), or a
  /// view that gives itself its superview's, window's or screen's bounds (`frame =
  /// superview.bounds`, `self.frame = UIScreen.main.bounds`): it fills the screen it joins.
  static func isScreen(_ program: SourceProgram) -> Bool {
    // A view controller's own lifecycle methods (`- (void)viewDidLoad` of an `@implementation`
    // whose superclass is in the header, whatever the class is called).
    if program.functions.contains(where: { screenMethods.contains($0.name) }) { return true }
    let t = program.tokens
    return t.indices.contains { i in
      t[i].kind == .identifier
        && (screenTypes.contains(t[i].text)
          // `@implementation LikeViewController` (`AppDelegate`): its superclass (or
          // protocol) is in the header.
          || (i > 0 && t[i - 1].isIdentifier("@implementation")
            && ["ViewController", "AppDelegate", "SceneDelegate"].contains(
              where: t[i].text.hasSuffix))
          || (t[i].text == "frame" && i + 1 < t.count && t[i + 1].isPunctuation("=")
            && takesContainerBounds(t[(i + 2)..<min(t.count, i + 10)])))
    }
  }

  /// Whether the tokens of a value read a container's bounds: the superview's, the window's
  /// or the screen's.
  static func takesContainerBounds(_ value: ArraySlice<SourceToken>) -> Bool {
    let words = value.prefix { !$0.isPunctuation(";") && !$0.startsLine || $0 == value.first }
      .map(\.text)
    return words.contains("bounds")
      && !Set(words).isDisjoint(with: ["superview", "window", "UIScreen", "mainScreen"])
  }

  /// The layer that stands for the hosting view when it sits inside a larger scene
  /// (`view WxH in WxH`); nil when the view is the scene.
  var hostLayer: String? = nil

  func perform(viewSize: Size?, sceneSize: Size? = nil, token: Token, inv: Invocation)
    throws(Diagnostic)
  {
    let s = session
    var warnings: [ImportWarning] = []
    script = "# \(fileName) translated by: import \(files.map(\.path).joined(separator: " "))\n"
    let program = SourceProgram(source: source, language: language)
    try checkNesting(program.tokens)
    var viewSize = viewSize
    var sceneSize = sceneSize
    // The default sizes below are for a new scene only: into one the user made, the code joins
    // the scene as it is.
    let newScene =
      viewSize == nil && sceneSize == nil && s.scene.now == 0 && s.events.isEmpty
      && s.scene.model == SceneModel()
    if newScene, Self.isScreen(program) {
      if let live = Self.liveViewSize(program) {
        // A playground shows its live view at the view's own size.
        viewSize = live
        s.sink.out(
          "scene \(ValueFormatting.dimensions(live)): the size of \(fileName)'s live view (view"
            + " WxH gives another size)\n")
      } else {
        // A whole screen imported into a new scene: the scene is a phone's screen.
        viewSize = Self.screenSize
        s.sink.out(
          "scene \(ValueFormatting.dimensions(Self.screenSize)): \(fileName) fills"
            + " a phone's screen (view WxH gives another size)\n")
      }
    } else if newScene, Self.isControl(program) {
      // A button alone: at its size, at the centre of the scene, as `view WxH in WxH` puts it.
      viewSize = Self.controlSize
      let outer = s.scene.model.root.properties.bounds.size
      sceneSize = outer
      s.sink.out(
        "scene \(ValueFormatting.dimensions(outer)): \(fileName) is a control, hosted"
          + " \(ValueFormatting.dimensions(Self.controlSize)) at its centre (view WxH in WxH gives"
          + " other sizes)\n")
    }
    if let outer = sceneSize, let inner = viewSize {
      // The view at the centre of a larger scene: a layer of its size holds what it holds.
      try runLine("scene \(ValueFormatting.value(.size(outer)))", line: 1)
      let name = Session.numbered("hostView", free: s.canNameNewLayer)
      try runLine(
        "\(SceneCommands.layer.name) \(name); \(SceneCommands.set.name) \(name) bounds=0,0,\(ValueFormatting.number(inner.width)),"
          + "\(ValueFormatting.number(inner.height)) position="
          + "\(ValueFormatting.number(outer.width / 2)),\(ValueFormatting.number(outer.height / 2))",
        line: 1)
      hostLayer = name
    } else if let size = viewSize {
      let text = "scene \(ValueFormatting.value(.size(size)))"
      try runLine(text, line: 1)
    }
    let bounds =
      hostLayer == nil ? s.scene.model.root.properties.bounds.size : viewSize ?? Size(0, 0)
    let slash = path.lastIndex(of: "/")
    let interpreter = ImportInterpreter(
      program: program, viewSize: bounds,
      now: s.scene.now, directory: slash.map { String(path[..<$0]) } ?? "",
      fileName: fileName)
    interpreter.interrupted = { [s] in s.interruptRequested() }
    interpreter.run()
    // Ctrl-C while the file ran: the command stops, as every command does, and the scene is
    // as before it.
    if interpreter.wasInterrupted { throw Diagnostic.interrupt() }
    interpreter.lightBackgroundForDarkCells()
    interpreter.tintStandInsOnLightView()
    interpreter.sizeStandInsToScale()
    if newScene, viewSize == nil, sceneSize == nil,
      let (grown, phone) = Self.grown(bounds, interpreter)
    {
      // **(choice)** A component the default scene cuts off: the view is at least as large as
      // the frames its code gives its layers (a QuartzCode layer at `y: 320`).
      try runLine("scene \(ValueFormatting.value(.size(grown)))", line: 1)
      s.sink.out(
        "scene \(ValueFormatting.dimensions(grown)): "
          + (phone
            ? "\(fileName) places a layer at a point of a phone's screen past"
            : "the frames \(fileName) gives its layers reach past")
          + " \(ValueFormatting.dimensions(bounds)) (view WxH gives another size)\n")
    }
    warnings = interpreter.warnings
    var lines: [Line] = []
    var paths: [Int: String] = [:]
    translate(interpreter, into: &lines, paths: &paths, warnings: &warnings)
    guard
      lines.contains(where: {
        $0.creates
          && [.emitter, .shape, .gradient, .replicator, .text].contains(
            interpreter.objects[$0.object].kind)
      })
        || interpreter.runsAtImport != nil
        // Built by a block the setup schedules (a completion, `asyncAfter`): it shows then.
        || interpreter.buildsEmitter(interpreter.scheduled)
    else {
      report(warnings)
      throw inv.error(
        "no emitter found: the code in '\(fileName)' adds no CAEmitterLayer to the view",
        hint:
          "import runs top-level code, init(frame:) and the setup methods such as viewDidLoad;"
          + " see docs/import.md", at: token)
    }
    // The hosting view's own settings come first: its background (the scene's, or the hosting
    // layer's inside a larger scene), only inside a larger scene its clipping, then how its own
    // layer looks in the code's order (the hosting layer's, else skipped: the view is the scene).
    var hostSettings: [(ImportAssignment, String)] = []
    if let b = interpreter.hostBackground { hostSettings.append((b, hostLayer ?? "scene")) }
    if let c = interpreter.hostClips, let hostLayer { hostSettings.append((c, hostLayer)) }
    for look in interpreter.hostLooks {
      guard let hostLayer else {
        warnings.append(
          ImportWarning(
            line: look.at?.line ?? 1, column: look.at?.column ?? 1,
            message: "skipped: \(look.statement)",
            hint: "the hosting view's \(look.key) is not imported: the view is the scene (view"
              + " WxH in WxH makes it a layer)"))
        continue
      }
      hostSettings.append((look, hostLayer))
    }
    lines.insert(
      contentsOf: hostSettings.map { setting, target in
        Line(
          text: "\(SceneCommands.set.name) \(target).\(setting.key) \(setting.text)",
          line: setting.at?.line ?? 1, column: setting.at?.column ?? 1,
          statement: setting.statement, object: -1)
      }, at: 0)
    var failed: Set<Int> = []
    var counts: [Int: Int] = [:]
    var created: [(object: Int, line: Int)] = []
    /// What the other actions build when they run, by the names their first run gives.
    var later: [(object: Int, line: Int, by: String, sets: Int)] = []
    var actions: [(name: String, commands: Int, line: Int)] = []
    var animated: [(what: String, path: String, line: Int)] = []
    for l in lines {
      if let n = l.needs, failed.contains(n) {
        if l.creates { failed.insert(l.object) }
        continue
      }
      do throws(Diagnostic) {
        try runLine(l.text, line: l.line)
        if let a = l.action {
          actions.append((a.name, a.commands, l.line))
        } else if let a = l.animates {
          animated.append((a.what, a.path, l.line))
        } else if l.creates {
          created.append((l.object, l.line))
        } else if !l.schedules {
          counts[l.object, default: 0] += 1
        }
      } catch {
        if error.isInterrupt { throw error }
        if l.creates { failed.insert(l.object) }
        warnings.append(
          ImportWarning(
            line: l.line, column: l.column, message: "skipped: \(l.statement)",
            hint: error.message))
      }
    }
    if let name = interpreter.runsAtImport,
      let a = interpreter.actions.first(where: { $0.name == name })
    {
      // What the action run once at import built, under the names its first run gave.
      for o in interpreter.built(by: a.steps) {
        guard let p = paths[o], (try? s.scene.model.resolveObject(p)) != nil else { continue }
        created.append((o, interpreter.objects[o].created.line))
        counts[o] = interpreter.objects[o].assignments.count
      }
    }
    var listed = Set(created.map(\.object))
    for a in interpreter.actions where a.name != interpreter.runsAtImport {
      for o in interpreter.built(by: a.steps.filter { if case .run = $0 { false } else { true } })
      where paths[o] != nil && !listed.contains(o) {
        later.append((o, interpreter.objects[o].created.line, "built by run \(a.name)", 0))
      }
    }
    // What the setup's scheduled blocks build (an animation's completion, `asyncAfter`), when
    // they run: listed too, so that what the import makes is all named here.
    listed.formUnion(later.map(\.object))
    // The properties a block sets once it has built a layer count too.
    func sets(_ o: Int, _ steps: [ImportStep]) -> Int {
      steps.reduce(0) { n, step in
        switch step {
        case .set(o, _): n + 1
        case .after(_, let inner), .every(_, let inner): n + sets(o, inner)
        default: n
        }
      }
    }
    for step in interpreter.scheduled {
      let when: String
      switch step {
      case .after(let delay, _): when = "built after \(ValueFormatting.number(delay)) s"
      case .every(let interval, _): when = "built every \(ValueFormatting.number(interval)) s"
      case .run(let name): when = "built by run \(name)"
      default: when = "built later"
      }
      for o in interpreter.built(by: [step]) where paths[o] != nil && !listed.contains(o) {
        listed.insert(o)
        later.append((o, interpreter.objects[o].created.line, when, sets(o, [step])))
      }
    }
    report(warnings)
    var emitters = 0
    var layers = 0
    var cells = 0
    for (o, line) in created {
      let object = interpreter.objects[o]
      let n = counts[o, default: 0]
      let what: String
      switch object.kind {
      case .emitter:
        emitters += 1
        what = "emitter"
      case .layer, .shape, .gradient, .replicator, .text:
        layers += 1
        what = object.kind.word
      case .cell:
        cells += 1
        what = "cell"
      }
      s.sink.out(
        "\(what) \(paths[o] ?? "?"): \(n) \(n == 1 ? "property" : "properties") (\(lineText(line)))\n"
      )
    }
    for (o, line, by, sets) in later {
      let object = interpreter.objects[o]
      let what = object.kind.word
      let n = object.assignments.count + sets
      s.sink.out(
        "\(what) \(paths[o] ?? "?"): \(n) \(n == 1 ? "property" : "properties") (\(lineText(line));"
          + " \(by))\n")
    }
    for a in animated {
      s.sink.out("animation \(a.path): \(a.what) (\(lineText(a.line)))\n")
    }
    for a in actions {
      s.sink.out("action \(a.name): \(Self.count(a.commands, "command")) (\(lineText(a.line)))\n")
    }
    var parts = [Self.count(emitters, "emitter"), Self.count(cells, "cell")]
    if layers > 0 { parts.append(Self.count(layers, "layer")) }
    if !animated.isEmpty { parts.append(Self.count(animated.count, "animation")) }
    if !actions.isEmpty { parts.append(Self.count(actions.count, "action")) }
    if let name = interpreter.runsAtImport {
      parts.append("\(session.commands.lookup(name) == nil ? name : name + "Action") run once")
    }
    let skipped = warnings.count
    s.sink.out(
      "imported \(fileName): \(parts.joined(separator: ", "))"
        + (skipped == 0
          ? "\n" : "; \(Self.count(skipped, "warning"))\(quiet ? " (hidden by quiet)" : "")\n"))
  }

  private static func count(_ n: Int, _ word: String) -> String {
    "\(n) \(word)\(n == 1 ? "" : "s")"
  }

  /// Runs one command of the translation through the session, as if from the file's line.
  func runLine(_ text: String, line: Int) throws(Diagnostic) {
    let (file, n) = place(line)
    let sourceLine = SourceLine(file: file, number: n, text: text)
    for cmd in try Lexer.commands(inLine: sourceLine) {
      try session.checkInterrupt()
      try session.execute(cmd)
    }
    script += text + "\n"
  }

  /// Prints the warnings in the file's order (unless quiet).
  func report(_ warnings: [ImportWarning]) {
    guard !quiet else { return }
    let ordered = warnings.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset)
        < ($1.element.line, $1.element.column, $1.offset)
    }
    for (_, w) in ordered {
      let (file, n) = place(w.line)
      let d = Diagnostic(
        w.message, hint: w.hint, at: SourceLine(file: file, number: n, text: ""),
        column: w.column, severity: .warning)
      session.sink.err(d.rendered())
    }
  }
}
