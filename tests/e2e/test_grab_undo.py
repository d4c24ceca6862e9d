#!/usr/bin/env python3
"""The hand-sized grab, undo and redo, and the fold hint in the window (issue 22):

case tear:   --grab-radius 0.6 --tear-strain 0.2: a left drag from the bottom-right corner
             (pressed while paused, so that the cloth lies on its grid) pulled far to the right
             holds every particle within 0.6 m and opens a rip: the
             state saved with Ctrl+S holds a piece of more than 10 particles that no live
             constraint joins to the rest of the cloth.
case undo:   paused, Ctrl+S saves the state; a Ctrl+drag cut; running again, the halves fall
             apart; paused, Ctrl+Z gives back the constraint count and the exact positions (the
             state saved again holds the first one's bytes, its FNV-1a hash is the first one's);
             Ctrl+Shift+Z redoes the cut (the constraints it removed are gone again, nothing
             moved).
case replay: --record with an area grab, a throw, Ctrl+Z, a cut, Ctrl+Z and Ctrl+Shift+Z:
             `pbd-sim run --events` ends with the app's exit hash.
case fold:   the issue's fling (the bottom-right particle pulled to (20, -3) over 2 s and
             released) leaves cells folded over; the message place shows the fold hint (a
             probe run's --view-out has its rectangle); its button, clicked in a second run,
             turns Area stiffness on and no cell is folded 10 s of simulated time later."""

import base64
import json
import os
import re
import struct
import subprocess
import sys
import time

from e2e import (App, app_binary, check, fail, page_view, poll, read_state, read_view, workdir,
                 world_to_screen, xdo)

binary = app_binary()
if len(sys.argv) < 4 or not os.path.exists(sys.argv[2]):
    fail("usage: test_grab_undo.py PATH/TO/pbd-cloth PATH/TO/pbd-sim CASE")
sim, case = sys.argv[2], sys.argv[3]
out = workdir()
os.chdir(out)  # Ctrl+S saves pbd-cloth-state.json here
W, H = 40, 30
ALL = (W - 1) * H + W * (H - 1) + 2 * (W - 1) * (H - 1)  # 4592 constraints
HASH = re.compile(r"hash ([0-9a-f]{16})")
SAVED = os.path.join(out, "pbd-cloth-state.json")


def paused(app, state=True):
    """Waits until the view says the app is paused (`state`) or running."""
    app.wait(lambda v: v["paused"] == [1 if state else 0], "paused" if state else "running")


def fnv(data):
    """FNV-1a 64 of bytes: pbd-sim's positions hash over the little-endian doubles."""
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def saved_state():
    """The state file Ctrl+S wrote (waits for it), parsed, with the positions' bytes."""
    def load():
        try:
            with open(SAVED) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None
    state = poll(load, "Ctrl+S's state file " + SAVED)
    os.remove(SAVED)
    return state, base64.b64decode(state["position"])


def pieces(state):
    """Sizes of the pieces the live constraints hold together, largest first."""
    cons = [(i * W + j, i * W + j + 1) for i in range(H) for j in range(W - 1)]
    cons += [(i * W + j, (i + 1) * W + j) for i in range(H - 1) for j in range(W)]
    for i in range(H - 1):
        for j in range(W - 1):
            cons += [(i * W + j, (i + 1) * W + j + 1), (i * W + j + 1, (i + 1) * W + j)]
    removed = set(state["removed"])
    parent = list(range(W * H))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a
    for k, (a, b) in enumerate(cons):
        if k not in removed:
            parent[find(a)] = find(b)
    sizes = {}
    for p in range(W * H):
        sizes[find(p)] = sizes.get(find(p), 0) + 1
    return sorted(sizes.values(), reverse=True)


def folded(positions):
    """Cells whose quad (i, j), (i+1, j), (i+1, j+1), (i, j+1) has a negative signed area."""
    n = 0
    for i in range(H - 1):
        for j in range(W - 1):
            q = [positions[i * W + j], positions[(i + 1) * W + j],
                 positions[(i + 1) * W + j + 1], positions[i * W + j + 1]]
            area = sum(q[k][0] * q[(k + 1) % 4][1] - q[(k + 1) % 4][0] * q[k][1]
                       for k in range(4))
            n += area < 0
    return n


def exit_hash(stderr):
    lines = [l for l in stderr.splitlines() if "frames of" in l]
    if not lines or not HASH.search(lines[-1]):
        fail("no exit summary with a hash: " + stderr)
    return HASH.search(lines[-1]).group(1)


def corner_drag(app, to_world, seconds, radius=None, resume=False):
    """Left-drags from the bottom-right particle to `to_world` over `seconds` of simulated
    time (each step waits on the view's time, so the pull is as fast for the cloth on any
    machine), then lets go (`resume`: the app started paused, where the cloth lies on its
    grid; Space after the press)."""
    _, ox, oy, zoom = page_view(app.width, app.height)
    start = world_to_screen((ox, oy), zoom, (7.8, -5.8) if radius is None else (7.6, -5.6))
    end = world_to_screen((ox, oy), zoom, to_world)
    app.move(*start)
    xdo("mousedown", 1)
    app.sync(2)
    if resume:
        app.key("space", frames=1)
    t0 = app.wait(lambda v: v["paused"] == [0], "running")["time"][0]
    steps = max(1, int(seconds / 0.1))
    for k in range(1, steps + 1):
        t = k / steps
        app.move(start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]),
                 frames=1)
        app.wait(lambda v: v["time"][0] >= t0 + t * seconds - 1e-9,
                 "%.2f s of simulated time into the drag" % (t * seconds))
    xdo("mouseup", 1)
    app.sync(2)


if case == "tear":
    # Pressed on the grid, paused (a hanging cloth swings: where its corner is at the press
    # depends on the frame rate), then pulled with gravity on.
    app = App(binary, "--grab-radius", 0.6, "--tear-strain", 0.2, "--paused")
    corner_drag(app, (16.0, -5.6), 1.5, radius=0.6, resume=True)
    app.run_for(0.5)
    app.key("space")
    paused(app)
    app.key("ctrl+s")
    state, _ = saved_state()
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    sizes = pieces(state)
    check(len(sizes) >= 2 and sizes[1] > 10,
          "the rip freed a piece of more than 10 particles (pieces %s, %d constraints removed)"
          % (sizes[:6], len(state["removed"])))
    check(sizes[0] > 1000, "the rest holds together (%d particles)" % sizes[0])
elif case == "undo":
    view_file = os.path.join(out, "view.txt")
    app = App(binary, "--view-out", view_file, "--frames", 100000)  # (the exit summary)
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    app.run_for(0.5)
    app.key("space")  # paused: the state to come back to
    paused(app)
    app.key("ctrl+s")
    first, first_bytes = saved_state()
    x = 3.9  # between columns 19 and 20: the cloth hangs symmetrically about it
    app.knife(world_to_screen((ox, oy), zoom, (x, 1.0)), world_to_screen((ox, oy), zoom, (x, -9.0)))
    app.move(200, 850)
    app.key("space")
    paused(app, False)
    app.run_for(1.0)  # the halves fall apart
    app.key("space")
    paused(app)
    app.key("ctrl+z")
    app.key("ctrl+s")
    back, back_bytes = saved_state()
    check(back["removed"] == [] and first["removed"] == [],
          "after Ctrl+Z no constraint is removed: all %d are back" % ALL)
    check(back_bytes == first_bytes and fnv(back_bytes) == fnv(first_bytes),
          "Ctrl+Z gives back the exact positions (hash %s, time %.3f s)" % (fnv(back_bytes), back["time"]))
    check(back["time"] == first["time"] and back["velocity"] == first["velocity"],
          "and the time and velocities of that moment")
    app.key("ctrl+shift+z")
    app.wait(lambda v: v["constraints"][0] < ALL, "the cut redone")
    status = app.quit()
    check(status == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    crossing = H + 2 * (H - 1)
    check(view["constraints"][0] == ALL - crossing,
          "Ctrl+Shift+Z redoes the cut: %d constraints (%d removed)" % (view["constraints"][0], crossing))
    check(exit_hash(app.stderr) == fnv(first_bytes),
          "the redone cut moved nothing: the exit hash is the saved one (%s)" % fnv(first_bytes))
elif case == "replay":
    rec = os.path.join(out, "rec.txt")
    app = App(binary, "--record", rec, "--grab-radius", 0.5, "--tear-strain", 0.5)
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    corner_drag(app, (10.0, -4.0), 0.8, radius=0.5)
    app.run_for(0.5)
    app.key("ctrl+z")
    app.run_for(0.3)
    app.knife(world_to_screen((ox, oy), zoom, (2.9, 1.0)), world_to_screen((ox, oy), zoom, (2.9, -9.0)))
    app.move(200, 850)
    app.wait(lambda v: v["constraints"][0] < ALL, "the cut")
    app.run_for(0.3)
    app.key("ctrl+z")
    app.wait(lambda v: v["constraints"][0] == ALL, "the cut undone")
    app.run_for(0.2)
    app.key("ctrl+shift+z")
    app.wait(lambda v: v["constraints"][0] < ALL, "the cut redone")
    app.run_for(0.5)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    with open(rec) as f:
        script = f.read()
    for verb in (" grab ", " move ", " undo\n", " redo\n", " cut "):
        check(verb in script, "the recording has a%s line" % verb.rstrip())
    p = subprocess.run([sim, "run", "--events", rec, "--out", os.devnull],
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "pbd-sim run --events exits 0 (%s)" % p.stderr.strip())
    check(HASH.search(p.stderr).group(1) == exit_hash(app.stderr),
          "pbd-sim run replays the recording with undo and redo to the app's hash (%s)"
          % exit_hash(app.stderr))
elif case == "fold":
    # Real time at twice the wall clock; the drag is paced by simulated time and the hint is
    # waited for in the view (it shows after 2 simulated seconds of folds), so a loaded
    # machine running at a fraction of real time only takes longer. The probe run counts the
    # folded cells; the second run clicks the hint's button where its own view shows it.
    flags = ["--stepping", "realtime", "--speed", 2]
    probe_view = os.path.join(out, "probe.txt")
    probe_state = os.path.join(out, "probe-state.txt")
    app = App(binary, "--view-out", probe_view, "--state-out", probe_state, *flags)
    corner_drag(app, (20.0, -3.0), 4.0)
    app.move(200, 850)
    app.wait(lambda v: "fold-hint-button" in v["widget"], "the fold hint")
    check(app.quit() == 0, "the probe exits with status 0")
    view = read_view(probe_view)
    before = folded(read_state(probe_state))
    check(before > 50, "the fling left %d of %d cells folded over" % (before, (W - 1) * (H - 1)))
    check("fold-hint" in view["widget"] and "fold-hint-button" in view["widget"],
          "the message place shows the fold hint and its button")

    view_file = os.path.join(out, "view.txt")
    state_file = os.path.join(out, "state.txt")
    app = App(binary, "--view-out", view_file, "--state-out", state_file, *flags)
    corner_drag(app, (20.0, -3.0), 4.0)
    app.move(200, 850)
    view = app.wait(lambda v: "fold-hint-button" in v["widget"], "the fold hint")
    x0, y0, x1, y1 = view["widget"]["fold-hint-button"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2, frames=2)
    xdo("click", 1)
    app.wait(lambda v: v["settings"].get("areaStiffness") == 1e6, "Area stiffness on")
    app.move(200, 850)
    app.run_for(10.0)  # the cloth unfolds
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    view = read_view(view_file)
    check(view["settings"].get("areaStiffness") == 1e6,
          "the button turned Area stiffness on (%s N/m)" % view["settings"].get("areaStiffness"))
    after = folded(read_state(state_file))
    check(after == 0, "no cell is folded over 10 s later (%d)" % after)
    check("fold-hint" not in view["widget"], "and the hint is gone")
print("PASS")
