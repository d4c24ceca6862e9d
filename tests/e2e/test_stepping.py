#!/usr/bin/env python3
"""Stepping (issue 9, item 7): with --stepping realtime the simulated time follows the wall
clock, and the exit summary prints the ratio of simulated to wall-clock time; with the page's
stepping it is 8 steps per frame; a cloth far too slow to step every frame (100 x 100 at 1000
iterations, about a second per step here) still lets the window draw frames, and the panel
says that the simulation is behind."""

import os
import re
import sys

from e2e import app_binary, check, read_view, run, workdir

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "realtime"
out = workdir()
view_file = os.path.join(out, "view.txt")
SUMMARY = re.compile(r"stepping (\w+): simulated ([0-9.]+) s in ([0-9.]+) s of wall-clock time, "
                     r"([0-9.e+-]+)x real time")


def summary(err):
    match = SUMMARY.search(err)
    check(match is not None, "the exit summary gives simulated and wall-clock time: " + err.strip())
    mode, simulated, wall, ratio = match.group(1), *map(float, match.groups()[1:])
    check(abs(ratio - simulated / wall) < 0.01 * ratio + 1e-3,
          "the ratio %.3g is simulated / wall-clock time (%.3f s / %.3f s)" % (ratio, simulated, wall))
    return mode, simulated, wall, ratio


if case == "realtime":
    for speed in ["1", "0.25"]:
        status, _, err = run(binary, "--stepping", "realtime", "--speed", speed, "--frames", 150,
                             "--view-out", view_file)
        check(status == 0, "--stepping realtime --speed %s runs 150 frames (status %d)" % (speed, status))
        mode, simulated, wall, ratio = summary(err)
        check(mode == "realtime", "the summary names the real-time stepping")
        # Simulated time follows the wall clock times the speed; a busy machine may cut steps
        # (the budget), never add any.
        check(0.5 * float(speed) < ratio <= float(speed) * 1.05,
              "%.3gx real time at speed %s" % (ratio, speed))
        view = read_view(view_file)
        check(view["stepping"] == ("realtime", float(speed)), "the panel shows %s" % (view["stepping"],))
        check(abs(view["time"][0] - simulated) < 1e-6, "the summary's simulated time is the clock's")
elif case == "page":
    status, _, err = run(binary, "--frames", 100, "--view-out", view_file)
    check(status == 0, "page stepping runs 100 frames")
    mode, simulated, wall, ratio = summary(err)
    check(mode == "page", "the page's stepping is the default")
    view = read_view(view_file)
    # 8 steps of 0.005 s in each of the 100 frames.
    check(abs(simulated - 100 * 8 * 0.005) < 1e-9, "8 steps per frame: %.3f s" % simulated)
    check(abs(view["time"][0] - 100 * 8 * 0.005) < 1e-9, "the cloth's time: %.3f s" % view["time"][0])
elif case == "budget":
    # 400 iterations: a step of some 0.4 s on a quiet machine, so that even a loaded one
    # (several times slower) finishes steps within the 120 frames.
    status, _, err = run(binary, "--width", 100, "--height", 100, "--iterations", 400,
                         "--frames", 120, "--view-out", view_file, timeout=170)
    check(status == 0, "100 x 100 at 400 iterations runs its 120 frames (status %d)" % status)
    mode, simulated, wall, ratio = summary(err)
    fps = float(re.search(r"([0-9.]+) frames per second", err).group(1))
    steps = simulated / 0.005
    # Without the budget each frame would take 8 steps of nearly half a second; without steps off
    # the window's thread each step would stall a frame.
    check(steps < 120, "the budget kept the steps to %d in 120 frames, not 960" % round(steps))
    check(fps > 3.0, "the window kept drawing: %.1f frames per second" % fps)
    # Each step takes a good part of a second, so they run off the window's thread: the frames spend
    # next to nothing on the simulation, yet the cloth moves on.
    ui_ms = float(re.search(r"\(([0-9.]+) ms in [0-9.e+-]+ simulation steps", err).group(1))
    check(steps >= 1, "the cloth moved on: %d steps" % round(steps))
    check(wall / steps > 0.1, "a step took %.2f s of wall clock" % (wall / steps))
    check(ui_ms < 5.0, "the frames spent %.3f ms each on the simulation: the steps ran on "
          "another thread" % ui_ms)
    print("measured: %.1f frames per second, %.3gx real time" % (fps, ratio))
print("PASS")
