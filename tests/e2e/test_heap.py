#!/usr/bin/env python3
"""The heap scene in the real window (issue 25): a 4 m cloth seen edge-on (1 x 100 particles)
dropped with self-collision on a tilted ground; after 200 frames (up to 8 steps each, as the
app's load allows) the --state-out positions show no two particles that no constraint of the
rest cloth joins (not neighbours along it) closer than the scene's thickness (3 cm) to within
0.1%, many pairs touching (within 1.05 thickness) and the cloth, which hung 4 m, less than
1 m high: it lies folded in a heap."""

import math
import os

from e2e import app_binary, check, read_state, run, workdir

WIDTH, THICKNESS, COUNT = 1, 0.03, 100

binary = app_binary()
out = workdir()
state = os.path.join(out, "state.txt")
status, _, err = run(binary, "--scene", "heap", "--frames", 200, "--no-autosave",
                     "--state-out", state)
check(status == 0, "pbd-cloth --scene heap exits with status 0 (stderr: %s)" % err.strip())
points = read_state(state)
check(len(points) == COUNT, "the state holds 100 particles (%d)" % len(points))

# Closest unjoined pair, by cells of the thickness (any pair closer than it shares or
# neighbours a cell).
cells = {}
for i, (x, y) in enumerate(points):
    cells.setdefault((math.floor(x / THICKNESS), math.floor(y / THICKNESS)), []).append(i)
closest, pair, touching = math.inf, None, 0
for i, (x, y) in enumerate(points):
    cx, cy = math.floor(x / THICKNESS), math.floor(y / THICKNESS)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for j in cells.get((cx + dx, cy + dy), []):
                if j <= i or (abs(i // WIDTH - j // WIDTH) <= 1 and abs(i % WIDTH - j % WIDTH) <= 1):
                    continue
                d = math.hypot(x - points[j][0], y - points[j][1])
                touching += d < 1.05 * THICKNESS
                if d < closest:
                    closest, pair = d, (i, j)
check(closest >= 0.999 * THICKNESS,
      "no two unjoined particles closer than 0.999 x 3 cm (closest %.7f m: %s)" % (closest, pair))
check(touching > 20, "folds of the cloth touch: it lies in a heap (%d pairs within 1.05 x 3 cm)"
      % touching)
high = max(y for _, y in points) - min(y for _, y in points)
check(high < 1.0, "the cloth that hung 4 m lies less than 1 m high (%.3f m)" % high)
