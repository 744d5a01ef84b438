import Testing

@testable import Shell

/// `tree LAYER` prints that layer's subtree; `count` without a path a line per emitter and the
/// total (issue 22 §6).
@Suite("tree LAYER and count without a path")
struct TreeCountTests {
  /// a (emitter: x), b (layer) holding c (emitter: y with sub-cell z) holding d (emitter: w).
  static let scene = """
    emitter a; layer b; emitter c in b; emitter d in c
    cell a x; cell c y; cell c.emitterCells.y z; cell d w
    set a.emitterCells.x birthRate=10 lifetime=5
    set c.emitterCells.y birthRate=100 lifetime=5
    set d.emitterCells.w birthRate=7 lifetime=3
    step 1

    """

  /// The names a tree's lines start with (after the branches), in order.
  static func names(_ tree: String) -> [String] {
    tree.split(separator: "\n").map { line in
      let text = line.drop { "│├└─ ".contains($0) }
      return String(text.prefix { $0 != " " })
    }
  }

  @Test(
    "tree LAYER prints that layer's subtree only, as the whole tree prints it",
    arguments: [
      ("b", ["b", "c", "y", "z", "d", "w"]),
      ("c", ["c", "y", "z", "d", "w"]),
      ("d", ["d", "w"]),
      ("a", ["a", "x"]),
      ("scene", ["scene", "a", "x", "b", "c", "y", "z", "d", "w"]),
    ])
  func subtree(layer: String, names: [String]) {
    let run = runScript(Self.scene + "tree \(layer)\n")
    #expect(run.error == nil, "\(run.stderr)")
    #expect(Self.names(run.stdout) == names, "\(run.stdout)")
    // Each line is the whole tree's line for that object, with the same counts.
    let whole = runScript(Self.scene + "tree\n").stdout
    for line in run.stdout.split(separator: "\n") {
      let text = line.drop { "│├└─ ".contains($0) }
      #expect(whole.contains(text), "\(text)")
    }
  }

  @Test("tree of a cell or of no layer is an error that says so")
  func treeOfNoLayer() {
    let cell = runScript(Self.scene + "tree c.emitterCells.y\n")
    #expect(cell.error?.message == "'c.emitterCells.y' is a cell, not a layer")
    let none = runScript(Self.scene + "tree q\n")
    #expect(none.error?.message == "unknown layer 'q'")
  }

  @Test("count without a path prints each emitter's own particles and the total")
  func countEveryEmitter() {
    let run = runScript(Self.scene + "count\ncount c\ncount b\n")
    #expect(run.error == nil, "\(run.stderr)")
    // c's own 100 (not d's 7, which its own line has); count PATH still counts the subtree.
    #expect(run.stdout == "a       10\nc      100\nd        7\ntotal  117\n107\n107\n")
  }

  @Test("count in an empty scene is a total of 0")
  func countEmpty() {
    #expect(runScript("layer plain\ncount\n").stdout == "total  0\n")
  }
}
