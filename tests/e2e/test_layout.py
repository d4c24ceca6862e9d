#!/usr/bin/env python3
"""Panel layout (issue 11, item 5): the fixed-corners combo is as wide as the other fields'
text boxes; at 800 px the solver combo still spans the panel, so its longest choice
("Sequential (page order)") is not cut; the page's fields come first with xpbd.html's
Stiffness between Iterations and Gravity, then the fixed message place, the buttons (Restart,
Pause, Fit view and ?; Undo, Redo, Record, PNG and Video) and the "Physics beyond the
page" rows, all inside a 960 px window."""

import os
import time

from e2e import App, app_binary, check, probe_layout, read_view, workdir, xdo

binary = app_binary()
out = workdir()
layout, _ = probe_layout(binary, out)
w = layout["widget"]


def width(rect):
    return rect[2] - rect[0]


check(width(w["fixed"]) == width(w["width"]),
      "the fixed-corners combo is as wide as the Width box (%.0f, %.0f px)"
      % (width(w["fixed"]), width(w["width"])))
order = ["width", "height", "fixed", "dt", "iterations", "stiffness", "gravity", "mass",
         "messages", "restart", "record-quick", "unpin-all", "substeps", "damping", "area-stiffness", "tear-strain",
         "stepping", "speed", "solver"]
tops = [w[name][1] for name in order]
check(tops == sorted(tops) and len(set(tops)) == len(tops),
      "the panel's rows in order: %s" % ", ".join(order))
check(w["pause"][1] == w["fit"][1] == w["restart"][1] and w["restart"][2] < w["pause"][0]
      and w["pause"][2] < w["fit"][0], "Restart, Pause and Fit view share a row")
check(w["undo"][1] == w["record-quick"][1] == w["video-quick"][1],
      "Undo, Redo, Record, PNG and Video share the next")
check(w["substeps"][1] < 960 and "tethers" in w and w["tethers"][3] <= 960,
      "at 1400 x 960 the page's fields, the buttons and Physics beyond the page fit without "
      "scrolling (Tethers ends at y = %.0f)" % w["tethers"][3])

view_file, shot = os.path.join(out, "view.txt"), os.path.join(out, "shot.png")
app = App(binary, "--view-out", view_file, "--screenshot", shot)
xdo("windowsize", app.window, 800, 600)
app.wait(lambda v: v["window"] == [800, 600], "the window at 800 x 600")
app.sync(3)
app.move(100, 500)
check(app.quit() == 0, "exits with status 0 after the resize to 800 x 600")
view = read_view(view_file)
check(view["window"] == [800, 600], "the window is 800 x 600")
canvas = view["canvas"][2]
solver = view["widget"]["solver"]
panel = 800 - canvas
# The combo spans the panel less its padding and scroll bar: more than the ~190 px that the
# longest choice needs at the default font.
check(width(solver) >= panel - 40 and width(solver) >= 200,
      "at 800 px the solver combo is %.0f px wide in a %.0f px panel" % (width(solver), panel))
check(solver[2] <= 800, "and ends inside the window (x = %.0f)" % solver[2])
print("PASS")
