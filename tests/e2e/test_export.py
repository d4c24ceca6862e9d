#!/usr/bin/env python3
"""Exports of the window: F12, --frames-dir and Export video.

case f12:        F12 (twice) and the panel's Save PNG button write PNGs of the window's size
                 into the working directory, named pbd-cloth-DATE-TIME.png and never over an
                 existing file (every name of the coming minute is taken beforehand, so each
                 gets -2 or -3); while paused, the first one's canvas is the --screenshot's of
                 the same picture, pixel for pixel; the panel's message says where it went.
case f12fail:    F12 in a working directory that was removed: the panel says why, the app runs on
                 and exits with status 0.
case frames:     --frames 6 --frames-dir DIR (created, with its parents) writes frame-000001.png
                 to frame-000006.png, no more, the last one equal to --screenshot pixel for pixel.
case refused:    --frames-dir on a file or under a file: status 1 before any window opens,
                 naming the flag, the path and the reason; an empty value: status 2.
case video:      with a fake ffmpeg first on the PATH, Export video and Stop pipe N frames of
                 1050 x 960 x 3 bytes (the canvas) to it, with arguments naming the size and
                 the rate.
case videofail:  a fake ffmpeg that quits after one frame: the export ends, the panel says why
                 (its exit status and last line), the app runs on.
case noffmpeg:   without ffmpeg on the PATH the Export section says what to install and the
                 button starts nothing.
case obj:        paused, Export OBJ writes pbd-cloth-DATE-TIME.obj into the working directory:
                 a vertex per particle equal to --state-out's x and y with z = 0, every whole
                 triangle of the page's cloth; the panel's message says where it went."""

import glob
import os
import re
import sys
import time

import e2e
from e2e import (App, app_binary, check, count_blue, page_view, png_size, read_png, read_view,
                 run, workdir, world_to_screen, xdo, scroll_panel_down)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "f12"
out = workdir()
view_file, shot = os.path.join(out, "view.txt"), os.path.join(out, "shot.png")
NEEDS_FFMPEG = "Export video needs ffmpeg on the PATH (Debian: apt install ffmpeg)"


def centre(rect):
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def click(app, rect):
    app.move(*centre(rect), frames=2)
    xdo("click", 1)
    app.sync(3)


def bottom_layout(env=None):
    """The panel's widgets with the panel scrolled to its end (a run of its own, with the same
    environment: without ffmpeg the Export section has one more line)."""
    return e2e.bottom_layout(binary, out, env=env)


def fake_ffmpeg(body):
    """A folder holding an executable 'ffmpeg' shell script with `body`; returns the folder."""
    folder = os.path.join(out, "fake-bin")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "ffmpeg")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, 0o755)
    return folder


def cloth_shown(rows, width, height):
    canvas, ox, oy, zoom = page_view(width, height)
    left, top = world_to_screen((ox, oy), zoom, (-0.3, 0.3))
    right, bottom = world_to_screen((ox, oy), zoom, (7.8 + 0.3, -5.8 - 1.5))
    return count_blue(rows, canvas, height, (left, top, right, bottom))[0]


if case == "f12":
    cwd = os.path.join(out, "cwd")
    os.mkdir(cwd)
    os.chdir(cwd)
    # Every name the next 90 seconds could give is taken: a new one must get a suffix.
    now = time.time()
    taken = {}
    for s in range(-2, 90):
        name = time.strftime("pbd-cloth-%Y%m%d-%H%M%S.png", time.localtime(now + s))
        with open(name, "w") as f:
            f.write("taken " + name)
        taken[name] = "taken " + name
    layout = bottom_layout()
    app = App(binary, "--screenshot", shot, "--view-out", view_file)
    scroll_panel_down(app)
    app.move(30, app.height - 40)  # on the canvas, far from the cloth: no hover ring
    app.key("space")               # paused: the canvas stays as it is
    app.wait(lambda v: v["paused"] == [1], "paused")
    app.sync(3)

    def saved(count):
        """Waits until `count` new files are there and the message names the newest."""
        def done(v):
            new = set(os.listdir(cwd)) - set(taken)
            return len(new) == count and any(
                v.get("notice", "").startswith("Screenshot saved to " + os.path.join(cwd, n))
                for n in new)
        app.wait(done, "%d new screenshot files" % count)
    xdo("key", "F12")
    saved(1)
    xdo("key", "F12")
    saved(2)
    click(app, layout["widget"]["screenshot"])
    saved(3)
    app.move(30, app.height - 40)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    new = sorted(set(os.listdir(cwd)) - set(taken), key=lambda n: os.path.getmtime(n))
    check(len(new) == 3, "two F12 presses and the Save PNG button wrote 3 new files: %s" % new)
    check(all(re.fullmatch(r"pbd-cloth-\d{8}-\d{6}-[234]\.png", n) and
              n.rsplit("-", 1)[0] + ".png" in taken for n in new),
          "each named pbd-cloth-DATE-TIME-N.png after the taken name of its second")
    for name, text in taken.items():
        with open(name) as f:
            if f.read() != text:
                check(False, "the existing file %s was left alone" % name)
    check(True, "the %d existing files were left alone" % len(taken))
    width, height, rows = read_png(new[0])
    check((width, height) == png_size(shot) == (app.width, app.height),
          "the F12 PNG has the window's size %dx%d" % (width, height))
    _, _, final = read_png(shot)
    canvas = page_view(width, height)[0]
    differ = sum(1 for y in range(height) for x in range(canvas) if rows[y][x] != final[y][x])
    check(differ == 0, "paused, the F12 PNG's canvas equals --screenshot's of the same "
                       "picture (%d pixels differ)" % differ)
    check(cloth_shown(rows, width, height) > 1000, "and shows the cloth")
    for name in new[1:]:
        check(png_size(name) == (width, height), "%s has the window's size" % name)
    view = read_view(view_file)
    where = os.path.join(cwd, new[-1])
    check(view.get("notice") == "Screenshot saved to %s (%d x %d pixels)" % (where, width, height),
          "the panel's message says where the last one went: %s" % view.get("notice"))
    check(all(("Screenshot saved to " + os.path.join(cwd, n)) in app.stderr for n in new),
          "stderr names each file")
elif case == "f12fail":
    cwd = os.path.join(out, "gone")
    os.mkdir(cwd)
    os.chdir(cwd)
    app = App(binary, "--view-out", view_file)
    os.chdir(out)
    os.rmdir(cwd)  # the app's working directory no longer exists: nothing can be created there
    app.move(30, app.height - 40)
    xdo("key", "F12")
    app.wait(lambda v: v.get("notice", "").startswith("Screenshot not saved"),
             "the failed screenshot's message")
    check(app.proc.poll() is None, "the app runs on after the failed screenshot")
    xdo("key", "space")  # and still takes keys
    app.wait(lambda v: v["paused"] == [1], "paused")
    check(app.quit() == 0, "and exits with status 0")
    view = read_view(view_file)
    notice = view.get("notice", "")
    check(notice.startswith("Screenshot not saved: cannot create ") and
          notice.endswith(": No such file or directory"),
          "the panel's message says why: %s" % notice)
    check(view["paused"] == [1], "Space after the failure paused the app")
    check("Screenshot not saved" in app.stderr, "stderr says so too")
elif case == "frames":
    frames = os.path.join(out, "new", "deeper", "frames")
    status, _, err = run(binary, "--frames", 6, "--frames-dir", frames, "--screenshot", shot)
    check(status == 0, "--frames 6 --frames-dir exits with status 0 (%s)" % err.strip())
    names = sorted(os.listdir(frames))
    check(names == ["frame-%06d.png" % i for i in range(1, 7)],
          "the missing folder was created and holds frame-000001.png to frame-000006.png: %s" % names)
    size = png_size(shot)
    check(all(png_size(os.path.join(frames, n)) == size for n in names),
          "every frame has the window's size %dx%d" % size)
    last = read_png(os.path.join(frames, names[-1]))
    check(last == read_png(shot), "the last frame file equals --screenshot pixel for pixel")
    check(cloth_shown(last[2], last[0], last[1]) > 1000, "and shows the cloth")
    with open(os.path.join(frames, names[0]), "rb") as a, open(os.path.join(frames, names[-1]), "rb") as b:
        check(a.read() != b.read(), "the first frame differs from the last (the cloth moved)")
    check(re.search(r"exports: 6 frames read back; per frame [0-9.]+ ms in the frame loop: "
                    r"read-back [0-9.]+ ms, waiting for the \d PNG/video writer threads", err)
          is not None, "the exit summary gives the frames' cost in the frame loop")
elif case == "refused":
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    plain = os.path.join(out, "plain.txt")
    with open(plain, "w") as f:
        f.write("not a folder")
    for path, reason in [(plain, "it exists and is not a directory"),
                         (os.path.join(plain, "frames"), "Not a directory")]:
        status, _, err = run(binary, "--frames", 1, "--frames-dir", path, env=env)
        check(status == 1, "--frames-dir %s: status 1 (got %d)" % (path, status))
        check("--frames-dir" in err and "'%s'" % path in err and reason in err,
              "the message names the flag, the path and the reason: " + err.strip())
        check("display" not in err, "refused before looking for a display")
    with open(plain) as f:
        check(f.read() == "not a folder", "the file is left alone")
    status, _, err = run(binary, "--frames-dir", "", env=env)
    check(status == 2 and "--frames-dir" in err and "''" in err,
          "an empty --frames-dir: status 2 naming the flag and the value: " + err.strip())
elif case in ("video", "videofail", "noffmpeg"):
    cwd = os.path.join(out, "cwd")
    os.mkdir(cwd)
    os.chdir(cwd)
    if case == "video":  # records its arguments and how many bytes it read, writes the file
        folder = fake_ffmpeg('dir=$(dirname "$0")\nprintf "%s\\n" "$@" > "$dir/args.txt"\n'
                             'wc -c < /dev/stdin > "$dir/bytes.txt"\n'
                             'for last; do :; done\necho "fake video" > "$last"\n')
    elif case == "videofail":  # reads about one frame, then fails
        folder = fake_ffmpeg("head -c 4000000 > /dev/null\n"
                             "echo 'fake ffmpeg: Conversion failed!' >&2\nexit 1\n")
    else:
        folder = os.path.join(out, "empty-bin")
        os.mkdir(folder)
    path = folder + ":" + os.environ["PATH"] if case != "noffmpeg" else folder
    env = dict(os.environ, PATH=path)
    layout = bottom_layout(env)
    app = App(binary, "--view-out", view_file, env=env)
    scroll_panel_down(app)
    button = layout["widget"]["video"]
    check(button[3] <= app.height, "the Export video button is inside the window")
    click(app, button)        # Export video
    if case == "video":
        app.wait(lambda v: re.search(r": ([3-9]|\d\d+) frames$", v.get("video", "")),
                 "3 frames or more exported")
        click(app, button)    # Stop video export
        app.wait(lambda v: v.get("notice", "").startswith("Video saved to "), "the video saved")
    elif case == "videofail":
        app.wait(lambda v: v.get("notice", "").startswith("Video export stopped after"),
                 "the export's end")
    else:
        app.sync(5)  # a click on the disabled button, then frames in which nothing starts
    check(app.proc.poll() is None, "the app runs on")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    videos = glob.glob(os.path.join(cwd, "*.mp4"))
    if case == "video":
        saved = re.search(r"Video saved to (\S+) \((\d+) frames? of (\d+) x (\d+) pixels at "
                          r"(\d+) fps, [0-9.]+ s of simulated time\)", app.stderr)
        check(saved is not None, "the app says where the video went and how many frames it has")
        output, frames, width, height, fps = saved.group(1), *map(int, saved.groups()[1:])
        check(re.fullmatch(re.escape(cwd) + r"/pbd-cloth-\d{8}-\d{6}\.mp4", output) is not None,
              "the video is pbd-cloth-DATE-TIME.mp4 in the working directory: " + output)
        canvas = page_view(app.width, app.height)[0]  # by default the canvas only
        check((width, height) == (canvas // 2 * 2, app.height // 2 * 2),
              "at the canvas's size %dx%d" % (width, height))
        check(frames >= 3, "%d frames were exported" % frames)
        with open(os.path.join(folder, "args.txt")) as f:
            args = f.read().split("\n")[:-1]
        joined = " ".join(args)
        check("-f rawvideo -pix_fmt rgb24 -s %dx%d -r %d -i -" % (width, height, fps) in joined,
              "ffmpeg reads raw rgb24 frames of %dx%d at %d fps from stdin: %s"
              % (width, height, fps, joined))
        check(args[-1] == os.path.basename(output) or args[-1] == output,
              "and writes the video's file: %s" % args[-1])
        with open(os.path.join(folder, "bytes.txt")) as f:
            got = int(f.read().split()[0])
        check(got == width * height * 3 * frames,
              "ffmpeg read %d bytes = %d x %d x 3 x %d frames" % (got, width, height, frames))
        check(videos == [output], "the video file is there")
        check(view.get("notice", "").startswith("Video saved to " + output),
              "the panel's message says where it went")
    elif case == "videofail":
        stopped = re.search(r"Video export stopped after (\d+) frames? of \d+ x \d+ pixels at \d+ "
                            r"fps: ffmpeg exited with status 1: fake ffmpeg: Conversion failed!",
                            app.stderr)
        check(stopped is not None, "the export ended with ffmpeg's exit status and last line")
        check(view.get("notice", "") == stopped.group(0),
              "the panel's message says so: %s" % view.get("notice"))
        check(videos == [], "the empty reserved file was removed")
    else:
        check(view.get("video") == NEEDS_FFMPEG,
              "the Export section says what to install: %s" % view.get("video"))
        check("Exporting video" not in app.stderr and videos == [],
              "the disabled button started nothing")
elif case == "obj":
    cwd = os.path.join(out, "obj-cwd")
    os.mkdir(cwd)
    os.chdir(cwd)
    state = os.path.join(out, "state.txt")
    layout = bottom_layout()
    app = App(binary, "--view-out", view_file, "--state-out", state)
    scroll_panel_down(app)
    app.key("space")
    app.wait(lambda v: v["paused"] == [1], "paused")
    click(app, layout["widget"]["export-obj"])
    view = app.wait(lambda v: v.get("notice", "").startswith("OBJ saved to "),
                    "the message of the OBJ saved")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    files = glob.glob(os.path.join(cwd, "pbd-cloth-*.obj"))
    check(len(files) == 1 and re.fullmatch(r"pbd-cloth-\d{8}-\d{6}\.obj",
                                            os.path.basename(files[0])),
          "one file pbd-cloth-DATE-TIME.obj: %s" % files)
    check(view["notice"] == "OBJ saved to %s (1200 vertices)" % files[0],
          "the message says where: %s" % view["notice"])
    v, f = e2e.read_obj(files[0])
    positions = e2e.read_state(state)
    check(len(v) == len(positions) == 1200 and
          all(p[0] == q[0] and p[1] == q[1] and p[2] == 0.0 for p, q in zip(v, positions)),
          "its 1200 vertices are the paused cloth's particles, exactly, at z = 0")
    check(f == 2 * 39 * 29, "and its %d triangles every cell's two" % f)
else:
    check(False, "unknown case " + case)
print("PASS")
