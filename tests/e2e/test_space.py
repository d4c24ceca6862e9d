#!/usr/bin/env python3
"""The panel's Dimensions switch and 3D scenes in the Scene combo (issue 40), with real X
events: each case clicks the panel's combo and then the item the view dump says it drew.

case to3d:   the page's cloth (--scene page opens the World section): Dimensions -> 3D
             restarts the cloth in 3D: the view dump's camera line appears (and zoom and
             origin go), and the exit's state dump has x y z per particle.
case to2d:   drape-3d: Dimensions -> 2D restarts the cloth in 2D: the camera line goes, zoom
             and origin come back, the state dump has x y per particle.
case scene:  the page's cloth: flag-3d (a strip on a pole) chosen in the Scene combo opens
             in 3D, framed: the eight corners of the cloth's bounding box (the exit's state dump, the app
             paused) project inside the canvas with the view dump's camera, across at least
             30% of it.
case scene2d: drape-3d, then pegs chosen in the Scene combo: back to 2D (x y per particle).
case saveload: Ctrl+S in 3D saves the state; Ctrl+O after more steps loads it back exactly.
case cross:  Ctrl+O of a state of the other dimension count switches space: a 3D state in the
             2D window opens in 3D, a 2D state in the 3D window in 2D, each exactly as saved.
case quickrecord: the quick row's Record button in 3D (cantilever-3d) records as Ctrl+R does:
             a click starts, a click stops, and pbd-sim --dimensions 3 replays the file to the
             hash of its end.
case drop:   a state file dropped on the window (XDND, as a file manager drops one: xdnd.py)
             opens as Ctrl+O would: a 3D state dropped on the 2D window opens in 3D, then a 2D
             one goes back to 2D, exactly as saved.
case obj3d: the panel's Export OBJ of a horizontal 3D cloth: its vertices are the particles.
case record: Ctrl+R in 3D records a grab from a fresh cloth until Ctrl+R again; pbd-sim run
             --events replays the recording to the hash of its last line.
case recfail: Ctrl+R with a recording file that cannot be written (a folder of that name), in
             2D and in 3D alike: refused with a message naming the file, and the cloth goes
             on as it was (not restarted: its simulated time stays).
case switchrec: a recording running when the Dimensions switch changes space (2D -> 3D, then
             a 3D one -> 2D) ends at the switch and says so with the hash it ends with; its
             file holds no change of dimensions and `pbd-sim run --events` replays it to that
             hash.
The app runs paused (the switch keeps the pause), so that the state dumped at the exit is the
switched-to cloth's first."""

import glob
import os
import shutil
import sys

from camera3 import Camera, framed
from e2e import (App, app_binary, centre, check, fail, read_obj, read_state, read_view,
                 run, scroll_panel_down, workdir, xdo)
from xdnd import drop_file

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "to3d"
out = workdir()


def choose(app, combo, item, wheel=0, over=None):
    """Opens the panel's `combo` and clicks its `item` (both widget ids of the view dump),
    the list wheeled down `wheel` notches first (up when negative) with the pointer over its
    item `over`, one in sight: a long list scrolls, and opens scrolled to the current item."""
    view = app.sync(2)
    check(combo in view["widget"], "the panel shows the %s combo" % combo)
    app.move(*centre(view["widget"][combo]), frames=3)
    xdo("click", 1)
    app.wait(lambda v: item in v["widget"], "the %s list to open" % combo)
    # A popup's first frame only measures it (drawn hidden): read its place after a few.
    view = app.sync(3)
    if wheel:
        app.move(*centre(view["widget"][over]), frames=3)
        xdo("click", "--repeat", abs(wheel), "--delay", 15, 5 if wheel > 0 else 4)
        view = app.sync(3)
    check(item in view["widget"], "the %s list still shows %s" % (combo, item))
    app.move(*centre(view["widget"][item]), frames=3)
    xdo("click", 1)


def columns(path):
    rows = read_state(path)
    widths = {len(r) for r in rows}
    check(len(widths) == 1, "%s: every line has the same count of numbers" % path)
    return widths.pop(), len(rows)


def start(*args):
    state = os.path.join(out, "state.txt")
    app = App(binary, *args, "--paused", "--no-autosave", "--state-out", state)
    # The World section (open for a scene) in the panel's upper half, its lists opening down.
    scroll_panel_down(app, 8)
    return app, state


def quit(app):
    status = app.quit()
    check(status == 0, "pbd-cloth exits with status 0 (%s)" % app.stderr.strip()[-300:])


def save_states():
    """States saved by pbd-sim after 20 steps in the output folder: s3.json, 7 x 5 in 3D, and
    s2.json, 9 x 6 in 2D. Returns their positions by name."""
    sim = os.path.join(os.path.dirname(binary), "pbd-sim")
    positions = {}
    for name, dimensions, width, height in (("s3", 3, 7, 5), ("s2", 2, 9, 6)):
        status, _, err = run(sim, "run", "--dimensions", dimensions, "--width", width,
                             "--height", height, "--steps", 20, "--save",
                             os.path.join(out, name + ".json"), "--out",
                             os.path.join(out, name + ".txt"))
        check(status == 0, "pbd-sim saves a %dD state (%s)" % (dimensions, err.strip()))
        positions[name] = read_state(os.path.join(out, name + ".txt"))
    return positions


if case == "to3d":
    app, state = start("--scene", "page")
    check("camera" not in app.sync(2), "2D: the view dump has no camera line")
    choose(app, "dimensions", "dimensions-3")
    view = app.wait(lambda v: "camera" in v, "the camera line of the 3D view")
    check("zoom" not in view and "origin" not in view, "3D: zoom and origin are gone")
    check("3D" in view.get("title", ""), "the title says 3D (%s)" % view.get("title"))
    check("dimensions" in app.sync(3)["widget"],
          "the World section stays open after the switch: its Dimensions row is drawn")
    quit(app)
    check("restarted in 3D (40 x 30 particles)" in app.stderr, "the app says it restarted in 3D")
    count, particles = columns(state)
    check(count == 3 and particles == 1200,
          "the state dump has x y z for each of the 1200 particles (%d numbers, %d lines)"
          % (count, particles))

elif case == "to2d":
    app, state = start("--scene", "drape-3d")
    app.wait(lambda v: "camera" in v, "the camera line of the 3D view")
    choose(app, "dimensions", "dimensions-2")
    view = app.wait(lambda v: "camera" not in v and "zoom" in v, "the 2D view's zoom line")
    check("origin" in view, "2D: the origin line is back")
    quit(app)
    check("restarted in 2D" in app.stderr, "the app says it restarted in 2D")
    count, _ = columns(state)
    check(count == 2, "the state dump has x y per particle (%d numbers)" % count)

elif case == "scene":
    app, state = start("--scene", "page")
    choose(app, "scene", "scene-flag-3d", wheel=20, over="scene-page")
    app.wait(lambda v: "camera" in v, "flag-3d's 3D view")
    app.sync(3)
    quit(app)
    camera = Camera(read_view(app.view_file))  # the view at the exit: the state dump's frame
    x = read_state(state)
    check(len(x[0]) == 3, "flag-3d's cloth is 3D")
    ok, where = framed(camera, x)
    check(ok, "flag-3d chosen in the combo opens framed: " + where)

elif case == "scene2d":
    app, state = start("--scene", "drape-3d")
    app.wait(lambda v: "camera" in v, "the camera line of the 3D view")
    choose(app, "scene", "scene-pegs", wheel=-20, over="scene-drape-3d")
    app.wait(lambda v: "camera" not in v and "zoom" in v, "pegs' 2D view")
    quit(app)
    check("restarted in 2D" in app.stderr, "a 2D scene chosen in 3D goes back to 2D")
    count, _ = columns(state)
    check(count == 2, "the state dump has x y per particle (%d numbers)" % count)

elif case == "record":
    # Ctrl+R in 3D: records from a fresh cloth into the recording field's file (the working
    # folder's pbd-cloth-recording.txt) until Ctrl+R again; pbd-sim replays it to the hash
    # its last line gives.
    W, H = 20, 15
    app = App(binary, "--dimensions", "3", "--width", W, "--height", H, "--no-autosave",
              cwd=out)
    camera = Camera(app.wait(lambda v: "camera" in v, "the camera line of the 3D view"))
    app.move(app.width * 0.3, app.height * 0.5, frames=2)
    xdo("key", "ctrl+r")
    app.wait(lambda v: v.get("message", "").startswith("Recording to"), "Ctrl+R to record")
    press = camera.pixel((0.2 * 12, -0.2 * 12, 0.0))
    app.move(*press, frames=2)
    xdo("mousedown", 1)
    app.sync(2)
    app.glide(press, (press[0] + 90, press[1] - 50), 8)
    xdo("mouseup", 1)
    app.run_for(0.3)
    xdo("key", "ctrl+r")
    app.wait(lambda v: not v.get("message", "").startswith("Recording to"), "Ctrl+R to stop")
    app.run_for(0.1)
    quit(app)
    rec = os.path.join(out, "pbd-cloth-recording.txt")
    with open(rec) as f:
        script = f.read()
    check(" drag " in script and " release" in script, "the recording holds the grab")
    last = [line for line in script.splitlines() if line.startswith("# final positions hash")]
    check(len(last) == 1, "the recording ends with its hash")
    status, _, err = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run", "--events",
                         rec, "--out", os.devnull)
    check(status == 0, "pbd-sim replays the recording (%s)" % err.strip()[-300:])
    sim_hash = err.strip().split(", hash ")[-1].split()[0]
    check(sim_hash == last[0].split()[4],
          "pbd-sim run --events replays the Ctrl+R recording to its hash (%s, the "
          "recording's %s)" % (sim_hash, last[0].split()[4]))

elif case == "saveload":
    # Ctrl+S and Ctrl+O in 3D: the state field's file (pbd-cloth-state.json in the working
    # folder) saved after 5 single steps and loaded back after 5 more: the time goes back,
    # and the positions at the exit are those of a run that starts from the file (--load).
    app = App(binary, "--dimensions", "3", "--width", 20, "--height", 15, "--paused",
              "--no-autosave", "--state-out", "after.txt", cwd=out)
    app.wait(lambda v: "camera" in v, "the camera line of the 3D view")
    app.move(app.width * 0.3, app.height * 0.5, frames=2)
    for _ in range(5):
        app.key("s")
    saved_time = app.wait(lambda v: v["time"][0] > 0.02, "5 single steps")["time"][0]
    xdo("key", "ctrl+s")
    app.wait(lambda v: v.get("message", "").startswith("Saved pbd-cloth-state.json"),
             "Ctrl+S to save")
    for _ in range(5):
        app.key("s")
    app.wait(lambda v: v["time"][0] > saved_time + 0.02, "5 more single steps")
    xdo("key", "ctrl+o")
    view = app.wait(lambda v: v.get("message", "").startswith("Loaded pbd-cloth-state.json"),
                    "Ctrl+O to load")
    check(abs(view["time"][0] - saved_time) < 1e-9,
          "the loaded state's time is the saved one (%g, saved at %g)"
          % (view["time"][0], saved_time))
    quit(app)
    status, _, err = run(binary, "--load", os.path.join(out, "pbd-cloth-state.json"),
                         "--paused", "--frames", 2, "--no-autosave", "--state-out",
                         os.path.join(out, "loaded.txt"))
    check(status == 0, "pbd-cloth --load of the saved 3D state runs (%s)" % err.strip()[-300:])
    after = read_state(os.path.join(out, "after.txt"))
    loaded = read_state(os.path.join(out, "loaded.txt"))
    check(len(after[0]) == 3 and after == loaded,
          "after Ctrl+O the cloth is the saved 3D state exactly (%d particles)" % len(after))

elif case == "cross":
    saved = save_states()
    for start, name, size in ((["--dimensions", 2], "s3", "7 x 5"),
                              (["--dimensions", 3], "s2", "9 x 6")):
        shutil.copyfile(os.path.join(out, name + ".json"),
                        os.path.join(out, "pbd-cloth-state.json"))
        app = App(binary, *start, "--paused", "--no-autosave", "--state-out", "after.txt",
                  cwd=out)
        was3d = "camera" in app.wait(lambda v: True, "the first view")
        app.move(app.width * 0.3, app.height * 0.5, frames=2)
        xdo("key", "ctrl+o")
        view = app.wait(lambda v: v.get("message", "").startswith("Loaded pbd-cloth-state.json"),
                        "Ctrl+O to load the %s state" % ("2D" if was3d else "3D"))
        check(view["message"].endswith("step 20, " + size) and ("camera" in view) != was3d,
              "Ctrl+O in the %s window loaded the %s state in %s: %s"
              % ("3D" if was3d else "2D", name, "2D" if was3d else "3D", view["message"]))
        quit(app)
        after = read_state(os.path.join(out, "after.txt"))
        check(after == saved[name], "the cloth is the saved state exactly (%d particles, %d values "
              "each)" % (len(after), len(after[0])))

elif case == "drop":
    saved = save_states()
    app = App(binary, "--paused", "--no-autosave", "--state-out", "after.txt", cwd=out)
    for name, size in (("s3", "7 x 5"), ("s2", "9 x 6")):
        was3d = "camera" in app.sync(2)
        path = os.path.join(out, name + ".json")
        x, y = app.x + round(app.width * 0.3), app.y + round(app.height * 0.5)
        drop_file(int(app.window), x, y, path)
        view = app.wait(lambda v: v.get("message", "").startswith("Loaded " + path),
                        "the dropped %s state to load" % name)
        check(view["message"].endswith("step 20, " + size) and ("camera" in view) != was3d,
              "the %s state dropped on the %s window loaded in %s: %s"
              % (name, "3D" if was3d else "2D", "2D" if was3d else "3D", view["message"]))
    quit(app)
    check(read_state(os.path.join(out, "after.txt")) == saved["s2"],
          "the cloth is the last dropped state exactly")

elif case == "quickrecord":
    app = App(binary, "--scene", "cantilever-3d", "--no-autosave", cwd=out)
    view = app.wait(lambda v: "camera" in v and "record-quick" in v["widget"],
                    "the 3D panel's quick row")
    app.move(*centre(view["widget"]["record-quick"]), frames=3)
    xdo("click", 1)
    app.wait(lambda v: v.get("message", "").startswith(("Recording to pbd-cloth-recording.txt",
                                                         "Started recording")),
             "the quick Record button to start recording")
    app.run_for(0.3)
    xdo("click", 1)
    view = app.wait(lambda v: v.get("message", "").startswith("Recorded "),
                    "the quick Record button (Stop) to end the recording")
    recorded = view["message"].split("positions hash ")[-1]
    quit(app)
    status, _, err = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run",
                         "--dimensions", 3, "--events",
                         os.path.join(out, "pbd-cloth-recording.txt"), "--out", os.devnull)
    check(status == 0, "pbd-sim replays the recording (%s)" % err.strip()[-300:])
    check(err.strip().endswith("hash " + recorded),
          "the quick Record button recorded cantilever-3d: pbd-sim gives the app's hash %s (%s)"
          % (recorded, err.strip()[-40:]))

elif case == "obj3d":
    # The panel's Export OBJ in 3D: a horizontal cloth's mesh, its vertices the particles'
    # x y z exactly (the exit's state dump of the paused cloth), every cell's two triangles.
    W, H = 12, 9
    app = App(binary, "--dimensions", "3", "--orientation", "horizontal", "--width", W,
              "--height", H, "--paused", "--no-autosave", "--state-out", "state.txt", cwd=out)
    app.wait(lambda v: "camera" in v, "the camera line of the 3D view")
    scroll_panel_down(app)
    view = app.sync(3)
    app.move(*centre(view["widget"]["export-obj"]), frames=3)
    xdo("click", 1)
    app.wait(lambda v: v.get("notice", "").startswith("OBJ saved to "), "the OBJ saved")
    quit(app)
    files = glob.glob(os.path.join(out, "pbd-cloth-*.obj"))
    check(len(files) == 1, "one OBJ file in the working folder (%s)" % files)
    v, f = read_obj(files[0])
    x = read_state(os.path.join(out, "state.txt"))
    check(len(x[0]) == 3 and v == x and len({p[1] for p in x}) == 1 and len({p[2] for p in x}) == H,
          "its %d vertices are the horizontal 3D cloth's particles, x y z exactly" % len(v))
    check(f == 2 * (W - 1) * (H - 1), "and its %d triangles every cell's two" % f)

elif case == "recfail":
    for dimensions in (2, 3):
        cwd = os.path.join(out, "d%d" % dimensions)
        os.makedirs(os.path.join(cwd, "pbd-cloth-recording.txt"))  # a folder: no file there
        app = App(binary, "--dimensions", dimensions, "--width", 12, "--height", 9,
                  "--no-autosave", cwd=cwd)
        app.run_for(0.2)
        app.key("space")
        paused = app.wait(lambda v: v["paused"] == [1], "the pause")
        app.key("ctrl+r")
        view = app.wait(lambda v: v.get("message", "").startswith("Not recording: "),
                        "Ctrl+R to be refused")
        check("pbd-cloth-recording.txt" in view["message"],
              "%dD: Ctrl+R is refused naming the file (%s)" % (dimensions, view["message"]))
        check(app.sync(3)["time"] == paused["time"] and paused["time"][0] > 0.15,
              "%dD: the cloth was not restarted (still at %.3f s)" % (dimensions,
                                                                     paused["time"][0]))
        quit(app)

elif case == "switchrec":
    sim = os.path.join(os.path.dirname(binary), "pbd-sim")
    for args, to, flags in ((["--scene", "page"], "3", []),
                            (["--scene", "cantilever-3d"], "2", ["--dimensions", 3])):
        rec = os.path.join(out, "rec%s.txt" % to)
        app = App(binary, *args, "--record", rec, "--no-autosave")
        scroll_panel_down(app, 8)
        app.run_for(0.2)
        choose(app, "dimensions", "dimensions-" + to)
        view = app.wait(lambda v: v.get("message", "").startswith("Recording ended at the "
                                                                   "switch to %sD" % to),
                        "the recording to end at the switch")
        check("a recording keeps the space it started in" in view["message"],
              "the switch to %sD ended the recording and says why: %s" % (to, view["message"]))
        said = view["message"].split("positions hash ")[-1]
        app.run_for(0.2)  # the other space's cloth runs on, unrecorded
        quit(app)
        with open(rec) as f:
            lines = [line.split() for line in f if line.strip()]
        check(not [w for w in lines if w[1:3] == ["set", "dimensions"] and w[0] != "0"],
              "the recording holds no change of dimensions after its start")
        check(lines[-1][:4] == ["#", "final", "positions", "hash"] and lines[-1][4] == said,
              "it ends with the hash the message gave (%s)" % said)
        status, _, err = run(sim, "run", *flags, "--events", rec, "--out", os.devnull)
        check(status == 0 and err.strip().endswith("hash " + said),
              "pbd-sim run --events replays it to that hash (%s)" % err.strip()[-40:])

else:
    fail("unknown case " + case)
