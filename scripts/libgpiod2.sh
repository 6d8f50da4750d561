#!/usr/bin/env bash
# Unpacks libgpiod 2.x (Debian 13 "trixie": libgpiod-dev and libgpiod3) into a
# folder of the clone, without installing anything over the system, and writes
# a pkg-config file so that
#
#   PKG_CONFIG_PATH="$(scripts/libgpiod2.sh)/pkgconfig" swift build --scratch-path .build-v2
#
# builds the package against the 2.x API. SwiftPM drops rpath flags that come
# from pkg-config, so binaries built that way find libgpiod.so.3 either with
# LD_LIBRARY_PATH="$(pkg-config --variable=libdir libgpiod)" or when linked
# with `-Xlinker -rpath -Xlinker <that libdir>` (scripts/test-libgpiod2.sh).
#
# apt runs with a private configuration: its own sources list (trixie main on
# the same Debian mirror as the system's), state, cache and log folders, all
# under the output folder. Nothing under /etc or /var/lib/apt is written.
#
# Idempotent: a second run finds the unpacked library and only prints the
# folder. Pass --force to download again. Prints the folder on stdout; progress
# goes to stderr.
#
# Environment:
#   LIBGPIOD2_DIR     output folder (default: <clone>/.build-libgpiod2)
#   LIBGPIOD2_SUITE   Debian suite to take libgpiod from (default: trixie)
#   DEBIAN_MIRROR     Debian mirror (default: the one the system's apt uses)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${LIBGPIOD2_DIR:-$root/.build-libgpiod2}"
suite="${LIBGPIOD2_SUITE:-trixie}"
force=0
[[ "${1:-}" == "--force" ]] && force=1

log() { echo "libgpiod2: $*" >&2; }

# The mirror the system already uses for Debian itself (deb822 or one-line
# format), so that this works wherever the system's apt works.
system_mirror() {
  local uri
  uri="$(grep -hsE '^\s*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | awk '$2 ~ /\/debian\/?$/ && !found { print $2; found = 1 }' || true)"
  if [[ -z "$uri" ]]; then
    uri="$(grep -hsE '^\s*deb\s' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | sed -E 's/\[[^]]*\]//' | awk '$2 ~ /\/debian\/?$/ && !found { print $2; found = 1 }' || true)"
  fi
  echo "${uri%/}"
}

arch="$(dpkg --print-architecture)"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)"
sysroot="$out/root"
libdir="$sysroot/usr/lib/$multiarch"
pcdir="$out/pkgconfig"

if [[ $force -eq 0 && -e "$libdir/libgpiod.so.3" && -f "$pcdir/libgpiod.pc" \
      && -f "$sysroot/usr/include/gpiod.h" ]]; then
  echo "$out"
  exit 0
fi

mirror="${DEBIAN_MIRROR:-$(system_mirror)}"
if [[ -z "$mirror" ]]; then
  log "no Debian mirror found in /etc/apt; set DEBIAN_MIRROR=<url of a Debian archive>"
  exit 1
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
if [[ ! -r "$keyring" ]]; then
  log "missing $keyring; install debian-archive-keyring"
  exit 1
fi

apt_dir="$out/apt"
mkdir -p "$apt_dir"/{state/lists/partial,cache/archives/partial,log,etc/preferences.d} \
  "$out/debs"
: > "$apt_dir/state/status"
cat > "$apt_dir/etc/sources.list" <<SOURCES
deb [signed-by=$keyring] $mirror $suite main
SOURCES
cat > "$apt_dir/apt.conf" <<CONF
Dir::State "$apt_dir/state";
Dir::State::status "$apt_dir/state/status";
Dir::Cache "$apt_dir/cache";
Dir::Log "$apt_dir/log";
Dir::Etc::SourceList "$apt_dir/etc/sources.list";
Dir::Etc::SourceParts "/nonexistent";
Dir::Etc::Preferences "/nonexistent";
Dir::Etc::PreferencesParts "$apt_dir/etc/preferences.d";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
Acquire::Languages "none";
APT::Sandbox::User "root";
Debug::NoLocking "true";
CONF
export APT_CONFIG="$apt_dir/apt.conf"

log "fetching the $suite package lists from $mirror"
apt-get -q -o Dir::Etc::Parts=/nonexistent update >&2

log "downloading libgpiod-dev and libgpiod3 ($suite, $arch)"
rm -f "$out"/debs/*.deb
(cd "$out/debs" && apt-get -q -o Dir::Etc::Parts=/nonexistent download libgpiod-dev libgpiod3 >&2)

rm -rf "$sysroot"
mkdir -p "$sysroot"
for deb in "$out"/debs/*.deb; do
  log "unpacking $(basename "$deb")"
  dpkg -x "$deb" "$sysroot"
done

if [[ ! -e "$libdir/libgpiod.so.3" || ! -f "$sysroot/usr/include/gpiod.h" ]]; then
  log "the packages did not contain $libdir/libgpiod.so.3 and gpiod.h"
  exit 1
fi
# libgpiod-dev's libgpiod.so is a symlink to the versioned library; make sure it
# resolves inside the folder so `-lgpiod` links against 2.x.
ln -sfn libgpiod.so.3 "$libdir/libgpiod.so"
version="$(dpkg-deb -f "$(ls "$out"/debs/libgpiod3_*.deb)" Version)"

mkdir -p "$pcdir"
cat > "$pcdir/libgpiod.pc" <<PC
# Written by scripts/libgpiod2.sh: libgpiod $version from Debian $suite,
# unpacked in this folder (not installed on the system).
prefix=$sysroot/usr
includedir=\${prefix}/include
libdir=\${prefix}/lib/$multiarch

Name: libgpiod
Description: Library for interacting with Linux GPIO character devices
Version: ${version%%-*}
Cflags: -I\${includedir}
Libs: -L\${libdir} -lgpiod
PC
log "libgpiod ${version%%-*} ready; use PKG_CONFIG_PATH=$pcdir"
echo "$out"
