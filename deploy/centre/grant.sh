#!/usr/bin/env bash
# What each LaneBridge role may do on the broker, written in one place: appends to
# mosquitto's ACL_FILE a `user NAME` block with ROLE's rights, every topic spelled out.
#   deploy/centre/grant.sh ACL_FILE ROLE NAME
# ROLE is one of
#   lane     writes only its own status, events, board and replies; reads only its own
#            commands, ack and display-requests, and the desk's status
#   desk     reads every lane's status, events, board, replies and ack; writes commands,
#            acks, display-requests (`lane desk --lane ID`) and its own status
#   display  reads every lane's status, events and board; writes only display-requests
# NAME is the broker user, or a client certificate's common name (use_identity_as_username):
# 1-32 of a-z A-Z 0-9 - _; `desk` is the desk's and no other role's. add-user.sh runs this
# for a user with a password; run it alone for a user with a certificate only.
# ACL_FILE must be LaneBridge's version 2 (first line `# lanebridge-acl 2`, as the sample
# deploy/centre/acl) and hold no `pattern` line: mosquitto applies a pattern to every user,
# so a lane's `%u` pattern would let a display or the desk publish as a lane of its name.
# Exit statuses: 0 the block appended, or NAME has exactly this block already (kept);
# 64 usage; 65 a bad ROLE or NAME, an older or foreign ACL_FILE (upgrade-acl.sh upgrades
# the older sample), or a `pattern` line in it; 66 ACL_FILE missing or unreadable; 73 NAME
# has another block already, or ACL_FILE cannot be written. Nothing is changed on failure.
# Reload mosquitto afterwards (systemctl reload mosquitto).
set -euo pipefail

readonly magic="# lanebridge-acl 2"

if [ $# -ne 3 ]; then
  echo "usage: $0 ACL_FILE lane|desk|display NAME" >&2
  exit 64
fi
acl_file=$1
role=$2
name=$3

# ROLE's block for NAME: the rights of every role, and nowhere else.
block() {
  local lane=lanebridge/v1/lanes/$2 every=lanebridge/v1/lanes/+
  echo "user $2"
  case $1 in
    lane)
      printf 'topic write %s\n' "$lane/status" "$lane/events" "$lane/board" "$lane/replies"
      printf 'topic read %s\n' "$lane/commands" "$lane/ack" "$lane/display-requests" \
        lanebridge/v1/desk/status
      ;;
    desk)
      printf 'topic read %s\n' "$every/status" "$every/events" "$every/board" "$every/replies"
      printf 'topic write %s\n' "$every/commands" "$every/display-requests"
      printf 'topic readwrite %s\n' "$every/ack" lanebridge/v1/desk/status
      ;;
    display)
      printf 'topic read %s\n' "$every/status" "$every/events" "$every/board"
      printf 'topic write %s\n' "$every/display-requests"
      ;;
  esac
}

case $role in
  lane | display) [ "$name" != desk ] || {
    echo "$0: desk is the desk's user, not a $role's: choose another name" >&2
    exit 65
  } ;;
  desk) [ "$name" = desk ] || {
    echo "$0: the desk's user is desk, not '$name'" >&2
    exit 65
  } ;;
  *)
    echo "$0: '$role' is not a role: lane, desk or display" >&2
    exit 65
    ;;
esac
if ! [[ $name =~ ^[A-Za-z0-9_-]{1,32}$ ]]; then
  echo "$0: '$name' is not a user name: use 1-32 of a-z A-Z 0-9 - _" >&2
  exit 65
fi
if [ ! -f "$acl_file" ] || [ ! -r "$acl_file" ]; then
  echo "$0: cannot read the ACL file $acl_file (deploy/centre/acl is the sample to copy)" >&2
  exit 66
fi
first=""
IFS= read -r first <"$acl_file" || true
if [ "$first" != "$magic" ]; then
  echo "$0: $acl_file is not LaneBridge's version 2 ACL (its first line is not '$magic');" \
    "left as it is. An ACL copied from an older sample: upgrade-acl.sh $acl_file PASSWORD_FILE" >&2
  exit 65
fi
if patterns=$(grep -n -E '^[[:space:]]*pattern[[:space:]]' "$acl_file"); then
  echo "$0: $acl_file has pattern lines, which mosquitto applies to every user; left as it is." \
    "Write each user's rights in its own block instead, and remove them:" >&2
  echo "$patterns" >&2
  exit 65
fi

wanted=$(block "$role" "$name")
# NAME's block as the file has it: its user line and the lines up to the next user line.
current=$(awk -v name="$name" '
  $1 == "user" { inside = ($2 == name && NF == 2) }
  inside && NF && $1 !~ /^#/ { print }' "$acl_file")
if [ "$current" = "$wanted" ]; then
  echo "$name has its $role block in $acl_file already; kept as it is"
  exit 0
fi
if [ -n "$current" ]; then
  echo "$0: $name has a block in $acl_file already, not a $role's: it is another user" \
    "(a lane, a display or the desk); choose another name, or remove its block first" >&2
  exit 73
fi
if [ ! -w "$acl_file" ]; then
  echo "$0: cannot write the ACL file $acl_file (run as its owner, e.g. with sudo)" >&2
  exit 73
fi
printf '\n# %s %s (grant.sh)\n%s\n' "${role^}" "$name" "$wanted" >>"$acl_file"
echo "$name's $role rights appended to $acl_file"
