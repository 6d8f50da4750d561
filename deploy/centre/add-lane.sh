#!/usr/bin/env bash
# Creates a broker user for a lane (or the desk; add-display.sh uses it for a display)
# with a fresh random password.
#   deploy/centre/add-lane.sh PASSWORD_FILE NAME CREDENTIALS_FILE
# Adds NAME to mosquitto's PASSWORD_FILE (created if missing) and writes the lane's
# CREDENTIALS_FILE (mode 600, `user=NAME` and `password=...` lines) for
# `lane run --mqtt-credentials`. NAME is the lane's name: 1-32 of a-z A-Z 0-9 - _.
# Reload mosquitto afterwards (systemctl reload mosquitto).
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 PASSWORD_FILE NAME CREDENTIALS_FILE" >&2
  exit 64
fi
password_file=$1
name=$2
credentials_file=$3

if ! [[ $name =~ ^[A-Za-z0-9_-]{1,32}$ ]]; then
  echo "$0: '$name' is not a lane name: use 1-32 of a-z A-Z 0-9 - _" >&2
  exit 65
fi
if [ -e "$credentials_file" ]; then
  echo "$0: $credentials_file exists; remove it first to replace $name's password" >&2
  exit 73
fi

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
