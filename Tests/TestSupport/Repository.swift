import Foundation

// The helpers every test target shares: the repository's files, the goldens and their diff,
// scratch folders, and running programs. Nothing here depends on Core or the Shell, so both
// test targets link it; helpers that run a Shell session live in Tests/ShellTests/Support.

/// The repository's root, found from this file's path (Tests/TestSupport/Repository.swift).
package let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The files in `folder` (relative to the repository's root) whose names end in `suffix`,
/// sorted. A folder that cannot be read or holds none stops the test run with a message: a
/// wrong path must never make a table-driven test run zero cases and pass.
package func repositoryFiles(in folder: String, endingIn suffix: String) -> [String] {
  let dir = repositoryRoot.appendingPathComponent(folder).path
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
    preconditionFailure("cannot list \(dir): the test's path is wrong")
  }
  let found = names.filter { $0.hasSuffix(suffix) }.sorted()
  precondition(!found.isEmpty, "no \(suffix) file in \(dir): the test's path is wrong")
  return found
}

/// A file not found or not UTF-8 under the repository's root.
package struct RepositoryFileError: Error, CustomStringConvertible {
  package let path: String
  package var description: String { "cannot read \(path) as UTF-8 text" }
}

/// The text of a file under the repository's root (`examples/confetti.burst`).
package func repositoryText(_ path: String) throws -> String {
  let url = repositoryRoot.appendingPathComponent(path)
  guard let data = FileManager.default.contents(atPath: url.path),
    let text = String(validating: data, as: UTF8.self)
  else { throw RepositoryFileError(path: path) }
  return text
}
