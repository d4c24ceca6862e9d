// The contact phase's geometry, for shaders/contacts.comp.glsl (joined before it): the
// CPU's src/pbd/world/contact_geometry.cpp (signed distances to the grown shapes, the first entry of
// a segment into one, the exit of a ray) and contacts.cpp's carried() and overlaps(), in the
// CPU's operations and order, every result `precise`. The host prepends the #version, the
// #defines and shaders/kernel_common.glsl (REAL) as for every kernel.

layout(location = 5) uniform REAL uInfinity; // +infinity

const uint kPoint = 0u;
const uint kSegment = 1u;
const uint kRectangle = 2u;
const uint kHalfPlane = 3u;
const uint kStride = 20u;

struct Shape {
    uint core;
    bool moving;
    REAL2 a, b, u, hf, lo, hi, from, to;
    REAL r, c, s;
};

struct Surface {
    REAL d;
    REAL2 n;
};

// std::max, std::min, std::clamp and std::copysign (y's sign bit on |x|), as C++ defines them.
REAL maxStd(REAL a, REAL b) { return (a < b) ? b : a; }
REAL minStd(REAL a, REAL b) { return (b < a) ? b : a; }
REAL clampStd(REAL v, REAL lo, REAL hi) { return (v < lo) ? lo : ((hi < v) ? hi : v); }
bool signBit(REAL v)
{
#if REAL_IS_DOUBLE
    return (unpackDouble2x32(v).y & 0x80000000u) != 0u;
#else
    return (floatBitsToUint(v) & 0x80000000u) != 0u;
#endif
}
REAL copySign(REAL magnitude, REAL sign)
{
    const REAL m = abs(magnitude);
    return signBit(sign) ? -m : m;
}
bool finite(REAL v) { return !isinf(v) && !isnan(v); }

REAL dot2(REAL2 a, REAL2 b)
{
    precise REAL d = a.x * b.x + a.y * b.y;
    return d;
}
REAL2 add(REAL2 a, REAL2 b)
{
    precise REAL px = a.x + b.x;
    precise REAL py = a.y + b.y;
    return REAL2(px, py);
}
REAL2 sub(REAL2 a, REAL2 b)
{
    precise REAL px = a.x - b.x;
    precise REAL py = a.y - b.y;
    return REAL2(px, py);
}
REAL2 scale(REAL f, REAL2 a)
{
    precise REAL px = f * a.x;
    precise REAL py = f * a.y;
    return REAL2(px, py);
}
REAL2 divide(REAL2 a, REAL f)
{
    precise REAL px = a.x / f;
    precise REAL py = a.y / f;
    return REAL2(px, py);
}
REAL lengthOf(REAL2 a)
{
    precise REAL l = sqrt(dot2(a, a));
    return l;
}

Surface fromPoint(REAL2 c, REAL r, REAL2 p)
{
    const REAL2 v = sub(p, c);
    const REAL length = lengthOf(v);
    if (length == REAL(0))
        return Surface(-r, REAL2(0, 1));
    precise REAL d = length - r;
    return Surface(d, divide(v, length));
}

REAL enterDisc(REAL2 s, REAL2 e, REAL2 c, REAL r)
{
    const REAL2 f = sub(s, c);
    const REAL2 u = sub(e, s);
    const REAL a = dot2(u, u);
    const REAL b = dot2(f, u);
    precise REAL k = dot2(f, f) - r * r;
    if (k <= REAL(0))
        return b < REAL(0) ? REAL(0) : REAL(-1);
    if (b >= REAL(0) || a == REAL(0))
        return REAL(-1);
    precise REAL disc = b * b - a * k;
    if (disc < REAL(0))
        return REAL(-1);
    precise REAL t = k / (-b + sqrt(disc));
    return t <= REAL(1) ? t : REAL(-1);
}

REAL enterRectangle(REAL2 s, REAL2 e, REAL2 c, REAL2 ux, REAL2 hf)
{
    const REAL2 uy = REAL2(-ux.y, ux.x);
    const REAL2 f = sub(s, c);
    const REAL2 u = sub(e, s);
    const REAL from[2] = REAL[2](dot2(f, ux), dot2(f, uy));
    const REAL along[2] = REAL[2](dot2(u, ux), dot2(u, uy));
    const REAL extent[2] = REAL[2](hf.x, hf.y);
    REAL enter = -uInfinity;
    REAL exit = uInfinity;
    for (int k = 0; k < 2; ++k) {
        if (along[k] == REAL(0)) {
            if (abs(from[k]) > extent[k])
                return REAL(-1);
            continue;
        }
        precise REAL t1 = (-extent[k] - from[k]) / along[k];
        precise REAL t2 = (extent[k] - from[k]) / along[k];
        if (t1 > t2) {
            const REAL t = t1;
            t1 = t2;
            t2 = t;
        }
        enter = maxStd(enter, t1);
        exit = minStd(exit, t2);
    }
    if (enter > exit || exit <= REAL(0) || enter > REAL(1))
        return REAL(-1);
    return maxStd(enter, REAL(0));
}

REAL earlier(REAL a, REAL b)
{
    if (a < REAL(0))
        return b;
    if (b < REAL(0))
        return a;
    return minStd(a, b);
}

Surface surfaceDistance(Shape shape, REAL2 p)
{
    if (shape.core == kPoint)
        return fromPoint(shape.a, shape.r, p);
    if (shape.core == kSegment) {
        const REAL2 ab = sub(shape.b, shape.a);
        const REAL ab2 = dot2(ab, ab);
        precise REAL q = dot2(sub(p, shape.a), ab) / ab2;
        const REAL t = ab2 > REAL(0) ? clampStd(q, REAL(0), REAL(1)) : REAL(0);
        return fromPoint(add(shape.a, scale(t, ab)), shape.r, p);
    }
    if (shape.core == kRectangle) {
        const REAL2 uy = REAL2(-shape.u.y, shape.u.x);
        const REAL2 f = sub(p, shape.a);
        const REAL2 l = REAL2(dot2(f, shape.u), dot2(f, uy));
        precise REAL qx = abs(l.x) - shape.hf.x;
        precise REAL qy = abs(l.y) - shape.hf.y;
        if (qx > REAL(0) || qy > REAL(0)) {
            const REAL2 beyond = REAL2(maxStd(qx, REAL(0)), maxStd(qy, REAL(0)));
            const REAL length = lengthOf(beyond);
            precise REAL nlx = copySign(beyond.x, l.x) / length;
            precise REAL nly = copySign(beyond.y, l.y) / length;
            precise REAL d = length - shape.r;
            return Surface(d, add(scale(nlx, shape.u), scale(nly, uy)));
        }
        if (qx >= qy) {
            precise REAL d = qx - shape.r;
            return Surface(d, scale(l.x >= REAL(0) ? REAL(1) : REAL(-1), shape.u));
        }
        precise REAL d = qy - shape.r;
        return Surface(d, scale(l.y >= REAL(0) ? REAL(1) : REAL(-1), uy));
    }
    precise REAL d = dot2(sub(p, shape.a), shape.u) - shape.r;
    return Surface(d, shape.u);
}

REAL entryFraction(Shape shape, REAL2 s, REAL2 e)
{
    const REAL r = shape.r;
    if (shape.core == kPoint)
        return enterDisc(s, e, shape.a, r);
    if (shape.core == kSegment) {
        const REAL2 ab = sub(shape.b, shape.a);
        const REAL length = lengthOf(ab);
        REAL t = earlier(enterDisc(s, e, shape.a, r), enterDisc(s, e, shape.b, r));
        if (length > REAL(0)) {
            precise REAL halfLength = REAL(0.5) * length;
            t = earlier(t, enterRectangle(s, e, scale(REAL(0.5), add(shape.a, shape.b)),
                                          divide(ab, length), REAL2(halfLength, r)));
        }
        return t;
    }
    if (shape.core == kRectangle) {
        const REAL2 h = shape.hf;
        precise REAL hx = h.x + r;
        precise REAL hy = h.y + r;
        REAL t = earlier(enterRectangle(s, e, shape.a, shape.u, REAL2(hx, h.y)),
                         enterRectangle(s, e, shape.a, shape.u, REAL2(h.x, hy)));
        if (r > REAL(0)) {
            const REAL2 uy = REAL2(-shape.u.y, shape.u.x);
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    const REAL sx = i == 0 ? REAL(-1) : REAL(1);
                    const REAL sy = j == 0 ? REAL(-1) : REAL(1);
                    precise REAL fx = sx * h.x;
                    precise REAL fy = sy * h.y;
                    const REAL2 corner = add(add(shape.a, scale(fx, shape.u)), scale(fy, uy));
                    t = earlier(t, enterDisc(s, e, corner, r));
                }
        }
        return t;
    }
    precise REAL ds = dot2(sub(s, shape.a), shape.u) - r;
    precise REAL de = dot2(sub(e, shape.a), shape.u) - r;
    if (ds <= REAL(0))
        return de < ds ? REAL(0) : REAL(-1);
    if (de >= REAL(0))
        return REAL(-1);
    precise REAL t = ds / (ds - de);
    return t;
}

REAL exitDistance(Shape shape, REAL2 p, REAL2 n)
{
    if (shape.core == kHalfPlane) {
        const REAL along = dot2(n, shape.u);
        precise REAL d = dot2(sub(p, shape.a), shape.u) - shape.r;
        if (d >= REAL(0))
            return REAL(0);
        precise REAL leave = -d / along;
        return along > REAL(0) ? leave : uInfinity;
    }
    const REAL2 size = sub(shape.hi, shape.lo);
    const REAL2 from = sub(p, shape.lo);
    precise REAL far =
        REAL(2) * (abs(size.x) + abs(size.y) + abs(from.x) + abs(from.y)) + REAL(1);
    const REAL t = entryFraction(shape, add(p, scale(far, n)), p);
    precise REAL back = far * (REAL(1) - t);
    return t < REAL(0) ? REAL(0) : back;
}

REAL2 carried(Shape shape, REAL2 p)
{
    if (!shape.moving)
        return p;
    const REAL2 q = sub(p, shape.from);
    precise REAL rx = shape.c * q.x - shape.s * q.y;
    precise REAL ry = shape.s * q.x + shape.c * q.y;
    return add(shape.to, REAL2(rx, ry));
}

bool overlaps(Shape s, REAL2 lo, REAL2 hi)
{
    if (s.core == kHalfPlane) {
        const REAL2 corner = REAL2(s.u.x >= REAL(0) ? lo.x : hi.x, s.u.y >= REAL(0) ? lo.y : hi.y);
        precise REAL d = dot2(sub(corner, s.a), s.u) - s.r;
        return d <= REAL(0);
    }
    return lo.x <= s.hi.x && hi.x >= s.lo.x && lo.y <= s.hi.y && hi.y >= s.lo.y;
}
