#!/usr/bin/env bash
# The README's second command: installs missing Debian packages, builds, and runs every test
# (unit, reference, cli, app logic and the real window under Xvfb), makes and checks the Debian
# package from that build (scripts/package.sh: lintian, the unpacked programs, the man pages),
# fuzzes the drag-script and command-line parsers with libFuzzer for a short while
# (PBD_FUZZ_SECONDS per target, default 30; 0 skips it; longer runs: tests/fuzz/README.md),
# then rebuilds with AddressSanitizer + UndefinedBehaviorSanitizer and runs every test that
# needs no window, except the long runs (label `long`: [slow] cases, the bad_* refusal checks,
# the golden hashes), whose code shorter tests and the fuzzers exercise under the sanitizers.
#
# The sanitizer build and then its tests run in the background (niced) from the end of the
# Release build's unit and CLI tests and the window tests that measure time (label
# e2e-timing) while the other window tests, the package stage and the fuzzers run: those wait
# on the app's state, not on the clock, so the load only makes them slower, and the window
# tests leave a core half idle that the sanitizer work takes. Its output goes to
# build-asan/build.log and build-asan/test.log, shown when it fails. Each stage ends with a
# "== time:" line (wall-clock seconds and the CPU seconds of its processes: the background
# work's are counted when it is waited for) and the run with a table of them and the load
# average (what else ran on the machine).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="$(nproc)"

cpu_file="$(mktemp)"
cpu() { # CPU seconds (user + system) of this script's finished children so far, in `used`
  times >"$cpu_file" # in this shell: a subshell's `times` would count its own children
  used="$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m")
                         printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$cpu_file")"
}
began="$(date +%s)" stage_name="" stage_began="$began" stage_cpu=0 times=()
stage() { # ends the running stage with its time line and starts the one named (none: ends)
  local now used
  now="$(date +%s)"
  cpu
  if [[ -n "$stage_name" ]]; then
    echo "== time: $stage_name: $((now - stage_began)) s, $((used - stage_cpu)) s of CPU"
    times+=("$(printf '%6d s %6d s CPU  %s' $((now - stage_began)) $((used - stage_cpu)) \
                 "$stage_name")")
  fi
  stage_name="${1:-}" stage_began="$now" stage_cpu="$used"
  [[ -z "$stage_name" ]] || echo "== $stage_name"
}

stage "install missing Debian packages"
"$root/scripts/install-deps.sh"

stage "build (Release)"
"$root/scripts/build.sh" build -DPBD_BUILD_TESTS=ON -DPBD_SANITIZE=OFF

stage "Release: every test but the window's (ctest -LE e2e -j $jobs)"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -LE e2e

# The window's tests that measure the app against the clock (frame rate, CPU use, real
# time) before anything runs beside them.
stage "Release: the window's timing tests under Xvfb (ctest -L e2e-timing)"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -L e2e-timing

# The sanitizer build, then its tests, beside the stages below (niced: they come first).
mkdir -p "$root/build-asan"
asan_log="$root/build-asan/build.log" asan_test_log="$root/build-asan/test.log"
# asan_tests: the tests that need no window, except the long runs, in the sanitizer build.
asan_tests() {
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$root/build-asan" --output-on-failure -j "$jobs" -LE 'e2e|long'
}
# In a process group of its own (setsid), so that a failing stage ends it with its compilers.
# -Og -g1 (line tables: the sanitizers' reports keep file and line): this build is the bulk of
# the script's CPU, and with both sanitizers gcc 12 compiles at -Og in about 60% of the CPU
# time of -O1 (element_contact.cpp 17.3 s against 10.4, state_file.cpp 34.9 against 21.9),
# while the tests run 1.2 to 1.4 times longer (the unit tests' self-contact, bending, tether,
# colored and state cases). Exit status 3: the build failed; 4: a test failed.
export -f asan_tests
export root jobs
setsid nice -n 10 bash -c '
  "$root/scripts/build.sh" build-asan -DPBD_BUILD_TESTS=ON -DPBD_SANITIZE=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-Og -g1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-Og -g1 -DNDEBUG" >"$1" 2>&1 || exit 3
  asan_tests >"$2" 2>&1 || exit 4' asan "$asan_log" "$asan_test_log" &
asan_work=$!
trap 'kill -- -"$asan_work" 2>/dev/null || true' EXIT
echo "== the ASan+UBSan build and tests started in the background (pid $asan_work, $asan_log, $asan_test_log)"

stage "Release: the other window tests (ctest -L e2e -LE e2e-timing, the ASan build and tests beside)"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs" -L e2e -LE e2e-timing

stage "the Debian package from that build: lintian, the unpacked programs, the man pages"
"$root/scripts/package.sh" build

fuzz_seconds="${PBD_FUZZ_SECONDS:-30}"
if [[ "$fuzz_seconds" != 0 ]]; then
  stage "fuzz the drag-script and command-line parsers (libFuzzer, ${fuzz_seconds}s each)"
  "$root/tests/fuzz/run_fuzz.sh" "$fuzz_seconds" build-fuzz
fi

stage "the rest of the ASan+UBSan build and its tests that need no window (not the long runs)"
asan_status=0
wait "$asan_work" || asan_status=$?
trap - EXIT
if [[ $asan_status -eq 3 ]]; then
  tail -n 80 "$asan_log"
  echo "test: the ASan+UBSan build failed; its output is in $asan_log" >&2
  exit 1
elif [[ $asan_status -ne 0 ]]; then
  grep -vE "Test +#[0-9]+: .* Passed" "$asan_test_log"
  echo "test: ASan+UBSan tests failed (status $asan_status); their output is in $asan_test_log" >&2
  exit 1
fi
tail -n 3 "$asan_log"
grep -E 'tests passed|Total Test time' "$asan_test_log"

stage
echo "== stage times ($(nproc) cores; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%s\n' "${times[@]}"
cpu
printf '%6d s %6d s CPU  in all\n' $(($(date +%s) - began)) "$used"
rm -f "$cpu_file"
