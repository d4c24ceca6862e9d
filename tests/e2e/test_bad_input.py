#!/usr/bin/env python3
"""Typed nonsense never reaches the simulation (issue 5, item 1, panel part): 'abc', 'nan',
'1e400' and empty text typed into panel fields and committed with Enter leave the last valid
value in place, the refusals show their message in red in the panel's fixed place for messages
(no row moves), and the running cloth is not restarted.

Every character typed reaches the panel model (issue 35, item 4), which refuses 'abc', 'nan',
'1e400' and '' with a message naming the field, the text and the range."""

import os

from e2e import App, app_binary, check, probe_layout, read_png, read_state, read_view, workdir

binary = app_binary()
out = workdir()
layout, _ = probe_layout(binary, out)
widgets = layout["widget"]

state_file, view_file = os.path.join(out, "state.txt"), os.path.join(out, "view.txt")
shot = os.path.join(out, "shot.png")
app = App(binary, "--state-out", state_file, "--view-out", view_file, "--screenshot", shot)


def type_into(widget, text):
    app.type_into(widgets[widget], text)


attempts = [("mass", "1e400"), ("gravity", "abc"), ("iterations", ""), ("dt", "nan"),
            ("width", "1e400"), ("stiffness", "1e13"), ("substeps", "0")]
# A row of the cloth's size, where the panel shows it on this window.
size_row = "density" in widgets and widgets["density"][3] < layout["window"][1]
if size_row:
    attempts.append(("density", "20000"))
for widget, text in attempts:
    type_into(widget, text)
app.move(200, 800)
check(app.quit() == 0, "pbd-cloth exits with status 0")

view = read_view(view_file)
defaults = {"width": 40, "height": 30, "fixedCount": 2, "timeStep": 0.005, "iterations": 2,
            "stiffness": 0, "gravity": -9.81, "mass": 0.5, "substeps": 1, "damping": 0,
            "shearStiffness": 0, "areaStiffness": 0, "tearStrain": 0, "clothWidth": 0, "clothHeight": 0,
            "density": 0, "tethers": "off", "chebyshev": 0, "bending": 0, "solver": "sequential", "threads": 0,
            "gpuPrecision": "float", "thickness": 0, "friction": 0, "selfCollision": "off",
            "windX": 0, "windY": 0, "windZ": 0, "airDrag": 0, "gusts": 0, "dimensions": 2,
            "orientation": "vertical", "maxStrain": 0}
check(view["settings"] == defaults,
      "every setting kept its last valid value: %s" % view["settings"])
errors = view.get("errors", [])
for prefix in ["Mass: '1e400' is not allowed", "Gravity: 'abc' is not a number",
               "Iterations: '' is not a whole number", "Time step size: 'nan' is not a finite number",
               "Width: '1e400' is not a whole number", "Stiffness: '1e13' is not allowed",
               "Substeps: '0' is not allowed"] + (["Density: '20000' is not allowed"] if size_row else []):
    check(any(e.startswith(prefix) and "allowed: " in e for e in errors),
          "the panel shows: %s..." % prefix)
check(len(errors) == 7 + size_row, "%d messages in all (%d)" % (7 + size_row, len(errors)))

positions = read_state(state_file)
check(len(positions) == 40 * 30, "the cloth is still 40 x 30")
frames = view["frames"][0]  # the frame drawn while closing does not step
check(abs(view["time"][0] - (frames - 1) * 8 * 0.005) < 1e-6,
      "the simulation ran on without a restart: %.2f s after %d frames" % (view["time"][0], frames))
# Every message went to the fixed place for messages: the rows did not move.
for widget in ["width", "mass", "restart", "substeps", "solver"]:
    check(view["widget"][widget][1] == widgets[widget][1],
          "%s stayed at the height it was drawn before any message (%s, before %s)"
          % (widget, view["widget"][widget], widgets[widget]))

# The messages are drawn in red in the panel.
width, height, rows = read_png(shot)
canvas = int(view["canvas"][2])
red = sum(1 for y in range(height) for x in range(canvas, width)
          if rows[y][x][0] > 150 and rows[y][x][1] < 80 and rows[y][x][2] < 80)
check(red > 100, "red validation messages in the panel (%d red pixels)" % red)
print("PASS")
