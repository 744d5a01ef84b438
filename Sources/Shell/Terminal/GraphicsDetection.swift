/// Which picture format suits the terminal, decided from the environment and the terminal's
/// replies to a query. Everything here is pure (the environment and the replies are arguments);
/// `TerminalQuery` does the talking to the terminal.

/// The size of one character cell in pixels.
struct CellSize: Sendable, Equatable {
  var width: Int
  var height: Int

  /// When neither the kernel nor the terminal says: 8×16 pixels.
  static let fallback = CellSize(width: 8, height: 16)

  /// The sizes believed: each side from 1 to `most` pixels.
  static let most = 256

  /// The size, or nil when a side is outside 1…``most`` (a terminal that answered nonsense).
  static func plausible(width: Int, height: Int) -> CellSize? {
    guard (1...most).contains(width), (1...most).contains(height) else { return nil }
    return CellSize(width: width, height: height)
  }

  /// How many times taller than wide a cell is.
  var aspect: Double { Double(height) / Double(width) }
}

/// What a terminal answered to ``GraphicsDetection/query``.
struct TerminalReplies: Sendable, Equatable {
  /// The kitty graphics query (image id ``GraphicsDetection/kittyQueryID``) was answered OK.
  var kitty = false
  /// The primary device attributes list 4: sixel graphics.
  var sixel = false
  /// The cell size from the reply to `CSI 16 t` (`CSI 6 ; height ; width t`).
  var cellSize: CellSize? = nil
  /// The primary device attributes came back: every terminal answers them, and after the other
  /// replies, so nothing more is coming.
  var complete = false

  /// Reads the replies out of `bytes` (anything else in them is ignored).
  static func parse(_ bytes: [UInt8]) -> TerminalReplies {
    var replies = TerminalReplies()
    var i = 0
    let esc: UInt8 = 0x1B
    while i < bytes.count {
      guard bytes[i] == esc, i + 1 < bytes.count else {
        i += 1
        continue
      }
      if bytes[i + 1] == UInt8(ascii: "[") {
        // CSI: parameter bytes, then one final byte in @…~.
        var j = i + 2
        while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else { break }
        let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
        replies.read(csi: params, final: bytes[j])
        i = j + 1
      } else if bytes[i + 1] == UInt8(ascii: "_") {
        // APC, up to ESC \.
        var j = i + 2
        while j + 1 < bytes.count, !(bytes[j] == esc && bytes[j + 1] == UInt8(ascii: "\\")) {
          j += 1
        }
        guard j + 1 < bytes.count else { break }
        replies.read(apc: String(decoding: bytes[(i + 2)..<j], as: UTF8.self))
        i = j + 2
      } else {
        i += 1
      }
    }
    return replies
  }

  private mutating func read(csi params: String, final: UInt8) {
    switch final {
    case UInt8(ascii: "c") where params.hasPrefix("?"):
      complete = true
      if params.dropFirst().split(separator: ";").contains("4") { sixel = true }
    case UInt8(ascii: "t"):
      let p = params.split(separator: ";").map { Int($0) }
      if p.count == 3, p[0] == 6, let h = p[1], let w = p[2] {
        cellSize = CellSize.plausible(width: w, height: h)
      }
    default: break
    }
  }

  private mutating func read(apc: String) {
    guard apc.hasPrefix("G") else { return }
    let parts = apc.dropFirst().split(separator: ";", maxSplits: 1)
    guard parts.count == 2 else { return }
    let keys = parts[0].split(separator: ",")
    if keys.contains("i=\(GraphicsDetection.kittyQueryID)"), parts[1] == "OK" { kitty = true }
  }
}

/// What the environment says about the terminal's pictures.
enum EnvironmentVerdict: Sendable, Equatable {
  /// A terminal known to show this format.
  case format(TerminalFormat)
  /// A multiplexer (tmux, screen) that does not pass pictures through: text, and no query.
  case textOnly
  /// Nothing known: ask the terminal if allowed.
  case unknown
}

enum GraphicsDetection {
  /// The image id of the kitty query (any id works: `a=q` stores nothing).
  static let kittyQueryID = 31

  /// What `auto` sends at the prompt: a kitty graphics query for a 1×1 RGB image (the terminal
  /// answers OK if it could show it), the cell size request `CSI 16 t`, and the primary device
  /// attributes request `CSI c`, which every terminal answers last.
  static let query =
    "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[c"

  /// How long to wait for the replies, in seconds.
  static let timeout = 0.1

  /// The format the environment points to:
  /// - inside tmux or screen (`TMUX` set, `TERM` starting `screen` or `tmux`), on the Linux
  ///   console (`TERM` linux) and in Emacs (`TERM` starting eterm): text only, and no query
  ///   (which the console would print);
  /// - kitty (`KITTY_WINDOW_ID` set, `TERM` xterm-kitty) and Ghostty (`TERM_PROGRAM` ghostty,
  ///   `TERM` xterm-ghostty): kitty;
  /// - iTerm2 (`TERM_PROGRAM` iTerm.app, or `LC_TERMINAL` iTerm2 as ssh passes it) and
  ///   WezTerm (`TERM_PROGRAM` WezTerm): iterm;
  /// - a `TERM` containing sixel, or starting mlterm or foot: sixel;
  /// - anything else: unknown.
  static func verdict(_ env: [String: String]) -> EnvironmentVerdict {
    func value(_ name: String) -> String { env[name] ?? "" }
    let term = value("TERM")
    let program = value("TERM_PROGRAM")
    if !value("TMUX").isEmpty || term.hasPrefix("screen") || term.hasPrefix("tmux")
      || term == "linux" || term.hasPrefix("eterm")
    {
      return .textOnly
    }
    if !value("KITTY_WINDOW_ID").isEmpty || term == "xterm-kitty" || program == "ghostty"
      || term == "xterm-ghostty"
    {
      return .format(.kitty)
    }
    if program == "iTerm.app" || program == "WezTerm" || value("LC_TERMINAL") == "iTerm2" {
      return .format(.iterm)
    }
    if term.contains("sixel") || term.hasPrefix("mlterm") || term.hasPrefix("foot") {
      return .format(.sixel)
    }
    return .unknown
  }

  /// The format the replies point to: kitty if it answered the kitty query, else sixel if the
  /// device attributes list it, else nil.
  static func format(from replies: TerminalReplies) -> TerminalFormat? {
    if replies.kitty { return .kitty }
    if replies.sixel { return .sixel }
    return nil
  }

  /// Whether `auto` may query the terminal: only at the prompt (standard input and output are
  /// both terminals), with colour on, when the environment knows nothing.
  static func shouldQuery(
    _ env: [String: String], color: Bool, outputIsTerminal: Bool, atPrompt: Bool
  ) -> Bool {
    color && outputIsTerminal && atPrompt && verdict(env) == .unknown
  }

  /// The picture format of `--graphics auto`: nil (ansi or ascii, as `--color` decides) unless
  /// colour is on, standard output is a terminal and the environment or the `replies` (nil when
  /// no query was made) show a pixel format.
  static func choose(
    _ env: [String: String], color: Bool, outputIsTerminal: Bool, replies: TerminalReplies?
  ) -> TerminalFormat? {
    guard color, outputIsTerminal else { return nil }
    switch verdict(env) {
    case .format(let f): return f
    case .textOnly: return nil
    case .unknown: return replies.flatMap(format(from:))
    }
  }
}
