#!/bin/bash
# Guest script: checks of one libgpiod generation's build on gpio-sim chips, in one VM.
#
#   guest-checks.sh BUILD_DIR GENERATION [PARTS]     e.g. .build/gpio-sim/libgpiod1 1 lane
#
# PARTS, comma-separated (default `all`): run.sh shares them out among VMs that run at the
# same time, since the guests spend most of their time waiting in real time for the traces
# and the technician, so VMs at once take about as long as the longest alone.
#   hardware   the package's hardware suites (GPIOTests', GPIOPinSensorTests') on a chip made
#              here, 14 lines, given through LANEBRIDGE_GPIO_CHIP; labelled gpio-sim-hardware,
#              since the rig's suites, running at the same time, make gpio-sim-lane;
#   errors     GPIOSimRigTests' checks of `lane run`'s errors and the libgpiod it loads;
#   replays    the bundled traces (Rig.traces: LANE_CHECKS_TRACES, LANE_CHECKS_SKIP_TRACES)
#              scored live as `lane simulate` scores them, and the latency measured on them;
#   idle       lane run's CPU over a quiet minute;
#   calibrate  `lane calibrate` answered by a scripted technician on shuffled lines, then
#              `lane run` and `lane calibrate --check` with the file it wrote;
#   pair       a short league night on a pair (Hardware/traces/league/rig-pair.toml) under
#              one `lane run --config pair.toml --league`, both lanes' traces replayed at
#              once, on one chip of 26 lines and then on two chips, its journal compared
#              with what `lane simulate --league` scores;
#   lane       hardware,errors,replays,idle;  all  every part.
# The parts run in one `guest-tests` run of the bundle; the rig's suites make their own
# chips, the hardware suites are given one made here.
#
# BUILD_DIR holds `lane`, `gpio-sim-drive` and LaneBridgePackageTests.xctest (built on the
# host: the guest's root is the host's, read-only, so it runs the built bundle, not
# `swift test`). No test may be skipped. Every phase runs; the exit status is 1 if any failed.
# Results go to $GPIO_SIM_RESULTS: <phase>.log, <phase>-swift-testing.xml (xUnit, which
# run.sh hands to scripts/test's count), latency.txt, idle-cpu.txt and the kept files of the
# replays and the calibration.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/gpio-sim.sh
source "$here/gpio-sim.sh"

(($# == 2 || $# == 3)) || { echo "usage: guest-checks.sh BUILD_DIR GENERATION(1|2) [PARTS]" >&2; exit 64; }
build=$(cd "$1" && pwd)
generation=$2
[[ $generation == 1 || $generation == 2 ]] || { echo "guest-checks: GENERATION must be 1 or 2, got '$generation'" >&2; exit 64; }
# The Swift Testing filter of each rig part.
declare -A part_filter=(
  [errors]='GPIOSimRig/LaneRunErrorTests|TraceShareTests'
  [replays]='GPIOSimRig/BundledTraceTests|GPIOSimRig/LaneFiguresTests/latency'
  [idle]='GPIOSimRig/LaneFiguresTests/idleCPU'
  [calibrate]='GPIOSimRig/CalibrateTests|GPIOSimRig/LaneRunErrorTests/loadsTheExpectedLibgpiod'
  [pair]='GPIOSimRig/PairNightTests|GPIOSimRig/LaneRunErrorTests/loadsTheExpectedLibgpiod'
)
declare -A chosen=()
IFS=, read -r -a asked <<<"${3:-all}"
for part in "${asked[@]}"; do
  case $part in
    lane) for each in hardware errors replays idle; do chosen[$each]=1; done ;;
    all) for each in hardware errors replays idle calibrate pair; do chosen[$each]=1; done ;;
    hardware | errors | replays | idle | calibrate | pair) chosen[$part]=1 ;;
    *) echo "guest-checks: PARTS are hardware, errors, replays, idle, calibrate, pair, lane or all (comma-separated), got '$part'" >&2; exit 64 ;;
  esac
done
parts=${3:-all}
tests=$build/LaneBridgePackageTests.xctest
results=${GPIO_SIM_RESULTS:?run this script in the gpio-sim VM (run-vm.sh)}
failed=()

say() { printf 'guest-checks(v%s): %s\n' "$generation" "$*"; }

for tool in gpioinfo gpiomon setpriv chrt ldd; do
  command -v "$tool" >/dev/null || { say "FAIL: $tool is missing on the host (packages gpiod, util-linux)"; exit 1; }
done
for file in "$build/lane" "$build/gpio-sim-drive" "$tests"; do
  [[ -x $file ]] || { say "FAIL: $file is missing: build it first (Hardware/gpio-sim/run.sh does)"; exit 1; }
done
# A build against an unpacked libgpiod (scripts/test-libgpiod2.sh) says where it is.
if [[ -f $build/ld-library-path ]]; then
  LD_LIBRARY_PATH=$(<"$build/ld-library-path")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
fi
trap 'gpiosim_destroy_all || true' EXIT

# run_tests PHASE FILTER [NAME=VALUE...]: the bundle's Swift Testing tests matching FILTER,
# none skipped; the log and xUnit report in the results.
run_tests() {
  local phase=$1 filter=$2 started=$SECONDS status=0 skipped summary
  shift 2
  env "$@" LANEBRIDGE_EXPECT_LIBGPIOD="$generation" NO_COLOR=1 timeout 1500 "$tests" \
    --testing-library swift-testing --filter "$filter" --xunit-output "$results/$phase-swift-testing.xml" \
    >"$results/$phase.log" 2>&1 || status=$?
  skipped=$(grep -c 'skipped: "Needs' "$results/$phase.log" || true)
  summary=$(grep -E 'Test run with [0-9]+ tests' "$results/$phase.log" || true)
  if ((status != 0 || skipped != 0)) || [[ -z $summary ]]; then
    say "FAIL: $phase: status $status, $skipped skipped (log below, also in $results/$phase.log)"
    cat "$results/$phase.log"
    failed+=("$phase")
    return 0
  fi
  say "ok - $phase in $((SECONDS - started)) s: ${summary##*Test run with }"
}

# One run of the bundle for every part chosen: under emulation, and with the other VMs'
# guests on the host's CPUs, each start of the bundle costs about 15-25 s.
filters=() environment=() hardware_chip=false
if [[ -n ${chosen[hardware]:-} ]]; then
  # The hardware suites, on a chip made here; the rig's suites make and remove their own.
  line_names=(pin1 pin2 pin3 pin4 pin5 pin6 pin7 pin8 pin9 pin10 ball foul cycle spare)
  if gpiosim_create gpio-sim-hardware "${#line_names[@]}" "${line_names[@]}"; then
    hardware_chip=true
    filters+=('GPIOHardwareTests|GPIOPinSensorHardwareTests|expectedGenerationIsCompiledIn')
    environment+=(LANEBRIDGE_GPIO_CHIP="$(gpiosim_chip_dev gpio-sim-hardware)"
      LANEBRIDGE_GPIO_SIM_PULL_DIR="$(gpiosim_sysfs_dir gpio-sim-hardware)")
  else
    failed+=("hardware suites (no chip)")
  fi
fi
for part in errors replays idle calibrate pair; do
  if [[ -n ${chosen[$part]:-} ]]; then filters+=("${part_filter[$part]}"); fi
done
if ((${#filters[@]} > 0)); then
  run_tests guest-tests "$(IFS='|'; echo "${filters[*]}")" "${environment[@]}"
  for figures in latency.txt idle-cpu.txt pair-night.txt; do
    if [[ -f $results/$figures ]]; then cat "$results/$figures"; fi
  done
fi
if $hardware_chip; then
  # The hardware suites must have released every line they requested.
  info=$(gpioinfo "$(gpiosim_chip_name gpio-sim-hardware)") || info="gpioinfo failed"
  held=$(grep -c '"lane-test"' <<<"$info" || true)
  if ((held != 0)); then
    say "FAIL: $held lines still held by lane-test after the hardware suites: $info"
    failed+=("hardware suites (lines left held)")
  fi
  gpiosim_destroy gpio-sim-hardware || failed+=("removing the hardware suites' chip")
fi

if ((${#failed[@]} > 0)); then
  say "FAILED: ${failed[*]}"
  exit 1
fi
say "all checks ($parts) passed for libgpiod $generation.x"
