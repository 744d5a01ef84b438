#!/usr/bin/env bash
# Builds a libFuzzer target (Fuzz/FuzzSupport.swift and the target's file with Sources/Core and
# Sources/Shell, under AddressSanitizer) and fuzzes it for SECONDS. FUZZ_TARGET chooses which:
#   burst (default)  Fuzz/FuzzBurst.swift: the lexer, parser and executor, on .burst scripts
#   import           Fuzz/FuzzImport.swift: the importer (and export and re-import of what it
#                    built), on Swift and Objective-C sources
#
#   scripts/fuzz.sh SECONDS [LIBFUZZER-FLAGS...]   build, then fuzz (e.g. -fork=1 -ignore_timeouts=1)
#   scripts/fuzz.sh build                          build only
#   scripts/fuzz.sh run FILE...                    build, then run the given inputs once
#
# FUZZ_ASAN=0 builds without AddressSanitizer (libFuzzer's coverage only): two to three times
# as many executions a second, for volume runs; Swift's own checks (bounds, overflow, force
# unwraps, exclusivity) still trap, and a stack overflow is still a crash. Its build and corpus
# live in a folder of their own (the default FUZZ_OUT gains "-noasan").
#
# FUZZ_OUT (default /tmp/burst-fuzz, or /tmp/burst-import-fuzz) holds the build, the growing
# corpus, the artifacts (crash-*, timeout-*, leak-*, oom-*) and fuzz.log; the seed corpora in the
# repository are only read. An input slower than the timeout (1 s; import: 5 s) counts as a
# finding. The target works in a private empty directory of its own (NSTemporaryDirectory's
# burst-fuzz-XXXXXX), holding the input being run as .input: a process killed by a signal
# libFuzzer cannot catch leaves that directory, and so the input, behind.
set -euo pipefail
# Swift's own crash handler would catch a trap first and exit without libFuzzer's crash-*.
export SWIFT_BACKTRACE=enable=no
root=$(cd "$(dirname "$0")/.." && pwd)
target=${FUZZ_TARGET:-burst}
case "$target" in
  burst)
    entry="$root/Fuzz/FuzzBurst.swift"
    seeds=("$root/Fuzz/corpus")
    dict="$root/Fuzz/burst.dict"
    maxLen=4096
    timeout=1
    ;;
  import)
    entry="$root/Fuzz/FuzzImport.swift"
    seeds=("$root/Fuzz/import-corpus" "$root/Tests/ShellTests/ImportCorpus")
    dict="$root/Fuzz/import.dict"
    maxLen=16384
    # An import, a step, a picture, an export and a second import of a view controller take
    # about a second under AddressSanitizer on a loaded machine: a hang is five.
    timeout=5
    ;;
  *)
    echo "FUZZ_TARGET must be burst or import, not '$target'" >&2
    exit 64
    ;;
esac
defaultOut=/tmp/burst-fuzz
[[ $target == import ]] && defaultOut=/tmp/burst-import-fuzz
asan=${FUZZ_ASAN:-1}
[[ $asan == 0 ]] && defaultOut=$defaultOut-noasan
out=${FUZZ_OUT:-$defaultOut}
mkdir -p "$out/obj" "$out/corpus" "$out/artifacts"

# Whether $1 is missing or older than any of the following files.
stale() {
  local target=$1
  shift
  [[ ! -e $target ]] && return 0
  [[ -n $(find "$@" -newer "$target" -print -quit) ]]
}

build() {
  local common=(-parse-as-library -O -g -swift-version 6 -wmo)
  # Core gets edge coverage but no comparison tracing: tracing every compare in the per-pixel
  # loops makes a maximal `show 1000x1000` take longer than the 1 s timeout on its own.
  # (swiftc wants a sanitizer beside -sanitize-coverage; `fuzzer` with explicit coverage kinds
  # adds no comparison tracing.)
  local coreFlags=(-sanitize=fuzzer -sanitize-coverage=edge,inline-8bit-counters,pc-table)
  local flags=(-sanitize=fuzzer)
  local cflags=(-O2 -g)
  if [[ $asan != 0 ]]; then
    coreFlags=(-sanitize=address -sanitize-coverage=edge,inline-8bit-counters,pc-table)
    flags=(-sanitize=fuzzer,address)
    cflags+=(-fsanitize=address)
  fi
  local core shell
  mapfile -t core < <(find "$root/Sources/Core" -name '*.swift' | sort)
  mapfile -t shell < <(find "$root/Sources/Shell" -name '*.swift' | sort)
  if stale "$out/obj/Core.o" "${core[@]}"; then
    swiftc "${common[@]}" "${coreFlags[@]}" -module-name Core -package-name Burst -emit-module \
      -emit-module-path "$out/obj/Core.swiftmodule" -I "$root/Sources/CPrefetch" \
      -I "$root/Sources/CMemoryAdvice" \
      -c -o "$out/obj/Core.o" "${core[@]}"
  fi
  local encoder="$root/Sources/CPNGEncoder"
  if stale "$out/obj/png_encoder.o" "$encoder/png_encoder.c" "$encoder/include/png_encoder.h"; then
    clang "${cflags[@]}" -I "$encoder/include" -c -o "$out/obj/png_encoder.o" \
      "$encoder/png_encoder.c"
  fi
  # FreeType's headers, where pkg-config says (text layers' glyphs, CFreeType).
  local freetype=()
  for f in $(pkg-config --cflags-only-I freetype2); do freetype+=(-Xcc "$f"); done
  if stale "$out/obj/Shell.o" "${shell[@]}" "$root/Fuzz/FuzzSupport.swift" "$entry" "$out/obj/Core.o"; then
    swiftc "${common[@]}" "${flags[@]}" -module-name Shell -package-name Burst -I "$out/obj" -I "$root/Sources/CReadline" \
      -I "$root/Sources/CPNG" -I "$encoder/include" -I "$root/Sources/CGIF" -I "$root/Sources/CPrefetch" \
      -I "$root/Sources/CMemoryAdvice" \
      -I "$root/Sources/CFreeType" "${freetype[@]}" -c -o "$out/obj/Shell.o" "${shell[@]}" \
      "$root/Fuzz/FuzzSupport.swift" "$entry"
  fi
  if stale "$out/fuzz-$target" "$out/obj/Core.o" "$out/obj/Shell.o" "$out/obj/png_encoder.o"; then
    swiftc -use-ld=lld "${flags[@]}" "$out/obj/Core.o" "$out/obj/Shell.o" \
      "$out/obj/png_encoder.o" -lreadline -lpng16 -lz -lgif -lfreetype -o "$out/fuzz-$target"
  fi
}

case "${1:-}" in
  build)
    build
    ;;
  run)
    shift
    build
    # Absolute paths: the target changes into its own directory after the first input.
    inputs=()
    for a in "$@"; do
      if [[ $a == -* ]]; then inputs+=("$a"); else inputs+=("$(realpath "$a")"); fi
    done
    "$out/fuzz-$target" -timeout="$timeout" -rss_limit_mb=4096 "${inputs[@]}"
    ;;
  '' | -*)
    echo "usage: scripts/fuzz.sh SECONDS [LIBFUZZER-FLAGS...] | build | run FILE..." >&2
    exit 64
    ;;
  *)
    seconds=$1
    shift
    build
    # The first corpus directory receives new inputs; the seeds are only read.
    "$out/fuzz-$target" "$out/corpus" "${seeds[@]}" \
      -dict="$dict" -max_total_time="$seconds" -timeout="$timeout" \
      -rss_limit_mb=4096 -max_len="$maxLen" -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
      "$@" 2>&1 | tee -a "$out/fuzz.log"
    ;;
esac
