#!/usr/bin/env bash
# Checks the system tools the project needs. As root on Debian it installs what is missing; anyone
# else gets the exact command to run. Browsers come only from Debian's chromium package: no tool may
# download one.
set -euo pipefail

PNPM_VERSION=12.21.0
missing_pkgs=()

command -v go >/dev/null || { echo "Go is missing: install Go 1.26 from https://go.dev/dl/"; exit 1; }
command -v node >/dev/null || { echo "Node.js is missing: install Node 20.19 or newer"; exit 1; }

if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  # corepack's signature check fails against some registries, so pnpm comes from npm, pinned.
  if [ "$(id -u)" = 0 ]; then
    echo "Installing pnpm@$PNPM_VERSION with npm"
    npm install -g "pnpm@$PNPM_VERSION" >/dev/null
  else
    echo "pnpm $PNPM_VERSION is missing: run  npm install -g pnpm@$PNPM_VERSION"; exit 1
  fi
fi

command -v redis-server >/dev/null || missing_pkgs+=(redis-server)
[ -x /usr/bin/chromium ] || missing_pkgs+=(chromium)

if [ ${#missing_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing ${missing_pkgs[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing_pkgs[@]}" >/dev/null
  else
    echo "Missing: ${missing_pkgs[*]}. On Debian run:  sudo apt-get install ${missing_pkgs[*]}"; exit 1
  fi
fi
