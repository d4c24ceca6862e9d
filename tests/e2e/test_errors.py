#!/usr/bin/env python3
"""Failures are clear: no display -> status 1 and "no display found"; a bad flag value ->
status 2 naming the option, the value and the range; a shader that does not compile ->
status 1 with the GL info log (fed through PBD_SHADER_DIR, the development override).

case nodisplay runs without an X server; case flags and case shader run under xvfb-run."""

import os
import shutil
import sys

from e2e import app_binary, check, run, workdir

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "flags"

if case == "nodisplay":
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    status, _, err = run(binary, "--frames", 1, env=env)
    check(status == 1, "without a display pbd-cloth exits with status 1 (got %d)" % status)
    check("no display found" in err, "and says that no display was found: " + err.strip())
elif case == "flags":
    for args, words in [(["--width", "0"], ["--width", "0", "2048"]),
                        (["--dt", "abc"], ["--dt", "abc"]),
                        (["--fixed", "3"], ["--fixed", "3"]),
                        (["--frames", "0"], ["--frames", "0"]),
                        (["--no-such-flag"], ["--no-such-flag"]),
                        (["--stiffness", "-1"], ["--stiffness", "-1", "0 to 1e+12 N/m"]),
                        (["--substeps", "0"], ["--substeps", "0", "1 to 1000"]),
                        (["--damping", "x"], ["--damping", "'x'", "0 to 1000 1/s"]),
                        (["--area-stiffness", "nan"], ["--area-stiffness", "nan", "allowed:"]),
                        (["--stepping", "fast"], ["--stepping", "'fast'", "page or realtime"]),
                        (["--speed", "5"], ["--speed", "'5'", "0.05 to 4"]),
                        (["--speed", "abc"], ["--speed", "'abc'", "not a number"]),
                        (["--strain-scale", "0"], ["--strain-scale", "'0'",
                                                   "auto or a finite number from 1e-06 to 1000"]),
                        (["--strain-scale", "big"], ["--strain-scale", "'big'", "auto or"]),
                        (["--color-by", "stress"], ["--color-by", "'stress'",
                                                    "none or strain"]),
                        (["--color-particles", "mass"], ["--color-particles", "'mass'",
                                                         "none or speed"]),
                        (["--on-release", "drop"], ["--on-release", "'drop'", "throw or keep"]),
                        (["--draw", "wire"], ["--draw", "'wire'", "lines, filled or both"]),
                        (["--grab-radius", "-0.5"], ["--grab-radius", "'-0.5'", "0 to 100 m"]),
                        (["--grab-radius", "nan"], ["--grab-radius", "'nan'", "0 to 100 m"])]:
        status, _, err = run(binary, *args)
        check(status == 2, "%s: status 2 (got %d)" % (" ".join(args), status))
        check(all(w in err for w in words), "%s: the message names %s: %s"
              % (" ".join(args), ", ".join(words), err.strip().splitlines()[0]))
    status, out, _ = run(binary, "--help")
    check(status == 0 and "--screenshot" in out and "--gravity" in out and "--stiffness" in out
          and "--stepping" in out and "--speed" in out and "--strain-scale" in out
          and "--color-particles" in out and "--plots" in out,
          "--help lists the app's and the simulation's flags")
elif case == "shader":
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shaders")
    broken = workdir()
    for name in os.listdir(source):
        shutil.copy(os.path.join(source, name), broken)
    with open(os.path.join(broken, "discs.frag.glsl"), "a") as f:
        f.write("\nthis is not GLSL;\n")
    env = dict(os.environ, PBD_SHADER_DIR=broken)
    status, _, err = run(binary, "--frames", 1, env=env)
    check(status == 1, "a shader that fails to compile: status 1 (got %d)" % status)
    check("discs.frag.glsl" in err and "failed to compile" in err,
          "the message names the shader: " + err.strip().splitlines()[0])
    check(len(err.strip().splitlines()) >= 2, "and quotes the GL info log: " + err.strip())
print("PASS")
