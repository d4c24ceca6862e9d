#!/usr/bin/env python3
"""The keys, each on its own (no panel button involved), with the pointer over the canvas and no
field being edited. The simulated time tells what ran: a running frame takes 8 steps of
0.005 s, a paused one none, and S while paused exactly one.

case space: Space pauses and Space again resumes: the run ends running, with many frames drawn
            that took no step.
case s:     S while running does nothing; after Space, each S takes exactly one step.
case r:     R restarts: the time starts again from 0, and the cloth keeps running."""

import os
import sys
import time

from e2e import App, app_binary, check, read_view, workdir, xdo

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "space"
STEP, FRAME = 0.005, 8 * 0.005
out = workdir()
state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
app = App(binary, "--state-out", state_file, "--view-out", view_file)
app.move(150, app.height - 60)  # the canvas, well away from the cloth


def paused(state):
    return app.wait(lambda v: v["paused"] == [state], "paused %d" % state)


if case == "space":
    app.key("space")
    frames = paused(1)["frames"][0]
    # 15 frames drawn while paused (the app draws until it goes idle; the pointer's moves
    # keep it awake).
    for k in range(20):
        if app.view()["frames"][0] >= frames + 15:
            break
        app.move(150 + k % 2, app.height - 60, frames=2)
    app.key("space")   # running again
    paused(0)
    app.sync(3)
elif case == "s":
    app.key("s", frames=3)  # running: S does nothing more than the frames do
    app.key("space")
    t = paused(1)["time"][0]
    for k in range(3):
        app.key("s")
        app.wait(lambda v: v["time"][0] >= t + (k + 1) * STEP - 1e-9, "step %d" % (k + 1))
elif case == "r":
    app.wait(lambda v: v["frames"][0] >= 20, "20 frames")
    t = app.view()["time"][0]
    app.key("r")        # restarted, running on
    app.wait(lambda v: v["time"][0] < t, "the restart")
    app.wait(lambda v: v["time"][0] >= 6 * FRAME, "6 frames run after the restart")
else:
    check(False, "unknown case " + case)
check(app.quit() == 0, "pbd-cloth exits with status 0")
view = read_view(view_file)
t, frames, paused = view["time"][0], view["frames"][0], view["paused"][0]
print("time %.3f s, %d frames, paused %d" % (t, frames, paused))

if case == "space":
    check(paused == 0, "Space twice: running again at the end")
    idle = frames - t / FRAME
    check(idle >= 10, "%.0f of %d frames took no step while paused" % (idle, frames))
elif case == "s":
    check(paused == 1, "Space paused")
    steps = round(t / STEP)
    check(abs(t - steps * STEP) < 1e-9 and steps % 8 == 3,
          "three S presses while paused took three single steps (time %.3f s = %d frames of 8 "
          "steps + %d steps)" % (t, steps // 8, steps % 8))
elif case == "r":
    check(paused == 0, "R does not pause")
    check(frames - t / FRAME >= 10,
          "the time restarted: %.3f s is %d frames' worth, of %d frames drawn"
          % (t, round(t / FRAME), frames))
    check(t >= 5 * FRAME, "it runs on after the restart (%.3f s)" % t)
print("PASS")
