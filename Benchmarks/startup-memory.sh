#!/usr/bin/env bash
# Where a waiting `lane simulate -` holds its memory (docs/performance.md, "Memory"): starts
# the given `lane` reading a pipe that stays silent, lets it settle, and sums the resident
# memory of /proc/PID/smaps per mapping: the binary's own segments (text, read-only data,
# relocated read-only data, writable data and bss), the heap, the main stack, the other
# anonymous mappings (thread stacks, malloc arenas, the Swift runtime's allocations) and each
# shared library. It also lists the process's threads by name.
#
# Usage: Benchmarks/startup-memory.sh [LANE [SECONDS]]
#   LANE     the binary (default .build-static/release/lane, the shipped build)
#   SECONDS  how long to let it settle before reading (default 2)
set -euo pipefail

cd "$(dirname "$0")/.."
lane=${1:-.build-static/release/lane}
settle=${2:-2}
if [ ! -x "$lane" ]; then
  echo "$lane is not an executable; build it with" >&2
  echo "  swift build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic \\" >&2
  echo "    --scratch-path .build-static --product lane" >&2
  exit 64
fi
lane=$(realpath "$lane")

scratch=$(mktemp -d "${TMPDIR:-/tmp}/startup-memory.XXXXXX")
pid=""
# Ends `lane` by closing its input (the end of the trace); a signal would not interrupt its
# blocked read.
cleanup() {
  exec 3>&- 2>/dev/null || true
  if [ -n "$pid" ]; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# A FIFO held open by this shell's descriptor 3 and never written: `lane` waits on it.
mkfifo "$scratch/input"
"$lane" simulate - <"$scratch/input" >/dev/null 2>"$scratch/stderr" &
pid=$!
exec 3>"$scratch/input"
sleep "$settle"
if ! kill -0 "$pid" 2>/dev/null; then
  echo "lane exited early:" >&2
  cat "$scratch/stderr" >&2
  exit 1
fi

cp "/proc/$pid/smaps" "$scratch/smaps"
cp "/proc/$pid/status" "$scratch/status"
threads=()
for task in /proc/"$pid"/task/*; do threads+=("$(cat "$task/comm")"); done

echo "lane: $lane"
echo "VmRSS / VmHWM: $(awk '/^VmRSS/ { r = $2 } /^VmHWM/ { h = $2 } END { print r " / " h " KiB" }' "$scratch/status")"
echo "threads (${#threads[@]}): ${threads[*]}"
echo
awk -v binary="$lane" '
  # mawk has no strtonum: hexadecimal digits by hand (addresses fit a double exactly).
  function hex(text,   i, value) {
    value = 0
    for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
    return value
  }
  # A mapping header: "START-END PERMS OFFSET DEV INODE [PATH]".
  /^[0-9a-f]+-[0-9a-f]+ / {
    split($1, range, "-")
    start = hex(range[1])
    end = hex(range[2])
    size = (end - start) / 1024
    perms = $2
    path = ""
    for (i = 6; i <= NF; i++) path = path (i > 6 ? " " : "") $i
    if (path == binary) {
      # lld (which links the release build) puts the headers, Swift metadata and unwind tables
      # in a read-only segment of their own at the start of the file; gold puts them with the text.
      if (perms ~ /x/) name = "lane: text (r-x; linked by gold also headers, Swift metadata, unwind tables)"
      else if (perms ~ /w/) name = "lane: .rodata (writable: ICU data), .data, start of .bss (rw-)"
      else if ($3 ~ /^0+$/) name = "lane: headers, dynamic symbols, relocations, Swift metadata, unwind tables (r--)"
      else name = "lane: relro: .data.rel.ro, .got (r--)"
    } else if (path == "" && perms == "rw-p" && start == previousEnd && previousPath == binary) {
      name = "lane: rest of .bss (anonymous rw-)"
    } else if (path == "") {
      name = (perms == "---p") ? "anonymous, no access (guard pages, reserved arena space)" : "anonymous " perms
    } else if (path ~ /^\[/) {
      name = path
    } else {
      n = split(path, parts, "/"); name = parts[n]
    }
    previousEnd = end
    previousPath = path
    # Anonymous writable mappings listed one by one: thread stacks and malloc arenas.
    if (name == "anonymous rw-p") { anon[++anons] = sprintf("%10d KiB mapped at %s", size, range[1]) }
    sizes[name] += size
    count[name]++
    current = name
    next
  }
  /^Rss:/ { rss[current] += $2; total += $2; if (current == "anonymous rw-p") anon[anons] = anon[anons] sprintf(", %d KiB resident", $2) }
  /^Private_Dirty:/ { dirty[current] += $2 }
  END {
    printf "%-88s %10s %10s %10s\n", "mapping", "RSS KiB", "dirty KiB", "size KiB"
    for (n in rss) order[n] = rss[n]
    while (1) {
      best = ""; bestRss = -1
      for (n in order) if (order[n] > bestRss) { best = n; bestRss = order[n] }
      if (best == "") break
      if (rss[best] > 0) printf "%-88s %10d %10d %10d\n", best (count[best] > 1 ? " (" count[best] " mappings)" : ""), rss[best], dirty[best], sizes[best]
      delete order[best]
    }
    printf "%-88s %10d\n", "total", total
    print ""
    print "anonymous rw-p mappings:"
    for (i = 1; i <= anons; i++) print anon[i]
  }' "$scratch/smaps"

# Page faults by section of the binary, if perf is installed: each fault on a file page
# maps the pages around it that are already cached (the kernel's fault-around, 64 KiB),
# so a few faults spread over the text make megabytes resident. Run without address
# randomisation, so that a position-independent `lane` loads at a known base.
if command -v perf >/dev/null && command -v setarch >/dev/null && command -v readelf >/dev/null; then
  echo
  # An empty trace, a regular file: lane refuses /dev/null (a device) before it replays.
  : >"$scratch/empty.trace"
  echo "page faults of 'lane simulate' of an empty trace by section (perf record -e page-faults -d):"
  base=0
  if readelf -hW "$lane" | grep -E 'Type:[[:space:]]+DYN' >/dev/null; then base=0x555555554000; fi
  perf record -q -e page-faults -c 1 -d -o "$scratch/faults.data" \
    setarch "$(uname -m)" -R "$lane" simulate "$scratch/empty.trace" >/dev/null 2>&1 || true
  perf script -i "$scratch/faults.data" -F addr 2>/dev/null >"$scratch/faults" || true
  readelf -SW "$lane" | awk '$1 == "[" { $1 = $1 $2; $2 = "" } { print }' \
    | awk '$2 ~ /^[.a-z]/ && $4 ~ /^[0-9a-f]+$/ && $4 != "0000000000000000" { print $2, $4, $6 }' \
    >"$scratch/sections"
  awk -v base="$base" '
    function hex(text,   i, value) {
      text = tolower(text); sub(/^0x/, "", text)
      value = 0
      for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
      return value
    }
    FILENAME == ARGV[1] { name[++n] = $1; low[n] = hex($2) + hex(base); high[n] = low[n] + hex($3); next }
    {
      address = hex($1); found = "outside the binary (libraries, heap, stack)"
      for (i = 1; i <= n; i++) if (address >= low[i] && address < high[i]) { found = name[i]; break }
      faults[found]++; total++
    }
    END {
      for (f in faults) printf "%8d  %s\n", faults[f], f
      printf "%8d  total\n", total
    }' "$scratch/sections" "$scratch/faults" | sort -rn
fi
