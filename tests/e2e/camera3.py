"""The 3D view dump's camera line as a test reads it: the perspective of OrbitCamera,
restated from docs/app.md ("Outputs"), the small vector helpers it needs, a ray cast of the
test's own against a grid cloth's triangles, and the pointer's drag on the 3D canvas."""

import math

from e2e import xdo


def sub(a, b): return tuple(x - y for x, y in zip(a, b))
def add(a, b): return tuple(x + y for x, y in zip(a, b))
def mul(s, a): return tuple(s * x for x in a)
def dot(a, b): return sum(x * y for x, y in zip(a, b))
def cross(a, b): return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
def norm(a): return math.sqrt(dot(a, a))
def unit(a): return mul(1.0 / norm(a), a)


class Camera:
    """The view dump's `camera EX EY EZ TX TY TZ UX UY UZ FOVY` over its `canvas X Y W H`."""

    def __init__(self, view):
        c = view["camera"]
        self.eye, self.target, self.up = tuple(c[0:3]), tuple(c[3:6]), unit(tuple(c[6:9]))
        self.forward = unit(sub(self.target, self.eye))
        self.right = unit(cross(self.forward, self.up))
        x, y, w, h = view["canvas"]
        self.offset, self.size = (x, y), (w, h)
        self.focal = 0.5 * h / math.tan(math.radians(c[9]) / 2.0)

    def pixel(self, p):
        d = sub(p, self.eye)
        zc = dot(d, self.forward)
        return (self.offset[0] + self.size[0] / 2 + self.focal * dot(d, self.right) / zc,
                self.offset[1] + self.size[1] / 2 - self.focal * dot(d, self.up) / zc)

    def ray(self, pixel):
        qx = (pixel[0] - self.offset[0] - self.size[0] / 2) / self.focal
        qy = (pixel[1] - self.offset[1] - self.size[1] / 2) / self.focal
        return self.eye, unit(add(self.forward, sub(mul(qx, self.right), mul(qy, self.up))))




def box_pixels(camera, x):
    """The pixels of the eight corners of the bounding box of the points `x`, and whether all
    eight lie inside the canvas."""
    low = [min(p[k] for p in x) for k in range(3)]
    high = [max(p[k] for p in x) for k in range(3)]
    pixels = [camera.pixel((a, b, c)) for a in (low[0], high[0]) for b in (low[1], high[1])
              for c in (low[2], high[2])]
    ox, oy = camera.offset
    w, h = camera.size
    return pixels, all(ox <= px <= ox + w and oy <= py <= oy + h for px, py in pixels)


def framed(camera, x):
    """Whether the bounding box of the points `x` projects inside the canvas and across at
    least 30% of it (a fit, not merely in view), and a text that says where it projects."""
    pixels, inside = box_pixels(camera, x)
    w, h = camera.size
    span = max((max(p[0] for p in pixels) - min(p[0] for p in pixels)) / w,
               (max(p[1] for p in pixels) - min(p[1] for p in pixels)) / h)
    text = ("its cloth's box projects within x %.0f..%.0f of %.0f, y %.0f..%.0f of %.0f, "
            "spanning %.0f%% of the canvas (at least 30%%: fitted, not merely in view)"
            % (min(p[0] for p in pixels), max(p[0] for p in pixels), w,
               min(p[1] for p in pixels), max(p[1] for p in pixels), h, 100 * span))
    return inside and span >= 0.3, text


def triangles(width, height):
    """The surface of a whole grid: each cell split along its diagonal k .. k + width + 1."""
    for i in range(height - 1):
        for j in range(width - 1):
            k = i * width + j
            yield (k, k + width + 1, k + 1)
            yield (k, k + width, k + width + 1)


def first_hit(origin, direction, x, tris):
    """(t, point, triangle) of the first triangle the ray meets (a plain ray-plane hit and
    an inside test by edge signs, not the app's algorithm)."""
    best = None
    for tri in tris:
        a, b, c = (x[i] for i in tri)
        n = cross(sub(b, a), sub(c, a))
        across = dot(direction, n)
        if abs(across) < 1e-15:
            continue
        t = dot(sub(a, origin), n) / across
        if t <= 0 or (best and t >= best[0]):
            continue
        p = add(origin, mul(t, direction))
        signs = [dot(cross(sub(q1, q0), sub(p, q0)), n) for q0, q1 in ((a, b), (b, c), (c, a))]
        if all(s >= -1e-12 for s in signs) or all(s <= 1e-12 for s in signs):
            best = (t, p, tri)
    return best


def plane_point(origin, direction, point, normal):
    t = dot(sub(point, origin), normal) / dot(direction, normal)
    return add(origin, mul(t, direction))


def wait_camera(app):
    return app.wait(lambda v: "camera" in v and v["frames"][0] >= 3, "the 3D view's camera line")


def drag(app, start, end, button=1, steps=8):
    app.move(*start, frames=2)
    xdo("mousedown", button)
    app.sync(2)
    app.glide(start, end, steps)
    xdo("mouseup", button)
    app.sync(2)
