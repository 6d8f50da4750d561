#!/usr/bin/env bash
# Makes, once per machine, a minimal Debian root with debootstrap for the package's test
# (scripts/test-package-deb.sh), packed as a tarball: the release this machine runs
# (bookworm on Debian 12), variant minbase, plus systemd and the libraries lane needs.
#
# Usage: scripts/debian-root.sh        (as root: debootstrap makes device nodes and chroots)
#
# Output: the tarball's path on the last line of stdout.
# The tarball is cached outside the clone, in CACHE/debian-root-<suite>-<fingerprint>.tar.gz,
# where the fingerprint is a hash of the suite, the package list and this script: every clone
# on the machine reuses it, a change to any of them makes a new one. A cold cache downloads
# about 60 MB from the mirror and takes minutes; a warm one, nothing. Builds are serialized
# with flock, as the gpio-sim rig's kernel's are (Hardware/gpio-sim/build-kernel.sh).
#
# Environment:
#   LANEBRIDGE_DEBIAN_ROOT_CACHE  cache folder (default /var/cache/lanebridge when it can be
#                                 made, else ${XDG_CACHE_HOME:-$HOME/.cache}/lanebridge)
#   LANEBRIDGE_DEBIAN_MIRROR      the Debian mirror (default http://deb.debian.org/debian, the
#                                 one /etc/apt/sources.list.d/debian.sources names here)
set -euo pipefail

die() {
  echo "debian-root: $*" >&2
  exit 1
}
log() { echo "debian-root: $*" >&2; }

[[ $(id -u) == 0 ]] || die "run as root: debootstrap makes device nodes and chroots"
command -v debootstrap >/dev/null || die "debootstrap is missing (scripts/install-packages test)"

mirror=${LANEBRIDGE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The machine's own release: the binary under test was linked against its libraries.
suite=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release)
[[ -n $suite ]] || die "/etc/os-release names no VERSION_CODENAME"
# lane's libraries (libgpiod 1.x is libgpiod.so.2 in package libgpiod2, 2.x libgpiod3),
# systemd for systemd-analyze verify of the units.
libgpiod=$(pkg-config --modversion libgpiod) || die "pkg-config finds no libgpiod (libgpiod-dev)"
packages=(systemd "libgpiod$((${libgpiod%%.*} + 1))" libsqlite3-0 libmosquitto1)

cache_folder() {
  local folder
  if [[ -n ${LANEBRIDGE_DEBIAN_ROOT_CACHE:-} ]]; then
    folder=$LANEBRIDGE_DEBIAN_ROOT_CACHE
  elif mkdir -p /var/cache/lanebridge 2>/dev/null && [[ -w /var/cache/lanebridge ]]; then
    folder=/var/cache/lanebridge
  else
    folder=${XDG_CACHE_HOME:-$HOME/.cache}/lanebridge
  fi
  mkdir -p "$folder" || die "cannot make the cache folder $folder (set LANEBRIDGE_DEBIAN_ROOT_CACHE)"
  printf '%s\n' "$folder"
}

fingerprint() {
  local sum
  sum=$({
    printf '%s\n' "$suite" "${packages[@]}"
    sha256sum <"${BASH_SOURCE[0]}" # the content only: every clone path hashes alike
  } | sha256sum) || die "cannot hash the root's inputs"
  printf '%s\n' "${sum:0:16}"
}

# build TARBALL: debootstraps into a folder beside it and packs the folder.
build() {
  local tarball=$1 start=$SECONDS target
  target=$(mktemp -d "$(dirname "$tarball")/debian-root-work.XXXXXX")
  # A failed build leaves neither its folder nor a partial tarball.
  trap 'rm -rf --one-file-system "$target" "$tarball.partial"' EXIT
  log "debootstrap --variant=minbase --include=$(IFS=,; echo "${packages[*]}") $suite from $mirror"
  # In a mount namespace of its own: the /proc and /sys it mounts in the root go with it.
  if ! unshare --mount --propagation private debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" \
      "$suite" "$target" "$mirror" >"$target.log" 2>&1; then
    cat "$target.log" "$target/debootstrap/debootstrap.log" >&2 2>/dev/null || true
    rm -f "$target.log"
    die "debootstrap failed (its log above)"
  fi
  rm -f "$target.log"
  # Downloaded .debs are not needed again.
  rm -rf "${target:?}"/var/cache/apt/archives/*.deb "${target:?}"/var/lib/apt/lists/*
  # The root's own mode is the tarball's ".": mktemp made it 0700, no user could enter it.
  chmod 0755 "$target"
  tar --numeric-owner -C "$target" -czf "$tarball.partial" .
  mv "$tarball.partial" "$tarball"
  rm -rf --one-file-system "$target"
  trap - EXIT
  log "made $tarball ($(du -h "$tarball" | cut -f1)) in $((SECONDS - start)) s"
}

main() {
  local cache tarball lock
  cache=$(cache_folder)
  tarball="$cache/debian-root-$suite-$(fingerprint).tar.gz"
  if [[ ! -f $tarball ]]; then
    # One build at a time per cache: a second clone waits, then finds the tarball made.
    exec {lock}>"$cache/debian-root.lock"
    if ! flock -n "$lock"; then
      log "another build holds $cache/debian-root.lock; waiting for it"
      flock "$lock" || die "cannot lock $cache/debian-root.lock"
    fi
    if [[ ! -f $tarball ]]; then
      # Under the lock no other build runs: a work folder here is a killed build's.
      rm -rf --one-file-system "$cache"/debian-root-work.*
      build "$tarball"
    fi
    exec {lock}>&-
  else
    log "cached: $tarball"
  fi
  printf '%s\n' "$tarball"
}

main "$@"
