#!/usr/bin/env python3
"""The wind typed as a speed and a direction in the real window (issue 25, item 3): the Air
part's "Wind speed" and "Wind direction" rows, scrolled into view, take 5 m/s towards 30
degrees, and the --view-out dump's settings hold wind-x = 5 cos 30 deg and wind-y = 5 sin 30 deg;
a negative speed typed after it is refused with a message naming the row and its range, and
the wind stays."""

import math
import os

from e2e import App, app_binary, bottom_layout, check, read_view, scroll_panel_down, workdir

binary = app_binary()
out = workdir()
args = ("--no-autosave", "--air-drag", 0.05)  # with air, the World section starts open
# Ten notches of the wheel bring the Air part to the middle of a 960 px window (to the end,
# it lies above the top).
NOTCHES = 10
layout = bottom_layout(binary, out, *args, notches=NOTCHES)
widgets = layout["widget"]
for row in ("wind-speed", "wind-direction", "wind"):
    check(row in widgets and 0 < widgets[row][1] and widgets[row][3] < layout["window"][1],
          "the Air part shows the %s row in the window (%s)" % (row, widgets.get(row)))

view_file = os.path.join(out, "view.txt")
app = App(binary, "--view-out", view_file, *args)
scroll_panel_down(app, NOTCHES)


def type_into(widget, text):
    app.type_into(widgets[widget], text)


type_into("wind-speed", "5")
type_into("wind-direction", "30")
type_into("wind-speed", "-1")
app.move(200, 800)
check(app.quit() == 0, "pbd-cloth exits with status 0")

view = read_view(view_file)
settings = view["settings"]
x, y = 5 * math.cos(math.radians(30)), 5 * math.sin(math.radians(30))
check(abs(settings["windX"] - x) < 1e-12 and abs(settings["windY"] - y) < 1e-12,
      "wind-x and wind-y are 5 m/s towards 30 degrees (%.15g, %.15g; expected %.15g, %.15g)"
      % (settings["windX"], settings["windY"], x, y))
errors = view.get("errors", [])
check(any(e.startswith("Wind speed: '-1' is not allowed; allowed: ") and "m/s" in e
          for e in errors), "the refused speed names the row and its range: %s" % errors)
