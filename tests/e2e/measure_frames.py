#!/usr/bin/env python3
"""Measures drawing (not a test): pbd-cloth with a SIZE x SIZE cloth at rest (gravity 0),
started paused (--paused, so every frame is a paused one), in view VIEW, the pointer nudged every 20 ms for SECONDS so that frames keep coming;
prints the app's exit summary (whose "last 30 frames" clause covers only frames of the
measured spell when SECONDS is long enough for 60 frames) and its CPU use.
VIEW: "fit" (F: the whole cloth in the canvas), "zoomN" (N wheel notches about (500, 480)),
or "page" (the page's view). Further arguments go to pbd-cloth (e.g. --color-by strain).

    xvfb-run -a -s "-screen 0 1600x1000x24" python3 tests/e2e/measure_frames.py \\
        build/pbd-cloth 300 fit 8 --color-by strain
"""

import os
import sys
import time

from e2e import App, cpu_ticks, xdo

binary, size, view, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
extra = sys.argv[5:]
app = App(binary, "--width", size, "--height", size, "--gravity", 0, "--frames", 1000000,
          "--paused", *extra)
app.move(500, 480)
if view == "fit":
    xdo("key", "f")
elif view.startswith("zoom"):
    xdo("click", "--repeat", int(view[4:]), "--delay", 30, 4)
app.sync(5)
c0, t0 = cpu_ticks(app.proc.pid), time.monotonic()
i = 0
while time.monotonic() - t0 < seconds:
    app.move(500 + (i % 2), 480, frames=1)  # keeps it awake, a frame per move
    i += 1
c1, t1 = cpu_ticks(app.proc.pid), time.monotonic()
xdo("key", "ctrl+q")
_, err = app.proc.communicate(timeout=120)
print(err.strip().splitlines()[-1])
print("cpu %.1f%% of a core over %.1f s" % (100 * (c1 - c0) / os.sysconf("SC_CLK_TCK") / (t1 - t0),
                                           t1 - t0))
