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
  # Every feature off the page's path, frozen before the core's house moved: each obstacle
  # shape, balls, friction, thickness, air with gusts, self-collision, tethers, Chebyshev, a
  # size in metres, the world's event lines with undo and redo, and every built-in scene.
  for s in sequential colored; do
    echo "$s.circle|--solver $s --obstacle circle:4,-4,1 --obstacle ground:-9,-10 --thickness 0.05 --steps 400"
    echo "$s.box|--solver $s --obstacle box:4,-5,3,0.5,15 --friction 0.4 --thickness 0.03 --steps 400"
    echo "$s.capsule|--solver $s --fixed 1 --obstacle capsule:1,-4,6,-5,0.2 --friction 0.2 --steps 400"
    echo "$s.ground|--solver $s --fixed 4 --obstacle ground:-3,-20 --obstacle ground:-5,30 --friction 0.8 --thickness 0.1 --steps 300"
    echo "$s.balls|--solver $s --ball 3,2,0.3,1 --ball 5,1,0.5,2 --friction 0.3 --thickness 0.02 --steps 400"
    echo "$s.air|--solver $s --air-drag 0.5 --wind-x 6 --wind-y 1 --gusts 0.5 --damping 0.2 --steps 400"
    echo "$s.self|--solver $s --fixed 1 --self-collision on --thickness 0.1 --friction 0.2 --obstacle ground:-7 --steps 400"
    echo "$s.tethers|--solver $s --tethers on --stiffness 2000 --substeps 2 --steps 300"
    echo "$s.chebyshev|--solver $s --chebyshev 0.9 --iterations 8 --steps 300"
    echo "$s.size|--solver $s --cloth-width 3 --cloth-height 2 --density 0.3 --stiffness 500 --substeps 3 --steps 300"
    echo "$s.world.big|--solver $s --width 100 --height 60 --fixed 4 --obstacle circle:10,-8,2 --obstacle ground:-16,-5 --ball 6,2,0.5,2 --thickness 0.05 --friction 0.3 --air-drag 0.3 --wind-x 4 --gusts 0.3 --tethers on --self-collision on --steps 400"
    echo "$s.chebyshev.big|--solver $s --width 120 --height 90 --chebyshev 0.9 --iterations 6 --stiffness 3000 --substeps 2 --cloth-width 6 --density 0.2 --obstacle box:3,-6,2,1,10 --steps 150"
    echo "$s.world.events|--solver $s --events $ev/events_world.txt --steps 700"
    for scene in page curtain-over-ball pegs table slope bar hammock sweep drop heap flag; do
      echo "$s.scene.$scene|--solver $s --scene $scene --steps 300"
    done
  done
  # The 3D scenes, on the one 3D solver (sequential) for now.
  for scene in drape-3d tablecloth-3d flag-3d curtain-3d cantilever-3d drop-3d; do
    echo "sequential.scene.$scene|--scene $scene --steps 300"
  done
  # The validation scenes (issue 41: the catenary laid in a V by its positions).
  for s in sequential colored; do
    for scene in catenary hanging-strip wind-rope pendulum incline; do
      echo "$s.scene.$scene|--solver $s --scene $scene --steps 300"
    done
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
