#!/usr/bin/env bash
# The performance budgets of DESIGN §9 that exist so far, measured and printed on every run.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== BFF added latency (bff/cmd/loadbench)"
go run ./bff/cmd/loadbench -bff bin/bff -sandbox bin/sandbox

echo
echo "== BFF allocations per authenticated proxied request (go test -bench)"
out=$(go test -run '^$' -bench 'BenchmarkAuthenticatedBrandCall$' -benchmem -count 1 ./bff/internal/app/)
echo "$out" | grep -E '^Benchmark'
echo "$out" | awk '/^BenchmarkAuthenticatedBrandCall/ { for (i = 1; i <= NF; i++) if ($(i) == "allocs/op") print "allocations per request of the BFF path: " $(i-1) }'
