#!/usr/bin/env bash
# Idle CPU of the real storefront (DESIGN.md §6): starts the binary in a private tmux server
# at 100×30 on a temporary data directory, lets it settle for 5 s, then reads its CPU time
# (utime + stime from /proc/PID/stat) before and after 10 s with no input. An idle
# storefront blocks on the keyboard, so the difference should be ~0.
#
#   Benchmarks/idle-cpu.sh                        # builds the release binary first
#   IDLE_HISTORY=100000 Benchmarks/idle-cpu.sh    # over a store of 100 000 transactions
#   STOREFRONT_BIN=/path/to/storefront Benchmarks/idle-cpu.sh
#   IDLE_SECONDS=30 MAX_IDLE_CPU_MS=50 Benchmarks/idle-cpu.sh
#
# Linux only (/proc). Needs tmux. Exits 1 if the idle period used more than MAX_IDLE_CPU_MS.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
settle="${SETTLE_SECONDS:-5}"
idle="${IDLE_SECONDS:-10}"
max_ms="${MAX_IDLE_CPU_MS:-50}"

command -v tmux >/dev/null || { echo "idle-cpu.sh: tmux is required (apt-get install tmux)" >&2; exit 2; }
[ -r /proc/self/stat ] || { echo "idle-cpu.sh: needs Linux /proc" >&2; exit 2; }

bin="${STOREFRONT_BIN:-}"
if [ -z "$bin" ]; then
    # Built through the benchmarks package (the same sources as the repository root's), so
    # it shares the release build with startup-cpu.sh, cli-wall.sh and the benchmarks.
    swift build -c release --package-path "$here" --product storefront >&2
    bin="$(swift build -c release --package-path "$here" --show-bin-path)/storefront"
fi
[ -x "$bin" ] || { echo "idle-cpu.sh: no storefront binary at $bin" >&2; exit 2; }

socket="storefront-idle-$$"
data="$(mktemp -d "${TMPDIR:-/tmp}/storefront-idle.XXXXXX")"
if [ "${IDLE_HISTORY:-0}" -gt 0 ]; then
    # A store.json of earlier storefronts, migrated into store.sqlite by a first command.
    python3 "$here/make-history.py" "$data/store.json" "$IDLE_HISTORY"
    "$bin" --data-dir "$data" state >/dev/null
fi
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

# exec: the pane's process is storefront itself, so #{pane_pid} is its PID.
tmux -L "$socket" -f /dev/null new-session -d -s idle -x 100 -y 30 \
    "exec env LANG=C.UTF-8 TERM=xterm-256color '$bin' --data-dir '$data'"
pid="$(tmux -L "$socket" list-panes -t idle -F '#{pane_pid}')"

# CPU time in clock ticks: utime + stime (fields 14 and 15; the name in field 2 may hold spaces).
cpu_ticks() { sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
hz="$(getconf CLK_TCK)"
ms() { echo $(( $1 * 1000 / hz )); }

sleep "$settle"
[ -r "/proc/$pid/stat" ] || { echo "idle-cpu.sh: storefront (PID $pid) exited during start-up" >&2; exit 1; }
if ! tmux -L "$socket" capture-pane -t idle -p | grep -q '[^[:space:]]'; then
    echo "idle-cpu.sh: storefront drew nothing in ${settle} s" >&2
    exit 1
fi

before="$(cpu_ticks "$pid")"
sleep "$idle"
[ -r "/proc/$pid/stat" ] || { echo "idle-cpu.sh: storefront (PID $pid) exited while idle" >&2; exit 1; }
after="$(cpu_ticks "$pid")"

used_ms="$(ms $(( after - before )))"
echo "storefront PID $pid ($bin), 100x30"
echo "CPU time after ${settle} s start-up: $(ms "$before") ms"
echo "CPU time after ${idle} s more idle:  $(ms "$after") ms"
echo "idle CPU: ${used_ms} ms in ${idle} s (clock tick $(( 1000 / hz )) ms)"
if [ "$used_ms" -gt "$max_ms" ]; then
    echo "idle-cpu.sh: FAIL: more than ${max_ms} ms of CPU while idle" >&2
    exit 1
fi
