#!/usr/bin/env bash
# Installs the Debian packages of the given purposes that are not installed yet:
#   scripts/install-deps.sh [build] [test] [run]     (none given: all three)
# from scripts/packages-build.txt (to build), packages-test.txt (the tests' tools) and
# packages-run.txt (what the programs open at run time). Does nothing when all are there; uses
# sudo when not root; otherwise lists what is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
purposes=("$@")
[[ ${#purposes[@]} -gt 0 ]] || purposes=(build test run)
wanted=()
for purpose in "${purposes[@]}"; do
  list="$here/packages-$purpose.txt"
  [[ -f "$list" ]] || { echo "install-deps: '$purpose' is not a purpose; allowed: build, test, run" >&2; exit 2; }
  mapfile -t -O "${#wanted[@]}" wanted < <(grep -v -e '^#' -e '^[[:space:]]*$' "$list")
done
missing=()
for pkg in "${wanted[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "install-deps: these Debian packages are missing and I am neither root nor have sudo:" >&2
  echo "  ${missing[*]}" >&2
  echo "install them with: apt-get install ${missing[*]}" >&2
  exit 1
fi
