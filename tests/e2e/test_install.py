#!/usr/bin/env python3
"""cmake --install into a temporary prefix: bin/pbd-cloth and bin/pbd-sim, a desktop entry
(share/applications/pbd-cloth.desktop, checked against the Desktop Entry specification's rules
for the keys it uses) and the icon (share/icons/hicolor/scalable/apps/pbd-cloth.svg). The
installed pbd-sim prints what the built one prints; the installed pbd-cloth, started from an
empty folder far from the source tree, draws the cloth (its shaders are built into it).

Usage: test_install.py PBD_CLOTH PBD_SIM CMAKE BUILD_DIR"""

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from e2e import app_binary, check, count_blue, page_view, read_png, run, workdir, world_to_screen

app_binary()
sim, cmake, build = sys.argv[2], sys.argv[3], sys.argv[4]
out = workdir()
prefix = os.path.join(out, "prefix with space")
result = subprocess.run([cmake, "--install", build, "--prefix", prefix], capture_output=True,
                        text=True, timeout=120)
check(result.returncode == 0, "cmake --install exits with status 0 (%s)" % result.stderr.strip())

installed_app = os.path.join(prefix, "bin", "pbd-cloth")
installed_sim = os.path.join(prefix, "bin", "pbd-sim")
desktop = os.path.join(prefix, "share", "applications", "pbd-cloth.desktop")
icon = os.path.join(prefix, "share", "icons", "hicolor", "scalable", "apps", "pbd-cloth.svg")
for path in (installed_app, installed_sim):
    check(os.path.isfile(path) and os.access(path, os.X_OK), "%s is an executable" % path)
for path in (desktop, icon):
    check(os.path.isfile(path), "%s is installed" % path)

# The desktop entry: a [Desktop Entry] group first, Key=Value lines with unique keys of
# A-Za-z0-9-, the required Type, Name and (for an application) Exec, registered categories.
with open(desktop, encoding="utf-8") as f:
    lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
check(lines[0] == "[Desktop Entry]", "the entry starts with the [Desktop Entry] group")
entry = {}
for line in lines[1:]:
    check(re.fullmatch(r"[A-Za-z0-9-]+=.*", line) is not None, "a Key=Value line: " + line)
    key, value = line.split("=", 1)
    check(key not in entry, "the key %s appears once" % key)
    entry[key] = value
check(entry.get("Type") == "Application", "Type=Application")
check(entry.get("Name") == "pbd-cloth" and entry.get("Comment"), "a Name and a Comment")
check(entry.get("Terminal") == "false", "Terminal=false")
check(entry.get("Icon") == "pbd-cloth" and os.path.basename(icon) == "pbd-cloth.svg",
      "Icon names the installed icon")
categories = entry.get("Categories", "")
check(categories.endswith(";") and {"Education", "Science", "Physics"} <= set(categories.split(";")),
      "Categories=Education;Science;Physics; (a ';'-terminated list): " + categories)
check(entry.get("Exec") == '"%s" %%f' % installed_app,
      "Exec is the installed program, quoted because the prefix has a space, given the file a "
      "user opens (%f): " + entry.get("Exec", ""))
validator = shutil.which("desktop-file-validate")
if validator:
    v = subprocess.run([validator, desktop], capture_output=True, text=True)
    check(v.returncode == 0 and "error" not in v.stdout.lower(), "desktop-file-validate: " + v.stdout)
else:
    print("note: desktop-file-validate is not installed; checked by the rules above only")

svg = ElementTree.parse(icon).getroot()
check(svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox"),
      "the icon is an SVG with a viewBox")
shapes = [e.tag.split("}")[1] for e in svg.iter()]
check(shapes.count("line") >= 20 and shapes.count("circle") >= 10,
      "it draws a grid of lines and particles (%d lines, %d circles)"
      % (shapes.count("line"), shapes.count("circle")))

# The installed pbd-sim prints what the built one prints.
args = ["run", "--width", "6", "--height", "4", "--steps", "50"]
mine = subprocess.run([installed_sim, *args], capture_output=True, text=True, timeout=60)
built = subprocess.run([sim, *args], capture_output=True, text=True, timeout=60)
check(mine.returncode == 0 and len(mine.stdout.splitlines()) == 24,
      "the installed pbd-sim runs: 24 positions")
check(mine.stdout == built.stdout, "the same positions as the built pbd-sim")

# The installed pbd-cloth, from an empty folder, with no shader folder set.
empty = os.path.join(out, "elsewhere")
os.mkdir(empty)
os.chdir(empty)
env = {k: v for k, v in os.environ.items() if k != "PBD_SHADER_DIR"}
shot = os.path.join(out, "installed.png")
status, _, err = run(installed_app, "--frames", 30, "--screenshot", shot, env=env)
check(status == 0, "the installed pbd-cloth runs 30 frames from another folder (%s)" % err.strip())
check(os.listdir(empty) == [], "and leaves that folder empty")
width, height, rows = read_png(shot)
canvas, ox, oy, zoom = page_view(width, height)
left, top = world_to_screen((ox, oy), zoom, (-0.3, 0.3))
right, bottom = world_to_screen((ox, oy), zoom, (7.8 + 0.3, -5.8 - 1.0))
inside, outside = count_blue(rows, canvas, height, (left, top, right, bottom))
check(inside > 1200 and outside == 0, "its screenshot shows the cloth where the page hangs it "
                                      "(%d blue pixels there, %d elsewhere)" % (inside, outside))
print("PASS")
