#!/usr/bin/env bash
# Creates a broker user for a lane, the desk or a display with a fresh random password and
# its role's rights.
#   deploy/centre/add-user.sh PASSWORD_FILE ACL_FILE ROLE NAME CREDENTIALS_FILE
# Appends NAME's block with ROLE's rights (lane, desk or display) to ACL_FILE with
# grant.sh beside this script, adds NAME to mosquitto's PASSWORD_FILE (created if
# missing) and writes CREDENTIALS_FILE (mode 600, `user=NAME` and `password=...` lines)
# for `--mqtt-credentials`. NAME is the lane's name, desk, or the display's name: 1-32 of
# a-z A-Z 0-9 - _, and no user PASSWORD_FILE or ACL_FILE has already.
# Exit statuses: 0 done; 64 usage; 65, 66 and 73 as grant.sh's (73 also: NAME is in
# PASSWORD_FILE already, or CREDENTIALS_FILE exists). Nothing is changed on a refusal.
# Reload mosquitto afterwards (systemctl reload mosquitto).
set -euo pipefail

if [ $# -ne 5 ]; then
  echo "usage: $0 PASSWORD_FILE ACL_FILE lane|desk|display NAME CREDENTIALS_FILE" >&2
  exit 64
fi
password_file=$1
acl_file=$2
role=$3
name=$4
credentials_file=$5
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ -e "$credentials_file" ]; then
  echo "$0: $credentials_file exists; remove it first to replace $name's password" >&2
  exit 73
fi
if [ -e "$password_file" ] && cut -d: -f1 "$password_file" | grep -Fx -- "$name" >/dev/null; then
  echo "$0: $name is already a user in $password_file (a lane's, the desk's or a display's):" \
    "choose another name, or remove it first (mosquitto_passwd -D $password_file $name)" >&2
  exit 73
fi

# The rights first: grant.sh checks the name and the ACL, and refuses before anything
# is written. A user made by an earlier run that stopped here has its block kept.
"$here/grant.sh" "$acl_file" "$role" "$name"

password=$(openssl rand -hex 24)

if [ -e "$password_file" ]; then
  mosquitto_passwd -b "$password_file" "$name" "$password"
else
  mosquitto_passwd -c -b "$password_file" "$name" "$password"
fi
# mosquitto drops to its own user after start and must read the (hashed) passwords.
if chgrp mosquitto "$password_file" 2>/dev/null; then
  chmod 640 "$password_file"
else
  chmod 644 "$password_file"
fi

(
  umask 077
  printf 'user=%s\npassword=%s\n' "$name" "$password" >"$credentials_file"
)
echo "$name added to $password_file; credentials in $credentials_file"
