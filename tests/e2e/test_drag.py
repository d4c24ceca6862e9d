#!/usr/bin/env python3
"""Dragging with the mouse, as on the page: a left press within 10 px of a particle grabs it,
moving drags it to the cursor, releasing lets go. Checked through --state-out.

case free:  the bottom-left particle (free) follows the cursor while the button is held.
case fixed: a fixed corner can be grabbed too; released, it stays fixed where it was dropped.

Gravity 0 keeps the cloth at rest on the page's grid, so that the particle's screen position is
known before the press: particle (row i, column j) at world (0.2 j, -0.2 i)."""

import math
import os
import sys

from e2e import (App, app_binary, check, page_view, read_state, read_view, screen_to_world,
                 workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "free"
W, H = 40, 30
out = workdir()
state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
app = App(binary, "--width", W, "--height", H, "--fixed", 2, "--gravity", 0,
          "--state-out", state_file, "--view-out", view_file)
canvas, ox, oy, zoom = page_view(app.width, app.height)

if case == "free":
    index = (H - 1) * W  # bottom-left corner: free with 2 fixed particles
    world = (0.0, -0.2 * (H - 1))
    target = (700.0, 400.0)
else:
    index = 0  # top-left corner: fixed
    world = (0.0, 0.0)
    target = (300.0, 150.0)

start = world_to_screen((ox, oy), zoom, world)
# Press 4 px off the particle: still within the 10 px pick radius.
press = (start[0] + 3.0, start[1] - 4.0)
app.move(*press)
xdo("mousedown", 1)
app.glide(press, target)
if case == "fixed":
    xdo("mouseup", 1)
    app.move(target[0] + 100, target[1] + 100)  # moving afterwards must not drag it
status = app.quit()  # Ctrl+Q; in case "free" with the button still held
if case == "free":
    xdo("mouseup", 1)
check(status == 0, "pbd-cloth exits with status 0 after Ctrl+Q")

view = read_view(view_file)
check(view["origin"] == [ox, oy] and view["zoom"] == [zoom], "the view stayed the page's")
positions = read_state(state_file)
check(len(positions) == W * H, "--state-out holds %d particles" % (W * H))
expected = screen_to_world((ox, oy), zoom, target)
got = positions[index]
check(abs(got[0] - expected[0]) < 1e-9 and abs(got[1] - expected[1]) < 1e-9,
      "particle %d is at the cursor's world position (%.6f, %.6f): (%.6f, %.6f)"
      % (index, expected[0], expected[1], got[0], got[1]))
if case == "free":
    # The grab only moves the grabbed particle directly; its neighbour above (rest distance
    # 0.2 m) is pulled along with it: it ends near the particle, far from where it started.
    neighbour = positions[index - W]
    start = (0.0, -0.2 * (H - 2))
    near = math.dist(neighbour, got)
    check(near < 0.5 and math.dist(start, got) > 2.0,
          "its neighbour was pulled along: %.3f m from the dragged particle (rest 0.2 m), "
          "which moved %.2f m from the neighbour's start" % (near, math.dist(start, got)))
else:
    check(positions[W - 1] == (0.2 * (W - 1), 0.0), "the other fixed corner did not move")
print("PASS")
