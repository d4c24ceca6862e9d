#include "air.h"

#include <cmath>

#include "step_solver.h"

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
    std::uint32_t h = (i * 0x8da6b343u) ^ (j * 0xd8163841u) ^ (k * 0xcb1ab31fu);
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/// The two noise channels of a lattice point, each in [-1, 1]: the hash's low and high
/// 16 bits.
glm::dvec2 latticeValue(std::uint32_t i, std::uint32_t j, std::uint32_t k)
{
    const std::uint32_t h = latticeHash(i, j, k);
    constexpr double kScale = 1.0 / 32767.5;
    return {(static_cast<double>(h & 0xffffu) - 32767.5) * kScale,
            (static_cast<double>(h >> 16) - 32767.5) * kScale};
}

/// 6s^5 - 15s^4 + 10s^3: from 0 to 1 with zero slope and curvature at both ends, so that
/// the noise is smooth across lattice cells.
double fade(double s) { return s * s * s * (s * (s * 6.0 - 15.0) + 10.0); }

glm::dvec2 mix(glm::dvec2 a, glm::dvec2 b, double s)
{
    return {a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s};
}

} // namespace

AirParams airParams(const Settings& settings, double time)
{
    return {glm::dvec2(settings.windX, settings.windY), settings.airDrag, settings.gusts, time};
}

glm::dvec2 gustNoise(double qx, double qy, double qt)
{
    qx = held(qx);
    qy = held(qy);
    qt = held(qt);
    const double fx = std::floor(qx);
    const double fy = std::floor(qy);
    const double ft = std::floor(qt);
    // Two's complement of the floor: the hash wraps as GLSL's uint does.
    const auto i = static_cast<std::uint32_t>(static_cast<std::int32_t>(fx));
    const auto j = static_cast<std::uint32_t>(static_cast<std::int32_t>(fy));
    const auto k = static_cast<std::uint32_t>(static_cast<std::int32_t>(ft));
    const double sx = fade(qx - fx);
    const double sy = fade(qy - fy);
    const double st = fade(qt - ft);
    glm::dvec2 plane[2];
    for (std::uint32_t dk = 0; dk < 2; ++dk) {
        const glm::dvec2 bottom = mix(latticeValue(i, j, k + dk), latticeValue(i + 1, j, k + dk), sx);
        const glm::dvec2 top =
            mix(latticeValue(i, j + 1, k + dk), latticeValue(i + 1, j + 1, k + dk), sx);
        plane[dk] = mix(bottom, top, sy);
    }
    return mix(plane[0], plane[1], st);
}

glm::dvec2 gustWind(const AirParams& params, glm::dvec2 at)
{
    const glm::dvec2 w = params.wind;
    if (params.gusts == 0.0)
        return w;
    const double t = params.time;
    const glm::dvec2 n = gustNoise((at.x - w.x * t) * (1.0 / kGustLength),
                                   (at.y - w.y * t) * (1.0 / kGustLength),
                                   t * (1.0 / kGustPeriod));
    // Along the wind by 0.8 a, across it by 0.6 b: at most |w| g away (0.8^2 + 0.6^2 = 1).
    const double along = params.gusts * 0.8 * n.x;
    const double across = params.gusts * 0.6 * n.y;
    return {w.x + along * w.x - across * w.y, w.y + along * w.y + across * w.x};
}

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

void gustWinds(const AirParams& params, const glm::dvec2* x, glm::dvec2* windAt,
               std::size_t begin, std::size_t end)
{
    for (std::size_t i = begin; i < end; ++i)
        windAt[i] = gustWind(params, x[i]);
}

void airForces(const AirInputs& in, glm::dvec2* force, std::size_t begin, std::size_t end)
{
    const DistanceConstraint* c = in.constraints.data();
    for (std::size_t k = begin; k < end; ++k) {
        if (in.alive != nullptr && in.alive[k] == 0) {
            force[k] = glm::dvec2(0.0);
            continue;
        }
        const Index a = c[k].a;
        const Index b = c[k].b;
        // A particle that does not move counts at rest.
        const glm::dvec2 va = in.w[a] == 0.0 ? glm::dvec2(0.0) : in.v[a];
        const glm::dvec2 vb = in.w[b] == 0.0 ? glm::dvec2(0.0) : in.v[b];
        const glm::dvec2 windA = in.windAt != nullptr ? in.windAt[a] : in.wind;
        const glm::dvec2 windB = in.windAt != nullptr ? in.windAt[b] : in.wind;
        force[k] = airForce(in.x[a], in.x[b], va, vb, windA, windB, in.drag);
    }
}

void airAccelerations(const AirInputs& in, const AirIncidence& incidence,
                      const glm::dvec2* force, glm::dvec2* accel, std::size_t begin,
                      std::size_t end)
{
    for (std::size_t i = begin; i < end; ++i) {
        if (in.w[i] == 0.0) {
            accel[i] = glm::dvec2(0.0);
            continue;
        }
        glm::dvec2 sum(0.0);
        for (const std::uint32_t* e = incidence.begin(i); e != incidence.end(i); ++e) {
            if (in.alive != nullptr && in.alive[*e] == 0)
                continue;
            const glm::dvec2 f = force[*e];
            sum.x = sum.x + f.x;
            sum.y = sum.y + f.y;
        }
        // Half of each constraint's force, over this particle's mass.
        accel[i] = glm::dvec2(0.5 * in.w[i] * sum.x, 0.5 * in.w[i] * sum.y);
    }
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
    if (params.gusts > 0.0) {
        windAt.resize(n);
        in.windAt = windAt.data();
    }
    return in;
}

} // namespace pbd::detail
