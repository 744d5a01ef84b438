#!/usr/bin/env bash
# Prints README.md's "Benchmarks" tables: builds burst-bench in release mode and runs it with
# --markdown (every workload, or those named by --filter), so the tables are pasted from the
# benchmark's own output, never typed. Run it on a quiet machine; the load average is in the
# record-1080p note.
#
#   scripts/bench-table.sh [--quick] [--filter NAME]...    tables and notes on standard output
#
# SCRATCH (default .build) is the build directory, as swift build's --scratch-path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$root/.build}
cd "$root"
swift build -c release --product burst-bench --scratch-path "$scratch" >&2
"$scratch/release/burst-bench" --markdown "$@"
