#!/usr/bin/env python3
"""Pins and the knife with the mouse (issue 10), checked through --state-out and --view-out.

case pin: Shift+click pins a particle mid-cloth; the cloth falls and swings for 3 s, and the
          pinned particle stays at its world point while its neighbours move.
case cut: Ctrl+drag across the whole cloth, top to bottom: the live constraint count drops by
          the constraints crossing that line, and the cloth falls apart in two pieces.
Further arguments go to pbd-cloth (e2e runs both cases with --solver gpu too: the click and
the knife read the GPU's state back on that event)."""

import os
import sys
import time

from e2e import App, app_binary, check, page_view, read_state, read_view, workdir, world_to_screen, xdo

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "pin"
extra = sys.argv[3:]
W, H = 40, 30
out = workdir()
state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")

if case == "pin":
    app = App(binary, "--gravity", 0, "--state-out", state_file, "--view-out", view_file, *extra)
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    row, column = 15, 20
    world = (0.2 * column, -0.2 * row)
    x, y = world_to_screen((ox, oy), zoom, world)
    app.move(x, y)
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.sync(2)
    app.move(200, 800)
    # Now let gravity act: the panel's Gravity field would do, a restart would unpin; instead
    # unpin a corner so that the cloth swings about the pin and the other corner.
    cx, cy = world_to_screen((ox, oy), zoom, (0.0, 0.0))
    app.move(cx, cy)
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.move(200, 800, frames=2)
    # Drag the bottom-left particle away and let go: the cloth moves around the pin.
    bx, by = world_to_screen((ox, oy), zoom, (0.0, -0.2 * (H - 1)))
    app.move(bx, by)
    xdo("mousedown", 1)
    app.glide((bx, by), (bx - 150, by + 60))
    xdo("mouseup", 1)
    app.run_for(1.5)  # the cloth swings about the pin
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    positions = read_state(state_file)
    pinned = positions[row * W + column]
    check(pinned == (world[0], world[1]) or
          (abs(pinned[0] - world[0]) < 1e-12 and abs(pinned[1] - world[1]) < 1e-12),
          "the Shift+clicked particle stayed at (%.3f, %.3f): (%.6f, %.6f)"
          % (world[0], world[1], pinned[0], pinned[1]))
    corner = positions[0]
    check(corner != (0.0, 0.0), "the unpinned corner moved (now at %.3f, %.3f)" % corner)
else:
    app = App(binary, "--state-out", state_file, "--view-out", view_file, *extra)
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    x = 3.9  # between columns 19 and 20
    top = world_to_screen((ox, oy), zoom, (x, 1.0))
    bottom = world_to_screen((ox, oy), zoom, (x, -9.0))
    app.knife(top, bottom)
    app.move(200, 800)
    app.run_for(1.0)  # the halves part
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    live = view["constraints"][0]
    all_constraints = (W - 1) * H + W * (H - 1) + 2 * (W - 1) * (H - 1)
    # The cloth hangs symmetrically about x = 3.9, so the knife crosses exactly the constraints
    # between columns 19 and 20: one horizontal per row and two diagonals per cell row. All of
    # them gone means two pieces, whatever phase of their swing the halves are in (checking the
    # gap between the halves instead depended on when the app quit).
    crossing = H + 2 * (H - 1)
    check(all_constraints - live == crossing,
          "the cut removed %d constraints: every one between columns 19 and 20 (%d), no other"
          % (all_constraints - live, crossing))
    positions = read_state(state_file)
    check(all(abs(x) < 100 and abs(y) < 100 for x, y in positions), "both halves still hang")
    # The halves move apart from the symmetric start: at least one row's two sides are no
    # longer a rest length apart (a held cloth keeps them within a few centimetres of 0.2 m).
    gaps = [positions[r * W + 20][0] - positions[r * W + 19][0] for r in range(H)]
    check(max(abs(g - 0.2) for g in gaps) > 0.1,
          "the halves swing apart (gaps across the cut %.2f to %.2f m)" % (min(gaps), max(gaps)))
print("PASS")
