#!/usr/bin/env bash
# Creates a broker user for a display (`lane display`) with a fresh random password and
# the display's rights: read every lane, ask lanes for resends, nothing else.
#   deploy/centre/add-display.sh PASSWORD_FILE ACL_FILE NAME CREDENTIALS_FILE
# Appends to ACL_FILE a copy of its `user display` block's lines for NAME (unless ACL_FILE
# already has a `user NAME` line: `display` itself, or a display added before), then adds
# NAME to PASSWORD_FILE and writes CREDENTIALS_FILE (mode 600) with add-lane.sh beside
# this script. NAME: 1-32 of a-z A-Z 0-9 - _, not `desk` and no user PASSWORD_FILE has
# already (a lane's name would give the display that lane's rights).
# Reload mosquitto afterwards (systemctl reload mosquitto).
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: $0 PASSWORD_FILE ACL_FILE NAME CREDENTIALS_FILE" >&2
  exit 64
fi
password_file=$1
acl_file=$2
name=$3
credentials_file=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if ! [[ $name =~ ^[A-Za-z0-9_-]{1,32}$ ]] || [ "$name" = desk ]; then
  echo "$0: '$name' is not a display's name: use 1-32 of a-z A-Z 0-9 - _, not desk" >&2
  exit 65
fi
if [ -e "$credentials_file" ]; then
  echo "$0: $credentials_file exists; remove it first to replace $name's password" >&2
  exit 73
fi
if [ ! -r "$acl_file" ]; then
  echo "$0: cannot read the ACL file $acl_file (deploy/centre/acl is the sample)" >&2
  exit 66
fi
if [ -e "$password_file" ] && cut -d: -f1 "$password_file" | grep -Fx -- "$name" >/dev/null; then
  echo "$0: $name is already a user in $password_file (a lane's, or a display's):" \
    "choose another name, or remove it first (mosquitto_passwd -D $password_file $name)" >&2
  exit 73
fi

# The display's rights are the ACL's own `user display` block: one list, kept in one place.
rights=$(awk '$1 == "user" { inside = ($2 == "display"); next } inside && $1 == "topic"' "$acl_file")
if [ -z "$rights" ]; then
  echo "$0: $acl_file has no 'user display' block with topic lines to copy (see deploy/centre/acl)" >&2
  exit 65
fi
if awk -v name="$name" '$1 == "user" && $2 == name { found = 1 } END { exit !found }' "$acl_file"; then
  echo "$name has its block in $acl_file already; kept as it is"
else
  printf '\n# Display %s (add-display.sh): the rights of user display above.\nuser %s\n%s\n' \
    "$name" "$name" "$rights" >>"$acl_file"
  echo "$name's rights appended to $acl_file"
fi

"$here/add-lane.sh" "$password_file" "$name" "$credentials_file"
