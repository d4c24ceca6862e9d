#pragma once
// The air: wind, air drag and gusts as an external force in each substep's prediction, on
// every CPU solver (the GPU's shader air.comp.glsl writes the same arithmetic). Private to
// the core; docs/physics.md#air states the force law.
//
// A distance constraint of current length l and unit direction t, in air moving at w
// relative to its two particles' mean velocity v (a particle with inverse mass 0 counted at
// rest), feels
//     F = c l ((w - v) . n) n,   n perpendicular to t,
// the drag of a plate of length l moving across the air: nothing along the constraint, all
// across it. Each end takes F / 2; an end that does not move takes its half nowhere. With
// p = (-d.y, d.x) for d = x_b - x_a (|p| = l) this is c ((w - v) . p) p / l: one square root
// and one division. The wind w is the mean of the gust wind at the two ends (gustWind()).
//
// The force is explicit: in a substep h it takes h c l (w_a + w_b) / 4 of the constraint's
// own relative normal velocity u = (w - v) . n (each end's inverse mass w_a, w_b). Where
// c l (w_a + w_b) exceeds 1 / (2 h), that fraction would pass 1/8 and eight such
// constraints meeting at a particle could reverse its velocity against the air, and grow it
// step after step (a constraint stretched kilometres by a drag, a drag of thousands):
// there the coefficient c l is held at 1 / (2 h (w_a + w_b)), F = ((w - v) . p) p /
// (2 h (w_a + w_b) l^2). Air that thick carries the cloth with it within a few substeps,
// as the uncapped law would if it could be integrated; below the cap (every ordinary cloth:
// the flag's constraints stay under a tenth of it) the law is exactly the one above.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/device/air_law.h"
#include "pbd/device/air_triangles.h"
#include "pbd/settings.h"

namespace pbd::detail {

template <glm::length_t D>
struct StepStateOf;
using StepState = StepStateOf<2>;

/// What the air phase of one substep needs, in D dimensions.
template <glm::length_t D>
struct AirParamsOf {
    Vec<D> wind{0.0};   ///< Settings::windX, windY (, windZ) in m/s
    double drag = 0.0;  ///< Settings::airDrag c in N s/m^2
    double gusts = 0.0; ///< Settings::gusts, 0 to 1
    double time = 0.0;  ///< simulated time of the substep's start in s
    AirCap cap{};       ///< the substep's cap: on c l in 2D (airCap()), c A in 3D (airTriangleCap())
};
/// The 2D cloth's air, a force per constraint.
using AirParams = AirParamsOf<2>;

/// Whether the settings blow any air (airDrag > 0). Off, no solver runs any air code.
inline bool airOn(const Settings& settings) { return settings.airDrag > 0.0; }

/// The air of the settings in the substep of h seconds from simulated time `time`.
template <glm::length_t D>
AirParamsOf<D> airParams(const Settings& settings, double time, double h);

/// The gusts' noise at a point: two channels, each in [-1, 1], the first varying the wind
/// along itself, the second across it (gustWind()).
struct GustNoise {
    double along = 0.0;
    double across = 0.0;
};

/// The smooth noise of the gusts at lattice coordinates (qx, qy, qt): two channels, each in
/// [-1, 1], trilinear over a lattice of hashed integer points with the quintic
/// 6s^5 - 15s^4 + 10s^3 between them (value noise: only integer hashing, products and sums,
/// so that a GPU's double gives the same numbers).
GustNoise gustNoise(double qx, double qy, double qt);

/// The wind at position `at` (m) in D dimensions: params.wind varied by the gusts,
/// w + g (0.8 a w + 0.6 b w') for the noise (a, b) at ((at.x - w.x t) / kGustLength,
/// (at.y - w.y t) / kGustLength, t / kGustPeriod), g = params.gusts, t = params.time, and w'
/// = w turned a quarter across it: to the left in 2D, (-w.y, w.x); level about y in 3D,
/// (-w.z, 0, w.x). At most g |w| from w; exactly w when g is 0. The noise drifts with the
/// wind, as gusts do.
template <glm::length_t D>
Vec<D> gustWind(const AirParamsOf<D>& params, Vec<D> at);

/// The gust wind (gustWind()) at particles [begin, end) into windAt.
template <glm::length_t D>
void gustWinds(const AirParamsOf<D>& params, const Vec<D>* x, Vec<D>* windAt,
               std::size_t begin, std::size_t end);

/// The air's force in N on constraint a-b (see the file comment), from positions x_a, x_b,
/// the particles' velocities (already 0 for those that do not move) and the wind at the two
/// ends; capped by `cap` with the ends' inverse masses summing to wSum. Zero for a constraint
/// shorter than 1 mm, which the projections skip too.
inline glm::dvec2 airForce(glm::dvec2 xa, glm::dvec2 xb, glm::dvec2 va, glm::dvec2 vb,
                           glm::dvec2 windA, glm::dvec2 windB, double drag, double wSum = 0.0,
                           const AirCap& cap = {})
{
    const double dx = xb.x - xa.x;
    const double dy = xb.y - xa.y;
    const double lengthSquared = dx * dx + dy * dy;
    if (!(lengthSquared >= 1e-6))
        return glm::dvec2(0.0);
    const double relX = 0.5 * (windA.x + windB.x) - 0.5 * (va.x + vb.x);
    const double relY = 0.5 * (windA.y + windB.y) - 0.5 * (va.y + vb.y);
    // p = (-dy, dx): F = c ((w - v) . p) p / l
    const double s = airScale(drag, relX * -dy + relY * dx, wSum, lengthSquared, cap);
    return {s * -dy, s * dx};
}

/// Which constraints meet at each particle, each particle's in ascending constraint order:
/// the order in which a sweep over the constraint array would add their forces up, so that
/// a gather per particle (parallel, any chunking) gives the same sums as that sweep.
class AirIncidence {
public:
    /// Builds the lists for `particles` particles and `constraints` (again only when the
    /// cloth's size or constraint count changed: a restart keeps the grid's topology).
    void prepare(std::size_t particles, std::span<const DistanceConstraint> constraints);
    /// Constraint indices meeting particle i: [begin(i), end(i)).
    const std::uint32_t* begin(std::size_t i) const { return entries_.data() + start_[i]; }
    const std::uint32_t* end(std::size_t i) const { return entries_.data() + start_[i + 1]; }

private:
    std::size_t particles_ = 0;
    std::size_t constraints_ = 0;
    const DistanceConstraint* data_ = nullptr;
    std::vector<std::uint32_t> start_;   ///< particle i's entries: [start i, start i+1)
    std::vector<std::uint32_t> entries_; ///< constraint indices, particle after particle
};

/// What airAccelerations() reads.
struct AirInputs {
    const glm::dvec2* x = nullptr;          ///< positions in m
    const glm::dvec2* v = nullptr;          ///< velocities in m/s
    const double* w = nullptr;              ///< inverse masses in 1/kg
    std::span<const DistanceConstraint> constraints;
    const std::uint8_t* alive = nullptr;    ///< 1 live, 0 removed; null: all live
    const glm::dvec2* windAt = nullptr;     ///< gust wind per particle; null: params.wind
    double drag = 0.0;                      ///< c in N s/m^2
    glm::dvec2 wind{0.0};                   ///< the steady wind when windAt is null
    AirCap cap{};                           ///< the substep's cap on c l
};

/// The air's force F_k (airForce()) on constraints [begin, end) into `force`: each
/// constraint's once, whoever gathers it (0 for removed ones).
void airForces(const AirInputs& in, glm::dvec2* force, std::size_t begin, std::size_t end);

/// The air's acceleration w_i sum_k F_k / 2 in m/s^2 of particles [begin, end) into `accel`,
/// over each particle's live constraints in ascending order (0 where w_i is 0), from the
/// forces airForces() computed.
void airAccelerations(const AirInputs& in, const AirIncidence& incidence,
                      const glm::dvec2* force, glm::dvec2* accel, std::size_t begin,
                      std::size_t end);

/// One solver's air: the incidence lists and the per-particle buffers, kept between steps.
struct AirBuffers {
    AirIncidence incidence;
    std::vector<glm::dvec2> windAt; ///< gust wind per particle (gusts on)
    std::vector<glm::dvec2> force;  ///< the air's force per constraint
    std::vector<glm::dvec2> accel;  ///< the air's acceleration per particle
    /// Sizes the buffers for `state` and returns the inputs of its substep in `params`' air
    /// (windAt set when there are gusts, for gustWinds() to fill first).
    AirInputs prepare(const StepState& state, const AirParams& params);
};

} // namespace pbd::detail
