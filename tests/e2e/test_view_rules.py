#!/usr/bin/env python3
"""A view that never loses the cloth, and the messages and the video's timing (issue 22).

case start:   --width 300 --height 300 (and 100 x 100): on the first frame every particle is
              drawn inside the canvas, 20 px clear of its edges (--view-out and --state-out);
              --paused --frames 150 ends after its 150 frames, though paused and untouched.
case fall:    --tear-strain 0.2 --gravity -100: the cloth tears off its pins and falls
              (hundreds of metres in 4 s), then F: the cloth's lines are drawn in the canvas
              (pixels) and its particles lie in it (dumps), though the pins stayed above.
case follow:  --follow: the same fall is in the canvas at the end without F.
case message: F12 in a working folder whose path makes "Screenshot saved to PATH (...)"
              a 150-character path: the panel's message is the whole text, and its wrapped
              lines lie inside the message box (nothing cut off, nothing to scroll).
case video:   Export video with ffmpeg (skipped, status 77, without ffmpeg and ffprobe):
              started paused at t = 0, resumed for 3 s, paused, stopped; ffprobe's frame count
              over its frame rate equals the simulated time covered, to one frame."""

import os
import re
import shutil
import subprocess
import sys
import time

from e2e import (App, app_binary, check, probe_layout, read_png, read_state, read_view, run,
                 workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "start"
out = workdir()
shot, view_file, state_file = (os.path.join(out, n) for n in ("shot.png", "view.txt", "state.txt"))


def centre(rect):
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def screen_box(view, positions):
    origin, zoom = tuple(view["origin"]), view["zoom"][0]
    screen = [world_to_screen(origin, zoom, p) for p in positions]
    xs, ys = [s[0] for s in screen], [s[1] for s in screen]
    return min(xs), min(ys), max(xs), max(ys)


def line_pixels(rows, canvas_w, canvas_h):
    """Pixels of the cloth's grey lines (#666666 over #EEEEEE) or blue discs in the canvas,
    inside its frame."""
    n = 0
    for y in range(8, int(canvas_h) - 8, 2):
        row = rows[y]
        for x in range(8, int(canvas_w) - 8, 2):
            r, g, b = row[x]
            grey = abs(r - g) < 12 and abs(g - b) < 12 and r < 0xCC
            blue = b > 150 and r < 120
            n += grey or blue
    return n


def fall(extra):
    """Tearing at 20% strain under 100 m/s² of gravity: the cloth tears off its two pins
    within a second and falls, the pins stay where they were."""
    app = App(binary, "--tear-strain", 0.2, "--gravity", -100, "--screenshot", shot,
              "--view-out", view_file, "--state-out", state_file, *extra)
    app.move(200, 880)  # on the canvas, away from the cloth
    app.wait(lambda v: v["time"][0] >= 3.0, "3 s of simulated fall")
    return app


if case == "start":
    for n in (300, 100):
        status, _, err = run(binary, "--width", n, "--height", n, "--frames", 1, "--paused",
                             "--view-out", view_file, "--state-out", state_file)
        check(status == 0, "%d x %d: exits with status 0 (%s)" % (n, n, err.strip()))
        view = read_view(view_file)
        canvas_w, canvas_h = view["canvas"][2], view["canvas"][3]
        x0, y0, x1, y1 = screen_box(view, read_state(state_file))
        check(x0 >= 19.99 and y0 >= 19.99 and x1 <= canvas_w - 19.99 and y1 <= canvas_h - 19.99,
              "%d x %d on the first frame: every particle in the canvas, 20 px clear "
              "(x %.1f..%.1f of %d, y %.1f..%.1f of %d)" % (n, n, x0, x1, canvas_w, y0, y1, canvas_h))
    # Paused and untouched, the app sleeps after a second; a counted run still ends.
    try:
        status, _, err = run(binary, "--paused", "--frames", 150, "--view-out", view_file,
                             timeout=40)
    except subprocess.TimeoutExpired:
        status, err = None, "still running after 40 s"
    check(status == 0, "--paused --frames 150 ends with status 0 (%s)" % err.strip())
    check(read_view(view_file)["frames"][0] == 150, "it drew its 150 frames")
elif case in ("fall", "follow"):
    app = fall(["--follow"] if case == "follow" else [])
    if case == "fall":
        app.key("space")  # paused: the picture and the dumps agree
        app.wait(lambda v: v["paused"] == [1], "paused")
        app.key("f")
    app.sync(3)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    positions = read_state(state_file)
    above = sum(1 for p in positions if p[1] > -1.0)
    check(view["time"][0] > 2.0 and sorted(p[1] for p in positions)[len(positions) // 2] < -150.0
          and above >= 2, "the cloth fell: %.1f s simulated, its median particle at %.0f m, %d "
          "particles (the pins) left above" % (view["time"][0],
                                               sorted(p[1] for p in positions)[len(positions) // 2],
                                               above))
    canvas_w, canvas_h = view["canvas"][2], view["canvas"][3]
    inside = sum(1 for p in positions
                 if 0 <= world_to_screen(tuple(view["origin"]), view["zoom"][0], p)[0] <= canvas_w
                 and 0 <= world_to_screen(tuple(view["origin"]), view["zoom"][0], p)[1] <= canvas_h)
    check(inside >= 0.9 * len(positions),
          "%s: %d of %d particles lie in the canvas" % (case, inside, len(positions)))
    _, _, rows = read_png(shot)
    drawn = line_pixels(rows, canvas_w, canvas_h)
    check(drawn > 2000, "%s: the cloth is drawn in the canvas (%d line or disc pixels)"
          % (case, drawn))
elif case == "message":
    # The absolute path of the screenshot is 150 characters: folders of 40 characters.
    cwd = out
    name_length = len("pbd-cloth-20260101-000000.png")
    while len(os.path.join(cwd, "x" * 40)) + 1 + name_length < 150:
        cwd = os.path.join(cwd, "x" * 40)
    cwd = os.path.join(cwd, "y" * (150 - name_length - 1 - len(cwd) - 1))
    os.makedirs(cwd)
    os.chdir(cwd)
    app = App(binary, "--view-out", view_file)
    app.move(30, app.height - 40)
    xdo("key", "F12")
    app.wait(lambda v: v.get("notice", "").startswith("Screenshot saved to "), "the saved message")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    saved = [n for n in os.listdir(cwd) if n.endswith(".png")]
    check(len(saved) == 1, "F12 wrote one PNG: %s" % saved)
    path = os.path.join(cwd, saved[0])
    check(len(path) >= 150, "its path has %d characters" % len(path))
    view = read_view(view_file)
    notice = view.get("notice", "")
    check(notice.startswith("Screenshot saved to " + path + " ("),
          "the message holds the whole path: %s" % notice)
    box, text = view["widget"]["messages"], view["widget"].get("notice-text")
    check(text is not None, "the message's wrapped text was drawn")
    check(box[0] <= text[0] and box[1] <= text[1] and text[2] <= box[2] and text[3] <= box[3],
          "its %d lines lie inside the message box (text %s, box %s)"
          % (round((text[3] - text[1]) / 17), text, box))
elif case == "video":
    if shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None:
        print("skipped: ffmpeg and ffprobe are needed")
        sys.exit(77)
    cwd = os.path.join(out, "cwd")
    os.mkdir(cwd)
    os.chdir(cwd)
    layout = probe_layout(binary, out)[0]["widget"]
    app = App(binary, "--paused", "--view-out", view_file)
    app.move(*centre(layout["video-quick"]), frames=2)
    xdo("click", 1)
    app.wait(lambda v: re.search(r": (starting|\d+ frames)$", v.get("video", "")),
             "the video started")
    app.move(200, 880)
    app.key("space")  # resume
    app.wait(lambda v: v["paused"] == [0], "running")
    app.run_for(1.5)
    app.key("space")  # pause: the video's time stands still
    app.wait(lambda v: v["paused"] == [1], "paused")
    app.move(*centre(layout["video-quick"]), frames=2)
    xdo("click", 1)      # stop
    app.wait(lambda v: v.get("notice", "").startswith("Video saved to "), "the video saved")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    covered = read_view(view_file)["time"][0]  # started at 0, paused before the stop
    saved = re.search(r"Video saved to (\S+) \((\d+) frames of (\d+) x (\d+) pixels at (\d+) fps, "
                      r"([0-9.]+) s of simulated time\)", app.stderr)
    check(saved is not None, "the app says where the video went and what it covers")
    output = saved.group(1)
    check(abs(float(saved.group(6)) - covered) < 1e-3,
          "it covers the %.3f s simulated while it recorded (%s s)" % (covered, saved.group(6)))
    view = read_view(view_file)
    check((int(saved.group(3)), int(saved.group(4))) == (int(view["canvas"][2]) // 2 * 2,
                                                         int(view["canvas"][3]) // 2 * 2),
          "the video is the canvas only (%s x %s)" % (saved.group(3), saved.group(4)))
    probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                            "-show_entries", "stream=nb_read_frames,r_frame_rate", "-of",
                            "csv=p=0", output], capture_output=True, text=True, timeout=120)
    rate, frames = probe.stdout.strip().split(",")
    num, den = (int(v) for v in rate.split("/"))
    fps, frames = num / den, int(frames)
    check(fps == 30, "the file's frame rate is 30 fps (%s)" % rate)
    check(0.0 < frames / fps - covered <= 1.0 / fps + 1e-6,
          "%d frames at %g fps play %.3f s: the %.3f s simulated, to one frame"
          % (frames, fps, frames / fps, covered))
else:
    check(False, "unknown case " + case)
