#!/usr/bin/env bash
# Upgrades an ACL copied from LaneBridge's older sample, whose `pattern …/%u/…` lines gave
# every user (a display, the desk) the rights of a lane of its own name, to version 2: a
# block per lane instead (docs/centre.md, "Security").
#   deploy/centre/upgrade-acl.sh ACL_FILE PASSWORD_FILE
# The older sample's own lines (its header, its lane comment and its pattern lines) are
# removed, every other line is kept as it was, the version 2 header goes first, and each
# lane gets its block from grant.sh beside this script. The lanes are the users that had
# no block of their own: the users of PASSWORD_FILE (/dev/null for none), and the client
# certificates NAME.crt that make-certs.sh --client made beside ACL_FILE (not ca.crt or
# server.crt). The file it replaces is kept as ACL_FILE.v1 (an older one of that name as
# ACL_FILE.v1.~N~). The package's postinst runs it on /etc/mosquitto/lanebridge/acl.
# Exit statuses: 0 upgraded, or version 2 already (nothing changed); 64 usage; 65
# ACL_FILE is not LaneBridge's, or has a pattern line the older sample did not have
# (named: a hand-written one, left for you to turn into blocks); 66 ACL_FILE or
# PASSWORD_FILE missing or unreadable; 73 ACL_FILE's folder cannot be written. On a
# failure ACL_FILE is left as it was.
# Reload mosquitto afterwards (systemctl reload mosquitto).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 ACL_FILE PASSWORD_FILE" >&2
  exit 64
fi
acl_file=$1
password_file=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
folder=$(dirname "$acl_file")

# The older sample's lines (every version of it): the upgrade removes these and no other.
readonly old_header="# Who may read and write which LaneBridge topics (mosquitto acl_file; docs/centre.md)."
readonly old_lines="$old_header
# %u is the broker user name, which is the lane's name (or its certificate CN with
# use_identity_as_username). A blanket \`readwrite lanebridge/v1/lanes/%u/#\` would let a
# lane forge its own acks and commands, so every topic is listed with its direction.
# Every lane: writes only its own status, events, board and replies; reads only its own
# commands and acknowledgements, and the desk's status.
# commands, acknowledgements and display requests, and the desk's status.
pattern write lanebridge/v1/lanes/%u/status
pattern write lanebridge/v1/lanes/%u/events
pattern write lanebridge/v1/lanes/%u/board
pattern write lanebridge/v1/lanes/%u/replies
pattern read lanebridge/v1/lanes/%u/commands
pattern read lanebridge/v1/lanes/%u/ack
pattern read lanebridge/v1/lanes/%u/display-requests
pattern read lanebridge/v1/desk/status"

for file in "$acl_file" "$password_file"; do
  if [ ! -r "$file" ] || [ -d "$file" ]; then
    echo "$0: cannot read $file" >&2
    exit 66
  fi
done
patterns() { grep -n -E '^[[:space:]]*pattern[[:space:]]' "$acl_file" || true; }
first=""
IFS= read -r first <"$acl_file" || true
case $first in
  "# lanebridge-acl 2")
    if [ -n "$(patterns)" ]; then
      echo "$0: $acl_file is version 2 but has pattern lines, which mosquitto applies to every" \
        "user; left as it is. Write each user's rights in its own block instead, and remove them:" >&2
      patterns >&2
      exit 65
    fi
    echo "$acl_file is LaneBridge's version 2 ACL already; nothing to upgrade"
    exit 0
    ;;
  "$old_header") ;;
  *)
    echo "$0: $acl_file is not an ACL from LaneBridge's sample (its first line is not" \
      "'$old_header'); left as it is. Give each user a block with grant.sh and remove" \
      "every pattern line (docs/centre.md, \"Security\")" >&2
    exit 65
    ;;
esac

# A pattern line the sample never had: the upgrade cannot tell whom it was for.
foreign=$(known=$old_lines awk '
  BEGIN { n = split(ENVIRON["known"], lines, "\n"); for (i = 1; i <= n; i++) old[lines[i]] = 1 }
  /^[[:space:]]*pattern[[:space:]]/ && !($0 in old) { print NR ": " $0 }' "$acl_file")
if [ -n "$foreign" ]; then
  echo "$0: $acl_file has pattern lines LaneBridge's sample did not have; left as it is." \
    "mosquitto applies a pattern to every user: write these rights in the blocks of the" \
    "users who need them (grant.sh), remove the lines, and run this again:" >&2
  echo "$foreign" >&2
  exit 65
fi

# The lanes: every user the patterns served that has no block of its own.
certificates=()
for certificate in "$folder"/*.crt; do
  name=$(basename "$certificate" .crt)
  case $name in ca | server | "*") ;; *) certificates+=("$name") ;; esac
done
lanes=$(
  {
    cut -d: -f1 "$password_file"
    printf '%s\n' "${certificates[@]}"
  } | sort -u | awk 'NR == FNR { if ($1 == "user" && NF == 2) has[$2] = 1; next } NF && !has[$0]' "$acl_file" -
)

if ! new=$(mktemp "$folder/.acl.XXXXXX" 2>/dev/null); then
  echo "$0: cannot write in $folder (run as the ACL file's owner, e.g. with sudo)" >&2
  exit 73
fi
trap 'rm -f "$new"' EXIT
chmod --reference="$acl_file" "$new"
chown --reference="$acl_file" "$new" 2>/dev/null || true
# The version 2 header (the sample's beside this script), then every line but the older
# sample's own, runs of blank lines left by them as one.
{
  cat "$here/acl"
  known=$old_lines awk '
    BEGIN { n = split(ENVIRON["known"], lines, "\n"); for (i = 1; i <= n; i++) old[lines[i]] = 1; printed = 1 }
    $0 in old { next }
    /^[[:space:]]*$/ { blank = printed; next }
    { if (blank) print ""; print; printed = 1; blank = 0 }' "$acl_file"
} >"$new"
granted=()
while IFS= read -r lane; do
  [ -n "$lane" ] || continue
  if [[ $lane =~ ^[A-Za-z0-9_-]{1,32}$ ]] && [ "$lane" != desk ]; then
    "$here/grant.sh" "$new" lane "$lane" >/dev/null
    granted+=("$lane")
  else
    echo "$lane is no lane's name (1-32 of a-z A-Z 0-9 - _, not desk): it gets no block"
  fi
done <<<"$lanes"
sync "$new"

cp -p --backup=numbered "$acl_file" "$acl_file.v1"
mv -f "$new" "$acl_file"
trap - EXIT
sync "$folder"
echo "$acl_file upgraded to version 2: a block for each lane (${granted[*]:-none}), no pattern lines;" \
  "the file before is $acl_file.v1. Reload mosquitto (systemctl reload mosquitto)."
