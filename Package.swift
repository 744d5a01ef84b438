// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Core is compiled for the machine it is built on (`-target-cpu native`: AVX2 or AVX-512 where
/// there are), as the benchmark's C kernels are: the bytes do not change, since Swift never
/// fuses a multiply and an add unasked nor reorders float arithmetic and Core calls no C maths
/// library (the golden and render-hash tests run with it). `BURST_PORTABLE=1 swift build …`
/// builds for the architecture's baseline instead, for a binary that runs on any x86-64 machine
/// (README, "Benchmarks").
let coreTarget: [SwiftSetting] = {
  #if arch(x86_64)
    guard ProcessInfo.processInfo.environment["BURST_PORTABLE"] == nil else { return [] }
    return [.unsafeFlags(["-target-cpu", "native"])]
  #else
    return []
  #endif
}()

let package = Package(
  name: "Burst",
  products: [
    .executable(name: "burst", targets: ["burst"]),
    .executable(name: "burst-bench", targets: ["Benchmarks"]),
  ],
  targets: [
    .systemLibrary(
      name: "CReadline",
      path: "Sources/CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .systemLibrary(
      name: "CPNG",
      path: "Sources/CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    // Burst's own PNG encoder, in C over zlib (Sources/CPNGEncoder/README.md).
    .target(
      name: "CPNGEncoder",
      path: "Sources/CPNGEncoder",
      linkerSettings: [.linkedLibrary("z")]
    ),
    // giflib, for `record FILE.gif` (Debian libgif-dev; MIT).
    .systemLibrary(
      name: "CGIF",
      path: "Sources/CGIF",
      providers: [.apt(["libgif-dev"])]
    ),
    // FreeType, for the glyphs of text layers (Debian libfreetype-dev; FreeType licence).
    .systemLibrary(
      name: "CFreeType",
      path: "Sources/CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    // A header-only cache hint for the sprite rasteriser (Swift has no prefetch of its own).
    .systemLibrary(
      name: "CPrefetch",
      path: "Sources/CPrefetch"
    ),
    // A header-only memory hint for big particle stores (huge pages where Linux offers them).
    .systemLibrary(
      name: "CMemoryAdvice",
      path: "Sources/CMemoryAdvice"
    ),
    // Eight pixels at a time for the sprite rasteriser where the processor has AVX2, chosen at
    // run time (Sources/CSpriteRecord/include/sprite_record.h). Optimised in every build, and
    // never with a multiply and an add fused, so that its floats are the Swift span's.
    .target(
      name: "CSpriteRecord",
      path: "Sources/CSpriteRecord",
      cSettings: [.unsafeFlags(["-O2", "-ffp-contract=off"])]
    ),
    .target(
      name: "Core",
      dependencies: ["CPrefetch", "CMemoryAdvice", "CSpriteRecord"],
      path: "Sources/Core",
      // Optimised in debug builds too: the tests spend most of their time simulating and
      // drawing in Core, which runs many times faster at -O (README, "Development"). Remove
      // this locally to step through Core in a debugger.
      // And for the machine it is built on: `coreTarget` above.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + coreTarget
    ),
    .target(
      name: "Shell",
      dependencies: ["Core", "CReadline", "CPNG", "CPNGEncoder", "CGIF", "CFreeType"],
      path: "Sources/Shell"
    ),
    // The program is a thin entry point, so the tests and the fuzz target link the same Shell.
    .executableTarget(
      name: "burst",
      dependencies: ["Shell"],
      path: "Sources/burst"
    ),
    // The benchmark's C kernels are built with -O3 for the machine they run on (release
    // builds only; a root package may use unsafeFlags). The SIMD paths of kernel (a) are also
    // chosen at run time, so a build without these flags measures the same code paths.
    .target(
      name: "BenchKernels",
      path: "Sources/BenchKernels",
      cSettings: [.unsafeFlags(["-O3", "-march=native"], .when(configuration: .release))]
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Core", "Shell", "BenchKernels"],
      path: "Sources/Benchmarks"
    ),
    // The helpers both test targets share (repository files, goldens and their diff, scratch
    // folders, running programs): a plain target, as SwiftPM has no test-only helper target.
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "CoreTests",
      dependencies: ["Core", "TestSupport"],
      path: "Tests/CoreTests"
    ),
    .testTarget(
      name: "ShellTests",
      dependencies: ["Shell", "Core", "burst", "TestSupport"],
      path: "Tests/ShellTests",
      exclude: ["Golden", "ImportCorpus"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
