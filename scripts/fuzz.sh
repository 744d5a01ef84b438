#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzBurst.swift with Sources/Core and Sources/Shell, under
# AddressSanitizer) and fuzzes the lexer, parser and executor for SECONDS.
#
#   scripts/fuzz.sh SECONDS [LIBFUZZER-FLAGS...]   build, then fuzz (e.g. -fork=1 -ignore_timeouts=1)
#   scripts/fuzz.sh build                          build only
#   scripts/fuzz.sh run FILE...                    build, then run the given inputs once
#
# FUZZ_OUT (default /tmp/burst-fuzz) holds the build, the growing corpus, the artifacts (crash-*,
# timeout-*, leak-*, oom-*) and fuzz.log; the seed corpus in Fuzz/corpus is only read. An input
# slower than 1 s counts as a finding. The target works in a private empty directory of its own.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-/tmp/burst-fuzz}
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
  local coreFlags=(-sanitize=address -sanitize-coverage=edge,inline-8bit-counters,pc-table)
  local flags=(-sanitize=fuzzer,address)
  local core shell
  mapfile -t core < <(find "$root/Sources/Core" -name '*.swift' | sort)
  mapfile -t shell < <(find "$root/Sources/Shell" -name '*.swift' | sort)
  if stale "$out/obj/Core.o" "${core[@]}"; then
    swiftc "${common[@]}" "${coreFlags[@]}" -module-name Core -package-name Burst -emit-module \
      -emit-module-path "$out/obj/Core.swiftmodule" -I "$root/Sources/CPrefetch" \
      -c -o "$out/obj/Core.o" "${core[@]}"
  fi
  if stale "$out/obj/Shell.o" "${shell[@]}" "$root/Fuzz/FuzzBurst.swift" "$out/obj/Core.o"; then
    swiftc "${common[@]}" "${flags[@]}" -module-name Shell -package-name Burst -I "$out/obj" -I "$root/Sources/CReadline" \
      -I "$root/Sources/CPNG" -I "$root/Sources/CPrefetch" -c -o "$out/obj/Shell.o" "${shell[@]}" "$root/Fuzz/FuzzBurst.swift"
  fi
  if stale "$out/fuzz-burst" "$out/obj/Core.o" "$out/obj/Shell.o"; then
    swiftc -use-ld=lld -sanitize=fuzzer,address "$out/obj/Core.o" "$out/obj/Shell.o" \
      -lreadline -lpng16 -o "$out/fuzz-burst"
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
    "$out/fuzz-burst" -timeout=1 -rss_limit_mb=4096 "${inputs[@]}"
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
    "$out/fuzz-burst" "$out/corpus" "$root/Fuzz/corpus" \
      -dict="$root/Fuzz/burst.dict" -max_total_time="$seconds" -timeout=1 \
      -rss_limit_mb=4096 -max_len=4096 -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
      "$@" 2>&1 | tee -a "$out/fuzz.log"
    ;;
esac
