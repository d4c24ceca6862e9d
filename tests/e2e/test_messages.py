#!/usr/bin/env python3
"""Fields that refuse instead of guessing, and messages one can read (issue 35, items 4, 5).
Every step waits on the app's state in its --view-out file, rewritten while it runs.

case typed:  "1,5", "0x10", "abc", "nan" and "inf" typed into Stiffness are each refused with
             the usual message (the field, the text, the range) and Stiffness keeps 0; the
             refusal stays while another field takes a valid value, and goes when Stiffness
             takes one.
case newest: a cloth folded over itself (a state file loaded with Ctrl+O) shows the fold hint
             in its own place over the canvas; ten refusals in ten fields follow, and after
             each the newest message is the message box's first line, whole inside the box;
             the hint's button turns Area stiffness on, the hint leaves, the refusals stay."""

import base64
import json
import os
import struct
import subprocess
import sys

from e2e import App, app_binary, check, fail, workdir, xdo
from live_view import type_into, wait_view

binary = os.path.abspath(app_binary())
case = sys.argv[2] if len(sys.argv) > 2 else "typed"
out = workdir()
view_file = os.path.join(out, "view.txt")


def inside(inner, outer):
    return (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and
            inner[3] <= outer[3])


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def start(*args, cwd=None):
    app = App(binary, "--view-out", view_file, *args, settle=0, cwd=cwd)
    wait_view(view_file, lambda v: v["frames"][0] >= 3, "the first frames")
    return app


if case == "typed":
    app = start()
    allowed = "; allowed: a finite number from 0 to 1e+12 N/m"
    for text, reason in (("1,5", "is not a number"), ("0x10", "is not a number"),
                         ("abc", "is not a number"), ("nan", "is not a finite number"),
                         ("inf", "is not a finite number")):
        type_into(app, view_file, "stiffness", text)
        said = "Stiffness: '%s' %s%s" % (text, reason, allowed)
        view = wait_view(view_file, lambda v: v.get("message") == said, "the refusal: " + said)
        check(view["settings"]["stiffness"] == 0 and view["errors"] == [said],
              "'%s' is refused whole and Stiffness keeps 0: %s" % (text, said))
    type_into(app, view_file, "mass", "1")
    view = wait_view(view_file, lambda v: v["settings"]["mass"] == 1, "Mass 1")
    check(view.get("errors") == [said], "another field's valid value leaves the refusal: %s"
          % view.get("errors"))
    type_into(app, view_file, "stiffness", "1.5")
    view = wait_view(view_file, lambda v: v["settings"]["stiffness"] == 1.5, "Stiffness 1.5")
    check("errors" not in view, "a valid Stiffness clears its refusal: %s" % view.get("errors"))
    check(app.quit() == 0, "pbd-cloth exits with status 0")
elif case == "newest":
    # The page's cloth mirrored left to right: every cell turned over, which the distance
    # constraints keep so (a mirrored cell has the same edge lengths).
    state = os.path.join(out, "start.json")
    subprocess.run([os.path.join(os.path.dirname(binary), "pbd-sim"), "run", "--steps", "0",
                    "--save", state], check=True, capture_output=True)
    with open(state) as f:
        saved = json.load(f)
    raw = base64.b64decode(saved["position"])
    values = list(struct.unpack("<%dd" % (len(raw) // 8), raw))
    values[0::2] = [-x for x in values[0::2]]
    saved["position"] = base64.b64encode(struct.pack("<%dd" % len(values), *values)).decode()
    with open(os.path.join(out, "pbd-cloth-state.json"), "w") as f:
        json.dump(saved, f)  # the panel's state file, in the folder the app runs in
    app = start(cwd=out)
    app.move(100, 100, frames=0)
    xdo("key", "ctrl+o")
    view = wait_view(view_file, lambda v: "fold-hint" in v["widget"], "the fold hint")
    hint, box = view["widget"]["hints"], view["widget"]["messages"]
    canvas = view["canvas"]
    check(hint[2] <= canvas[0] + canvas[2] and not overlap(hint, box),
          "the fold hint is over the canvas, out of the message box: %s, box %s" % (hint, box))
    refusals = (("width", "0", "Width: '0' is not allowed"),
                ("height", "0", "Height: '0' is not allowed"),
                ("dt", "0", "Time step size: '0' is not allowed"),
                ("iterations", "1,5", "Iterations: '1,5' is not a whole number"),
                ("stiffness", "0x10", "Stiffness: '0x10' is not a number"),
                ("gravity", "abc", "Gravity: 'abc' is not a number"),
                ("mass", "0", "Mass: '0' is not allowed"),
                ("substeps", "0", "Substeps: '0' is not allowed"),
                ("damping", "-1", "Damping: '-1' is not allowed"),
                ("tear-strain", "inf", "Tear at strain: 'inf' is not a finite number"))
    for count, (widget, text, said) in enumerate(refusals, 1):
        type_into(app, view_file, widget, text)
        view = wait_view(view_file, lambda v: v.get("message", "").startswith(said),
                         "the newest message: " + said)
        box, newest = view["widget"]["messages"], view["widget"]["message-newest"]
        check(inside(newest, box) and abs(newest[1] - box[1]) <= 1 and
              box[3] <= view["window"][1],
              "refusal %d (%s) is the message box's first, whole: %s in %s"
              % (count, said, newest, box))
        check(len(view["errors"]) == count, "the %d refusals so far stay" % count)
    check("fold-hint" in view["widget"], "the fold hint is still there, in its own place")
    x0, y0, x1, y1 = view["widget"]["fold-hint-button"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2, frames=0)
    wait_view(view_file, lambda v: v["frames"][0] >= view["frames"][0] + 3, "a few frames")
    xdo("click", 1)
    view = wait_view(view_file, lambda v: "fold-hint" not in v["widget"],
                     "the fold hint to leave with its cause")
    check(view["settings"]["areaStiffness"] > 0 and "hints" not in view["widget"],
          "its button turned Area stiffness on (%g) and the hint left"
          % view["settings"]["areaStiffness"])
    check(len(view["errors"]) == 10, "the ten refusals stay (%d)" % len(view["errors"]))
    check(app.quit() == 0, "pbd-cloth exits with status 0")
else:
    fail("unknown case " + case)
print("PASS")
