#!/bin/bash
# The gpio-sim rig in one command: builds the kernel (reused when unchanged), then boots it
# once per guest script below and runs the script against simulated GPIO chips.
# Exits 0 only when every guest script passed.
#
# Usage: Hardware/gpio-sim/run.sh
# Needs root (apt-get for missing packages). Results: <clone>/.build-kernel/results/<script>/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}

# Guest scripts, each run in a fresh VM: path relative to this folder.
guest_scripts=(selftest.sh)
# Host packages the guest scripts run (the guest uses the host's root filesystem).
guest_packages=(gpiod)

log() { printf 'gpio-sim: %s\n' "$*" >&2; }
die() { printf 'gpio-sim: error: %s\n' "$*" >&2; exit 1; }
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
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

  for script in "${guest_scripts[@]}"; do
    name=${script%.sh}
    results=$build_dir/results/$name
    rm -rf "$results"
    step_start=$EPOCHREALTIME
    if "$here/run-vm.sh" -r "$results" "$here/$script"; then
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
