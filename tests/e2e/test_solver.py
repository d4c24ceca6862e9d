#!/usr/bin/env python3
"""The Performance section's Solver combo switches the running cloth to the colored parallel
solver, live, and the cloth then really moves as that solver computes it. The simulated time
says how many steps ran (8 per frame, 0.005 s each), and `pbd-sim run` computes the same steps
for comparison:

- a short run on the default solver ends exactly where `pbd-sim run` (sequential) does, so the
  app's steps are pbd-sim's;
- run "live": choose "Colored (parallel)" and let it run on: the time runs on (no restart),
  the summary reports the simulation's colored thread count (--threads 2: "1 of 2", the
  default 40 x 30 cloth being one chunk of rows), and the positions leave the sequential solver's;
- run "restart": choose it, press R (Restart: a fresh cloth at time 0 with the panel's settings),
  let it run: the positions equal `pbd-sim run --solver colored` for that many steps, bit for
  bit, which differ from the sequential solver's."""

import os
import subprocess
import sys
import time

from e2e import (App, app_binary, bottom_layout, check, fail, probe_layout, read_state,
                 read_view, run, scroll_panel_down, workdir, xdo)

binary = app_binary()
if len(sys.argv) < 3 or not os.path.exists(sys.argv[2]):
    fail("usage: test_solver.py PATH/TO/pbd-cloth PATH/TO/pbd-sim")
sim = sys.argv[2]
out = workdir()
layout, err = probe_layout(binary, out)
check("solver sequential" in err, "the sequential solver is the default: " + err.strip())
# The runs below scroll the panel down a few notches first, so that the Solver combo has room
# to open its list downwards (8 notches put it near y = 590 of 960 with today's rows; at 4 it
# sat at y = 890 once the panel grew, and its list opened upwards); their layout is probed the
# same way, and the combo's place is checked.
RUN_FLAGS = ["--threads", 2, "--frames", 100000]
PANEL_NOTCHES = 8
probed = bottom_layout(binary, out, *RUN_FLAGS, notches=PANEL_NOTCHES)
widgets = probed["widget"]
check(widgets["solver"][3] + 120 < probed["window"][1],
      "the Solver combo (%s) has room below it for its list" % (widgets["solver"],))


def centre(widget):
    x0, y0, x1, y1 = widgets[widget]
    return (x0 + x1) / 2, (y0 + y1) / 2


def pbd_sim_positions(solver, steps):
    text = subprocess.run([sim, "run", "--solver", solver, "--steps", str(steps)],
                          capture_output=True, text=True, check=True, timeout=120).stdout
    return [tuple(float(v) for v in line.split()) for line in text.splitlines() if line.strip()]


probe_state = os.path.join(out, "probe_state.txt")
status, _, err = run(binary, "--frames", 10, "--state-out", probe_state)
check(status == 0 and read_state(probe_state) == pbd_sim_positions("sequential", 80),
      "10 frames on the default solver end where pbd-sim run --steps 80 does, bit for bit")


def choose_colored(app):
    x0, y0, x1, y1 = widgets["solver"]
    app.move(*centre("solver"), frames=3)
    xdo("click", 1)                                  # opens the combo below itself
    app.sync(3)  # a few frames, however slowly a loaded machine draws them
    app.move((x0 + x1) / 2, y1 + 1.5 * (y1 - y0) + 4, frames=3)  # its second line: Colored
    xdo("click", 1)
    app.wait(lambda v: v["solver"] == "colored", "the colored solver")


def run_app(restart):
    """Runs the app, switches to the colored solver (and restarts), quits; returns (view,
    positions, summary, steps since the start or restart)."""
    state_file = os.path.join(out, "state%d.txt" % restart)
    view_file = os.path.join(out, "view%d.txt" % restart)
    # --frames: the exit summary is printed only with it; Escape ends the run long before.
    app = App(binary, *RUN_FLAGS, "--state-out", state_file, "--view-out", view_file)
    scroll_panel_down(app, PANEL_NOTCHES)
    choose_colored(app)
    if restart:
        # R on the canvas, as the Restart button does (scrolled out of view up there).
        app.move(300, 800)
        app.key("r")
    app.sync(5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    steps = round(view["time"][0] / 0.005)
    check(abs(view["time"][0] - steps * 0.005) < 1e-9 and steps >= 8,
          "the simulated time %.3f s is %d whole steps" % (view["time"][0], steps))
    return view, read_state(state_file), app.stderr, steps


# Live: no restart.
view, positions, summary, steps = run_app(restart=False)
check(view.get("solver") == "colored", "the panel's solver is now colored")
check("solver colored, threads 1 of 2 (the cloth is one chunk of rows)" in summary,
      "the simulation itself runs the colored solver: " + summary.strip())
check(steps >= 8 * (view["frames"][0] - 2),
      "no restart: the time ran on through the %d frames (%d steps; the frame that saw Escape "
      "takes none)" % (view["frames"][0], steps))
check(len(positions) == 1200, "the default 40 x 30 cloth")
check(positions != pbd_sim_positions("sequential", steps),
      "after the switch the cloth left the sequential solver's path (%d steps)" % steps)

# Restart on the colored solver: exactly pbd-sim's colored steps.
view, positions, summary, steps = run_app(restart=True)
check(view["frames"][0] * 8 > steps,
      "the restart reset the time: %d steps since, of %d frames drawn" % (steps, view["frames"][0]))
colored = pbd_sim_positions("colored", steps)
check(colored != pbd_sim_positions("sequential", steps),
      "the two solvers give different positions after %d steps" % steps)
check(positions == colored,
      "the app's positions equal pbd-sim run --solver colored --steps %d, bit for bit" % steps)
print("PASS")
