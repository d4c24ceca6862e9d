#!/usr/bin/env python3
"""HiDPI on X11: with Xft.dpi 192 GLFW reports a content scale of 2. X11 window coordinates are
physical pixels, so pbd-cloth scales its panel by it (fonts, paddings, the panel's minimum width)
and draws the canvas as a browser at devicePixelRatio 2 draws the page: 50 CSS px per metre is
100 window pixels, the origin is lifted 2 * 200 px above the canvas centre, and a left press
picks within 2 * 10 px, grabbing the particle under the cursor.

GLFW reads Xft.dpi from the RESOURCE_MANAGER property when it connects, so the script sets it
with xrdb (x11-xserver-utils) on the X server that xvfb-run started for this test, between runs.
The first run, with the property removed, gives the layout at the default 96 dpi to compare with.
"""

import atexit
import os
import subprocess
import time

from e2e import (PAGE_LIFT, PAGE_ZOOM, App, app_binary, check, count_blue, fail, page_view, poll,
                 probe_layout, read_png, read_state, read_view, run, screen_to_world, workdir,
                 world_to_screen, xdo)

SCREEN = (1600, 1000)  # xvfb-run -s "-screen 0 1600x1000x24" (tests/e2e/CMakeLists.txt)
DPI = 192
FIELDS = ["width", "height", "fixed", "dt", "iterations", "gravity", "mass"]
WIDGETS = FIELDS + [f + s for f in FIELDS if f != "fixed" for s in "-+"] + ["restart", "pause"]


def xrdb(*args, text=None):
    try:
        return subprocess.run(["xrdb", "-nocpp", *args], input=text, capture_output=True,
                              text=True, check=True).stdout
    except FileNotFoundError:
        fail("xrdb not found: install x11-xserver-utils (scripts/packages-test.txt)")


def height(rect):
    return rect[3] - rect[1]


binary = app_binary()
out = workdir()

# 96 dpi: no Xft.dpi resource at all, GLFW's default.
xrdb("-remove")
normal, _ = probe_layout(binary, out)
check(normal["scale"] == [1.0], "without Xft.dpi the content scale is 1")
normal_canvas, normal_ox, normal_oy, normal_zoom = page_view(*normal["window"])
check(normal["canvas"][2] == normal_canvas and normal["zoom"] == [normal_zoom] and
      normal["origin"] == [normal_ox, normal_oy],
      "at 96 dpi the view is the page's: zoom 50, origin at the canvas centre lifted 200 px")

# Xvfb resets when its last client disconnects, and the reset drops the root window's
# RESOURCE_MANAGER: an idle xdotool keeps a connection open so that the resource outlives xrdb.
# It prints the pointer's place once connected: read, that line says the connection is there.
keeper = subprocess.Popen(["xdotool", "getmouselocation", "sleep", "3600"],
                          stdout=subprocess.PIPE, text=True)
atexit.register(keeper.kill)
keeper.stdout.readline()


def merged():
    xrdb("-merge", text="Xft.dpi: %d\n" % DPI)
    return "Xft.dpi:\t%d" % DPI in xrdb("-query")
poll(merged, "Xft.dpi in the X server's resources")
check("Xft.dpi:\t%d" % DPI in xrdb("-query"), "the X server's resources say Xft.dpi %d" % DPI)

# 192 dpi: a screenshot and the layout after 60 frames with the page's defaults.
shot, view_file = os.path.join(out, "hidpi.png"), os.path.join(out, "hidpi-view.txt")
status, _, err = run(binary, "--frames", 60, "--screenshot", shot, "--view-out", view_file)
check(status == 0, "pbd-cloth --frames 60 at %d dpi exits with status 0 (%s)" % (DPI, err.strip()))
print("screenshot: " + shot)
view = read_view(view_file)
scale = view["scale"][0]
check(scale == 2.0, "at Xft.dpi %d the content scale is 2 (%g)" % (DPI, scale))
win_w, win_h = view["window"]
check(win_w <= SCREEN[0] and win_h <= SCREEN[1],
      "the window (%gx%g) fits the %dx%d screen" % (win_w, win_h, *SCREEN))
# X11 has no separate framebuffer scale: window coordinates are framebuffer pixels.
check(view["framebuffer"] == [win_w, win_h], "the framebuffer matches the window on X11")

# Fonts and paddings: every panel widget about twice as tall as at 96 dpi.
for name in WIDGETS:
    h1, h2 = height(normal["widget"][name]), height(view["widget"][name])
    check(1.8 <= h2 / h1 <= 2.2, "widget '%s' is %.0f px tall at %d dpi, %.0f px at 96 (x%.2f)"
          % (name, h2, DPI, h1, h2 / h1))

# The panel fits its items: all inside the panel, in order, with room for the typed value.
canvas_x, canvas_y, canvas_w, canvas_h = view["canvas"]
check([canvas_x, canvas_y, canvas_h] == [0, 0, win_h], "the canvas is the window's left part")
print("panel width: %g px at 96 dpi, %g px at %d dpi"
      % (normal["window"][0] - normal["canvas"][2], win_w - canvas_w, DPI))
for name in WIDGETS:
    x0, y0, x1, y1 = view["widget"][name]
    check(canvas_w < x0 < x1 < win_w and 0 < y0 < y1 < win_h,
          "widget '%s' lies inside the panel (%g..%g x %g..%g)" % (name, x0, x1, y0, y1))
tops = [view["widget"][name][1] for name in FIELDS + ["restart", "pause"]]
check(tops == sorted(tops), "the fields are in the page's order")
for name in FIELDS:
    x0, y0, x1, y1 = view["widget"][name]
    check(x1 - x0 >= 2.0 * (y1 - y0), "field '%s' is %.0f px wide, room for its value"
          % (name, x1 - x0))

width, height_px, rows = read_png(shot)
check([width, height_px] == [int(v) for v in view["framebuffer"]],
      "the screenshot has the framebuffer's size %dx%d" % (width, height_px))
canvas = int(canvas_w)
dark = sum(1 for y in range(height_px) for x in range(canvas + 2, width) if sum(rows[y][x]) < 200)
check(dark > 4000, "the panel area holds text (%d dark pixels)" % dark)

# The canvas draws the page's view in CSS pixels, two window pixels each: zoom 100, origin at
# the canvas centre lifted 400 px. The cloth's box below is scaled with it.
ox, oy, zoom = canvas_w / 2.0, win_h / 2.0 - 2.0 * PAGE_LIFT, 2.0 * PAGE_ZOOM
check(view["origin"] == [ox, oy] and view["zoom"] == [zoom],
      "the initial view is the page's at scale 2: zoom 100, origin at the canvas centre lifted "
      "400 px (%s, %s)" % (view["zoom"], view["origin"]))
print("view: zoom %g, origin (%g, %g) at 96 dpi; zoom %g, origin (%g, %g) at %d dpi"
      % (normal_zoom, normal_ox, normal_oy, zoom, ox, oy, DPI))
left, top = world_to_screen((ox, oy), zoom, (-0.3, 0.3))
right, bottom = world_to_screen((ox, oy), zoom, (7.8 + 0.3, -5.8 - 1.0))
inside, outside = count_blue(rows, canvas, height_px, (left, top, right, bottom))
check(inside > 1200, "blue particle pixels where the page puts the cloth (%d)" % inside)
check(outside == 0, "no blue pixels elsewhere on the canvas (%d)" % outside)

# Picking within 10 CSS px = 20 window px: press 15 px below-left of the bottom-left particle
# (free with 2 fixed; no other particle within 30 px), farther than the 96-dpi radius, drag it
# to a canvas point, and it ends at the cursor's world point (gravity 0 keeps the grid).
W, H = 40, 30
state_file, drag_view = os.path.join(out, "state.txt"), os.path.join(out, "drag-view.txt")
app = App(binary, "--width", W, "--height", H, "--fixed", 2, "--gravity", 0,
          "--state-out", state_file, "--view-out", drag_view)
check([app.width, app.height] == [win_w, win_h], "the drag run's window is the probed one")
index, start = (H - 1) * W, world_to_screen((ox, oy), zoom, (0.0, -0.2 * (H - 1)))
press, target = (start[0] - 9.0, start[1] + 12.0), (700.0, 400.0)
app.move(*press)
xdo("mousedown", 1)
app.glide(press, target)
status = app.quit()  # Ctrl+Q with the button still held
xdo("mouseup", 1)
check(status == 0, "pbd-cloth exits with status 0 after Ctrl+Q")
after = read_view(drag_view)
check(after["scale"] == [2.0] and after["origin"] == [ox, oy] and after["zoom"] == [zoom],
      "the drag run had scale 2 and the page's view at scale 2")
expected = screen_to_world((ox, oy), zoom, target)
got = read_state(state_file)[index]
check(abs(got[0] - expected[0]) < 1e-9 and abs(got[1] - expected[1]) < 1e-9,
      "particle %d is at the cursor's world position (%.6f, %.6f): (%.6f, %.6f)"
      % (index, expected[0], expected[1], got[0], got[1]))
print("PASS")
