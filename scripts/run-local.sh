#!/usr/bin/env bash
# Starts the sandbox and the BFF (with both built apps) on the embedded defaults, prints the URLs and
# stops both on Ctrl-C. Any variable of the README's configuration table may be set to override.
set -euo pipefail
cd "$(dirname "$0")/.."

export SANDBOX_HTTP_ADDR="${SANDBOX_HTTP_ADDR:-:8090}"
export BFF_HTTP_ADDR="${BFF_HTTP_ADDR:-:8080}"
sandbox_port="${SANDBOX_HTTP_ADDR##*:}"
bff_port="${BFF_HTTP_ADDR##*:}"
export SANDBOX_APP_URL="${SANDBOX_APP_URL:-http://localhost:$bff_port}"
export BFF_UPSTREAM_BASE_URL="${BFF_UPSTREAM_BASE_URL:-http://localhost:$sandbox_port}"
# The gateway's webhooks of links that name no notificationUrl go to the BFF's receiver too (the BFF's
# own links and charges name it).
export SANDBOX_PAYMENTS_WEBHOOK_URL="${SANDBOX_PAYMENTS_WEBHOOK_URL:-http://localhost:$bff_port/webhooks/payments}"
export BFF_LOG_FORMAT="${BFF_LOG_FORMAT:-text}"
# Demo data (applicants, applications, loans) survives restarts; delete the file or POST
# /_sandbox/reset to start again from the seeded personas.
mkdir -p .run
export SANDBOX_SNAPSHOT_FILE="${SANDBOX_SNAPSHOT_FILE:-.run/sandbox-snapshot.json}"

pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
# Ctrl-C is how a person stops it: that is a clean exit. Any other exit (a process that died) keeps
# its status.
trap 'stop; exit 0' INT TERM
trap stop EXIT

bin/sandbox &
pids+=($!)
bin/bff &
pids+=($!)

for _ in $(seq 1 100); do
  if curl -fsS "http://localhost:$bff_port/healthz" >/dev/null 2>&1; then break; fi
  sleep 0.1 # polling until the BFF answers
done

cat <<MSG

  Borrower app    http://localhost:$bff_port/
  Finance portal  http://localhost:$bff_port/finance-portal/
  Sandbox         http://localhost:$sandbox_port/

  Ctrl-C stops both.

MSG
wait -n "${pids[@]}"
