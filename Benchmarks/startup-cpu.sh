#!/usr/bin/env bash
# Start-up CPU of the real storefront against a floor: CatalogDecodeFloor (this package), a
# Swift program that loads Foundation, decodes the built-in catalog with JSONDecoder and
# exits. Builds both in release (or uses $STOREFRONT_BIN and $FLOOR_BIN), then measures the
# CPU time (user + sys) of, averaged over $RUNS runs each:
#   (a) the floor;
#   (b) `storefront products`: catalog decode and validation, store.sqlite opened and read,
#       the products request, a dozen lines printed; no terminal;
#   (c) the storefront itself, started at 100x30 in a private tmux server, to its first frame
#       (CPU read from /proc/PID/schedstat once the frame is up and the process idle);
# over a data directory holding one purchase (the usual launch), and (c) also over a new
# (empty) data directory and one holding 100 000 finished transactions. Prints each ratio to
# the floor. Goal: (c) <= 1.5x the floor.
#
#   Benchmarks/startup-cpu.sh                     # from the repository root
#   RUNS=40 Benchmarks/startup-cpu.sh
#
# Linux only (wait4, /proc). Needs tmux and python3.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs="${RUNS:-20}"

command -v tmux >/dev/null || { echo "startup-cpu.sh: tmux is required (apt-get install tmux)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "startup-cpu.sh: python3 is required" >&2; exit 2; }

bin="${STOREFRONT_BIN:-}"
if [ -z "$bin" ]; then
    # Built through this package: the same sources as the repository root's, sharing the
    # benchmarks' release build of GRDB and the rest.
    swift build -c release --package-path "$here" --product storefront >&2
    bin="$(swift build -c release --package-path "$here" --show-bin-path)/storefront"
fi
floor="${FLOOR_BIN:-}"
if [ -z "$floor" ]; then
    swift build -c release --package-path "$here" --product CatalogDecodeFloor >&2
    floor="$(swift build -c release --package-path "$here" --show-bin-path)/CatalogDecodeFloor"
fi
[ -x "$bin" ] || { echo "startup-cpu.sh: no storefront binary at $bin" >&2; exit 2; }
[ -x "$floor" ] || { echo "startup-cpu.sh: no floor binary at $floor" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/storefront-startup.XXXXXX")"
trap 'rm -rf "$work"' EXIT
measure() { python3 "$here/measure.py" "$@"; }

# Data directories: one purchase made (latency 0 so it is quick); empty; 100 000 transactions.
"$bin" --data-dir "$work/one" set latency 0 >/dev/null
"$bin" --data-dir "$work/one" buy com.storefront.credits.5 >/dev/null
mkdir -p "$work/new"
python3 "$here/make-history.py" "$work/big/store.json" 100000
"$bin" --data-dir "$work/big" state >/dev/null   # migrates store.json into store.sqlite

echo "storefront $bin"
echo "floor      $floor"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(swift --version 2>/dev/null | head -1)"
echo "$runs runs each (after a warm-up); CPU = user + sys"
echo
measure run --runs "$runs" --label "(a) floor: CatalogDecodeFloor" --json "$work/floor.json" -- "$floor"
measure run --runs "$runs" --label "(b) storefront products (one purchase)" --json "$work/products.json" \
    -- "$bin" --data-dir "$work/one" products
measure first-frame --runs "$runs" --label "(c) storefront to first frame (one purchase)" --json "$work/frame-one.json" \
    --bin "$bin" --data-dir "$work/one"
measure first-frame --runs "$runs" --label "(c) storefront to first frame (new data dir)" --json "$work/frame-new.json" \
    --bin "$bin" --data-dir "$work/new"
measure first-frame --runs "$runs" --label "(c) storefront to first frame (100 000 transactions)" --json "$work/frame-big.json" \
    --bin "$bin" --data-dir "$work/big"

echo
python3 - "$work" <<'PY'
import json, sys, os
work = sys.argv[1]
load = lambda name: json.load(open(os.path.join(work, name)))
floor = load("floor.json")["cpu_ms"]["mean"]
print(f"floor CPU (mean) {floor:.1f} ms")
for name, label in [("products.json", "storefront products (one purchase)"),
                    ("frame-one.json", "storefront to first frame (one purchase)"),
                    ("frame-new.json", "storefront to first frame (new data dir)"),
                    ("frame-big.json", "storefront to first frame (100 000 transactions)")]:
    cpu = load(name)["cpu_ms"]["mean"]
    print(f"{label}: CPU (mean) {cpu:.1f} ms = {cpu / floor:.2f}x the floor")
PY
