#!/usr/bin/env python3
"""The world's obstacles are drawn (issue 24): with --obstacle circle:4,-4,1 and
--obstacle ground:-7 the screenshot shows the obstacles' fill (#C9C2B6) around the circle's
centre pixel (the cloth is pushed aside there) and below the ground's line, left of the cloth;
the canvas's #EEEEEE just above the ground; the darker outline on the ground's line. The
camera comes from --view-out (world -> pixel with its zoom and origin)."""

import os

from e2e import app_binary, check, read_png, read_view, run, workdir, world_to_screen

FILL = (0xC9, 0xC2, 0xB6)
OUTLINE = (0x6E, 0x66, 0x5A)
BACKGROUND = (0xEE, 0xEE, 0xEE)

binary = app_binary()
out = workdir()
shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")
status, _, err = run(binary, "--obstacle", "circle:4,-4,1", "--obstacle", "ground:-7",
                     "--frames", 60, "--no-autosave", "--screenshot", shot,
                     "--view-out", view_file)
check(status == 0, "pbd-cloth with a circle and a ground exits with status 0 (stderr: %s)"
      % err.strip())
width, height, rows = read_png(shot)
view = read_view(view_file)
scale = width / view["window"][0]  # framebuffer pixels per window pixel
origin, zoom = tuple(view["origin"]), view["zoom"][0]


def pixel(world):
    x, y = world_to_screen(origin, zoom, world)
    return rows[round(y * scale)][round(x * scale)]


def near(rgb, colour, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, colour))


# The circle: its centre pixel and most of a 9 x 9 block around it are the fill (the cloth's
# lines cross a few of them).
cx, cy = world_to_screen(origin, zoom, (4.0, -4.0))
cx, cy = round(cx * scale), round(cy * scale)
block = [rows[cy + dy][cx + dx] for dy in range(-4, 5) for dx in range(-4, 5)]
filled = sum(1 for p in block if near(p, FILL))
check(filled >= 40, "the circle's fill around its centre pixel (%d of 81 pixels, centre %s)"
      % (filled, rows[cy][cx]))
check(sum(1 for p in block if near(p, BACKGROUND)) == 0,
      "no background shows through the circle")

# The ground: solid below y = -7, left of the cloth (x = -5) and at the canvas's bottom.
for world in [(-5.0, -7.5), (-5.0, -9.0), (-8.0, -7.5)]:
    check(near(pixel(world), FILL), "the ground's fill at %s (%s)" % (world, pixel(world)))
check(near(pixel((-5.0, -6.5)), BACKGROUND),
      "the canvas above the ground is #EEEEEE (%s)" % (pixel((-5.0, -6.5)),))
_, line_y = world_to_screen(origin, zoom, (-5.0, -7.0))
lx = round(world_to_screen(origin, zoom, (-5.0, -7.0))[0] * scale)
column = [rows[round(line_y * scale) + d][lx] for d in range(-2, 3)]
check(any(sum(p) < sum(FILL) - 60 for p in column),
      "the ground's surface line is drawn darker than its fill (%s)" % (column,))
