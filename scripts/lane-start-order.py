#!/usr/bin/env python3
"""Writes deploy/lane-start.order: the functions `lane` runs at start and in a replay, in the
order it first runs them, for the linker to lay out first (docs/performance.md, "Memory").

    scripts/lane-start-order.py [LANE [TRACE...]]

LANE is the shipped build (default .build-static/release/lane); each TRACE is replayed too,
e.g. the benchmark's SyntheticLane trace (docs/performance.md says how to write one).

A release `lane` is linked by lld with this file as its --symbol-ordering-file (Package.swift):
the code a replay runs then sits in a few hundred KiB at the front of the text instead of
spread over its 28 MiB, where every 64 KiB region touched costs 64 KiB of resident memory
(the kernel's fault-around). Run it after a change to what `lane simulate` runs at start,
then rebuild `lane`; a name the linker no longer finds is skipped, and a function missing
from the file is only laid out where it would have been without one.

It runs LANE under callgrind (valgrind's, which names every function run), debug information
stripped (valgrind 3.19 cannot read Swift 6.3's), replaying the bundled traces
(Hardware/traces) with and without --json, with --log and from standard input; and keeps the
names LANE defines as functions, in the order they first appear.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
OUTPUT = os.path.join(ROOT, "deploy", "lane-start.order")
TRACES = [
    os.path.join(ROOT, "Hardware", "traces", name + ".trace")
    for name in ["two-games-held-out", "freefall-fouls-and-sweeps", "respot-only-game", "string-pinsetter-game"]
]
# Each run's arguments and the trace on its standard input (for `simulate -`), if any.
RUNS = [(["simulate", "--json"] + TRACES[:1], None), (["simulate"] + TRACES[:1], None),
        (["simulate", "--log"] + TRACES[:1], None), (["simulate", "-"], TRACES[0])]
RUNS += [(["simulate", "--json", trace], None) for trace in TRACES[1:]]
RUNS += [(["simulate", trace], None) for trace in TRACES[1:]]


def main():
    lane = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build-static/release/lane"))
    extra = [os.path.realpath(trace) for trace in sys.argv[2:]]
    runs = RUNS + [(["simulate", "--json", trace], None) for trace in extra]
    runs += [(["simulate", trace], None) for trace in extra]
    if not os.access(lane, os.X_OK):
        sys.exit(f"{lane} is not an executable; build the shipped lane (docs/deployment.md)")
    defined = set()
    for line in subprocess.run(["nm", "--defined-only", lane], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            defined.add(parts[2])
    names = []
    seen = set()
    with tempfile.TemporaryDirectory() as scratch:
        stripped = os.path.join(scratch, "lane")
        subprocess.run(["objcopy", "--strip-debug", lane, stripped], check=True)
        for number, (arguments, input) in enumerate(runs):
            profile = os.path.join(scratch, f"callgrind.{number}")
            with open(input or os.devnull) as standardInput:
                subprocess.run(
                    ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no",
                     f"--callgrind-out-file={profile}", stripped] + arguments,
                    stdin=standardInput, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            # "fn=(ID) NAME" names a function the first time; "cfn=(ID) NAME" a callee's.
            with open(profile) as lines:
                for line in lines:
                    match = re.match(r"c?fn=\(\d+\) (\S+)$", line.strip())
                    if match and match.group(1) in defined and match.group(1) not in seen:
                        seen.add(match.group(1))
                        names.append(match.group(1))
    with open(OUTPUT, "w") as order:
        order.write("# What lane runs at start and in a replay, laid out first by the linker; written by\n")
        order.write("# scripts/lane-start-order.py, not by hand (docs/performance.md, \"Memory\").\n")
        order.writelines(name + "\n" for name in names)
    print(f"{OUTPUT}: {len(names)} functions")


if __name__ == "__main__":
    main()
