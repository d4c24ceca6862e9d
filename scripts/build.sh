#!/usr/bin/env bash
# Configures and builds into BUILD_DIR (default: build) with any extra CMake arguments.
#   scripts/build.sh [BUILD_DIR] [-DOPTION=VALUE ...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-build}"
shift || true
cmake -S "$root" -B "$root/$build" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$root/$build" -j "$(nproc)"
