#!/usr/bin/env bash
# The README's second command: installs missing Debian packages, builds, and runs every test
# (unit, reference, cli, app logic and the real window under Xvfb), makes and checks the Debian
# package from that build (scripts/package.sh: lintian, the unpacked programs, the man pages),
# fuzzes the drag-script and command-line parsers with libFuzzer for a short while
# (PBD_FUZZ_SECONDS per target, default 30; 0 skips it; longer runs: tests/fuzz/README.md),
# then rebuilds with AddressSanitizer + UndefinedBehaviorSanitizer and runs every test that
# needs no window, except the long runs (label `long`: [slow] cases, the bad_* refusal checks,
# the golden hashes), whose code shorter tests and the fuzzers exercise under the sanitizers.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh"

echo "== build (Release) and run every test"
"$root/scripts/build.sh" build -DPBD_BUILD_TESTS=ON -DPBD_SANITIZE=OFF
ctest --test-dir "$root/build" --output-on-failure -j "$(nproc)"

echo "== the Debian package from that build: lintian, the unpacked programs, the man pages"
"$root/scripts/package.sh" build

fuzz_seconds="${PBD_FUZZ_SECONDS:-30}"
if [[ "$fuzz_seconds" != 0 ]]; then
  echo "== fuzz the drag-script and command-line parsers (libFuzzer, ${fuzz_seconds}s each)"
  "$root/tests/fuzz/run_fuzz.sh" "$fuzz_seconds" build-fuzz
fi

echo "== build with ASan+UBSan and run the tests that need no window (not the long runs)"
"$root/scripts/build.sh" build-asan -DPBD_BUILD_TESTS=ON -DPBD_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$root/build-asan" --output-on-failure -j "$(nproc)" -LE 'e2e|long'

