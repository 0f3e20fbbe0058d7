# The entry points of the project. `make run` and `make test` are the two a newcomer needs; the README
# documents every target.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PNPM_VERSION := 12.21.0
export TURBO_TELEMETRY_DISABLED := 1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CHROME_PATH ?= /usr/bin/chromium
GO ?= go
BIN := bin

.PHONY: help run test checks check-go check-js tools install build build-go build-apps gen gen-check fmt-check lint lint-go lint-js vulncheck test-go test-js e2e e2e-run bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-11s %s\n", $$1, $$2}'

run: tools install build ## install, build both apps and start the sandbox and the BFF (Ctrl-C stops both)
	@scripts/run-local.sh

test: tools install gen-check checks e2e-run ## everything CI runs
	@echo "make test: all checks passed"

# The Go checks and the JS checks run side by side: each alone leaves a core idle at times (the Go tests
# wait on Redis, the sandbox and timers), and together they take minutes off a CI run on two cores. Each
# lane's output is printed whole when it ends. They start after gen-check, which rewrites generated files
# both lanes read.
checks:
	@$(MAKE) --no-print-directory -j2 --output-sync=recurse check-go check-js

check-go: lint-go vulncheck test-go build-go

check-js: lint-js test-js build-apps

tools: ## check (and as root on Debian, install) the system tools the project needs
	@scripts/ensure-tools.sh

install: ## install the JS dependencies exactly as locked
	pnpm install --frozen-lockfile

build: build-go build-apps ## build the Go binaries into bin/ and both apps into their dist/

build-go:
	$(GO) build -o $(BIN)/bff ./bff/cmd/bff
	$(GO) build -o $(BIN)/sandbox ./sandbox/cmd/sandbox
	$(GO) build -o $(BIN)/bffctl ./bff/cmd/bffctl

build-apps:
	pnpm build

gen: ## regenerate the Go server, the TypeScript schema, error codes, call policies and request schemas
	$(GO) tool oapi-codegen -config bff/internal/apigen/config.yaml bff/openapi.yaml
	pnpm --filter @lender/api-client gen
	$(GO) run ./bff/cmd/gen-client

gen-check: gen ## fail when the generated files are stale
	@if [ -n "$$(git status --porcelain -- bff/internal/apigen packages/api-client/src/schema.d.ts packages/api-client/src/generated)" ]; then \
		git --no-pager diff --stat -- bff/internal/apigen packages/api-client/src/schema.d.ts packages/api-client/src/generated; \
		echo "Generated files are stale: run 'make gen' and commit the result."; exit 1; fi

fmt-check:
	@unformatted="$$(gofmt -l bff sandbox)"; if [ -n "$$unformatted" ]; then \
		echo "gofmt needed on:"; echo "$$unformatted"; exit 1; fi

lint: lint-go lint-js ## go vet, staticcheck, eslint and tsc --noEmit for every package

lint-go: fmt-check
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

lint-js:
	pnpm lint
	pnpm typecheck

vulncheck: ## govulncheck: fail on a known vulnerability the Go code calls (skipped, saying so, offline)
	@scripts/vulncheck.sh

test-go: ## Go tests with the race detector, against real redis-server processes and the real sandbox
	$(GO) test -race -count=1 ./...

test-js: ## Vitest in every package
	pnpm test

e2e: build e2e-run ## Playwright journeys in Debian Chromium against the real BFF, sandbox and Redis, E2E_WORKERS at a time

# The journeys on what is built already (make test builds in its checks).
e2e-run:
	pnpm e2e

bench: tools install build-go ## the performance budgets: BFF overhead, allocations, bundle sizes, Lighthouse
	@scripts/bench.sh

clean: ## remove build output
	rm -rf $(BIN) apps/*/dist e2e/artifacts e2e/test-results
