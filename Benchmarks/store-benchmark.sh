#!/usr/bin/env bash
# The desk's store at a season's scale (docs/performance.md, "The desk's store"): a season of
# 48 lanes stored one durable transaction per event, folded, and queried, release build.
#
# Usage: Benchmarks/store-benchmark.sh [EVENTS]
#   EVENTS  how many events the season holds at least (default 2000000)
# The two journals it is made of are written by `lane simulate` (debug build) in a scratch
# folder under $TMPDIR, with the store, removed at exit: a lane's open-play session of
# Hardware/traces/two-games-held-out.trace, and the league night of
# docs/examples/tuesday-mixed.toml on Hardware/traces/league/tuesday-mixed-*.trace.
set -euo pipefail

cd "$(dirname "$0")/.."
events=${1:-2000000}
case "$events" in
  '' | *[!0-9]* | 0) echo "usage: $0 [EVENTS]: EVENTS must be a whole number above 0" >&2; exit 64 ;;
esac

swift build --product lane >&2
swift build -c release --product StoreBenchmark >&2
lane=$(swift build --show-bin-path)/lane
bin=$(swift build -c release --show-bin-path)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/lanebridge-store-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

"$lane" simulate --bowlers Ana,Ben --journal "$scratch/open.journal" \
  Hardware/traces/two-games-held-out.trace >/dev/null 2>&1
"$lane" simulate --league docs/examples/tuesday-mixed.toml --journal "$scratch/night.journal" \
  Hardware/traces/league/tuesday-mixed-left.trace Hardware/traces/league/tuesday-mixed-right.trace >/dev/null
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)"
"$bin/StoreBenchmark" "$scratch/season.store" "$scratch/open.journal" "$scratch/night.journal" "$events"
