#!/usr/bin/env python3
"""Which modules of a waiting `lane simulate -` are resident: its binary's pages, by module.

    Benchmarks/resident-modules.py [LANE] [--top N]   (default .build-static/release/lane, 25 rows)

Starts LANE reading a pipe that stays silent, lets it settle for 2 s, reads which of the
pages its binary maps are present (/proc/PID/pagemap, as root), and gives each present page
to the symbol at its middle (`nm -n`: the shipped build is position-dependent, so a symbol's
address is where it is mapped). A Swift symbol names its module (`$s<length><Module>…`); C
and C++ symbols are counted by their first word. Prints the total, each group (ours, the
service lifecycle's stack, Foundation, ArgumentParser, the rest) and the largest modules.
A page holds several functions, so a module's figure is close, not exact. Ends LANE by
closing its input.
"""
import bisect
import collections
import os
import re
import struct
import subprocess
import sys
import time

OURS = set(
    "Bowling LaneSensing League Journal Centre CentreLink CentreStore CentreRecords RecordsPresentation"
    " LaneBridge LaneRuntime LaneCLI LaneConfiguration LaneOptions LaneHardware LaneControl"
    " POSIX SafeFiles DeskAccess Scoreboard SimulatedPinSensor WebBoard WebServer Wiring GPIO"
    " GPIOPinSensor GPIOLineSensor Calibration MQTT lane".split())
LIFECYCLE = set(
    "ServiceLifecycle AsyncAlgorithms UnixSignals Logging DequeModule OrderedCollections"
    " InternalCollectionsUtilities".split())
# What the web server links, which a replay does not serve.
WEB = set(
    "Hummingbird HummingbirdCore HummingbirdHTTP2 HummingbirdTLS HummingbirdAuth Configuration _NIOFileSystem"
    " NIOCore NIOPosix NIOHTTP1 NIOHTTP2 NIOSSL NIOExtras NIOConcurrencyHelpers NIOHPACK NIOTLS HTTPTypes"
    " Mustache Tracing Instrumentation Metrics Atomics".split())


def module(symbol):
    """The module a symbol belongs to, as well as its name tells."""
    swift = re.match(r"^_?\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", symbol)
    if swift and len(swift.group(2)) >= int(swift.group(1)):
        return swift.group(2)[: int(swift.group(1))]
    if symbol.startswith("$s"):
        return "Swift (standard library, runtime)"
    if symbol.startswith("_Z"):
        return "C++ (runtime, ICU, BoringSSL)"
    return "C"


def group(name):
    if name in OURS:
        return "ours"
    if name in LIFECYCLE:
        return "service lifecycle's stack"
    if name in WEB:
        return "the web server's packages"
    if name == "GRDB":
        return "GRDB"
    if name.startswith("Foundation"):
        return "Foundation"
    if name.startswith("ArgumentParser"):
        return "ArgumentParser"
    return "runtime, C, C++ and the other packages"


def main():
    arguments = sys.argv[1:]
    top = 25
    if "--top" in arguments:
        index = arguments.index("--top")
        top = int(arguments[index + 1])
        del arguments[index : index + 2]
    lane = os.path.realpath(arguments[0] if arguments else ".build-static/release/lane")
    if not os.access(lane, os.X_OK):
        sys.exit(f"{lane} is not an executable; build the shipped lane (Benchmarks/startup-memory.sh says how)")
    symbols = []
    for line in subprocess.run(["nm", "-n", "--defined-only", lane], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            try:
                symbols.append((int(parts[0], 16), parts[2]))
            except ValueError:
                pass
    addresses = [address for address, _ in symbols]
    silent, writer = os.pipe()
    child = subprocess.Popen([lane, "simulate", "-"], stdin=silent, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    counts = collections.Counter()
    try:
        time.sleep(2)
        with open(f"/proc/{child.pid}/maps") as maps, open(f"/proc/{child.pid}/pagemap", "rb") as pagemap:
            for mapping in maps:
                fields = mapping.split()
                if len(fields) < 6 or os.path.realpath(fields[5]) != lane:
                    continue
                start, end = (int(value, 16) for value in fields[0].split("-"))
                for page in range(start, end, 4096):
                    pagemap.seek(page // 4096 * 8)
                    if not struct.unpack("<Q", pagemap.read(8))[0] >> 63:
                        continue
                    index = bisect.bisect_right(addresses, page + 2048) - 1
                    counts[module(symbols[index][1]) if index >= 0 else "C"] += 4
    finally:
        os.close(writer)
        child.wait()
        os.close(silent)
    groups = collections.Counter()
    for name, kib in counts.items():
        groups[group(name)] += kib
    print(f"{lane}: {sum(counts.values())} KiB of its binary resident, waiting on a silent pipe")
    for name, kib in groups.most_common():
        print(f"{kib:7d} KiB  {name}")
    print()
    for name, kib in counts.most_common(top):
        print(f"{kib:7d} KiB  {name}  ({group(name)})")


if __name__ == "__main__":
    main()
