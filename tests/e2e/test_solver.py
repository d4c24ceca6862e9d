#!/usr/bin/env python3
"""The Performance section's Solver combo switches the running cloth to the colored parallel
solver, live: no restart, the time runs on, and the exit summary names the solver."""

import os
import time

from e2e import App, app_binary, check, probe_layout, read_state, read_view, workdir, xdo

binary = app_binary()
out = workdir()
layout, err = probe_layout(binary, out)
check("solver sequential" in err, "the page's order is the default: " + err.strip())
x0, y0, x1, y1 = layout["widget"]["solver"]

state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
app = App(binary, "--frames", 300, "--state-out", state_file, "--view-out", view_file)
app.move((x0 + x1) / 2, (y0 + y1) / 2)
xdo("click", 1)                                  # opens the combo below itself
app.move((x0 + x1) / 2, y1 + 1.5 * (y1 - y0) + 4)  # its second line: Colored (parallel)
xdo("click", 1)
time.sleep(0.3)
app.proc.wait(timeout=60)
err = app.proc.stderr.read()
check(app.proc.returncode == 0, "exits with status 0 after its 300 frames")
view = read_view(view_file)
check(view.get("solver") == "colored", "the panel's solver is now colored")
check("solver colored" in err, "the summary names the colored solver: " + err.strip())
check(abs(view["time"][0] - 300 * 8 * 0.005) < 1e-9, "no restart: the time ran on to 12 s")
check(len(read_state(state_file)) == 1200, "the same 40 x 30 cloth")
print("PASS")
