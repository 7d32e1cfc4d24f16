#!/usr/bin/env python3
"""Timing for startup-cpu.sh and cli-wall.sh: runs a command repeatedly, or starts the
storefront in a private tmux server, and reports wall time, CPU time (user + sys) and peak
memory (max RSS). Linux only (wait4's rusage, /proc).

  measure.py run [--runs N] [--warmup N] [--label TEXT] [--json FILE] -- COMMAND ARGS...
  measure.py first-frame [--runs N] [--label TEXT] [--json FILE] --bin STOREFRONT --data-dir DIR [--keys ...]

`run`: each run is one fork + exec + wait4 of COMMAND (stdout and stderr to /dev/null); its
rusage gives the CPU time and max RSS of that process alone, the clock around it the wall
time. A run that exits non-zero stops the measurement.

`first-frame`: each run starts `STOREFRONT --data-dir DIR` at 100x30 in a tmux server of its
own, waits until the pane shows the store (the catalog's app name), waits for the process to
go idle (it blocks on the keyboard), and reads its CPU time from /proc/PID/schedstat
(nanoseconds on the CPU, user + sys) and its peak memory from /proc/PID/status (VmHWM). With
--keys, those keys are sent after the first frame (one send-keys each, 50 ms apart) and the
peak memory is read after them. Then `q`, and the tmux server is killed.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def summary(samples):
    s = sorted(samples)
    n = len(s)

    def pct(p):
        return s[min(n - 1, max(0, round(p / 100 * (n - 1))))]

    return {"n": n, "mean": statistics.fmean(s), "p50": statistics.median(s), "p90": pct(90), "min": s[0], "max": s[-1]}


def run_once(argv):
    devnull = os.open(os.devnull, os.O_RDWR)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(devnull, 0)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    os.close(devnull)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"measure.py: {' '.join(argv)} exited {code}")
    # ru_maxrss is in KiB on Linux.
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024


def cmd_run(args):
    argv = args.command
    if argv and argv[0] == "--":
        argv = argv[1:]
    for _ in range(args.warmup):
        run_once(argv)
    walls, cpus, rss = [], [], []
    for _ in range(args.runs):
        w, c, r = run_once(argv)
        walls.append(w)
        cpus.append(c)
        rss.append(r)
    return {"label": args.label or " ".join(argv), "wall_ms": summary(walls), "cpu_ms": summary(cpus),
            "max_rss_mib": max(rss)}


def tmux(socket, *words, output=False):
    result = subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", *words], check=True,
                            stdout=subprocess.PIPE if output else subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            text=True)
    return result.stdout if output else None


def cpu_ns(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def vm_hwm_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def wait_idle(pid, settle=0.15, timeout=10):
    """Until the process's CPU time stops moving for `settle` seconds."""
    deadline = time.monotonic() + timeout
    last = cpu_ns(pid)
    while time.monotonic() < deadline:
        time.sleep(settle)
        now = cpu_ns(pid)
        if now == last:
            return now
        last = now
    raise SystemExit(f"measure.py: the storefront (PID {pid}) did not go idle in {timeout} s")


def first_frame_once(binary, data_dir, marker, keys):
    with tempfile.TemporaryDirectory(prefix="storefront-frame-") as tmp:
        socket = os.path.join(tmp, "tmux.sock")
        command = f"exec env LANG=C.UTF-8 TERM=xterm-256color '{binary}' --data-dir '{data_dir}'"
        start = time.perf_counter()
        tmux(socket, "new-session", "-d", "-s", "frame", "-x", "100", "-y", "30", command)
        try:
            pid = int(tmux(socket, "display-message", "-p", "-t", "frame", "#{pane_pid}", output=True).strip())
            deadline = time.monotonic() + 20
            while True:
                screen = tmux(socket, "capture-pane", "-p", "-t", "frame", output=True)
                if marker in screen:
                    break
                if time.monotonic() > deadline:
                    raise SystemExit(f"measure.py: no first frame in 20 s:\n{screen}")
                time.sleep(0.002)
            frame_wall = (time.perf_counter() - start) * 1000
            cpu = wait_idle(pid) / 1e6
            hwm_first = vm_hwm_mib(pid)
            for key in keys:
                tmux(socket, "send-keys", "-t", "frame", key)
                time.sleep(0.05)
            if keys:
                wait_idle(pid)
            hwm = vm_hwm_mib(pid)
            tmux(socket, "send-keys", "-t", "frame", "q")
            time.sleep(0.05)
        finally:
            subprocess.run(["tmux", "-S", socket, "kill-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return frame_wall, cpu, hwm_first, hwm


def cmd_first_frame(args):
    walls, cpus, hwm_first, hwm = [], [], [], []
    for i in range(args.warmup + args.runs):
        w, c, h1, h = first_frame_once(args.bin, args.data_dir, args.marker, args.keys or [])
        if i >= args.warmup:
            walls.append(w)
            cpus.append(c)
            hwm_first.append(h1)
            hwm.append(h)
    result = {"label": args.label or f"storefront to first frame ({args.data_dir})", "frame_wall_ms": summary(walls),
              "cpu_ms": summary(cpus), "max_rss_mib_first_frame": max(hwm_first)}
    if args.keys:
        result["max_rss_mib_after_keys"] = max(hwm)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    run = sub.add_parser("run")
    run.add_argument("--runs", type=int, default=20)
    run.add_argument("--warmup", type=int, default=3)
    run.add_argument("--label")
    run.add_argument("--json")
    run.add_argument("command", nargs=argparse.REMAINDER)
    frame = sub.add_parser("first-frame")
    frame.add_argument("--runs", type=int, default=20)
    frame.add_argument("--warmup", type=int, default=2)
    frame.add_argument("--label")
    frame.add_argument("--json")
    frame.add_argument("--bin", required=True)
    frame.add_argument("--data-dir", required=True)
    frame.add_argument("--marker", default="Quotes & Credits")
    frame.add_argument("--keys", nargs="*")
    args = parser.parse_args()
    result = cmd_run(args) if args.what == "run" else cmd_first_frame(args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f)
    parts = [result["label"] + ":"]
    for key in ("wall_ms", "frame_wall_ms", "cpu_ms"):
        if key in result:
            s = result[key]
            name = {"wall_ms": "wall", "frame_wall_ms": "wall to frame (via tmux)", "cpu_ms": "CPU"}[key]
            parts.append(f"{name} p50 {s['p50']:.1f} ms (mean {s['mean']:.1f}, p90 {s['p90']:.1f}, n {s['n']})")
    for key, name in (("max_rss_mib", "max RSS"), ("max_rss_mib_first_frame", "max RSS at first frame"),
                      ("max_rss_mib_after_keys", "max RSS after keys")):
        if key in result:
            parts.append(f"{name} {result[key]:.1f} MiB")
    print("  ".join(parts[:1]) + "\n    " + "\n    ".join(parts[1:]))


if __name__ == "__main__":
    sys.exit(main())
