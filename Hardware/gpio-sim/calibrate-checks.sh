#!/bin/bash
# Guest script: `lane calibrate` of one build (libgpiod 1.6 or 2.x) on real kernel GPIO lines,
# answered by a scripted technician, then `lane run` with the wiring file it wrote.
#
#   calibrate-checks.sh BUILD_DIR GENERATION     e.g. .build/gpio-sim/libgpiod1 1
#
# BUILD_DIR holds `lane` and `gpio-sim-drive`. The chip, labelled gpio-sim-cal, has 15 lines
# named GPIO0..GPIO14 and wired in a shuffled order (pin 1 on line 9, pin 2 on line 6, ...;
# `line_of` below), plus a spare line that never moves and a noisy one that changes while the
# lane should be still. Then:
#  1. `lane calibrate --chip gpio-sim-cal --out lane.toml --bias pull-up` runs as a coprocess;
#     the technician reads its output as text (questions end in "[y/n] " with no newline) and
#     does what it asks by writing the lines' sim pull files: knocks each pin, triggers the
#     signals, knocks and stands every pin three times (some with contact chatter), bowls three
#     test deliveries (one with a 1.6 s pause between falling pins), and checks the live deck.
#     It makes two mistakes on the way (pins 3 and 4 knocked together for pin 3; pin 1 stood
#     up when pin 5 was asked for), and each must be refused with the right retry prompt.
#  2. the file must map every pin and signal to the line it is on, active low with a pull-up,
#     with the measured windows, the noisy line and the date in comments; a second calibrate
#     without --force must refuse to replace it (73);
#  3. `lane run --json --wiring lane.toml` must score respot-only-game.trace, replayed onto the
#     shuffled lines, exactly as `lane simulate` does with the file's windows;
#  4. `lane calibrate --check lane.toml`, answered the same way (no mistakes, no noise), must
#     find the file still fits the lane (exit 0).
# Results go to $GPIO_SIM_RESULTS: calibrate.transcript, lane.toml, check.transcript and run/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/gpio-sim.sh
source "$here/gpio-sim.sh"

(($# == 2)) || { echo "usage: calibrate-checks.sh BUILD_DIR GENERATION(1|2)" >&2; exit 64; }
build=$(cd "$1" && pwd)
generation=$2
lane=$build/lane
drive=$build/gpio-sim-drive
chip_label=gpio-sim-cal
line_count=15
# Which line each pin and signal is on: shuffled, so that only calibration can find it out.
declare -A line_of=(
  [pin1]=9 [pin2]=6 [pin3]=14 [pin4]=0 [pin5]=11 [pin6]=1 [pin7]=12 [pin8]=5 [pin9]=8
  [pin10]=3 [ball]=2 [foul]=13 [cycle]=4 [spare]=7 [noisy]=10
)
pins=(pin1 pin2 pin3 pin4 pin5 pin6 pin7 pin8 pin9 pin10)
signals=(ball foul cycle)
# Pins whose contacts chatter when knocked.
chattering=(pin2 pin7 pin9)
trace=$root/Hardware/traces/respot-only-game.trace
consumer="lane run"
results=${GPIO_SIM_RESULTS:?run this script in the gpio-sim VM (run-vm.sh)}
wiring=$results/lane.toml
work=$(mktemp -d)
background=()
calibrate_pid=""
checks=0

fail() { printf 'calibrate-checks(v%s): FAIL: %s\n' "$generation" "$*" >&2; exit 1; }
ok() { checks=$((checks + 1)); printf 'ok %d - v%s: %s\n' "$checks" "$generation" "$*"; }

cleanup() {
  local pid
  [[ -z $calibrate_pid ]] || kill "$calibrate_pid" 2>/dev/null || true
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${background[@]}"; do wait "$pid" 2>/dev/null || true; done
  gpiosim_destroy_all || true
  rm -rf "$work"
}
trap cleanup EXIT

# --- The technician's hands -----------------------------------------------------------------
# pause SECONDS: sleeps without forking (`read` on a FIFO nobody writes), so a few
# milliseconds of contact chatter stay a few milliseconds under emulation.
mkfifo "$work/pause"
exec {pause_fd}<>"$work/pause"
pause() { read -r -t "$1" -u "$pause_fd" _ || true; }

declare -A pull_file=() is_down=()
# drive LINE_ROLE down|up: pulls the line low (pin down, signal active) or lets it rest high.
drive() {
  local pull=pull-up
  [[ $2 == down ]] && pull='pull-down'
  printf '%s' "$pull" >"${pull_file[$1]}" || fail "cannot write $pull to ${pull_file[$1]}"
  if [[ $2 == down ]]; then is_down[$1]=1; else is_down[$1]=0; fi
}
# knock PIN [BOUNCE_PAUSE]: the pin falls; given a pause (seconds) its contact bounces once
# first.
knock() {
  if [[ -n ${2:-} ]]; then
    drive "$1" down; pause "$2"; drive "$1" up; pause "$2"
  fi
  drive "$1" down
}
# stand_all: the rack is set again, pin after pin.
stand_all() {
  local pin
  for pin in "${pins[@]}"; do drive "$pin" up; pause 0.01; done
}
# rest_all: every line high: a full rack standing, no ball, no foul, no cycle.
rest_all() {
  local role
  for role in "${!line_of[@]}"; do drive "$role" up; done
}
is_chattering() { [[ " ${chattering[*]} " == *" $1 "* ]]; }

# --- Reading lane calibrate -----------------------------------------------------------------
# read_output: the next line of calibrate's output, or a question (text ending in "[y/n] "
# that waits for an answer), into `line`; appends it to the transcript. Reads a character at
# a time, so a question is whole the moment its last space arrives, and waits with a timeout
# only for a calibrate that went silent: bash's `read -t` drops the byte it was reading when
# its timer fires, so polling with short timeouts loses a newline now and then. Fails if
# calibrate says nothing for 60 s; returns 1 at the end of its output.
read_output() {
  local char status
  line=""
  while true; do
    status=0
    IFS= read -r -N 1 -t 60 -u "$cal_out" char || status=$?
    ((status <= 128)) || fail "lane calibrate said nothing for 60 s after: $(tail -5 "$transcript")$line"
    if ((status != 0)); then
      [[ -n $line ]] || return 1
      printf '%s\n' "$line" >>"$transcript"
      return 0
    fi
    if [[ $char == $'\n' ]]; then
      printf '%s\n' "$line" >>"$transcript"
      return 0
    fi
    line+=$char
    if [[ $line == *'[y/n] ' ]]; then
      printf '%s' "$line" >>"$transcript"
      return 0
    fi
  done
}

answer() { printf '%s\n' "$1" >&"$cal_in"; printf '%s\n' "$1" >>"$transcript"; }

# start_calibrate TRANSCRIPT ARGS...: runs `lane calibrate ARGS` as a coprocess.
start_calibrate() {
  transcript=$1
  shift
  : >"$transcript"
  coproc CALIBRATE { exec timeout 400 "$lane" calibrate "$@" 2>"$transcript.err"; }
  # shellcheck disable=SC2153 # coproc sets CALIBRATE_PID
  calibrate_pid=$CALIBRATE_PID
  # Copies: bash closes the coprocess's own descriptors once it exits.
  exec {cal_out}<&"${CALIBRATE[0]}" {cal_in}>&"${CALIBRATE[1]}"
}

# finish_calibrate: waits for calibrate to exit and sets calibrate_status.
finish_calibrate() {
  exec {cal_in}>&- {cal_out}<&-
  calibrate_status=0
  wait "$calibrate_pid" || calibrate_status=$?
}

# --- The technician -------------------------------------------------------------------------
# What the technician is told to do wrong, once each: for pin 3 they knock pins 3 and 4
# together; for pin 5 they stand pin 1 up instead. Each must be refused with these words.
declare -A mistake_refusal=(
  [3]="  Not taken: lines ${line_of[pin4]} and ${line_of[pin3]} both changed, but only one line may answer for pin 3. Put back everything that moved; then knock down only pin 3."
  [5]="  Not taken: line ${line_of[pin1]} changed, but it already answered for pin 1. Put pin 1 back as it was; then knock down only pin 5."
)

# map_answer PIN: knocks pin PIN as asked, or makes this pin's mistake the first time.
map_answer() {
  local pin=$1
  moved=()
  if [[ $mode == calibrate && -n ${mistake_refusal[$pin]:-} && -z ${mistake_made[$pin]:-} ]]; then
    mistake_made[$pin]=1
    expected_refusal=${mistake_refusal[$pin]}
    case $pin in
      3) moved=(pin3 pin4); drive pin3 down; drive pin4 down ;;
      5) moved=(pin1); drive pin1 up ;;
    esac
    return
  fi
  expected_refusal=""
  moved=("pin$pin")
  pause 0.1
  drive "pin$pin" down
}

# put_back: after a refusal, every line the last answer moved is put back as it was.
put_back() {
  [[ -n $expected_refusal ]] || fail "calibrate refused a correct answer: $line"
  [[ $line == "$expected_refusal" ]] \
    || fail "the refusal for the mistake reads"$'\n'"  '$line'"$'\n'"not"$'\n'"  '$expected_refusal'"
  refusals+=("$line")
  local role
  for role in "${moved[@]}"; do
    if ((is_down[$role])); then drive "$role" up; else drive "$role" down; fi
  done
  expected_refusal=""
}

# check_mapped ROLE OFFSET REST: the line calibrate names for ROLE is the one it is on.
check_mapped() {
  local role=$1 offset=$2 rest=$3 expected_rest
  if [[ $mode == calibrate ]]; then
    expected_rest=" (GPIO${line_of[$role]}), active low."
  else
    expected_rest=", as the file says."
  fi
  [[ $offset == "${line_of[$role]}" && $rest == "$expected_rest" ]] \
    || fail "$mode mapped $role wrongly: '$line' (it is on line ${line_of[$role]})"
  mapped+=("$role")
}

# knock_and_stand: every pin down and up again three times, at least 150 ms apart. When
# calibrating, the chattering pins bounce first with 5 ms pauses, so at least 10 ms of chatter
# (under emulation a pause takes 3-5 ms more than asked, and even back-to-back writes land
# 3-15 ms apart). At the check every knock is clean: its chatter must stay under the window
# calibration chose, and emulated timing would leave too thin a margin to trust.
knock_and_stand() {
  local pin
  stand_all
  pause 0.3
  for _ in 1 2 3; do
    for pin in "${pins[@]}"; do
      if [[ $mode == calibrate ]] && is_chattering "$pin"; then knock "$pin" 0.005; else knock "$pin"; fi
      pause 0.02
    done
    pause 0.2
    stand_all
    pause 0.2
  done
}

# bowl_deliveries: three deliveries; in the second pin 9 falls 1.6 s after the others.
bowl_deliveries() {
  local pin
  for pin in pin1 pin2 pin3 pin5; do knock "$pin"; pause 0.03; done
  pause 0.4
  knock pin4; pause 0.05; knock pin6
  pause 0.8; stand_all; pause 0.5
  for pin in pin1 pin3 pin6 pin10; do knock "$pin"; pause 0.03; done
  pause 1.6
  knock pin9
  pause 0.5; stand_all; pause 0.5
  for pin in "${pins[@]}"; do knock "$pin"; pause 0.02; done
  pause 0.5; stand_all
}

# watch_deck: knocks every pin, one after another, then stands the rack again.
watch_deck() {
  local pin
  deck_rows=()
  for pin in "${pins[@]}"; do knock "$pin"; pause 0.15; done
  pause 0.4
  stand_all
}

# make_noise: the noisy line changes six times while the lane should be still.
make_noise() {
  pause 0.3
  for _ in 1 2 3; do drive noisy down; pause 0.05; drive noisy up; pause 0.3; done
}

# technician MODE: answers lane calibrate (MODE calibrate) or lane calibrate --check (MODE
# check) until its output ends, checking what it says on the way.
technician() {
  mode=$1
  mapped=() refusals=() deck_rows=() moved=() expected_refusal=""
  declare -gA mistake_made=()
  local role deck_full=' 7   8   9  10|   4   5   6|     2   3|       1'
  local deck_down=' .   .   .   .|   .   .   .|     .   .|       .' frames index
  while read_output; do
    case $line in
      'Is a full rack standing, with nothing on the lane moving? [y/n] ')
        answer y ;;
      'Keep the lane still: watching every line for '*)
        [[ $mode == calibrate ]] && make_noise ;;
      'Knock down pin '*' and leave it down.')
        role=${line#Knock down pin }
        map_answer "${role%% *}" ;;
      '  Not taken: '*)
        put_back ;;
      'Does this lane have a '*' wired to this chip? [y/n] ')
        answer y ;;
      'Trigger the ball detector: '*)
        drive ball down; pause 0.04; drive ball up ;;
      'Trip the foul-line detector: '*)
        drive foul down; pause 0.04; drive foul up ;;
      'Run one pinsetter cycle.')
        drive cycle down; pause 2; drive cycle up ;;
      'Knock down every pin and stand it again, 3 times each'*)
        knock_and_stand ;;
      'Bowl 3 test deliveries, '*)
        bowl_deliveries ;;
      'Knock down pins and stand them again; the deck below'*)
        watch_deck ;;
      'Did the deck on screen match the lane every time? [y/n] ')
        frames=()
        for ((index = 0; index + 3 < ${#deck_rows[@]}; index += 4)); do
          frames+=("$(IFS='|'; echo "${deck_rows[*]:index:4}")")
        done
        [[ " ${frames[*]} " == *" $deck_down "* ]] \
          || fail "the deck view never showed every pin down: ${frames[*]}"
        [[ ${frames[0]} == "$deck_full" && ${frames[-1]} == "$deck_full" ]] \
          || fail "the deck view did not start and end with the full rack: ${frames[*]}"
        answer y ;;
      *'[y/n] ')
        answer n
        fail "lane calibrate asked what the technician did not expect: '$line'" ;;
      '  Pin '*': line '* | '  The '*': line '*)
        [[ $line =~ ^\ \ (Pin\ ([0-9]+)|The\ (ball|foul-line|pinsetter\ cycle)\ [a-z]+):\ line\ ([0-9]+)(.*)$ ]] \
          || fail "cannot read the mapping line '$line'"
        case ${BASH_REMATCH[3]} in
          '') role=pin${BASH_REMATCH[2]} ;;
          ball) role=ball ;;
          foul-line) role=foul ;;
          *) role=cycle ;;
        esac
        check_mapped "$role" "${BASH_REMATCH[4]}" "${BASH_REMATCH[5]}" ;;
      ' '*[0-9.]*)
        [[ $line =~ ^[\ 0-9.]+$ ]] && deck_rows+=("$line") ;;
    esac
  done
}

# --- Checks on the written file -------------------------------------------------------------
# value_in SECTION KEY: the value of KEY under [SECTION] of the wiring file, comment dropped.
value_in() {
  awk -v section="[$1]" -v key="$2" '
    /^\[/ { current = $1 }
    current == section && $1 == key && $2 == "=" {
      sub(/^[^=]*=[ \t]*/, ""); sub(/[ \t]*#.*$/, ""); print; exit
    }' "$wiring"
}
# comment_of SECTION KEY: the comment after KEY's value.
comment_of() {
  awk -v section="[$1]" -v key="$2" '
    /^\[/ { current = $1 }
    current == section && $1 == key && $2 == "=" { sub(/^[^#]*#[ \t]*/, ""); print; exit }' "$wiring"
}

# --- lane run on the calibrated file --------------------------------------------------------
wait_for() { # SECONDS DESCRIPTION COMMAND...: polls COMMAND every 50 ms until it succeeds
  local seconds=$1 what=$2 deadline
  shift 2
  deadline=$((SECONDS + seconds))
  until "$@"; do
    ((SECONDS < deadline)) || fail "timed out after ${seconds}s waiting for $what"
    pause 0.05
  done
}
lines_held() { # CONSUMER COUNT: exactly COUNT lines of the chip are held by CONSUMER
  local held
  held=$(gpioinfo "$chip" | grep -c "\"$1\"" || true)
  ((held == $2))
}
lane_ready() {
  kill -0 "$lane_pid" 2>/dev/null || fail "lane run exited before requesting its lines: $(cat "$out/run.err")"
  lines_held "$consumer" 13
}
# The throws of lane's JSON (run's throw lines or simulate's report), one per line, in order.
throws_of() { grep -o '"foul":[a-z]*,"frame":[0-9]*,"game":[0-9]*,"knocked":\[[0-9,]*\]' "$1" || true; }
# The game totals of simulate's report, or of run's game lines, one per line, in order.
totals_of() { grep -o '"total":[0-9]*' "$1" | cut -d: -f2 || true; }

for tool in gpioinfo timeout; do
  command -v "$tool" >/dev/null || fail "$tool is missing on the host (packages gpiod, coreutils)"
done
for file in "$lane" "$drive"; do
  [[ -x $file ]] || fail "$file is missing: build it first (Hardware/gpio-sim/run.sh does)"
done
library=$(ldd "$lane" | awk '/libgpiod/ { print $1 " => " $3 }')
case $generation in
  1) [[ $library == libgpiod.so.2\ * ]] ;;
  2) [[ $library == libgpiod.so.3\ * ]] ;;
  *) fail "GENERATION must be 1 or 2, got '$generation'" ;;
esac || fail "$lane loads '$library', not libgpiod ${generation}.x"
printf 'calibrate-checks: %s with %s, kernel %s\n' "$lane" "$library" "$(uname -r)"

names=()
for ((offset = 0; offset < line_count; offset++)); do names+=("GPIO$offset"); done
gpiosim_create "$chip_label" "$line_count" "${names[@]}" || fail "cannot create the simulated chip"
chip=$(gpiosim_chip_name "$chip_label")
sysfs=$(gpiosim_sysfs_dir "$chip_label")
for role in "${!line_of[@]}"; do pull_file[$role]=$sysfs/sim_gpio${line_of[$role]}/pull; done
rest_all
layout=()
for role in "${pins[@]}" "${signals[@]}"; do layout+=("${line_of[$role]}"); done
ok "created $chip labelled $chip_label: pins 1-10 on lines $(IFS=,; echo "${layout[*]:0:10}"), ball ${line_of[ball]}, foul ${line_of[foul]}, cycle ${line_of[cycle]}, spare ${line_of[spare]}, noisy ${line_of[noisy]}"

# --- 1. the calibration ---------------------------------------------------------------------
today=$(date -u +%F)
started=$SECONDS
start_calibrate "$results/calibrate.transcript" --chip "$chip_label" --out "$wiring" --bias pull-up
technician calibrate
finish_calibrate
elapsed=$((SECONDS - started))
transcript=$results/calibrate.transcript
((calibrate_status == 0)) \
  || fail "lane calibrate exited $calibrate_status: $(cat "$transcript.err")"$'\n'"$(tail -20 "$transcript")"
[[ ${#mapped[@]} == 13 ]] || fail "calibrate mapped ${#mapped[@]} of 13 lines: ${mapped[*]}"
[[ ${#refusals[@]} == 2 ]] || fail "expected the 2 mistakes refused, saw ${#refusals[@]}: ${refusals[*]}"
(($(grep -c '^  Back as before\.$' "$transcript") == 2)) \
  || fail "calibrate did not say 'Back as before.' once per mistake put back"
{ (($(grep -c '^Knock down pin 3 and leave it down\.$' "$transcript") == 2)) \
  && (($(grep -c '^Knock down pin 5 and leave it down\.$' "$transcript") == 2)); } \
  || fail "calibrate did not ask again for pins 3 and 5 after refusing"
ok "lane calibrate finished in ${elapsed}s: mapped all 13 lines, refusing two pins knocked together and a mapped pin stood up, each with its retry prompt"

expected_high=$(for role in "${!line_of[@]}"; do [[ $role == noisy ]] || echo "${line_of[$role]}"; done | sort -n | paste -sd, | sed 's/,/, /g')
{ grep -qxF "  high (so active low): lines $expected_high" "$transcript" \
  && grep -qxF '  low (so active high): none' "$transcript"; } \
  || fail "discover did not read every quiet line high: $(grep -A2 '^With the rack standing' "$transcript")"
grep -qF "  Noisy: line ${line_of[noisy]} changed 6 times while nothing moved; it is left out." "$transcript" \
  || fail "discover did not flag line ${line_of[noisy]}'s six changes as noisy: $(grep -A4 '^With the rack standing' "$transcript")"
ok "discover: every quiet line idle high (active low), the noisy line ${line_of[noisy]} left out"

for pin in {1..10}; do
  grep -qE "^  pin $pin +line ${line_of[pin$pin]} +down 3 times +longest bounce [0-9.]+ ms$" "$transcript" \
    || fail "the chatter report has no 'down 3 times' for pin $pin: $(grep -A12 '^Contact chatter' "$transcript")"
done
chatter_line=$(grep '^Recommended bounce window: ' "$transcript") || fail "no recommended bounce window"
[[ $chatter_line =~ ^Recommended\ bounce\ window:\ ([0-9]+)\ ms\ \(longest\ bounce\ ([0-9.]+)\ ms ]] \
  || fail "cannot read '$chatter_line'"
bounce_ms=${BASH_REMATCH[1]} chatter_ms=${BASH_REMATCH[2]}
# A bounce with 5 ms pauses on the chattering pins: at least 10 ms of chatter.
awk -v c="$chatter_ms" 'BEGIN { exit !(c >= 10 && c < 100) }' \
  || fail "measured chatter $chatter_ms ms, but the chattering pins bounced for 10 ms or more"
settle_line=$(grep '^Recommended settle window: ' "$transcript") || fail "no recommended settle window: $(grep -A2 '^Bowl 3' "$transcript")"
[[ $settle_line =~ ^Recommended\ settle\ window:\ ([0-9.]+)\ s\ \(([0-9.]+)\ s\ x ]] || fail "cannot read '$settle_line'"
settle_s=${BASH_REMATCH[1]} pause_s=${BASH_REMATCH[2]}
grep -qE '^3 test deliveries; ' "$transcript" || fail "calibrate did not count 3 test deliveries"
awk -v p="$pause_s" 'BEGIN { exit !(p >= 1.6 && p < 2.5) }' \
  || fail "the longest pause between falling pins was 1.6 s, calibrate measured $pause_s s"
ok "measure: chatter $chatter_ms ms -> bounce $bounce_ms ms; longest pause $pause_s s in 3 deliveries -> settle $settle_s s"

# --- 2. the wiring file ---------------------------------------------------------------------
[[ -f $wiring ]] || fail "calibrate exited 0 but wrote no $wiring"
grep -qF "Saved the wiring to $wiring." "$transcript" || fail "calibrate did not say where it saved the wiring"
for pin in {1..10}; do
  value=$(value_in pins "$pin")
  [[ $value == "${line_of[pin$pin]}" ]] || fail "the file puts pin $pin on '$value', it is on line ${line_of[pin$pin]}"
  [[ $(comment_of pins "$pin") =~ ^GPIO${line_of[pin$pin]},\ idle\ high,\ chatter\ [0-9.]+\ ms$ ]] \
    || fail "pin $pin's comment is '$(comment_of pins "$pin")'"
done
for role in "${signals[@]}"; do
  value=$(value_in signals "$role")
  [[ $value == "${line_of[$role]}" ]] || fail "the file puts $role on '$value', it is on line ${line_of[$role]}"
done
[[ $(value_in chip label) == "\"$chip_label\"" ]] || fail "the file's chip is $(value_in chip label)"
[[ $(value_in defaults active-low) == true && $(value_in defaults bias) == '"pull-up"' ]] \
  || fail "the file's defaults are not active-low = true, bias = \"pull-up\""
# Only those 13 lines: nothing else (the spare, the noisy line) in [pins] or [signals].
(($(sed -n '/^\[pins\]/,/^\[detector\]/p' "$wiring" | grep -cE '^[a-z0-9-]+ *=') == 13)) \
  || fail "the file's [pins] and [signals] hold more than the 13 lines: $(cat "$wiring")"
{ [[ $(value_in detector bounce) == "$bounce_ms" ]] \
  && awk -v a="$(value_in detector settle)" -v b="$settle_s" 'BEGIN { exit !(a + 0 == b + 0) }'; } \
  || fail "the file's windows (bounce $(value_in detector bounce), settle $(value_in detector settle)) are not the recommended $bounce_ms ms, $settle_s s"
header=$(sed -n '1,/^\[/p' "$wiring")
grep -qE "^# LaneBridge wiring written by \`lane calibrate\` on ($today|$(date -u +%F))\.$" <<<"$header" \
  || fail "the file's header does not give today's date ($today): $header"
{ grep -qxF "# Measured: longest contact chatter $chatter_ms ms, so bounce = $bounce_ms ms (x 2, at least 5 ms)." <<<"$header" \
  && grep -qxF "# Measured: longest pause between falling pins $pause_s s in 3 test deliveries, so settle = $settle_s s (x 1.5, at least 2 s)." <<<"$header" \
  && grep -qxF "# Warning: line ${line_of[noisy]} changed while nothing moved (noisy); not used." <<<"$header"; } \
  || fail "the file's header lacks the measured windows or the noisy line: $header"
ok "the file maps pins 1-10 and ball, foul, cycle to their lines, active-low with pull-up, bounce $bounce_ms ms, settle $settle_s s, measured and dated ($today) in comments"

cp "$wiring" "$work/before.toml"
status=0
"$lane" calibrate --chip "$chip_label" --out "$wiring" </dev/null >"$results/no-force.out" 2>"$results/no-force.err" || status=$?
{ ((status == 73)) && cmp -s "$wiring" "$work/before.toml" && grep -qF -- '--force' "$results/no-force.err"; } \
  || fail "calibrate over the existing file without --force: exit $status, $(cat "$results/no-force.err")"
ok "a second calibrate without --force: exit 73, the file untouched ('$(head -c 120 "$results/no-force.err")')"

# --- 3. lane run with the calibrated file ---------------------------------------------------
out=$results/run
mkdir -p "$out"
bounce=$(awk -v ms="$bounce_ms" 'BEGIN { printf "%.6f\n", ms / 1000 }')
detector=(--bounce "$bounce" --settle "$settle_s")
"$drive" compress "${detector[@]}" "$trace" >"$out/replayed.trace" 2>"$out/compress.log" \
  || fail "gpio-sim-drive compress failed: $(cat "$out/compress.log")"
"$lane" simulate --json "${detector[@]}" "$trace" >"$out/simulate-original.json" 2>/dev/null
"$lane" simulate --json "${detector[@]}" "$out/replayed.trace" >"$out/simulate.json" 2>"$out/simulate.err"
throws_of "$out/simulate.json" >"$out/expected.throws"
totals_of "$out/simulate.json" >"$out/expected.totals"
[[ -s $out/expected.throws ]] || fail "lane simulate found no throws in the trace"
{ cmp -s <(throws_of "$out/simulate-original.json") "$out/expected.throws" \
  && cmp -s <(totals_of "$out/simulate-original.json") "$out/expected.totals"; } \
  || fail "shortening the idle gaps changed lane simulate's result (see $out)"

rest_all
"$lane" run --json --wiring "$wiring" >"$out/run.jsonl" 2>"$out/run.err" &
lane_pid=$!
background+=("$lane_pid")
wait_for 120 "lane run to request its 13 lines" lane_ready
chrt -f 50 "$drive" replay --pull-dir "$sysfs" --lines "$(IFS=,; echo "${layout[*]}")" \
  --log "$out/writes.log" "$out/replayed.trace" 2>"$out/replay.log" \
  || fail "replay failed: $(cat "$out/replay.log")"
expected=$(wc -l <"$out/expected.throws")
pause "$(awk -v s="$settle_s" -v b="$bounce" 'BEGIN { print s + b + 0.5 }')"
deadline=$((SECONDS + 20))
while (($(grep -c '"event":"throw"' "$out/run.jsonl" || true) < expected)) && ((SECONDS < deadline)); do
  pause 0.2
done
kill -0 "$lane_pid" 2>/dev/null || fail "lane run ended by itself: $(head -c 3000 "$out/run.err")"
kill -TERM "$lane_pid"
status=0
wait "$lane_pid" || status=$?
((status == 0)) || fail "lane run exited $status on SIGTERM: $(cat "$out/run.err")"
lines_held "$consumer" 0 || fail "lane run exited but still holds lines: $(gpioinfo "$chip")"
# `|| true`: with no line to select grep exits 1, and under pipefail `set -e` would end the
# script here without a word instead of at the diff below, which says what differs.
{ grep '"event":"throw"' "$out/run.jsonl" || true; } | throws_of /dev/stdin >"$out/run.throws"
{ grep '"event":"game"' "$out/run.jsonl" || true; } | totals_of /dev/stdin >"$out/run.totals"
diff "$out/expected.throws" "$out/run.throws" >"$out/throws.diff" \
  || fail "lane run's throws differ from lane simulate's (< simulate, > run):"$'\n'"$(cat "$out/throws.diff")"$'\n'"lane run stderr: $(cat "$out/run.err")"
diff "$out/expected.totals" "$out/run.totals" >"$out/totals.diff" \
  || fail "lane run's game totals differ from lane simulate's:"$'\n'"$(cat "$out/totals.diff")"
ok "lane run --wiring lane.toml scored $(basename "$trace" .trace) on the shuffled lines: $expected throws, total $(paste -sd' ' "$out/run.totals"), as lane simulate with bounce $bounce_ms ms, settle $settle_s s ($(sed 's/^gpio-sim-drive: replayed [^:]*: //' "$out/replay.log"))"

# --- 4. lane calibrate --check --------------------------------------------------------------
rest_all
started=$SECONDS
start_calibrate "$results/check.transcript" --check "$wiring"
technician check
finish_calibrate
elapsed=$((SECONDS - started))
transcript=$results/check.transcript
((calibrate_status == 0)) \
  || fail "lane calibrate --check exited $calibrate_status, not 0: $(cat "$transcript.err")"$'\n'"$(sed -n '/^Contact chatter/,$p' "$transcript")"
[[ ${#mapped[@]} == 13 ]] || fail "--check confirmed ${#mapped[@]} of 13 lines: ${mapped[*]}"
grep -qxF 'The wiring file still fits the lane.' "$transcript" || fail "--check did not say the file still fits"
ok "lane calibrate --check lane.toml: all 13 lines as the file says, no drift, exit 0 in ${elapsed}s"

gpiosim_destroy "$chip_label" || fail "cannot remove the simulated chip"
printf 'calibrate-checks: all %d checks passed for libgpiod %s.x\n' "$checks" "$generation"
