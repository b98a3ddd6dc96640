#!/bin/sh
# bench/peers/run.sh: hurray-go against SciPy on the same generated matrices,
# in the same run. make bench-peers runs it.
#
# It exports the suite's matrices (M2 and M4; MATRICES=M1,M2,M4 adds M1,
# which takes longer; matrix files go in the list too, as in
# MATRICES=M4,testdata/x.mtx) as SciPy .npz with `hurray bench --export`, runs
# `hurray bench --json` on the matching cases (auto path, THREADS threads,
# default 1 as SciPy's sparse products are single-threaded), then times SciPy
# on SpMV f32/f64, SpMM f32 k=64, COO->CSR and CSR->CSC with int64 indices
# (and with int32 indices beside hurray's prepared forms)
# and prints both with the ratio, over ROUNDS alternating rounds (default 3:
# medians of each side and of the rounds' ratios, of the wall times and of
# the process CPU times). Without python3 and SciPy
# it says so and exits 0. PYTHON=/path/to/python3 picks the interpreter.
# KEEP=DIR keeps each round's two JSON files there (hurray-N.json, the
# output of hurray bench --json, and scipy-N.json, SciPy's times with its
# version under "_versions"): bench/cmd/perfdoc makes docs/performance.md's
# SciPy table from them.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
MATRICES=${MATRICES:-M2,M4}
THREADS=${THREADS:-1}
ROUNDS=${ROUNDS:-3}

PY=""
for c in ${PYTHON:-/usr/bin/python3 python3}; do
	if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import scipy, numpy' >/dev/null 2>&1; then
		PY=$(command -v "$c")
		break
	fi
done
if [ -z "$PY" ]; then
	echo "bench-peers: SciPy is missing (no python3 that imports scipy and numpy; Debian: apt-get install python3-scipy): nothing compared."
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$GO build -o "$tmp/hurray" ./cmd/hurray
"$tmp/hurray" bench --export "$tmp/data" --matrices "$MATRICES" >/dev/null
# ROUNDS rounds, each hurray's cases then SciPy's, so that a slow minute on
# this shared host hits both sides of a round's ratios.
args=""
i=1
while [ "$i" -le "$ROUNDS" ]; do
	"$tmp/hurray" bench --json --paths auto --threads "$THREADS" --matrices "$MATRICES" \
		--filter '^(spmv/|spmm/f32/k=64/|spmv-prepared/(f32|f64|int8:channel:axis=0|nf4:block=64)/|spmm-prepared/f32/k=64/|coo-csr/|csr-csc/)' >"$tmp/hurray$i.json"
	"$PY" bench/peers/scipy_peers.py time "$tmp/data" "$tmp/scipy$i.json"
	args="$args $tmp/hurray$i.json $tmp/scipy$i.json"
	if [ -n "${KEEP:-}" ]; then
		mkdir -p "$KEEP"
		cp "$tmp/hurray$i.json" "$KEEP/hurray-$i.json"
		cp "$tmp/scipy$i.json" "$KEEP/scipy-$i.json"
	fi
	i=$((i + 1))
done
"$PY" bench/peers/scipy_peers.py report $args
