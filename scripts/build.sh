#!/usr/bin/env bash
# Configures and builds into BUILD_DIR (default: build) with any extra CMake arguments.
#   scripts/build.sh [BUILD_DIR] [-DOPTION=VALUE ...]
# With ccache installed (scripts/packages-build.txt lists it), the compilers run through it,
# with CCACHE_BASEDIR at the repository root: a rebuild, or a fresh clone elsewhere on the same
# machine, reuses the objects an earlier build made (CI's second run of scripts/test.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-build}"
shift || true
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$root/$build" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
cmake --build "$root/$build" -j "$(nproc)"
