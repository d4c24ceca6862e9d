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
  check_err "pbd-sim $*" "${patterns[@]}"
}

# check_err CONTEXT PATTERN...: fails for each PATTERN that $work/err lacks, read and matched
# in the shell (no grep per pattern: the refusal checks run hundreds of times).
check_err() {
  local context="$1" err="" p; shift
  IFS= read -r -d '' err <"$work/err" || true
  for p in "$@"; do
    [[ $err == *"$p"* ]] || fail "$context: stderr lacks '$p': $err"
  done
}

# refuse OPTION VALUE ARGS...: pbd-sim ARGS OPTION VALUE must exit 2 without writing to stdout,
# and its message must name the option, show the value (as quoted in messages: non-printable
# bytes as '?', at most 40 characters) and say what is allowed.
# gpu_or_skip: --solver gpu through a headless EGL context; exits 77 (skipped) where none can
# be made.
gpu_or_skip() {
  "$sim" run --solver gpu --steps 1 >"$work/out" 2>"$work/err"
  local got=$?
  if [[ $got -eq 1 ]] && grep -qE 'EGL|OpenGL' "$work/err"; then
    echo "skipped: $(cat "$work/err")"
    exit 77
  fi
  [[ $got -eq 0 ]] || fail "pbd-sim run --solver gpu exited $got: $(cat "$work/err")"
}

checks=0
refuse() {
  local option="$1" value="$2"; shift 2
  checks=$((checks + 1))
  "$sim" "$@" "$option" "$value" >"$work/out" 2>"$work/err"
  local got=$? shown
  shown="${show-$value}" # what the message must quote, when only a part of the value
  shown="$(printf '%s' "${shown:0:40}" | LC_ALL=C tr -c '\040-\176' '?')"
  [[ $got -eq 2 ]] || fail "pbd-sim $* $option '$value' exited $got, expected 2: $(cat "$work/err")"
  [[ -s "$work/out" ]] && fail "pbd-sim $* $option '$value' wrote to stdout"
  check_err "pbd-sim $* $option '$value'" "$option" "$shown" "allowed:"
}

# drag_case STATUS CONTENT PATTERN...: a drag script with CONTENT (printf format) run on a 4x3
# cloth; checks the status and that stderr contains every pattern.
drag_case() {
  local status="$1" content="$2"; shift 2
  checks=$((checks + 1))
  printf -- "$content" >"$work/case.drag"
  "$sim" run --width 4 --height 3 --steps 3 --drag "$work/case.drag" >"$work/out" 2>"$work/err"
  local got=$?
  [[ $got -eq $status ]] || fail "drag script $(printf %q "$content") exited $got, expected $status: $(cat "$work/err")"
  for p in "$@"; do
    grep -qF -- "$p" "$work/err" || fail "drag script $(printf %q "$content"): stderr lacks '$p': $(cat "$work/err")"
  done
  if [[ $status -eq 0 ]]; then
    [[ $(wc -l <"$work/out") -eq 12 ]] || fail "drag script $(printf %q "$content"): expected 12 positions"
    grep -qiE 'nan|inf' "$work/out" && fail "drag script $(printf %q "$content"): non-finite output"
  else
    [[ -s "$work/out" ]] && fail "drag script $(printf %q "$content"): refused but wrote to stdout"
  fi
}

# max_diff A B: the largest absolute difference between two position files of equal length.
max_diff() {
  paste -d' ' "$1" "$2" | awk 'NF != 4 { print "mismatch"; exit }
    { d = $1 - $3; if (d < 0) d = -d; if (d > m) m = d; d = $2 - $4; if (d < 0) d = -d; if (d > m) m = d }
    END { if (NR == 0) print "empty"; else printf "%.3g\n", m }'
}

case "$check" in
xpbd_fidelity)
  # The XPBD page through the command line: stiffness 1000 (its default) with the drag, and
  # stiffness 0 (PBD) at mass 0.3; and 4 substeps against the page run at dt / 4.
  xpbd="$cases/../xpbd_cases"
  "$sim" run --stiffness 1000 --steps 3000 --drag "$cases/page_default_drag.drag" >"$work/x1" 2>/dev/null || fail "xpbd run failed"
  diff="$(max_diff "$work/x1" "$xpbd/xpbd_default_drag.expected")"
  echo "stiffness 1000 + drag: largest difference from the XPBD page $diff m"
  awk -v d="$diff" 'BEGIN { exit !(d + 0 == d && d <= 1e-9) }' || fail "stiffness 1000: difference $diff > 1e-9"
  "$sim" run --width 20 --height 8 --dt 0.003 --iterations 3 --gravity -12 --mass 0.3 --stiffness 0 \
    --steps 3000 >"$work/x0" 2>/dev/null || fail "stiffness 0 run failed"
  diff="$(max_diff "$work/x0" "$xpbd/zero_stiffness.expected")"
  echo "stiffness 0: largest difference from the XPBD page $diff m"
  awk -v d="$diff" 'BEGIN { exit !(d + 0 == d && d <= 1e-9) }' || fail "stiffness 0: difference $diff > 1e-9"
  "$sim" run --dt 0.02 --substeps 4 --stiffness 1000 --steps 750 --drag "$cases/page_default_drag.drag" >"$work/x4" 2>/dev/null || fail "substeps run failed"
  diff="$(max_diff "$work/x4" "$xpbd/substeps4_drag.expected")"
  echo "4 substeps: largest difference from the XPBD page at dt / 4 $diff m"
  awk -v d="$diff" 'BEGIN { exit !(d + 0 == d && d <= 1e-9) }' || fail "substeps: difference $diff > 1e-9"
  ;;
events)
  # An event script with every verb; without --steps the run ends at its end line.
  printf '0 set stiffness 800\n2 pin 70\n5 drag 399 4 -3\n50 release 2 1\n60 cut 0.3 1 0.3 -5\n70 unpin 0\n80 set iterations 4\n120 end\n' >"$work/e.txt"
  "$sim" run --width 20 --height 20 --events "$work/e.txt" >"$work/p1" 2>"$work/e1" || fail "--events run failed: $(cat "$work/e1")"
  grep -q "^pbd-sim run: 120 steps" "$work/e1" || fail "the end line did not set 120 steps: $(cat "$work/e1")"
  grep -qE "constraints 14[0-9][0-9], hash" "$work/e1" || fail "the cut removed no constraints: $(cat "$work/e1")"
  "$sim" run --width 20 --height 20 --drag "$work/e.txt" --steps 120 >"$work/p2" 2>/dev/null || fail "--drag alias failed"
  cmp -s "$work/p1" "$work/p2" || fail "--drag and --events differ"
  printf '0 pin 400\n' >"$work/bad.txt"
  expect 2 "event script line 1" "'400'" "0 to 399" -- run --width 20 --height 20 --events "$work/bad.txt"
  # The events of the last step come after it (a recording's moves while paused), and a
  # script chooses the solver by name.
  printf '0 set solver colored\n0 drag 5 1 1\n3 drag 5 2.5 -0.5\n3 end\n' >"$work/tail.txt"
  "$sim" run --width 20 --height 20 --events "$work/tail.txt" >"$work/p3" 2>"$work/e3" || fail "--events tail failed: $(cat "$work/e3")"
  [[ "$(sed -n 6p "$work/p3")" == "2.5 -0.5" ]] || fail "the drag at the end step was not applied: $(sed -n 6p "$work/p3")"
  grep -q "colored solver" "$work/e3" || fail "set solver colored did not choose it: $(cat "$work/e3")"
  printf '0 set solver fast\n' >"$work/badsolver.txt"
  expect 2 "line 1" "solver 'fast'" "colored" -- run --events "$work/badsolver.txt"
  # A recording cut by a kill (it starts with the recorder's header): the last line without
  # its newline is ignored with a warning; the run is the one without that line.
  header='# pbd-cloth recording: pbd-sim run --events FILE or pbd-cloth --replay FILE plays it back'
  printf '%s\n0 drag 5 1 1\n3 drag 5 2.5 -0.5\n6 drag 5 2.5 -0.' "$header" >"$work/cut.txt"
  "$sim" run --width 20 --height 20 --steps 8 --events "$work/cut.txt" >"$work/p4" 2>"$work/e4" || fail "a cut recording failed: $(cat "$work/e4")"
  grep -q "cut.txt: warning: event script line 4: '6 drag 5 2.5 -0.' has no newline" "$work/e4" || fail "no warning for the cut line: $(cat "$work/e4")"
  head -c -16 "$work/cut.txt" >"$work/whole.txt"
  "$sim" run --width 20 --height 20 --steps 8 --events "$work/whole.txt" >"$work/p5" 2>/dev/null || fail "the uncut recording failed"
  cmp -s "$work/p4" "$work/p5" || fail "the cut line was not ignored"
  ;;
state)
  # 300 steps, save, load, 400 steps: the same bits as 700 straight (the summary's hash too),
  # with XPBD, tearing and a drag; bad state files and saves are refused.
  args=(--width 30 --height 20 --stiffness 2000 --tear-strain 0.3 --substeps 2)
  "$sim" run "${args[@]}" --steps 700 --out "$work/straight" 2>"$work/e700" || fail "700 steps failed"
  "$sim" run "${args[@]}" --steps 300 --save "$work/s.json" >/dev/null 2>&1 || fail "save failed"
  "$sim" run --load "$work/s.json" --steps 400 --out "$work/loaded" 2>"$work/e400" || fail "load failed: $(cat "$work/e400")"
  cmp -s "$work/straight" "$work/loaded" || fail "300 + save + load + 400 differs from 700 straight"
  h700="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/e700")"
  h400="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/e400")"
  [[ -n "$h700" && "$h700" == "$h400" ]] || fail "hashes differ or are missing: '$h700' '$h400'"
  grep -qE ', constraints [0-9]+, hash [0-9a-f]{16}$' "$work/e700" || fail "summary lacks constraints and hash: $(cat "$work/e700")"
  # The state is read once: from a pipe (a stream that cannot be read twice) as from the file.
  timeout 60 "$sim" run --load <(cat "$work/s.json") --steps 400 2>"$work/epipe" >/dev/null ||
    fail "load from a pipe failed: $(cat "$work/epipe")"
  hpipe="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/epipe")"
  [[ "$hpipe" == "$h700" ]] || fail "a state loaded from a pipe gave hash '$hpipe', not '$h700'"
  # A flag given with --load applies over the loaded settings.
  "$sim" run --load "$work/s.json" --steps 0 --gravity 0 --save "$work/g.json" >/dev/null 2>&1 || fail "load + flag failed"
  grep -q '"gravity": 0' "$work/g.json" || fail "--gravity over --load not applied"
  grep -q '"stiffness": 2000' "$work/g.json" || fail "the loaded stiffness was lost"
  printf 'not json' >"$work/bad.json"
  expect 2 "--load" "not JSON" -- run --load "$work/bad.json"
  sed 's/"version": 1/"version": 9/' "$work/s.json" >"$work/v9.json"
  expect 2 "version: '9' is not supported" -- run --load "$work/v9.json"
  expect 1 "cannot read" -- run --load "$work/missing.json"
  mkdir -p "$work/dir"
  expect 1 "--save" "$work/dir" -- run --steps 1 --save "$work/dir"
  [[ -d "$work/dir" ]] || fail "a failed save replaced the directory"
  ;;
save_obj)
  # --save-obj: the final cloth's surface as OBJ. Its v lines are the run's output positions
  # (2D: z = 0), one vn per particle, one f per whole triangle: 2 per cell, fewer after a
  # cut; a path that cannot be written is refused naming the flag (exit 1).
  expect 0 "30 steps of 7x5" -- run --width 7 --height 5 --steps 30 --save-obj "$work/c2.obj" --out "$work/p2"
  awk '/^v / { print $2, $3 }' "$work/c2.obj" | cmp -s - "$work/p2" || fail "the 2D OBJ's v lines are not the run's positions"
  awk '/^v / && $4 != 0 { exit 1 }' "$work/c2.obj" || fail "a 2D OBJ vertex has z other than 0"
  [[ $(grep -c '^vn ' "$work/c2.obj") -eq 35 ]] || fail "the 2D OBJ has $(grep -c '^vn ' "$work/c2.obj") normals, expected 35"
  [[ $(grep -c '^f ' "$work/c2.obj") -eq 48 ]] || fail "the 2D OBJ has $(grep -c '^f ' "$work/c2.obj") faces, expected 48"
  expect 0 "30 steps of 7x5" -- run --dimensions 3 --orientation horizontal --width 7 --height 5 --steps 30 --save-obj "$work/c3.obj" --out "$work/p3"
  awk '/^v / { print $2, $3, $4 }' "$work/c3.obj" | cmp -s - "$work/p3" || fail "the 3D OBJ's v lines are not the run's positions"
  awk '/^v / && ($4 < 0.1) { low++ } END { exit !(low < 35) }' "$work/c3.obj" || fail "the horizontal cloth's OBJ lies at z = 0"
  [[ $(grep -c '^f ' "$work/c3.obj") -eq 48 ]] || fail "the 3D OBJ has $(grep -c '^f ' "$work/c3.obj") faces, expected 48"
  # A vertical cut between columns 2 and 3 of every row: the 4 cells of that column lose both
  # triangles.
  expect 0 "10 steps of 7x5" -- run --width 7 --height 5 --steps 10 --events <(printf '5 cut 0.5 1 0.5 -2\n') --save-obj "$work/cut.obj" --out /dev/null
  [[ $(grep -c '^f ' "$work/cut.obj") -eq 40 ]] || fail "the cut OBJ has $(grep -c '^f ' "$work/cut.obj") faces, expected 40"
  awk '/^f / { for (i = 2; i <= 4; ++i) { split($i, k, "/"); if (k[1] < 1 || k[1] > 35 || k[3] != k[1]) exit 1 } }' "$work/c2.obj" ||
    fail "an OBJ face names a vertex outside 1 to 35"
  mkdir -p "$work/dir"
  expect 1 "--save-obj" "$work/dir" -- run --steps 1 --save-obj "$work/dir"
  [[ -d "$work/dir" ]] || fail "a failed --save-obj replaced the directory"
  expect 1 "--save-obj" "$work/no/such/c.obj" -- run --steps 1 --save-obj "$work/no/such/c.obj"
  expect 2 "--save-obj" "required" -- run --save-obj
  expect 2 "--save-obj" "At Most 1" -- run --save-obj 1 --save-obj 1
  ;;
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
  # bench's --iterations is the table's row, as run's: 0 to 1000.
  expect 2 "--iterations" "'1001'" "0 to 1000" -- bench --iterations 1001
  expect 2 "--solver" "'fast'" "sequential, colored or gpu" -- run --solver fast
  expect 2 "--solver" "'fast'" "sequential, colored or gpu" -- bench --solver fast
  # One range for --threads, event scripts and the panel: 0 (one per core) to 64.
  expect 2 "--threads" "'65'" "0 to 64 (0: one per core)" -- run --threads 65
  expect 2 "--threads" "'65'" "0 to 64 (0: one per core)" -- bench --threads 65
  expect 2 "--threads" "'-1'" "0 to 64 (0: one per core)" -- run --threads -1
  "$sim" run --width 3 --height 2 --steps 2 --solver colored --threads 0 >/dev/null 2>"$work/err" ||
    fail "run --threads 0 (one per core) refused: $(cat "$work/err")"
  "$sim" bench --sizes 3x2 --steps 2 --settle 0 --solver colored --threads 0 >/dev/null 2>"$work/err" ||
    fail "bench --threads 0 (one per core) refused: $(cat "$work/err")"
  printf '0 set threads 0\n0 set threads 64\n' >"$work/threads0.txt"
  "$sim" run --width 3 --height 2 --steps 2 --solver colored --events "$work/threads0.txt" >/dev/null 2>"$work/err" ||
    fail "set threads 0 refused: $(cat "$work/err")"
  printf '0 set threads 65\n' >"$work/threads65.txt"
  expect 2 "line 1" "threads '65'" "0 to 64 (0: one per core)" -- run --events "$work/threads65.txt"
  expect 2 "--gpu-precision" "'half'" "is not a precision" "float or double" -- run --gpu-precision half
  expect 2 "--threads" "'two'" "whole number" -- run --threads two
  expect 2 "--settle" "'-1'" "0 to 1000000" -- bench --settle -1
  expect 2 "--stiffness" "stiffness = -1" "0 to 1e+12 N/m" -- run --stiffness -1
  expect 2 "--substeps" "substeps = 0" "1 to 1000" -- run --substeps 0
  expect 2 "--damping" "'fast'" "not a number" "0 to 1000 1/s" -- bench --damping fast
  expect 2 "--area-stiffness" "areaStiffness = 2e+12" "0 to 1e+12 N/m" -- bench --area-stiffness 2e12
  # Bending: 0 to 1e6 N m, and a cloth to bend (two particles or more each way), naming both.
  expect 2 "--bending" "bending = -1" "0 to 1e+06 N m" -- run --bending -1
  expect 2 "--bending" "'nan'" "0 to 1e+06 N m" -- bench --bending nan
  expect 2 "--bending" "bending = 0.1 N m" "width = 1" "width and height from 2" -- run --dimensions 3 --width 1 --bending 0.1
  expect 2 "--bending" "bending = 0.1 N m" "height = 1" -- run --dimensions 3 --height 1 --bending 0.1
  expect 2 "--bending" "bending = 0.1 N m" "dimensions = 2" "allowed: bending 0, or dimensions 3" -- run --bending 0.1
  printf '0 set bending 2e6\n' >"$work/bending.txt"
  expect 2 "line 1" "bending" "0 to 1e+06 N m" -- run --events "$work/bending.txt"
  expect 2 "--tethers" "'maybe'" "on or off" -- run --tethers maybe
  expect 2 "--tethers" "'1'" "on or off" -- bench --tethers 1
  printf '0 set tethers yes\n' >"$work/tethers.txt"
  expect 2 "line 1" "tethers 'yes'" "on or off" -- run --events "$work/tethers.txt"
  # Chebyshev's rho: 0 (off) to 0.99, on run, bench and event scripts.
  for command in run bench; do
    for value in -0.1 0.995 1 nan inf abc ""; do refuse --chebyshev "$value" $command; done
  done
  expect 2 "--chebyshev" "chebyshev = 1.5" "0 to 0.99 (0: off)" -- run --chebyshev 1.5
  printf '0 set chebyshev 0.999\n' >"$work/chebyshev.txt"
  expect 2 "line 1" "chebyshev" "0 to 0.99 (0: off)" -- run --events "$work/chebyshev.txt"
  printf '0 set chebyshev 0.95\n' >"$work/chebyshev.txt"
  "$sim" run --width 5 --height 4 --steps 3 --iterations 6 --events "$work/chebyshev.txt" \
    >/dev/null 2>"$work/err" || fail "set chebyshev 0.95 refused: $(cat "$work/err")"
  "$sim" bench --sizes 6x5 --steps 2 --settle 2 --iterations 6 --chebyshev 0.95 --json \
    --solver sequential >"$work/out" 2>"$work/err" || fail "bench --chebyshev failed: $(cat "$work/err")"
  grep -q '"chebyshev": 0.95' "$work/out" || fail "bench's JSON lacks chebyshev: $(cat "$work/out")"
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
bad_values_unreadable)
  # Every kind of unreadable value for every numeric option of run and bench.
  unreadable=("" "abc" "40abc" "4O" "1e400" "-1e400" "1e-400" "99999999999999999999"
    "-99999999999999999999" "0x10" "0X1p3" "+5" " 5" "5 " "1,5" "1_000" "." "-" "e5" "1e"
    "--" $'\xff\xfe' $'5\n' $'\t' "$(printf '9%.0s' {1..300})")
  for option in --width --height --fixed --iterations --substeps --steps; do
    for value in "${unreadable[@]}" "nan" "inf" "-inf" "1.5" "2e1" "5."; do
      refuse "$option" "$value" run
    done
  done
  for value in "${unreadable[@]}" "nan" "inf" "-inf" "1.5" "2e1" "5."; do
    refuse --substeps "$value" bench
  done
  for option in --dt --gravity --mass --stiffness --damping --area-stiffness --tear-strain; do
    for value in "${unreadable[@]}" "nan" "-nan" "NaN" "nan(1)" "inf" "-inf" "infinity" "-INF"; do
      refuse "$option" "$value" run
    done
  done
  for option in --stiffness --damping --area-stiffness; do
    for value in "${unreadable[@]}" "nan" "inf" "-INF"; do
      refuse "$option" "$value" bench
    done
  done
  for value in "${unreadable[@]}" "nan" "inf" "1.5" "65" "-1"; do
    refuse --threads "$value" run
    refuse --threads "$value" bench
  done
  for value in "" "fast" "Sequential" "COLORED" "colored " " sequential" "sequential,colored" \
      "0" "1" $'\xff'; do
    refuse --solver "$value" run
    refuse --solver "$value" bench
  done
  for option in --steps --iterations --settle --sizes; do
    for value in "${unreadable[@]}"; do
      if [[ $option == --sizes ]]; then # a size whose width is unreadable (if it is one side)
        [[ $value == *[x,]* ]] && continue
        show="$value" refuse "$option" "${value}x5" bench
      else
        refuse "$option" "$value" bench
      fi
    done
  done
  echo "$checks unreadable values checked"
  ;;
bad_values_catalogue)
  # Readable but outside the allowed range, at both ends of each.
  for value in 0 -1 2049 2147483647 2147483648 -2147483649; do
    refuse --width "$value" run
    refuse --height "$value" run
  done
  for value in 0 -1 3 5 8; do refuse --fixed "$value" run; done
  for value in -1 1001 1000000; do refuse --iterations "$value" run; done
  for value in 0 -0 -0.005 9.99e-07 1.0000001 1e308 5e-324; do refuse --dt "$value" run; done
  for value in 10000.000001 -10000.000001 1e5 -1e308; do refuse --gravity "$value" run; done
  for value in 0 -0.5 9.99e-07 1000000.1 1e308 5e-324; do refuse --mass "$value" run; done
  for value in -1 1000000001 9223372036854775807; do refuse --steps "$value" run; done
  for command in run bench; do
    for value in -1 -1e-300 1.0000001e12 1e308; do refuse --stiffness "$value" $command; done
    for value in 0 -1 1001 2147483648; do refuse --substeps "$value" $command; done
    for value in -1 -5e-324 1000.0000001 1e308; do refuse --damping "$value" $command; done
    for value in -1 -1e-300 1.0000001e12 1e308; do refuse --area-stiffness "$value" $command; done
  done
  for command in run bench; do
    for value in -0.1 -1e-300 1000.0000001 1e308; do refuse --tear-strain "$value" $command; done
  done
  for value in 0 -1 1000001; do refuse --steps "$value" bench; done
  for value in -1 1001 2.5; do refuse --iterations "$value" bench; done
  for value in -1 1000001; do refuse --settle "$value" bench; done
  # --sizes names the size or the side that is wrong.
  for value in 40 10X10 " "; do
    refuse --sizes "$value" bench
  done
  for item in "0x5 0" "5x0 0" "2049x1 2049" "1x2049 2049" "10x10, ''" ",10x10 ''" "10x10,,5x5 ''" \
      "x10 ''" "10x ''" "10x10x10 '10x10'" "-5x5 '-5'" "5x-5 '-5'" "+5x5 '+5'" "1e1x5 '1e1'" \
      "' 10x10' ' 10'" "'10x10 ' '10 '" "'5x5;6x6' '5;6x6'"; do
    eval "set -- $item"
    expect 2 "--sizes" "$2" "allowed:" -- bench --sizes "$1"
    checks=$((checks + 1))
  done
  # Unknown options, missing values, repeated options, stray arguments, no subcommand.
  for args in "run --bogus 1" "run --WIDTH 5" "run --wid 5" "run -w 5" "run --width=5=5 --x" \
      "run --json" "run --sizes 3x3" "bench --width 5" "bench --dt 0.1" "bench --mass 1" \
      "bench --gravity 0" "bench --fixed 4" "bench --drag x" "--stiffness 5" "--bogus" \
      "--bogus run" \
      "nosuchcommand" "run bench" "run extra" "bench extra" "run -- --width 5"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$sim" $args >"$work/out" 2>"$work/err"
    got=$?
    [[ $got -eq 2 ]] || fail "pbd-sim $args exited $got, expected 2"
    grep -q "allowed:" "$work/err" || fail "pbd-sim $args: no 'allowed:' in $(cat "$work/err")"
    [[ -s "$work/out" ]] && fail "pbd-sim $args wrote to stdout"
  done
  for option in --width --height --fixed --dt --iterations --gravity --mass --steps --events --out \
      --solver --threads --stiffness --substeps --damping --area-stiffness --tear-strain --load \
      --save; do
    expect 2 "$option" "required" -- run "$option"
    expect 2 "$option" "At Most 1" -- run "$option" 1 "$option" 1
    checks=$((checks + 2))
  done
  # --drag is --events under its first name: the messages name --events.
  expect 2 "--events" "required" -- run --drag
  expect 2 "--events" "At Most 1" -- run --drag 1 --events 1
  checks=$((checks + 2))
  for option in --sizes --steps --iterations --settle --solver --threads --stiffness --substeps \
      --damping --area-stiffness; do
    expect 2 "$option" "required" -- bench "$option"
    checks=$((checks + 1))
  done
  expect 2 "a subcommand is required" "allowed: run, bench, scenes or validate" --
  expect 2 "unexpected argument ''" -- run ""
  expect 2 "unexpected argument '5'" "--width took '--height' as its value" -- run --width --height 5
  checks=$((checks + 3))
  # The edges of each range are accepted (a tiny cloth, so that it is quick).
  for args in "--width 1 --height 1" "--width 2048 --height 1" "--width 1 --height 2048" \
      "--dt 1e-06" "--dt 1" "--gravity 10000" "--gravity -10000" "--gravity 0" "--gravity -0" \
      "--mass 1e-06" "--mass 1000000" "--iterations 0" "--fixed 1" "--fixed 4" "--dt .5" \
      "--gravity 5." "--mass .5" "--dt 1E-3" "--steps 0" "--width 0002 --height 3" \
      "--solver colored --threads 1" "--solver colored --threads 64" "--solver sequential" \
      "--solver colored --threads 0" "--threads 0" "--gpu-precision double" \
      "--stiffness 0" "--stiffness 1e12" "--stiffness 1000" "--substeps 1" "--substeps 1000" \
      "--damping 0" "--damping 1000" "--area-stiffness 0" "--area-stiffness 1e12" \
      "--tear-strain 0" "--tear-strain 1000" "--tear-strain 0.5"; do
    checks=$((checks + 1))
    [[ $args == *--width* ]] || args="--width 3 --height 2 $args"
    [[ $args == *--steps* ]] || args="--steps 2 $args"
    # shellcheck disable=SC2086
    "$sim" run $args >"$work/out" 2>"$work/err" || fail "pbd-sim run $args refused: $(cat "$work/err")"
    grep -qiE 'nan|inf' "$work/out" && fail "pbd-sim run $args: non-finite output"
  done
  echo "$checks refusals and edges checked"
  ;;
bad_drag_catalogue)
  # Refused scripts: status 2, the line, the value and what is allowed.
  drag_case 2 '0 shake 1\n' "line 1" "'shake'" "allowed: 'drag INDEX X Y', 'grab X Y R', 'move X Y', 'release [VX VY]'"
  drag_case 2 '0 DRAG 1 0 0\n' "line 1" "'DRAG'" "allowed:"
  drag_case 2 '0 drag 1 0\n' "line 1" "got 2: '1' '0'" "allowed: 'STEP drag INDEX X Y'"
  drag_case 2 '0 drag\n' "line 1" "got 0" "allowed: 'STEP drag INDEX X Y'"
  drag_case 2 '0 drag 1 0 0 0\n' "line 1" "got 4" "allowed: 'STEP drag INDEX X Y'"
  drag_case 2 '0 drag 1 0 0 # note\n' "line 1" "got 5" "allowed:"
  drag_case 2 '0 release 1\n' "line 1" "got '1'" "allowed: 'STEP release'"
  drag_case 2 '0\n' "line 1" "missing event" "allowed:"
  drag_case 2 'release\n' "line 1" "step 'release'" "allowed: 0 to 18446744073709551615"
  drag_case 2 '# ok\n\n0 drag 12 0 0\n' "line 3" "'12'" "allowed: 0 to 11"
  drag_case 2 '0 drag 4294967296 0 0\n' "line 1" "'4294967296'" "allowed: 0 to 11"
  for index in -1 +1 1.0 1e0 0x1 99999999999999999999 abc ""; do
    drag_case 2 "0 drag $index 0 0\n" "line 1" "allowed:"
  done
  for value in nan -nan inf -inf infinity 1e400 -1e400 1e-400 1000000.1 -1000000.1 1e7 0x10 \
      +1 1,5 1e .; do
    drag_case 2 "0 drag 1 $value 0\n" "line 1" "X '$value'" "allowed: a finite number from -1e+06 to 1e+06 m"
    drag_case 2 "0 drag 1 0 $value\n" "line 1" "Y '$value'" "allowed: a finite number"
  done
  # Area grabs, moves, undo and redo (issue 22): the field, the value and what is allowed.
  for value in nan -nan inf 1e400 1000000.1 abc; do
    drag_case 2 "0 grab $value 0 1\n" "line 1" "X '$value'" "allowed: a finite number from -1e+06 to 1e+06 m"
    drag_case 2 "0 grab 0 $value 1\n" "line 1" "Y '$value'" "allowed: a finite number"
    drag_case 2 "0 move $value 0\n" "line 1" "X '$value'" "allowed: a finite number"
  done
  for value in nan -1 -0.5 0 -0 100.5 1e400 inf abc; do
    drag_case 2 "0 grab 0 0 $value\n" "line 1" "R '$value'" "allowed: a number more than 0 up to 100 m"
  done
  drag_case 2 '0 grab 1 2\n' "line 1" "got 2: '1' '2'" "allowed: 'STEP grab X Y R'"
  drag_case 2 '0 move 1\n' "line 1" "got 1: '1'" "allowed: 'STEP move X Y'"
  drag_case 2 '0 undo 1\n' "line 1" "got 1: '1'" "allowed: 'STEP undo'"
  drag_case 2 '0 redo x y\n' "line 1" "got 2" "allowed: 'STEP redo'"
  drag_case 2 '0 UNDO\n' "line 1" "'UNDO'" "allowed:"
  drag_case 2 '3 release\n1 release\n' "line 2" "step 1 comes after step 3" "never decrease"
  drag_case 2 '5 drag 1 0 0\n5 release\n4 release\n' "line 3" "step 4" "never decrease"
  for step in -1 +1 1.5 1e3 0x1 abc 18446744073709551616 99999999999999999999; do
    drag_case 2 "$step release\n" "line 1" "'$step'" "allowed: 0 to"
  done
  drag_case 2 '\xef\xbb\xbf0 release\n' "line 1" "'???0'" "allowed:"
  drag_case 2 '0 drag 1 0\x00 0\n' "line 1" "NUL" "allowed: text"
  drag_case 2 '0 drag 1 \x01 0\n' "line 1" "X '?'" "allowed:"
  drag_case 2 '0\xa0release\n' "line 1" "'0?release'" "allowed:"
  drag_case 2 '0 release\r\r\n' "line 1" "'release?'" "allowed:"
  long="$(printf 'x%.0s' {1..1025})"
  drag_case 2 "0 release\n$long\n" "line 2" "1025 characters" "allowed: at most 1024"
  drag_case 2 "#$long\n" "line 1" "1026 characters" "allowed: at most 1024"
  # Binary junk: every byte value but NUL and newline; and random bytes (deterministic seed).
  drag_case 2 "$(printf '\\x%02x' $(seq 1 9) $(seq 11 255))" "line 1" "allowed:"
  checks=$((checks + 1))
  awk 'BEGIN { srand(5); for (i = 0; i < 4096; i++) printf "%c", 1 + int(rand() * 255) }' \
    >"$work/junk.drag"
  expect 2 "event script line" "allowed:" -- run --width 4 --height 3 --steps 3 --drag "$work/junk.drag"
  # Accepted scripts: still 12 finite positions.
  drag_case 0 ''
  drag_case 0 '\n\n\n'
  drag_case 0 '# only a comment\n'
  drag_case 0 '   \t  \n'
  drag_case 0 '0 drag 11 0.5 -0.5'
  drag_case 0 '  0 \t drag\t11   0.5 -0.5  \n'
  drag_case 0 '0 release\n'
  drag_case 0 '0 release\n0 release\n1 release\n'
  drag_case 0 '0 drag 0 1 1\n1 drag 0 -1 -1\n2 release\n'
  drag_case 0 '0 drag 5 1000000 -1000000\n1 release\n'
  drag_case 0 '0 drag 5 0 0\n0 drag 6 0 0\n'
  drag_case 0 '18446744073709551615 release\n'
  drag_case 0 '2 drag 5 1e-300 -0\n1000000000 release\n'
  drag_case 0 "#$(printf 'x%.0s' {1..1023})\n"
  drag_case 0 '0 grab 0.2 -0.2 0.3\n1 move 1 1\n2 release 1 0\n3 undo\n3 undo\n4 redo\n'
  drag_case 0 '0 move 1 1\n0 undo\n0 redo\n1 grab 50 50 0.1\n2 release\n'
  drag_case 0 '0 grab 0 0 100\n1 grab -1e6 1e6 1e-300\n'

  # CRLF line ends give exactly the same run as LF.
  printf '0 drag 5 0.3 0.1\n2 release\n' >"$work/lf.drag"
  printf '0 drag 5 0.3 0.1\r\n2 release\r\n' >"$work/crlf.drag"
  "$sim" run --width 4 --height 3 --steps 5 --drag "$work/lf.drag" >"$work/lf" 2>/dev/null
  "$sim" run --width 4 --height 3 --steps 5 --drag "$work/crlf.drag" >"$work/crlf" 2>/dev/null
  checks=$((checks + 1))
  cmp -s "$work/lf" "$work/crlf" || fail "CRLF script gave different positions from LF"
  # A file that cannot be read is an I/O error (status 1), a directory included.
  expect 1 "cannot read event script" "Is a directory" -- run --steps 1 --drag "$work"
  expect 1 "cannot open event script" "No such file" -- run --steps 1 --drag "$work/missing.drag"
  expect 1 "cannot open event script ''" -- run --steps 1 --drag ""
  checks=$((checks + 3))
  echo "$checks drag scripts checked"
  ;;
io_errors)
  expect 1 "cannot open event script" -- run --steps 1 --drag "$work/missing.drag"
  expect 1 "cannot open" "/nonexistent/dir/out.txt" -- run --steps 1 --out /nonexistent/dir/out.txt
  ;;
help_version)
  "$sim" --help >"$work/help" 2>&1 || fail "--help exited non-zero"
  grep -q "run" "$work/help" && grep -q "bench" "$work/help" && grep -q "scenes" "$work/help" ||
    fail "--help lacks the subcommands"
  "$sim" run --help >"$work/help" 2>&1 || fail "run --help exited non-zero"
  for flag in --width --height --fixed --dt --iterations --gravity --mass --steps --drag --out \
      --stiffness --substeps --damping --area-stiffness --tear-strain --solver --threads; do
    grep -q -- "$flag" "$work/help" || fail "run --help lacks $flag"
  done
  grep -qF -- "--stiffness VALUE" "$work/help" && grep -qF "(default 0; allowed: a finite number from 0 to 1e+12 N/m)" "$work/help" ||
    fail "run --help: --stiffness lacks its default and range"
  "$sim" bench --help >"$work/help" 2>&1 || fail "bench --help exited non-zero"
  for flag in --stiffness --substeps --damping --area-stiffness --tear-strain --solver --threads; do
    grep -q -- "$flag" "$work/help" || fail "bench --help lacks $flag"
  done
  grep -q -- "--mass" "$work/help" && fail "bench --help offers --mass, which it does not take"
  "$sim" --version | grep -qE '^pbd-sim [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$' || fail "--version"
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
  # 64 x 128 = 8192 particles: 4 chunks of rows, so 3 threads really work.
  "$sim" bench --sizes 64x128 --steps 3 --settle 5 --iterations 4 --solver colored --threads 3 --json >"$work/json" 2>&1 || fail "bench --json failed"
  cat "$work/json"
  for key in width height particles constraints iterations stiffness substeps removed solver threads threads_requested chunks ms_per_step ns_per_projection steps_per_s strain_max strain_rms; do
    grep -q "\"$key\": " "$work/json" || fail "JSON lacks $key"
  done
  grep -q '"iterations": 4' "$work/json" || fail "iterations not honoured"
  grep -q '"stiffness": 0, "substeps": 1,' "$work/json" || fail "default stiffness 0 and substeps 1 not reported"
  [[ $(wc -l <"$work/json") -eq 1 ]] || fail "--solver colored: expected one row"
  "$sim" bench --sizes 6x5 --steps 3 --settle 2 --solver sequential --stiffness 1000 --substeps 4 \
    --damping 0.5 --area-stiffness 10 --json >"$work/json2" 2>&1 || fail "bench with the physics flags failed: $(cat "$work/json2")"
  grep -q '"stiffness": 1000, "substeps": 4,' "$work/json2" || fail "--stiffness/--substeps not honoured: $(cat "$work/json2")"
  # ns_per_projection: the step over constraints x substeps x iterations (6x5: 89 constraints,
  # 4 substeps, 2 iterations), to the 6 digits printed.
  awk -F'"ms_per_step": |, "ns_per_projection": |, "steps_per_s"' '{
      want = $2 * 1e6 / (89 * 4 * 2); d = $3 - want; if (d < 0) d = -d
      exit !(d <= 2e-5 * want) }' "$work/json2" ||
    fail "ns_per_projection is not ms_per_step over 89 constraints x 4 substeps x 2 iterations: $(cat "$work/json2")"
  # No sweeps, no projections: null, "-" in the table.
  "$sim" bench --sizes 6x5 --steps 3 --settle 2 --solver sequential --iterations 0 --json >"$work/json0" 2>&1 || fail "bench --iterations 0 failed: $(cat "$work/json0")"
  grep -qF '"iterations": 0,' "$work/json0" && grep -qF '"ns_per_projection": null,' "$work/json0" || fail "--iterations 0: expected ns_per_projection null: $(cat "$work/json0")"
  "$sim" bench --sizes 6x5 --steps 3 --settle 2 --solver sequential --iterations 0 >"$work/table0" 2>&1 || fail "bench --iterations 0 failed: $(cat "$work/table0")"
  grep -qE '^6x5 +30 +89 +0 +sequential +1 +1 +[0-9.]+ +- ' "$work/table0" || fail "--iterations 0: expected '-' for ns/proj: $(cat "$work/table0")"
  grep -q '"solver": "colored", "threads": 3, "threads_requested": 3, "chunks": 4,' "$work/json" || fail "--solver/--threads not honoured on 4 chunks"
  # --remove takes away that fraction of the constraints (as torn), the same ones each run.
  "$sim" bench --sizes 10x10 --steps 3 --settle 5 --solver sequential --remove 0.5 --json >"$work/json3" 2>&1 || fail "bench --remove failed: $(cat "$work/json3")"
  grep -q '"constraints": 171, .*"removed": 0.5,' "$work/json3" || fail "--remove 0.5 of 342: expected 171 live constraints: $(cat "$work/json3")"
  # A list measures one cloth per fraction (stepped in turns), a row each, in the list's order.
  "$sim" bench --sizes 10x10 --steps 3 --settle 5 --solver colored --remove 0,0.5 --json >"$work/json4" 2>&1 || fail "bench --remove 0,0.5 failed: $(cat "$work/json4")"
  [[ $(wc -l <"$work/json4") -eq 2 ]] && sed -n 1p "$work/json4" | grep -q '"constraints": 342, .*"removed": 0,' &&
    sed -n 2p "$work/json4" | grep -q '"constraints": 171, .*"removed": 0.5,' || fail "--remove 0,0.5: expected rows of 342 and 171 constraints: $(cat "$work/json4")"
  "$sim" bench --sizes 10x10 --steps 3 --settle 5 --solver sequential --remove 0,0.25 >"$work/table" 2>&1 || fail "bench --remove 0,0.25 failed"
  grep -qE '^10x10 +100 +256 .* 0.25$' "$work/table" || fail "table row of --remove 0.25: expected 256 constraints and the removed column: $(cat "$work/table")"
  "$sim" bench --sizes 10x10 --steps 3 --remove 0,0.3,1 >"$work/out" 2>"$work/err"; status=$?
  [[ $status -eq 2 ]] && grep -q "^pbd-sim bench: --remove: '1' .*allowed: a number from 0 to 0.9" "$work/err" || fail "--remove 0,0.3,1: expected status 2 naming the item, got $status: $(cat "$work/err")"
  "$sim" bench --sizes 10x10 --steps 3 --remove 0.95 >"$work/out" 2>"$work/err"; status=$?
  [[ $status -eq 2 ]] && grep -q "^pbd-sim bench: --remove: '0.95' .*allowed: a number from 0 to 0.9" "$work/err" || fail "--remove 0.95: expected status 2 naming the range, got $status: $(cat "$work/err")"
  # A cloth of one chunk runs on the calling thread, whatever --threads asks for: it says so.
  "$sim" bench --sizes 8x8 --steps 3 --settle 0 --solver colored --threads 3 --json >"$work/json" 2>&1 || fail "bench --json failed"
  grep -q '"threads": 1, "threads_requested": 3, "chunks": 1,' "$work/json" || fail "8x8 on 3 threads: expected 1 used of 3, 1 chunk: $(cat "$work/json")"
  "$sim" bench --sizes 8x8 --steps 3 --settle 0 --solver colored --threads 3 >"$work/table" 2>&1 || fail "bench failed"
  grep -qE '^8x8 .* colored +1/3 +1 ' "$work/table" || fail "8x8 table row: expected threads 1/3 on 1 chunk: $(cat "$work/table")"
  # The colored solver's positions do not depend on the thread count, on a cloth whose
  # chunks really are spread over the threads (the summary says how many ran).
  "$sim" run --width 64 --height 128 --steps 300 --solver colored --threads 1 >"$work/c1" 2>"$work/e1" || fail "colored run failed"
  "$sim" run --width 64 --height 128 --steps 300 --solver colored --threads 3 >"$work/c3" 2>"$work/e3" || fail "colored run failed"
  cat "$work/e3"
  chunks="$(sed -nE 's/.*colored solver, ([0-9]+) chunks? of rows.*/\1/p' "$work/e3")"
  [[ -n "$chunks" && "$chunks" -gt 1 ]] || fail "expected several chunks of rows: $(cat "$work/e3")"
  grep -q "), threads 3, " "$work/e3" || fail "expected 3 threads used: $(cat "$work/e3")"
  grep -q "), threads 1, " "$work/e1" || fail "expected 1 thread used: $(cat "$work/e1")"
  cmp -s "$work/c1" "$work/c3" || fail "colored positions differ between 1 and 3 threads"
  "$sim" run --width 40 --height 30 --steps 1 --solver colored --threads 2 >/dev/null 2>"$work/e2" || fail "colored run failed"
  grep -q "1 chunk of rows), threads 1 of 2 (the cloth is one chunk of rows)" "$work/e2" || fail "40x30 on 2 threads: expected 1 used of 2: $(cat "$work/e2")"
  ;;
gpu_scenarios)
  # The GPU solver against the colored one through the command line, scenario by scenario.
  # Label `long` (tests/cli/CMakeLists.txt): the GPU tests run the same kernels and host code.
  gpu_or_skip
  # maxdev A B: the largest coordinate difference of two position files.
  maxdev() { paste "$1" "$2" | awk '{for (k = 1; k <= 2; k++) { d = $k - $(k + 2); if (d < 0) d = -d; if (d > m) m = d }} END { printf "%.3g", m + 0 }'; }
  # The last four collide: four shapes with thickness and friction; a ball caught by the cloth
  # over a circle (the balls' phase on the host, the obstacles' on the GPU); the 60 x 60 drop
  # landing on its ground with self-collision (its rounds with the contacts); the heap, a cloth
  # seen edge-on folding onto itself on the ground (one particle across). Contacts and
  # friction branch on rounding, so float is checked there by its invariant (tests/gpu), not
  # against the positions.
  for args in "--drag $cases/page_default_drag.drag --steps 600" "--fixed 4 --iterations 5 --steps 200" \
              "--shear-stiffness 300 --substeps 2 --steps 200" "--stiffness 900 --shear-stiffness 40 --cloth-width 6 --steps 100" \
              "--obstacle circle:4,-4,1 --obstacle ground:-9,-10 --obstacle box:2,-3,1,0.5,30 --obstacle capsule:5,-2,7,-3,0.1 --thickness 0.05 --friction 0.3 --steps 300" \
              "--ball 4,1,0.5,2 --obstacle circle:1,-4,1 --thickness 0.05 --friction 0.3 --damping 0.5 --steps 300" \
              "--scene drop --steps 250" "--scene heap --steps 400"; do
    # shellcheck disable=SC2086
    "$sim" run $args --solver colored --threads 1 >"$work/c" 2>/dev/null || fail "colored run failed"
    # shellcheck disable=SC2086
    "$sim" run $args --solver gpu --gpu-precision double >"$work/gd" 2>"$work/err" || fail "gpu double run failed: $(cat "$work/err")"
    grep -q 'gpu solver on .*, double' "$work/err" || fail "summary lacks the device and precision: $(cat "$work/err")"
    # shellcheck disable=SC2086
    "$sim" run $args --solver gpu >"$work/gf" 2>"$work/err" || fail "gpu float run failed: $(cat "$work/err")"
    grep -q ', float' "$work/err" || fail "float is not the gpu solver's default: $(cat "$work/err")"
    dd="$(maxdev "$work/gd" "$work/c")" df="$(maxdev "$work/gf" "$work/c")"
    echo "$args: gpu double vs colored $dd m, gpu float vs colored $df m"
    awk -v d="$dd" 'BEGIN { exit !(d <= 1e-12) }' || fail "$args: gpu double differs from colored by $dd m"
    [[ $args == *--obstacle* || $args == *--scene* ]] || awk -v d="$df" 'BEGIN { exit !(d <= 1e-3) }' || fail "$args: gpu float differs from colored by $df m"
  done
  # 3D: a horizontal and a vertical sheet, PBD, XPBD with shear, damping and substeps, a drag,
  # bending (and bending with a cut: its constraints across the cut skipped), tethers, air per
  # triangle (wind x, y, z; gusts), Chebyshev, tearing, the world (every 3D shape, a ball,
  # friction), self-collision (a free sheet folding onto itself over a sphere: its phases on
  # the host, gpu_self_contact3.h):
  # double gives the colored solver's hash over x, y and z, float comes within 1e-3 m.
  # The far edge's middle (2, 0, 3.8 at rest) lifted and pulled back calmly, then thrown.
  printf '10 drag 390 2 -0.02 3.8\n20 drag 390 2.03 0.02 3.77\n30 drag 390 2.06 0.06 3.74\n40 drag 390 2.09 0.1 3.71\n70 release 0 0.5 -1\n' >"$work/d3.drag"
  printf '20 cut 1.9 0.5 0 1.9 -5 0 0 0 1\n' >"$work/cut3.drag"
  printf '0 unpin 0\n' >"$work/free3.drag"
  maxdev3() { paste "$1" "$2" | awk '{for (k = 1; k <= 3; k++) { d = $k - $(k + 3); if (d < 0) d = -d; if (d > m) m = d }} END { printf "%.3g", m + 0 }'; }
  # Each line: float's largest distance from colored allowed (m), then the run's flags. With
  # contacts float drifts further once the cloth lands (PBD's contacts amplify rounding): 1e-3
  # before that, a few cm after (docs/gpu.md); with self-collision folding the sheet too
  # (3.5 and 5.2 cm seen with two orders of the element pairs): 10 cm.
  while IFS='|' read -r tolerance args; do
    # shellcheck disable=SC2086
    "$sim" run --dimensions 3 $args --solver colored --threads 1 --out "$work/c3" 2>"$work/ec" >/dev/null || fail "colored 3D run failed: $(cat "$work/ec")"
    # shellcheck disable=SC2086
    "$sim" run --dimensions 3 $args --solver gpu --gpu-precision double --out "$work/gd3" 2>"$work/ed" >/dev/null || fail "gpu double 3D run failed: $(cat "$work/ed")"
    # shellcheck disable=SC2086
    "$sim" run --dimensions 3 $args --solver gpu --out "$work/gf3" 2>"$work/ef" >/dev/null || fail "gpu float 3D run failed: $(cat "$work/ef")"
    hc="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ec")"
    hd="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ed")"
    df="$(maxdev3 "$work/gf3" "$work/c3")"
    echo "3D $args: colored $hc, gpu double $hd, gpu float vs colored $df m"
    [[ -n $hc && $hc == "$hd" ]] || fail "3D $args: gpu double $hd differs from colored $hc"
    awk -v d="$df" -v t="$tolerance" 'BEGIN { exit !(d <= t) }' || fail "3D $args: gpu float differs from colored by $df m (allowed $tolerance)"
  done <<EOF3D
1e-3|--orientation horizontal --width 30 --height 24 --steps 150
1e-3|--width 24 --height 20 --fixed 4 --stiffness 3000 --shear-stiffness 200 --substeps 3 --damping 0.4 --steps 120
1e-3|--orientation horizontal --width 20 --height 20 --stiffness 5000 --shear-stiffness 100 --substeps 2 --steps 100 --drag $work/d3.drag
1e-3|--orientation horizontal --width 16 --height 14 --bending 5 --stiffness 3000 --shear-stiffness 200 --substeps 3 --steps 60
1e-3|--width 20 --height 20 --bending 1 --steps 60 --drag $work/cut3.drag
1e-3|--orientation horizontal --width 20 --height 16 --fixed 2 --tethers on --substeps 2 --steps 100
1e-3|--width 16 --height 14 --air-drag 0.5 --wind-x 1 --wind-y 0.5 --wind-z 3 --stiffness 3000 --substeps 2 --steps 100
1e-3|--width 16 --height 14 --air-drag 1 --wind-z 3 --wind-x 1 --gusts 0.8 --substeps 2 --stiffness 3000 --steps 100
1e-3|--orientation horizontal --width 20 --height 16 --iterations 10 --chebyshev 0.9 --bending 1 --steps 80
0.05|--orientation horizontal --width 20 --height 20 --stiffness 5000 --shear-stiffness 100 --substeps 2 --tear-strain 0.05 --bending 0.5 --steps 100 --drag $work/d3.drag
1e-3|--width 20 --height 20 --stiffness 3000 --steps 60 --tear-strain 0.3 --bending 0.5 --air-drag 0.3 --wind-z 2
0.05|--orientation horizontal --width 15 --height 15 --cloth-width 2 --cloth-height 2 --fixed 1 --substeps 3 --thickness 0.02 --friction 0.3 --obstacle sphere:1,-0.8,1,0.5 --obstacle ground:-2 --steps 100
0.05|--orientation horizontal --width 15 --height 15 --cloth-width 2 --cloth-height 2 --fixed 1 --substeps 3 --thickness 0.02 --friction 0.5 --obstacle box:1,-1,1,1,0.4,1.2,10,20,30 --obstacle capsule:0,-0.5,0,2,-0.7,2,0.2 --obstacle plane:0,-1.5,0,0.2,1,0.1 --ball 0.3,1,0.4,0.2,1 --steps 100
0.1|--orientation horizontal --width 20 --height 20 --cloth-width 1 --cloth-height 1 --fixed 1 --drag $work/free3.drag --bending 0.0005 --obstacle sphere:0.5,-0.4,0.5,0.25 --obstacle ground:-0.8 --friction 0.3 --wind-z 2 --air-drag 0.05 --thickness 0.02 --self-collision on --steps 300
EOF3D
  # A 3D knife stroke down the middle of a vertical sheet (the live mask, as in 2D).
  cut3=(run --dimensions 3 --width 20 --height 20 --steps 100 --drag "$work/cut3.drag")
  "$sim" "${cut3[@]}" --solver colored --threads 1 >/dev/null 2>"$work/ec" || fail "colored 3D cut failed: $(cat "$work/ec")"
  "$sim" "${cut3[@]}" --solver gpu --gpu-precision double >/dev/null 2>"$work/ed" || fail "gpu 3D cut failed: $(cat "$work/ed")"
  hc="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ec")" hd="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ed")"
  echo "3D cut: colored $hc, gpu double $hd"
  [[ $hc == "constraints 1424, "* && $hc == "$hd" ]] || fail "3D cut: gpu double '$hd', colored '$hc' (1424 constraints left expected)"
  # Every built-in 3D scene (its world, balls, bending, air, moving bar) on the GPU in double:
  # the colored solver's summary, hash included, after 30 steps.
  for scene in $("$sim" scenes | awk '$2 == "3D" { print $1 }'); do
    "$sim" run --scene "$scene" --steps 30 --solver colored --threads 1 >/dev/null 2>"$work/ec" || fail "colored $scene failed: $(cat "$work/ec")"
    "$sim" run --scene "$scene" --steps 30 --solver gpu --gpu-precision double >/dev/null 2>"$work/ed" || fail "gpu $scene failed: $(cat "$work/ed")"
    hc="$(grep -o 'obstacles [0-9]*, balls [0-9]*, constraints [0-9]*, hash [0-9a-f]*' "$work/ec")"
    hd="$(grep -o 'obstacles [0-9]*, balls [0-9]*, constraints [0-9]*, hash [0-9a-f]*' "$work/ed")"
    echo "3D scene $scene: colored $hc, gpu double $hd"
    [[ -n $hc && $hc == "$hd" ]] || fail "3D scene $scene: gpu double '$hd', colored '$hc'"
  done
  # The self-contact bound on the GPU (shaders/self_contact_bound.comp.glsl) where its guards
  # fail: in tablecloth-3d with self-collision the bar drags the cloth through its folds and a
  # few guards a substep send particles back. Each form of its kernels (test hook
  # PBD_GPU_SELF_CONTACT_BOUND=SWEEPS,WALK, gpu_self_contact3.h; empty: the default) gives the
  # colored solver's hash after 120 steps.
  tc=(run --scene tablecloth-3d --self-collision on --steps 120)
  "$sim" "${tc[@]}" --solver colored --threads 1 >/dev/null 2>"$work/ec" || fail "colored tablecloth-3d failed: $(cat "$work/ec")"
  hc="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ec")"
  for form in "" 0,1 1,3; do
    PBD_GPU_SELF_CONTACT_BOUND=$form "$sim" "${tc[@]}" --solver gpu --gpu-precision double >/dev/null 2>"$work/ed" || fail "gpu tablecloth-3d ($form) failed: $(cat "$work/ed")"
    hd="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ed")"
    echo "3D tablecloth-3d with self-collision, bound form '$form': colored $hc, gpu double $hd"
    [[ -n $hc && $hc == "$hd" ]] || fail "tablecloth-3d with self-collision, bound form '$form': gpu double '$hd', colored '$hc'"
  done
  # The elements' contacts on the GPU (shaders/element_contact.comp.glsl: a sheet without a
  # capsule, nothing read back): drape-3d at 20 x 20 with self-collision drapes over its sphere
  # and folds (without self-collision it ends elsewhere); GPU double gives the colored
  # solver's hash after 120 steps.
  dc=(run --scene drape-3d --width 20 --height 20 --steps 120)
  "$sim" "${dc[@]}" --self-collision on --solver colored --threads 1 >/dev/null 2>"$work/ec" || fail "colored drape-3d failed: $(cat "$work/ec")"
  hc="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ec")"
  "$sim" "${dc[@]}" --self-collision off --solver colored --threads 1 >/dev/null 2>"$work/eo" || fail "colored drape-3d without self-collision failed: $(cat "$work/eo")"
  ho="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/eo")"
  [[ -n $ho && $ho != "$hc" ]] || fail "drape-3d: self-collision changed nothing ('$ho')"
  "$sim" "${dc[@]}" --self-collision on --solver gpu --gpu-precision double >/dev/null 2>"$work/ed" || fail "gpu drape-3d failed: $(cat "$work/ed")"
  hd="$(grep -o 'constraints [0-9]*, hash [0-9a-f]*' "$work/ed")"
  echo "3D drape-3d 20 x 20 with self-collision (the elements on the GPU): colored $hc, gpu double $hd"
  [[ -n $hc && $hc == "$hd" ]] || fail "drape-3d with self-collision: gpu double '$hd', colored '$hc'"
  ;;
gpu)
  # --solver gpu on the command line: its summary, its refusals, bench, the storage limit and
  # a lost context. Its scenarios against the colored solver: gpu_scenarios.
  gpu_or_skip
  "$sim" run --fixed 4 --iterations 5 --steps 20 --solver colored --threads 1 >"$work/c" 2>/dev/null || fail "colored run failed"
  "$sim" run --fixed 4 --iterations 5 --steps 20 --solver gpu --gpu-precision double >"$work/gd" 2>"$work/err" || fail "gpu double run failed: $(cat "$work/err")"
  grep -q 'gpu solver on .*, double' "$work/err" || fail "summary lacks the device and precision: $(cat "$work/err")"
  cmp -s "$work/c" "$work/gd" || fail "gpu double's positions differ from colored's after 20 steps"
  "$sim" run --fixed 4 --iterations 5 --steps 20 --solver gpu >/dev/null 2>"$work/err" || fail "gpu float run failed: $(cat "$work/err")"
  grep -q ', float' "$work/err" || fail "float is not the gpu solver's default: $(cat "$work/err")"
  expect 2 "--gpu-precision" "'half'" "float or double" -- run --solver gpu --gpu-precision half
  expect 2 "--width" "5000" "1 to 4096" "gpu solver" -- run --solver gpu --width 5000
  "$sim" bench --solver gpu --sizes 16x12 --settle 5 --steps 4 --json >"$work/json" 2>"$work/err" || fail "bench --solver gpu failed: $(cat "$work/err")"
  cat "$work/json"
  grep -q '"solver": "gpu"' "$work/json" && grep -q '"gpu_precision": "float"' "$work/json" || fail "bench --solver gpu row lacks solver or precision"
  # A cloth beyond the storage block limit (test hook: a limit of 12000 bytes; 40 x 30
  # positions take 9600 bytes in float, 19200 in double) is refused, naming size and limit.
  PBD_GPU_MAX_STORAGE_BLOCK_BYTES=12000 "$sim" run --solver gpu --steps 2 >/dev/null 2>"$work/err" || fail "40 x 30 float should fit 12000 bytes: $(cat "$work/err")"
  export PBD_GPU_MAX_STORAGE_BLOCK_BYTES=12000
  expect 1 "40 x 30" "19200" "12000" "GL_MAX_SHADER_STORAGE_BLOCK_SIZE" -- run --solver gpu --gpu-precision double --steps 2
  expect 1 "40 x 30" "GL_MAX_SHADER_STORAGE_BLOCK_SIZE" -- bench --solver gpu --gpu-precision double --sizes 40x30 --settle 1 --steps 1
  unset PBD_GPU_MAX_STORAGE_BLOCK_BYTES
  # A lost context (test hook: a reset reported at the 4th check, one per step) ends the run
  # with status 1 and says so; no positions are written.
  PBD_GPU_FAKE_RESET_AFTER_FRAMES=3 "$sim" run --solver gpu --steps 10 >"$work/out" 2>"$work/err"
  got=$?
  [[ $got -eq 1 ]] || fail "a lost context should exit 1, got $got: $(cat "$work/err")"
  grep -q "context was lost" "$work/err" || fail "no message about the lost context: $(cat "$work/err")"
  [[ -s "$work/out" ]] && fail "positions were written after the context was lost"
  PBD_GPU_FAKE_RESET_AFTER_FRAMES=11 "$sim" run --solver gpu --steps 10 >/dev/null 2>"$work/err" || fail "10 steps and a wait should pass 11 checks: $(cat "$work/err")"
  ;;
size)
  # A cloth with a size and a density: refused values (alone, and against the particle counts)
  # exit 2 naming the flag, on run and bench; a curtain pinned by `pin-row` hangs as the
  # core's test says; a state file keeps the size and the density.
  for command in run bench; do
    for value in -1 1000.5 nan inf abc ""; do
      refuse --cloth-width "$value" $command
      refuse --cloth-height "$value" $command
    done
    for value in -0.2 10001 nan abc; do refuse --density "$value" $command; done
  done
  expect 2 "--cloth-width" "clothWidth = 2 m is not allowed with width = 1" "allowed:" -- run --width 1 --cloth-width 2
  expect 2 "--cloth-height" "a spacing of 0.001 m" "allowed:" -- run --height 101 --cloth-height 0.1
  expect 2 "--density" "particles of 1e-10 kg" -- run --width 11 --height 11 --cloth-width 0.02 --cloth-height 0.02 --density 1e-4
  expect 2 "--cloth-width" "with width = 1" -- bench --sizes 1x5 --cloth-width 2 --settle 1 --steps 1
  printf '0 pin-row 0\n' >"$work/curtain.events"
  "$sim" run --width 21 --height 21 --cloth-width 2 --cloth-height 2 --density 0.2 --stiffness 20 \
    --substeps 20 --damping 10 --steps 800 --events "$work/curtain.events" --save "$work/curtain.json" \
    >"$work/out" 2>"$work/err" || fail "curtain run failed: $(cat "$work/err")"
  sag="$(awk 'NR == 1 || $2 < m { m = $2 } END { printf "%.4f", -2 - m }' "$work/out")"
  echo "21 x 21 curtain: sag $sag m"
  [[ "$sag" == "0.1201" ]] || fail "21 x 21 curtain sags $sag m, expected 0.1201 (edge springs at half stiffness)"
  head -21 "$work/out" | awk '$2 != 0 { exit 1 }' || fail "the pinned top row moved"
  grep -q '"clothWidth": 2' "$work/curtain.json" && grep -q '"density": 0.2' "$work/curtain.json" || fail "the state file lacks the size or density"
  "$sim" run --load "$work/curtain.json" --steps 10 >/dev/null 2>"$work/err" || fail "loading the curtain failed: $(cat "$work/err")"
  expect 2 "row '21' is not allowed; allowed: 0 to 20" -- run --width 21 --height 21 --events <(printf '0 pin-row 21\n')
  ;;
world)
  # Obstacles, thickness and friction from the command line, event lines and state files.
  w="--obstacle circle:4,-7,1.5 --obstacle box:2,-8,2,0.5,-20 --obstacle capsule:5,-9,7,-9.5,0.1 --obstacle ground:-10,-10"
  # shellcheck disable=SC2086 # w is words
  expect 0 ", obstacles 4, balls 0, constraints " -- run $w --thickness 0.05 --friction 0.4 --steps 300 --out "$work/w1"
  expect 0 ", obstacles 0, balls 0, constraints 4592, hash " -- run --steps 10 --out /dev/null
  # shellcheck disable=SC2086
  "$sim" run $w --steps 300 --solver colored --threads 1 --out "$work/c1" 2>/dev/null || fail "colored world run failed"
  # shellcheck disable=SC2086
  "$sim" run $w --steps 300 --solver colored --threads 2 --out "$work/c2" 2>/dev/null || fail "colored world run failed"
  cmp -s "$work/c1" "$work/c2" || fail "colored with obstacles differs between 1 and 2 threads"
  # Every particle of the final cloth outside the ground (below y = -10 - x tan 10 deg).
  awk '{ if ($2 < -10 - $1 * 0.17632698 - 1e-9) { print "below"; exit 1 } }' "$work/w1" >/dev/null || fail "a particle ended below the ground"
  printf '0 obstacle circle:3,-3,0.5\n50 move-obstacle 0 3.5 -3 \n60 move-obstacle 4 3 -11 5\n100 remove-obstacle 1\n120 set friction 0.3\n120 set thickness 0.02\n150 restart\n200 end\n' >"$work/w.events"
  # shellcheck disable=SC2086
  expect 0 ", obstacles 4, balls 0," -- run $w --events "$work/w.events" --out /dev/null
  # shellcheck disable=SC2086
  "$sim" run $w --steps 50 --save "$work/w.json" --out /dev/null 2>/dev/null || fail "saving a world failed"
  grep -q '"shape": "capsule"' "$work/w.json" && grep -q '"x1": 5' "$work/w.json" || fail "the state file lacks the obstacles"
  "$sim" run --load "$work/w.json" --steps 10 --out "$work/l1" 2>"$work/err" || fail "loading a world failed: $(cat "$work/err")"
  grep -qF ", obstacles 4," "$work/err" || fail "the loaded world lacks its obstacles: $(cat "$work/err")"
  # shellcheck disable=SC2086
  "$sim" run $w --steps 60 --out "$work/l2" 2>/dev/null
  cmp -s "$work/l1" "$work/l2" || fail "50 + 10 steps through a state file differ from 60"
  for spec in circle:1,2 circle:1,2,-1 circle:1,2,nan blob:1,2 box:1,2,3 capsule:1,2,3,4 ground:; do
    checks=$((checks + 1))
    expect 2 "--obstacle: " "allowed" -- run --obstacle "$spec" --steps 1
  done
  expect 2 "circle radius -1 is not allowed" -- run --obstacle circle:1,2,-1
  expect 2 "box takes 4 or 5 values, got 3" -- run --obstacle box:1,2,3
  expect 2 "obstacle shape 'blob' is not allowed" -- run --obstacle blob:1
  many=(); for i in $(seq 0 256); do many+=(--obstacle circle:0,0,1); done
  expect 2 "257 obstacles are not allowed; allowed: at most 256" -- run "${many[@]}" --steps 1
  expect 2 "line 1: obstacle index '1' is not allowed; allowed: 0 to 0" -- run --obstacle ground:-9 --events <(printf '0 move-obstacle 1 0 0\n')
  expect 2 "line 3: obstacle index '0' is not allowed; allowed: none" -- run --events <(printf '0 obstacle circle:1,1,1\n1 remove-obstacle 0\n2 remove-obstacle 0\n')
  expect 2 "line 1: circle takes 3 values" -- run --events <(printf '0 obstacle circle:1,2\n')
  expect 2 "--thickness" "allowed" -- run --thickness -1
  expect 2 "--friction" "allowed" -- run --friction nan
  # shellcheck disable=SC2086
  "$sim" bench --sizes 100x100 --solver colored --threads 2 --steps 3 --settle 0 $w >"$work/b" 2>&1 || fail "bench with obstacles failed: $(cat "$work/b")"
  grep -qE '^100x100 ' "$work/b" || fail "bench with obstacles printed no row: $(cat "$work/b")"
  ;;
scenes)
  # --scene: built-in names and scene files; flags override its settings; bad ones refused.
  base="$("$sim" run --steps 300 --out /dev/null 2>&1 >/dev/null | grep -o 'hash [0-9a-f]*')"
  expect 0 "$base" ", obstacles 0," -- run --scene page --steps 300 --out /dev/null
  # The help names every built-in scene (it is made from builtInSceneNames()).
  "$sim" run --help >"$work/help" 2>&1
  grep -qF "a built-in name (page, curtain-over-ball, pegs, table, slope, bar, hammock, sweep, drop, heap, flag, catenary, hanging-strip, wind-rope, pendulum, incline, drape-3d, tablecloth-3d, flag-3d, curtain-3d, cantilever-3d, drop-3d)" "$work/help" || fail "--scene's help does not name every built-in scene: $(grep -F -- '--scene' "$work/help")"
  for s in curtain-over-ball pegs table slope bar hammock sweep drop heap flag; do
    expect 0 ", obstacles " ", balls " -- run --scene "$s" --steps 100 --out "$work/s"
    awk '$1 != $1 + 0 || $2 != $2 + 0 || $1 ~ /nan|inf/ || $2 ~ /nan|inf/ { exit 1 }' "$work/s" || fail "scene $s has a non-finite position"
  done
  expect 0 "60 steps of 40x30" ", obstacles 3," -- run --scene slope --width 40 --obstacle circle:9,-9,0.5 --obstacle circle:12,-9,0.5 --steps 60 --out /dev/null
  # A scene file reads as the built-in scene it was written from (state saved, loaded).
  printf '{"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 20, "height": 10, "friction": 0.3}, "obstacles": [{"shape": "ground", "x": 0, "y": -3, "angle": -15}], "balls": [], "pinned": []}\n' >"$work/scene.json"
  expect 0 "steps of 20x10" ", obstacles 1," -- run --scene "$work/scene.json" --steps 200 --save "$work/scene_state.json" --out "$work/s1"
  "$sim" run --load "$work/scene_state.json" --steps 0 --out "$work/s2" 2>/dev/null || fail "loading a scene's state failed"
  cmp -s "$work/s1" "$work/s2" || fail "a scene's saved state loads back different"
  expect 2 "--scene: scene: 'nope' is not a built-in scene or a readable file" "allowed: page, curtain-over-ball" -- run --scene nope
  printf '{"format": "pbd-cloth-state", "version": 1}' >"$work/bad1.json"
  expect 2 "format: '\"pbd-cloth-state\"' is not allowed; allowed: \"pbd-cloth-scene\"" -- run --scene "$work/bad1.json"
  printf '{"format": "pbd-cloth-scene", "version": 7}' >"$work/bad2.json"
  expect 2 "version: '7' is not supported; allowed: 1" -- run --scene "$work/bad2.json"
  printf '{"format": "pbd-cloth-scene", "version": 1, "obstacles": [{"shape": "box", "x": 0, "y": 0, "width": -1, "height": 1, "angle": 0}]}' >"$work/bad3.json"
  expect 2 "obstacles[0]: " "width" "allowed" -- run --scene "$work/bad3.json"
  expect 2 "--scene: cannot be given with --load" -- run --scene page --load "$work/scene_state.json"
  "$sim" bench --scene table --sizes 50x40 --solver sequential --steps 3 --settle 0 >"$work/b" 2>&1 || fail "bench --scene failed: $(cat "$work/b")"
  grep -qE '^50x40 .* 4 +0$' "$work/b" || fail "bench --scene lacks the scene's obstacles: $(cat "$work/b")"
  # Scenes with balls: the hammock's ball, bench's --ball after the scene's.
  expect 0 "steps of 40x2" ", obstacles 1, balls 1," -- run --scene hammock --steps 50 --out /dev/null
  expect 0 ", obstacles 1, balls 2," -- run --scene hammock --ball 3,2,0.2,1 --steps 5 --out /dev/null
  "$sim" bench --scene hammock --ball 1,2,0.2,1 --sizes 40x2 --solver sequential --steps 3 --settle 0 --json >"$work/b" 2>&1 || fail "bench --scene hammock --ball failed: $(cat "$work/b")"
  # The scene's settings under the flags, its iterations too (the hammock's 4, 8 substeps).
  grep -qF '"iterations": 4, "stiffness": 5000, "substeps": 8,' "$work/b" || fail "bench --scene hammock lacks the scene's iterations and substeps: $(cat "$work/b")"
  grep -qF '"obstacles": 1, "balls": 2}' "$work/b" || fail "bench lacks the scene's and the flag's balls: $(cat "$work/b")"
  expect 2 "--ball: ball radius 0.05 is not allowed" -- bench --ball 1,2,0.05,1 --sizes 10x10
  printf '{"format": "pbd-cloth-scene", "version": 1, "balls": [{"x": 0, "y": 1, "vx": 0, "vy": 0, "radius": 0.3, "mass": -2}]}' >"$work/bad4.json"
  expect 2 "balls[0]: mass -2 is not allowed" -- run --scene "$work/bad4.json"
  # A scene line replaces the world; restart brings that scene back; the replay is exact.
  printf '0 scene hammock\n100 grab-ball 0 2 1\n110 release-ball 1 0\n200 scene sweep\n210 move-obstacle 1 0 0 10\n300 restart\n400 end\n' >"$work/scene.events"
  expect 0 "400 steps of 60x2" ", obstacles 2, balls 0," -- run --events "$work/scene.events" --out "$work/e1"
  "$sim" run --events "$work/scene.events" --out "$work/e2" 2>/dev/null || fail "scene events failed"
  cmp -s "$work/e1" "$work/e2" || fail "a script with scene lines replays differently"
  # (A scene file is read from the script's folder: /dev/fd/nope here.)
  expect 2 "line 2: scene: '" "nope' is not a built-in scene" -- run --events <(printf '0 scene page\n1 scene nope\n')
  expect 2 "line 2: obstacle index '2' is not allowed; allowed: 0 to 1" -- run --events <(printf '0 scene sweep\n1 remove-obstacle 2\n')
  # Saved mid-grab with a move pending (the move at step 200 comes after the first run's
  # last step), loaded and continued: the same bits as straight through.
  printf '0 scene hammock\n100 grab-ball 0 2 1\n150 obstacle ground:0.5,-3,-10\n200 move-obstacle 1 0.7 -3 -5\n250 release-ball\n400 end\n' >"$work/grab.events"
  "$sim" run --events "$work/grab.events" --out "$work/g1" 2>/dev/null || fail "grab events failed"
  printf '0 scene hammock\n100 grab-ball 0 2 1\n150 obstacle ground:0.5,-3,-10\n200 move-obstacle 1 0.7 -3 -5\n200 end\n' >"$work/grab1.events"
  "$sim" run --events "$work/grab1.events" --save "$work/grab.json" --out /dev/null 2>/dev/null || fail "saving mid-grab failed"
  grep -q '"held": true' "$work/grab.json" && grep -q '"start"' "$work/grab.json" || fail "the state lacks the held ball or the pending move"
  "$sim" run --load "$work/grab.json" --events <(printf '50 release-ball\n') --steps 200 --out "$work/g2" 2>/dev/null || fail "continuing mid-grab failed"
  cmp -s "$work/g1" "$work/g2" || fail "a state saved mid-grab continues differently"
  ;;
script_files)
  # The files a script's scene and load lines name are read from the script's folder, as a
  # recording names the files written beside it; run from another folder.
  mkdir -p "$work/rec/sub" "$work/elsewhere"
  printf '{"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 20, "height": 10}, "obstacles": [{"shape": "circle", "x": 2, "y": -3, "radius": 0.5}], "balls": [{"x": 1, "y": 1, "vx": 0.5, "vy": 0, "radius": 0.3, "mass": 2}], "pinned": [0, 5]}\n' >"$work/rec/sub/start.scene.json"
  printf '0 scene sub/start.scene.json\n0 restart\n150 end\n' >"$work/rec/scene.events"
  (cd "$work/elsewhere" && "$sim" run --events ../rec/scene.events --out "$work/p1" 2>"$work/err") || fail "a scene file beside the script is not found from another folder: $(cat "$work/err")"
  grep -qF "150 steps of 20x10" "$work/err" && grep -qF ", obstacles 1, balls 1," "$work/err" || fail "the script's scene file did not set the start: $(cat "$work/err")"
  "$sim" run --scene "$work/rec/sub/start.scene.json" --steps 150 --out "$work/p2" 2>/dev/null || fail "--scene of the same file failed"
  cmp -s "$work/p1" "$work/p2" || fail "the script's scene line differs from --scene of the same file"
  # A load line continues from a state file as --load does: the same bits, and a restart
  # brings back the file's obstacles and balls (with the fixed corners pinned) in both.
  "$sim" run --scene hammock --ball 3,2,0.3,1 --steps 120 --save "$work/rec/sub/s.state.json" --out /dev/null 2>/dev/null || fail "saving a state failed"
  printf '0 load sub/s.state.json\n90 restart\n200 end\n' >"$work/rec/load.events"
  (cd "$work/elsewhere" && "$sim" run --events ../rec/load.events --out "$work/l1" 2>"$work/err") || fail "a load line beside the script failed: $(cat "$work/err")"
  grep -qF ", obstacles 1, balls 2," "$work/err" || fail "the load line's state lacks its world: $(cat "$work/err")"
  "$sim" run --load "$work/rec/sub/s.state.json" --events <(printf '90 restart\n') --steps 200 --out "$work/l2" 2>/dev/null || fail "--load of the same state failed"
  cmp -s "$work/l1" "$work/l2" || fail "the script's load line differs from --load of the same state"
  # An absolute path is taken as it is; refusals name the line and the file.
  printf '0 load %s\n10 end\n' "$work/rec/sub/s.state.json" >"$work/elsewhere/abs.events"
  expect 0 "10 steps of 40x2" -- run --events "$work/elsewhere/abs.events" --out /dev/null
  printf '0 load missing.json\n' >"$work/rec/missing.events"
  expect 2 "line 1: load: cannot read $work/rec/missing.json" "allowed: a readable state file" -- run --events "$work/rec/missing.events"
  printf '0 load sub/start.scene.json\n' >"$work/rec/notstate.events"
  expect 2 "line 1: load: $work/rec/sub/start.scene.json: " "pbd-cloth-state" -- run --events "$work/rec/notstate.events"
  printf '0 load /dev/zero\n' >"$work/rec/device.events"
  expect 2 "line 1: load: /dev/zero is not a regular file" -- run --events "$work/rec/device.events"
  printf '0 load\n' >"$work/rec/short.events"
  expect 2 "line 1: 'load' takes 1 values, got 0" -- run --events "$work/rec/short.events"
  # Indices after a load line are bounded by the state's cloth and world.
  printf '0 load sub/s.state.json\n1 remove-ball 2\n' >"$work/rec/index.events"
  expect 2 "line 2: ball index '2' is not allowed; allowed: 0 to 1" -- run --events "$work/rec/index.events"
  ;;
scenes_list)
  # pbd-sim scenes: one line per registered scene (name, two spaces or more, its dimensions,
  # 2D or 3D, two spaces, its description), every scene file of src/pbd/files/scenes among
  # them, in --scene's order, and each loads.
  "$sim" scenes >"$work/list" 2>"$work/err" || fail "pbd-sim scenes exited non-zero: $(cat "$work/err")"
  [[ -s "$work/err" ]] && fail "pbd-sim scenes wrote to stderr: $(cat "$work/err")"
  grep -qvE '^[a-z0-9-]+  +[23]D  [^ ].*[^ ]$' "$work/list" && fail "pbd-sim scenes: a line is not 'NAME  2D|3D  DESCRIPTION': $(grep -vE '^[a-z0-9-]+  +[23]D  [^ ].*[^ ]$' "$work/list")"
  listed="$(awk '{ print $1 }' "$work/list" | paste -sd' ')"
  [[ "$listed" == page* ]] || fail "pbd-sim scenes does not start with page: $listed"
  # The registry is what --scene's help names (builtInSceneNames()).
  "$sim" run --help >"$work/help" 2>&1
  grep -qF "a built-in name ($(printf '%s' "$listed" | sed 's/ /, /g'))" "$work/help" ||
    fail "pbd-sim scenes ($listed) differs from --scene's help: $(grep -F -- '--scene' "$work/help")"
  # Every scene file in the source tree is registered (a file left out of scenes.cmake fails).
  scene_dir="$cases/../../../src/pbd/files/scenes"
  files=0
  for file in "$scene_dir"/*.json; do
    files=$((files + 1))
    name="$(basename "$file" .json)"
    grep -q "^$name  " "$work/list" || fail "scene file $name.json is not listed by pbd-sim scenes"
    # The listed description and dimensions are the file's own.
    description="$(sed -nE "s/^$name  +[23]D  //p" "$work/list")"
    grep -qF "\"description\": \"$description\"" "$file" || fail "scene $name: listed as '$description', not its file's description"
    dimensions="$(sed -nE "s/^$name  +([23])D  .*/\1/p" "$work/list")"
    if grep -qE '"dimensions": *3' "$file"; then want=3; else want=2; fi
    [[ "$dimensions" == "$want" ]] || fail "scene $name: listed as ${dimensions}D, its file says $want"
  done
  [[ $files -ge 11 && $files -eq $(wc -l <"$work/list") ]] || fail "$files scene files, $(wc -l <"$work/list") listed"
  # Each listed scene loads and runs, its obstacles and balls in the summary.
  for name in $listed; do
    expect 0 "2 steps of" ", obstacles " ", balls " -- run --scene "$name" --steps 2 --out /dev/null
  done
  # It takes no arguments; a failed write is an input/output failure.
  expect 2 "pbd-sim scenes: unexpected argument 'x'" -- scenes x
  if [[ -w /dev/full ]]; then
    "$sim" scenes >/dev/full 2>"$work/err"
    [[ $? -eq 1 ]] && grep -qF "pbd-sim scenes: cannot write" "$work/err" || fail "pbd-sim scenes >/dev/full: not status 1 with a message: $(cat "$work/err")"
  fi
  ;;
balls)
  # Balls from the command line and event lines: caught by a rope, counted, refused by field.
  r="--width 20 --height 1 --damping 2 --iterations 10"
  # shellcheck disable=SC2086 # r is words
  expect 0 ", obstacles 0, balls 2, constraints 19, hash " -- run $r --ball 1.9,1,0.3,1 --ball -5,0,0.2,1 --steps 10 --out /dev/null
  # shellcheck disable=SC2086
  "$sim" run $r --ball 1.9,1,0.3,1 --steps 3000 --out "$work/b1" 2>/dev/null || fail "ball run failed"
  # The ball pulls the rope's middle down, below its ends (y = 0).
  awk 'NR == 10 && $2 > -0.05 { exit 1 }' "$work/b1" || fail "the ball did not sag the rope"
  # shellcheck disable=SC2086
  "$sim" run $r --ball 1.9,1,0.3,1 --steps 300 --solver colored --threads 1 --out "$work/c1" 2>/dev/null || fail "colored ball run failed"
  # shellcheck disable=SC2086
  "$sim" run $r --ball 1.9,1,0.3,1 --steps 300 --solver colored --threads 2 --out "$work/c2" 2>/dev/null || fail "colored ball run failed"
  cmp -s "$work/c1" "$work/c2" || fail "colored with balls differs between 1 and 2 threads"
  printf '0 ball 3 2 0.2 1\n5 grab-ball 1 3 3\n10 move-ball 2 3\n20 release-ball 1 -2\n40 remove-ball 0\n60 restart\n80 end\n' >"$work/b.events"
  # shellcheck disable=SC2086
  expect 0 ", obstacles 0, balls 1," -- run $r --ball 1.9,1,0.3,1 --events "$work/b.events" --out /dev/null
  expect 2 "--ball: ball radius 0.05 is not allowed; allowed: 0.1 to" -- run --ball 1,2,0.05,1
  expect 2 "--ball: ball mass -1 is not allowed" -- run --ball 1,2,0.5,-1
  expect 2 "--ball: ball y 'nan' is not allowed" -- run --ball 1,nan,0.5,1
  expect 2 "--ball: " "X,Y,R,MASS" -- run --ball 1,2,0.5
  expect 2 "line 1: ball index '1' is not allowed; allowed: 0 to 0" -- run --ball 0,5,0.3,1 --events <(printf '0 grab-ball 1 0 0\n')
  expect 2 "line 3: ball index '0' is not allowed; allowed: none" -- run --events <(printf '0 ball 1 1 0.3 1\n1 remove-ball 0\n2 remove-ball 0\n')
  expect 2 "line 1: ball radius 0.01 is not allowed" -- run --events <(printf '0 ball 1 1 0.01 1\n')
  # bench --ball: each cloth without and with the ball, the rows say so.
  "$sim" bench --sizes 20x10 --solver colored --threads 1 --steps 3 --settle 0 --ball 1,1,0.3,1 --json >"$work/b" 2>&1 || fail "bench --ball failed: $(cat "$work/b")"
  grep -q '"obstacles": 0, "balls": 0}' "$work/b" && grep -q '"obstacles": 0, "balls": 1}' "$work/b" || fail "bench --ball rows lack the balls: $(cat "$work/b")"
  expect 2 "--ball: ball radius 0.05 is not allowed" -- bench --ball 1,2,0.05,1
  ;;
air)
  # Wind, air drag and gusts from flags, event lines and state files; replays exact; refusals.
  a="--air-drag 1 --wind-x 5 --wind-y -1 --gusts 0.7"
  # shellcheck disable=SC2086 # a is words
  "$sim" run $a --steps 300 --out "$work/a1" 2>"$work/e1" || fail "air run failed: $(cat "$work/e1")"
  printf '0 set air-drag 1\n0 set wind-x 5\n0 set wind-y -1\n0 set gusts 0.7\n300 end\n' >"$work/a.events"
  "$sim" run --events "$work/a.events" --out "$work/a2" 2>"$work/e2" || fail "air events failed: $(cat "$work/e2")"
  cmp -s "$work/a1" "$work/a2" || fail "the air from an event script differs from the flags'"
  "$sim" run --steps 300 --out "$work/a0" 2>/dev/null
  cmp -s "$work/a0" "$work/a1" && fail "the air changed nothing"
  base="$("$sim" run --steps 300 --out /dev/null 2>&1 >/dev/null | grep -o 'hash [0-9a-f]*')"
  expect 0 "$base" -- run --wind-x 9 --gusts 1 --steps 300 --out /dev/null # no drag: no air
  # shellcheck disable=SC2086
  "$sim" run $a --steps 150 --save "$work/a.json" --out /dev/null 2>/dev/null || fail "saving with air failed"
  grep -q '"airDrag": 1' "$work/a.json" && grep -q '"gusts": 0.7' "$work/a.json" || fail "the state file lacks the air"
  "$sim" run --load "$work/a.json" --steps 150 --out "$work/a3" 2>/dev/null || fail "loading with air failed"
  cmp -s "$work/a1" "$work/a3" || fail "150 + 150 steps through a state file differ from 300 (the gusts' clock)"
  # shellcheck disable=SC2086
  "$sim" run $a --width 120 --height 90 --steps 60 --solver colored --threads 1 --out "$work/c1" 2>/dev/null
  # shellcheck disable=SC2086
  "$sim" run $a --width 120 --height 90 --steps 60 --solver colored --threads 2 --out "$work/c2" 2>/dev/null
  cmp -s "$work/c1" "$work/c2" || fail "colored air differs between 1 and 2 threads"
  expect 2 "--air-drag" "airDrag = -1 is not allowed" "allowed" -- run --air-drag -1
  expect 2 "--wind-x" "nan" "allowed" -- run --wind-x nan
  expect 2 "--wind-y" "allowed" -- run --wind-y 1e9
  expect 2 "--gusts" "gusts = 1.5 is not allowed" "from 0 to 1" -- run --gusts 1.5
  expect 2 "--gusts" "allowed" -- run --gusts -0.2
  expect 2 "line 1" "gusts" "allowed" -- run --events <(printf '0 set gusts 2\n')
  expect 2 "line 1" "air-drag" -- run --events <(printf '0 set air-drag nan\n')
  # shellcheck disable=SC2086
  "$sim" bench --sizes 60x40 --solver colored --threads 2 --steps 3 --settle 0 $a --json >"$work/b" 2>&1 || fail "bench with air failed: $(cat "$work/b")"
  grep -qF '"air_drag": 1, "wind_x": 5, "wind_y": -1, "gusts": 0.7' "$work/b" || fail "bench's JSON lacks the air: $(cat "$work/b")"
  expect 0 "steps of 40x2" -- run --scene flag --steps 200 --out "$work/f"
  awk 'NR == 40 && $1 < 2 { exit 1 }' "$work/f" || fail "the flag's free corner is not blown downwind: $(sed -n 40p "$work/f")"
  ;;
space)
  # The 3D cloth through the command line: x y z lines, vertical = the 2D x, y with z = 0,
  # a 3D state file saved and continued, refusals naming both settings.
  expect 0 "steps of 12x9" -- run --width 12 --height 9 --steps 80 --stiffness 2000 --substeps 2 --out "$work/p2"
  expect 0 "steps of 12x9" -- run --width 12 --height 9 --steps 80 --stiffness 2000 --substeps 2 --dimensions 3 --out "$work/p3"
  [[ $(wc -l <"$work/p3") -eq 108 ]] || fail "3D run: expected 108 position lines"
  awk 'NF != 3 || $3 != 0 { exit 1 }' "$work/p3" || fail "a vertical 3D run's lines are not 'x y 0'"
  cut -d' ' -f1,2 "$work/p3" | cmp -s - "$work/p2" || fail "a vertical 3D run's x, y differ from the 2D run's"
  expect 0 "steps of 12x9" -- run --width 12 --height 9 --steps 40 --dimensions 3 --orientation horizontal --save "$work/s3.json" --out "$work/h40"
  grep -qF '"dimensions": 3' "$work/s3.json" || fail "the 3D state file lacks dimensions 3"
  expect 0 "steps of 12x9" -- run --load "$work/s3.json" --steps 40 --out "$work/h80a"
  expect 0 "steps of 12x9" -- run --width 12 --height 9 --steps 80 --dimensions 3 --orientation horizontal --out "$work/h80b"
  cmp -s "$work/h80a" "$work/h80b" || fail "a 3D run continued from its state file differs from the whole run"
  awk '$3 > 0.5 { found = 1 } END { exit !found }' "$work/h80b" || fail "the horizontal cloth's rows do not run along +z"
  expect 2 "--orientation" "dimensions = 2" "allowed" -- run --orientation horizontal
  expect 2 "--wind-z" "dimensions = 2" "allowed" -- run --wind-z 3
  # The colored solver in 3D: a vertical run's x, y are the 2D colored run's, z 0; a
  # horizontal one with bending gives the same lines on 1 and 3 threads.
  expect 0 "colored solver" -- run --width 12 --height 9 --steps 80 --stiffness 2000 --substeps 2 --solver colored --out "$work/q2"
  expect 0 "colored solver" -- run --width 12 --height 9 --steps 80 --stiffness 2000 --substeps 2 --dimensions 3 --solver colored --out "$work/q3"
  awk 'NF != 3 || $3 != 0 { exit 1 }' "$work/q3" || fail "a vertical colored 3D run's lines are not 'x y 0'"
  cut -d' ' -f1,2 "$work/q3" | cmp -s - "$work/q2" || fail "a vertical colored 3D run's x, y differ from the 2D run's"
  bent=(run --dimensions 3 --orientation horizontal --width 50 --height 90 --bending 0.002 --substeps 3 --steps 40 --solver colored)
  expect 0 "colored solver, 3 chunks" -- "${bent[@]}" --threads 1 --out "$work/b1"
  expect 0 "colored solver, 3 chunks" -- "${bent[@]}" --threads 3 --out "$work/b3"
  cmp -s "$work/b1" "$work/b3" || fail "a colored 3D run with bending differs between 1 and 3 threads"
  expect 2 "--dimensions" "allowed: 2 or 3" -- run --dimensions 4
  expect 2 "--obstacle" "'circle'" "dimensions = 3" "allowed" -- run --dimensions 3 --obstacle circle:0,0,1
  expect 2 "--obstacle" "'sphere'" "dimensions = 2" "allowed" -- run --obstacle sphere:0,0,0,1
  expect 2 "--obstacle" "box takes 6 or 9 values" "allowed" -- run --dimensions 3 --obstacle box:0,0,0,1,1
  expect 2 "--ball" "'X,Y,Z,R,MASS'" -- run --dimensions 3 --ball 1,2,0.3,1
  # A sheet laid flat dropped on a sphere over a ground, a ball beside: no particle ends
  # inside the sphere (grown by half the thickness); the world saves and continues exactly.
  drop=(run --dimensions 3 --orientation horizontal --width 21 --height 21 --cloth-width 2
              --cloth-height 2 --fixed 1 --substeps 5 --thickness 0.02 --friction 0.3
              --obstacle sphere:1,-0.8,1,0.5 --obstacle ground:-2 --ball 0.3,1,0.4,0.2,1)
  expect 0 "obstacles 2, balls 1" -- "${drop[@]}" --steps 300 --save "$work/w3.json" --out "$work/w300"
  awk '{ d = sqrt(($1 - 1)^2 + ($2 + 0.8)^2 + ($3 - 1)^2); if (d < 0.51 - 1e-9) exit 1 }' "$work/w300" || fail "a particle ended inside the sphere"
  awk '$2 < -0.8 { low = 1 } $2 > -0.4 { high = 1 } END { exit !(low && high) }' "$work/w300" || fail "the sheet did not drape over the sphere"
  grep -qF '"shape": "sphere"' "$work/w3.json" || fail "the 3D state file lacks its sphere"
  expect 0 "obstacles 2, balls 1" -- run --load "$work/w3.json" --steps 100 --out "$work/w400a"
  expect 0 "obstacles 2, balls 1" -- "${drop[@]}" --steps 400 --out "$work/w400b"
  cmp -s "$work/w400a" "$work/w400b" || fail "a 3D world continued from its state file differs from the whole run"
  expect 2 "dimensions = 2" "allowed" -- run --load "$work/s3.json" --dimensions 2
  "$sim" bench --sizes 30x20 --steps 3 --settle 0 --dimensions 3 --json >"$work/b" 2>&1 || fail "bench --dimensions 3 failed: $(cat "$work/b")"
  grep -qF '"dimensions": 2, "orientation": "vertical"' "$work/b" || fail "bench --dimensions 3 lacks the 2D row: $(cat "$work/b")"
  grep -qF '"dimensions": 3, "orientation": "vertical"' "$work/b" || fail "bench --dimensions 3 lacks the 3D row: $(cat "$work/b")"
  expect 0 "steps of 6x5" -- run --dimensions 3 --orientation horizontal --width 6 --height 5 --steps 20 --trace "$work/t3.csv" --trace-particle 29 --out /dev/null
  head -1 "$work/t3.csv" | grep -qx 'step,time,kinetic,potential,max_strain,rms_strain,max_violation,com_x,com_y,com_z,p29_x,p29_y,p29_z,p29_vx,p29_vy,p29_vz' || fail "the 3D trace's header: $(head -1 "$work/t3.csv")"
  [[ $(wc -l <"$work/t3.csv") -eq 22 ]] || fail "the 3D trace has $(wc -l <"$work/t3.csv") lines, expected 22"
  awk -F, 'NR == 22 && !($10 > 0.1 && NF == 16) { exit 1 }' "$work/t3.csv" || fail "the 3D trace's com_z or columns: $(tail -1 "$work/t3.csv")"
  ;;
events3d)
  # Event scripts in 3D: every line that takes a point takes X Y Z; in-plane events (z = 0)
  # on the vertical sheet give the 2D run's x, y bit for bit; a 3D --load continues a script
  # exactly; lines of the other dimensions' form and NaN are refused (exit 2) naming them.
  printf '0 drag 11 2.4 0.1\n20 release 0 1\n30 grab 1 -0.6 0.3\n35 move 1.2 -0.5\n50 release\n60 cut 0.9 0.1 0.9 -0.9\n70 pin 40\n80 undo\n90 redo\n100 end\n' >"$work/in2.events"
  printf '0 drag 11 2.4 0.1 0\n20 release 0 1 0\n30 grab 1 -0.6 0 0.3\n35 move 1.2 -0.5 0\n50 release\n60 cut 0.9 0.1 -1 0.9 -0.9 -1 0 0 1\n70 pin 40\n80 undo\n90 redo\n100 end\n' >"$work/in3.events"
  expect 0 "100 steps of 12x9" -- run --width 12 --height 9 --events "$work/in2.events" --out "$work/e2"
  expect 0 "100 steps of 12x9" -- run --width 12 --height 9 --dimensions 3 --events "$work/in3.events" --out "$work/e3"
  awk 'NF != 3 || $3 != 0 { exit 1 }' "$work/e3" || fail "a 3D run of in-plane events left the plane"
  cut -d' ' -f1,2 "$work/e3" | cmp -s - "$work/e2" || fail "a 3D run of in-plane events differs from the 2D run's x, y"
  # Out of the plane: a drag towards the viewer, a throw along -z, a sphere, a ball.
  printf '0 obstacle sphere:1.1,-1.2,0.4,0.3\n0 ball 0.5 -2 0.3 0.2 0.5\n' >"$work/out3.events"
  printf '5 drag 11 2.4 0.1 0.6\n25 release 0 0 -2\n30 move-obstacle 0 1.1 -1.1 0.5\n40 grab-ball 0 0.5 -1.8 0.4\n45 move-ball 0.6 -1.7 0.4\n50 release-ball 0 0 1\n60 cut 0.5 0.1 -2 0.5 -2 -2 0 0 1\n80 end\n' >>"$work/out3.events"
  expect 0 "80 steps of 12x9" "obstacles 1, balls 1" "hash" -- run --width 12 --height 9 --dimensions 3 --events "$work/out3.events" --out "$work/o3"
  awk '$3 > 0.05 || $3 < -0.05 { moved = 1 } END { exit !moved }' "$work/o3" || fail "a 3D drag out of the plane left every z at 0"
  # The same script from a saved state: the rest of it, 40 steps on, gives the same bits.
  awk '$1 >= 40 && $2 != "end" { $1 -= 40; print }' "$work/out3.events" >"$work/rest3.events"
  printf '40 end\n' >>"$work/rest3.events"
  awk '$1 < 40' "$work/out3.events" >"$work/first3.events"
  expect 0 "40 steps of 12x9" -- run --width 12 --height 9 --dimensions 3 --events "$work/first3.events" --steps 40 --save "$work/e40.json" --out /dev/null
  expect 0 "40 steps of 12x9" "obstacles 1, balls 1" -- run --load "$work/e40.json" --events "$work/rest3.events" --out "$work/o3b"
  cmp -s "$work/o3" "$work/o3b" || fail "a 3D run continued with --load and --events differs from the whole run"
  # A 3D script's `load` line continues from a 3D state file as --load does; a state file of
  # the other dimensions is refused naming the file.
  mkdir -p "$work/sub3" && cp "$work/e40.json" "$work/sub3/" && printf '0 load e40.json\n40 end\n' >"$work/sub3/load.events"
  expect 0 "40 steps of 12x9" -- run --load "$work/e40.json" --steps 40 --out "$work/l3a"
  expect 0 "40 steps of 12x9" -- run --dimensions 3 --width 12 --height 9 --events "$work/sub3/load.events" --out "$work/l3b"
  cmp -s "$work/l3a" "$work/l3b" || fail "a 3D script's load line differs from --load"
  expect 2 "line 1" "load" "e40.json" "this simulation is 2D" "allowed: 2" -- run --events "$work/sub3/load.events"
  # Refusals: the other dimensions' counts, NaN, scenes and a change of dimensions.
  expect 2 "line 1" "'drag' takes 4 values, got 3" "dimensions = 2" "this run has dimensions = 3" -- run --dimensions 3 --events <(printf '0 drag 1 0.5 0.5\n')
  expect 2 "line 2" "'cut' takes 9 values, got 4" "allowed: 'STEP cut X1 Y1 Z1 X2 Y2 Z2 DX DY DZ'" -- run --dimensions 3 --events <(printf '0 pin 3\n1 cut 0 0 1 1\n')
  expect 2 "line 1" "'drag' takes 3 values, got 4" "this run has dimensions = 2" -- run --events <(printf '0 drag 1 0.5 0.5 0\n')
  expect 2 "line 1" "Z 'nan'" "allowed" -- run --dimensions 3 --events <(printf '0 move 1 2 nan\n')
  expect 2 "line 1" "scene 'page': a scene of dimensions = 2 is not allowed in a run of dimensions = 3" -- run --dimensions 3 --events <(printf '0 scene page\n')
  expect 2 "line 1" "'circle'" "dimensions = 3" -- run --dimensions 3 --events <(printf '0 obstacle circle:0,0,1\n')
  ;;
scenes3d)
  # The 3D scenes through the command line: x y z lines and the usual summary, the scene's
  # world with the flags' after it, another --dimensions refused naming both, 3D scene files
  # with their shapes, balls and positions, the other dimension's shapes refused.
  expect 0 "50 steps of 31x31" ", obstacles 2, balls 0," -- run --scene drape-3d --steps 50 --out "$work/d3"
  [[ $(wc -l <"$work/d3") -eq 961 ]] || fail "drape-3d: expected 961 position lines"
  awk 'NF != 3 || $1 != $1 + 0 || $2 != $2 + 0 || $3 != $3 + 0 || $0 ~ /nan|inf/ { exit 1 }' "$work/d3" || fail "drape-3d: a line is not three finite numbers"
  # Still outside the sphere (grown by half the 0.02 m thickness) after 300 steps.
  "$sim" run --scene drape-3d --steps 300 --out "$work/d300" 2>/dev/null || fail "drape-3d 300 steps failed"
  awk '{ d = sqrt(($1 - 1)^2 + ($2 + 0.8)^2 + ($3 - 1)^2); if (d < 0.51 - 1e-9) exit 1 }' "$work/d300" || fail "drape-3d: a particle inside the sphere"
  expect 0 ", obstacles 3, balls 1," -- run --scene drape-3d --obstacle sphere:3,-1,1,0.3 --ball 1,1,3,0.2,1 --steps 5 --out /dev/null
  expect 0 "steps of 21x3" -- run --scene cantilever-3d --steps 5 --out /dev/null
  expect 2 "--dimensions: '2' is not allowed with --scene" "dimensions = 3" "allowed: 3" -- run --scene flag-3d --dimensions 2
  expect 2 "--dimensions: '3' is not allowed with --scene" "dimensions = 2" "allowed: 2" -- run --scene hammock --dimensions 3
  expect 2 "--obstacle" "'circle'" "dimensions = 3" -- run --scene drop-3d --obstacle circle:0,0,1
  expect 2 "line 1" "scene 'curtain-3d'" "dimensions = 3" "dimensions = 2" -- run --events <(printf '0 scene curtain-3d\n')
  # bench --scene with a 3D scene: the 2D twin, the 3D cloth without its world and with it.
  "$sim" bench --scene drape-3d --sizes 12x10 --steps 2 --settle 3 --json >"$work/b3" 2>&1 || fail "bench --scene drape-3d failed: $(cat "$work/b3")"
  [[ $(wc -l <"$work/b3") -eq 3 ]] || fail "bench --scene drape-3d: expected 3 rows: $(cat "$work/b3")"
  grep -qF '"obstacles": 0, "balls": 0' "$work/b3" || fail "bench --scene drape-3d lacks a row without the world: $(cat "$work/b3")"
  python3 -c 'import json,sys
rows = [json.loads(l) for l in open(sys.argv[1])]
got = sorted((r["dimensions"], r["orientation"], r["obstacles"]) for r in rows)
assert got == [(2, "vertical", 0), (3, "horizontal", 0), (3, "horizontal", 2)], got
assert all(r["width"] == 12 and r["height"] == 10 and r["ms_per_step"] > 0 for r in rows), rows' "$work/b3" || fail "bench --scene drape-3d rows: $(cat "$work/b3")"
  "$sim" bench --dimensions 3 --obstacle sphere:1,-1,0,0.3 --ball 1,1,0.5,0.2,1 --sizes 8x8 --steps 2 --settle 0 --json >"$work/b4" 2>&1 || fail "bench --dimensions 3 --obstacle failed: $(cat "$work/b4")"
  grep -qF '"obstacles": 1, "balls": 1' "$work/b4" || fail "bench --dimensions 3 lacks the world's row: $(cat "$work/b4")"
  expect 2 "--dimensions: '2' is not allowed with --scene" "dimensions = 3" "allowed: 3" -- bench --scene drape-3d --dimensions 2 --sizes 10x10 --steps 2
  expect 2 "--dimensions: '3' is not allowed with --scene" "dimensions = 2" "allowed: 2" -- bench --scene hammock --dimensions 3 --sizes 10x10 --steps 2
  expect 2 "--obstacle" "'circle'" "dimensions = 3" -- bench --scene drape-3d --obstacle circle:0,0,1 --sizes 10x10 --steps 2
  # A 3D scene saved and continued: the same bits as straight through.
  expect 0 "obstacles 3," -- run --scene tablecloth-3d --steps 120 --save "$work/t3.json" --out /dev/null
  "$sim" run --load "$work/t3.json" --steps 80 --out "$work/t200a" 2>/dev/null || fail "continuing tablecloth-3d failed"
  "$sim" run --scene tablecloth-3d --steps 200 --out "$work/t200b" 2>/dev/null || fail "tablecloth-3d 200 steps failed"
  cmp -s "$work/t200a" "$work/t200b" || fail "a 3D scene continued from its state differs from the whole run"
  # A 3D scene file: shapes, a ball, pins, x y z positions.
  printf '{"format": "pbd-cloth-scene", "version": 1, "settings": {"dimensions": 3, "width": 2, "height": 2}, "obstacles": [{"shape": "sphere", "x": 0, "y": -2, "z": 0, "radius": 0.5}], "balls": [{"x": 1, "y": 1, "z": 2, "vx": 0, "vy": 0, "vz": -1, "radius": 0.2, "mass": 1}], "pinned": [0], "positions": [0, 0, 0.5, 0.2, 0, 0.5, 0, -0.2, 0.5, 0.2, -0.2, 0.5]}\n' >"$work/s3.json"
  expect 0 "0 steps of 2x2" ", obstacles 1, balls 1," -- run --scene "$work/s3.json" --steps 0 --out "$work/p3"
  [[ "$(sed -n 3p "$work/p3")" == "0 -0.20000000000000001 0.5" ]] || fail "the 3D scene's positions: $(sed -n 3p "$work/p3")"
  printf '{"format": "pbd-cloth-scene", "version": 1, "settings": {"dimensions": 3}, "obstacles": [{"shape": "circle", "x": 0, "y": 0, "radius": 1}]}\n' >"$work/bad3d.json"
  expect 2 "--scene: scene: $work/bad3d.json: obstacles[0].shape" "circle" "dimensions = 3" "allowed" -- run --scene "$work/bad3d.json"
  printf '{"format": "pbd-cloth-scene", "version": 1, "obstacles": [{"shape": "sphere", "x": 0, "y": 0, "z": 0, "radius": 1}]}\n' >"$work/bad2d.json"
  expect 2 "--scene: scene: $work/bad2d.json: obstacles[0].shape" "sphere" "dimensions = 2" "allowed" -- run --scene "$work/bad2d.json"
  printf '{"format": "pbd-cloth-scene", "version": 1, "settings": {"dimensions": 3, "width": 2, "height": 2}, "positions": [0, 0, 0, 0, 0, 0, 0, 0]}\n' >"$work/bad3p.json"
  expect 2 "positions" "12 numbers (3 per particle" -- run --scene "$work/bad3p.json"
  ;;
scripts3d)
  # A 3D script's scene line loads a 3D scene as --scene does; `set dimensions N` restarts
  # the cloth in N dimensions from that step, the lines after it read in N dimensions.
  expect 0 "50 steps of 31x31" ", obstacles 2, balls 0," -- run --scene drape-3d --steps 50 --out "$work/sc1"
  expect 0 "50 steps of 31x31" ", obstacles 2, balls 0," -- run --dimensions 3 --events <(printf '0 scene drape-3d\n') --steps 50 --out "$work/sc2"
  cmp -s "$work/sc1" "$work/sc2" || fail "a 3D script's scene line differs from --scene"
  # Mid-run, then a restart 30 steps later: the scene's first 20 steps again.
  expect 0 "60 steps of 31x31" -- run --dimensions 3 --width 5 --height 4 --events <(printf '5 drag 3 0.5 0.2 0.4\n10 scene drape-3d\n40 restart\n60 end\n') --out "$work/sc3"
  expect 0 "20 steps of 31x31" -- run --scene drape-3d --steps 20 --out "$work/sc4"
  cmp -s "$work/sc3" "$work/sc4" || fail "a restart after a 3D scene line does not bring the scene back"
  expect 2 "line 2" "scene 'hammock': a scene of dimensions = 2 is not allowed in a run of dimensions = 3" "allowed: a scene of dimensions 3" -- run --dimensions 3 --events <(printf '0 pin 1\n1 scene hammock\n')
  # `0 set dimensions 3` and 3D lines: the run of --dimensions 3 with the rest of the lines.
  rest='0 drag 11 2.4 0.1 0.6\n0 obstacle sphere:1.1,-1.2,0.4,0.3\n25 release 0 0 -2\n40 cut 0.5 0.1 -2 0.5 -2 -2 0 0 1\n60 end\n'
  expect 0 "60 steps of 12x9" ", obstacles 1," -- run --width 12 --height 9 --events <(printf "0 set dimensions 3\n$rest") --out "$work/d1"
  h1="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/err")"
  expect 0 "60 steps of 12x9" ", obstacles 1," -- run --width 12 --height 9 --dimensions 3 --events <(printf "$rest") --out "$work/d2"
  h2="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/err")"
  [[ -n "$h1" && "$h1" == "$h2" ]] || fail "0 set dimensions 3 gives hash '$h1', --dimensions 3 '$h2'"
  cmp -s "$work/d1" "$work/d2" || fail "0 set dimensions 3 differs from --dimensions 3"
  awk 'NF != 3 { bad = 1 } $3 != 0 { moved = 1 } END { exit bad || !moved }' "$work/d1" || fail "the run after set dimensions 3 does not write x y z, or stays at z = 0"
  # 3D for 100 steps, then back to 2D: the page's 1000 steps from its start (the world, the
  # grab and the 3D cloth gone); the 2D world of the start does not come back either.
  expect 0 "1000 steps of 40x30" -- run --steps 1000 --out "$work/page"
  hp="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/err")"
  expect 0 "1100 steps of 40x30" ", obstacles 0, balls 0," -- run --obstacle circle:4,-3,1 --events <(printf '0 set dimensions 3\n0 obstacle sphere:4,-3,0,1\n10 drag 5 0.5 0.5 1\n100 set dimensions 2\n') --steps 1100 --out "$work/back"
  hb="$(sed -nE 's/.*hash ([0-9a-f]{16})$/\1/p' "$work/err")"
  [[ -n "$hp" && "$hb" == "$hp" ]] || fail "3D then 2D at step 100 gives hash '$hb', the page's 1000 steps '$hp'"
  cmp -s "$work/back" "$work/page" || fail "3D then 2D differs from the page's 1000 steps"
  # A change beyond the run's end does not happen; settings set before it carry over.
  expect 0 "50 steps of 12x9" -- run --width 12 --height 9 --steps 50 --events <(printf '100 set dimensions 3\n') --out "$work/n"
  awk 'NF != 2 { exit 1 }' "$work/n" || fail "a change of dimensions after the run's end changed the output"
  expect 0 "10 steps of 7x9" -- run --width 12 --height 9 --steps 10 --events <(printf '0 set width 7\n0 set dimensions 3\n') --out "$work/w"
  [[ $(wc -l <"$work/w") -eq 63 ]] || fail "the 3D cloth after set width 7 has $(wc -l <"$work/w") particles, expected 63"
  # --save, --save-obj: the final dimensions'.
  expect 0 "20 steps of 6x5" -- run --width 6 --height 5 --steps 20 --events <(printf '5 set dimensions 3\n') --save "$work/f.json" --save-obj "$work/f.obj" --out /dev/null
  grep -qF '"dimensions": 3' "$work/f.json" || fail "the state saved after set dimensions 3 is not 3D"
  # Refusals, naming the line: the old count after the change, settings the new dimensions
  # refuse, a change after an undo, --trace over a change.
  expect 2 "line 2" "'drag' takes 4 values, got 3" "this run has dimensions = 3" -- run --events <(printf '0 set dimensions 3\n5 drag 1 0.5 0.5\n')
  expect 2 "line 3" "'drag' takes 3 values, got 4" "this run has dimensions = 2" -- run --events <(printf '0 set dimensions 3\n5 set dimensions 2\n6 drag 1 0.5 0.5 0\n')
  expect 2 "line 1" "bending" "dimensions = 2" -- run --dimensions 3 --bending 0.001 --events <(printf '0 set dimensions 2\n')
  expect 2 "line 3" "set dimensions '3' after an undo or redo line is not allowed" -- run --events <(printf '0 pin 1\n1 undo\n2 set dimensions 3\n')
  expect 2 "--trace" "line 2: set dimensions 3" "allowed" -- run --steps 5 --trace "$work/t.csv" --events <(printf '0 pin 1\n3 set dimensions 3\n')
  ;;
trace)
  # --trace: a pendulum's trace against the physics it records (trace_pendulum.py), rows per
  # --trace-every, and the refusals of paths, indices and counts.
  python3 "$(dirname "$0")/trace_pendulum.py" "$sim" "$work" || fail "the pendulum's trace"
  "$sim" run --width 3 --height 2 --steps 10 --trace "$work/t.csv" --trace-every 4 --out /dev/null 2>/dev/null ||
    fail "a trace every 4 steps failed"
  [[ "$(cut -d, -f1 "$work/t.csv" | tr '\n' ' ')" == "step 0 4 8 " ]] ||
    fail "--trace-every 4 over 10 steps wrote steps $(cut -d, -f1 "$work/t.csv" | tr '\n' ' ')"
  expect 2 "--trace" "$work/no/such/folder/t.csv" "allowed:" -- run --steps 1 --trace "$work/no/such/folder/t.csv"
  expect 2 "--trace-particle" "'1200'" "allowed: a whole number from 0 to 1199" -- run --steps 1 --trace "$work/t.csv" --trace-particle 1200
  expect 2 "--trace-particle" "'-1'" "allowed:" -- run --steps 1 --trace "$work/t.csv" --trace-particle -1
  expect 2 "--trace-particle" "'x'" "allowed:" -- run --steps 1 --trace "$work/t.csv" --trace-particle x
  expect 2 "--trace-every" "'0'" "allowed:" -- run --steps 1 --trace "$work/t.csv" --trace-every 0
  expect 2 "--trace-particle" "needs --trace" -- run --steps 1 --trace-particle 3
  ;;
validate)
  # pbd-sim validate's interface: --json keys, --case, refusals, and exit 1 when a case is
  # outside its tolerance (the test hook moves every law).
  "$sim" validate --quick --json --case incline-sticking >"$work/v.json" 2>"$work/err" ||
    fail "validate --case incline-sticking failed: $(cat "$work/err")"
  [[ $(wc -l <"$work/v.json") -eq 1 ]] || fail "--json --case wrote $(wc -l <"$work/v.json") lines"
  python3 -c 'import json,sys
o = json.load(open(sys.argv[1]))
need = {"case", "setting", "simulated", "law", "error", "tolerance", "pass", "series"}
assert need <= set(o), sorted(need - set(o))
assert o["case"] == "incline-sticking" and o["pass"] is True and len(o["series"]) == 1, o
assert o["error"] <= o["tolerance"], o' "$work/v.json" || fail "validate --json: $(cat "$work/v.json")"
  PBD_VALIDATE_SHIFT_LAW=1 "$sim" validate --quick --case incline-sliding >"$work/out" 2>"$work/err"
  [[ $? -eq 1 ]] || fail "a case outside its tolerance did not exit 1"
  grep -q "FAIL" "$work/out" || fail "a case outside its tolerance is not marked FAIL: $(cat "$work/out")"
  grep -q "1 outside tolerance" "$work/err" || fail "the summary does not count the failure: $(cat "$work/err")"
  expect 2 "--case" "'nope'" "allowed: catenary" -- validate --case nope
  expect 2 "--solver" "'gpu'" "allowed: sequential or colored" -- validate --solver gpu
  expect 2 "--threads" "allowed:" -- validate --threads 99
  ;;
strain_budget)
  # --max-strain: refusals, and a 100 x 100 colored cloth hanging from two corners whose
  # largest strain the budget holds within 1% at every step (the trace's max_strain), with
  # the substeps each step cost in the trace's substeps column; at 1 substep it goes far
  # beyond.
  for value in -0.01 1.5 nan abc ""; do refuse --max-strain "$value" run; done
  expect 2 "--max-strain" "maxStrain = 2" "0 to 1 (0: off)" -- run --max-strain 2
  expect 2 "line 1" "max-strain '-1'" "0 to 1 (0: off)" -- run --events <(printf '0 set max-strain -1\n')
  expect 0 "steps of 100x100" -- run --width 100 --height 100 --solver colored --threads 2 \
    --max-strain 0.01 --steps 100 --trace "$work/b.csv" --out /dev/null
  head -1 "$work/b.csv" | grep -qx 'step,time,kinetic,potential,max_strain,rms_strain,max_violation,com_x,com_y,substeps' ||
    fail "the budget's trace header: $(head -1 "$work/b.csv")"
  awk -F, 'NR > 2 && !($5 <= 0.01) { print "step " $1 ": strain " $5; bad = 1 } END { exit bad }' "$work/b.csv" ||
    fail "the hanging 100 x 100 cloth left the 1% budget"
  awk -F, 'NR > 2 && !($10 >= 1 && $10 <= 256 * 8) { bad = 1 } END { exit bad || NR != 102 }' "$work/b.csv" ||
    fail "the trace's substeps column: $(tail -2 "$work/b.csv")"
  "$sim" run --width 100 --height 100 --solver colored --threads 2 --steps 100 \
    --trace "$work/f.csv" --out /dev/null 2>/dev/null || fail "the unbudgeted run failed"
  awk -F, 'NR > 2 && $5 > 0.01 { over = 1 } END { exit !over }' "$work/f.csv" ||
    fail "without a budget the cloth stayed within 1%: the check checks nothing"
  ;;
strain_budget_dragged)
  # The budget while dragged. A grab moved between steps is spread over the step's substeps
  # under --max-strain (strain_budget.cpp); moved in one jump, the particles beside it take a
  # velocity of about move / h and more substeps stretch the cloth more. Two drags the cloth
  # can follow (a 2D cloth pinned at two corners is a rigid framework: no drag of it can stay
  # within any budget, see docs/physics.md):
  # 1. a 2D 100 x 100 cloth held by its grab alone (corner 0 unpinned), the top middle dragged
  #    1 cm a step (2 m/s) for 30 steps: within 1% at every step (0.95%; the jump: 1.22%, at
  #    the cap of 256 substeps);
  printf '0 unpin 0
' >"$work/one.txt"
  for ((s = 0; s < 30; s++)); do
    awk -v s=$s 'BEGIN { printf "%d drag 50 %.6f 0\n", s, 10 + 0.01 * (s + 1) }' >>"$work/one.txt"
  done
  expect 0 "steps of 100x100" -- run --width 100 --height 100 --fixed 1 --solver colored \
    --threads 2 --max-strain 0.01 --steps 30 --events "$work/one.txt" --trace "$work/one.csv" --out /dev/null
  awk -F, 'NR > 2 && !($5 <= 0.01) { print "step " $1 ": strain " $5; bad = 1 } END { exit bad || NR != 32 }' \
    "$work/one.csv" || fail "the dragged 100 x 100 cloth left the 1% budget"
  # 2. a 3D 300 x 300 cloth hanging from its two top corners, its centre (particle 45150)
  #    pulled towards the viewer 4 mm a step for 20 steps: within 1% at every step (0.97%),
  #    where the setting's 1 substep goes far beyond.
  : >"$work/z.txt"
  for ((s = 0; s < 20; s++)); do
    awk -v s=$s 'BEGIN { printf "%d drag 45150 30 -30 %.6f\n", s, 0.004 * (s + 1) }' >>"$work/z.txt"
  done
  expect 0 "steps of 300x300" -- run --dimensions 3 --width 300 --height 300 --solver colored \
    --threads 2 --max-strain 0.01 --steps 20 --events "$work/z.txt" --trace "$work/z.csv" --out /dev/null
  awk -F, 'NR > 2 && !($5 <= 0.01) { print "step " $1 ": strain " $5; bad = 1 } END { exit bad || NR != 22 }' \
    "$work/z.csv" || fail "the dragged 300 x 300 cloth left the 1% budget"
  "$sim" run --dimensions 3 --width 300 --height 300 --solver colored --threads 2 --steps 20 \
    --events "$work/z.txt" --trace "$work/zf.csv" --out /dev/null 2>/dev/null || fail "the unbudgeted 3D run failed"
  awk -F, 'NR > 2 && $5 > 0.01 { over = 1 } END { exit !over }' "$work/zf.csv" ||
    fail "without a budget the dragged 300 x 300 cloth stayed within 1%: the check checks nothing"
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
