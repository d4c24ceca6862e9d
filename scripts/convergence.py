#!/usr/bin/env python3
"""How many iterations? Measures the largest and RMS strain and the time per step of hanging
cloths over a sampled grid of iterations, substeps, stiffness and (when pbd-sim has them)
tethers, with `pbd-sim bench`, and writes a markdown table and a PNG plot (strain against
cost) into docs/.

    python3 scripts/convergence.py [--sim build/pbd-sim] [--out-dir docs] [--smoke]

Each run is one `pbd-sim bench --json` of one size: the cloth hangs by its 2 fixed corners
from rest for --settle steps (2000 = 10 s of simulated time at the page's dt), its strain
|l - r| / r is measured, then its steps are timed (the median of 10). The sizes: 40x30 on the
sequential solver, 100x100 and 300x300 on the colored one (threads: one per core). A few dozen
runs, not the whole product: sweeps of iterations at one substep and of substeps at one
iteration, for stiffness 0 (PBD) and 1000 N/m (XPBD), and with tethers on a subset. About
15 minutes on a loaded 2-core machine (most of it the 300x300 runs' 2000 settling steps). --smoke runs a handful of tiny cloths in seconds (for a test)
and writes into --out-dir.

Only the Python standard library: the PNG is drawn by the small rasteriser below (no
matplotlib on the machines this project builds on without a network).
"""

import argparse
import datetime
import json
import math
import os
import platform
import struct
import subprocess
import sys
import time
import zlib

# --------------------------------------------------------------------------- the sample


def plan(tethers_available, smoke):
    """The runs: dicts of size, solver, iterations, substeps, stiffness, tethers."""
    runs = []

    def add(size, solver, iterations, substeps, stiffness, tethers=False):
        runs.append(dict(size=size, solver=solver, iterations=iterations, substeps=substeps,
                         stiffness=stiffness, tethers=tethers))

    if smoke:
        for size, solver in (("8x6", "sequential"), ("10x10", "colored")):
            for iterations in (1, 4):
                add(size, solver, iterations, 1, 0)
            add(size, solver, 1, 3, 1000)
            if tethers_available:
                add(size, solver, 2, 1, 0, True)
        return runs

    # size, solver, iterations swept at 1 substep, substeps swept at 1 iteration, per stiffness
    grid = [
        ("40x30", "sequential", {0: ([1, 2, 5, 10, 20, 50, 100], [2, 5, 10, 20]),
                                 1000: ([1, 2, 10, 50], [5, 20])}),
        ("100x100", "colored", {0: ([1, 2, 10, 50, 100], [5, 20]),
                                1000: ([2, 10], [5, 20])}),
        ("300x300", "colored", {0: ([1, 2, 10, 50], [5, 20]),
                                1000: ([2, 10], [5])}),
    ]
    for size, solver, sweeps in grid:
        for stiffness, (iterations, substeps) in sweeps.items():
            for n in iterations:
                add(size, solver, n, 1, stiffness)
            for n in substeps:
                add(size, solver, 1, n, stiffness)
        if tethers_available:
            # The page's 2 iterations and a few points around it, tethers on (fewer on the
            # costly 300x300).
            points = [(2, 1, 0), (10, 1, 0), (2, 1, 1000)]
            if size != "300x300":
                points += [(1, 1, 0), (1, 5, 0)]
            for iterations, substeps, stiffness in points:
                add(size, solver, iterations, substeps, stiffness, True)
    return runs


# --------------------------------------------------------------------------- running


def has_tethers(sim):
    help_text = subprocess.run([sim, "bench", "--help"], capture_output=True, text=True).stdout
    return "--tethers" in help_text


def bench(sim, run, settle, steps):
    command = [sim, "bench", "--json", "--sizes", run["size"], "--solver", run["solver"],
               "--iterations", str(run["iterations"]), "--substeps", str(run["substeps"]),
               "--stiffness", str(run["stiffness"]), "--settle", str(settle),
               "--steps", str(steps)]
    if run["tethers"]:
        command += ["--tethers", "on"]
    began = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("convergence: %s failed (%d): %s" % (" ".join(command), done.returncode,
                                                       done.stderr.strip()))
    row = json.loads(done.stdout.strip().splitlines()[-1])
    row["wall_s"] = time.monotonic() - began
    row.update(run)
    return row


def machine():
    """CPU model, cores, memory and the load average now, for the doc."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            memory = "%.0f GiB" % (kb / 2**20)
    except (OSError, ValueError, IndexError):
        pass
    return model, os.cpu_count() or 1, memory


def load():
    try:
        return "%.1f, %.1f, %.1f" % os.getloadavg()
    except OSError:
        return "unknown"


# --------------------------------------------------------------------------- markdown

SIZE_ORDER = {"40x30": 0, "100x100": 1, "300x300": 2, "8x6": 0, "10x10": 1}


def table(rows, tethers_available):
    head = ["size", "solver (threads)", "iterations", "substeps", "stiffness N/m"]
    if tethers_available:
        head.append("tethers")
    head += ["projections per step", "ms per step", "largest strain", "RMS strain"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    key = lambda r: (SIZE_ORDER.get(r["size"], 9), r["tethers"], r["stiffness"],
                     r["substeps"] > 1, r["iterations"], r["substeps"])
    for r in sorted(rows, key=key):
        cells = [r["size"], "%s (%d)" % (r["solver"], r["threads"]), str(r["iterations"]),
                 str(r["substeps"]), "%g" % r["stiffness"]]
        if tethers_available:
            cells.append("on" if r["tethers"] else "off")
        cells += ["%d" % (r["constraints"] * r["iterations"] * r["substeps"]),
                  "%.3g" % r["ms_per_step"], percent(r["strain_max"]),
                  percent(r["strain_rms"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def percent(strain):
    value = 100.0 * strain
    if value >= 100:
        return "%.0f%%" % value
    if value >= 1:
        return "%.1f%%" % value
    return "%.2g%%" % value


def write_markdown(path, rows, tethers_available, info, png_name):
    model, cores, memory, load_before, load_after, seconds, commit, smoke = info
    today = datetime.date.today().isoformat()
    text = """# How many iterations? Strain against cost, measured

Written by `scripts/convergence.py` (rerun it to measure your machine; it replaces this file,
all but the sections after its marker comment, and `{png}`). Each row is one `pbd-sim bench --json` run: the cloth hangs from rest by its
2 fixed corners (the page's `--fixed 2`) for 2000 steps of 5 ms (10 s, settled), then its
largest and RMS strain |l - r| / r over the constraints are measured and its steps timed
(median of 10 steps). 40x30 runs on the sequential solver (the page's order), 100x100 and
300x300 on the colored solver with one thread per core. Stiffness 0 is PBD (rigid
constraints: the stretch left is the solver's unconverged error); 1000 N/m is XPBD, whose
springs also stretch by themselves under the cloth's weight (a 300x300 cloth of 0.5 kg
particles weighs 45 t). {tethers}

Measured {today} on {model} ({cores} cores{memory}), commit {commit}. The machine was shared
and loaded while it ran (load average {before} before, {after} after the {minutes:.1f} minutes
of runs), so the times are noisy to some 10-30%; the strains do not depend on the load.{smoke}

![Largest and RMS strain against the time per step]({png})

{table}
""".format(png=png_name, today=today, model=model, cores=cores,
           memory=", " + memory if memory else "", commit=commit, before=load_before,
           after=load_after, minutes=seconds / 60.0, table=table(rows, tethers_available),
           smoke=" Smoke run: tiny cloths, few steps; not a measurement." if smoke else "",
           tethers=("Tethers (`--tethers on`): long-range attachments to the pins, on a "
                    "subset of the points." if tethers_available else
                    "Tethers: this pbd-sim has no `--tethers`, so that dimension was "
                    "skipped."))
    # The hand-written sections below KEEP_MARK (measurements other scripts made, such as
    # scripts/acceleration.py's) survive a rerun.
    try:
        with open(path) as f:
            old = f.read()
        if KEEP_MARK in old:
            text += "\n" + old[old.index(KEEP_MARK):]
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


KEEP_MARK = "<!-- scripts/convergence.py keeps what follows when it rewrites this file -->"


# --------------------------------------------------------------------------- the PNG

# A 5 x 7 pixel font: each glyph is 7 rows of 5 bits, the top row first.
FONT = {
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    ".": "00000 00000 00000 00000 00000 01100 01100", "-": "00000 00000 00000 11111 00000 00000 00000",
    "+": "00000 00100 00100 11111 00100 00100 00000", "%": "11000 11001 00010 00100 01000 10011 00011",
    "=": "00000 00000 11111 00000 11111 00000 00000", ",": "00000 00000 00000 00000 01100 00100 01000",
    "(": "00010 00100 01000 01000 01000 00100 00010", ")": "01000 00100 00010 00010 00010 00100 01000",
    "/": "00000 00001 00010 00100 01000 10000 00000", ":": "00000 01100 01100 00000 01100 01100 00000",
    " ": "00000 00000 00000 00000 00000 00000 00000",
    "a": "00000 00000 01110 00001 01111 10001 01111", "b": "10000 10000 10110 11001 10001 10001 11110",
    "c": "00000 00000 01110 10000 10000 10001 01110", "d": "00001 00001 01101 10011 10001 10001 01111",
    "e": "00000 00000 01110 10001 11111 10000 01110", "f": "00110 01001 01000 11100 01000 01000 01000",
    "g": "00000 01111 10001 10001 01111 00001 01110", "h": "10000 10000 10110 11001 10001 10001 10001",
    "i": "00100 00000 01100 00100 00100 00100 01110", "j": "00010 00000 00110 00010 00010 10010 01100",
    "k": "10000 10000 10010 10100 11000 10100 10010", "l": "01100 00100 00100 00100 00100 00100 01110",
    "m": "00000 00000 11010 10101 10101 10001 10001", "n": "00000 00000 10110 11001 10001 10001 10001",
    "o": "00000 00000 01110 10001 10001 10001 01110", "p": "00000 00000 11110 10001 11110 10000 10000",
    "q": "00000 00000 01101 10011 01111 00001 00001", "r": "00000 00000 10110 11001 10000 10000 10000",
    "s": "00000 00000 01110 10000 01110 00001 11110", "t": "01000 01000 11100 01000 01000 01001 00110",
    "u": "00000 00000 10001 10001 10001 10011 01101", "v": "00000 00000 10001 10001 10001 01010 00100",
    "w": "00000 00000 10001 10001 10101 10101 01010", "x": "00000 00000 10001 01010 00100 01010 10001",
    "y": "00000 00000 10001 10001 01111 00001 01110", "z": "00000 00000 11111 00010 00100 01000 11111",
}

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GRID = (225, 225, 225)
AXIS = (90, 90, 90)
COLORS = {0: (31, 119, 180), 1: (214, 39, 40), 2: (44, 160, 44), 9: (120, 120, 120)}


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(WHITE * (width * height))

    def set(self, x, y, color):
        x, y = int(round(x)), int(round(y))
        if 0 <= x < self.width and 0 <= y < self.height:
            i = 3 * (y * self.width + x)
            self.pixels[i:i + 3] = bytes(color)

    def rect(self, x0, y0, x1, y1, color):
        for y in range(int(y0), int(y1) + 1):
            for x in range(int(x0), int(x1) + 1):
                self.set(x, y, color)

    def line(self, x0, y0, x1, y1, color, width=1, dash=0):
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for k in range(steps + 1):
            if dash and (k // dash) % 2 == 1:
                continue
            t = k / steps
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            r = width // 2
            self.rect(x - r, y - r, x - r + width - 1, y - r + width - 1, color)

    def marker(self, x, y, shape, color, filled):
        r = 5
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                inside = dx * dx + dy * dy <= r * r if shape == "circle" else True
                edge = (dx * dx + dy * dy >= (r - 1.6) ** 2 if shape == "circle"
                        else max(abs(dx), abs(dy)) >= r - 1)
                if inside and (filled or edge):
                    self.set(x + dx, y + dy, color)

    def text(self, x, y, s, color=BLACK, scale=2, vertical=False):
        """Draws `s` with its top-left at (x, y); vertical reads bottom to top."""
        for n, ch in enumerate(s):
            rows = FONT.get(ch, FONT[" "]).split()
            for r, bits in enumerate(rows):
                for c, bit in enumerate(bits):
                    if bit != "1":
                        continue
                    for sy in range(scale):
                        for sx in range(scale):
                            px, py = (n * 6 + c) * scale + sx, r * scale + sy
                            if vertical:
                                self.set(x + py, y - px, color)
                            else:
                                self.set(x + px, y + py, color)

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.pixels[3 * y * self.width:3 * (y + 1) * self.width])
                       for y in range(self.height))

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data +
                    struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def text_width(s, scale=2):
    return len(s) * 6 * scale


def decades(lo, hi):
    return range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)


def tick_label(exponent, as_percent):
    if as_percent:
        value = 10.0 ** (exponent + 2)
        return ("%g" % value) + "%"
    return "%g" % (10.0 ** exponent)


def panel(canvas, box, rows, key, ylabel, xrange_, yrange):
    x0, y0, x1, y1 = box
    (xlo, xhi), (ylo, yhi) = xrange_, yrange

    def px(v):
        return x0 + (math.log10(v) - math.log10(xlo)) / (math.log10(xhi) - math.log10(xlo)) * (x1 - x0)

    def py(v):
        return y1 - (math.log10(v) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo)) * (y1 - y0)

    for e in decades(xlo, xhi):
        v = 10.0 ** e
        if xlo <= v <= xhi:
            canvas.line(px(v), y0, px(v), y1, GRID)
            label = tick_label(e, False)
            canvas.text(px(v) - text_width(label) / 2, y1 + 8, label)
    for e in decades(ylo, yhi):
        v = 10.0 ** e
        if ylo <= v <= yhi:
            canvas.line(x0, py(v), x1, py(v), GRID)
            label = tick_label(e, True)
            canvas.text(x0 - text_width(label) - 8, py(v) - 7, label)
    canvas.line(x0, y0, x0, y1, AXIS, 2)
    canvas.line(x0, y1, x1, y1, AXIS, 2)
    canvas.line(x0, y0, x1, y0, AXIS)
    canvas.line(x1, y0, x1, y1, AXIS)
    canvas.text(x0 + (x1 - x0) / 2 - text_width("ms per step") / 2, y1 + 32, "ms per step")
    canvas.text(x0 - 92, y0 + (y1 - y0) / 2 + text_width(ylabel) / 2, ylabel, vertical=True)

    # One line per sweep (same size, stiffness, tethers; iterations at 1 substep solid,
    # substeps at 1 iteration dashed), then the markers on top.
    sweeps = {}
    for r in rows:
        kinds = []
        if r["substeps"] == 1:
            kinds.append("iterations")
        if r["iterations"] == 1:
            kinds.append("substeps")
        for kind in kinds:
            sweeps.setdefault((r["size"], r["stiffness"], r["tethers"], kind), []).append(r)
    for (size, stiffness, tethers, kind), members in sweeps.items():
        members.sort(key=lambda r: r["iterations"] * r["substeps"])
        color = COLORS[SIZE_ORDER.get(size, 9)]
        for a, b in zip(members, members[1:]):
            canvas.line(px(a["ms_per_step"]), py(max(a[key], ylo)), px(b["ms_per_step"]),
                        py(max(b[key], ylo)), color, 1, dash=4 if kind == "substeps" else 0)
    for r in rows:
        color = COLORS[SIZE_ORDER.get(r["size"], 9)]
        canvas.marker(px(r["ms_per_step"]), py(max(r[key], ylo)),
                      "circle" if r["stiffness"] == 0 else "square", color, not r["tethers"])


def write_png(path, rows, tethers_available):
    width, height = 1600, 760
    canvas = Canvas(width, height)
    ms = [r["ms_per_step"] for r in rows]
    strains = [r[k] for r in rows for k in ("strain_max", "strain_rms") if r[k] > 0]
    xrange_ = (10.0 ** math.floor(math.log10(min(ms))), 10.0 ** math.ceil(math.log10(max(ms))))
    ylo = 10.0 ** math.floor(math.log10(min(strains))) if strains else 1e-4
    yhi = 10.0 ** math.ceil(math.log10(max(strains))) if strains else 1.0
    top, bottom = 70, height - 150
    panel(canvas, (150, top, 760, bottom), rows, "strain_max", "largest strain", xrange_,
          (ylo, yhi))
    panel(canvas, (950, top, 1560, bottom), rows, "strain_rms", "rms strain", xrange_,
          (ylo, yhi))
    canvas.text(150, 20, "hanging cloths, 2 fixed corners, settled 10 s: strain against the "
                "time per step", scale=2)
    # The legend, below the panels.
    x, y = 150, height - 60
    sizes = sorted({r["size"] for r in rows}, key=lambda s: SIZE_ORDER.get(s, 9))
    for size in sizes:
        color = COLORS[SIZE_ORDER.get(size, 9)]
        canvas.rect(x, y + 2, x + 22, y + 12, color)
        canvas.text(x + 30, y, size)
        x += 30 + text_width(size) + 20
    canvas.marker(x + 5, y + 7, "circle", BLACK, True)
    canvas.text(x + 20, y, "pbd k=0")
    x += 20 + text_width("pbd k=0") + 20
    canvas.marker(x + 5, y + 7, "square", BLACK, True)
    canvas.text(x + 20, y, "xpbd k=1000")
    x += 20 + text_width("xpbd k=1000") + 20
    if tethers_available:
        canvas.marker(x + 5, y + 7, "circle", BLACK, False)
        canvas.text(x + 20, y, "hollow: tethers on")
        x += 20 + text_width("hollow: tethers on") + 20
    canvas.line(x, y + 7, x + 40, y + 7, BLACK)
    canvas.text(x + 50, y, "more iterations")
    x += 50 + text_width("more iterations") + 20
    canvas.line(x, y + 7, x + 40, y + 7, BLACK, dash=4)
    canvas.text(x + 50, y, "more substeps")
    with open(path, "wb") as f:
        f.write(canvas.png())


# --------------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sim", default="build/pbd-sim", help="the pbd-sim to run")
    parser.add_argument("--out-dir", default="docs", help="where convergence.md and .png go")
    parser.add_argument("--smoke", action="store_true",
                        help="a few tiny runs in seconds, to check that the script works")
    args = parser.parse_args()

    tethers_available = has_tethers(args.sim)
    runs = plan(tethers_available, args.smoke)
    settle, steps = (20, 3) if args.smoke else (2000, 10)
    model, cores, memory = machine()
    load_before = load()
    began = time.monotonic()
    rows = []
    for n, run in enumerate(runs, 1):
        row = bench(args.sim, run, settle, steps)
        rows.append(row)
        print("%2d/%d %-8s %-10s it %3d sub %2d k %4g tethers %-3s  %8.3f ms/step  strain max "
              "%-8s rms %-8s (%.0f s)" % (n, len(runs), run["size"], run["solver"],
                                          run["iterations"], run["substeps"], run["stiffness"],
                                          "on" if run["tethers"] else "off", row["ms_per_step"],
                                          percent(row["strain_max"]),
                                          percent(row["strain_rms"]), row["wall_s"]),
              flush=True)
    seconds = time.monotonic() - began
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    os.makedirs(args.out_dir, exist_ok=True)
    png_name = "convergence.png"
    write_png(os.path.join(args.out_dir, png_name), rows, tethers_available)
    write_markdown(os.path.join(args.out_dir, "convergence.md"), rows, tethers_available,
                   (model, cores, memory, load_before, load(), seconds, commit, args.smoke),
                   png_name)
    with open(os.path.join(args.out_dir, "convergence.json"), "w") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")
    print("convergence: %d runs in %.1f min; wrote %s" % (len(rows), seconds / 60.0,
                                                         args.out_dir))


if __name__ == "__main__":
    main()
