#!/bin/bash
# PID 1 of the gpio-sim VM (see run-vm.sh). The root filesystem is the host's, read-only
# over virtio-9p. This script mounts the pseudo filesystems, a tmpfs on /tmp and /run and
# the writable `results` share on /run/results, reads the command to run from
# /run/results/.rig/ (written by run-vm.sh), runs it, and hands its exit status back to the
# host through qemu's isa-debug-exit port (0xf4 on /dev/port).
#
# Exit-code convention: the guest writes code = min(status, 126) + 1 to the port, qemu exits
# with (code << 1) | 1, so a status s comes back as 2*s + 3 and never collides with qemu's own
# failure status 1 or with 0 (the guest rebooted without reporting). The exact status is also
# written to /run/results/exit-status.
set -uo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/tmp TERM=${TERM:-linux} LANG=C.UTF-8

results=/run/results
rig_port=$((0xf4))

say() { printf 'guest-init: %s\n' "$*" >/dev/console 2>/dev/null || printf 'guest-init: %s\n' "$*"; }

report_and_halt() {
  local status=$1 code
  { printf '%s\n' "$status" >"$results/exit-status"; } 2>/dev/null
  sync
  code=$(( status > 126 ? 127 : status + 1 ))
  say "exit status $status, reporting code $code on port 0xf4"
  # shellcheck disable=SC2059 # the format is the octal escape of the code byte
  printf "\\$(printf '%03o' "$code")" \
    | dd of=/dev/port bs=1 seek="$rig_port" count=1 conv=notrunc status=none
  # Only reached when the port write did not stop qemu: reboot, which -no-reboot turns into
  # a qemu exit with status 0 that the host reports as "guest did not report".
  say "isa-debug-exit did not stop the VM; rebooting"
  sleep 1
  echo b >/proc/sysrq-trigger
  while :; do sleep 60; done
}

# The 9p root shows the host's /proc, /sys, ... as ordinary directories (with their own device
# numbers), so `mountpoint` cannot tell whether the guest mounted something: ask the guest's
# /proc/self/mounts instead (proc is mounted first, unconditionally).
is_mounted() { # type target
  local source target type rest
  while read -r source target type rest; do
    [[ $target == "$2" && $type == "$1" ]] && return 0
  done </proc/self/mounts
  return 1
}

uptime_seconds() { local up rest; read -r up rest </proc/uptime; printf '%s\n' "$up"; }

mount_fs() { # type source target [options]
  local type=$1 source=$2 target=$3 options=${4:-}
  is_mounted "$type" "$target" && return 0
  mount -t "$type" ${options:+-o "$options"} "$source" "$target" \
    || { say "cannot mount $type on $target"; return 1; }
}

setup() {
  mount -t proc proc /proc || { say "cannot mount proc on /proc"; return 1; }
  boot_uptime=$(uptime_seconds)
  mount_fs sysfs sysfs /sys || return 1
  mount_fs devtmpfs devtmpfs /dev || return 1
  mount_fs configfs configfs /sys/kernel/config || return 1
  mount_fs debugfs debugfs /sys/kernel/debug || true
  # A clone under /tmp or /run (run-vm.sh passes gpio_sim_keep on the kernel command line)
  # would vanish under the tmpfs mounted there: hold it on a bind mount in /dev meanwhile.
  if [[ -n ${gpio_sim_keep:-} ]]; then
    { mkdir -p /dev/.gpio-sim-keep && mount --bind "$gpio_sim_keep" /dev/.gpio-sim-keep; } \
      || { say "cannot hold $gpio_sim_keep aside"; return 1; }
  fi
  mount_fs tmpfs tmpfs /tmp mode=1777 || return 1
  mount_fs tmpfs tmpfs /run mode=755 || return 1
  if [[ -n ${gpio_sim_keep:-} ]]; then
    { mkdir -p "$gpio_sim_keep" && mount --move /dev/.gpio-sim-keep "$gpio_sim_keep"; } \
      || { say "cannot put $gpio_sim_keep back in place"; return 1; }
  fi
  mkdir -p /dev/shm "$results" /run/lock && chmod 1777 /dev/shm || return 1
  mount_fs tmpfs tmpfs /dev/shm mode=1777 || return 1
  # devtmpfs has no /dev/fd; bash process substitution and many tools need it.
  ln -sfn /proc/self/fd /dev/fd
  ln -sfn /proc/self/fd/0 /dev/stdin
  ln -sfn /proc/self/fd/1 /dev/stdout
  ln -sfn /proc/self/fd/2 /dev/stderr
  mount_fs 9p results "$results" trans=virtio,version=9p2000.L,msize=262144 || return 1
}

main() {
  local status
  boot_uptime=""
  if ! setup; then
    say "setting up the guest filesystems failed"
    # Without the results share only the port can report.
    report_and_halt 125
  fi
  printf '%s\n' "$boot_uptime" >"$results/boot-to-init-seconds"
  say "init started ${boot_uptime}s after boot"

  local argv=() cwd env_entries=() entry
  if ! mapfile -d '' -t argv <"$results/.rig/argv" || ((${#argv[@]} < 2)); then
    say "no command in $results/.rig/argv (run-vm.sh writes it)"
    report_and_halt 125
  fi
  if [[ -f $results/.rig/env ]]; then
    mapfile -d '' -t env_entries <"$results/.rig/env"
    for entry in "${env_entries[@]}"; do export "${entry?}"; done
  fi
  export GPIO_SIM_RESULTS=$results
  cwd=${argv[0]}
  argv=("${argv[@]:1}")
  cd "$cwd" 2>/dev/null || { say "working directory $cwd does not exist in the guest"; cd /; }

  local guest_timeout=${GPIO_SIM_GUEST_TIMEOUT:-300} start end
  say "running ${argv[*]} (timeout ${guest_timeout}s)"
  start=$(uptime_seconds)
  printf '%s\n' "$start" >"$results/script-start-uptime"
  if [[ -x ${argv[0]} ]]; then
    timeout --kill-after=5 "$guest_timeout" "${argv[@]}" 2>&1 | tee "$results/guest.log"
  else
    timeout --kill-after=5 "$guest_timeout" bash "${argv[@]}" 2>&1 | tee "$results/guest.log"
  fi
  status=${PIPESTATUS[0]}
  end=$(uptime_seconds)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }' >"$results/script-seconds"
  ((status == 124)) && say "guest script timed out after ${guest_timeout}s"
  report_and_halt "$status"
}

main "$@"
