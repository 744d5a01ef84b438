import Foundation
import Testing

/// Bytes one thread writes and another reads after it finished (a child's standard error).
package final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  package init() {}
  package func set(_ d: Data) { lock.withLock { data = d } }
  package func get() -> Data { lock.withLock { data } }
}

/// The full path of a program on PATH, or nil.
package func which(_ program: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for dir in path.split(separator: ":") {
    let candidate = "\(dir)/\(program)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// Runs a program with arguments and waits for it: in `directory` when given, with exactly
/// `environment` when given (else this process's), and `stdin` on its standard input (else
/// none). Standard input is written, and standard error read, on threads of their own while
/// standard output is read here: a child that fills one pipe (over 64 KiB to standard error,
/// say) while the test waits on another would otherwise never finish.
package func runProgram(
  _ path: String, _ args: [String], in directory: URL? = nil,
  environment: [String: String]? = nil, stdin: Data? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: path)
  p.arguments = args
  if let directory { p.currentDirectoryURL = directory }
  if let environment { p.environment = environment }
  let inPipe = Pipe()
  let outPipe = Pipe()
  let errPipe = Pipe()
  p.standardInput = stdin == nil ? FileHandle.nullDevice : inPipe
  p.standardOutput = outPipe
  p.standardError = errPipe
  try p.run()
  let group = DispatchGroup()
  let err = LockedData()
  DispatchQueue.global().async(group: group) {
    err.set(errPipe.fileHandleForReading.readDataToEndOfFile())
  }
  if let stdin {
    DispatchQueue.global().async(group: group) {
      inPipe.fileHandleForWriting.write(stdin)
      try? inPipe.fileHandleForWriting.close()
    }
  }
  let out = outPipe.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  p.waitUntilExit()
  return (
    p.terminationStatus, String(decoding: out, as: UTF8.self),
    String(decoding: err.get(), as: UTF8.self)
  )
}

/// The built `burst` executable beside the test bundle (or one level above it).
package func burstExecutable() throws -> String {
  let exe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [exe, exe.deletingLastPathComponent()].map {
    $0.appendingPathComponent("burst").path
  }
  return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) })
}

/// Runs the built `burst` executable with arguments and standard input (in `directory` when
/// given), with this process's environment plus `environment`.
package func runBurst(
  _ args: [String], stdin: Data = Data(), environment: [String: String] = [:],
  in directory: URL? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
  try runProgram(
    try burstExecutable(), args, in: directory,
    environment: environment.isEmpty
      ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
    stdin: stdin)
}
