#!/usr/bin/env python3
"""A recording rebuilds its own start (issue 35, item 1): from each way the app can start, its
recording played by `pbd-sim run --events` and by `pbd-cloth --replay` (started from another
scene, in another folder) ends with the recording app's hash and positions.

case flags:    the plain cloth with other settings, --scene pegs --ball 3,2,0.3,1 (the issue's
               case), --scene hammock as it is, --obstacle twice, and --load of a state that
               pbd-sim saved (the recording then starts from the state, written beside it).
case file:     a state, a scene or a recording file as the only argument opens as --load,
               --scene and --replay do (pbd-sim's hash for the first two, the recording's for
               the last); another JSON format, a missing file and a file with --scene are
               refused.
case restore:  an autosave left over by a killed session (pegs with a ball, 90 steps on),
               restored with --restore in an app started with another scene, then Ctrl+R: the
               recording starts from the restored session's world.
case combo:    the pegs scene chosen in the panel's Scene combo, then Ctrl+R.

Every frame takes its 8 steps (PBD_STEP_BUDGET_MS), so that --frames decides how far a run
goes; the interactive cases end by --frames too, and read the hash from the exit summary."""

import os
import re
import subprocess
import sys

from e2e import (App, app_binary, bottom_layout, check, fail, read_state, run, scroll_panel_down,
                 workdir, xdo)

binary = app_binary()
if len(sys.argv) < 4 or not os.path.exists(sys.argv[2]):
    fail("usage: test_record_starts.py PATH/TO/pbd-cloth PATH/TO/pbd-sim CASE")
sim, case = sys.argv[2], sys.argv[3]
out = workdir()
HASH = re.compile(r"hash ([0-9a-f]{16})")
ENV = dict(os.environ, PBD_STEP_BUDGET_MS="60000")


def summary_hash(stderr):
    """The hash at the end of the exit summary ("pbd-cloth: N frames of ...")."""
    lines = [l for l in stderr.splitlines() if "frames of" in l]
    if not lines or not HASH.search(lines[-1]):
        fail("no exit summary with a hash: " + stderr)
    return HASH.search(lines[-1]).group(1)


def pbd_sim(*args):
    """Runs pbd-sim; returns (its summary's hash, the summary line)."""
    p = subprocess.run([sim, *[str(a) for a in args]], capture_output=True, text=True,
                       timeout=300)
    check(p.returncode == 0, "pbd-sim %s exits 0 (%s)" % (" ".join(map(str, args)),
                                                          p.stderr.strip()))
    return HASH.search(p.stderr).group(1), p.stderr.strip()


def app(*args, cwd=None):
    """Runs pbd-cloth to its end; returns (status, stderr)."""
    p = subprocess.run([binary, "--no-autosave", *[str(a) for a in args]], capture_output=True,
                       text=True, timeout=300, env=ENV, cwd=cwd)
    return p.returncode, p.stderr


def replays(name, rec, app_hash, app_state):
    """`rec` played by pbd-sim and by pbd-cloth --replay ends as the recording app did."""
    sim_state = os.path.join(out, name + "-sim.txt")
    sim_hash, summary = pbd_sim("run", "--events", rec, "--out", sim_state)
    check(sim_hash == app_hash, "%s: pbd-sim run --events gives the app's hash %s (%s)"
          % (name, app_hash, summary))
    check(read_state(sim_state) == read_state(app_state),
          "%s: and the app's --state-out positions, bit for bit" % name)
    # The replay in the window, started from another scene in another folder: it pauses at
    # the recording's end, well before the last frame.
    elsewhere = os.path.join(out, name + "-elsewhere")
    os.makedirs(elsewhere)
    steps = int(re.search(r"^(\d+) end$", open(rec).read(), re.M).group(1))
    replay_state = os.path.join(out, name + "-replay.txt")
    status, err = app("--scene", "table", "--replay", os.path.relpath(rec, elsewhere),
                      "--frames", steps // 8 + 30, "--state-out", replay_state, cwd=elsewhere)
    check(status == 0, "%s: pbd-cloth --replay exits 0 (%s)" % (name, err.strip()[-300:]))
    check(summary_hash(err) == app_hash, "%s: pbd-cloth --replay ends with the app's hash %s"
          % (name, app_hash))
    check(read_state(replay_state) == read_state(app_state),
          "%s: and with its positions, bit for bit" % name)
    return summary


def saved_state(name, *args):
    """A state file pbd-sim saved after `args`."""
    path = os.path.join(out, name)
    pbd_sim("run", *args, "--save", path, "--out", os.devnull)
    return path


if case == "flags":
    state = saved_state("saved.json", "--scene", "hammock", "--ball", "3,2,0.3,1", "--steps", 150)
    starts = [
        ("plain", ["--width", 24, "--height", 16, "--iterations", 5], "0 scene page\n"),
        ("scene-ball", ["--scene", "pegs", "--ball", "3,2,0.3,1"], "0 scene rec-scene-ball.scene.json\n"),
        ("scene", ["--scene", "hammock"], "0 scene hammock\n"),
        ("obstacle", ["--obstacle", "circle:4,-7,1.5", "--obstacle", "box:2,-8,2,0.5,-20"],
         "0 scene rec-obstacle.scene.json\n"),
        ("load", ["--load", state], "0 load rec-load.state.json\n"),
    ]
    for name, args, start_line in starts:
        rec = os.path.join(out, "rec-%s.txt" % name)
        app_state = os.path.join(out, name + "-app.txt")
        status, err = app(*args, "--record", rec, "--frames", 60, "--state-out", app_state)
        check(status == 0, "%s: pbd-cloth --record exits 0 (%s)" % (name, err.strip()[-300:]))
        app_hash = summary_hash(err)
        summary = replays(name, rec, app_hash, app_state)
        check(start_line in open(rec).read(),
              "%s: the recording starts with %r" % (name, start_line.strip()))
        if name == "scene-ball":
            check(", obstacles 6, balls 1," in summary,
                  "scene-ball: pbd-sim has the scene's 6 obstacles and the ball (%s)" % summary)
        if name == "load":
            check("steps of 40x2" in summary and ", balls 2," in summary,
                  "load: pbd-sim has the state's cloth and balls (%s)" % summary)
elif case == "file":
    state = saved_state("state.json", "--scene", "hammock", "--steps", 100)
    scene = os.path.join(out, "start.json")
    with open(scene, "w") as f:
        f.write('{"format": "pbd-cloth-scene", "version": 1, "settings": {"width": 20, '
                '"height": 10}, "obstacles": [{"shape": "circle", "x": 2, "y": -3, '
                '"radius": 0.5}], "pinned": [0, 5]}\n')
    for name, path, flag in [("state", state, "--load"), ("scene", scene, "--scene")]:
        app_state = os.path.join(out, name + "-app.txt")
        status, err = app(path, "--frames", 20, "--state-out", app_state)
        check(status == 0, "%s file alone: pbd-cloth exits 0 (%s)" % (name, err.strip()[-300:]))
        sim_hash, _ = pbd_sim("run", flag, path, "--steps", 160, "--out", os.devnull)
        check(summary_hash(err) == sim_hash,
              "a %s file alone opens as %s: 20 frames give pbd-sim's hash after 160 steps (%s)"
              % (name, flag, sim_hash))
    # A recording alone plays as --replay.
    rec = os.path.join(out, "rec.txt")
    status, err = app("--scene", "pegs", "--record", rec, "--frames", 30)
    check(status == 0, "recording for the file case exits 0")
    recorded = re.search(r"^# final positions hash ([0-9a-f]{16})", open(rec).read(), re.M)
    status, err = app(rec, "--frames", 60)
    check(status == 0 and summary_hash(err) == recorded.group(1),
          "a recording alone replays to its hash %s (%s)" % (recorded.group(1), err.strip()[-200:]))
    other = os.path.join(out, "other.json")
    with open(other, "w") as f:
        f.write('{"format": "something-else", "version": 1}\n')
    missing = os.path.join(out, "missing.json")
    for args, status_wanted, words in [
            ([other], 2, ["FILE", other, "'something-else'", "allowed: a state file"]),
            ([missing], 1, ["FILE", missing, "No such file"]),
            ([state, "--scene", "pegs"], 2, ["FILE", "--scene", "allowed"]),
            (["--load", missing], 1, ["--load", missing])]:
        got, _, err = run(binary, *args, "--frames", 1)
        check(got == status_wanted and all(w in err for w in words),
              "%s: status %d naming %s (got %d: %s)" % (" ".join(map(str, args)), status_wanted,
                                                       ", ".join(words), got, err.strip()))
elif case in ("restore", "combo"):
    os.chdir(out)  # Ctrl+R records into pbd-cloth-recording.txt in the working folder
    rec = os.path.join(out, "pbd-cloth-recording.txt")
    app_state = os.path.join(out, "app.txt")
    env = dict(ENV)
    if case == "restore":
        # A session left by a process that no longer runs: pegs, a ball, 90 steps on.
        folder = os.path.join(env["XDG_STATE_HOME"], "pbd-cloth")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        gone = subprocess.Popen(["true"])
        gone.wait()
        saved_state(os.path.join(folder, "autosave-%d.json" % gone.pid), "--scene", "pegs",
                    "--ball", "2,1,0.3,1", "--steps", 90)
        # Started with another scene: the restored session's world is what the recording
        # (and R) restarts to, not the hammock's.
        window = App(binary, "--scene", "hammock", "--restore", "--no-autosave", "--frames", 300,
                     "--state-out", app_state, env=env)
        xdo("mousemove", window.x + window.width // 2, window.y + window.height // 2)
        xdo("key", "ctrl+r")
    else:
        # Started with a scene, so that the World section (and its Scene combo) is open (one
        # near the list's top, which then opens unscrolled);
        # the panel scrolled 8 notches puts the combo in its upper half, opening downwards.
        start = ["--scene", "curtain-over-ball", "--no-autosave"]
        x0, y0, x1, y1 = bottom_layout(binary, out, *start, env=env, notches=8)["widget"]["scene"]
        window = App(binary, *start, "--frames", 900, "--state-out", app_state, env=env)
        begun = window.view()["settings"]
        scroll_panel_down(window, 8)
        window.move((x0 + x1) / 2, (y0 + y1) / 2, frames=3)
        xdo("click", 1)  # opens the list below the combo: page, curtain-over-ball, pegs, ...
        # Frames drawn before the pointer moves on: ImGui takes the combo's click on the
        # release, which must find the pointer still over the combo.
        window.sync(3)
        window.move((x0 + x1) / 2, y1 + 4 + 2.5 * 13, frames=3)  # pegs, in 13 px lines
        xdo("click", 1)
        window.wait(lambda v: v["settings"] != begun, "the scene chosen in the combo")
        window.move(window.width * 0.6, window.height / 2, frames=3)
        xdo("key", "ctrl+r")
    try:
        _, err = window.proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        window.proc.kill()
        fail("pbd-cloth did not end after its frames")
    check(window.proc.returncode == 0, "%s: pbd-cloth exits 0 (%s)" % (case, err.strip()[-300:]))
    recorded = re.search(r"Recorded (\d+) steps to .*positions hash ([0-9a-f]{16})", err)
    check(recorded is not None and int(recorded.group(1)) > 100,
          "%s: Ctrl+R recorded until the end (%s)" % (case, err.strip()[-300:]))
    app_hash = summary_hash(err)
    check(recorded.group(2) == app_hash, "%s: the recording ends with the app's hash" % case)
    summary = replays(case, rec, app_hash, app_state)
    script = open(rec).read()
    if case == "restore":
        check("0 scene pbd-cloth-recording.scene.json\n" in script,
              "restore: the recording starts with the session's world, written beside it")
        world = ", obstacles 6, balls 1,"
    else:
        # A built-in scene as chosen is named (the click aims at pegs; whichever the list
        # gave, it is not the one the app started with).
        chosen = re.search(r"^0 scene (\S+)$", script, re.M)
        check(chosen is not None and chosen.group(1) != "curtain-over-ball",
              "combo: the recording starts with the scene chosen (%s)"
              % (chosen.group(1) if chosen else script[:300]))
        _, alone = pbd_sim("run", "--scene", chosen.group(1), "--steps", 0, "--out", os.devnull)
        world = re.search(r", obstacles \d+, balls \d+,", alone).group(0)
    check(world in summary, "%s: pbd-sim runs the session's world%s (%s)" % (case, world, summary))
else:
    fail("unknown case " + case)
print("PASS")
