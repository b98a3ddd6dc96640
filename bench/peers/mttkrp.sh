#!/bin/sh
# bench/peers/mttkrp.sh: hurray-go's MTTKRP against csf_root.c, a C root-mode
# MTTKRP in SPLATT's manner (one tree per mode; see the top of csf_root.c),
# on the same tensors and factors, in the same run. make bench-mttkrp-peer
# runs it.
#
# It builds csf_root with $CC -O3 -march=native -fopenmp, writes the trees
# with `go test ./bench -run TestDumpCSFForPeers` (into PEER_DATA when set,
# kept for later runs; else a temporary directory), then over ROUNDS
# alternating rounds (default 3) times, per tensor of TENSORS (T3u,T3p,T4p),
# R of RANKS (16) and thread count of THREADS ("1 2"): BenchmarkMTTKRP's
# float64 auto-path cases of every mode (REPS calls each, default 10), then
# csf_root on every mode's tree (REPS calls, median). It prints per case the
# medians of both sides in ms and M nonzeros/s and the median of the rounds'
# ratios (C time / Go time: above 1, hurray-go is faster). csf_root checks
# its result against hurray-go's and the script stops when they differ.
# Without a C compiler with OpenMP it says so and exits 0.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
CC=${CC:-gcc}
TENSORS=${TENSORS:-T3u,T3p,T4p}
RANKS=${RANKS:-16}
THREADS=${THREADS:-1 2}
ROUNDS=${ROUNDS:-3}
REPS=${REPS:-10}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$CC" -O3 -march=native -fopenmp bench/peers/csf_root.c -o "$tmp/csf_root" -lm 2>"$tmp/cc.log"; then
	echo "bench-mttkrp-peer: $CC cannot build bench/peers/csf_root.c with OpenMP (Debian: apt-get install gcc): nothing compared."
	sed 's/^/  /' "$tmp/cc.log"
	exit 0
fi
data=${PEER_DATA:-$tmp/data}
mkdir -p "$data"
missing=""
for t in $(echo "$TENSORS" | tr , ' '); do
	[ -f "$data/$t.m0.csf" ] || missing="$missing,$t"
done
if [ -n "$missing" ]; then
	HURRAY_DUMP_CSF="$data" HURRAY_DUMP_CSF_TENSORS="${missing#,}" \
		$GO test ./bench -run '^TestDumpCSFForPeers$' -count=1 -timeout 60m >/dev/null
fi
$GO test -c -o "$tmp/bench.test" ./bench

i=1
while [ "$i" -le "$ROUNDS" ]; do
	for t in $(echo "$TENSORS" | tr , ' '); do
		for r in $(echo "$RANKS" | tr , ' '); do
			for th in $THREADS; do
				"$tmp/bench.test" -test.run '^$' -test.benchtime "${REPS}x" \
					-test.bench "BenchmarkMTTKRP/$t/impl=auto/f64/R=$r/threads=$th/" |
					awk -v round="$i" '/^BenchmarkMTTKRP/ { print "go", round, $1, $3 }' >>"$tmp/times"
				m=0
				while [ -f "$data/$t.m$m.csf" ]; do
					"$tmp/csf_root" "$data" "$t" "$m" "$r" "$th" "$REPS" >"$tmp/c.out"
					awk -v round="$i" '{ split($5, a, "="); print "c", round, $1 "/R=" substr($3, 3) "/threads=" substr($4, 9) "/mode=" substr($2, 6), a[2] * 1e6 }' "$tmp/c.out" >>"$tmp/times"
					m=$((m + 1))
				done
			done
		done
	done
	i=$((i + 1))
done

# Each line of times: side round case ns. Go's case names carry the path and
# type and end in -GOMAXPROCS; reduce both to tensor/R=/threads=/mode=.
awk '
function median(s,   n, v, i, j, x) {
	n = split(s, v, " ")
	for (i = 2; i <= n; i++) { x = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
{
	c = $3
	if ($1 == "go") { sub(/^BenchmarkMTTKRP\//, "", c); sub(/\/impl=auto\/f64/, "", c); sub(/-[0-9]+$/, "", c) }
	t[$1, c] = t[$1, c] " " $4
	tr[$1, c, $2] = $4
	if (!(c in seen)) { seen[c] = 1; order[++n] = c }
	rounds[$2] = 1
}
END {
	for (k = 1; k <= n; k++) {
		c = order[k]
		if (!(("go", c) in t) || !(("c", c) in t)) continue
		rs = ""
		for (r in rounds) if ((("go", c, r) in tr) && (("c", c, r) in tr)) rs = rs " " tr["c", c, r] / tr["go", c, r]
		printf "%s %.2f %.2f %.2f\n", c, median(t["go", c]) / 1e6, median(t["c", c]) / 1e6, median(rs)
	}
}' "$tmp/times" >"$tmp/report"
# nnz per tensor from the tree files' headers (word 1), for the rates.
for t in $(echo "$TENSORS" | tr , ' '); do
	printf '%s %s\n' "$t" "$(od -An -t u8 -j 8 -N 8 "$data/$t.m0.csf" | tr -d ' ')"
done >"$tmp/nnz"
awk 'NR == FNR { nnz[$1] = $2; next }
FNR == 1 { printf "%-28s %10s %10s %10s %10s %8s\n", "case (float64)", "hurray ms", "C ms", "hurray M/s", "C M/s", "C/hurray" }
{ split($1, p, "/"); z = nnz[p[1]]; printf "%-28s %10.2f %10.2f %10.1f %10.1f %7.2fx\n", $1, $2, $3, z / ($2 * 1e3), z / ($3 * 1e3), $4 }' "$tmp/nnz" "$tmp/report"
