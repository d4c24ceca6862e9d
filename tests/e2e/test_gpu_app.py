#!/usr/bin/env python3
"""The GPU solver in the window keeps the cloth on the GPU (Mesa's llvmpipe under Xvfb).

case resident:  --solver gpu draws every frame from the solver's own buffer and reads the
                state back in no frame; strain colours read it back every frame (they need
                the CPU's positions), as the README says; tearing never reads it, and reads
                the live flags only in frames where something tore (none at strain 0.5; some,
                and the count drops, at 0.05). The app's counts of reads are checked against
                GL's: the test hook PBD_GL_READ_LOG counts every read-back call at the GL
                loader's entry points, below all of the app's code, with its size (a whole
                state read is at least 8 bytes per particle, a read of the live flags one
                bit per constraint), and no other read (no pixels, no mapped buffer) is made.
case hover:     the particle under the pointer is found on the GPU (the summary counts the
                searches) and is the one under the pointer.
case drag:      a left drag moves a particle on the GPU solver without reading the state back
                per frame (only the press reads it: picking); it ends where it was dropped.
case resident3d: the same in 3D: the shaded cloth is drawn every frame from the solver's
                buffers (float positions and normals made on the GPU), no frame reads the
                state back (GL's count apart), in float and in double, and the picture
                covers the canvas as the colored solver's does; with self-collision it still
                draws from them (the host's phases read back in the frames that step).
case precision: the panel's GPU precision combo switches float -> double live (time runs on,
                no restart); with a storage block limit that double does not fit (test hook
                PBD_GPU_MAX_STORAGE_BLOCK_BYTES) the switch is refused with the reason and the
                cloth runs on in float; a cloth too big for the GPU at start falls back to
                the colored solver, saying why.
case close:     Ctrl+Q, the close button (WM_DELETE_WINDOW) and a destroyed window (xdotool
                windowclose) end with status 0, the solver's buffers freed and no GL error
                (PBD_GL_DEBUG=1).
case follow:    the view follows the cloth from the GPU's measure of its box, reading the
                state back in no frame but the events': --follow in 2D (a cloth torn off its
                pins falling under 100 m/s^2), --follow in tablecloth-3d (its bar carries the
                cloth off the table), F in tablecloth-3d (followed until it rests) and the
                scene's own fit followed until rest. Each run's gpu line says 0 frames read
                the state back (F: only F's frame), and counts the boxes measured on the GPU,
                80 bytes each, as many as GL's own count of 80-byte reads; at the end the
                cloth lies in the canvas of the view dump (its bulk in 2D, the corners of its
                box in 3D), where the first frame's view no longer shows it: the camera moved
                with the cloth, as with the colored solver, which is run beside it (--follow).
case reset:     a driver reset (test hook PBD_GPU_FAKE_RESET_AFTER_FRAMES=5) ends the app after
                5 frames with status 1 and a message; the buffers are freed; --state-out is
                not written."""

import os
import re
import subprocess
import sys
import time

from camera3 import Camera, box_pixels
from e2e import (App, app_binary, bottom_layout, check, fail, page_view, read_png,
                 read_state, read_view, run, scroll_panel_down, workdir, world_to_screen, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "resident"
out = workdir()
SMALL = ["--width", 20, "--height", 15, "--iterations", 1]
BOX_LINE = re.compile(r"(\d+) boxes of the cloth measured on the GPU \((\d+) bytes\)")
BOX_BYTES = 80  # GpuClothBox::kAnswerBytes
GPU_LINE = re.compile(r"gpu: (\d+) of (\d+) frames drawn from the GPU solver's buffer; (\d+) "
                      r"frames stepped, (\d+) frames read its whole state back \((\d+) reads, "
                      r"(\d+) bytes\), (\d+) frames the live flags \(something tore\); (\d+) "
                      r"hover searches")
SUMMARY_CONSTRAINTS = re.compile(r"constraints (\d+), hash")
SUMMARY_PARTICLES = re.compile(r"frames of (\d+) particles")
# Bytes per particle of each whole-state read (GpuSolver::downloadPositions, the download of
# positions, step starts and velocities, and the one with inverse masses too), in float and
# in double.
READ_BYTES = {"float": (8, 24, 28), "double": (16, 48, 56)}


def gl_reads(path):
    """The PBD_GL_READ_LOG file: {(function, bytes): calls} (bytes -1: not given)."""
    calls = {}
    with open(path) as f:
        for line in f:
            name, size, count = line.split()
            calls[(name, int(size))] = int(count)
    return calls


def run_counted(*args):
    """run() with GL's read-backs counted apart (test hook PBD_GL_READ_LOG): (status, stderr,
    {(function, bytes): calls})."""
    log = os.path.join(out, "gl-reads-%d.txt" % len(os.listdir(out)))
    status, _, err = run(binary, *args, env=dict(os.environ, PBD_GL_READ_LOG=log))
    check(os.path.exists(log), "the GL read log %s was written" % log)
    return status, err, gl_reads(log)


def gl_state_bytes(calls, particles):
    """The bytes of GL's reads of particle state: glGetBufferSubData calls of 4 bytes per
    particle or more (one float per particle at least; each whole-state read is one call per
    buffer: positions, step starts, velocities, inverse masses)."""
    return sum(size * n for (name, size), n in calls.items()
               if name == "glGetBufferSubData" and size >= 4 * particles)


def gpu_summary(err, with_steps=False, one_kind_in=None, calls=None, precision="float",
                dimensions=2):
    """(frames drawn from the GPU, frames with the GPU solver, frames that read back, searches)
    [+ frames that stepped]. Checks the app's count of whole-state reads against the bytes
    that GL read back, counted apart at the glGetBufferSubData call: none exactly when no
    read, between a float read of the positions and a double read of everything per read,
    and, given `one_kind_in` (a precision, where every read is the same kind), one read's
    bytes times the count."""
    m = GPU_LINE.search(err)
    check(m is not None, "the summary has the gpu line: " + err.strip())
    drawn, frames, stepped, reading, reads, read_bytes, flags, searches = (
        int(v) for v in m.groups())
    particles = int(SUMMARY_PARTICLES.search(err).group(1))
    if calls is not None:  # GL's own count, apart from everything the app counts
        # The app counts its frames' reads; the exit reads the state once more (positions,
        # step starts and velocities: the summary's hash, 3 pairs per particle) unless the
        # last frame's read left it current.
        at_exit = 3 * dimensions * (4 if precision == "float" else 8) * particles
        gl_bytes = gl_state_bytes(calls, particles)
        check(gl_bytes == read_bytes + at_exit if reads == 0 else
              gl_bytes - read_bytes in (0, at_exit),
              "GL read back %d bytes of particle state: the %d the app counts over its frames "
              "and at most the exit's %d (which must come when the frames read nothing)"
              % (gl_bytes, read_bytes, at_exit))
        picks = calls.get(("glGetBufferSubData", 8), 0)
        check(searches - 1 <= picks <= searches, "GL read %d picking answers (8 bytes) for "
              "the app's %d hover searches (the last may be unanswered)" % (picks, searches))
        others = sorted(name for (name, _) in calls if name != "glGetBufferSubData")
        check(others == [], "and nothing else (no pixels, no mapped buffer): %s" % others)
    check((reads == 0) == (read_bytes == 0) and reading <= reads and
          8 * particles * reads <= read_bytes <= 56 * particles * reads,
          "GL read back %d bytes of state for the %d reads counted in %d frames (%d particles)"
          % (read_bytes, reads, reading, particles))
    if one_kind_in is not None and reads > 0:
        check(any(read_bytes == reads * particles * b for b in READ_BYTES[one_kind_in]),
              "each of the %d reads took the same whole number of %s values per particle "
              "(%d bytes for %d particles)" % (reads, one_kind_in, read_bytes, particles))
    if with_steps == "flags":
        return drawn, frames, reading, searches, stepped, flags
    if with_steps:
        return drawn, frames, reading, searches, stepped
    return drawn, frames, reading, searches


def close_button(window):
    """Sends WM_DELETE_WINDOW to `window`, as a window manager does for its close button
    (Xvfb has no window manager; Xlib through ctypes)."""
    import ctypes
    x = ctypes.cdll.LoadLibrary("libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XFlush.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                    ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                    ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]

    class XEvent(ctypes.Union):
        _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]

    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                             ctypes.POINTER(XEvent)]
    display = x.XOpenDisplay(None)
    check(display is not None, "Xlib opens the display")
    event = XEvent()
    event.xclient.type = 33  # ClientMessage
    event.xclient.window = int(window)
    event.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.l[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    x.XSendEvent(display, int(window), 0, 0, ctypes.byref(event))
    x.XFlush(display)
    x.XCloseDisplay(display)


def ended(app, what):
    try:
        _, err = app.proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        app.proc.kill()
        fail("pbd-cloth did not end after %s: %s" % (what, app.proc.communicate()[1]))
    sys.stderr.write(err)
    check(app.proc.returncode == 0, "%s ends with status 0 (got %d)" % (what, app.proc.returncode))
    return err


def freed(err):
    check(re.search(r"GPU solver's \d+ buffers \([0-9.]+ MB\) freed, no GL errors", err) is not None,
          "the GPU solver's buffers were freed without GL errors: " + err.strip())
    check("GL errors reported" not in err and "GL error" not in err.replace("no GL errors", ""),
          "no GL error was reported: " + err.strip())


if case == "resident":
    status, err, calls = run_counted("--solver", "gpu", "--frames", 40, *SMALL)
    check(status == 0, "40 frames with --solver gpu (%s)" % err.strip())
    drawn, frames, reading, _, stepped = gpu_summary(err, with_steps=True, calls=calls)
    check(frames == 40 and drawn == frames,
          "every frame is drawn from the solver's buffer (%d of %d)" % (drawn, frames))
    check(stepped >= 1 and reading == 0,
          "no frame read the state back (%d did; %d frames stepped)" % (reading, stepped))
    for precision in ("float", "double"):
        status, err, calls = run_counted("--solver", "gpu", "--frames", 20, *SMALL,
                                         "--color-by", "strain", "--gpu-precision", precision)
        check(status == 0, "strain colours with --solver gpu in %s (%s)" % (precision, err.strip()))
        drawn, frames, reading, _, stepped = gpu_summary(err, with_steps=True,
                                                         one_kind_in=precision, calls=calls,
                                                         precision=precision)
        # Only a step puts the GPU ahead: every frame that stepped reads back.
        check(stepped >= 1 and reading == stepped,
              "with strain colours every frame that stepped reads the state back (%d of %d; %d "
              "frames)" % (reading, stepped, frames))
    intact = 15 * 19 + 14 * 20 + 2 * 19 * 14  # the 20 x 15 cloth's constraints
    for strain, tears in (("0.5", False), ("0.05", True)):
        status, err, calls = run_counted("--solver", "gpu", "--frames", 20, *SMALL,
                                         "--tear-strain", strain)
        check(status == 0, "tearing at %s with --solver gpu (%s)" % (strain, err.strip()))
        drawn, frames, reading, _, stepped, flags = gpu_summary(err, with_steps="flags",
                                                                calls=calls)
        # GL's reads of the live flags: one bit per constraint, in 32-bit words.
        flag_reads = calls.get(("glGetBufferSubData", 4 * ((intact + 31) // 32)), 0)
        check(flag_reads == flags,
              "tearing at %s: GL was asked for the live flags %d times; the app says %d frames "
              "read them" % (strain, flag_reads, flags))
        live = int(SUMMARY_CONSTRAINTS.search(err).group(1))
        check(drawn == frames and stepped >= 1 and reading == 0,
              "tearing at %s reads the state back in no frame (%d of %d stepped frames did)"
              % (strain, reading, stepped))
        if tears:
            check(live < intact and 1 <= flags <= stepped,
                  "tearing at 0.05 tears (%d of %d constraints live) and reads the live flags "
                  "in the frames where something tore (%d of %d stepped frames)"
                  % (live, intact, flags, stepped))
        else:
            check(live == intact and flags == 0,
                  "tearing at 0.5 tears nothing (%d of %d live) and reads no live flags (%d "
                  "frames did)" % (live, intact, flags))

elif case == "resident3d":
    def cloth_pixels(path):
        """Pixels of the canvas (left of the panel) that are not the background."""
        width, height, rows = read_png(path)
        return sum(1 for y in range(0, height, 2) for x in range(0, width * 2 // 3, 2)
                   if max(abs(c - 238) for c in rows[y][x]) > 24)
    shots = {}
    for solver, precision in (("colored", None), ("gpu", "float"), ("gpu", "double")):
        shot = os.path.join(out, "3d-%s-%s.png" % (solver, precision))
        extra = ["--gpu-precision", precision] if precision else []
        status, err, calls = run_counted("--dimensions", 3, "--solver", solver, "--frames", 30,
                                         "--width", 20, "--height", 15, "--screenshot", shot,
                                         *extra)
        check(status == 0, "30 frames in 3D with --solver %s (%s)" % (solver, err.strip()))
        shots[(solver, precision)] = cloth_pixels(shot)
        if solver == "colored":
            continue
        # The screenshot reads the window's pixels once; every other read is checked.
        calls = {k: n for k, n in calls.items() if k[0] != "glReadPixels"}
        drawn, frames, reading, _, stepped = gpu_summary(
            err, with_steps=True, calls=calls, precision=precision, dimensions=3)
        check(frames == 30 and drawn == frames,
              "3D, %s: every frame is drawn from the solver's buffers (%d of %d)"
              % (precision, drawn, frames))
        check(stepped >= 1 and reading == 0,
              "3D, %s: no frame read the state back (%d did; %d frames stepped)"
              % (precision, reading, stepped))
    # With self-collision the window still draws from the GPU's buffers, and no frame reads
    # the state back: the particles' self-collision, the elements' contacts and the bound
    # all run on the GPU (docs/gpu.md, a sheet without a capsule).
    status, err, calls = run_counted("--dimensions", 3, "--solver", "gpu", "--frames", 20,
                                     "--width", 16, "--height", 12, "--self-collision", "on",
                                     "--thickness", 0.02, "--gpu-precision", "double")
    check(status == 0, "3D with self-collision on the GPU (%s)" % err.strip())
    drawn, frames, reading, _, stepped = gpu_summary(err, with_steps=True, calls=calls,
                                                     precision="double", dimensions=3)
    check(frames == 20 and drawn == frames and stepped >= 1 and reading == 0,
          "3D with self-collision: %d of %d frames drawn from the GPU, %d of %d stepped frames "
          "read the state back (none should)" % (drawn, frames, reading, stepped))
    cpu = shots[("colored", None)]
    for precision in ("float", "double"):
        gpu = shots[("gpu", precision)]
        check(cpu > 1000 and abs(gpu - cpu) <= 0.05 * cpu,
              "3D, %s: the GPU's picture covers %d canvas pixels, the colored solver's %d"
              % (precision, gpu, cpu))

elif case == "hover":
    W, H = 40, 30
    view_file = os.path.join(out, "view.txt")
    app = App(binary, "--solver", "gpu", "--gravity", 0, "--frames", 100000,
              "--view-out", view_file)
    _, ox, oy, zoom = page_view(app.width, app.height)
    index = (H - 1) * W + 7  # bottom row, column 7: at rest with gravity 0
    x, y = world_to_screen((ox, oy), zoom, (0.2 * 7, -0.2 * (H - 1)))
    app.move(x + 2.0, y - 3.0, frames=3)
    app.wait(lambda v: v["hovered"] != [-1], "a particle under the pointer")
    check(app.quit() == 0, "exits with status 0")
    view = read_view(view_file)
    check(view["hovered"] == [index], "the particle under the pointer is %d (got %s)"
          % (index, view["hovered"]))
    _, frames, reading, searches = gpu_summary(app.stderr)
    check(searches >= 3, "the GPU answered the hover searches (%d)" % searches)
    check(reading == 0, "hovering read nothing back (%d frames did)" % reading)

elif case == "drag":
    W, H = 40, 30
    state_file, log = os.path.join(out, "state.txt"), os.path.join(out, "gl-reads.txt")
    app = App(binary, "--solver", "gpu", "--gravity", 0, "--frames", 100000,
              "--state-out", state_file, env=dict(os.environ, PBD_GL_READ_LOG=log))
    _, ox, oy, zoom = page_view(app.width, app.height)
    index = (H - 1) * W  # bottom-left: free
    start = world_to_screen((ox, oy), zoom, (0.0, -0.2 * (H - 1)))
    target = (start[0] + 120.0, start[1] + 60.0)
    app.move(start[0] + 3.0, start[1] - 4.0)
    xdo("mousedown", 1)
    app.glide((start[0] + 3.0, start[1] - 4.0), target, steps=20)
    app.sync(3)
    check(app.quit() == 0, "exits with status 0")  # Ctrl+Q while holding: the grab stays
    positions = read_state(state_file)
    want = ((target[0] - ox) / zoom, -(target[1] - oy) / zoom)
    got = positions[index]
    check(abs(got[0] - want[0]) < 1e-3 and abs(got[1] - want[1]) < 1e-3,
          "the dragged particle is under the cursor: %s, want %s" % (got, want))
    drawn, frames, reading, _ = gpu_summary(app.stderr, calls=gl_reads(log))
    check(frames > 20 and reading <= 2,
          "the drag read the state back in %d of %d frames (the press picks on the CPU)"
          % (reading, frames))

elif case == "precision":
    # Paused, the Performance section is where the layout probe saw it (a "running at ..."
    # message over it while the simulation falls behind on llvmpipe would move it).
    CALM = ["--solver", "gpu", "--stepping", "realtime", "--speed", 0.25]
    # The panel scrolled down a few notches, so that the combo has room to open its list
    # downwards.
    widgets = bottom_layout(binary, out, *CALM, "--frames", 100000, notches=6)["widget"]
    check("gpu-precision" in widgets, "the panel has the GPU precision combo: %s" % sorted(widgets))

    def choose_double(app):
        scroll_panel_down(app, 6)
        app.move(100, 100)   # keys go to the window under the pointer (no window manager)
        xdo("key", "space")  # pause
        app.wait(lambda v: v["paused"] == [1], "paused")
        # Each step given a few frames (waited for: llvmpipe draws a few frames a second).
        x0, y0, x1, y1 = widgets["gpu-precision"]
        app.move((x0 + x1) / 2, (y0 + y1) / 2, frames=3)
        xdo("click", 1)                                   # opens the combo below itself
        app.sync(3)
        app.move((x0 + x1) / 2, y1 + 1.5 * (y1 - y0) + 4, frames=3)  # its second line
        xdo("click", 1)
        app.sync(3)
        xdo("key", "space")  # run on
        app.wait(lambda v: v["paused"] == [0], "running")
        app.run_for(0.2)  # the cloth falls on

    def run_switch(name, env=None):
        view_file, state_file = (os.path.join(out, name + ext) for ext in (".view", ".txt"))
        app = App(binary, *CALM, "--frames", 100000, "--view-out", view_file,
                  "--state-out", state_file, env=env)
        choose_double(app)
        check(app.quit() == 0, "%s: exits with status 0" % name)
        view = read_view(view_file)
        # No restart: the cloth's time (since the last restart) is all the simulated time
        # of the run (the summary's, which leaves out the first frame's steps and counts
        # the step that a refusal took no further: one step of 0.005 s at most).
        simulated = float(re.search(r"simulated ([0-9.]+) s in", app.stderr).group(1))
        check(view["time"][0] >= simulated - 0.0051 and simulated > 0.1,
              "%s: no restart, the time ran on (%.3f s since the restart, %.3f s simulated)"
              % (name, view["time"][0], simulated))
        positions = read_state(state_file)
        check(len(positions) == 1200 and positions[1199][1] < -5.8 - 1e-3,
              "%s: the cloth fell under gravity (%s)" % (name, positions[1199]))
        return view, app.stderr

    view, err = run_switch("switch")
    check(view["settings"]["gpuPrecision"] == "double",
          "the GPU precision is now double (%s)" % view["settings"]["gpuPrecision"])
    check("errors" not in view, "no message: %s" % view.get("errors"))
    check("solver gpu" in err, "the summary names the gpu solver: " + err.strip())

    env = dict(os.environ, PBD_GPU_MAX_STORAGE_BLOCK_BYTES="12000")
    view, err = run_switch("refused", env)
    check(view["settings"]["gpuPrecision"] == "float", "double was refused: still float")
    message = " ".join(view.get("errors", []))
    check("GPU solver refused" in message and "GL_MAX_SHADER_STORAGE_BLOCK_SIZE" in message
          and "back to float" in message, "the panel says why: %s" % message)
    check("GPU solver refused" in err, "and so does stderr: " + err.strip())

    env = dict(os.environ, PBD_GPU_MAX_STORAGE_BLOCK_BYTES="4096")
    view_file = os.path.join(out, "big.view")
    status, _, err = run(binary, "--solver", "gpu", "--frames", 10, "--view-out", view_file,
                         env=env)
    check(status == 0, "a cloth too big for the GPU at start runs on (%s)" % err.strip())
    check("a 40 x 30 cloth does not fit" in err and "solver back to colored" in err,
          "saying why and what it runs on: " + err.strip())
    check(read_view(view_file)["solver"] == "colored", "the colored solver runs it")

elif case == "close":
    env = dict(os.environ, PBD_GL_DEBUG="1")
    app = App(binary, "--solver", "gpu", "--frames", 100000, env=env)
    status = app.quit()
    check(status == 0, "Ctrl+Q ends with status 0 (got %d)" % status)
    freed(app.stderr)
    app = App(binary, "--solver", "gpu", "--frames", 100000, env=env)
    close_button(app.window)
    freed(ended(app, "the close button (WM_DELETE_WINDOW)"))
    app = App(binary, "--solver", "gpu", "--frames", 100000, env=env)
    xdo("windowclose", app.window)  # destroys the window under the app
    err = ended(app, "a destroyed window (xdotool windowclose)")
    check("window was closed" in err, "it says the window went: " + err.strip())
    freed(err)

elif case == "follow":
    def followed(solver, args, seconds, key=None):
        """Runs the app on `solver` with `args` for `seconds` of simulated time (pressing
        `key` after the first frames), pauses and quits: (stderr, GL's reads, the first
        frame's view, the last view, the last state)."""
        name = "follow-%d" % len(os.listdir(out))
        view_file, state_file, log = (os.path.join(out, name + n)
                                      for n in (".view", ".state", ".reads"))
        # --frames: the exit summary (the gpu line) comes at the exit, Ctrl+Q's.
        app = App(binary, "--solver", solver, *args, "--view-out", view_file, "--state-out",
                  state_file, "--no-autosave", "--frames", 100000,
                  env=dict(os.environ, PBD_GL_READ_LOG=log))
        first = app.wait(lambda v: v["frames"][0] >= 1, "the first frame")
        if key is not None:
            app.key(key)
        app.run_for(seconds)
        app.key("space")
        app.wait(lambda v: v["paused"] == [1], "the pause")
        app.sync(3)  # the answer about the paused state arrives, the view follows it
        check(app.quit() == 0, "pbd-cloth --solver %s %s exits with status 0" % (solver, args))
        return app.stderr, gl_reads(log), first, read_view(view_file), read_state(state_file)

    def bulk_pixels(view, x):
        """The 2D view's pixels of the box of the middle 90% of the particles on each axis
        (the fallen cloth without its pins) and whether they lie in the canvas."""
        xs, ys = sorted(p[0] for p in x), sorted(p[1] for p in x)
        k = len(x) // 20
        corners = [world_to_screen(tuple(view["origin"]), view["zoom"][0], (a, b))
                   for a in (xs[k], xs[-1 - k]) for b in (ys[k], ys[-1 - k])]
        w, h = view["canvas"][2], view["canvas"][3]
        return corners, all(0 <= px <= w and 0 <= py <= h for px, py in corners)

    def in_view(view, x, dimensions):
        if dimensions == 2:
            return bulk_pixels(view, x)
        return box_pixels(Camera(view), x)

    def boxes_counted(err, calls, what):
        m = BOX_LINE.search(err)
        check(m is not None, "%s: the gpu line counts the boxes measured: %s" % (what, err))
        boxes, box_bytes = int(m.group(1)), int(m.group(2))
        check(boxes >= 5 and box_bytes == BOX_BYTES * boxes,
              "%s: %d boxes measured on the GPU, %d bytes (%d each)"
              % (what, boxes, box_bytes, BOX_BYTES))
        gl_boxes = calls.get(("glGetBufferSubData", BOX_BYTES), 0)
        check(gl_boxes == boxes, "%s: GL read %d answers of %d bytes for the %d boxes counted"
              % (what, gl_boxes, BOX_BYTES, boxes))
        return boxes

    FALL = ["--tear-strain", 0.2, "--gravity", -100]
    # (what, dimensions, arguments, simulated seconds, key pressed, frames that may read the
    # state back, the solvers run); F and the scene's fit on the colored solver: test_3d.py.
    runs = [("2D --follow", 2, FALL + ["--follow"], 3.0, None, 0, ("colored", "gpu")),
            ("tablecloth-3d --follow", 3, ["--scene", "tablecloth-3d", "--follow"], 7.0, None, 0,
             ("colored", "gpu")),
            ("tablecloth-3d, F", 3, ["--scene", "tablecloth-3d"], 7.0, "f", 1, ("gpu",)),
            ("tablecloth-3d, the scene's fit", 3, ["--scene", "tablecloth-3d"], 7.0, None, 0,
             ("gpu",))]
    for what, dimensions, args, seconds, key, events, solvers in runs:
        for solver in solvers:
            err, calls, first, last, x = followed(solver, args, seconds, key)
            label = "%s on the %s solver" % (what, solver)
            corners, inside = in_view(last, x, dimensions)
            check(inside, "%s: at %.1f s the cloth lies in the canvas (corners at %s)"
                  % (label, last["time"][0], [(round(a), round(b)) for a, b in corners]))
            corners, inside = in_view(first, x, dimensions)
            check(not inside, "%s: the first frame's view no longer shows it all (corners at "
                  "%s): the view moved with the cloth" % (label, [(round(a), round(b))
                                                                  for a, b in corners]))
            if solver == "gpu":
                drawn, frames, reading, _ = gpu_summary(err, calls=calls, dimensions=dimensions)
                check(reading <= events, "%s: %d frames read the whole state back (%d allowed: "
                      "the events'), of %d" % (label, reading, events, frames))
                boxes_counted(err, calls, label)

elif case == "reset":
    state_file = os.path.join(out, "state.txt")
    env = dict(os.environ, PBD_GPU_FAKE_RESET_AFTER_FRAMES="5", PBD_GL_DEBUG="1")
    status, _, err = run(binary, "--solver", "gpu", "--frames", 100, "--state-out", state_file,
                         *SMALL, env=env)
    check(status == 1, "a lost context ends with status 1 (got %d)" % status)
    check("the OpenGL context was lost" in err and "ending" in err, "and says so: " + err.strip())
    check("pbd-cloth: 5 frames" in err, "after 5 frames: " + err.strip())
    check(not os.path.exists(state_file), "--state-out is not written from a lost context")
    check("not written" in err, "saying so: " + err.strip())
    check(re.search(r"GPU solver's \d+ buffers \([0-9.]+ MB\) freed", err) is not None,
          "the buffers were freed: " + err.strip())
else:
    fail("unknown case " + case)
print("PASS")
