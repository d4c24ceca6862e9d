#!/usr/bin/env python3
"""The world in the window (issue 24, items 4 and 5), driven with xdotool.

case drag:  a circle (--obstacle circle:-2,-3,0.5) pressed at its centre, where no particle
            is within 10 px, is dragged into the middle of the hanging cloth and held there:
            it follows the cursor and pushes the cloth aside; after the drag no particle is
            inside it grown by thickness / 2 (--state-out, the circle's centre from the
            cursor's last position).
case scene NAME: --scene NAME runs 5 simulated seconds (125 frames of 8 steps) and the
            screenshot shows each of its obstacles (pbd-sim run --scene NAME --steps N --save gives
            them): no canvas background (#EEEEEE) at a circle's, box's or capsule's centre
            or just below a ground's line.
case ball:  paused, a ball (--ball -2,1.5,0.3,0.5) is grabbed and thrown onto the top of the
            cloth hung by its two top corners, then the run resumes: the state
            saved with Ctrl+S after 6 simulated seconds holds the ball at rest (under 1 cm/s) above the cloth's top
            edge, between the pins: caught."""

import base64
import json
import math
import os
import struct
import subprocess
import sys
import time

from e2e import (App, app_binary, check, page_view, poll, read_png, read_state, read_view, run,
                 screen_to_world, workdir, world_to_screen, xdo)

binary = os.path.abspath(app_binary())
case = sys.argv[2]
pbd_sim = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else None
out = workdir()
os.chdir(out)  # Ctrl+S writes pbd-cloth-state.json here
BACKGROUND = (0xEE, 0xEE, 0xEE)
# Every frame takes its 8 steps, however loaded the machine.
env = dict(os.environ, PBD_STEP_BUDGET_MS="10000")


def near(rgb, colour, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, colour))


def drag_case():
    state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
    thickness, radius = 0.05, 0.5
    app = App(binary, "--obstacle", "circle:-2,-3,%g" % radius, "--thickness", thickness,
              "--no-autosave", "--state-out", state_file, "--view-out", view_file, env=env)
    _, ox, oy, zoom = page_view(app.width, app.height)
    press = tuple(round(v) for v in world_to_screen((ox, oy), zoom, (-2.0, -3.0)))
    offset = tuple(c - w for c, w in zip((-2.0, -3.0), screen_to_world((ox, oy), zoom, press)))
    target = tuple(round(v) for v in world_to_screen((ox, oy), zoom, (3.9, -3.0)))
    app.move(*press)
    xdo("mousedown", 1)
    app.glide(press, target, steps=30)
    app.run_for(1.0)  # held in the middle of the cloth while it runs
    xdo("mouseup", 1)
    app.sync(3)
    status = app.quit()
    check(status == 0, "pbd-cloth exits with status 0 after Ctrl+Q")
    view = read_view(view_file)
    check(view["origin"] == [ox, oy] and view["zoom"] == [zoom], "the view stayed the page's")
    centre = tuple(w + o for w, o in zip(screen_to_world((ox, oy), zoom, target), offset))
    positions = read_state(state_file)
    grown = radius + thickness / 2
    inside = [i for i, p in enumerate(positions) if math.dist(p, centre) < grown - 1e-9]
    closest = min(math.dist(p, centre) for p in positions)
    check(not inside, "no particle is inside the dragged circle grown by thickness / 2 "
          "(centre (%.4f, %.4f), %.3f m; closest particle at %.6f m; inside: %s)"
          % (centre[0], centre[1], grown, closest, inside[:10]))
    # The circle went through the cloth: particles lie on its surface, pushed aside.
    touching = sum(1 for p in positions if math.dist(p, centre) < grown + 0.05)
    check(touching >= 5, "the cloth rests against the circle where it was dropped (%d "
          "particles within 5 cm of its surface)" % touching)


def scene_case(name, pbd_sim):
    shot, view_file = os.path.join(out, "shot.png"), os.path.join(out, "view.txt")
    status, _, err = run(binary, "--scene", name, "--frames", 125, "--no-autosave",
                         "--screenshot", shot, "--view-out", view_file, env=env, timeout=240)
    check(status == 0, "pbd-cloth --scene %s exits with status 0 (stderr: %s)"
          % (name, err.strip()))
    width, height, rows = read_png(shot)
    view = read_view(view_file)
    # Where pbd-sim has the obstacles after as many steps (the sweep's bar moves on its own).
    steps = round(view["time"][0] / view["settings"]["timeStep"])
    saved = os.path.join(out, "scene.json")
    subprocess.run([pbd_sim, "run", "--scene", name, "--steps", str(steps), "--save", saved,
                    "--out", os.devnull], check=True, capture_output=True)
    with open(saved) as f:
        obstacles = json.load(f).get("obstacles", [])  # none: left out
    scale = width / view["window"][0]
    origin, zoom = tuple(view["origin"]), view["zoom"][0]
    cx0, cy0, cw, ch = view["canvas"]

    def pixel(world):
        x, y = world_to_screen(origin, zoom, world)
        if not (cx0 + 2 <= x < cx0 + cw - 2 and cy0 + 2 <= y < cy0 + ch - 2):
            return None
        return rows[round(y * scale)][round(x * scale)]

    shown = 0
    for o in obstacles:
        if o["shape"] == "ground":
            # Just below its line, at the canvas's centre.
            mid_x = screen_to_world(origin, zoom, (cx0 + cw / 2, 0))[0]
            t = math.radians(o["angle"])
            y = o["y"] + (mid_x - o["x"]) * math.tan(t) - 0.1 / max(math.cos(t), 1e-3)
            point = (mid_x, y)
        elif o["shape"] == "capsule":
            point = ((o["x1"] + o["x2"]) / 2, (o["y1"] + o["y2"]) / 2)
        else:
            point = (o["x"], o["y"])
        rgb = pixel(point)
        if rgb is None:
            print("obstacle %s at %s is off the canvas" % (o["shape"], point))
            continue
        check(not near(rgb, BACKGROUND), "scene %s: the %s at (%.2f, %.2f) is drawn (%s)"
              % (name, o["shape"], point[0], point[1], rgb))
        shown += 1
    if obstacles:
        check(shown >= max(1, len(obstacles) - 1),
              "scene %s: %d of its %d obstacles checked on the canvas"
              % (name, shown, len(obstacles)))
    drawn = sum(1 for y in range(0, height, 4) for x in range(0, round(cw * scale), 4)
                if not near(rows[y][x], BACKGROUND, 8))
    check(drawn > 50, "scene %s: the canvas shows more than its background (%d samples)"
          % (name, drawn))
    print("scene %s: %d obstacles, %d shown; screenshot %s" % (name, len(obstacles), shown, shot))


def ball_case():
    view_file = os.path.join(out, "view.txt")
    app = App(binary, "--ball", "-2,1.5,0.3,0.5", "--paused", "--damping", 5, "--iterations", 10, "--friction", 0.5,
              "--no-autosave", "--view-out", view_file, env=env)
    _, ox, oy, zoom = page_view(app.width, app.height)
    press = world_to_screen((ox, oy), zoom, (-2.0, 1.5))
    app.move(*press)
    xdo("mousedown", 1)
    # Towards (2, 0.8) m, the top of the cloth's left half, in 10 quick moves.
    target = world_to_screen((ox, oy), zoom, (2.0, 0.8))
    for i in range(1, 11):
        t = i / 10
        app.move(press[0] + t * (target[0] - press[0]), press[1] + t * (target[1] - press[1]),
                 frames=0)
    app.sync(1)
    xdo("mouseup", 1)
    app.sync(1)
    xdo("key", "space")  # resume
    # 6 simulated seconds (the view's time), then the whole state saved with Ctrl+S.
    app.wait(lambda v: v["time"][0] >= 6.0, "6 s of simulated time", timeout=150)
    saved = os.path.join(out, "pbd-cloth-state.json")
    xdo("key", "ctrl+s")

    def load():
        try:
            with open(saved) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None
    state = poll(load, "Ctrl+S's state file")
    status = app.quit()
    check(status == 0, "pbd-cloth exits with status 0 after Ctrl+Q")
    check(state is not None and state["time"] >= 6.0, "6 simulated seconds passed (%s)"
          % (state and state["time"]))
    balls = state["balls"]
    check(len(balls) == 1, "the saved state holds the ball")
    ball = balls[0]
    speed = math.hypot(ball["vx"], ball["vy"])
    raw = base64.b64decode(state["position"])
    values = struct.unpack("<%dd" % (len(raw) // 8), raw)
    xs = list(zip(values[0::2], values[1::2]))
    print("ball", ball, "time", state["time"])
    check(speed < 0.01, "the ball is at rest: %.4f m/s" % speed)
    check(0.0 < ball["x"] < 7.8, "the ball lies between the pins (x = %.3f m)" % ball["x"])
    # Above the cloth: every particle of the cloth within 0.3 m of the ball's x lies below it.
    below = [p for p in xs if abs(p[0] - ball["x"]) < 0.3]
    check(below and all(p[1] < ball["y"] for p in below),
          "the ball (y = %.3f m) rests above the cloth (%d particles under it)"
          % (ball["y"], len(below)))
    check(ball["y"] > -5.8, "the ball was caught, not dropped past the cloth (y = %.3f m)"
          % ball["y"])


if case == "drag":
    drag_case()
elif case == "scene":
    scene_case(sys.argv[3], pbd_sim)
else:
    ball_case()
print("PASS")
