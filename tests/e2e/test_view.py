#!/usr/bin/env python3
"""Fit view, help, quitting and idling, seen in the real window (issue 11).

case fit:  a 300 x 300 cloth in the page's view (Home) runs on behind the panel; paused, F
           fits it (as the start does): every corner
           particle is drawn inside the canvas, 20 px clear of its edges, nothing behind the
           panel, and the screenshot shows the cloth's lines at all four corners.
case help: F1 opens an overlay over the canvas listing every control (one text line per
           control, checked in the screenshot's pixels); F1 again closes it; --help lists the
           controls too.
case help3d: in 3D, F1's overlay lies on the canvas (its longest rows wrapped) and shows all
           21 controls.
case esc:  Esc outside a field does not quit; in a field it drops the edit (and does not quit);
           Ctrl+Q quits, with status 0.
case idle: paused and untouched, the app sleeps: under 5% of a core; the title says paused."""

import os
import subprocess
import sys
import time

from e2e import (App, app_binary, check, cpu_ticks, probe_layout, read_png, read_state,
                 read_view, run, workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "fit"
out = workdir()
shot, view_file, state_file = (os.path.join(out, n) for n in ("shot.png", "view.txt", "state.txt"))


def help_overlay(*args):
    """Starts the app with `args`, opens F1's overlay and quits; returns the view dump and the
    number of text lines in the overlay (runs of pixel rows holding dark text pixels, inside
    its rectangle in the screenshot)."""
    app = App(binary, *args, "--screenshot", shot, "--view-out", view_file)
    app.move(200, 800)
    app.key("F1")
    app.wait(lambda v: v["help"] == [1] and "help" in v["widget"], "the help overlay")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    x0, y0, x1, y1 = view["widget"]["help"]
    _, _, rows = read_png(shot)
    bands, inside = 0, False
    for y in range(int(y0) + 2, int(y1) - 2):
        has_text = any(sum(rows[y][x]) < 250 for x in range(int(x0) + 4, int(x1) - 4))
        if has_text and not inside:
            bands += 1
        inside = has_text
    return view, bands

def window_name(app):
    return subprocess.run(["xdotool", "getwindowname", app.window], capture_output=True,
                          text=True, check=True).stdout.strip()


def line_pixel(rgb):
    """A constraint line's grey (#666666 blended into #EEEEEE), not the background."""
    r, g, b = rgb
    return abs(r - g) < 12 and abs(g - b) < 12 and r < 0xDD


if case == "fit":
    W = H = 300
    app = App(binary, "--width", W, "--height", H, "--screenshot", shot, "--view-out", view_file,
              "--state-out", state_file)
    app.move(200, 200)
    app.key("space")  # paused: the cloth keeps the shape it is fitted to
    app.wait(lambda v: v["paused"] == [1], "the app paused")
    app.key("f", frames=3)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    positions = read_state(state_file)
    canvas_w, canvas_h = view["canvas"][2], view["canvas"][3]
    origin, zoom = tuple(view["origin"]), view["zoom"][0]
    screen = [world_to_screen(origin, zoom, p) for p in positions]
    xs, ys = [s[0] for s in screen], [s[1] for s in screen]
    check(min(xs) >= 19.99 and max(xs) <= canvas_w - 19.99 and min(ys) >= 19.99
          and max(ys) <= canvas_h - 19.99,
          "every particle lies in the canvas, 20 px clear (x %.1f..%.1f of %d, y %.1f..%.1f of %d)"
          % (min(xs), max(xs), canvas_w, min(ys), max(ys), canvas_h))
    check(abs(max(xs) - min(xs) - (canvas_w - 40)) < 1e-6
          or abs(max(ys) - min(ys) - (canvas_h - 40)) < 1e-6,
          "the cloth fills the canvas on one axis (fitted, not merely inside)")
    width, height, rows = read_png(shot)
    for name, index in [("top-left", 0), ("top-right", W - 1), ("bottom-left", (H - 1) * W),
                        ("bottom-right", H * W - 1)]:
        x, y = (round(v) for v in screen[index])
        near = sum(1 for dx in range(-3, 4) for dy in range(-3, 4) if line_pixel(rows[y + dy][x + dx]))
        check(near > 0 and x < canvas_w, "the %s corner particle is drawn at (%d, %d), in the canvas"
              % (name, x, y))
    # Next to the panel (left of the frame's border): in the page's view the cloth runs on
    # behind the panel there; fitted, nothing is drawn within 20 px of the canvas's edge.
    def strip_lines(rows):
        return sum(1 for y in range(100, 900, 2) for x in range(int(canvas_w) - 18, int(canvas_w) - 8)
                   if line_pixel(rows[y][x]))
    fitted = strip_lines(rows)
    page_shot = os.path.join(out, "page.png")
    app = App(binary, "--width", W, "--height", H, "--screenshot", page_shot)
    app.move(200, 200)
    app.key("space")
    app.wait(lambda v: v["paused"] == [1], "the app paused")
    app.key("Home", frames=3)  # the page's view (the cloth was fitted at start)
    check(app.quit() == 0, "a run in the page's view exits with status 0")
    unfitted = strip_lines(read_png(page_shot)[2])
    check(unfitted > 100 and fitted == 0,
          "lines run on behind the panel in the page's view (%d px next to it) and not once "
          "fitted (%d px)" % (unfitted, fitted))

elif case == "help":
    view, bands = help_overlay()
    check(view["help"] == [1], "the help overlay is open after F1")
    check("help" in view["widget"], "the overlay's rectangle was recorded")
    x0, y0, x1, y1 = view["widget"]["help"]
    canvas_w = view["canvas"][2]
    check(0 <= x0 < x1 <= canvas_w and 0 <= y0 < y1 <= view["canvas"][3],
          "the overlay lies on the canvas (%d..%d of %d)" % (x0, x1, canvas_w))
    check(bands >= 13, "the overlay shows a title and 12 lines of controls (%d text lines)" % bands)
    status, text, _ = run(binary, "--help")
    check(status == 0 and all(k in text for k in ["Left-drag", "Wheel", "Right- or middle-drag",
                                                  "Home", "Space", "F1", "Esc", "Ctrl+Q"]),
          "--help lists the controls too")
    # Closing it again.
    app = App(binary, "--view-out", view_file)
    app.key("F1")
    app.wait(lambda v: v["help"] == [1], "the help overlay")
    app.key("F1")
    app.wait(lambda v: v["help"] == [0], "the help overlay closed")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    check(read_view(view_file)["help"] == [0], "F1 twice leaves the overlay closed")

elif case == "help3d":
    view, bands = help_overlay("--dimensions", "3")
    x0, y0, x1, y1 = view["widget"]["help"]
    canvas_w, canvas_h = view["canvas"][2], view["canvas"][3]
    check(0 <= x0 < x1 <= canvas_w and 0 <= y0 < y1 <= canvas_h,
          "the 3D overlay lies on the canvas (x %d..%d of %d, y %d..%d of %d)"
          % (x0, x1, canvas_w, y0, y1, canvas_h))
    check(bands >= 22, "the 3D overlay shows a title and 21 controls (%d text lines)" % bands)

elif case == "esc":
    layout = probe_layout(binary, out)[0]["widget"]
    app = App(binary, "--view-out", view_file, "--state-out", state_file)
    app.move(300, 300)
    app.key("Escape", frames=5)
    check(app.proc.poll() is None, "Escape outside a field does not quit")
    # Typing into Width, then Escape: the edit is dropped, the app keeps running.
    x0, y0, x1, y1 = layout["width"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2)
    xdo("click", 1)
    app.wait(lambda v: v.get("editing", "").startswith("width "), "Width to be typed in")
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 40, "55")
    app.wait(lambda v: v.get("editing") == "width 55", "Width to hold 55")
    xdo("key", "Escape")
    app.wait(lambda v: "editing" not in v, "Width to close")
    app.move(300, 300)  # away from the field: the focus leaves it, nothing to commit
    xdo("click", 1)
    app.sync(3)
    check(app.proc.poll() is None, "Escape in a field does not quit either")
    check(app.quit() == 0, "Ctrl+Q quits with status 0")
    view = read_view(view_file)
    check(view["settings"]["width"] == 40 and len(read_state(state_file)) == 40 * 30,
          "the edit was cancelled: width is still 40 (%s)" % view["settings"]["width"])

elif case == "idle":
    app = App(binary, "--width", 100, "--height", 100)
    app.move(300, 300)
    running = window_name(app)
    check(running == "pbd-cloth: 100 x 100 particles", "the title names the size: %r" % running)
    app.key("space")
    # Idle: paused and untouched for the settle time, it draws no frame (no view written).
    app.wait(lambda v: v["paused"] == [1] and time.time_ns() - v["_written"] > 1.5e9,
             "no frame drawn for 1.5 s after pausing")
    paused = window_name(app)
    check(paused == "pbd-cloth: 100 x 100 particles (paused)", "the title says paused: %r" % paused)
    ticks_per_s = os.sysconf("SC_CLK_TCK")
    before, t0 = cpu_ticks(app.proc.pid), time.monotonic()
    frames = app.view()["frames"][0]
    idle = app.idle_for(5.0)  # the measured period: the frame count is polled throughout
    used = (cpu_ticks(app.proc.pid) - before) / ticks_per_s / (time.monotonic() - t0)
    check(used < 0.05, "paused and idle it uses %.1f%% of a core (< 5%%)" % (100 * used))
    check(idle["frames"][0] == frames, "and draws no frame (%d before, %d after)"
          % (frames, idle["frames"][0]))
    app.key("space", frames=3)
    before, t0 = cpu_ticks(app.proc.pid), time.monotonic()
    app.idle_for(2.0)
    running_use = (cpu_ticks(app.proc.pid) - before) / ticks_per_s / (time.monotonic() - t0)
    print("note: running it uses %.1f%% of a core" % (100 * running_use))
    check(app.quit() == 0, "pbd-cloth exits with status 0")

print("PASS")
