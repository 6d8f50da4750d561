# shellcheck shell=bash
# A sample for scripts/lint-shell's early-exit check: the safe forms of the pipelines
# in early-exit-bad.bash, and text that only looks like them. Nothing here may be
# reported. Never run; it is only read by scripts/lint-shell.
set -euo pipefail

# The readers read to the end: output is thrown away, or counted.
if ldd /bin/true | grep libc.so >/dev/null; then echo linked; fi
count=$(find / -maxdepth 1 | grep -c usr || true)
# Capture first, then take the first line without a pipe.
listing=$(find / -maxdepth 1)
first=${listing%%$'\n'*}
versions=$(bash --version)
printf 'version: %s\n' "${versions%%$'\n'*}"
# A whole-input reader after an early one is fine; so are readers without a pipe.
find / -maxdepth 1 | sed -n 's/^\/q/found q/p' | awk '{ print } END { print NR }'
grep -q usr <<<"$listing" && head -n1 /etc/hostname
# Pipes and readers inside quotes, comments and heredocs are text: | head, | grep -q x
echo "a | head -n1, then | grep -q"
echo 'find | head' # | grep -q in a comment
cat <<'TEXT'
ldd /bin/true | grep -q libc.so
TEXT
while read -r line; do echo "$line"; done < <(find / -maxdepth 1)
case "$first" in
  /usr | /var) echo "$count" ;;
esac
