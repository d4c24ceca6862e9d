#!/usr/bin/env python3
"""The panel's Plots section (issue 11, item 2), seen in the real window.

case open:   a click on the "Plots" header opens it: the convergence plot (RMS and max error per
             iteration) and the history plots (energy, strain, ms per step) are drawn, their
             series' colours present in their rectangles; the simulation records residuals.
case closed: by default the section is closed: no plot drawn, no residual recorded, no history;
             opened and closed again by two clicks, it records nothing either."""

import os
import sys
import time

from e2e import App, app_binary, check, probe_layout, read_png, read_view, run, workdir, xdo

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "open"
out = workdir()
shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")

# The series' colours (panel_plots.cpp).
RMS, MAX, KINETIC, POTENTIAL = (40, 110, 230), (235, 110, 20), (30, 150, 60), (150, 60, 200)


def near(rgb, colour, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, colour))


def count(rows, box, colour):
    left, top, right, bottom = (round(v) for v in box)
    return sum(1 for y in range(top, bottom) for x in range(left, right)
               if near(rows[y][x], colour))


if case == "open":
    layout, _ = probe_layout(binary, out)
    check("plots" in layout["widget"], "the panel has a Plots header")
    x0, y0, x1, y1 = layout["widget"]["plots"]
    check(not any(w.startswith("plot-") for w in layout["widget"]),
          "closed, it draws no plot")
    app = App(binary, "--frames", 1000000, "--screenshot", shot, "--view-out", view_file)
    app.move((x0 + x1) / 2, (y0 + y1) / 2)
    app.move((x0 + x1) / 2 + 1, (y0 + y1) / 2)
    xdo("click", 1)
    app.wait(lambda v: v["plots"][0] == 1 and v["plots"][1] >= 25, "25 bins of history")
    app.move(100, 100, frames=3)  # off the panel: no tooltip over the plots
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    opened, samples, residuals = view["plots"]
    check(opened == 1, "the click opened the Plots section")
    check(residuals == 3, "the last step's residuals are recorded: iterations + 1 = 3 (got %d)"
          % residuals)
    check(samples >= 20, "the history holds samples (%d bins of 0.05 s)" % samples)
    width, height, rows = read_png(shot)
    widgets = view["widget"]
    for name in ("plot-convergence", "plot-kinetic", "plot-potential", "plot-strain",
                 "plot-step"):
        check(name in widgets, "the %s plot is drawn" % name)
    conv = widgets["plot-convergence"]
    check(conv[3] <= height, "the convergence plot is on the screen")
    rms, mx = count(rows, conv, RMS), count(rows, conv, MAX)
    check(rms > 40 and mx > 40, "the convergence plot shows its RMS (%d blue pixels) and max "
          "(%d orange pixels) series" % (rms, mx))
    kin = widgets["plot-kinetic"]
    if kin[3] <= height:
        green = count(rows, kin, KINETIC)
        check(green > 40, "the kinetic energy plot shows its series (%d green pixels)" % green)
    pot = widgets["plot-potential"]
    if pot[3] <= height:
        purple = count(rows, pot, POTENTIAL)
        check(purple > 40, "the potential energy plot shows its series (%d purple pixels)" % purple)
    check(kin[3] <= height, "at least the first history plot fits on the screen")
else:
    status, _, err = run(binary, "--frames", 30, "--screenshot", shot, "--view-out", view_file)
    check(status == 0, "pbd-cloth exits with status 0 (%s)" % err.strip())
    view = read_view(view_file)
    check(view["plots"] == [0, 0, 0], "closed by default: no history, no residuals recorded "
          "(plots %s)" % view["plots"])
    check(not any(w.startswith("plot-") for w in view["widget"]), "and no plot drawn")
    width, height, rows = read_png(shot)
    x0 = round(view["canvas"][2])
    orange = count(rows, (x0, 0, width, height), MAX)
    check(orange == 0, "no plot colours in the panel (%d orange pixels)" % orange)
    hx0, hy0, hx1, hy1 = view["widget"]["plots"]
    app = App(binary, "--frames", 1000000, "--view-out", view_file)
    for state in (1, 0):  # open, then close
        app.move((hx0 + hx1) / 2, (hy0 + hy1) / 2)
        app.move((hx0 + hx1) / 2 + 1, (hy0 + hy1) / 2)
        xdo("click", 1)
        app.wait(lambda v: v["plots"][0] == state, "Plots %s" % ("open" if state else "closed"))
        if state:
            app.wait(lambda v: v["plots"][1] >= 5, "a few bins of history")
    app.move(100, 100, frames=3)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    reopened = read_view(view_file)
    check(reopened["plots"] == [0, 0, 0], "opened and closed again: recording is off, the "
          "history gone (plots %s)" % reopened["plots"])
print("PASS")
