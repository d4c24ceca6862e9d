#!/usr/bin/env python3
"""The 3D window with real X events (issue 40): what a user does with a 3D cloth.

case orbit:  a right-drag on the canvas turns the camera: the view dump's camera line shows
             the eye moved around the target, which stays, at the same distance.
case grab:   a left press on the shaded cloth grabs the particle under the cursor: the test
             casts its own ray from the view dump's camera line through the pressed pixel
             against the triangles of a state dump, takes the nearest corner of the first
             triangle hit, and finds that particle, alone, moved by the drag to where the
             release pixel's ray meets the plane through the hit facing the camera.
case fold:   a cloth folded in two (a loaded state: its lower half brought up behind the
             upper one): a press where the fold hides the back layer grabs the front one.
case knife:  a Ctrl+drag across a paused 30 x 20 cloth between its rows 9 and 10 (from past one
             edge to past the other) cuts exactly
             the constraints between them (30 verticals, 58 diagonals: the view dump's count).
case pin:    Shift+click on a particle of a paused cloth held by one corner (tilted back, a
             loaded state) pins it: resumed, the cloth swings down about it and that particle
             stays exactly where it was.
case record: --record in 3D: a grab dragged across the running cloth, a knife stroke and a
             Shift+click that unpins a corner are recorded; `pbd-sim run --events` replays the recording to
             the hash the app's exit summary and the recording's last line give.
case replay: `pbd-cloth --replay` of a recording made in 3D (the record case's, and one of the
             cantilever-3d scene) plays in the window in 3D (the view dump's camera line),
             pauses at its end and exits with the hash pbd-sim gives the same recording.
case framed: every 3D scene (pbd-sim scenes) opens framed: on the first frame the eight
             corners of the cloth's bounding box (a state dump of that frame) project, with
             the view dump's camera line, inside the canvas and across at least 30% of it
             (a fit of the cloth and its solids); each screenshot is kept in
             PBD_E2E_SHOTS (when set) to be looked at.
case follow: F in tablecloth-3d, whose bar sweeps the cloth off the table and out of the
             first view by 6 s: after 7 s of simulated time the eight corners of the cloth's
             bounding box (the state dump at the exit) project, with the view dump's camera
             line written at the same exit (paused first), inside the canvas.
case ball:   a left drag on a ball in front of a paused cloth moves it in the plane through
             the press facing the camera (the test's own ray-sphere hit from the view dump's
             camera line), recorded as grab-ball / move-ball / release-ball lines; Ctrl+Z
             puts it back: pbd-sim replays the recording (--save) with the ball where it was.
The app runs paused, so that only the hand moves the cloth (but in follow)."""

import base64
import json
import math
import os
import struct
import sys

from camera3 import (Camera, add, box_pixels, dot, drag, first_hit, framed, mul, norm,
                     plane_point, sub, triangles, wait_camera)
from e2e import App, app_binary, check, fail, read_state, read_view, run, workdir, xdo

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "orbit"
out = workdir()


def grab_and_drag(args, pick, width, height):
    """Runs the app paused with `args`, presses at the pixel of world point `pick` (as the
    view dump's camera shows it), drags 60 px right and 40 px up and lets go; returns the
    positions before (the app's own state dump of the same paused start), after, the
    expected particle and where it should have gone."""
    before_file = os.path.join(out, "before.txt")
    status, _, err = run(binary, *args, "--frames", "2", "--state-out", before_file)
    if status != 0:
        fail("the state dump run failed: " + err)
    before = read_state(before_file)
    after_file = os.path.join(out, "after.txt")
    app = App(binary, *args, "--state-out", after_file)
    camera = Camera(wait_camera(app))
    press = tuple(round(v) for v in camera.pixel(pick))  # X events land on whole pixels
    origin, direction = camera.ray(press)
    hit = first_hit(origin, direction, before, list(triangles(width, height)))
    check(hit is not None, "the test's own ray through (%d, %d) meets the cloth" % press)
    _, point, tri = hit
    expected = min(tri, key=lambda i: norm(sub(before[i], point)))
    release = (press[0] + 60, press[1] - 40)
    drag(app, press, release)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    after = read_state(after_file)
    o, d = camera.ray(release)
    goal = plane_point(o, d, point, mul(-1.0, camera.forward))
    return before, after, expected, goal, point, camera


def summary_hash(stderr):
    """The hash of the exit summary ("pbd-cloth: N frames of ...")."""
    summary = [line for line in stderr.splitlines() if " frames of " in line]
    check(len(summary) == 1, "the exit summary is printed")
    return summary[0].split(", hash ")[1].split(";")[0]


def record_3d():
    """--record in 3D: a grab dragged across the running 20 x 15 cloth, a knife stroke and a
    Shift+click that unpins a corner. Returns the recording and the app's final hash."""
    W, H = 20, 15
    rec = os.path.join(out, "rec.txt")
    app = App(binary, "--dimensions", "3", "--width", W, "--height", H, "--record", rec,
              "--no-autosave")
    camera = Camera(wait_camera(app))
    press = camera.pixel((0.2 * 12, -0.2 * 12, 0.0))
    drag(app, press, (press[0] + 90, press[1] - 50))
    app.run_for(0.3)
    app.knife(camera.pixel((-1.5, -1.1, 0.0)), camera.pixel((0.2 * (W - 1) + 1.5, -1.1, 0.0)))
    app.run_for(0.3)
    corner = camera.pixel((0.2 * (W - 1) - 0.05, -0.05, 0.0))  # by the pinned top right corner
    app.move(*corner, frames=2)
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.run_for(0.3)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    app_hash = summary_hash(app.stderr)
    with open(rec) as f:
        script = f.read()
    check(" drag " in script and " cut " in script and " unpin %d" % (W - 1) in script,
          "the recording holds the drag, the cut and the unpin")
    last = [line for line in script.splitlines() if line.startswith("# final positions hash")]
    check(last and last[0].split()[4] == app_hash,
          "the recording ends with the app's hash %s" % app_hash)
    return rec, app_hash


if case == "orbit":
    app = App(binary, "--dimensions", "3", "--paused")
    first = wait_camera(app)
    camera = Camera(first)
    centre = (first["canvas"][2] / 2, first["canvas"][3] / 2)
    drag(app, centre, (centre[0] + 150, centre[1] + 40), button=3)
    moved = app.wait(lambda v: Camera(v).eye != camera.eye, "the camera's eye to move")
    turned = Camera(moved)
    check(norm(sub(turned.eye, camera.eye)) > 0.5,
          "a right-drag turns the camera: the eye moved %.3f m" % norm(sub(turned.eye, camera.eye)))
    check(norm(sub(turned.target, camera.target)) < 1e-9, "the target stays where it was")
    distance = norm(sub(camera.eye, camera.target))
    check(abs(norm(sub(turned.eye, turned.target)) - distance) < 1e-9 * distance,
          "the eye keeps its distance from the target (%.6f m)" % distance)
    check(app.quit() == 0, "pbd-cloth exits with status 0")

elif case == "grab":
    W, H = 30, 20
    args = ["--dimensions", "3", "--width", W, "--height", H, "--paused"]
    pick = (0.2 * 12 + 0.07, -0.2 * 7 - 0.03, 0.0)  # inside a cell, away from its corners
    before, after, expected, goal, point, camera = grab_and_drag(args, pick, W, H)
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    check(changed == [expected], "the drag moved the particle under the cursor (%d) and only "
          "it (moved: %s)" % (expected, changed[:5]))
    gap = norm(sub(after[expected], goal))
    check(gap < 1e-6, "it sits where the release's ray meets the plane through the hit facing "
          "the camera (%.2g m off)" % gap)
    check(abs(dot(sub(after[expected], point), camera.forward)) < 1e-6,
          "it moved along the camera-facing plane")
    check(norm(sub(after[expected], before[expected])) > 0.1, "and it moved (%.3f m)"
          % norm(sub(after[expected], before[expected])))

elif case == "fold":
    # A 10 x 10 cloth folded along the row between 4 and 5: rows 0-4 hang at z = 0, rows
    # 5-9 come back up 0.3 m behind them. Saved by pbd-sim, folded here, loaded by the app.
    W = H = 10
    state_file = os.path.join(out, "flat.json")
    p = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run", "--dimensions", "3",
            "--width", W, "--height", H, "--steps", "0", "--save", state_file, "--out",
            os.devnull)
    if p[0] != 0:
        fail("pbd-sim could not save the flat state: " + p[2])
    with open(state_file) as f:
        state = json.load(f)
    x = []
    for i in range(H):
        for j in range(W):
            x.append((0.2 * j, -0.2 * i if i < 5 else -0.2 * (9 - i), 0.0 if i < 5 else -0.3))
    state["position"] = base64.b64encode(struct.pack("<%dd" % (3 * W * H),
                                                     *[v for q in x for v in q])).decode()
    folded_file = os.path.join(out, "folded.json")
    with open(folded_file, "w") as f:
        json.dump(state, f)
    spot = (0.93, -0.47, 0.0)  # over both layers
    before, after, expected, goal, point, camera = grab_and_drag(
        ["--load", folded_file, "--paused"], spot, W, H)
    back = first_hit(*camera.ray(tuple(round(v) for v in camera.pixel(spot))), before,
                     [t for t in triangles(W, H) if min(t) >= 5 * W])
    check(back is not None, "the back layer lies under the pressed pixel too")
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    check(changed == [expected] and expected < 5 * W,
          "the press grabbed particle %d of the front layer (moved: %s)" % (expected, changed[:5]))
    check(norm(sub(after[expected], goal)) < 1e-6, "and the drag took it along the plane")

elif case == "knife":
    W, H = 30, 20
    app = App(binary, "--dimensions", "3", "--width", W, "--height", H, "--paused")
    view = wait_camera(app)
    camera = Camera(view)
    before = view["constraints"][0]
    # Past both edges: the cut's strip runs along the view at the middle of the stroke, with
    # its ends at the cloth's centre depth (docs/app.md), as a stroke across a cloth does.
    start = tuple(round(v) for v in camera.pixel((-1.5, -1.9, 0.0)))
    end = tuple(round(v) for v in camera.pixel((0.2 * (W - 1) + 1.5, -1.9, 0.0)))
    app.knife(start, end)
    cut = app.wait(lambda v: v["constraints"][0] < before, "the knife's cut")
    check(before - cut["constraints"][0] == W + 2 * (W - 1),
          "a Ctrl+drag across the cloth cut %d constraints: the %d between its rows 9 and 10"
          % (before - cut["constraints"][0], W + 2 * (W - 1)))
    check(app.quit() == 0, "pbd-cloth exits with status 0")

elif case == "pin":
    # A cloth held by one corner, tilted back 53 degrees (its rows step 0.12 m down and 0.16 m
    # back): gravity pulls it out of its plane, so pinned at a second point it swings down about
    # the line through both, far (metres), whenever the test reads it. Face-on, two points would
    # hold it as a board and only its stretch would move, by millimetres.
    W, H = 30, 20
    flat_file = os.path.join(out, "flat.json")
    p = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run", "--dimensions", "3",
            "--width", W, "--height", H, "--fixed", 1, "--steps", "0", "--save", flat_file,
            "--out", os.devnull)
    if p[0] != 0:
        fail("pbd-sim could not save the flat state: " + p[2])
    with open(flat_file) as f:
        state = json.load(f)
    x0 = [(0.2 * j, -0.12 * i, -0.16 * i) for i in range(H) for j in range(W)]
    state["position"] = base64.b64encode(struct.pack("<%dd" % (3 * W * H),
                                                     *[v for q in x0 for v in q])).decode()
    tilted_file = os.path.join(out, "tilted.json")
    with open(tilted_file, "w") as f:
        json.dump(state, f)
    state_file = os.path.join(out, "after.txt")
    app = App(binary, "--load", tilted_file, "--paused", "--state-out", state_file)
    camera = Camera(wait_camera(app))
    pinned, free = 15 * W + 20, W * H - 1  # the free one: the bottom right corner
    at = camera.pixel(x0[pinned])
    app.move(*at, frames=2)
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.sync(2)
    app.key("space")
    app.run_for(1.0)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    x = read_state(state_file)
    check(x[pinned] == x0[pinned],
          "Shift+click pinned particle %d: after 1 s running it is where it was %s" % (pinned, x[pinned]))
    check(norm(sub(x[free], x0[free])) > 0.5, "while the cloth swung down about it (its free "
          "bottom right corner went %.3f m)" % norm(sub(x[free], x0[free])))

elif case == "record":
    rec, app_hash = record_3d()
    status, _, err = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run", "--events",
                         rec, "--out", os.devnull)
    check(status == 0, "pbd-sim replays the recording (%s)" % err.strip()[-300:])
    sim_hash = err.strip().split(", hash ")[-1].split()[0]
    check(sim_hash == app_hash, "pbd-sim run --events replays the 3D recording to the same hash "
          "(%s, the app's %s)" % (sim_hash, app_hash))

elif case == "replay":
    # The page's cloth recorded in 3D (its script starts in 2D: `0 set dimensions 3`), then
    # a 3D scene's (its script starts with `0 scene cantilever-3d`: pbd-sim needs
    # --dimensions 3 for it, as for any 3D scene's recording).
    rec, app_hash = record_3d()
    rec2 = os.path.join(out, "cantilever.txt")
    app = App(binary, "--scene", "cantilever-3d", "--record", rec2, "--no-autosave")
    app.run_for(0.5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    for script, flags, recorded in ((rec, [], app_hash), (rec2, ["--dimensions", "3"], None)):
        status, _, err = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run", *flags,
                             "--events", script, "--out", os.devnull)
        check(status == 0, "pbd-sim replays %s (%s)" % (script, err.strip()[-300:]))
        sim_hash = err.strip().split(", hash ")[-1].split()[0]
        check(recorded in (None, sim_hash), "to the app's hash %s" % recorded)
        app = App(binary, "--replay", script, "--no-autosave")
        first = app.wait(lambda v: "camera" in v, "the replay's 3D view")
        end = app.wait(lambda v: v["paused"] == [1], "the replay's end (paused)")
        check(end["time"][0] > 0.3, "the window replayed %s in 3D up to %.3f s and paused"
              % (script, end["time"][0]))
        check(app.quit() == 0, "pbd-cloth exits with status 0")
        window_hash = summary_hash(app.stderr)
        check(window_hash == sim_hash, "pbd-cloth --replay %s ends in the window with pbd-sim's "
              "hash (%s, pbd-sim's %s)" % (os.path.basename(script), window_hash, sim_hash))
        finished = [line for line in app.stderr.splitlines() if "finished at step" in line]
        check(finished and finished[0].endswith("positions hash " + sim_hash),
              "and says so: %s" % finished)

elif case == "ball":
    start, radius = (0.5, -0.5, 1.5), 0.3
    rec = os.path.join(out, "ball.txt")
    app = App(binary, "--dimensions", "3", "--width", 10, "--height", 10, "--paused",
              "--ball", "%g,%g,%g,%g,1" % (start + (radius,)), "--record", rec, "--no-autosave")
    camera = Camera(wait_camera(app))
    press = tuple(round(v) for v in camera.pixel(start))
    origin, direction = camera.ray(press)
    # The test's own hit: the ray's first meeting with the ball's sphere.
    oc = sub(start, origin)
    along = dot(oc, direction)
    t = along - math.sqrt(radius ** 2 - (dot(oc, oc) - along ** 2))
    hit = add(origin, mul(t, direction))
    release = (press[0] + 70, press[1] - 40)
    drag(app, press, release)
    app.key("ctrl+z")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    with open(rec) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    verbs = [line[1] for line in lines]
    check("grab-ball" in verbs and "move-ball" in verbs and "release-ball" in verbs
          and verbs[-2:] == ["undo", "end"], "the drag is recorded as grab-ball, move-ball, "
          "release-ball, then undo (%s)" % " ".join(verbs[-6:]))
    grabbed = [float(v) for v in lines[verbs.index("grab-ball")][3:6]]
    moved = [float(v) for v in [line for line in lines if line[1] == "move-ball"][-1][2:5]]
    check(norm(sub(grabbed, start)) < 1e-12, "grab-ball holds the ball where it is")
    goal = add(plane_point(*camera.ray(release), hit, mul(-1.0, camera.forward)), sub(start, hit))
    check(norm(sub(moved, goal)) < 1e-6, "the ball's centre went where the release's ray meets "
          "the plane through the press's hit facing the camera, keeping its offset (%.2g m off)"
          % norm(sub(moved, goal)))
    check(abs(dot(sub(moved, start), camera.forward)) < 1e-9 and norm(sub(moved, start)) > 0.1,
          "it moved %.3f m, along the camera-facing plane" % norm(sub(moved, start)))
    state_file = os.path.join(out, "ball.json")
    # (--dimensions 3: the recording's scene file, which holds the ball, is a 3D scene)
    status, _, err = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "run",
                         "--dimensions", "3", "--events", rec, "--save", state_file, "--out",
                         os.devnull)
    check(status == 0, "pbd-sim replays the recording (%s)" % err.strip()[-300:])
    with open(state_file) as f:
        ball = json.load(f)["balls"][0]
    back = (ball["x"], ball["y"], ball["z"])
    check(norm(sub(back, start)) < 1e-12, "undo put the ball back where it was (%s)" % (back,))

elif case == "framed":
    listing = run(os.path.join(os.path.dirname(binary), "pbd-sim"), "scenes")[1]
    scenes = [line.split()[0] for line in listing.splitlines() if " 3D " in line]
    check(len(scenes) >= 6, "pbd-sim lists the 3D scenes (%s)" % ", ".join(scenes))
    shots = os.environ.get("PBD_E2E_SHOTS", out)
    for scene in scenes:
        view_file, state_file = (os.path.join(out, scene + n) for n in (".view", ".state"))
        status, _, err = run(binary, "--scene", scene, "--paused", "--frames", "1",
                             "--view-out", view_file, "--state-out", state_file,
                             "--screenshot", os.path.join(shots, scene + ".png"))
        if status != 0:
            fail("pbd-cloth --scene %s exited with %d: %s" % (scene, status, err))
        ok, where = framed(Camera(read_view(view_file)), read_state(state_file))
        check(ok, "%s opens framed: %s" % (scene, where))

elif case == "follow":
    view_file, state_file = (os.path.join(out, "follow" + n) for n in (".view", ".state"))
    app = App(binary, "--scene", "tablecloth-3d", "--view-out", view_file, "--state-out",
              state_file, "--no-autosave")
    wait_camera(app)
    app.key("f")
    app.run_for(7.0)
    app.key("space")
    app.wait(lambda v: v["paused"] == [1], "the pause")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    camera = Camera(read_view(view_file))
    x = read_state(state_file)
    pixels, inside = box_pixels(camera, x)
    w, h = camera.size
    check(inside,
          "after F the view follows the swept cloth: at %.1f s its box projects within x "
          "%.0f..%.0f of %.0f, y %.0f..%.0f of %.0f (cloth x %.2f..%.2f m)"
          % (read_view(view_file)["time"][0], min(p[0] for p in pixels),
             max(p[0] for p in pixels), w, min(p[1] for p in pixels),
             max(p[1] for p in pixels), h, min(p[0] for p in x), max(p[0] for p in x)))

else:
    fail("unknown case " + case)
