#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with the fuzzer and AddressSanitizer, in
# .build-fuzz, and runs each for a bounded time on its seed corpus.
#
#   scripts/fuzz.sh [TARGET|all] [SECONDS]     e.g. scripts/fuzz.sh WiringFileFuzzer 300
#
# Targets: TraceReaderFuzzer (seeds: Hardware/traces), WiringFileFuzzer (Hardware/wiring),
# ScoringFuzzer (Fuzz/Seeds/ScoringFuzzer), JournalFuzzer (Fuzz/Seeds/JournalFuzzer),
# SessionFoldFuzzer (Fuzz/Seeds/SessionFoldFuzzer), LaneConfigFuzzer (deploy/lane and
# Fuzz/Seeds/LaneConfigFuzzer), LeagueNightFuzzer (docs/examples), OptionValuesFuzzer
# (Fuzz/Seeds/OptionValuesFuzzer).
# SECONDS defaults to 60 per target.
# Exits non-zero when a target crashes, hangs (an input runs over FUZZ_TIMEOUT seconds,
# default 10, of wall-clock time), leaks or runs out of memory; the input that did it is saved in .build-fuzz/artifacts/ and the command that
# replays it is printed. What the fuzzer learnt stays in .build-fuzz/corpus/ for next time.
# FUZZ_JOBS=N runs N targets at a time (default: one per CPU).
# FUZZ_SEED=N fixes libFuzzer's random seed (scripts/test uses 1, so CI runs repeat); by
# default every run draws a new one.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

target=${1:-all}
seconds=${2:-60}
all=(TraceReaderFuzzer WiringFileFuzzer ScoringFuzzer JournalFuzzer SessionFoldFuzzer LaneConfigFuzzer
  LeagueNightFuzzer OptionValuesFuzzer)
case "$target" in
  all) targets=("${all[@]}") ;;
  TraceReaderFuzzer | WiringFileFuzzer | ScoringFuzzer | JournalFuzzer | SessionFoldFuzzer | LaneConfigFuzzer \
    | LeagueNightFuzzer | OptionValuesFuzzer)
    targets=("$target")
    ;;
  *)
    echo "usage: scripts/fuzz.sh [${all[*]// /|}|all] [SECONDS]" >&2
    exit 64
    ;;
esac
timeout=${FUZZ_TIMEOUT:-10}
if ! [[ "$timeout" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: FUZZ_TIMEOUT must be a whole number of seconds above 0, not '$timeout'" >&2
  exit 64
fi
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: SECONDS must be a whole number of seconds above 0, not '$seconds'" >&2
  exit 64
fi

runtime="$(dirname "$(command -v swift)")/../lib/clang"
if ! ls "$runtime"/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
  echo "fuzz: the toolchain has no libFuzzer runtime under $runtime/*/lib/linux;" \
    "use a swift.org Linux toolchain, which ships it" >&2
  exit 69
fi

scratch="$root/.build-fuzz"
# `--sanitize=fuzzer` makes SwiftPM leave `main` to libFuzzer; the -X flags then instrument
# every target, Swift, C and C++ (toml++), for coverage and AddressSanitizer. swiftc must get
# `fuzzer,address` as one flag: with two `-sanitize=` flags only the last one counts.
echo "== fuzz: building ${targets[*]} in $scratch" >&2
# SwiftPM does not notice a source file added to LaneBridge, a path dependency of Fuzz/, while
# its build plan is cached; dropping the plan makes it plan again (the objects are kept).
rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json
swift build --package-path Fuzz --scratch-path "$scratch" --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address \
  -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address \
  2>&1 | grep -v "Cannot export local symbol" >&2

# The Swift runtime's own crash backtracer would hold a crashing input for seconds while it
# symbolicates; libFuzzer and ASan report crashes themselves.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan-suppressions.txt:print_suppressions=0}

seeds() {
  case "$1" in
    TraceReaderFuzzer) echo "$root/Hardware/traces" ;;
    WiringFileFuzzer) echo "$root/Hardware/wiring" ;;
    ScoringFuzzer) echo "$root/Fuzz/Seeds/ScoringFuzzer" ;;
    JournalFuzzer) echo "$root/Fuzz/Seeds/JournalFuzzer" ;;
    SessionFoldFuzzer) echo "$root/Fuzz/Seeds/SessionFoldFuzzer" ;;
    OptionValuesFuzzer) echo "$root/Fuzz/Seeds/OptionValuesFuzzer" ;;
    # The shipped sample and the tests' cases, one folder a line.
    LaneConfigFuzzer) printf '%s\n' "$root/deploy/lane" "$root/Fuzz/Seeds/LaneConfigFuzzer" ;;
    LeagueNightFuzzer) echo "$root/docs/examples" ;;
  esac
}

# No fuzzer links libgpiod: each fuzzes code of the pure rings (scripts/check-layers checks
# the package's graph; this checks what was built).
for name in "${targets[@]}"; do
  libraries=$(ldd "$scratch/debug/$name")
  if [[ $libraries == *libgpiod* ]]; then
    echo "fuzz: $name links libgpiod; a fuzzer must not reach the GPIO targets (docs/architecture.md)" >&2
    exit 1
  fi
done

# fuzz_one NAME: runs one target for $seconds; what it found goes to $scratch/logs/NAME.report.
fuzz_one() {
  local name=$1 corpus="$scratch/corpus/$1" artifacts="$scratch/artifacts"
  local log="$scratch/logs/$1.log" report="$scratch/logs/$1.report" runs seed_folders
  mapfile -t seed_folders < <(seeds "$name")
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  # New inputs go to the first folder, the learnt corpus; the seeds are only read.
  if "$scratch/debug/$name" "$corpus" "${seed_folders[@]}" \
    -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len=4096 \
    -seed="${FUZZ_SEED:-0}" -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$artifacts/$name-" \
    >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "   $name ok: ${runs:-?} runs, corpus $(find "$corpus" -type f | wc -l) inputs" >"$report"
  else
    {
      grep -E "^(==[0-9]+==ERROR|SUMMARY|Test unit written|ALARM|.*Fatal error)" "$log" || tail -n 30 "$log"
      echo "   $name FAILED; replay with: SWIFT_BACKTRACE=enable=no $scratch/debug/$name <artifact>"
    } >"$report"
    return 1
  fi
}

# The targets run FUZZ_JOBS at a time (default: one per CPU); each still gets $seconds of
# wall time on a core of its own, so CI's fuzz phase takes about half as long on 2 cores.
jobs=${FUZZ_JOBS:-$(nproc)}
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: FUZZ_JOBS must be a whole number above 0, not '$jobs'" >&2
  exit 64
fi
failed=()
declare -A running=()
# finish_one: waits for one running target and reports it.
finish_one() {
  local pid status=0 name
  wait -n -p pid "${!running[@]}" || status=$?
  name=${running[$pid]}
  unset "running[$pid]"
  cat "$scratch/logs/$name.report" >&2
  ((status == 0)) || failed+=("$name")
}
for name in "${targets[@]}"; do
  while ((${#running[@]} >= jobs)); do finish_one; done
  echo "== fuzz: $name for ${seconds}s (log: $scratch/logs/$name.log)" >&2
  fuzz_one "$name" &
  running[$!]=$name
done
while ((${#running[@]} > 0)); do finish_one; done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${failed[*]} failed; see the artifacts in $scratch/artifacts" >&2
  exit 1
fi
echo "fuzz: ${targets[*]} ran ${seconds}s each without a crash, hang or leak" >&2
