#!/usr/bin/env python3
"""The flag scene in a real window (issue 25): a 3 m flag seen edge-on (40 x 2 particles)
pinned along its left edge in a gusty 8 m/s wind from the left. Its state dumps after 80 and
110 frames (8 steps each: 3.2 s and 4.4 s) show it blown out downwind (its mean x beyond
1.3 m, its free edge beyond 2 m and above -1.5 m; without wind it hangs down from the pole:
the unit test "the flag scene flies downwind") and still moving between them (some particle
moved more than 10 cm). The screenshot shows the wind's arrow (its blue) in the canvas's
top-right corner."""

import os

from e2e import app_binary, check, read_png, read_state, read_view, run, workdir

ARROW_BLUE = (30, 90, 200)

binary = app_binary()
out = workdir()
states = {}
for frames in (80, 110):
    state = os.path.join(out, "state%d.txt" % frames)
    shot = os.path.join(out, "shot%d.png" % frames)
    view_file = os.path.join(out, "view%d.txt" % frames)
    status, _, err = run(binary, "--scene", "flag", "--frames", frames, "--no-autosave",
                         "--state-out", state, "--screenshot", shot, "--view-out", view_file)
    check(status == 0, "pbd-cloth --scene flag exits with status 0 (stderr: %s)" % err.strip())
    states[frames] = read_state(state)

for frames, positions in states.items():
    check(len(positions) == 80, "the flag has 40 x 2 particles (%d)" % len(positions))
    mean_x = sum(p[0] for p in positions) / len(positions)
    free_x = (positions[39][0] + positions[79][0]) / 2
    free_y = (positions[39][1] + positions[79][1]) / 2
    check(mean_x > 1.3, "after %d frames the flag is blown downwind: mean x %.3f m > 1.3 m"
          % (frames, mean_x))
    check(free_x > 2.0 and free_y > -1.5, "after %d frames its free edge flies at (%.3f, %.3f) m:"
          " x > 2 m, y > -1.5 m" % (frames, free_x, free_y))
    pole = [positions[0], positions[40]]
    check(all(abs(p[0]) < 1e-12 for p in pole), "the pole's particles stay pinned at x = 0")

moved = max(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
            for a, b in zip(states[80], states[110]))
check(moved > 0.1, "the gusts keep it moving: a particle moved %.3f m between frames 80 and "
      "110" % moved)

# The wind's arrow: blue pixels in the canvas's top-right 160 x 160 window pixels.
width, height, rows = read_png(shot)
view = read_view(view_file)
scale = width / view["window"][0]
cx, cy, cw, ch = view["canvas"]
x0, x1 = round((cx + cw - 160) * scale), round((cx + cw) * scale)
y0, y1 = round(cy * scale), round((cy + 160) * scale)
blue = sum(1 for y in range(y0, y1) for x in range(x0, x1)
           if all(abs(a - b) <= 40 for a, b in zip(rows[y][x], ARROW_BLUE)))
check(blue > 50, "the wind's arrow is drawn at the canvas's top-right corner (%d blue pixels)"
      % blue)
