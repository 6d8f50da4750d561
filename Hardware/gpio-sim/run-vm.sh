#!/bin/bash
# Boots the gpio-sim kernel (build-kernel.sh) in qemu and runs one script inside it.
#
# Usage: Hardware/gpio-sim/run-vm.sh [options] GUEST_SCRIPT [ARGS...]
#   -e NAME=VALUE   export NAME=VALUE to the guest script (repeatable)
#   -t SECONDS      hard limit for the whole VM run (default 300, or $GPIO_SIM_TIMEOUT)
#   -m MEGABYTES    guest memory (default 512)
#   -r DIR          results folder, must be absent or empty (default <build>/results/latest,
#                   wiped first)
#
# The guest sees the host's root filesystem read-only (virtio-9p tag `hostroot`) at the same
# paths, so GUEST_SCRIPT, its ARGS and anything it runs are host paths; it starts in the
# current directory. The results folder is a second, writable 9p share mounted at
# /run/results ($GPIO_SIM_RESULTS). The guest's exit status comes back through qemu's
# isa-debug-exit device (see guest-init.sh) and becomes this script's exit status:
#   0 the guest script succeeded; N its failing status; 124 the VM hung (timeout);
#   125 the rig failed (qemu could not start, the guest panicked or never reported).
# The serial console is saved in RESULTS/console.log and printed when the run fails.
#
# Environment: GPIO_SIM_ACCEL=kvm|tcg forces the accelerator (default: kvm only when the
# CPU has vmx/svm and /dev/kvm opens, else tcg); GPIO_SIM_BUILD_DIR as in build-kernel.sh.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}
image=$build_dir/bzImage
vm_timeout=${GPIO_SIM_TIMEOUT:-300}
memory=512
results=""
guest_env=()

log() { printf 'run-vm: %s\n' "$*" >&2; }
die() { printf 'run-vm: error: %s\n' "$*" >&2; exit 125; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 125; }

while getopts ':e:t:m:r:h' opt; do
  case $opt in
    e) [[ $OPTARG == [A-Za-z_]*=* ]] || die "-e wants NAME=VALUE, got '$OPTARG'"
       guest_env+=("$OPTARG") ;;
    t) [[ $OPTARG =~ ^[0-9]+$ ]] || die "-t wants whole seconds, got '$OPTARG'"
       vm_timeout=$OPTARG ;;
    m) [[ $OPTARG =~ ^[0-9]+$ ]] || die "-m wants megabytes, got '$OPTARG'"
       memory=$OPTARG ;;
    r) results=$OPTARG ;;
    h) usage ;;
    :) die "option -$OPTARG needs a value" ;;
    *) die "unknown option -$OPTARG (see -h)" ;;
  esac
done
shift $((OPTIND - 1))
(($# >= 1)) || { log "missing GUEST_SCRIPT"; usage; }
script=$(realpath -e "$1" 2>/dev/null) || die "guest script '$1' not found"
shift
# The guest mounts its own tmpfs on /tmp and /run. A clone there (CI may clone anywhere) is
# carried across: guest-init.sh holds it on a bind mount while it mounts them.
keep=""
case $script in
  /proc/* | /sys/* | /dev/*)
    die "guest script $script is under a folder the guest replaces with its own (/proc, /sys, /dev); put it elsewhere" ;;
  /tmp/* | /run/*)
    keep=$(git -C "$(dirname "$script")" rev-parse --show-toplevel 2>/dev/null) \
      || keep=$(dirname "$script")
    [[ $keep != *[[:space:]]* ]] || die "the clone's path '$keep' has white space: the kernel command line cannot carry it"
    ;;
esac
[[ -f $image ]] || die "no kernel at $image: run Hardware/gpio-sim/build-kernel.sh first"
((vm_timeout >= 30)) || die "-t must be at least 30 seconds"

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

# KVM only when the CPU really offers hardware virtualization and /dev/kvm opens: some
# machines expose a /dev/kvm that cannot run a normal guest.
choose_accel() {
  if [[ -n ${GPIO_SIM_ACCEL:-} ]]; then
    [[ $GPIO_SIM_ACCEL == kvm || $GPIO_SIM_ACCEL == tcg ]] \
      || die "GPIO_SIM_ACCEL must be kvm or tcg, got '$GPIO_SIM_ACCEL'"
    printf '%s\n' "$GPIO_SIM_ACCEL"
  elif grep -Eqw 'vmx|svm' /proc/cpuinfo && [[ -c /dev/kvm ]] \
      && { exec {fd}<>/dev/kvm; } 2>/dev/null; then
    exec {fd}>&-
    printf 'kvm\n'
  else
    printf 'tcg\n'
  fi
}

prepare_results() {
  if [[ -z $results ]]; then
    results=$build_dir/results/latest
    rm -rf "$results"
  elif [[ -e $results ]] && [[ -n $(ls -A "$results") ]]; then
    die "results folder $results is not empty; give a fresh one"
  fi
  mkdir -p "$results/.rig"
  results=$(realpath "$results")
  # The command and environment travel as NUL-separated files, so any characters survive.
  printf '%s\0' "$PWD" "$script" "$@" >"$results/.rig/argv"
  printf '%s\0' "GPIO_SIM_DIR=$here" "GPIO_SIM_GUEST_TIMEOUT=$((vm_timeout - 15))" \
    "${guest_env[@]}" >"$results/.rig/env"
}

boot() { # accel
  local accel=$1 cpu=max
  [[ $accel == kvm ]] && cpu=host
  # shellcheck disable=SC2054 # commas belong to the kernel parameters
  local cmdline=(
    console=ttyS0 panic=-1 oops=panic i8042.noaux i8042.nokbd
    root=hostroot rootfstype=9p ro
    rootflags=trans=virtio,version=9p2000.L,msize=262144,cache=loose
    init="$here/guest-init.sh"
    ${keep:+gpio_sim_keep=$keep}
  )
  timeout --kill-after=10 "$vm_timeout" qemu-system-x86_64 \
    -nodefaults -no-user-config -nographic -no-reboot \
    -accel "$accel" -cpu "$cpu" -m "$memory" \
    -kernel "$image" -append "${cmdline[*]}" \
    -fsdev "local,id=hostroot,path=/,readonly=on,security_model=none,multidevs=remap" \
    -device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot \
    -fsdev "local,id=results,path=$results,security_model=none" \
    -device virtio-9p-pci,fsdev=results,mount_tag=results \
    -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
    -serial "file:$results/console.log" -monitor none \
    </dev/null >"$results/qemu.log" 2>&1
}

print_failure_logs() {
  log "---- serial console ($results/console.log) ----"
  cat "$results/console.log" >&2 2>/dev/null || log "(no console output)"
  if [[ -s $results/qemu.log ]]; then
    log "---- qemu output ($results/qemu.log) ----"
    cat "$results/qemu.log" >&2
  fi
  log "----"
}

main() {
  install_missing qemu-system-x86
  prepare_results "$@"
  local accel rc=0 started=$EPOCHREALTIME status
  accel=$(choose_accel)
  log "booting $(basename "$image") with -accel $accel, ${memory} MB, timeout ${vm_timeout}s: ${script#"$root"/} $*"
  boot "$accel" || rc=$?
  if [[ $accel == kvm && $rc == 1 && ! -s $results/console.log ]]; then
    log "qemu could not start with KVM ($(head -c 300 "$results/qemu.log")); retrying with tcg"
    boot tcg || rc=$?
  fi
  local wall
  wall=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')

  if ((rc == 124 || rc == 137)); then
    print_failure_logs
    log "FAILED: the VM did not finish within ${vm_timeout}s (guest hung; console above)"
    exit 124
  elif ((rc >= 3 && rc % 2 == 1)); then
    status=$(( (rc >> 1) - 1 ))
    if ((status == 126)) && [[ -f $results/exit-status ]]; then
      status=$(<"$results/exit-status")   # statuses above 126 share one code
    fi
  elif ((rc == 0)); then
    print_failure_logs
    log "FAILED: the guest stopped without reporting a status (kernel panic, reboot or init died)"
    exit 125
  else
    print_failure_logs
    log "FAILED: qemu exited with status $rc before the guest reported (qemu output above)"
    exit 125
  fi

  local boot_s script_s
  boot_s=$(cat "$results/boot-to-init-seconds" 2>/dev/null || echo '?')
  script_s=$(cat "$results/script-seconds" 2>/dev/null || echo '?')
  if ((status == 0)); then
    cat "$results/guest.log" 2>/dev/null || true
    log "OK: guest script passed (boot-to-init ${boot_s}s, script ${script_s}s, VM wall ${wall}s; results in $results)"
    exit 0
  fi
  print_failure_logs
  log "FAILED: guest script exited with status $status (boot-to-init ${boot_s}s, script ${script_s}s, VM wall ${wall}s; results in $results)"
  exit "$status"
}

main "$@"
