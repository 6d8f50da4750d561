#!/bin/bash
# gpio-sim.sh: bash functions that manage simulated GPIO chips through the kernel's gpio-sim
# driver. Source it inside the gpio-sim VM (guest-init.sh mounts configfs, sysfs and devtmpfs):
#
#   source "$GPIO_SIM_DIR/gpio-sim.sh"
#   gpiosim_create lane 14 pin1 pin2 pin3 pin4 pin5 pin6 pin7 pin8 pin9 pin10 ball foul cycle spare
#   gpiosim_chip_dev lane        # -> /dev/gpiochip0 (found through configfs, never assumed)
#   gpiosim_set lane ball high   # drive an input: the line name or its offset; high|low|1|0
#   gpiosim_get lane ball        # -> 1: the value the chip reports for the line
#   gpiosim_destroy lane
#
# One chip = one configfs device with one bank (bank0) whose label is the chip NAME, so
# gpiodetect shows `gpiochipN [NAME] (K lines)`. Inputs are driven through the driver's
# sysfs attribute /sys/devices/platform/<dev_name>/<chip_name>/sim_gpio<offset>/pull.
#
# Every function returns non-zero with a message on stderr (`gpio-sim: error: ...`) when
# something is wrong. Lookups set GPIOSIM_* variables instead of printing where noted, so
# callers driving many edges do not fork (gpiosim_set forks nothing).

GPIOSIM_CONFIGFS=${GPIOSIM_CONFIGFS:-/sys/kernel/config/gpio-sim}
# Chips whose device node was already checked: NAME -> "dev_name chip_name".
declare -gA _GPIOSIM_VERIFIED=()

_gpiosim_error() { printf 'gpio-sim: error: %s\n' "$*" >&2; return 1; }

# gpiosim_require: the driver is available (configfs mounted, gpio-sim built in).
gpiosim_require() {
  [[ -d $GPIOSIM_CONFIGFS ]] && return 0
  if [[ ! -d /sys/kernel/config ]] || ! grep -qw configfs /proc/filesystems 2>/dev/null; then
    _gpiosim_error "configfs is not available: the kernel needs CONFIG_CONFIGFS_FS"
  else
    _gpiosim_error "$GPIOSIM_CONFIGFS is missing: mount configfs on /sys/kernel/config and use a kernel with CONFIG_GPIO_SIM=y"
  fi
}

_gpiosim_write() { # file value
  local file=$1 value=$2
  { printf '%s\n' "$value" >"$file"; } 2>/dev/null \
    || _gpiosim_error "cannot write '$value' to $file"
}

# gpiosim_create NAME NUM_LINES [LINE_NAME...]: creates and enables a chip whose lines
# 0..NUM_LINES-1 are named in order by the LINE_NAMEs given (the rest stay unnamed), then
# waits for its /dev/gpiochipN. Fails if NAME exists already.
gpiosim_create() {
  local name=${1:-} num_lines=${2:-} dir offset line_name
  [[ -n $name && $name != */* ]] || { _gpiosim_error "gpiosim_create wants a NAME without '/'"; return 1; }
  [[ $num_lines =~ ^[1-9][0-9]*$ ]] || { _gpiosim_error "gpiosim_create $name: NUM_LINES must be a positive number, got '$num_lines'"; return 1; }
  shift 2
  (($# <= num_lines)) || { _gpiosim_error "gpiosim_create $name: $# line names for $num_lines lines"; return 1; }
  gpiosim_require || return 1
  dir=$GPIOSIM_CONFIGFS/$name
  [[ ! -e $dir ]] || { _gpiosim_error "a simulated chip named '$name' exists already (gpiosim_destroy $name first)"; return 1; }
  mkdir "$dir" "$dir/bank0" || { _gpiosim_error "cannot create $dir/bank0"; return 1; }
  if ! _gpiosim_write "$dir/bank0/label" "$name" \
      || ! _gpiosim_write "$dir/bank0/num_lines" "$num_lines"; then
    gpiosim_destroy "$name"
    return 1
  fi
  offset=0
  for line_name in "$@"; do
    if ! mkdir "$dir/bank0/line$offset" || ! _gpiosim_write "$dir/bank0/line$offset/name" "$line_name"; then
      _gpiosim_error "cannot name line $offset '$line_name'"
      gpiosim_destroy "$name"
      return 1
    fi
    offset=$((offset + 1))
  done
  if ! _gpiosim_write "$dir/live" 1; then
    _gpiosim_error "enabling chip '$name' failed (duplicate label or line names? see dmesg)"
    gpiosim_destroy "$name"
    return 1
  fi
  _gpiosim_resolve "$name" || { gpiosim_destroy "$name"; return 1; }
}

# _gpiosim_resolve NAME: sets GPIOSIM_DEV_NAME (gpio-sim.K), GPIOSIM_CHIP_NAME (gpiochipN),
# GPIOSIM_SYSFS (the chip's sysfs folder) and GPIOSIM_DEV (/dev/gpiochipN) from the chip's
# configfs attributes, and checks that the device node is the chip's (same major:minor).
_gpiosim_resolve() {
  local name=$1 dir live node_numbers sys_numbers tries
  dir=$GPIOSIM_CONFIGFS/$name
  [[ -d $dir/bank0 ]] || { _gpiosim_error "no simulated chip named '$name' (gpiosim_create it first)"; return 1; }
  read -r live <"$dir/live"
  [[ $live == 1 ]] || { _gpiosim_error "simulated chip '$name' is not live"; return 1; }
  read -r GPIOSIM_DEV_NAME <"$dir/dev_name"
  read -r GPIOSIM_CHIP_NAME <"$dir/bank0/chip_name"
  [[ $GPIOSIM_CHIP_NAME == gpiochip* ]] \
    || { _gpiosim_error "chip '$name' reports chip_name '$GPIOSIM_CHIP_NAME'"; return 1; }
  GPIOSIM_SYSFS=/sys/devices/platform/$GPIOSIM_DEV_NAME/$GPIOSIM_CHIP_NAME
  GPIOSIM_DEV=/dev/$GPIOSIM_CHIP_NAME
  [[ ${_GPIOSIM_VERIFIED[$name]:-} == "$GPIOSIM_DEV_NAME $GPIOSIM_CHIP_NAME" ]] && return 0
  [[ -d $GPIOSIM_SYSFS ]] || { _gpiosim_error "chip '$name': $GPIOSIM_SYSFS does not exist"; return 1; }
  read -r sys_numbers <"$GPIOSIM_SYSFS/dev" 2>/dev/null \
    || { _gpiosim_error "chip '$name': cannot read $GPIOSIM_SYSFS/dev"; return 1; }
  # devtmpfs creates the node as the device registers; allow it a moment.
  for ((tries = 0; tries < 50; tries++)); do
    if [[ -c $GPIOSIM_DEV ]]; then
      node_numbers=$(stat -c '%t %T' "$GPIOSIM_DEV")
      printf -v node_numbers '%d:%d' "0x${node_numbers% *}" "0x${node_numbers#* }"
      if [[ $node_numbers == "$sys_numbers" ]]; then
        _GPIOSIM_VERIFIED[$name]="$GPIOSIM_DEV_NAME $GPIOSIM_CHIP_NAME"
        return 0
      fi
    fi
    sleep 0.1
  done
  _gpiosim_error "chip '$name': $GPIOSIM_DEV is missing or is not device $sys_numbers"
}

# gpiosim_chip_dev NAME: prints /dev/gpiochipN of the chip.
gpiosim_chip_dev() { _gpiosim_resolve "${1:-}" && printf '%s\n' "$GPIOSIM_DEV"; }
# gpiosim_chip_name NAME: prints gpiochipN (the name libgpiod tools accept).
gpiosim_chip_name() { _gpiosim_resolve "${1:-}" && printf '%s\n' "$GPIOSIM_CHIP_NAME"; }
# gpiosim_sysfs_dir NAME: prints the chip's sysfs folder holding sim_gpio<offset>/.
gpiosim_sysfs_dir() { _gpiosim_resolve "${1:-}" && printf '%s\n' "$GPIOSIM_SYSFS"; }

# _gpiosim_offset NAME LINE: sets GPIOSIM_OFFSET from an offset or a configured line name.
_gpiosim_offset() {
  local name=$1 line=$2 entry line_name num_lines
  read -r num_lines <"$GPIOSIM_CONFIGFS/$name/bank0/num_lines"
  if [[ $line =~ ^[0-9]+$ ]]; then
    ((line < num_lines)) || { _gpiosim_error "chip '$name' has lines 0..$((num_lines - 1)), not $line"; return 1; }
    GPIOSIM_OFFSET=$line
    return 0
  fi
  for entry in "$GPIOSIM_CONFIGFS/$name"/bank0/line*; do
    [[ -f $entry/name ]] || continue
    read -r line_name <"$entry/name"
    if [[ $line_name == "$line" ]]; then
      GPIOSIM_OFFSET=${entry##*/line}
      return 0
    fi
  done
  _gpiosim_error "chip '$name' has no line named '$line'"
}

# gpiosim_line_offset NAME LINE_NAME: prints the offset of a named line.
gpiosim_line_offset() {
  _gpiosim_resolve "${1:-}" && _gpiosim_offset "$1" "${2:-}" && printf '%s\n' "$GPIOSIM_OFFSET"
}

# gpiosim_pull_file NAME LINE: prints the sysfs file that drives the line.
gpiosim_pull_file() {
  _gpiosim_resolve "${1:-}" && _gpiosim_offset "$1" "${2:-}" \
    && printf '%s\n' "$GPIOSIM_SYSFS/sim_gpio$GPIOSIM_OFFSET/pull"
}

# gpiosim_set NAME LINE high|low|1|0: drives an input line by pulling it up or down.
# Requested inputs see the new level (and edge events) at once.
gpiosim_set() {
  local name=${1:-} line=${2:-} level=${3:-} pull
  case $level in
    high | 1 | up) pull='pull-up' ;;
    low | 0 | down) pull='pull-down' ;;
    *) _gpiosim_error "gpiosim_set $name $line: level must be high or low, got '$level'"; return 1 ;;
  esac
  _gpiosim_resolve "$name" && _gpiosim_offset "$name" "$line" \
    && _gpiosim_write "$GPIOSIM_SYSFS/sim_gpio$GPIOSIM_OFFSET/pull" "$pull"
}

# gpiosim_get NAME LINE: prints 0 or 1, the line's value as the chip sees it (an input's
# pulled level, or what a consumer drives on an output).
gpiosim_get() {
  local value
  _gpiosim_resolve "${1:-}" && _gpiosim_offset "$1" "${2:-}" || return 1
  read -r value <"$GPIOSIM_SYSFS/sim_gpio$GPIOSIM_OFFSET/value" \
    || { _gpiosim_error "cannot read $GPIOSIM_SYSFS/sim_gpio$GPIOSIM_OFFSET/value"; return 1; }
  printf '%s\n' "$value"
}

# gpiosim_destroy NAME: disables and removes the chip (lines must not be requested by a
# running process for the removal to be clean). Removing a missing chip is not an error.
gpiosim_destroy() {
  local name=${1:-} dir live entry
  [[ -n $name ]] || { _gpiosim_error "gpiosim_destroy wants a NAME"; return 1; }
  dir=$GPIOSIM_CONFIGFS/$name
  unset '_GPIOSIM_VERIFIED[$name]'
  [[ -d $dir ]] || return 0
  read -r live <"$dir/live"
  if [[ $live == 1 ]]; then _gpiosim_write "$dir/live" 0 || return 1; fi
  for entry in "$dir"/bank*/line*/hog "$dir"/bank*/line* "$dir"/bank*; do
    [[ -d $entry ]] || continue
    rmdir "$entry" || { _gpiosim_error "cannot remove $entry"; return 1; }
  done
  rmdir "$dir" || { _gpiosim_error "cannot remove $dir"; return 1; }
}

# gpiosim_destroy_all: removes every simulated chip (for cleanup traps).
gpiosim_destroy_all() {
  local dir status=0
  [[ -d $GPIOSIM_CONFIGFS ]] || return 0
  for dir in "$GPIOSIM_CONFIGFS"/*/; do
    [[ -d $dir ]] || continue
    dir=${dir%/}
    gpiosim_destroy "${dir##*/}" || status=1
  done
  return "$status"
}

# Run as a command rather than sourced, for the Swift tests' GPIOSim (Tests/TestSupport), so
# that configfs is handled here alone:
#
#   gpio-sim.sh create NAME NUM_LINES [LINE_NAME...]   as gpiosim_create, then prints the
#                                                      chip's /dev/gpiochipN, gpiochipN and
#                                                      sysfs folder, one a line
#   gpio-sim.sh destroy NAME                           as gpiosim_destroy
#
# Exits 0, 1 with gpio-sim's message on stderr, or 64 for a usage error.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  usage() {
    printf 'gpio-sim: error: usage: gpio-sim.sh create NAME NUM_LINES [LINE_NAME...] | destroy NAME\n' >&2
    exit 64
  }
  case ${1:-} in
    create)
      shift
      gpiosim_create "$@" || exit 1
      printf '%s\n' "$GPIOSIM_DEV" "$GPIOSIM_CHIP_NAME" "$GPIOSIM_SYSFS"
      ;;
    destroy)
      (($# == 2)) || usage
      gpiosim_destroy "$2" || exit 1
      ;;
    *) usage ;;
  esac
fi
