#!/usr/bin/env python3
"""Can an accelerated solver beat more plain iterations where tethers cannot help? Measures
the strain of a cloth with no pins, whirled round by one grabbed corner, against the time per
step, for plain sweeps at several iteration counts and for Chebyshev semi-iterative
acceleration [Wang 2015] (the `chebyshev` setting) at several rho.

    python3 scripts/acceleration.py [--sim build/pbd-sim] [--quick] [--json FILE]
        [--iterations N[,N...]] [--chebyshev RHO[,RHO...]] [--solver NAME]

For example `--iterations 10 --chebyshev 0.95`: plain and rho 0.95 at 10 iterations. (The
prototype's over-relaxation and Chebyshev delay rows: the script at the commit "Prototype:
Chebyshev and over-relaxed sweeps".)

The case (docs/convergence.md, "Acceleration"): a 100x100 cloth 2 m x 2 m (--cloth-width 2
--cloth-height 2), the page's dt 5 ms, gravity and mass; its one fixed corner (--fixed 1) is
unpinned before the first step and then dragged (`STEP drag 0 X Y`) round a circle of radius
0.5 m once every 2 s, from the flat cloth at rest. Tethers have no pin to anchor to. The
strain |l - r| / r of every constraint is computed here from the positions `pbd-sim run`
writes after 500 and 600 steps (2.5 and 3 s); the largest and RMS strain are the means over
those two snapshots. The cost is the CPU time per step of the run (user time of the child,
over its steps, the median of the two runs), steadier than `run`'s wall-clock figure on a
shared machine; that figure is kept too. --quick: one snapshot, fewer runs.

Only the Python standard library.
"""

import argparse
import json
import math
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

SIDE = 100          # particles per row and column
SIZE = 2.0          # metres
RADIUS = 0.5        # of the corner's circle, m
PERIOD = 2.0        # s per turn
DT = 0.005
SNAPSHOTS = (500, 600)


def events_file(path, steps):
    with open(path, "w") as f:
        f.write("# corner 0 unpinned, then whirled round a circle of radius %g m every %g s\n"
                % (RADIUS, PERIOD))
        f.write("0 unpin 0\n")
        for step in range(steps):
            angle = 2.0 * math.pi * (step + 1) * DT / PERIOD
            # The circle passes through the corner's rest position (0, 0) at angle 0.
            x = RADIUS * math.cos(angle) - RADIUS
            y = RADIUS * math.sin(angle)
            f.write("%d drag 0 %.9f %.9f\n" % (step, x, y))


def constraints():
    """(a, b, rest) of the cloth's constraints: rows, columns and both cell diagonals."""
    s = SIZE / (SIDE - 1)
    d = math.sqrt(2.0) * s
    out = []
    for i in range(SIDE):
        for j in range(SIDE - 1):
            out.append((i * SIDE + j, i * SIDE + j + 1, s))
    for i in range(SIDE - 1):
        for j in range(SIDE):
            out.append((i * SIDE + j, (i + 1) * SIDE + j, s))
    for i in range(SIDE - 1):
        for j in range(SIDE - 1):
            out.append((i * SIDE + j, (i + 1) * SIDE + j + 1, d))
            out.append((i * SIDE + j + 1, (i + 1) * SIDE + j, d))
    return out


CONSTRAINTS = constraints()


def strain(positions):
    worst, squares = 0.0, 0.0
    for a, b, rest in CONSTRAINTS:
        (xa, ya), (xb, yb) = positions[a], positions[b]
        e = abs(math.hypot(xb - xa, yb - ya) - rest) / rest
        worst = max(worst, e)
        squares += e * e
    return worst, math.sqrt(squares / len(CONSTRAINTS))


def run(sim, flags, steps, workdir):
    events = os.path.join(workdir, "whirl.txt")
    out = os.path.join(workdir, "positions.txt")
    if not os.path.exists(events):
        events_file(events, max(SNAPSHOTS))
    command = [sim, "run", "--width", str(SIDE), "--height", str(SIDE), "--cloth-width",
               str(SIZE), "--cloth-height", str(SIZE), "--fixed", "1", "--events", events,
               "--steps", str(steps), "--out", out] + flags
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    done = subprocess.run(command, capture_output=True, text=True)
    cpu_ms = 1000.0 * (resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before) / steps
    if done.returncode != 0:
        sys.exit("acceleration: %s failed (%d): %s" % (" ".join(command), done.returncode,
                                                        done.stderr.strip()))
    ms = float(re.search(r"([0-9.eE+-]+) ms per step", done.stderr).group(1))
    with open(out) as f:
        positions = [tuple(float(v) for v in line.split()) for line in f]
    worst, rms = strain(positions)
    if not (math.isfinite(worst) and math.isfinite(rms)):
        worst = rms = float("inf")
    return ms, worst, rms, cpu_ms


def measure(sim, label, flags, workdir, snapshots):
    rows = [run(sim, flags, steps, workdir) for steps in snapshots]
    result = dict(method=label, flags=" ".join(flags),
                  ms_per_step=statistics.median(r[0] for r in rows),
                  cpu_ms_per_step=statistics.median(r[3] for r in rows),
                  strain_max=statistics.mean(r[1] for r in rows),
                  strain_rms=statistics.mean(r[2] for r in rows))
    print("%-28s %-58s %7.2f ms/step %7.2f cpu ms/step  largest %8.3f%%  rms %8.4f%%" % (
        label, result["flags"], result["ms_per_step"], result["cpu_ms_per_step"],
        100 * result["strain_max"],
        100 * result["strain_rms"]), flush=True)
    return result


def plan(args, has_chebyshev):
    """The runs: plain sweeps at each of --iterations, then (when this pbd-sim has the
    `chebyshev` setting) Chebyshev at each of --chebyshev's rho and each of those counts."""
    counts = [int(n) for n in args.iterations.split(",")] if args.iterations else (
        [5, 10, 20] if args.quick else [2, 5, 10, 20, 40])
    solver = ["--solver", args.solver]
    runs = [("plain", ["--iterations", str(n)] + solver) for n in counts]
    if not has_chebyshev or args.chebyshev == "":
        return runs
    for n in counts:
        for rho in args.chebyshev.split(","):
            runs.append(("chebyshev rho %s" % rho,
                         ["--iterations", str(n), "--chebyshev", rho] + solver))
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sim", default="build/pbd-sim", help="the pbd-sim to run")
    parser.add_argument("--quick", action="store_true", help="fewer runs, one snapshot")
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("--iterations", help="iteration counts, e.g. 10 or 5,10,20")
    parser.add_argument("--chebyshev", default="0.9,0.95,0.97",
                        help="rho values of the Chebyshev rows, e.g. 0.95; '' for none")
    parser.add_argument("--solver", default="sequential", help="sequential, colored or gpu")
    args = parser.parse_args()
    help_text = subprocess.run([args.sim, "run", "--help"], capture_output=True,
                               text=True).stdout
    has_chebyshev = "--chebyshev" in help_text
    snapshots = (max(SNAPSHOTS),) if args.quick else SNAPSHOTS
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for label, flags in plan(args, has_chebyshev):
            rows.append(measure(args.sim, label, flags, workdir, snapshots))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
