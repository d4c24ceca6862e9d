#!/usr/bin/env python3
"""Every "Things to try" line of the README shows what its words promise from its first
seconds (issue 35, item 3). The lines are read from README.md itself: each is run as the
README gives it (`scripts/run.sh FLAGS`: the app with FLAGS) for a counted number of frames,
and its comment picks the check; a line whose comment no check claims fails the test, so a
new line needs its check. The runs wait on the app's exit after --frames, never on the clock.

  top corners take the strain  --color-by strain: lines coloured by strain, and the most
                               strained 1% of the constraints lie within 1 m of a pinned corner
  XPBD                         the cloth stretches (its bottom below -8 m, the page's stays
                               above -6.1 m), and pbd-sim with 20 iterations gives the same
                               box within 5 cm: "whatever the iterations"
  pull hard and it tears       a bottom particle dragged 300 px down: constraints torn (the
                               view dump's count falls), the Plots section open
  90 000 particles             90 000 particles, the colored solver, all of them in the canvas
  cells filled                 the cloth's box on screen is at least 90% covered (lines alone
                               cover about half of it), and lines coloured by strain
  drapes over a disc           no particle inside the disc (grown by thickness / 2) and no
                               constraint's line across it, at least 10 particles on its
                               surface, the free end hanging down its far side
  dropped on pegs              the strip rests at the pegs' height, the ball drawn
  flag                         the flag blown out downwind of its pole, the wind's arrow drawn
  blown out to the right       the mean x of the particles at least 1 m right of where the same
                               flags without the wind leave it (pbd-sim, as many steps)
  onto a sphere                (3D) no particle inside the scene's sphere (grown by thickness
                               / 2), at least 10 resting on it, the sheet hanging down its
                               sides below its centre, none below the ground"""

import json
import math
import os
import shlex
import subprocess
import sys

from e2e import (App, app_binary, check, fail, read_png, read_state, read_view, run, workdir,
                 world_to_screen, xdo)

binary = os.path.abspath(app_binary())
pbd_sim = os.path.abspath(sys.argv[2])
readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")
out = workdir()
shot, view_file, state_file = (os.path.join(out, n) for n in ("shot.png", "view.txt", "state.txt"))
# Every frame takes its 8 steps, however loaded the machine: frames count simulated time.
env = dict(os.environ, PBD_STEP_BUDGET_MS="10000")
STEPS_PER_FRAME = 8


def things_to_try():
    """(flags, comment) of each `scripts/run.sh` line in the README's "Things to try"."""
    with open(readme) as f:
        text = f.read()
    section = text.split("## Things to try", 1)[1].split("\n## ", 1)[0]
    lines = []
    for line in section.splitlines():
        line = line.strip()
        if line.startswith("scripts/run.sh"):
            command, _, comment = line.partition("#")
            lines.append((shlex.split(command)[1:], comment.strip()))
    return lines


def flag(flags, name, default=None):
    return flags[flags.index(name) + 1] if name in flags else default


def launch(flags, frames, *extra):
    """Runs the app with the line's flags for `frames` frames; returns (view, positions)."""
    status, _, err = run(binary, *flags, "--frames", frames, "--no-autosave", "--view-out",
                         view_file, "--state-out", state_file, *extra, env=env, timeout=300)
    check(status == 0, "pbd-cloth %s exits with status 0 (%s)" % (" ".join(flags),
                                                                    err.strip()[-300:]))
    return read_view(view_file), read_state(state_file)


def sim(flags, steps):
    """pbd-sim run's positions for the settings among `flags` after `steps` steps."""
    keep, i = [], 0
    while i < len(flags):
        if flags[i] in ("--color-by", "--draw", "--plots"):
            i += 1 if flags[i] == "--plots" else 2
            continue
        keep.append(flags[i])
        i += 1
    result = subprocess.run([pbd_sim, "run", *keep, "--steps", str(steps)],
                            capture_output=True, text=True, check=True)
    return [tuple(float(v) for v in line.split()) for line in result.stdout.splitlines() if line]


def screen(view, p):
    return world_to_screen(tuple(view["origin"]), view["zoom"][0], p)


def in_canvas(view, positions):
    x0, y0, w, h = view["canvas"]
    return [p for p in positions
            if x0 <= screen(view, p)[0] <= x0 + w and y0 <= screen(view, p)[1] <= y0 + h]


def grid_constraints(width, height):
    """(a, b) of the grid's horizontal and vertical neighbours (rest 0.2 m)."""
    pairs = [(i * width + j, i * width + j + 1) for i in range(height) for j in range(width - 1)]
    pairs += [(i * width + j, (i + 1) * width + j) for i in range(height - 1) for j in range(width)]
    return pairs


def strain_line(flags, comment):
    view, positions = launch(flags, 60)
    check(view["colorby"] == "strain", "%s: the lines are coloured by strain" % comment)
    strains = sorted(((math.dist(positions[a], positions[b]) - 0.2) / 0.2, a, b)
                     for a, b in grid_constraints(40, 30))
    top = strains[-len(strains) // 100:]
    corners = [(0.0, 0.0), (7.8, 0.0)]
    near = sum(1 for _, a, b in top
               if min(math.dist(positions[a], c) for c in corners) < 1.0)
    check(near == len(top), "%s: the %d most strained constraints (strain %.3f to %.3f) lie "
          "within 1 m of a pinned corner (%d do)" % (comment, len(top), top[0][0], top[-1][0],
                                                     near))


def xpbd_line(flags, comment):
    view, positions = launch(flags, 60)
    lowest = min(p[1] for p in positions)
    page_lowest = min(p[1] for p in sim([], 60 * STEPS_PER_FRAME))
    check(lowest < -8.0 and page_lowest > -6.1, "%s: the cloth stretches to y = %.2f m (the "
          "page's rigid cloth to %.2f m)" % (comment, lowest, page_lowest))
    many = sim(flags + ["--iterations", "20"], 60 * STEPS_PER_FRAME)
    box = lambda ps: (min(p[0] for p in ps), min(p[1] for p in ps), max(p[0] for p in ps),
                      max(p[1] for p in ps))
    gap = max(abs(a - b) for a, b in zip(box(positions), box(many)))
    check(gap < 0.05, "%s: with 20 iterations the cloth's box is the same within 5 cm (%.4f m)"
          % (comment, gap))
    check(len(in_canvas(view, positions)) == len(positions), "%s: the stretched cloth is in "
          "the canvas" % comment)


def tear_line(flags, comment):
    app = App(binary, *flags, "--frames", 240, "--no-autosave", "--view-out", view_file,
              "--state-out", state_file, env=env, settle=0)
    # The page's view: the bottom row's middle particle (19, row 29) at (3.8, -5.8) m.
    canvas = app.width - round(0.25 * app.width)
    origin, zoom = (canvas / 2.0, app.height / 2.0 - 200.0), 50.0
    x, y = world_to_screen(origin, zoom, (3.8, -5.8))
    app.move(x, y, frames=0)
    xdo("mousedown", 1)
    for k in range(1, 11):
        app.move(x, y + 30 * k, frames=0)
    try:
        _, err = app.proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        app.proc.kill()
        fail("pbd-cloth did not end after its frames")
    finally:
        xdo("mouseup", 1)
    check(app.proc.returncode == 0, "%s: exits with status 0 (%s)" % (comment, err.strip()[-300:]))
    view = read_view(view_file)
    check(view["constraints"][0] < 4592, "%s: pulled 300 px down, the cloth tore (%d of 4592 "
          "constraints left)" % (comment, view["constraints"][0]))
    check(view["plots"][0] == 1, "%s: the Plots section is open" % comment)


def big_line(flags, comment):
    view, positions = launch(flags, 20)
    check(len(positions) == 90000, "%s: %d particles" % (comment, len(positions)))
    check(view["solver"] == "colored", "%s: the colored solver runs" % comment)
    shown = len(in_canvas(view, positions))
    check(shown == len(positions), "%s: all of them in the canvas (%d)" % (comment, shown))


def filled_line(flags, comment):
    view, positions = launch(flags, 60, "--screenshot", shot)
    check(view["colorby"] == "strain", "%s: coloured by strain" % comment)
    width, height, rows = read_png(shot)
    scale = width / view["window"][0]
    # The cloth's middle third on screen, away from its sagging edges.
    xs = sorted(screen(view, p)[0] for p in positions)
    ys = sorted(screen(view, p)[1] for p in positions)
    x0, x1 = xs[len(xs) // 3], xs[2 * len(xs) // 3]
    y0, y1 = ys[len(ys) // 3], ys[2 * len(ys) // 3]
    total = covered = 0
    for y in range(int(y0 * scale), int(y1 * scale)):
        for x in range(int(x0 * scale), int(x1 * scale)):
            total += 1
            covered += any(abs(c - 0xEE) > 6 for c in rows[y][x])
    check(total > 1000 and covered >= 0.9 * total, "%s: the cells are filled (%d of %d pixels "
          "of the cloth's middle covered)" % (comment, covered, total))


def disc_line(flags, comment):
    view, positions = launch(flags, 120)
    thickness = float(flag(flags, "--thickness", 0))
    disc = [o.split(":", 1)[1] for o in flags[1:] if o.startswith("circle:")][0]
    cx, cy, r = (float(v) for v in disc.split(","))
    distances = [math.dist(p, (cx, cy)) for p in positions]
    check(min(distances) >= r + thickness / 2 - 1e-3, "%s: no particle inside the disc (the "
          "nearest %.4f m from its centre; radius %.3f m)" % (comment, min(distances), r))
    width, height = int(flag(flags, "--width", 40)), int(flag(flags, "--height", 30))

    def segment_distance(a, b):
        ab = (b[0] - a[0], b[1] - a[1])
        t = ((cx - a[0]) * ab[0] + (cy - a[1]) * ab[1]) / max(ab[0] ** 2 + ab[1] ** 2, 1e-12)
        t = max(0.0, min(1.0, t))
        return math.dist((a[0] + t * ab[0], a[1] + t * ab[1]), (cx, cy))

    across = sum(1 for a, b in grid_constraints(width, height)
                 if segment_distance(positions[a], positions[b]) < r - 0.01)
    check(across == 0, "%s: no constraint's line crosses the disc (%d do)" % (comment, across))
    touching = sum(1 for d in distances if d < r + thickness + 0.05)
    check(touching >= 10, "%s: %d particles rest on the disc" % (comment, touching))
    hanging = [p for p in positions if p[0] > cx and p[1] < cy]
    check(len(hanging) >= 4, "%s: the free end hangs down the disc's far side (%d particles "
          "right of and below its centre)" % (comment, len(hanging)))
    check(len(in_canvas(view, positions)) == len(positions), "%s: the strip is in the canvas"
          % comment)


def pegs_line(flags, comment):
    view, positions = launch(flags, 90, "--screenshot", shot)
    ys = [p[1] for p in positions]
    check(min(ys) > -1.6 and max(ys) < -0.9, "%s: the strip rests at the pegs' height (y %.2f "
          "to %.2f m; the pegs at -1.2 to -1.3 m)" % (comment, min(ys), max(ys)))
    width, _, rows = read_png(shot)
    scale = width / view["window"][0]
    ball = sum(1 for row in rows for rgb in row[:int(view["canvas"][2] * scale)]
               if abs(rgb[0] - 0xD0) < 12 and abs(rgb[1] - 0x8A) < 12 and abs(rgb[2] - 0x6A) < 12)
    check(ball > 100, "%s: the ball is drawn (%d terracotta pixels)" % (comment, ball))


def flag_line(flags, comment):
    view, positions = launch(flags, 90, "--screenshot", shot)
    reach = max(p[0] for p in positions)
    check(reach > 2.0, "%s: the flag is blown out downwind, to x = %.2f m" % (comment, reach))
    width, _, rows = read_png(shot)
    scale = width / view["window"][0]
    canvas_w = int(view["canvas"][2] * scale)
    arrow = sum(1 for row in rows[:int(120 * scale)] for rgb in row[canvas_w - int(160 * scale):canvas_w]
                if rgb[2] > 150 and rgb[0] < 90)
    check(arrow > 50, "%s: the wind's arrow is drawn top right (%d blue pixels)" % (comment, arrow))


def wind_line(flags, comment):
    frames = 60
    view, positions = launch(flags, frames)
    calm = [f for i, f in enumerate(flags)
            if f not in ("--air-drag", "--wind-x", "--gusts")
            and (i == 0 or flags[i - 1] not in ("--air-drag", "--wind-x", "--gusts"))]
    still = sim(calm, frames * STEPS_PER_FRAME)
    mean = sum(p[0] for p in positions) / len(positions)
    calm_mean = sum(p[0] for p in still) / len(still)
    check(mean - calm_mean >= 1.0, "%s: after %d frames the particles' mean x is %.2f m, %.2f m "
          "right of where the same cloth without wind has it (%.2f m)"
          % (comment, frames, mean, mean - calm_mean, calm_mean))
    check(len(in_canvas(view, positions)) == len(positions), "%s: the cloth is in the canvas"
          % comment)


def sphere_line(flags, comment):
    _, positions = launch(flags, 150)
    scene_file = os.path.join(out, "scene.json")
    subprocess.run([pbd_sim, "run", *flags, "--steps", "0", "--save", scene_file, "--out",
                    os.devnull], capture_output=True, check=True)
    with open(scene_file) as f:
        saved = json.load(f)
    sphere = [o for o in saved["obstacles"] if o["shape"] == "sphere"][0]
    ground = [o for o in saved["obstacles"] if o["shape"] == "ground"][0]
    centre, r = (sphere["x"], sphere["y"], sphere["z"]), sphere["radius"]
    thickness = saved["settings"]["thickness"]
    distances = [math.dist(p, centre) for p in positions]
    check(min(distances) >= r + thickness / 2 - 1e-3, "%s: no particle inside the sphere (the "
          "nearest %.4f m from its centre; radius %.3f m)" % (comment, min(distances), r))
    touching = sum(1 for d in distances if d < r + thickness + 0.05)
    check(touching >= 10, "%s: %d particles rest on the sphere" % (comment, touching))
    lowest = min(p[1] for p in positions)
    check(lowest < centre[1] - 0.3 and lowest >= ground["y"] - 1e-3,
          "%s: the sheet hangs down the sphere's sides to y = %.2f m (its centre at %.2f, the "
          "ground at %.2f)" % (comment, lowest, centre[1], ground["y"]))


CHECKS = [("top corners take the strain", strain_line), ("XPBD", xpbd_line),
          ("pull hard and it tears", tear_line), ("90 000 particles", big_line),
          ("cells filled", filled_line), ("drapes over a disc", disc_line),
          ("dropped on pegs", pegs_line), ("flag", flag_line),
          ("blown out to the right", wind_line), ("onto a sphere", sphere_line)]

lines = things_to_try()
check(len(lines) >= len(CHECKS), "the README has %d Things to try lines" % len(lines))
for flags, comment in lines:
    chosen = [c for key, c in CHECKS if key in comment]
    if len(chosen) != 1:
        fail("README line '%s': %d checks claim it (each line needs exactly one)"
             % (comment, len(chosen)))
    print("== scripts/run.sh %s  # %s" % (" ".join(flags), comment))
    chosen[0](flags, comment)
