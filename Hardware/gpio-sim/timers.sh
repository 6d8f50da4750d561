#!/bin/bash
# The guest kernel's timers, measured: builds Timers/timer-overshoot.c on the host and runs it
# in one gpio-sim VM (guest-timers.sh), with nothing else in the guest. It prints the guest's
# clocksource, clock event devices and hres_active, then how late each way of waiting wakes
# (docs/performance.md, Idle, quotes it).
#
# Usage: Hardware/gpio-sim/timers.sh [SCALE]   SCALE multiplies every run's count (default 1)
# Results: <clone>/.build-kernel/results/timers/timers.txt. Takes about two minutes (TCG).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}
rig_name=timers
# shellcheck source=SCRIPTDIR/common.sh
source "$here/common.sh"

scale=${1:-1}
[[ $scale =~ ^[1-9][0-9]*$ ]] || die "SCALE must be a whole number from 1, got '$scale'"
results=$build_dir/results/timers
binary=$build_dir/timer-overshoot
mkdir -p "$build_dir/results"
rm -rf "$results"
cc -O2 -Wall -Wextra -Werror -o "$binary" "$here/Timers/timer-overshoot.c" \
  || die "building $here/Timers/timer-overshoot.c failed"
"$here/run-vm.sh" -t 600 -r "$results" "$here/guest-timers.sh" "$binary" "$scale"
