#!/usr/bin/env python3
"""Nothing lost when the app dies (issue 23): `pbd-cloth --record rec.txt --state-out s.txt`,
a drag by xdotool, then a signal about 5 s after the start.

case kill9: SIGKILL. rec.txt holds the recording up to about a second before the kill, whole
            lines only: the drag's lines, no end line; `pbd-sim run --events rec.txt` plays
            it without error.
case term:  SIGTERM while running: the app ends as Ctrl+Q does: status 0, the exit summary on
            stderr (saying which signal), the recording complete (end line, hash comment with
            the summary's hash, which pbd-sim reproduces), --state-out written with pbd-sim's
            positions; and the autosave written once more and kept (its positions have the
            summary's hash), since a signal is not the user quitting.
case int:   SIGINT while paused and idle (the frame loop asleep in its idle wait): the same,
            within a few seconds."""

import base64
import json
import os
import re
import signal
import subprocess
import sys
import time

from e2e import (App, app_binary, check, fail, page_view, poll, read_state, workdir,
                 world_to_screen, xdo)

binary = app_binary()
if len(sys.argv) < 4 or not os.path.exists(sys.argv[2]):
    fail("usage: test_signals.py PATH/TO/pbd-cloth PATH/TO/pbd-sim CASE")
sim, case = sys.argv[2], sys.argv[3]
out = workdir()
HASH = re.compile(r"hash ([0-9a-f]{16})")
rec, state = os.path.join(out, "rec.txt"), os.path.join(out, "state.txt")


def pbd_sim(script, positions):
    p = subprocess.run([sim, "run", "--events", script, "--out", positions],
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "pbd-sim run --events %s exits 0 (%s)" % (script, p.stderr.strip()))
    check("warning" not in p.stderr, "with no warning (%s)" % p.stderr.strip())
    return HASH.search(p.stderr).group(1)


def wait_exit(app, timeout):
    try:
        _, err = app.proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        app.proc.kill()
        _, err = app.proc.communicate()
        fail("pbd-cloth did not exit within %d s of the signal: %s" % (timeout, err))
    sys.stderr.write(err)
    return app.proc.returncode, err


app = App(binary, "--gravity", 0, "--record", rec, "--state-out", state)
canvas, ox, oy, zoom = page_view(app.width, app.height)
# A drag of the bottom-left particle, let go where it is (no throw).
bx, by = world_to_screen((ox, oy), zoom, (0.0, -5.8))
app.move(bx, by)
xdo("mousedown", 1)
app.glide((bx, by), (bx + 150, by - 80))
app.sync(2)
xdo("mouseup", 1)
app.move(200, 850)


def recorded():
    """The recording as the running app has flushed it so far (within a second)."""
    with open(rec) as f:
        return f.read()


# The drag's lines and the release flushed to the file (the app flushes within a second).
poll(lambda: re.search(r"^\d+ release( |$)", recorded(), re.M), "the release in " + rec)
if case == "int":
    xdo("key", "space")  # paused: after a second untouched, the loop sleeps in its idle wait
    app.wait(lambda v: v["paused"] == [1] and time.time_ns() - v["_written"] > 1.5e9,
             "no frame for 1.5 s after pausing (the idle wait)")

if case == "kill9":
    app.proc.send_signal(signal.SIGKILL)
    status, err = wait_exit(app, 30)
    check(status == -signal.SIGKILL, "pbd-cloth was killed (status %s)" % status)
    with open(rec) as f:
        script = f.read()
    print(script[-400:])
    check(script.startswith("# pbd-cloth recording:") and "\n0 restart\n" in script,
          "the killed app's recording holds its header")
    drags = re.findall(r"^\d+ drag 1160 ", script, re.M)
    check(len(drags) >= 5, "and the drag's lines (%d)" % len(drags))
    check(re.search(r"^\d+ release( |$)", script, re.M) is not None, "and the release")
    check(re.search(r"^\d+ end$", script, re.M) is None, "but no end line")
    check(script.endswith("\n"), "whole lines only")
    pbd_sim(rec, os.path.join(out, "p.txt"))
elif case in ("term", "int"):
    sent = signal.SIGTERM if case == "term" else signal.SIGINT
    app.proc.send_signal(sent)
    sent_at = time.time()
    status, err = wait_exit(app, 30)
    check(status == 0, "after %s pbd-cloth exits with status 0 (got %s)" % (sent.name, status))
    check(time.time() - sent_at < 10, "within a few seconds (%.1f s)" % (time.time() - sent_at))
    check("%s received; ending as Ctrl+Q does" % sent.name in err, "it says which signal ended it")
    summary = [l for l in err.splitlines() if "frames of" in l]
    check(summary and HASH.search(summary[-1]), "the exit summary is on stderr with the hash")
    app_hash = HASH.search(summary[-1]).group(1)
    check(re.search(r"Recorded \d+ steps to .*positions hash " + app_hash, err) is not None,
          "it says how many steps it recorded, with the summary's hash")
    with open(rec) as f:
        script = f.read()
    check(re.search(r"^\d+ end$", script, re.M) is not None, "the recording has its end line")
    written = re.search(r"^# final positions hash ([0-9a-f]{16})", script, re.M)
    check(written is not None and written.group(1) == app_hash,
          "and the hash comment with the summary's hash %s" % app_hash)
    check(len(re.findall(r"^\d+ drag 1160 ", script, re.M)) >= 5, "and the drag's lines")
    positions = os.path.join(out, "p.txt")
    check(pbd_sim(rec, positions) == app_hash, "pbd-sim run --events reproduces that hash")
    check(os.path.exists(state) and read_state(state) == read_state(positions),
          "--state-out was written, with pbd-sim's positions bit for bit")
    # The autosave (in the state folder e2e.py gave this test) is written once more and kept.
    autosave = os.path.join(os.environ["XDG_STATE_HOME"], "pbd-cloth",
                            "autosave-%d.json" % app.proc.pid)
    check("session autosaved to " + autosave in err, "it says the autosave is kept")
    with open(autosave) as f:
        raw = base64.b64decode(json.load(f)["position"])
    h = 0xcbf29ce484222325
    for b in raw:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    check("%016x" % h == app_hash, "and it holds the final state (positions hash %016x)" % h)
else:
    fail("unknown case " + case)
print("PASS")
