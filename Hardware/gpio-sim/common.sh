#!/bin/bash
# common.sh: what the gpio-sim rig's host scripts share. Source it after setting `rig_name`
# (the prefix of every message) and optionally `rig_die_status` (die's exit status, default 1):
#
#   rig_name=run-vm rig_die_status=125
#   source "$here/common.sh"
#   install_missing qemu-system-x86
#   log "booting"; die "no kernel"
#
# Nothing here pipes into an early-exiting reader (`grep -q`, `head`): under `set -o pipefail`
# the writer could die of SIGPIPE and fail the pipeline at random.

# log MESSAGE...: one line on stderr, prefixed with the script's name.
log() { printf '%s: %s\n' "${rig_name:-gpio-sim}" "$*" >&2; }

# die MESSAGE...: logs an error and exits with $rig_die_status (default 1).
die() { printf '%s: error: %s\n' "${rig_name:-gpio-sim}" "$*" >&2; exit "${rig_die_status:-1}"; }

# elapsed START: seconds since START (an $EPOCHREALTIME), one decimal.
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

# is_installed PACKAGE: the Debian package is installed.
is_installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ $status == 'install ok installed' ]]
}

# install_missing PACKAGE...: installs the Debian packages that are missing (root only; a
# normal user is told the command to run).
install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    is_installed "$pkg" || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return 0
  [[ $(id -u) == 0 ]] || die "missing packages ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'"
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y --no-install-recommends \
    "${missing[@]}" >&2 || die "apt-get install ${missing[*]} failed (try 'apt-get update' first)"
}
