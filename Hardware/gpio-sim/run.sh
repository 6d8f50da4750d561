#!/bin/bash
# The gpio-sim rig in one command: takes the kernel from its cache (building it when the cache
# has none, see build-kernel.sh), builds the `lane` binaries and test bundles for libgpiod 1.6
# and 2.x (scripts/test-libgpiod2.sh --build-only: both in .build, incremental, each
# generation's binaries copied aside to .build/gpio-sim/libgpiod1 and libgpiod2), then boots
# the kernel: the selftest with libgpiod's tools first, then seven VMs at the same time (each
# guest has one CPU and mostly waits in real time), sharing out guest-checks.sh's parts for
# both libgpiod generations: the hardware suites and the Swift rig tests (GPIOSimRigTests:
# lane run's errors, the bundled traces replayed, the idle minute, lane calibrate, a league
# night on a pair). Exits 0 only when every guest run passed.
#
# Usage: Hardware/gpio-sim/run.sh
# Needs root (apt-get for missing packages). Results: <clone>/.build-kernel/results/<run>/.
# The guests' xUnit files are also copied to $LANEBRIDGE_TEST_RESULTS/gpio-sim/<run>/ when
# scripts/test sets it, so its totals count the rig's tests.
# Environment: GPIO_SIM_SERIAL=1 runs the VMs one after the other (for timing
# comparisons); GPIO_SIM_TIMEOUT overrides every VM's time limit; GPIO_SIM_PREBUILT=1 skips
# the build and runs what .build/gpio-sim holds (scripts/test, right after its
# libgpiod2-build phase built it). GPIO_SIM_RELEASE_FIGURES=1 measures `lane` built
# `-c release` (against the system's libgpiod 1.6) instead of running the checks: one VM,
# alone, replaying respot-only-game and freefall-fouls-and-sweeps (32 settle-ended
# deliveries) for the delay past the detector's deadline and watching a quiet minute for
# wake-ups and CPU (docs/performance.md, Idle); not part of CI.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}
rig_name=gpio-sim
# shellcheck source=SCRIPTDIR/common.sh
source "$here/common.sh"

# Guest runs, each in a fresh VM: "NAME VM_TIMEOUT SCRIPT [ARGS...]", the script relative to
# this folder, its arguments relative to the clone. The selftest runs first, alone; the others
# run at the same time.
selftest="selftest 300 selftest.sh"
generations=(
  "libgpiod1 2400 guest-checks.sh .build/gpio-sim/libgpiod1 1 replays"
  "libgpiod2 2400 guest-checks.sh .build/gpio-sim/libgpiod2 2 replays"
  "libgpiod1-calibrate 1200 guest-checks.sh .build/gpio-sim/libgpiod1 1 calibrate,idle"
  "libgpiod2-calibrate 1200 guest-checks.sh .build/gpio-sim/libgpiod2 2 calibrate"
  "libgpiod2-replays 1200 guest-checks.sh .build/gpio-sim/libgpiod2 2 replays,idle"
  "libgpiod1-pair 1200 guest-checks.sh .build/gpio-sim/libgpiod1 1 hardware,errors,pair"
  "libgpiod2-pair 1200 guest-checks.sh .build/gpio-sim/libgpiod2 2 hardware,errors,pair"
)
# What each VM is given besides: the bundled traces it replays under `lane run`
# (GPIOSimRigTests' Rig.traces) and the latency test's minimum of settle-ended deliveries.
# The replays, the same line requests and edge reads for every trace, are shared out so that
# the longest VM is as short as can be (docs/gpio-sim.md has the times; shortened: two-games
# 209 s with 33 settle-ended deliveries, freefall 113 s with 17, string 111 s with 16,
# respot 75 s with 15): the 1.6 lane VM replays the longest trace, the 2.x lane VM two more,
# the 2.x replays VM every other one, a new trace too. A VM replaying fewer deliveries than
# the default minimum of 30 (three short of two-games') gets what its traces hold less two, so the test still fails if lane
# stops scoring them; the generation's figures are its VMs' latency.txt together. The pair
# check (a league night's two traces, 75 s and 77 s shortened, replayed at once) plays each
# layout once a run: both lanes on one chip with 2.x, on two chips with 1.6
# (LANE_CHECKS_PAIR_LAYOUTS); its VMs also run the hardware suites and lane run's errors,
# which kept the lane VMs the longest. Every VM starts the test bundle once.
declare -A guest_environment=(
  [libgpiod1]="LANE_CHECKS_TRACES=two-games-held-out"
  [libgpiod2]="LANE_CHECKS_TRACES=freefall-fouls-and-sweeps,respot-only-game LANE_CHECKS_MIN_SAMPLES=30"
  [libgpiod2-replays]="LANE_CHECKS_SKIP_TRACES=two-games-held-out,freefall-fouls-and-sweeps,respot-only-game LANE_CHECKS_MIN_SAMPLES=14"
  [libgpiod1-pair]="LANE_CHECKS_PAIR_LAYOUTS=two-chips"
  [libgpiod2-pair]="LANE_CHECKS_PAIR_LAYOUTS=one-chip"
)
if [[ ${GPIO_SIM_RELEASE_FIGURES:-} == 1 ]]; then
  generations=("release-figures 1200 guest-checks.sh .build/gpio-sim/libgpiod1 1 replays,idle")
  guest_environment=(
    [release-figures]="LANE_CHECKS_LANE=.build/release/lane LANE_CHECKS_TRACES=respot-only-game,freefall-fouls-and-sweeps LANE_CHECKS_MIN_SAMPLES=30"
  )
fi
# Host packages the guest scripts run (the guest uses the host's root filesystem).
guest_packages=(gpiod util-linux)

# guest ENTRY: runs one entry in its VM; its summary line goes to $build_dir/results/NAME.summary.
guest() {
  local words name timeout script results started status=0 environment=() assignment
  read -r -a words <<<"$1"
  name=${words[0]} timeout=${words[1]} script=${words[2]}
  for assignment in ${guest_environment[$name]:-}; do environment+=(-e "$assignment"); done
  results=$build_dir/results/$name
  rm -rf "$results" "$results.summary"
  started=$EPOCHREALTIME
  (cd "$root" && "$here/run-vm.sh" -t "${GPIO_SIM_TIMEOUT:-$timeout}" -r "$results" \
    "${environment[@]}" "$here/$script" "${words[@]:3}") >"$results.out" 2>&1 || status=$?
  if [[ -n ${LANEBRIDGE_TEST_RESULTS:-} ]]; then
    counted_results "$name" "$results"
  fi
  if ((status == 0)); then
    printf '%s: passed in %s s (boot-to-init %s s, script %s s)\n' "$name" "$(elapsed "$started")" \
      "$(<"$results/boot-to-init-seconds")" "$(<"$results/script-seconds")" >"$results.summary"
  else
    printf '%s: FAILED (status %s) after %s s (results in %s)\n' "$name" "$status" \
      "$(elapsed "$started")" "$results" >"$results.summary"
  fi
  return "$status"
}

# counted_results NAME RESULTS: the guest's Swift Testing xUnit files, where scripts/test
# counts them.
counted_results() {
  local file into=$LANEBRIDGE_TEST_RESULTS/gpio-sim/$1
  mkdir -p "$into"
  for file in "$2"/*-swift-testing.xml; do
    [[ -e $file ]] && cp "$file" "$into/"
  done
  return 0
}

main() {
  local started=$EPOCHREALTIME step_start summary=() failed=() entry name pids=() names=() index
  install_missing "${guest_packages[@]}"
  mkdir -p "$build_dir/results"

  step_start=$EPOCHREALTIME
  GPIO_SIM_KERNEL=$("$here/build-kernel.sh" | tail -n 1) || die "building the kernel failed (output above)"
  export GPIO_SIM_KERNEL
  summary+=("kernel: $(elapsed "$step_start") s ($GPIO_SIM_KERNEL)")

  # Incremental builds: seconds when nothing changed, and never a stale binary in the VM.
  step_start=$EPOCHREALTIME
  if [[ ${GPIO_SIM_PREBUILT:-} == 1 ]]; then
    log "running the binaries already in .build/gpio-sim (GPIO_SIM_PREBUILT=1)"
    summary+=("lane builds: skipped (GPIO_SIM_PREBUILT=1)")
  else
    log "building lane and the tests against libgpiod 1.6 and 2.x (into .build/gpio-sim)"
    "$root/scripts/test-libgpiod2.sh" --build-only >&2 || die "the builds failed (output above)"
    summary+=("lane builds: $(elapsed "$step_start") s")
  fi
  if [[ ${GPIO_SIM_RELEASE_FIGURES:-} == 1 ]]; then
    step_start=$EPOCHREALTIME
    log "building lane -c release (into .build/release) for its figures"
    (cd "$root" && swift build -c release --product lane) >&2 || die "the release build failed (output above)"
    summary+=("lane release build: $(elapsed "$step_start") s")
  fi

  name=${selftest%% *}
  guest "$selftest" || failed+=("$name")
  cat "$build_dir/results/$name.out" >&2
  summary+=("$(<"$build_dir/results/$name.summary")")

  step_start=$EPOCHREALTIME
  for entry in "${generations[@]}"; do
    name=${entry%% *}
    names+=("$name")
    log "starting $name: ${entry#* * }"
    if [[ ${GPIO_SIM_SERIAL:-} == 1 ]]; then
      guest "$entry" || true
      pids+=("")
    else
      guest "$entry" &
      pids+=("$!")
    fi
  done
  for index in "${!names[@]}"; do
    name=${names[index]}
    if [[ -n ${pids[index]} ]]; then
      wait "${pids[index]}" || true
    fi
    cat "$build_dir/results/$name.out" >&2
    summary+=("$(<"$build_dir/results/$name.summary")")
    [[ $(<"$build_dir/results/$name.summary") == "$name: passed"* ]] || failed+=("$name")
  done
  summary+=("all generations' VMs at once: $(elapsed "$step_start") s")

  log "summary:"
  printf '  %s\n' "${summary[@]}" "total: $(elapsed "$started") s" >&2
  ((${#failed[@]} == 0)) || die "${#failed[@]} guest run(s) failed: ${failed[*]}"
  log "all $((${#generations[@]} + 1)) guest runs passed"
}

main "$@"
