#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + libFuzzer) into their own build folder
# and runs each one for SECONDS seconds, starting from the seed corpora in tests/fuzz/corpus.
#   tests/fuzz/run_fuzz.sh [SECONDS per target, default 60] [BUILD_DIR, default build-fuzz]
# New inputs go to BUILD_DIR/corpus/TARGET (the seeds in the source tree are not touched);
# a crash, leak, timeout or abort leaves its input in BUILD_DIR/artifacts/ and fails the script.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds="${1:-60}"
build="$root/${2:-build-fuzz}"

launcher=()  # as scripts/build.sh: through ccache where it is installed
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DPBD_FUZZ=ON -DPBD_BUILD_APP=OFF -DPBD_BUILD_TESTS=OFF \
  "${launcher[@]}"
cmake --build "$build" -j "$(nproc)" --target drag_script_fuzz command_line_fuzz state_file_fuzz

mkdir -p "$build/artifacts"
status=0
for target in drag_script command_line state_file; do
  corpus="$build/corpus/$target"
  mkdir -p "$corpus"
  echo "== fuzz $target for ${seconds}s"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/${target}_fuzz" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -rss_limit_mb=2048 -dict="$root/tests/fuzz/$target.dict" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/${target}-" "$corpus" "$root/tests/fuzz/corpus/$target" \
    >"$build/$target.log" 2>&1 || status=1
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added)' "$build/$target.log" || true
  grep -E '^#[0-9]+ +DONE' "$build/$target.log" || true
  if [[ $status -ne 0 ]]; then
    tail -n 60 "$build/$target.log"
    echo "fuzz $target FAILED; the input is in $build/artifacts/" >&2
    exit 1
  fi
done
echo "fuzz: no crash, leak, timeout or undefined behaviour"
