# shellcheck shell=bash
# A sample for scripts/lint-shell's early-exit check: every line after an
# "expect: early-exit" comment holds a pipeline whose reader may stop before its
# writer is done, and must be reported. ShellCheck finds nothing wrong here, which is
# why the check exists. Never run; it is only read by scripts/lint-shell.
set -euo pipefail

# expect: early-exit
if ldd /bin/true | grep -q libc.so; then echo linked; fi
# expect: early-exit
dpkg-query -W -f='${Status}' bash 2>/dev/null | grep -Fqx 'install ok installed' || echo missing
# expect: early-exit
first=$(find / -maxdepth 1 | head -n1)
# expect: early-exit
printf 'version: %s\n' "$(bash --version | head -1)"
# expect: early-exit
find / -maxdepth 1 | grep -m1 -E '^/u'
# expect: early-exit
find / -maxdepth 1 | grep --quiet usr
# expect: early-exit
find / -maxdepth 1 \
  | grep -E "^/(usr|var)" \
  | sed -n '1p;q'
# expect: early-exit
find / -maxdepth 1 |
  awk '/usr/ { found = 1; exit } END { exit !found }'
# expect: early-exit
find / -maxdepth 1 | { read -r line; echo "$line"; }
# expect: early-exit
find / -maxdepth 1 | command /usr/bin/head -c 10
echo "$first"
