#!/bin/bash
# Guest script: proves the gpio-sim rig end to end with libgpiod's own v1.6 tools (Debian's
# `gpiod` package): a simulated chip with the lane's 14 named lines is visible to gpiodetect,
# gpioinfo and gpiofind; lines driven through the sim pulls read back with gpioget; a consumer's
# output shows in the sim's value attribute; a requested line is busy for a second process;
# gpiomon sees rising and falling edges with kernel timestamps; teardown removes the chip.
#
# Run it in the VM: Hardware/gpio-sim/run-vm.sh Hardware/gpio-sim/selftest.sh
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=SCRIPTDIR/gpio-sim.sh
source "$here/gpio-sim.sh"

chip_label=lane
line_names=(pin1 pin2 pin3 pin4 pin5 pin6 pin7 pin8 pin9 pin10 ball foul cycle spare)
work=$(mktemp -d)
monitor_pid=""
holder_pid=""
checks=0

fail() { printf 'selftest: FAIL: %s\n' "$*" >&2; exit 1; }
ok() { checks=$((checks + 1)); printf 'ok %d - %s\n' "$checks" "$*"; }
uptime_seconds() { local up rest; read -r up rest </proc/uptime; printf '%s\n' "$up"; }

cleanup() {
  local pid
  for pid in "$monitor_pid" "$holder_pid"; do
    [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  done
  gpiosim_destroy_all || true
  rm -rf "$work"
}
trap cleanup EXIT

# wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND every 50 ms until it succeeds.
wait_for() {
  local seconds=$1 what=$2 deadline
  shift 2
  deadline=$(( $(date +%s%N) + seconds * 1000000000 ))
  until "$@"; do
    (( $(date +%s%N) < deadline )) || fail "timed out after ${seconds}s waiting for $what"
    sleep 0.05
  done
}

line_used_by() { # chip offset consumer
  local info
  info=$(gpioinfo "$1") || return 1
  grep -E "^[[:space:]]+line[[:space:]]+$2:.*\"$3\"" <<<"$info" >/dev/null
}

for tool in gpiodetect gpioinfo gpiofind gpioget gpioset gpiomon; do
  command -v "$tool" >/dev/null || fail "$tool is missing: install Debian's 'gpiod' package on the host"
done
version=$(gpiodetect --version)
printf 'selftest: %s, kernel %s\n' "${version%%$'\n'*}" "$(uname -r)"

# --- create -------------------------------------------------------------------------------
gpiosim_create "$chip_label" "${#line_names[@]}" "${line_names[@]}" || fail "cannot create the simulated chip"
chip=$(gpiosim_chip_name "$chip_label")
dev=$(gpiosim_chip_dev "$chip_label")
ok "created simulated chip '$chip_label' as $dev ($(gpiosim_sysfs_dir "$chip_label"))"

# --- discovery ----------------------------------------------------------------------------
gpiodetect >"$work/detect"
grep -qx "$chip \[$chip_label\] (${#line_names[@]} lines)" "$work/detect" \
  || fail "gpiodetect does not list '$chip [$chip_label] (${#line_names[@]} lines)'; it printed: $(<"$work/detect")"
ok "gpiodetect lists $chip [$chip_label] (${#line_names[@]} lines)"

gpioinfo "$chip" >"$work/info"
for offset in "${!line_names[@]}"; do
  grep -Eq "^[[:space:]]+line[[:space:]]+$offset:[[:space:]]+\"${line_names[offset]}\"[[:space:]]+unused[[:space:]]+input" "$work/info" \
    || fail "gpioinfo shows no unused input line $offset named '${line_names[offset]}':"$'\n'"$(<"$work/info")"
done
ok "gpioinfo names all ${#line_names[@]} lines pin1..pin10 ball foul cycle spare, unused inputs"

for name in pin1 pin10 ball foul cycle spare; do
  found=$(gpiofind "$name") || fail "gpiofind $name found nothing"
  [[ $found == "$chip $(gpiosim_line_offset "$chip_label" "$name")" ]] \
    || fail "gpiofind $name says '$found'"
done
ok "gpiofind resolves line names to $chip offsets"

# --- drive inputs through the sim pulls, read with gpioget -------------------------------
offsets=("${!line_names[@]}")
for pattern in alternate inverted all-high all-low; do
  expected=()
  for offset in "${offsets[@]}"; do
    case $pattern in
      alternate) level=$((offset % 2)) ;;
      inverted) level=$(((offset + 1) % 2)) ;;
      all-high) level=1 ;;
      all-low) level=0 ;;
    esac
    gpiosim_set "$chip_label" "${line_names[offset]}" "$level"
    expected+=("$level")
  done
  read -r -a got < <(gpioget "$chip" "${offsets[@]}")
  [[ "${got[*]}" == "${expected[*]}" ]] \
    || fail "gpioget after the $pattern pattern read '${got[*]}', expected '${expected[*]}'"
done
ok "gpioget reads each line as driven through its sim pull (4 patterns over 14 lines)"

# --- output direction: a consumer drives, the sim sees it ---------------------------------
spare=$(gpiosim_line_offset "$chip_label" spare)
gpioset --mode=signal "$chip" "$spare=1" &
holder_pid=$!
wait_for 10 "gpioset to hold line $spare" line_used_by "$chip" "$spare" gpioset
[[ $(gpiosim_get "$chip_label" spare) == 1 ]] || fail "sim value of 'spare' is not 1 while gpioset drives it high"
if gpioget "$chip" "$spare" >/dev/null 2>"$work/busy"; then
  fail "gpioget could request line $spare although gpioset holds it"
fi
grep -qi 'busy' "$work/busy" || fail "gpioget on a held line failed without 'busy': $(<"$work/busy")"
kill "$holder_pid"; wait "$holder_pid" 2>/dev/null || true; holder_pid=""
wait_for 10 "line $spare to be released" bash -c "! gpioinfo $chip | grep -E '^[[:space:]]+line[[:space:]]+$spare:.*\"gpioset\"' >/dev/null"
ok "gpioset output shows in the sim value; a second request gets 'Device or resource busy'"

# --- edge events with timestamps ----------------------------------------------------------
ball=$(gpiosim_line_offset "$chip_label" ball)
gpiosim_set "$chip_label" ball low
timeout 20 gpiomon --num-events=4 --line-buffered --format='%e %o %s %n' "$chip" "$ball" >"$work/events" 2>&1 &
monitor_pid=$!
wait_for 10 "gpiomon to request line $ball" line_used_by "$chip" "$ball" gpiomon
before=$(uptime_seconds)
for level in high low high low; do
  gpiosim_set "$chip_label" ball "$level"
  sleep 0.05
done
after=$(uptime_seconds)
wait "$monitor_pid" || fail "gpiomon did not report 4 events within 20s (status $?); it printed: $(<"$work/events")"
monitor_pid=""
mapfile -t events <"$work/events"
((${#events[@]} == 4)) || fail "gpiomon printed ${#events[@]} lines, expected 4: ${events[*]}"
previous=0
expected_types=(1 0 1 0)
for index in "${!events[@]}"; do
  read -r type offset seconds nanos <<<"${events[index]}"
  [[ $type == "${expected_types[index]}" && $offset == "$ball" ]] \
    || fail "event $index is '${events[index]}', expected type ${expected_types[index]} on offset $ball"
  stamp=$((seconds * 1000000000 + 10#$nanos))
  ((stamp > previous)) || fail "event $index timestamp $stamp ns is not after the previous one ($previous ns)"
  previous=$stamp
done
# The v1 uAPI stamps events with CLOCK_MONOTONIC; /proc/uptime tracks it to 10 ms here.
awk -v first="${events[0]}" -v last="${events[3]}" -v lo="$before" -v hi="$after" 'BEGIN {
  split(first, f, " "); split(last, l, " ")
  t0 = f[3] + f[4] / 1e9; t1 = l[3] + l[4] / 1e9
  if (t0 < lo - 0.02 || t1 > hi + 0.02) {
    printf "event timestamps %.6f..%.6f lie outside the toggling window %.2f..%.2f\n", t0, t1, lo, hi
    exit 1
  }
  printf "events at %.6f..%.6f s, inside the toggling window %.2f..%.2f s\n", t0, t1, lo, hi
}' >"$work/window" || fail "$(<"$work/window")"
ok "gpiomon saw rising, falling, rising, falling on 'ball' with increasing kernel timestamps ($(<"$work/window"))"

# --- teardown -----------------------------------------------------------------------------
gpiosim_destroy "$chip_label" || fail "cannot remove the simulated chip"
[[ ! -e $dev ]] || fail "$dev still exists after the chip was removed"
gpiodetect >"$work/detect-after" 2>/dev/null || fail "gpiodetect failed after the chip was removed"
if grep -F "[$chip_label]" "$work/detect-after" >/dev/null; then fail "gpiodetect still lists [$chip_label]"; fi
ok "removing the chip removes $dev"

printf 'selftest: all %d checks passed\n' "$checks"
