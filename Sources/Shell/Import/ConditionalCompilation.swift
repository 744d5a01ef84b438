import Core

/// Conditional compilation (`#if canImport(UIKit)` … `#else` … `#endif` in Swift; `#if`,
/// `#ifdef`, `#ifndef`, `#elif` in Objective-C): the branches an iOS app built by Xcode in its
/// Debug configuration compiles are kept, the others and the directive lines dropped, before
/// the file is read. Conditions are worked out as the compiler would for an iPhone app: iOS's
/// own frameworks import, `os(iOS)` holds, `DEBUG` is set, the simulator and Mac Catalyst do
/// not; a name it cannot know counts as false (as an undefined name does in both languages),
/// and the importer says which branch that made it take.
enum ConditionalCompilation {
  /// Apple's frameworks an iOS app can import (`canImport(UIKit)`).
  static let iOSModules: Set<String> = [
    "UIKit", "QuartzCore", "Foundation", "CoreGraphics", "SwiftUI", "Combine", "CoreImage",
    "SpriteKit", "AVFoundation", "CoreMotion", "GameplayKit", "SceneKit", "Darwin", "ObjectiveC",
    "CoreFoundation", "Dispatch", "os", "CoreText", "ImageIO", "MetalKit", "Metal",
  ]

  /// Names with the value they have when Xcode builds an iPhone app for a device in Debug.
  static let known: [String: Int] = [
    "DEBUG": 1, "true": 1, "false": 0, "TARGET_OS_IOS": 1, "TARGET_OS_IPHONE": 1,
    "TARGET_OS_MAC": 1, "TARGET_OS_SIMULATOR": 0, "TARGET_IPHONE_SIMULATOR": 0,
    "TARGET_OS_OSX": 0, "TARGET_OS_TV": 0, "TARGET_OS_WATCH": 0, "TARGET_OS_MACCATALYST": 0,
    "TARGET_OS_VISION": 0, "__OBJC__": 1, "__APPLE__": 1,
    "__IPHONE_OS_VERSION_MAX_ALLOWED": 180_000, "__IPHONE_OS_VERSION_MIN_REQUIRED": 130_000,
  ]

  /// The directives that open, continue and close a conditional block.
  static let opening: Set<String> = ["#if", "#ifdef", "#ifndef"]
  static let continuing: Set<String> = ["#elseif", "#elif", "#else"]
  static let closing = "#endif"

  /// `tokens` with the inactive branches and the directive lines removed; `notes` gets a
  /// line for each condition that named something this cannot know.
  static func resolve(
    _ tokens: [SourceToken], notes: inout [(at: SourceToken, message: String)]
  ) -> [SourceToken] {
    guard tokens.contains(where: { isDirective($0) }) else { return tokens }
    var out: [SourceToken] = []
    out.reserveCapacity(tokens.count)
    /// Each open block: whether its enclosing code is kept, whether a branch was taken, and
    /// whether the current branch is kept.
    var stack: [(outer: Bool, taken: Bool, active: Bool)] = []
    var defined: Set<String> = []
    var i = 0
    var keeping: Bool { stack.last?.active ?? true }
    while i < tokens.count {
      let t = tokens[i]
      guard isDirective(t) else {
        if keeping {
          if t.isIdentifier("#define"), i + 1 < tokens.count { defined.insert(tokens[i + 1].text) }
          out.append(t)
        }
        i += 1
        continue
      }
      // The directive's line: its condition runs to the end of the line.
      var end = i + 1
      while end < tokens.count, !tokens[end].startsLine { end += 1 }
      let condition = Array(tokens[(i + 1)..<end])
      func holds() -> Bool {
        var unknown: [String] = []
        var value: Bool
        switch t.text {
        case "#ifdef", "#ifndef":
          let name = condition.first?.text ?? ""
          let isDefined = defined.contains(name) || known[name].map { $0 != 0 } ?? false
          if !defined.contains(name) && known[name] == nil { unknown.append(name) }
          value = t.text == "#ifdef" ? isDefined : !isDefined
        default:
          var e = Evaluator(tokens: condition, defined: defined)
          value = e.expression() != 0
          unknown = e.unknown
        }
        if !unknown.isEmpty {
          let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
          notes.append(
            (
              t,
              "\(t.text) \(condition.map(\.text).joined(separator: " ")): \(names) cannot be"
                + " known here and counts as false, so \(value ? "this branch" : "another branch")"
                + " is read"
            ))
        }
        return value
      }
      switch t.text {
      case let d where opening.contains(d):
        let outer = keeping
        let v = outer && holds()
        stack.append((outer, v, v))
      case closing:
        if !stack.isEmpty { stack.removeLast() }
      default:
        // #elseif / #elif / #else
        guard var top = stack.popLast() else { break }
        if top.taken || !top.outer {
          top.active = false
        } else {
          let v = t.text == "#else" ? true : holds()
          top.active = v
          top.taken = v
        }
        stack.append(top)
      }
      i = end
    }
    // The token after a dropped directive starts a line: keep that mark for Swift's
    // statement ends (it already has it, being the first token of the next line).
    return out
  }

  static func isDirective(_ t: SourceToken) -> Bool {
    t.kind == .identifier && t.startsLine
      && (opening.contains(t.text) || continuing.contains(t.text) || t.text == closing)
  }

  /// A condition's value, as C's preprocessor and Swift's compiler work it out: `||`, `&&`,
  /// `!`, comparisons, parentheses, `defined(X)`, and Swift's `canImport`, `os`, `arch`,
  /// `targetEnvironment`, `swift` and `compiler` tests.
  struct Evaluator {
    let tokens: [SourceToken]
    let defined: Set<String>
    var i = 0
    var unknown: [String] = []

    init(tokens: [SourceToken], defined: Set<String>) {
      self.tokens = tokens
      self.defined = defined
    }

    var current: SourceToken? { i < tokens.count ? tokens[i] : nil }

    mutating func expression() -> Int {
      var v = conjunction()
      while current?.isPunctuation("||") == true {
        i += 1
        let r = conjunction()
        v = (v != 0 || r != 0) ? 1 : 0
      }
      return v
    }

    mutating func conjunction() -> Int {
      var v = comparison()
      while current?.isPunctuation("&&") == true {
        i += 1
        let r = comparison()
        v = (v != 0 && r != 0) ? 1 : 0
      }
      return v
    }

    mutating func comparison() -> Int {
      let l = unary()
      guard let op = current, op.kind == .punctuation,
        ["==", "!=", "<", ">", "<=", ">="].contains(op.text)
      else { return l }
      i += 1
      let r = unary()
      switch op.text {
      case "==": return l == r ? 1 : 0
      case "!=": return l != r ? 1 : 0
      case "<": return l < r ? 1 : 0
      case ">": return l > r ? 1 : 0
      case "<=": return l <= r ? 1 : 0
      default: return l >= r ? 1 : 0
      }
    }

    /// How deep `!` and brackets nest now: past `Limits.maxImportNesting` the rest of the
    /// condition is not read (it counts as false), so no input can exhaust the stack.
    var depth = 0

    mutating func unary() -> Int {
      guard let t = current else { return 0 }
      if t.isPunctuation("!") || t.isPunctuation("(") {
        guard depth < Limits.maxImportNesting else {
          unknown.append("a condition nested over \(Limits.maxImportNesting) deep")
          i = tokens.count
          return 0
        }
        depth += 1
        defer { depth -= 1 }
        i += 1
        if t.isPunctuation("!") { return unary() == 0 ? 1 : 0 }
        let v = expression()
        if current?.isPunctuation(")") == true { i += 1 }
        return v
      }
      i += 1
      if t.kind == .number {
        let digits = t.text.prefix { $0.isNumber }
        return Int(digits) ?? 0
      }
      guard t.kind == .identifier else { return 0 }
      if current?.isPunctuation("(") == true {
        // A test with an argument: its words up to the closing bracket.
        i += 1
        var words: [String] = []
        var depth = 1
        while let a = current {
          i += 1
          if a.isPunctuation("(") { depth += 1 }
          if a.isPunctuation(")") {
            depth -= 1
            if depth == 0 { break }
          }
          words.append(a.text)
        }
        return test(t.text, words)
      }
      if defined.contains(t.text) { return 1 }
      if let v = ConditionalCompilation.known[t.text] { return v }
      if t.text.hasPrefix("__IPHONE_"), let v = Self.iPhoneVersion(t.text) { return v }
      unknown.append(t.text)
      return 0
    }

    /// `__IPHONE_13_0` → 130000, as Availability.h defines them.
    static func iPhoneVersion(_ name: String) -> Int? {
      let parts = name.dropFirst("__IPHONE_".count).split(separator: "_").compactMap { Int($0) }
      guard parts.count >= 2 else { return nil }
      return parts[0] * 10_000 + parts[1] * 100 + (parts.count > 2 ? parts[2] : 0)
    }

    mutating func test(_ name: String, _ words: [String]) -> Int {
      let first = words.first ?? ""
      switch name {
      case "canImport":
        return ConditionalCompilation.iOSModules.contains(first) ? 1 : 0
      case "os":
        return first == "iOS" ? 1 : 0
      case "arch":
        return first == "arm64" ? 1 : 0
      case "targetEnvironment":
        return 0
      case "swift", "compiler", "__has_include", "__has_feature", "__has_builtin":
        return 1
      case "defined":
        return defined.contains(first)
          || ConditionalCompilation.known[first].map { $0 != 0 }
            ?? false
          ? 1 : 0
      default:
        unknown.append(name)
        return 0
      }
    }
  }
}
