#!/usr/bin/env python3
"""The draw modes (--draw) and the level of detail draw the cloth, not a moiré.

case filled:  a 300 x 300 cloth at rest (gravity 0), fitted (F), in the filled mode: its
              bounding box on the canvas is nearly all the cloth's colour; the same with
              --solver gpu (drawn from the GPU solver's buffer) where the window has 4.3.
case lod:     the same cloth in the lines mode: its cells are 3 pixels, so the decimated grid
              (every 4th row and column) is drawn, and well under half of its bounding box is
              line-coloured (every constraint at 3 pixels greys out the whole box).
case cut:     the page's cloth at rest in the filled mode, a knife across it between rows 14
              and 15: the gap shows (the canvas's background along the cut, the cloth's colour
              above and below it)."""

import os
import sys
import time

from e2e import (App, app_binary, check, page_view, read_png, read_view, workdir,
                 world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "filled"
out = workdir()
CLOTH = (158, 179, 209)  # the filled mode's front colour, kClothColor in mesh_renderer.cpp


def is_cloth(rgb):
    return all(abs(c - k) <= 12 for c, k in zip(rgb, CLOTH))


def is_line(rgb):
    # Grey darker than the #EEEEEE background: a line or its anti-aliased edge.
    return max(rgb) - min(rgb) < 8 and rgb[0] < 0xDC


def fitted_shot(name, *args):
    """A 300 x 300 cloth at rest, fitted with F: the screenshot's rows, the view and the box
    of the cloth on the canvas (window pixels, inset by 3 px)."""
    shot, view_file = os.path.join(out, name + ".png"), os.path.join(out, name + ".txt")
    app = App(binary, "--width", 300, "--height", 300, "--gravity", 0, "--frames", 1000000,
              "--no-autosave", "--screenshot", shot, "--view-out", view_file, *args)
    app.move(500, 480)
    app.key("f", frames=5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    width, height, rows = read_png(shot)
    view = read_view(view_file)
    origin, zoom = view["origin"], view["zoom"][0]
    left, top = world_to_screen(origin, zoom, (0.0, 0.0))
    right, bottom = world_to_screen(origin, zoom, (0.2 * 299, -0.2 * 299))
    box = (round(left) + 3, round(top) + 3, round(right) - 3, round(bottom) - 3)
    check(box[0] >= 0 and box[1] >= 0 and box[2] < view["canvas"][2] and box[3] < height,
          "the fitted cloth lies inside the canvas (%s)" % (box,))
    return rows, app.stderr, box


def fraction(rows, box, test):
    x0, y0, x1, y1 = box
    hits = sum(1 for y in range(y0, y1, 2) for x in range(x0, x1, 2) if test(rows[y][x]))
    return hits / (len(range(y0, y1, 2)) * len(range(x0, x1, 2)))


if case == "filled":
    rows, _, box = fitted_shot("filled", "--draw", "filled")
    share = fraction(rows, box, is_cloth)
    check(share > 0.9, "the filled cloth covers its box in its colour (%.3f)" % share)
    rows, err, box = fitted_shot("filled-gpu", "--draw", "filled", "--solver", "gpu")
    if "GPU unavailable" in err or "gpu:" not in err:
        print("GPU solver unavailable here: its filled case is skipped")
    else:
        share = fraction(rows, box, is_cloth)
        check(share > 0.9, "drawn from the GPU solver's buffer too (%.3f)" % share)
elif case == "lod":
    rows, _, box = fitted_shot("lod", "--draw", "lines")
    share = fraction(rows, box, is_line)
    check(0.05 < share < 0.5,
          "the decimated grid leaves most of the box background (%.3f line-grey)" % share)
elif case == "cut":
    shot, view_file = os.path.join(out, "cut.png"), os.path.join(out, "cut.txt")
    app = App(binary, "--gravity", 0, "--draw", "filled", "--frames", 1000000, "--no-autosave",
              "--screenshot", shot, "--view-out", view_file)
    width, height = app.width, app.height
    canvas, ox, oy, zoom = page_view(width, height)
    y = -2.9  # between rows 14 (-2.8 m) and 15 (-3.0 m)
    app.knife(world_to_screen((ox, oy), zoom, (-1.0, y)), world_to_screen((ox, oy), zoom, (8.8, y)))
    app.sync(5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    _, _, rows = read_png(shot)
    row = round(world_to_screen((ox, oy), zoom, (0.0, y))[1])
    xs = range(round(ox + 0.5 * zoom), round(ox + 7.3 * zoom))
    gap = sum(1 for x in xs if rows[row][x] == (0xEE, 0xEE, 0xEE))
    check(gap > 0.95 * len(xs), "the cut shows as a gap of background (%d of %d px)" % (gap, len(xs)))
    for yy in (-1.5, -4.5):
        r = round(world_to_screen((ox, oy), zoom, (0.0, yy))[1])
        cloth = sum(1 for x in xs if is_cloth(rows[r][x]))
        check(cloth > 0.8 * len(xs), "cloth above and below the cut (%d of %d px at y %g)"
              % (cloth, len(xs), yy))
else:
    sys.exit("unknown case " + case)
print("ok")
