#!/usr/bin/env bash
# make vulncheck: govulncheck (the version the tool directive in go.mod pins) over every Go package,
# against the Go vulnerability database.
#
#   - A known vulnerability the code calls (govulncheck's exit status 3) fails, printing the findings.
#   - A machine that cannot fetch the database (offline, or the host blocked) prints one line saying so
#     and passes: the check cannot be made there, and nothing else in `make test` needs the internet.
#   - Anything else that stops govulncheck fails, with its output: code that does not compile, a module
#     that cannot be loaded, a tool that does not build. Only an unreachable database is tolerated.
#
# The two cases are told apart by asking the database first, before any code is loaded: a look-up of
# one module (-mode=query), which touches nothing but the database. When govulncheck has started and
# printed its configuration, the look-up can fail only on the database. This also spares an offline
# machine the package loading, the slow half of the scan.
#
# VULNCHECK_DB names another copy of the database (a mirror, or file:///path to a local one, e.g. to
# try this script); a copy named there that cannot be opened fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."

db="${VULNCHECK_DB:-https://vuln.go.dev}"
out="$(mktemp)"
err="$(mktemp)"
trap 'rm -f "$out" "$err"' EXIT

# govulncheck runs the pinned tool with the database; its status is in $rc, its output in $out and $err.
govulncheck() {
  rc=0
  go tool govulncheck -db "$db" "$@" >"$out" 2>"$err" </dev/null || rc=$?
}

# unreachable says the check was skipped, and why, on one line.
unreachable() {
  echo "vulncheck: skipped: the Go vulnerability database ($db) cannot be fetched from this machine: $1"
  exit 0
}

# The module asked about does not matter: only whether the database answers.
govulncheck -mode=query -format=json lender@v0.0.0
if [ "$rc" -ne 0 ]; then
  if [ "$rc" -eq 1 ] && grep -q '"scan_mode": "query"' "$out"; then
    # The reason is govulncheck's first line; go's own lines come first when it fetches the tool's module.
    unreachable "$(grep -v '^go: downloading ' "$err" | head -n 1)"
  fi
  cat "$out" "$err"
  echo "vulncheck: govulncheck failed before reaching the database (exit status $rc)"
  exit 1
fi

govulncheck ./...
case "$rc" in
  0)
    cat "$out"
    echo "vulncheck: the code calls no known vulnerability of its modules or of Go $(go env GOVERSION) (${SECONDS}s)"
    ;;
  3)
    cat "$out" "$err"
    echo "vulncheck: known vulnerabilities found; upgrade the modules named above (Fixed in) and run 'go mod tidy'"
    exit 1
    ;;
  *)
    # The database answered a moment ago; losing it mid-scan is still only an unreachable database. The
    # message is the one govulncheck gives when fetching fails, after the code has loaded.
    last="$(tail -n 1 "$err")"
    if [ "$rc" -eq 1 ] && [[ "$last" == "govulncheck: fetching vulnerabilities: "* ]]; then
      unreachable "${last#govulncheck: fetching vulnerabilities: }"
    fi
    cat "$out" "$err"
    echo "vulncheck: govulncheck could not analyse the code (exit status $rc)"
    exit 1
    ;;
esac
