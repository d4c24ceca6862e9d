#!/usr/bin/env python3
"""A session to restore (issue 23, item 3). Each case runs the app with a state folder of its
own (XDG_STATE_HOME) and the autosave's interval shortened to 0.5 s (PBD_AUTOSAVE_SECONDS).

case restore: a pin (Shift+click), a cut (Ctrl+drag) and a setting (Iterations typed into the
              panel), then `kill -9` once the autosave holds them. The next launch says so and
              the panel offers "Restore the session of HH:MM?"; nothing is loaded until
              Restore, which gives the autosave's state exactly (--state-out against the
              file's base64 positions, its cut constraints and its setting); quitting then
              leaves the folder empty.
case discard: the same left-over; Discard removes it and the cloth stays the fresh one.
case flag:    --restore restores without a question and says so on stdout; with nothing
              left over it says so and starts normally.
case clean:   while the app runs its autosave is there; Ctrl+Q removes it, and so does the
              end of a --frames run.
case relaunch: `kill -9`, and a launch at once, before the killed app is waited for, offers
              its session.
case space:   a 3D session (issue 40) autosaves as a 2D one does: killed with `kill -9`, it
              is offered by the next launch, a 2D one, whose Restore brings it back in 3D
              (the view dump's camera line) with the autosave's x y z positions exactly."""

import base64
import glob
import json
import os
import re
import signal
import struct
import sys
import tempfile
import time

from e2e import (App, app_binary, check, fail, page_view, poll, read_state, read_view, run, workdir,
                 world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "restore"
out = workdir()
state_home = tempfile.mkdtemp(prefix="pbd-e2e-autosave-")
folder = os.path.join(state_home, "pbd-cloth")
env = dict(os.environ, XDG_STATE_HOME=state_home, PBD_AUTOSAVE_SECONDS="0.5")
OFFER = re.compile(r"the session of (\d\d:\d\d) was not ended by quitting \((\S+)\): the panel "
                   r"offers to restore it")


def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def autosave_of(path):
    """(positions as (x, y) tuples, their hash, the JSON object) of a state file."""
    with open(path) as f:
        state = json.load(f)
    raw = base64.b64decode(state["position"])
    values = struct.unpack("<%dd" % (len(raw) // 8), raw)
    return list(zip(values[0::2], values[1::2])), fnv1a(raw), state


def positions3_of(state):
    """The (x, y, z) positions of a 3D state file's JSON object."""
    raw = base64.b64decode(state["position"])
    values = struct.unpack("<%dd" % (len(raw) // 8), raw)
    return list(zip(values[0::3], values[1::3], values[2::3]))


def positions_hash(positions):
    return fnv1a(b"".join(struct.pack("<dd", x, y) for x, y in positions))


def autosaves():
    return sorted(glob.glob(os.path.join(folder, "autosave-*.json")))


def wait_for(condition, timeout, what):
    poll(condition, what, max(timeout, 120))


def kill9(app):
    app.proc.send_signal(signal.SIGKILL)
    app.proc.communicate(timeout=30)
    check(app.proc.returncode == -signal.SIGKILL, "pbd-cloth was killed with SIGKILL")


def session_killed_with_changes():
    """Pins, cuts and sets a value, waits for the autosave to hold them, kills the app.
    Returns the left-over's path."""
    layout_file = os.path.join(out, "layout.txt")
    status, _, err = run(binary, "--frames", 5, "--view-out", layout_file, env=env)
    check(status == 0, "the layout probe exits with status 0 (%s)" % err.strip())
    check(autosaves() == [], "a run that quits leaves no autosave")
    widgets = read_view(layout_file)["widget"]
    app = App(binary, "--gravity", 0, env=env)
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    # Pin particle (row 20, column 10) where it is: Shift+click.
    app.move(*world_to_screen((ox, oy), zoom, (2.0, -4.0)))
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.sync(2)
    # Cut the cloth between columns 30 and 31, top to bottom.
    app.knife(world_to_screen((ox, oy), zoom, (6.1, 0.5)),
              world_to_screen((ox, oy), zoom, (6.1, -6.5)))
    # Iterations 7, typed into the panel.
    x0, y0, x1, y1 = widgets["iterations"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2)
    xdo("click", 1)
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 40, "7")
    xdo("key", "Return")
    app.move(200, 850)
    mine = os.path.join(folder, "autosave-%d.json" % app.proc.pid)

    def holds_changes():
        try:
            _, _, state = autosave_of(mine)
        except (OSError, ValueError, KeyError):
            return False  # not there yet (never half written: renamed into place)
        return (state["settings"]["iterations"] == 7 and len(state["removed"]) > 0 and
                len(state["pinned"]) > 2)
    wait_for(holds_changes, 20, "the autosave to hold the pin, the cut and the setting")
    # A few more autosaves while the cloth moves: the file replaced twice more.
    for _ in range(2):
        written = os.stat(mine).st_mtime_ns
        wait_for(lambda: os.stat(mine).st_mtime_ns != written, 20, "the next autosave")
    kill9(app)
    check(autosaves() == [mine], "the killed app's autosave is left over: " + mine)
    _, _, state = autosave_of(mine)
    return mine, state


if case in ("restore", "discard"):
    left, saved = session_killed_with_changes()
    saved_positions, saved_hash, _ = autosave_of(left)
    # A probe: the offer is in the panel, and quitting the probe leaves the left-over alone.
    probe_view = os.path.join(out, "probe.txt")
    status, stdout, err = run(binary, "--frames", 10, "--view-out", probe_view, env=env)
    check(status == 0, "the probe exits with status 0 (%s)" % err.strip())
    offered = OFFER.search(stdout)
    check(offered is not None and offered.group(2) == left,
          "the next launch says the session of HH:MM is offered: " + stdout.strip())
    probe = read_view(probe_view)
    for widget in ("restore-offer", "restore-session", "discard-session"):
        check(widget in probe["widget"], "the panel shows %s" % widget)
    check(probe["settings"]["iterations"] == 2, "and loaded nothing by itself (iterations 2)")
    check(autosaves() == [left], "the probe's quit left the left-over alone")

    state_out, view_out = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
    app = App(binary, "--paused", "--state-out", state_out, "--view-out", view_out, env=env)
    x0, y0, x1, y1 = probe["widget"]["restore-session" if case == "restore" else "discard-session"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2)
    xdo("click", 1)
    if case == "discard":
        wait_for(lambda: autosaves() == [], 20, "Discard to remove the left-over")
    else:
        app.wait(lambda v: v["settings"]["iterations"] == 7, "the session restored")
    app.move(200, 850)
    if case == "discard":
        check(autosaves() == [], "Discard removed the left-over")
    status = app.quit()
    err = app.stderr
    check(status == 0, "pbd-cloth exits with status 0")
    view = read_view(view_out)
    restored = read_state(state_out)
    if case == "restore":
        check(restored == saved_positions,
              "Restore gives the autosave's positions exactly: hash %s, autosave's %s"
              % (positions_hash(restored), saved_hash))
        check(view["settings"]["iterations"] == 7, "its setting (iterations 7)")
        total = 39 * 30 + 40 * 29 + 2 * 39 * 29
        check(view["constraints"] == [total - len(saved["removed"])],
              "and its cut: %d live constraints" % view["constraints"][0])
    else:
        fresh = read_state(state_out)
        check(fresh != saved_positions and fresh[0] == (0.0, 0.0) and
              view["settings"]["iterations"] == 2, "Discard loaded nothing: the fresh cloth")
    check(os.listdir(folder) == [], "quitting leaves the state folder empty: %s"
          % os.listdir(folder))
elif case == "flag":
    state_out = os.path.join(out, "none.txt")
    status, stdout, err = run(binary, "--restore", "--frames", 3, "--state-out", state_out,
                              env=env)
    check(status == 0, "--restore with nothing left over exits 0 (%s)" % err.strip())
    check("--restore: no session to restore in %s; starting normally" % folder in stdout,
          "and says so on stdout: " + stdout.strip())
    left, saved = session_killed_with_changes()
    saved_positions, saved_hash, _ = autosave_of(left)
    state_out, view_out = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
    status, stdout, err = run(binary, "--restore", "--paused", "--frames", 10, "--state-out",
                              state_out, "--view-out", view_out, env=env)
    check(status == 0, "--restore exits 0 (%s)" % err.strip())
    check(re.search(r"restored the session of \d\d:\d\d from " + re.escape(left), stdout)
          is not None, "--restore says what it restored: " + stdout.strip())
    view = read_view(view_out)
    check("restore-session" not in view["widget"], "without a question in the panel")
    check(read_state(state_out) == saved_positions,
          "and gives the autosave's positions exactly (hash %s)" % saved_hash)
    check(view["settings"]["iterations"] == 7, "its setting too")
    check(os.listdir(folder) == [], "its --frames end removed the restored autosave")
elif case == "clean":
    app = App(binary, env=env)
    mine = os.path.join(folder, "autosave-%d.json" % app.proc.pid)
    wait_for(lambda: os.path.exists(mine), 20, "the running app's autosave")
    check(True, "while it runs, the app autosaves to " + mine)
    status = app.quit()
    check(status == 0, "Ctrl+Q exits with status 0")
    check(autosaves() == [], "and removes the autosave")
    status, _, err = run(binary, "--frames", 120, env=env)
    check(status == 0 and autosaves() == [], "a --frames run's end removes its autosave too")
    check(re.search(r"autosave: \d+ snapshots", err) is not None,
          "(it did autosave: %s)" % [l for l in err.splitlines() if "autosave" in l])
    status, _, err = run(binary, "--no-autosave", "--frames", 120, env=env)
    check(status == 0 and "autosave:" not in err and
          (not os.path.exists(folder) or os.listdir(folder) == []), "--no-autosave writes nothing")
elif case == "relaunch":
    app = App(binary, env=env, settle=0)
    mine = os.path.join(folder, "autosave-%d.json" % app.proc.pid)
    wait_for(lambda: os.path.exists(mine), 20, "the running app's autosave")
    # Killed and relaunched at once: the killed app is not waited for yet (a zombie, as for a
    # script or launcher that reaps it late), and it runs no more.
    app.proc.send_signal(signal.SIGKILL)
    status, stdout, err = run(binary, "--frames", 10, env=env)
    app.proc.communicate(timeout=30)
    check(app.proc.returncode == -signal.SIGKILL, "pbd-cloth was killed with SIGKILL")
    check(status == 0, "the relaunch exits with status 0 (%s)" % err.strip())
    offered = OFFER.search(stdout)
    check(offered is not None and offered.group(2) == mine,
          "the relaunch right after the kill offers its session: " + stdout.strip())
elif case == "space":
    app = App(binary, "--dimensions", 3, "--width", 12, "--height", 10, env=env)
    mine = os.path.join(folder, "autosave-%d.json" % app.proc.pid)

    def holds_3d():
        try:
            _, _, state = autosave_of(mine)
        except (OSError, ValueError, KeyError):
            return False  # not there yet
        return state["settings"].get("dimensions") == 3 and state["time"] > 0.3
    wait_for(holds_3d, 20, "the 3D session's autosave")
    written = os.stat(mine).st_mtime_ns
    wait_for(lambda: os.stat(mine).st_mtime_ns != written, 20, "the next autosave")
    kill9(app)
    check(autosaves() == [mine], "the killed 3D app's autosave is left over: " + mine)
    with open(mine) as f:
        saved = json.load(f)
    saved_positions = positions3_of(saved)
    check(len(saved_positions) == 120 and saved["settings"]["dimensions"] == 3,
          "it holds the 3D cloth: %d particles in x y z" % len(saved_positions))
    state_out, view_out = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
    app = App(binary, "--paused", "--state-out", state_out, "--view-out", view_out, env=env)
    offer = app.wait(lambda v: "restore-session" in v["widget"] and "camera" not in v,
                     "the 2D window's offer")
    x0, y0, x1, y1 = offer["widget"]["restore-session"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2)
    xdo("click", 1)
    app.wait(lambda v: "camera" in v and "restore-session" not in v["widget"],
             "the session restored in 3D (the view dump's camera line)")
    app.move(200, 850)
    status = app.quit()
    check(status == 0, "pbd-cloth exits with status 0")
    restored = read_state(state_out)
    check(restored == saved_positions,
          "Restore gives the 3D autosave's x y z positions exactly (%d particles; first %s, "
          "the autosave's %s)" % (len(restored), restored[:1], saved_positions[:1]))
    check(os.listdir(folder) == [], "quitting leaves the state folder empty: %s"
          % os.listdir(folder))
else:
    fail("unknown case " + case)
print("PASS")
