#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small helpers for querying the controlling terminal.
enum Terminal {
  /// Returns whether the file descriptor `fd` refers to a terminal (see `isatty(3)`).
  ///
  /// The shell uses this to choose between the interactive readline editor (stdin is a
  /// terminal) and plain line reading (input piped from a file or another program).
  static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }
}
