#!/usr/bin/env python3
"""After about 60 frames with the page's defaults, the screenshot looks like the page: #EEEEEE
canvas in the page's frame (2 px dark border with rounded corners), blue particles where the
page hangs its cloth (and nowhere else), the red and green axes at the origin, and the
Controls panel in the right quarter."""

import os

from e2e import (app_binary, check, count_blue, is_particle_blue, is_pinned_dark, page_view, read_png, read_view, run,
                 workdir, world_to_screen)

binary = app_binary()
out = workdir()
shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")
status, _, err = run(binary, "--frames", 60, "--screenshot", shot, "--view-out", view_file)
check(status == 0, "pbd-cloth --frames 60 exits with status 0 (stderr: %s)" % err.strip())
width, height, rows = read_png(shot)
view = read_view(view_file)
check([width, height] == [int(v) for v in view["framebuffer"]],
      "the screenshot has the framebuffer's size %dx%d" % (width, height))
check(view["window"] == [1400, 960], "the window opens at 1400x960")

canvas, ox, oy, zoom = page_view(width, height)
check(view["canvas"] == [0, 0, canvas, height], "the canvas is the window minus a quarter")
check(view["origin"] == [ox, oy] and view["zoom"] == [zoom],
      "the initial view is the page's: zoom 50, origin at the canvas centre lifted 200 px")

# Background: inside the frame's corners and a band far left of the cloth are #EEEEEE.
for x, y in [(30, 30), (canvas - 30, 30), (30, height - 30), (canvas - 30, height - 30),
             (100, 500)]:
    check(rows[y][x] == (0xEE, 0xEE, 0xEE), "canvas pixel (%d, %d) is #EEEEEE" % (x, y))

# The page's frame: 2 px of dark border 4 px inside each canvas edge (the corners rounded, so
# the very corner is outside the frame: the page's white).
def dark(rgb):
    return sum(rgb) < 3 * 0x40

mid_x, mid_y = canvas // 2, height // 2
for name, pixels in [("left", [rows[mid_y][x] for x in range(0, 12)]),
                     ("right", [rows[mid_y][x] for x in range(canvas - 12, canvas)]),
                     ("top", [rows[y][mid_x] for y in range(0, 12)]),
                     ("bottom", [rows[y][mid_x] for y in range(height - 12, height)])]:
    count = sum(1 for p in pixels if dark(p))
    check(2 <= count <= 3, "the frame's %s edge is 2 px of dark border (%d px)" % (name, count))
check(rows[1][1] == (255, 255, 255) and not dark(rows[8][8]),
      "the frame's top-left corner is rounded: white outside it, no border on the diagonal")
corner = sum(1 for d in range(4, 20) if dark(rows[d][d]))
check(1 <= corner <= 3, "the rounded border crosses the corner's diagonal (%d px)" % corner)

# The cloth: 40 x 30 particles 0.2 m apart, hanging from (0, 0) and (7.8, 0); after 0.3 s it
# has sagged less than a metre, so every particle is within this box (with a margin).
left, top = world_to_screen((ox, oy), zoom, (-0.3, 0.3))
right, bottom = world_to_screen((ox, oy), zoom, (7.8 + 0.3, -5.8 - 1.0))
inside, outside = count_blue(rows, canvas, height, (left, top, right, bottom))
check(inside > 1200, "blue particle pixels where the page puts the cloth (%d)" % inside)
check(outside == 0, "no blue pixels elsewhere on the canvas (%d)" % outside)
# Anti-aliased lines: between the line's #666666 and the background's #EEEEEE the edges
# blend into intermediate greys (aliased lines have none).
blended = sum(1 for y in range(round(top), round(bottom)) for x in range(round(left), round(right))
              if abs(rows[y][x][0] - rows[y][x][1]) < 6 and abs(rows[y][x][1] - rows[y][x][2]) < 6
              and 0x70 < rows[y][x][0] < 0xE4)
check(blended > 5000, "the lines' edges are anti-aliased (%d blended grey pixels)" % blended)
# Particle 0 is fixed (pinned) at the origin: its disc is drawn there, dark slate, apart from
# the blue free particles.
check(any(is_pinned_dark(rows[round(oy) + dy][round(ox) + dx])
          for dx in (-1, 0, 1) for dy in (-1, 0, 1)), "the fixed corner's dark pinned disc is at the origin")
corner = world_to_screen((ox, oy), zoom, (7.8, 0.0))
check(any(is_pinned_dark(rows[round(corner[1]) + dy][round(corner[0]) + dx])
          for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)),
      "the other fixed corner is drawn as pinned too")

# Axes: the x axis red to the right of the origin, the y axis green above it (one metre).
# A smooth line on a pixel boundary lights the row (column) on either side of it half.
red = sum(1 for x in range(round(ox) + 5, round(ox + zoom) - 2)
          if any(rows[round(oy) + d][x][0] > 200 and rows[round(oy) + d][x][0] -
                 rows[round(oy) + d][x][1] > 70 for d in (-1, 0)))
green = sum(1 for y in range(round(oy - zoom) + 2, round(oy) - 5)
            if any(rows[y][round(ox) + d][1] > 200 and rows[y][round(ox) + d][1] -
                   rows[y][round(ox) + d][0] > 70 for d in (-1, 0)))
check(red > 20, "red x axis from the origin (%d px)" % red)
check(green > 30, "green y axis from the origin (%d px)" % green)

# The panel: the right quarter is not canvas; it holds dark text and no particles.
dark = sum(1 for y in range(height) for x in range(canvas + 2, width) if sum(rows[y][x]) < 200)
blue = sum(1 for y in range(height) for x in range(canvas + 2, width) if is_particle_blue(rows[y][x]))
check(dark > 1000, "the panel area holds text (%d dark pixels)" % dark)
check(blue == 0, "no particles drawn over the panel")
for field in ["width", "height", "fixed", "dt", "iterations", "gravity", "mass", "restart", "pause"]:
    x0, y0, x1, y1 = view["widget"][field]
    check(canvas <= x0 < x1 <= width and 0 <= y0 < y1 <= height,
          "panel widget '%s' lies in the panel" % field)
order = [view["widget"][f][1] for f in
         ["width", "height", "fixed", "dt", "iterations", "gravity", "mass", "restart", "pause"]]
check(order == sorted(order), "the panel's fields are in the page's order")
print("PASS")
