#!/usr/bin/env bash
# The end-to-end replay benchmark (docs/performance.md): times the real `lane simulate` over
# generated trace files, release build, beside a floor measured in the same run on the same
# file (`wc -l`: reading the file and splitting its lines), and reports median, spread and
# peak RSS of each, and the ratio of each median to the floor's.
#
# Usage: Benchmarks/replay-benchmark.sh [RUNS [EVENTS...]]
#   RUNS    runs of each command per size (default 5)
#   EVENTS  trace lengths in events (default 1000000 10000000)
# The traces (about 25 bytes an event) go in a scratch folder under $TMPDIR, removed at exit.
# It times the `lane` that is shipped (docs/deployment.md): a release build with the Swift
# runtime linked in (`--static-swift-stdlib`, linked `-no-pie`), built in a scratch path of its own
# (.build-static, or $LANE_STATIC_SCRATCH) so that it never invalidates .build.
# With LANE_BEFORE set to another build's `lane` (e.g. main's, built with
# `swift build -c release --product lane` in a copy of it), each size also times that one,
# so before and after are measured in the same run, on the same file, under the same load.
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${1:-5}
if [ "$#" -gt 0 ]; then shift; fi
sizes=("$@")
if [ "${#sizes[@]}" -eq 0 ]; then sizes=(1000000 10000000); fi
case "$runs" in
  '' | *[!0-9]* | 0) echo "usage: $0 [RUNS [EVENTS...]]: RUNS must be a whole number above 0" >&2; exit 64 ;;
esac

static_scratch=${LANE_STATIC_SCRATCH:-.build-static}
# The shipped build's flags (docs/deployment.md): not position-independent and exporting no
# symbols, which saves 5 MiB at start (docs/performance.md, "Memory").
shipped=(-c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic)
swift build "${shipped[@]}" --scratch-path "$static_scratch" --product lane >&2
lane=$(swift build "${shipped[@]}" --scratch-path "$static_scratch" --show-bin-path)/lane
swift build -c release --product SensingBenchmark >&2
bin=$(swift build -c release --show-bin-path)
before=${LANE_BEFORE:-}
if [ -n "$before" ] && [ ! -x "$before" ]; then
  echo "LANE_BEFORE=$before is not an executable" >&2
  exit 64
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/replay-benchmark.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# Runs a command once with its output discarded; prints "SECONDS PEAK_RSS_KIB CPU_SECONDS"
# (wall clock, maximum RSS, user + system CPU).
time_once() {
  local start end
  start=$(date +%s%N)
  if ! /usr/bin/time -f "%M %U %S" -o "$scratch/rss" "$@" </dev/null >/dev/null 2>"$scratch/stderr"; then
    echo "failed: $*" >&2
    cat "$scratch/stderr" >&2
    exit 1
  fi
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 ))e-6 $(tail -n 1 "$scratch/rss")"
}

# Runs a command RUNS times; prints "MEDIAN MIN MAX MAX_RSS_KIB MEDIAN_CPU" (seconds, KiB).
time_runs() {
  local i
  for ((i = 0; i < runs; i++)); do time_once "$@"; done | awk '
    { t[NR] = $1 + 0; c[NR] = $3 + $4; if ($2 > rss) rss = $2 }
    function median(a, n,   i, j, x) {
      for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
      m = median(t, NR)
      printf "%.3f %.3f %.3f %d %.3f\n", m, t[1], t[NR], rss, median(c, NR)
    }'
}

# Times one command and prints its row; the first row of a size is its floor.
row() {
  local label=$1 median low high rss cpu
  shift
  read -r median low high rss cpu < <(time_runs "$@")
  if [ -z "$floor" ]; then floor=$median; fi
  awk -v e="$events" -v l="$label" -v m="$median" -v lo="$low" -v hi="$high" -v r="$rss" \
    -v f="$floor" -v c="$cpu" 'BEGIN {
      printf "%-10d %-34s %8.3fs %8.3f-%.3fs %8.3fs %10.2fM %7.1fMiB %7.1fx\n",
        e, l, m, lo, hi, c, e / m / 1e6, r / 1024, m / f
    }'
}

echo "replay benchmark: $runs runs each, release build (Swift runtime static), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "load average at the start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
printf '%-10s %-34s %9s %17s %9s %11s %10s %8s\n' \
  events command median "spread (min-max)" "CPU" events/s "peak RSS" "x floor"
echo "(median wall time, its spread, median user+system CPU; events/s and x floor from the wall medians)"
for events in "${sizes[@]}"; do
  trace="$scratch/trace-$events"
  "$bin/SensingBenchmark" write "$events" "$trace"
  floor=""
  row "floor: wc -l" wc -l "$trace"
  row "lane simulate --json (>/dev/null)" "$lane" simulate --json "$trace"
  row "lane simulate (scoreboard)" "$lane" simulate "$trace"
  # A league night on a pair (docs/league.md): the same trace on both lanes, so the events
  # are twice the size's; its events/s compares with the single lane's above.
  events=$((2 * events))
  row "lane simulate --league (pair, 2x)" "$lane" simulate --league docs/examples/tuesday-mixed.toml \
    --json "$trace" "$trace"
  events=$((events / 2))
  if [ -n "$before" ]; then
    row "before: lane simulate --json" "$before" simulate --json "$trace"
    row "before: lane simulate (scoreboard)" "$before" simulate "$trace"
  fi
  rm -f "$trace"
done
echo "load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)"

# The reader+detector micro-benchmark (not lane simulate), allocations counted with the
# malloc counter preloaded.
echo
echo "SensingBenchmark (reader+detector only), malloc calls counted:"
gcc -O2 -shared -fPIC -o "$scratch/libmalloc_counter.so" Benchmarks/MallocCounter/malloc_counter.c
TMPDIR="$scratch" LD_PRELOAD="$scratch/libmalloc_counter.so" "$bin/SensingBenchmark" "${sizes[@]}"
