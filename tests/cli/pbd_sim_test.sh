#!/usr/bin/env bash
# Checks of the pbd-sim command line. Usage: pbd_sim_test.sh CHECK PBD_SIM CASE_DIR
set -uo pipefail
check="$1" sim="$2" cases="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS PATTERN... -- ARGS: runs pbd-sim ARGS, checks the exit status and that stderr
# contains every pattern (fixed strings).
expect() {
  local status="$1"; shift
  local patterns=()
  while [[ "$1" != "--" ]]; do patterns+=("$1"); shift; done
  shift
  "$sim" "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [[ $got -eq $status ]] || fail "pbd-sim $* exited $got, expected $status: $(cat "$work/err")"
  for p in "${patterns[@]}"; do
    grep -qF -- "$p" "$work/err" || fail "pbd-sim $*: stderr lacks '$p': $(cat "$work/err")"
  done
}

# max_diff A B: the largest absolute difference between two position files of equal length.
max_diff() {
  paste -d' ' "$1" "$2" | awk 'NF != 4 { print "mismatch"; exit }
    { d = $1 - $3; if (d < 0) d = -d; if (d > m) m = d; d = $2 - $4; if (d < 0) d = -d; if (d > m) m = d }
    END { if (NR == 0) print "empty"; else printf "%.3g\n", m }'
}

case "$check" in
fidelity)
  # The page's defaults and a drag script, through the command line, against the page's run.
  "$sim" run --steps 3000 --drag "$cases/page_default_drag.drag" --out "$work/pos" 2>"$work/err" ||
    fail "run failed: $(cat "$work/err")"
  diff="$(max_diff "$work/pos" "$cases/page_default_drag.expected")"
  echo "page defaults + drag, 3000 steps: largest difference from the page $diff m"
  awk -v d="$diff" 'BEGIN { exit !(d + 0 == d && d <= 1e-9) }' || fail "difference $diff > 1e-9"
  "$sim" run --width 15 --height 12 --fixed 4 --dt 0.01 --iterations 5 --gravity -5 --steps 2000 \
    --drag "$cases/fixed4_drag.drag" >"$work/pos4" 2>/dev/null || fail "fixed4 run failed"
  diff="$(max_diff "$work/pos4" "$cases/fixed4_drag.expected")"
  echo "fixed 4 + drags, 2000 steps: largest difference from the page $diff m"
  awk -v d="$diff" 'BEGIN { exit !(d + 0 == d && d <= 1e-9) }' || fail "difference $diff > 1e-9"
  ;;
bad_values)
  expect 2 "--width" "width = 0" "1 to 2048" -- run --width 0
  expect 2 "--width" "'40abc'" "whole number" -- run --width 40abc
  expect 2 "--height" "height = 2049" "1 to 2048" -- run --height 2049
  expect 2 "--height" "'1.5'" "whole number" -- run --height 1.5
  expect 2 "--fixed" "= 3" "1, 2 or 4" -- run --fixed 3
  expect 2 "--dt" "nan" "1e-06 to 1 s" -- run --dt nan
  expect 2 "--dt" "inf" -- run --dt inf
  expect 2 "--dt" "= 0" -- run --dt 0
  expect 2 "--dt" "'0.005s'" "not a number" -- run --dt 0.005s
  expect 2 "--iterations" "1001" "0 to 1000" -- run --iterations 1001
  expect 2 "--iterations" "iterations = -1" -- run --iterations -1
  expect 2 "--gravity" "1e+05" "-10000 to 10000" -- run --gravity 1e5
  expect 2 "--mass" "= 0" "kg" -- run --mass 0
  expect 2 "--mass" "'abc'" -- run --mass abc
  expect 2 "--steps" "'-5'" "0 to 1000000000" -- run --steps -5
  expect 2 "--steps" "'1e3'" "whole number" -- run --steps 1e3
  expect 2 "--bogus" -- run --bogus 1
  expect 2 "--width" -- run --width
  expect 2 "--sizes" "'40'" "WxH" -- bench --sizes 40
  expect 2 "--sizes width" "'0'" -- bench --sizes 0x5
  expect 2 "--iterations" -- bench --iterations 0
  expect 2 "--solver" "'fast'" "sequential or colored" -- run --solver fast
  expect 2 "--solver" "'fast'" "sequential or colored" -- bench --solver fast
  expect 2 "--threads" "'0'" "1 to 64" -- run --threads 0
  expect 2 "--threads" "'65'" "1 to 64" -- bench --threads 65
  expect 2 "--threads" "'two'" "whole number" -- run --threads two
  expect 2 "--settle" "'-1'" "0 to 1000000" -- bench --settle -1
  expect 2 -- nosuchcommand
  expect 2 -- # no subcommand
  ;;
bad_drag_scripts)
  printf '0 drag 5 0 0\n3 shake 5\n' >"$work/verb.drag"
  expect 2 "line 2" "'shake'" -- run --steps 5 --drag "$work/verb.drag"
  printf '# comment\n0 drag 1200 0 0\n' >"$work/index.drag"
  expect 2 "line 2" "'1200'" "0 to 1199" -- run --steps 5 --drag "$work/index.drag"
  printf '5 release\n2 release\n' >"$work/order.drag"
  expect 2 "line 2" "never decrease" -- run --steps 5 --drag "$work/order.drag"
  printf '0 drag 1 nan 0\n' >"$work/nan.drag"
  expect 2 "line 1" "'nan'" "finite" -- run --steps 5 --drag "$work/nan.drag"
  head -c 3000 /dev/urandom >"$work/junk.drag"
  expect 2 "line" -- run --steps 5 --drag "$work/junk.drag"
  ;;
io_errors)
  expect 1 "cannot open drag script" -- run --steps 1 --drag "$work/missing.drag"
  expect 1 "cannot open" "/nonexistent/dir/out.txt" -- run --steps 1 --out /nonexistent/dir/out.txt
  ;;
help_version)
  "$sim" --help >"$work/help" 2>&1 || fail "--help exited non-zero"
  grep -q "run" "$work/help" && grep -q "bench" "$work/help" || fail "--help lacks the subcommands"
  "$sim" run --help >"$work/help" 2>&1 || fail "run --help exited non-zero"
  for flag in --width --height --fixed --dt --iterations --gravity --mass --steps --drag --out; do
    grep -q -- "$flag" "$work/help" || fail "run --help lacks $flag"
  done
  "$sim" --version | grep -qE '^pbd-sim [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version"
  ;;
run_format)
  "$sim" run --width 4 --height 3 --steps 10 >"$work/pos" 2>"$work/err" || fail "run failed"
  [[ $(wc -l <"$work/pos") -eq 12 ]] || fail "expected 12 lines, got $(wc -l <"$work/pos")"
  grep -qvE '^-?[0-9.e+-]+ -?[0-9.e+-]+$' "$work/pos" && fail "a line is not 'x y'"
  # 17 significant digits: the free particle 1 at row 0 has a long mantissa after 10 steps.
  awk 'NR == 6 { split($2, d, "e"); gsub(/[-.]/, "", d[1]); sub(/^0+/, "", d[1]); if (length(d[1]) < 15) exit 1 }' \
    "$work/pos" || fail "numbers are not printed with 17 significant digits: $(sed -n 6p "$work/pos")"
  grep -q "10 steps" "$work/err" && grep -q "ms per step" "$work/err" &&
    grep -q "largest constraint violation" "$work/err" || fail "summary line: $(cat "$work/err")"
  # Fixed corners of the default cloth stay exactly at their grid positions: (0, -0) and
  # (0.2 * 39, -0) as the page computes them.
  "$sim" run --steps 200 >"$work/pos" 2>/dev/null
  [[ "$(sed -n 1p "$work/pos")" == "0 -0" ]] || fail "particle 0 moved: $(sed -n 1p "$work/pos")"
  [[ "$(sed -n 40p "$work/pos")" == "7.8000000000000007 -0" ]] || fail "particle 39 moved: $(sed -n 40p "$work/pos")"
  ;;
bench)
  "$sim" bench --sizes 10x10,20x5 --steps 5 --settle 20 >"$work/table" 2>&1 || fail "bench failed"
  cat "$work/table"
  # Default: both solvers per size; the colored one on the requested or default threads.
  [[ $(grep -c sequential "$work/table") -eq 2 ]] || fail "expected two sequential rows"
  [[ $(grep -c colored "$work/table") -eq 2 ]] || fail "expected two colored rows"
  grep -qE '^10x10 +100 +342 +2 +sequential +1 ' "$work/table" || fail "10x10 row: particles 100, constraints 342, 2 iterations, 1 thread"
  grep -q 'strain_max' "$work/table" && grep -q 'strain_rms' "$work/table" || fail "table lacks strain columns"
  "$sim" bench --sizes 8x8 --steps 3 --iterations 4 --solver colored --threads 3 --json >"$work/json" 2>&1 || fail "bench --json failed"
  cat "$work/json"
  for key in width height particles constraints iterations solver threads ms_per_step ns_per_projection steps_per_s strain_max strain_rms; do
    grep -q "\"$key\": " "$work/json" || fail "JSON lacks $key"
  done
  grep -q '"iterations": 4' "$work/json" || fail "iterations not honoured"
  [[ $(wc -l <"$work/json") -eq 1 ]] || fail "--solver colored: expected one row"
  grep -q '"solver": "colored", "threads": 3,' "$work/json" || fail "--solver/--threads not honoured"
  # The colored solver's positions do not depend on the thread count.
  "$sim" run --width 13 --height 9 --steps 300 --solver colored --threads 1 >"$work/c1" 2>/dev/null || fail "colored run failed"
  "$sim" run --width 13 --height 9 --steps 300 --solver colored --threads 3 >"$work/c3" 2>/dev/null || fail "colored run failed"
  cmp -s "$work/c1" "$work/c3" || fail "colored positions differ between 1 and 3 threads"
  ;;
*)
  fail "unknown check $check"
  ;;
esac

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "ok: $check"
