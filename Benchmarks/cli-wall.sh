#!/usr/bin/env bash
# The command line's cost as the history grows: wall time, CPU time (user + sys) and peak
# memory (max RSS) of `storefront buy com.storefront.credits.5` (store latency 0) and
# `storefront state`, over a data directory with no transactions and one with 100 000
# finished transactions (written as a store.json by make-history.py and migrated into
# store.sqlite by a first `storefront state`, whose time is shown too). Prints the ratio of
# the 100 000 figures to the empty ones (goal: within 1.2x), and the peak memory of the
# storefront itself over the 100 000 history (started in tmux, then ↓ through the list,
# the transaction log opened and scrolled to its top).
#
# Each command runs $RUNS times after 3 warm-up runs, one process at a time (measure.py: fork,
# exec, wait4). Every `buy` appends a transaction: $RUNS + 3 of them, negligible beside
# 100 000; the empty directory ends with that many.
#
#   Benchmarks/cli-wall.sh                        # from the repository root; builds release
#   STOREFRONT_BIN=/path/to/storefront RUNS=50 Benchmarks/cli-wall.sh
#
# Linux only. Needs python3, and tmux for the storefront's peak memory.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs="${RUNS:-30}"
history="${HISTORY:-100000}"

bin="${STOREFRONT_BIN:-}"
if [ -z "$bin" ]; then
    # Built through this package: the same sources as the repository root's, sharing the
    # benchmarks' release build of GRDB and the rest.
    swift build -c release --package-path "$here" --product storefront >&2
    bin="$(swift build -c release --package-path "$here" --show-bin-path)/storefront"
fi
[ -x "$bin" ] || { echo "cli-wall.sh: no storefront binary at $bin" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/storefront-cli.XXXXXX")"
trap 'rm -rf "$work"' EXIT
measure() { python3 "$here/measure.py" "$@"; }

"$bin" --data-dir "$work/empty" set latency 0 >/dev/null
python3 "$here/make-history.py" "$work/big/store.json" "$history"
echo "storefront $bin"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(swift --version 2>/dev/null | head -1)"
echo "$runs runs each (after 3 warm-up runs)"
echo
start=$(date +%s.%N)
"$bin" --data-dir "$work/big" state >/dev/null
echo "migrating a store.json of $history transactions (first storefront state): $(python3 -c "print(f'{($(date +%s.%N) - $start) * 1000:.0f} ms')")"
echo

for dir in empty big; do
    measure run --runs "$runs" --label "buy ($dir)" --json "$work/buy-$dir.json" \
        -- "$bin" --data-dir "$work/$dir" buy com.storefront.credits.5
    measure run --runs "$runs" --label "state ($dir)" --json "$work/state-$dir.json" \
        -- "$bin" --data-dir "$work/$dir" state
done

if command -v tmux >/dev/null; then
    # ↓ ×12 through the list, l opens the transaction log (the newest 500), Home scrolls it up.
    measure first-frame --runs 3 --warmup 0 --label "storefront, $history transactions" \
        --json "$work/ui-big.json" --bin "$bin" --data-dir "$work/big" \
        --keys Down Down Down Down Down Down Down Down Down Down Down Down l Home PageDown End Escape
fi

echo
python3 - "$work" "$history" <<'PY'
import json, os, sys
work, history = sys.argv[1], int(sys.argv[2])
load = lambda name: json.load(open(os.path.join(work, name)))
print(f"{'':8} {'wall p50 (0)':>13} {'wall p50 (' + str(history) + ')':>18} {'ratio':>6}   {'CPU p50 (0)':>12} {'CPU p50 (' + str(history) + ')':>17}   max RSS ({history})")
for command in ("buy", "state"):
    empty, big = load(f"{command}-empty.json"), load(f"{command}-big.json")
    ratio = big["wall_ms"]["p50"] / empty["wall_ms"]["p50"]
    print(f"{command:8} {empty['wall_ms']['p50']:>10.1f} ms {big['wall_ms']['p50']:>15.1f} ms {ratio:>5.2f}x"
          f"   {empty['cpu_ms']['p50']:>9.1f} ms {big['cpu_ms']['p50']:>14.1f} ms   {big['max_rss_mib']:.1f} MiB"
          f" (0: {empty['max_rss_mib']:.1f} MiB)")
if os.path.exists(os.path.join(work, "ui-big.json")):
    ui = load("ui-big.json")
    print(f"storefront over {history}: max RSS {ui['max_rss_mib_first_frame']:.1f} MiB at the first frame, "
          f"{ui['max_rss_mib_after_keys']:.1f} MiB after ↓ through the list and the log opened")
PY
