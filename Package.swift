// swift-tools-version:6.0
import PackageDescription

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
    .target(
      name: "Core",
      dependencies: ["CPrefetch"],
      path: "Sources/Core",
      // Optimised in debug builds too: the tests spend most of their time simulating and
      // drawing in Core, which runs many times faster at -O (README, "Development"). Remove
      // this locally to step through Core in a debugger.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
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
