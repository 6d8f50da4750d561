#!/bin/bash
# Guest script: the real `lane` binary of one build (libgpiod 1.6 or 2.x) on a gpio-sim chip.
#
#   lane-checks.sh BUILD_DIR GENERATION     e.g. .build/debug 1, .build-v2/debug 2
#
# BUILD_DIR holds `lane`, `gpio-sim-drive` and LaneBridgePackageTests.xctest. On a chip
# labelled gpio-sim-lane with 14 lines (pin1..pin10, ball, foul, cycle, spare), it
#  1. runs the package's hardware-tagged test suites (GPIOTests, GPIOPinSensorTests);
#  2. checks lane's errors on a real chip: a line the chip does not have (78), a line another
#     process holds (69), a chip the user may not open (77);
#  3. for each bundled trace, replays it onto the lines in real time (idle gaps shortened,
#     see GapCompressor) under a running `lane run --json`, stops lane with SIGTERM (exit 0,
#     lines released) and checks its throws and game totals equal `lane simulate`'s;
#  4. measures latency (throw emitted vs the kernel time of the delivery's last pin edge)
#     and lane run's CPU time over a quiet minute.
# Results go to $GPIO_SIM_RESULTS: latency.txt, idle-cpu.txt, and one folder per trace.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=gpio-sim.sh
source "$here/gpio-sim.sh"

(($# == 2)) || { echo "usage: lane-checks.sh BUILD_DIR GENERATION(1|2)" >&2; exit 64; }
build=$(cd "$1" && pwd)
generation=$2
lane=$build/lane
drive=$build/gpio-sim-drive
tests=$build/LaneBridgePackageTests.xctest
wiring=$root/Hardware/wiring/gpio-sim.toml
chip_label=gpio-sim-lane
line_names=(pin1 pin2 pin3 pin4 pin5 pin6 pin7 pin8 pin9 pin10 ball foul cycle spare)
consumer="lane run"
results=${GPIO_SIM_RESULTS:?run this script in the gpio-sim VM (run-vm.sh)}
# For a quicker look while debugging: LANE_CHECKS_TRACES="respot-only-game ..." replays only
# those bundled traces, LANE_CHECKS_IDLE_SECONDS shortens the idle CPU minute.
idle_seconds=${LANE_CHECKS_IDLE_SECONDS:-60}
traces=()
for name in ${LANE_CHECKS_TRACES:-}; do traces+=("$root/Hardware/traces/$name.trace"); done
((${#traces[@]} > 0)) || traces=("$root"/Hardware/traces/*.trace)
work=$(mktemp -d)
background=()
checks=0

fail() { printf 'lane-checks(v%s): FAIL: %s\n' "$generation" "$*" >&2; exit 1; }
ok() { checks=$((checks + 1)); printf 'ok %d - v%s: %s\n' "$checks" "$generation" "$*"; }

cleanup() {
  local pid
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${background[@]}"; do wait "$pid" 2>/dev/null || true; done
  gpiosim_destroy_all || true
  rm -rf "$work"
}
trap cleanup EXIT

# wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND every 50 ms until it succeeds.
wait_for() {
  local seconds=$1 what=$2 deadline
  shift 2
  deadline=$(($(date +%s%N) + seconds * 1000000000))
  until "$@"; do
    (($(date +%s%N) < deadline)) || fail "timed out after ${seconds}s waiting for $what"
    sleep 0.05
  done
}

# lines_held CONSUMER COUNT: exactly COUNT lines of the chip are held by CONSUMER.
lines_held() {
  local held
  held=$(gpioinfo "$chip" | grep -c "\"$1\"" || true)
  ((held == $2))
}

# A detector window from the wiring file: `bounce = 30` (ms) or `settle = 3.0` (s), in seconds.
wiring_seconds() { # key unit-divisor
  local value
  value=$(sed -n "s/^$1[[:space:]]*=[[:space:]]*\([0-9.]*\).*/\1/p" "$wiring")
  [[ -n $value ]] || fail "$wiring has no '$1 = ...' under [detector]"
  awk -v v="$value" -v d="$2" 'BEGIN { printf "%.6f\n", v / d }'
}

# The throws of lane's JSON (run's throw lines or simulate's report), one per line, in order.
throws_of() { grep -o '"foul":[a-z]*,"frame":[0-9]*,"game":[0-9]*,"knocked":\[[0-9,]*\]' "$1" || true; }
# The game totals of simulate's report, or of run's game lines, one per line, in order.
totals_of() { grep -o '"total":[0-9]*' "$1" | cut -d: -f2 || true; }

# start_lane OUT_PREFIX: starts `lane run --json` with its stdout stamped line by line on
# the monotonic clock (OUT_PREFIX.jsonl) and its stderr in OUT_PREFIX.err; sets lane_pid.
start_lane() {
  local prefix=$1
  rm -f "$work/lane.fifo"
  mkfifo "$work/lane.fifo"
  "$drive" stamp <"$work/lane.fifo" >"$prefix.jsonl" &
  stamp_pid=$!
  background+=("$stamp_pid")
  "$lane" run --json --wiring "$wiring" >"$work/lane.fifo" 2>"$prefix.err" &
  lane_pid=$!
  background+=("$lane_pid")
  wait_for 120 "lane run to request its 13 lines" lane_ready "$prefix"
}

lane_ready() { # prefix
  kill -0 "$lane_pid" 2>/dev/null || fail "lane run exited before requesting its lines: $(cat "$1.err")"
  lines_held "$consumer" 13
}

# stop_lane OUT_PREFIX: SIGTERM, then lane must exit 0 and release every line.
stop_lane() {
  local prefix=$1 status=0 tries
  if ! kill -0 "$lane_pid" 2>/dev/null; then
    wait "$lane_pid" || status=$?
    fail "lane run ended by itself (status $status) before it was stopped: $(head -c 3000 "$prefix.err")"
  fi
  kill -TERM "$lane_pid"
  for ((tries = 0; tries < 200; tries++)); do
    kill -0 "$lane_pid" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$lane_pid" 2>/dev/null; then
    kill -KILL "$lane_pid"
    fail "lane run did not exit within 10 s of SIGTERM: $(cat "$prefix.err")"
  fi
  wait "$lane_pid" || status=$?
  wait "$stamp_pid" || true
  ((status == 0)) || fail "lane run exited $status on SIGTERM, not 0: $(cat "$prefix.err")"
  grep -q '^lane run: stopped; ' "$prefix.err" || fail "lane run did not say it stopped: $(cat "$prefix.err")"
  lines_held "$consumer" 0 || fail "lane run exited but gpioinfo still shows lines held by it: $(gpioinfo "$chip")"
}

# expect_failure NAME STATUS TEXT COMMAND...: COMMAND exits STATUS and its stderr contains TEXT.
expect_failure() {
  local name=$1 expected=$2 text=$3 status=0
  shift 3
  "$@" >"$results/$name.out" 2>"$results/$name.err" || status=$?
  ((status == expected)) || fail "$name: exit status $status, expected $expected; stderr: $(cat "$results/$name.err")"
  grep -qF -- "$text" "$results/$name.err" || fail "$name: stderr does not mention '$text': $(cat "$results/$name.err")"
}

for tool in gpioinfo gpiomon setpriv chrt; do
  command -v "$tool" >/dev/null || fail "$tool is missing on the host (packages gpiod, util-linux)"
done
for file in "$lane" "$drive" "$tests"; do
  [[ -x $file ]] || fail "$file is missing: build it first (Hardware/gpio-sim/run.sh does)"
done
library=$(ldd "$lane" | awk '/libgpiod/ { print $1 " => " $3 }')
case $generation in
  1) [[ $library == libgpiod.so.2\ * ]] ;;
  2) [[ $library == libgpiod.so.3\ * ]] ;;
  *) fail "GENERATION must be 1 or 2, got '$generation'" ;;
esac || fail "$lane loads '$library', not libgpiod ${generation}.x"
printf 'lane-checks: %s with %s, kernel %s\n' "$lane" "$library" "$(uname -r)"

bounce=$(wiring_seconds bounce 1000)
settle=$(wiring_seconds settle 1)

gpiosim_create "$chip_label" "${#line_names[@]}" "${line_names[@]}" || fail "cannot create the simulated chip"
chip=$(gpiosim_chip_name "$chip_label")
dev=$(gpiosim_chip_dev "$chip_label")
sysfs=$(gpiosim_sysfs_dir "$chip_label")
ok "created $dev labelled $chip_label with ${#line_names[@]} lines"

# --- 1. the package's hardware suites -----------------------------------------------------
LANEBRIDGE_GPIO_CHIP=$dev LANEBRIDGE_GPIO_SIM_PULL_DIR=$sysfs LANEBRIDGE_EXPECT_LIBGPIOD=$generation \
  NO_COLOR=1 timeout 300 "$tests" --testing-library swift-testing \
  --filter 'GPIOHardwareTests|GPIOPinSensorHardwareTests|expectedGenerationIsCompiledIn' \
  --xunit-output "$results/hardware-tests.xml" >"$results/hardware-tests.log" 2>&1 \
  || fail "the hardware test suites failed:"$'\n'"$(cat "$results/hardware-tests.log")"
if grep -q 'skipped: "Needs LANEBRIDGE' "$results/hardware-tests.log"; then
  fail "hardware tests were skipped although the chip was given:"$'\n'"$(grep skipped "$results/hardware-tests.log")"
fi
summary=$(grep -E 'Test run with [0-9]+ tests' "$results/hardware-tests.log" | tail -1)
[[ -n $summary ]] || fail "no test summary in the hardware test log"
lines_held lane-test 0 || fail "lines still held after the hardware tests"
ok "hardware-tagged suites pass on $dev (${summary#*Test run with })"

# --- 2. errors on a real chip --------------------------------------------------------------
sed 's/^10 = "pin10"/10 = "pin99"/' "$wiring" >"$work/missing-line.toml"
grep -q '"pin99"' "$work/missing-line.toml" || fail "could not write a wiring file naming a missing line"
expect_failure missing-line 78 'pin99' "$lane" run --wiring "$work/missing-line.toml"
ok "a wiring naming a line the chip lacks: exit 78, '$(head -c 160 "$results/missing-line.err")'"

gpiomon "$chip" 6 >/dev/null 2>&1 &
holder=$!
background+=("$holder")
wait_for 30 "gpiomon to hold pin 7's line" lines_held gpiomon 1
expect_failure line-busy 69 'gpiomon' "$lane" run --wiring "$wiring"
kill "$holder"; wait "$holder" 2>/dev/null || true
lines_held "$consumer" 0 || fail "lane run left lines requested after failing on a busy line"
ok "a line held by gpiomon: exit 69 naming it, '$(head -c 160 "$results/line-busy.err")'"

expect_failure permission-denied 77 'udev' \
  setpriv --reuid=65534 --regid=65534 --clear-groups "$lane" run --wiring "$wiring"
ok "a chip user 65534 may not open: exit 77 with the udev advice"

# --- 3. the bundled traces, replayed under lane run ----------------------------------------
for trace in "${traces[@]}"; do
  name=$(basename "$trace" .trace)
  out=$results/$name
  mkdir -p "$out"
  detector=(--bounce "$bounce" --settle "$settle")
  "$drive" compress "${detector[@]}" "$trace" >"$out/replayed.trace" 2>"$out/compress.log" \
    || fail "$name: gpio-sim-drive compress failed: $(cat "$out/compress.log")"
  "$lane" simulate --json "${detector[@]}" "$trace" >"$out/simulate-original.json" 2>/dev/null
  "$lane" simulate --json "${detector[@]}" "$out/replayed.trace" >"$out/simulate.json" 2>"$out/simulate.err"
  throws_of "$out/simulate-original.json" >"$out/original.throws"
  throws_of "$out/simulate.json" >"$out/expected.throws"
  totals_of "$out/simulate.json" >"$out/expected.totals"
  [[ -s $out/expected.throws ]] || fail "$name: lane simulate found no throws"
  if ! cmp -s "$out/original.throws" "$out/expected.throws" \
      || ! cmp -s <(totals_of "$out/simulate-original.json") "$out/expected.totals"; then
    fail "$name: shortening the idle gaps changed lane simulate's result (see $out)"
  fi

  start_lane "$out/run"
  chrt -f 50 "$drive" replay --pull-dir "$sysfs" --log "$out/writes.log" "$out/replayed.trace" \
    2>"$out/replay.log" || fail "$name: replay failed: $(cat "$out/replay.log")"
  # The last delivery ends at most bounce + settle after the last edge; allow for a slow guest.
  expected=$(wc -l <"$out/expected.throws")
  sleep "$(awk -v s="$settle" -v b="$bounce" 'BEGIN { print s + b + 0.5 }')"
  deadline=$(($(date +%s) + 20))
  while (($(grep -c '"event":"throw"' "$out/run.jsonl" || true) < expected)) && (($(date +%s) < deadline)); do
    sleep 0.2
  done
  stop_lane "$out/run"

  grep '"event":"throw"' "$out/run.jsonl" | throws_of /dev/stdin >"$out/run.throws"
  grep '"event":"game"' "$out/run.jsonl" | totals_of /dev/stdin >"$out/run.totals"
  diff "$out/expected.throws" "$out/run.throws" >"$out/throws.diff" \
    || fail "$name: lane run's throws differ from lane simulate's (< simulate, > run):"$'\n'"$(cat "$out/throws.diff")"$'\n'"lane run stderr: $(cat "$out/run.err")"
  diff "$out/expected.totals" "$out/run.totals" >"$out/totals.diff" \
    || fail "$name: lane run's game totals differ from lane simulate's:"$'\n'"$(cat "$out/totals.diff")"
  ok "$name: lane run scored $expected throws, totals $(paste -sd' ' "$out/run.totals"), as lane simulate; SIGTERM exits 0 and frees the lines ($(sed 's/^gpio-sim-drive: replayed [^:]*: //' "$out/replay.log"))"
done

# --- 4. latency and idle CPU ----------------------------------------------------------------
# For each throw: E = when its JSON line reached the stamper, T = its "time" (the detector's
# deadline, on the kernel's event clock), W = start of the driver's write of the last pin edge
# before E. Deliveries ended by the settle window (T - W between settle and settle + 0.2 s)
# give: lane = E - T (lane's own delay past the deadline), kernel = E - T + bounce (from the
# kernel timestamp of the last counted pin edge, minus the settle window), write = E - W -
# settle (from the driver's write, so it also holds the kernel debounce on 2.x); write only
# where W is the counted edge (T - W >= settle + bounce), not a flicker after it ("-").
for trace in "${traces[@]}"; do
  out=$results/$(basename "$trace" .trace)
  awk -v settle="$settle" -v bounce="$bounce" '
    FNR == NR { if ($4 <= 9) { writes[++n] = $1 } next }
    /"event":"throw"/ {
      emitted = $1
      match($0, /"time":[0-9.e+-]+/); time = substr($0, RSTART + 7, RLENGTH - 7) + 0
      last = ""
      for (i = n; i >= 1; i--) if (writes[i] + 0 < emitted) { last = writes[i]; break }
      if (last == "") next
      if (time - last < settle || time - last > settle + 0.2) next
      if (time - last >= settle + bounce - 0.001) write = sprintf("%.6f", emitted - last - settle)
      else write = "-"
      printf "%.6f %.6f %s\n", emitted - time, emitted - time + bounce, write
    }' "$out/writes.log" "$out/run.jsonl"
done >"$results/latency-samples.txt"
samples=$(wc -l <"$results/latency-samples.txt")
((samples >= ${LANE_CHECKS_MIN_SAMPLES:-30})) || fail "only $samples settle-ended deliveries to measure latency on"
for column in 1 2 3; do
  awk -v c="$column" '$c != "-"' "$results/latency-samples.txt" | sort -n -k"$column","$column" \
    | awk -v c="$column" '{ v[NR] = $c } END { printf "%.1f %.1f\n", 1000 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), 1000 * v[NR] }'
done >"$work/latency"
{
  printf 'libgpiod %s.x, %d deliveries ended by the settle window (%s s), bounce %s s\n' \
    "$generation" "$samples" "$settle" "$bounce"
  labels=('lane delay past its deadline (E - T)' 'from the kernel timestamp, minus settle' \
    "from the driver write, minus settle ($(awk '$3 != "-"' "$results/latency-samples.txt" | wc -l))")
  index=0
  while read -r median worst; do
    printf '%-42s median %s ms, worst %s ms\n' "${labels[index]}:" "$median" "$worst"
    index=$((index + 1))
  done <"$work/latency"
} | tee "$results/latency.txt"
ok "latency measured over $samples deliveries"

clock_ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$lane_pid/stat"; }
start_lane "$results/idle"
before=$(cpu_ticks)
sleep "$idle_seconds"
after=$(cpu_ticks)
stop_lane "$results/idle"
awk -v t=$((after - before)) -v hz="$clock_ticks" -v s="$idle_seconds" -v g="$generation" 'BEGIN {
  printf "libgpiod %s.x: lane run used %d ticks (%.0f ms) of CPU in %d quiet seconds: %.3f%% of one CPU\n",
    g, t, 1000 * t / hz, s, 100 * t / hz / s }' | tee "$results/idle-cpu.txt"
ok "idle CPU measured over ${idle_seconds}s"

gpiosim_destroy "$chip_label" || fail "cannot remove the simulated chip"
printf 'lane-checks: all %d checks passed for libgpiod %s.x\n' "$checks" "$generation"
