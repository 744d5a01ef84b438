/// Every bound Burst enforces so that every command finishes with bounded time and memory, and
/// every tolerance its arithmetic relies on. Each is declared once here; the commands, their
/// error messages and `explain` quote these values, and docs/semantics.md lists them.
package enum Limits {
  // MARK: Simulation

  /// The largest magnitude of a number Burst keeps (a coordinate, a speed, a lifetime, …), far
  /// from overflow in the simulation and the renderer. Apple's types hold more; a larger value
  /// is clamped with a warning that names this bound.
  package static let maxMagnitude = 1e9

  /// The highest effective birth rate of one cell (particles per second of its emitter's
  /// clock); a higher `cell.birthRate × layer.birthRate × speed` is capped with a warning.
  package static let maxBirthRate = 1e8

  /// The most particles `maxParticles` may allow alive at once (about 1 GB of particles).
  package static let maxParticles = 10_000_000

  /// The most births one step may have to decide one by one at the particle cap (`capWork`:
  /// the births it keeps, at most the room free at its start plus the deaths in it, and the
  /// runs of drops of more than one source); a longer step at the cap is refused before it
  /// starts. In a release build this is a few seconds of work.
  package static let maxCapDecisions = 2e7

  /// The most 1 ms cells of animated emission one step may evaluate one by one (1000 s of
  /// scene time, a few seconds of work); a longer step is refused before it starts. Only the
  /// cells where an animation changes birth counts or lifetimes, or the last lifetime chain
  /// before the step's end, are evaluated one by one.
  package static let maxEmissionGridCells = 1e6

  /// The most births one step may skip in a cell whose lifetimes fall either side of 0 and
  /// still sort them into born and stillborn by drawing each one's lifetime (a fraction of a
  /// second); past it, `stats` says how many went unsorted.
  static let maxStillbornDraws = 1e8

  /// The spacing of the grid of scene time (anchored at 0) on which attractor behaviours are
  /// integrated (docs/semantics.md, "Emitter behaviours"), in seconds: 1/240 s.
  package static let attractorGrid = 1.0 / 240

  /// The most particle updates (live particles × attractor grid instants) one step may make
  /// while an emitter has an attractor behaviour; a longer step is refused before it starts.
  /// In a release build this is a few seconds of work.
  package static let maxAttractorWork = 1e8

  // MARK: Nesting

  /// How deep parentheses may nest in one number (`((1))` is 2). The expression parser
  /// recurses once per level; this keeps it far inside the stack of the smallest thread that
  /// reads values (a Dispatch worker's 512 KiB).
  package static let maxExpressionDepth = 32

  /// How deep commands may nest inside commands: blocks in blocks (`{ { … } }`), and the
  /// COMMAND of `after`, `at`, `every` and `action` (`after 1 after 1 echo hi` is 2). Checking
  /// and running recurse once per level. Also how deep scheduled commands may run inside one
  /// another, when one that moves the clock (`after 0.2 step 0.1`) runs those it reaches.
  package static let maxCommandDepth = 32

  // MARK: Time

  /// The furthest one `step` (or `step to`) may move the clock, in seconds.
  package static let maxStep = 1e9

  /// The most steps one `step DT COUNT` may take.
  package static let maxStepCount = 1_000_000.0

  /// The shortest interval of a repeating timer (`every`), in seconds: the animated-emission
  /// grid's cell, so a timer never runs more often than Burst samples an animation.
  package static let minTimerInterval = 0.001

  /// The most scheduled commands (`after`, `at`, `every`'s runs, also when they schedule
  /// more) one command may run. A step that would run more timer runs is refused before it
  /// starts; a chain that reschedules itself without end stops with an error when it gets here.
  package static let maxScheduledRuns = 100_000.0

  /// The longest `record` or `play`, in seconds of scene time.
  package static let maxRecordSeconds = 1e6

  // MARK: Pictures and files

  /// The largest scene, in points each way.
  package static let maxSceneSide = 8192.0

  /// The most straight pieces one curve (a Bézier, or a quarter turn of an arc or ellipse) of a
  /// shape layer's path is flattened into before it is filled or stroked; fewer when it is
  /// small on screen (about one per 2 pixels of its length). Also bounds round joins and caps.
  static let maxCurvePieces = 64

  /// The most values a list property holds (`lineDashPattern`, `locations`).
  package static let maxListCount = 1024

  /// The most instances one replicator layer draws (`instanceCount`).
  package static let maxInstanceCount = 1000

  /// The most replicated instances one frame draws in all (replicators inside replicators
  /// multiply); instances past it are not drawn, and docs/semantics.md says so.
  package static let maxInstancesDrawn = 10_000

  /// The largest size (em, in pixels) a text layer's glyphs are rasterised at; larger text is
  /// rasterised at this size and scaled up.
  package static let maxGlyphPixels = 512

  /// The most pixels of the image a text layer's text is rasterised into (about 2048²); a
  /// larger layer's text is rasterised coarser and scaled up.
  package static let maxTextImagePixels = 1 << 22

  /// The most pixels of an image drawn in code (`contents=drawing(W,H …)`, 1024²): each side
  /// at most this many in all, rasterised once when the value is read.
  package static let maxDrawingPixels = 1 << 20

  /// The most marks (paths filled or stroked) one drawn image holds.
  package static let maxDrawingMarks = 256

  /// The most bytes of rasterised text kept between frames (`TextImageCache`, 64 MiB: a
  /// label's coverage and its tinted image, about 22 bytes a pixel); the least recently drawn
  /// labels are rasterised again.
  package static let maxTextCacheBytes = 64 << 20

  /// The most characters a text layer lays out (`string`); the rest are not drawn.
  package static let maxTextCharacters = 100_000

  /// The largest snapshot, in pixels each way (its float canvas takes 1 GiB at 8192×8192).
  package static let maxSnapshotSide = 8192.0

  /// The largest frame `record` writes as PNG, in pixels each way.
  package static let maxFrameSide = 4096.0

  /// The most pixels an image file may have to be loaded (4096×4096).
  package static let maxImagePixels = 4096 * 4096

  /// The most decoded image bytes all loaded images may hold together (512 MiB).
  package static let maxDecodedImageBytes = 512 << 20

  /// The largest `.cast` recording `record` writes (256 MiB).
  package static let maxCastBytes = 256 << 20

  /// The largest GIF, animated PNG or video `record` writes (512 MiB).
  package static let maxAnimationBytes = 512 << 20

  /// The most frames sampled for a GIF's palette before the recording is made.
  package static let maxPaletteSamples = 64

  /// The most distinct colours a GIF's palette is chosen from exactly (65,536); past it,
  /// from buckets of 6 bits a channel, so the choice takes bounded time and memory.
  package static let maxPaletteExactColors = 1 << 16

  /// The highest fps a GIF may have: its delays are in hundredths of a second, and players
  /// slow down a delay under 2.
  package static let maxGIFFramesPerSecond = 50.0

  /// The largest script `load` or `burst FILE` reads (64 MiB).
  package static let maxScriptBytes = 64 << 20

  /// The most pixels one `record` may write in all its frames.
  package static let maxRecordPixels = 2e9

  /// The most panels one `sweep` draws (values × times).
  package static let maxSweepPanels = 64

  /// The most pixels a `sweep` contact sheet may have, panels, labels and gutters together
  /// (4096×4096; its float canvas takes 256 MiB).
  package static let maxSweepSheetPixels = 4096.0 * 4096.0

  /// The most bytes of sprite stamps a session keeps for its terminal text frames
  /// (`SpriteStamps`; docs/terminal-graphics.md); past it the stamps are made afresh.
  static let maxStampBytes = 32 << 20

  /// The most values `sample` draws.
  package static let maxSamples = 1_000_000.0

  /// `import`: the most statements it runs, turns of one loop, nested calls, and layers and
  /// cells it creates (what is beyond them is skipped with a warning).
  package static let maxImportStatements = 100_000
  package static let maxImportLoopTurns = 1000
  package static let maxImportCallDepth = 32
  /// `import`: how many times one function may be running at once (itself calling itself):
  /// a file cut short whose function's body runs into the code that calls it recurses with
  /// every call branching, exponentially many statements before `maxImportCallDepth`.
  package static let maxImportRecursion = 8
  /// `import`: how many ticks of a repeating timer whose block changes from tick to tick are
  /// followed one by one (after them, the last tick's changes repeat).
  package static let maxImportTimerTicks = 120
  package static let maxImportObjects = 1000
  /// `import`: how deep brackets (`(`, `[`, `{`) may nest in a file; a deeper file is refused
  /// before anything runs (its reader recurses once per level).
  package static let maxImportNesting = 128
  /// `import`: the largest source file it reads (a 3,000-line view controller is about 120 KiB).
  package static let maxImportBytes = 4 << 20
  /// `import`: the most folders it looks through in asset catalogs for `UIImage(named:)`, and
  /// the largest `Contents.json` it reads.
  package static let maxImportAssetFolders = 2000
  package static let maxImportAssetJSONBytes = 1 << 20

  /// What the bound a property's range ends at is, in words, for the warning when a value is
  /// clamped to it ("the largest magnitude Burst keeps"), or nil when the range is the
  /// property's own. Messages say a bound and its value, never its name here.
  package static func meaning(of bound: Double) -> String? {
    switch abs(bound) {
    case maxMagnitude: return "the largest magnitude Burst keeps"
    case Double(maxParticles): return "the most particles a scene may hold"
    default: return nil
    }
  }

  /// A bound as messages quote it: a power of ten from a million up as `1e9`, any other
  /// value in its shortest form (`8192`).
  package static func quoted(_ x: Double) -> String {
    if x < 0 { return "-" + quoted(-x) }
    var power = 1e6
    for e in 6...300 {
      if power == x { return "1e\(e)" }
      if power > x { break }
      power *= 10
    }
    return ValueFormatting.number(x)
  }
}

/// The tolerances of Burst's arithmetic, each named for what it absorbs.
enum Tolerance {
  /// Rounding slack when counting births: an emission integral within this of a whole number
  /// counts as reaching it, so a rate × time that is whole on paper (10/s × 0.3 s) gives its
  /// births even when floating point lands a hair below.
  static let birthCount = 1e-9

  /// Rounding slack on times in seconds: a particle whose death lies within this after a step's
  /// end is dead at that end.
  static let deathTime = 1e-9

  /// Margin in seconds by which a birth must precede the step's end minus its whole lifetime
  /// chain (itself and all its sub-cell descendants) to be skipped as certainly gone by then.
  static let lifetimeChain = 1e-6

  /// Relative slack at the end of an animation's active time: within this fraction of the end
  /// counts as the end, so that scripted times such as 0.1 + 0.2 land on it.
  static let activeEnd = 1e-12

  /// Relative slack at a cycle boundary when an animation ends exactly there: within this
  /// fraction of a cycle past the boundary, the end shows the finished cycle, not a new one.
  static let cycleBoundary = 1e-9
}
