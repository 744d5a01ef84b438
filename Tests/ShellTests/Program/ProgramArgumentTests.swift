import Testing

@testable import Shell

/// The command line is read by the options' declarations (`ProgramOption.all`): the same table
/// that writes `--help`, the man page and the completions.
@Suite("command-line options parsed from their declaration")
struct ProgramArgumentTests {
  /// A valid argument for an option, from its declaration.
  static func sample(_ o: ProgramOption) -> String? {
    switch o.argument {
    case .none: return nil
    case .text: return "echo hi"
    case .script: return "a.burst"
    case .choice(_, let words): return words.last
    }
  }

  @Test("every declared option and alias reads with a valid argument, also joined by =")
  func everyOption() {
    for o in ProgramOption.all {
      for flag in o.flags {
        let arg = Self.sample(o)
        let r = ProgramArgument.parse([flag] + (arg.map { [$0] } ?? []))
        #expect((try? r.get()) == [.option(o.flag, arg)], "\(flag)")
        if o.joined, let arg {
          let joined = try? ProgramArgument.parse(["\(flag)=\(arg)"]).get()
          #expect(joined == [.option(o.flag, arg)], "\(flag)=")
        }
      }
    }
  }

  enum Expected: Sendable {
    case read([ProgramArgument])
    case refused(String)
  }

  static let cases: [(args: [String], result: Expected)] = [
    (
      ["a.burst", "-", "-e", "step 1"],
      .read([.operand("a.burst"), .operand("-"), .option("-e", "step 1")])
    ),
    (["-e", "x", "-e", "y"], .read([.option("-e", "x"), .option("-e", "y")])),
    (["--example"], .read([.option("--example", nil)])),
    (
      ["--example", "--color", "never"],
      .read([.option("--example", nil), .option("--color", "never")])
    ),
    (
      ["--watch", "a.burst", "--play=3"],
      .read([.option("--watch", "a.burst"), .watchModifier("--play=3")])
    ),
    (["--bogus"], .refused("unknown option '--bogus'")),
    (["-e=x"], .refused("unknown option '-e=x'")),
    (["-e"], .refused("-e needs COMMANDS")),
    (["-i", "--color"], .refused("-i needs FILE.burst")),
    (["--color", "sometimes"], .refused("--color: no WHEN is called 'sometimes'")),
    (["--color=nevr"], .refused("--color: no WHEN is called 'nevr' (did you mean 'never'?)")),
    (["--color", "never", "--color", "always"], .refused("--color is given twice")),
    (["-i", "a.burst", "-i", "b.burst"], .refused("-i is given twice")),
    (["--completion", "fish"], .refused("--completion: no SHELL is called 'fish'")),
  ]

  @Test(
    "command lines read as declared, and misuse says what the option takes",
    arguments: cases.indices)
  func commandLines(index: Int) {
    let c = Self.cases[index]
    let r = ProgramArgument.parse(c.args)
    switch (r, c.result) {
    case (.success(let got), .read(let want)):
      #expect(got == want)
    case (.failure(let e), .refused(let prefix)):
      #expect(e.message.hasPrefix(prefix), "\(e.message)")
    default:
      Issue.record("\(c.args): \(r)")
    }
  }
}
