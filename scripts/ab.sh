#!/usr/bin/env bash
# ab.sh compares a Go benchmark between two builds on a noisy machine: it
# builds the test binary of one package at a git revision (default HEAD) and
# from the working tree, then runs the two alternately, ROUNDS times each,
# so that bursts of load from other tenants hit both alike, and prints the
# medians side by side (benchstat when it is installed).
#
#	scripts/ab.sh [-r REV] [-n ROUNDS] [-t BENCHTIME] PKG PATTERN
#	scripts/ab.sh -r HEAD~1 -n 3 ./bench 'BenchmarkConvertCSFToCOO/in=T4p'
#
# Compare the cpu-ns/op (or cpu-s/op) columns too where the benchmark
# reports them: CPU time is less disturbed by other tenants than wall time.
set -euo pipefail
rev=HEAD rounds=3 benchtime=""
while getopts "r:n:t:" o; do
  case $o in
    r) rev=$OPTARG ;;
    n) rounds=$OPTARG ;;
    t) benchtime=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '2,12p' "$0"; exit 2; }
pkg=$1 pattern=$2
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach "$tmp/old" "$rev" >/dev/null 2>&1
(cd "$tmp/old" && go test -c -o "$tmp/old.test" "$pkg")
(cd "$root" && go test -c -o "$tmp/new.test" "$pkg")
args=(-test.run '^$' -test.bench "$pattern" -test.count 1)
[ -n "$benchtime" ] && args+=(-test.benchtime "$benchtime")
# Run from the package directory, as go test does (testdata paths).
dir="$root/${pkg#./}"
for i in $(seq "$rounds"); do
  for v in old new; do
    (cd "$dir" && "$tmp/$v.test" "${args[@]}") | grep '^Benchmark' >>"$tmp/$v.txt"
  done
  echo "round $i of $rounds done" >&2
done
if command -v benchstat >/dev/null 2>&1; then
  benchstat "$rev=$tmp/old.txt" "working-tree=$tmp/new.txt"
else
  for v in old new; do echo "== $v"; cat "$tmp/$v.txt"; done
fi
