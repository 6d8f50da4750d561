#!/bin/bash
# Builds the small x86_64 kernel the gpio-sim rig boots: Debian's linux-source-6.1,
# `tinyconfig` plus the options below (gpio-sim, 9p root, serial console, /dev/port).
#
# Usage: Hardware/gpio-sim/build-kernel.sh
#
# Output: the path of the bzImage on the last line of stdout.
# The image is cached outside the clone, in CACHE/kernel-<fingerprint>/bzImage, where the
# fingerprint is a hash of the source package's version, the option lists and this script:
# every clone on the machine reuses it, and a change to any of the three builds a new one.
# A cold cache (a new machine) builds it; the source and objects stay in CACHE/kernel-work, so
# the next changed build is incremental. Builds of the cache are serialized with flock.
#
# Environment:
#   GPIO_SIM_KERNEL_CACHE    cache folder (default /var/cache/lanebridge when it can be made,
#                            else ${XDG_CACHE_HOME:-$HOME/.cache}/lanebridge)
#   GPIO_SIM_KERNEL_TIMEOUT  seconds allowed for the whole build (default 2400)
#   GPIO_SIM_JOBS            make -j value (default: nproc)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build_timeout=${GPIO_SIM_KERNEL_TIMEOUT:-2400}
jobs=${GPIO_SIM_JOBS:-$(nproc)}
source_package=linux-source-6.1
tarball=/usr/src/linux-source-6.1.tar.xz

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

rig_name=build-kernel
# shellcheck source=SCRIPTDIR/common.sh
source "$here/common.sh"

# The cache folder: the given one, else the system one when it can be made, else the user's.
cache_folder() {
  local folder
  if [[ -n ${GPIO_SIM_KERNEL_CACHE:-} ]]; then
    folder=$GPIO_SIM_KERNEL_CACHE
  elif mkdir -p /var/cache/lanebridge 2>/dev/null && [[ -w /var/cache/lanebridge ]]; then
    folder=/var/cache/lanebridge
  else
    folder=${XDG_CACHE_HOME:-$HOME/.cache}/lanebridge
  fi
  mkdir -p "$folder" || die "cannot make the kernel cache folder $folder (set GPIO_SIM_KERNEL_CACHE)"
  printf '%s\n' "$folder"
}

# What the image depends on: the source package version, the option list and this script.
fingerprint() {
  local sum
  sum=$({
    dpkg-query -W -f='${Version}\n' "$source_package"
    printf '%s\n' "${required_options[@]}" -- "${disabled_options[@]}"
    sha256sum <"${BASH_SOURCE[0]}"   # the content only: every clone path hashes alike
  } | sha256sum) || die "cannot hash the kernel's inputs"
  printf '%s\n' "${sum:0:16}"
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
    grep -x "CONFIG_$option=y" "$config" >/dev/null || missing+=("$option")
  done
  if ((${#missing[@]} > 0)); then
    for option in "${missing[@]}"; do
      log "  CONFIG_$option is '$(grep -E "^(# )?CONFIG_${option}[= ]" "$config" || echo absent)'"
    done
    die "required options not =y after olddefconfig: ${missing[*]} (a dependency is missing from the list)"
  fi
  log "all ${#required_options[@]} required options are =y"
}

# build IMAGE: configures and builds in the cache's work folder, then installs IMAGE.
build() {
  local target=$1 start=$SECONDS
  unpack_source
  configure
  log "building bzImage with -j$jobs (timeout ${build_timeout}s)"
  timeout "$build_timeout" make -C "$src_dir" O="$out_dir" ARCH=x86_64 -j"$jobs" -s bzImage >&2 \
    || die "kernel build failed or timed out after ${build_timeout}s (see the make output above)"
  mkdir -p "$(dirname "$target")"
  cp "$out_dir/arch/x86/boot/bzImage" "$target.partial"
  mv "$target.partial" "$target"
  log "built $target ($(stat -c %s "$target") bytes) in $(( SECONDS - start )) s"
}

main() {
  local start=$SECONDS fp cache lock
  [[ $(uname -m) == x86_64 ]] || die "this rig builds and boots an x86_64 kernel; host is $(uname -m)"
  install_missing "$source_package" "${build_packages[@]}"
  fp=$(fingerprint)
  cache=$(cache_folder)
  image=$cache/kernel-$fp/bzImage
  build_dir=$cache/kernel-work
  src_dir=$build_dir/src
  out_dir=$build_dir/out
  if [[ ! -f $image ]]; then
    # One build at a time per cache: a second clone waits, then finds the image built.
    exec {lock}>"$cache/kernel.lock"
    if ! flock -n "$lock"; then
      log "another build holds $cache/kernel.lock; waiting for it"
      flock "$lock" || die "cannot lock $cache/kernel.lock"
    fi
    [[ -f $image ]] || { mkdir -p "$build_dir" && build "$image"; }
    exec {lock}>&-
  else
    log "kernel cached, reusing $image ($(( SECONDS - start )) s)"
  fi
  printf '%s\n' "$image"
}

main "$@"
