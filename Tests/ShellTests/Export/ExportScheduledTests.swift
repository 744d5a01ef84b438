import Foundation
import Testing

@testable import Shell

/// What `export` writes for scheduled commands, timers and actions beyond property changes.
@Suite("export writes scheduled animations, copies, removals, timers and actions")
struct ExportScheduledTests {
  @Test(
    "each scheduled command is written as code at its delay",
    arguments: [
      (
        "swift", "layer a\nafter 0.5 animate a.opacity from 1 to 0 duration 1\n",
        [
          "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {",
          "let aAnimation = CABasicAnimation(keyPath: \"opacity\")",
          "a.add(aAnimation, forKey: \"opacity\")",
        ]
      ),
      (
        "swift", "layer a\nafter 1 uiview a.opacity to 0 duration 0.5\n",
        [
          "a.opacity = 0",
          "aAnimation.fromValue = a.presentation()?.value(forKeyPath: \"opacity\")",
          "aAnimation.toValue = 0",
        ]
      ),
      (
        "swift", "layer a\nafter 1 copy a as b\nat 2 remove b\n",
        [
          "let b = CALayer()", "b.name = \"b\"", "view.layer.insertSublayer(b, above: a)",
          "DispatchQueue.main.asyncAfter(deadline: .now() + 2) {",
          "for old in view.layer.sublayers ?? [] where old.name == \"b\" { old.removeFromSuperlayer() }",
        ]
      ),
      (
        "swift", "layer a\nafter 1 transition a push fromTop duration 0.4\n",
        [
          "let aTransition = CATransition()", "aTransition.type = .push",
          "aTransition.subtype = .fromTop", "a.add(aTransition, forKey: kCATransition)",
        ]
      ),
      (
        "swift", "layer a\nevery 0.5 set a.opacity 0.5\n",
        ["Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in", "a.opacity = 0.5"]
      ),
      (
        // A layer an action makes is the entry point's, so another action reaches the one made
        // last, and a second run removes the first run's by its name.
        "swift",
        "layer a\naction make { remove b ifPresent; layer b; set b.opacity 0.5 }\n"
          + "action hide set b.opacity 0\n",
        [
          "var b = CALayer()", "func make() {",
          "for old in view.layer.sublayers ?? [] where old.name == \"b\" { old.removeFromSuperlayer() }",
          "b = CALayer()", "func hide() {", "b.opacity = 0",
        ]
      ),
      (
        "objc",
        "layer a\naction make { remove b ifPresent; layer b; set b.opacity 0.5 }\n"
          + "action hide set b.opacity 0\n",
        ["__block CALayer *b = nil;", "b = [CALayer layer];", "b.opacity = 0;"]
      ),
      (
        "swift", "layer a\naction tap set a.opacity 0\n",
        [
          "@discardableResult",
          "func buildBurstScene(in view: UIView) -> [String: () -> Void] {", "func tap() {",
          "return [\"tap\": tap]",
        ]
      ),
      (
        "objc", "layer a\nafter 1 uiview a.opacity to 0 duration 0.5\n",
        ["aAnimation.fromValue = [[a presentationLayer] valueForKeyPath:@\"opacity\"];"]
      ),
      (
        "objc", "layer a\nafter 1 copy a as b\nat 2 remove b\n",
        [
          "CALayer *b = [CALayer layer];", "[view.layer insertSublayer:b above:a];",
          "for (CALayer *old in [view.layer.sublayers filteredArrayUsingPredicate:"
            + "[NSPredicate predicateWithFormat:@\"name == %@\", @\"b\"]]) { [old removeFromSuperlayer]; }",
        ]
      ),
      (
        "objc", "layer a\nevery 0.5 set a.opacity 0.5\n",
        [
          "[NSTimer scheduledTimerWithTimeInterval:0.5 repeats:YES block:^(NSTimer *fired) {",
          "a.opacity = 0.5;",
        ]
      ),
      (
        "objc", "layer a\naction tap set a.opacity 0\n",
        [
          "NSDictionary<NSString *, void (^)(void)> *BuildBurstScene(UIView *view) {",
          "void (^tap)(void) = ^{", "return @{@\"tap\": tap};",
        ]
      ),
    ])
  func written(language: String, script: String, expected: [String]) {
    let run = runScript(script + "export \(language)\n")
    #expect(run.error == nil, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    for line in expected {
      #expect(
        lines.contains { $0 == line || $0.hasSuffix(" = " + line) || $0.hasSuffix(line) },
        "missing: \(line)\n\(run.stdout)")
    }
    #expect(!run.stdout.contains("not expressible"), "\(run.stdout)")
  }

  @Test(
    "adding to a running group is listed as left out; removing a cell later is written as code")
  func leftOut() {
    let run = runScript(
      "layer a\nemitter e\ncell e c\ngroup a g duration 1\n"
        + "after 1 animate a.opacity to 0 in g\nat 2 remove e.emitterCells.c\nexport swift\n")
    #expect(run.error == nil, "\(run.stderr)")
    let header = run.stdout.split(separator: "\n").prefix { $0.hasPrefix("//") }
      .map { String($0.dropFirst(2).drop { $0 == " " }) }.joined(separator: " ")
    #expect(header.contains("not expressible"), "\(run.stdout)")
    #expect(header.contains("`animate a.opacity to 0 in g` (at 1 s)"), "\(run.stdout)")
    #expect(!header.contains("`remove e.emitterCells.c`"), "\(run.stdout)")
    #expect(
      run.stdout.contains("e.emitterCells = e.emitterCells?.filter { $0.name != \"c\" }"),
      "\(run.stdout)")
    #expect(run.stdout.contains("asyncAfter(deadline: .now() + 2)"), "\(run.stdout)")
  }
}
