"""The 3D view dump's camera line as a test reads it: the perspective of OrbitCamera,
restated from docs/app.md ("Outputs"), and the small vector helpers it needs."""

import math


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
