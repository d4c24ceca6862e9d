#!/usr/bin/env python3
"""Measures frame rates (not a test): the page's 40 x 30 default against a SIZE x SIZE cloth
fitted (F) in the filled and the lines draw modes, all running (page stepping, the colored
solver), interleaved ROUNDS times so that a machine's changing load falls on each alike.
Each run lasts SECONDS after the fit; its rate is the exit summary's "last 30 frames" clause.
Prints each run, the medians, each mode's ratio to the 40 x 30 rate and the load average.

    xvfb-run -a -s "-screen 0 1600x1000x24" python3 tests/e2e/measure_draw_modes.py \\
        build/pbd-cloth 300 3 6
"""

import os
import re
import statistics
import sys
import time

from e2e import App, xdo

binary, size = sys.argv[1], sys.argv[2]
rounds, seconds = int(sys.argv[3]), float(sys.argv[4])
cases = [
    ("40x30 lines", ["--draw", "lines"], False),
    (size + "x" + size + " filled", ["--width", size, "--height", size, "--draw", "filled"], True),
    (size + "x" + size + " lines", ["--width", size, "--height", size, "--draw", "lines"], True),
]
rates = {name: [] for name, _, _ in cases}
for _ in range(rounds):
    for name, args, fit in cases:
        app = App(binary, "--solver", "colored", "--frames", 1000000, "--no-autosave", *args)
        app.move(500, 480)
        if fit:
            xdo("key", "f")
        app.idle_for(seconds)  # the measured period
        app.move(501, 480)
        xdo("key", "ctrl+q")
        _, err = app.proc.communicate(timeout=120)
        summary = err.strip().splitlines()[-1]
        last = re.search(r"last 30 frames: ([0-9.]+) ms of work per frame \(draw ([0-9.]+) ms\), "
                         r"([0-9.]+) frames per second", summary)
        if not last:
            sys.exit("no last-30-frames clause in: " + summary)
        rates[name].append(float(last.group(3)))
        print("%-16s %6.1f fps, %6.1f ms of work per frame, draw %6.1f ms" %
              (name, float(last.group(3)), float(last.group(1)), float(last.group(2))),
              flush=True)
base = statistics.median(rates[cases[0][0]])
for name, _, _ in cases:
    median = statistics.median(rates[name])
    print("%-16s median %6.1f fps, %.2fx the 40x30 rate" % (name, median, median / base))
print("load average %.2f %.2f %.2f" % os.getloadavg())
