#!/bin/bash
# The gpio-sim rig in one command: builds the kernel (reused when unchanged) and the `lane`
# binaries for libgpiod 1.6 (.build) and 2.x (.build-v2) (incremental), then boots the kernel
# once per guest run below and runs it against simulated GPIO chips: the selftest with
# libgpiod's tools, then lane-checks.sh and calibrate-checks.sh with each `lane`.
# Exits 0 only when every guest run passed.
#
# Usage: Hardware/gpio-sim/run.sh
# Needs root (apt-get for missing packages). Results: <clone>/.build-kernel/results/<run>/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}

# Guest runs, each in a fresh VM: "NAME VM_TIMEOUT SCRIPT [ARGS...]", the script relative to
# this folder, its arguments relative to the clone.
guest_scripts=(
  "selftest 300 selftest.sh"
  "lane-libgpiod1 1800 lane-checks.sh .build/debug 1"
  "lane-libgpiod2 1800 lane-checks.sh .build-v2/debug 2"
  "calibrate-libgpiod1 900 calibrate-checks.sh .build/debug 1"
  "calibrate-libgpiod2 900 calibrate-checks.sh .build-v2/debug 2"
)
# Host packages the guest scripts run (the guest uses the host's root filesystem).
guest_packages=(gpiod util-linux)

log() { printf 'gpio-sim: %s\n' "$*" >&2; }
die() { printf 'gpio-sim: error: %s\n' "$*" >&2; exit 1; }
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep 'install ok installed' >/dev/null \
      || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return 0
  [[ $(id -u) == 0 ]] || die "missing packages ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'"
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y --no-install-recommends \
    "${missing[@]}" >&2 || die "apt-get install ${missing[*]} failed (try 'apt-get update' first)"
}

main() {
  local started=$EPOCHREALTIME step_start summary=() failed=() script name results
  install_missing "${guest_packages[@]}"

  step_start=$EPOCHREALTIME
  "$here/build-kernel.sh" >/dev/null || die "building the kernel failed (output above)"
  summary+=("kernel build: $(elapsed "$step_start") s")

  # Incremental builds: seconds when nothing changed, and never a stale binary in the VM.
  step_start=$EPOCHREALTIME
  log "building lane against libgpiod 1.6 (.build) and 2.x (.build-v2)"
  (cd "$root" && swift build --build-tests >&2) || die "swift build failed (output above)"
  "$root/scripts/test-libgpiod2.sh" --build-only >&2 || die "the libgpiod 2.x build failed (output above)"
  summary+=("lane builds: $(elapsed "$step_start") s")

  local entry timeout words
  for entry in "${guest_scripts[@]}"; do
    read -r -a words <<<"$entry"
    name=${words[0]} timeout=${words[1]} script=${words[2]}
    results=$build_dir/results/$name
    rm -rf "$results"
    step_start=$EPOCHREALTIME
    if (cd "$root" && "$here/run-vm.sh" -t "${GPIO_SIM_TIMEOUT:-$timeout}" -r "$results" \
        "$here/$script" "${words[@]:3}"); then
      summary+=("$name: passed in $(elapsed "$step_start") s (boot-to-init $(<"$results/boot-to-init-seconds") s, script $(<"$results/script-seconds") s)")
    else
      failed+=("$name")
      summary+=("$name: FAILED after $(elapsed "$step_start") s (results in $results)")
    fi
  done

  log "summary:"
  printf '  %s\n' "${summary[@]}" "total: $(elapsed "$started") s" >&2
  ((${#failed[@]} == 0)) || die "${#failed[@]} guest script(s) failed: ${failed[*]}"
  log "all ${#guest_scripts[@]} guest script(s) passed"
}

main "$@"
