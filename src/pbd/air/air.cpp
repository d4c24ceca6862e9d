#include "air/air.h"

#include <algorithm>
#include <cmath>

#include "step/step_solver.h"

namespace pbd::detail {
namespace {

/// A lattice coordinate far beyond any cloth (and NaN) held to +-1e9, so that its floor is
/// an int: a cloth blown that far away only loses its gusts' variety.
double held(double q)
{
    constexpr double kFar = 1e9;
    if (!(q > -kFar))
        return -kFar;
    return q < kFar ? q : kFar;
}

/// A well-mixed 32-bit hash of a lattice point (multiply by odd constants, xor-shift: the
/// same unsigned arithmetic in GLSL).
std::uint32_t latticeHash(std::uint32_t i, std::uint32_t j, std::uint32_t k)
{
    std::uint32_t h = (i * kGustHashI) ^ (j * kGustHashJ) ^ (k * kGustHashK);
    h ^= h >> 16;
    h *= kGustMix1;
    h ^= h >> 15;
    h *= kGustMix2;
    h ^= h >> 16;
    return h;
}

/// The two noise channels of a lattice point, each in [-1, 1]: the hash's low and high
/// 16 bits.
GustNoise latticeValue(std::uint32_t i, std::uint32_t j, std::uint32_t k)
{
    const std::uint32_t h = latticeHash(i, j, k);
    constexpr double kScale = 1.0 / 32767.5;
    return {(static_cast<double>(h & 0xffffu) - 32767.5) * kScale,
            (static_cast<double>(h >> 16) - 32767.5) * kScale};
}

/// std::floor of a held() coordinate, without the library call that a baseline x86-64
/// build makes of it (no SSE4.1 rounding instruction): the truncation through int64, one
/// less where it rounded up. Exact for |q| < 2^53; -0 gives +0, which no later step tells
/// apart (its fraction feeds only fade() and mix(), where -0 and +0 add alike).
double floorHeld(double q)
{
    const double t = static_cast<double>(static_cast<std::int64_t>(q));
    return t > q ? t - 1.0 : t;
}

/// 6s^5 - 15s^4 + 10s^3: from 0 to 1 with zero slope and curvature at both ends, so that
/// the noise is smooth across lattice cells.
double fade(double s) { return s * s * s * (s * (s * 6.0 - 15.0) + 10.0); }

GustNoise mix(GustNoise a, GustNoise b, double s)
{
    return {a.along + (b.along - a.along) * s, a.across + (b.across - a.across) * s};
}

/// The eight lattice values of one cell (i, j, k) to (i+1, j+1, k+1), kept while
/// consecutive points fall in the same cell (neighbouring particles nearly always do: a
/// cell is kGustLength across): the same values, hashed once instead of for every point.
struct GustCell {
    std::uint32_t i = 0, j = 0, k = 0;
    bool valid = false;
    GustNoise value[2][2][2]; ///< [dk][dj][di]
    void fill(std::uint32_t ci, std::uint32_t cj, std::uint32_t ck)
    {
        if (valid && ci == i && cj == j && ck == k)
            return;
        i = ci;
        j = cj;
        k = ck;
        valid = true;
        for (std::uint32_t dk = 0; dk < 2; ++dk)
            for (std::uint32_t dj = 0; dj < 2; ++dj)
                for (std::uint32_t di = 0; di < 2; ++di)
                    value[dk][dj][di] = latticeValue(i + di, j + dj, k + dk);
    }
};

/// gustNoise() with the cell's lattice values from `cell`.
GustNoise cachedNoise(double qx, double qy, double qt, GustCell& cell)
{
    qx = held(qx);
    qy = held(qy);
    qt = held(qt);
    const double fx = floorHeld(qx);
    const double fy = floorHeld(qy);
    const double ft = floorHeld(qt);
    // Two's complement of the floor: the hash wraps as GLSL's uint does.
    cell.fill(static_cast<std::uint32_t>(static_cast<std::int32_t>(fx)),
              static_cast<std::uint32_t>(static_cast<std::int32_t>(fy)),
              static_cast<std::uint32_t>(static_cast<std::int32_t>(ft)));
    const double sx = fade(qx - fx);
    const double sy = fade(qy - fy);
    const double st = fade(qt - ft);
    GustNoise plane[2];
    for (std::uint32_t dk = 0; dk < 2; ++dk) {
        const GustNoise bottom = mix(cell.value[dk][0][0], cell.value[dk][0][1], sx);
        const GustNoise top = mix(cell.value[dk][1][0], cell.value[dk][1][1], sx);
        plane[dk] = mix(bottom, top, sy);
    }
    return mix(plane[0], plane[1], st);
}

/// w turned a quarter across itself: to the left in 2D, level about y in 3D (gustWind()).
template <glm::length_t D>
Vec<D> quarterTurn(Vec<D> w)
{
    if constexpr (D == 2)
        return {-w.y, w.x};
    else
        return {-w.z, 0.0, w.x};
}

/// gustWind() through `cell`.
template <glm::length_t D>
Vec<D> cachedGustWind(const AirParamsOf<D>& params, Vec<D> at, GustCell& cell)
{
    const Vec<D> w = params.wind;
    const double gusts = params.gusts;
    const double t = params.time;
    if (gusts == 0.0)
        return w;
    const GustNoise n = cachedNoise((at.x - w.x * t) * (1.0 / kGustLength),
                                    (at.y - w.y * t) * (1.0 / kGustLength),
                                    t * (1.0 / kGustPeriod), cell);
    // Along the wind by 0.8 a, across it by 0.6 b: at most |w| g away (0.8^2 + 0.6^2 = 1).
    const double along = gusts * 0.8 * n.along;
    const double across = gusts * 0.6 * n.across;
    return w + along * w + across * quarterTurn(w);
}

} // namespace

template <glm::length_t D>
AirParamsOf<D> airParams(const Settings& settings, double time, double h)
{
    AirParamsOf<D> air;
    air.wind.x = settings.windX;
    air.wind.y = settings.windY;
    if constexpr (D == 3)
        air.wind.z = settings.windZ;
    air.drag = settings.airDrag;
    air.gusts = settings.gusts;
    air.time = time;
    air.cap = D == 2 ? airCap(h) : airTriangleCap(h);
    return air;
}

GustNoise gustNoise(double qx, double qy, double qt)
{
    GustCell cell;
    return cachedNoise(qx, qy, qt, cell);
}

template <glm::length_t D>
Vec<D> gustWind(const AirParamsOf<D>& params, Vec<D> at)
{
    GustCell cell;
    return cachedGustWind(params, at, cell);
}

template <glm::length_t D>
void gustWinds(const AirParamsOf<D>& params, const Vec<D>* x, Vec<D>* windAt, std::size_t begin,
               std::size_t end)
{
    GustCell cell;
    for (std::size_t i = begin; i < end; ++i)
        windAt[i] = cachedGustWind(params, x[i], cell);
}

#define PBD_AIR(D)                                                                          \
    template AirParamsOf<D> airParams<D>(const Settings&, double, double);                  \
    template Vec<D> gustWind(const AirParamsOf<D>&, Vec<D>);                                \
    template void gustWinds(const AirParamsOf<D>&, const Vec<D>*, Vec<D>*, std::size_t,     \
                            std::size_t);
PBD_AIR(2)
PBD_AIR(3)
#undef PBD_AIR

void AirIncidence::prepare(std::size_t particles, std::span<const DistanceConstraint> constraints)
{
    if (particles == particles_ && constraints.size() == constraints_ &&
        constraints.data() == data_ && !start_.empty())
        return;
    particles_ = particles;
    constraints_ = constraints.size();
    data_ = constraints.data();
    start_.assign(particles + 1, 0);
    for (const DistanceConstraint& c : constraints) {
        ++start_[c.a + 1];
        ++start_[c.b + 1];
    }
    for (std::size_t i = 0; i < particles; ++i)
        start_[i + 1] += start_[i];
    entries_.resize(start_[particles]);
    std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        entries_[next[constraints[k].a]++] = static_cast<std::uint32_t>(k);
        entries_[next[constraints[k].b]++] = static_cast<std::uint32_t>(k);
    }
}

namespace {

/// Constraints per block of airForcesOf(): its scratch fits the L1 cache.
constexpr std::size_t kForceBlock = 128;

/// airForces() for one combination of removed constraints and gusts, so that the loop of
/// the common case (nothing removed, steady wind) tests neither per constraint. The
/// arithmetic of airForce() in three loops per block, so that the middle one, the square
/// root and the division, runs two constraints to an instruction (the same correctly
/// rounded operations, so the same bits as airForce() and the GPU); the capped constraints
/// (none in an ordinary cloth) are done again after it.
template <bool Removed, bool Gusts>
void airForcesOf(const AirInputs& in, glm::dvec2* force, std::size_t begin, std::size_t end)
{
    const DistanceConstraint* c = in.constraints.data();
    const glm::dvec2* x = in.x;
    const glm::dvec2* v = in.v;
    const double* w = in.w;
    const double drag = in.drag;
    alignas(64) double dxs[kForceBlock];
    alignas(64) double dys[kForceBlock];
    alignas(64) double across[kForceBlock]; // (w - v) . p
    alignas(64) double lengthSquared[kForceBlock];
    alignas(64) double scale[kForceBlock];
    alignas(64) double wSum[kForceBlock];
    for (std::size_t first = begin; first < end; first += kForceBlock) {
        const std::size_t count = std::min(kForceBlock, end - first);
        bool capped = false;
        for (std::size_t j = 0; j < count; ++j) {
            const std::size_t k = first + j;
            const Index a = c[k].a;
            const Index b = c[k].b;
            // A particle that does not move counts at rest.
            const glm::dvec2 va = w[a] == 0.0 ? glm::dvec2(0.0) : v[a];
            const glm::dvec2 vb = w[b] == 0.0 ? glm::dvec2(0.0) : v[b];
            const glm::dvec2 windA = Gusts ? in.windAt[a] : in.wind;
            const glm::dvec2 windB = Gusts ? in.windAt[b] : in.wind;
            const double dx = x[b].x - x[a].x;
            const double dy = x[b].y - x[a].y;
            const double relX = 0.5 * (windA.x + windB.x) - 0.5 * (va.x + vb.x);
            const double relY = 0.5 * (windA.y + windB.y) - 0.5 * (va.y + vb.y);
            dxs[j] = dx;
            dys[j] = dy;
            across[j] = relX * -dy + relY * dx;
            // A removed constraint as one too short: no force.
            lengthSquared[j] = Removed && in.alive[k] == 0 ? 0.0 : dx * dx + dy * dy;
            wSum[j] = w[a] + w[b];
            capped = capped || airCapped(drag, wSum[j], lengthSquared[j], in.cap);
        }
        for (std::size_t j = 0; j < count; ++j)
            scale[j] = drag * across[j] / std::sqrt(lengthSquared[j]);
        for (std::size_t j = 0; capped && j < count; ++j)
            if (airCapped(drag, wSum[j], lengthSquared[j], in.cap))
                scale[j] = airHeldScale(across[j], wSum[j], lengthSquared[j], in.cap);
        for (std::size_t j = 0; j < count; ++j)
            force[first + j] = lengthSquared[j] >= 1e-6
                                   ? glm::dvec2(scale[j] * -dys[j], scale[j] * dxs[j])
                                   : glm::dvec2(0.0);
    }
}

/// airAccelerations() with or without removed constraints.
template <bool Removed>
void airAccelerationsOf(const AirInputs& in, const AirIncidence& incidence,
                        const glm::dvec2* force, glm::dvec2* accel, std::size_t begin,
                        std::size_t end)
{
    for (std::size_t i = begin; i < end; ++i) {
        if (in.w[i] == 0.0) {
            accel[i] = glm::dvec2(0.0);
            continue;
        }
        double sumX = 0.0;
        double sumY = 0.0;
        for (const std::uint32_t* e = incidence.begin(i); e != incidence.end(i); ++e) {
            if (Removed && in.alive[*e] == 0)
                continue;
            const glm::dvec2 f = force[*e];
            sumX = sumX + f.x;
            sumY = sumY + f.y;
        }
        // Half of each constraint's force, over this particle's mass.
        accel[i] = glm::dvec2(0.5 * in.w[i] * sumX, 0.5 * in.w[i] * sumY);
    }
}

} // namespace

void airForces(const AirInputs& in, glm::dvec2* force, std::size_t begin, std::size_t end)
{
    const bool removed = in.alive != nullptr;
    const bool gusts = in.windAt != nullptr;
    if (removed)
        gusts ? airForcesOf<true, true>(in, force, begin, end)
              : airForcesOf<true, false>(in, force, begin, end);
    else
        gusts ? airForcesOf<false, true>(in, force, begin, end)
              : airForcesOf<false, false>(in, force, begin, end);
}

void airAccelerations(const AirInputs& in, const AirIncidence& incidence,
                      const glm::dvec2* force, glm::dvec2* accel, std::size_t begin,
                      std::size_t end)
{
    if (in.alive != nullptr)
        airAccelerationsOf<true>(in, incidence, force, accel, begin, end);
    else
        airAccelerationsOf<false>(in, incidence, force, accel, begin, end);
}

AirInputs AirBuffers::prepare(const StepState& state, const AirParams& params)
{
    const Particles& p = state.particles;
    const std::size_t n = p.size();
    incidence.prepare(n, state.constraints);
    accel.resize(n);
    force.resize(state.constraints.size());
    AirInputs in;
    in.x = p.position.data();
    in.v = p.velocity.data();
    in.w = p.inverseMass.data();
    in.constraints = state.constraints;
    in.alive = state.liveCount == state.constraints.size() ? nullptr : state.alive.data();
    in.drag = params.drag;
    in.wind = params.wind;
    in.cap = params.cap;
    if (params.gusts > 0.0) {
        windAt.resize(n);
        in.windAt = windAt.data();
    }
    return in;
}

} // namespace pbd::detail
