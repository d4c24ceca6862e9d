#!/usr/bin/env python3
"""The Controls panel takes typed values like the page's inputs: a value commits on Enter or
when the field loses focus, an invalid one is refused with a message next to the field, the
+/- buttons step it, and the Pause button resumes a cloth that Space paused. Checked through
--state-out, --view-out and a screenshot. (The keys on their own: test_keys.py.)

Widget positions come from a first short run's --view-out (the layout does not depend on
anything typed: validation messages have a fixed place)."""

import os
import time

from e2e import App, app_binary, check, probe_layout, read_png, read_state, read_view, run, workdir, xdo

binary = app_binary()
out = workdir()
layout, _ = probe_layout(binary, out)
widgets = layout["widget"]
canvas = layout["canvas"][2]


def grey_hint_pixels(path):
    """Pixels of the message place drawn in the panel's grey for disabled text (its hint)."""
    _, height, rows = read_png(path)
    x0, y0, x1, y1 = widgets["messages"]
    return sum(1 for y in range(int(y0), min(height, int(y1))) for x in range(int(x0), int(x1))
               if 110 < rows[y][x][0] < 190 and abs(rows[y][x][0] - rows[y][x][1]) < 8
               and abs(rows[y][x][0] - rows[y][x][2]) < 8)


# With no message, the fixed place says what it is for (in grey) instead of showing a gap.
quiet_shot = os.path.join(out, "quiet.png")
status, _, err = run(binary, "--frames", 10, "--screenshot", quiet_shot)
check(status == 0, "the quiet run exits with status 0 (%s)" % err.strip())
quiet_grey = grey_hint_pixels(quiet_shot)
check(quiet_grey > 30, "the empty message place shows its grey hint (%d grey pixels)" % quiet_grey)


def centre(widget):
    x0, y0, x1, y1 = widgets[widget]
    return (x0 + x1) / 2, (y0 + y1) / 2


state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
shot = os.path.join(out, "shot.png")
app = App(binary, "--state-out", state_file, "--view-out", view_file, "--screenshot", shot)


def click(widget):
    app.move(*centre(widget))
    xdo("click", 1)
    app.sync(3)


def key(name):
    app.key(name, frames=2)  # a frame or more between keys, as a person types


def type_into(widget, text):
    click(widget)
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 40, text)
    app.wait(lambda v: v.get("editing") == widget + " " + text, "%s to hold %s" % (widget, text))


type_into("width", "20")
key("Return")                     # commit on Enter: 20 x 30
key("space")                      # pauses: only when Enter ended the editing
app.wait(lambda v: v["paused"] == [1.0], "Space after Enter to pause (the field had closed)")
click("width+")                   # 21 x 30 (a restart keeps the pause)
app.wait(lambda v: v["paused"] == [1.0] and v["settings"]["width"] == 21,
         "width+ to restart the cloth 21 wide, still paused")
click("pause")                    # the button, now labelled Resume: runs again
app.wait(lambda v: v["paused"] == [0.0], "the Pause button (labelled Resume) to resume")
# An invalid height (at least 1): its message goes to the fixed place for messages.
type_into("height", "0")
app.move(canvas + 150, layout["window"][1] - 40)
xdo("click", 1)                   # focus moves away: the commit is tried and refused
app.wait(lambda v: "editing" not in v and v.get("errors"), "the refusal")
app.move(200, 800)
check(app.quit() == 0, "pbd-cloth exits with status 0")

positions = read_state(state_file)
check(len(positions) == 21 * 30,
      "Width typed as 20 + Enter, then +1: the cloth has 21 x 30 particles (got %d)" % len(positions))
check(positions[20] == (4.0, 0.0), "particle 20 is the second fixed corner of a 21-wide cloth")
view = read_view(view_file)
# Running at the end only if Space paused (the field had closed on Enter, so Space reached the
# app) and the button resumed: either one broken leaves it paused.
check(view["paused"] == [0.0],
      "Space after Enter paused (the field had closed), then the Pause button resumed")

# The refusal is shown in red in the fixed place for messages, and no row moved.
_, height, rows = read_png(shot)
x0, y0, x1, y1 = view["widget"]["messages"]
red = sum(1 for y in range(int(y0), min(height, int(y1))) for x in range(int(x0), int(x1))
          if rows[y][x][0] > 150 and rows[y][x][1] < 80 and rows[y][x][2] < 80)
check(red > 30, "a red validation message appears in the message area (%d red pixels)" % red)
grey = grey_hint_pixels(shot)
check(grey < quiet_grey / 4, "the hint gives way to the message (%d grey pixels, %d without a "
      "message)" % (grey, quiet_grey))
for widget in ["fixed", "dt", "restart"]:
    check(view["widget"][widget][1] == widgets[widget][1] and view["widget"][widget][3] == widgets[widget][3],
          "the message did not move %s down (%s, before %s)" % (widget, view["widget"][widget], widgets[widget]))
check(view["errors"][0].startswith("Height: '0' is not allowed"), "the message: %s" % view["errors"])
print("PASS")
