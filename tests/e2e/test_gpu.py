#!/usr/bin/env python3
"""--solver gpu in the window: the cloth runs on the GPU solver on the window's OpenGL 4.3
context (Mesa's llvmpipe under Xvfb) and looks exactly as with the colored solver.

- 10 frames with --solver gpu --gpu-precision double end within 1e-12 m of
  `pbd-sim run --solver colored --steps 80` (bit for bit on llvmpipe), and the summary names
  the gpu solver;
- its screenshot's canvas (everything left of the panel) equals the colored solver's, pixel for
  pixel;
- with a 3.3 context (Mesa told to offer 3.3), --solver gpu exits 1 saying the GPU solver
  needs 4.3."""

import os
import subprocess
import sys

from e2e import app_binary, check, fail, probe_layout, read_png, read_state, run, workdir

binary = app_binary()
if len(sys.argv) < 3 or not os.path.exists(sys.argv[2]):
    fail("usage: test_gpu.py PATH/TO/pbd-cloth PATH/TO/pbd-sim")
sim = sys.argv[2]
out = workdir()
layout, _ = probe_layout(binary, out)
panel_left = int(min(rect[0] for rect in layout["widget"].values())) - 12

text = subprocess.run([sim, "run", "--solver", "colored", "--steps", "80"], capture_output=True,
                      text=True, check=True, timeout=120).stdout
colored = [tuple(float(v) for v in line.split()) for line in text.splitlines() if line.strip()]

shots = {}
for solver in ("gpu", "colored"):
    state = os.path.join(out, solver + ".txt")
    shots[solver] = os.path.join(out, solver + ".png")
    status, _, err = run(binary, "--solver", solver, "--gpu-precision", "double", "--frames", 10,
                         "--state-out", state, "--screenshot", shots[solver])
    check(status == 0, "--solver %s runs 10 frames (%s)" % (solver, err.strip()))
    check("solver " + solver in err, "the summary names the %s solver: %s" % (solver, err.strip()))
    positions = read_state(state)
    check(len(positions) == len(colored) == 1200, "the page's 40 x 30 cloth")
    worst = max(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(positions, colored))
    check(worst <= 1e-12, "--solver %s: 80 steps within 1e-12 m of pbd-sim's colored solver "
          "(largest difference %.3g m)" % (solver, worst))

width, height, gpu_rows = read_png(shots["gpu"])
_, _, colored_rows = read_png(shots["colored"])
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
