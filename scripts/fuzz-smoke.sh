#!/usr/bin/env bash
# Runs every Fuzz target of the module for FUZZTIME each (default 5s): a smoke
# test that the targets still run and find nothing quickly. Long campaigns:
# make fuzz FUZZTIME=60s.
set -euo pipefail
fuzztime=${FUZZTIME:-5s}
cd "$(dirname "$0")/.."
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($fuzztime)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >/tmp/fuzz-$$.log 2>&1 || {
      cat /tmp/fuzz-$$.log; rm -f /tmp/fuzz-$$.log; exit 1; }
  done
done
rm -f /tmp/fuzz-$$.log
