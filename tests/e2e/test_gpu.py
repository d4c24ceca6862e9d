#!/usr/bin/env python3
"""--solver gpu in the window: the cloth runs on the GPU solver on the window's OpenGL 4.3
context (Mesa's llvmpipe under Xvfb) and looks exactly as with the colored solver.

- 20 frames with --solver gpu --gpu-precision double end within 1e-12 m of
  `pbd-sim run --solver colored` for its 160 steps (bit for bit on llvmpipe), and the
  summary names the gpu solver; both runs fix the frame's step budget (PBD_STEP_BUDGET_MS),
  so that a loaded machine cannot cut a frame's 8 steps;
- its screenshot's canvas (everything left of the panel) equals the colored solver's after as
  many steps, pixel for pixel (a 20 x 15 cloth at 1 iteration);
- with a 3.3 context (Mesa told to offer 3.3), --solver gpu exits 1 saying the GPU solver
  needs 4.3."""

import os
import subprocess
import sys

from e2e import (app_binary, check, fail, probe_layout, read_png, read_state, read_view, run,
                 workdir)

binary = app_binary()
if len(sys.argv) < 3 or not os.path.exists(sys.argv[2]):
    fail("usage: test_gpu.py PATH/TO/pbd-cloth PATH/TO/pbd-sim")
sim = sys.argv[2]
out = workdir()
layout, _ = probe_layout(binary, out)
panel_left = int(min(rect[0] for rect in layout["widget"].values())) - 12
cloth = ["--width", 20, "--height", 15, "--iterations", 1]


def pbd_sim_colored(steps):
    text = subprocess.run([sim, "run", "--solver", "colored", "--steps", str(steps)] +
                          [str(a) for a in cloth], capture_output=True, text=True, check=True,
                          timeout=120).stdout
    return [tuple(float(v) for v in line.split()) for line in text.splitlines() if line.strip()]


def run_app(solver, name):
    """Runs 20 frames; returns (steps taken, positions, screenshot path)."""
    state, view, shot = (os.path.join(out, name + ext) for ext in (".txt", ".view", ".png"))
    status, _, err = run(binary, "--solver", solver, "--gpu-precision", "double", "--frames", 20,
                         "--state-out", state, "--view-out", view, "--screenshot", shot, *cloth,
                         env=dict(os.environ, PBD_STEP_BUDGET_MS="60000"))
    check(status == 0, "--solver %s runs 20 frames (%s)" % (solver, err.strip()))
    check("solver " + solver in err, "the summary names the %s solver: %s" % (solver, err.strip()))
    steps = round(read_view(view)["time"][0] / 0.005)
    return steps, read_state(state), shot


colored_steps, _, colored_shot = run_app("colored", "colored")
check(colored_steps == 160, "the colored solver takes 8 steps per frame (%d)" % colored_steps)
steps, positions, gpu_shot = run_app("gpu", "gpu")
check(steps == colored_steps, "the gpu solver takes 8 steps per frame too (%d)" % steps)
expected = pbd_sim_colored(steps)
check(len(positions) == len(expected) == 300, "the 20 x 15 cloth")
worst = max(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(positions, expected))
check(worst <= 1e-12, "--solver gpu: its %d steps within 1e-12 m of pbd-sim's colored solver "
      "(largest difference %.3g m)" % (steps, worst))

width, height, gpu_rows = read_png(gpu_shot)
_, _, colored_rows = read_png(colored_shot)
differing = sum(1 for y in range(height) for x in range(panel_left)
                if gpu_rows[y][x] != colored_rows[y][x])
check(panel_left > 100 and differing == 0,
      "the canvas (%d columns) is the same picture with both solvers (%d pixels differ)"
      % (panel_left, differing))

env = dict(os.environ, MESA_GL_VERSION_OVERRIDE="3.3", MESA_GLSL_VERSION_OVERRIDE="330")
status, _, err = run(binary, "--solver", "gpu", "--frames", 1, env=env)
check(status == 1, "with OpenGL 3.3 only, --solver gpu exits 1 (got %d)" % status)
check("needs 4.3" in err and "3.3" in err, "and says the GPU solver needs 4.3: " + err.strip())
print("PASS")
