#!/usr/bin/env python3
"""Measures drawing (not a test): pbd-cloth with an N x N cloth at rest, paused, zoomed in by
NOTCHES wheel notches about (500, 480), the pointer nudged every 20 ms for 8 s so that frames
keep coming; prints the app's per-frame summary and its CPU use.

    xvfb-run -a -s "-screen 0 1600x1000x24" python3 tests/e2e/measure_zoomed.py build/pbd-cloth 300 15
"""

import os
import sys
import time

from e2e import App, cpu_ticks, xdo

binary, size, notches = sys.argv[1], sys.argv[2], int(sys.argv[3])
quit_key = sys.argv[4] if len(sys.argv) > 4 else "ctrl+q"
app = App(binary, "--width", size, "--height", size, "--gravity", 0, "--frames", 1000000)
app.move(500, 480)
app.key("space")
if notches:
    xdo("click", "--repeat", notches, "--delay", 30, 4)
app.sync(5)
c0, t0 = cpu_ticks(app.proc.pid), time.monotonic()
i = 0
while time.monotonic() - t0 < 8:
    app.move(500 + (i % 2), 480, frames=1)  # keeps it awake, a frame per move
    i += 1
c1, t1 = cpu_ticks(app.proc.pid), time.monotonic()
xdo("key", quit_key)
_, err = app.proc.communicate(timeout=60)
print(err.strip().splitlines()[-1])
print("cpu %.1f%% of a core over %.1f s" % (100 * (c1 - c0) / os.sysconf("SC_CLK_TCK") / (t1 - t0),
                                           t1 - t0))
