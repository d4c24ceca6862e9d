#!/usr/bin/env python3
"""Signs on the canvas (issue 35, item 8).

case recording: while recording, the canvas's top-left corner shows a red disc and REC (a
                --record run's screenshot); without a recording, no red there.
case hover:     --screenshot leaves out the hover disc: with the pointer on a particle (the
                view dump names it hovered), the screenshot has no hover orange."""

import os
import sys

from e2e import app_binary, check, fail, read_png, read_view, run, workdir, world_to_screen

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "recording"
out = workdir()


def red_pixels(rows, box):
    x0, y0, x1, y1 = box
    return sum(1 for y in range(y0, y1) for x in range(x0, x1)
               if rows[y][x][0] > 200 and rows[y][x][1] < 70 and rows[y][x][2] < 70)


if case == "recording":
    corner = (0, 0, 40, 40)  # the badge's disc; the red x axis is at the origin, far from it
    shot = os.path.join(out, "rec.png")
    status, _, err = run(binary, "--record", os.path.join(out, "rec.txt"), "--frames", 20,
                         "--screenshot", shot)
    check(status == 0, "a --record run exits with status 0 (%s)" % err.strip()[-200:])
    _, _, rows = read_png(shot)
    recording = red_pixels(rows, corner)
    check(recording > 10, "while recording, the canvas's corner shows the red disc (%d red "
          "pixels)" % recording)
    plain = os.path.join(out, "plain.png")
    status, _, err = run(binary, "--frames", 20, "--screenshot", plain)
    check(status == 0, "a plain run exits with status 0")
    _, _, rows = read_png(plain)
    check(red_pixels(rows, corner) == 0, "without a recording, no red there")
elif case == "hover":
    # Under Xvfb the pointer rests at the screen's centre, which the page's view puts on the
    # paused cloth: the hover disc would be drawn there.
    shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")
    status, _, err = run(binary, "--paused", "--frames", 30, "--screenshot", shot,
                         "--view-out", view_file)
    check(status == 0, "pbd-cloth exits with status 0 (%s)" % err.strip()[-200:])
    view = read_view(view_file)
    hovered = int(view["hovered"][0])
    check(hovered >= 0, "the pointer is on particle %d" % hovered)
    px, py = world_to_screen(view["origin"], view["zoom"][0],
                             (0.2 * (hovered % 40), -0.2 * (hovered // 40)))
    _, _, rows = read_png(shot)
    orange = sum(1 for y in range(round(py) - 12, round(py) + 13)
                 for x in range(round(px) - 12, round(px) + 13)
                 if rows[y][x][0] > 200 and 90 < rows[y][x][1] < 180 and rows[y][x][2] < 60)
    check(orange == 0, "the screenshot leaves the hover disc out (%d orange pixels at (%d, %d))"
          % (orange, px, py))
else:
    fail("unknown case " + case)
print("PASS")
