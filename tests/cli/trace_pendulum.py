#!/usr/bin/env python3
"""A pendulum's trace (pbd-sim run --trace) against the physics it records.

Usage: trace_pendulum.py PBD_SIM WORK_DIR. A 1 m pendulum (two particles, the first pinned)
released from rest at 45 degrees through a scene file's "positions", 16 substeps, 3 s; its
trace's columns checked against what they mean: the period from p1_x's zero crossings within
1e-3 s of 4 sqrt(L/g) K(sin(th0/2)) (K by the arithmetic-geometric mean), kinetic = 1/2 m v^2
of the bob, potential = m g y of the bob, com = the mean of the two equal masses, strain and
violation small for a rigid rod. Exit 1 on a failure.
"""
import csv
import json
import math
import subprocess
import sys

sim, work = sys.argv[1], sys.argv[2]
failures = []
L, G, MASS, TH0 = 1.0, 9.81, 0.5, math.radians(45.0)


def agm(a, b):
    while abs(a - b) > 1e-16 * a:
        a, b = (a + b) / 2, math.sqrt(a * b)
    return a


def period_law(amplitude):
    k = math.sin(amplitude / 2)
    return 4 * math.sqrt(L / G) * math.pi / (2 * agm(1.0, math.sqrt(1 - k * k)))


scene = {"format": "pbd-cloth-scene", "version": 1,
         "settings": {"width": 2, "height": 1, "clothWidth": L, "fixedCount": 1, "substeps": 16},
         "positions": [0, 0, L * math.sin(TH0), -L * math.cos(TH0)]}
with open(f"{work}/pendulum.json", "w") as f:
    json.dump(scene, f)
trace = f"{work}/pendulum.csv"
subprocess.run([sim, "run", "--scene", f"{work}/pendulum.json", "--steps", "600", "--trace", trace,
                "--trace-particle", "1", "--out", "/dev/null"], check=True, stderr=subprocess.DEVNULL)
with open(trace) as f:
    rows = list(csv.DictReader(f))
header = "step,time,kinetic,potential,max_strain,rms_strain,max_violation,com_x,com_y,p1_x,p1_y,p1_vx,p1_vy"
with open(trace) as f:
    if f.readline().strip() != header:
        failures.append("the header is not " + header)
if len(rows) != 601 or rows[0]["step"] != "0" or rows[-1]["step"] != "600":
    failures.append(f"{len(rows)} rows from step {rows[0]['step']}: expected 601, steps 0 to 600")

crossings = []
for a, b in zip(rows, rows[1:]):
    xa, xb = float(a["p1_x"]), float(b["p1_x"])
    if (xa > 0) != (xb > 0):
        ta, tb = float(a["time"]), float(b["time"])
        crossings.append(ta + (tb - ta) * xa / (xa - xb))
if len(crossings) < 3:
    failures.append(f"{len(crossings)} zero crossings in 3 s: the pendulum does not swing")
else:
    period, law = crossings[2] - crossings[0], period_law(TH0)
    print(f"period from the trace {period:.9f} s, law {law:.9f} s, error {abs(period - law):.3g} s")
    if abs(period - law) > 1e-3:
        failures.append(f"period {period} s is {abs(period - law):.3g} s from the law {law} s")

for r in rows:
    x, y, vx, vy = (float(r[k]) for k in ("p1_x", "p1_y", "p1_vx", "p1_vy"))
    checks = {
        "kinetic": (float(r["kinetic"]), 0.5 * MASS * (vx * vx + vy * vy)),
        "potential": (float(r["potential"]), MASS * G * y),
        "com_x": (float(r["com_x"]), x / 2),
        "com_y": (float(r["com_y"]), y / 2),
    }
    for name, (got, want) in checks.items():
        if abs(got - want) > 1e-12 * max(1.0, abs(want)):
            failures.append(f"step {r['step']}: {name} {got} is not {want}")
    if float(r["max_strain"]) > 1e-9 or float(r["max_violation"]) > 1e-9:
        failures.append(f"step {r['step']}: a rigid rod strained by {r['max_strain']}")
    if failures:
        break

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
