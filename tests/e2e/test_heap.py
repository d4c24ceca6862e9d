#!/usr/bin/env python3
"""The heap scene in the real window (issue 25): a 60 x 60 cloth dropped with self-collision
on a tilted ground; after 100 frames (up to 8 steps each, as the app's load allows: 1.4 s
simulated on the busy 2-core container, the cloth landed and folding) the --state-out
positions show no two particles that no constraint of the rest cloth joins (not grid
neighbours) closer than the scene's thickness (4 cm) to within 0.1%, and some pairs touching
(within 1.05 thickness): the cloth lies folded in a heap."""

import math
import os

from e2e import app_binary, check, read_state, run, workdir

WIDTH, THICKNESS = 60, 0.04

binary = app_binary()
out = workdir()
state = os.path.join(out, "state.txt")
status, _, err = run(binary, "--scene", "heap", "--frames", 100, "--no-autosave",
                     "--state-out", state)
check(status == 0, "pbd-cloth --scene heap exits with status 0 (stderr: %s)" % err.strip())
points = read_state(state)
check(len(points) == WIDTH * WIDTH, "the state holds 3600 particles (%d)" % len(points))

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
      "no two unjoined particles closer than 0.999 x 4 cm (closest %.7f m: %s)" % (closest, pair))
check(touching > 0, "layers of the cloth touch: it lies in a heap (%d pairs within 1.05 x 4 cm)"
      % touching)
