#!/usr/bin/env python3
"""A flick throws (issue 10): the particle takes the pointer's velocity on release.

Without gravity the cloth hangs still. A Ctrl+drag knife along x - y = 13.5 cuts the
bottom-right corner particle free (its three constraints, nothing else). Then a flick with
xdotool: press on the particle, move the pointer 160 px right in a few quick steps, release.
case throw (the default): the particle flies on past where the cursor let go, to the right;
case keep (--on-release keep, the page's behaviour): it keeps the velocity it had before the
grab (none) and stays exactly where the cursor let go."""

import os
import subprocess
import sys
import time

from e2e import App, app_binary, check, page_view, read_state, read_view, screen_to_world, workdir, world_to_screen, xdo

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "throw"
W, H = 40, 30
out = workdir()
state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")

app = App(binary, "--gravity", 0, "--on-release", case, "--state-out", state_file,
          "--view-out", view_file)
canvas, ox, oy, zoom = page_view(app.width, app.height)
corner = (0.2 * (W - 1), -0.2 * (H - 1))  # (7.8, -5.8), the bottom-right particle

# The knife: from (7.55, -5.95) to (8.0, -5.5), on x - y = 13.5: between the corner (13.6)
# and its three neighbours (13.4, 13.4, 13.2); every other particle has x - y <= 13.4.
a = world_to_screen((ox, oy), zoom, (7.55, -5.95))
b = world_to_screen((ox, oy), zoom, (8.0, -5.5))
app.knife(a, b)
app.sync(3)

# The flick: one xdotool command, so that the moves are 10 ms apart and the button goes up
# right after the last one.
start = world_to_screen((ox, oy), zoom, corner)
app.move(*start)
xdo("mousedown", 1)
app.sync(2)
steps = 8
chain = []
for i in range(1, steps + 1):
    chain += ["mousemove", app.x + round(start[0] + 20 * i), app.y + round(start[1]), "sleep", "0.01"]
chain += ["mouseup", "1"]
subprocess.run(["xdotool", *[str(c) for c in chain]], check=True)
release_screen = (round(start[0]) + 20 * steps, round(start[1]))
release = screen_to_world((ox, oy), zoom, release_screen)
app.move(200, 800)
app.run_for(0.5)  # the flung particle flies on
check(app.quit() == 0, "pbd-cloth exits with status 0")

view = read_view(view_file)
all_constraints = (W - 1) * H + W * (H - 1) + 2 * (W - 1) * (H - 1)
check(all_constraints - view["constraints"][0] == 3,
      "the knife cut the corner free: 3 constraints removed (got %d)"
      % (all_constraints - view["constraints"][0]))
x, y = read_state(state_file)[H * W - 1]
if case == "throw":
    # 160 px in about 80 ms at 50 px/m: some 40 m/s; a second later it is metres away.
    check(x - release[0] > 2.0,
          "the flung particle flew on to the right past the release point (%.2f, %.2f): "
          "now at (%.2f, %.2f)" % (release[0], release[1], x, y))
    check(abs(y - release[1]) < 0.25 * (x - release[0]),
          "mostly horizontally, as the flick went (dy %.2f for dx %.2f)"
          % (y - release[1], x - release[0]))
else:
    check(abs(x - release[0]) < 1e-6 and abs(y - release[1]) < 1e-6,
          "with --on-release keep it stays where the cursor let go (%.4f, %.4f): now at "
          "(%.4f, %.4f)" % (release[0], release[1], x, y))
print("PASS")
