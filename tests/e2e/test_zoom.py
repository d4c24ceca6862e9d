#!/usr/bin/env python3
"""The wheel zooms about the cursor: the world point under the cursor stays under it.

case wheel: 3 notches up over one point, 2 down over another, 1 Ctrl+notch up over a third;
            the final view must equal the zoom-about-point rule applied to the page's view,
            and a screenshot must show the fixed corner's disc where that view puts it.
case pan:   right and middle drags move the view with the pointer.
case home:  after zooming and panning with the right button, Home restores the page's view."""

import os
import sys

from e2e import (App, app_binary, check, is_pinned_dark, page_view, read_png, read_view,
                 workdir, world_to_screen, xdo, zoom_at)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "wheel"
out = workdir()
view_file, shot = os.path.join(out, "view.txt"), os.path.join(out, "shot.png")
app = App(binary, "--view-out", view_file, "--screenshot", shot)
canvas, ox, oy, zoom = page_view(app.width, app.height)
origin = (ox, oy)


def wheel(point, button, notches, modifier=None):
    """Turns the wheel over `point` (button 4 up, 5 down): each notch zooms by 1.1^(+-1)."""
    global origin, zoom
    app.move(*point)
    if modifier:
        xdo("keydown", modifier)
    xdo("click", "--repeat", notches, "--delay", 60, button)
    if modifier:
        xdo("keyup", modifier)
    for _ in range(notches):
        origin, zoom = zoom_at(origin, zoom, 1.1 if button == 4 else 1 / 1.1, point)


if case == "wheel":
    wheel((300, 500), 4, 3)
    wheel((700, 300), 5, 2)
    wheel((520, 280), 4, 1, "ctrl")
    app.move(20, 900)  # off the cloth before the screenshot
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    got_zoom, got_origin = view["zoom"][0], view["origin"]
    check(abs(got_zoom - zoom) < 1e-9 * zoom, "zoom is 50 * 1.1^2 = %.6f (got %.6f)" % (zoom, got_zoom))
    check(all(abs(got_origin[i] - origin[i]) < 1e-6 for i in (0, 1)),
          "the origin moved so that each wheel point stayed put: expected (%.4f, %.4f), got "
          "(%.4f, %.4f)" % (origin[0], origin[1], got_origin[0], got_origin[1]))
    _, _, rows = read_png(shot)
    cx, cy = world_to_screen(origin, zoom, (0.0, 0.0))
    check(any(is_pinned_dark(rows[round(cy) + dy][round(cx) + dx])
              for dx in (-1, 0, 1) for dy in (-1, 0, 1)),
          "the screenshot shows the fixed corner's (pinned, dark) disc at the zoomed origin (%.1f, %.1f)" % (cx, cy))
elif case == "pan":
    app.move(400, 600)
    xdo("mousedown", 3)
    app.glide((400, 600), (250, 470))
    xdo("mouseup", 3)
    app.move(600, 600)
    xdo("mousedown", 2)
    app.glide((600, 600), (620, 590))
    xdo("mouseup", 2)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    check(view["zoom"] == [50.0] and view["origin"] == [ox - 150 + 20, oy - 130 - 10],
          "right and middle drags pan the view by the pointer's motion (got origin %s)"
          % view["origin"])
else:
    wheel((300, 500), 4, 4)
    app.move(400, 600)
    xdo("mousedown", 3)
    app.glide((400, 600), (250, 450))
    xdo("mouseup", 3)
    app.move(200, 800)
    xdo("key", "Home")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    check(view["zoom"] == [50.0] and view["origin"] == [ox, oy],
          "Home restores the page's view (got zoom %s origin %s)" % (view["zoom"], view["origin"]))
print("PASS")
