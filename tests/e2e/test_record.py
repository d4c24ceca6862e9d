#!/usr/bin/env python3
"""Recording and playback in the window (issue 12), checked against pbd-sim:

case record: `pbd-cloth --record rec.txt` driven by xdotool (a Shift+click pin, a Ctrl+drag cut,
             a drag with a throw, Gravity typed into the panel), quit with Ctrl+Q. Then
             `pbd-sim run --events rec.txt` ends with the hash of the app's exit summary (and
             the positions of its --state-out, bit for bit); `pbd-cloth --replay rec.txt`
             plays it in the window, pauses at its end (the title says so) and exits with the
             same hash.
case keys:   Ctrl+R starts and stops a recording mid-run (from a fresh cloth) into the
             panel's default file in the working folder; pbd-sim reproduces the hash written
             at its end; Ctrl+S saves the state to pbd-cloth-state.json, which pbd-sim loads.
case flags:  --record and --replay refuse bad input: an empty name and both together (2), a
             script with a bad line (2, naming the line), a missing file (1, naming the file
             and the reason, as pbd-sim run --events), a folder that cannot be written (1)."""

import os
import re
import subprocess
import sys
import time

from e2e import (App, app_binary, check, fail, page_view, probe_layout, read_state, wait_file,
                 run, workdir, world_to_screen, xdo)

binary = app_binary()
if len(sys.argv) < 4 or not os.path.exists(sys.argv[2]):
    fail("usage: test_record.py PATH/TO/pbd-cloth PATH/TO/pbd-sim CASE")
sim, case = sys.argv[2], sys.argv[3]
out = workdir()
HASH = re.compile(r"hash ([0-9a-f]{16})")


def summary_hash(stderr):
    """The hash at the end of the exit summary ("pbd-cloth: N frames of ...")."""
    lines = [l for l in stderr.splitlines() if "frames of" in l]
    if not lines or not HASH.search(lines[-1]):
        fail("no exit summary with a hash: " + stderr)
    return HASH.search(lines[-1]).group(1)


def pbd_sim(script, positions):
    p = subprocess.run([sim, "run", "--events", script, "--out", positions],
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "pbd-sim run --events %s exits 0 (%s)" % (script, p.stderr.strip()))
    return HASH.search(p.stderr).group(1)


def key(name):
    app.key(name, frames=3)


if case == "record":
    layout, _ = probe_layout(binary, out)
    widgets = layout["widget"]
    rec, state = os.path.join(out, "rec.txt"), os.path.join(out, "state.txt")
    # Gravity 0 until the panel's change: the particles stay on their grid places until moved,
    # so that the pin and the knife find them there.
    app = App(binary, "--gravity", 0, "--record", rec, "--state-out", state)
    canvas, ox, oy, zoom = page_view(app.width, app.height)

    def click_widget(name):
        x0, y0, x1, y1 = widgets[name]
        app.move((x0 + x1) / 2, (y0 + y1) / 2)
        xdo("click", 1)
        app.sync(3)

    # A pin mid-cloth: particle (row 15, column 20).
    px, py = world_to_screen((ox, oy), zoom, (4.0, -3.0))
    app.move(px, py)
    xdo("keydown", "shift")
    xdo("click", 1)
    xdo("keyup", "shift")
    app.move(200, 850)
    # A knife across the upper rows, between columns 29 and 30.
    top = world_to_screen((ox, oy), zoom, (5.9, 0.5))
    bottom = world_to_screen((ox, oy), zoom, (5.9, -2.5))
    app.knife(top, bottom)
    app.move(200, 850)
    # A drag of the bottom-left particle, let go while moving (a throw).
    bx, by = world_to_screen((ox, oy), zoom, (0.0, -5.8))
    app.move(bx, by)
    xdo("mousedown", 1)
    app.glide((bx, by), (bx + 160, by - 60))
    app.glide((bx + 160, by - 60), (bx + 260, by - 120), steps=4)
    xdo("mouseup", 1)
    app.move(200, 850)
    # A settings change typed into the panel: gravity on.
    click_widget("gravity")
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 40, "--", "-9.81")
    key("Return")
    app.wait(lambda v: v["settings"]["gravity"] == -9.81, "gravity -9.81 taken")
    app.move(200, 850)
    app.run_for(0.5)
    check(app.quit() == 0, "pbd-cloth --record exits with status 0")
    app_hash = summary_hash(app.stderr)
    recorded = re.search(r"Recorded (\d+) steps to .*positions hash ([0-9a-f]{16})", app.stderr)
    check(recorded is not None and recorded.group(2) == app_hash,
          "at exit it says how many steps it recorded, with the summary's hash %s" % app_hash)
    with open(rec) as f:
        script = f.read()
    for word in [" drag ", " release ", " pin 620\n", " cut ", " set gravity -9.81\n", " end\n",
                 "0 set width 40\n", "0 restart\n"]:
        check(word in script, "the recording has %r" % word.strip())
    check(re.search(r"^\d+ release -?[0-9.e-]+ -?[0-9.e-]+$", script, re.M) is not None,
          "the release is a throw with a velocity")

    positions = os.path.join(out, "pbd-sim.txt")
    sim_hash = pbd_sim(rec, positions)
    check(sim_hash == app_hash, "pbd-sim run --events rec.txt ends with the app's hash (%s, app %s)"
          % (sim_hash, app_hash))
    check(read_state(positions) == read_state(state),
          "and with the app's --state-out positions, bit for bit")

    # The recording played in the window: it pauses at the end and ends where the app did.
    state2 = os.path.join(out, "state2.txt")
    player = App(binary, "--replay", rec, "--state-out", state2)
    player.wait(lambda v: v["paused"] == [1], "the replay's end (it pauses there)")
    check(player.quit() == 0, "pbd-cloth --replay exits with status 0")
    check(summary_hash(player.stderr) == app_hash,
          "the replay in the window ends with the recording app's hash %s" % app_hash)
    check(read_state(state2) == read_state(state), "and with its positions, bit for bit")
elif case == "keys":
    # Ctrl+R and Ctrl+S with the panel's default file names, in the working directory.
    os.chdir(out)
    rec = os.path.join(out, "pbd-cloth-recording.txt")
    app = App(binary, "--solver", "colored", "--threads", 2, "--gravity", 0)
    app.move(200, 850, frames=3)
    key("ctrl+r")                 # starts: the cloth restarts
    canvas, ox, oy, zoom = page_view(app.width, app.height)
    bx, by = world_to_screen((ox, oy), zoom, (7.8, -5.8))
    app.move(bx, by)
    xdo("mousedown", 1)
    app.glide((bx, by), (bx - 100, by + 50))
    xdo("mouseup", 1)
    app.move(200, 850)
    app.run_for(0.5)
    key("ctrl+r")                 # stops: the end line and the hash
    key("ctrl+s")                 # the whole state, to pbd-cloth-state.json
    wait_file(os.path.join(out, "pbd-cloth-state.json"), "Ctrl+S's state file")
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    check(os.path.exists(rec), "Ctrl+R recorded into pbd-cloth-recording.txt in the working folder")
    with open(rec) as f:
        script = f.read()
    check("0 set solver colored\n" in script and "0 set threads 2\n" in script,
          "the recording starts with the solver and threads")
    written = re.search(r"^# final positions hash ([0-9a-f]{16})", script, re.M)
    check(written is not None and re.search(r"^\d+ end$", script, re.M) is not None,
          "Ctrl+R again ended it with the end line and the hash")
    sim_hash = pbd_sim(rec, os.path.join(out, "p.txt"))
    check(sim_hash == written.group(1), "pbd-sim reproduces the hash written when it stopped (%s)"
          % sim_hash)
    saved = os.path.join(out, "pbd-cloth-state.json")
    p = subprocess.run([sim, "run", "--load", saved, "--steps", "0", "--out", os.devnull],
                       capture_output=True, text=True, timeout=60)
    check(os.path.exists(saved) and p.returncode == 0 and "solver" in p.stderr,
          "Ctrl+S saved pbd-cloth-state.json, a state pbd-sim loads (%s)" % p.stderr.strip())
elif case == "flags":
    bad = os.path.join(out, "bad.txt")
    with open(bad, "w") as f:
        f.write("0 set iterations 3\n5 shake 1\n")
    missing = os.path.join(out, "missing.txt")
    for args, status, words in [
            (["--record", ""], 2, ["--record", "file name"]),
            (["--replay", ""], 2, ["--replay", "file name"]),
            (["--record", os.path.join(out, "a"), "--replay", bad], 2, ["--replay", "--record"]),
            (["--replay", bad], 2, ["--replay", bad, "line 2", "'shake'"]),
            (["--replay", missing], 1, ["--replay", missing, "No such file"]),
            (["--replay", out], 1, ["--replay", out]),
            (["--record", os.path.join(out, "no", "rec.txt"), "--frames", 1], 1,
             ["--record", "no/rec.txt", "No such file"])]:
        got, _, err = run(binary, *args)
        check(got == status, "%s: status %d (got %d: %s)" % (" ".join(map(str, args)), status, got,
                                                            err.strip()))
        check(all(w in err for w in words), "%s: the message names %s: %s"
              % (" ".join(map(str, args)), ", ".join(words), err.strip()))
    # The sim's own rule for the same missing file, for comparison.
    p = subprocess.run([sim, "run", "--events", missing], capture_output=True, text=True)
    check(p.returncode == 1, "pbd-sim run --events on a missing file also exits 1")
else:
    fail("unknown case " + case)
print("PASS")
