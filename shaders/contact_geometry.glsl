// The contact phase's geometry, for shaders/contacts.comp.glsl (joined before it): the
// CPU's src/pbd/world/contact_geometry.cpp (signed distances to the grown shapes, the first entry of
// a segment into one, the exit of a ray) and contacts.cpp's carried() and overlaps(), written
// once over VEC (REAL2 for a 2D cloth, REAL3 for a 3D one: DIM) as the CPU writes them once
// over Vec<D>, in the CPU's operations and order, every result `precise`. The host prepends
// the #version, the #defines and shaders/kernel_common.glsl (REAL) as for every kernel.

layout(location = 5) uniform REAL uInfinity; // +infinity

const uint kPoint = 0u;
const uint kSegment = 1u;
const uint kBox = 2u;       // a rectangle in 2D
const uint kHalfSpace = 3u; // a half-plane in 2D

#if DIM == 3
#define VEC REAL3
#define TURN_REALS 9u // the turn's rows
#else
#define VEC REAL2
#define TURN_REALS 2u // the turn's cosine and sine
#endif
// A shape as the host packs it (gpu_contacts.cpp), DIM reals per vector: a, b, the DIM axes
// (a half-space's normal first), the half extents, r, lo, hi, from, to, the turn, and core +
// 4 if moving.
const uint kAt = 0u;
const uint kBAt = uint(DIM);
const uint kAxesAt = 2u * uint(DIM);
const uint kHalfAt = kAxesAt + uint(DIM * DIM);
const uint kRAt = kHalfAt + uint(DIM);
const uint kLoAt = kRAt + 1u;
const uint kHiAt = kLoAt + uint(DIM);
const uint kFromAt = kHiAt + uint(DIM);
const uint kToAt = kFromAt + uint(DIM);
const uint kTurnAt = kToAt + uint(DIM);
const uint kTagAt = kTurnAt + TURN_REALS;
const uint kStride = kTagAt + 1u;

struct Shape {
    uint core;
    bool moving;
    VEC a, b, hf, lo, hi, from, to;
    VEC u[DIM];    // a box's unit axes; a half-space's outward normal is u[0]
    REAL turn[TURN_REALS];
    REAL r;
};

struct Surface {
    REAL d;
    VEC n;
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

// glm's dot: the products summed from x on.
REAL dotV(VEC a, VEC b)
{
#if DIM == 3
    precise REAL d = a.x * b.x + a.y * b.y + a.z * b.z;
#else
    precise REAL d = a.x * b.x + a.y * b.y;
#endif
    return d;
}
// Each component on its own: one rounding each, as the CPU's.
VEC add(VEC a, VEC b)
{
    precise VEC p = a + b;
    return p;
}
VEC sub(VEC a, VEC b)
{
    precise VEC p = a - b;
    return p;
}
VEC scale(REAL f, VEC a)
{
    precise VEC p = f * a;
    return p;
}
VEC divide(VEC a, REAL f)
{
    precise VEC p = a / f;
    return p;
}
REAL lengthOf(VEC a)
{
    precise REAL l = sqrt(dotV(a, a));
    return l;
}
// lowerOf and upperOf (pbd/vec.h): per component, std::min's and std::max's choice.
VEC lowerOf(VEC a, VEC b)
{
    VEC r;
    for (int k = 0; k < DIM; ++k)
        r[k] = minStd(a[k], b[k]);
    return r;
}
VEC upperOf(VEC a, VEC b)
{
    VEC r;
    for (int k = 0; k < DIM; ++k)
        r[k] = maxStd(a[k], b[k]);
    return r;
}
VEC upVector()
{
    VEC v = VEC(0);
    v.y = REAL(1);
    return v;
}

Surface fromPoint(VEC c, REAL r, VEC p)
{
    const VEC v = sub(p, c);
    const REAL length = lengthOf(v);
    if (length == REAL(0))
        return Surface(-r, upVector());
    precise REAL d = length - r;
    return Surface(d, divide(v, length));
}

REAL enterBall(VEC s, VEC e, VEC c, REAL r)
{
    const VEC f = sub(s, c);
    const VEC u = sub(e, s);
    const REAL a = dotV(u, u);
    const REAL b = dotV(f, u);
    precise REAL k = dotV(f, f) - r * r;
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

// The CPU's slab(): narrows [enter, exit] along one axis; false when the line never is within
// `extent`.
bool slab(REAL from, REAL along, REAL extent, inout REAL enter, inout REAL exit)
{
    if (along == REAL(0))
        return !(abs(from) > extent);
    precise REAL t1 = (-extent - from) / along;
    precise REAL t2 = (extent - from) / along;
    if (t1 > t2) {
        const REAL t = t1;
        t1 = t2;
        t2 = t;
    }
    enter = maxStd(enter, t1);
    exit = minStd(exit, t2);
    return true;
}

REAL entryOf(REAL enter, REAL exit)
{
    if (enter > exit || exit <= REAL(0) || enter > REAL(1))
        return REAL(-1);
    return maxStd(enter, REAL(0));
}

REAL enterBox(VEC s, VEC e, VEC c, VEC axis[DIM], VEC hf)
{
    const VEC f = sub(s, c);
    const VEC u = sub(e, s);
    REAL from[DIM];
    REAL along[DIM];
    for (int k = 0; k < DIM; ++k) {
        from[k] = dotV(f, axis[k]);
        along[k] = dotV(u, axis[k]);
    }
    REAL enter = -uInfinity;
    REAL exit = uInfinity;
    for (int k = 0; k < DIM; ++k)
        if (!slab(from[k], along[k], hf[k], enter, exit))
            return REAL(-1);
    return entryOf(enter, exit);
}

REAL earlier(REAL a, REAL b)
{
    if (a < REAL(0))
        return b;
    if (b < REAL(0))
        return a;
    return minStd(a, b);
}

#if DIM == 3
// The CPU's enterCylinder: the cylinder of radius r around a to b, ends excluded.
REAL enterCylinder(VEC s, VEC e, VEC a, VEC b, REAL r)
{
    const VEC ab = sub(b, a);
    const REAL length = lengthOf(ab);
    const VEC d = divide(ab, length);
    const VEC f = sub(s, a);
    const VEC u = sub(e, s);
    REAL enter = -uInfinity;
    REAL exit = uInfinity;
    const REAL fd = dotV(f, d);
    precise REAL halfLength = REAL(0.5) * length;
    precise REAL centred = fd - halfLength;
    if (!slab(centred, dotV(u, d), halfLength, enter, exit))
        return REAL(-1);
    const VEC fp = sub(f, scale(fd, d));
    const VEC up = sub(u, scale(dotV(u, d), d));
    const REAL qa = dotV(up, up);
    const REAL qb = dotV(fp, up);
    precise REAL qc = dotV(fp, fp) - r * r;
    if (qa == REAL(0)) {
        if (qc > REAL(0))
            return REAL(-1);
    } else {
        precise REAL disc = qb * qb - qa * qc;
        if (disc < REAL(0))
            return REAL(-1);
        precise REAL root = sqrt(disc);
        precise REAL lo = (-qb - root) / qa;
        precise REAL hi = (-qb + root) / qa;
        enter = maxStd(enter, lo);
        exit = minStd(exit, hi);
    }
    return entryOf(enter, exit);
}
#endif

REAL enterCapsule(VEC s, VEC e, VEC a, VEC b, REAL r)
{
    const VEC ab = sub(b, a);
    const REAL length = lengthOf(ab);
    REAL t = earlier(enterBall(s, e, a, r), enterBall(s, e, b, r));
    if (length > REAL(0)) {
#if DIM == 3
        t = earlier(t, enterCylinder(s, e, a, b, r));
#else
        const VEC axes[2] = VEC[2](divide(ab, length), divide(REAL2(-ab.y, ab.x), length));
        precise REAL halfLength = REAL(0.5) * length;
        t = earlier(t, enterBox(s, e, scale(REAL(0.5), add(a, b)), axes, REAL2(halfLength, r)));
#endif
    }
    return t;
}

// The box's corner at the signs `sign` (+-1 per axis).
VEC corner(Shape shape, REAL sign[DIM])
{
    VEC c = shape.a;
    for (int k = 0; k < DIM; ++k) {
        precise REAL f = sign[k] * shape.hf[k];
        c = add(c, scale(f, shape.u[k]));
    }
    return c;
}

REAL enterGrownBox(Shape shape, VEC s, VEC e)
{
    const REAL r = shape.r;
    REAL t = REAL(-1);
    for (int k = 0; k < DIM; ++k) { // grown along one axis at a time
        VEC grown = shape.hf;
        precise REAL g = grown[k] + r;
        grown[k] = g;
        t = earlier(t, enterBox(s, e, shape.a, shape.u, grown));
    }
    if (!(r > REAL(0)))
        return t;
#if DIM == 3
    // The 12 edges, each from a corner along one axis to the next corner.
    for (int along = 0; along < 3; ++along)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                REAL sign[3];
                sign[(along + 1) % 3] = i == 0 ? REAL(-1) : REAL(1);
                sign[(along + 2) % 3] = j == 0 ? REAL(-1) : REAL(1);
                sign[along] = REAL(-1);
                const VEC from = corner(shape, sign);
                sign[along] = REAL(1);
                t = earlier(t, enterCapsule(s, e, from, corner(shape, sign), r));
            }
#else
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            const REAL sign[2] = REAL[2](i == 0 ? REAL(-1) : REAL(1), j == 0 ? REAL(-1) : REAL(1));
            t = earlier(t, enterBall(s, e, corner(shape, sign), r));
        }
#endif
    return t;
}

REAL aboveHalfSpace(Shape shape, VEC p)
{
    precise REAL d = dotV(sub(p, shape.a), shape.u[0]) - shape.r;
    return d;
}

Surface surfaceDistance(Shape shape, VEC p)
{
    if (shape.core == kPoint)
        return fromPoint(shape.a, shape.r, p);
    if (shape.core == kSegment) {
        const VEC ab = sub(shape.b, shape.a);
        const REAL ab2 = dotV(ab, ab);
        precise REAL q = dotV(sub(p, shape.a), ab) / ab2;
        const REAL t = ab2 > REAL(0) ? clampStd(q, REAL(0), REAL(1)) : REAL(0);
        return fromPoint(add(shape.a, scale(t, ab)), shape.r, p);
    }
    if (shape.core == kBox) {
        const VEC f = sub(p, shape.a);
        VEC l;
        VEC q;
        bool outside = false;
        for (int k = 0; k < DIM; ++k) {
            l[k] = dotV(f, shape.u[k]);
            precise REAL qk = abs(l[k]) - shape.hf[k];
            q[k] = qk;
            outside = outside || qk > REAL(0);
        }
        if (outside) { // outside the core: from its nearest point
            VEC beyond;
            for (int k = 0; k < DIM; ++k)
                beyond[k] = maxStd(q[k], REAL(0));
            const REAL length = lengthOf(beyond);
            precise REAL n0 = copySign(beyond[0], l[0]) / length;
            VEC n = scale(n0, shape.u[0]);
            for (int k = 1; k < DIM; ++k) {
                precise REAL nk = copySign(beyond[k], l[k]) / length;
                n = add(n, scale(nk, shape.u[k]));
            }
            precise REAL d = length - shape.r;
            return Surface(d, n);
        }
        int side = 0; // inside the core: out through the nearest side
        for (int k = 1; k < DIM; ++k)
            if (q[k] > q[side])
                side = k;
        precise REAL d = q[side] - shape.r;
        return Surface(d, scale(l[side] >= REAL(0) ? REAL(1) : REAL(-1), shape.u[side]));
    }
    return Surface(aboveHalfSpace(shape, p), shape.u[0]);
}

REAL entryFraction(Shape shape, VEC s, VEC e)
{
    if (shape.core == kPoint)
        return enterBall(s, e, shape.a, shape.r);
    if (shape.core == kSegment)
        return enterCapsule(s, e, shape.a, shape.b, shape.r);
    if (shape.core == kBox)
        return enterGrownBox(shape, s, e);
    const REAL ds = aboveHalfSpace(shape, s);
    const REAL de = aboveHalfSpace(shape, e);
    if (ds <= REAL(0))
        return de < ds ? REAL(0) : REAL(-1);
    if (de >= REAL(0))
        return REAL(-1);
    precise REAL t = ds / (ds - de);
    return t;
}

REAL exitDistance(Shape shape, VEC p, VEC n)
{
    if (shape.core == kHalfSpace) {
        const REAL along = dotV(n, shape.u[0]);
        const REAL d = aboveHalfSpace(shape, p);
        if (d >= REAL(0))
            return REAL(0);
        precise REAL leave = -d / along;
        return along > REAL(0) ? leave : uInfinity;
    }
    const VEC size = sub(shape.hi, shape.lo);
    const VEC from = sub(p, shape.lo);
    REAL reach = abs(size[0]);
    for (int k = 1; k < DIM; ++k) {
        precise REAL grown = reach + abs(size[k]);
        reach = grown;
    }
    for (int k = 0; k < DIM; ++k) {
        precise REAL grown = reach + abs(from[k]);
        reach = grown;
    }
    precise REAL far = REAL(2) * reach + REAL(1);
    const REAL t = entryFraction(shape, add(p, scale(far, n)), p);
    precise REAL back = far * (REAL(1) - t);
    return t < REAL(0) ? REAL(0) : back;
}

VEC carried(Shape shape, VEC p)
{
    if (!shape.moving)
        return p;
    const VEC q = sub(p, shape.from);
#if DIM == 3
    VEC turnedQ;
    for (int k = 0; k < 3; ++k)
        turnedQ[k] = dotV(VEC(shape.turn[3 * k], shape.turn[3 * k + 1], shape.turn[3 * k + 2]), q);
    return add(shape.to, turnedQ);
#else
    const REAL c = shape.turn[0];
    const REAL s = shape.turn[1];
    precise REAL rx = c * q.x - s * q.y;
    precise REAL ry = s * q.x + c * q.y;
    return add(shape.to, REAL2(rx, ry));
#endif
}

bool overlaps(Shape s, VEC lo, VEC hi)
{
    if (s.core == kHalfSpace) {
        VEC corner;
        for (int k = 0; k < DIM; ++k)
            corner[k] = s.u[0][k] >= REAL(0) ? lo[k] : hi[k];
        precise REAL d = dotV(sub(corner, s.a), s.u[0]) - s.r;
        return d <= REAL(0);
    }
    for (int k = 0; k < DIM; ++k)
        if (!(lo[k] <= s.hi[k] && hi[k] >= s.lo[k]))
            return false;
    return true;
}
