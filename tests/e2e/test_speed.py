#!/usr/bin/env python3
"""Particles coloured by speed (issue 11, item 1), checked in screenshots' pixels.

case moving: --color-particles speed on a swinging cloth: many particles drawn in the map's
             bright half (magenta to amber); the same cloth still (gravity 0) is all the map's
             dark end, with no bright particle; with --color-particles none the discs are the
             page's blue and none is bright. The speed legend lies on the canvas."""

import os

from e2e import (app_binary, check, is_particle_blue, page_view, read_png, read_view, run,
                 workdir, world_to_screen)

binary = app_binary()
out = workdir()
shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")


def bright(rgb):
    """The map's fast half: magenta (204, 38, 140) to amber (250, 178, 13); not the grey lines,
    the background, nor the red x axis (kept out of the box)."""
    r, g, b = rgb
    return r > 150 and r > b + 50 and g < r - 40


def hover_core(rgb):
    """The orange disc of the particle under the pointer (255, 140, 0 at 90%; Xvfb's pointer
    starts at the screen's centre, over the cloth): blue under 30 with green 110 to 160, where
    the speed map has green above 165."""
    r, g, b = rgb
    return r > 200 and b < 30 and 110 < g < 160


def dark(rgb):
    """The map's slow end, dark indigo (33, 13, 115), and its edges blended into the grey."""
    r, g, b = rgb
    return 80 <= b <= 175 and b > r + 45 and b > g + 60


def shoot(*flags):
    status, _, err = run(binary, *flags, "--screenshot", shot, "--view-out", view_file)
    check(status == 0, "pbd-cloth %s exits with status 0 (%s)" % (" ".join(map(str, flags)),
                                                                 err.strip()))
    width, height, rows = read_png(shot)
    return width, height, rows, read_view(view_file)


def count(rows, box, test):
    """Pixels in box passing test, leaving out 8 px around the hovered particle's disc."""
    left, top, right, bottom = (round(v) for v in box)
    hovered = [(x, y) for y in range(top, bottom) for x in range(left, right)
               if hover_core(rows[y][x])]
    near_hover = lambda x, y: any(abs(x - hx) <= 8 and abs(y - hy) <= 8 for hx, hy in hovered)
    return sum(1 for y in range(top, bottom) for x in range(left, right)
               if test(rows[y][x]) and not (hovered and near_hover(x, y)))


width, height, rows, view = shoot("--color-particles", "speed", "--frames", 40)
canvas, ox, oy, zoom = page_view(width, height)
# The cloth's box below the axes' row (the red x axis lies on the top row from the origin).
box = (*world_to_screen((ox, oy), zoom, (-0.1, -0.1)), *world_to_screen((ox, oy), zoom, (7.9, -7.0)))
check(view["particlecolor"] == "speed" and view["speedscale"][0] > 0.05,
      "particles coloured by speed, scale %.3f m/s" % view["speedscale"][0])
moving_bright, moving_blue = count(rows, box, bright), count(rows, box, is_particle_blue)
check(moving_bright > 200, "a swinging cloth has bright (fast) particles (%d pixels)"
      % moving_bright)
check(moving_blue == 0, "and no disc in the page's blue (%d pixels)" % moving_blue)
x0, y0, x1, y1 = view["widget"]["speed-legend"]
check(0 <= x0 < x1 <= canvas and 0 <= y0 < y1 <= height, "the speed legend lies on the canvas")
legend = (x0, y0, x1, y1)
check(count(rows, legend, bright) > 100 and count(rows, legend, dark) > 50,
      "the legend shows the map from dark to bright")

_, _, still_rows, still_view = shoot("--color-particles", "speed", "--frames", 30,
                                     "--gravity", 0)
still_bright, still_dark = count(still_rows, box, bright), count(still_rows, box, dark)
check(still_view["speedscale"][0] == 0.05, "a still cloth keeps the smallest scale, 0.05 m/s")
check(still_bright == 0 and still_dark > 1000,
      "a still cloth's particles are all dark (%d dark, %d bright pixels)"
      % (still_dark, still_bright))

_, _, plain_rows, plain_view = shoot("--frames", 40)
plain_bright, plain_blue = count(plain_rows, box, bright), count(plain_rows, box, is_particle_blue)
check(plain_view["particlecolor"] == "none" and "speed-legend" not in plain_view["widget"],
      "by default no speed colours and no speed legend")
check(plain_bright == 0 and plain_blue > 300,
      "the same swinging cloth uncoloured: blue discs (%d pixels), none bright (%d)"
      % (plain_blue, plain_bright))
print("PASS")
