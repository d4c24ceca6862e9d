#!/usr/bin/env bash
# The bits of pbd-sim's results, frozen: each scenario's live-constraint count and positions
# hash (the summary line's `constraints N, hash H`) must equal the line recorded in
# golden_hashes.txt. Features that are off must leave these bits alone; a change that means to
# alter results regenerates the file with --update and says why in its commit.
#   golden_hashes.sh PBD_SIM [--update]
set -euo pipefail
sim="$1"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
expected="$here/golden_hashes.txt"
ev="$here/golden"
scenarios() {
  for s in sequential colored; do
    echo "$s.default|--solver $s"
    echo "$s.fixed1|--solver $s --fixed 1"
    echo "$s.fixed4|--solver $s --fixed 4 --steps 500"
    echo "$s.big|--solver $s --width 120 --height 90 --steps 200"
    echo "$s.xpbd|--solver $s --stiffness 1000 --substeps 4"
    echo "$s.damp.area|--solver $s --damping 2 --area-stiffness 500 --iterations 7"
    echo "$s.tear|--solver $s --tear-strain 0.05 --width 60 --height 50 --steps 600"
    echo "$s.events|--solver $s --events $ev/events_mixed.txt --steps 800"
    echo "$s.events2|--solver $s --events $ev/events_restart.txt --steps 600"
    echo "$s.threads1|--solver $s --threads 1 --width 100 --height 100 --steps 200 --tear-strain 0.2"
    echo "$s.zerograv|--solver $s --gravity 0 --iterations 0 --steps 50"
  done
}
actual="$(mktemp)"; trap 'rm -f "$actual"' EXIT
while IFS='|' read -r name args; do
  # shellcheck disable=SC2086 # args are words
  line="$("$sim" run $args --out /dev/null 2>&1 >/dev/null | tail -n 1)"
  summary="$(sed -nE 's/.*(constraints [0-9]+, hash [0-9a-f]{16})$/\1/p' <<<"$line")"
  [[ -n "$summary" ]] || { echo "golden: $name: no summary in: $line" >&2; exit 1; }
  printf '%-28s %s\n' "$name" "$summary" >>"$actual"
done < <(scenarios)
if [[ "${2:-}" == "--update" ]]; then
  cp "$actual" "$expected"; echo "golden: wrote $expected"; exit 0
fi
if ! diff -u "$expected" "$actual"; then
  echo "golden: results differ from golden_hashes.txt (above: - recorded, + now)" >&2
  exit 1
fi
echo "golden: $(wc -l <"$expected") scenarios bit-identical"
