#!/bin/bash
# The gpio-sim rig in one command: takes the kernel from its cache (building it when the cache
# has none, see build-kernel.sh), builds the `lane` binaries and test bundles for libgpiod 1.6
# (.build) and 2.x (.build-v2) (incremental), then boots the kernel: the selftest with
# libgpiod's tools first, then one VM per libgpiod generation, both at the same time (each
# guest has one CPU), running guest-checks.sh: the hardware suites, the Swift rig tests
# (GPIOSimRigTests) and calibrate-checks.sh. Exits 0 only when every guest run passed.
#
# Usage: Hardware/gpio-sim/run.sh
# Needs root (apt-get for missing packages). Results: <clone>/.build-kernel/results/<run>/.
# Environment: GPIO_SIM_SERIAL=1 runs the two generations one after the other (for timing
# comparisons); GPIO_SIM_TIMEOUT overrides every VM's time limit.
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
  "libgpiod1 2400 guest-checks.sh .build/debug 1"
  "libgpiod2 2400 guest-checks.sh .build-v2/debug 2"
)
# Host packages the guest scripts run (the guest uses the host's root filesystem).
guest_packages=(gpiod util-linux)

# guest ENTRY: runs one entry in its VM; its summary line goes to $build_dir/results/NAME.summary.
guest() {
  local words name timeout script results started status=0
  read -r -a words <<<"$1"
  name=${words[0]} timeout=${words[1]} script=${words[2]}
  results=$build_dir/results/$name
  rm -rf "$results" "$results.summary"
  started=$EPOCHREALTIME
  (cd "$root" && "$here/run-vm.sh" -t "${GPIO_SIM_TIMEOUT:-$timeout}" -r "$results" \
    "$here/$script" "${words[@]:3}") >"$results.out" 2>&1 || status=$?
  if ((status == 0)); then
    printf '%s: passed in %s s (boot-to-init %s s, script %s s)\n' "$name" "$(elapsed "$started")" \
      "$(<"$results/boot-to-init-seconds")" "$(<"$results/script-seconds")" >"$results.summary"
  else
    printf '%s: FAILED (status %s) after %s s (results in %s)\n' "$name" "$status" \
      "$(elapsed "$started")" "$results" >"$results.summary"
  fi
  return "$status"
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
  log "building lane and the tests against libgpiod 1.6 (.build) and 2.x (.build-v2)"
  (cd "$root" && swift build --build-tests >&2) || die "swift build failed (output above)"
  "$root/scripts/test-libgpiod2.sh" --build-only >&2 || die "the libgpiod 2.x build failed (output above)"
  summary+=("lane builds: $(elapsed "$step_start") s")

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
  summary+=("both generations: $(elapsed "$step_start") s")

  log "summary:"
  printf '  %s\n' "${summary[@]}" "total: $(elapsed "$started") s" >&2
  ((${#failed[@]} == 0)) || die "${#failed[@]} guest run(s) failed: ${failed[*]}"
  log "all $((${#generations[@]} + 1)) guest runs passed"
}

main "$@"
