#!/usr/bin/env bash
# Tests the Debian package (scripts/package-deb) in a minimal Debian root of this machine's
# release (scripts/debian-root.sh, cached): it installs, `lane --version` runs, the postinst
# made the users, groups and folders with their modes, systemd-analyze verify passes both
# units (and fails a broken one), a reinstall keeps an edited conffile and the admin's config,
# `dpkg -r` keeps the configuration and `dpkg -P` removes it but keeps the centre's data.
#
#   scripts/test-package-deb.sh              links a static debug `lane` from the debug build
#                                            (`swift build` first: a relink, no compiling)
#   scripts/test-package-deb.sh --lane FILE  packages FILE instead
#
# The package's `lane` must run in the root, where there is no Swift toolchain, so the
# debug build's `lane` (which loads the Swift runtime from /opt/swift) is linked again with
# the runtime inside it (docs/ci.md has what it costs). That leaves .build/debug/lane
# static: the next plain `swift build` links it again as before.
# The checks need root (debootstrap, chroot); as another user they run through sudo. They
# run in a mount namespace of their own, so the root's /proc cannot outlive them (it is
# also unmounted at exit), and remove the root at exit.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
self="$root/scripts/test-package-deb.sh"

usage() {
  echo "usage: scripts/test-package-deb.sh [--lane FILE]" >&2
  echo "       scripts/test-package-deb.sh --check-deb FILE   (as root: only the checks)" >&2
  exit 64
}

mode=${1:-}
case "$mode" in
  --check-deb | --lane) (($# == 2)) || usage; file=$(realpath -m -- "$2") ;;
  "") file="" ;;
  *) usage ;;
esac
cd "$root"

# `swift build --static-swift-stdlib` links only what the debug objects name (-lFoundation
# and its siblings), not what Foundation's static archives need in turn: name those too,
# in a group, so the linker resolves them in any order.
static_foundation=()
for library in Foundation FoundationEssentials FoundationInternationalization CoreFoundation \
    _FoundationICU _FoundationCollections _FoundationCShims; do
  static_foundation+=(-Xlinker "-l$library")
done
static_foundation=(-Xlinker --start-group "${static_foundation[@]}" -Xlinker --end-group)

# make_deb FOLDER [LANE]: packages LANE (by default the static debug lane, linked now) into
# FOLDER and prints the .deb's path.
make_deb() {
  local folder=$1 lane=${2:-} started marker=""
  if [[ -z $lane ]]; then
    started=$SECONDS
    marker="$folder/before-static-build"
    touch "$marker"
    swift build --static-swift-stdlib --product lane "${static_foundation[@]}" >&2
    echo "test-package-deb: linked the static debug lane in $((SECONDS - started)) s" >&2
    lane=.build/debug/lane
  fi
  started=$SECONDS
  # Not compressed: the debug lane is large, xz would take minutes to pack it, gzip 30 s.
  scripts/package-deb --lane "$lane" --out "$folder" --compression none
  echo "test-package-deb: packed it in $((SECONDS - started)) s" >&2
  if [[ -n $marker ]]; then
    # --static-swift-stdlib recompiled objects and modules for the static runtime, and a later
    # `swift build --build-tests` reuses some of them (hummingbird's), naming static-only
    # libraries (-l_FoundationCShims) it cannot link: remove what the static build wrote, so
    # the next build makes them again for the shared runtime.
    find .build/*/debug -newer "$marker" -type f \( -name '*.o' -o -name '*.swiftmodule' -o -name '*.autolink' \) \
      -delete
    rm -f .build/debug/lane
  fi
}

if [[ $mode != --check-deb ]]; then
  started=$SECONDS
  work=$(mktemp -d "${TMPDIR:-/tmp}/test-package-deb.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  deb=$(make_deb "$work" "$file")
  deb=${deb##*$'\n'}
  if [[ $(id -u) == 0 ]]; then
    "$self" --check-deb "$deb"
  else
    command -v sudo >/dev/null || { echo "test-package-deb: the checks need root or sudo (chroot)" >&2; exit 1; }
    sudo --preserve-env=LANEBRIDGE_DEBIAN_ROOT_CACHE,LANEBRIDGE_DEBIAN_MIRROR \
      "$self" --check-deb "$deb"
  fi
  echo "test-package-deb: $((SECONDS - started)) s in all"
  exit 0
fi

# ---- The checks, as root.
deb=$file
[[ -f $deb ]] || { echo "test-package-deb: no package at $deb" >&2; exit 1; }
[[ $(id -u) == 0 ]] || { echo "test-package-deb: --check-deb runs as root" >&2; exit 1; }
if [[ -z ${LANEBRIDGE_IN_NAMESPACE:-} ]]; then
  # A mount namespace of its own: the root's /proc goes with it, even after kill -9.
  exec env LANEBRIDGE_IN_NAMESPACE=1 unshare --mount --propagation private "$self" --check-deb "$deb"
fi
failures=0
pass() { echo "ok: $*"; }
fail() {
  echo "FAILED: $*"
  failures=$((failures + 1))
}

tarball=$(scripts/debian-root.sh)
tarball=${tarball##*$'\n'}
work=$(mktemp -d "${TMPDIR:-/tmp}/test-package-deb-root.XXXXXX")
chroot_dir="$work/root"
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
  if mountpoint -q "$chroot_dir/proc"; then umount "$chroot_dir/proc" || umount -l "$chroot_dir/proc"; fi
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
mkdir -m 0755 "$chroot_dir"
tar --numeric-owner -C "$chroot_dir" -xzf "$tarball"
# lane reads its arguments from /proc/self/cmdline (the Swift runtime does): without /proc
# `lane --version` prints the help. Nothing else is mounted.
mount -t proc proc "$chroot_dir/proc"
cp "$deb" "$chroot_dir/tmp/lanebridge.deb"

# in_root COMMAND…: runs COMMAND in the root, no terminal (a dpkg prompt fails, not waits).
in_root() {
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 "$@" </dev/null
}

# expect_output DESCRIPTION EXPECTED COMMAND…: COMMAND succeeds and prints EXPECTED.
expect_output() {
  local description=$1 expected=$2 output status=0
  shift 2
  output=$("$@" 2>&1) || status=$?
  if ((status == 0)) && [[ $output == "$expected" ]]; then
    pass "$description"
  else
    fail "$description: \`$*\` exited $status, printed:"
    printf '  %s\n' "$output" "(expected: $expected)"
  fi
}

# expect_success DESCRIPTION COMMAND…: COMMAND succeeds; its output is shown when it does not.
expect_success() {
  local description=$1 output status=0
  shift
  output=$("$@" 2>&1) || status=$?
  if ((status == 0)); then
    pass "$description"
  else
    fail "$description: \`$*\` exited $status:"
    printf '  %s\n' "$output"
  fi
}

# mode_is PATH OWNER:GROUP MODE: PATH in the root has this owner, group and mode.
mode_is() {
  expect_output "$1 is $2 $3" "$2 $3" in_root stat -c '%U:%G %a' "$1"
}

# exists_in_root PATH / absent_in_root PATH
exists_in_root() {
  if [[ -e $chroot_dir$1 ]]; then pass "$1 is there"; else fail "$1 is missing"; fi
}
absent_in_root() {
  if [[ ! -e $chroot_dir$1 ]]; then pass "$1 is not there"; else fail "$1 is there"; fi
}

# verified UNIT…: systemd-analyze verify passes the units in the root and says nothing
# (it exits 0 on an unknown key or a bad value, with a warning: any output is a problem).
verified() {
  local output status=0
  output=$(in_root systemd-analyze verify "$@" 2>&1) || status=$?
  if ((status != 0)) || [[ -n $output ]]; then
    printf '  %s\n' "$output"
    return 1
  fi
}

echo "== Installing $(basename "$deb") into $(basename "$tarball")"
expect_success "dpkg -i installs the package and its postinst runs" in_root dpkg -i /tmp/lanebridge.deb
lane_version=$(dpkg-deb -f "$deb" Version)
expect_output "lane --version runs in the root" "${lane_version/\~/-}" in_root lane --version
expect_output "lane --version runs as the lanebridge user" "${lane_version/\~/-}" \
  chroot --userspec=lanebridge:lanebridge "$chroot_dir" /usr/bin/lane --version

echo "== Users, groups and folders"
# account NAME DATABASE: NAME's line of getent DATABASE in the root, or nothing.
account() { in_root getent "$2" "$1" || true; }
entry=$(account lanebridge passwd)
IFS=: read -r _ _ uid _ _ home shell <<<"$entry"
if [[ -n $entry && $uid -lt 1000 && $home == /var/lib/lanebridge && $shell == /usr/sbin/nologin ]]; then
  pass "the lanebridge user: a system user, home /var/lib/lanebridge, no login"
else
  fail "the lanebridge user should be a system user (uid < 1000), home /var/lib/lanebridge, shell /usr/sbin/nologin: '$entry'"
fi
entry=$(account gpio group)
IFS=: read -r _ _ gid _ <<<"$entry"
if [[ -n $entry && $gid -lt 1000 ]]; then
  pass "the gpio group exists, a system group"
else
  fail "the gpio group should be a system group (gid < 1000): '$entry'"
fi
# Not gpio: the desk's service opens no GPIO chip; a lane's unit adds the group itself.
expect_output "lanebridge's only group is lanebridge" "lanebridge" in_root id -nG lanebridge
mode_is /var/lib/lanebridge lanebridge:lanebridge 750
mode_is /etc/lanebridge root:root 755
mode_is /etc/lanebridge/desk root:lanebridge 750
mode_is /usr/bin/lane root:root 755
conffiles=$(in_root dpkg-query -W -f "\${Conffiles}\n" lanebridge)
conffiles=$(awk 'NF { print $1 }' <<<"$conffiles")
expect_output "the conffiles are everything under /etc, /etc/default/lanebridge-desk" \
  "/etc/default/lanebridge-desk" echo "$conffiles"
exists_in_root /usr/lib/udev/rules.d/60-lanebridge-gpio.rules
exists_in_root /usr/share/lanebridge/centre/mosquitto.conf
exists_in_root /usr/share/lanebridge/centre/upgrade-acl.sh
exists_in_root /usr/share/doc/lanebridge/examples/lane/lane.toml
absent_in_root /etc/mosquitto
expect_output "the units run /usr/bin/lane" \
  "$(printf '%s\n' /usr/bin/lane /usr/bin/lane)" \
  sed -n 's/^ExecStart=\([^ ]*\) .*/\1/p' "$chroot_dir/usr/lib/systemd/system/lanebridge@.service" \
  "$chroot_dir/usr/lib/systemd/system/lanebridge-desk.service"

echo "== systemd-analyze verify"
if verified lanebridge@lane7.service lanebridge-desk.service; then
  pass "both units verify without a word"
else
  fail "systemd-analyze verify lanebridge@lane7.service lanebridge-desk.service (output above)"
fi
# The check must catch a broken unit: a misspelt key (a warning, exit 0) and a missing binary.
for breakage in 's/^ProtectHome=/ProtectHomes=/' 's|^ExecStart=/usr/bin/lane|ExecStart=/usr/bin/lane-missing|'; do
  sed "$breakage" "$chroot_dir/usr/lib/systemd/system/lanebridge-desk.service" \
    >"$chroot_dir/etc/systemd/system/lanebridge-broken.service"
  if verified lanebridge-broken.service >/dev/null; then
    fail "systemd-analyze verify passed a unit broken with sed '$breakage'"
  else
    pass "the verify check fails a unit broken with sed '$breakage'"
  fi
done
rm "$chroot_dir/etc/systemd/system/lanebridge-broken.service"

echo "== The desk unit's command line runs as lanebridge, with the files made as docs/desk.md says"
printf 'user=desk\npassword=secret\n' >"$chroot_dir/etc/lanebridge/desk/broker.credentials"
in_root chown root:lanebridge /etc/lanebridge/desk/broker.credentials
in_root chmod 0640 /etc/lanebridge/desk/broker.credentials
expect_success "lane desk users add writes the users file" \
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
  lane desk users add mia --role manager --users /etc/lanebridge/desk/users <<<"a desk password"
# The unit's ExecStart with its defaults, the broker on a loopback port nothing listens on: the
# options and files pass (64, 66 or 78 would say otherwise) and the desk stops at the broker (69).
desk_command=$(sed -n 's/^ExecStart=//p' "$chroot_dir/usr/lib/systemd/system/lanebridge-desk.service")
# The unit's variables, replaced as text (single quotes: they are not this script's).
# shellcheck disable=SC2016
desk_command=${desk_command//'${LANE_DESK_BROKER}'/mqtt://127.0.0.1:1}
# shellcheck disable=SC2016
desk_command=${desk_command//'${LANE_DESK_HTTP}'/127.0.0.1:0}
# shellcheck disable=SC2016
desk_command=${desk_command//'$LANE_DESK_OPTIONS'/}
# The users file in each of the two forms docs/desk.md gives it.
for form in lanebridge:lanebridge:600 root:lanebridge:640; do
  in_root chown "${form%:*}" /etc/lanebridge/desk/users
  in_root chmod "${form##*:}" /etc/lanebridge/desk/users
  mode_is /etc/lanebridge/desk/users "${form%:*}" "${form##*:}"
  desk_status=0
  desk_output=$(chroot --userspec=lanebridge:lanebridge "$chroot_dir" /usr/bin/env -i \
    PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 sh -c "cd /var/lib/lanebridge && exec $desk_command" \
    </dev/null 2>&1) || desk_status=$?
  if ((desk_status == 69)) && [[ $desk_output == *"127.0.0.1"* ]]; then
    pass "the desk unit's lane desk reads its files as lanebridge (users $form) and stops at the absent broker (69)"
  else
    fail "the desk unit's lane desk (users $form) exited $desk_status, not 69 (the broker unreachable):"
    printf '  %s\n' "$desk_output"
  fi
done
in_root rm -f /var/lib/lanebridge/centre.sqlite /var/lib/lanebridge/centre.sqlite-wal \
  /var/lib/lanebridge/centre.sqlite-shm

echo "== Reinstalling keeps an edited conffile and the admin's files"
echo "LANE_DESK_HTTP=0.0.0.0:8080 # edited" >>"$chroot_dir/etc/default/lanebridge-desk"
printf 'user=desk\npassword=secret\n' >"$chroot_dir/etc/lanebridge/desk/broker.credentials"
in_root chmod 0640 /etc/lanebridge/desk/broker.credentials
in_root chmod 0700 /etc/lanebridge/desk
echo "ana" >"$chroot_dir/var/lib/lanebridge/centre.sqlite"
expect_success "dpkg -i again" in_root dpkg -i /tmp/lanebridge.deb
expect_output "the edited conffile is kept" "LANE_DESK_HTTP=0.0.0.0:8080 # edited" \
  tail -n 1 "$chroot_dir/etc/default/lanebridge-desk"
expect_output "the desk's credentials are kept" "$(printf 'user=desk\npassword=secret')" \
  cat "$chroot_dir/etc/lanebridge/desk/broker.credentials"
mode_is /etc/lanebridge/desk root:lanebridge 700
expect_output "lanebridge's only group is still lanebridge" "lanebridge" in_root id -nG lanebridge

echo "== dpkg -r keeps the configuration and the data"
expect_success "dpkg -r lanebridge" in_root dpkg -r lanebridge
absent_in_root /usr/bin/lane
absent_in_root /usr/lib/systemd/system/lanebridge-desk.service
expect_output "the package's state is config-files" "deinstall ok config-files" \
  in_root dpkg-query -W -f "\${Status}" lanebridge
expect_output "the edited conffile is kept" "LANE_DESK_HTTP=0.0.0.0:8080 # edited" \
  tail -n 1 "$chroot_dir/etc/default/lanebridge-desk"
exists_in_root /etc/lanebridge/desk/broker.credentials
exists_in_root /var/lib/lanebridge/centre.sqlite

echo "== dpkg -P removes the configuration, keeps the centre's data"
expect_success "dpkg -P lanebridge" in_root dpkg -P lanebridge
absent_in_root /etc/default/lanebridge-desk
absent_in_root /etc/lanebridge
expect_output "the centre's store is kept" "ana" cat "$chroot_dir/var/lib/lanebridge/centre.sqlite"
if in_root dpkg-query -W lanebridge >/dev/null 2>&1; then
  fail "dpkg still knows the package after dpkg -P"
else
  pass "dpkg no longer knows the package"
fi

if ((failures > 0)); then
  echo "test-package-deb: $failures check(s) failed"
  exit 1
fi
echo "test-package-deb: every check passed, in $SECONDS s"
