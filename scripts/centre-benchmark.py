#!/usr/bin/env python3
"""The centre link at scale: N simulated lanes, one loopback mosquitto, one desk.

    swift build && scripts/centre-benchmark.py [LANES] [SPEED] [--store]   (defaults: 48 lanes, speed 20)
    swift build && scripts/centre-benchmark.py LANES SPEED THROWS --in-process [--store]

Starts mosquitto from deploy/centre/ (users made by add-user.sh) on a free 127.0.0.1 port in
a scratch folder under $TMPDIR, `lane desk --json`, and LANES x `lane simulate --log --speed
SPEED --journal ... Hardware/traces/two-games-held-out.trace` (40 throws over 733 s of trace).
Throw-to-desk latency is the time from a lane printing a throw's log line (right after the
throw is journalled, before the centre link takes it) to the desk printing that throw's event;
both are read here on arrival. Prints p50/p99/max latency, events delivered, and the CPU
time of the broker, the desk and the lanes (from the kernel's accounting). With --store the desk
keeps a store (`lane desk --store`) and prints each event only once it is committed, so the
latency is from the throw journalled at the lane to its commit at the desk; it also prints
the events the desk stored per second from its first to its last. Stops every process
it started by its pid and removes its folder.

With --in-process the lanes run in one process (the CentreLoad benchmark beside `lane`:
each lane the same LaneRun as `lane simulate`, with its own sensor, journal, broker client
and outbox; 50 lanes a process), each bowling THROWS strikes on a clean trace, one every 14 s of its time (at
--speed 350, 25 a second), and a throw's time is when that process prints the lane's name
after journalling it: the desk's cores then carry a few processes of lanes, not LANES.
"""
import json
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANE = os.environ.get("LANE_EXECUTABLE", os.path.join(ROOT, ".build/debug/lane"))
LOAD = os.path.join(os.path.dirname(LANE), "CentreLoad")
TRACE = os.path.join(ROOT, "Hardware/traces/two-games-held-out.trace")
THROW = re.compile(rb"^game \d+, frame \d+, ball \d+:")
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid):
    """User plus system CPU seconds of a running process."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    arguments = [argument for argument in sys.argv[1:] if argument not in ("--store", "--in-process")]
    keep_store = "--store" in sys.argv[1:]
    in_process = "--in-process" in sys.argv[1:]
    lanes = int(arguments[0]) if arguments else 48
    speed = arguments[1] if len(arguments) > 1 else "20"
    throw_count = arguments[2] if len(arguments) > 2 else "40"
    if in_process and not os.access(LOAD, os.X_OK):
        sys.exit(f"needs the built {LOAD} (swift build --product CentreLoad, with -c release for a release lane)")
    mosquitto = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not os.access(LANE, os.X_OK) or not os.access(mosquitto, os.X_OK):
        sys.exit("needs the built lane (swift build) and mosquitto (scripts/install-packages test)")
    folder = tempfile.mkdtemp(prefix="lanebridge-centre-bench-")
    os.chmod(folder, 0o755)
    processes = []
    try:
        shutil.copy(os.path.join(ROOT, "deploy/centre/acl"), f"{folder}/acl")
        names = ["desk"] + [f"lane{n}" for n in range(1, lanes + 1)]
        for name in names:
            subprocess.run(
                ["bash", os.path.join(ROOT, "deploy/centre/add-user.sh"), f"{folder}/passwd",
                 f"{folder}/acl", "desk" if name == "desk" else "lane", name,
                 f"{folder}/{name}.credentials"], check=True, stdout=subprocess.DEVNULL)
        os.mkdir(f"{folder}/db")
        os.chmod(f"{folder}/db", 0o777)
        port = free_port()
        # deploy/centre/mosquitto.conf's settings that matter here, set_tcp_nodelay among them.
        with open(f"{folder}/mosquitto.conf", "w") as conf:
            conf.write(
                f"per_listener_settings false\nallow_anonymous false\npassword_file {folder}/passwd\n"
                f"acl_file {folder}/acl\npersistence true\npersistence_location {folder}/db/\n"
                f"set_tcp_nodelay true\nlistener {port} 127.0.0.1\nlog_dest none\n")
        broker = subprocess.Popen([mosquitto, "-c", f"{folder}/mosquitto.conf"])
        processes.append(broker)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        url = f"mqtt://127.0.0.1:{port}"
        store = ["--store", f"{folder}/centre.store"] if keep_store else []
        desk = subprocess.Popen(
            [LANE, "desk", "--broker", url, "--mqtt-credentials", f"{folder}/desk.credentials",
             "--json"] + store, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        processes.append(desk)
        time.sleep(1)
        selector = selectors.DefaultSelector()
        selector.register(desk.stdout, selectors.EVENT_READ, "desk")
        thrown = {}   # lane -> [time the log line was read]
        arrived = {}  # lane -> [time the desk printed the throw event]
        delivered = 0
        first_delivery = last_delivery = None
        lane_processes = {}
        started = {}
        start = time.monotonic()
        for n in range(1, lanes + 1):
            name = f"lane{n}"
            thrown[name], arrived[name] = [], []
            started[name] = time.monotonic()
            if in_process:
                continue
            process = subprocess.Popen(
                [LANE, "simulate", "--broker", url, "--mqtt-credentials",
                 f"{folder}/{name}.credentials", "--journal", f"{folder}/{name}.journal",
                 "--log", "--speed", speed, TRACE],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            processes.append(process)
            lane_processes[name] = process
            selector.register(process.stdout, selectors.EVENT_READ, name)
        # 50 lanes a process: libmosquitto's loop refuses a socket numbered 1024 or more.
        for first in range(1, lanes + 1, 50) if in_process else []:
            # A line naming the lane for each throw journalled.
            last = min(first + 49, lanes)
            process = subprocess.Popen(
                [LOAD, url, folder, str(first), str(last), speed, throw_count], stdout=subprocess.PIPE)
            processes.append(process)
            lane_processes[f"lanes{first}"] = process
            selector.register(process.stdout, selectors.EVENT_READ, f"lanes{first}")
        buffers = {}
        lane_cpu = 0.0
        running = set(lane_processes)
        while running or sum(map(len, arrived.values())) < sum(map(len, thrown.values())):
            if time.monotonic() - start > 3600:
                break
            events = selector.select(timeout=1)
            if not events and not running:
                # Every lane ended; allow the desk a few seconds for what is still on its way.
                if time.monotonic() - last_end > 15:
                    break
            for key, _ in events:
                chunk = os.read(key.fileobj.fileno(), 65536)
                now = time.monotonic()
                name = key.data
                if not chunk:
                    selector.unregister(key.fileobj)
                    if name != "desk":
                        _, status, usage = os.wait4(lane_processes[name].pid, 0)
                        lane_processes[name].returncode = os.waitstatus_to_exitcode(status)
                        lane_cpu += usage.ru_utime + usage.ru_stime
                        running.discard(name)
                        last_end = now
                    continue
                lines = (buffers.get(name, b"") + chunk).split(b"\n")
                buffers[name] = lines.pop()
                for line in lines:
                    if name.startswith("lanes"):
                        thrown[line.decode()].append(now)
                    elif name != "desk":
                        if THROW.match(line):
                            thrown[name].append(now)
                    elif line.startswith(b"{"):
                        event = json.loads(line)
                        delivered += 1
                        first_delivery = first_delivery or now
                        last_delivery = now
                        if event["type"] == "throw":
                            arrived[event["lane"]].append(now)
        broker_cpu = cpu_seconds(broker.pid)
        desk_cpu = cpu_seconds(desk.pid)
        elapsed = time.monotonic() - start
        latencies = [
            (arrived[name][i] - thrown[name][i]) * 1000
            for name in thrown for i in range(min(len(thrown[name]), len(arrived[name])))]
        # Each lane's start (process, connect) competes with 47 others on the cores; the
        # throws of its first 3 s show that start-up more than the link.
        steady = [
            (arrived[name][i] - thrown[name][i]) * 1000
            for name in thrown for i in range(min(len(thrown[name]), len(arrived[name])))
            if thrown[name][i] - started[name] >= 3]
        # With hundreds of lanes, starting them all takes seconds of both cores; the throws
        # after the last one started show the link once they all run.
        all_started = max(started.values())
        running_all = [
            (arrived[name][i] - thrown[name][i]) * 1000
            for name in thrown for i in range(min(len(thrown[name]), len(arrived[name])))
            if thrown[name][i] - all_started >= 3]
        throws = sum(map(len, thrown.values()))
        print(f"{lanes} lanes{' in processes of 50' if in_process else ''} at --speed {speed}: {throws} throws in {elapsed:.1f} s "
              f"({throws / elapsed:.1f} throws/s), {delivered} events at the desk, "
              f"{sum(map(len, arrived.values()))} throws at the desk")
        if keep_store and delivered > 1:
            print(f"stored at the desk: {delivered} events in {last_delivery - first_delivery:.1f} s, "
                  f"{delivered / (last_delivery - first_delivery):.0f} events/s, each committed before it was printed")
        if latencies:
            print(f"throw-to-{'commit' if keep_store else 'desk'} latency: p50 {percentile(latencies, 0.5):.1f} ms, "
                  f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms")
        if steady:
            print(f"  without each lane's first 3 s ({len(steady)} throws): "
                  f"p50 {percentile(steady, 0.5):.1f} ms, p99 {percentile(steady, 0.99):.1f} ms, "
                  f"max {max(steady):.1f} ms")
        if running_all:
            print(f"  once every lane has run 3 s ({len(running_all)} throws): "
                  f"p50 {percentile(running_all, 0.5):.1f} ms, p99 {percentile(running_all, 0.99):.1f} ms, "
                  f"max {max(running_all):.1f} ms")
        print(f"CPU over the run: broker {broker_cpu:.2f} s ({100 * broker_cpu / elapsed:.1f} % of a core), "
              f"desk {desk_cpu:.2f} s ({100 * desk_cpu / elapsed:.1f} %), "
              f"lanes {lane_cpu:.2f} s in all ({100 * lane_cpu / elapsed / lanes:.2f} % of a core each)")
        failed = [name for name, p in lane_processes.items() if p.returncode not in (0, None)]
        if failed:
            print(f"lanes that failed: {failed}")
            return 1
        return 0
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
