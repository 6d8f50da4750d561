#!/bin/bash
# Builds the small x86_64 kernel the gpio-sim rig boots: Debian's linux-source-6.1,
# `tinyconfig` plus the options below (gpio-sim, 9p root, serial console, /dev/port).
#
# Usage: Hardware/gpio-sim/build-kernel.sh
#
# Output: the path of the bzImage on the last line of stdout.
# Idempotent: when the source, the option list and this script are unchanged and the image
# exists, it reuses the image without running make.
#
# Environment:
#   GPIO_SIM_BUILD_DIR   build folder (default: <clone>/.build-kernel, git-ignored)
#   GPIO_SIM_KERNEL_TIMEOUT  seconds allowed for the whole build (default 2400)
#   GPIO_SIM_JOBS        make -j value (default: nproc)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=${GPIO_SIM_BUILD_DIR:-$root/.build-kernel}
build_timeout=${GPIO_SIM_KERNEL_TIMEOUT:-2400}
jobs=${GPIO_SIM_JOBS:-$(nproc)}
source_package=linux-source-6.1
tarball=/usr/src/linux-source-6.1.tar.xz
src_dir=$build_dir/src
out_dir=$build_dir/out
image=$build_dir/bzImage
stamp=$build_dir/bzImage.stamp

# Everything the guest needs, on top of tinyconfig. Each must end up `=y` in the final .config.
required_options=(
  64BIT PRINTK EARLY_PRINTK TTY SERIAL_8250 SERIAL_8250_CONSOLE BINFMT_ELF BINFMT_SCRIPT
  DEVTMPFS DEVTMPFS_MOUNT PROC_FS PROC_SYSCTL SYSFS TMPFS SHMEM FUTEX EPOLL EVENTFD SIGNALFD
  TIMERFD POSIX_TIMERS MULTIUSER FHANDLE INOTIFY_USER SYSVIPC FILE_LOCKING ADVISE_SYSCALLS
  MEMBARRIER RSEQ AIO UNIX MAGIC_SYSRQ DEVPORT HYPERVISOR_GUEST PARAVIRT KVM_GUEST PVH PCI
  VIRTIO_MENU VIRTIO VIRTIO_PCI NET INET NETWORK_FILESYSTEMS NET_9P NET_9P_VIRTIO 9P_FS
  CONFIGFS_FS GPIOLIB GPIO_CDEV GPIO_CDEV_V1 GPIO_SIM DEBUG_FS
  KERNEL_GZIP
  # A clock and timers to the microsecond, not the 4 ms tick (HZ=250): the trace driver sleeps
  # to each edge's instant, the kernel stamps the edges, lane waits for its deadlines. Under
  # TCG the TSC cannot be calibrated against the PIT, and without ACPI the kernel finds no
  # HPET or PM timer either, so the clock would be `jiffies`. ACPI finds qemu's HPET.
  HIGH_RES_TIMERS ACPI HPET_TIMER X86_PM_TIMER
)
# tinyconfig picks xz for the image; gzip unpacks faster under qemu's emulation.
disabled_options=(KERNEL_XZ)
# Host tools the build needs (kconfig: flex, bison; timeconst: bc; objtool: libelf-dev).
build_packages=(build-essential bc bison flex libelf-dev)

log() { printf 'build-kernel: %s\n' "$*" >&2; }
die() { printf 'build-kernel: error: %s\n' "$*" >&2; exit 1; }

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

# What the image depends on: the source package version, the option list and this script.
fingerprint() {
  {
    dpkg-query -W -f='${Version}\n' "$source_package"
    printf '%s\n' "${required_options[@]}" -- "${disabled_options[@]}"
    sha256sum "${BASH_SOURCE[0]}" | cut -d' ' -f1
  } | sha256sum | cut -d' ' -f1
}

unpack_source() {
  local want have=""
  want=$(dpkg-query -W -f='${Version}' "$source_package")
  [[ -f $src_dir/.unpacked ]] && have=$(<"$src_dir/.unpacked")
  if [[ $have == "$want" && -f $src_dir/Makefile ]]; then
    log "source $source_package $want already unpacked in $src_dir"
    return 0
  fi
  [[ -f $tarball ]] || die "$tarball not found although $source_package is installed"
  log "unpacking $tarball into $src_dir"
  rm -rf "$src_dir" "$out_dir"
  mkdir -p "$src_dir"
  timeout 600 tar -xJf "$tarball" -C "$src_dir" --strip-components=1 \
    || die "unpacking $tarball failed"
  printf '%s\n' "$want" >"$src_dir/.unpacked"
}

kmake() {
  make -C "$src_dir" O="$out_dir" ARCH=x86_64 "$@"
}

configure() {
  local config=$out_dir/.config option missing=()
  mkdir -p "$out_dir"
  log "configuring: tinyconfig + ${#required_options[@]} options"
  local args=() config_log=$build_dir/configure.log
  for option in "${disabled_options[@]}"; do args+=(--disable "$option"); done
  for option in "${required_options[@]}"; do args+=(--enable "$option"); done
  if ! { kmake tinyconfig && "$src_dir/scripts/config" --file "$config" "${args[@]}" \
      && kmake olddefconfig; } >"$config_log" 2>&1; then
    cat "$config_log" >&2
    die "configuring the kernel failed (log above, also in $config_log)"
  fi
  for option in "${required_options[@]}"; do
    grep -qx "CONFIG_$option=y" "$config" || missing+=("$option")
  done
  if ((${#missing[@]} > 0)); then
    for option in "${missing[@]}"; do
      log "  CONFIG_$option is '$(grep -E "^(# )?CONFIG_${option}[= ]" "$config" || echo absent)'"
    done
    die "required options not =y after olddefconfig: ${missing[*]} (a dependency is missing from the list)"
  fi
  log "all ${#required_options[@]} required options are =y"
}

main() {
  local start=$SECONDS fp
  [[ $(uname -m) == x86_64 ]] || die "this rig builds and boots an x86_64 kernel; host is $(uname -m)"
  install_missing "$source_package" "${build_packages[@]}"
  fp=$(fingerprint)
  if [[ -f $image && -f $stamp && $(<"$stamp") == "$fp" ]]; then
    log "kernel up to date, reusing $image ($(( SECONDS - start )) s)"
    printf '%s\n' "$image"
    return 0
  fi
  mkdir -p "$build_dir"
  rm -f "$stamp"
  unpack_source
  configure
  log "building bzImage with -j$jobs (timeout ${build_timeout}s)"
  timeout "$build_timeout" make -C "$src_dir" O="$out_dir" ARCH=x86_64 -j"$jobs" -s bzImage >&2 \
    || die "kernel build failed or timed out after ${build_timeout}s (see the make output above)"
  cp "$out_dir/arch/x86/boot/bzImage" "$image"
  printf '%s\n' "$fp" >"$stamp"
  log "built $image ($(stat -c %s "$image") bytes) in $(( SECONDS - start )) s"
  printf '%s\n' "$image"
}

main "$@"
