#!/usr/bin/env python3
"""Strain colours (issue 11, item 1), checked in screenshots' pixels.

case stretched: --color-by strain after about a second: the rows at the top, which carry the
                cloth, are drawn red, the bottom rows much less; the legend shows the map
                (blue, grey and red) in the canvas's corner.
case rest:      --color-by strain with gravity 0: a cloth at rest is all grey.
case none:      --color-by none (the default): no coloured line pixel anywhere on the cloth.
case scale:     --strain-scale: a huge scale (1000) leaves the stretched upper rows near grey;
                a tiny one (1e-06) saturates them red, and the rows below too; the legend says
                the scale is set.
case field:     the panel's Strain scale field: typed junk ('big') is refused with a message naming the
                field, the text and the range, keeping auto; a typed 1000 then greys the
                stretched rows (as --strain-scale 1000)."""

import os
import sys
import time

from e2e import (App, app_binary, check, page_view, probe_layout, read_png, read_view, run,
                 workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "stretched"
extra = sys.argv[3:]  # more pbd-cloth flags (e2e runs "stretched" with --solver gpu too)
out = workdir()
shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")


def reddish(rgb):
    """The map's red side (g and b alike); not the orange hover marker."""
    r, g, b = rgb
    return r > g + 60 and r > b + 60 and abs(g - b) < 30


def compression_blue(rgb):
    """The map's blue side (g well above r); not a particle's blue, whose blends keep r == g."""
    r, g, b = rgb
    return b > r + 40 and g > r + 25


def shoot(*flags):
    status, _, err = run(binary, *flags, *extra, "--screenshot", shot, "--view-out", view_file)
    check(status == 0, "pbd-cloth %s exits with status 0 (%s)" % (" ".join(map(str, flags)),
                                                                 err.strip()))
    return read_png(shot), read_view(view_file)


def count(rows, box, test):
    left, top, right, bottom = (round(v) for v in box)
    return sum(1 for y in range(top, bottom) for x in range(left, right) if test(rows[y][x]))


if case == "field":
    layout, _ = probe_layout(binary, out)
    x0, y0, x1, y1 = layout["widget"]["strain-scale"]
    field = ((x0 + x1) / 2, (y0 + y1) / 2)
    app = App(binary, "--color-by", "strain", "--screenshot", shot, "--view-out", view_file,
              "--frames", 1000000)

    def type_scale(text):
        app.move(*field, frames=2)
        xdo("click", 1)
        app.wait(lambda v: v.get("editing", "").startswith("strain-scale "), "the field open")
        xdo("key", "ctrl+a")
        xdo("type", "--delay", 40, text)
        app.wait(lambda v: v.get("editing") == "strain-scale " + text, "the field to hold " + text)
        xdo("key", "Return")
        app.wait(lambda v: "editing" not in v, "the field closed")

    type_scale("big")
    app.move(100, 100, frames=3)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    check(view.get("errors") == ["Strain scale: 'big' is not allowed; allowed: auto or a finite "
                                 "number from 1e-06 to 1000"],
          "typed 'big' is refused naming the field, the text and the range: %s" % view.get("errors"))
    check(view["strainscalemode"] == "auto", "and the scale stays auto")
    app = App(binary, "--color-by", "strain", "--screenshot", shot, "--view-out", view_file,
              "--frames", 1000000)
    type_scale("1000")
    app.move(100, 100, frames=5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view, (width, height, rows) = read_view(view_file), read_png(shot)
    check(view["strainscalemode"] == "set" and view["strainscale"][0] == 1000
          and "errors" not in view, "typed 1000 sets the scale")
    canvas, ox, oy, zoom = page_view(width, height)
    left, top = world_to_screen((ox, oy), zoom, (-0.1, -0.1))
    right, bottom = world_to_screen((ox, oy), zoom, (7.9, -6.5))
    red = sum(1 for y in range(round(top), round(top + (bottom - top) / 3))
              for x in range(round(left), round(right)) if reddish(rows[y][x]))
    check(red < 20, "and the stretched rows are near grey (%d red pixels)" % red)
    print("PASS")
    sys.exit(0)

(width, height, rows), view = shoot("--color-by", case == "none" and "none" or "strain",
                                    "--frames", 30 if case == "rest" else 40,
                                    *(["--gravity", 0] if case == "rest" else []),
                                    *(["--strain-scale", 1000] if case == "scale" else []))
canvas, ox, oy, zoom = page_view(width, height)
# The cloth's box below the axes' row (the red x axis lies on the top row from the origin).
left, top = world_to_screen((ox, oy), zoom, (-0.1, -0.1))
right, bottom = world_to_screen((ox, oy), zoom, (7.9, -6.5))


def grey_line(rgb):
    r, g, b = rgb
    return abs(r - g) < 6 and abs(g - b) < 6 and r < 0xC0


lines = count(rows, (left, top, right, bottom), grey_line)
if case == "stretched":
    check(view["colorby"] == "strain" and view["strainscale"][0] > 0.001,
          "lines coloured by strain, scale %.4f" % view["strainscale"][0])
    third = (bottom - top) / 3
    upper = count(rows, (left, top, right, top + third), reddish)
    lower = count(rows, (left, bottom - third, right, bottom), reddish)
    check(upper > 300 and upper > 3 * lower,
          "red on the stretched upper rows (%d red pixels) far more than the lower (%d)"
          % (upper, lower))
    x0, y0, x1, y1 = view["widget"]["legend"]
    check(0 <= x0 < x1 <= canvas and 0 <= y0 < y1 <= height, "the legend lies on the canvas")
    box = (x0, y0, x1, y1)
    grey = count(rows, box, lambda p: abs(p[0] - 0x66) < 12 and abs(p[1] - 0x66) < 12
                 and abs(p[2] - 0x66) < 12)
    check(count(rows, box, reddish) > 100 and count(rows, box, compression_blue) > 100
          and grey > 10, "the legend shows red, blue and the grey between")
    text = count(rows, box, lambda p: sum(p) < 200)
    check(text > 50, "the legend has its numbers (%d dark text pixels)" % text)
elif case == "scale":
    third = (bottom - top) / 3
    check(view["strainscale"][0] == 1000 and view["strainscalemode"] == "set",
          "the colours saturate at the scale set: %g" % view["strainscale"][0])
    huge_upper = count(rows, (left, top, right, top + third), reddish)
    (_, _, tiny_rows), tiny_view = shoot("--color-by", "strain", "--frames", 40,
                                         "--strain-scale", "1e-06")
    check(tiny_view["strainscale"][0] == 1e-06, "and at 1e-06 in the second run")
    tiny_upper = count(tiny_rows, (left, top, right, top + third), reddish)
    tiny_lower = count(tiny_rows, (left, bottom - third, right, bottom), reddish)
    (_, _, auto_rows), auto_view = shoot("--color-by", "strain", "--frames", 40)
    auto_upper = count(auto_rows, (left, top, right, top + third), reddish)
    auto_lower = count(auto_rows, (left, bottom - third, right, bottom), reddish)
    check(auto_view["strainscalemode"] == "auto", "without the flag the scale is auto")
    check(huge_upper < 20 and huge_upper * 20 < auto_upper,
          "a huge scale leaves the stretched rows near grey (%d red pixels, %d with auto)"
          % (huge_upper, auto_upper))
    check(tiny_upper > auto_upper and tiny_lower > 3 * max(auto_lower, 100),
          "a tiny scale saturates the upper rows (%d red pixels, %d with auto) and the lower "
          "ones (%d, %d with auto)" % (tiny_upper, auto_upper, tiny_lower, auto_lower))
elif case == "rest":
    check(lines > 5000, "the lines are drawn, grey (%d pixels)" % lines)
    red, blue = count(rows, (left, top, right, bottom), reddish), count(
        rows, (left, top, right, bottom), compression_blue)
    check(red == 0 and blue == 0, "a cloth at rest is grey (%d red, %d blue pixels)" % (red, blue))
else:
    check(view["colorby"] == "none" and "legend" not in view["widget"],
          "the default draws no colours and no legend")
    red, blue = count(rows, (left, top, right, bottom), reddish), count(
        rows, (left, top, right, bottom), compression_blue)
    check(lines > 5000 and red == 0 and blue == 0,
          "grey lines (%d pixels) and no coloured line pixels (%d red, %d blue)"
          % (lines, red, blue))
print("PASS")
