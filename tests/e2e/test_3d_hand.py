#!/usr/bin/env python3
"""The 3D hand on the world and with a grab radius, with real X events (issue 40).

case select: a paused 3D cloth with a sphere obstacle in front of it and a ball beside it.
             A left click on the sphere selects it (the view dump's `selected obstacle 0`)
             and an F12 screenshot shows the orange outline along the sphere's silhouette
             (the test's own: the circle where the rays from the view dump's eye touch it),
             none along the ball's; a click on the ball selects the ball; back on the sphere,
             the panel's "Remove selected" removes it (`world 0 1`, nothing selected) and
             Ctrl+Z brings it back (`world 1 1`).
case reach:  --grab-radius 0.5 on a paused 3D cloth: with the pointer on the cloth an F12
             screenshot (--export-hover-ring) shows the grab radius's circle, facing the
             camera, of 0.5 m around the point where the test's own ray meets the cloth; a
             drag from there moves every particle within 0.5 m of that point, and only those
             (a state dump before and after), each by the same step, to where the release's
             ray meets the plane through the hit facing the camera."""

import math
import os
import sys

from camera3 import (Camera, add, cross, dot, drag, first_hit, mul, norm, plane_point, sub,
                     triangles, unit, wait_camera)
from e2e import (App, app_binary, centre, check, fail, read_png, read_state, run,
                 scroll_panel_down, workdir, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "select"
out = workdir()


def click(app, at):
    app.move(*at, frames=2)
    xdo("click", 1)
    return app.sync(2)


def screenshot(app):
    """F12 with the app's working folder `out`: the PNG's rows once the notice names it."""
    xdo("key", "F12")
    view = app.wait(lambda v: v.get("notice", "").startswith("Screenshot saved to "),
                    "the F12 screenshot")
    path = view["notice"][len("Screenshot saved to "):].split()[0]
    return read_png(path)[2]


def circle(c, r, a, b, count=24):
    return [add(c, add(mul(r * math.cos(2 * math.pi * k / count), a),
                       mul(r * math.sin(2 * math.pi * k / count), b))) for k in range(count)]


def share_near(rows, camera, points, colour, reach=2):
    """The share of the points whose pixel has a pixel of `colour` (a test on (r, g, b))
    within `reach` pixels."""
    found = 0
    for p in points:
        x, y = camera.pixel(p)
        found += any(colour(rows[round(y) + dy][round(x) + dx])
                     for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1))
    return found / len(points)


def silhouette(camera, c, r):
    """The points where the rays from the eye touch the sphere of radius r around c."""
    to_eye = sub(camera.eye, c)
    d = norm(to_eye)
    u = mul(1.0 / d, to_eye)
    a = unit(cross(u, (0.0, 1.0, 0.0)))
    b = cross(u, a)
    return circle(add(c, mul(r * r / d, u)), r * math.sqrt(1 - (r / d) ** 2), a, b)


def orange(rgb):  # the selected outline's #FF8C00
    return rgb[0] >= 235 and 120 <= rgb[1] <= 160 and rgb[2] <= 40


if case == "select":
    sphere, radius = (0.9, -0.9, 0.8), 0.35
    ball, ball_radius = (2.7, -0.5, 0.0), 0.25
    app = App(binary, "--dimensions", 3, "--width", 10, "--height", 10, "--paused",
              "--no-autosave", "--obstacle", "sphere:%g,%g,%g,%g" % (sphere + (radius,)),
              "--ball", "%g,%g,%g,%g,1" % (ball + (ball_radius,)), cwd=out)
    view = wait_camera(app)
    camera = Camera(view)
    check(view["world"] == [1, 1] and "selected" not in view,
          "a sphere and a ball, nothing selected at the start (world %s)" % view["world"])
    click(app, camera.pixel(sphere))
    app.wait(lambda v: v.get("selected") == ("obstacle", 0), "the sphere to be selected")
    app.move(30, app.height - 40, frames=2)  # the pointer away: no hover marker on it
    rows = screenshot(app)
    on_sphere = share_near(rows, camera, silhouette(camera, sphere, radius), orange)
    on_ball = share_near(rows, camera, silhouette(camera, ball, ball_radius), orange)
    check(on_sphere >= 0.9, "the selected sphere is drawn with an orange outline along its "
          "silhouette (%.0f%% of 24 points)" % (100 * on_sphere))
    check(on_ball == 0, "the ball, not selected, has none (%.0f%%)" % (100 * on_ball))
    click(app, camera.pixel(ball))
    app.wait(lambda v: v.get("selected") == ("ball", 0), "the ball to be selected")
    click(app, camera.pixel(sphere))
    view = app.wait(lambda v: v.get("selected") == ("obstacle", 0),
                    "the sphere to be selected again")
    scroll_panel_down(app, 8)  # the World section's buttons into the window
    view = app.wait(lambda v: v["widget"].get("remove-selected", (0, 0, 0, 1e9))[3] < app.height,
                    "the panel's Remove selected in the window")
    click(app, centre(view["widget"]["remove-selected"]))
    view = app.wait(lambda v: v["world"] == [0, 1], "Remove selected to remove the sphere")
    check("selected" not in view, "Remove selected removed the sphere: one ball left, "
          "nothing selected")
    app.move(camera.pixel(sphere)[0], camera.pixel(sphere)[1], frames=2)
    app.key("ctrl+z")
    app.wait(lambda v: v["world"] == [1, 1], "Ctrl+Z to bring the sphere back")
    check(app.quit() == 0, "pbd-cloth exits with status 0; Ctrl+Z brought the sphere back")

elif case == "reach":
    W, H, R = 30, 20, 0.5
    args = ["--dimensions", 3, "--width", W, "--height", H, "--paused", "--no-autosave",
            "--grab-radius", R]
    before_file, after_file = (os.path.join(out, n) for n in ("before.txt", "after.txt"))
    status, _, err = run(binary, *args, "--frames", "2", "--state-out", before_file)
    if status != 0:
        fail("the state dump run failed: " + err)
    before = read_state(before_file)
    app = App(binary, *args, "--export-hover-ring", "--state-out", after_file, cwd=out)
    camera = Camera(wait_camera(app))
    press = tuple(round(v) for v in camera.pixel((0.2 * 14 + 0.07, -0.2 * 9 - 0.03, 0.0)))
    hit = first_hit(*camera.ray(press), before, list(triangles(W, H)))
    check(hit is not None, "the test's own ray through (%d, %d) meets the cloth" % press)
    point = hit[1]
    app.move(*press, frames=2)
    app.wait(lambda v: v["hovered"] != [-1], "the cloth under the pointer")
    rows = screenshot(app)
    ring = circle(point, R, camera.right, camera.up)

    def reach_colour(rgb):  # the grab radius's orange (230, 120, 0) at 200/255 over the cloth
        return rgb[0] >= 180 and 80 <= rgb[1] <= 150 and rgb[2] <= 50
    share = share_near(rows, camera, ring, reach_colour)
    check(share >= 0.9, "the grab radius's circle is drawn facing the camera, %g m around the "
          "point under the pointer (%.0f%% of 24 points)" % (R, 100 * share))
    inner = share_near(rows, camera, circle(point, 0.6 * R, camera.right, camera.up),
                       reach_colour, reach=0)
    check(inner < 0.5, "and not inside it (%.0f%% of a smaller circle's points)" % (100 * inner))
    release = (press[0] + 60, press[1] - 40)
    drag(app, press, release)
    check(app.quit() == 0, "pbd-cloth exits with status 0")
    after = read_state(after_file)
    distances = [norm(sub(p, point)) for p in before]
    within = [i for i, d in enumerate(distances) if d <= R]
    check(not any(abs(d - R) < 1e-6 for d in distances), "no particle lies on the radius")
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    check(changed == within and len(within) >= 10,
          "the drag moved the %d particles within %g m of the hit, and only them (moved %d)"
          % (len(within), R, len(changed)))
    o, d = camera.ray(release)
    step = sub(plane_point(o, d, point, mul(-1.0, camera.forward)), point)
    worst = max(norm(sub(sub(after[i], before[i]), step)) for i in within)
    check(worst < 1e-6 and norm(step) > 0.1, "each by the same %.3f m step along the "
          "camera-facing plane to the release's ray (%.2g m off)" % (norm(step), worst))
    check(abs(dot(step, camera.forward)) < 1e-9, "a step in the plane facing the camera")

else:
    fail("unknown case " + case)
