"""Shared helpers for the end-to-end tests of pbd-cloth: launching it under the X server that
xvfb-run started for this test, driving it with xdotool, and reading what it wrote (PNG
screenshots, --state-out positions, --view-out view files). Standard library only."""

import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

# Every app this test starts autosaves into a state folder of the test's own (issue 23): a
# session left over by another run (or by the user's own pbd-cloth) never shows its offer in
# the panel here, and what this test leaves behind stays in its temporary folder. Tests of the
# autosave itself pass an environment with a folder they chose.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="pbd-e2e-state-")

# The page's view (Camera::resetToPage): 50 pixels per metre, origin at the canvas centre
# lifted by 200 pixels; the canvas is the window minus the panel (a quarter of the width).
PAGE_ZOOM = 50.0
PAGE_LIFT = 200.0
PANEL_FRACTION = 0.25


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def poll(probe, what, timeout=120.0, last=None):
    """Calls `probe()` until it returns something true, and returns that. Fails naming `what`
    (and `last()`, when given) after `timeout` seconds: a generous deadline, so a loaded machine
    makes a test slower, never red. The one pause of the e2e tests is this poll's interval."""
    deadline = time.monotonic() + timeout
    while True:
        result = probe()
        if result:
            return result
        if time.monotonic() > deadline:
            fail("timed out after %g s waiting for %s%s" % (
                timeout, what, "; " + last() if last else ""))
        time.sleep(0.05)  # the polling interval: the view file changes at most every 0.1 s


def wait_file(path, what=None, timeout=120.0, size=1):
    """Waits until `path` exists and holds at least `size` bytes; returns its size."""
    def probe():
        try:
            n = os.path.getsize(path)
        except OSError:
            return None
        return n if n >= size else None
    return poll(probe, what or "%s (%d bytes or more)" % (path, size), timeout)


def summary(view):
    """A few lines of a view, for a failure's message."""
    if view is None:
        return None
    return {k: view.get(k) for k in ("frames", "time", "paused", "message", "editing", "errors",
                                      "notice", "video")}


def workdir():
    return tempfile.mkdtemp(prefix="pbd-e2e-")


def page_view(window_width, window_height):
    """(canvas width, origin x, origin y, zoom) of the page's initial view."""
    canvas = window_width - round(PANEL_FRACTION * window_width)
    return canvas, canvas / 2.0, window_height / 2.0 - PAGE_LIFT, PAGE_ZOOM


def world_to_screen(origin, zoom, world):
    return origin[0] + zoom * world[0], origin[1] - zoom * world[1]


def screen_to_world(origin, zoom, screen):
    return (screen[0] - origin[0]) / zoom, -(screen[1] - origin[1]) / zoom


def zoom_at(origin, zoom, factor, point):
    """The zoom-about-a-point rule: the world point under `point` stays under it."""
    world = screen_to_world(origin, zoom, point)
    zoom = zoom * factor
    return (point[0] - zoom * world[0], point[1] + zoom * world[1]), zoom


def centre(box):
    """The middle of a widget's box (x0, y0, x1, y1), as the view dump gives it."""
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


class App:
    """pbd-cloth running in the background on this test's X server."""

    def __init__(self, binary, *args, env=None, settle=True, new_session=False, cwd=None):
        # new_session: the app and its children (ffmpeg) in a process group of their own, so
        # that a test can kill them together (os.killpg), as a logout or the OOM killer would.
        # Every app writes --view-out's file while it runs (every 0.1 s after a frame): the
        # waits below read it. A test that gives --view-out itself gets its file read.
        args = [str(a) for a in args]
        if "--view-out" in args:
            self.view_file = os.path.join(cwd or os.getcwd(), args[args.index("--view-out") + 1])
        else:
            self.view_file = os.path.join(tempfile.mkdtemp(prefix="pbd-e2e-view-"), "view.txt")
            args += ["--view-out", self.view_file]
        self.proc = subprocess.Popen([binary, *args], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     start_new_session=new_session, cwd=cwd)
        out = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name",
                              "pbd-cloth"], capture_output=True, text=True, timeout=60)
        ids = out.stdout.split()
        if not ids:
            self.proc.kill()
            fail("no pbd-cloth window appeared: " + self.proc.communicate()[1])
        self.window = ids[0]
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window],
                                  capture_output=True, text=True, check=True).stdout
        values = dict(line.split("=", 1) for line in geometry.split())
        self.x, self.y = int(values["X"]), int(values["Y"])
        self.width, self.height = int(values["WIDTH"]), int(values["HEIGHT"])
        if settle:  # a few frames drawn, so that ImGui knows where the mouse is
            self.wait(lambda v: v["frames"][0] >= 3, "the first frames")

    def view(self):
        """The latest --view-out file as read_view gives it, with '_written' (its time,
        time.time_ns()); None before the first write."""
        try:
            with open(self.view_file) as f:
                written = os.fstat(f.fileno()).st_mtime_ns
                view = parse_view(f.read())
        except (OSError, ValueError, IndexError, KeyError):
            return None
        if "frames" not in view:
            return None
        view["_written"] = written
        return view

    def wait(self, condition, what, timeout=120.0):
        """Polls the view until `condition(view)` holds and returns that view. Fails naming
        `what` after `timeout` seconds (a generous deadline: a loaded machine makes the wait
        longer, never the test red), or when the app has exited without it holding."""
        last = [None]

        def probe():
            exited = self.proc.poll() is not None
            view = self.view()  # after the exit check: an exited app's last write is final
            last[0] = view
            if view is not None and condition(view):
                return view
            if exited:
                fail("pbd-cloth exited (status %s) before %s; last view: %s"
                     % (self.proc.returncode, what, summary(view)))
            return None
        return poll(probe, what, timeout, lambda: "last view: %s" % summary(last[0]))

    def sync(self, frames=2, timeout=120.0):
        """Waits until the app has drawn `frames` frames that started after this call, so it
        has read every input sent before it (each frame polls the events first). A paused app
        that has gone idle draws nothing until an event comes: when no frame comes within its
        settle time and the view says paused, there is nothing to wait for (also when it
        paused by itself, a replay's end, after the first of those frames). Returns the view."""
        start = time.time_ns()
        first = [None]

        def drawn(v):
            idle = v["paused"] == [1] and time.time_ns() - max(start, v["_written"]) > 2e9
            if first[0] is None:
                if v["_written"] <= start:
                    return idle
                first[0] = v["frames"][0]  # its frame polled the events before its write
            return v["frames"][0] >= first[0] + max(0, frames - 1) or idle
        if frames <= 0:
            return self.view()
        return self.wait(drawn, "%d more frames" % frames, timeout)

    def run_for(self, seconds, timeout=300.0):
        """Waits until `seconds` more of simulated time have passed (the view's time), so a
        motion has happened whatever the machine's speed. Returns the view."""
        now = self.wait(lambda v: True, "a view")["time"][0]
        return self.wait(lambda v: v["time"][0] >= now + seconds - 1e-9,
                         "%g s of simulated time" % seconds, timeout)

    def idle_for(self, seconds):
        """A deliberate period of `seconds` on the wall clock that a test measures (CPU use
        while idle, a rate): the view is polled throughout and returned at the end, so the
        period ends early only with a failure (the app exited)."""
        deadline = time.monotonic() + seconds
        poll(lambda: time.monotonic() >= deadline or self.proc.poll() is not None,
             "the end of a %g s period" % seconds, timeout=seconds + 120.0)
        return self.view()

    def move(self, x, y, frames=1):
        """Moves the pointer to window coordinates (x, y) and waits until the app has drawn
        `frames` frames since (ImGui hovers what is under it)."""
        xdo("mousemove", self.x + round(x), self.y + round(y))
        self.sync(frames)

    def key(self, name, frames=2):
        """Presses a key and waits until the app has drawn `frames` frames since."""
        xdo("key", name)
        self.sync(frames)

    def glide(self, start, end, steps=10):
        for i in range(1, steps + 1):
            t = i / steps
            self.move(start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
        self.sync(2)

    def type_into(self, box, text):
        """Clicks the middle of a panel field's box (x0, y0, x1, y1), selects what it holds,
        types `text` (none: erases it) and presses Enter, waiting on the view at each step
        (the field open, its text typed, the field closed)."""
        x0, y0, x1, y1 = box
        self.move((x0 + x1) / 2, (y0 + y1) / 2, frames=2)
        xdo("click", 1)
        view = self.wait(lambda v: v.get("editing"), "a field to be typed in")
        widget = view["editing"].split(" ")[0]
        xdo("key", "ctrl+a")
        if text:
            xdo("type", "--delay", 20, "--", text)  # "--": a leading minus is no option
            self.wait(lambda v: v.get("editing") == widget + " " + text,
                      "the field %s to hold '%s'" % (widget, text))
        else:
            xdo("key", "BackSpace")
            self.wait(lambda v: v.get("editing", "").rstrip() == widget,
                      "the field %s to be empty" % widget)
        xdo("key", "Return")
        self.wait(lambda v: "editing" not in v, "the field %s to close" % widget)
        self.sync(2)

    def knife(self, start, end):
        """Ctrl+drags a knife from `start` to `end` (window coordinates): a cut on release."""
        self.move(*start)
        xdo("keydown", "ctrl")
        xdo("mousedown", 1)
        self.glide(start, end)
        xdo("mouseup", 1)
        xdo("keyup", "ctrl")

    def quit(self, timeout=60):
        """Presses Ctrl+Q (with the pointer over the window) and waits for the exit status."""
        xdo("key", "ctrl+q")
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            fail("pbd-cloth did not exit after Ctrl+Q: " + err)
        sys.stderr.write(err)
        self.stderr = err
        return self.proc.returncode


def cpu_ticks(pid):
    """User plus system CPU time of a process so far, in clock ticks (/proc/PID/stat)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def rss_kib(pid):
    """Resident memory of a running process in KiB (VmRSS), or None once it has exited."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def run(binary, *args, timeout=120, env=None):
    """Runs pbd-cloth to completion; returns (status, stdout, stderr)."""
    p = subprocess.run([binary, *[str(a) for a in args]], capture_output=True, text=True,
                       timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr


def read_state(path):
    with open(path) as f:
        return [tuple(float(v) for v in line.split()) for line in f if line.strip()]


def read_obj(path):
    """An OBJ file's vertices (x, y, z tuples, in order) and its count of faces."""
    v, f = [], 0
    with open(path) as obj:
        for line in obj:
            words = line.split()
            if words and words[0] == "v":
                v.append(tuple(float(w) for w in words[1:]))
            elif words and words[0] == "f":
                f += 1
    return v, f


def read_view(path):
    """The --view-out file as {key: [numbers]} plus {'widget': {id: (x0, y0, x1, y1)}},
    'solver': name, 'settings': {name: value}, 'stepping': (mode, speed), 'title': the window
    title, 'errors': [the panel's validation messages], 'notice': the exports' last message and
    'video': the Export section's video line (these two only when not empty), 'selected':
    (kind, index) of the obstacle or ball selected (only when one is)."""
    with open(path) as f:
        return parse_view(f.read())


def parse_view(text):
    """read_view of the file's text."""
    view = {"widget": {}}
    for line in text.splitlines(True):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "widget":
            view["widget"][parts[1]] = tuple(float(v) for v in parts[2:6])
        elif parts[0] == "error":
            view.setdefault("errors", []).append(line[len("error "):].rstrip("\n"))
        elif parts[0] in ("solver", "colorby", "strainscalemode", "particlecolor"):
            view[parts[0]] = parts[1]
        elif parts[0] in ("title", "notice", "video", "message", "editing"):  # text
            view[parts[0]] = line[len(parts[0]) + 1:].rstrip("\n")
        elif parts[0] == "setting":  # setting NAME VALUE: a number, or the solver's name
            try:
                view.setdefault("settings", {})[parts[1]] = float(parts[2])
            except ValueError:
                view.setdefault("settings", {})[parts[1]] = parts[2]
        elif parts[0] == "stepping":
            view["stepping"] = (parts[1], float(parts[2]))
        elif parts[0] == "selected":  # selected obstacle|ball INDEX
            view["selected"] = (parts[1], int(parts[2]))
        elif parts[0] == "law":  # law NAME RESIDUAL TOLERANCE (metres)
            view["law"] = (parts[1], float(parts[2]), float(parts[3]))
        else:
            view[parts[0]] = [float(v) for v in parts[1:]]
    return view


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG: returns (width, height, rows), where
    rows[y][x] is an (r, g, b) tuple."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is not a PNG")
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace != 0:
                fail("unsupported PNG format in " + path)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def png_size(path):
    """(width, height) from a PNG's header, without decoding it."""
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        fail(path + " is not a PNG")
    return struct.unpack(">II", head[16:24])


def is_particle_blue(rgb):
    r, g, b = rgb
    return b >= 180 and r <= 80 and g <= 80


def is_pinned_dark(rgb):
    """A pinned particle's disc (the fixed corners too): dark slate, apart from the blue free
    particles and the red grabbed one."""
    r, g, b = rgb
    return r < 90 and g < 90 and b < 100 and b >= r


def app_binary():
    if len(sys.argv) < 2 or not os.path.exists(sys.argv[1]):
        fail("usage: test.py PATH/TO/pbd-cloth [case]")
    return sys.argv[1]


def scroll_panel_down(app, notches=40):
    """Wheels the panel down by `notches` (by default to its end): its lower sections
    (Performance, Record and save, Export) lie below a 960 px window's fold, and a combo near
    the window's bottom opens its list upwards. Each notch scrolls the same distance and the
    scroll stops at the end, so the layout is the same every time."""
    app.move(app.width - 150, app.height / 2)
    xdo("click", "--repeat", notches, "--delay", 15, 5)
    app.sync(3)


def bottom_layout(binary, out, *args, env=None, notches=40):
    """The panel's widgets as they lie with the panel scrolled down by `notches` (see
    scroll_panel_down), in a run of its own with `args` (give the test run's flags: they
    decide which lines the panel shows)."""
    probe = os.path.join(out, "bottom-layout.txt")
    app = App(binary, "--view-out", probe, *args, env=env)
    scroll_panel_down(app, notches)
    check(app.quit() == 0, "the layout probe exits with status 0")
    return read_view(probe)


def probe_layout(binary, out):
    """Runs the app for 10 frames and returns its --view-out layout and its stderr."""
    layout_file = os.path.join(out, "layout.txt")
    status, _, err = run(binary, "--frames", 10, "--view-out", layout_file)
    check(status == 0, "layout probe run exits with status 0 (%s)" % err.strip())
    return read_view(layout_file), err


def count_blue(rows, width, height, box):
    """Blue particle pixels in the first `width` columns of a screenshot, as (inside, outside)
    of box = (left, top, right, bottom), in window pixels."""
    left, top, right, bottom = box
    inside = outside = 0
    for y in range(height):
        row = rows[y]
        for x in range(width):
            if is_particle_blue(row[x]):
                if left <= x <= right and top <= y <= bottom:
                    inside += 1
                else:
                    outside += 1
    return inside, outside
