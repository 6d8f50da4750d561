#!/bin/bash
# Guest script: the guest kernel's clock and timers, and how late it wakes a waiting task.
#
#   guest-timers.sh TIMER_OVERSHOOT [SCALE]
#
# Prints the kernel command line, the clocksource (current and available), the clock event
# devices and whether high-resolution timers are active (/proc/timer_list), then runs
# TIMER_OVERSHOOT (Timers/timer-overshoot.c, built on the host by timers.sh) and keeps its
# output in $GPIO_SIM_RESULTS/timers.txt.
set -euo pipefail

(($# == 1 || $# == 2)) || { echo "usage: guest-timers.sh TIMER_OVERSHOOT [SCALE]" >&2; exit 64; }
results=${GPIO_SIM_RESULTS:?run this script in the gpio-sim VM (run-vm.sh)}
clocksource=/sys/devices/system/clocksource/clocksource0
{
  printf 'kernel command line: %s\n' "$(</proc/cmdline)"
  printf 'clocksource: %s (available: %s)\n' "$(<"$clocksource/current_clocksource")" \
    "$(<"$clocksource/available_clocksource")"
  # Per CPU: the tick device's event device, and hres_active.
  grep -E '^(Tick Device|Clock Event Device|.*hres_active|  max_delta_ns|  min_delta_ns| *event_handler|Per CPU device)' \
    /proc/timer_list || true
  "$1" "${2:-1}"
} | tee "$results/timers.txt"
