#!/usr/bin/env python3
"""pbd-cloth survives its environment (issue 5, item 3).

case resize:   the window shrunk to a few pixels, grown far past the screen and back: no crash,
               no GL error (GL debug output on through PBD_GL_DEBUG=1), and the final screenshot
               shows the page's view again.
case minimise: while the window is minimised (unmapped, as an X11 window manager does it) the
               app neither steps nor draws nor spins the CPU; restored, it carries on.
case oldgl:    a driver without OpenGL 3.3 core (Mesa told to offer 3.0): status 1 and a message
               saying what is required and what the driver offers.
case longrun:  an hour of simulated time (3600 steps of 1 s, played as a recording that ends
               there, so that steps the frame budget defers on a loaded machine are taken in
               later frames, not lost): positions stay finite, the fixed corners stay put, and
               the resident memory does not grow."""

import math
import os
import subprocess
import sys
import time

from e2e import (App, app_binary, check, count_blue, cpu_ticks, page_view, read_png,
                 read_state, read_view, rss_kib, run, workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "resize"
out = workdir()
shot, view_file, state_file = (os.path.join(out, n) for n in ("shot.png", "view.txt", "state.txt"))

if case == "resize":
    env = dict(os.environ, PBD_GL_DEBUG="1")
    app = App(binary, "--screenshot", shot, "--view-out", view_file, env=env)
    for size in [(3, 3), (1, 1), (5000, 4000), (2, 700), (4000, 2), (1400, 960)]:
        xdo("windowsize", app.window, *size)
        app.sync(3)
        check(app.proc.poll() is None, "still running after a resize to %dx%d" % size)
    app.move(200, 800)
    status = app.quit()
    check(status == 0, "exits with status 0 after the resizes")
    check("GL error" not in app.stderr, "no GL error was reported")
    if "GL debug output on" not in app.stderr:
        print("note: this driver offers no KHR_debug; GL errors were not checked")
    view = read_view(view_file)
    check(view["window"] == [1400, 960] and view["framebuffer"] == [1400, 960],
          "the window is 1400x960 again")
    width, height, rows = read_png(shot)
    check((width, height) == (1400, 960), "the screenshot has the window's size")
    canvas, ox, oy, zoom = page_view(width, height)
    check(abs(view["origin"][0] - ox) < 1e-6 and abs(view["origin"][1] - oy) < 1e-6
          and view["zoom"] == [zoom], "the view is the page's again (origin %s)" % view["origin"])
    left, top = world_to_screen((ox, oy), zoom, (-0.3, 0.3))
    right, bottom = world_to_screen((ox, oy), zoom, (8.1, -7.0))
    inside, outside = count_blue(rows, canvas, height, (left, top, right, bottom))
    check(inside > 1200 and outside == 0,
          "the cloth is drawn where the page puts it (%d blue pixels, %d elsewhere)"
          % (inside, outside))
    check(rows[30][30] == (0xEE, 0xEE, 0xEE), "the canvas background is #EEEEEE")

elif case == "minimise":
    frames = 240  # 4 s at 60 Hz
    app = App(binary, "--frames", frames, "--view-out", view_file)
    xdo("windowminimize", app.window)  # asks the window manager, where there is one
    xdo("windowunmap", app.window)     # what the window manager then does
    # Hidden: no frame, so no view written, for half a second.
    hidden = app.wait(lambda v: time.time_ns() - v["_written"] > 0.5e9, "no frame for 0.5 s")
    start = cpu_ticks(app.proc.pid)
    after = app.idle_for(5.0)  # the measured period: the process is polled throughout
    used = cpu_ticks(app.proc.pid) - start
    check(after is not None and after["frames"] == hidden["frames"],
          "no frame drawn while hidden (%s before, %s after)"
          % (hidden["frames"], after and after["frames"]))
    check(app.proc.poll() is None,
          "minimised for 5 s, it has not finished its %d frames (no frames while hidden)" % frames)
    ticks = os.sysconf("SC_CLK_TCK")
    check(used < ticks // 2, "and used %.2f s of CPU in those 5 s (under 0.5 s)" % (used / ticks))
    xdo("windowmap", app.window)
    try:
        app.proc.wait(timeout=60)
    except Exception:
        app.proc.kill()
        check(False, "restored, it finishes its frames")
    check(app.proc.returncode == 0, "restored, it finishes its frames with status 0")
    view = read_view(view_file)
    check(view["frames"] == [frames], "it drew exactly %d frames" % frames)
    expected = frames * 8 * 0.005
    check(abs(view["time"][0] - expected) < 1e-9,
          "simulated time %.3f s: 8 steps of 0.005 s per drawn frame, none while hidden"
          % view["time"][0])

elif case == "oldgl":
    env = dict(os.environ, MESA_GL_VERSION_OVERRIDE="3.0", MESA_GLSL_VERSION_OVERRIDE="130")
    status, _, err = run(binary, "--frames", 1, env=env)
    check(status == 1, "without OpenGL 3.3: status 1 (got %d)" % status)
    check("OpenGL 3.3 core is required" in err, "the message says 3.3 core is required: "
          + err.strip())
    check("offers OpenGL 3.0" in err, "and which version the driver offers")

elif case == "longrun":
    # Page stepping takes up to 8 steps a frame, fewer when a step overruns the frame's budget,
    # so a number of frames is no number of steps. A replay counts steps instead: it ends
    # exactly at its end line's step and pauses, whatever the load (the title says so).
    script = os.path.join(out, "hour.events")
    with open(script, "w") as f:
        f.write("3600 end\n")
    # Under AddressSanitizer, freed memory waits in a quarantine that would look like growth.
    asan = os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=0"
    env = dict(os.environ, ASAN_OPTIONS=asan)
    app = App(binary, "--dt", 1, "--replay", script, "--state-out", state_file, "--view-out",
              view_file, env=env, settle=0)
    samples, started = [], time.monotonic()
    while True:
        title = subprocess.run(["xdotool", "getwindowname", app.window], capture_output=True,
                               text=True).stdout
        if "(paused)" in title or app.proc.poll() is not None:
            break
        check(time.monotonic() - started < 220, "the hour's 3600 steps end within 220 s")
        rss = rss_kib(app.proc.pid)
        if rss is not None and time.monotonic() - started > 2.0:
            samples.append(rss)
        app.sync(5)  # a sample every few frames
    check(app.proc.poll() is None, "pbd-cloth runs until the replay ends (%s)" % title.strip())
    status = app.quit()
    check(status == 0, "an hour of simulated time: status 0 (%s)" % app.stderr.strip())
    view = read_view(view_file)
    check(view["time"] == [3600.0], "exactly an hour of simulated time (%r s)" % view["time"])
    positions = read_state(state_file)
    check(len(positions) == 1200 and all(math.isfinite(v) for p in positions for v in p),
          "all 1200 positions are finite")
    check(positions[0] == (0.0, 0.0) and positions[39] == (0.2 * 39, 0.0),
          "the fixed corners have not moved")
    check(len(samples) >= 8, "resident memory sampled %d times while running" % len(samples))
    growth = max(samples) - samples[0]
    check(growth < 4096, "resident memory did not grow (%d KiB at 2 s, at most %d KiB later)"
          % (samples[0], max(samples)))
else:
    check(False, "unknown case " + case)
print("PASS")
