import Core
import Dispatch
import Foundation

extension Workers {
  /// Work on every core, through Dispatch (one thread when the machine has one core). What the
  /// program gives its scene: Core draws long runs of births with it (the bits are the same as
  /// on one thread).
  package static let everyCore: Workers = {
    let parallel = ProcessInfo.processInfo.activeProcessorCount > 1
    return Workers(isParallel: parallel) { count, body in
      if parallel && count > 1 {
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
      } else {
        for k in 0..<count { body(k) }
      }
    }
  }()
}
